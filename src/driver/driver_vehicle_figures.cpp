#include "tractive/driver/driver_vehicle_figures.hpp"

#include <algorithm>
#include <cmath>

#include "tractive/core/quat.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/dynamics/single_track.hpp"
#include "tractive/laws/aero.hpp"
#include "tractive/laws/brake.hpp"
#include "tractive/laws/engine.hpp"
#include "tractive/laws/engine_torque.hpp"
#include "tractive/laws/rolling_resistance.hpp"
#include "tractive/laws/tyre.hpp"
#include "tractive/spec/mass_properties.hpp"

namespace tractive {

DriverVehicleFigures driver_vehicle_figures(const VehicleSpec& spec) {
    const auto& w = spec.wheels;
    DriverVehicleFigures f;
    f.wheelbase_m = 0.5 * (w[FL].position_m.x + w[FR].position_m.x) - 0.5 * (w[RL].position_m.x + w[RR].position_m.x);
    f.steer_lock_rad = 0.5 * (w[FL].max_steer_rad + w[FR].max_steer_rad) - 0.5 * (w[RL].max_steer_rad + w[RR].max_steer_rad);
    const double front_radius = 0.5 * (w[FL].tyre.radius_m + w[FR].tyre.radius_m);
    const double rear_radius = 0.5 * (w[RL].tyre.radius_m + w[RR].tyre.radius_m);
    switch (drive_layout(spec.driveline)) {
        case DriveLayout::FWD: f.driven_radius_m = front_radius; break;
        case DriveLayout::RWD: f.driven_radius_m = rear_radius; break;
        case DriveLayout::AWD: f.driven_radius_m = 0.5 * (front_radius + rear_radius); break;
    }
    f.overall_final_drive = overall_final_drive(spec);
    for (int i = 0; i < 4; ++i) {
        f.full_brake_force_n += max_brake_torque_nm(spec, static_cast<WheelIndex>(i)) / w[i].tyre.radius_m;
    }
    return f;
}

double total_cornering_stiffness_n_per_rad(const VehicleModel& model) {
    double total = 0.0;
    for (int i = 0; i < 4; ++i) total += wheel_cornering_stiffness_n_per_rad(model, i);
    return total;
}

DriveForceRange drive_force_range(const VehicleModel& model, const DriverVehicleFigures& figures,
                                  const VehicleState& state) {
    const TransmissionSpec& t = model.spec.transmission;
    if (state.gear < 0 || t.forward_ratios.empty() || figures.driven_radius_m <= 0.0) return {};
    const int gear = std::min(state.gear, static_cast<int>(t.forward_ratios.size()));
    const double ratio = t.forward_ratios[static_cast<std::size_t>(std::max(gear, 1) - 1)] * figures.overall_final_drive;
    double rpm = state.engine_speed_rad_per_s / kRadPerSecPerRpm;
    if (gear == 0) {
        // Neutral: the engine speed first gear would give at this road speed (at least idle).
        const double v = std::max(forward_speed_m_per_s(state), 0.0);
        rpm = std::max(v / figures.driven_radius_m * ratio / kRadPerSecPerRpm, model.spec.engine.start_rpm);
    }
    rpm = std::max(rpm, 0.0);
    const bool running = state.engine_running || gear == 0;
    const EngineTorque closed = engine_torque(model.spec.engine, rpm, 0.0, running);
    const EngineTorque open = engine_torque(model.spec.engine, rpm, 1.0, running);
    const double eta = t.efficiency;
    const auto at_wheels = [&](const EngineTorque& e) {
        const double torque = e.drive_nm - e.resistive_nm;
        return (torque - (1.0 - eta) * std::abs(torque)) * ratio / figures.driven_radius_m;
    };
    return {at_wheels(closed), at_wheels(open)};
}

double effective_mass_kg(const VehicleModel& model, const DriverVehicleFigures& figures, const VehicleState& state) {
    double mass = current_mass_kg(model, state);
    for (const WheelModel& w : model.wheels) {
        if (w.radius_m > 0.0) mass += w.spin_inertia_kgm2 / (w.radius_m * w.radius_m);
    }
    const auto& ratios = model.spec.transmission.forward_ratios;
    if (state.gear > 0 && state.gear <= static_cast<int>(ratios.size()) && figures.driven_radius_m > 0.0) {
        const double ratio = ratios[static_cast<std::size_t>(state.gear - 1)] * figures.overall_final_drive / figures.driven_radius_m;
        mass += (model.engine_inertia_kgm2 + model.gearbox_inertia_kgm2) * ratio * ratio;
    }
    return mass;
}

double running_resistance_n(const VehicleModel& model, const VehicleState& state, double speed_m_per_s) {
    const double v = std::abs(speed_m_per_s);
    double drag = 0.0;
    for (const auto& device : model.spec.aero) drag += aero_force(device, kSeaLevelAirDensity_kg_per_m3, v).drag_n;
    double loads_sum = 0.0;
    for (const auto& out : state.wheel_outputs) loads_sum += out.fz_n;
    double rolling = 0.0;
    for (int i = 0; i < 4; ++i) {
        const double fz = loads_sum > 0.0 ? state.wheel_outputs[i].fz_n : model.wheels[i].static_load_n;
        rolling += tyre_rolling_resistance_coefficient(model.spec.wheels[i].tyre, fz, v) * fz;
    }
    const double total = drag + rolling;
    return speed_m_per_s < 0.0 ? -total : total;
}

double slope_deceleration_m_per_s2(const VehicleModel& model, const VehicleState& state) {
    const Mat3 r = to_matrix(state.orientation);
    const double body_climb = std::asin(std::clamp(r.m[2][0], -1.0, 1.0));  // z_world component of the body x axis
    // Compression at each corner: suspension travel plus the tyre's extra deflection.
    bool loads_known = false;
    for (const auto& out : state.wheel_outputs) loads_known = loads_known || out.fz_n > 0.0;
    double compression[4];
    for (int i = 0; i < 4; ++i) {
        const WheelModel& w = model.wheels[i];
        const double tyre = loads_known && w.tyre_stiffness_n_per_m > 0.0
                                ? (state.wheel_outputs[i].fz_n - w.static_load_n) / w.tyre_stiffness_n_per_m
                                : 0.0;
        compression[i] = state.wheels[i].travel_m + tyre;
    }
    const double front_x = 0.5 * (model.wheels[FL].design_position_m.x + model.wheels[FR].design_position_m.x);
    const double rear_x = 0.5 * (model.wheels[RL].design_position_m.x + model.wheels[RR].design_position_m.x);
    const double wheelbase = front_x - rear_x;
    const double pitch_on_springs = wheelbase > 0.0 ? (0.5 * (compression[FL] + compression[FR]) -
                                                        0.5 * (compression[RL] + compression[RR])) / wheelbase
                                                     : 0.0;
    return kStandardGravity_m_per_s2 * std::sin(body_climb + pitch_on_springs);
}

}  // namespace tractive
