// Static checks of ../shared/docs/VALIDATION.md section 5.
#include "tractive/spec/mass_properties.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"

using namespace tractive;

namespace {

VehicleSpec two_mass_car() {
    VehicleSpec s;
    s.masses = {{"front", MassRole::Body, 600.0, {1.0, 0.1, 0.3}}, {"rear", MassRole::Body, 400.0, {-1.5, -0.1, 0.2}}};
    s.fuel_tank = {{-1.0, 0.0, 0.0}, 0.05, 0.04, 750.0};  // 30 kg of fuel
    const Vec3 pos[4] = {{1.2, 0.75, 0.0}, {1.2, -0.75, 0.0}, {-1.3, 0.75, 0.0}, {-1.3, -0.75, 0.0}};
    for (int i = 0; i < 4; ++i) {
        s.wheels[i].position_m = pos[i];
        s.wheels[i].mass_kg = 20.0;
    }
    return s;
}

// The loads sum to m g, and their moments about the CG vanish (pitch and roll).
void expect_static_balance(const VehicleSpec& spec, const std::string& label) {
    const MassProperties mp = mass_properties(spec);
    const StaticWheelLoads loads = static_wheel_loads(spec, mp);
    double sum = 0.0;
    double pitch = 0.0;
    double roll = 0.0;
    for (int i = 0; i < 4; ++i) {
        sum += loads.load_n[i];
        pitch += loads.load_n[i] * (spec.wheels[i].position_m.x - mp.cg_m.x);
        roll += loads.load_n[i] * (spec.wheels[i].position_m.y - mp.cg_m.y);
        EXPECT_GT(loads.load_n[i], 0.0) << label << " wheel " << i;
    }
    const double weight = mp.mass_kg * kStandardGravity_m_per_s2;
    EXPECT_NEAR(sum, weight, 1e-9 * weight) << label;
    EXPECT_NEAR(pitch, 0.0, 1e-9 * weight) << label;
    EXPECT_NEAR(roll, 0.0, 1e-9 * weight) << label;
}

}  // namespace

TEST(MassProperties, SumsEveryPointMassIncludingFuelAndWheels) {
    const VehicleSpec s = two_mass_car();
    const MassProperties mp = mass_properties(s);
    EXPECT_NEAR(mp.mass_kg, 600 + 400 + 30 + 80, 1e-9);
    const double x = (600 * 1.0 + 400 * -1.5 + 30 * -1.0 + 40 * 1.2 + 40 * -1.3) / 1110.0;
    const double y = (600 * 0.1 + 400 * -0.1) / 1110.0;
    const double z = (600 * 0.3 + 400 * 0.2) / 1110.0;
    EXPECT_NEAR(mp.cg_m.x, x, 1e-12);
    EXPECT_NEAR(mp.cg_m.y, y, 1e-12);
    EXPECT_NEAR(mp.cg_m.z, z, 1e-12);
    // Less fuel: lighter, CG moves away from the tank.
    const MassProperties empty = mass_properties(s, 0.0);
    EXPECT_NEAR(empty.mass_kg, 1080.0, 1e-9);
    EXPECT_GT(empty.cg_m.x, mp.cg_m.x);
}

TEST(MassProperties, InertiaIsSymmetricPositiveAndParallelAxisConsistent) {
    const VehicleSpec s = two_mass_car();
    const MassProperties mp = mass_properties(s);
    const auto& I = mp.inertia_kgm2.m;
    for (int i = 0; i < 3; ++i) {
        EXPECT_GT(I[i][i], 0.0);
        for (int j = 0; j < 3; ++j) EXPECT_DOUBLE_EQ(I[i][j], I[j][i]);
    }
    // Triangle inequality of principal-axis moments holds for the diagonal of a rigid body.
    EXPECT_LE(I[2][2], I[0][0] + I[1][1] + 1e-9);
    // Izz by hand: sum m (dx^2 + dy^2) about the CG.
    double izz = 0.0;
    const auto add = [&](double m, Vec3 p) { izz += m * (std::pow(p.x - mp.cg_m.x, 2) + std::pow(p.y - mp.cg_m.y, 2)); };
    add(600, {1.0, 0.1, 0.3});
    add(400, {-1.5, -0.1, 0.2});
    add(30, {-1.0, 0.0, 0.0});
    for (const auto& w : s.wheels) add(20, w.position_m);
    EXPECT_NEAR(I[2][2], izz, 1e-9);
}

TEST(MassProperties, StaticLoadsBalanceOnHandBuiltCar) {
    const VehicleSpec s = two_mass_car();
    expect_static_balance(s, "two-mass car");
    const MassProperties mp = mass_properties(s);
    const StaticWheelLoads loads = static_wheel_loads(s, mp);
    EXPECT_NEAR(loads.front_axle_fraction, (mp.cg_m.x + 1.3) / 2.5, 1e-12);
}

TEST(MassProperties, StaticLoadsBalanceOnEveryShippedAndSharedCar) {
    std::vector<std::filesystem::path> cars = test::example_car_files();
    for (const auto& p : test::vdrift_car_files()) cars.push_back(p);
    ASSERT_FALSE(cars.empty());
    for (const auto& p : cars) expect_static_balance(load_car(p).spec, p.string());
}

TEST(MassProperties, XSTotalsItsPointMasses) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const VehicleSpec s = load_car(test::vdrift_data() / "cars/XS/XS.car").spec;
    // engine 140 + particles 1000 + driver 80 + balance weight 80 + fuel 0.0492 m^3 * 730 kg/m^3.
    double body = 0.0;
    for (const auto& m : s.masses) body += m.mass_kg;
    EXPECT_NEAR(body, 140.0 + 1000.0 + 80.0 + 80.0, 1e-9);
    const double fuel = 0.0492 * 730.0;
    double wheels = 0.0;
    for (const auto& w : s.wheels) wheels += w.mass_kg;
    EXPECT_NEAR(mass_properties(s).mass_kg, body + fuel + wheels, 1e-9);
}

// I = sum m (|r|^2 1 - r r^T): the off-diagonal terms are products of inertia with a minus sign.
TEST(MassProperties, OffDiagonalInertiaHasTheProductSign) {
    VehicleSpec s;
    // Two equal masses at (+1, +2, 0) and (-1, -2, 0): CG at the origin, both with x y = +2.
    s.masses = {{"a", MassRole::Body, 10.0, {1.0, 2.0, 0.0}}, {"b", MassRole::Body, 10.0, {-1.0, -2.0, 0.0}}};
    s.fuel_tank = {{0.0, 0.0, 0.0}, 0.0, 0.0, 730.0};
    for (auto& w : s.wheels) w.mass_kg = 0.0;
    const MassProperties mp = mass_properties(s);
    EXPECT_NEAR(mp.cg_m.x, 0.0, 1e-15);
    EXPECT_NEAR(mp.inertia_kgm2.m[0][1], -(10.0 * 1.0 * 2.0 * 2.0), 1e-12);  // I_xy = -sum m x y = -40
    EXPECT_NEAR(mp.inertia_kgm2.m[1][0], -40.0, 1e-12);
    EXPECT_NEAR(mp.inertia_kgm2.m[0][2], 0.0, 1e-12);
    EXPECT_NEAR(mp.inertia_kgm2.m[2][2], 2.0 * 10.0 * (1.0 + 4.0), 1e-12);   // I_zz = sum m (x^2 + y^2)
}

// Static loads by hand: 1000 kg, CG 1.0 m behind the front axle of a 2.5 m wheelbase and 0.1 m
// left of the centre line of a 1.5 m track.
TEST(MassProperties, StaticLoadsOfAHandComputedExample) {
    VehicleSpec s;
    s.masses = {{"body", MassRole::Body, 1000.0, {0.0, 0.1, 0.5}}};
    s.fuel_tank = {{0.0, 0.0, 0.0}, 0.0, 0.0, 730.0};
    const Vec3 pos[4] = {{1.0, 0.75, 0.0}, {1.0, -0.75, 0.0}, {-1.5, 0.75, 0.0}, {-1.5, -0.75, 0.0}};
    for (int i = 0; i < 4; ++i) {
        s.wheels[i].position_m = pos[i];
        s.wheels[i].mass_kg = 0.0;
    }
    const StaticWheelLoads loads = static_wheel_loads(s, mass_properties(s), 10.0);  // g = 10 for round numbers
    // Front axle: 10000 N * 1.5 / 2.5 = 6000 N; rear 4000 N. Left share (0.1 + 0.75) / 1.5.
    EXPECT_NEAR(loads.front_axle_fraction, 0.6, 1e-12);
    EXPECT_NEAR(loads.load_n[FL], 6000.0 * 0.85 / 1.5, 1e-9);  // 3400 N
    EXPECT_NEAR(loads.load_n[FR], 6000.0 * 0.65 / 1.5, 1e-9);  // 2600 N
    EXPECT_NEAR(loads.load_n[RL], 4000.0 * 0.85 / 1.5, 1e-9);  // 2266.7 N
    EXPECT_NEAR(loads.load_n[RR], 4000.0 * 0.65 / 1.5, 1e-9);  // 1733.3 N
}
