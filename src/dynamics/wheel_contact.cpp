// The contact phase of the step (wheel_contact.hpp).

#include "wheel_contact.hpp"

#include <algorithm>
#include <cmath>

#include "tractive/laws/suspension.hpp"

namespace tractive::detail {

WheelContact wheel_contact_and_load(const WheelContactInput& in, const VehicleState& s, int i, WheelFrame& f) {
    const VehicleModel& m = in.model;
    const Mat3& rot = in.rot;
    const Vec3& body_z = in.body_z;
    const double h = in.h;
    const WheelModel& wm = m.wheels[i];
    const WheelSpec& ws = m.spec.wheels[i];
    const WheelState& w = s.wheels[i];
    f.hub = s.position_m + in.mount_rel + body_z * w.travel_m;
    if (!wm.hinge_offset_x_m.empty()) f.hub += rot * hinge_offset(wm, w.travel_m);
    // The ground under the wheel. Over no ground at all the wheel hangs a radius above an
    // imagined surface along the body's z axis: off the ground, no force.
    WheelProbe probe;
    probe.hub_m = f.hub;
    // The wheel's axle as the last step found it (steer, camber, attitude), or the body's y axis.
    const Vec3& last_axle = s.wheel_outputs[i].axle;
    probe.axle = dot(last_axle, last_axle) > 0.5 ? last_axle : Vec3{rot.m[0][1], rot.m[1][1], rot.m[2][1]};
    probe.up = body_z;
    probe.radius_m = wm.radius_m;
    probe.width_m = ws.tyre.width_m;
    probe.tread = ws.tyre.tread;
    probe.hint = w.ground_feature;
    const GroundContact ground = in.ground.wheel_contact(probe);
    const bool over_ground = ground.found && std::isfinite(ground.hub_height_m);
    f.normal = over_ground ? ground.normal : body_z;
    f.friction_factor = over_ground ? ground.friction_factor : 0.0;
    f.surface_rolling_resistance = over_ground ? ground.rolling_resistance_factor : 1.0;
    f.surface_velocity = over_ground ? ground.surface_velocity_m_per_s : Vec3{};
    const Vec3& n = f.normal;
    // Suspension: spring with preload, damper, bump stop, anti-roll bar (pushes this
    // wheel's side down when it is compressed more than its partner).
    const SuspensionForce sf = suspension_force(ws.suspension, wm.preload_n, w.travel_m, w.travel_speed_m_per_s);
    const double roll = in.axle_anti_roll_travel_m * (wm.left ? 1.0 : -1.0);
    f.suspension_n = sf.total() + ws.suspension.anti_roll_n_per_m * roll;
    // Tyre normal force: linear spring and damper on the deflection along the ground's normal,
    // at the rate the hub approaches the surface.
    const double height = over_ground ? ground.hub_height_m : 2.0 * wm.radius_m;
    const double deflection = wm.radius_m - height;
    const Vec3 hub_velocity = s.velocity_m_per_s + cross(s.angular_velocity_rad_per_s, f.hub - s.position_m) +
                              body_z * w.travel_speed_m_per_s;
    const double deflection_rate = -dot(hub_velocity - f.surface_velocity, n);
    f.fz_linear = wm.tyre_stiffness_n_per_m * deflection + wm.tyre_damping_ns_per_m * deflection_rate;
    f.fz = deflection > 0.0 ? std::max(f.fz_linear, 0.0) : 0.0;
    {
        // Stiffness and damping the travel sees: tyre (projected on the travel axis),
        // spring while it pushes, bump stop beyond the travel, anti-roll bar, damper.
        const double nz2 = dot(n, body_z) * dot(n, body_z);
        const auto& sus = ws.suspension;
        f.tyre_travel_stiffness = wm.tyre_stiffness_n_per_m * nz2;
        f.tyre_travel_damping = wm.tyre_damping_ns_per_m * nz2;
        f.travel_stiffness = (sf.spring_n > 0.0 ? sus.spring_n_per_m : 0.0) +
                             (w.travel_m > sus.travel_m ? kBumpStopFactor * sus.spring_n_per_m : 0.0) + sus.anti_roll_n_per_m;
        const bool damper_locked = sus.max_compression_velocity_m_per_s > 0.0 &&
                                   std::abs(w.travel_speed_m_per_s) >= sus.max_compression_velocity_m_per_s;
        const double damper = damper_locked ? 0.0
                                            : (w.travel_speed_m_per_s > 0.0 ? sus.bump_damping_ns_per_m : sus.rebound_damping_ns_per_m);
        f.travel_damping = damper;
        // Through the corner to the road: spring (and bump stop) in series with the tyre, for
        // the implicit chassis correction where it applies (chassis_implicit.hpp): on the bump
        // stop, or for a car whose chassis modes are beyond the explicit update at this step
        // (VehicleModel::largest_explicit_chassis_step_s); every road car tested stays explicit.
        const bool on_bump_stop = w.travel_m > sus.travel_m;
        if (f.fz > 0.0 && (on_bump_stop || h > m.largest_explicit_chassis_step_s)) {
            const double spring = (sf.spring_n > 0.0 ? sus.spring_n_per_m : 0.0) + (on_bump_stop ? kBumpStopFactor * sus.spring_n_per_m : 0.0);
            const double tyre = wm.tyre_stiffness_n_per_m * nz2;
            const double divider = tyre / (spring + tyre);
            f.chassis_stiffness = spring * divider;
            f.chassis_damping = damper * divider * divider;
        } else {
            f.chassis_stiffness = 0.0;
            f.chassis_damping = 0.0;
        }
    }
    f.contact = over_ground ? ground.point_m : f.hub - n * height;
    // The tyre's normal force along the travel direction (body z) moves the wheel on its
    // suspension; across it the wheel is guided by the body, which takes that part directly.
    // (The result built at the end, in one piece: constructed once, not zeroed and then written.)
    const Vec3 normal_across = (n - body_z * dot(n, body_z)) * f.fz;
    return {ground.found ? ground.feature : kNoGroundFeature, body_z * f.suspension_n, wm.suspension_mount_m * f.suspension_n,
            normal_across, cross(f.contact - s.position_m, normal_across)};
}

}  // namespace tractive::detail
