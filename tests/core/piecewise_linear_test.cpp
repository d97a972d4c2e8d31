#include "tractive/core/piecewise_linear.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using tractive::PiecewiseLinear;

TEST(PiecewiseLinear, InterpolatesBetweenPointsAndHoldsEnds) {
    const PiecewiseLinear f({1000.0, 2000.0, 4000.0}, {100.0, 200.0, 150.0});
    EXPECT_DOUBLE_EQ(f(1500.0), 150.0);
    EXPECT_DOUBLE_EQ(f(3000.0), 175.0);
    EXPECT_DOUBLE_EQ(f(2000.0), 200.0);
    EXPECT_DOUBLE_EQ(f(500.0), 100.0);   // held below the first point
    EXPECT_DOUBLE_EQ(f(9000.0), 150.0);  // held above the last point
}

TEST(PiecewiseLinear, EmptyCurveIsZero) {
    const PiecewiseLinear f;
    EXPECT_TRUE(f.empty());
    EXPECT_EQ(f(3.0), 0.0);
}

namespace {
// Reference lookup: a linear scan for the segment xs[i - 1] <= x < xs[i].
double scan(const std::vector<double>& xs, const std::vector<double>& ys, double x) {
    if (x <= xs.front()) return ys.front();
    if (x >= xs.back()) return ys.back();
    std::size_t i = 1;
    while (xs[i] <= x) ++i;
    return ys[i - 1] + (x - xs[i - 1]) / (xs[i] - xs[i - 1]) * (ys[i] - ys[i - 1]);
}
}  // namespace

// Evenly spaced points (computed as a sampler does, so the spacing is uneven in the last bits)
// take the O(1) lookup; it must give exactly what the segment search gives, at knots too.
TEST(PiecewiseLinear, EvenlySpacedLookupIsExact) {
    std::vector<double> xs;
    std::vector<double> ys;
    const double lo = -0.137;
    const double hi = 0.291;
    for (int i = 0; i < 41; ++i) {
        xs.push_back(lo + (hi - lo) * i / 40);
        ys.push_back(std::sin(7.0 * xs.back()));
    }
    const PiecewiseLinear f(xs, ys);
    for (int k = -50; k <= 4050; ++k) {
        const double x = lo + (hi - lo) * k / 4000.0;
        ASSERT_EQ(f(x), scan(xs, ys, x)) << "x = " << x;
    }
    for (const double x : xs) ASSERT_EQ(f(x), scan(xs, ys, x)) << "knot x = " << x;
    EXPECT_TRUE(std::isnan(f(std::nan(""))));
}

// Unevenly spaced points (a torque curve's, clustered and sparse) start from the bucket table's
// guess; the segment must be the one the search finds, at every knot, between knots, and at the
// buckets' edges.
TEST(PiecewiseLinear, UnevenlySpacedLookupIsExact) {
    for (const std::vector<double>& xs : {std::vector<double>{1000, 2000, 3000, 4000, 4500, 5000, 5100, 5150, 7500},
                                         std::vector<double>{-1.0, -0.999, 0.0, 1e-6, 2e-6, 3.0},
                                         std::vector<double>{0.0, 1.0}}) {
        std::vector<double> ys;
        for (const double x : xs) ys.push_back(std::cos(0.001 * x) + x);
        const PiecewiseLinear f(xs, ys);
        const double lo = xs.front(), hi = xs.back();
        for (int k = -50; k <= 20050; ++k) {
            const double x = lo + (hi - lo) * k / 20000.0;
            ASSERT_EQ(f(x), scan(xs, ys, x)) << "x = " << x;
        }
        for (const double x : xs) {
            ASSERT_EQ(f(x), scan(xs, ys, x)) << "knot x = " << x;
            ASSERT_EQ(f(std::nextafter(x, -1e300)), scan(xs, ys, std::nextafter(x, -1e300))) << "below knot " << x;
            ASSERT_EQ(f(std::nextafter(x, 1e300)), scan(xs, ys, std::nextafter(x, 1e300))) << "above knot " << x;
        }
        for (int k = 0; k <= 4 * static_cast<int>(xs.size()); ++k) {  // the buckets' edges
            const double x = lo + (hi - lo) * k / (4.0 * static_cast<double>(xs.size() - 1));
            ASSERT_EQ(f(x), scan(xs, ys, x)) << "edge x = " << x;
        }
    }
}
