// Speed holding on every test car with the default gains: 80 km/h on the flat and on grades,
// speed steps up and down. The gear is held fixed (test helper), clutch engaged.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "driver/driver_test_support.hpp"

using namespace tractive;

namespace {

constexpr double kKmh = 1.0 / 3.6;

class SpeedHolding : public ::testing::TestWithParam<test::TestCar> {
protected:
    const VehicleSpec& spec() const { return test::test_car_spec(GetParam()); }
};

struct HoldResult {
    double min_kmh = 1e9;
    double max_kmh = -1e9;
    int pedal_switches = 0;  // throttle -> brake or brake -> throttle
    bool valid = true;
};

// Holds `target_kmh` on a road of `grade`, starting at `start_kmh`; speeds recorded from
// `settle_s` on.
HoldResult hold(const VehicleSpec& spec, double grade, double start_kmh, double target_kmh, double settle_s,
                double measure_s) {
    RoadSpec road;
    road.grade = grade;
    const int gear = test::gear_for_speed(spec, target_kmh * kKmh);
    InitialConditions ic;
    ic.gear = gear;
    ic.speed_m_per_s = start_kmh * kKmh;
    Simulation sim(spec, road, {}, ic);
    DriverModelState driver;
    HoldResult r;
    int pedal = 0;  // +1 throttle, -1 brake, 0 none yet
    r.valid = test::drive_closed_loop(
        sim, driver, gear, settle_s + measure_s, [&](const VehicleState&) { return DriverTarget{target_kmh * kKmh}; },
        [&](const VehicleState& s, const DriverCommand& cmd) {
            const int now = cmd.throttle > 0.0 ? 1 : (cmd.brake > 0.0 ? -1 : 0);
            if (now != 0 && pedal != 0 && now != pedal) ++r.pedal_switches;
            if (now != 0) pedal = now;
            if (s.time_s < settle_s) return;
            const double v = forward_speed_m_per_s(s) / kKmh;
            r.min_kmh = std::min(r.min_kmh, v);
            r.max_kmh = std::max(r.max_kmh, v);
        });
    return r;
}

}  // namespace

// From 60 km/h to a set speed of 80 km/h on level ground: overshoot under 0.75 km/h (measured
// at most 0.45), and within +-0.1 km/h from 20 s on (measured within 0.011).
TEST_P(SpeedHolding, HoldsEightyOnTheFlat) {
    const HoldResult r = hold(spec(), 0.0, 60.0, 80.0, 0.0, 40.0);
    const HoldResult settled = hold(spec(), 0.0, 60.0, 80.0, 20.0, 20.0);
    std::printf("%-12s flat: max %.3f  settled [%.3f, %.3f] km/h, switches %d\n", GetParam().name.c_str(), r.max_kmh,
                settled.min_kmh, settled.max_kmh, settled.pedal_switches);
    EXPECT_TRUE(r.valid);
    EXPECT_LT(r.max_kmh, 80.75);
    EXPECT_GT(settled.min_kmh, 79.9);
    EXPECT_LT(settled.max_kmh, 80.1);
    EXPECT_EQ(settled.pedal_switches, 0);
}

// 80 km/h on an 8 % climb and an 8 % descent, starting at 80 km/h (the controller learns the
// slope from the first step): within +-0.75 km/h throughout (measured 0.56 at most), within
// +-0.25 km/h after 10 s (measured 0.17), and at most one change of pedal (measured none).
TEST_P(SpeedHolding, HoldsEightyOnGrades) {
    for (const double grade : {0.08, -0.08}) {
        const HoldResult all = hold(spec(), grade, 80.0, 80.0, 0.0, 30.0);
        const HoldResult settled = hold(spec(), grade, 80.0, 80.0, 10.0, 20.0);
        std::printf("%-12s grade %+.2f: all [%.3f, %.3f] settled [%.3f, %.3f] km/h, switches %d\n",
                    GetParam().name.c_str(), grade, all.min_kmh, all.max_kmh, settled.min_kmh, settled.max_kmh,
                    all.pedal_switches);
        EXPECT_TRUE(all.valid);
        EXPECT_GT(all.min_kmh, 79.25) << "grade " << grade;
        EXPECT_LT(all.max_kmh, 80.75) << "grade " << grade;
        EXPECT_GT(settled.min_kmh, 79.75) << "grade " << grade;
        EXPECT_LT(settled.max_kmh, 80.25) << "grade " << grade;
        EXPECT_LE(all.pedal_switches, 1) << "grade " << grade;
    }
}

// Set speed 60 -> 90 -> 60 km/h in one gear: each step reached to within 1 km/h (up within
// 10 s: the weakest car, 130 N m in third, needs 8.5 s; down within 5 s), overshoot under
// 0.75 km/h either way (measured at most 0.49 up and 0.03 down).
TEST_P(SpeedHolding, StepsUpAndDownWithoutOvershoot) {
    const VehicleSpec& s = spec();
    const int gear = test::gear_for_speed(s, 60.0 * kKmh);
    ASSERT_LT(test::redline_fraction(s, gear, 90.0 * kKmh), 0.9);
    InitialConditions ic;
    ic.gear = gear;
    ic.speed_m_per_s = 60.0 * kKmh;
    Simulation sim(s, RoadSpec{}, {}, ic);
    DriverModelState driver;
    const double step_up_s = 5.0, step_down_s = 35.0, end_s = 65.0;
    double max_after_up = 0.0, min_after_down = 1e9;
    double reached_up_s = -1.0, reached_down_s = -1.0;
    const bool valid = test::drive_closed_loop(
        sim, driver, gear, end_s,
        [&](const VehicleState& st) {
            const double t = st.time_s;
            return DriverTarget{(t >= step_up_s && t < step_down_s ? 90.0 : 60.0) * kKmh};
        },
        [&](const VehicleState& st, const DriverCommand&) {
            const double v = forward_speed_m_per_s(st) / kKmh;
            const double t = st.time_s;
            if (t >= step_up_s && t < step_down_s) {
                max_after_up = std::max(max_after_up, v);
                if (reached_up_s < 0.0 && v > 89.0) reached_up_s = t - step_up_s;
            } else if (t >= step_down_s) {
                min_after_down = std::min(min_after_down, v);
                if (reached_down_s < 0.0 && v < 61.0) reached_down_s = t - step_down_s;
            }
        });
    std::printf("%-12s steps (gear %d): up reached in %.2f s, max %.3f; down reached in %.2f s, min %.3f km/h\n",
                GetParam().name.c_str(), gear, reached_up_s, max_after_up, reached_down_s, min_after_down);
    EXPECT_TRUE(valid);
    EXPECT_GT(reached_up_s, 0.0);
    EXPECT_LT(reached_up_s, 10.0);
    EXPECT_GT(reached_down_s, 0.0);
    EXPECT_LT(reached_down_s, 5.0);
    EXPECT_LT(max_after_up, 90.75);
    EXPECT_GT(min_after_down, 59.25);
}

INSTANTIATE_TEST_SUITE_P(Cars, SpeedHolding, ::testing::ValuesIn(test::driver_test_cars()),
                         [](const ::testing::TestParamInfo<test::TestCar>& param_info) { return param_info.param.name; });
