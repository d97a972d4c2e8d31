// Convergence of whole-vehicle metrics with the internal step (docs/physics.md). Prints each
// metric at h = 8, 6, 4, 1.6, 0.8 ms and its difference from the finest run (ten times finer than
// the default 8 ms).
// Run: ./build/bench/tractive_convergence
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "tractive/control/controller.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"

using namespace tractive;

namespace {

VehicleSpec car(const char* name) { return load_car(std::string(TRACTIVE_EXAMPLE_CARS) + "/" + name + ".toml").spec; }

void run(Simulation& sim, double duration, const std::function<Controls(const VehicleState&)>& drive,
         const std::function<bool(const VehicleState&)>& keep_going = {}) {
    const auto steps = static_cast<long>(std::llround(duration / sim.settings().internal_step_s));
    for (long k = 0; k < steps; ++k) {
        step_fixed(sim.model(), sim.ground(), drive(sim.state()), sim.settings(), sim.mutable_state());
        if (keep_going && !keep_going(sim.state())) return;
    }
}

StepSettings with_step(double h) {
    StepSettings s;
    s.internal_step_s = h;
    return s;
}

// Coast-down 100 -> 20 km/h in neutral (roadster): time.
double coastdown_s(double h) {
    InitialConditions ic;
    ic.speed_m_per_s = 100.0 / 3.6;
    Simulation sim(car("roadster"), RoadSpec{}, with_step(h), ic);
    run(sim, 300.0, [](const VehicleState&) { return Controls{}; },
        [](const VehicleState& s) { return forward_speed_m_per_s(s) > 20.0 / 3.6; });
    return sim.state().time_s;
}

// Full brake from 100 km/h (roadster, wheels lock): distance.
double braking_m(double h) {
    InitialConditions ic;
    ic.speed_m_per_s = 100.0 / 3.6;
    Simulation sim(car("roadster"), RoadSpec{}, with_step(h), ic);
    Controls c;
    c.brake = 1.0;
    run(sim, 20.0, [&](const VehicleState&) { return c; }, [](const VehicleState& s) { return speed_m_per_s(s) > 1e-3; });
    return sim.state().position_m.x;
}

// Full brake from 100 km/h with ABS (roadster; control/anti_lock_brakes.hpp): distance. The
// controller runs before every internal step, as in tractive run and tractive test.
double abs_braking_m(double h) {
    InitialConditions ic;
    ic.speed_m_per_s = 100.0 / 3.6;
    Simulation sim(car("roadster"), RoadSpec{}, with_step(h), ic);
    const ControlSettings settings{ShiftMode::Manual, DriverAidSettings{true, false}};
    ControllerState control = initial_controller_state(sim.model(), sim.state(), settings);
    DriverInput in;
    in.brake = 1.0;
    in.clutch = 1.0;
    run(sim, 20.0, [&](const VehicleState& s) { return control_step(sim.model(), s, in, settings, h, control); },
        [](const VehicleState& s) { return speed_m_per_s(s) > 1e-3; });
    return sim.state().position_m.x;
}

// Launch in first with a 0.8 s clutch release at 60 % throttle, then full throttle through
// first and second: time to 100 km/h (roadster).
double launch_0_100_s(double h) {
    InitialConditions ic;
    ic.gear = 1;
    Simulation sim(car("roadster"), RoadSpec{}, with_step(h), ic);
    run(sim, 30.0, [](const VehicleState& s) {
        Controls c;
        const double t = s.time_s;
        const double v = forward_speed_m_per_s(s);
        c.gear = v < 16.0 ? 1 : 2;
        c.throttle = t < 1.0 ? 0.6 : 1.0;
        c.clutch = std::clamp(1.0 - t / 0.8, 0.0, 1.0);
        return c; }, [](const VehicleState& s) { return forward_speed_m_per_s(s) < 100.0 / 3.6; });
    return sim.state().time_s;
}

// Steady yaw rate at 15 m/s, steering 0.2, third gear (roadster).
double yaw_rate(double h) {
    InitialConditions ic;
    ic.gear = 3;
    ic.speed_m_per_s = 15.0;
    Simulation sim(car("roadster"), RoadSpec{}, with_step(h), ic);
    run(sim, 8.0, [](const VehicleState& s) {
        Controls c;
        c.gear = 3;
        c.steering = 0.2;
        c.throttle = std::clamp(0.2 + 0.5 * (15.0 - speed_m_per_s(s)), 0.0, 1.0);
        return c; });
    return sim.state().angular_velocity_rad_per_s.z;
}

// Top speed in sixth from 200 km/h after 120 s at full throttle (roadster).
double top_speed_kmh(double h) {
    InitialConditions ic;
    ic.gear = 6;
    ic.speed_m_per_s = 200.0 / 3.6;
    Simulation sim(car("roadster"), RoadSpec{}, with_step(h), ic);
    Controls c;
    c.gear = 6;
    c.throttle = 1.0;
    run(sim, 120.0, [&](const VehicleState&) { return c; });
    return forward_speed_m_per_s(sim.state()) * 3.6;
}

}  // namespace

int main() {
    const std::vector<double> steps = {0.008, 0.006, 0.004, 0.0016, 0.0008};
    const std::vector<std::pair<const char*, double (*)(double)>> metrics = {
        {"coast-down 100-20 km/h (s)", coastdown_s}, {"braking 100-0 km/h (m)", braking_m},
        {"ABS braking 100-0 km/h (m)", abs_braking_m},
        {"launch 0-100 km/h (s)", launch_0_100_s},   {"yaw rate 15 m/s (rad/s)", yaw_rate},
        {"top speed (km/h)", top_speed_kmh}};
    fmt::print("{:<28}", "metric \\ h (ms)");
    for (double h : steps) fmt::print("{:>18}", h * 1e3);
    fmt::print("\n");
    for (const auto& [name, f] : metrics) {
        std::vector<double> v;
        for (double h : steps) v.push_back(f(h));
        fmt::print("{:<28}", name);
        for (double x : v) fmt::print("{:>10.4f} ({:+.2f}%)", x, 100.0 * (x - v.back()) / v.back());
        fmt::print("\n");
    }
}
