// The linear single-track model (dynamics/single_track.hpp): its closed forms against the
// eigenvalues and steady state of its own two equations, written out here as a matrix, and the
// model of every shipped car against the car's own figures.
#include "tractive/dynamics/single_track.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>

#include "support/test_paths.hpp"
#include "tractive/driver/driver_vehicle_figures.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/spec/mass_properties.hpp"

namespace tractive {
namespace {

SingleTrackModel sedan() {  // a mid-size sedan's figures, by hand
    SingleTrackModel st;
    st.mass_kg = 1500.0;
    st.yaw_inertia_kgm2 = 2500.0;
    st.front_axle_m = 1.2;
    st.rear_axle_m = 1.4;
    st.front_cornering_stiffness_n_per_rad = 100000.0;
    st.rear_cornering_stiffness_n_per_rad = 120000.0;
    return st;
}

// x' = A x + B delta, x = (v_y, r), the two equations of the header.
struct StateMatrix {
    double a11, a12, a21, a22, b1, b2;
};
StateMatrix state_matrix(const SingleTrackModel& st, double v) {
    const double m = st.mass_kg, iz = st.yaw_inertia_kgm2, a = st.front_axle_m, b = st.rear_axle_m;
    const double cf = st.front_cornering_stiffness_n_per_rad, cr = st.rear_cornering_stiffness_n_per_rad;
    return {-(cf + cr) / (m * v), -v - (a * cf - b * cr) / (m * v), -(a * cf - b * cr) / (iz * v), -(a * a * cf + b * b * cr) / (iz * v),
            cf / m, a * cf / iz};
}

TEST(SingleTrack, ClosedFormsAreTheEquationsEigenvaluesAndSteadyState) {
    const SingleTrackModel st = sedan();
    for (const double v : {3.0, 10.0, 20.0, 40.0, 70.0}) {
        const StateMatrix s = state_matrix(st, v);
        // The characteristic polynomial s^2 - tr(A) s + det(A): omega^2 = det, 2 zeta omega = -tr.
        const double det = s.a11 * s.a22 - s.a12 * s.a21, trace = s.a11 + s.a22;
        const YawResponse y = yaw_response(st, v);
        EXPECT_NEAR(y.natural_frequency_rad_per_s, std::sqrt(det), 1e-12 * std::sqrt(det)) << v;
        EXPECT_NEAR(y.damping_ratio, -trace / (2.0 * std::sqrt(det)), 1e-12) << v;
        // Steady state: A x = -B delta (delta = 1).
        const double r = (-s.a11 * s.b2 + s.a21 * s.b1) / det;
        EXPECT_NEAR(steady_yaw_rate_gain_per_s(st, v), r, 1e-12 * std::abs(r)) << v;
        // The understeer gradient from it: delta = L r / v + K v r (a_y = v r in a steady turn).
        EXPECT_NEAR(understeer_gradient_rad_per_m_s2(st), (1.0 - st.wheelbase_m() * r / v) / (v * r), 1e-12) << v;
    }
    // Understeer here: b C_r > a C_f, the yaw natural frequency falls with speed and the damping
    // with it.
    EXPECT_GT(understeer_gradient_rad_per_m_s2(st), 0.0);
    EXPECT_GT(yaw_response(st, 10.0).natural_frequency_rad_per_s, yaw_response(st, 40.0).natural_frequency_rad_per_s);
    EXPECT_GT(yaw_response(st, 10.0).damping_ratio, yaw_response(st, 40.0).damping_ratio);
}

TEST(SingleTrack, AnOversteeringCarBeyondItsCriticalSpeedHasNoYawOscillation) {
    SingleTrackModel st = sedan();
    st.rear_cornering_stiffness_n_per_rad = 60000.0;  // a C_f > b C_r
    const double k = understeer_gradient_rad_per_m_s2(st);
    ASSERT_LT(k, 0.0);
    const double critical = std::sqrt(-st.wheelbase_m() / k);
    EXPECT_TRUE(std::isfinite(steady_yaw_rate_gain_per_s(st, 0.9 * critical)));
    EXPECT_TRUE(std::isinf(steady_yaw_rate_gain_per_s(st, 1.1 * critical)));
    EXPECT_FALSE(std::isnan(yaw_response(st, 0.9 * critical).natural_frequency_rad_per_s));
    EXPECT_TRUE(std::isnan(yaw_response(st, 1.1 * critical).natural_frequency_rad_per_s));
}

// The sinusoidal response: at 0 Hz the steady gains (yaw rate v / (L + K v^2), lateral
// acceleration v times it); at each frequency it satisfies the model's two equations with
// v_y = X_vy e^{jwt}, r = X_r e^{jwt}; far above the yaw mode the yaw rate follows the front axle's
// moment alone, a C_f / (I_z j w).
TEST(SingleTrack, ItsFrequencyResponseSolvesItsEquations) {
    const SingleTrackModel st = sedan();
    const double v = 22.0;
    const SingleTrackResponse zero = single_track_response(st, v, 0.0);
    EXPECT_NEAR(zero.yaw_rate_per_rad.real(), steady_yaw_rate_gain_per_s(st, v), 1e-12 * steady_yaw_rate_gain_per_s(st, v));
    EXPECT_NEAR(zero.yaw_rate_per_rad.imag(), 0.0, 1e-12);
    EXPECT_NEAR(zero.lateral_accel_per_rad.real(), v * steady_yaw_rate_gain_per_s(st, v), 1e-10);
    const double m = st.mass_kg, iz = st.yaw_inertia_kgm2, a = st.front_axle_m, b = st.rear_axle_m;
    const double cf = st.front_cornering_stiffness_n_per_rad, cr = st.rear_cornering_stiffness_n_per_rad;
    for (const double f : {0.3, 1.0, 2.5}) {
        const SingleTrackResponse h = single_track_response(st, v, f);
        const std::complex<double> s(0.0, 2.0 * std::numbers::pi * f);
        // a_y = s X_vy + v X_r, so X_vy = (A_y - v R) / s; both equations per unit delta.
        const std::complex<double> x_r = h.yaw_rate_per_rad, x_vy = (h.lateral_accel_per_rad - v * x_r) / s;
        const std::complex<double> lateral = m * (s * x_vy + v * x_r) + (cf + cr) / v * x_vy + (a * cf - b * cr) / v * x_r - cf;
        const std::complex<double> yaw = iz * s * x_r + (a * cf - b * cr) / v * x_vy + (a * a * cf + b * b * cr) / v * x_r - a * cf;
        EXPECT_LT(std::abs(lateral), 1e-9 * cf) << f;
        EXPECT_LT(std::abs(yaw), 1e-9 * a * cf) << f;
    }
    const std::complex<double> high = single_track_response(st, v, 200.0).yaw_rate_per_rad;
    const std::complex<double> asymptote = a * cf / (iz * std::complex<double>(0.0, 2.0 * std::numbers::pi * 200.0));
    EXPECT_LT(std::abs(high - asymptote), 0.02 * std::abs(asymptote));
}

TEST(SingleTrack, EveryShippedCarsModelIsItsOwnFigures) {
    for (const auto& file : test::example_car_files()) {
        const VehicleSpec spec = load_car(file).spec;
        const VehicleModel model = build_vehicle_model(spec);
        const SingleTrackModel st = single_track_model(model);
        SCOPED_TRACE(file.string());
        EXPECT_NEAR(st.wheelbase_m(), driver_vehicle_figures(spec).wheelbase_m, 1e-12);
        EXPECT_DOUBLE_EQ(st.mass_kg, mass_properties(spec).mass_kg);
        EXPECT_NEAR(st.front_cornering_stiffness_n_per_rad + st.rear_cornering_stiffness_n_per_rad, total_cornering_stiffness_n_per_rad(model),
                    1e-9 * total_cornering_stiffness_n_per_rad(model));
        EXPECT_GT(st.front_axle_m, 0.0);
        EXPECT_GT(st.rear_axle_m, 0.0);
        EXPECT_GT(st.front_cornering_stiffness_n_per_rad, 0.0);
        EXPECT_GT(st.rear_cornering_stiffness_n_per_rad, 0.0);
        // A road car's yaw mode at 20 m/s: about 1 Hz, well damped (Milliken ch. 5: 0.8-2 Hz).
        const YawResponse y = yaw_response(st, 20.0);
        const double hz = y.natural_frequency_rad_per_s / (2.0 * std::numbers::pi);
        std::printf("%s: a %.3f b %.3f m, C_f %.0f C_r %.0f N/rad, K %.2f deg/g, yaw mode at 20 m/s %.2f Hz, damping %.2f\n",
                    file.filename().c_str(), st.front_axle_m, st.rear_axle_m, st.front_cornering_stiffness_n_per_rad,
                    st.rear_cornering_stiffness_n_per_rad, understeer_gradient_rad_per_m_s2(st) * 9.80665 * 180.0 / std::numbers::pi, hz,
                    y.damping_ratio);
        EXPECT_GT(hz, 0.5);
        EXPECT_LT(hz, 3.0);
        EXPECT_GT(y.damping_ratio, 0.3);
    }
}

}  // namespace
}  // namespace tractive
