// Sequential and automatic modes (seed 001 III.3): the automated clutch's start and shift
// phases, the automatic gear choice, kick-down and neutral at a stop, on every shipped car and
// the shared VDrift cars.
#include <gtest/gtest.h>

#include <cmath>
#include <deque>
#include <cstdlib>

#include "control/control_support.hpp"
#include "tractive/analysis/standard_tests.hpp"
#include "tractive/control/gear_choice.hpp"
#include "tractive/control/transmission_control.hpp"
#include "tractive/laws/clutch.hpp"
#include "tractive/laws/engine.hpp"
#include "tractive/laws/engine_torque.hpp"

namespace tractive {
namespace {

using test::ControlledCar;

DriverInput drive_input(double throttle, int lever = 1) {
    DriverInput in;
    in.throttle = throttle;
    in.gear_lever = lever;
    return in;
}

struct LaunchFigures {
    bool stalled = false;
    double time_to_10_kmh_s = -1.0;
    double rollback_m = 0.0;            // largest distance rolled backwards
    int slip_sign_changes = 0;          // of the clutch slip while the clutch slips (|slip| > 1 rad/s)
    int accel_reversals = 0;            // of the longitudinal acceleration, 0.5 m/s^2 band
    int torque_reversals = 0;           // of the clutch torque in the start phase, 5 % of capacity band
    double max_slip_rad_per_s = 0.0;
};

// From standstill with the selector in D: brake held 0.5 s, then throttle, until 10 km/h or
// 15 s; the shudder measures run over the start phase.
LaunchFigures launch(const VehicleSpec& spec, double grade, double throttle, ShiftMode mode) {
    RoadSpec road;
    road.grade = grade;
    ControlledCar car(spec, road, test::settings_with(mode));
    LaunchFigures f;
    const double x0 = car.state().position_m.x;
    int last_sign = 0;
    test::ReversalCounter accel(0.5);
    test::ReversalCounter torque(0.05 * clutch_static_capacity_nm(spec.clutch));
    bool started = false;
    DriverInput hold = drive_input(0.0);
    hold.brake = 1.0;
    if (mode == ShiftMode::Sequential) {  // first gear from neutral
        hold.shift_up = true;
        car.step(hold);
        hold.shift_up = false;
    }
    car.drive(0.5, [&](const ControlledCar&) { return hold; });
    car.drive(15.0, [&](const ControlledCar&) { return drive_input(throttle); }, [&](const ControlledCar& c) {
        const VehicleState& s = c.state();
        if (!s.engine_running) f.stalled = true;
        f.rollback_m = std::max(f.rollback_m, x0 - s.position_m.x);
        if (c.control.clutch_phase == ClutchPhase::Start) started = true;
        if (c.control.clutch_phase != ClutchPhase::Start) last_sign = 0;  // one count per start phase
        if (started && c.control.clutch_phase == ClutchPhase::Start) {
            torque.add(s.driveline.clutch_torque_nm);
            const double slip = s.driveline.clutch_slip_rad_per_s;
            f.max_slip_rad_per_s = std::max(f.max_slip_rad_per_s, std::abs(slip));
            const int sign = slip > 1.0 ? 1 : (slip < -1.0 ? -1 : 0);
            if (sign != 0 && last_sign != 0 && sign != last_sign) {
                ++f.slip_sign_changes;
            }
            if (sign != 0) last_sign = sign;
        }
        if (started) {
            const Mat3 r = to_matrix(s.orientation);
            accel.add(dot(s.acceleration_m_per_s2, Vec3{r.m[0][0], r.m[1][0], r.m[2][0]}));
        }
        if (forward_speed_m_per_s(s) >= 10.0 / 3.6) {
            f.time_to_10_kmh_s = s.time_s - 0.5;
            return false;
        }
        return !f.stalled;
    });
    f.accel_reversals = accel.reversals();
    f.torque_reversals = torque.reversals();
    return f;
}

TEST(AutomaticLaunch, FlatAndTwentyPercentGradeWithoutStallOrShudder) {
    for (const auto& [name, spec] : test::all_cars()) {
        for (const double grade : {0.0, 0.2}) {
            for (const double throttle : {grade > 0.0 ? 0.6 : 0.3, 1.0}) {
                const LaunchFigures f = launch(spec, grade, throttle, ShiftMode::Automatic);
                const std::string at = name + " grade " + std::to_string(grade) + " throttle " + std::to_string(throttle);
                std::printf("%-28s grade %.1f thr %.1f: t10 %.2f s rollback %.3f m slip sign changes %d accel reversals %d torque reversals %d max slip %.0f\n",
                            name.c_str(), grade, throttle, f.time_to_10_kmh_s, f.rollback_m, f.slip_sign_changes,
                            f.accel_reversals, f.torque_reversals, f.max_slip_rad_per_s);
                EXPECT_FALSE(f.stalled) << at;
                // Moving off: 10 km/h within 15 s at full throttle (at 0.6 on 20 % the compact
                // ucwin_sedan only creeps: about 50 N m of its 130 at that throttle).
                if (throttle == 1.0) {
                    EXPECT_GT(f.time_to_10_kmh_s, 0.0) << at;
                }
                // Shudder: the slip changing sign more than once (once is the lock itself), or
                // the clutch torque swinging back and forth (> 6 reversals of 5 % of capacity).
                EXPECT_LE(f.slip_sign_changes, 1) << at;
                EXPECT_LE(f.torque_reversals, 6) << at;
                EXPECT_LT(f.rollback_m, 2.5) << at;
            }
        }
    }
}

}  // namespace
}  // namespace tractive

namespace tractive {
namespace {

// Drives with full throttle in Sequential mode, shifting up at 90 % of the rev limit, and then
// down once; each shift must finish (clutch stuck again, pedal up) within the car's shift time,
// with the clutch operated automatically (pedal floored during the shift), and the engine speed
// matched to the new gear's input speed when it ends.
TEST(Sequential, ShiftsUpAndDownWithinShiftTimeWithAutomaticClutch) {
    for (const auto& [name, spec] : test::all_cars()) {
        // Traction control on: a full-throttle shift out of a wheelspin in first would measure the
        // tyres recovering grip rather than the shift.
        ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Sequential, false, true));
        const double h = car.sim.settings().internal_step_s;
        const double shift_time = spec.transmission.shift_time_s;
        const double limit = spec.engine.rpm_limit;
        DriverInput in = drive_input(1.0);
        in.shift_up = true;  // N -> 1
        car.step(in);
        in.shift_up = false;
        EXPECT_EQ(car.control.engaged_gear, 1) << name;
        int shifts = 0;
        double shift_start = -1.0;
        double max_pedal_in_shift = 0.0;
        const int top = std::min<int>(4, static_cast<int>(spec.transmission.forward_ratios.size()));
        bool down_done = false;
        car.drive(40.0, [&](const ControlledCar& c) {
            DriverInput d = drive_input(1.0);
            const bool engaged = c.control.clutch_phase == ClutchPhase::Engaged;
            if (engaged && shift_start < 0.0 && engine_rpm(c.state()) > 0.9 * limit && c.control.engaged_gear < top) {
                d.shift_up = true;
                shift_start = c.time_s();
            } else if (engaged && shift_start < 0.0 && c.control.engaged_gear == top && !down_done &&
                       engine_rpm(c.state()) > 0.5 * limit &&
                       engine_rpm(c.state()) * spec.transmission.forward_ratios[top - 2] / spec.transmission.forward_ratios[top - 1] < 0.9 * limit) {
                d.shift_down = true;
                shift_start = c.time_s();
                down_done = true;
            }
            return d;
        }, [&](const ControlledCar& c) {
            EXPECT_TRUE(c.state().engine_running) << name << " t " << c.time_s();
            if (shift_start >= 0.0) {
                max_pedal_in_shift = std::max(max_pedal_in_shift, c.last_controls.clutch);
                if (c.control.clutch_phase == ClutchPhase::Engaged) {
                    const double took = c.time_s() - shift_start;
                    const double slip = c.state().driveline.clutch_slip_rad_per_s;
                    std::printf("%-24s shift to %d took %.3f s (shift time %.2f), slip at end %.2f rad/s\n", name.c_str(),
                                c.control.engaged_gear, took, shift_time, slip);
                    // VDrift files give 50-80 ms shift times (RS2, XS): below 0.1 s (25 internal
                    // steps) the clutch cannot come in smoothly, so the time is only checked from 0.1 s.
                    if (shift_time >= 0.1) {
                        EXPECT_LE(took, shift_time + 2 * h) << name << " shift to " << c.control.engaged_gear;
                    }
                    EXPECT_EQ(max_pedal_in_shift, 1.0) << name;
                    // Revs matched: engine and gearbox input within 10 % of the engine speed when the
                    // pedal comes fully up (the stick/slip clutch takes up the rest).
                    EXPECT_LT(std::abs(slip), 0.1 * c.state().engine_speed_rad_per_s) << name;
                    ++shifts;
                    shift_start = -1.0;
                    max_pedal_in_shift = 0.0;
                }
            }
            return !down_done || shift_start >= 0.0;
        });
        EXPECT_GE(shifts, top - 1) << name;  // the upshifts
        // The downshift is asked for only where the lower gear stays under 90 % of the limit
        // at more than half the limit in top (the shipped cars; not all VDrift ratios allow it).
        if (down_done) {
            EXPECT_EQ(car.control.engaged_gear, top - 1) << name;
        }
    }
}

TEST(Sequential, RefusesReverseWhileRollingAndBeyondTopGear) {
    const VehicleSpec spec = test::example_car("roadster");
    InitialConditions ic;
    ic.speed_m_per_s = 10.0;
    ic.gear = 0;
    ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Sequential), ic);
    DriverInput in;
    in.shift_down = true;  // N -> R at 36 km/h
    car.step(in);
    EXPECT_TRUE(car.control.gear_change_refused);
    EXPECT_EQ(car.control.engaged_gear, 0);
    EXPECT_EQ(car.last_controls.gear, 0);
}

// Automatic: full throttle from standstill to 130 km/h; every upshift ends within the shift
// time with the revs matched, and the gear sequence only rises.
// (It once failed with 1 -> 2 -> 1 right after the start phase: the driven tyres' force chattered
// behind the slipping clutch while the step took the tyre law explicitly; docs/control.md.)
TEST(Automatic, UpshiftsWithRevsMatchedWithinShiftTime) {
    for (const auto& [name, spec] : test::all_cars()) {
        ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Automatic, false, true));
        const double h = car.sim.settings().internal_step_s;
        int last_gear = 0;
        int upshifts = 0;
        double shift_start = -1.0;
        car.drive(60.0, [](const ControlledCar&) { return drive_input(1.0); }, [&](const ControlledCar& c) {
            EXPECT_TRUE(c.state().engine_running) << name;
            if (c.control.clutch_phase == ClutchPhase::ShiftDisengage && shift_start < 0.0) shift_start = c.time_s() - h;
            if (shift_start >= 0.0 && c.control.clutch_phase == ClutchPhase::Engaged) {
                const double took = c.time_s() - shift_start;
                const double slip = c.state().driveline.clutch_slip_rad_per_s;
                std::printf("%-24s up to %d at %.1f km/h took %.3f s, slip at end %.2f rad/s\n", name.c_str(), c.control.engaged_gear,
                            forward_speed_m_per_s(c.state()) * 3.6, took, slip);
                if (spec.transmission.shift_time_s >= 0.1) {
                    EXPECT_LE(took, spec.transmission.shift_time_s + 2 * h) << name;
                }
                EXPECT_LT(std::abs(slip), 0.1 * c.state().engine_speed_rad_per_s) << name;
                shift_start = -1.0;
            }
            if (c.control.engaged_gear != last_gear) {
                EXPECT_GT(c.control.engaged_gear, last_gear) << name << " at " << c.time_s();
                if (last_gear > 0) ++upshifts;
                last_gear = c.control.engaged_gear;
            }
            EXPECT_LE(engine_rpm(c.state()), spec.engine.rpm_limit + 300.0) << name;
            return forward_speed_m_per_s(c.state()) < 130.0 / 3.6;
        });
        EXPECT_GE(upshifts, 2) << name;
    }
}

// Kick-down: cruising on a light throttle in a high gear, flooring the pedal selects a lower gear
// within half a second; the gear then gives more wheel torque.
// The automatic chooses its gear by the driven wheels' speed, but wheelspin beyond the tyres'
// peak slip is not speed: the road speed comes from the undriven wheels (the anti-lock unit's
// sensors), or on an all-wheel-drive car from the slowest wheel.
TEST(Automatic, ChoosesItsGearByTheRoadSpeedNotByWheelspin) {
    for (const char* name : {"roadster", "sedan_awd"}) {
        const VehicleSpec spec = test::example_car(name);
        const VehicleModel model = build_vehicle_model(spec);
        InitialConditions ic;
        ic.speed_m_per_s = 10.0;
        const VehicleState s = initial_state(model, RoadSpec{}, ic);
        const double rolling = gearbox_output_speed_rad_per_s(model, s);
        // Rolling without slip: the driven wheels' speed.
        EXPECT_NEAR(gear_choice_output_speed_rad_per_s(model, s, 0.1), rolling, 1e-9 * rolling) << name;
        // The front wheels 3 % fast (the roadster's are undriven: the road reads 3 % fast; the
        // sedan_awd's are driven: within the peak slip, theirs counts).
        VehicleState slipping = s;
        slipping.wheels[FL].spin_rad_per_s *= 1.03;
        slipping.wheels[FR].spin_rad_per_s *= 1.03;
        EXPECT_NEAR(gear_choice_output_speed_rad_per_s(model, slipping, 0.1), gearbox_output_speed_rad_per_s(model, slipping),
                    1e-9 * rolling) << name;
        // The driven rear wheels spinning at twice the road speed: capped at the road speed (the
        // undriven or the slowest wheels, here the fronts) plus the peak slip.
        VehicleState spinning = s;
        spinning.wheels[RL].spin_rad_per_s *= 2.0;
        spinning.wheels[RR].spin_rad_per_s *= 2.0;
        EXPECT_GT(gearbox_output_speed_rad_per_s(model, spinning), 1.4 * rolling) << name;
        EXPECT_NEAR(gear_choice_output_speed_rad_per_s(model, spinning, 0.1), 1.1 * rolling, 1e-9 * rolling) << name;
    }
}

TEST(Automatic, KickDownSelectsALowerGear) {
    for (const auto& [name, spec] : test::all_cars()) {
        InitialConditions ic;
        ic.speed_m_per_s = 60.0 / 3.6;
        ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Automatic), ic);
        car.drive(4.0, [](const ControlledCar&) { return drive_input(0.1); });
        const int cruise_gear = car.control.engaged_gear;
        ASSERT_GE(cruise_gear, 2) << name;
        int lowest = cruise_gear;
        car.drive(0.5, [](const ControlledCar&) { return drive_input(1.0); },
                  [&](const ControlledCar& c) {
                      lowest = std::min(lowest, c.control.clutch_phase == ClutchPhase::ShiftDisengage ? c.control.shift_target_gear
                                                                                                    : c.control.engaged_gear);
                      return true;
                  });
        std::printf("%-24s cruise gear %d at 60 km/h, kick-down to %d\n", name.c_str(), cruise_gear, lowest);
        EXPECT_LT(lowest, cruise_gear) << name;
    }
}

// Kick-down while the clutch slips on a start: rolling at 25 km/h in top gear with the clutch
// open (the gearbox input below idle, as the skidpad starts), full throttle. The start phase must
// not take the car away in top gear: it used to slip the clutch in top gear for tens of seconds
// (the public F1-02's skidpad), and a car that fell into a too-long gear at a lift-off sat there.
TEST(Automatic, KicksDownWhileTheClutchSlipsOnARollingStart) {
    for (const auto& [name, spec] : test::all_cars()) {
        const int top = static_cast<int>(spec.transmission.forward_ratios.size());
        InitialConditions ic;
        ic.speed_m_per_s = 25.0 / 3.6;
        ic.gear = top;
        ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Automatic), ic);
        if (car.control.clutch_phase != ClutchPhase::Open) continue;  // top gear turns above idle here
        int gear_after = top;
        car.drive(1.0, [](const ControlledCar&) { return drive_input(1.0); },
                  [&](const ControlledCar& c) {
                      gear_after = c.control.engaged_gear;
                      return true;
                  });
        std::printf("%-24s rolling at 25 km/h in gear %d, clutch open: gear %d after 1 s at full throttle\n", name.c_str(), top,
                    gear_after);
        EXPECT_LT(gear_after, top) << name;
        EXPECT_GE(gear_after, 1) << name;
    }
}

// The automatic shifts on the driver's pedal taken at once when it rises and followed with a
// 0.5 s time constant when it falls: a foot eased to 40 % for a moment (feathering wheelspin, a
// wheelie) does not change up; one that stays there does. (Shifting on the pedal itself, the
// public CT and FF changed up at walking pace while feathering a wheelspin and took 8-40 % longer
// to 100 km/h at 8 ms than at 0.8 ms.)
TEST(Automatic, AMomentaryLiftDoesNotChangeUpButALongOneDoes) {
    for (const char* name : {"roadster", "sedan_awd", "hatchback"}) {
        const VehicleSpec spec = test::example_car(name);
        InitialConditions ic;
        ic.speed_m_per_s = 50.0 / 3.6;
        ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Automatic), ic);
        car.drive(1.0, [](const ControlledCar&) { return drive_input(1.0); });
        const int gear = car.control.engaged_gear;
        int highest = gear;
        const auto track = [&](const ControlledCar& c) {
            highest = std::max({highest, c.control.engaged_gear, c.control.shift_target_gear});
            return true;
        };
        car.drive(0.1, [](const ControlledCar&) { return drive_input(0.4); }, track);
        EXPECT_EQ(highest, gear) << name << ": a 0.1 s lift to 40 % changed up";
        const int after_moment = highest;
        car.drive(3.0, [](const ControlledCar&) { return drive_input(0.4); }, track);
        std::printf("%-24s gear %d at full throttle; during a 0.1 s lift to 40 %%: %d; after 3 s at 40 %%: %d\n", name, gear,
                    after_moment, car.control.engaged_gear);
        EXPECT_GT(car.control.engaged_gear, gear) << name << ": 3 s at 40 % throttle did not change up";
    }
}

// Curve recognition: above 0.25 g of lateral acceleration the automatic holds its gear while the
// engine stays in range. The throttle swung between 20 and 80 % every second (a driver holding a
// line at the limit) changes gear on a straight, and not in a steady turn of about 0.5 g. (On a skidpad
// near the limit the public F40 changed between 2nd and 3rd every few seconds, and where it ran
// wide depended on the step: 1.24 g at 8 ms, 1.21 g at 0.8 ms; now 1.205 g at both.)
TEST(Automatic, HoldsItsGearInACorner) {
    for (const char* name : {"roadster", "sedan_awd"}) {
        const VehicleSpec spec = test::example_car(name);
        const auto count_shifts = [&](double steering) {
            InitialConditions ic;
            ic.speed_m_per_s = 60.0 / 3.6;
            ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Automatic), ic);
            int shifts = 0;
            int gear = car.control.engaged_gear;
            double lateral_g = 0.0;
            car.drive(8.0, [&](const ControlledCar& c) {
                DriverInput in = drive_input(std::fmod(c.time_s(), 2.0) < 1.0 ? 0.2 : 0.8);
                in.steering = steering;
                return in;
            }, [&](const ControlledCar& c) {
                if (c.control.engaged_gear != gear) {
                    if (c.time_s() > 1.0) ++shifts;  // once the turn is set up
                    gear = c.control.engaged_gear;
                }
                const Mat3 r = to_matrix(c.state().orientation);
                lateral_g = std::abs(dot(c.state().acceleration_m_per_s2, Vec3{r.m[0][1], r.m[1][1], r.m[2][1]})) / 9.80665;
                return true;
            });
            return std::pair{shifts, lateral_g};
        };
        const auto [straight, straight_g] = count_shifts(0.0);
        // Steering for about 0.5 g at 60 km/h.
        const auto [turning, turning_g] = count_shifts(0.09);
        std::printf("%-10s throttle 20 <-> 80 %% every second at 60 km/h: %d shifts on a straight, %d in a %.2f g turn\n", name,
                    straight, turning, turning_g);
        EXPECT_GE(straight, 2) << name;
        EXPECT_GT(turning_g, 0.3) << name;
        EXPECT_EQ(turning, 0) << name;
    }
}

// A top gear too long for the car's power: at the rev limit of the gear below, the next gear
// would be slower, and the automatic must hold the lower gear on the limiter even while the
// limiter's cut swings the gearbox torque (it judges the road load low-passed; from one step's
// sample at a cut it changed up into the slower gear, the public Z06's top speed coming out at
// 233 km/h against 280 in fifth). The top speed is the same as the car's without that gear.
TEST(Automatic, HoldsTheGearBelowATopGearTooLongForItsPower) {
    VehicleSpec spec = test::example_car("roadster");
    VehicleSpec without_top = spec;
    without_top.transmission.forward_ratios.pop_back();
    constexpr double kLonger = 0.85;  // the top gear's ratio times this
    spec.transmission.forward_ratios.back() *= kLonger;
    const StandardTestResult with_long = run_standard_test("top-speed", spec);
    const StandardTestResult without = run_standard_test("top-speed", without_top);
    ASSERT_TRUE(without.passed()) << without.reason;
    EXPECT_TRUE(with_long.passed()) << to_string(with_long.status) << ": " << with_long.reason;
    const double v_long = with_long.metric("top_speed_kmh").value;
    const double v_without = without.metric("top_speed_kmh").value;
    std::printf("roadster with its top gear's ratio times %.2f: %.1f km/h; without that gear: %.1f km/h\n", kLonger, v_long,
                v_without);
    EXPECT_NEAR(v_long, v_without, 0.005 * v_without);
}

// The next gear's force is taken after the gearbox's loss, as the measured road load is: a load
// between eta F_engine and F_engine (the next gear's engine force over speed, eta the gearbox
// efficiency) is more than the next gear can hold. (Before, the loss was left out of F_next and
// an upshift into a gear with up to 1 - eta less power went through: the MX-5 on its public-data
// tyres settled in sixth at 224.7 km/h with fifth good for 232.9.)
TEST(Automatic, CountsTheGearboxLossInTheNextGearsForce) {
    const VehicleSpec spec = test::example_car("roadster");
    InitialConditions ic;
    ic.speed_m_per_s = 150.0 / 3.6;
    ic.gear = 5;
    ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Manual), ic);
    car.drive(1.0, [](const ControlledCar&) { return drive_input(1.0, 5); });
    const VehicleModel& model = car.sim.model();
    const VehicleState& s = car.state();
    const double v = forward_speed_m_per_s(s);
    const double w6 = gearbox_ratio(spec.transmission, 6) * gearbox_output_speed_rad_per_s(model, s);
    const EngineTorque t = engine_torque(spec.engine, w6 / kRadPerSecPerRpm, 1.0, true);
    const double f_engine = (t.drive_nm - t.resistive_nm) * w6 / v;
    const double eta = spec.transmission.efficiency;
    ASSERT_LT(eta, 0.95);
    EXPECT_TRUE(upshift_would_lose_speed(model, s, 6, 1.0, 0.5 * (eta + 1.0) * f_engine));
    EXPECT_FALSE(upshift_would_lose_speed(model, s, 6, 1.0, 0.99 * eta * f_engine));
}

// The road load the upshift check compares with is low-passed: one step's sample at a rev
// limiter's cut (the gearbox torque near zero while the tyres still push, the car's deceleration
// overstated) moves it by about h / 0.5 s of the jump, not all the way.
TEST(Automatic, JudgesTheRoadLoadLowPassed) {
    const VehicleSpec spec = test::example_car("roadster");
    InitialConditions ic;
    ic.speed_m_per_s = 200.0 / 3.6;
    ic.gear = 5;
    ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Automatic), ic);
    car.drive(2.0, [](const ControlledCar&) { return drive_input(1.0); });
    const double settled = car.control.road_load_n;
    const double sample = road_load_sample_n(car.sim.model(), car.state());
    ASSERT_TRUE(std::isfinite(settled));
    EXPECT_NEAR(settled, sample, 0.05 * std::abs(sample));
    // One step whose sample is half the load (a cut): the estimate moves by 1 - exp(-h / 0.5 s).
    VehicleState cut = car.state();
    cut.driveline.gearbox_torque_nm *= 0.5;
    const double cut_sample = road_load_sample_n(car.sim.model(), cut);
    ControllerState c = car.control;
    const double h = car.sim.settings().internal_step_s;
    (void)control_step(car.sim.model(), cut, drive_input(1.0), car.settings, h, c);
    const double expected = cut_sample + (settled - cut_sample) * std::exp(-h / 0.5);
    EXPECT_NEAR(c.road_load_n, expected, 1e-9 * std::abs(expected));
    EXPECT_GT(c.road_load_n, settled - 0.02 * (settled - cut_sample));
    // Below 5 m/s it is unknown.
    VehicleState slow = car.state();
    slow.velocity_m_per_s = slow.velocity_m_per_s * (4.0 / forward_speed_m_per_s(slow));
    (void)control_step(car.sim.model(), slow, drive_input(1.0), car.settings, h, c);
    EXPECT_TRUE(std::isnan(c.road_load_n));
}

// Neutral at a stop: braking to a standstill from 50 km/h with the throttle released, the
// gearbox goes to neutral and the engine keeps running.
TEST(Automatic, GoesToNeutralWhenTheCarStops) {
    for (const auto& [name, spec] : test::all_cars()) {
        InitialConditions ic;
        ic.speed_m_per_s = 50.0 / 3.6;
        ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Automatic), ic);
        DriverInput in = drive_input(0.0);
        in.brake = 0.4;
        double stopped_at = -1.0;
        car.drive(15.0, [&](const ControlledCar&) { return in; }, [&](const ControlledCar& c) {
            EXPECT_TRUE(c.state().engine_running) << name << " t " << c.time_s();
            if (stopped_at < 0.0 && std::abs(forward_speed_m_per_s(c.state())) < 0.01) stopped_at = c.time_s();
            return stopped_at < 0.0 || c.time_s() < stopped_at + 1.0;
        });
        ASSERT_GT(stopped_at, 0.0) << name;
        EXPECT_EQ(car.control.engaged_gear, 0) << name;
        EXPECT_EQ(car.state().gear, 0) << name;
    }
}

// Stopped on a 10 % grade in D, brake released: the car goes to neutral and rolls back; full
// throttle in D then puts first in and drives it up the hill. Before, the gear went in and came
// out again in the same step (the stall guard read the last shift's target, neutral, for a shift
// begun with the clutch open), and the car rolled backwards in N at full throttle for good.
TEST(Automatic, DSelectedWhileRollingBackDrivesTheCarUpTheHill) {
    RoadSpec hill;
    hill.grade = 0.1;
    for (const auto& [name, spec] : test::all_cars()) {
        ControlledCar car(spec, hill, test::settings_with(ShiftMode::Automatic));
        DriverInput in = drive_input(0.0);
        in.brake = 1.0;
        car.drive(1.0, [&](const ControlledCar&) { return in; });
        in.brake = 0.0;
        car.drive(1.0, [&](const ControlledCar&) { return in; });
        ASSERT_LT(forward_speed_m_per_s(car.state()), -0.3) << name << ": rolling back in neutral";
        in.throttle = 1.0;
        double lowest_x = car.state().position_m.x;
        car.drive(8.0, [&](const ControlledCar&) { return in; }, [&](const ControlledCar& c) {
            lowest_x = std::min(lowest_x, c.state().position_m.x);
            return true;
        });
        EXPECT_GE(car.state().gear, 1) << name;
        EXPECT_GT(forward_speed_m_per_s(car.state()), 5.0) << name << " at " << car.state().position_m.x << " m";
        EXPECT_GT(lowest_x, -5.0) << name << ": rolled back too far before driving up";
    }
}

}  // namespace
}  // namespace tractive

namespace tractive {
namespace {

// Emergency stop in D without ABS (issue 4): the driven wheels lock within about 0.15 s and the
// gearbox input falls to zero with them. The automated clutch must open before the engine is
// dragged below its stall speed, whatever phase it is in (it used to start a downshift, whose
// pedal takes T/4 to floor, and stalled the hatchback, sedan_awd and ucwin_sedan). Two runs per
// car: braking at once from 100 km/h (the gearbox still choosing its gear from N), and after 3 s
// of cruising on a light throttle (a gear in, the clutch engaged).
TEST(Automatic, LockingTheDrivenWheelsDoesNotStallTheEngine) {
    for (const auto& [name, spec] : test::all_cars()) {
        for (const double cruise_s : {0.0, 3.0}) {
            InitialConditions ic;
            ic.speed_m_per_s = 100.0 / 3.6;
            ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Automatic, false, false), ic);
            car.drive(cruise_s, [](const ControlledCar&) { return drive_input(0.2); });
            const int gear_at_brake = car.control.engaged_gear;
            DriverInput in = drive_input(0.0);
            in.brake = 1.0;
            double stopped_at = -1.0;
            bool stalled = false;
            car.drive(20.0, [&](const ControlledCar&) { return in; }, [&](const ControlledCar& c) {
                if (!c.state().engine_running) stalled = true;
                if (stopped_at < 0.0 && speed_m_per_s(c.state()) < 0.05) stopped_at = c.time_s();
                return !stalled && (stopped_at < 0.0 || c.time_s() < stopped_at + 1.0);
            });
            std::printf("%-24s braking in D after %.0f s cruise (gear %d): stopped at %.2f s, stalled %d\n", name.c_str(),
                        cruise_s, gear_at_brake, stopped_at, stalled ? 1 : 0);
            EXPECT_FALSE(stalled) << name << " cruise " << cruise_s << " s, t " << car.time_s();
            EXPECT_GT(stopped_at, 0.0) << name;
        }
    }
}

}  // namespace
}  // namespace tractive

namespace tractive {
namespace {

// Full throttle in D from a rolling start at 100 km/h (issue 4): the automatic upshifts before
// the rev limiter, so the limiter never cuts the fuel. (It used to choose by full-load torque
// alone, which does not see the limiter: sedan_awd took 2nd at 6,610 rpm and stayed there,
// bouncing on the cut.) 30 s, or until 200 km/h.
TEST(Automatic, FullThrottleFromARollingStartNeverReachesTheRevLimiter) {
    for (const auto& [name, spec] : test::all_cars()) {
        InitialConditions ic;
        ic.speed_m_per_s = 100.0 / 3.6;
        ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Automatic, false, true), ic);
        long cut_steps = 0;
        double max_rpm = 0.0;
        int top_gear_used = 0;
        car.drive(30.0, [](const ControlledCar&) { return drive_input(1.0); }, [&](const ControlledCar& c) {
            if (c.state().rev_limiter_cut) ++cut_steps;
            max_rpm = std::max(max_rpm, engine_rpm(c.state()));
            top_gear_used = std::max(top_gear_used, c.control.engaged_gear);
            return forward_speed_m_per_s(c.state()) < 200.0 / 3.6;
        });
        std::printf("%-24s full throttle from 100 km/h: highest gear %d, max %.0f rpm (limit %.0f), limiter-cut steps %ld, "
                    "end %.1f km/h\n",
                    name.c_str(), top_gear_used, max_rpm, spec.engine.rpm_limit, cut_steps,
                    forward_speed_m_per_s(car.state()) * 3.6);
        EXPECT_EQ(cut_steps, 0) << name;
        EXPECT_LE(max_rpm, spec.engine.rpm_limit) << name;
    }
}

// Full throttle in D held to the top speed, steering held straight (no lane keeper: the car may
// drift off the line on the unbounded flat road): the gearbox settles in one gear and the speed
// settles, on every shipped and shared car. ucwin_sedan's top-speed standard test does not settle
// (docs/control.md): its lane keeper's loop weaves and spins the car at about 176 km/h in 4th,
// and the 4 -> 3 -> 2 downshifts that follow are the spin's. This test shows the gear choice is
// not the cause: with the steering held, ucwin_sedan settles at about 187 km/h in 4th, 19 % above
// the speed below which 3rd would be chosen again (0.95 x 0.97 x 6,400 rpm in 3rd = 157 km/h).
// Settled: the speed sampled every 0.1 s moves less than 0.05 m/s over 10 s; cap 400 s.
TEST(Automatic, SettlesInOneGearAtTopSpeed) {
    for (const auto& [name, spec] : test::all_cars()) {
        InitialConditions ic;
        ic.speed_m_per_s = 100.0 / 3.6;
        ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Automatic, false, false), ic);
        std::deque<double> window;  // speed every 0.1 s over the last 10 s
        double last_shift_s = 0.0;
        int gear = car.control.engaged_gear;
        const long sample_steps = std::lround(0.1 / car.sim.settings().internal_step_s);
        long k = 0;
        bool settled = false;
        car.drive(400.0, [](const ControlledCar&) { return drive_input(1.0); }, [&](const ControlledCar& c) {
            if (c.control.engaged_gear != gear) {
                gear = c.control.engaged_gear;
                last_shift_s = c.time_s();
            }
            if (++k % sample_steps != 0) return true;
            window.push_back(forward_speed_m_per_s(c.state()));
            if (window.size() > 101) window.pop_front();
            if (window.size() < 101) return true;
            const auto [lo, hi] = std::minmax_element(window.begin(), window.end());
            settled = *hi - *lo < 0.05;
            return !settled;
        });
        const double v_auto = forward_speed_m_per_s(car.state());
        std::printf("%-24s full throttle, steering held: settled %d at %.1f km/h in gear %d, last shift at %.1f s of %.1f s\n",
                    name.c_str(), settled ? 1 : 0, v_auto * 3.6, gear, last_shift_s, car.time_s());
        EXPECT_TRUE(settled) << name;
        EXPECT_LT(last_shift_s, car.time_s() - 10.0) << name;
        // Held in the gear below or above (manual, full throttle, from the automatic's speed),
        // the car is no faster: the automatic sits in the gear of the best top speed. (A gear
        // whose rev limit is below that speed cannot be held there and is skipped.)
        for (const int other : {gear - 1, gear + 1}) {
            if (other < 1 || other > static_cast<int>(spec.transmission.forward_ratios.size())) continue;
            InitialConditions held_ic;
            held_ic.speed_m_per_s = v_auto;
            held_ic.gear = other;
            ControlledCar held(spec, RoadSpec{}, test::settings_with(ShiftMode::Manual, false, false), held_ic);
            if (engine_rpm(held.state()) > spec.engine.rpm_limit) continue;
            held.drive(60.0, [&](const ControlledCar&) { return drive_input(1.0, other); });
            const double v_held = forward_speed_m_per_s(held.state());
            std::printf("%-24s   held in gear %d from there: %.1f km/h after 60 s\n", name.c_str(), other, v_held * 3.6);
            EXPECT_LT(v_held, v_auto * 1.005) << name << ": gear " << other << " is faster than the automatic's " << gear;
        }
    }
}

}  // namespace
}  // namespace tractive

namespace tractive {
namespace {

using test::all_cars;
using test::ControlledCar;
using test::settings_with;

TEST(AutomatedClutch, ClosesTheSlipAtAnyThrottleOnceTheCarRolls) {
    // The start phase locks the clutch within kStartSlipCloseTime_s (and the engine's approach
    // with the launch time constant, four of them) of the gearbox input reaching
    // the lowest drive speed, at any throttle, on every car: before, the VDrift XS at 27 %
    // throttle in first slipped for 12 s, and after an upshift into third whose revs did not
    // match (automatic, same throttle) for more than 30 s, the launch map holding the engine at
    // 2,900 rpm over the gearbox input.
    for (const auto& [name, spec] : all_cars()) {
        for (const double throttle : {0.27, 0.5, 1.0}) {
            for (const ShiftMode mode : {ShiftMode::Sequential, ShiftMode::Automatic}) {
                ControlledCar car(spec, RoadSpec{}, settings_with(mode));
                const double low_rpm = lowest_drive_rpm(spec.engine);
                double rolling_since = -1.0;  // first time the gearbox input reached the lowest drive speed
                double longest_slip_s = 0.0;
                bool stalled = false;
                car.drive(
                    25.0,
                    [&](const ControlledCar& c) {
                        DriverInput in;
                        in.throttle = throttle;
                        in.gear_lever = 1;
                        in.shift_up = mode == ShiftMode::Sequential && c.time_s() < 0.1;  // into first
                        return in;
                    },
                    [&](const ControlledCar& c) {
                        const VehicleState& s = c.state();
                        if (!s.engine_running) stalled = true;
                        const bool start = c.control.clutch_phase == ClutchPhase::Start;
                        const double w_in = std::abs(s.gearbox_speed_rad_per_s);
                        if (start && w_in >= low_rpm * kRadPerSecPerRpm) {
                            if (rolling_since < 0.0) rolling_since = s.time_s;
                            longest_slip_s = std::max(longest_slip_s, s.time_s - rolling_since);
                        } else if (!start) {
                            rolling_since = -1.0;
                        }
                        return !stalled;
                    });
                const char* mode_name = to_string(mode);
                EXPECT_FALSE(stalled) << name << " throttle " << throttle << " " << mode_name;
                EXPECT_LT(longest_slip_s, kStartSlipCloseTime_s + 4.0 * kLaunchTimeConstant_s)
                    << name << " throttle " << throttle << " " << mode_name << ": the start phase slipped that long while rolling";
                EXPECT_NE(car.control.clutch_phase, ClutchPhase::Start) << name << " throttle " << throttle << " " << mode_name;
            }
        }
    }
}

}  // namespace
}  // namespace tractive

namespace tractive {
namespace {

TEST(AutomatedClutch, OpensUnderHardBrakingAndEngagesAgainAfter) {
    // A hard stop in D: the clutch opens at once, so the engine's inertia and drag do not act on
    // the driven wheels under the ABS, and closes again when the driver goes back on the throttle.
    for (const auto& [name, spec] : test::all_cars()) {
        InitialConditions ic;
        ic.speed_m_per_s = 100.0 / 3.6;
        ic.gear = static_cast<int>(spec.transmission.forward_ratios.size());
        test::ControlledCar car(spec, RoadSpec{}, test::settings_with(ShiftMode::Automatic, true, false), ic);
        ASSERT_EQ(car.control.clutch_phase, ClutchPhase::Engaged) << name;
        bool opened_at_once = false;
        bool stayed_open = true;
        car.drive(2.0, [](const test::ControlledCar&) {
            DriverInput in;
            in.gear_lever = 1;
            in.brake = 1.0;
            return in;
        }, [&](const test::ControlledCar& c) {
            if (c.time_s() < 0.02) opened_at_once = c.control.clutch_phase == ClutchPhase::Open;
            stayed_open = stayed_open && c.control.clutch_phase == ClutchPhase::Open;
            return true;
        });
        EXPECT_TRUE(opened_at_once) << name;
        EXPECT_TRUE(stayed_open) << name;
        EXPECT_TRUE(car.state().engine_running) << name;
        bool engaged = false;
        car.drive(6.0, [](const test::ControlledCar&) {
            DriverInput in;
            in.gear_lever = 1;
            in.throttle = 0.5;
            return in;
        }, [&](const test::ControlledCar& c) {
            engaged = engaged || c.control.clutch_phase == ClutchPhase::Engaged;
            return true;
        });
        EXPECT_TRUE(engaged) << name << ": the clutch closed again on the throttle";
    }
}

}  // namespace
}  // namespace tractive

namespace tractive {

// The gear choice is the rule gear_choice.hpp states, read straight off it for every gear: each
// forward gear's full-load wheel torque in its rev range, the highest gear giving the throttle's
// share of the largest, the current gear held within 95 % of that. (choose_automatic_gear leaves
// out the gears that cannot count; this checks that leaving them out changes no choice.) Every
// car, gearbox output speeds from a crawl to past the top gear's limit, five throttles, every
// current gear from neutral to top.
TEST(Automatic, TheGearChoiceIsTheRuleItsHeaderStates) {
    const auto by_the_rule = [](const VehicleModel& model, double w_out, double throttle, int current) {
        const TransmissionSpec& t = model.spec.transmission;
        const EngineSpec& e = model.spec.engine;
        const int n = static_cast<int>(t.forward_ratios.size());
        std::vector<double> wheel(static_cast<std::size_t>(n) + 1, 0.0);
        double best = 0.0;
        for (int g = 1; g <= n; ++g) {
            const double rpm = t.forward_ratios[g - 1] * std::abs(w_out) / kRadPerSecPerRpm;
            const double top = automatic_upshift_rpm(e) * (current >= 1 && g < current ? kDownshiftBandShare : 1.0);
            if (rpm >= lowest_drive_rpm(e) && rpm <= top) wheel[static_cast<std::size_t>(g)] = full_load_torque_nm(e, rpm) * t.forward_ratios[g - 1];
            best = std::max(best, wheel[static_cast<std::size_t>(g)]);
        }
        if (!(best > 0.0)) return t.forward_ratios[0] * std::abs(w_out) / kRadPerSecPerRpm < lowest_drive_rpm(e) ? 1 : n;
        const double demand = std::clamp(throttle, 0.0, 1.0) * best;
        int choice = 0;
        for (int g = n; g >= 1 && choice == 0; --g)
            if (wheel[static_cast<std::size_t>(g)] > 0.0 && wheel[static_cast<std::size_t>(g)] >= demand) choice = g;
        if (current >= 1 && current <= n && choice < current && wheel[static_cast<std::size_t>(current)] > 0.0 &&
            wheel[static_cast<std::size_t>(current)] >= 0.95 * demand)
            return current;
        return choice;
    };
    long compared = 0, held_or_skipped = 0;
    for (const auto& [name, spec] : test::all_cars()) {
        const VehicleModel model = build_vehicle_model(spec);
        const int n = static_cast<int>(spec.transmission.forward_ratios.size());
        const double top_w_out = 1.2 * spec.engine.rpm_limit * kRadPerSecPerRpm / spec.transmission.forward_ratios.back();
        for (int k = 0; k <= 400; ++k) {
            const double w_out = top_w_out * k / 400.0;
            for (const double throttle : {0.0, 0.2, 0.55, 0.9, 1.0}) {
                for (int current = 0; current <= n; ++current) {
                    const int expected = by_the_rule(model, w_out, throttle, current);
                    ASSERT_EQ(choose_automatic_gear(model, w_out, throttle, current), expected)
                        << name << ": output " << w_out << " rad/s, throttle " << throttle << ", in gear " << current;
                    ++compared;
                    held_or_skipped += expected == current ? 1 : 0;
                }
            }
        }
    }
    std::printf("%ld gear choices as the rule gives (%ld of them the current gear)\n", compared, held_or_skipped);
    EXPECT_GT(held_or_skipped, compared / 10);
}

}  // namespace tractive
