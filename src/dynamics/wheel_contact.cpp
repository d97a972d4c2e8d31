// The step's contact phase (wheel_contact.hpp): the four wheels side by side, one wheel a lane
// (lanes4.hpp), each lane's numbers with the bits one wheel's own code gives them; the ground
// and the suspension's law asked wheel by wheel.

#include "wheel_contact.hpp"

#include <algorithm>
#include <cmath>

#include "lanes4.hpp"
#include "tractive/laws/suspension.hpp"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"  // (as in lanes4.hpp)

namespace tractive::detail {

WheelContacts wheel_contacts_and_loads(const WheelContactInput& in, const VehicleState& s, WheelFrames& f) {
    const VehicleModel& m = in.model;
    const Mat3& rot = in.rot;
    const Vec3& body_z = in.body_z;
    const Vec3Lanes z = broadcast(body_z);
    const Lanes4 travel = lanes_from([&](int i) { return s.wheels[i].travel_m; });
    const Lanes4 travel_speed = lanes_from([&](int i) { return s.wheels[i].travel_speed_m_per_s; });
    const VehicleModel::WheelsSideBySide& across = m.wheels_side_by_side;
    const Lanes4 radius = lanes_of(across.radius_m);
    Vec3Lanes hub = broadcast(s.position_m) + in.mount_rel + z * travel;
    // The ground under each wheel. Over no ground at all the wheel hangs a radius above an
    // imagined surface along the body's z axis: off the ground, no force.
    // (Each answer's numbers kept across lanes as they come, not the answers themselves.)
    struct {
        std::array<double, 4> normal_x, normal_y, normal_z, friction_factor, rolling_resistance_factor;
        std::array<double, 4> velocity_x, velocity_y, velocity_z, hub_height_m, point_x, point_y, point_z;
    } ground;
    std::array<bool, 4> over_ground;
    WheelContacts on_body;
    for (int i = 0; i < 4; ++i) {
        const WheelModel& wm = m.wheels[i];
        const WheelSpec& ws = m.spec.wheels[i];
        if (!wm.hinge_offset_x_m.empty()) {  // the hub on its hinge's arc
            const Vec3 offset = rot * hinge_offset(wm, s.wheels[i].travel_m);
            hub.x[i] += offset.x;
            hub.y[i] += offset.y;
            hub.z[i] += offset.z;
        }
        WheelProbe probe;
        probe.hub_m = lane(hub, i);
        // The wheel's axle as the last step found it (steer, camber, attitude), or the body's y axis.
        const Vec3& last_axle = s.wheel_outputs[i].axle;
        probe.axle = dot(last_axle, last_axle) > 0.5 ? last_axle : Vec3{rot.m[0][1], rot.m[1][1], rot.m[2][1]};
        probe.up = body_z;
        probe.radius_m = wm.radius_m;
        probe.width_m = ws.tyre.width_m;
        probe.tread = ws.tyre.tread;
        probe.hint = s.wheels[i].ground_feature;
        const GroundContact g = in.ground.wheel_contact(probe);
        over_ground[i] = g.found && std::isfinite(g.hub_height_m);
        on_body.ground_feature[i] = g.found ? g.feature : kNoGroundFeature;
        ground.normal_x[i] = g.normal.x;
        ground.normal_y[i] = g.normal.y;
        ground.normal_z[i] = g.normal.z;
        ground.friction_factor[i] = g.friction_factor;
        ground.rolling_resistance_factor[i] = g.rolling_resistance_factor;
        ground.velocity_x[i] = g.surface_velocity_m_per_s.x;
        ground.velocity_y[i] = g.surface_velocity_m_per_s.y;
        ground.velocity_z[i] = g.surface_velocity_m_per_s.z;
        ground.hub_height_m[i] = g.hub_height_m;
        ground.point_x[i] = g.point_m.x;
        ground.point_y[i] = g.point_m.y;
        ground.point_z[i] = g.point_m.z;
    }
    f.hub = hub;
    // A surface the wheel meets on its upper side as the suspension sees it (the ground's normal
    // against the body's z: a car on its roof with a wheel on a hump) is not a tyre contact: the
    // tyre's slip and its force's lever on the wheel are those of a patch below the hub, and a
    // patch above it would turn friction into drive (the wheel spun up without bound); the body's
    // points take such a contact.
    const Vec3Lanes ground_normal{lanes_of(ground.normal_x), lanes_of(ground.normal_y), lanes_of(ground.normal_z)};
    const Mask4 over = both(lanes_of(over_ground), dot(ground_normal, z) > 0.0);
    f.normal = {where(over, ground_normal.x, z.x), where(over, ground_normal.y, z.y), where(over, ground_normal.z, z.z)};
    const Vec3Lanes& n = f.normal;
    f.friction_factor = where(over, lanes_of(ground.friction_factor), Lanes4{});
    f.surface_rolling_resistance = where(over, lanes_of(ground.rolling_resistance_factor), splat(1.0));
    f.surface_velocity = {where(over, lanes_of(ground.velocity_x), Lanes4{}), where(over, lanes_of(ground.velocity_y), Lanes4{}),
                          where(over, lanes_of(ground.velocity_z), Lanes4{})};
    // Suspension: spring with preload, damper, bump stop, anti-roll bar (pushes this wheel's side
    // down when it is compressed more than its partner).
    std::array<SuspensionForce, 4> sf;
    for (int i = 0; i < 4; ++i)
        sf[i] = suspension_force(m.spec.wheels[i].suspension, m.wheels[i].preload_n, s.wheels[i].travel_m, s.wheels[i].travel_speed_m_per_s);
    const Lanes4 anti_roll_n_per_m = lanes_of(across.anti_roll_n_per_m);
    const Lanes4 roll =
        where(lanes_of(across.front), splat(in.anti_roll_travel_m[0]), splat(in.anti_roll_travel_m[1])) * lanes_of(across.side_sign);
    f.suspension_n = lanes_from([&](int i) { return sf[i].total(); }) + anti_roll_n_per_m * roll;
    // Tyre normal force: linear spring and damper on the deflection along the ground's normal,
    // at the rate the hub approaches the surface.
    const Lanes4 tyre_stiffness = lanes_of(across.tyre_stiffness_n_per_m);
    const Lanes4 tyre_damping = lanes_of(across.tyre_damping_ns_per_m);
    const Lanes4 height = where(over, lanes_of(ground.hub_height_m), 2.0 * radius);
    const Lanes4 deflection = radius - height;
    const Vec3Lanes hub_velocity =
        broadcast(s.velocity_m_per_s) + cross(broadcast(s.angular_velocity_rad_per_s), hub - broadcast(s.position_m)) + z * travel_speed;
    const Lanes4 deflection_rate = -dot(hub_velocity - f.surface_velocity, n);
    f.fz_linear = tyre_stiffness * deflection + tyre_damping * deflection_rate;
    f.fz = where(deflection > 0.0, max_of(f.fz_linear, Lanes4{}), Lanes4{});
    // Stiffness and damping the travel sees: tyre (projected on the travel axis), spring while it
    // pushes, bump stop beyond the travel, anti-roll bar, damper.
    const Lanes4 nz2 = dot(n, z) * dot(n, z);
    f.tyre_travel_stiffness = tyre_stiffness * nz2;
    f.tyre_travel_damping = tyre_damping * nz2;
    const Lanes4 spring_n_per_m = lanes_of(across.spring_n_per_m);
    const Mask4 spring_pushes = lanes_from([&](int i) { return sf[i].spring_n; }) > 0.0;
    const Mask4 on_bump_stop = travel > lanes_of(across.bump_stop_travel_m);
    const Lanes4 spring_stiffness = where(spring_pushes, spring_n_per_m, Lanes4{});
    const Lanes4 bump_stop_stiffness = where(on_bump_stop, kBumpStopFactor * spring_n_per_m, Lanes4{});
    f.travel_stiffness = spring_stiffness + bump_stop_stiffness + anti_roll_n_per_m;
    const Lanes4 max_compression_speed = lanes_of(across.max_compression_velocity_m_per_s);
    const Mask4 damper_locked = both(max_compression_speed > 0.0, abs_of(travel_speed) >= max_compression_speed);
    const Lanes4 bump_damping = lanes_of(across.bump_damping_ns_per_m);
    const Lanes4 rebound_damping = lanes_of(across.rebound_damping_ns_per_m);
    f.travel_damping = where(damper_locked, Lanes4{}, where(travel_speed > 0.0, bump_damping, rebound_damping));
    // Through the corner to the road: spring (and bump stop) in series with the tyre, for the
    // implicit chassis correction where it applies (chassis_implicit.hpp): on the bump stop, or for
    // a car whose chassis modes are beyond the explicit update at this step
    // (VehicleModel::largest_explicit_chassis_step_s); every road car tested stays explicit.
    const Mask4 in_series = both(f.fz > 0.0, either(on_bump_stop, splat(in.h) > m.largest_explicit_chassis_step_s));
    f.chassis_stiffness = Lanes4{};
    f.chassis_damping = Lanes4{};
    if (any(in_series)) {
        const Lanes4 spring = spring_stiffness + bump_stop_stiffness;
        const Lanes4 divider = f.tyre_travel_stiffness / (spring + f.tyre_travel_stiffness);
        f.chassis_stiffness = where(in_series, spring * divider, Lanes4{});
        f.chassis_damping = where(in_series, f.travel_damping * divider * divider, Lanes4{});
    }
    const Vec3Lanes below_hub = hub - n * height;
    f.contact = {where(over, lanes_of(ground.point_x), below_hub.x), where(over, lanes_of(ground.point_y), below_hub.y),
                 where(over, lanes_of(ground.point_z), below_hub.z)};
    // The tyre's normal force along the travel direction (body z) moves the wheel on its
    // suspension; across it the wheel is guided by the body, which takes that part directly.
    on_body.suspension_force_n = z * f.suspension_n;
    on_body.suspension_arm =
        Vec3Lanes{lanes_of(across.suspension_mount_x_m), lanes_of(across.suspension_mount_y_m), lanes_of(across.suspension_mount_z_m)} * f.suspension_n;
    on_body.normal_across_n = (n - z * dot(n, z)) * f.fz;
    on_body.normal_across_torque_nm = cross(f.contact - broadcast(s.position_m), on_body.normal_across_n);
    return on_body;
}

}  // namespace tractive::detail

#pragma GCC diagnostic pop
