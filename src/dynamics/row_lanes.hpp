#pragma once
// The solves of up to four cars at once, one car a lane (lanes4.hpp, Lanes4): the cars'
// rows laid out side by side, each number of a row four cars' numbers in one vector. Each car's
// tyre rows are prepared as alone (prepare_tyre_rows); the shaft rows' preparation, the warm
// start and the sweeps (prepare_shafts, warm_start_tyres, sweep_rows) are the same templates as
// one car's, so each car's impulses and speeds come out with the bits they have when it is solved
// alone.
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

struct ShaftBlockLanes {
    int first;
    Lanes4 k_ab, inv_k_bb, eff_mass_a;
};

// Plain data without member initialisers: only the rows in use are written, then read.
struct RowLanes {
    std::array<ShaftRowLanes, std::tuple_size_v<decltype(RowSet::shafts)>> shafts;
    TyreRows<std::array<Lanes4, 4>> tyres;  // wheel i's numbers at [i], car k's in lane k
    int shaft_count;
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
    if (a.shaft_count != b.shaft_count || a.tyres.count != b.tyres.count || a.block.first != b.block.first) return false;
    for (int i = 0; i < a.shaft_count; ++i) {
        const ShaftRow& ra = a.shafts[i];
        const ShaftRow& rb = b.shafts[i];
        if (ra.dof_count != rb.dof_count || ra.slot != rb.slot) return false;
        for (int k = 0; k < ra.dof_count; ++k)
            if (ra.dof[k] != rb.dof[k]) return false;
    }
    for (int k = 0; k < a.tyres.count; ++k)
        if (a.tyres.wheel[k] != b.tyres.wheel[k]) return false;
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

// Wheel i's tyre rows of one direction (x or y, by `row`) as prepared (prepare_tyre_rows): what the
// sweeps read.
template <class Row>
inline void gather_prepared(const Four& sets, int i, Row row, ContactRows<std::array<Lanes4, 4>>& to) {
    const auto r = [&](int car) -> const ContactRows<Lanes4>& { return sets[car]->tyres.*row; };
    const auto take = [&](auto field) {  // field(rows): one number of the rows (a car's four wheels', or four cars')
        field(to)[i] = lanes_from([&](int car) { return field(r(car))[i]; });
    };
    take([](auto& x) -> auto& { return x.lin.x; });
    take([](auto& x) -> auto& { return x.lin.y; });
    take([](auto& x) -> auto& { return x.lin.z; });
    take([](auto& x) -> auto& { return x.ang.x; });
    take([](auto& x) -> auto& { return x.ang.y; });
    take([](auto& x) -> auto& { return x.ang.z; });
    take([](auto& x) -> auto& { return x.inv_mass_lin.x; });
    take([](auto& x) -> auto& { return x.inv_mass_lin.y; });
    take([](auto& x) -> auto& { return x.inv_mass_lin.z; });
    take([](auto& x) -> auto& { return x.inv_inertia_ang.x; });
    take([](auto& x) -> auto& { return x.inv_inertia_ang.y; });
    take([](auto& x) -> auto& { return x.inv_inertia_ang.z; });
    take([](auto& x) -> auto& { return x.coeff; });
    take([](auto& x) -> auto& { return x.inv_i_coeff; });
    take([](auto& x) -> auto& { return x.lo; });
    take([](auto& x) -> auto& { return x.hi; });
    take([](auto& x) -> auto& { return x.e1; });
    take([](auto& x) -> auto& { return x.keep; });
    take([](auto& x) -> auto& { return x.bias; });
    take([](auto& x) -> auto& { return x.coupling_before; });
    take([](auto& x) -> auto& { return x.coupling_x_before; });
}

// The four cars' shaft rows as built, tyre rows as prepared, and their speeds and inverse masses
// (the shapes set by shape_from).
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
    for (int k = 0; k < first.tyres.count; ++k) {
        const int i = first.tyres.wheel[k];
        gather_prepared(sets, i, &TyreRows<Lanes4>::x, lanes.tyres.x);
        gather_prepared(sets, i, &TyreRows<Lanes4>::y, lanes.tyres.y);
        lanes.tyres.circle[i] = lanes_from([&](int car) { return sets[car]->tyres.circle[i]; });
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
    lanes.tyres.count = set.tyres.count;
    lanes.tyres.wheel = set.tyres.wheel;
    lanes.block.first = set.block.first;
    for (int i = 0; i < set.shaft_count; ++i) {
        lanes.shafts[i].dof = set.shafts[i].dof;
        lanes.shafts[i].dof_count = set.shafts[i].dof_count;
        lanes.shafts[i].slot = set.shafts[i].slot;
    }
}

// What the solve gives, back to car `lane`: the impulses and the speeds. (The rows' prepared
// numbers stay in the lanes: nothing after the solve reads them.)
inline void scatter(const RowLanes& lanes, const BodyLanes& bodies, int lane, RowSet& set, Bodies& b) {
    for (int i = 0; i < set.shaft_count; ++i) set.shafts[i].lambda = lanes.shafts[i].lambda[lane];
    for (int k = 0; k < set.tyres.count; ++k) {
        const int i = set.tyres.wheel[k];
        set.tyres.x.lambda[i] = lanes.tyres.x.lambda[i][lane];
        set.tyres.y.lambda[i] = lanes.tyres.y.lambda[i][lane];
    }
    for (int k = 0; k < kDofCount; ++k) b.w[k] = bodies.w[k][lane];
    b.v = detail::lane(bodies.v, lane);
    b.omega = detail::lane(bodies.omega, lane);
}
}  // namespace row_lanes

// The solve of one to four cars' rows at once, in lanes: the cars' row sets of one shape
// (same_row_shape). Each car's tyre rows prepared as alone (prepare_tyre_rows, its four wheels
// side by side), then the rows gathered, the shaft rows prepared and all warm-started from each
// car's warm impulses, and `iterations` sweeps, as one car's solve does. A lane without a car
// repeats the first car's numbers, and nothing is taken from it.
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
    for (std::size_t car = 0; car < sets.size(); ++car) prepare_tyre_rows(sets[car]->tyres, *bodies[car]);
    row_lanes::shape_from(*sets[0], lanes);
    row_lanes::gather(four, four_bodies, lanes, body_lanes);
    std::array<Lanes4, kMaxRows> warm_lanes;
    for (int slot = 0; slot < kMaxRows; ++slot)
        warm_lanes[slot] = lanes_from([&](int car) { return (*four_warm[car])[slot]; });
    prepare_shafts(lanes, body_lanes, warm_lanes);
    warm_start_tyres(lanes, body_lanes, warm_lanes, slot_x, slot_y);
    sweep_rows(lanes, body_lanes, iterations);
    for (std::size_t car = 0; car < sets.size(); ++car) row_lanes::scatter(lanes, body_lanes, static_cast<int>(car), *sets[car], *bodies[car]);
}

}  // namespace tractive::detail

#pragma GCC diagnostic pop
