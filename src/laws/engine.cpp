#include "tractive/laws/engine.hpp"

#include <algorithm>
#include <cmath>

#include "tractive/laws/engine_torque.hpp"

namespace tractive {

double full_load_torque_nm(const EngineSpec& e, double rpm) {
    const double n = std::abs(rpm);
    const double first = e.torque_curve_nm.empty() ? 0.0 : e.torque_curve_nm.xs().front();
    const double t = std::max(e.torque_curve_nm(n), 0.0);
    return (n < first && first > 0.0) ? t * n / first : t;
}

double resistive_at_zero_throttle_nm(const EngineSpec& e, double n) {
    if (!e.resistive_torque_curve_nm.empty()) return std::abs(std::min(e.resistive_torque_curve_nm(n), 0.0));
    return engine_friction_torque_nm(e, n);
}

EngineTorque engine_torque(const EngineSpec& e, double rpm, double throttle, bool running) {
    const double t = running ? std::clamp(throttle, 0.0, 1.0) : 0.0;
    const double n = std::abs(rpm);
    EngineTorque out;
    out.drive_nm = t * full_load_torque_nm(e, n);
    out.resistive_nm = (1.0 - t) * resistive_at_zero_throttle_nm(e, n);
    return out;
}

double governor_authority(const EngineSpec& e) {
    // Throttle t with t Tf = (1 - t) Tr at idle speed: drive balances resistance.
    const double tf = full_load_torque_nm(e, e.start_rpm);
    const double tr = resistive_at_zero_throttle_nm(e, e.start_rpm);
    const double balance = tf + tr > 0.0 ? tr / (tf + tr) : 1.0;
    return std::clamp(std::max(2.0 * balance, e.idle_throttle), 0.0, 1.0);
}

double governor_throttle(const EngineSpec& e, double rpm, double authority) {
    constexpr double kGain = 10.0;
    const double idle = e.start_rpm;
    return std::clamp(e.idle_throttle + kGain * (idle - rpm) / idle, 0.0, authority);
}

double engine_fuel_used_m3(const EngineSpec& e, double fuel_density_kg_per_m3, const EngineTorque& et, double rpm, double throttle,
                           double h) {
    if (e.fuel_law == FuelLaw::RpmThrottle) return e.fuel_consumption_m3_per_rpm_s * rpm * throttle * h;
    const double power_w = et.drive_nm * rpm * kRadPerSecPerRpm;
    return power_w / (e.thermal_efficiency * e.fuel_heating_value_j_per_kg) / fuel_density_kg_per_m3 * h;
}

double peak_torque_rpm(const EngineSpec& engine) {
    double best_rpm = engine.start_rpm;
    double best_nm = -1.0;
    for (const double rpm : engine.torque_curve_nm.xs()) {
        const double t = full_load_torque_nm(engine, rpm);
        if (t > best_nm) {
            best_nm = t;
            best_rpm = rpm;
        }
    }
    return best_rpm;
}

double torque_plateau_start_rpm(const EngineSpec& engine) {
    const auto& xs = engine.torque_curve_nm.xs();
    double best_nm = 0.0;
    for (const double rpm : xs) best_nm = std::max(best_nm, full_load_torque_nm(engine, rpm));
    for (const double rpm : xs) {
        if (full_load_torque_nm(engine, rpm) >= 0.999 * best_nm) return rpm;
    }
    return 0.0;
}

}  // namespace tractive
