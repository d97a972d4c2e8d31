#include "tractive/driver/driver_model.hpp"

namespace tractive {

DriverCommand drive(const DriverTarget& target, const VehicleModel& model, const VehicleState& state, double dt_s,
                    DriverModelState& driver, const DriverGains& gains) {
    const PedalCommand pedals = hold_speed(target.speed_m_per_s, model, state, dt_s, driver.speed, gains.speed);
    DriverCommand command;
    command.throttle = pedals.throttle;
    command.brake = pedals.brake;
    if (target.path != nullptr) {
        command.steering = follow_path(*target.path, model, state, dt_s, driver.path, gains.path);
    } else {
        // Hands back to the centre through the same lag and rate limit.
        PathFollowerState& f = driver.path;
        f.initialised = true;
        f.integral_rad = 0.0;
        f.steering = steering_hands(f.steering, 0.0, dt_s, gains.path);
        command.steering = f.steering;
    }
    return command;
}

}  // namespace tractive
