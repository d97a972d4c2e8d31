// The linear single-track model of a car (dynamics/single_track.hpp).

#include "tractive/dynamics/single_track.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "tractive/laws/tyre.hpp"
#include "tractive/spec/mass_properties.hpp"

namespace tractive {

double wheel_cornering_stiffness_n_per_rad(const VehicleModel& model, int wheel) {
    const WheelModel& w = model.wheels[static_cast<std::size_t>(wheel)];
    const TyreForce f = tyre_force(model.spec.wheels[static_cast<std::size_t>(wheel)].tyre, TyreSlip{}, w.static_load_n, 1.0, w.size_friction_factor);
    return std::isfinite(f.dfy_dslip_angle_per_rad) ? std::max(-f.dfy_dslip_angle_per_rad, 0.0) : 0.0;
}

SingleTrackModel single_track_model(const VehicleModel& model) {
    const VehicleSpec& spec = model.spec;
    const MassProperties mp = mass_properties(spec);
    SingleTrackModel st;
    st.mass_kg = mp.mass_kg;
    st.yaw_inertia_kgm2 = mp.inertia_kgm2.m[2][2];
    const auto& w = spec.wheels;
    st.front_axle_m = 0.5 * (w[FL].position_m.x + w[FR].position_m.x) - mp.cg_m.x;
    st.rear_axle_m = mp.cg_m.x - 0.5 * (w[RL].position_m.x + w[RR].position_m.x);
    for (int i = 0; i < 4; ++i) {
        const double c = wheel_cornering_stiffness_n_per_rad(model, i);
        (model.wheels[static_cast<std::size_t>(i)].front ? st.front_cornering_stiffness_n_per_rad : st.rear_cornering_stiffness_n_per_rad) += c;
    }
    return st;
}

double understeer_gradient_rad_per_m_s2(const SingleTrackModel& st) {
    return st.mass_kg / st.wheelbase_m() *
           (st.rear_axle_m / st.front_cornering_stiffness_n_per_rad - st.front_axle_m / st.rear_cornering_stiffness_n_per_rad);
}

double steady_yaw_rate_gain_per_s(const SingleTrackModel& st, double speed_m_per_s) {
    const double v = speed_m_per_s;
    const double denominator = st.wheelbase_m() + understeer_gradient_rad_per_m_s2(st) * v * v;
    return denominator > 0.0 ? v / denominator : std::numeric_limits<double>::infinity();
}

YawResponse yaw_response(const SingleTrackModel& st, double speed_m_per_s) {
    const double m = st.mass_kg, iz = st.yaw_inertia_kgm2, a = st.front_axle_m, b = st.rear_axle_m, v = speed_m_per_s;
    const double cf = st.front_cornering_stiffness_n_per_rad, cr = st.rear_cornering_stiffness_n_per_rad, l = a + b;
    const double two_zeta_omega = (cf + cr) / (m * v) + (a * a * cf + b * b * cr) / (iz * v);
    const double omega2 = cf * cr * l * l / (m * iz * v * v) + (b * cr - a * cf) / iz;
    if (!(omega2 > 0.0) || !(v > 0.0)) return {std::nan(""), std::nan("")};
    const double omega = std::sqrt(omega2);
    return {omega, two_zeta_omega / (2.0 * omega)};
}

SingleTrackResponse single_track_response(const SingleTrackModel& st, double speed_m_per_s, double frequency_hz) {
    using C = std::complex<double>;
    const double m = st.mass_kg, iz = st.yaw_inertia_kgm2, a = st.front_axle_m, b = st.rear_axle_m, v = speed_m_per_s;
    const double cf = st.front_cornering_stiffness_n_per_rad, cr = st.rear_cornering_stiffness_n_per_rad;
    const double a11 = -(cf + cr) / (m * v), a12 = -(a * cf - b * cr) / (m * v) - v;
    const double a21 = -(a * cf - b * cr) / (iz * v), a22 = -(a * a * cf + b * b * cr) / (iz * v);
    const double b1 = cf / m, b2 = a * cf / iz;
    const C s(0.0, 2.0 * std::numbers::pi * frequency_hz);
    // (s I - A) X = B, by Cramer's rule.
    const C m11 = s - a11, m12 = -a12, m21 = -a21, m22 = s - a22;
    const C det = m11 * m22 - m12 * m21;
    const C x_vy = (b1 * m22 - m12 * b2) / det;
    const C x_r = (m11 * b2 - m21 * b1) / det;
    return {x_r, s * x_vy + v * x_r};
}

}  // namespace tractive
