#pragma once
// The Magic Formula's shape, shared by the Pacejka '89 (tyre_pacejka.cpp) and VDrift's Pacejka
// 2002 (tyre_pacejka2002.cpp): F(S) = D sin(C atan(B S - E (B S - atan(B S)))) and its derivative
//   dF/dS = D C cos(C atan x) / (1 + x^2) * B (1 - E + E / (1 + (B S)^2)),
//   x = B S - E (B S - atan(B S)).
// Never NaN for finite C, D, E, S: a B S beyond 1e12 (only from an overflowing B) is clamped so
// that E (B S - atan(B S)) stays finite, and a NaN B S (B infinite with S = 0) reads as 0.

#include <algorithm>
#include <cmath>
#include <numbers>

#include "tractive/laws/tyre_pacejka.hpp"

namespace tractive::detail {

inline constexpr double kMagicFormulaMaxBs = 1e12;

template <bool kWithSlope>
PacejkaValue magic_formula(double b, double c, double d, double e, double s) {
    double bs = b * s;
    if (std::isnan(bs)) bs = 0.0;
    bs = std::clamp(bs, -kMagicFormulaMaxBs, kMagicFormulaMaxBs);
    const double x = bs - e * (bs - std::atan(bs));
    if constexpr (!kWithSlope) {
        return {d * std::sin(c * std::atan(x)), 0.0};
    } else {
        // cos from sin (|cos| = sqrt(1 - sin^2), negative past a quarter turn): a root is far
        // cheaper than the sincos it replaces, 4 % of a vehicle step. Near the formula's peak
        // (cos -> 0) the root loses relative precision, never more than about 1e-8 absolute in
        // cos: a slope error of D C 1e-8, nothing next to the slopes the rows use.
        const double angle = c * std::atan(x);
        const double sine = std::sin(angle);
        const double cos_abs = std::sqrt(std::max(0.0, 1.0 - sine * sine));
        const double cosine = std::abs(angle) <= 0.5 * std::numbers::pi ? cos_abs : -cos_abs;
        const double dx_ds = b * (1.0 - e + e / (1.0 + bs * bs));
        const double slope = d * c * cosine / (1.0 + x * x) * dx_ds;
        return {d * sine, std::isfinite(slope) ? slope : 0.0};
    }
}

}  // namespace tractive::detail
