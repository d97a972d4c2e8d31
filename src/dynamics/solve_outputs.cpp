#include "solve_outputs.hpp"

#include <algorithm>
#include <cmath>

#include "row_slots.hpp"

namespace tractive::detail {

void solve_outputs(const SolveOutputsInput& in, const RowSet& rows, VehicleState& s) {
    const std::array<double, kMaxRows>& direct_impulses = in.direct_impulses;
    const VehicleModel& m = in.model;
    const double h = in.h;
    const Bodies& b = in.bodies;
    const WheelFrames& frames = in.frames;
    const EngineTorque& et = in.engine;
    const double throttle = in.throttle;
    const double clutch_capacity = in.clutch_capacity_nm;
    s.warm_impulses = direct_impulses;
    double clutch_impulse = 0.0;
    double gear_impulse = 0.0;
    for (int k = 0; k < rows.shaft_count; ++k) {
        const ShaftRow& r = rows.shafts[k];
        s.warm_impulses[r.slot] = r.lambda;
        if (r.slot == kSlotClutch) clutch_impulse = r.lambda;
        if (r.slot == kSlotGear) gear_impulse = r.lambda;
    }
    for (int i = 0; i < 4; ++i) {
        s.wheel_outputs[i].fx_n = 0.0;
        s.wheel_outputs[i].fy_n = 0.0;
        s.wheel_outputs[i].steering_axis_torque_nm = 0.0;
        if (frames.fz[i] <= 0.0) {  // off the ground: the tread relaxes
            s.wheels[i].tread_deflection_x_m = 0.0;
            s.wheels[i].tread_deflection_y_m = 0.0;
        }
    }
    // The tread's deflection after the step, d' = d + h J v (the contact's sliding velocity
    // after the solve), at most what the row's bound can hold (beyond it the tread slides), and
    // relaxing as the tyre rolls, over its relaxation length sigma of rolled distance (the length
    // the tread's stiffness was built on, the radius): dd/dt = J v - |v_x| d / sigma, backward
    // Euler, d' = (d + h J v) / (1 + h |v_x| / sigma). Gone once the contact slides (w = 0).
    const auto deflection_after = [&](const ContactRows<Lanes4>& r, int i, double stick, double spin, double deflection,
                                      double stiffness, double relaxation) {
        if (r.spring_gamma[i] <= 0.0 || stick <= 0.0 || !(stiffness > 0.0)) return 0.0;
        const double jv = dot(lane(r.lin, i), b.v) + dot(lane(r.ang, i), b.omega) + r.coeff[i] * spin - r.surface_speed[i];
        const double limit = r.hi[i] / (h * stiffness);
        return std::clamp(deflection + h * jv, -limit, limit) / relaxation;
    };
    for (int i = 0; i < 4; ++i) {  // off the ground both are 0: no deflection
        s.wheels[i].relaxed_slip_angle_carried_rad = frames.relaxed_slip_angle_carried_rad[i];
        s.wheels[i].relaxed_slip_angle_weight = frames.relaxed_slip_angle_weight[i];
    }
    const TyreRows<Lanes4>& t = rows.tyres;
    for (int k = 0; k < t.count; ++k) {
        const int i = t.wheel[k];
        WheelState& ws_out = s.wheels[i];
        const WheelModel& wm_out = m.wheels[i];
        const double spin = b.w[kWheel0 + i];
        const double stick = frames.stick[i];
        const double relaxation = 1.0 + h * frames.rolling_speed[i] / wm_out.radius_m;
        ws_out.tread_deflection_x_m =
            deflection_after(t.x, i, stick, spin, ws_out.tread_deflection_x_m, wm_out.tread_stiffness_x_n_per_m, relaxation);
        ws_out.tread_deflection_y_m =
            deflection_after(t.y, i, stick, 0.0, ws_out.tread_deflection_y_m, wm_out.tread_stiffness_y_n_per_m, relaxation);
        const double lambda_x = t.x.lambda[i], lambda_y = t.y.lambda[i];
        s.warm_impulses[kSlotsTyreX[i]] = lambda_x;
        s.warm_impulses[kSlotsTyreY[i]] = lambda_y;
        s.wheel_outputs[i].fx_n = lambda_x / h;
        s.wheel_outputs[i].fy_n = lambda_y / h;
        s.wheel_outputs[i].steering_axis_torque_nm = frames.law.mz_nm[i] - wm_out.mechanical_trail_m * lambda_y / h;
    }
    // The clutch row's impulse acts +1 on the engine, the gear row's +1 on the gearbox input: the
    // torques passed on downstream are -lambda / h.
    s.last_gearbox_torque_nm = -gear_impulse / h;
    auto& dl = s.driveline;
    dl.clutch_slip_rad_per_s = b.w[kEngine] - b.w[kGearbox];
    dl.clutch_torque_nm = -clutch_impulse / h;
    dl.clutch_capacity_nm = clutch_capacity;
    dl.clutch_locked = clutch_capacity > 0.0 && std::abs(clutch_impulse) < clutch_capacity * h * (1.0 - 1e-9);
    dl.engine_drive_torque_nm = et.drive_nm;
    dl.engine_resistive_torque_nm = et.resistive_nm;
    dl.throttle_effective = throttle;
    dl.gearbox_torque_nm = -gear_impulse / h;
}

}  // namespace tractive::detail
