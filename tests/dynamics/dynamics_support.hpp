#pragma once
// Helpers for whole-vehicle tests: cars, and driving them with a control function.

#include <functional>

#include "support/test_paths.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"

namespace tractive::test {

inline VehicleSpec example_car(const std::string& name) {
    return load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / (name + ".toml")).spec;
}

// Steps the simulation for `duration_s` with controls from `drive(state)`, evaluated every
// internal step; `observe(state)` runs after each internal step. Stops early when `observe`
// returns false.
inline void drive_for(Simulation& sim, double duration_s, const std::function<Controls(const VehicleState&)>& drive,
                      const std::function<bool(const VehicleState&)>& observe = {}) {
    const double h = sim.settings().internal_step_s;
    const auto steps = static_cast<long>(std::llround(duration_s / h));
    for (long k = 0; k < steps; ++k) {
        tractive::step_fixed(sim.model(), sim.road(), drive(sim.state()), sim.settings(), sim.mutable_state());
        if (observe && !observe(sim.state())) return;
    }
}

}  // namespace tractive::test
