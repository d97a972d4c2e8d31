// The tyre phase of the step (tyre_forces.hpp).

#include "tyre_forces.hpp"

#include <algorithm>
#include <cmath>

#include "tractive/laws/slip_relaxation.hpp"
#include "tractive/laws/steering.hpp"
#include "tractive/laws/tyre.hpp"
#include "tractive/laws/tyre_lanes.hpp"

namespace tractive::detail {

namespace {

// What the tyre phase carries for one wheel from before its law to after it (set by
// slip_at_wheel, its slip angle and inclination by with_slip_angles, end_weight by
// relaxed_law_input where in_contact: no initialisers, as it is rebuilt every step).
struct WheelSlipNow {
    bool in_contact;                            // the tyre touches the ground (a load): nothing more otherwise
    TyreSlip slip;                              // at the step's start
    // The slip angle's tangent v_y / D and the axle's component along the ground's normal, whose
    // atan and -asin are the slip angle and inclination (the four wheels' at once).
    double slip_tangent, axle_along_normal;
    double end_weight;                          // the relaxed slip's (relaxation_weights)
    double vx, vy, denom, inv_denom;            // the contact's velocity along the heading and across it; D, 1 / D
    double steer_change;                        // the wheel's heading since the last step
    double slip_ratio_before, slip_angle_before;  // the last step's
};

// Before the law (fills the wheel's frame and outputs, and `now`): its heading and inclination,
// the slip of its contact, its stiction weight; the slip angle and inclination from their
// tangent and sine afterwards, the four wheels' at once (with_slip_angles).
void slip_at_wheel(const TyreForcesInput& in, const VehicleState& s, int i, WheelFrame& f, WheelOutputs& out, WheelSlipNow& now) {
    now.in_contact = false;
    const VehicleModel& m = in.model;
    const Mat3& rot = in.rot;
    const WheelModel& wm = m.wheels[i];
    const WheelSpec& ws = m.spec.wheels[i];
    const WheelState& w = s.wheels[i];
    const Vec3& n = f.normal;
    // Wheel heading: steer (with Ackermann) and static toe about the body z axis.
    const WheelSteer wheel_steer_now = wheel_steer(ws.max_steer_rad, wm.tan_ackermann, wm.left, in.steering);
    const double steer_angle = wheel_steer_now.angle_rad;
    const double steer = steer_angle + wm.toe_heading_rad;
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
    const Vec3 heading = rot * heading_body;
    f.forward = normalized(heading - n * dot(heading, n));
    f.lateral = cross(n, f.forward);
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
    const Vec3 axle_left = rot * axle_body;
    TyreSlip slip;
    now.axle_along_normal = std::clamp(dot(axle_left, n), -1.0, 1.0);
    // Slip from the contact point's velocity over the surface's.
    const Vec3 rc = f.contact - s.position_m;
    const Vec3 vc = s.velocity_m_per_s + cross(s.angular_velocity_rad_per_s, rc) - f.surface_velocity;
    const double vx = dot(vc, f.forward);
    const double vy = dot(vc, f.lateral);
    const double denom = std::max(std::abs(vx), kSlipReferenceSpeed_m_per_s);
    const double inv_denom = 1.0 / denom;
    slip.slip_ratio = (w.spin_rad_per_s * wm.radius_m - vx) * inv_denom;
    now.slip_tangent = vy * inv_denom;
    slip.forward_speed_m_per_s = vx;
    slip.slip_denominator_m_per_s = denom;
    const double slip_ratio_before = out.slip_ratio;  // the last step's
    const double slip_angle_before = out.slip_angle_rad;
    const double steer_before = out.steer_rad;
    // The body's turning moves the contact along the heading by (n . omega) (n x r_c) . forward:
    // its change over the last step, carried on, is the prediction of this step's (a wheel that
    // was off the ground, or a new state, predicts none). Only the turning: the body's pitch and
    // heave under an ABS's cycles change from step to step, its yaw rate smoothly.
    const double normal_rotation_rate = dot(n, s.angular_velocity_rad_per_s);
    f.body_change_x = out.in_contact ? (normal_rotation_rate - out.normal_rotation_rate_rad_per_s) * dot(cross(n, rc), f.forward) : 0.0;
    out.normal_rotation_rate_rad_per_s = normal_rotation_rate;
    out.slip_ratio = slip.slip_ratio;
    out.fz_n = f.fz;
    out.steer_rad = steer;
    out.axle = axle_left;
    out.contact_point_m = f.contact;
    out.contact_normal = n;
    out.friction_factor = f.friction_factor;
    out.in_contact = f.fz > 0.0;
    now.slip = slip;
    now.vx = vx;
    now.vy = vy;
    now.denom = denom;
    now.inv_denom = inv_denom;
    now.steer_change = steer - steer_before;
    now.slip_ratio_before = slip_ratio_before;
    now.slip_angle_before = slip_angle_before;
    if (!(f.fz > 0.0)) {  // off the ground: no rolling resistance, nothing of the relaxed slip carried
        f.rolling_torque = 0.0;
        f.relaxed_slip_angle_carried_rad = 0.0;
        f.relaxed_slip_angle_weight = 0.0;
        return;
    }
    now.in_contact = true;
    const double motion = std::max({std::abs(vx), std::abs(vy), std::abs(w.spin_rad_per_s * wm.radius_m)});
    f.stick = tyre_stiction_weight(motion);
}

// The four wheels' slip angles alpha = atan(v_y / D) and inclinations -asin(axle . n), side by
// side where the processor allows (laws/tyre_lanes.hpp), into their slips and outputs.
void with_slip_angles(std::array<WheelSlipNow, 4>& now, std::array<WheelOutputs, 4>& outputs) {
    std::array<double, 4> tangent, along_normal;
    for (std::size_t i = 0; i < 4; ++i) {
        tangent[i] = now[i].slip_tangent;
        along_normal[i] = now[i].axle_along_normal;
    }
    const WheelAnglesFour angles = slip_angles_four(tangent, along_normal);
    for (std::size_t i = 0; i < 4; ++i) {
        now[i].slip.slip_angle_rad = angles.slip_angle_rad[i];
        now[i].slip.inclination_rad = angles.inclination_rad[i];
        outputs[i].slip_angle_rad = angles.slip_angle_rad[i];
        outputs[i].inclination_rad = angles.inclination_rad[i];
    }
}

// The law's input at the step's mean slip, where the tyre touches the ground (not wanted where
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
void relaxed_law_input(const TyreForcesInput& in, const VehicleState& s, int i, const RelaxationWeights& relax, WheelFrame& f,
                       WheelSlipNow& now, TyreLawInput& law) {
    law.wanted = false;
    if (!now.in_contact) return;
    const WheelModel& wm = in.model.wheels[i];
    const WheelState& w = s.wheels[i];
    const double vx = now.vx, vy = now.vy;
    const double alpha = now.slip.slip_angle_rad;
    // The carried relaxed slip ends at the last step's end, where the wheel still had the last
    // step's steer (a steer is held over its step and changes at the next one's start): it is
    // completed with the slip in that heading, the contact velocity turned back by the steer's
    // change. (Completed with the new steer's slip, the relaxed slip ran ahead of the force the
    // step had applied by (1 - phi) times each change: the RS2's step-steer rise time came out
    // 2.1 % short at 8 ms. The heading turns by the steer's change in the body's plane, about a
    // caster axis too (caster_steer); the road's plane and the contact point's shift with the
    // steer leave about 1e-4 of the change, measured.)
    double alpha_last_end = alpha;
    const double steer_change = now.steer_change;
    if (steer_change == 0.0 || w.relaxed_slip_angle_weight == 1.0) {
        // (no change, or a new state: alpha' = alpha)
    } else if (vx >= 2.0 * kSlipReferenceSpeed_m_per_s && std::abs(alpha + steer_change) <= 1.0) {
        // Forward and fast enough that both headings divide by their own v_x (v cos(alpha +
        // change) >= 2 D cos(1) > D): the slip angle is the velocity's angle to the heading,
        // which the turn back adds to exactly.
        alpha_last_end = alpha + steer_change;
    } else {
        const double cos_change = std::cos(steer_change);
        const double sin_change = std::sin(steer_change);
        const double vx_before = cos_change * vx - sin_change * vy;
        const double vy_before = sin_change * vx + cos_change * vy;
        alpha_last_end = std::atan(vy_before / std::max(std::abs(vx_before), kSlipReferenceSpeed_m_per_s));
    }
    const double alpha_relaxed = w.relaxed_slip_angle_carried_rad + w.relaxed_slip_angle_weight * alpha_last_end;
    f.relaxed_slip_angle_carried_rad = relax.decay * alpha_relaxed + (relax.phi - relax.decay) * alpha;
    f.relaxed_slip_angle_weight = 1.0 - relax.phi;
    law.slip = now.slip;
    law.slip.slip_angle_rad = relax.phi * alpha_relaxed + (1.0 - relax.phi) * alpha;
    law.fz_n = f.fz;
    law.friction_factor = f.friction_factor;
    law.size_factor = wm.size_friction_factor;
    law.mirrored = !wm.left && wm.tyre_mirrored_on_right;
    law.wanted = f.stick != 1.0;
    now.end_weight = relax.end_weight;
}

// The law's input (`mid`, the mean slip's until now) moved to the slip predicted for the middle
// of the step (not wanted unless the contact slides and the law is past its peak). Past the peak
// the row takes the law's force explicitly (set_tyre_row). On the falling branch the slip runs away from the peak
// (or back to it) within the step, so the force is taken at the slip predicted for the middle
// of the step, the last step's change carried on: kappa + (kappa - kappa_last) / 2 (and the
// relaxed slip angle's mean alike, by end_weight), where the law still falls (tyre_forces). (At
// the start-of-step slip it overstated a locking wheel's force over the step: ABS stops at 8 ms
// came out 1-5 % shorter than at 0.8 ms.)
void mid_step_law(const WheelSlipNow& now, const WheelFrame& f, TyreLawInput& mid) {
    const bool past_peak_x = !(f.law.dfx_dslip_ratio > 0.0);
    const bool past_peak_y = !(f.law.dfy_dslip_angle_per_rad < 0.0);
    mid.wanted = now.in_contact && f.stick == 0.0 && (past_peak_x || past_peak_y);
    if (past_peak_x) mid.slip.slip_ratio += 0.5 * (now.slip.slip_ratio - now.slip_ratio_before);
    if (past_peak_y) mid.slip.slip_angle_rad += now.end_weight * (now.slip.slip_angle_rad - now.slip_angle_before);
}

// After the law (its force in the frame; `law` its result at the mean slip): the bounds of the
// friction (from the tyre's peaks at its load, `at_load`), the slopes in the rows' velocities,
// the rolling resistance. Returns the aligning moment on the body.
Vec3 forces_after_law(const TyreForcesInput& in, const VehicleState& s, int i, const WheelSlipNow& now, const TyreForce& law,
                      const TyreAtLoad& at_load, WheelFrame& f) {
    const WheelModel& wm = in.model.wheels[i];
    const WheelState& w = s.wheels[i];
    const Vec3& n = f.normal;
    const double h = in.h;
    const double vx = now.vx, vy = now.vy, inv_denom = now.inv_denom;
    const bool past_peak_x = !(law.dfx_dslip_ratio > 0.0);
    const bool past_peak_y = !(law.dfy_dslip_angle_per_rad < 0.0);
    f.law.mz_nm *= 1.0 - f.stick;
    const TyrePeak& peak = at_load.peak;
    // Bounds: the friction the tyre can give (its peak), or the law's force if larger; past
    // the peak (a falling law, a rigid row) the law's force, or the static friction the
    // stiction weight allows if larger.
    f.falling_x = past_peak_x;
    f.falling_y = past_peak_y;
    f.bound_x = std::max(std::abs(f.law.fx_n), (f.falling_x ? f.stick : 1.0) * peak.fx_n);
    f.bound_y = std::max(std::abs(f.law.fy_n), (f.falling_y ? f.stick : 1.0) * peak.fy_n);
    // (sqrt of the sum of squares rather than std::hypot: tyre forces are far from overflow.)
    f.circle = std::max(std::sqrt(f.law.fx_n * f.law.fx_n + f.law.fy_n * f.law.fy_n), std::max(peak.fx_n, peak.fy_n));
    // Slopes in the rows' velocities: the longitudinal row's J v = v_x - omega r = -kappa D
    // (D = denom), so dFx/d(J v) = -dFx/dkappa / D; the lateral row's J v = v_y, and
    // alpha = atan(v_y / D), so dFy/d(J v) = dFy/dalpha / (D (1 + (v_y / D)^2)).
    const double vy_ratio = vy * inv_denom;
    f.stiffness_x = std::max(f.law.dfx_dslip_ratio * inv_denom, 0.0);
    f.stiffness_y = std::max(-f.law.dfy_dslip_angle_per_rad * inv_denom / (1.0 + vy_ratio * vy_ratio), 0.0) * now.end_weight;
    f.row_velocity_x = vx - w.spin_rad_per_s * wm.radius_m;
    // The lateral row measures the end-of-step velocity along this step's start heading,
    // which turns with the car by about (n . omega) h over the step: an unchanged slip
    // reads v_y + v_x (n . omega) h there, the velocity the law's slope is taken from.
    f.row_velocity_y = vy + vx * dot(n, s.angular_velocity_rad_per_s) * h;
    f.rolling_speed = std::abs(vx);
    f.rolling_torque = at_load.rolling_resistance_coefficient * f.fz * wm.radius_m * f.surface_rolling_resistance;
    // Aligning moment on the body about the road normal.
    return n * f.law.mz_nm;
}

}  // namespace

std::array<std::optional<Vec3>, 4> tyre_forces(const TyreForcesInput& in, const VehicleState& s, std::array<WheelFrame, 4>& frames,
                                               std::array<WheelOutputs, 4>& outputs) {
    const VehicleModel& m = in.model;
    const std::array<const TyreSpec*, 4> tyres{&m.spec.wheels[0].tyre, &m.spec.wheels[1].tyre, &m.spec.wheels[2].tyre,
                                               &m.spec.wheels[3].tyre};
    std::array<WheelSlipNow, 4> now;
    for (int i = 0; i < 4; ++i) slip_at_wheel(in, s, i, frames[i], outputs[i], now[i]);
    with_slip_angles(now, outputs);
    // What each tyre gives at its load (its peaks, relaxation length, rolling resistance), the
    // four in one call (side by side where the tyres and the processor allow: laws/tyre_lanes.hpp).
    std::array<TyreLoadInput, 4> load_in;
    for (std::size_t i = 0; i < 4; ++i) {
        const WheelFrame& f = frames[i];
        load_in[i] = {f.fz, f.friction_factor, m.wheels[i].size_friction_factor, now[i].vx, m.wheels[i].radius_m, now[i].in_contact};
    }
    const std::array<TyreAtLoad, 4> at_load = tyres_at_load_four(tyres, m.tyre_lanes.get(), load_in);
    // The relaxed slip's weights over this step: z = h D / sigma, the rolled distance over the
    // relaxation length (laws/slip_relaxation.hpp), the four side by side.
    std::array<double, 4> z{};
    for (std::size_t i = 0; i < 4; ++i) {
        if (now[i].in_contact) z[i] = in.h * now[i].denom / std::max(at_load[i].lateral_relaxation_length_m, kMinRelaxationLength_m);
    }
    const std::array<RelaxationWeights, 4> relax = relaxation_weights_four(z);
    std::array<TyreLawInput, 4> law_in;
    for (int i = 0; i < 4; ++i) relaxed_law_input(in, s, i, relax[i], frames[i], now[i], law_in[i]);
    // The four laws in one call, then again at the middle of the step for those past their peak.
    const std::array<TyreForce, 4> law = tyre_forces_four(tyres, m.tyre_lanes.get(), law_in);
    bool any_mid = false;
    for (int i = 0; i < 4; ++i) {
        if (now[i].in_contact) {
            frames[i].law = law[i];
            mid_step_law(now[i], frames[i], law_in[i]);  // (law_in[i] not wanted where no contact)
        }
        any_mid = any_mid || law_in[i].wanted;
    }
    if (any_mid) {
        const std::array<TyreForce, 4> mid = tyre_forces_four(tyres, m.tyre_lanes.get(), law_in);
        for (int i = 0; i < 4; ++i) {
            if (!law_in[i].wanted) continue;
            if (!(law[i].dfx_dslip_ratio > 0.0) && !(mid[i].dfx_dslip_ratio > 0.0)) frames[i].law.fx_n = mid[i].fx_n;
            if (!(law[i].dfy_dslip_angle_per_rad < 0.0) && !(mid[i].dfy_dslip_angle_per_rad < 0.0)) frames[i].law.fy_n = mid[i].fy_n;
        }
    }
    std::array<std::optional<Vec3>, 4> aligning;
    for (int i = 0; i < 4; ++i) {
        if (now[i].in_contact) aligning[i] = forces_after_law(in, s, i, now[i], law[i], at_load[i], frames[i]);
    }
    return aligning;
}

}  // namespace tractive::detail
