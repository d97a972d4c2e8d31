#pragma once
// A closed-loop driver for tests and scenarios: speed holding (speed_controller.hpp) and path
// following (path_follower.hpp) together, with all of its memory in one plain-data state so a
// run can be copied, rolled back and replayed bit for bit (docs/driver-models.md).
//
//   DriverModelState driver;
//   const Path lane = lane_change_path(0, 0, 0, 50, 30, 3.5);
//   for (...) {
//       const DriverCommand cmd = drive({16.7, &lane}, model, state, h, driver);
//       controls.throttle = cmd.throttle; controls.brake = cmd.brake; controls.steering = cmd.steering;
//       step_fixed(model, road, controls, settings, state);
//   }
//
// The gear and clutch are not the driver model's: a transmission controller (control/) or the
// caller sets them.

#include "tractive/driver/path.hpp"
#include "tractive/driver/path_follower.hpp"
#include "tractive/driver/speed_controller.hpp"

namespace tractive {

struct DriverTarget {
    double speed_m_per_s = 0.0;  // forward speed to hold (>= 0)
    // Path to follow; not owned (it must outlive the call). Null: the steering is brought back
    // to the centre (through the same lag and rate limit) and held there.
    const Path* path = nullptr;
};

struct DriverGains {
    SpeedControllerGains speed;
    PathFollowerGains path;
};

struct DriverModelState {
    SpeedControllerState speed;
    PathFollowerState path;
};

struct DriverCommand {
    double throttle = 0.0;  // 0..1
    double brake = 0.0;     // 0..1, never > 0 together with throttle
    double steering = 0.0;  // -1..1, + = left
};

DriverCommand drive(const DriverTarget& target, const VehicleModel& model, const VehicleState& state, double dt_s,
                    DriverModelState& driver, const DriverGains& gains = {});

}  // namespace tractive
