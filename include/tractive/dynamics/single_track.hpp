#pragma once
// The linear single-track ("bicycle") model of a car, from the car's own geometry, mass and tyres:
// the reference a stability control steers towards and the closed forms a lateral transient test
// is checked against (issue 28). Two states, the lateral velocity v_y and the yaw rate r, at a
// constant forward speed v, with each axle's tyres linear in their slip angle (cornering
// stiffness C, both tyres of the axle, at their static loads on the nominal surface) and the
// front road-wheel angle delta (Rajamani, "Vehicle Dynamics and Control", 2nd ed., 2012, sections
// 2.3 and 3.2; Milliken & Milliken, "Race Car Vehicle Dynamics", 1995, ch. 5):
//   m (v_y' + v r) = -(C_f + C_r) v_y / v - (a C_f - b C_r) r / v + C_f delta
//   I_z r'         = -(a C_f - b C_r) v_y / v - (a^2 C_f + b^2 C_r) r / v + a C_f delta
// with a and b the distances from the centre of mass to the front and rear axles, L = a + b.

#include <complex>

#include "tractive/dynamics/vehicle_model.hpp"

namespace tractive {

// One wheel's tyre cornering stiffness C = -dFy/dalpha at zero slip, at the wheel's static load
// on the nominal surface (N/rad; 0 where the law gives none).
double wheel_cornering_stiffness_n_per_rad(const VehicleModel& model, int wheel);

struct SingleTrackModel {
    double mass_kg = 0.0;                 // with the tank's initial fuel
    double yaw_inertia_kgm2 = 0.0;        // about the centre of mass
    double front_axle_m = 0.0;            // a: centre of mass to the front axle line
    double rear_axle_m = 0.0;             // b: centre of mass to the rear axle line
    double front_cornering_stiffness_n_per_rad = 0.0;  // C_f, both front tyres
    double rear_cornering_stiffness_n_per_rad = 0.0;   // C_r, both rear tyres

    [[nodiscard]] double wheelbase_m() const { return front_axle_m + rear_axle_m; }
};

// The model of a car: its mass properties at the initial fuel, the mean axle lines of its wheels
// at design ride height, its tyres' cornering stiffness -dFy/dalpha at zero slip at each wheel's
// static load (wheel_cornering_stiffness_n_per_rad).
SingleTrackModel single_track_model(const VehicleModel& model);

// The understeer gradient: the steer angle a steady turn needs beyond the kinematic L / R, per
// unit lateral acceleration, K = (m / L) (b / C_f - a / C_r) (rad per m/s^2; > 0 understeer,
// < 0 oversteer).
double understeer_gradient_rad_per_m_s2(const SingleTrackModel& model);

// The steady-state yaw rate per unit road-wheel angle at forward speed v: v / (L + K v^2) (1/s).
// Infinite at and beyond an oversteering car's critical speed sqrt(-L / K).
double steady_yaw_rate_gain_per_s(const SingleTrackModel& model, double speed_m_per_s);

// The yaw response's undamped natural frequency and damping ratio at forward speed v > 0, from
// the characteristic polynomial s^2 + 2 zeta omega s + omega^2 of the equations above:
//   2 zeta omega = (C_f + C_r) / (m v) + (a^2 C_f + b^2 C_r) / (I_z v)
//   omega^2      = C_f C_r L^2 / (m I_z v^2) + (b C_r - a C_f) / I_z
// omega^2 <= 0 (an oversteering car at or beyond its critical speed) has no oscillation: both are
// then NaN.
struct YawResponse {
    double natural_frequency_rad_per_s = 0.0;
    double damping_ratio = 0.0;
};
YawResponse yaw_response(const SingleTrackModel& model, double speed_m_per_s);

// The steady sinusoidal response to the front road-wheel angle at frequency f (Hz) and forward
// speed v: the states' amplitudes X = (j w I - A)^-1 B (the equations above, w = 2 pi f), the yaw
// rate R / delta = X_r and the lateral acceleration A_y / delta = j w X_vy + v X_r (a_y = v_y' + v r),
// as complex numbers (gain |H|, phase arg H). At f = 0 the yaw rate's is the steady gain.
struct SingleTrackResponse {
    std::complex<double> yaw_rate_per_rad;       // 1/s
    std::complex<double> lateral_accel_per_rad;  // m/s^2 per rad
};
SingleTrackResponse single_track_response(const SingleTrackModel& model, double speed_m_per_s, double frequency_hz);

}  // namespace tractive
