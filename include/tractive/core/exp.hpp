#pragma once
// e^x evaluated inline for the tyre law's load terms (Pacejka's exp(-b5 Fz), exp(-c5 Fz)), accurate
// to a few units in the last place (tests/core/trig_test.cpp measures it against the C library),
// about a quarter of the C library call's cost on this path.
//
// Method (textbook): x = k ln 2 + r with |r| <= ln2 / 2 (ln 2 split in two parts so that k times
// the first is exact, as Cody and Waite 1980), e^r by its Taylor series through r^13 (truncation
// below 4e-18 relative), times 2^k built from the exponent bits. |x| > 700 (near overflow or
// underflow) and non-finite arguments go to the C library.

#include <bit>
#include <cmath>
#include <cstdint>

namespace tractive {

inline double exp_inline(double x) {
    if (!(std::abs(x) <= 700.0)) return std::exp(x);
    constexpr double kLog2E = 1.44269504088896338700e+00;
    // ln 2 = kLn2High + kLn2Low; kLn2High has 32 significant bits, so k kLn2High is exact.
    constexpr double kLn2High = 6.93147180369123816490e-01;
    constexpr double kLn2Low = 1.90821492927058770002e-10;
    const double k = std::floor(x * kLog2E + 0.5);
    const double r = (x - k * kLn2High) - k * kLn2Low;
    double p = 1.0 / 6227020800.0;  // 1/13!
    constexpr double kInverseFactorials[13] = {1.0 / 479001600.0, 1.0 / 39916800.0, 1.0 / 3628800.0, 1.0 / 362880.0,
                                               1.0 / 40320.0,     1.0 / 5040.0,     1.0 / 720.0,     1.0 / 120.0,
                                               1.0 / 24.0,        1.0 / 6.0,        1.0 / 2.0,       1.0,
                                               1.0};
    for (const double c : kInverseFactorials) p = p * r + c;
    // 2^k for |k| <= 1010: a normal double's exponent field.
    const auto bits = static_cast<std::uint64_t>(static_cast<std::int64_t>(k) + 1023) << 52;
    return p * std::bit_cast<double>(bits);
}

}  // namespace tractive
