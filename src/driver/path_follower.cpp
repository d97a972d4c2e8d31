#include "tractive/driver/path_follower.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>

#include "tractive/core/quat.hpp"
#include "tractive/driver/driver_vehicle_figures.hpp"
#include "tractive/dynamics/simulation.hpp"

namespace tractive {

namespace {

// Below this forward speed the velocity direction is not a course: the heading is used.
constexpr double kCourseMinSpeed_m_per_s = 0.5;
// r / v is divided by at least this speed.
constexpr double kCurvatureMinSpeed_m_per_s = 1.0;

}  // namespace

double steering_hands(double steering, double demand, double dt_s, const PathFollowerGains& g) {
    if (!std::isfinite(dt_s) || dt_s <= 0.0 || !std::isfinite(demand)) return std::clamp(steering, -1.0, 1.0);
    // Exact step of the lag du/dt = (demand - u) / tau over dt, then the rate limit.
    const double lag_step =
        g.steering_lag_s > 0.0 ? (1.0 - std::exp(-dt_s / g.steering_lag_s)) * (demand - steering) : demand - steering;
    const double max_step = std::max(g.steering_rate_per_s, 0.0) * dt_s;
    return std::clamp(steering + std::clamp(lag_step, -max_step, max_step), -1.0, 1.0);
}

double path_bandwidth_rad_per_s(const SingleTrackModel& car, double speed_m_per_s, const PathFollowerGains& g) {
    const double allowed = 0.5 * std::numbers::pi - g.phase_margin_rad;
    const double hi_bound = g.bandwidth_rad_per_s, lo_bound = std::min(g.min_bandwidth_rad_per_s, hi_bound);
    // The loop's phase lag at omega beyond what the margin allows (> 0: too fast).
    const auto excess = [&](double omega) {
        const std::complex<double> a_y = single_track_response(car, speed_m_per_s, omega / (2.0 * std::numbers::pi)).lateral_accel_per_rad;
        const double car_lag = std::isfinite(a_y.real()) && std::isfinite(a_y.imag()) ? -std::arg(a_y) : 0.0;
        return omega * g.steering_lag_s + car_lag - allowed;
    };
    if (!(car.mass_kg > 0.0 && car.yaw_inertia_kgm2 > 0.0 && speed_m_per_s > 0.0)) return hi_bound;
    double hi = hi_bound, f_hi = excess(hi);
    if (!(f_hi > 0.0)) return hi_bound;
    double lo = lo_bound, f_lo = excess(lo);
    if (f_lo > 0.0) return lo_bound;
    // The root of the excess between them, f_lo <= 0 < f_hi, by the Illinois method (regula
    // falsi, halving the weight of an end kept twice; Dahlquist and Bjorck, Numerical Methods,
    // 6.2): the excess is smooth in omega, so it takes about 8 responses after the ends' two,
    // where a bisection to 1e-6 of the range took 20. The feasible end is returned.
    int kept = 0;  // +1: the low end moved last, -1: the high end
    for (int k = 0; k < 100 && hi - lo > 1e-9 * hi_bound; ++k) {
        const double x = (lo * f_hi - hi * f_lo) / (f_hi - f_lo);
        const double f_x = excess(x);
        if (f_x > 0.0) {
            hi = x;
            f_hi = f_x;
            if (kept == -1) f_lo *= 0.5;
            kept = -1;
        } else {
            lo = x;
            f_lo = f_x;
            if (kept == 1) f_hi *= 0.5;
            kept = 1;
            if (f_x == 0.0) break;
        }
    }
    return lo;
}

double follow_path(const Path& path, const VehicleModel& model, const VehicleState& state, double dt_s,
                   PathFollowerState& f, const PathFollowerGains& g) {
    const double dt = std::isfinite(dt_s) && dt_s > 0.0 ? dt_s : 0.0;
    const DriverVehicleFigures figures = driver_vehicle_figures(model.spec);
    const double lock = figures.steer_lock_rad;
    const bool can_steer = std::abs(lock) > 1e-6;
    if (!f.initialised) {
        f = PathFollowerState{};
        f.initialised = true;
        const double steer = 0.5 * (state.wheel_outputs[FL].steer_rad + state.wheel_outputs[FR].steer_rad);
        f.steering = can_steer ? std::clamp(steer / lock, -1.0, 1.0) : 0.0;
        f.car = single_track_model(model);
    }

    const double v = forward_speed_m_per_s(state);
    const double yaw = yaw_of(state.orientation);
    const Vec3& velocity = state.velocity_m_per_s;
    const double course = v > kCourseMinSpeed_m_per_s ? std::atan2(velocity.y, velocity.x) : yaw;
    const double wheelbase = std::max(figures.wheelbase_m, 0.1);

    // 1. Curvature demand: the path's curvature a preview time ahead plus feedback on the
    //    course and lateral errors.
    const PathProjection nearest = project_onto_path(path, state.position_m.x, state.position_m.y);
    const double preview = g.preview_time_s * std::max(v, 0.0);
    const PathPose ahead = path_pose_at(path, nearest.station_m + preview);
    const double gain_speed = std::max(v, g.min_gain_speed_m_per_s);
    const double omega = path_bandwidth_rad_per_s(f.car, gain_speed, g);
    const double zeta = g.damping_ratio;
    const double course_error = wrap_angle_rad(course - nearest.pose.heading_rad);
    const double error_limit = 2.0 * zeta * gain_speed * g.max_approach_angle_rad / omega;
    const double lateral_error = std::clamp(nearest.lateral_error_m, -error_limit, error_limit);
    const double curvature = ahead.curvature_per_m - 2.0 * zeta * omega / gain_speed * course_error -
                             omega * omega / (gain_speed * gain_speed) * lateral_error;

    // 2. Kinematic steer angle plus the learnt understeer.
    const double delta_kinematic = std::atan(wheelbase * curvature);
    const double curvature_now = state.angular_velocity_rad_per_s.z / std::max(v, kCurvatureMinSpeed_m_per_s);
    const double curvature_error = curvature - curvature_now;
    const double delta_yaw = v > g.integral_min_speed_m_per_s ? g.yaw_rate_gain * wheelbase * curvature_error : 0.0;
    const double delta_open = delta_kinematic + delta_yaw;
    double demand = can_steer ? std::clamp((delta_open + f.integral_rad) / lock, -1.0, 1.0) : 0.0;
    const double lock_sign = lock > 0.0 ? 1.0 : -1.0;
    const bool at_stop = (demand >= 1.0 && curvature_error * lock_sign > 0.0) ||
                         (demand <= -1.0 && curvature_error * lock_sign < 0.0);
    if (dt > 0.0 && can_steer && v > g.integral_min_speed_m_per_s && !at_stop) {
        f.integral_rad = std::clamp(f.integral_rad + g.curvature_integral_per_s * wheelbase * curvature_error * dt,
                                    -g.integral_limit_rad, g.integral_limit_rad);
        demand = std::clamp((delta_open + f.integral_rad) / lock, -1.0, 1.0);
    }

    // 4. The hands.
    f.steering = steering_hands(f.steering, demand, dt, g);

    f.station_m = nearest.station_m;
    f.lateral_error_m = nearest.lateral_error_m;
    f.preview_m = preview;
    f.curvature_demand_per_m = curvature;
    f.bandwidth_rad_per_s = omega;
    return f.steering;
}

}  // namespace tractive
