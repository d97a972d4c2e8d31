#pragma once
// Mass, centre of mass and inertia of the whole vehicle from its point masses (VALIDATION.md 5):
// body particles, engine, driver, ballast, the fuel at its current volume and the wheels.

#include <array>

#include "tractive/core/vec3.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

inline constexpr double kStandardGravity_m_per_s2 = 9.80665;

// Adds a point mass at r (from the reference point) to an inertia tensor about that point:
// I += m (|r|^2 E - r r^T).
void add_point_inertia(Mat3& inertia_kgm2, double mass_kg, const Vec3& r_m);

struct MassProperties {
    double mass_kg = 0.0;
    Vec3 cg_m;             // from the file's origin, ISO axes
    Mat3 inertia_kgm2;     // about the centre of mass, ISO axes: sum m (|r|^2 I - r r^T)
};

// fuel_volume_m3 < 0 means the tank's initial volume from the spec.
MassProperties mass_properties(const VehicleSpec& spec, double fuel_volume_m3 = -1.0);

struct StaticWheelLoads {
    double front_axle_fraction = 0.0;   // front axle load / total weight
    std::array<double, 4> load_n{};     // vertical load per wheel (WheelIndex order)
};

// Static loads on flat ground: the weight split between the axles by the CG's x position
// between the axle lines (moment balance about y), then within each axle by the CG's y
// position between that axle's wheels (moment balance about x). The loads sum to m g and
// their moments about the CG vanish.
StaticWheelLoads static_wheel_loads(const VehicleSpec& spec, const MassProperties& mass,
                                    double gravity_m_per_s2 = kStandardGravity_m_per_s2);

}  // namespace tractive
