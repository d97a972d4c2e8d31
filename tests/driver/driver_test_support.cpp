#include "driver/driver_test_support.hpp"

#include <cmath>
#include <filesystem>
#include <map>
#include <mutex>

#include "support/test_paths.hpp"
#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/engine_torque.hpp"

namespace tractive::test {

std::vector<TestCar> driver_test_cars() {
    std::vector<TestCar> cars;
    for (const auto& p : example_car_files()) cars.push_back({p.stem().string(), p.string()});
    for (const auto& p : vdrift_car_files()) {
        std::string name = p.stem().string();
        if (p.parent_path().filename().string().find("2009") != std::string::npos) name += "_2009";
        cars.push_back({name, p.string()});
    }
    return cars;
}

const VehicleSpec& test_car_spec(const TestCar& car) {
    static std::mutex mutex;
    static std::map<std::string, VehicleSpec> cache;
    const std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(car.path);
    if (it == cache.end()) it = cache.emplace(car.path, load_car(car.path).spec).first;
    return it->second;
}

double redline_fraction(const VehicleSpec& spec, int gear, double speed_m_per_s) {
    const VehicleSummary s = summarize(spec);
    const double ratio = spec.transmission.forward_ratios.at(static_cast<std::size_t>(gear - 1)) * s.overall_final_drive;
    const double rpm = speed_m_per_s / s.driven_wheel_radius_m * ratio / kRadPerSecPerRpm;
    return rpm / spec.engine.rpm_limit;
}

int gear_for_speed(const VehicleSpec& spec, double speed_m_per_s) {
    int chosen = 1;
    const int gears = static_cast<int>(spec.transmission.forward_ratios.size());
    for (int g = 1; g <= gears; ++g) {
        if (redline_fraction(spec, g, speed_m_per_s) >= 0.35) chosen = g;
    }
    return chosen;
}

bool drive_closed_loop(Simulation& sim, DriverModelState& driver, int gear, double duration_s,
                       const std::function<DriverTarget(const VehicleState&)>& target,
                       const std::function<void(const VehicleState&, const DriverCommand&)>& observe) {
    const double h = sim.settings().internal_step_s;
    const auto steps = static_cast<long>(std::llround(duration_s / h));
    bool valid = true;
    for (long k = 0; k < steps; ++k) {
        const DriverCommand cmd = drive(target(sim.state()), sim.model(), sim.state(), h, driver);
        const bool in_range = std::isfinite(cmd.throttle) && std::isfinite(cmd.brake) && std::isfinite(cmd.steering) &&
                              cmd.throttle >= 0.0 && cmd.throttle <= 1.0 && cmd.brake >= 0.0 && cmd.brake <= 1.0 &&
                              std::abs(cmd.steering) <= 1.0;
        if (!in_range || (cmd.throttle > 0.0 && cmd.brake > 0.0)) valid = false;
        Controls c;
        c.gear = gear;
        c.throttle = cmd.throttle;
        c.brake = cmd.brake;
        c.steering = cmd.steering;
        step_fixed(sim.model(), sim.ground(), c, sim.settings(), sim.mutable_state());
        if (observe) observe(sim.state(), cmd);
    }
    return valid;
}

}  // namespace tractive::test
