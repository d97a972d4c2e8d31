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
    b.yaw_rad = euler_zyx(s.orientation).yaw;
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

}  // namespace

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
