// The integration phase of the step (integrate.hpp).

#include "integrate.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "tractive/dynamics/simulation.hpp"
#include "tractive/laws/engine.hpp"

namespace tractive::detail {

void integrate_state(const IntegrateInput& in, VehicleState& s) {
    const VehicleModel& m = in.model;
    const VehicleSpec& spec = m.spec;
    const double h = in.h;
    const Vec3& body_z = in.body_z;
    const Vec3& g_vec = in.g_vec;
    const Bodies& b = in.bodies;
    const Vec3& v_before = in.v_before;
    const Vec3& w_before = in.w_before;
    const std::array<Vec3, 4>& mount_rel = in.mount_rel;
    const WheelFrames& frames = in.frames;
    const EngineTorque& et = in.engine_torque;
    const double rpm = in.rpm;
    const double throttle = in.throttle;
    s.acceleration_m_per_s2 = (b.v - v_before) / h;
    s.angular_acceleration_rad_per_s2 = (b.omega - w_before) / h;
    s.velocity_m_per_s = b.v;
    s.angular_velocity_rad_per_s = b.omega;
    s.position_m += b.v * h;
    s.orientation = tractive::integrate(s.orientation, b.omega, h);
    s.engine_speed_rad_per_s = b.w[detail::kEngine];
    s.gearbox_speed_rad_per_s = b.w[detail::kGearbox];
    for (int i = 0; i < 4; ++i) {
        WheelState& w = s.wheels[i];
        w.spin_rad_per_s = b.w[detail::kWheel0 + i];
        // Wrapped to [0, 2 pi): one subtraction covers the usual step (|w h| < 2 pi).
        constexpr double kTurn = 2.0 * std::numbers::pi;
        w.spin_angle_rad += w.spin_rad_per_s * h;
        if (w.spin_angle_rad >= kTurn || w.spin_angle_rad < 0.0) {
            w.spin_angle_rad -= kTurn * std::floor(w.spin_angle_rad / kTurn);
            if (!(w.spin_angle_rad >= 0.0 && w.spin_angle_rad < kTurn)) w.spin_angle_rad = 0.0;  // rounding or NaN
        }
        // Wheel travel: m_u (a_mount . z + s'') = Fz (n . z) - F_susp + m_u (g . z).
        const WheelModel& wm = m.wheels[i];
        const Vec3& r_mount = mount_rel[i];
        // a_mount . z = a . z + (alpha x r) . z + (w x (w x r)) . z, the last two as
        // alpha . (r x z) and (w . r)(w . z) - |w|^2 (r . z).
        const double a_mount_z = dot(s.acceleration_m_per_s2, body_z) +
                                 dot(s.angular_acceleration_rad_per_s2, cross(r_mount, body_z)) +
                                 dot(b.omega, r_mount) * dot(b.omega, body_z) - dot(b.omega, b.omega) * dot(r_mount, body_z);
        // Linearly implicit (backward Euler on the wheel's own stiffness K and damping C): the
        // force at the end of the step is F - K h v' - C (v' - v), so
        //   v' = (v (1 + h C / m) + h a) / (1 + h C / m + h^2 K / m).
        // The wheel-hop mode (tyre and spring on a few tens of kg, up to several hundred rad/s
        // with a bump stop) is then stable at any step; explicitly it needs h w < 2.
        // The tyre only pushes: it is in K, C and the force exactly when its force at the end of
        // the step, F_t' = F_t - k_t n_z h v' - c_t n_z (v' - v) (F_t its unclamped linear force,
        // n_z = n . z), is positive. The branch of the start's contact is tried first, and the
        // other taken when that one's end force says otherwise. (Deciding by the start alone let
        // a wheel just off the road fall freely through a whole step, land deep in the tyre and
        // bounce off again: heavy wheels under a stiff car hopped at the 8 ms step.)
        // The mount moves with the body over the step too, at this step's new velocity (the
        // positions below take it): its motion along the road normal compresses the tyre as the
        // travel does, F_t' = F_t - k_t h (u' + n_z v') - c_t ((u' - u) + n_z (v' - v)), u the
        // mount's velocity along n. (Left out, the tyre force lagged the body by a step: a braking
        // car's front loads ran 9 % ahead of a ten times finer step, and its ABS stop moved.)
        const Vec3 n = lane(frames.normal, i);
        // (Relative to the surface, which a platform may move along its normal.)
        const double surface_speed_along_n = dot(lane(frames.surface_velocity, i), n);
        const double fz_linear = frames.fz_linear[i];
        const double suspension_n = frames.suspension_n[i];
        const double travel_damping = frames.travel_damping[i], tyre_travel_damping = frames.tyre_travel_damping[i];
        const double travel_stiffness = frames.travel_stiffness[i], tyre_travel_stiffness = frames.tyre_travel_stiffness[i];
        const double body_speed_along_n_before = dot(v_before, n) - surface_speed_along_n;
        const double body_speed_along_n_after = dot(b.v, n) - surface_speed_along_n;
        const double nz = dot(n, body_z);
        const double v0 = w.travel_speed_m_per_s;
        const Vec3 mount_arm = cross(r_mount, n);  // (w x r) . n = w . (r x n)
        const double mount_speed_before = body_speed_along_n_before + dot(w_before, mount_arm);
        const double mount_speed_after = body_speed_along_n_after + dot(b.omega, mount_arm);
        const double mount_force = wm.tyre_stiffness_n_per_m * h * mount_speed_after +
                                   wm.tyre_damping_ns_per_m * (mount_speed_after - mount_speed_before);
        const double inv_mass = wm.inverse_unsprung_mass_per_kg;
        const double g_along_z = dot(g_vec, body_z);
        const auto travel_speed_after = [&](bool contact) {
            const double tyre_force = contact ? fz_linear - mount_force : 0.0;
            const double accel = (tyre_force * nz - suspension_n) * inv_mass + g_along_z - a_mount_z;
            const double hc = h * (travel_damping + (contact ? tyre_travel_damping : 0.0)) * inv_mass;
            const double hhk = h * h * (travel_stiffness + (contact ? tyre_travel_stiffness : 0.0)) * inv_mass;
            return (v0 * (1.0 + hc) + h * accel) / (1.0 + hc + hhk);
        };
        const double k_t = wm.tyre_stiffness_n_per_m * nz;  // the tyre's normal force per unit travel
        const double c_t = wm.tyre_damping_ns_per_m * nz;
        const auto end_force = [&](double v1) { return fz_linear - mount_force - (k_t * h * v1 + c_t * (v1 - v0)); };
        bool contact = frames.fz[i] > 0.0;
        double v1 = travel_speed_after(contact);
        if ((end_force(v1) > 0.0) != contact) {
            const double other = travel_speed_after(!contact);
            if ((end_force(other) > 0.0) != contact) v1 = other;  // the other branch is consistent
        }
        w.travel_speed_m_per_s = v1;
        w.travel_m += w.travel_speed_m_per_s * h;
        if (w.travel_m < wm.droop_limit_m) {  // fully extended: the spring hangs at zero force
            w.travel_m = wm.droop_limit_m;
            w.travel_speed_m_per_s = std::max(w.travel_speed_m_per_s, 0.0);
        }
        s.wheel_outputs[i].fz_n = frames.fz[i];
    }
    // Engine stall and fuel.
    if (s.engine_running) {
        const double used = engine_fuel_used_m3(spec.engine, spec.fuel_tank.density_kg_per_m3, et, rpm, throttle, h);
        s.fuel_volume_m3 = std::max(s.fuel_volume_m3 - used, 0.0);
        if (s.fuel_volume_m3 <= 0.0 && spec.fuel_tank.capacity_m3 > 0.0) s.engine_running = false;
        if (engine_rpm(s) < spec.engine.stall_rpm) s.engine_running = false;
    }
    s.time_s += h;
}

}  // namespace tractive::detail
