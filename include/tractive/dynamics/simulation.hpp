#pragma once
// Stepping a vehicle on a road. One internal step of fixed size h (docs/physics.md):
//   1. suspension and tyre vertical forces from the current pose (explicit);
//   2. tyre slip and the tyre law's forces from the current velocities;
//   3. external impulses: gravity, suspension, aero, engine combustion torque;
//   4. a velocity-level solve of bounded rows (sequential impulses): engine friction, clutch
//      (stick/slip), gear ratio, differential locks, brakes with rolling resistance, tyre
//      longitudinal and lateral rows bounded by the tyre law;
//   5. the suspension's implicit correction of the chassis velocity, for a corner on its bump
//      stop or a car too stiff for the explicit update at this step;
//   6. semi-implicit Euler: positions from the new velocities; the wheels' travel linearly
//      implicit, the tyre in contact exactly when it pushes at the end of the step.

#include "tractive/dynamics/controls.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"
#include <memory>
#include <string>

#include "tractive/world/road.hpp"
#include "tractive/world/ground.hpp"

namespace tractive {

struct StepSettings {
    double internal_step_s = 0.008;  // the fixed internal step (docs/physics.md: convergence)
    int solver_iterations = 3;       // Gauss-Seidel sweeps over the rows per internal step
    // Sweeps added while a viscous coupling joins wheels (docs/physics.md, "Internal step and
    // solver sweeps").
    int coupling_extra_iterations = 2;
    // Most internal steps one call of step(dt) takes (100 s at the default step): a host that
    // passes a huge or infinite dt (a debugger pause, a clock glitch) gets control back after a
    // bounded time; the time beyond the cap is dropped, not simulated later (StepResult).
    int max_internal_steps_per_call = 12500;
};

// Throws std::invalid_argument naming the field unless the settings can step a car: an internal
// step in (0, 0.1] s (as `tractive test --step-ms` takes it), 1 to 1000 sweeps, 0 to 1000 extra
// sweeps, at least one internal step a call. A step of 0 or NaN stepped nothing and gave NaN
// interpolated poses.
void validate_step_settings(const StepSettings& settings);

// What one call of step(dt) did.
struct StepResult {
    int internal_steps = 0;
    double dropped_time_s = 0.0;  // asked for but not simulated: beyond the cap, or a dt that is
                                  // not a finite number >= 0 (then the whole dt)
};

struct InitialConditions {
    double x_m = 0.0;            // along the road
    double y_m = 0.0;
    double heading_rad = 0.0;    // about the road normal, 0 = along +x
    double speed_m_per_s = 0.0;  // forward, wheels rolling without slip
    bool engine_running = true;  // at idle (start_rpm)
    int gear = 0;
};

// A state at rest (or rolling at the given speed) on the ground at (x, y), suspension at design
// height, tyres deflected by their static loads (each wheel's outputs: its static load, toe and
// inclination as placed, no slip or road force). Throws std::invalid_argument where there is no
// ground under (x, y).
VehicleState initial_state(const VehicleModel& model, const Ground& ground, const InitialConditions& ic);
VehicleState initial_state(const VehicleModel& model, const RoadSpec& road, const InitialConditions& ic);

// Forces on the body from outside the car over one internal step (a host's collisions, a push):
// a force and a torque about the body's origin (VehicleState::position_m), world axes.
struct ExternalLoad {
    Vec3 force_n;
    Vec3 torque_nm;
};

// Advances the state by exactly one internal step h.
void step_fixed(const VehicleModel& model, const Ground& ground, const Controls& controls, const StepSettings& settings,
                VehicleState& state);
void step_fixed(const VehicleModel& model, const Ground& ground, const Controls& controls, const StepSettings& settings,
                VehicleState& state, const ExternalLoad& load);
void step_fixed(const VehicleModel& model, const RoadSpec& road, const Controls& controls, const StepSettings& settings,
                VehicleState& state);

// The time-keeping of step() before its steps: adds dt to state.pending_time_s, at most what
// settings.max_internal_steps_per_call internal steps take (the rest dropped, said in the result),
// and returns in the result the count of whole internal steps the carried time then holds (a
// millionth of a step's tolerance lets dt = h take one step despite rounding). A dt that is
// negative or not a number, or no valid step size, adds nothing and takes no step.
StepResult take_time(VehicleState& state, const StepSettings& settings, double dt);

// The time-keeping of step() for any stepping (tractive::Vehicle runs the control layer in it):
// take_time, then take_step() once for each whole internal step due, taking h off the carried
// time after each.
template <typename TakeStep>
StepResult step_in_internal_steps(VehicleState& state, const StepSettings& settings, double dt, TakeStep&& take_step) {
    const StepResult result = take_time(state, settings, dt);
    for (int n = 0; n < result.internal_steps; ++n) {
        take_step();
        state.pending_time_s -= settings.internal_step_s;
    }
    if (state.pending_time_s < 0.0) state.pending_time_s = 0.0;
    return result;
}

// Advances by dt in internal steps of settings.internal_step_s; time that does not fill a whole
// internal step is carried in state.pending_time_s to the next call, so the state is always at a
// multiple of the internal step and results do not depend on how dt is cut. Returns for any dt:
// at most settings.max_internal_steps_per_call internal steps are taken, and a dt that is
// negative, NaN or infinite simulates nothing beyond that cap (StepResult says what was dropped).
StepResult step(const VehicleModel& model, const Ground& ground, const Controls& controls, const StepSettings& settings,
                VehicleState& state, double dt);
StepResult step(const VehicleModel& model, const RoadSpec& road, const Controls& controls, const StepSettings& settings,
                VehicleState& state, double dt);

// Convenience owner of model, ground, settings and state (the ground shared: several cars may
// drive on one).
class Simulation {
public:
    Simulation(const VehicleSpec& spec, RoadSpec road, StepSettings settings = {}, const InitialConditions& ic = {});
    Simulation(const VehicleSpec& spec, std::shared_ptr<const Ground> ground, StepSettings settings = {},
               const InitialConditions& ic = {});
    StepResult step(double dt, const Controls& controls) { return tractive::step(model_, *ground_, controls, settings_, state_, dt); }
    [[nodiscard]] const VehicleState& state() const { return state_; }
    VehicleState& mutable_state() { return state_; }
    [[nodiscard]] const VehicleModel& model() const { return model_; }
    [[nodiscard]] const Ground& ground() const { return *ground_; }
    [[nodiscard]] const std::shared_ptr<const Ground>& shared_ground() const { return ground_; }
    [[nodiscard]] const StepSettings& settings() const { return settings_; }

private:
    VehicleModel model_;
    std::shared_ptr<const Ground> ground_;
    StepSettings settings_;
    VehicleState state_;
};

// Derived quantities for telemetry and tests.
double speed_m_per_s(const VehicleState& s);
double forward_speed_m_per_s(const VehicleState& s);  // along the body x axis
double lateral_acceleration_m_per_s2(const VehicleState& s);  // along the body y axis (+ left)
double engine_rpm(const VehicleState& s);
// Whether the integrated quantities a host sees are all finite: pose, velocities, the shafts, the
// wheels' spin and travel.
bool state_is_finite(const VehicleState& s);
// What no car's state reaches, whatever its file: the body at 1,000 m/s (about three times the
// land speed record, 341 m/s: ThrustSSC, 1997; a falling car's drag holds it near 100 m/s) or
// turning at 1,000 rad/s (a tumbling car turns at a few), a shaft or wheel at 10,000 rad/s (95,000
// rpm: six times a Formula 1 engine's limit of 15,000; a 0.3 m wheel's tread at 3,000 m/s).
inline constexpr double kPlausibleBodySpeed_m_per_s = 1000.0;
inline constexpr double kPlausibleBodyTurn_rad_per_s = 1000.0;
inline constexpr double kPlausibleShaftSpeed_rad_per_s = 1.0e4;
// Whether a state is a car's: finite, and within those bounds. A step that ends otherwise has
// failed (an impossible force or impulse from outside, or a defect): a finite but absurd state
// (an impulse of 1e12 N s on a car gives 1e9 m/s) is a failure too, never a result.
bool state_is_plausible(const VehicleState& s);
// What is wrong with a state that is not plausible, in words ("the body's speed is 1e+09 m/s,
// beyond the 1000 m/s no car reaches"); empty for a plausible one.
std::string state_implausibility(const VehicleState& s);
// A wheel's centre in the state's pose (world axes): its mount turned with the body, its
// suspension's travel along the body's z axis and any hinge offset of its geometry.
Vec3 wheel_hub_position_m(const VehicleModel& model, const VehicleState& state, int wheel);
// Longitudinal slip ratio of a wheel now, at the end of the last step, as a controller with wheel
// speed sensors can know it: kappa = (omega r - v_x) / max(|v_x|, 1 m/s), v_x the hub's velocity
// along the wheel's heading (body x turned by the last step's steer angle). WheelOutputs::slip_ratio
// is the slip the tyre law was evaluated at, at the start of the last step: a step older. A
// controller that acts on that older value reacts a whole step late, and its result then depends
// on the step (ABS at a 6 ms step stopped 12-24 % longer than at 0.6 ms).
double wheel_slip_ratio_now(const VehicleModel& model, const VehicleState& s, int wheel);
// The four wheels' slip ratios now, as wheel_slip_ratio_now gives each (worked out four side by
// side: an aid that reads two wheels or more asks once).
std::array<double, 4> wheel_slip_ratios_now(const VehicleModel& model, const VehicleState& s);
// Total mass now (fuel burns), and the current centre of mass from the body origin.
double current_mass_kg(const VehicleModel& model, const VehicleState& s);

}  // namespace tractive
