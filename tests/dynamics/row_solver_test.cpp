// The step's solve, alone (src/dynamics/row_solver.hpp): projected Gauss-Seidel over the shaft
// rows and the tyre pairs, warm-started, each impulse within its bounds, the clutch and gear rows
// as one exact block, each tyre pair within its friction circle.
#include "dynamics/row_solver.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace tractive;
using detail::Bodies;
using detail::RowSet;
using detail::ShaftRow;

namespace {

constexpr double kH = 0.008;
constexpr std::array<int, 4> kSlotsX{11, 12, 13, 14};
constexpr std::array<int, 4> kSlotsY{15, 16, 17, 18};

ShaftRow& one_shaft_row(RowSet& rows, int slot, int dof, double bound_nm) {
    ShaftRow& r = rows.add_shaft(slot);
    r.dof_count = 1;
    r.dof[0] = dof;
    r.coeff[0] = 1.0;
    r.lo = -bound_nm * kH;
    r.hi = bound_nm * kH;
    return r;
}

Mat3 diagonal(double d) {
    Mat3 m;
    m.m[0][0] = m.m[1][1] = m.m[2][2] = d;
    return m;
}

}  // namespace

// A brake row on a wheel of 1.2 kg m^2 spinning at 10 rad/s (12 N m s of angular momentum): a
// bound of 2,000 N m (16 N m s in 8 ms) stops it exactly and takes -12 N m s; 1,000 N m (8 N m s)
// cannot, the row slides at its bound and leaves 10 - 8 / 1.2 rad/s.
TEST(RowSolverPhase, ABrakeRowStopsTheWheelOrSlidesAtItsBound) {
    for (const double bound : {2000.0, 1000.0}) {
        Bodies b;
        b.inv_i[detail::kWheel0] = 1.0 / 1.2;
        b.w[detail::kWheel0] = 10.0;
        RowSet rows;
        rows.clear();
        one_shaft_row(rows, 7, detail::kWheel0, bound);
        const std::array<double, kMaxRows> cold{};
        detail::solve(rows, b, cold, kSlotsX, kSlotsY, 3);
        if (bound == 2000.0) {
            EXPECT_NEAR(b.w[detail::kWheel0], 0.0, 1e-12);
            EXPECT_NEAR(rows.shafts[0].lambda, -12.0, 1e-12);
        } else {
            EXPECT_DOUBLE_EQ(rows.shafts[0].lambda, -8.0);
            EXPECT_NEAR(b.w[detail::kWheel0], 10.0 - 8.0 / 1.2, 1e-12);
        }
    }
}

// The warm start: last step's impulse, clamped to this step's bounds, applied before any sweep.
TEST(RowSolverPhase, TheWarmStartIsClampedToTheBoundsAndApplied) {
    Bodies b;
    b.inv_i[detail::kEngine] = 5.0;
    b.w[detail::kEngine] = 100.0;
    RowSet rows;
    rows.clear();
    one_shaft_row(rows, 0, detail::kEngine, 50.0);  // +-0.4 N m s
    std::array<double, kMaxRows> warm{};
    warm[0] = -3.0;
    detail::solve(rows, b, warm, kSlotsX, kSlotsY, 0);
    EXPECT_DOUBLE_EQ(rows.shafts[0].lambda, -0.4);
    EXPECT_DOUBLE_EQ(b.w[detail::kEngine], 100.0 - 5.0 * 0.4);
}

// Engine (0.2 kg m^2, 300 rad/s), gearbox input (0.02, 250), two driven wheels (1.5 each, 20
// rad/s) through a ratio of 10 with half the torque to each: the gear row holds w_gearbox =
// 10 (w_l + w_r) / 2 to rounding after the solve, whether the clutch locks (a capacity of 1e6 N m:
// engine and gearbox together) or slips at its capacity (10 N m: its impulse at -0.08 N m s). The
// impulses conserve 10 (I_e dw_e + I_g dw_g) + I_l dw_l + I_r dw_r = 0. One sweep is enough: the
// block is solved exactly at each visit, not converged towards.
TEST(RowSolverPhase, TheClutchAndGearBlockHoldsTheRatioLockedOrSlipping) {
    for (const double capacity : {1e6, 10.0}) {
        Bodies b;
        const double inertia[4] = {0.2, 0.02, 1.5, 1.5};
        const double start[4] = {300.0, 250.0, 20.0, 20.0};
        for (int d = 0; d < 4; ++d) {
            b.inv_i[d] = 1.0 / inertia[d];
            b.w[d] = start[d];
        }
        RowSet rows;
        rows.clear();
        ShaftRow& clutch = rows.add_shaft(1);
        clutch.dof_count = 2;
        clutch.dof = {detail::kEngine, detail::kGearbox, 0, 0, 0};
        clutch.coeff = {1.0, -1.0, 0.0, 0.0, 0.0};
        clutch.lo = -capacity * kH;
        clutch.hi = capacity * kH;
        ShaftRow& gear = rows.add_shaft(2);
        gear.dof_count = 3;
        gear.dof = {detail::kGearbox, detail::kWheel0, detail::kWheel0 + 1, 0, 0};
        gear.coeff = {1.0, -5.0, -5.0, 0.0, 0.0};
        gear.lo = -INFINITY;
        gear.hi = INFINITY;
        rows.block_last_two();
        const std::array<double, kMaxRows> cold{};
        detail::solve(rows, b, cold, kSlotsX, kSlotsY, 1);

        const double w_g = b.w[detail::kGearbox];
        EXPECT_NEAR(w_g, 5.0 * (b.w[detail::kWheel0] + b.w[detail::kWheel0 + 1]), 1e-9 * w_g) << capacity;
        if (capacity > 1e5) {
            EXPECT_NEAR(b.w[detail::kEngine], w_g, 1e-9 * w_g);
        } else {
            EXPECT_DOUBLE_EQ(rows.shafts[0].lambda, -10.0 * kH);
            EXPECT_GT(b.w[detail::kEngine], w_g);
        }
        double balance = 0.0;
        for (int d = 0; d < 4; ++d) balance += (d < 2 ? 10.0 : 1.0) * inertia[d] * (b.w[d] - start[d]);
        EXPECT_NEAR(balance, 0.0, 1e-9) << capacity;

        // One visit of the block alone, from the start, already satisfies both rows.
        for (int d = 0; d < 4; ++d) b.w[d] = start[d];
        clutch.lambda = gear.lambda = 0.0;
        detail::prepare_shaft(clutch, b);
        detail::prepare_shaft(gear, b);
        detail::prepare_block(rows.block, clutch, gear);
        detail::solve_block(rows.block, clutch, gear, b);
        EXPECT_NEAR(detail::row_velocity(gear, b), 0.0, 1e-9 * start[1]) << capacity;
        if (capacity > 1e5) {
            EXPECT_NEAR(detail::row_velocity(clutch, b), 0.0, 1e-9 * start[1]);
        }
    }
}

// A 1,000 kg body sliding sideways at 2 m/s over one tyre pair at its centre, both directions
// rigid: with room in the friction circle the lateral row stops the slide (-2,000 N s); with a
// circle of 500 N s the pair's impulse stays on it and the body keeps 1.5 m/s.
TEST(RowSolverPhase, ARigidTyrePairStopsTheSlideWithinItsFrictionCircle) {
    for (const double circle : {1e5, 500.0}) {
        Bodies b;
        b.inv_mass = diagonal(1e-3);
        b.inv_inertia = diagonal(1e-3);
        b.inv_i[detail::kWheel0] = 1.0;
        b.v = {0.0, 2.0, 0.0};
        RowSet rows{};  // (every wheel's lanes zero: the rigid row, law and spring none)
        rows.clear();
        rows.add_pair(0);
        detail::TyreRows<detail::Lanes4>& t = rows.tyres;
        t.x.lin.x[0] = 1.0;
        t.x.coeff[0] = -0.3;
        t.y.lin.y[0] = 1.0;
        for (detail::ContactRows<detail::Lanes4>* r : {&t.x, &t.y}) {
            r->stick[0] = 1.0;
            r->lo[0] = -1e6;
            r->hi[0] = 1e6;
        }
        t.circle[0] = circle;
        const std::array<double, kMaxRows> cold{};
        detail::solve(rows, b, cold, kSlotsX, kSlotsY, 3);
        const double magnitude = std::hypot(t.x.lambda[0], t.y.lambda[0]);
        if (circle > 1e4) {
            EXPECT_NEAR(b.v.y, 0.0, 1e-12);
            EXPECT_NEAR(t.y.lambda[0], -2000.0, 1e-9);
        } else {
            EXPECT_NEAR(magnitude, 500.0, 1e-9);
            EXPECT_NEAR(b.v.y, 1.5, 1e-9);
        }
        EXPECT_NEAR(b.v.x, 0.0, 1e-12);  // nothing drives the body forward
    }
}
