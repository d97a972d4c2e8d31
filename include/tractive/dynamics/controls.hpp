#pragma once
// What a driver does at one instant: raw pedal travel, steering, handbrake, gear lever, starter.

namespace tractive {

struct Controls {
    double throttle = 0.0;   // 0..1
    double brake = 0.0;      // 0..1, pedal travel
    double clutch = 0.0;     // 0..1, pedal travel: 0 = pedal up (clutch engaged), 1 = floored
    double steering = 0.0;   // -1..1, + = left (steering wheel turned anticlockwise)
    double handbrake = 0.0;  // 0..1
    int gear = 0;            // lever: -1 reverse, 0 neutral, 1..n forward
    bool start_engine = false;  // starter: while true, a stopped engine is cranked and started
    friend bool operator==(const Controls&, const Controls&) = default;
};

// Pedals and steering clamped into range, NaN read as 0; gear clamped to [-1, gear_count].
Controls clamped(const Controls& c, int gear_count);

}  // namespace tractive
