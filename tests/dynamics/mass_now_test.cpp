// The step's mass phase alone (src/dynamics/mass_now.hpp): the fuel's mass at its tank.
#include "dynamics/mass_now.hpp"

#include <gtest/gtest.h>

#include <string>

#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"

using namespace tractive;

TEST(MassNowPhase, TheFuelIsAPointMassAtItsTank) {
    const VehicleModel m = build_vehicle_model(load_car(std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml").spec);
    const double litres = 40.0;
    const detail::MassNow empty = detail::mass_now(m, 0.0);
    const detail::MassNow fuelled = detail::mass_now(m, litres * 1e-3);
    const double fuel_kg = litres * 1e-3 * m.spec.fuel_tank.density_kg_per_m3;
    EXPECT_EQ(empty.fuel_mass_kg, 0.0);
    EXPECT_EQ(empty.mass_kg, m.dry_mass_kg);
    EXPECT_NEAR(fuelled.mass_kg - empty.mass_kg, fuel_kg, 1e-12);
    EXPECT_NEAR(fuelled.sprung_mass_kg - fuelled.mass_kg, -m.unsprung_mass_kg, 1e-12);
    // The sprung centre moves towards the tank by the fuel's share of the sprung mass.
    const Vec3 expected_cg = (empty.sprung_cg_m * empty.sprung_mass_kg + m.fuel_tank_m * fuel_kg) / fuelled.sprung_mass_kg;
    EXPECT_NEAR(norm(fuelled.sprung_cg_m - expected_cg), 0.0, 1e-12);
    // The inertia about the body's z axis grows by m (x^2 + y^2) of the tank's position.
    const Vec3& t = m.fuel_tank_m;
    EXPECT_NEAR(fuelled.inertia_body_kgm2.m[2][2] - empty.inertia_body_kgm2.m[2][2], fuel_kg * (t.x * t.x + t.y * t.y), 1e-9);
}
