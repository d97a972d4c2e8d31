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
        s.wheel_outputs[i].fz_n = frames.fz[i];
    }
    // The wheels' travel, four wheels side by side (lane i wheel i).
    const auto of_state = [&](double WheelState::*field) { return lanes_from([&](int i) { return s.wheels[i].*field; }); };
    const Vec3Lanes& r_mount = in.mount_rel;
    const Vec3Lanes z = broadcast(body_z);
    const Vec3Lanes omega = broadcast(b.omega);
    // Wheel travel: m_u (a_mount . z + s'') = Fz (n . z) - F_susp + m_u (g . z).
    // a_mount . z = a . z + (alpha x r) . z + (w x (w x r)) . z, the last two as
    // alpha . (r x z) and (w . r)(w . z) - |w|^2 (r . z).
    const Lanes4 a_mount_z = dot(s.acceleration_m_per_s2, body_z) + dot(broadcast(s.angular_acceleration_rad_per_s2), cross(r_mount, z)) +
                             dot(omega, r_mount) * dot(b.omega, body_z) - dot(b.omega, b.omega) * dot(r_mount, z);
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
    const Vec3Lanes& n = frames.normal;
    // (Relative to the surface, which a platform may move along its normal.)
    const Lanes4 surface_speed_along_n = dot(frames.surface_velocity, n);
    const Lanes4 body_speed_along_n_before = dot(broadcast(v_before), n) - surface_speed_along_n;
    const Lanes4 body_speed_along_n_after = dot(broadcast(b.v), n) - surface_speed_along_n;
    const Lanes4 nz = dot(n, z);
    const Lanes4 v0 = of_state(&WheelState::travel_speed_m_per_s);
    const Vec3Lanes mount_arm = cross(r_mount, n);  // (w x r) . n = w . (r x n)
    const Lanes4 mount_speed_before = body_speed_along_n_before + dot(broadcast(w_before), mount_arm);
    const Lanes4 mount_speed_after = body_speed_along_n_after + dot(omega, mount_arm);
    const VehicleModel::WheelsSideBySide& across = m.wheels_side_by_side;
    const Lanes4 tyre_stiffness = lanes_of(across.tyre_stiffness_n_per_m);
    const Lanes4 tyre_damping = lanes_of(across.tyre_damping_ns_per_m);
    const Lanes4 mount_force = tyre_stiffness * h * mount_speed_after + tyre_damping * (mount_speed_after - mount_speed_before);
    const Lanes4 inv_mass = lanes_of(across.inverse_unsprung_mass_per_kg);
    const double g_along_z = dot(g_vec, body_z);
    const auto travel_speed_after = [&](bool contact) {
        const Lanes4 tyre_force = contact ? frames.fz_linear - mount_force : Lanes4{};
        const Lanes4 accel = (tyre_force * nz - frames.suspension_n) * inv_mass + g_along_z - a_mount_z;
        const Lanes4 hc = h * (frames.travel_damping + (contact ? frames.tyre_travel_damping : Lanes4{})) * inv_mass;
        const Lanes4 hhk = h * h * (frames.travel_stiffness + (contact ? frames.tyre_travel_stiffness : Lanes4{})) * inv_mass;
        return (v0 * (1.0 + hc) + h * accel) / (1.0 + hc + hhk);
    };
    const Lanes4 k_t = tyre_stiffness * nz;  // the tyre's normal force per unit travel
    const Lanes4 c_t = tyre_damping * nz;
    const auto end_force_positive = [&](Lanes4 v1) { return frames.fz_linear - mount_force - (k_t * h * v1 + c_t * (v1 - v0)) > 0.0; };
    const Mask4 contact = frames.fz > 0.0;
    const Lanes4 in_contact = travel_speed_after(true), off = travel_speed_after(false);
    const Lanes4 first = where(contact, in_contact, off), other = where(contact, off, in_contact);
    // (The other branch where the first's end force disagrees with the contact and its own agrees.)
    const Mask4 first_wrong = end_force_positive(first) != contact;
    const Lanes4 v1 = where(both(first_wrong, end_force_positive(other) != contact), other, first);
    const Lanes4 travel = of_state(&WheelState::travel_m) + v1 * h;
    const Lanes4 droop_limit = lanes_of(across.droop_limit_m);
    const Mask4 hanging = travel < droop_limit;  // fully extended: the spring hangs at zero force
    const Lanes4 travel_speed = where(hanging, max_of(v1, Lanes4{}), v1);
    const Lanes4 travel_now = where(hanging, droop_limit, travel);
    for (int i = 0; i < 4; ++i) {
        s.wheels[i].travel_speed_m_per_s = travel_speed[i];
        s.wheels[i].travel_m = travel_now[i];
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
