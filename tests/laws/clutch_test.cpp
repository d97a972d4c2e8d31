// Seed 000 clutch against the exact values of ../shared/docs/VALIDATION.md section 1.
#include "tractive/laws/clutch.hpp"

#include <gtest/gtest.h>

using namespace tractive;

namespace {
ClutchSpec seed000_clutch() {
    ClutchSpec c;  // defaults are the seed-000 values
    c.model = ClutchModel::PedalForce;
    return c;
}
}  // namespace

TEST(ClutchSeed000, ClampForceTable) {
    const ClutchSpec c = seed000_clutch();
    const std::pair<double, double> table[] = {{0.0, 0.00},      {0.1, 219.27},  {0.25, 585.58}, {0.5, 1341.33},
                                               {0.75, 2447.85}, {0.9, 3553.96}, {0.95, 4129.28}, {1.0, 5000.00}};
    for (const auto& [x, force] : table) {
        EXPECT_NEAR(clutch_clamp_force_n(c, x), force, 0.005) << "x = " << x;
    }
}

TEST(ClutchSeed000, FrictionAgainstSlipSpeedTable) {
    const ClutchSpec c = seed000_clutch();
    const std::pair<double, double> table[] = {{0, 0.15000}, {1, 0.16194},  {5, 0.20250},
                                               {10, 0.22834}, {20, 0.23914}, {50, 0.24000}};
    for (const auto& [w, mu] : table) {
        EXPECT_NEAR(clutch_friction_coefficient(c, w), mu, 5e-6) << "w = " << w;
        EXPECT_NEAR(clutch_friction_coefficient(c, -w), mu, 5e-6) << "slip speed is taken as |w|";
    }
}

TEST(ClutchSeed000, TorqueCapacity) {
    const ClutchSpec c = seed000_clutch();
    EXPECT_NEAR(clutch_torque_capacity_nm(c, 1.0, 0.0), 133.50, 0.005);
    EXPECT_NEAR(clutch_torque_capacity_nm(c, 1.0, 1e4), 213.60, 0.005);
    EXPECT_NEAR(clutch_torque_capacity_nm(c, 0.5, 100.0), 57.30, 0.005);
    EXPECT_NEAR(clutch_static_capacity_nm(c), 133.50, 0.005);
    // Below the peak torque of a 200 N m engine: this clutch slips at full throttle.
    EXPECT_LT(clutch_static_capacity_nm(c), 200.0);
}

TEST(ClutchSeed000, PedalZones) {
    const ClutchPedalZones zones;  // 15 % free play, 60 % working, 25 % past disengagement
    EXPECT_DOUBLE_EQ(clutch_disc_travel(zones, 0.0), 1.0);
    EXPECT_DOUBLE_EQ(clutch_disc_travel(zones, 0.10), 1.0);  // in the free play: full clamp
    EXPECT_DOUBLE_EQ(clutch_disc_travel(zones, 0.15), 1.0);
    EXPECT_NEAR(clutch_disc_travel(zones, 0.45), 0.5, 1e-12);
    EXPECT_NEAR(clutch_disc_travel(zones, 0.75), 0.0, 1e-12);
    EXPECT_DOUBLE_EQ(clutch_disc_travel(zones, 0.80), 0.0);  // past disengagement: nothing
    EXPECT_DOUBLE_EQ(clutch_disc_travel(zones, 1.5), 0.0);   // out-of-range input clamped
    const ClutchSpec c = seed000_clutch();
    EXPECT_NEAR(clutch_torque_capacity_nm(c, clutch_disc_travel(zones, 0.10), 0.0), 133.50, 0.005);
    EXPECT_EQ(clutch_torque_capacity_nm(c, clutch_disc_travel(zones, 0.80), 0.0), 0.0);
}

TEST(ClutchVDrift, CapacityIsProductOfSlidingRadiusAreaPressure) {
    ClutchSpec c;
    c.model = ClutchModel::VDrift;
    c.sliding_friction = 0.27;
    c.radius_m = 0.15;
    c.area_m2 = 0.75;
    c.max_pressure_pa = 11079.26;
    EXPECT_NEAR(clutch_static_capacity_nm(c), 0.27 * 0.15 * 0.75 * 11079.26, 1e-9);
    EXPECT_NEAR(clutch_torque_capacity_nm(c, 0.5, 0.0), 0.5 * 336.5325225, 1e-6);
}
