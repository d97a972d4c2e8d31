#include "tractive/analysis/vehicle_summary.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tractive/core/quat.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/laws/aero.hpp"
#include "tractive/laws/brake.hpp"
#include "tractive/laws/clutch.hpp"
#include "tractive/laws/engine_torque.hpp"
#include "tractive/laws/rolling_resistance.hpp"
#include "tractive/laws/tyre.hpp"
#include "tractive/spec/mass_properties.hpp"

namespace tractive {

namespace {

double driven_wheel_radius(const VehicleSpec& spec) {
    const auto& w = spec.wheels;
    const double front = 0.5 * (w[FL].tyre.radius_m + w[FR].tyre.radius_m);
    const double rear = 0.5 * (w[RL].tyre.radius_m + w[RR].tyre.radius_m);
    switch (drive_layout(spec.driveline)) {
        case DriveLayout::FWD: return front;
        case DriveLayout::RWD: return rear;
        case DriveLayout::AWD: return 0.5 * (front + rear);
    }
    return rear;
}

// Power needed to hold speed v (W) on level ground in still air.
double resistance_power_w(const VehicleSpec& spec, const VehicleSummary& s, double v) {
    double drag = 0.0;
    double lift = 0.0;
    for (const auto& a : spec.aero) {
        const AeroForce f = aero_force(a, kSeaLevelAirDensity_kg_per_m3, v);
        drag += f.drag_n;
        lift += f.lift_n;
    }
    const double weight = s.mass_kg * kStandardGravity_m_per_s2;
    double rolling = 0.0;
    for (int i = 0; i < 4; ++i) {
        // Downforce shared in proportion to the static loads.
        const double load = s.wheel_loads_n[i] * (weight - lift) / weight;
        rolling += tyre_rolling_resistance_coefficient(spec.wheels[i].tyre, std::max(load, 0.0), v) * std::max(load, 0.0);
    }
    return (drag + rolling) * v;
}

// Bisection on v: the resistance power rises monotonically with speed.
void solve_top_speed(const VehicleSpec& spec, VehicleSummary& s) {
    constexpr double kCeiling_m_per_s = 1000.0;  // three times any land speed record car
    const double available_w = s.peak_power_w * spec.transmission.efficiency;
    if (resistance_power_w(spec, s, kCeiling_m_per_s) < available_w) {
        s.power_limited_top_speed_unbounded = true;
        s.power_limited_top_speed_kmh = std::numeric_limits<double>::infinity();
        return;
    }
    double lo = 0.0;
    double hi = kCeiling_m_per_s;
    for (int i = 0; i < 200 && hi - lo > 1e-9; ++i) {
        const double mid = 0.5 * (lo + hi);
        (resistance_power_w(spec, s, mid) < available_w ? lo : hi) = mid;
    }
    s.power_limited_top_speed_kmh = lo * 3.6;
}

}  // namespace

std::string first_non_finite_figure(const VehicleSummary& s) {
    std::vector<std::pair<const char*, double>> figures = {
        {"mass_kg", s.mass_kg}, {"fuel_mass_kg", s.fuel_mass_kg}, {"dry_mass_kg", s.dry_mass_kg}, {"cg_m", s.cg_m.x + s.cg_m.y + s.cg_m.z},
        {"front_axle_load_fraction", s.front_axle_load_fraction}, {"wheelbase_m", s.wheelbase_m},
        {"peak_torque_nm", s.peak_torque_nm}, {"peak_torque_rpm", s.peak_torque_rpm},
        {"peak_power_w", s.peak_power_w}, {"peak_power_rpm", s.peak_power_rpm}, {"redline_rpm", s.redline_rpm},
        {"overall_final_drive", s.overall_final_drive}, {"driven_wheel_radius_m", s.driven_wheel_radius_m},
        {"clutch_capacity_nm", s.clutch_capacity_nm}, {"clutch_to_engine_torque_ratio", s.clutch_to_engine_torque_ratio},
        {"drag_area_m2", s.drag_area_m2}, {"body_ground_clearance_m", s.body_ground_clearance_m}};
    for (const auto& row : s.inertia_kgm2.m) {
        for (double v : row) figures.emplace_back("inertia_kgm2", v);
    }
    for (int i = 0; i < 4; ++i) {
        figures.emplace_back("wheel_loads_n", s.wheel_loads_n[i]);
        figures.emplace_back("max_brake_torque_nm", s.max_brake_torque_nm[i]);
    }
    for (double t : s.track_m) figures.emplace_back("track_m", t);
    for (double v : s.gear_speeds_at_redline_kmh) figures.emplace_back("gear_speeds_at_redline_kmh", v);
    if (!s.power_limited_top_speed_unbounded) figures.emplace_back("power_limited_top_speed_kmh", s.power_limited_top_speed_kmh);
    for (const auto& [name, value] : figures) {
        if (!std::isfinite(value)) return name;
    }
    return {};
}

VehicleSummary summarize(const VehicleSpec& spec) {
    VehicleSummary s;
    const MassProperties mp = mass_properties(spec);
    s.mass_kg = mp.mass_kg;
    s.fuel_mass_kg = spec.fuel_tank.volume_m3 * spec.fuel_tank.density_kg_per_m3;
    s.dry_mass_kg = s.mass_kg - s.fuel_mass_kg;
    s.cg_m = mp.cg_m;
    s.inertia_kgm2 = mp.inertia_kgm2;
    const StaticWheelLoads loads = static_wheel_loads(spec, mp);
    s.front_axle_load_fraction = loads.front_axle_fraction;
    s.wheel_loads_n = loads.load_n;
    const auto& w = spec.wheels;
    s.wheelbase_m = 0.5 * (w[FL].position_m.x + w[FR].position_m.x) - 0.5 * (w[RL].position_m.x + w[RR].position_m.x);
    s.track_m = {w[FL].position_m.y - w[FR].position_m.y, w[RL].position_m.y - w[RR].position_m.y};

    const auto& e = spec.engine;
    s.redline_rpm = e.rpm_limit;
    const CurvePeak torque = peak_torque(e.torque_curve_nm, e.rpm_limit);
    const CurvePeak power = peak_power(e.torque_curve_nm, e.rpm_limit);
    s.peak_torque_nm = torque.value;
    s.peak_torque_rpm = torque.rpm;
    s.peak_power_w = power.value;
    s.peak_power_rpm = power.rpm;

    s.drive = drive_layout(spec.driveline);
    s.overall_final_drive = overall_final_drive(spec);
    s.driven_wheel_radius_m = driven_wheel_radius(spec);
    const double redline_rad_per_s = e.rpm_limit * kRadPerSecPerRpm;
    for (double ratio : spec.transmission.forward_ratios) {
        s.gear_speeds_at_redline_kmh.push_back(redline_rad_per_s * s.driven_wheel_radius_m / (ratio * s.overall_final_drive) * 3.6);
    }

    s.clutch_capacity_nm = clutch_static_capacity_nm(spec.clutch);
    s.clutch_to_engine_torque_ratio = s.peak_torque_nm > 0.0 ? s.clutch_capacity_nm / s.peak_torque_nm : 0.0;
    for (int i = 0; i < 4; ++i) s.max_brake_torque_nm[i] = max_brake_torque_nm(spec, static_cast<WheelIndex>(i));
    s.drag_area_m2 = drag_area_m2(spec.aero);

    solve_top_speed(spec, s);

    // The body's shape as the step has it (a car the step cannot take, with more aero devices
    // than it has room for, is still described; its shape is not).
    VehicleModel model;
    try {
        model = build_vehicle_model(spec);
    } catch (const std::invalid_argument& problem) {
        s.body_shape_source = std::string("not built: ") + problem.what();
        return s;
    }
    const VehicleState at_rest = initial_state(model, RoadSpec{}, {});
    const Mat3 rot = to_matrix(at_rest.orientation);
    s.body_sphere_count = model.body_contact_count;
    s.body_shape_source = model.body_shape_source == VehicleModel::BodyShapeSource::File            ? "file"
                          : model.body_shape_source == VehicleModel::BodyShapeSource::ContactPoints ? "contact-points"
                                                                                                     : "box";
    s.body_ground_clearance_m = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < model.body_contact_count; ++k) {
        const double bottom = (at_rest.position_m + rot * model.body_contact_m[k]).z - model.body_contact_radius_m[k];
        s.body_ground_clearance_m = std::min(s.body_ground_clearance_m, bottom);
    }
    return s;
}

}  // namespace tractive
