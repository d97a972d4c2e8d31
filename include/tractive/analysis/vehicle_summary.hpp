#pragma once
// Static figures of a vehicle that follow from its spec alone (no simulation): what
// `tractive info` prints.

#include <array>
#include <string>
#include <vector>

#include "tractive/core/vec3.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

struct VehicleSummary {
    double mass_kg = 0.0;       // everything, with the fuel the tank starts with
    // The fuel in that mass and everything else: a road car's published curb weight includes a
    // (nearly) full tank, while VDrift's masses sum to a car without fuel (its tank is filled on
    // top), so users compare against both.
    double fuel_mass_kg = 0.0;
    double dry_mass_kg = 0.0;
    Vec3 cg_m;
    Mat3 inertia_kgm2;
    double front_axle_load_fraction = 0.0;
    std::array<double, 4> wheel_loads_n{};
    double wheelbase_m = 0.0;
    std::array<double, 2> track_m{};  // front, rear
    double peak_torque_nm = 0.0;
    double peak_torque_rpm = 0.0;
    double peak_power_w = 0.0;
    double peak_power_rpm = 0.0;
    double redline_rpm = 0.0;
    double overall_final_drive = 0.0;   // every ratio between gearbox output and driven wheels
    double driven_wheel_radius_m = 0.0;
    std::vector<double> gear_speeds_at_redline_kmh;  // v = w r / (i_gear i_final), no slip
    DriveLayout drive = DriveLayout::RWD;
    double clutch_capacity_nm = 0.0;           // fully engaged, sticking
    double clutch_to_engine_torque_ratio = 0.0;
    std::array<double, 4> max_brake_torque_nm{};
    double drag_area_m2 = 0.0;
    // Speed where peak power times driveline efficiency equals the power to overcome rolling
    // resistance (at the static loads plus aerodynamic downforce) and aerodynamic drag (with
    // induced drag) in still air of density 1.225 kg/m^3 on level ground (VALIDATION.md 3).
    // Searched up to 1000 m/s. When even that speed needs less power than the engine gives (no
    // drag and no rolling resistance), the speed is unbounded: the flag is set and the figure
    // is +infinity.
    double power_limited_top_speed_kmh = 0.0;
    bool power_limited_top_speed_unbounded = false;
    // The body's collision shape (docs/physics.md, "Body contact"): its spheres, where they came
    // from ("file": the car file's own shape; "contact-points": a 2009 VDrift file's; "box": the
    // box tractive places around the masses and the wheels; "not built: WHY" for a car the step
    // cannot take, its count and clearance then 0), and the lowest sphere's clearance above level
    // ground with the car at rest as it starts.
    std::size_t body_sphere_count = 0;
    std::string body_shape_source;
    double body_ground_clearance_m = 0.0;
};

VehicleSummary summarize(const VehicleSpec& spec);

// The name of the first figure of s that is not a finite number (an unbounded top speed is
// allowed), or an empty string when all are finite. `tractive info` and the fuzzers use it as a
// last net against inf/NaN output.
std::string first_non_finite_figure(const VehicleSummary& s);


}  // namespace tractive
