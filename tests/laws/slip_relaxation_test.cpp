// The slip relaxation weights (laws/slip_relaxation.hpp) against the exact solution of
// d alpha'/ds = (alpha - alpha') / sigma with alpha linear over the step, integrated finely.
#include "tractive/laws/slip_relaxation.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace tractive;

namespace {
// alpha' over one step of unit length in z units, from alpha'_0 with alpha going linearly from
// a0 to a1: its mean and its end value by RK4 in 20,000 sub-steps.
std::pair<double, double> integrated(double z, double relaxed0, double a0, double a1) {
    const int n = 20000;
    const double dt = 1.0 / n;
    double x = relaxed0, mean = 0.0;
    const auto f = [&](double t, double v) { return z * ((a0 + (a1 - a0) * t) - v); };
    for (int i = 0; i < n; ++i) {
        const double t = i * dt;
        const double k1 = f(t, x), k2 = f(t + dt / 2, x + dt / 2 * k1), k3 = f(t + dt / 2, x + dt / 2 * k2), k4 = f(t + dt, x + dt * k3);
        const double next = x + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
        mean += (x + next) / 2 * dt;  // trapezoid of the sub-step
        x = next;
    }
    return {mean, x};
}
}  // namespace

TEST(SlipRelaxation, WeightsGiveTheExactMeanAndEnd) {
    for (const double z : {1e-6, 5e-4, 1e-3, 2e-3, 0.1, 1.0, 7.0}) {
        const RelaxationWeights w = relaxation_weights(z);
        const double relaxed0 = 0.02, a0 = 0.05, a1 = -0.01;
        const auto [mean, end] = integrated(z, relaxed0, a0, a1);
        const double mean_w = w.phi * relaxed0 + (1.0 - w.phi) * a0 + w.end_weight * (a1 - a0);
        const double end_w = w.decay * relaxed0 + (w.phi - w.decay) * a0 + (1.0 - w.phi) * a1;
        EXPECT_NEAR(mean_w, mean, 1e-10) << z;
        EXPECT_NEAR(end_w, end, 1e-10) << z;
    }
}

// The series below z = 1e-3 and the closed form above it meet: no step in the weights there.
TEST(SlipRelaxation, SeriesAndClosedFormMeet) {
    const RelaxationWeights below = relaxation_weights(std::nextafter(1e-3, 0.0));
    const RelaxationWeights above = relaxation_weights(1e-3);
    EXPECT_NEAR(below.phi, above.phi, 1e-13);
    EXPECT_NEAR(below.end_weight, above.end_weight, 1e-12);
    const RelaxationWeights none = relaxation_weights(0.0);
    EXPECT_EQ(none.phi, 1.0);
    EXPECT_EQ(none.end_weight, 0.0);
    EXPECT_NEAR(relaxation_weights(1e4).end_weight, 0.5, 1e-4);  // no relaxation: alpha's own mean
}
