#include "tractive/laws/engine.hpp"
#include "tractive/laws/engine_torque.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace tractive;

TEST(GentaTorque, PowerPeaksAtPeakRpmWithMaxPower) {
    const double p_max = 179e3;
    const double n_peak = 7800.0;
    const auto power = [&](double n) { return genta_torque_nm(p_max, n_peak, n) * n * kRadPerSecPerRpm; };
    EXPECT_NEAR(power(n_peak), p_max, 1e-6);
    // dP/dn = 0 at the peak (central difference), and lower on either side.
    EXPECT_NEAR((power(n_peak + 1.0) - power(n_peak - 1.0)) / 2.0, 0.0, 1e-3);
    EXPECT_LT(power(n_peak - 500.0), p_max);
    EXPECT_LT(power(n_peak + 500.0), p_max);
    // T(0) = Pmax / wp; T peaks at half the power-peak speed with 1.25 Pmax / wp.
    const double wp = n_peak * kRadPerSecPerRpm;
    EXPECT_NEAR(genta_torque_nm(p_max, n_peak, 0.0), p_max / wp, 1e-9);
    EXPECT_NEAR(genta_torque_nm(p_max, n_peak, n_peak / 2.0), 1.25 * p_max / wp, 1e-9);
}

TEST(GentaTorque, SampledCurveFollowsThePolynomial) {
    const PiecewiseLinear curve = genta_torque_curve(100e3, 6000.0, 7000.0);
    EXPECT_EQ(curve.xs().front(), 0.0);
    EXPECT_EQ(curve.xs().back(), 7000.0);
    for (double n = 0.0; n <= 7000.0; n += 37.0) {
        const double exact = genta_torque_nm(100e3, 6000.0, n);
        EXPECT_NEAR(curve(n), exact, 1e-4 * exact) << n;
    }
    const CurvePeak p = peak_power(curve, 7000.0);
    EXPECT_NEAR(p.value, 100e3, 1.0);
    EXPECT_NEAR(p.rpm, 6000.0, 1.0);
}

TEST(CurvePeaks, FindsInteriorPowerPeakOfFallingSegment) {
    // T = 300 - 0.04 n between 2000 and 6000 rpm: P ~ n (300 - 0.04 n) peaks at n = 3750.
    const PiecewiseLinear curve({2000.0, 6000.0}, {220.0, 60.0});
    const CurvePeak p = peak_power(curve, 6000.0);
    EXPECT_NEAR(p.rpm, 3750.0, 1e-9);
    EXPECT_NEAR(p.value, (300.0 - 0.04 * 3750.0) * 3750.0 * kRadPerSecPerRpm, 1e-6);
    const CurvePeak t = peak_torque(curve, 6000.0);
    EXPECT_EQ(t.rpm, 2000.0);
    EXPECT_EQ(t.value, 220.0);
}

TEST(CurvePeaks, IgnoresCurveBeyondTheRevLimit) {
    const PiecewiseLinear curve({1000.0, 5000.0, 9000.0}, {100.0, 150.0, 300.0});
    const CurvePeak t = peak_torque(curve, 7000.0);
    EXPECT_EQ(t.rpm, 7000.0);
    EXPECT_NEAR(t.value, 225.0, 1e-12);
}

// A turbocharged engine's flat top: 320 N m from 1,500 rpm, 0.2 N m more at 2,500. The highest
// point (the automatic's launch speed) is at 2,500 rpm; the plateau (within 0.1 %, where traction
// control stops holding the engine up) starts at 1,500. A curve with one clear peak has both there.
TEST(CurvePeaks, TheHighestPointAndWhereAFlatTopStarts) {
    EngineSpec e;
    e.start_rpm = 800.0;
    e.torque_curve_nm = PiecewiseLinear({1000.0, 1500.0, 2500.0, 4000.0, 6000.0}, {200.0, 320.0, 320.2, 320.1, 250.0});
    EXPECT_EQ(peak_torque_rpm(e), 2500.0);
    EXPECT_EQ(torque_plateau_start_rpm(e), 1500.0);
    e.torque_curve_nm = PiecewiseLinear({1000.0, 3000.0, 6000.0}, {150.0, 250.0, 200.0});
    EXPECT_EQ(peak_torque_rpm(e), 3000.0);
    EXPECT_EQ(torque_plateau_start_rpm(e), 3000.0);
    e.torque_curve_nm = PiecewiseLinear();
    EXPECT_EQ(peak_torque_rpm(e), 800.0);
    EXPECT_EQ(torque_plateau_start_rpm(e), 0.0);
}

TEST(EngineFriction, VDriftPolynomialInKrpm) {
    EngineSpec e;
    e.friction_torque_nm = {10.0, 2.0, 0.5};
    EXPECT_DOUBLE_EQ(engine_friction_torque_nm(e, 0.0), 10.0);
    EXPECT_DOUBLE_EQ(engine_friction_torque_nm(e, 4000.0), 10.0 + 8.0 + 8.0);
}

// The resistance at zero throttle on its own (what traction control's floor reads) is
// engine_torque's at throttle 0, and the drive at full throttle is the full-load curve, with a
// resistive curve (UC-win/Road) and with the friction polynomial (VDrift).
TEST(EngineTorque, ItsPartsAtNoAndFullThrottleAreTheCurvesReadAlone) {
    EngineSpec e;
    e.torque_curve_nm = PiecewiseLinear({1000.0, 4000.0, 7000.0}, {150.0, 260.0, 210.0});
    e.friction_torque_nm = {10.0, 2.0, 0.5};
    for (const bool with_curve : {false, true}) {
        if (with_curve) e.resistive_torque_curve_nm = PiecewiseLinear({1000.0, 7000.0}, {-20.0, -65.0});
        for (double rpm = 0.0; rpm <= 8000.0; rpm += 250.0) {
            EXPECT_EQ(resistive_at_zero_throttle_nm(e, rpm), engine_torque(e, rpm, 0.0, true).resistive_nm) << rpm;
            EXPECT_EQ(full_load_torque_nm(e, rpm), engine_torque(e, rpm, 1.0, true).drive_nm) << rpm;
        }
        EXPECT_DOUBLE_EQ(resistive_at_zero_throttle_nm(e, 4000.0), with_curve ? 42.5 : 10.0 + 8.0 + 8.0);
    }
}

// The two fuel laws (engine_fuel_used_m3): seed 002's volume rate c x rpm x throttle, and
// current VDrift's combustion power over efficiency x heating value, turned into volume.
TEST(EngineFuel, BothLaws) {
    tractive::EngineSpec e;
    e.fuel_law = tractive::FuelLaw::RpmThrottle;
    e.fuel_consumption_m3_per_rpm_s = 2e-9;
    tractive::EngineTorque t;
    t.drive_nm = 200.0;
    EXPECT_DOUBLE_EQ(tractive::engine_fuel_used_m3(e, 730.0, t, 3000.0, 0.5, 0.01), 2e-9 * 3000.0 * 0.5 * 0.01);
    e.fuel_law = tractive::FuelLaw::CombustionPower;
    e.thermal_efficiency = 0.35;
    e.fuel_heating_value_j_per_kg = 4.5e7;
    // 200 N m at 3000 rpm: 62.83 kW of combustion power, 3.99 g/s of fuel, 5.47e-6 m^3/s.
    const double power_w = 200.0 * 3000.0 * 2.0 * 3.14159265358979323846 / 60.0;
    EXPECT_NEAR(tractive::engine_fuel_used_m3(e, 730.0, t, 3000.0, 1.0, 1.0), power_w / (0.35 * 4.5e7) / 730.0, 1e-18);
    EXPECT_NEAR(tractive::engine_fuel_used_m3(e, 730.0, t, 3000.0, 1.0, 1.0), 5.465e-6, 1e-9);
}
