// The step's rows: the driveline's shafts and the tyres' contacts (driveline_and_tyre_rows.hpp).

#include "driveline_and_tyre_rows.hpp"

#include <algorithm>
#include <cmath>

#include "row_slots.hpp"
#include "tractive/laws/clutch.hpp"
#include "tractive/laws/differential.hpp"

namespace tractive::detail {

namespace {

// Coulomb friction torque of magnitude T on a shaft (engine friction, gearbox loss, brake and
// rolling resistance). While |w| > 2 T h / I, the shaft's own inertia alone, the step's friction
// impulse T h cannot reverse the shaft, so the friction slides and is applied directly against
// the spin: exact, and no row for the solver to sweep. Slower, it is a bounded row, which can
// also hold the shaft at rest (stiction). Returns true when applied directly (the impulse, as
// a row's lambda with coefficient +1, is stored in `impulse`).
bool apply_sliding_friction(double& w, double inv_i, double torque_nm, double h, double& impulse) {
    const double limit = torque_nm * h;
    if (!(std::abs(w) > 2.0 * limit * inv_i)) return false;
    impulse = w > 0.0 ? -limit : limit;
    w += impulse * inv_i;
    return true;
}

// One direction of a tyre contact (row_solver.hpp, ContactRow): the law linearised in the row
// velocity (force, slope in N per m/s, the row velocity it was taken at) blended with the tread's
// spring by the stiction weight; past the law's peak (falling) the spring alone while the
// contact nearly sticks, else rigid towards zero sliding.
void set_tyre_row(ContactRow& r, bool falling, double law_force_n, double slope_n_per_m_s, double row_velocity_m_per_s,
                  double stick, double tread_stiffness_n_per_m, double tread_damping_ns_per_m, double deflection_m, double h) {
    if (falling && stick > 0.0) {
        r.set_spring(tread_stiffness_n_per_m, tread_damping_ns_per_m, deflection_m, h);
    } else if (falling) {
        r.set_rigid();
    } else {
        r.set_law(law_force_n * h, slope_n_per_m_s * h, row_velocity_m_per_s, stick, tread_stiffness_n_per_m,
                  tread_damping_ns_per_m, deflection_m, h);
    }
}

}  // namespace

DrivelineAndTyreRows driveline_and_tyre_rows(const DrivelineAndTyreRowsInput& in, const VehicleState& s, Bodies& b,
                                             RowSet& rows) {
    const VehicleModel& m = in.model;
    const VehicleSpec& spec = m.spec;
    const Controls& c = in.controls;
    const double h = in.h;
    const Vec3& body_z = in.body_z;
    const double ratio = in.gear_ratio;
    const double disc = in.clutch_disc;
    const EngineTorque& et = in.engine;
    const WheelFrames& frames = in.frames;
    DrivelineAndTyreRows out;
    std::array<double, kMaxRows>& direct_impulses = out.direct_impulses;
    const auto sliding = [&](int slot, int dof, double torque_nm) {
        return apply_sliding_friction(b.w[dof], b.inv_i[dof], torque_nm, h, direct_impulses[slot]);
    };
    if (!sliding(kSlotEngineFriction, detail::kEngine, et.resistive_nm)) {
        // Engine friction: brings the crank towards rest, at most the resistive torque.
        ShaftRow& r = rows.add_shaft(kSlotEngineFriction);
        r.dof_count = 1;
        r.dof[0] = detail::kEngine;
        r.coeff[0] = 1.0;
        r.lo = -et.resistive_nm * h;
        r.hi = et.resistive_nm * h;
    }
    const double clutch_slip = s.engine_speed_rad_per_s - s.gearbox_speed_rad_per_s;
    const double clutch_capacity = clutch_torque_capacity_nm(spec.clutch, disc, clutch_slip);
    {  // Clutch: engine and gearbox input turn together while the torque stays within capacity.
        ShaftRow& r = rows.add_shaft(kSlotClutch);
        r.dof_count = 2;
        r.dof[0] = detail::kEngine;
        r.coeff[0] = 1.0;
        r.dof[1] = detail::kGearbox;
        r.coeff[1] = -1.0;
        r.lo = -clutch_capacity * h;
        r.hi = clutch_capacity * h;
    }
    if (ratio != 0.0) {
        // Gearbox and open differentials: w_gearbox = ratio * sum c_i w_i, exact.
        ShaftRow& r = rows.add_shaft(kSlotGear);
        r.dof[0] = detail::kGearbox;
        r.coeff[0] = 1.0;
        r.dof_count = 1;
        for (int i = 0; i < 4; ++i) {
            if (m.wheels[i].drive_coefficient == 0.0) continue;
            r.dof[r.dof_count] = detail::kWheel0 + i;
            r.coeff[r.dof_count] = -ratio * m.wheels[i].drive_coefficient;
            ++r.dof_count;
        }
        r.lo = -INFINITY;
        r.hi = INFINITY;
        rows.block_last_two();  // the clutch and gear rows, exactly together (row_solver.hpp)
        // Losses: a friction on the gearbox input of (1 - efficiency) times the torque it passes.
        const double loss = (1.0 - spec.transmission.efficiency) * std::abs(s.last_gearbox_torque_nm);
        if (loss > 0.0 && !sliding(kSlotGearboxLoss, detail::kGearbox, loss)) {
            ShaftRow& l = rows.add_shaft(kSlotGearboxLoss);
            l.dof_count = 1;
            l.dof[0] = detail::kGearbox;
            l.coeff[0] = 1.0;
            l.lo = -loss * h;
            l.hi = loss * h;
        }
    }
    // Torque into the differentials: positive while the engine drives the wheels, negative under
    // engine braking (the sign of the power through the gearbox).
    const double power_sign = s.last_gearbox_torque_nm * s.gearbox_speed_rad_per_s >= 0.0 ? 1.0 : -1.0;
    const double gearbox_output_torque = power_sign * std::abs(s.last_gearbox_torque_nm * ratio);
    for (int k = 0; k < 3; ++k) {
        const LockCoupling& lock = m.locks[k];
        if (!lock.active) continue;
        const double input_torque = gearbox_output_torque * lock.input_ratio;
        const double capacity = differential_locking_torque_nm(lock.diff, input_torque);
        // VDrift's speed-sensitive limited slip: a damper row, torque = c (J v), up to the cap.
        const double viscous = differential_viscous_coefficient_nm_s_per_rad(lock.diff, input_torque);
        // A coupling whose c h is under 1e-12 kg m^2 (c below 1e-10 N m s/rad at 8 ms) moves
        // nothing measurable in a step: no row. A torque-sensing coupling's c goes to 0 with the
        // input torque (a car upside down, its driveline coasting down), and its row's compliance
        // 1 / (c h) would overflow to infinity, whose product with a zero effective mass is NaN.
        constexpr double kNegligibleCoupling_kgm2 = 1e-12;
        if (capacity <= 0.0 || (lock.diff.type == DifferentialType::Viscous && !(viscous * h >= kNegligibleCoupling_kgm2))) continue;
        ShaftRow& r = rows.add_shaft(kSlotLock + k);
        if (lock.diff.type == DifferentialType::Viscous) {
            r.inv_q = 1.0 / (viscous * h);
            ++rows.viscous_coupling_count;
        }
        for (int i = 0; i < 4; ++i) {
            if (lock.coefficient[i] == 0.0) continue;
            r.dof[r.dof_count] = detail::kWheel0 + i;
            r.coeff[r.dof_count] = lock.coefficient[i];
            ++r.dof_count;
        }
        r.lo = -capacity * h;
        r.hi = capacity * h;
    }
    for (int i = 0; i < 4; ++i) {
        // Brake, handbrake and rolling resistance: torques that bring the wheel to rest and hold
        // it there (a braked wheel stops at zero, to rounding).
        const WheelSpec& ws = spec.wheels[i];
        const double brake = std::max({c.brake * c.wheel_brake_factor[i], c.handbrake * ws.brake.handbrake, c.wheel_aid_brake[i]}) *
                             m.wheels[i].max_brake_torque_nm;
        const double limit = brake + frames.rolling_torque[i];
        if (limit <= 0.0 || sliding(kSlotBrake + i, detail::kWheel0 + i, limit)) continue;
        ShaftRow& r = rows.add_shaft(kSlotBrake + i);
        r.dof_count = 1;
        r.dof[0] = detail::kWheel0 + i;
        r.coeff[0] = 1.0;
        r.lo = -limit * h;
        r.hi = limit * h;
    }
    for (int i = 0; i < 4; ++i) {
        if (frames.fz[i] <= 0.0) continue;
        const Vec3 forward = lane(frames.forward, i), lateral = lane(frames.lateral, i);
        const Vec3 surface_velocity = lane(frames.surface_velocity, i);
        const double stick = frames.stick[i];
        // The tyre's forces act at the contact patch, or higher by the wheel's roll height.
        const Vec3 rc = lane(frames.contact, i) + body_z * m.wheels[i].force_point_height_m - s.position_m;
        TyrePair& p = rows.add_pair(i);
        // Longitudinal: contact-point velocity along the wheel heading minus the tread speed.
        p.x.lin = forward;
        p.x.ang = cross(rc, forward);
        p.x.coeff = -m.wheels[i].radius_m;
        p.x.lo = -frames.bound_x[i] * h;
        p.x.hi = frames.bound_x[i] * h;
        const WheelModel& wm = m.wheels[i];
        set_tyre_row(p.x, frames.falling_x[i] != 0, frames.law.fx_n[i], frames.stiffness_x[i], frames.row_velocity_x[i], stick,
                     wm.tread_stiffness_x_n_per_m, wm.tread_damping_x_ns_per_m, s.wheels[i].tread_deflection_x_m, h);
        p.x.surface_speed = dot(surface_velocity, forward);
        p.x.body_change = frames.body_change_x[i];
        // Lateral: contact-point velocity across the wheel heading.
        p.y.lin = lateral;
        p.y.ang = cross(rc, lateral);
        p.y.lo = -frames.bound_y[i] * h;
        p.y.hi = frames.bound_y[i] * h;
        set_tyre_row(p.y, frames.falling_y[i] != 0, frames.law.fy_n[i], frames.stiffness_y[i], frames.row_velocity_y[i], stick,
                     wm.tread_stiffness_y_n_per_m, wm.tread_damping_y_ns_per_m, s.wheels[i].tread_deflection_y_m, h);
        p.y.surface_speed = dot(surface_velocity, lateral);
        p.circle = frames.circle[i] * h;
    }
    out.clutch_capacity_nm = clutch_capacity;
    return out;
}

}  // namespace tractive::detail
