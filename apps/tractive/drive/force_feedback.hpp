#pragma once
// The steering wheel's force feedback (docs/drive.md, "Force feedback"): the torque the front
// tyres put on the steering axes, brought to the hand wheel through the steering ratio.
//
//   T_hand = (T_fl + T_fr) / i_s,  i_s = (range / 2) / delta_max
//
// T_w is the road's torque on a steered wheel about its steering axis (telemetry
// `<w>_steer_torque_nm`: the tyre's aligning moment less its lateral force times the caster's
// mechanical trail), + turning the wheel left; i_s the overall steering ratio, from the hand
// wheel's half range (full steering input) and the road wheels' angle at full input. The device
// plays T_hand scaled by the user's gain against its own peak torque, as a share in [-1, 1]
// (+ = towards steering left). Power steering and the column's friction are left out: the driver
// feels the tyres, as a simulator's "raw" force feedback gives them.

#include <array>

namespace tractive::drive {

struct ForceFeedbackSettings {
    double gain = 1.0;               // on the tyres' torque at the hand wheel; 0 = off
    double wheel_range_deg = 900.0;  // the hand wheel's lock to lock at full input
    double device_peak_torque_nm = 2.5;  // what the device gives at a share of 1 (a belt- or gear-driven wheel: 2-4 N m)
};

// The hand wheel's torque (N m, + = towards the left) from the steered wheels' steering-axis
// torques and their angle at full input (rad; 0: not steered, no feedback).
double hand_wheel_torque_nm(const std::array<double, 2>& front_steer_torque_nm, double max_road_wheel_angle_rad, double wheel_range_deg);

// The share of the device's peak torque to play, in [-1, 1].
double force_feedback_level(double hand_wheel_torque_nm, const ForceFeedbackSettings& settings);

}  // namespace tractive::drive
