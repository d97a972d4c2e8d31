// The step's first phase (mass_now.hpp).

#include "mass_now.hpp"

#include "tractive/spec/mass_properties.hpp"

namespace tractive::detail {

MassNow mass_now(const VehicleModel& m, double fuel_volume_m3) {
    const double fuel_mass = fuel_volume_m3 * m.spec.fuel_tank.density_kg_per_m3;
    const double mass = m.dry_mass_kg + fuel_mass;
    const double sprung_mass = mass - m.unsprung_mass_kg;
    // Centre of the sprung mass (everything but the wheels) from the body origin.
    Vec3 sprung_moment = m.dry_cg_m * m.dry_mass_kg + m.fuel_tank_m * fuel_mass;
    for (const auto& w : m.wheels) sprung_moment = sprung_moment - w.design_position_m * w.unsprung_mass_kg;
    const Vec3 sprung_cg = sprung_moment / sprung_mass;
    Mat3 inertia_body = m.dry_inertia_kgm2;
    add_point_inertia(inertia_body, fuel_mass, m.fuel_tank_m);
    return {fuel_mass, mass, sprung_mass, sprung_cg, inertia_body};
}

}  // namespace tractive::detail
