// ABS and traction control, driving whole cars.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "control/control_support.hpp"
#include "tractive/analysis/standard_tests.hpp"
#include "tractive/control/anti_lock_brakes.hpp"

namespace tractive {
namespace {

using test::ControlledCar;

struct Stop {
    double distance_m = 0.0;
    double locked_share = 0.0;  // share of steps above 3 m/s with a wheel turning < 10 % of rolling speed
    double lateral_m = 0.0;     // |y| at the stop, steering held at 0.3 (steerability)
};

// From `speed_kmh` (negative: reversing), clutch down, full brake.
Stop brake_from(double speed_kmh, const VehicleSpec& spec, bool abs, double steering, const StepSettings& step_settings = {}) {
    InitialConditions ic;
    ic.speed_m_per_s = speed_kmh / 3.6;
    ic.gear = 0;
    ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Manual, abs, false), ic, step_settings);
    DriverInput in;
    in.brake = 1.0;
    in.clutch = 1.0;
    in.steering = steering;
    long fast = 0, locked = 0;
    car.drive(15.0, [&](const ControlledCar&) { return in; }, [&](const ControlledCar& c) {
        const VehicleState& s = c.state();
        const double v = std::abs(forward_speed_m_per_s(s));
        if (v > 3.0) {
            ++fast;
            for (int i = 0; i < 4; ++i) {
                if (std::abs(s.wheels[i].spin_rad_per_s) * c.sim.model().wheels[i].radius_m < 0.1 * v) {
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

Stop brake_from_100(const VehicleSpec& spec, bool abs, double steering, const StepSettings& step_settings = {}) {
    return brake_from(100.0, spec, abs, steering, step_settings);
}

// Every car, Pacejka and UC-win/Road friction-curve tyres alike. The ABS used to hold each wheel
// anywhere in 0.75-1.25 x the peak slip; on ucwin_sedan's piecewise-linear friction curve (peak
// 0.85 at slip 0.1, linear from 0) 0.75 x the peak slip gives only 75 % of the peak force, less
// than the locked tyre's 0.75 / 0.85 = 88 %, and the wheels held near slip 0.083 (mu 0.71):
// 55.9 m against 51.6 m locked. The band now starts where the force reaches 95 % of its peak, and
// the modulator holds as soon as the slip falls and builds in steps near the last lock pressure.
TEST(Abs, KeepsOrShortensTheStopAndKeepsTheWheelsTurning) {
    for (const auto& [name, spec] : test::all_cars()) {
        const Stop locked = brake_from_100(spec, false, 0.0);
        const Stop abs = brake_from_100(spec, true, 0.0);
        std::printf("%-24s 100-0 km/h: locked-capable %.2f m (locked %.0f %%), ABS %.2f m (locked %.0f %%)\n", name.c_str(),
                    locked.distance_m, 100 * locked.locked_share, abs.distance_m, 100 * abs.locked_share);
        EXPECT_LE(abs.distance_m, locked.distance_m * 1.02) << name;
        EXPECT_LT(abs.locked_share, 0.05) << name;
    }
}

// Reversing at 50 km/h: the ABS works as it does going forward, the wheels turning through the
// stop and the stop no longer. Before, it read only forward speeds: the wheels locked for the
// whole stop (the hatchback from 58 km/h: 19.3 m, 17.0 m now).
TEST(Abs, WorksInReverseToo) {
    for (const auto& [name, spec] : test::all_cars()) {
        const Stop locked = brake_from(-50.0, spec, false, 0.0);
        const Stop abs = brake_from(-50.0, spec, true, 0.0);
        std::printf("%-24s 50-0 km/h in reverse: locked-capable %.2f m (locked %.0f %%), ABS %.2f m (locked %.0f %%)\n", name.c_str(),
                    locked.distance_m, 100 * locked.locked_share, abs.distance_m, 100 * abs.locked_share);
        EXPECT_LE(abs.distance_m, locked.distance_m * 1.02) << name;
        EXPECT_LT(abs.locked_share, 0.05) << name;
    }
}

// The aids' slip band from the tyre's own curve. ucwin_sedan's friction curve rises linearly to
// 0.85 at slip 0.1, so 95 % of the peak is reached at 0.095 (0.0975 on the 0.0025 grid if the
// interpolation lands a hair below 0.8075), both braking and driving. A Pacejka tyre's top is
// round: 95 % is reached well below 0.75 x the peak slip (0.70-0.72 x on the shipped cars).
TEST(Abs, SlipBandStartsWhereTheTyreGivesNinetyFivePercentOfItsPeak) {
    {
        const VehicleSpec spec = test::example_car("ucwin_sedan");
        const Simulation sim(spec, RoadSpec{}, StepSettings{});
        const ControllerState c = initial_controller_state(sim.model(), sim.state(), test::settings_with(ShiftMode::Automatic, true));
        for (int i = 0; i < 4; ++i) {
            EXPECT_NEAR(c.peak_braking_slip[i], 0.1, 1e-9) << i;
            EXPECT_NEAR(c.near_peak_braking_slip[i], 0.095, 0.0026) << i;
            EXPECT_NEAR(c.near_peak_driving_slip[i], 0.095, 0.0026) << i;
        }
    }
    {
        const VehicleSpec spec = test::example_car("roadster");
        const Simulation sim(spec, RoadSpec{}, StepSettings{});
        const ControllerState c = initial_controller_state(sim.model(), sim.state(), test::settings_with(ShiftMode::Automatic, true));
        for (int i = 0; i < 4; ++i) {
            EXPECT_LT(c.near_peak_braking_slip[i], 0.75 * c.peak_braking_slip[i]) << i;
            EXPECT_GT(c.near_peak_braking_slip[i], 0.5 * c.peak_braking_slip[i]) << i;
        }
    }
}

// The ABS stop converges with the internal step: at the default step within 2 % of a step ten
// times smaller, on every car (within 0.7 % on all but RS2, 2.0 %: a light all-wheel-drive car
// whose rear wheels unload under braking). The unit decides in its own
// 8 ms loop at any step, and the step applies the pressure's mean over it; deciding at every
// internal step made the stop depend on the step through the unit's sampling (1-3 % on road
// cars). It used to act on the slip the tyre law saw at the start of the step before, a step
// older than the state: its stops then came out 12-24 % longer at a 6 ms step than at 0.6 ms
// (roadster 40.9 m vs 36.5 m, XS 38.2 m vs 30.9 m).
TEST(Abs, StopConvergesWithTheInternalStep) {
    StepSettings fine;
    fine.internal_step_s = StepSettings{}.internal_step_s / 10.0;
    for (const auto& [name, spec] : test::all_cars()) {
        const Stop coarse_stop = brake_from_100(spec, true, 0.0);
        const Stop fine_stop = brake_from_100(spec, true, 0.0, fine);
        std::printf("%-24s ABS 100-0 km/h: %.2f m at the default step, %.2f m at a tenth of it\n", name.c_str(),
                    coarse_stop.distance_m, fine_stop.distance_m);
        EXPECT_NEAR(coarse_stop.distance_m, fine_stop.distance_m, 0.02 * fine_stop.distance_m) << name;
    }
}

// The unit's loop: called every millisecond with a wheel far past its peak slip, it decides
// (dumps) at the first call and then only every 8 ms, while the pressure falls at its rate at every
// call and the step gets the pressure's mean over it.
TEST(Abs, DecidesInItsOwnLoopAndThePressureMovesEveryCall) {
    const VehicleSpec spec = test::example_car("roadster");
    InitialConditions ic;
    ic.speed_m_per_s = 20.0;
    Simulation sim(spec, RoadSpec{}, StepSettings{}, ic);
    for (auto& w : sim.mutable_state().wheels) w.spin_rad_per_s = 0.0;  // locked: slip -1
    const ControlSettings settings = test::settings_with(ShiftMode::Manual, true, false);
    ControllerState state = initial_controller_state(sim.model(), sim.state(), settings);
    const AntiLockSettings unit;
    state.abs_loop_elapsed_s = unit.loop_period_s - 0.001;  // a decision is due at the first call
    int decisions = 0;
    double before = 1.0;
    for (int k = 0; k < 24; ++k) {
        const double elapsed = state.abs_loop_elapsed_s;
        anti_lock_step(sim.model(), sim.state(), 1.0, 0.001, state, unit);
        if (state.abs_loop_elapsed_s < elapsed) ++decisions;
        EXPECT_EQ(state.abs[FL].phase, AbsPhase::Dump);
        EXPECT_NEAR(state.abs[FL].brake_factor, before - 0.001 / unit.dump_time_s, 1e-12) << k;
        EXPECT_NEAR(state.abs[FL].applied_factor, before - 0.5 * 0.001 / unit.dump_time_s, 1e-12) << k;
        before = state.abs[FL].brake_factor;
    }
    EXPECT_EQ(decisions, 3);  // at 0, 8 and 16 ms
}

// The roadster at 20 m/s with one wheel locked and the others rolling, as the ABS unit sees it
// (the state is not stepped: only the unit's decisions and pressures move).
struct OneWheelLocked {
    Simulation sim;
    ControllerState state;
    OneWheelLocked(const VehicleSpec& spec, int locked)
        : sim(spec, RoadSpec{}, StepSettings{}, rolling_at_20()),
          state(initial_controller_state(sim.model(), sim.state(), test::settings_with(ShiftMode::Manual, true, false))) {
        sim.mutable_state().wheels[static_cast<std::size_t>(locked)].spin_rad_per_s = 0.0;  // slip -1
    }
    static InitialConditions rolling_at_20() {
        InitialConditions ic;
        ic.speed_m_per_s = 20.0;
        return ic;
    }
};

// Select-low: with the left rear wheel locked and the right one rolling, the two rear wheels get
// one brake factor, the locked one's, falling; the front wheels, rolling, keep full pressure.
// (With a modulator on each rear wheel the rolling one kept 1.)
TEST(Abs, TheRearWheelsShareTheModulatorOfTheOneNearerToLocking) {
    OneWheelLocked car(test::example_car("roadster"), RL);
    const AntiLockSettings unit;
    for (int k = 0; k < 5; ++k) {
        anti_lock_step(car.sim.model(), car.sim.state(), 1.0, unit.loop_period_s, car.state, unit);
        EXPECT_EQ(car.state.abs[RR].applied_factor, car.state.abs[RL].applied_factor) << k;
        EXPECT_LT(car.state.abs[RR].applied_factor, 1.0 - 0.5 * k * unit.loop_period_s / unit.dump_time_s + 1e-12) << k;
        EXPECT_TRUE(car.state.abs_active[RR]) << k;
        EXPECT_EQ(car.state.abs[FL].applied_factor, 1.0) << k;
        EXPECT_EQ(car.state.abs[FR].applied_factor, 1.0) << k;
    }
    EXPECT_NEAR(car.state.abs[RR].brake_factor, 0.0, 1e-12);  // dumped to nothing in 40 ms
}

// Yaw-moment build-up delay: with the left front wheel locked (dumped to nothing) and the right
// one rolling, the right one's brake factor is held to the left one's plus an allowed difference
// that starts at 0 at the left modulator's first action and grows at 1 / 0.75 s, until the right
// wheel has its full pressure again; released, the next stop starts the delay afresh.
TEST(Abs, TheFrontWheelsPressureDifferenceBuildsUpOverTheDelay) {
    OneWheelLocked car(test::example_car("roadster"), FL);
    const AntiLockSettings unit;
    const double dt = unit.loop_period_s;
    bool reached_full = false;
    for (int k = 0; k < 120; ++k) {  // 0.96 s
        anti_lock_step(car.sim.model(), car.sim.state(), 1.0, dt, car.state, unit);
        const double allowed = std::min(1.0, k * dt / unit.yaw_moment_build_up_time_s);
        EXPECT_NEAR(car.state.abs[FR].applied_factor, std::min(1.0, car.state.abs[FL].applied_factor + allowed), 1e-12) << k;
        EXPECT_EQ(car.state.abs[FR].phase, AbsPhase::Inactive) << k;  // its own modulator sees no slip
        if (car.state.abs[FR].applied_factor == 1.0) reached_full = true;
    }
    EXPECT_EQ(car.state.abs[FL].applied_factor, 0.0);
    EXPECT_TRUE(reached_full);
    anti_lock_step(car.sim.model(), car.sim.state(), 0.0, dt, car.state, unit);  // pedal up
    EXPECT_LT(car.state.abs_front_difference_allowed, 0.0);
    anti_lock_step(car.sim.model(), car.sim.state(), 1.0, dt, car.state, unit);  // braking again
    EXPECT_EQ(car.state.abs_front_difference_allowed, 0.0);
}

// The stability control's raise of a wheel's slip band: a wheel at 1.5 times its tyre's peak
// slip is past the band (1.25 times) and dumped; with the band doubled (a raise of 1) the same
// slip is inside it and the pressure stays.
TEST(Abs, AWheelWhoseBandTheStabilityControlRaisedRunsAtMoreSlip) {
    const auto after_one_call = [](double raise) {
        OneWheelLocked car(test::example_car("roadster"), FL);
        VehicleState& s = car.sim.mutable_state();
        const double v = forward_speed_m_per_s(s);
        const double slip = 1.5 * car.state.peak_braking_slip[FL];
        s.wheels[FL].spin_rad_per_s = (1.0 - slip) * v / car.sim.model().wheels[FL].radius_m;
        car.state.esc_slip_raise[FL] = raise;
        const AntiLockSettings unit;
        car.state.abs_loop_elapsed_s = unit.loop_period_s;  // a decision is due
        anti_lock_step(car.sim.model(), car.sim.state(), 1.0, 0.001, car.state, unit);
        return car.state.abs[FL];
    };
    EXPECT_EQ(after_one_call(0.0).phase, AbsPhase::Dump);
    const AbsWheelState raised = after_one_call(1.0);
    EXPECT_NE(raised.phase, AbsPhase::Dump);
    EXPECT_EQ(raised.brake_factor, 1.0);
}

TEST(Abs, KeepsTheCarSteerableUnderFullBraking) {
    const VehicleSpec spec = test::example_car("roadster");
    const Stop locked = brake_from_100(spec, false, 0.3);
    const Stop abs = brake_from_100(spec, true, 0.3);
    std::printf("roadster, full braking with steering 0.3: lateral offset locked %.2f m, ABS %.2f m\n", locked.lateral_m,
                abs.lateral_m);
    EXPECT_GT(abs.lateral_m, 2.0 * locked.lateral_m + 1.0);
}

// The driven wheels' mean |slip ratio| at full throttle on a low-friction road (mu 0.3) from
// from_s to until_s, with or without traction control, the lever at `lever`; `after` sees the car
// at the end.
double mean_driven_slip_on_mu_03(const VehicleSpec& spec, bool tcs, ShiftMode mode, const InitialConditions& start, int lever, double from_s,
                                 double until_s, const std::function<void(const ControlledCar&)>& after = {}) {
    RoadSpec road;
    road.mu = 0.3;
    ControlledCar car(spec, road, test::settings_with(mode, false, tcs), start);
    DriverInput in;
    in.throttle = 1.0;
    in.gear_lever = lever;
    double sum = 0.0;
    long n = 0;
    car.drive(until_s, [&](const ControlledCar&) { return in; }, [&](const ControlledCar& c) {
        if (c.time_s() < from_s) return true;
        for (int i = 0; i < 4; ++i) {
            if (c.sim.model().wheels[i].drive_coefficient == 0.0) continue;
            sum += std::abs(c.state().wheel_outputs[i].slip_ratio);
            ++n;
        }
        return true;
    });
    if (after) after(car);
    return sum / static_cast<double>(n);
}

// Full throttle in first on a low-friction road (mu 0.3): traction control keeps the driven
// wheels' mean slip near the tyre's peak where without it they spin.
TEST(TractionControl, LimitsDrivenWheelSlipOnLowFriction) {
    for (const char* name : {"roadster", "hatchback", "sedan_awd"}) {
        const VehicleSpec spec = test::example_car(name);
        InitialConditions rolling;
        rolling.speed_m_per_s = 5.0;
        rolling.gear = 1;
        const double without = mean_driven_slip_on_mu_03(spec, false, ShiftMode::Manual, rolling, 1, 0.5, 2.0);
        const double with = mean_driven_slip_on_mu_03(spec, true, ShiftMode::Manual, rolling, 1, 0.5, 2.0);
        std::printf("%-10s mu 0.3, full throttle: mean driven-wheel slip without TCS %.3f, with %.3f\n", name, without, with);
        EXPECT_LT(with, 0.5 * without) << name;
        EXPECT_LT(with, 0.3) << name;
    }
}

// The same in reverse: a reverse launch from rest on mu 0.3, full throttle. Before, traction
// control read the slip of a wheel spinning backwards as negative and never acted (the roadster's
// mean slip 9.3 with and without it).
TEST(TractionControl, LimitsWheelSlipInReverseToo) {
    for (const char* name : {"roadster", "hatchback", "sedan_awd"}) {
        const VehicleSpec spec = test::example_car(name);
        const auto reversing = [&](bool tcs) {
            return [name, tcs](const ControlledCar& c) {
                EXPECT_LT(forward_speed_m_per_s(c.state()), -1.0) << name << (tcs ? " with" : " without") << " TCS: reversing";
            };
        };
        const double without = mean_driven_slip_on_mu_03(spec, false, ShiftMode::Automatic, {}, -1, 1.0, 3.0, reversing(false));
        const double with = mean_driven_slip_on_mu_03(spec, true, ShiftMode::Automatic, {}, -1, 1.0, 3.0, reversing(true));
        std::printf("%-10s mu 0.3, full throttle in reverse: mean driven-wheel |slip| without TCS %.3f, with %.3f\n", name, without, with);
        EXPECT_LT(with, 0.5 * without) << name;
    }
}

// Split friction (left wheels mu 0.2, right 1.0), full throttle in first from 5 m/s, 2 s, on the
// open-differential cars: without traction control the open differential gives the gripping
// right front wheel no more drive than the spinning left one can take; with it the brake
// intervention holds the left wheel near its peak slip and the right one carries the extra
// torque (an "electronic differential lock"), and the car gains speed far faster. Above 40 km/h
// the brakes stay off (engine intervention only).
TEST(TractionControl, BrakesTheSpinningWheelOnSplitFriction) {
    for (const char* name : {"hatchback", "sedan_awd"}) {
        const VehicleSpec spec = test::example_car(name);
        RoadSpec road;
        road.stretches.push_back({-1e6, 1e6, 0.2, 1.0});
        struct Launch {
            double speed_gain_m_per_s = 0.0;
            double fx_left_n = 0.0;  // mean over the last second, front wheels
            double fx_right_n = 0.0;
            double max_aid_brake = 0.0;
        };
        const auto launch = [&](bool tcs, double speed_m_per_s) {
            InitialConditions ic;
            ic.speed_m_per_s = speed_m_per_s;
            ic.gear = speed_m_per_s > 10.0 ? 2 : 1;
            ControlledCar car(spec, road, test::settings_with(ShiftMode::Manual, false, tcs), ic);
            DriverInput in;
            in.throttle = 1.0;
            in.gear_lever = ic.gear;
            Launch l;
            long n = 0;
            car.drive(2.0, [&](const ControlledCar&) { return in; }, [&](const ControlledCar& c) {
                for (double b : c.last_controls.wheel_aid_brake) l.max_aid_brake = std::max(l.max_aid_brake, b);
                if (c.time_s() > 1.0) {
                    l.fx_left_n += c.state().wheel_outputs[FL].fx_n;
                    l.fx_right_n += c.state().wheel_outputs[FR].fx_n;
                    ++n;
                }
                return true;
            });
            l.fx_left_n /= static_cast<double>(n);
            l.fx_right_n /= static_cast<double>(n);
            l.speed_gain_m_per_s = forward_speed_m_per_s(car.state()) - speed_m_per_s;
            return l;
        };
        const Launch off = launch(false, 5.0);
        const Launch on = launch(true, 5.0);
        std::printf("%-10s split mu 0.2/1.0: speed gained in 2 s without TCS %.2f m/s, with %.2f; front Fx left/right "
                    "without %.0f/%.0f N, with %.0f/%.0f N\n",
                    name, off.speed_gain_m_per_s, on.speed_gain_m_per_s, off.fx_left_n, off.fx_right_n, on.fx_left_n,
                    on.fx_right_n);
        EXPECT_NEAR(off.fx_right_n, off.fx_left_n, 0.3 * std::abs(off.fx_left_n)) << name;  // open differential
        EXPECT_GT(on.fx_right_n, 2.0 * on.fx_left_n) << name;
        EXPECT_GT(on.speed_gain_m_per_s, 1.5 * off.speed_gain_m_per_s) << name;
        EXPECT_EQ(launch(true, 50.0 / 3.6).max_aid_brake, 0.0) << name;
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
