#pragma once
// One car a host (a game, a simulator, a test rig) steps once per frame: `update(dt, input)`
// runs the driver-side control layer (transmission mode, automated clutch, ABS, traction
// control; docs/control.md) and the dynamics at every internal step, carrying the part of dt that
// does not fill a step to the next frame, so results do not depend on the frame rate. For
// drawing: the body's pose and each wheel's, at the last internal step or interpolated to the
// frame's time. For the host's own physics: forces and impulses at world points, a reset to a
// pose, snapshots.
//
//   auto ground = std::make_shared<tractive::RoadGround>(tractive::RoadSpec{});
//   tractive::Vehicle car(tractive::load_car("roadster.toml").spec, ground);
//   while (running) {
//       car.update(frame_dt, input);            // input: pedals, steering, lever (DriverInput)
//       draw(car.body_pose(true), car.wheel_pose(0, true), ...);
//   }

#include <functional>
#include <string>
#include <memory>
#include <optional>
#include <span>

#include "tractive/control/controller.hpp"
#include "tractive/core/quat.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/world/ground.hpp"

namespace tractive {

struct VehicleOptions {
    StepSettings step;                       // the internal step (8 ms by default)
    std::optional<ControlSettings> control;  // none: the car's own (transmission mode, aids)
    InitialConditions start;                 // where and how it starts
};

struct Pose {
    Vec3 position_m;
    Quat orientation;  // body (or wheel) axes to world
};

struct WheelPose {
    Pose pose;               // the wheel's centre; axes: x along its heading, y its spin axis (left), z up the wheel; spun by its angle
    Vec3 contact_point_m;    // the ground under it (at the last internal step's start)
    Vec3 contact_normal;
    bool in_contact = false;
};

struct UpdateResult {
    int internal_steps = 0;
    double dropped_time_s = 0.0;       // dt beyond the cap on steps per call (StepSettings), or a dt that is not a finite number >= 0
    bool gear_change_refused = false;  // the control layer refused a shift (docs/control.md)
    // An internal step ended in a state no car can have (not finite, or beyond any car's speeds:
    // state_is_plausible; a host's impossible force or impulse, a ground's NaN): the car was kept
    // at the last good state (Vehicle::last_failure says what was wrong), and the rest of dt not
    // stepped: internal_steps counts the steps that stand, and dropped_time_s holds the failed
    // step and those after it. (The control layer's own state has taken the failed step.)
    bool step_failed = false;
};

struct DrivenStep;

class Vehicle {
public:
    // Throws std::invalid_argument for a car that does not validate, no ground under the start,
    // or step settings that cannot step (validate_step_settings).
    Vehicle(const VehicleSpec& spec, std::shared_ptr<const Ground> ground, const VehicleOptions& options = {});

    // Advances by dt: whole internal steps, each through the control layer with this input.
    UpdateResult update(double dt_s, const DriverInput& input);
    // The same, with the input each internal step takes chosen by its start time (a replay of
    // time-stamped controls, a host with its own input clock). input_at returns the input, which
    // is copied: a lambda returning a DriverInput it builds, or one it holds, both do.
    UpdateResult update(double dt_s, const std::function<DriverInput(double step_start_s)>& input_at);

    [[nodiscard]] const VehicleState& state() const { return state_; }
    [[nodiscard]] const VehicleModel& model() const { return *model_; }
    [[nodiscard]] const ControllerState& controller() const { return control_; }
    [[nodiscard]] const Controls& applied_controls() const { return applied_; }  // what the last internal step got
    [[nodiscard]] const Ground& ground() const { return *ground_; }
    [[nodiscard]] const StepSettings& step_settings() const { return options_.step; }
    // What was wrong with the state the last failed internal step ended in (state_implausibility:
    // "the body's speed is 1.2e+09 m/s, beyond the 1000 m/s no car reaches"); empty when no step
    // has failed since the car was made, reset or restored.
    [[nodiscard]] const std::string& last_failure() const { return last_failure_; }
    [[nodiscard]] const ControlSettings& control_settings() const { return control_settings_; }

    // Another transmission mode or other aids from the next update on (a driver's switch): the
    // controller starts afresh from the gear that is in.
    void set_control_settings(const ControlSettings& settings);

    // The body's pose at the last internal step, or (interpolated) at the frame's time: between the
    // last two internal steps by the time carried over (state().pending_time_s / h).
    [[nodiscard]] Pose body_pose(bool interpolated = false) const;
    // Wheel 0..3 (FL, FR, RL, RR).
    [[nodiscard]] WheelPose wheel_pose(int wheel, bool interpolated = false) const;

    // A force at a world point, held over the internal steps of the next update() and then let go
    // (a host's contact force, recomputed every frame). Forces add up.
    void add_force(const Vec3& force_n, const Vec3& world_point_m);
    // An impulse at a world point, delivered in the next internal step (a collision).
    void add_impulse(const Vec3& impulse_ns, const Vec3& world_point_m);

    // Puts the car at a new start (position, heading, speed, gear) on the ground: a new state at
    // rest on its tyres (or rolling), the controller reset. Throws std::invalid_argument where
    // there is no ground.
    void reset(const InitialConditions& start);
    // Puts a rolled (or stuck) car back on its wheels where it lies: upright on the ground at its
    // x, y and heading, at rest, in the gear it is in, the engine as it was. Throws
    // std::invalid_argument where there is no ground under it.
    void reset_to_wheels();

    struct Snapshot {
        VehicleState state;
        VehicleState previous;
        ControllerState control;
        Controls applied;
    };
    [[nodiscard]] Snapshot snapshot() const { return {state_, previous_, control_, applied_}; }
    void restore(const Snapshot& s);

private:
    // update()'s work, with input_at any callable of the step's start time giving a DriverInput
    // or a reference to one (vehicle.cpp: the one-input update calls it without std::function).
    template <class InputAt>
    UpdateResult update_with(double dt_s, const InputAt& input_at);
    friend void update_together(std::span<Vehicle* const> cars, double dt_s, std::span<const DriverInput> inputs,
                                std::span<UpdateResult> results);
    // One internal step's bookkeeping around step_driven: before it, the state kept for
    // interpolation and for a failed step, and the outside load (null when none, else in
    // `storage`); after it, the controls applied, and a failed step undone.
    const ExternalLoad* begin_internal_step(ExternalLoad& storage);
    void end_internal_step(const DrivenStep& step, UpdateResult& result);
    void undo_failed_step(UpdateResult& result);  // end_internal_step's failure (out of line: it is rare)
    // After a failed update begun at start_s: internal_steps the steps that stand, the rest dropped.
    void count_steps_that_stand(double start_s, UpdateResult& result) const;
    [[nodiscard]] Pose body_pose_of(const VehicleState& s) const;
    [[nodiscard]] WheelPose wheel_pose_of(const VehicleState& s, int wheel) const;

    std::shared_ptr<const VehicleModel> model_;  // immutable: a copied Vehicle shares it
    std::shared_ptr<const Ground> ground_;
    VehicleOptions options_;
    ControlSettings control_settings_;
    AidConstants aid_constants_;  // the aids' constants, computed once (about 4,000 tyre evaluations)
    VehicleState state_;
    VehicleState previous_;  // before the last internal step, for interpolation
    ControllerState control_;
    Controls applied_;
    ExternalLoad held_;      // add_force's, for the next update
    ExternalLoad impulse_;   // add_impulse's, as a load over the next internal step (impulse / h)
    // Whether held_ or impulse_ may be other than zero (add_force or add_impulse since they were
    // last cleared): only then does an internal step look at them.
    bool loads_added_ = false;
    std::string last_failure_;
};

// update(dt_s, inputs[k]) for every car k, with results[k] its result (inputs and results as
// many as cars): the cars taken four at a time in order, and the internal steps of the cars of
// a four taken together, their solves side by side where their rows have one shape (a car a
// lane of a vector; docs/performance.md, "Cars side by side"). Each car comes out with the bits
// its own update gives it, whatever its neighbours (cars of other specs, gears, grounds or
// states, a car whose step fails). Throws std::invalid_argument, before any car is stepped, for
// spans of other lengths, a null car, or a car twice in one four (cars[4k] to cars[4k + 3]; a car
// listed twice further apart is updated twice). VehicleBatch steps its cars so.
void update_together(std::span<Vehicle* const> cars, double dt_s, std::span<const DriverInput> inputs, std::span<UpdateResult> results);

}  // namespace tractive
