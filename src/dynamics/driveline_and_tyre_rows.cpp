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
    // The tyres' rows, four wheels side by side; a pair for each wheel on the ground.
    const VehicleModel::WheelsSideBySide& across = m.wheels_side_by_side;
    const auto deflection = [&](double WheelState::*field) { return lanes_from([&](int i) { return s.wheels[i].*field; }); };
    const Vec3Lanes& forward = frames.forward;
    const Vec3Lanes& lateral = frames.lateral;
    // The tyre's forces act at the contact patch, or higher by the wheel's roll height.
    const Vec3Lanes rc = frames.contact + broadcast(body_z) * lanes_of(across.force_point_height_m) -
                         broadcast(s.position_m);
    TyreRows<Lanes4>& t = rows.tyres;
    // One direction's rows: the contact-point velocity along `direction`, the law's force and
    // slope there, the tread's spring along it, bounded by +-bound h.
    const auto direction_rows = [&](ContactRows<Lanes4>& r, const Vec3Lanes& direction, Lanes4 bound, Mask4 falling, Lanes4 law_force_n,
                                    Lanes4 slope_n_per_m_s, Lanes4 row_velocity_m_per_s, const std::array<double, 4>& tread_stiffness_n_per_m,
                                    const std::array<double, 4>& tread_damping_ns_per_m, double WheelState::*tread_deflection_m) {
        r.lin = direction;
        r.ang = cross(rc, direction);
        r.lo = -bound * h;
        r.hi = bound * h;
        set_tyre_rows(r, falling, law_force_n, slope_n_per_m_s, row_velocity_m_per_s, frames.stick, lanes_of(tread_stiffness_n_per_m),
                      lanes_of(tread_damping_ns_per_m), deflection(tread_deflection_m), h);
        r.surface_speed = dot(frames.surface_velocity, direction);
    };
    // Longitudinal: contact-point velocity along the wheel heading minus the tread speed.
    direction_rows(t.x, forward, frames.bound_x, frames.falling_x, frames.law.fx_n, frames.stiffness_x, frames.row_velocity_x,
                   across.tread_stiffness_x_n_per_m, across.tread_damping_x_ns_per_m, &WheelState::tread_deflection_x_m);
    t.x.coeff = -lanes_of(across.radius_m);
    t.x.body_change = frames.body_change_x;
    // Lateral: contact-point velocity across the wheel heading.
    direction_rows(t.y, lateral, frames.bound_y, frames.falling_y, frames.law.fy_n, frames.stiffness_y, frames.row_velocity_y,
                   across.tread_stiffness_y_n_per_m, across.tread_damping_y_ns_per_m, &WheelState::tread_deflection_y_m);
    t.y.coeff = Lanes4{};
    t.y.body_change = Lanes4{};
    t.circle = frames.circle * h;
    for (int i = 0; i < 4; ++i)
        if (frames.fz[i] > 0.0) rows.add_pair(i);
    out.clutch_capacity_nm = clutch_capacity;
    return out;
}

}  // namespace tractive::detail
