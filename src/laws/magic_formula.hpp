#pragma once
// The Magic Formula's shape, shared by the Pacejka '89 (tyre_pacejka.cpp), VDrift's Pacejka
// 2002 (tyre_pacejka2002.cpp) and the .tir laws (tyre_magic_formula_lanes.hpp):
//   F(S) = D sin(C atan(B S - E (B S - atan(B S)))) and its derivative
//   dF/dS = D C cos(C atan x) / (1 + x^2) * B (1 - E + E / (1 + (B S)^2)),
//   x = B S - E (B S - atan(B S)).
// Never NaN for finite C, D, E, S: a B S beyond 1e12 (only from an overflowing B) is clamped so
// that E (B S - atan(B S)) stays finite, and a NaN B S (B infinite with S = 0) reads as 0.
// Written once for a lane type T (lane_math.hpp: one tyre as double, or four side by side);
// internal linkage for the reason given there.

#include <numbers>

#include "lane_math.hpp"
#include "tractive/laws/tyre_pacejka.hpp"

namespace tractive::detail {
namespace {

inline constexpr double kMagicFormulaMaxBs = 1e12;

template <class T>
struct PacejkaLanes {
    T value;
    T slope;
};

template <bool kWithSlope, class T>
PacejkaLanes<T> magic_formula_lanes(T b, T c, T d, T e, T s) {
    using lane::splat;
    T bs = b * s;
    bs = lane::select(lane::is_nan(bs), splat<T>(0.0), bs);
    bs = lane::select(bs < -kMagicFormulaMaxBs, splat<T>(-kMagicFormulaMaxBs),
                      lane::select(kMagicFormulaMaxBs < bs, splat<T>(kMagicFormulaMaxBs), bs));  // (std::clamp)
    const T x = bs - e * (bs - lane::atan(bs));
    if constexpr (!kWithSlope) {
        return {d * lane::sin(c * lane::atan(x)), splat<T>(0.0)};
    } else {
        // cos from sin (|cos| = sqrt(1 - sin^2), negative past a quarter turn): a root is far
        // cheaper than the sincos it replaces, 4 % of a vehicle step. Near the formula's peak
        // (cos -> 0) the root loses relative precision, never more than about 1e-8 absolute in
        // cos: a slope error of D C 1e-8, nothing next to the slopes the rows use.
        const T angle = c * lane::atan(x);
        const T sine = lane::sin(angle);
        const T cos_abs = lane::sqrt(lane::max(splat<T>(0.0), 1.0 - sine * sine));
        const T cosine = lane::select(lane::abs(angle) <= 0.5 * std::numbers::pi, cos_abs, -cos_abs);
        const T dx_ds = b * (1.0 - e + e / (1.0 + bs * bs));
        const T slope = d * c * cosine / (1.0 + x * x) * dx_ds;
        return {d * sine, lane::select(lane::is_finite(slope), slope, splat<T>(0.0))};
    }
}

// One tyre's shape (T = double).
template <bool kWithSlope>
PacejkaValue magic_formula(double b, double c, double d, double e, double s) {
    const PacejkaLanes<double> f = magic_formula_lanes<kWithSlope>(b, c, d, e, s);
    return {f.value, f.slope};
}

}  // namespace
}  // namespace tractive::detail
