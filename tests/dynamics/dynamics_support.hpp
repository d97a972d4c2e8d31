#pragma once
// Helpers for whole-vehicle tests: cars, and driving them with a control function.

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>

#include "support/test_paths.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/tyre.hpp"

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
        tractive::step_fixed(sim.model(), sim.ground(), drive(sim.state()), sim.settings(), sim.mutable_state());
        if (observe && !observe(sim.state())) return;
    }
}

// The car rolling straight at `speed` (m/s) in `gear`, stepping at step_s.
inline Simulation rolling_in_gear(const VehicleSpec& spec, double speed, int gear, double step_s = StepSettings{}.internal_step_s) {
    InitialConditions ic;
    ic.gear = gear;
    ic.speed_m_per_s = speed;
    StepSettings settings;
    settings.internal_step_s = step_s;
    return Simulation(spec, RoadSpec{}, settings, ic);
}

// Constant steering in a held gear, the speed held at `speed` (m/s) by a proportional throttle.
inline void drive_steady(Simulation& sim, double speed, double steering, int gear, double duration_s) {
    drive_for(sim, duration_s, [&](const VehicleState& s) {
        Controls c;
        c.gear = gear;
        c.steering = steering;
        c.throttle = std::clamp(0.2 + 0.5 * (speed - speed_m_per_s(s)), 0.0, 1.0);
        return c;
    });
}

// Steady cornering at `speed` (m/s) with constant steering (speed held by the throttle) for
// `duration_s`, then each loaded wheel's lateral force against its tyre law at the slip the
// step reports (slip ratio, slip angle, inclination, load, surface; right-hand wheels mirrored
// where the step mirrors them): the largest |Fy / law - 1| over the wheels whose law gives at
// least a tenth of the largest wheel's force (the unloaded inside wheels' small forces left out).
inline double steady_lateral_force_deviation(const VehicleSpec& spec, double speed, double steering, int gear,
                                             double duration_s, double step_s = StepSettings{}.internal_step_s) {
    Simulation sim = rolling_in_gear(spec, speed, gear, step_s);
    drive_steady(sim, speed, steering, gear, duration_s);
    std::array<double, 4> law{}, applied{};
    double largest = 0.0;
    for (int i = 0; i < 4; ++i) {
        const WheelOutputs& o = sim.state().wheel_outputs[i];
        const TyreSpec& tyre = spec.wheels[i].tyre;
        const bool mirrored = (i == FR || i == RR) && tyre_mirrored_on_right(tyre);
        TyreSlip slip;
        slip.slip_ratio = o.slip_ratio;
        slip.slip_angle_rad = mirrored ? -o.slip_angle_rad : o.slip_angle_rad;
        slip.inclination_rad = mirrored ? -o.inclination_rad : o.inclination_rad;
        slip.forward_speed_m_per_s = slip.slip_denominator_m_per_s = speed;
        const double fy = tyre_force(tyre, slip, o.fz_n, o.friction_factor).fy_n;
        law[i] = mirrored ? -fy : fy;
        applied[i] = o.fy_n;
        largest = std::max(largest, std::abs(law[i]));
    }
    double worst = 0.0;
    for (int i = 0; i < 4; ++i) {
        if (std::abs(law[i]) >= 0.1 * largest) worst = std::max(worst, std::abs(applied[i] / law[i] - 1.0));
    }
    return worst;
}

}  // namespace tractive::test
