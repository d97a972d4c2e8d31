// What the manoeuvres share (maneuver_drive.hpp).

#include "maneuver_drive.hpp"

#include <algorithm>

#include "tractive/driver/speed_controller.hpp"

namespace tractive::maneuver_drive {

using namespace standard_tests;

double input_for_lateral_g(const VehicleSpec& spec, double v, const ManeuverOptions& o, double g_target) {
    TestDrive d = rolling(spec, v, test_options(o, false));
    SpeedControllerState speed;
    DriverInput in;
    in.gear_lever = 1;
    constexpr double kRate_per_s = 0.02, kStraight_s = 2.0;
    double last_input = 0.0, last_g = 0.0;
    while (!d.failed()) {
        const double input = std::max(0.0, d.time_s() - kStraight_s) * kRate_per_s;
        if (input > 1.0) return kNaN;
        const PedalCommand p = hold_speed(v, d.model(), d.state(), d.h(), speed);
        in.throttle = p.throttle;
        in.brake = p.brake;
        in.steering = input;
        d.step(in);
        const double g = forward_speed_m_per_s(d.state()) * d.state().angular_velocity_rad_per_s.z / kGravity_m_per_s2;
        if (g >= g_target) return last_input + (input - last_input) * (g_target - last_g) / (g - last_g);
        last_input = input;
        last_g = g;
    }
    return kNaN;
}

}  // namespace tractive::maneuver_drive
