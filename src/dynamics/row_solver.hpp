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

struct Row {
    std::array<int, 5> dof{};
    std::array<double, 5> coeff{};
    int dof_count = 0;
    bool chassis = false;
    Vec3 lin;  // world
    Vec3 ang;  // world
    double lo = 0.0;
    double hi = 0.0;
    double inv_eff_mass = 0.0;  // J M^-1 J^T
    double lambda = 0.0;
    int slot = 0;        // index into VehicleState::warm_impulses
    int partner = -1;    // row index of the other direction of the same tyre (friction circle)
    double circle = 0.0; // circle radius for the pair (impulse), 0 = none
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
    std::array<Row, kMaxRows> rows;
    int count = 0;

    Row& add(int slot) {
        Row& r = rows[count++];
        r = Row{};
        r.slot = slot;
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
    for (int k = 0; k < r.dof_count; ++k) b.w[r.dof[k]] += b.inv_i[r.dof[k]] * r.coeff[k] * d_lambda;
    if (r.chassis) {
        b.v += b.inv_mass * (r.lin * d_lambda);
        b.omega += b.inv_inertia * (r.ang * d_lambda);
    }
}

inline void prepare(Row& r, const Bodies& b) {
    double k = 0.0;
    for (int i = 0; i < r.dof_count; ++i) k += r.coeff[i] * r.coeff[i] * b.inv_i[r.dof[i]];
    if (r.chassis) k += dot(r.lin, b.inv_mass * r.lin) + dot(r.ang, b.inv_inertia * r.ang);
    r.inv_eff_mass = k;
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
            double next = r.lambda - jv / r.inv_eff_mass;
            next = next < r.lo ? r.lo : (next > r.hi ? r.hi : next);
            const double d = next - r.lambda;
            r.lambda = next;
            if (d != 0.0) apply_impulse(r, b, d);
            // Second row of a tyre pair: keep the pair inside its friction circle.
            if (r.partner >= 0 && r.partner < i && r.circle > 0.0) {
                Row& p = set.rows[r.partner];
                const double mag = std::hypot(r.lambda, p.lambda);
                if (mag > r.circle) {
                    const double s = r.circle / mag;
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
