#include "force_feedback.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace tractive::drive {

double hand_wheel_torque_nm(const std::array<double, 2>& front_steer_torque_nm, double max_road_wheel_angle_rad, double wheel_range_deg) {
    const double half_range_rad = 0.5 * wheel_range_deg * std::numbers::pi / 180.0;
    if (!(std::abs(max_road_wheel_angle_rad) > 0.0) || !(half_range_rad > 0.0)) return 0.0;
    // A rear-steered car (negative angle) turns its wheels the other way: the ratio's sign.
    const double ratio = half_range_rad / max_road_wheel_angle_rad;
    const double t = (front_steer_torque_nm[0] + front_steer_torque_nm[1]) / ratio;
    return std::isfinite(t) ? t : 0.0;
}

double force_feedback_level(double hand_wheel_torque_nm, const ForceFeedbackSettings& s) {
    if (!(s.device_peak_torque_nm > 0.0) || !std::isfinite(hand_wheel_torque_nm)) return 0.0;
    return std::clamp(s.gain * hand_wheel_torque_nm / s.device_peak_torque_nm, -1.0, 1.0);
}

}  // namespace tractive::drive
