#pragma once
// Arctangent, sine and cosine evaluated inline, for the step's hot paths (the tyre law's magic
// formulas, slip angles, wheel orientation). Accurate to a few units in the last place of a
// double (tests/core/trig_test.cpp measures it against the C library), exactly odd (atan, sin)
// and even (cos), so mirrored inputs give mirrored outputs bit for bit. The C library's versions
// are correctly rounded but cost two to three times as much, partly because glibc saves and
// restores the floating-point environment on every call.
//
// Method (textbook argument reduction, Taylor series; no coefficients from any library):
//   atan: t = |x| or 1 / |x| (then atan|x| = pi/2 - atan t), c = round(8 t) / 8,
//         atan t = atan c + atan u, u = (t - c) / (1 + t c), |u| <= 1/16,
//         atan u = u - u^3/3 + u^5/5 - ... through u^15 (truncation below 1e-19 relative).
//   sin, cos: y = q pi/2 + r with |r| <= pi/4 (pi/2 split in two parts, Cody and Waite 1980),
//         sin r and cos r by their Taylor series through r^17 and r^18 (truncation below 1e-19),
//         then the quadrant q mod 4 picks and signs them. |y| > 1e5 (never in the step) and
//         non-finite arguments go to the C library.

#include <cmath>
#include <cstdint>

namespace tractive::trig {

namespace detail {

// atan(k / 8), k = 0..8, correctly rounded.
inline constexpr double kAtanEighths[9] = {
    0.0,
    0.12435499454676143503,
    0.24497866312686415417,
    0.35877067027057222040,
    0.46364760900080611621,
    0.55859931534356243597,
    0.64350110879328438680,
    0.71882999962162450542,
    0.78539816339744830962,
};
inline constexpr double kHalfPi = 1.57079632679489655800e+00;  // pi/2 rounded
// pi/2 = kHalfPiHigh + kHalfPiLow; kHalfPiHigh has 33 significant bits, so q kHalfPiHigh is
// exact for |q| < 2^20.
inline constexpr double kHalfPiHigh = 1.57079632673412561417e+00;
inline constexpr double kHalfPiLow = 6.07710050650619224932e-11;
inline constexpr double kTwoOverPi = 6.36619772367581382433e-01;

// Odd Taylor series of atan(u) for |u| <= 1/16.
inline double atan_series(double u) {
    const double z = u * u;
    double p = -1.0 / 15.0;
    p = p * z + 1.0 / 13.0;
    p = p * z - 1.0 / 11.0;
    p = p * z + 1.0 / 9.0;
    p = p * z - 1.0 / 7.0;
    p = p * z + 1.0 / 5.0;
    p = p * z - 1.0 / 3.0;
    return u + u * z * p;
}

// Factorials' reciprocals for the series below.
inline constexpr double inverse_factorial(int n) {
    double f = 1.0;
    for (int i = 2; i <= n; ++i) f *= i;
    return 1.0 / f;
}

// sin r = r - r^3/3! + ... + r^17/17!, |r| <= pi/4.
inline double sin_series(double r) {
    const double z = r * r;
    double p = inverse_factorial(17);
    p = p * z - inverse_factorial(15);
    p = p * z + inverse_factorial(13);
    p = p * z - inverse_factorial(11);
    p = p * z + inverse_factorial(9);
    p = p * z - inverse_factorial(7);
    p = p * z + inverse_factorial(5);
    p = p * z - inverse_factorial(3);
    return r + r * z * p;
}

// cos r = 1 - r^2/2! + ... + r^18/18!, |r| <= pi/4.
inline double cos_series(double r) {
    const double z = r * r;
    double p = -inverse_factorial(18);
    p = p * z + inverse_factorial(16);
    p = p * z - inverse_factorial(14);
    p = p * z + inverse_factorial(12);
    p = p * z - inverse_factorial(10);
    p = p * z + inverse_factorial(8);
    p = p * z - inverse_factorial(6);
    p = p * z + inverse_factorial(4);
    return (1.0 - 0.5 * z) + z * z * p;
}

// y = q pi/2 + r, |r| <= pi/4 (a hair more from rounding), for |y| <= 1e5. q rounds half away
// from zero, so the reduction of -y is exactly the negation of that of y.
inline double reduce(double y, std::int64_t& q) {
    const double qd = std::trunc(y * kTwoOverPi + (y < 0.0 ? -0.5 : 0.5));
    q = static_cast<std::int64_t>(qd);
    return (y - qd * kHalfPiHigh) - qd * kHalfPiLow;
}

inline constexpr double kReduceLimit = 1e5;

}  // namespace detail

inline double atan(double x) {
    if (std::isnan(x)) return x;
    const double a = std::abs(x);
    const bool reflected = a > 1.0;
    const double t = reflected ? 1.0 / a : a;  // in [0, 1]
    const int k = static_cast<int>(t * 8.0 + 0.5);
    const double c = 0.125 * k;
    const double u = (t - c) / (1.0 + t * c);
    double r = detail::kAtanEighths[k] + detail::atan_series(u);
    if (reflected) r = detail::kHalfPi - r;
    return x < 0.0 ? -r : r;
}

inline double sin(double y) {
    if (!(std::abs(y) <= detail::kReduceLimit)) return std::sin(y);
    std::int64_t q = 0;
    const double r = detail::reduce(y, q);
    const double v = (q & 1) != 0 ? detail::cos_series(r) : detail::sin_series(r);
    return (q & 2) != 0 ? -v : v;
}

struct SinCos {
    double sin;
    double cos;
};

inline SinCos sincos(double y) {
    if (!(std::abs(y) <= detail::kReduceLimit)) return {std::sin(y), std::cos(y)};
    std::int64_t q = 0;
    const double r = detail::reduce(y, q);
    const double s = detail::sin_series(r);
    const double c = detail::cos_series(r);
    switch (q & 3) {
        case 0: return {s, c};
        case 1: return {c, -s};
        case 2: return {-s, -c};
        default: return {-c, s};
    }
}

}  // namespace tractive::trig
