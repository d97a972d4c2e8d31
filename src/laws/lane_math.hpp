#pragma once
// One tyre's numbers as a lane: the operations the lane-generic laws (tyre_magic_formula_lanes.hpp)
// are written in, for T = double. lane_math_avx2.hpp gives the same operations for four doubles
// side by side. A branch of the scalar code becomes select(mask, a, b), which takes a where mask
// holds, lane by lane; any(mask) guards work that no lane needs.
//
// Internal linkage on purpose (an unnamed namespace): these and the laws written in them are
// compiled once for baseline x86-64 and once, in their own translation unit, for AVX2, and the
// linker must never merge the two copies (it would hand AVX2 code to a processor without it).

#include <algorithm>
#include <cmath>

namespace tractive::lane {
namespace {

template <class T>
T splat(double x) {
    return T{} + x;
}
inline double select(bool mask, double a, double b) { return mask ? a : b; }
inline bool any(bool mask) { return mask; }
inline double min(double a, double b) { return std::min(a, b); }
inline double max(double a, double b) { return std::max(a, b); }
inline double abs(double x) { return std::abs(x); }
inline double copysign(double magnitude, double sign) { return std::copysign(magnitude, sign); }
inline double sqrt(double x) { return std::sqrt(x); }
inline double atan(double x) { return std::atan(x); }
inline double sin(double x) { return std::sin(x); }
inline double cos(double x) { return std::cos(x); }
inline double tan(double x) { return std::tan(x); }
inline double exp(double x) { return std::exp(x); }
inline double expm1(double x) { return std::expm1(x); }
inline double pow(double x, double y) { return std::pow(x, y); }
inline bool is_nan(double x) { return std::isnan(x); }
inline bool is_finite(double x) { return std::isfinite(x); }

}  // namespace
}  // namespace tractive::lane
