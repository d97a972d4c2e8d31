#include "tractive/core/piecewise_linear.hpp"

#include <gtest/gtest.h>

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
