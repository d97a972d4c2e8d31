#pragma once
// Sequential-impulse solver over bounded velocity rows (DYNAMICS-NOTES.md). A row relates a few
// scalar shaft speeds (engine, gearbox input, four wheel spins) and optionally the chassis' linear
// and angular velocity:
//   J v = sum_k c_k w_k + lin . v_body + ang . w_body
// with its accumulated impulse lambda clamped to [lo, hi]. A shaft row wants J v = 0; a tyre row
// follows the tyre law implicitly (ContactRows below).
//
// Two kinds of rows, each swept by its own loop (tyre pairs first, then shaft rows):
//   - shaft rows (engine friction, clutch, gear, gearbox loss, differential locks, brakes): up to
//     five shaft speeds, no chassis;
//   - tyre pairs: a longitudinal row (chassis and the wheel's spin) and a lateral row (chassis
//     only) at one contact, projected together onto a friction circle. Built and prepared four
//     wheels side by side (TyreRows: each number a vector of the four wheels'), swept pair by
//     pair reading wheel i's lane.
// The chassis velocity is only touched by tyre pairs; the pair loop keeps it in locals (six
// doubles) for the whole sweep, so each row update is a chain of register operations.

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <type_traits>

#include "tractive/core/vec3.hpp"
#include "tractive/dynamics/vehicle_state.hpp"
#include "lanes4.hpp"

// The solve is written once over its number type (lanes4.hpp): one car's doubles, or four cars'
// Lanes4 side by side (row_lanes.hpp).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"  // (as in lanes4.hpp)

namespace tractive::detail {

enum Dof : int { kEngine = 0, kGearbox = 1, kWheel0 = 2, kDofCount = 6 };

// Plain data without member initialisers, so that the per-thread storage is not zeroed on every
// step; the add functions initialise what every row needs, the caller the rest.
struct ShaftRow {
    std::array<int, 5> dof;
    std::array<double, 5> coeff;
    std::array<double, 5> inv_i_coeff;  // inv_i[dof[k]] * coeff[k], set by prepare_shaft()
    int dof_count;
    double lo;
    double hi;
    double eff_mass;  // 1 / (J M^-1 J^T + inv_q), 0 for a row that touches nothing
    // A damper row's 1 / (c h): its impulse is -c h J v at the step's end (backward Euler) within
    // the bounds; 0 for a rigid row (J v = 0 within the bounds).
    double inv_q;
    double lambda;
    int slot;  // index into VehicleState::warm_impulses
};

// One direction of the tyre contacts' rows: chassis part, and for the longitudinal rows the
// wheel's spin. Its impulse follows a blend, by the stiction weight w, of two laws:
//   sliding (w = 0): the tyre law linearised in the row velocity, lambda = L0 - q (J v - J v0),
//     with L0 = h F0 the law's impulse at the start-of-step row velocity J v0 and q = theta h k
//     >= 0 (k the law's slope, theta set by prepare_contact(); 0 past the peak, where the force is then
//     explicit, lambda = L0);
//   sticking (w = 1): the tread's tangential spring and damper, F = -(k_t d' + c_t J v) with the
//     deflection at the end of the step d' = d + h J v, i.e. lambda = -h k_t d - h (h k_t + c_t) J v:
//     J v + g_s lambda + b = 0 with g_s = 1 / (h (h k_t + c_t)), b = k_t d / (h k_t + c_t)
//     (static friction with the tyre's compliance), within the bounds.
// As one row, the law's residual (J v - t) + ((1 - w) / q) (lambda - L0), t = (1 - w) J v0, plus
// w times the spring's, times q:
//   q J v + ((1 - w) + w q g_s) lambda + (-q t - (1 - w) L0 + w q b) = 0,
// so one Gauss-Seidel update is lambda' = lambda - e1 J v - e2 lambda + e0 with
// D = q K + (1 - w) + w q g_s, e1 = q / D, e2 = ((1 - w) + w q g_s) / D,
// e0 = (q t + (1 - w) L0 - w q b) / D, K = J M^-1 J^T. q = 0 and w = 1 together is the spring
// alone (e1 = 1 / (K + g_s), e2 = g_s / (K + g_s), e0 = -b / (K + g_s)), or without a spring the
// rigid row (e1 = 1 / K, e2 = e0 = 0). prepare_contact() keeps them as the sweeps use them: with the
// surface's speed s along the row, lambda' = keep lambda + bias - e1 J v, keep = 1 - e2,
// bias = e0 + e1 s.
// Past the law's peak (a falling law) the row is the spring alone while the contact nearly sticks
// (w > 0), else rigid towards zero sliding (t = 0), both within bounds the caller sets to the
// law's force: the force is the law's, explicit, but can never drive the slip through zero
// within a step (which, with the wheel's small inertia, would overshoot into a limit cycle at
// low speed).
//
// Each number is the four wheels' (F): for one car a Lanes4, wheel i in lane i, so that the rows
// are built and prepared four wheels side by side and the sweeps read lane i; for four cars solved
// together (row_lanes.hpp) an array over the wheels of Lanes4, car k in lane k.
template <class F>
struct Xyz {
    F x, y, z;
};
template <class F>
using Vec3Of = std::conditional_t<std::is_same_v<F, Lanes4>, Vec3Lanes, Xyz<F>>;
// Wheel i's vector out of the four's: one car's Vec3, or four cars' Vec3Lanes.
inline Vec3 at(const Vec3Lanes& v, int i) { return lane(v, i); }
inline Vec3Lanes at(const Xyz<std::array<Lanes4, 4>>& v, int i) { return {v.x[i], v.y[i], v.z[i]}; }

template <class F>
struct ContactRows {
    Vec3Of<F> lin;  // world
    Vec3Of<F> ang;  // world
    // Velocity changes per unit impulse (set by prepare_contact()): inv_mass * lin, inv_inertia * ang,
    // and for the longitudinal row inv_i_wheel * coeff.
    Vec3Of<F> inv_mass_lin;
    Vec3Of<F> inv_inertia_ang;
    F coeff;  // on the wheel's spin (longitudinal: -radius; lateral: 0)
    F inv_i_coeff;
    F lo;
    F hi;
    F law_impulse;  // L0
    F q;            // h k
    F target;       // t = (1 - w) J v0
    F stick;        // w
    // The ground's own velocity along the row (a moving platform; 0 on a ground at rest): the
    // row's velocity is the contact's relative to the surface, J v - surface_speed.
    F surface_speed;
    // The change the body's turning gives the row velocity over the step, predicted (the last
    // step's carried on; 0 for none): prepare_contact() takes it by the trapezoidal rule (below).
    F body_change;
    F spring_gamma;  // g_s (m/s per N s)
    F spring_bias;   // b (m/s)
    F e1;            // set by prepare_contact()
    F keep;          // 1 - e2
    F bias;          // e0 + e1 s
    F lambda;
    // The coupling J_this M^-1 J_before^T through the chassis to the row updated just before
    // this one in a sweep (set by prepare_tyre_rows(); see the sweep): a longitudinal row's to the
    // last pair's lateral row (0 for the first pair), a lateral row's to its own pair's
    // longitudinal row; and a longitudinal row's to the last pair's longitudinal row, which
    // that pair's friction circle moves too.
    F coupling_before;
    F coupling_x_before;
};

// The tyre contacts' rows: a pair, a longitudinal row x and a lateral row y projected together
// onto a friction circle, for each wheel in `wheel` (the first `count`, in order; what the lanes
// of the others give is never read).
template <class F>
struct TyreRows {
    ContactRows<F> x;
    ContactRows<F> y;  // (its slope carries the relaxed slip's weight of the step's end: time-weighted)
    F circle;          // friction-circle radius for (lambda_x, lambda_y) (impulse), 0 = none
    std::array<int, 4> wheel;  // 0..3: the spin dof is kWheel0 + wheel
    int count;
};

// One car's rows of one direction (wheel i in lane i), set for step h from the law (impulse,
// slope, row velocity it was evaluated at), the stiction weight and the tread's spring
// (stiffness, damping, deflection at the start of the step): past the law's peak (`falling`) the
// spring alone while the contact nearly sticks, else rigid towards zero sliding.
inline void set_tyre_rows(ContactRows<Lanes4>& r, Mask4 falling, Lanes4 law_force_n, Lanes4 slope_n_per_m_s,
                          Lanes4 row_velocity_m_per_s, Lanes4 stick_weight, Lanes4 tread_stiffness_n_per_m,
                          Lanes4 tread_damping_ns_per_m, Lanes4 deflection_m, double h_s) {
    const Mask4 rigid = and_not(falling, stick_weight > 0.0);
    r.law_impulse = where(falling, Lanes4{}, law_force_n * h_s);
    r.q = where(falling, Lanes4{}, slope_n_per_m_s * h_s);
    r.stick = where(falling, splat(1.0), stick_weight);
    r.target = where(falling, Lanes4{}, (1.0 - stick_weight) * row_velocity_m_per_s);
    // The spring only matters with a stiction weight.
    const Lanes4 hk_c = h_s * tread_stiffness_n_per_m + tread_damping_ns_per_m;
    const Mask4 spring = and_not(both(r.stick > 0.0, hk_c > 0.0), rigid);
    r.spring_gamma = where(spring, 1.0 / (h_s * hk_c), Lanes4{});
    r.spring_bias = where(spring, tread_stiffness_n_per_m * deflection_m / hk_c, Lanes4{});
}

struct Bodies {
    std::array<double, kDofCount> w{};      // shaft speeds
    std::array<double, kDofCount> inv_i{};  // inverse inertias
    Vec3 v;
    Vec3 omega;
    Mat3 inv_mass;     // world, 3x3 (the body's translational mass differs along its z axis)
    Mat3 inv_inertia;  // world
};

// Two shaft rows solved together, exactly (see solve_block): a bounded row `first` and an
// equality row `first + 1` that share a shaft. The clutch and the gear row share the gearbox
// input, whose inertia is small against the engine's and the wheels': one after the other, each
// update of one undoes much of the other's, and Gauss-Seidel converges slowly (a ratio residual
// of order 1e-6 after four sweeps). Together they hold the gear ratio exactly at every visit.
struct ShaftBlock {
    int first = -1;  // index in RowSet::shafts, -1 = none
    // Schur complement of the equality row (prepare_block): the bounded row's effective mass with
    // the equality row held, and the equality row's coupling.
    double k_ab = 0.0;        // J_a M^-1 J_b^T
    double inv_k_bb = 0.0;    // 1 / (J_b M^-1 J_b^T)
    double eff_mass_a = 0.0;  // 1 / (K_aa - K_ab^2 / K_bb)
};

struct RowSet {
    // Engine friction, clutch, gear, gearbox loss, three locks, four brakes.
    std::array<ShaftRow, 11> shafts;  // only the first shaft_count are initialised
    TyreRows<Lanes4> tyres;           // the pairs of the wheels on the ground (tyres.wheel, tyres.count)
    int shaft_count = 0;
    int viscous_coupling_count = 0;  // viscous couplings (damper lock rows) among the shaft rows
    ShaftBlock block;

    // The step builds at most the rows listed above; the checks guard the fixed storage.
    ShaftRow& add_shaft(int slot) {
        if (shaft_count >= static_cast<int>(shafts.size())) throw std::logic_error("row_solver: too many shaft rows");
        ShaftRow& r = shafts[shaft_count++];
        r.dof_count = 0;
        r.lo = 0.0;
        r.hi = 0.0;
        r.lambda = 0.0;
        r.slot = slot;
        r.inv_q = 0.0;
        return r;
    }
    // Wheel `wheel` has a tyre pair: its rows' numbers, lane `wheel` of tyres', set by the caller.
    void add_pair(int wheel) {
        if (tyres.count >= static_cast<int>(tyres.wheel.size())) throw std::logic_error("row_solver: too many tyre pairs");
        tyres.wheel[tyres.count++] = wheel;
    }
    // Marks the last two shaft rows added (a bounded row, then an equality row sharing a shaft
    // with it) as one block.
    void block_last_two() { block.first = shaft_count - 2; }
    void clear() {
        shaft_count = 0;
        tyres.count = 0;
        viscous_coupling_count = 0;
        block.first = -1;
    }
};

// Effective masses and per-unit-impulse velocity changes; the inverse masses do not change during
// the solve. A multiplication by eff_mass in the sweeps instead of a division: each update waits
// on the previous one, so the division's latency would be on the critical path. A NaN inverse
// effective mass still gives a NaN update, as a division would. (Row and B: one car's ShaftRow
// and Bodies, or four cars' side by side, row_lanes.hpp; so for the functions below.)
template <class Row, class B>
inline void prepare_shaft(Row& r, const B& b) {
    decltype(r.lambda + 0.0) k{};
    for (int i = 0; i < r.dof_count; ++i) {
        r.inv_i_coeff[i] = b.inv_i[r.dof[i]] * r.coeff[i];
        k += r.coeff[i] * r.inv_i_coeff[i];
    }
    k += r.inv_q;
    r.eff_mass = where(either(k > 0.0, is_nan_of(k)), 1.0 / k, decltype(k){});
}

// One car's rows of one direction, four wheels side by side (lane i wheel i); a time-weighted row's
// slope (the lateral rows', kTimeWeighted) already carries the share the step's end has in the
// force (its law is taken at the relaxed slip's mean over the step): no theta here.
template <bool kTimeWeighted>
inline void prepare_contact(ContactRows<Lanes4>& r, Lanes4 inv_i_wheel, const Bodies& b) {
    using T = Lanes4;
    r.inv_mass_lin = b.inv_mass * r.lin;
    r.inv_inertia_ang = b.inv_inertia * r.ang;
    r.inv_i_coeff = inv_i_wheel * r.coeff;
    const T k = dot(r.lin, r.inv_mass_lin) + dot(r.ang, r.inv_inertia_ang) + r.coeff * r.inv_i_coeff;
    // The theta method on a sliding row's law (docs/physics.md, tyre rows): q = theta h k with
    // theta = 1/2 + h k K / 4 in [1/2, 1]; backward Euler for a stiff row (a wheel's spin on its
    // tyre), the trapezoidal rule for a soft one. Not for a time-weighted row (the lateral rows,
    // whose slope carries the relaxed slip's own weight of the step's end).
    if constexpr (!kTimeWeighted) {
        const auto sliding = both(r.stick == 0.0, r.q > 0.0);
        if (any(sliding)) {
            // The body's turning moves the row velocity softly (h k K_body small at speed) where
            // the wheel's spin is stiff: that change over the step is taken by the trapezoidal
            // rule, theta_b = 1/2 + h k K_body / 4 in [1/2, 1], predicted (body_change) so that
            // the row stays the symmetric one the sweeps solve (docs/physics.md, "Tyre rows"):
            //   lambda = L0 - q (J v - J v0) + q (1 - theta_b) dv_turn.
            const T k_body = dot(r.lin, r.inv_mass_lin) + dot(r.ang, r.inv_inertia_ang);
            const T theta_body = clamp_between(0.5 + 0.25 * r.q * k_body, 0.5, 1.0);
            r.law_impulse = where(sliding, r.law_impulse + r.q * (1.0 - theta_body) * r.body_change, r.law_impulse);
            r.q = where(sliding, r.q * clamp_between(0.5 + 0.25 * r.q * k, 0.5, 1.0), r.q);
        }
    }
    const T slide = 1.0 - r.stick;
    const T compliance = slide + r.stick * r.q * r.spring_gamma;
    const T denominator = r.q * k + compliance;
    T e1{}, e2{}, e0{};
    const auto spring_alone = both(both(r.q == 0.0, r.stick == 1.0), r.spring_gamma > 0.0);  // the spring alone
    if (any(spring_alone)) {
        const T d = k + r.spring_gamma;
        e1 = where(spring_alone, 1.0 / d, e1);
        e2 = where(spring_alone, r.spring_gamma / d, e2);
        e0 = where(spring_alone, -r.spring_bias / d, e0);
    }
    const auto by_law = and_not(denominator > 0.0, spring_alone);
    if (any(by_law)) {
        const T inverse = 1.0 / denominator;
        e1 = where(by_law, r.q * inverse, e1);
        e2 = where(by_law, compliance * inverse, e2);
        e0 = where(by_law, (r.q * r.target + slide * r.law_impulse - r.stick * r.q * r.spring_bias) * inverse, e0);
    }
    // Rigid (or a NaN, which propagates): the rest.
    const auto rigid = neither(spring_alone, by_law);
    if (any(rigid)) e1 = where(rigid, where(either(k > 0.0, is_nan_of(k)), 1.0 / k, T{}), e1);
    r.e1 = e1;
    r.keep = 1.0 - settled(e2);
    r.bias = settled(e0) + r.e1 * r.surface_speed;
}

// J_a M^-1 J_b^T over the shafts the two rows share (after prepare_shaft(), which sets inv_i_coeff).
template <class Row>
inline auto coupling(const Row& a, const Row& b) {
    decltype(a.lambda + 0.0) k{};
    for (int i = 0; i < a.dof_count; ++i)
        for (int j = 0; j < b.dof_count; ++j)
            if (a.dof[i] == b.dof[j]) k += a.inv_i_coeff[i] * b.coeff[j];
    return k;
}

// J_a M^-1 J_b^T through the chassis alone (after prepare_contact()), lane by lane, for rows b
// with those velocity changes per unit impulse: two contact rows on different wheels, or one of
// them lateral, share no wheel spin.
inline Lanes4 chassis_coupling(const ContactRows<Lanes4>& a, const Vec3Lanes& b_inv_mass_lin, const Vec3Lanes& b_inv_inertia_ang) {
    return dot(a.lin, b_inv_mass_lin) + dot(a.ang, b_inv_inertia_ang);
}

template <class Block, class Row>
inline void prepare_block(Block& block, const Row& a, const Row& b) {
    using T = decltype(a.lambda + 0.0);
    block.k_ab = coupling(a, b);
    block.inv_k_bb = b.eff_mass;
    const T k_aa = where(a.eff_mass > 0.0, 1.0 / a.eff_mass, T{});
    const T schur = k_aa - block.k_ab * block.k_ab * block.inv_k_bb;
    // The Schur complement of a positive definite 2x2 is positive; a row pair that is not (no
    // shared inertia left, rounding) falls back to the rows' own effective masses.
    block.eff_mass_a = where(schur > 1e-12 * k_aa, 1.0 / schur, a.eff_mass);
}

// A row's velocity J v and its impulse's change applied, for its shafts in order. The row's count
// of shafts as a constant for the common ones (the clutch's two, a rear or front axle's gear and
// lock rows' two and three): the loops unrolled, the same operations in the same order.
// (Row and B: one car's ShaftRow and Bodies, or four cars' side by side, as for sweep_shafts.)
template <int N, class Row, class B, class T>
inline void apply_n(const Row& r, B& b, T d_lambda) {
    for (int k = 0; k < N; ++k) b.w[r.dof[k]] += r.inv_i_coeff[k] * d_lambda;
}
template <int N, class Row, class B>
inline auto row_velocity_n(const Row& r, const B& b) {
    decltype(r.lambda + 0.0) jv{};
    for (int k = 0; k < N; ++k) jv += r.coeff[k] * b.w[r.dof[k]];
    return jv;
}

template <class Row, class B, class T>
inline void apply(const Row& r, B& b, T d_lambda) {
    switch (r.dof_count) {
        case 2: return apply_n<2>(r, b, d_lambda);
        case 3: return apply_n<3>(r, b, d_lambda);
        default:
            for (int k = 0; k < r.dof_count; ++k) b.w[r.dof[k]] += r.inv_i_coeff[k] * d_lambda;
    }
}

template <class Row, class B>
inline auto row_velocity(const Row& r, const B& b) {
    switch (r.dof_count) {
        case 2: return row_velocity_n<2>(r, b);
        case 3: return row_velocity_n<3>(r, b);
        default: {
            decltype(r.lambda + 0.0) jv{};
            for (int k = 0; k < r.dof_count; ++k) jv += r.coeff[k] * b.w[r.dof[k]];
            return jv;
        }
    }
}

// The bounded row a and the equality row b, exactly: with b held (J_b v' = 0) the change of a's
// impulse d_a moves a's velocity by (K_aa - K_ab^2 / K_bb) d_a from its value with b's residual
// removed, J_a v - K_ab / K_bb J_b v; d_a is clamped to a's bounds, then b's update removes its
// own residual including d_a's effect: d_b = -(J_b v + K_ab d_a) / K_bb.
template <class Block, class Row, class B>
inline void solve_block(const Block& block, Row& a, Row& b, B& bodies) {
    const auto jv_a = row_velocity(a, bodies);
    const auto jv_b = row_velocity(b, bodies);
    const auto next_a =
        clamp_to(a.lambda - (jv_a - block.k_ab * block.inv_k_bb * jv_b) * block.eff_mass_a, a.lo, a.hi);
    const auto d_a = next_a - a.lambda;
    const auto next_b = clamp_to(b.lambda - (jv_b + block.k_ab * d_a) * block.inv_k_bb, b.lo, b.hi);
    const auto d_b = next_b - b.lambda;
    a.lambda = next_a;
    b.lambda = next_b;
    apply(a, bodies, d_a);
    apply(b, bodies, d_b);
}

// The chassis velocity as six locals while the tyre pairs are swept. T is a double for one car,
// or four cars' numbers side by side (row_lanes.hpp).
template <class T>
struct ChassisVelocity {
    T vx, vy, vz, wx, wy, wz;

    // Wheel i's row of `r` (ContactRows).
    template <class Rows>
    T along(const Rows& r, int i) const {
        // Two partial sums: shorter dependency chain than one running sum.
        return (r.lin.x[i] * vx + r.lin.y[i] * vy + r.lin.z[i] * vz) + (r.ang.x[i] * wx + r.ang.y[i] * wy + r.ang.z[i] * wz);
    }
    template <class Rows>
    void apply(const Rows& r, int i, T d) {
        vx += r.inv_mass_lin.x[i] * d;
        vy += r.inv_mass_lin.y[i] * d;
        vz += r.inv_mass_lin.z[i] * d;
        wx += r.inv_inertia_ang.x[i] * d;
        wy += r.inv_inertia_ang.y[i] * d;
        wz += r.inv_inertia_ang.z[i] * d;
    }
};
inline ChassisVelocity<Lanes4> where(Mask4 mask, const ChassisVelocity<Lanes4>& a, const ChassisVelocity<Lanes4>& b) {
    return {where(mask, a.vx, b.vx), where(mask, a.vy, b.vy), where(mask, a.vz, b.vz),
            where(mask, a.wx, b.wx), where(mask, a.wy, b.wy), where(mask, a.wz, b.wz)};
}

// `updates` (at most twice shaft_count) Gauss-Seidel updates of the shaft rows in order, from
// the first again after the last. Set and B: a RowSet and its Bodies (one car), or a RowLanes
// and its BodyLanes (four cars of one row shape, row_lanes.hpp): the same operations in the
// same order on each car's numbers.
template <class Set, class B>
void sweep_shafts(Set& set, B& b, int updates) {
    for (int n = 0; n < updates; ++n) {
        const int i = n < set.shaft_count ? n : n - set.shaft_count;
        if (i == set.block.first) {
            solve_block(set.block, set.shafts[i], set.shafts[i + 1], b);
            ++n;
            continue;
        }
        auto& r = set.shafts[i];
        if (r.dof_count == 1) {  // most shaft rows: brakes, engine friction, gearbox loss
            auto& w = b.w[r.dof[0]];
            const auto next = clamp_to(r.lambda - r.coeff[0] * w * r.eff_mass, r.lo, r.hi);
            w += r.inv_i_coeff[0] * (next - r.lambda);
            r.lambda = next;
            continue;
        }
        // (A damper row: lambda' = -(J v + K d) / inv_q solved for the change d.)
        const auto next = clamp_to(r.lambda - (row_velocity(r, b) + r.lambda * r.inv_q) * r.eff_mass, r.lo, r.hi);
        const auto d = next - r.lambda;
        r.lambda = next;
        apply(r, b, d);
    }
}

// The shaft rows' warm start (each row's impulse last step's, `warm` by the rows' slots, clamped
// to this step's bounds and applied) and effective masses, and the block's. Set and B as for
// sweep_shafts; Warm: kMaxRows numbers of the kind the set holds (one car's doubles, or four
// cars' side by side).
template <class Set, class B, class Warm>
void prepare_shafts(Set& set, B& b, const Warm& warm) {
    for (int i = 0; i < set.shaft_count; ++i) {
        auto& r = set.shafts[i];
        prepare_shaft(r, b);
        r.lambda = clamp_to(warm[r.slot], r.lo, r.hi);
        const auto started = r.lambda != 0.0;
        if (any(started))
            for (int k = 0; k < r.dof_count; ++k) b.w[r.dof[k]] = where(started, b.w[r.dof[k]] + r.inv_i_coeff[k] * r.lambda, b.w[r.dof[k]]);
    }
    if (set.block.first >= 0) prepare_block(set.block, set.shafts[set.block.first], set.shafts[set.block.first + 1]);
}

// One car's tyre rows prepared, four wheels side by side: their velocity changes per unit impulse
// and sweep coefficients (prepare_contact) and each row's coupling through the chassis to the row
// just before it in the sweeps. Reads the bodies' inverse masses, not their speeds.
inline void prepare_tyre_rows(TyreRows<Lanes4>& t, const Bodies& b) {
    const Lanes4 inv_i = lanes_from([&](int i) { return b.inv_i[kWheel0 + i]; });
    prepare_contact<false>(t.x, inv_i, b);
    prepare_contact<true>(t.y, inv_i, b);
    // Lane i the numbers of the pair swept before wheel i's (the first pair: its own, unused).
    std::array<int, 4> before{0, 1, 2, 3};
    Mask4 has_before{};
    for (int k = 1; k < t.count; ++k) {
        before[t.wheel[k]] = t.wheel[k - 1];
        has_before[t.wheel[k]] = -1;
    }
    const auto moved = [&](const Vec3Lanes& v) {
        if (t.count == 4) return Vec3Lanes{lanes_shifted_up(v.x), lanes_shifted_up(v.y), lanes_shifted_up(v.z)};  // (wheel i after i - 1)
        return vec3_lanes_from([&](int i) { return lane(v, before[i]); });
    };
    t.x.coupling_before = where(has_before, chassis_coupling(t.x, moved(t.y.inv_mass_lin), moved(t.y.inv_inertia_ang)), Lanes4{});
    t.x.coupling_x_before = where(has_before, chassis_coupling(t.x, moved(t.x.inv_mass_lin), moved(t.x.inv_inertia_ang)), Lanes4{});
    t.y.coupling_before = chassis_coupling(t.y, t.x.inv_mass_lin, t.x.inv_inertia_ang);
}

// The tyre rows' warm start, pair by pair: each row's impulse last step's (`warm` by the wheel's
// slots), clamped to this step's bounds and applied. Set, B and Warm as for prepare_shafts; after
// prepare_tyre_rows.
template <class Set, class B, class Warm>
void warm_start_tyres(Set& set, B& b, const Warm& warm, const std::array<int, 4>& slot_x, const std::array<int, 4>& slot_y) {
    auto& t = set.tyres;
    for (int k = 0; k < t.count; ++k) {
        const int i = t.wheel[k];
        const auto lambda_x = clamp_to(warm[slot_x[i]], t.x.lo[i], t.x.hi[i]);
        const auto lambda_y = clamp_to(warm[slot_y[i]], t.y.lo[i], t.y.hi[i]);
        t.x.lambda[i] = lambda_x;
        t.y.lambda[i] = lambda_y;
        b.w[kWheel0 + i] += t.x.inv_i_coeff[i] * lambda_x;
        b.v += at(t.x.inv_mass_lin, i) * lambda_x + at(t.y.inv_mass_lin, i) * lambda_y;
        b.omega += at(t.x.inv_inertia_ang, i) * lambda_x + at(t.y.inv_inertia_ang, i) * lambda_y;
    }
}

// `iterations` Gauss-Seidel sweeps: tyre pairs, then shaft rows (so that the driveline's
// equality rows, gear and locked clutch, are the last ones updated and hold their ratios most
// closely). Set and B as for sweep_shafts.
//
// A row's update, lambda' = clamp(keep lambda + bias - e1 J v) (prepare_contact()), waits on the row
// updated before it: the sweeps are one chain of dependent operations, and their latency, not
// their count, is the solve's time. Two things shorten the chain (the same update, rounded
// differently):
//   - the part without J v, keep lambda + bias, is known before the last update;
//   - a row's chassis velocity J v is taken from the chassis velocity before the update just
//     before it, plus that update's change through their coupling (J v = J v_before +
//     W d_before): the dot product is off the chain, one multiply-add on it. (A pair's
//     friction circle moves both its rows: the next pair's longitudinal row takes both
//     changes through its two couplings.)
template <class Set, class B>
void sweep_rows(Set& set, B& b, int iterations) {
    using T = std::remove_cvref_t<decltype(b.v.x)>;
    for (int it = 0; it < iterations; ++it) {
        ChassisVelocity<T> c{b.v.x, b.v.y, b.v.z, b.omega.x, b.omega.y, b.omega.z};
        // The next longitudinal row's J v before the last pair's lateral update, and that
        // update's change and its friction circle's along the last pair's longitudinal row.
        auto& t = set.tyres;
        T along_x = t.count > 0 ? c.along(t.x, t.wheel[0]) : T{};
        T d_before{}, dx_before{};
        for (int k = 0; k < t.count; ++k) {
            const int i = t.wheel[k];
            T& spin = b.w[kWheel0 + i];
            const T along_y = c.along(t.y, i);  // before this pair's longitudinal update
            {  // longitudinal
                auto& r = t.x;
                const T base = r.keep[i] * r.lambda[i] + r.bias[i];
                const T jv = (along_x + r.coupling_before[i] * d_before + r.coupling_x_before[i] * dx_before) + r.coeff[i] * spin;
                const T next = clamp_to(base - jv * r.e1[i], r.lo[i], r.hi[i]);
                d_before = next - r.lambda[i];
                r.lambda[i] = next;
                c.apply(r, i, d_before);
                spin += r.inv_i_coeff[i] * d_before;
            }
            if (k + 1 < t.count) along_x = c.along(t.x, t.wheel[k + 1]);
            {  // lateral
                auto& r = t.y;
                const T base = r.keep[i] * r.lambda[i] + r.bias[i];
                const T next = clamp_to(base - (along_y + r.coupling_before[i] * d_before) * r.e1[i], r.lo[i], r.hi[i]);
                d_before = next - r.lambda[i];
                dx_before = T{};
                r.lambda[i] = next;
                c.apply(r, i, d_before);
            }
            // Keep the pair inside its friction circle. Squared magnitudes: impulses are bounded
            // (force times step), so no overflow; the root only when the pair is outside. (Four
            // cars: each change taken only where that car's pair is outside, so that the others'
            // numbers keep their bits.)
            const T lambda_x = t.x.lambda[i], lambda_y = t.y.lambda[i], circle = t.circle[i];
            const T mag2 = lambda_x * lambda_x + lambda_y * lambda_y;
            const auto outside = both(circle > 0.0, mag2 > circle * circle);
            if (any(outside)) {
                const T s = circle / sqrt_of(mag2);
                const T dx = lambda_x * s - lambda_x;
                const T dy = lambda_y * s - lambda_y;
                t.x.lambda[i] = where(outside, lambda_x + dx, lambda_x);
                t.y.lambda[i] = where(outside, lambda_y + dy, lambda_y);
                ChassisVelocity<T> moved = c;
                moved.apply(t.x, i, dx);
                moved.apply(t.y, i, dy);
                c = where(outside, moved, c);
                spin = where(outside, spin + t.x.inv_i_coeff[i] * dx, spin);
                d_before = where(outside, d_before + dy, d_before);
                dx_before = where(outside, dx, dx_before);
            }
        }
        b.v = {c.vx, c.vy, c.vz};
        b.omega = {c.wx, c.wy, c.wz};
        // In the last sweep the shaft rows twice, so that the rows coupled through the wheels
        // (the gear row, differential locks and brakes) agree more closely.
        sweep_shafts(set, b, it + 1 == iterations ? 2 * set.shaft_count : set.shaft_count);
    }
}

// Not inlined: inlined into step_fixed, g++ 12 allocated registers worse in both and the step
// took about 10 % more instructions (callgrind).
// The rows prepared and warm-started, then `iterations` sweeps.
[[gnu::noinline]] inline void solve(RowSet& set, Bodies& b, const std::array<double, kMaxRows>& warm, const std::array<int, 4>& slot_x,
                  const std::array<int, 4>& slot_y, int iterations) {
    prepare_tyre_rows(set.tyres, b);
    prepare_shafts(set, b, warm);
    warm_start_tyres(set, b, warm, slot_x, slot_y);
    sweep_rows(set, b, iterations);
}

}  // namespace tractive::detail

#pragma GCC diagnostic pop
