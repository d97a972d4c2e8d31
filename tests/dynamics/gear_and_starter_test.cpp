// The step's gear-lever and starter phase alone (src/dynamics/gear_and_starter.hpp).
#include "dynamics/gear_and_starter.hpp"

#include <gtest/gtest.h>

#include <string>

#include "tractive/io/car_loader.hpp"
#include "tractive/laws/engine_torque.hpp"

using namespace tractive;

namespace {
VehicleSpec roadster() { return load_car(std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml").spec; }
}  // namespace

TEST(GearAndStarterPhase, TheLeverSelectsTheGearAndItsRatio) {
    const VehicleSpec spec = roadster();
    VehicleState s;
    Controls c;
    c.gear = 2;
    const detail::GearAndStarter g = detail::gear_lever_and_starter(spec, c, s);
    EXPECT_EQ(s.gear, 2);
    EXPECT_EQ(g.ratio, spec.transmission.forward_ratios[1]);
    c.gear = 0;
    EXPECT_EQ(detail::gear_lever_and_starter(spec, c, s).ratio, 0.0);
    c.gear = -1;
    EXPECT_EQ(detail::gear_lever_and_starter(spec, c, s).ratio, spec.transmission.reverse_ratio);
}

// The starter turns the engine only with the drive disconnected (neutral, or the clutch pedal
// down) and fuel in the tank.
TEST(GearAndStarterPhase, TheStarterNeedsTheDriveDisconnectedAndFuel) {
    const VehicleSpec spec = roadster();
    VehicleState s;
    s.fuel_volume_m3 = 0.01;
    Controls c;
    c.start_engine = true;
    c.gear = 1;
    c.clutch = 0.0;  // pedal up: engaged
    detail::gear_lever_and_starter(spec, c, s);
    EXPECT_FALSE(s.engine_running);
    c.clutch = 1.0;  // pedal down
    const detail::GearAndStarter g = detail::gear_lever_and_starter(spec, c, s);
    EXPECT_EQ(g.disc, 0.0);  // released
    EXPECT_TRUE(s.engine_running);
    EXPECT_EQ(s.engine_speed_rad_per_s, spec.engine.start_rpm * kRadPerSecPerRpm);
    VehicleState dry;
    c.gear = 0;
    detail::gear_lever_and_starter(spec, c, dry);
    EXPECT_FALSE(dry.engine_running);  // no fuel
}
