#pragma once
// The sweeps of up to four cars' solves at once, one car a lane (row_solver.hpp, Lanes4): the
// cars' rows laid out side by side, each number of a row four cars' numbers in one vector. The
// sweeps (sweep_rows) are the same template as one car's, so each car's impulses and speeds come
// out with the bits they have when it is solved alone. The cars' rows must have one shape: the
// same shaft rows on the same shafts, the same tyre pairs, the same block (same_row_shape); each
// car's rows prepared alone first (prepare_rows), which is per row and needs no lanes.
//
// Gathering a car's rows into the lanes and its impulses back costs about a fifth of what its
// sweeps cost alone; the sweeps of four cars cost about what one car's do (docs/performance.md,
// "Cars side by side").

#include <array>
#include <span>

#include "row_solver.hpp"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"  // (as in row_solver.hpp)

namespace tractive::detail {

struct Vec3Lanes {
    Lanes4 x, y, z;
};

// ShaftRow's numbers the sweeps read, for four cars; the shafts shared.
struct ShaftRowLanes {
    std::array<int, 5> dof;
    int dof_count;
    std::array<Lanes4, 5> coeff;
    std::array<Lanes4, 5> inv_i_coeff;
    Lanes4 lo, hi, eff_mass, inv_q, lambda;
};

// ContactRow's numbers the sweeps read, for four cars.
struct ContactRowLanes {
    Vec3Lanes lin, ang, inv_mass_lin, inv_inertia_ang;
    Lanes4 coeff, inv_i_coeff, lo, hi, e1, keep, bias, lambda, coupling_before, coupling_x_before;
};

struct TyrePairLanes {
    int wheel;
    ContactRowLanes x, y;
    Lanes4 circle;
};

struct ShaftBlockLanes {
    int first;
    Lanes4 k_ab, inv_k_bb, eff_mass_a;
};

// Plain data without member initialisers: only the rows in use are written, then read.
struct RowLanes {
    std::array<ShaftRowLanes, std::tuple_size_v<decltype(RowSet::shafts)>> shafts;
    std::array<TyrePairLanes, std::tuple_size_v<decltype(RowSet::pairs)>> pairs;
    int shaft_count;
    int pair_count;
    ShaftBlockLanes block;
};

struct BodyLanes {
    std::array<Lanes4, kDofCount> w;
    Vec3Lanes v, omega;
};

// Whether the sweeps of two row sets are the same operations on different numbers.
inline bool same_row_shape(const RowSet& a, const RowSet& b) {
    if (a.shaft_count != b.shaft_count || a.pair_count != b.pair_count || a.block.first != b.block.first) return false;
    for (int i = 0; i < a.shaft_count; ++i) {
        const ShaftRow& ra = a.shafts[i];
        const ShaftRow& rb = b.shafts[i];
        if (ra.dof_count != rb.dof_count) return false;
        for (int k = 0; k < ra.dof_count; ++k)
            if (ra.dof[k] != rb.dof[k]) return false;
    }
    for (int i = 0; i < a.pair_count; ++i)
        if (a.pairs[i].wheel != b.pairs[i].wheel) return false;
    return true;
}

namespace row_lanes {
inline void put(Vec3Lanes& to, int lane, const Vec3& from) {
    to.x[lane] = from.x;
    to.y[lane] = from.y;
    to.z[lane] = from.z;
}
inline Vec3 get(const Vec3Lanes& from, int lane) { return {from.x[lane], from.y[lane], from.z[lane]}; }

inline void put(ContactRowLanes& to, int lane, const ContactRow& r) {
    put(to.lin, lane, r.lin);
    put(to.ang, lane, r.ang);
    put(to.inv_mass_lin, lane, r.inv_mass_lin);
    put(to.inv_inertia_ang, lane, r.inv_inertia_ang);
    to.coeff[lane] = r.coeff;
    to.inv_i_coeff[lane] = r.inv_i_coeff;
    to.lo[lane] = r.lo;
    to.hi[lane] = r.hi;
    to.e1[lane] = r.e1;
    to.keep[lane] = r.keep;
    to.bias[lane] = r.bias;
    to.lambda[lane] = r.lambda;
    to.coupling_before[lane] = r.coupling_before;
    to.coupling_x_before[lane] = r.coupling_x_before;
}

// Car `car`'s prepared rows and speeds into lane `lane` (the shapes from car 0's).
inline void gather(const RowSet& set, const Bodies& b, int lane, RowLanes& lanes, BodyLanes& bodies) {
    for (int i = 0; i < set.shaft_count; ++i) {
        const ShaftRow& r = set.shafts[i];
        ShaftRowLanes& to = lanes.shafts[i];
        for (int k = 0; k < r.dof_count; ++k) {
            to.coeff[k][lane] = r.coeff[k];
            to.inv_i_coeff[k][lane] = r.inv_i_coeff[k];
        }
        to.lo[lane] = r.lo;
        to.hi[lane] = r.hi;
        to.eff_mass[lane] = r.eff_mass;
        to.inv_q[lane] = r.inv_q;
        to.lambda[lane] = r.lambda;
    }
    for (int i = 0; i < set.pair_count; ++i) {
        const TyrePair& p = set.pairs[i];
        TyrePairLanes& to = lanes.pairs[i];
        put(to.x, lane, p.x);
        put(to.y, lane, p.y);
        to.circle[lane] = p.circle;
    }
    lanes.block.k_ab[lane] = set.block.k_ab;
    lanes.block.inv_k_bb[lane] = set.block.inv_k_bb;
    lanes.block.eff_mass_a[lane] = set.block.eff_mass_a;
    for (int k = 0; k < kDofCount; ++k) bodies.w[k][lane] = b.w[k];
    put(bodies.v, lane, b.v);
    put(bodies.omega, lane, b.omega);
}

inline void shape_from(const RowSet& set, RowLanes& lanes) {
    lanes.shaft_count = set.shaft_count;
    lanes.pair_count = set.pair_count;
    lanes.block.first = set.block.first;
    for (int i = 0; i < set.shaft_count; ++i) {
        lanes.shafts[i].dof = set.shafts[i].dof;
        lanes.shafts[i].dof_count = set.shafts[i].dof_count;
    }
    for (int i = 0; i < set.pair_count; ++i) lanes.pairs[i].wheel = set.pairs[i].wheel;
}

// What the sweeps change, back to car `lane`: the impulses and the speeds.
inline void scatter(const RowLanes& lanes, const BodyLanes& bodies, int lane, RowSet& set, Bodies& b) {
    for (int i = 0; i < set.shaft_count; ++i) set.shafts[i].lambda = lanes.shafts[i].lambda[lane];
    for (int i = 0; i < set.pair_count; ++i) {
        set.pairs[i].x.lambda = lanes.pairs[i].x.lambda[lane];
        set.pairs[i].y.lambda = lanes.pairs[i].y.lambda[lane];
    }
    for (int k = 0; k < kDofCount; ++k) b.w[k] = bodies.w[k][lane];
    b.v = get(bodies.v, lane);
    b.omega = get(bodies.omega, lane);
}
}  // namespace row_lanes

// `iterations` sweeps (sweep_rows) of one to four cars' prepared rows at once, in lanes: the
// cars' row sets of one shape (same_row_shape). A lane without a car repeats the first car's
// numbers, and nothing is taken from it.
inline void sweep_rows_together(std::span<RowSet* const> sets, std::span<Bodies* const> bodies, int iterations) {
    RowLanes lanes;
    BodyLanes body_lanes;
    row_lanes::shape_from(*sets[0], lanes);
    for (int lane = 0; lane < 4; ++lane) {
        const std::size_t car = static_cast<std::size_t>(lane) < sets.size() ? static_cast<std::size_t>(lane) : 0;
        row_lanes::gather(*sets[car], *bodies[car], lane, lanes, body_lanes);
    }
    sweep_rows(lanes, body_lanes, iterations);
    for (std::size_t car = 0; car < sets.size(); ++car) row_lanes::scatter(lanes, body_lanes, static_cast<int>(car), *sets[car], *bodies[car]);
}

}  // namespace tractive::detail

#pragma GCC diagnostic pop
