// The automated clutch's arithmetic against the clutch laws it inverts.
#include <gtest/gtest.h>

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

TEST(ClutchControl, EngineSpeedHoldTorqueIsFirstOrder) {
    // J dw/dt = T_e - T_c with T_c = T_e + J (w - w_ref) / tau: dw/dt = -(w - w_ref) / tau.
    const double j = 0.2;
    const double t_e = 150.0;
    const double t_c = engine_speed_hold_torque_nm(t_e, j, 400.0, 300.0, 0.25);
    EXPECT_NEAR((t_e - t_c) / j, -(400.0 - 300.0) / 0.25, 1e-9);
}

}  // namespace
}  // namespace tractive
