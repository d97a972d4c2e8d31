// The inline arctangent, sine and cosine (core/trig.hpp) and exponential (core/exp.hpp) against
// the C library's correctly rounded ones: error in units in the last place over a dense sweep,
// exact symmetry, special values.
#include "tractive/core/exp.hpp"
#include "tractive/core/trig.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace trig = tractive::trig;

namespace {

// |a - b| in units of the last place of b (the spacing of doubles at b).
double ulps(double a, double b) {
    if (a == b) return 0.0;
    const double spacing = std::nextafter(std::abs(b), std::numeric_limits<double>::infinity()) - std::abs(b);
    return std::abs(a - b) / spacing;
}

// Arguments from 1e-12 to 1e6, geometrically spaced and jittered, plus both signs.
std::vector<double> sweep(double top) {
    std::vector<double> xs;
    for (double x = 1e-12; x < top; x *= 1.0007) xs.push_back(x * (1.0 + 1e-4 * std::sin(static_cast<double>(xs.size()) * 1.7)));
    for (int k = 0; k <= 8; ++k) xs.push_back(k / 8.0);  // table points
    return xs;
}

}  // namespace

TEST(Trig, AtanWithinFourUlpsAndOdd) {
    double worst = 0.0;
    for (const double x : sweep(1e6)) {
        worst = std::max(worst, ulps(trig::atan(x), std::atan(x)));
        ASSERT_EQ(trig::atan(-x), -trig::atan(x)) << x;
    }
    EXPECT_LE(worst, 4.0);
    RecordProperty("atan_worst_ulps", std::to_string(worst));
    EXPECT_EQ(trig::atan(0.0), 0.0);
    EXPECT_EQ(trig::atan(std::numeric_limits<double>::infinity()), std::atan(std::numeric_limits<double>::infinity()));
    EXPECT_EQ(trig::atan(1e300), std::atan(1e300));
    EXPECT_TRUE(std::isnan(trig::atan(std::nan(""))));
}

TEST(Trig, SinAndCosWithinFourUlpsOfTheirScaleAndSymmetric) {
    // Near the zeros of sin and cos (multiples of pi/2) the result is tiny and the error of the
    // reduction is measured against the size of the argument's neighbourhood: 4 ulps of 1.
    double worst_sin = 0.0;
    double worst_cos = 0.0;
    for (const double y : sweep(1e5)) {
        const trig::SinCos sc = trig::sincos(y);
        const double s = std::sin(y);
        const double c = std::cos(y);
        worst_sin = std::max(worst_sin, std::abs(s) > 1e-3 ? ulps(sc.sin, s) : std::abs(sc.sin - s) / 2.2e-16);
        worst_cos = std::max(worst_cos, std::abs(c) > 1e-3 ? ulps(sc.cos, c) : std::abs(sc.cos - c) / 2.2e-16);
        ASSERT_EQ(trig::sin(y), sc.sin) << y;
        const trig::SinCos m = trig::sincos(-y);
        ASSERT_EQ(m.sin, -sc.sin) << y;
        ASSERT_EQ(m.cos, sc.cos) << y;
    }
    EXPECT_LE(worst_sin, 4.0);
    EXPECT_LE(worst_cos, 4.0);
    RecordProperty("sin_worst_ulps", std::to_string(worst_sin));
    RecordProperty("cos_worst_ulps", std::to_string(worst_cos));
    // Beyond the reduction range and for non-finite arguments: the C library's values.
    EXPECT_EQ(trig::sin(3e7), std::sin(3e7));
    EXPECT_TRUE(std::isnan(trig::sincos(std::numeric_limits<double>::infinity()).cos));
    EXPECT_TRUE(std::isnan(trig::sin(std::nan(""))));
    EXPECT_EQ(trig::sincos(0.0).cos, 1.0);
}

TEST(InlineExp, WithinFourUlpsOverTheWholeRange) {
    double worst = 0.0;
    for (double x = -700.0; x <= 700.0; x += 0.01371) worst = std::max(worst, ulps(tractive::exp_inline(x), std::exp(x)));
    for (double x = -1e-3; x <= 1e-3; x += 1.37e-6) worst = std::max(worst, ulps(tractive::exp_inline(x), std::exp(x)));
    EXPECT_LE(worst, 4.0);
    RecordProperty("exp_worst_ulps", std::to_string(worst));
    EXPECT_EQ(tractive::exp_inline(0.0), 1.0);
    EXPECT_EQ(tractive::exp_inline(800.0), std::exp(800.0));
    EXPECT_EQ(tractive::exp_inline(-800.0), std::exp(-800.0));
    EXPECT_TRUE(std::isnan(tractive::exp_inline(std::nan(""))));
}
