// The steering law (laws/steering.hpp, VDrift's Ackermann relation) against its formula and the
// geometry it stands for.
#include "tractive/laws/steering.hpp"

#include <gtest/gtest.h>

#include <cmath>

using tractive::wheel_steer_angle_rad;

TEST(Steering, WithoutAckermannBothWheelsTurnByInputTimesMaxSteer) {
    EXPECT_DOUBLE_EQ(wheel_steer_angle_rad(0.6, 0.0, true, 0.5), 0.3);
    EXPECT_DOUBLE_EQ(wheel_steer_angle_rad(0.6, 0.0, false, -0.5), -0.3);
    EXPECT_EQ(wheel_steer_angle_rad(0.6, std::tan(0.2), true, 0.0), 0.0);
}

// delta = atan(1 / (1 / tan a - sigma tan A)): the inner wheel (left in a left turn) turns more
// than the outer one, and a right turn mirrors a left one.
TEST(Steering, AckermannTurnsTheInnerWheelMore) {
    const double tan_a = std::tan(0.15);
    const double a = 0.5 * 0.6;
    const double left = wheel_steer_angle_rad(0.6, tan_a, true, 0.5);
    const double right = wheel_steer_angle_rad(0.6, tan_a, false, 0.5);
    EXPECT_NEAR(left, std::atan(1.0 / (1.0 / std::tan(a) - tan_a)), 1e-15);
    EXPECT_NEAR(right, std::atan(1.0 / (1.0 / std::tan(a) + tan_a)), 1e-15);
    EXPECT_GT(left, a);
    EXPECT_LT(right, a);
    EXPECT_DOUBLE_EQ(wheel_steer_angle_rad(0.6, tan_a, false, -0.5), -left);
    EXPECT_DOUBLE_EQ(wheel_steer_angle_rad(0.6, tan_a, true, -0.5), -right);
}

// wheel_steer gives the angle of wheel_steer_angle_rad and its tangent.
TEST(Steering, WheelSteerGivesTheAngleAndItsTangent) {
    for (const double tan_a : {0.0, std::tan(0.2)}) {
        for (const bool left : {true, false}) {
            for (const double input : {-1.0, -0.3, 0.0, 0.5, 1.0}) {
                const tractive::WheelSteer w = tractive::wheel_steer(0.6, tan_a, left, input);
                EXPECT_EQ(w.angle_rad, wheel_steer_angle_rad(0.6, tan_a, left, input));
                EXPECT_NEAR(w.tangent, std::tan(w.angle_rad), 1e-12);
            }
        }
    }
}

// The caster turn (caster_steer): the wheel's heading, turned about the caster axis, makes the
// steer angle delta in the body's x-y plane, for casters 0-12 degrees and steers to 40 degrees;
// the axis is the caster's, and the turn a rotation (it keeps lengths).
TEST(Steering, CasterTurnGivesTheSteerAngleInTheBodyPlane) {
    constexpr double kDeg = 3.14159265358979323846 / 180.0;
    for (const double caster_deg : {0.0, 4.0, 7.5, 12.0}) {
        for (const double delta_deg : {-40.0, -12.0, -0.5, 0.0, 3.0, 25.0, 40.0}) {
            const double nu = caster_deg * kDeg, delta = delta_deg * kDeg;
            const tractive::CasterSteer turn = tractive::caster_steer(std::sin(nu), std::cos(nu), std::tan(delta));
            const tractive::Vec3 heading = turn.turned({1.0, 0.0, 0.0});
            EXPECT_NEAR(std::atan2(heading.y, heading.x), delta, 1e-12) << caster_deg << " " << delta_deg;
            EXPECT_NEAR(tractive::norm(heading), 1.0, 1e-12);
            EXPECT_NEAR(turn.cos_a * turn.cos_a + turn.sin_a * turn.sin_a, 1.0, 1e-12);
            EXPECT_NEAR(turn.k.x, -std::sin(nu), 0.0);
            // The steering axis itself does not move.
            const tractive::Vec3 axis = turn.turned(turn.k);
            EXPECT_NEAR(axis.x, turn.k.x, 1e-15);
            EXPECT_NEAR(axis.z, turn.k.z, 1e-15);
        }
    }
}
