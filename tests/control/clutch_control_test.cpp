// The automated clutch's arithmetic against the clutch laws it inverts.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "dynamics/dynamics_support.hpp"
#include "tractive/control/clutch_control.hpp"
#include "tractive/laws/clutch.hpp"

namespace tractive {
namespace {

TEST(ClutchControl, PedalForDiscTravelInvertsTheSeedZones) {
    const ClutchPedalZones zones;  // 15 / 60 / 25 %
    for (const double x : {0.05, 0.3, 0.5, 0.77, 0.99}) {
        const double pedal = clutch_pedal_for_disc_travel(zones, x);
        EXPECT_NEAR(clutch_disc_travel(zones, pedal), x, 1e-12) << x;
    }
    EXPECT_EQ(clutch_pedal_for_disc_travel(zones, 1.0), 0.0);
    EXPECT_EQ(clutch_pedal_for_disc_travel(zones, 0.0), 1.0);
    // Half way through the working range: 0.15 + 0.5 x 0.6.
    EXPECT_NEAR(clutch_pedal_for_disc_travel(zones, 0.5), 0.45, 1e-12);
}

TEST(ClutchControl, PedalForTorqueGivesThatCapacityForBothClutchLaws) {
    for (const char* car : {"ucwin_sedan", "roadster"}) {  // seed-000 pedal force; VDrift
        const VehicleSpec spec = test::example_car(car);
        const double slip = 30.0;
        const double full = clutch_torque_capacity_nm(spec.clutch, 1.0, slip);
        for (const double share : {0.05, 0.2, 0.5, 0.9}) {
            const double wanted = share * full;
            const double pedal = clutch_pedal_for_torque(spec.clutch, wanted, slip);
            const double got = clutch_torque_capacity_nm(spec.clutch, clutch_disc_travel(spec.clutch.pedal, pedal), slip);
            EXPECT_NEAR(got, wanted, 1e-6 * full) << car << " share " << share;
        }
        EXPECT_EQ(clutch_pedal_for_torque(spec.clutch, 2.0 * full, slip), 0.0) << car;
        // A slipping clutch cannot pass torque against its slip: pedal floored.
        EXPECT_EQ(clutch_pedal_for_torque(spec.clutch, -0.5 * full, slip), 1.0) << car;
        EXPECT_EQ(clutch_pedal_for_torque(spec.clutch, 0.0, slip), 1.0) << car;
    }
}

// For VDrift's linear clutch the disc travel comes from the root's quotient, checked on its grid
// point either side: the very travel (and so pedal) a bisection of [0, 1] to 1e-9 gives, for
// random clutches, torques from a touch to all but the full capacity, and slips either way.
TEST(ClutchControl, PedalForTorqueIsTheBisectionsGridPoint) {
    std::mt19937_64 random(31);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    int compared = 0;
    for (int trial = 0; trial < 20000; ++trial) {
        ClutchSpec c;
        c.model = ClutchModel::VDrift;
        c.sliding_friction = 0.1 + unit(random);
        c.radius_m = 0.1 + 0.2 * unit(random);
        c.area_m2 = 0.01 + 0.1 * unit(random);
        c.max_pressure_pa = 1e4 + 1e7 * unit(random);
        const double slip = (unit(random) - 0.5) * 400.0;
        const double full = clutch_torque_capacity_nm(c, 1.0, slip);
        const double share = trial % 7 == 0 ? unit(random) * 1e-8 : trial % 11 == 0 ? 1.0 - unit(random) * 1e-8 : unit(random);
        const double torque = (slip >= 0.0 ? 1.0 : -1.0) * share * full;
        double lo = 0.0, hi = 1.0;  // the bisection the pedal was found by until 2026-11-28
        while (hi - lo > 1e-9) {
            const double mid = 0.5 * (lo + hi);
            (clutch_torque_capacity_nm(c, mid, slip) < std::abs(torque) ? lo : hi) = mid;
        }
        const double expected = torque == 0.0 || std::abs(torque) >= full ? (torque == 0.0 ? 1.0 : 0.0)
                                                                          : clutch_pedal_for_disc_travel(c.pedal, hi);
        ASSERT_EQ(clutch_pedal_for_torque(c, torque, slip), expected) << "trial " << trial << " share " << share;
        ++compared;
    }
    EXPECT_EQ(compared, 20000);
}

TEST(ClutchControl, EngineSpeedHoldTorqueIsFirstOrder) {
    // J dw/dt = T_e - T_c with T_c = T_e + J (w - w_ref) / tau: dw/dt = -(w - w_ref) / tau.
    const double j = 0.2;
    const double t_e = 150.0;
    const double t_c = engine_speed_hold_torque_nm(t_e, j, 400.0, 300.0, 0.25);
    EXPECT_NEAR((t_e - t_c) / j, -(400.0 - 300.0) / 0.25, 1e-9);
}

}  // namespace
}  // namespace tractive
