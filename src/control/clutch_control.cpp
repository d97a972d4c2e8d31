#include "tractive/control/clutch_control.hpp"

#include <algorithm>
#include <cmath>

#include "tractive/laws/clutch.hpp"
#include "tractive/laws/engine.hpp"
#include "tractive/laws/engine_torque.hpp"

namespace tractive {

double engine_net_torque_nm(const VehicleModel& model, const VehicleState& state, double throttle) {
    if (!state.engine_running) return 0.0;
    const EngineSpec& e = model.spec.engine;
    const double rpm = std::abs(state.engine_speed_rad_per_s) / kRadPerSecPerRpm;
    const double effective = std::max(throttle, governor_throttle(e, rpm, model.governor_authority));
    const EngineTorque t = engine_torque(e, rpm, effective, true);
    return t.drive_nm - t.resistive_nm;
}

double engine_speed_hold_torque_nm(double engine_net_torque_nm, double engine_inertia_kgm2, double engine_speed_rad_per_s,
                                   double target_speed_rad_per_s, double time_constant_s) {
    return engine_net_torque_nm + engine_inertia_kgm2 * (engine_speed_rad_per_s - target_speed_rad_per_s) / time_constant_s;
}

double clutch_pedal_for_disc_travel(const ClutchPedalZones& zones, double disc_travel) {
    if (!(disc_travel > 0.0)) return 1.0;
    if (disc_travel >= 1.0) return 0.0;
    return zones.free_play + (1.0 - disc_travel) * zones.working_range;
}

double clutch_pedal_for_torque(const ClutchSpec& clutch, double torque_nm, double slip_speed_rad_per_s) {
    if (!std::isfinite(torque_nm) || torque_nm == 0.0) return 1.0;
    // A slipping clutch passes torque from the faster side to the slower: engine -> gearbox
    // (positive) only while the engine turns faster.
    if (slip_speed_rad_per_s * torque_nm < 0.0) return 1.0;
    const double wanted = std::abs(torque_nm);
    const double full = clutch_torque_capacity_nm(clutch, 1.0, slip_speed_rad_per_s);
    if (wanted >= full) return 0.0;
    // The disc travel: the smallest multiple of 2^-30 whose capacity reaches the torque (what a
    // bisection of [0, 1] to 1e-9 finds). The capacity rises with the travel: linearly in VDrift's
    // model, where the root's own grid point is found from its quotient and checked either side
    // (two capacities instead of thirty); by bisection for seed 000's clamp force.
    constexpr double kGrid = 0x1.0p30;
    const auto reaches = [&](double travel) { return clutch_torque_capacity_nm(clutch, travel, slip_speed_rad_per_s) >= wanted; };
    double hi = 1.0;
    if (clutch.model != ClutchModel::PedalForce) {
        double k = std::clamp(std::ceil(wanted / full * kGrid), 1.0, kGrid);
        while (k > 1.0 && reaches((k - 1.0) / kGrid)) k -= 1.0;
        while (k < kGrid && !reaches(k / kGrid)) k += 1.0;
        hi = k / kGrid;
    } else {
        double lo = 0.0;  // capacity(lo) < wanted
        while (hi - lo > 1e-9) {
            const double mid = 0.5 * (lo + hi);
            if (reaches(mid)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
    }
    return clutch_pedal_for_disc_travel(clutch.pedal, hi);
}

}  // namespace tractive
