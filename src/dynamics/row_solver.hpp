#pragma once
// Sequential-impulse solver over bounded velocity rows (DYNAMICS-NOTES.md). Each row relates a
// few scalar shaft speeds (engine, gearbox input, four wheel spins) and optionally the chassis'
// linear and angular velocity:
//   J v = sum_k c_k w_k + lin . v_body + ang . w_body
// and wants J v = 0, with its accumulated impulse lambda clamped to [lo, hi]. Rows that bound a
// tyre's two directions together are projected onto a friction circle.

#include <array>
#include <cmath>

#include "tractive/core/vec3.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive::detail {

enum Dof : int { kEngine = 0, kGearbox = 1, kWheel0 = 2, kDofCount = 6 };

// Rows are plain data without member initialisers, so that a RowSet's storage (kMaxRows rows)
// is not zeroed on every step; RowSet::add() initialises the fields every row needs, the caller
// the rest (dof and coeff up to dof_count, lin and ang when chassis; prepare() the derived ones).
struct Row {
    std::array<int, 5> dof;
    std::array<double, 5> coeff;
    std::array<double, 5> inv_i_coeff;  // inv_i[dof[k]] * coeff[k], set by prepare()
    int dof_count;
    bool chassis;
    Vec3 lin;  // world
    Vec3 ang;  // world
    // Set by prepare() for chassis rows: the body's velocity changes per unit impulse,
    // inv_mass * lin and inv_inertia * ang (world), so a sweep applies an impulse with six
    // multiply-adds instead of two 3x3 matrix products.
    Vec3 inv_mass_lin;
    Vec3 inv_inertia_ang;
    double lo;
    double hi;
    double inv_eff_mass;  // J M^-1 J^T
    double eff_mass;      // 1 / inv_eff_mass, set by prepare()
    double lambda;
    int slot;        // index into VehicleState::warm_impulses
    int partner;     // row index of the other direction of the same tyre (friction circle), -1 = none
    double circle;   // circle radius for the pair (impulse), 0 = none
};

struct Bodies {
    std::array<double, kDofCount> w{};      // shaft speeds
    std::array<double, kDofCount> inv_i{};  // inverse inertias
    Vec3 v;
    Vec3 omega;
    Mat3 inv_mass;     // world, 3x3 (the body's translational mass differs along its z axis)
    Mat3 inv_inertia;  // world
};

struct RowSet {
    std::array<Row, kMaxRows> rows;  // only the first `count` are initialised
    int count = 0;

    Row& add(int slot) {
        // Only the fields every row reads; zeroing the whole row (about 200 bytes) cost more than
        // the row's solve.
        Row& r = rows[count++];
        r.dof_count = 0;
        r.chassis = false;
        r.lo = 0.0;
        r.hi = 0.0;
        r.inv_eff_mass = 0.0;
        r.eff_mass = 0.0;
        r.lambda = 0.0;
        r.slot = slot;
        r.partner = -1;
        r.circle = 0.0;
        return r;
    }
};

inline double row_velocity(const Row& r, const Bodies& b) {
    double jv = 0.0;
    for (int k = 0; k < r.dof_count; ++k) jv += r.coeff[k] * b.w[r.dof[k]];
    if (r.chassis) jv += dot(r.lin, b.v) + dot(r.ang, b.omega);
    return jv;
}

inline void apply_impulse(const Row& r, Bodies& b, double d_lambda) {
    for (int k = 0; k < r.dof_count; ++k) b.w[r.dof[k]] += r.inv_i_coeff[k] * d_lambda;
    if (r.chassis) {
        b.v += r.inv_mass_lin * d_lambda;
        b.omega += r.inv_inertia_ang * d_lambda;
    }
}

// Effective inverse mass and the per-unit-impulse velocity changes; the body's inverse masses
// do not change during the solve.
inline void prepare(Row& r, const Bodies& b) {
    double k = 0.0;
    for (int i = 0; i < r.dof_count; ++i) {
        r.inv_i_coeff[i] = b.inv_i[r.dof[i]] * r.coeff[i];
        k += r.coeff[i] * r.coeff[i] * b.inv_i[r.dof[i]];
    }
    if (r.chassis) {
        r.inv_mass_lin = b.inv_mass * r.lin;
        r.inv_inertia_ang = b.inv_inertia * r.ang;
        k += dot(r.lin, r.inv_mass_lin) + dot(r.ang, r.inv_inertia_ang);
    }
    r.inv_eff_mass = k;
    // A multiplication in the sweeps instead of a division: each row's update waits on the
    // previous one's, so the division's latency was on the critical path.
    // Rows with k <= 0 are skipped; a NaN k still gives a NaN update, as the division did.
    r.eff_mass = 1.0 / k;
}

// Warm start from last step's impulses (clamped to this step's bounds), then `iterations`
// Gauss-Seidel sweeps.
inline void solve(RowSet& set, Bodies& b, const std::array<double, kMaxRows>& warm, int iterations) {
    for (int i = 0; i < set.count; ++i) {
        Row& r = set.rows[i];
        prepare(r, b);
        double start = warm[r.slot];
        start = start < r.lo ? r.lo : (start > r.hi ? r.hi : start);
        r.lambda = start;
        if (start != 0.0) apply_impulse(r, b, start);
    }
    for (int it = 0; it < iterations; ++it) {
        for (int i = 0; i < set.count; ++i) {
            Row& r = set.rows[i];
            if (r.inv_eff_mass <= 0.0) continue;
            const double jv = row_velocity(r, b);
            double next = r.lambda - jv * r.eff_mass;
            next = next < r.lo ? r.lo : (next > r.hi ? r.hi : next);
            const double d = next - r.lambda;
            r.lambda = next;
            if (d != 0.0) apply_impulse(r, b, d);
            // Second row of a tyre pair: keep the pair inside its friction circle.
            if (r.partner >= 0 && r.partner < i && r.circle > 0.0) {
                Row& p = set.rows[r.partner];
                // Squared magnitudes: impulses are bounded (force times step), so no overflow, and
                // the square root is only taken when the pair is outside the circle.
                const double mag2 = r.lambda * r.lambda + p.lambda * p.lambda;
                if (mag2 > r.circle * r.circle) {
                    const double s = r.circle / std::sqrt(mag2);
                    const double dr = r.lambda * s - r.lambda;
                    const double dp = p.lambda * s - p.lambda;
                    r.lambda += dr;
                    p.lambda += dp;
                    apply_impulse(r, b, dr);
                    apply_impulse(p, b, dp);
                }
            }
        }
    }
}

}  // namespace tractive::detail
