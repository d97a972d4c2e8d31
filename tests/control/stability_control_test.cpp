// The stability control (control/stability_control.hpp) on states set up by hand: which wheel it
// brakes for oversteer, understeer and a near roll-over, its reference against the single-track
// model's closed form, and where it stays idle.
#include <gtest/gtest.h>

#include <cmath>

#include "control/control_support.hpp"
#include "tractive/control/stability_control.hpp"
#include "tractive/laws/steering.hpp"
#include "tractive/spec/mass_properties.hpp"

namespace tractive {
namespace {

struct CarWithUnit {
    VehicleModel model;
    VehicleState state;
    ControllerState control;
};

// The roadster rolling straight at v, its controller with the stability control on.
CarWithUnit rolling_roadster(double v_m_per_s) {
    CarWithUnit s{build_vehicle_model(test::example_car("roadster")), {}, {}};
    InitialConditions ic;
    ic.speed_m_per_s = v_m_per_s;
    ic.gear = 3;
    s.state = initial_state(s.model, RoadSpec{}, ic);
    for (WheelOutputs& w : s.state.wheel_outputs) {  // as a first step would find them: on the road
        w.in_contact = true;
        w.friction_factor = 1.0;
    }
    ControlSettings settings = control_settings_for(s.model.spec);
    settings.aids.esc = true;
    s.control = initial_controller_state(s.model, s.state, settings);
    return s;
}

// Calls the unit for duration_s in 8 ms control steps on the same vehicle state; returns the
// last throttle it let through of a full one.
double run_unit(CarWithUnit& s, double steering, double duration_s) {
    double throttle = 1.0;
    for (int k = 0; k < static_cast<int>(std::lround(duration_s / 0.008)); ++k) {
        throttle = stability_control_step(s.model, s.state, steering, 0.0, 1.0, 0.008, s.control);
    }
    return throttle;
}

TEST(StabilityControl, BrakesTheOuterFrontWhenTheCarYawsMoreThanItsDriverAsks) {
    for (const double r : {0.6, -0.6}) {
        SCOPED_TRACE(r);
        CarWithUnit s = rolling_roadster(20.0);
        s.state.angular_velocity_rad_per_s = {0.0, 0.0, r};  // yawing, the steering straight
        const double throttle = run_unit(s, 0.0, 0.3);
        const int outer_front = r > 0.0 ? FR : FL;  // a left yaw is stopped by the right front's brake
        for (int i = 0; i < 4; ++i) {
            if (i == outer_front) EXPECT_GT(s.control.esc_brake[i], 0.5) << i;
            else EXPECT_EQ(s.control.esc_brake[i], 0.0) << i;
        }
        EXPECT_LT(throttle, 0.1);  // the engine cut while it brakes
        EXPECT_TRUE(s.control.esc_active);
    }
}

// Under the driver's full braking, with the ABS holding the right front wheel (the slippery side
// of a split road: it has no braking force to add), a left yaw is stopped by easing the left
// front's brake instead, and by letting the right one run at more slip. Without the ABS on that
// wheel, or without the pedal, nothing is eased or raised.
TEST(StabilityControl, UnderBrakingEasesTheOtherFrontWheelAndLetsTheHeldOneSlipMore) {
    const auto run = [](bool abs_on_right_front, double pedal) {
        CarWithUnit s = rolling_roadster(20.0);
        s.state.angular_velocity_rad_per_s = {0.0, 0.0, 0.6};  // yawing left, the steering straight
        s.control.abs_active[FR] = abs_on_right_front;
        for (int k = 0; k < 38; ++k) stability_control_step(s.model, s.state, 0.0, pedal, 0.0, 0.008, s.control);  // 0.3 s
        return s.control;
    };
    const ControllerState held = run(true, 1.0);
    EXPECT_GT(held.esc_relief[FL], 0.5);
    EXPECT_EQ(held.esc_brake[FR], 0.0);  // nothing added where the ABS holds the wheel
    EXPECT_EQ(held.esc_relief[FR], 0.0);
    EXPECT_EQ(held.esc_relief[RL], 0.0);
    EXPECT_EQ(held.esc_relief[RR], 0.0);
    // The held wheel is let run at more slip: its band raised by twice the share asked of it.
    EXPECT_GT(held.esc_slip_raise[FR], 1.0);
    EXPECT_LE(held.esc_slip_raise[FR], StabilityControlSettings{}.slip_raise_per_share);
    EXPECT_EQ(held.esc_slip_raise[FL], 0.0);
    EXPECT_TRUE(held.esc_active);
    for (const ControllerState& c : {run(false, 1.0), run(true, 0.0)}) {
        for (int i = 0; i < 4; ++i) {
            EXPECT_EQ(c.esc_relief[i], 0.0) << i;
            EXPECT_EQ(c.esc_slip_raise[i], 0.0) << i;
        }
        EXPECT_GT(c.esc_brake[FR], 0.5);  // the ordinary correction
    }
}

TEST(StabilityControl, BrakesTheInnerRearWhenTheCarUndersteersNearTheLimit) {
    CarWithUnit s = rolling_roadster(20.0);
    const double mu_g = s.control.esc_reference.peak_lateral_friction * kStandardGravity_m_per_s2;
    // Turning left at 0.55 of the road's friction while the driver asks for far more.
    s.state.angular_velocity_rad_per_s = {0.0, 0.0, 0.55 * mu_g / 20.0};
    run_unit(s, 0.5, 0.3);
    EXPECT_NEAR(s.control.esc_reference_yaw_rate_rad_per_s, mu_g / 20.0, 1e-9);  // bounded by the road
    EXPECT_GT(s.control.esc_brake[RL], 0.05);
    EXPECT_EQ(s.control.esc_brake[FL], 0.0);
    EXPECT_EQ(s.control.esc_brake[FR], 0.0);
    EXPECT_EQ(s.control.esc_brake[RR], 0.0);

    // The same shortfall well below the limit is the car's own understeer: no intervention.
    CarWithUnit gentle = rolling_roadster(20.0);
    gentle.state.angular_velocity_rad_per_s = {0.0, 0.0, 0.2 * mu_g / 20.0};
    run_unit(gentle, 0.05, 0.3);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(gentle.control.esc_brake[i], 0.0) << i;
}

TEST(StabilityControl, ItsReferenceSettlesOnTheSingleTrackSteadyYawRate) {
    for (const double v : {10.0, 20.0, 30.0}) {
        SCOPED_TRACE(v);
        CarWithUnit s = rolling_roadster(v);
        const double steering = 0.02;
        run_unit(s, steering, 5.0);
        double delta = 0.0;
        for (int i : {FL, FR}) {
            delta += 0.5 * wheel_steer_angle_rad(s.model.spec.wheels[i].max_steer_rad, s.model.wheels[i].tan_ackermann, s.model.wheels[i].left, steering);
        }
        const double expected = steady_yaw_rate_gain_per_s(s.control.esc_reference.car, v) * delta;
        EXPECT_NEAR(s.control.esc_reference_yaw_rate_rad_per_s, expected, 1e-9 * std::abs(expected));
    }
}

TEST(StabilityControl, BrakesTheOuterFrontAsTheCarNearsItsRollOverThreshold) {
    CarWithUnit s = rolling_roadster(20.0);
    const double threshold = s.control.esc_reference.rollover_lateral_accel_m_per_s2;
    // The roadster's: track 1.5 m over twice a centre of mass some 0.45 m up, about 1.6 g.
    EXPECT_GT(threshold, 1.4 * kStandardGravity_m_per_s2);
    EXPECT_LT(threshold, 1.9 * kStandardGravity_m_per_s2);
    s.state.acceleration_m_per_s2 = {0.0, 0.9 * threshold, 0.0};
    run_unit(s, 0.0, 0.3);
    EXPECT_GT(s.control.esc_brake[FR], 0.3);

    CarWithUnit below = rolling_roadster(20.0);
    below.state.acceleration_m_per_s2 = {0.0, 0.7 * threshold, 0.0};
    run_unit(below, 0.0, 0.3);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(below.control.esc_brake[i], 0.0) << i;
}

TEST(StabilityControl, IdleBelowItsSpeedAndInReverse) {
    CarWithUnit slow = rolling_roadster(4.0);
    slow.state.angular_velocity_rad_per_s = {0.0, 0.0, 1.0};
    EXPECT_EQ(run_unit(slow, 0.0, 0.3), 1.0);
    EXPECT_FALSE(slow.control.esc_active);
    EXPECT_NEAR(slow.control.esc_reference_yaw_rate_rad_per_s, 1.0, 1e-6);  // the reference follows the car

    CarWithUnit reverse = rolling_roadster(20.0);
    reverse.state.gear = -1;
    reverse.state.angular_velocity_rad_per_s = {0.0, 0.0, 1.0};
    EXPECT_EQ(run_unit(reverse, 0.0, 0.3), 1.0);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(reverse.control.esc_brake[i], 0.0) << i;
}

// Through the whole control step: the unit's brake reaches the wheels as an aid brake (the larger
// of it and traction control's), and switched off it leaves no trace.
TEST(StabilityControl, ReachesTheWheelsThroughTheControlStepAndOnlyWhenOn) {
    CarWithUnit s = rolling_roadster(20.0);
    s.state.angular_velocity_rad_per_s = {0.0, 0.0, 0.6};
    DriverInput in;
    in.throttle = 1.0;
    in.gear_lever = 3;
    ControlSettings on = control_settings_for(s.model.spec);
    on.mode = ShiftMode::Manual;
    on.aids.esc = true;
    ControlSettings off = on;
    off.aids.esc = false;
    ControllerState with = s.control, without = s.control;
    Controls c_on, c_off;
    for (int k = 0; k < 40; ++k) {
        c_on = control_step(s.model, s.state, in, on, 0.008, with);
        c_off = control_step(s.model, s.state, in, off, 0.008, without);
    }
    EXPECT_GT(c_on.wheel_aid_brake[FR], 0.5);
    EXPECT_LT(c_on.throttle, 0.1);
    EXPECT_EQ(c_off.wheel_aid_brake[FR], 0.0);
    EXPECT_EQ(c_off.throttle, 1.0);
    EXPECT_FALSE(without.esc_active);
    EXPECT_EQ(without.esc_reference_yaw_rate_rad_per_s, 0.0);
}

}  // namespace
}  // namespace tractive
