#pragma once
// Aerodynamic forces of drag devices and wings (seed 002 "drag" and "wing").

#include <span>

#include "tractive/core/vec3.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

// ISA sea-level air density (kg/m^3), the default of tractive's environment. (VDrift uses 1.2.)
inline constexpr double kSeaLevelAirDensity_kg_per_m3 = 1.225;

// Sum of Cd * frontal area over all devices (m^2): drag force = 1/2 rho CdA v^2.
double drag_area_m2(std::span<const AeroDeviceSpec> devices);

struct AeroForce {
    double drag_n = 0.0;  // along -x (against the motion), >= 0 when moving forward
    double lift_n = 0.0;  // along +z; negative = downforce
};

// Forces of one device in still air at forward speed v (m/s, >= 0):
//   drag = 1/2 rho Cd A_frontal v^2 + induced drag,
//   lift = 1/2 rho Cl S v^2,
//   induced drag = |Cl| (1 - efficiency) * |lift| (VDrift's reading of 1 / (pi AR e) as 1 - e).
AeroForce aero_force(const AeroDeviceSpec& device, double air_density_kg_per_m3, double speed_m_per_s);

}  // namespace tractive
