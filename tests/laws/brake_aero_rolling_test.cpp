#include <gtest/gtest.h>

#include "tractive/laws/aero.hpp"
#include "tractive/laws/brake.hpp"
#include "tractive/laws/rolling_resistance.hpp"

using namespace tractive;

TEST(Brake, VDriftFormUsesTheDocumentedProduct) {
    VehicleSpec spec;
    spec.brakes.form = BrakeForm::VDrift;
    auto& b = spec.wheels[FL].brake;
    b.friction = 0.73;
    b.max_pressure_pa = 4.0e6;
    b.bias = 0.60;
    b.radius_m = 0.14;
    b.area_m2 = 0.015;
    // Seed 002: friction * area * bias * max-pressure * radius.
    EXPECT_NEAR(max_brake_torque_nm(spec, FL), 0.73 * 0.015 * 0.60 * 4.0e6 * 0.14, 1e-9);
}

TEST(Brake, MaxTorqueFormSplitsByRepartition) {
    VehicleSpec spec;
    spec.brakes.form = BrakeForm::MaxTorque;
    spec.brakes.max_torque_nm = 6000.0;
    spec.brakes.front_fraction = 0.65;
    EXPECT_DOUBLE_EQ(max_brake_torque_nm(spec, FL), 1950.0);
    EXPECT_DOUBLE_EQ(max_brake_torque_nm(spec, FR), 1950.0);
    EXPECT_DOUBLE_EQ(max_brake_torque_nm(spec, RL), 1050.0);
    EXPECT_DOUBLE_EQ(max_brake_torque_nm(spec, RR), 1050.0);
}

TEST(Aero, DragAndLiftWithInducedDrag) {
    AeroDeviceSpec wing;
    wing.frontal_area_m2 = 0.2;
    wing.drag_coefficient = 0.1;
    wing.surface_area_m2 = 0.5;
    wing.lift_coefficient = -0.7;
    wing.lift_efficiency = 0.95;
    const double v = 40.0;
    const double q = 0.5 * 1.225 * v * v;
    const AeroForce f = aero_force(wing, 1.225, v);
    EXPECT_NEAR(f.lift_n, -0.7 * 0.5 * q, 1e-9);
    EXPECT_NEAR(f.drag_n, 0.1 * 0.2 * q + 0.7 * 0.05 * 0.7 * 0.5 * q, 1e-9);
    const AeroDeviceSpec devices[] = {wing, wing};
    EXPECT_NEAR(drag_area_m2(devices), 0.04, 1e-15);
}

TEST(RollingResistance, BothForms) {
    RollingResistanceSpec vd;
    vd.form = RollingResistanceForm::VDrift;
    vd.constant = 1.3e-2;
    vd.v2_coefficient_s2_per_m2 = 6.5e-6;
    EXPECT_NEAR(rolling_resistance_coefficient(vd, 30.0), 1.3e-2 + 6.5e-6 * 900.0, 1e-15);
    RollingResistanceSpec uc;
    uc.form = RollingResistanceForm::Speed;
    uc.constant = 0.004;
    uc.speed_coefficient_s_per_km = 0.09;
    // 100 km/h = 0.02778 km/s: 0.004 + 0.09 * 0.02778
    EXPECT_NEAR(rolling_resistance_coefficient(uc, 100.0 / 3.6), 0.004 + 0.09 * (100.0 / 3600.0), 1e-15);
}
