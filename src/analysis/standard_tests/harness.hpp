#pragma once
// What the standard tests share: a car driven through the control layer with telemetry, the
// crossing of a level between two samples, and a scripted person's manual upshift.

#include <cmath>
#include <deque>
#include <limits>
#include <string>

#include "tractive/analysis/standard_tests.hpp"
#include "tractive/world/framed_ground.hpp"
#include "tractive/control/controller.hpp"
#include "tractive/control/driven_step.hpp"
#include "tractive/driver/driver_model.hpp"
#include "tractive/driver/path.hpp"
#include "tractive/driver/path_follower.hpp"
#include "tractive/world/road.hpp"

namespace tractive::standard_tests {

inline constexpr double kGravity_m_per_s2 = 9.80665;  // standard gravity (ISO 80000-3)
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kKmhPerMps = 3.6;

// A car on a road with the driver-side controller in front of the step: one call of step() is
// one control_step and one step_fixed of the internal step h. Records telemetry rows (vehicle and
// controller columns) every interval when asked, and whether the engine ever stopped.
class TestDrive {
public:
    TestDrive(const VehicleSpec& spec, const RoadSpec& road, const ControlSettings& settings,
              const InitialConditions& ic, const StandardTestOptions& options);

    void step(const DriverInput& input);

    [[nodiscard]] const VehicleState& state() const { return sim_.state(); }
    [[nodiscard]] const VehicleModel& model() const { return sim_.model(); }
    [[nodiscard]] double h() const { return sim_.settings().internal_step_s; }
    [[nodiscard]] double time_s() const { return sim_.state().time_s; }
    [[nodiscard]] const ControllerState& controller() const { return control_; }
    [[nodiscard]] const ControlSettings& control_settings() const { return settings_; }
    // The engine has been seen stopped after a step.
    [[nodiscard]] bool stalled() const { return stalled_; }
    // The run failed (TestStatus other than Ok: a stall, running dry, a spin, a roll-over, a
    // non-finite state, leaving the ground, or leaving the lane set by keep_within_lane); the test should stop
    // driving. The checks run after every step.
    [[nodiscard]] bool failed() const { return failure_ != TestStatus::Ok; }
    [[nodiscard]] TestStatus failure() const { return failure_; }
    // Straight-line tests: the car must stay within this distance of the line y = 0 it starts on.
    void keep_within_lane(double half_width_m) { lane_half_width_m_ = half_width_m; }
    // Copies this run's failure, if any, into the result (`variant` names the run in the reason).
    void report(StandardTestResult& r, const char* variant = "") const;
    // Distance travelled by the body origin: the sum of |v| h over the steps (m).
    [[nodiscard]] double distance_m() const { return distance_m_; }
    [[nodiscard]] std::string take_telemetry() { return std::move(csv_); }

private:
    void record_row();
    void check(const DrivenStep& step);
    // How long no wheel has carried load, up to this step's end (0 with a wheel on the ground).
    double airborne_for_s(const VehicleState& s);

    std::shared_ptr<const FramedGround> framed_;  // the ground file's frame, when the test runs on one
    Simulation sim_;
    ControlSettings settings_;
    ControllerState control_;
    Controls applied_;
    DriverInput input_;  // the last step's
    bool record_;
    long interval_steps_ = 1;
    long steps_ = 0;
    bool refused_in_interval_ = false;
    bool stalled_ = false;
    TestStatus failure_ = TestStatus::Ok;
    std::string failure_reason_;
    double lane_half_width_m_ = 0.0;  // 0: no lane to keep
    double distance_m_ = 0.0;
    double airborne_since_s_ = -1.0;  // when the last wheel left the ground; < 0: a wheel is on it
    std::string csv_;
};

// A lane a straight-line test's car must stay in: 3.5 m each side of its line (a car that far
// off has left a two-lane road).
inline constexpr double kLaneHalfWidth_m = 3.5;
// A spin: the body's sideslip angle (between the line of its x axis and its velocity, in the
// body's plane: rolling backwards straight is no spin) beyond 30 degrees above 3 m/s; road cars
// at their limit run 5-10 degrees.
inline constexpr double kSpinSideslip_rad = 30.0 * 3.14159265358979323846 / 180.0;
inline constexpr double kSpinMinSpeed_m_per_s = 3.0;
// A roll-over: the body's z axis more than 60 degrees from the road normal.
inline constexpr double kRolledOverCos = 0.5;
// Off the ground: no wheel carrying load for this long (a car in free fall drops 1.2 m in it; a
// road car over a crest at test speeds is airborne for a fraction of it), or no ground under the
// body at all (driven off a ground file's edge).
inline constexpr double kAirborne_s = 0.5;

// The time at which a quantity going from f0 (at t0) to f1 (at t1) crosses `level`, linear
// between the samples.
inline double crossing_time_s(double t0_s, double f0, double t1_s, double f1, double level) {
    if (f1 == f0) return t1_s;
    return t0_s + (t1_s - t0_s) * (level - f0) / (f1 - f0);
}

// The same between (t1, f1) and (t2, f2) on the parabola through these and the sample before,
// (t0, f0): f1 + d1 u + d2 u (u - (t2 - t1)) = level with u = t - t1, d1 and d2 the divided
// differences: the crossing of a curved signal (a yaw rate bending towards its steady value) to
// second order in the sample spacing rather than first. The linear crossing where the parabola
// has no root between t1 and t2.
inline double crossing_time_quadratic_s(double t0_s, double f0, double t1_s, double f1, double t2_s, double f2, double level) {
    const double linear = crossing_time_s(t1_s, f1, t2_s, f2, level);
    if (!(t1_s > t0_s) || !(t2_s > t1_s)) return linear;
    const double span = t2_s - t1_s;
    const double d1 = (f2 - f1) / span;
    const double d2 = (d1 - (f1 - f0) / (t1_s - t0_s)) / (t2_s - t0_s);
    // d2 u^2 + b u + c = 0, solved without cancellation.
    const double b = d1 - d2 * span;
    const double c = f1 - level;
    const double discriminant = b * b - 4.0 * d2 * c;
    if (d2 == 0.0 || !(discriminant >= 0.0)) return linear;
    const double q = -0.5 * (b + std::copysign(std::sqrt(discriminant), b));
    for (const double u : {q / d2, q != 0.0 ? c / q : -1.0}) {
        if (u >= 0.0 && u <= span) return t1_s + u;
    }
    return linear;
}

// Watches a full-throttle run for the speed to settle: the forward speed is sampled every 0.1 s
// over a 5 s window; settled when the means of the window's first and last second differ by less
// than 0.01 m/s^2 x 4 s (0.001 g: within about 0.01 tau m/s of the limit, tau the final
// approach's time constant) and no gear change happened in those 5 s (a gearbox hunting between
// two gears has not settled), and the car is moving (the last second's mean at least 1 m/s: a car
// that has not yet moved off, a weak engine's slow launch, is not at its top speed of 0).
// Means rather than single samples: a car whose top speed is set by
// its gearing runs on the rev limiter, whose cut and resume make the speed ripple for good (up to
// about 1 % of the speed, the limiter's 100 rpm hysteresis). Used by top-speed for its figure, and
// by the tests that aim at a speed to tell a car that tops out below it (NotApplicable) from one
// that is still getting there.
class SpeedSettling {
public:
    explicit SpeedSettling(double h_s);
    // Call after every step; true once the speed has settled.
    bool after_step(const TestDrive& drive);
    [[nodiscard]] bool settled() const { return settled_; }
    // The mean forward speed over the window (m/s); NaN before the first sample.
    [[nodiscard]] double mean_speed_m_per_s() const;

private:
    long sample_steps_;
    std::size_t window_samples_;
    long steps_ = 0;
    int last_gear_ = 0;
    double last_gear_change_s_ = 0.0;
    std::deque<double> window_;  // forward speed every 0.1 s over the last 5 s
    bool settled_ = false;
};

// A test driver's right foot asked for full throttle, as a road tester or a drag racer works it:
// flat out, but feathered when the driven wheels spin far past their grip or the front wheels
// leave the road. The throttle aimed at is the wanted one times
//   clamp((4 - s) / 2, 0, 1),  s = the largest driven wheel's slip ratio over its tyre's peak slip
//                              (full throttle up to twice the peak slip, none at four times),
//   clamp((f - 0.1) / 0.2, 0, 1), f = the front tyres' load over its static value (lifting from
//                              a third of the static load, none below a tenth: a wheelie),
// and the foot, floored at the start, moves towards it at most a full pedal in 0.2 s (a person's
// foot; the order of a reaction time). Cars with the grip for their power (every shipped car, nearly every VDrift
// car) never meet either limit and get full throttle throughout; a 750 N m single-seater or a
// tail-heavy buggy without traction control would otherwise spin its wheels past ten times the
// peak slip (the automatic reading the spinning wheels as speed and shifting up into a spin), or
// loop over backwards.
class FeatheringFoot {
public:
    double throttle(const TestDrive& drive, double wanted, double h_s);

private:
    double pedal_ = 0.0;
    bool started_ = false;
};

// Steering that keeps the car on a straight line along +x through the start (a driver holding
// the lane during a straight-line test).
class LaneKeeper {
public:
    double steering(const VehicleModel& model, const VehicleState& state, double h_s) {
        return follow_path(line_, model, state, h_s, follower_);
    }

private:
    Path line_ = straight_line_path(0.0, 0.0, 0.0);
    PathFollowerState follower_;
};

// A person's upshift in manual mode, at 90 % of the rev limit (short of the limiter, where a
// driver accelerating hard changes up): clutch pedal floored and throttle lifted for 0.15 s, the
// next gear selected, 0.1 s later the pedal let up linearly over 0.4 s while the throttle comes
// back with it: 0.65 s in all, the pace of a brisk manual shift (0.5-1 s).
class ManualUpshifter {
public:
    ManualUpshifter(const VehicleSpec& spec, int gear) : spec_(spec), gear_(gear) {}

    // The driver's input this step: `wanted` (throttle, steering, brake) with the clutch pedal,
    // lever and throttle of any shift in progress. h_s is the step.
    DriverInput apply(DriverInput wanted, const VehicleState& state, double h_s);
    [[nodiscard]] int gear() const { return gear_; }

private:
    enum class Phase { Driving, ClutchDown, Select, ClutchUp };
    const VehicleSpec& spec_;
    int gear_;
    Phase phase_ = Phase::Driving;
    double phase_time_s_ = 0.0;
};

// The revs a driver holds while slipping the clutch to move off: 0.3 x the rev limit (about
// 2,000 rpm on a petrol engine: well above idle, the usual advice for a hill start), and at
// least 1.5 x the idle speed, for an engine that idles high (a racing engine idling at
// 4,000 rpm under an 11,000 rpm limit: the hold speed fell below idle, the release procedure's
// rev band turned upside down and the clutch never came up).
double move_off_hold_rpm(const EngineSpec& engine);

// The throttle of a driver holding the revs at move_off_hold_rpm: throttle = (n_hold - n) /
// (0.2 n_hold), clamped to [0, 1]: full throttle once the load pulls the engine 20 % below the
// hold speed, closed above it.
double rev_holding_throttle(const VehicleSpec& spec, const VehicleState& state);

// A person letting the clutch pedal up to move off in first, watching the revs: the same
// procedure for every car, using only what a driver knows of the car (where on the pedal the
// clutch starts to bite, from the seed-000 zones; the rev counter; whether the clutch has
// taken up, felt as the revs following the road speed). Each step:
//   1. Dead travel: from where the pedal is to the end of the past-disengagement zone (where the
//      disc starts to touch) at 1 / 0.25 s (a quick foot movement: the whole pedal in 0.25 s).
//   2. Working range: the pedal comes up at (working range / 1.5 s) x k, with
//        k = clamp((n - n_sag) / (n_hold - n_sag), -1, 1),
//        n_hold = move_off_hold_rpm, n_sag = (n_idle + n_hold) / 2:
//      at full pace while the engine stays near the revs held with the throttle, slower as they
//      sag, held at n_sag, and back down (as fast) when they fall below it, so the clutch never
//      takes more than the engine gives at n_sag. 1.5 s across the working range when nothing
//      sags: an unhurried start (the hill-start script used 1.5 s open-loop). The pedal never
//      goes back past the biting edge. n is the revs the driver expects 0.3 s ahead,
//      n + 0.3 s x dn/dt: a driver reads the needle's movement, not only its position (0.3 s:
//      the order of a person's reaction time, 0.2-0.4 s). Without it the pedal, whose travel
//      integrates the rev error, overshoots: ucwin_sedan's revs swung between 860 and 1,600 rpm
//      on the hill; with it they settle at n_sag (1,310 rpm) while the clutch slips.
//   3. Taken up: once the clutch is locked (the engine turns with the gearbox), the rest of the
//      pedal comes up at (working range / 0.3 s).
// The throttle meanwhile is rev_holding_throttle. done() once the pedal is fully up.
class ClutchRelease {
public:
    ClutchRelease(const VehicleSpec& spec, double pedal) : spec_(spec), pedal_(pedal) {}

    struct Feet {
        double clutch = 1.0;
        double throttle = 0.0;
    };
    // The pedals this step (h_s: the step).
    Feet apply(const VehicleState& state, double h_s);
    [[nodiscard]] bool done() const { return phase_ == Phase::Done; }

private:
    enum class Phase { DeadTravel, Working, TakenUp, Done };
    const VehicleSpec& spec_;
    double pedal_;
    double last_rpm_ = kNaN;
    Phase phase_ = Phase::DeadTravel;
};

// A manual start after its set-up phase: the clutch let up watching the revs (`release`), then
// full throttle with upshifts (`shifter`), in first until the pedal is up. `in` carries the rest
// of the driver's input (steering); returns it with the pedals and lever set.
DriverInput manual_move_off(ClutchRelease& release, ManualUpshifter& shifter, const VehicleState& state, double h_s,
                            DriverInput in);

inline constexpr double kDeadTravelTime_s = 0.25;
inline constexpr double kWorkingRangeTime_s = 1.5;
inline constexpr double kTakenUpTime_s = 0.3;
inline constexpr double kRevAnticipation_s = 0.3;

inline constexpr double kShiftClutchDown_s = 0.15;
inline constexpr double kShiftSelect_s = 0.1;
inline constexpr double kShiftClutchUp_s = 0.4;
inline constexpr double kShiftRpmFraction = 0.9;

// The test functions (one per test).
StandardTestResult accel_test(const VehicleSpec& spec, const StandardTestOptions& options);
StandardTestResult top_speed_test(const VehicleSpec& spec, const StandardTestOptions& options);
StandardTestResult braking_test(const VehicleSpec& spec, const StandardTestOptions& options);
StandardTestResult skidpad_test(const VehicleSpec& spec, const StandardTestOptions& options);
StandardTestResult coastdown_test(const VehicleSpec& spec, const StandardTestOptions& options);
StandardTestResult elasticity_test(const VehicleSpec& spec, const StandardTestOptions& options);
StandardTestResult hill_start_test(const VehicleSpec& spec, const StandardTestOptions& options);
StandardTestResult launch_test(const VehicleSpec& spec, const StandardTestOptions& options);
StandardTestResult step_steer_test(const VehicleSpec& spec, const StandardTestOptions& options);
StandardTestResult fuel_test(const VehicleSpec& spec, const StandardTestOptions& options);

// Control settings: the car's aids, the given transmission mode.
ControlSettings settings_in_mode(const VehicleSpec& spec, ShiftMode mode);
// The top forward gear.
int top_gear(const VehicleSpec& spec);
// The highest forward gear in which the engine turns at least 35 % of its rev limit at v (in its
// torque band, not lugging), first when none does.
int gear_for(const VehicleSpec& spec, double v);

// The driver model's pedals and steering for this target into `in` (the lever as it is there).
void apply_driver(const TestDrive& d, const DriverTarget& target, DriverModelState& driver, DriverInput& in);

}  // namespace tractive::standard_tests
