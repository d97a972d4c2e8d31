// ABS and traction control, driving whole cars.
#include <gtest/gtest.h>

#include <cmath>

#include "control/control_support.hpp"
#include "tractive/analysis/standard_tests.hpp"

namespace tractive {
namespace {

using test::ControlledCar;

struct Stop {
    double distance_m = 0.0;
    double locked_share = 0.0;  // share of steps above 3 m/s with a wheel turning < 10 % of rolling speed
    double lateral_m = 0.0;     // |y| at the stop, steering held at 0.3 (steerability)
};

Stop brake_from_100(const VehicleSpec& spec, bool abs, double steering) {
    InitialConditions ic;
    ic.speed_m_per_s = 100.0 / 3.6;
    ic.gear = 0;
    ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Manual, abs, false), ic);
    DriverInput in;
    in.brake = 1.0;
    in.clutch = 1.0;
    in.steering = steering;
    long fast = 0, locked = 0;
    car.drive(15.0, [&](const ControlledCar&) { return in; }, [&](const ControlledCar& c) {
        const VehicleState& s = c.state();
        const double v = forward_speed_m_per_s(s);
        if (v > 3.0) {
            ++fast;
            for (int i = 0; i < 4; ++i) {
                if (s.wheels[i].spin_rad_per_s * c.sim.model().wheels[i].radius_m < 0.1 * v) {
                    ++locked;
                    break;
                }
            }
        }
        return speed_m_per_s(s) > 0.05;
    });
    Stop st;
    st.distance_m = std::hypot(car.state().position_m.x, car.state().position_m.y);
    st.locked_share = fast > 0 ? static_cast<double>(locked) / static_cast<double>(fast) : 0.0;
    st.lateral_m = std::abs(car.state().position_m.y);
    return st;
}

// Pacejka-tyred cars only: on the UC-win/Road friction-curve tyres of ucwin_sedan the ABS stops
// in 62.5 m against 51.7 m on locked wheels (open issue, docs/control.md); the wheels still
// turn there (checked below).
TEST(Abs, KeepsOrShortensTheStopAndKeepsTheWheelsTurning) {
    for (const auto& [name, spec] : test::all_cars()) {
        if (spec.wheels[0].tire.model != TireModel::Pacejka89) {
            EXPECT_LT(brake_from_100(spec, true, 0.0).locked_share, 0.05) << name;
            continue;
        }
        const Stop locked = brake_from_100(spec, false, 0.0);
        const Stop abs = brake_from_100(spec, true, 0.0);
        std::printf("%-24s 100-0 km/h: locked-capable %.2f m (locked %.0f %%), ABS %.2f m (locked %.0f %%)\n", name.c_str(),
                    locked.distance_m, 100 * locked.locked_share, abs.distance_m, 100 * abs.locked_share);
        EXPECT_LE(abs.distance_m, locked.distance_m * 1.02) << name;
        EXPECT_LT(abs.locked_share, 0.05) << name;
    }
}

TEST(Abs, KeepsTheCarSteerableUnderFullBraking) {
    const VehicleSpec spec = test::example_car("roadster");
    const Stop locked = brake_from_100(spec, false, 0.3);
    const Stop abs = brake_from_100(spec, true, 0.3);
    std::printf("roadster, full braking with steering 0.3: lateral offset locked %.2f m, ABS %.2f m\n", locked.lateral_m,
                abs.lateral_m);
    EXPECT_GT(abs.lateral_m, 2.0 * locked.lateral_m + 1.0);
}

// Full throttle in first on a low-friction road (mu 0.3): traction control keeps the driven
// wheels' mean slip near the tyre's peak where without it they spin.
TEST(TractionControl, LimitsDrivenWheelSlipOnLowFriction) {
    for (const char* name : {"roadster", "hatchback", "sedan_awd"}) {
        const VehicleSpec spec = test::example_car(name);
        double mean_slip[2] = {0.0, 0.0};
        for (const bool tcs : {false, true}) {
            RoadSpec road;
            road.mu = 0.3;
            InitialConditions ic;
            ic.speed_m_per_s = 5.0;
            ic.gear = 1;
            ControlledCar car(spec, road, test::settings_with(ShiftMode::Manual, false, tcs), ic);
            DriverInput in;
            in.throttle = 1.0;
            in.gear_lever = 1;
            double sum = 0.0;
            long n = 0;
            car.drive(2.0, [&](const ControlledCar&) { return in; }, [&](const ControlledCar& c) {
                if (c.time_s() < 0.5) return true;
                for (int i = 0; i < 4; ++i) {
                    if (c.sim.model().wheels[i].drive_coefficient == 0.0) continue;
                    sum += c.state().wheel_outputs[i].slip_ratio;
                    ++n;
                }
                return true;
            });
            mean_slip[tcs ? 1 : 0] = sum / static_cast<double>(n);
        }
        std::printf("%-10s mu 0.3, full throttle: mean driven-wheel slip without TCS %.3f, with %.3f\n", name, mean_slip[0],
                    mean_slip[1]);
        EXPECT_LT(mean_slip[1], 0.5 * mean_slip[0]) << name;
        EXPECT_LT(mean_slip[1], 0.3) << name;
    }
}

// Manual hill start on the 20 % grade (the hill-start standard test: clutch brought up while the
// driver holds the revs, then full throttle) with traction control on: on every shipped car
// fitted with it, and on the shared VDrift cars with it forced on. The front driven wheel of an
// open differential spins while the clutch is still slipping; a throttle cut to zero there used
// to pull the hatchback's engine below idle, and it then stalled (hill_start_ok = no). The same
// start without traction control is printed alongside.
TEST(TractionControl, DoesNotStallTheEngineInAManualHillStart) {
    for (auto [name, spec] : test::all_cars()) {
        const bool shipped = name.find('/') == std::string::npos;
        if (shipped && !spec.driver_aids.tcs) continue;
        spec.driver_aids.tcs = false;
        const StandardTestResult off = run_standard_test("hill-start", spec);
        spec.driver_aids.tcs = true;
        const StandardTestResult on = run_standard_test("hill-start", spec);
        std::printf("%-24s hill start 20 %%: TCS off ok %.0f rollback %.3f m; TCS on ok %.0f rollback %.3f m\n", name.c_str(),
                    off.metric("hill_start_ok").value, off.metric("rollback_m").value, on.metric("hill_start_ok").value,
                    on.metric("rollback_m").value);
        EXPECT_EQ(on.metric("hill_start_ok").value, 1.0) << name;
    }
}

}  // namespace
}  // namespace tractive
