// Straight-line braking on split friction (split_mu_braking.hpp).

#include "split_mu_braking.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "maneuver_drive.hpp"
#include "standard_tests/harness.hpp"
#include "tractive/core/quat.hpp"
#include "tractive/driver/driver_model.hpp"
#include "tractive/driver/path.hpp"

namespace tractive {

namespace {

using namespace standard_tests;

constexpr double kDefaultSpeed_m_per_s = 100.0 / kKmhPerMps;
// The two halves' friction factors (1 = the surface the tyre data was fitted on, dry asphalt):
// a ratio of 3.3, within UN R13-H Annex 6's split-friction surfaces (the high one at least 0.5,
// at least twice the low one) and ISO 14512's (dry asphalt against a wet, polished or icy one).
constexpr double kHighFriction = 1.0;   // the left half, y >= 0
constexpr double kLowFriction = 0.3;    // the right half
constexpr double kStraight_s = 2.0;     // the driver holds the line at speed before the brake
constexpr double kObserve_s = 2.0;      // the open-loop figures, and the first correction, 2 s after
constexpr double kCap_s = 20.0;         // a stop not over by then is not a stop
constexpr double kStopped_m_per_s = 0.3;
constexpr double kDegPerRad = 180.0 / std::numbers::pi;

RoadSpec split_road() {
    RoadSpec road;
    road.stretches.push_back({-1.0e5, 1.0e5, kHighFriction, kLowFriction});
    return road;
}

// The front road wheels' mean steer angle (rad, + left): what the driver's correction turns.
double front_steer_rad(const VehicleState& s) { return 0.5 * (s.wheel_outputs[FL].steer_rad + s.wheel_outputs[FR].steer_rad); }

struct Start {
    double time_s = 0.0;
    double distance_m = 0.0;
    double yaw_rad = 0.0;
    double y_m = 0.0;
    double speed_m_per_s = 0.0;
    double steer_rad = 0.0;
};

// The car rolling at v0 on the split road, centred on the line between the halves, driven 2 s
// along it by the path follower holding the speed; then its start of braking.
Start run_up(TestDrive& d, double v0, DriverModelState& driver, const Path& line, DriverInput& in) {
    while (d.time_s() < kStraight_s - 1e-9 && !d.failed()) {
        apply_driver(d, {v0, &line}, driver, in);
        d.step(in);
    }
    const VehicleState& s = d.state();
    return {d.time_s(), d.distance_m(), yaw_of(s.orientation), s.position_m.y, forward_speed_m_per_s(s), front_steer_rad(s)};
}

}  // namespace

ManeuverResult split_mu_braking(const VehicleSpec& spec, const ManeuverOptions& o) {
    const double v0 = o.speed_kmh > 0.0 ? o.speed_kmh / kKmhPerMps : kDefaultSpeed_m_per_s;
    InitialConditions ic;
    ic.speed_m_per_s = v0;
    ic.gear = gear_for(spec, v0);
    const Path line = straight_line_path(0.0, 0.0, 0.0);
    ManeuverResult m;
    m.name = "split-mu-braking";

    // Closed loop: the driver keeps to the line through the stop, full brake pedal.
    TestDrive d(spec, split_road(), settings_in_mode(spec, ShiftMode::Automatic), ic, maneuver_drive::test_options(o, true));
    DriverModelState driver;
    DriverInput in;
    in.gear_lever = 1;
    const Start start = run_up(d, v0, driver, line, in);
    double max_y = 0.0, max_yaw = 0.0, correction_2s = 0.0, correction = 0.0, input_2s = 0.0;
    double stop_distance = kNaN;
    while (!d.failed() && d.time_s() < start.time_s + kCap_s) {
        apply_driver(d, {0.0, &line}, driver, in);
        in.throttle = 0.0;
        in.brake = 1.0;
        d.step(in);
        const VehicleState& s = d.state();
        const double after_s = d.time_s() - start.time_s;
        const double steer = std::abs(front_steer_rad(s) - start.steer_rad);
        correction = std::max(correction, steer);
        if (after_s <= kObserve_s + 1e-9) {
            correction_2s = std::max(correction_2s, steer);
            input_2s = std::max(input_2s, std::abs(in.steering));
        }
        max_y = std::max(max_y, std::abs(s.position_m.y - start.y_m));
        max_yaw = std::max(max_yaw, std::abs(wrap_angle_rad(yaw_of(s.orientation) - start.yaw_rad)));
        if (std::abs(forward_speed_m_per_s(s)) < kStopped_m_per_s) {
            stop_distance = d.distance_m() - start.distance_m;
            break;
        }
    }
    StandardTestResult failures;
    d.report(failures);
    if (failures.passed() && std::isnan(stop_distance)) {
        failures.fail(TestStatus::NotReached, fmt::format("the car had not stopped {:.0f} s after the brake", kCap_s));
    }

    // Open loop: the same run-up, then the steering held where the driver had it.
    TestDrive open(spec, split_road(), settings_in_mode(spec, ShiftMode::Automatic), ic, maneuver_drive::test_options(o, false));
    DriverModelState open_driver;
    DriverInput open_in;
    open_in.gear_lever = 1;
    const Start open_start = run_up(open, v0, open_driver, line, open_in);
    open_in.throttle = 0.0;
    open_in.brake = 1.0;
    // The yaw angle and drift 1 s and 2 s after the brake (at the stop if it comes first); a car
    // that spins or rolls over before has none then, and the time it was lost is the figure.
    double open_yaw_1s = kNaN, open_y_1s = kNaN, open_yaw = kNaN, open_y = kNaN, open_peak_r = 0.0;
    while (!open.failed() && open.time_s() < open_start.time_s + kObserve_s - 1e-9) {
        open.step(open_in);
        const VehicleState& s = open.state();
        open_peak_r = std::max(open_peak_r, std::abs((transpose(to_matrix(s.orientation)) * s.angular_velocity_rad_per_s).z));
        open_yaw = wrap_angle_rad(yaw_of(s.orientation) - open_start.yaw_rad);
        open_y = s.position_m.y - open_start.y_m;
        if (std::isnan(open_yaw_1s) && open.time_s() >= open_start.time_s + 1.0 - 1e-9) open_yaw_1s = open_yaw, open_y_1s = open_y;
        if (std::abs(forward_speed_m_per_s(s)) < kStopped_m_per_s) break;
    }
    if (std::isnan(open_yaw_1s) && !open.failed()) open_yaw_1s = open_yaw, open_y_1s = open_y;  // stopped within 1 s
    // A spin or a roll-over is this run's result (the car left to itself), not a failure of the
    // manoeuvre.
    const bool open_spun = open.failure() == TestStatus::Spun;
    const bool open_rolled = open.failure() == TestStatus::RolledOver;
    const bool open_lost = open_spun || open_rolled;
    const double open_lost_s = open_lost ? open.time_s() - open_start.time_s : kNaN;
    if (open.failed() && !open_lost && failures.passed()) open.report(failures, "with the steering held");

    m.metrics = {{"smb_speed_kmh", start.speed_m_per_s * kKmhPerMps, "km/h"},
                 {"smb_stopping_distance_m", stop_distance, "m"},
                 {"smb_mean_deceleration_m_s2", start.speed_m_per_s * start.speed_m_per_s / (2.0 * stop_distance), "m/s^2"},
                 {"smb_max_lateral_deviation_m", max_y, "m"},
                 {"smb_max_yaw_angle_deg", max_yaw * kDegPerRad, "deg"},
                 {"smb_steer_correction_2_s_deg", correction_2s * kDegPerRad, "deg"},
                 {"smb_steer_correction_deg", correction * kDegPerRad, "deg"},
                 {"smb_steer_input_2_s", input_2s, "1"},
                 {"smb_open_loop_yaw_angle_1_s_deg", open_yaw_1s * kDegPerRad, "deg"},
                 {"smb_open_loop_lateral_deviation_1_s_m", open_y_1s, "m"},
                 {"smb_open_loop_yaw_angle_2_s_deg", open_lost ? kNaN : open_yaw * kDegPerRad, "deg"},
                 {"smb_open_loop_lateral_deviation_2_s_m", open_lost ? kNaN : open_y, "m"},
                 {"smb_open_loop_peak_yaw_rate_deg_s", open_peak_r * kDegPerRad, "deg/s"},
                 {"smb_open_loop_spun", open_spun ? 1.0 : 0.0, "bool"},
                 {"smb_open_loop_rolled_over", open_rolled ? 1.0 : 0.0, "bool"},
                 {"smb_open_loop_lost_after_s", open_lost_s, "s"}};
    m.status = failures.status;
    m.reason = failures.reason;
    m.telemetry_csv = d.take_telemetry();
    return m;
}

}  // namespace tractive
