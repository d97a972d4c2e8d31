#pragma once
// Path following: the steering input that keeps the car on a path (docs/driver-models.md).
//
// The law, per call with time step dt (v forward speed, L wheelbase, reference point the
// centre of mass, course chi the direction of its velocity; the body heading below 0.5 m/s):
//   1. Curvature demand from the path-error dynamics. With e the lateral error (+ = left of the
//      path) and psi = chi - path heading at the nearest point, e' = v sin(psi) and
//      psi' = v (kappa_car - kappa_path), so e'' ~ v^2 (kappa_car - kappa_path) (the error
//      coordinates of Rajamani, "Vehicle Dynamics and Control", 2nd ed., 2012, ch. 2, the model
//      in terms of the errors with respect to the road).
//      Placing the poles of e'' + 2 zeta omega e' + omega^2 e = 0:
//        kappa_d = kappa_path(s + T_p v) - (2 zeta omega / v_g) psi - (omega^2 / v_g^2) sat(e),
//      v_g = max(v, v_min); the path's curvature is taken a preview time T_p ahead (the car
//      and the hands lag it), and e is limited to +-2 zeta v_g psi_max / omega so that a car far
//      from the path approaches it at psi_max instead of at right angles. A path behind the
//      car (|psi| near pi) gives full lock: the car turns round.
//      The bandwidth omega is the largest in [omega_min, omega_0] with
//        omega tau_s + phi_car(omega, v) <= pi/2 - phi_m,
//      the crossover model's rule (omega_c tau_e = pi/2 - phi_m for an effective delay tau_e;
//      McRuer and Jex 1967, below) with the loop's lags as phases: the hands' tau_s, and
//      phi_car the lag of the car's lateral acceleration behind the front steer at omega, from
//      its single-track model at the speed (single_track_response, single_track.hpp; v at
//      least v_min). The car's lag grows with speed, most on soft tyres and on cars whose yaw
//      mode is slow, so the loop slows down instead of weaving: with omega_0 = 2 rad/s at every
//      speed the UC-win/Road sedan's lane keeper wove and spun it at 176 km/h. (Until
//      2026-11-29 the car's lag was taken as a first-order delay m v / sum C: 12 degrees at
//      2 rad/s and 80 km/h on the public TRA, whose model lags 55, and the follower wove on a
//      100 m circle; docs/driver-models.md.)
//   2. Steer angle (road wheel) from the kinematic bicycle (Rajamani ch. 2),
//      delta = atan(L kappa_d), plus yaw
//      feedback on the curvature error kappa_d - r / v (r yaw rate): a proportional part
//      k_r L (kappa_d - r / v), which damps and speeds up the yaw response of cars with soft
//      tyres (without it the UC-win/Road sedan's yaw lag makes the loop oscillate at 80 km/h),
//      and an integral d(delta_I)/dt = k_i L (kappa_d - r / v) that learns the car's understeer
//      (delta = L kappa + K_us a_y in the steady state, Gillespie, "Fundamentals of Vehicle
//      Dynamics", 1992, ch. 6), so no lateral error is needed to hold a curve. Both act above
//      v_I; the integral stops while the steering is at its stop, |delta_I| <= I_max.
//   3. Steering input u = delta / lock, lock the front minus rear road-wheel angle at full input
//      (driver_vehicle_figures.hpp), clamped to [-1, 1].
//   4. The hands: u follows the demand through a first-order lag tau_s (the neuromuscular lag
//      of a driver, 0.1-0.2 s; McRuer and Jex, "A Review of Quasi-Linear Pilot Models", IEEE
//      Trans. HFE-8, 1967) and at most r_u per second.
// The car figures used are L and the lock (angles and curvatures) and its single-track model
// (for the bandwidth), and the gains are rates and dimensionless ratios, so one set works on
// every car (docs/driver-models.md has the figures measured on each).

#include "tractive/driver/path.hpp"
#include "tractive/dynamics/single_track.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive {

struct PathFollowerGains {
    double bandwidth_rad_per_s = 2.0;          // omega_0, the most it uses
    double phase_margin_rad = 0.7;             // phi_m (40 deg)
    double damping_ratio = 0.8;                // zeta
    double preview_time_s = 0.2;               // T_p
    double min_gain_speed_m_per_s = 5.0;       // v_min
    double max_approach_angle_rad = 0.5;       // psi_max
    double yaw_rate_gain = 2.0;                // k_r
    double curvature_integral_per_s = 1.0;     // k_i
    double integral_limit_rad = 0.1;           // I_max, road-wheel angle
    double integral_min_speed_m_per_s = 3.0;   // v_I
    double steering_lag_s = 0.15;              // tau_s
    double min_bandwidth_rad_per_s = 0.2;      // omega_min: the slowest the path loop is made (a
                                               // correction over some 30 s), for a car whose model
                                               // lags past the margin at every frequency (beyond
                                               // its critical speed)
    double steering_rate_per_s = 1.5;          // r_u: full lock from centre in 0.67 s
};

// Plain data: copy it with the vehicle state to snapshot or replay a run.
struct PathFollowerState {
    bool initialised = false;     // false: the next call starts from the car's current steer
    double steering = 0.0;        // the hands' position, input units
    double integral_rad = 0.0;    // delta_I
    // The single-track model of the car driven (single_track_model), found on the first call.
    SingleTrackModel car;
    // What the last call saw (diagnostics; not needed to continue).
    double station_m = 0.0;
    double lateral_error_m = 0.0;  // + = the car is left of the path
    double preview_m = 0.0;
    double curvature_demand_per_m = 0.0;
    double bandwidth_rad_per_s = 0.0;  // omega used
};

// The steering input (-1..1, + = left). dt <= 0 or not finite: nothing integrates and the
// hands stay where they were.
double follow_path(const Path& path, const VehicleModel& model, const VehicleState& state, double dt_s,
                   PathFollowerState& follower, const PathFollowerGains& gains = {});

// Step 1's bandwidth alone: the largest omega in [omega_min, omega_0] whose lags (the hands'
// omega tau_s and the car's single-track lateral-acceleration phase at speed_m_per_s) leave the
// phase margin phi_m; omega_0 for a car without a model (no mass or yaw inertia).
double path_bandwidth_rad_per_s(const SingleTrackModel& car, double speed_m_per_s, const PathFollowerGains& gains = {});

// Step 4 alone: the hands' position after dt moving from `steering` towards `demand` (both in
// input units) through the lag and the rate limit, clamped to [-1, 1].
double steering_hands(double steering, double demand, double dt_s, const PathFollowerGains& gains);

}  // namespace tractive
