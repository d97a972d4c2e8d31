#include "tractive/laws/suspension_geometry.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "dynamics/dynamics_support.hpp"
#include "tractive/dynamics/vehicle_model.hpp"

using namespace tractive;

namespace {
// A left front corner in ISO axes (x forward, y left, z up): arms along x, pivots inboard.
DoubleWishbone corner(double upper_arm, double lower_arm) {
    DoubleWishbone g;
    g.lower_chassis_front_m = {0.1, 0.35, 0.0};
    g.lower_chassis_rear_m = {-0.1, 0.35, 0.0};
    g.lower_hub_m = {0.0, 0.35 + lower_arm, 0.0};
    g.upper_chassis_front_m = {0.1, 0.35 + lower_arm - upper_arm, 0.3};
    g.upper_chassis_rear_m = {-0.1, 0.35 + lower_arm - upper_arm, 0.3};
    g.upper_hub_m = {0.0, 0.35 + lower_arm, 0.3};
    return g;
}
}  // namespace

TEST(DoubleWishbone, EqualParallelArmsKeepCamber) {
    // A parallelogram: the upright translates without turning.
    const DoubleWishbone g = corner(0.4, 0.4);
    for (double s : {-0.08, -0.03, 0.0, 0.04, 0.08}) {
        EXPECT_NEAR(double_wishbone_camber_change_rad(g, true, s), 0.0, 1e-12) << s;
    }
}

TEST(DoubleWishbone, ShortUpperArmGainsNegativeCamberInBump) {
    // Short-long arms: in bump the short upper arm pulls the top of the upright inwards.
    const DoubleWishbone g = corner(0.25, 0.4);
    const double bump = double_wishbone_camber_change_rad(g, true, 0.05);
    const double droop = double_wishbone_camber_change_rad(g, true, -0.05);
    EXPECT_LT(bump, -1e-3);
    EXPECT_NEAR(double_wishbone_camber_change_rad(g, true, 0.0), 0.0, 1e-12);
    // Mirror image on the right side gives the same camber change.
    DoubleWishbone r = g;
    for (Vec3* p : {&r.lower_chassis_front_m, &r.lower_chassis_rear_m, &r.lower_hub_m, &r.upper_chassis_front_m,
                    &r.upper_chassis_rear_m, &r.upper_hub_m}) {
        p->y = -p->y;
    }
    EXPECT_NEAR(double_wishbone_camber_change_rad(r, false, 0.05), bump, 1e-12);
    // By hand, to second order: with both arms level at design, travel s pulls each hub point
    // inwards by s^2 / (2 arm); the upright (0.3 m) turns by the difference: top inwards by
    // (s^2/(2 * 0.25) - s^2/(2 * 0.4)) / 0.3 = 0.00625 rad at s = 0.05 m, in bump and in droop.
    EXPECT_NEAR(bump, -0.00625, 0.0003);
    EXPECT_NEAR(droop, -0.00625, 0.0003);
}

TEST(DoubleWishbone, UnreachableTravelIsNaNAndTheCurveHoldsTheLastValue) {
    const DoubleWishbone g = corner(0.25, 0.4);
    EXPECT_TRUE(std::isnan(double_wishbone_camber_change_rad(g, true, 0.5)));
    const PiecewiseLinear c = double_wishbone_camber_curve(g, true, -0.1, 0.6);
    for (double y : c.ys()) EXPECT_TRUE(std::isfinite(y));
}

namespace {
// A left MacPherson corner: lower arm 0.35 m level at design, strut leaning inwards at the top.
MacPhersonStrut strut() {
    MacPhersonStrut g;
    g.hinge_m = {0.0, 0.35, 0.0};
    g.strut_end_m = {0.0, 0.70, 0.0};
    g.strut_top_m = {0.0, 0.60, 0.55};
    return g;
}
}  // namespace

TEST(MacPherson, CamberChangeFollowsTheStrutAngle) {
    const MacPhersonStrut g = strut();
    EXPECT_NEAR(macpherson_camber_change_rad(g, true, 0.0), 0.0, 1e-15);
    // By hand at s = 0.05: the lower end moves to (0.35 + sqrt(0.35^2 - 0.05^2), 0.05) =
    // (0.69641, 0.05); strut angle from vertical atan2(0.60 - y, 0.55 - z).
    const double before = std::atan2(0.60 - 0.70, 0.55);
    const double after = std::atan2(0.60 - (0.35 + std::sqrt(0.35 * 0.35 - 0.05 * 0.05)), 0.55 - 0.05);
    EXPECT_NEAR(macpherson_camber_change_rad(g, true, 0.05), after - before, 1e-15);
    // In bump the strut shortens between its top mount and the lower end, which barely moves
    // sideways: the strut leans further in, negative camber gain ...
    EXPECT_LT(after - before, -0.005);
    // ... and the right-hand mirror image gives the same change.
    MacPhersonStrut r = g;
    for (Vec3* p : {&r.hinge_m, &r.strut_end_m, &r.strut_top_m}) p->y = -p->y;
    EXPECT_NEAR(macpherson_camber_change_rad(r, false, 0.05), after - before, 1e-15);
    EXPECT_TRUE(std::isnan(macpherson_camber_change_rad(g, true, 0.5)));
    for (double y : macpherson_camber_curve(g, true, -0.1, 0.5).ys()) EXPECT_TRUE(std::isfinite(y));
}

TEST(HingeArc, WheelCentreMovesOnTheSphereAboutTheHinge) {
    // A swing arm 0.5 m long, hinged inboard at the wheel centre's height: at 5 cm of bump the
    // wheel centre has moved inboard by 0.5 - sqrt(0.5^2 - 0.05^2) = 2.506 mm.
    const Vec3 wheel{1.2, 0.75, -0.3};
    const Vec3 hinge{1.2, 0.25, -0.3};
    const Vec3 d = hinge_arc_offset_m(hinge, wheel, 0.05);
    EXPECT_NEAR(d.y, -(0.5 - std::sqrt(0.25 - 0.0025)), 1e-12);
    EXPECT_NEAR(d.x, 0.0, 1e-15);
    EXPECT_EQ(d.z, 0.0);
    EXPECT_NEAR(hinge_arc_offset_m(hinge, wheel, 0.0).y, 0.0, 1e-15);
    // A trailing arm (hinge ahead of the wheel and 10 cm above it, 0.4 m long horizontally): at
    // 5 cm of bump the arm's height over the hinge goes from -0.1 to -0.05, and its horizontal
    // reach from 0.4 to sqrt(0.4^2 + 0.1^2 - 0.05^2), so the wheel moves rearwards by that less 0.4.
    const Vec3 trailing_hinge{1.6, 0.75, -0.2};
    const Vec3 t = hinge_arc_offset_m(trailing_hinge, wheel, 0.05);
    EXPECT_NEAR(t.x, -(std::sqrt(0.16 + 0.01 - 0.0025) - 0.4), 1e-12);
    EXPECT_NEAR(t.y, 0.0, 1e-15);
    // Straight above: no horizontal motion; past the arm's reach: the largest reachable rise.
    EXPECT_EQ(hinge_arc_offset_m(Vec3{1.2, 0.75, 0.5}, wheel, 0.05).y, 0.0);
    EXPECT_NEAR(hinge_arc_offset_m(hinge, wheel, 0.6).y, -0.5, 1e-12);
}

TEST(HingeArc, TheModelTabulatesTheArcForAHingeWithoutLinkage) {
    VehicleSpec spec = tractive::test::example_car("roadster");
    for (WheelSpec& w : spec.wheels) {
        w.suspension.double_wishbone.reset();
        w.suspension.macpherson_strut.reset();
        w.suspension.hinge_m = Vec3{w.position_m.x, 0.5 * w.position_m.y, w.position_m.z};
    }
    spec.wheels[FL].suspension.hinge_m.reset();  // straight travel
    const VehicleModel m = build_vehicle_model(spec);
    EXPECT_TRUE(m.wheels[FL].hinge_offset_y_m.empty());
    for (const int i : {FR, RL, RR}) {
        const double half = 0.5 * std::abs(spec.wheels[i].position_m.y);
        const double expected = half - std::sqrt(half * half - 0.04 * 0.04);
        const double sign = spec.wheels[i].position_m.y > 0.0 ? -1.0 : 1.0;  // inboard
        EXPECT_NEAR(m.wheels[i].hinge_offset_y_m(0.04), sign * expected, 2e-5) << i;  // 41-point table
    }
}
