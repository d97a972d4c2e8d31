// The tyre phase of the step (tyre_forces.hpp): the four wheels side by side, one wheel a lane
// (lanes4.hpp), each lane's numbers with the bits one wheel's own code gives them.

#include "tyre_forces.hpp"

#include <algorithm>
#include <cmath>

#include "lanes4.hpp"
#include "tractive/laws/slip_relaxation.hpp"
#include "tractive/laws/steering.hpp"
#include "tractive/laws/tyre.hpp"
#include "tractive/laws/tyre_lanes.hpp"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"  // (as in lanes4.hpp)

namespace tractive::detail {

namespace {

// What the tyre phase carries for the four wheels from before their laws to after them, lane i
// wheel i (set by slips_at_wheels, the slip angle and inclination by with_slip_angles, the rest
// by relaxed_law_inputs; only the lanes in_contact are read past the slips).
struct WheelsNow {
    Mask4 in_contact;                  // the tyre touches the ground (a load)
    Lanes4 slip_ratio;                 // at the step's start
    Lanes4 slip_angle_rad, inclination_rad;
    // The slip angle's tangent v_y / D and the axle's component along the ground's normal, whose
    // atan and -asin are the slip angle and inclination (the four wheels' at once).
    Lanes4 slip_tangent, axle_along_normal;
    Lanes4 vx, vy, denom, inv_denom;   // the contact's velocity along the heading and across it; D, 1 / D
    Lanes4 normal_rotation_rate;       // n . omega
    Lanes4 rolling_surface_speed;      // omega r of the wheel's spin
    Lanes4 steer_change;               // the wheel's heading since the last step
    Lanes4 slip_ratio_before, slip_angle_before;  // the last step's
    Lanes4 radius_m;                   // the wheels'
    Lanes4 stick;                      // the stiction weight
    Lanes4 end_weight;                 // the relaxed slip's (relaxation_weights)
    Lanes4 law_slip_angle_rad;         // the relaxed slip angle the law is evaluated at
};

// A wheel's heading and axle in body axes at its steer (Ackermann, toe, about the caster axis)
// and camber: the wheel's own trigonometry, one wheel at a time.
struct WheelHeading {
    Vec3 heading_body, axle_body;
    double steer_rad;  // about the body's z axis, with the toe
};
inline WheelHeading wheel_heading(const TyreForcesInput& in, const VehicleState& s, int i) {
    const VehicleModel& m = in.model;
    const WheelModel& wm = m.wheels[i];
    const WheelSpec& ws = m.spec.wheels[i];
    const WheelState& w = s.wheels[i];
    // Wheel heading: steer (with Ackermann) and static toe about the body z axis.
    const WheelSteer wheel_steer_now = wheel_steer(ws.max_steer_rad, wm.tan_ackermann, wm.left, in.steering);
    const double steer_angle = wheel_steer_now.angle_rad;
    const double steer = steer_angle + wm.toe_heading_rad;
    // Unsteered and without camber change (the rears, any wheel going straight): the model's.
    if (steer_angle == 0.0 && wm.camber_change_rad.empty()) return {wm.toe_heading_body, wm.static_axle_body, steer};
    // An unsteered wheel (the rears, any wheel going straight) points along its toe: the
    // model's cosine and sine of it.
    double sin_steer = wm.sin_toe_heading;
    double cos_steer = wm.cos_toe_heading;
    // With caster the steer turns the wheel about the tilted steering axis instead of the
    // body's z axis (the toe stays about z): the static heading and axle are rotated about
    // k = (-sin nu, 0, cos nu) (Rodrigues' formula, caster_steer).
    const bool steered_about_caster = steer_angle != 0.0 && wm.sin_caster != 0.0;
    CasterSteer turn;
    Vec3 heading_body{cos_steer, sin_steer, 0.0};
    if (steered_about_caster) {
        turn = caster_steer(wm.sin_caster, wm.cos_caster, wheel_steer_now.tangent);
        heading_body = turn.turned(heading_body);
    } else if (steer_angle != 0.0) {
        sin_steer = std::sin(steer);
        cos_steer = std::cos(steer);
        heading_body = {cos_steer, sin_steer, 0.0};
    }
    // Inclination: camber tilts the axle about the heading (left wheel: negative camber lifts
    // the axle's outer end), plus the body's roll relative to the road. Without wishbone
    // geometry the camber is the static one and its cosine and sine are model constants.
    double cos_tilt = wm.cos_camber_tilt;
    double sin_tilt = wm.sin_camber_tilt;
    if (!wm.camber_change_rad.empty()) {
        // Camber from the wishbone geometry at this travel (+ = top outwards, the same tilt
        // sign convention as the static camber above).
        const double camber = ws.camber_rad + wm.camber_change_rad(w.travel_m);
        const double tilt = wm.left ? -camber : camber;
        // |tilt| < 90 deg (validated camber, a wishbone's change of a few degrees): the cosine
        // is positive and the root exact to rounding (no cancellation near cos = 1).
        sin_tilt = std::sin(tilt);
        cos_tilt = std::sqrt(1.0 - sin_tilt * sin_tilt);
    }
    Vec3 axle_body{-sin_steer * cos_tilt, cos_steer * cos_tilt, sin_tilt};
    if (steered_about_caster) axle_body = turn.turned(axle_body);
    return {heading_body, axle_body, steer};
}

// Before the laws (fills the wheels' frames and outputs, and `now`): their headings and
// inclinations, the slip of each contact, its stiction weight; the slip angle and inclination
// from their tangent and sine afterwards (with_slip_angles).
void slips_at_wheels(const TyreForcesInput& in, const VehicleState& s, WheelFrames& frames, std::array<WheelOutputs, 4>& outputs,
                     WheelsNow& now) {
    const VehicleModel& m = in.model;
    const Mat3& rot = in.rot;
    const std::array<WheelHeading, 4> wheel{wheel_heading(in, s, 0), wheel_heading(in, s, 1), wheel_heading(in, s, 2),
                                            wheel_heading(in, s, 3)};
    const Vec3Lanes& n = frames.normal;
    const Vec3Lanes heading = rot * vec3_lanes_from([&](int i) { return wheel[i].heading_body; });
    const Vec3Lanes forward = normalized(heading - n * dot(heading, n));
    const Vec3Lanes lateral = cross(n, forward);
    const Vec3Lanes axle_left = rot * vec3_lanes_from([&](int i) { return wheel[i].axle_body; });
    now.axle_along_normal = clamp_between(dot(axle_left, n), -1.0, 1.0);
    // Slip from the contact point's velocity over the surface's.
    const Vec3Lanes rc = frames.contact - broadcast(s.position_m);
    const Vec3Lanes omega = broadcast(s.angular_velocity_rad_per_s);
    const Vec3Lanes vc = broadcast(s.velocity_m_per_s) + cross(omega, rc) - frames.surface_velocity;
    const Lanes4 vx = dot(vc, forward);
    const Lanes4 vy = dot(vc, lateral);
    const Lanes4 denom = max_of(abs_of(vx), splat(kSlipReferenceSpeed_m_per_s));
    const Lanes4 inv_denom = 1.0 / denom;
    now.radius_m = lanes_of(m.wheels_side_by_side.radius_m);
    const Lanes4 spin_surface = lanes_from([&](int i) { return s.wheels[i].spin_rad_per_s; }) * now.radius_m;
    now.slip_ratio = (spin_surface - vx) * inv_denom;
    now.slip_tangent = vy * inv_denom;
    now.slip_ratio_before = lanes_from([&](int i) { return outputs[i].slip_ratio; });
    now.slip_angle_before = lanes_from([&](int i) { return outputs[i].slip_angle_rad; });
    now.steer_change = lanes_from([&](int i) { return wheel[i].steer_rad; }) - lanes_from([&](int i) { return outputs[i].steer_rad; });
    // The body's turning moves the contact along the heading by (n . omega) (n x r_c) . forward:
    // its change over the last step, carried on, is the prediction of this step's (a wheel that
    // was off the ground, or a new state, predicts none). Only the turning: the body's pitch and
    // heave under an ABS's cycles change from step to step, its yaw rate smoothly.
    const Lanes4 normal_rotation_rate = dot(n, omega);
    const Mask4 was_in_contact = lanes_of(std::array<bool, 4>{outputs[0].in_contact, outputs[1].in_contact, outputs[2].in_contact,
                                                              outputs[3].in_contact});
    const Lanes4 last_rotation_rate = lanes_from([&](int i) { return outputs[i].normal_rotation_rate_rad_per_s; });
    frames.body_change_x = where(was_in_contact, (normal_rotation_rate - last_rotation_rate) * dot(cross(n, rc), forward), Lanes4{});
    now.normal_rotation_rate = normal_rotation_rate;
    now.rolling_surface_speed = spin_surface;
    now.vx = vx;
    now.vy = vy;
    now.denom = denom;
    now.inv_denom = inv_denom;
    now.in_contact = frames.fz > 0.0;
    frames.forward = forward;
    frames.lateral = lateral;
    // The stiction weight of the contact's motion, max(|v_x|, |v_y|, |omega r|).
    const Lanes4 motion = max_of(max_of(abs_of(vx), abs_of(vy)), abs_of(spin_surface));
    now.stick = Lanes4{};  // (read past here only in contact)
    for (int i = 0; i < 4; ++i) {
        WheelOutputs& out = outputs[i];
        out.normal_rotation_rate_rad_per_s = normal_rotation_rate[i];
        out.slip_ratio = now.slip_ratio[i];
        out.fz_n = frames.fz[i];
        out.steer_rad = wheel[i].steer_rad;
        out.axle = lane(axle_left, i);
        out.contact_point_m = lane(frames.contact, i);
        out.contact_normal = lane(n, i);
        out.friction_factor = frames.friction_factor[i];
        out.in_contact = frames.fz[i] > 0.0;
        if (out.in_contact) now.stick[i] = tyre_stiction_weight(motion[i]);
    }
    frames.stick = now.stick;
}

// The four wheels' slip angles alpha = atan(v_y / D) and inclinations -asin(axle . n), side by
// side where the processor allows (laws/tyre_lanes.hpp), into `now` and the outputs.
void with_slip_angles(WheelsNow& now, std::array<WheelOutputs, 4>& outputs) {
    const WheelAnglesFour angles = slip_angles_four(array_of(now.slip_tangent), array_of(now.axle_along_normal));
    now.slip_angle_rad = lanes_of(angles.slip_angle_rad);
    now.inclination_rad = lanes_of(angles.inclination_rad);
    for (std::size_t i = 0; i < 4; ++i) {
        outputs[i].slip_angle_rad = angles.slip_angle_rad[i];
        outputs[i].inclination_rad = angles.inclination_rad[i];
    }
}

// The laws' inputs at the step's mean slip, where the tyre touches the ground (not wanted where
// the contact is stuck or there is none), with the relaxation weights of this step's rolled
// distance over the lateral relaxation length (z = h D / sigma, tyre_forces).
// A stuck contact (w = 1) is the tread's spring alone (set_tyre_row): the law's force and slope
// do not enter its row, and its aligning moment, which comes from the slip's pneumatic trail, is
// blended out with the law's share (1 - w) as the forces are; the law is not evaluated (a parked
// car's tyres cost no Magic Formula).
// Right-hand tyres are mirror images of left-hand ones: evaluate the law in the mirrored frame
// (slip angle and inclination negated) and mirror the lateral force and aligning moment back, so
// that a car with equal tyres is symmetric (Pacejka's shift terms are not odd in the slip
// angle). VDrift's Pacejka 2002 and brush tyres are evaluated as they are on every wheel, as
// VDrift does (tyre_mirrored_on_right).
// The lateral force follows the relaxed slip angle (relaxation_weights): the law at its mean over
// the step, with alpha_1's share (end_weight) in the lateral row's slope.
TyreLawInputsFour relaxed_law_inputs(const TyreForcesInput& in, const VehicleState& s, const RelaxationWeightsFour& relax,
                                     WheelFrames& frames, WheelsNow& now) {
    const Lanes4 phi = lanes_of(relax.phi);
    const Lanes4 decay = lanes_of(relax.decay);
    const Lanes4 carried = lanes_from([&](int i) { return s.wheels[i].relaxed_slip_angle_carried_rad; });
    const Lanes4 weight = lanes_from([&](int i) { return s.wheels[i].relaxed_slip_angle_weight; });
    const Lanes4 alpha = now.slip_angle_rad;
    const Lanes4 steer_change = now.steer_change;
    // The carried relaxed slip ends at the last step's end, where the wheel still had the last
    // step's steer (a steer is held over its step and changes at the next one's start): it is
    // completed with the slip in that heading, the contact velocity turned back by the steer's
    // change. (Completed with the new steer's slip, the relaxed slip ran ahead of the force the
    // step had applied by (1 - phi) times each change: the RS2's step-steer rise time came out
    // 2.1 % short at 8 ms. The heading turns by the steer's change in the body's plane, about a
    // caster axis too (caster_steer); the road's plane and the contact point's shift with the
    // steer leave about 1e-4 of the change, measured.)
    // No change, or a new state: alpha' = alpha.
    const Mask4 unchanged = either(steer_change == 0.0, weight == 1.0);
    // Forward and fast enough that both headings divide by their own v_x (v cos(alpha + change)
    // >= 2 D cos(1) > D): the slip angle is the velocity's angle to the heading, which the turn
    // back adds to exactly.
    const Mask4 added = and_not(both(now.vx >= 2.0 * kSlipReferenceSpeed_m_per_s, abs_of(alpha + steer_change) <= 1.0), unchanged);
    Lanes4 alpha_last_end = where(added, alpha + steer_change, alpha);
    const Mask4 turned_back = neither(unchanged, added) & now.in_contact;
    if (any(turned_back)) {
        for (int i = 0; i < 4; ++i) {
            if (!turned_back[i]) continue;
            const double cos_change = std::cos(steer_change[i]);
            const double sin_change = std::sin(steer_change[i]);
            const double vx_before = cos_change * now.vx[i] - sin_change * now.vy[i];
            const double vy_before = sin_change * now.vx[i] + cos_change * now.vy[i];
            alpha_last_end[i] = std::atan(vy_before / std::max(std::abs(vx_before), kSlipReferenceSpeed_m_per_s));
        }
    }
    const Lanes4 alpha_relaxed = carried + weight * alpha_last_end;
    const Lanes4 carried_next = decay * alpha_relaxed + (phi - decay) * alpha;
    const Lanes4 weight_next = 1.0 - phi;
    now.law_slip_angle_rad = phi * alpha_relaxed + (1.0 - phi) * alpha;
    now.end_weight = lanes_of(relax.end_weight);
    // (Off the ground: nothing of the relaxed slip carried.)
    frames.relaxed_slip_angle_carried_rad = where(now.in_contact, carried_next, Lanes4{});
    frames.relaxed_slip_angle_weight = where(now.in_contact, weight_next, Lanes4{});
    // (Built whole: set field by field, the structure was zeroed first.)
    return {.slip_ratio = array_of(now.slip_ratio),
            .slip_angle_rad = array_of(now.law_slip_angle_rad),
            .inclination_rad = array_of(now.inclination_rad),
            .forward_speed_m_per_s = array_of(now.vx),
            .slip_denominator_m_per_s = array_of(now.denom),
            .fz_n = array_of(frames.fz),
            .friction_factor = array_of(frames.friction_factor),
            .size_factor = in.model.wheels_side_by_side.size_friction_factor,
            .mirrored = in.model.wheels_side_by_side.mirrored_tyres,
            .wanted = bits_of(now.in_contact & (now.stick != 1.0))};
}

// The laws' forces and slopes of the four wheels, side by side.
using LawLanes = TyreForceLanes;
LawLanes law_lanes(const TyreForcesFour& f) {
    return {lanes_of(f.fx_n), lanes_of(f.fy_n), lanes_of(f.mz_nm), lanes_of(f.dfx_dslip_ratio), lanes_of(f.dfy_dslip_angle_per_rad)};
}

// After the laws (`law` at the mean slip; fx and fy the forces the rows take, at the middle of
// the step past the peak): the bounds of the friction (from the tyres' peaks at their loads), the
// slopes in the rows' velocities, the rolling resistance, into the frames (read where the tyre
// touches the ground, but for the rolling resistance, zero elsewhere). Returns the aligning
// moments on the body of the wheels in contact.
AligningMoments forces_after_laws(const TyreForcesInput& in, const TyresAtLoadFour& at_load, const LawLanes& law, Lanes4 fx,
                                                     Lanes4 fy, const WheelsNow& now, WheelFrames& frames) {
    const Mask4 past_peak_x = ~(law.dfx_dslip_ratio > 0.0);
    const Mask4 past_peak_y = ~(law.dfy_dslip_angle_per_rad < 0.0);
    const Lanes4 stick = now.stick;
    const Lanes4 mz = law.mz_nm * (1.0 - stick);
    frames.law = {fx, fy, mz, law.dfx_dslip_ratio, law.dfy_dslip_angle_per_rad};
    frames.falling_x = past_peak_x;
    frames.falling_y = past_peak_y;
    const Lanes4 peak_fx = lanes_of(at_load.peak_fx_n);
    const Lanes4 peak_fy = lanes_of(at_load.peak_fy_n);
    // Bounds: the friction the tyre can give (its peak), or the law's force if larger; past
    // the peak (a falling law, a rigid row) the law's force, or the static friction the
    // stiction weight allows if larger.
    frames.bound_x = max_of(abs_of(fx), where(past_peak_x, stick, splat(1.0)) * peak_fx);
    frames.bound_y = max_of(abs_of(fy), where(past_peak_y, stick, splat(1.0)) * peak_fy);
    // (sqrt of the sum of squares rather than std::hypot: tyre forces are far from overflow.)
    frames.circle = max_of(sqrt_of(fx * fx + fy * fy), max_of(peak_fx, peak_fy));
    // Slopes in the rows' velocities: the longitudinal row's J v = v_x - omega r = -kappa D
    // (D = denom), so dFx/d(J v) = -dFx/dkappa / D; the lateral row's J v = v_y, and
    // alpha = atan(v_y / D), so dFy/d(J v) = dFy/dalpha / (D (1 + (v_y / D)^2)).
    const Lanes4 vy_ratio = now.vy * now.inv_denom;
    frames.stiffness_x = max_of(law.dfx_dslip_ratio * now.inv_denom, Lanes4{});
    frames.stiffness_y =
        max_of(-law.dfy_dslip_angle_per_rad * now.inv_denom / (1.0 + vy_ratio * vy_ratio), Lanes4{}) * now.end_weight;
    frames.row_velocity_x = now.vx - now.rolling_surface_speed;
    // The lateral row measures the end-of-step velocity along this step's start heading,
    // which turns with the car by about (n . omega) h over the step: an unchanged slip
    // reads v_y + v_x (n . omega) h there, the velocity the law's slope is taken from.
    frames.row_velocity_y = now.vy + now.vx * now.normal_rotation_rate * in.h;
    frames.rolling_speed = abs_of(now.vx);
    // (Off the ground: no rolling resistance.)
    frames.rolling_torque =
        where(now.in_contact, lanes_of(at_load.rolling_resistance_coefficient) * frames.fz * now.radius_m * frames.surface_rolling_resistance, Lanes4{});
    // Aligning moment on the body about the road normal.
    return {frames.normal * mz, now.in_contact};
}

}  // namespace

AligningMoments tyre_forces(const TyreForcesInput& in, const VehicleState& s, WheelFrames& frames,
                                               std::array<WheelOutputs, 4>& outputs) {
    const VehicleModel& m = in.model;
    const std::array<const TyreSpec*, 4> tyres{&m.spec.wheels[0].tyre, &m.spec.wheels[1].tyre, &m.spec.wheels[2].tyre,
                                               &m.spec.wheels[3].tyre};
    WheelsNow now;
    slips_at_wheels(in, s, frames, outputs, now);
    with_slip_angles(now, outputs);
    // What each tyre gives at its load (its peaks, relaxation length, rolling resistance), the
    // four in one call (side by side where the tyres and the processor allow: laws/tyre_lanes.hpp).
    const TyreLoadInputsFour load_in{.fz_n = array_of(frames.fz),
                                     .friction_factor = array_of(frames.friction_factor),
                                     .size_factor = m.wheels_side_by_side.size_friction_factor,
                                     .speed_m_per_s = array_of(now.vx),
                                     .wheel_radius_m = array_of(now.radius_m),
                                     .wanted = bits_of(now.in_contact)};
    const TyresAtLoadFour at_load = tyres_at_load_four(tyres, m.tyre_lanes.get(), load_in);
    // The relaxed slip's weights over this step: z = h D / sigma, the rolled distance over the
    // relaxation length (laws/slip_relaxation.hpp), the four side by side.
    const Lanes4 relaxation_length = lanes_of(at_load.lateral_relaxation_length_m);
    const Lanes4 z = where(now.in_contact, in.h * now.denom / max_of(relaxation_length, splat(kMinRelaxationLength_m)), Lanes4{});
    const RelaxationWeightsFour relax = relaxation_weights_four(array_of(z));
    TyreLawInputsFour law_in = relaxed_law_inputs(in, s, relax, frames, now);
    // The four laws in one call, then again at the middle of the step for those past their peak.
    const LawLanes law = law_lanes(tyre_forces_four(tyres, m.tyre_lanes.get(), law_in));
    // The law's input moved to the slip predicted for the middle of the step (not wanted unless
    // the contact slides and the law is past its peak). Past the peak the row takes the law's
    // force explicitly (set_tyre_row). On the falling branch the slip runs away from the peak (or
    // back to it) within the step, so the force is taken at the slip predicted for the middle of
    // the step, the last step's change carried on: kappa + (kappa - kappa_last) / 2 (and the
    // relaxed slip angle's mean alike, by end_weight), where the law still falls. (At the
    // start-of-step slip it overstated a locking wheel's force over the step: ABS stops at 8 ms
    // came out 1-5 % shorter than at 0.8 ms.)
    const Mask4 past_peak_x = ~(law.dfx_dslip_ratio > 0.0);
    const Mask4 past_peak_y = ~(law.dfy_dslip_angle_per_rad < 0.0);
    const Mask4 mid_wanted = both(both(now.in_contact, now.stick == 0.0), either(past_peak_x, past_peak_y));
    Lanes4 fx = law.fx_n, fy = law.fy_n;
    if (any(mid_wanted)) {
        const Lanes4 mid_ratio = where(past_peak_x, now.slip_ratio + 0.5 * (now.slip_ratio - now.slip_ratio_before), now.slip_ratio);
        const Lanes4 mid_angle =
            where(past_peak_y, now.law_slip_angle_rad + now.end_weight * (now.slip_angle_rad - now.slip_angle_before), now.law_slip_angle_rad);
        law_in.wanted = bits_of(mid_wanted);  // (a lane not wanted gives nothing, whatever its slip)
        law_in.slip_ratio = array_of(mid_ratio);
        law_in.slip_angle_rad = array_of(mid_angle);
        const LawLanes mid = law_lanes(tyre_forces_four(tyres, m.tyre_lanes.get(), law_in));
        fx = where(both(mid_wanted, and_not(past_peak_x, mid.dfx_dslip_ratio > 0.0)), mid.fx_n, fx);
        fy = where(both(mid_wanted, and_not(past_peak_y, mid.dfy_dslip_angle_per_rad < 0.0)), mid.fy_n, fy);
    }
    return forces_after_laws(in, at_load, law, fx, fy, now, frames);
}

}  // namespace tractive::detail

#pragma GCC diagnostic pop
