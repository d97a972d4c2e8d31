#pragma once
// The solves of up to four cars at once, one car a lane (lanes4.hpp, Lanes4): the cars'
// rows laid out side by side, each number of a row four cars' numbers in one vector. The
// solve's preparation and sweeps (prepare_rows, sweep_rows) are the same templates as one car's,
// so each car's impulses and speeds come out with the bits they have when it is solved alone.
// The cars' rows must have one shape: the same shaft rows on the same shafts, the same tyre
// pairs, the same block (same_row_shape).

#include <array>
#include <span>

#include "row_solver.hpp"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"  // (as in lanes4.hpp)

namespace tractive::detail {

struct Mat3Lanes {
    Lanes4 m[3][3];
};
inline Vec3Lanes operator*(const Mat3Lanes& a, const Vec3Lanes& v) {
    return {a.m[0][0] * v.x + a.m[0][1] * v.y + a.m[0][2] * v.z, a.m[1][0] * v.x + a.m[1][1] * v.y + a.m[1][2] * v.z,
            a.m[2][0] * v.x + a.m[2][1] * v.y + a.m[2][2] * v.z};
}

// ShaftRow's numbers for four cars; the shafts shared.
struct ShaftRowLanes {
    std::array<int, 5> dof;
    int dof_count;
    int slot;
    std::array<Lanes4, 5> coeff;
    std::array<Lanes4, 5> inv_i_coeff;
    Lanes4 lo, hi, eff_mass, inv_q, lambda;
};

// ContactRow's numbers for four cars; time_weighted shared.
struct ContactRowLanes {
    Vec3Lanes lin, ang, inv_mass_lin, inv_inertia_ang;
    Lanes4 coeff, inv_i_coeff, lo, hi, law_impulse, q, target, stick;
    bool time_weighted;
    Lanes4 surface_speed, body_change, spring_gamma, spring_bias;
    Lanes4 e1, keep, bias, lambda, coupling_before, coupling_x_before;
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
    std::array<Lanes4, kDofCount> inv_i;
    Vec3Lanes v, omega;
    Mat3Lanes inv_mass, inv_inertia;
};

// Whether the sweeps of two row sets are the same operations on different numbers.
inline bool same_row_shape(const RowSet& a, const RowSet& b) {
    if (a.shaft_count != b.shaft_count || a.pair_count != b.pair_count || a.block.first != b.block.first) return false;
    for (int i = 0; i < a.shaft_count; ++i) {
        const ShaftRow& ra = a.shafts[i];
        const ShaftRow& rb = b.shafts[i];
        if (ra.dof_count != rb.dof_count || ra.slot != rb.slot) return false;
        for (int k = 0; k < ra.dof_count; ++k)
            if (ra.dof[k] != rb.dof[k]) return false;
    }
    for (int i = 0; i < a.pair_count; ++i) {
        const TyrePair& pa = a.pairs[i];
        const TyrePair& pb = b.pairs[i];
        if (pa.wheel != pb.wheel || pa.x.time_weighted != pb.x.time_weighted || pa.y.time_weighted != pb.y.time_weighted) return false;
    }
    return true;
}

namespace row_lanes {
// The four cars' rows (a car repeated where a lane has none), each number gathered from all four
// at once: one vector built from four loads.
using Four = std::array<const RowSet*, 4>;
using FourBodies = std::array<const Bodies*, 4>;

inline Mat3Lanes mat3_lanes_of(const std::array<const Mat3*, 4>& a) {
    Mat3Lanes to;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) to.m[i][j] = Lanes4{a[0]->m[i][j], a[1]->m[i][j], a[2]->m[i][j], a[3]->m[i][j]};
    return to;
}

// Tyre pair i's row (x or y, by `row`) as built.
template <class Row>
inline void gather_contact(const Four& sets, int i, Row row, ContactRowLanes& to) {
    const auto r = [&](int car) -> const ContactRow& { return sets[car]->pairs[i].*row; };
    to.lin = vec3_lanes_from([&](int car) { return r(car).lin; });
    to.ang = vec3_lanes_from([&](int car) { return r(car).ang; });
    to.coeff = lanes_from([&](int car) { return r(car).coeff; });
    to.lo = lanes_from([&](int car) { return r(car).lo; });
    to.hi = lanes_from([&](int car) { return r(car).hi; });
    to.law_impulse = lanes_from([&](int car) { return r(car).law_impulse; });
    to.q = lanes_from([&](int car) { return r(car).q; });
    to.target = lanes_from([&](int car) { return r(car).target; });
    to.stick = lanes_from([&](int car) { return r(car).stick; });
    to.surface_speed = lanes_from([&](int car) { return r(car).surface_speed; });
    to.body_change = lanes_from([&](int car) { return r(car).body_change; });
    to.spring_gamma = lanes_from([&](int car) { return r(car).spring_gamma; });
    to.spring_bias = lanes_from([&](int car) { return r(car).spring_bias; });
}

// The four cars' rows as built and their speeds and inverse masses (the shapes set by shape_from).
inline void gather(const Four& sets, const FourBodies& b, RowLanes& lanes, BodyLanes& bodies) {
    const RowSet& first = *sets[0];
    for (int i = 0; i < first.shaft_count; ++i) {
        const auto r = [&](int car) -> const ShaftRow& { return sets[car]->shafts[i]; };
        ShaftRowLanes& to = lanes.shafts[i];
        for (int k = 0; k < first.shafts[i].dof_count; ++k) to.coeff[k] = lanes_from([&](int car) { return r(car).coeff[k]; });
        to.lo = lanes_from([&](int car) { return r(car).lo; });
        to.hi = lanes_from([&](int car) { return r(car).hi; });
        to.inv_q = lanes_from([&](int car) { return r(car).inv_q; });
    }
    for (int i = 0; i < first.pair_count; ++i) {
        gather_contact(sets, i, &TyrePair::x, lanes.pairs[i].x);
        gather_contact(sets, i, &TyrePair::y, lanes.pairs[i].y);
        lanes.pairs[i].circle = lanes_from([&](int car) { return sets[car]->pairs[i].circle; });
    }
    for (int k = 0; k < kDofCount; ++k) {
        bodies.w[k] = lanes_from([&](int car) { return b[car]->w[k]; });
        bodies.inv_i[k] = lanes_from([&](int car) { return b[car]->inv_i[k]; });
    }
    bodies.v = vec3_lanes_from([&](int car) { return b[car]->v; });
    bodies.omega = vec3_lanes_from([&](int car) { return b[car]->omega; });
    bodies.inv_mass = mat3_lanes_of({&b[0]->inv_mass, &b[1]->inv_mass, &b[2]->inv_mass, &b[3]->inv_mass});
    bodies.inv_inertia = mat3_lanes_of({&b[0]->inv_inertia, &b[1]->inv_inertia, &b[2]->inv_inertia, &b[3]->inv_inertia});
}

inline void shape_from(const RowSet& set, RowLanes& lanes) {
    lanes.shaft_count = set.shaft_count;
    lanes.pair_count = set.pair_count;
    lanes.block.first = set.block.first;
    for (int i = 0; i < set.shaft_count; ++i) {
        lanes.shafts[i].dof = set.shafts[i].dof;
        lanes.shafts[i].dof_count = set.shafts[i].dof_count;
        lanes.shafts[i].slot = set.shafts[i].slot;
    }
    for (int i = 0; i < set.pair_count; ++i) {
        lanes.pairs[i].wheel = set.pairs[i].wheel;
        lanes.pairs[i].x.time_weighted = set.pairs[i].x.time_weighted;
        lanes.pairs[i].y.time_weighted = set.pairs[i].y.time_weighted;
    }
}

// What the solve gives, back to car `lane`: the impulses and the speeds. (The rows' prepared
// numbers stay in the lanes: nothing after the solve reads them.)
inline void scatter(const RowLanes& lanes, const BodyLanes& bodies, int lane, RowSet& set, Bodies& b) {
    for (int i = 0; i < set.shaft_count; ++i) set.shafts[i].lambda = lanes.shafts[i].lambda[lane];
    for (int i = 0; i < set.pair_count; ++i) {
        set.pairs[i].x.lambda = lanes.pairs[i].x.lambda[lane];
        set.pairs[i].y.lambda = lanes.pairs[i].y.lambda[lane];
    }
    for (int k = 0; k < kDofCount; ++k) b.w[k] = bodies.w[k][lane];
    b.v = detail::lane(bodies.v, lane);
    b.omega = detail::lane(bodies.omega, lane);
}
}  // namespace row_lanes

// The solve (prepare_rows from each car's warm impulses, then `iterations` sweeps) of one to four
// cars' rows at once, in lanes: the cars' row sets of one shape (same_row_shape). A lane without a
// car repeats the first car's numbers, and nothing is taken from it.
inline void solve_together(std::span<RowSet* const> sets, std::span<Bodies* const> bodies,
                           std::span<const std::array<double, kMaxRows>* const> warm, const std::array<int, 4>& slot_x,
                           const std::array<int, 4>& slot_y, int iterations) {
    RowLanes lanes;
    BodyLanes body_lanes;
    row_lanes::Four four;
    row_lanes::FourBodies four_bodies;
    std::array<const std::array<double, kMaxRows>*, 4> four_warm;
    for (std::size_t lane = 0; lane < 4; ++lane) {
        const std::size_t car = lane < sets.size() ? lane : 0;
        four[lane] = sets[car];
        four_bodies[lane] = bodies[car];
        four_warm[lane] = warm[car];
    }
    row_lanes::shape_from(*sets[0], lanes);
    row_lanes::gather(four, four_bodies, lanes, body_lanes);
    std::array<Lanes4, kMaxRows> warm_lanes;
    for (int slot = 0; slot < kMaxRows; ++slot)
        warm_lanes[slot] = lanes_from([&](int car) { return (*four_warm[car])[slot]; });
    prepare_rows(lanes, body_lanes, warm_lanes, slot_x, slot_y);
    sweep_rows(lanes, body_lanes, iterations);
    for (std::size_t car = 0; car < sets.size(); ++car) row_lanes::scatter(lanes, body_lanes, static_cast<int>(car), *sets[car], *bodies[car]);
}

}  // namespace tractive::detail

#pragma GCC diagnostic pop
