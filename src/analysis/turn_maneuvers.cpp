// Braking and power-off in a turn (turn_maneuvers.hpp).

#include "turn_maneuvers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "maneuver_drive.hpp"
#include "standard_tests/harness.hpp"
#include "tractive/core/quat.hpp"
#include "tractive/driver/driver_model.hpp"
#include "tractive/driver/driver_vehicle_figures.hpp"
#include "tractive/driver/path.hpp"
#include "tractive/spec/mass_properties.hpp"

namespace tractive {

namespace {

using namespace standard_tests;

constexpr double kSettle_s = 12.0;   // on the circle before the event, speed held
constexpr double kObserve_s = 2.0;   // after it
constexpr double kAfter_s = 1.0;     // the standards' characteristic instant, t0 + 1 s

// What the body does at one instant, in its own axes.
struct BodySample {
    double time_s = 0.0;
    double speed_m_per_s = 0.0;
    double yaw_rad = 0.0;
    double yaw_rate_rad_per_s = 0.0;
    double lateral_accel_m_per_s2 = 0.0;
    double longitudinal_accel_m_per_s2 = 0.0;
    double sideslip_rad = 0.0;
    double radius_error_m = 0.0;  // distance from the circle's centre less its radius (+ = outside)
};

BodySample sample(const VehicleState& s, double centre_x, double centre_y, double radius_m) {
    const Mat3 to_body = transpose(to_matrix(s.orientation));
    const Vec3 v = to_body * s.velocity_m_per_s;
    const Vec3 a = to_body * s.acceleration_m_per_s2;
    BodySample b;
    b.time_s = s.time_s;
    b.speed_m_per_s = v.x;
    b.yaw_rad = yaw_of(s.orientation);
    b.yaw_rate_rad_per_s = (to_body * s.angular_velocity_rad_per_s).z;
    b.lateral_accel_m_per_s2 = a.y;
    b.longitudinal_accel_m_per_s2 = a.x;
    b.sideslip_rad = std::atan2(v.y, std::max(std::abs(v.x), 1e-9));
    b.radius_error_m = std::hypot(s.position_m.x - centre_x, s.position_m.y - centre_y) - radius_m;
    return b;
}

// The event applied to the held steering: the pedals after t0.
struct Event {
    const char* prefix;        // the figures' prefix ("bit", "po")
    const char* name;          // the manoeuvre's
    double lateral_m_per_s2;   // the steady turn's
    double brake_pedal;        // after t0 (0: none)
};

ManeuverResult turn_event(const VehicleSpec& spec, const ManeuverOptions& o, const Event& e) {
    ManeuverResult m;
    m.name = e.name;
    const double radius = o.radius_m;
    const double v0 = std::sqrt(e.lateral_m_per_s2 * radius);
    InitialConditions ic;
    ic.speed_m_per_s = v0;
    ic.gear = gear_for(spec, v0);
    TestDrive d(spec, RoadSpec{}, settings_in_mode(spec, ShiftMode::Automatic), ic, maneuver_drive::test_options(o, true));
    const Path circle = circle_path(0.0, 0.0, 0.0, radius, true);
    const double centre_x = 0.0, centre_y = radius;  // a left circle from the origin heading +x
    DriverModelState driver;
    DriverInput in;
    in.gear_lever = 1;
    while (d.time_s() < kSettle_s && !d.failed()) {
        apply_driver(d, {v0, &circle}, driver, in);
        d.step(in);
    }
    const BodySample start = sample(d.state(), centre_x, centre_y, radius);
    // The event: steering held, throttle off, the brake pedal as asked.
    in.throttle = 0.0;
    in.brake = e.brake_pedal;
    BodySample after{};
    bool have_after = false;
    double reference_yaw_rad = 0.0;  // the circle's heading change at the car's speed: integral of v / R
    double decel_sum = 0.0;
    int decel_n = 0;
    while (d.time_s() < kSettle_s + kObserve_s && !d.failed()) {
        d.step(in);
        const BodySample now = sample(d.state(), centre_x, centre_y, radius);
        if (!have_after) {
            reference_yaw_rad += now.speed_m_per_s / radius * d.h();
            decel_sum -= now.longitudinal_accel_m_per_s2;
            ++decel_n;
            if (now.time_s - start.time_s >= kAfter_s - 1e-9) {
                after = now;
                have_after = true;
            }
        }
    }
    StandardTestResult failures;
    d.report(failures);
    if (failures.passed() && !(std::abs(start.radius_error_m) < 0.5)) {
        failures.fail(TestStatus::NotReached, fmt::format("the car was {:.2f} m off the {} m circle at the event", start.radius_error_m, radius));
    }
    const double yaw_change = have_after ? wrap_angle_rad(after.yaw_rad - start.yaw_rad) : kNaN;
    const std::string p = e.prefix;
    m.metrics = {{p + "_speed_kmh", start.speed_m_per_s * kKmhPerMps, "km/h"},
                 {p + "_initial_lateral_accel_m_s2", start.lateral_accel_m_per_s2, "m/s^2"},
                 {p + "_mean_deceleration_m_s2", decel_n > 0 ? decel_sum / decel_n : kNaN, "m/s^2"},
                 {p + "_yaw_rate_ratio_1_s", have_after ? after.yaw_rate_rad_per_s / start.yaw_rate_rad_per_s : kNaN, "1"},
                 {p + "_lateral_accel_ratio_1_s", have_after ? after.lateral_accel_m_per_s2 / start.lateral_accel_m_per_s2 : kNaN, "1"},
                 {p + "_sideslip_change_1_s_deg", have_after ? (after.sideslip_rad - start.sideslip_rad) * 180.0 / std::numbers::pi : kNaN, "deg"},
                 {p + "_yaw_angle_ratio_1_s", have_after ? yaw_change / reference_yaw_rad : kNaN, "1"},
                 {p + "_radius_change_1_s_m", have_after ? after.radius_error_m - start.radius_error_m : kNaN, "m"}};
    m.status = failures.status;
    m.reason = failures.reason;
    m.telemetry_csv = d.take_telemetry();
    return m;
}

struct FishhookRun {
    double max_roll_deg = 0.0;
    double longest_lift_s = 0.0;  // both wheels of one side off the ground together
    bool rolled_over = false;
    StandardTestResult failures;  // other than a roll-over, which is this test's result
    std::string telemetry_csv;
};

// One fishhook: coasting from v, the steering at `rate` (input per second) to direction x A, held
// until the roll rate has fallen to 1.5 deg/s after its peak, then to -direction x A, held 3 s,
// then back to 0 and 2 s more.
FishhookRun fishhook_run(const VehicleSpec& spec, const ManeuverOptions& o, double v, double amplitude, double rate, double direction) {
    TestDrive d = maneuver_drive::rolling(spec, v, maneuver_drive::test_options(o, true));
    DriverModelState lane_driver;
    const Path line = straight_line_path(0.0, 0.0, 0.0);
    DriverInput in;
    in.gear_lever = 1;
    constexpr double kStraight_s = 2.0, kHold_s = 3.0, kRollRateEnd_rad_per_s = 1.5 * std::numbers::pi / 180.0, kMaxFirstHold_s = 2.0;
    enum class Phase { Straight, First, HoldFirst, Reverse, HoldSecond, Return, Coast } phase = Phase::Straight;
    double phase_start_s = 0.0, steer = 0.0, peak_roll_rate = 0.0, lift_s = 0.0;
    FishhookRun run;
    while (phase != Phase::Coast || d.time_s() < phase_start_s + 2.0) {
        const double t = d.time_s();
        if (d.failed()) break;
        const double roll_rate = (transpose(to_matrix(d.state().orientation)) * d.state().angular_velocity_rad_per_s).x;
        switch (phase) {
            case Phase::Straight:
                apply_driver(d, {v, &line}, lane_driver, in);
                if (t >= kStraight_s) {
                    phase = Phase::First;
                    phase_start_s = t;
                    in.throttle = in.brake = 0.0;
                }
                break;
            case Phase::First:
                steer = std::min(amplitude, steer + rate * d.h());
                if (steer >= amplitude) phase = Phase::HoldFirst, phase_start_s = t;
                break;
            case Phase::HoldFirst:
                // Roll-rate feedback: reverse once the roll rate, past its peak, is down to 1.5 deg/s.
                peak_roll_rate = std::max(peak_roll_rate, std::abs(roll_rate));
                if ((peak_roll_rate > kRollRateEnd_rad_per_s && std::abs(roll_rate) <= kRollRateEnd_rad_per_s) || t - phase_start_s > kMaxFirstHold_s) {
                    phase = Phase::Reverse, phase_start_s = t;
                }
                break;
            case Phase::Reverse:
                steer = std::max(-amplitude, steer - rate * d.h());
                if (steer <= -amplitude) phase = Phase::HoldSecond, phase_start_s = t;
                break;
            case Phase::HoldSecond:
                if (t - phase_start_s >= kHold_s) phase = Phase::Return, phase_start_s = t;
                break;
            case Phase::Return:
                steer = std::min(0.0, steer + rate * d.h());
                if (steer >= 0.0) phase = Phase::Coast, phase_start_s = t;
                break;
            case Phase::Coast:
                break;
        }
        if (phase != Phase::Straight) in.steering = direction * steer;
        d.step(in);
        const VehicleState& s = d.state();
        run.max_roll_deg = std::max(run.max_roll_deg, std::abs(euler_zyx(s.orientation).roll) * 180.0 / std::numbers::pi);
        const auto off = [&](int i) { return !s.wheel_outputs[static_cast<std::size_t>(i)].in_contact; };
        lift_s = (off(FL) && off(RL)) || (off(FR) && off(RR)) ? lift_s + d.h() : 0.0;
        run.longest_lift_s = std::max(run.longest_lift_s, lift_s);
    }
    if (d.failure() == TestStatus::RolledOver) {
        run.rolled_over = true;
    } else {
        d.report(run.failures);
    }
    run.telemetry_csv = d.take_telemetry();
    return run;
}

}  // namespace

ManeuverResult fishhook(const VehicleSpec& spec, const ManeuverOptions& o) {
    ManeuverResult m;
    m.name = "fishhook";
    // The amplitude from the slowly increasing steer at 50 mph; the hand wheel's 720 deg/s taken
    // on a 15:1 steering (the car files give no ratio): 48 deg/s at the road wheels.
    constexpr double kMph = 0.44704;
    const double a_03 = maneuver_drive::input_for_lateral_g(spec, 50.0 * kMph, o, 0.3);
    const double amplitude = std::min(1.0, 6.5 * a_03);
    const double lock_deg = 0.5 * (std::abs(spec.wheels[FL].max_steer_rad) + std::abs(spec.wheels[FR].max_steer_rad)) * 180.0 / std::numbers::pi;
    const double rate = lock_deg > 0.0 ? 48.0 / lock_deg : kNaN;
    StandardTestResult failures;
    if (!std::isfinite(amplitude) || !std::isfinite(rate)) {
        failures.fail(TestStatus::NotReached, "the car did not reach 0.3 g in the slowly increasing steer before full lock");
    }
    double max_roll = 0.0, longest_lift = 0.0, first_lift_mph = kNaN;
    bool rolled = false;
    double worst_roll = -1.0;
    for (int mph = 35; mph <= 50 && failures.passed(); mph += 5) {
        for (const double direction : {1.0, -1.0}) {
            FishhookRun run = fishhook_run(spec, o, mph * kMph, amplitude, rate, direction);
            if (!run.failures.passed()) {
                failures.fail(run.failures.status, fmt::format("{} mph, {} first: {}", mph, direction > 0 ? "left" : "right", run.failures.reason));
                break;
            }
            const bool lifted = run.rolled_over || run.longest_lift_s > 0.0;
            if (lifted && std::isnan(first_lift_mph)) first_lift_mph = mph;
            rolled = rolled || run.rolled_over;
            max_roll = std::max(max_roll, run.max_roll_deg);
            longest_lift = std::max(longest_lift, run.longest_lift_s);
            if (run.max_roll_deg > worst_roll) {
                worst_roll = run.max_roll_deg;
                m.telemetry_csv = std::move(run.telemetry_csv);
            }
        }
    }
    m.metrics = {{"fishhook_amplitude", amplitude, "1"},
                 {"fishhook_max_roll_deg", max_roll, "deg"},
                 {"fishhook_longest_two_wheel_lift_s", longest_lift, "s"},
                 {"fishhook_two_wheel_lift", std::isnan(first_lift_mph) ? 0.0 : 1.0, "bool"},
                 {"fishhook_rolled_over", rolled ? 1.0 : 0.0, "bool"}};
    if (!std::isnan(first_lift_mph)) m.metrics.push_back({"fishhook_first_lift_entry_kmh", first_lift_mph * kMph * kKmhPerMps, "km/h"});
    m.status = failures.status;
    m.reason = failures.reason;
    return m;
}

ManeuverResult braking_in_turn(const VehicleSpec& spec, const ManeuverOptions& o) {
    // The pedal for 5 m/s^2 from the car's full-pedal brake force (the wheels' torques over their
    // radii): m a / F_full.
    constexpr double kDeceleration_m_per_s2 = 5.0;
    const DriverVehicleFigures f = driver_vehicle_figures(spec);
    const double mass_kg = mass_properties(spec).mass_kg;
    const double pedal = f.full_brake_force_n > 0.0 ? std::min(1.0, mass_kg * kDeceleration_m_per_s2 / f.full_brake_force_n) : 1.0;
    return turn_event(spec, o, {"bit", "brake-in-turn", 4.0, pedal});
}

ManeuverResult power_off_in_turn(const VehicleSpec& spec, const ManeuverOptions& o) {
    return turn_event(spec, o, {"po", "power-off", 5.0, 0.0});
}

}  // namespace tractive
