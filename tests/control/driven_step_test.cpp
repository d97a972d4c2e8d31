// step_driven: the one internal step every stepping loop calls (control/driven_step.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include "control/control_support.hpp"
#include "control/sanitized_input.hpp"
#include "tractive/control/driven_step.hpp"

namespace tractive {
namespace {

// A launch in the automatic's D, then a turn under braking (the automated clutch, the gear choice,
// ABS and traction control all at work).
DriverInput launch_input(double t) {
    DriverInput in;
    in.gear_lever = 1;
    in.throttle = t < 3.0 ? 1.0 : 0.0;
    in.brake = t < 3.0 ? 0.0 : 0.8;
    in.steering = t > 2.0 ? 0.3 : 0.0;
    return in;
}

// Two controls the same to the bit, field by field (not the bytes between the fields, which
// copying need not keep).
bool same_bits(const Controls& a, const Controls& b) {
    const auto bits = [](double x) { return std::bit_cast<std::uint64_t>(x); };
    bool same = bits(a.throttle) == bits(b.throttle) && bits(a.brake) == bits(b.brake) && bits(a.clutch) == bits(b.clutch) &&
                bits(a.steering) == bits(b.steering) && bits(a.handbrake) == bits(b.handbrake) && a.gear == b.gear &&
                a.start_engine == b.start_engine;
    for (std::size_t i = 0; i < 4; ++i)
        same = same && bits(a.wheel_brake_factor[i]) == bits(b.wheel_brake_factor[i]) && bits(a.wheel_aid_brake[i]) == bits(b.wheel_aid_brake[i]);
    return same;
}

// The same car stepped by hand (control_step, then step_fixed) and by step_driven stays the same
// to the bit, and the controls step_driven reports are those the control layer gave.
TEST(DrivenStep, IsTheControlLayerThenTheFixedStep) {
    const VehicleSpec spec = test::example_car("roadster");
    const ControlSettings settings = test::settings_with(ShiftMode::Automatic, true, true);
    const InitialConditions ic;
    Simulation by_hand(spec, RoadSpec{}, StepSettings{}, ic);
    Simulation driven(spec, RoadSpec{}, StepSettings{}, ic);
    ControllerState hand_control = initial_controller_state(by_hand.model(), by_hand.state(), settings);
    ControllerState driven_control = hand_control;
    const double h = by_hand.settings().internal_step_s;
    for (int k = 0; k < 500; ++k) {
        const DriverInput in = launch_input(by_hand.state().time_s);
        const Controls c = control_step(by_hand.model(), by_hand.state(), in, settings, h, hand_control);
        step_fixed(by_hand.model(), by_hand.ground(), c, by_hand.settings(), by_hand.mutable_state());
        const DrivenStep step = step_driven(driven.model(), driven.ground(), driven.settings(), settings, in, driven_control, driven.mutable_state());
        ASSERT_TRUE(step.plausible);
        ASSERT_TRUE(same_bits(step.applied, c)) << "at step " << k;
        ASSERT_EQ(driven.state().position_m.x, by_hand.state().position_m.x) << "at step " << k;
        ASSERT_EQ(driven.state().engine_speed_rad_per_s, by_hand.state().engine_speed_rad_per_s) << "at step " << k;
        ASSERT_EQ(driven.state().angular_velocity_rad_per_s.z, by_hand.state().angular_velocity_rad_per_s.z) << "at step " << k;
    }
    EXPECT_GT(driven.state().position_m.x, 15.0);  // it drove off
}

// The driver's input as the control layer takes it, and the controls as the step takes them
// (clamped): each pedal std::clamp'ed to 0..1 and the steering to -1..1, to the bit (a sign of
// zero kept), a number that is not finite taken as 0; each field on its own, whatever the others
// hold.
TEST(DrivenStep, TheDriversInputAndTheControlsAreTakenInTheirRanges) {
    const double wild[] = {-3.0, -1.0, -0.0, 0.0, 0.4, 1.0, 1.0 + 1e-16, 7.0, -1e300, std::nan(""), INFINITY, -INFINITY};
    const auto rule = [](double v, double lo) { return std::isfinite(v) ? std::clamp(v, lo, 1.0) : 0.0; };
    const auto bits = [](double v) { return std::bit_cast<std::uint64_t>(v); };
    const auto expect_pedals_taken = [&](const auto& taken, const auto& given) {  // a DriverInput's or a Controls' five
        EXPECT_EQ(bits(taken.throttle), bits(rule(given.throttle, 0.0))) << given.throttle;
        EXPECT_EQ(bits(taken.brake), bits(rule(given.brake, 0.0))) << given.brake;
        EXPECT_EQ(bits(taken.clutch), bits(rule(given.clutch, 0.0))) << given.clutch;
        EXPECT_EQ(bits(taken.steering), bits(rule(given.steering, -1.0))) << given.steering;
        EXPECT_EQ(bits(taken.handbrake), bits(rule(given.handbrake, 0.0))) << given.handbrake;
    };
    int k = 0;
    for (const double a : wild) {
        for (const double b : wild) {
            DriverInput in;
            in.throttle = a;
            in.brake = b;
            in.clutch = wild[k % std::size(wild)];
            in.steering = wild[(k + 5) % std::size(wild)];
            in.handbrake = wild[(k + 7) % std::size(wild)];
            in.gear_lever = k % 9 - 2;
            in.shift_up = k % 2 == 0;
            ++k;
            const DriverInput out = detail::sanitized(in);
            expect_pedals_taken(out, in);
            EXPECT_EQ(out.gear_lever, in.gear_lever);
            EXPECT_EQ(out.shift_up, in.shift_up);
            Controls c = direct_controls(in);  // the same five pedals, as given
            for (std::size_t i = 0; i < 4; ++i) {
                c.wheel_brake_factor[i] = wild[(k + i) % std::size(wild)];
                c.wheel_aid_brake[i] = wild[(k + 3 * i + 1) % std::size(wild)];
            }
            c.gear = k % 11 - 3;
            const Controls taken = clamped(c, 6);
            expect_pedals_taken(taken, c);
            for (std::size_t i = 0; i < 4; ++i) {
                const double factor = c.wheel_brake_factor[i];
                EXPECT_EQ(bits(taken.wheel_brake_factor[i]), bits(std::isfinite(factor) ? std::clamp(factor, 0.0, 1.0) : 1.0)) << factor;
                EXPECT_EQ(bits(taken.wheel_aid_brake[i]), bits(rule(c.wheel_aid_brake[i], 0.0))) << c.wheel_aid_brake[i];
            }
            EXPECT_EQ(taken.gear, std::clamp(c.gear, -1, 6));
        }
    }
}

// step_driven hands the step control_step's controls without clamping them again
// (dynamics/step_in_range.hpp): they must be clamped()'s fixed point, whatever the driver gives,
// out of range or not a number, in either box, with every aid on.
TEST(DrivenStep, TheControlLayersControlsAreInTheirRanges) {
    const VehicleSpec spec = test::example_car("roadster");
    const int gears = static_cast<int>(spec.transmission.forward_ratios.size());
    const double wild[] = {-3.0, -1.0, 0.0, 0.4, 1.0, 7.0, std::nan(""), INFINITY, -INFINITY};
    for (const ShiftMode mode : {ShiftMode::Manual, ShiftMode::Automatic}) {
        ControlSettings settings = test::settings_with(mode, true, true);
        settings.aids.esc = true;
        Simulation sim(spec, RoadSpec{}, StepSettings{}, InitialConditions{});
        ControllerState control = initial_controller_state(sim.model(), sim.state(), settings);
        int k = 0;
        for (const double a : wild) {
            for (const double b : wild) {
                DriverInput in;
                in.throttle = a;
                in.brake = b;
                in.clutch = b;
                in.steering = a;
                in.handbrake = b;
                in.gear_lever = k % 9 - 2;
                ++k;
                const Controls c = control_step(sim.model(), sim.state(), in, settings, sim.settings().internal_step_s, control);
                ASSERT_EQ(clamped(c, gears), c) << "throttle " << a << ", brake " << b;
                step_fixed(sim.model(), sim.ground(), c, sim.settings(), sim.mutable_state());
            }
        }
    }
}

// A clutch dropped at idle against the brakes stalls the engine: step_driven says so in the one
// step it stops; a state made non-finite is reported, not hidden.
TEST(DrivenStep, ReportsTheStepTheEngineStopsInAndANonFiniteState) {
    const VehicleSpec spec = test::example_car("roadster");
    const ControlSettings settings = test::settings_with(ShiftMode::Manual);
    InitialConditions ic;
    ic.gear = 1;
    Simulation sim(spec, RoadSpec{}, StepSettings{}, ic);
    ControllerState control = initial_controller_state(sim.model(), sim.state(), settings);
    DriverInput in;
    in.gear_lever = 1;
    in.brake = 1.0;
    int stops = 0;
    double stopped_at_s = -1.0;
    for (int k = 0; k < 500; ++k) {
        const bool running = sim.state().engine_running;
        const DrivenStep step = step_driven(sim.model(), sim.ground(), sim.settings(), settings, in, control, sim.mutable_state());
        ASSERT_TRUE(step.plausible);
        EXPECT_EQ(step.engine_stopped, running && !sim.state().engine_running);
        if (step.engine_stopped) {
            ++stops;
            stopped_at_s = sim.state().time_s;
        }
    }
    EXPECT_EQ(stops, 1);
    EXPECT_GT(stopped_at_s, 0.0);
    EXPECT_FALSE(sim.state().engine_running);

    sim.mutable_state().velocity_m_per_s.x = std::nan("");
    EXPECT_FALSE(step_driven(sim.model(), sim.ground(), sim.settings(), settings, in, control, sim.mutable_state()).plausible);
}

}  // namespace
}  // namespace tractive
