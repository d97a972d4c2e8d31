// Electronic stability control (control/stability_control.hpp: the law, its sources and its
// design values).

#include "tractive/control/stability_control.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "tractive/core/quat.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/laws/steering.hpp"
#include "tractive/laws/tyre.hpp"
#include "tractive/spec/mass_properties.hpp"  // kStandardGravity_m_per_s2

namespace tractive {

namespace {

// The linear single-track model's two states (lateral velocity, yaw rate) one implicit Euler step
// of h on: (1 - h A) x' = x + h B delta, with A and B its equations' coefficients at forward
// speed v (dynamics/single_track.hpp).
void advance_reference(const SingleTrackModel& st, double v, double delta_rad, double h, double& vy, double& r) {
    const double m = st.mass_kg, iz = st.yaw_inertia_kgm2, a = st.front_axle_m, b = st.rear_axle_m;
    const double cf = st.front_cornering_stiffness_n_per_rad, cr = st.rear_cornering_stiffness_n_per_rad;
    const double a11 = -(cf + cr) / (m * v), a12 = -(a * cf - b * cr) / (m * v) - v;
    const double a21 = -(a * cf - b * cr) / (iz * v), a22 = -(a * a * cf + b * b * cr) / (iz * v);
    const double rhs1 = vy + h * cf / m * delta_rad, rhs2 = r + h * a * cf / iz * delta_rad;
    const double m11 = 1.0 - h * a11, m12 = -h * a12, m21 = -h * a21, m22 = 1.0 - h * a22;
    const double det = m11 * m22 - m12 * m21;
    if (!(std::abs(det) > 0.0)) return;
    vy = (rhs1 * m22 - m12 * rhs2) / det;
    r = (m11 * rhs2 - m21 * rhs1) / det;
}

// The driver's front road-wheel angle: the steering law's angle of each steered front wheel at
// this input, their mean.
double front_road_wheel_angle_rad(const VehicleModel& model, double steering_input) {
    double sum = 0.0;
    int n = 0;
    for (int i = 0; i < 4; ++i) {
        const WheelModel& w = model.wheels[static_cast<std::size_t>(i)];
        if (!w.front) continue;
        sum += wheel_steer_angle_rad(model.spec.wheels[static_cast<std::size_t>(i)].max_steer_rad, w.tan_ackermann, w.left, steering_input);
        ++n;
    }
    return n > 0 ? sum / n : 0.0;
}

int wheel_at(const VehicleModel& model, bool front, bool left) {
    for (int i = 0; i < 4; ++i) {
        const WheelModel& w = model.wheels[static_cast<std::size_t>(i)];
        if (w.front == front && w.left == left) return i;
    }
    return -1;
}

double move_towards(double value, double target, double up_step, double down_step) {
    return value < target ? std::min(target, value + up_step) : std::max(target, value - down_step);
}

// The car's motion the unit reads, in body axes: forward and lateral speed, yaw rate, lateral
// acceleration, and the mean friction factor of the surface under the wheels on the ground.
struct MotionNow {
    double forward_m_per_s = 0.0;
    double lateral_m_per_s = 0.0;
    double yaw_rate_rad_per_s = 0.0;
    double lateral_accel_m_per_s2 = 0.0;
    double surface_friction = 0.0;
    int wheels_touching = 0;
};

MotionNow motion_now(const VehicleState& vehicle) {
    const Mat3 to_body = transpose(to_matrix(vehicle.orientation));
    const Vec3 v_body = to_body * vehicle.velocity_m_per_s;
    MotionNow now;
    now.forward_m_per_s = v_body.x;
    now.lateral_m_per_s = v_body.y;
    now.yaw_rate_rad_per_s = (to_body * vehicle.angular_velocity_rad_per_s).z;
    now.lateral_accel_m_per_s2 = (to_body * vehicle.acceleration_m_per_s2).y;
    double friction = 0.0;
    for (const WheelOutputs& w : vehicle.wheel_outputs) {
        if (!w.in_contact) continue;
        friction += w.friction_factor;
        ++now.wheels_touching;
    }
    if (now.wheels_touching > 0) now.surface_friction = friction / now.wheels_touching;
    return now;
}

// The reference one step on, bounded by the road (|r_ref| <= share mu g / v); returns r_ref.
// Where the bound cuts it, the model's two states are scaled back together (the linear model's
// steady turn at a smaller steer angle), so that its lateral velocity does not go on driving a
// yaw the road cannot give once the steering returns.
double advance_bounded_reference(const VehicleModel& model, const MotionNow& now, double mu, double steering_input, double dt_s,
                                 ControllerState& state, const StabilityControlSettings& settings) {
    const double v = now.forward_m_per_s;
    const double r_max = settings.friction_bound_share * mu * kStandardGravity_m_per_s2 / v;
    double& vy = state.esc_model_lateral_velocity_m_per_s;
    double& r = state.esc_model_yaw_rate_rad_per_s;
    advance_reference(state.esc_reference.car, v, front_road_wheel_angle_rad(model, steering_input), dt_s, vy, r);
    if (std::abs(r) > r_max) {
        const double scale = r_max / std::abs(r);
        r *= scale;
        vy *= scale;
    }
    state.esc_reference_yaw_rate_rad_per_s = r;
    return r;
}

// The share of wheel w's full foot-brake torque that gives the body the yaw moment |M|: a brake
// force F at half track h gives F h, so the torque is |M| R / h (R its radius). Zero for a wheel
// without brakes or on the centre line.
double share_for_moment(const WheelModel& w, double moment_nm) {
    const double half_track_m = std::abs(w.design_position_m.y);
    if (!(w.max_brake_torque_nm > 0.0 && half_track_m > 0.0)) return 0.0;
    return std::min(1.0, std::abs(moment_nm) * w.radius_m / half_track_m / w.max_brake_torque_nm);
}

// The brake share the yaw-rate error asks of one wheel, or the easing of another's brake while the
// driver brakes (header: detection and intervention).
void yaw_moment_demand(const VehicleModel& model, const MotionNow& now, double mu, double r_ref, double yaw_inertia_kgm2,
                       double brake_pedal, const ControllerState& state, const StabilityControlSettings& settings,
                       std::array<double, 4>& demand, std::array<double, 4>& relief, std::array<double, 4>& slip_raise) {
    const double v = now.forward_m_per_s, r = now.yaw_rate_rad_per_s;
    // Sideslip past its bound counted as yaw rate in the direction that turns the car back (beta < 0
    // in a left turn's oversteer, where e > 0). tan(beta_max) = 0.02 mu g: the angles only where
    // the sideslip's tangent passes it.
    const double tan_beta_max = settings.sideslip_bound_mu_g * mu * kStandardGravity_m_per_s2;
    double beta_excess = 0.0;
    if (std::abs(now.lateral_m_per_s) > tan_beta_max * v) {
        const double beta = std::atan2(now.lateral_m_per_s, v);
        beta_excess = std::copysign(std::abs(beta) - std::atan(tan_beta_max), beta);
    }
    const double e = (r - r_ref) - settings.sideslip_gain_per_s * beta_excess;
    // Oversteer: the car yaws more than the reference in the direction it yaws (or against it);
    // understeer: less, in the same direction, corrected only near the limit.
    const bool oversteer = e * r >= 0.0;
    const bool near_limit = std::abs(v * r) > settings.understeer_friction_share * mu * kStandardGravity_m_per_s2;
    if (!oversteer && !near_limit) return;
    const double dead_band = std::max(settings.yaw_dead_band_rad_per_s, settings.dead_band_lateral_m_per_s2 / v) +
                             (oversteer ? settings.yaw_dead_band_share : settings.understeer_dead_band_share) * std::abs(r_ref);
    const double e_past = std::copysign(std::max(0.0, std::abs(e) - dead_band), e);
    if (e_past == 0.0) return;
    // The moment that takes the error out in tau, from one wheel's brake on the side that gives it
    // (a left wheel's brake force turns the car left, M > 0): the front wheel if the car
    // oversteers, else the rear. Its brake torque |M| R / w, as a share of its full one.
    const double moment_nm = -yaw_inertia_kgm2 * e_past / settings.correction_time_s;
    const int i = wheel_at(model, oversteer, moment_nm > 0.0);
    if (i < 0) return;
    demand[static_cast<std::size_t>(i)] = share_for_moment(model.wheels[static_cast<std::size_t>(i)], moment_nm);
    // Oversteer while the driver brakes and the ABS already holds that front wheel in its slip
    // band (on split friction, the wheel on the slippery side): it has no braking force to add, and
    // more brake would only lock it. The moment comes from the other front wheel, its brake eased
    // by the share that gives it, and the held wheel is let run at more slip, where its tyre gives
    // less side force (its band raised by slip_raise_per_share x the share).
    if (oversteer && brake_pedal > 0.0 && state.abs_active[static_cast<std::size_t>(i)]) {
        const int j = wheel_at(model, true, !(moment_nm > 0.0));
        if (j >= 0) {
            slip_raise[static_cast<std::size_t>(i)] = settings.slip_raise_per_share * demand[static_cast<std::size_t>(i)];
            demand[static_cast<std::size_t>(i)] = 0.0;
            relief[static_cast<std::size_t>(j)] = share_for_moment(model.wheels[static_cast<std::size_t>(j)], moment_nm);
        }
    }
}

// Roll-over mitigation: the outer front wheel's share as the lateral acceleration nears the car's
// tipping threshold (a_y > 0: the turn is to the left, the outer side the right).
void rollover_demand(const VehicleModel& model, const MotionNow& now, double threshold_m_per_s2, const StabilityControlSettings& settings,
                     std::array<double, 4>& demand) {
    const double ay = now.lateral_accel_m_per_s2;
    const double onset = settings.rollover_share * threshold_m_per_s2;
    const int outer_front = wheel_at(model, true, ay < 0.0);
    if (!(std::abs(ay) > onset) || outer_front < 0 || !(model.wheels[static_cast<std::size_t>(outer_front)].max_brake_torque_nm > 0.0)) return;
    double& d = demand[static_cast<std::size_t>(outer_front)];
    d = std::max(d, std::min(1.0, (std::abs(ay) - onset) / (threshold_m_per_s2 - onset)));
}

// Each wheel's share towards its demand at the unit's rates, dumped while the wheel slips past
// its band (the ABS's rule: the braked wheel held in its tyre's slip band).
void move_brake_shares(const VehicleModel& model, const VehicleState& vehicle, const std::array<double, 4>& demand, double dt_s,
                       const StabilityControlSettings& settings, ControllerState& state) {
    // (Read once: the state written below could be the settings as far as the compiler knows.)
    const double build_step = dt_s / settings.brake_build_time_s, release_step = dt_s / settings.brake_release_time_s;
    // The four wheels' slips now, worked out together at the first braked wheel.
    std::optional<std::array<double, 4>> slip_now;
    for (int i = 0; i < 4; ++i) {
        const auto k = static_cast<std::size_t>(i);
        double& brake = state.esc_brake[k];
        brake = move_towards(brake, demand[k], build_step, release_step);
        if (brake > 0.0 && !slip_now) slip_now = wheel_slip_ratios_now(model, vehicle);
        if (brake > 0.0 && -(*slip_now)[k] > settings.dump_above_peak * state.peak_braking_slip[k]) {
            brake = std::max(0.0, brake - dt_s / settings.brake_dump_time_s);
        }
    }
}

// Each easing of the driver's brake towards its demand, as the valves let pressure out (the release
// rate) and back in (the build rate), and each raise of a wheel's slip band towards its own, as a
// brake share builds and is released; returns the largest of them. Without the pedal there is
// nothing to ease or raise, and both are gone.
double move_braked_corrections(const std::array<double, 4>& relief, const std::array<double, 4>& slip_raise, double brake_pedal,
                               double dt_s, const StabilityControlSettings& settings, ControllerState& state) {
    if (!(brake_pedal > 0.0)) {
        state.esc_relief = {};
        state.esc_slip_raise = {};
        return 0.0;
    }
    const double build_step = dt_s / settings.brake_build_time_s, release_step = dt_s / settings.brake_release_time_s;
    double largest = 0.0;
    for (std::size_t k = 0; k < 4; ++k) {
        state.esc_relief[k] = move_towards(state.esc_relief[k], relief[k], release_step, build_step);
        state.esc_slip_raise[k] = move_towards(state.esc_slip_raise[k], slip_raise[k], build_step * settings.slip_raise_per_share,
                                               release_step * settings.slip_raise_per_share);
        largest = std::max({largest, state.esc_relief[k], state.esc_slip_raise[k]});
    }
    return largest;
}

// The engine cut in proportion to the hardest intervention: the ceiling moves towards 1 less the
// largest brake share, falling from the driver's throttle at the cut rate, rising at the restore
// rate. Returns the new ceiling.
double move_engine_ceiling(double largest_share, double throttle, double dt_s, const StabilityControlSettings& settings, double& limit) {
    const double target = 1.0 - largest_share;
    if (limit > target) {
        limit = std::max(target, std::min(limit, throttle) - dt_s / settings.cut_time_s);
    } else {
        limit = std::min(target, limit + dt_s / settings.restore_time_s);
    }
    return limit;
}

}  // namespace

StabilityReference stability_reference(const VehicleModel& model) {
    StabilityReference ref;
    ref.car = single_track_model(model);
    constexpr int kSamples = 200;
    constexpr double kMaxSlipAngle_rad = 0.5;
    double peak_sum_n = 0.0, load_sum_n = 0.0;
    for (int i = 0; i < 4; ++i) {
        const WheelModel& w = model.wheels[static_cast<std::size_t>(i)];
        double peak_n = 0.0;
        for (int k = 1; k <= kSamples; ++k) {
            TyreSlip slip;
            slip.slip_angle_rad = kMaxSlipAngle_rad * k / kSamples;
            const double fy = tyre_force(model.spec.wheels[static_cast<std::size_t>(i)].tyre, slip, w.static_load_n, 1.0,
                                         w.size_friction_factor).fy_n;
            if (std::isfinite(fy)) peak_n = std::max(peak_n, std::abs(fy));
        }
        peak_sum_n += peak_n;
        load_sum_n += w.static_load_n;
    }
    if (load_sum_n > 0.0 && peak_sum_n > 0.0) ref.peak_lateral_friction = peak_sum_n / load_sum_n;
    double track_m = 0.0;
    for (const WheelModel& w : model.wheels) track_m += 0.5 * std::abs(w.design_position_m.y);  // the four half tracks sum to two mean tracks
    const double height_m = centre_of_mass_height_m(model);
    if (height_m > 0.0) ref.rollover_lateral_accel_m_per_s2 = kStandardGravity_m_per_s2 * track_m / (2.0 * height_m);
    return ref;
}

double stability_control_step(const VehicleModel& model, const VehicleState& vehicle, double steering_input, double brake_pedal,
                              double throttle, double dt_s, ControllerState& state, const StabilityControlSettings& settings) {
    const MotionNow now = motion_now(vehicle);
    const bool working = now.forward_m_per_s > settings.min_speed_m_per_s && vehicle.gear >= 0 && now.wheels_touching > 0 &&
                         state.esc_reference.car.mass_kg > 0.0;
    std::array<double, 4> demand{}, relief{}, slip_raise{};
    if (working) {
        const double mu = state.esc_reference.peak_lateral_friction * now.surface_friction;
        const double r_ref = advance_bounded_reference(model, now, mu, steering_input, dt_s, state, settings);
        yaw_moment_demand(model, now, mu, r_ref, state.esc_reference.car.yaw_inertia_kgm2, brake_pedal, state, settings, demand, relief,
                          slip_raise);
        rollover_demand(model, now, state.esc_reference.rollover_lateral_accel_m_per_s2, settings, demand);
    } else {
        // Idle: the reference model follows the car, so that it starts from the car's own motion.
        state.esc_model_lateral_velocity_m_per_s = now.lateral_m_per_s;
        state.esc_model_yaw_rate_rad_per_s = now.yaw_rate_rad_per_s;
        state.esc_reference_yaw_rate_rad_per_s = now.yaw_rate_rad_per_s;
    }
    move_brake_shares(model, vehicle, demand, dt_s, settings, state);
    const double largest_easing = move_braked_corrections(relief, slip_raise, brake_pedal, dt_s, settings, state);
    const double largest = *std::max_element(state.esc_brake.begin(), state.esc_brake.end());
    const double limit = move_engine_ceiling(largest, throttle, dt_s, settings, state.esc_throttle_limit);
    state.esc_active = largest > 0.0 || largest_easing > 0.0 || limit < throttle;
    return std::min(throttle, limit);
}

}  // namespace tractive
