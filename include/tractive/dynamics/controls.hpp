#pragma once
// What a driver does at one instant: raw pedal travel, steering, handbrake, gear lever, starter;
// plus what the driver aids do to the brake pressure at each wheel.

#include <array>

namespace tractive {

struct Controls {
    double throttle = 0.0;   // 0..1
    double brake = 0.0;      // 0..1, pedal travel
    double clutch = 0.0;     // 0..1, pedal travel: 0 = pedal up (clutch engaged), 1 = floored
    double steering = 0.0;   // -1..1, + = left (steering wheel turned anticlockwise)
    double handbrake = 0.0;  // 0..1
    int gear = 0;            // lever: -1 reverse, 0 neutral, 1..n forward
    bool start_engine = false;  // starter: while true, a stopped engine is cranked and started
    // Share of the foot-brake pressure that reaches each wheel (FL, FR, RL, RR), 0..1: 1 without
    // ABS; an anti-lock controller lowers it on a wheel that is about to lock. The handbrake is
    // not affected.
    std::array<double, 4> wheel_brake_factor{1.0, 1.0, 1.0, 1.0};
    // Brake pressure a driver aid applies at each wheel without the pedal (traction control's
    // brake intervention), as a share of that wheel's full foot-brake torque, 0..1. The wheel is
    // braked with the larger of this, the pedal's (times wheel_brake_factor) and the handbrake's.
    std::array<double, 4> wheel_aid_brake{0.0, 0.0, 0.0, 0.0};
    friend bool operator==(const Controls&, const Controls&) = default;
};

// Pedals, steering and brake factors clamped into range, NaN read as 0 (a NaN brake factor
// as 1, full pressure; a NaN aid brake as 0); gear clamped to [-1, gear_count].
Controls clamped(const Controls& c, int gear_count);

}  // namespace tractive
