// Manual mode: the driver's pedal through the seed-000 zones, the engine stalling when the
// clutch is dropped at idle, and the gearbox refusing changes it cannot make.
#include <gtest/gtest.h>

#include "control/control_support.hpp"
#include "tractive/laws/clutch.hpp"

namespace tractive {
namespace {

using test::ControlledCar;

// Car held by the foot brake in first, full throttle, clutch pedal at `pedal` for 1 s: the
// clutch torque each step.
std::vector<double> clutch_torques(const VehicleSpec& spec, double pedal) {
    InitialConditions ic;
    ic.gear = 1;
    ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Manual), ic);
    std::vector<double> torques;
    DriverInput in;
    in.throttle = 1.0;
    in.brake = 1.0;
    in.clutch = pedal;
    in.gear_lever = 1;
    car.drive(1.0, [&](const ControlledCar&) { return in; },
              [&](const ControlledCar& c) {
                  torques.push_back(c.state().driveline.clutch_torque_nm);
                  return true;
              });
    return torques;
}

TEST(ManualPedal, TenPercentTransmitsFullTorqueEightyPercentNone) {
    for (const char* name : {"roadster", "hatchback", "sedan_awd", "ucwin_sedan"}) {
        const VehicleSpec spec = test::example_car(name);
        // 10 % is inside the 15 % free play: the same clutch torque as with the pedal up, step
        // for step.
        EXPECT_EQ(clutch_torques(spec, 0.10), clutch_torques(spec, 0.0)) << name;
        // 80 % is past the 75 % end of the working range: nothing passes.
        for (const double t : clutch_torques(spec, 0.80)) ASSERT_EQ(t, 0.0) << name;
    }
}

TEST(ManualPedal, DroppingTheClutchAtIdleInFirstStalls) {
    for (const auto& [name, spec] : test::all_cars()) {
        ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Manual));
        DriverInput in;
        in.clutch = 1.0;
        car.drive(0.2, [&](const ControlledCar&) { return in; });
        in.gear_lever = 1;  // pedal down: first goes in
        car.drive(0.2, [&](const ControlledCar&) { return in; });
        ASSERT_EQ(car.state().gear, 1) << name;
        in.clutch = 0.0;  // dropped, no throttle
        car.drive(3.0, [&](const ControlledCar&) { return in; });
        EXPECT_FALSE(car.state().engine_running) << name;
    }
}

TEST(ManualLever, ChangeUnderTorqueIsRefusedAndFlaggedUntilTheClutchIsDown) {
    for (const auto& [name, spec] : test::all_cars()) {
        InitialConditions ic;
        ic.speed_m_per_s = 40.0 / 3.6;
        ic.gear = 2;
        ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Manual), ic);
        DriverInput in;
        in.throttle = 0.3;
        in.gear_lever = 2;
        car.drive(0.5, [&](const ControlledCar&) { return in; });
        in.gear_lever = 3;  // clutch up: refused every step
        car.drive(0.5, [&](const ControlledCar&) { return in; }, [&](const ControlledCar& c) {
            EXPECT_TRUE(c.control.gear_change_refused) << name;
            EXPECT_EQ(c.state().gear, 2) << name;
            return true;
        });
        in.clutch = 0.5;  // in the working range: still transmits
        car.step(in);
        EXPECT_TRUE(car.control.gear_change_refused) << name;
        EXPECT_EQ(car.state().gear, 2) << name;
        in.clutch = 1.0;  // floored: third goes in
        car.step(in);
        EXPECT_FALSE(car.control.gear_change_refused) << name;
        EXPECT_EQ(car.state().gear, 3) << name;
    }
}

TEST(ManualLever, ReverseOnlyNearStandstill) {
    for (const auto& [name, spec] : test::all_cars()) {
        InitialConditions ic;
        ic.speed_m_per_s = 20.0 / 3.6;
        ic.gear = 0;
        ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Manual), ic);
        DriverInput in;
        in.clutch = 1.0;
        in.gear_lever = -1;
        in.brake = 0.3;
        bool engaged_fast = false;
        double speed_when_engaged = -1.0;
        car.drive(10.0, [&](const ControlledCar&) { return in; }, [&](const ControlledCar& c) {
            const double v = std::abs(forward_speed_m_per_s(c.state()));
            if (c.state().gear == -1 && speed_when_engaged < 0.0) speed_when_engaged = v;
            if (c.state().gear == -1 && v > 3.0 / 3.6 + 0.1) engaged_fast = true;
            return true;
        });
        EXPECT_FALSE(engaged_fast) << name;
        EXPECT_GE(speed_when_engaged, 0.0) << name << ": reverse never went in";
        EXPECT_LE(speed_when_engaged, 3.0 / 3.6) << name;
        EXPECT_EQ(car.state().gear, -1) << name;
    }
}

}  // namespace
}  // namespace tractive
