#pragma once
// The four wheels' frames within a step (private to dynamics/): each wheel's contact with the
// ground, the forces on it and the tyre law linearised for the solver's rows, built by the step's
// phases in turn (wheel_contact.hpp, then tyre_forces.hpp) and read by the rows and the
// integration. The four wheels side by side, each number four doubles, lane i wheel i
// (lanes4.hpp): the contact and tyre phases compute in lanes and write whole registers; the
// phases after them read wheel i's number as lane i.

#include <array>

#include "lanes4.hpp"
#include "tractive/core/vec3.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/laws/tyre.hpp"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"  // (as in lanes4.hpp)

namespace tractive::detail {

// The wheel centre's horizontal displacement on a hinge's arc at this travel, body axes (zero
// for straight travel).
inline Vec3 hinge_offset(const WheelModel& w, double travel_m) {
    if (w.hinge_offset_x_m.empty()) return {};
    return {w.hinge_offset_x_m(travel_m), w.hinge_offset_y_m(travel_m), 0.0};
}

// The tyre laws' results (TyreForce's numbers), four wheels side by side.
struct TyreForceLanes {
    Lanes4 fx_n, fy_n, mz_nm, dfx_dslip_ratio, dfy_dslip_angle_per_rad;
};

// The four wheels' geometry and forces computed at the start of the step. Its numbers have no
// member initialisers, so that the step's frames are not zeroed every step. The contact phase
// (wheel_contacts_and_loads) sets the travel, tyre-travel and chassis coupling fields, hub,
// contact, normal, the surface's three, fz and suspension_n; the tyre phase (tyre_forces)
// forward, lateral and body_change_x, the rest in the lanes where the tyre touches the ground
// (fz > 0) and, where it does not, the three read for every wheel: rolling_torque and the
// relaxed slip's carried part and weight. Made elsewhere (a test): frames_of().
struct WheelFrames {
    // Derivatives of the force on the wheel's travel with respect to travel and travel speed
    // (N/m, N s/m), for the linearly implicit travel update.
    Lanes4 travel_stiffness;
    Lanes4 travel_damping;
    // The tyre as a linear spring and damper on its deflection, not clamped at zero (negative:
    // a gap), and its stiffness and damping along the travel; the travel update decides contact
    // by the force at the end of the step (unilateral, implicit).
    Lanes4 fz_linear;
    Lanes4 tyre_travel_stiffness;
    Lanes4 tyre_travel_damping;
    // Stiffness and damping the chassis feels through this corner while the wheel rests on the
    // road (chassis_implicit.hpp).
    Lanes4 chassis_stiffness;
    Lanes4 chassis_damping;
    Vec3Lanes hub;         // world
    Vec3Lanes contact;     // world, on the ground's surface
    Vec3Lanes normal;      // unit, the ground's normal at the contact (Ground::wheel_contact)
    Vec3Lanes forward;     // unit, in the ground's tangent plane
    Vec3Lanes lateral;     // unit, in the ground's tangent plane, to the wheel's left
    Lanes4 friction_factor;
    Lanes4 surface_rolling_resistance;
    Vec3Lanes surface_velocity;
    Lanes4 fz;  // tyre normal force
    Lanes4 suspension_n;
    TyreForceLanes law;
    Lanes4 bound_x;
    Lanes4 bound_y;
    Lanes4 circle;
    // The tyre law linearised in each row's velocity J v (N per m/s, >= 0): F = F0 - k (J v - J v0),
    // with J v0 the row velocity the law was evaluated at; and the stiction weight.
    Lanes4 stiffness_x;
    Lanes4 stiffness_y;
    Lanes4 row_velocity_x;
    // The change the body's turning gives the longitudinal row's velocity over this step,
    // predicted from the last step's (ContactRows::body_change).
    Lanes4 body_change_x;
    Lanes4 rolling_speed;  // |v_x| of the contact along the heading (m/s)
    Lanes4 row_velocity_y;
    Lanes4 stick;
    // The relaxed slip angle at the next step's start is carried + weight x the kinematic one then
    // (WheelState::relaxed_slip_angle_*).
    Lanes4 relaxed_slip_angle_carried_rad;
    Lanes4 relaxed_slip_angle_weight;
    Mask4 falling_x;  // the law falls with slip here (past its peak)
    Mask4 falling_y;
    Lanes4 rolling_torque;
};

// One wheel's frame: WheelFrames' numbers of one lane (for tests, which set up and read the
// phases' frames wheel by wheel).
struct WheelFrame {
    double travel_stiffness = 0.0, travel_damping = 0.0, fz_linear = 0.0, tyre_travel_stiffness = 0.0, tyre_travel_damping = 0.0;
    double chassis_stiffness = 0.0, chassis_damping = 0.0;
    Vec3 hub, contact, normal, forward, lateral;
    double friction_factor = 0.0, surface_rolling_resistance = 0.0;
    Vec3 surface_velocity;
    double fz = 0.0, suspension_n = 0.0;
    TyreForce law;
    double bound_x = 0.0, bound_y = 0.0, circle = 0.0, stiffness_x = 0.0, stiffness_y = 0.0, row_velocity_x = 0.0;
    double body_change_x = 0.0, rolling_speed = 0.0, row_velocity_y = 0.0, stick = 0.0;
    double relaxed_slip_angle_carried_rad = 0.0, relaxed_slip_angle_weight = 0.0;
    bool falling_x = false, falling_y = false;
    double rolling_torque = 0.0;
};

// Wheel i's frame out of the four, and the four out of four single frames.
inline WheelFrame wheel_frame(const WheelFrames& f, int i) {
    WheelFrame w;
    w.travel_stiffness = f.travel_stiffness[i];
    w.travel_damping = f.travel_damping[i];
    w.fz_linear = f.fz_linear[i];
    w.tyre_travel_stiffness = f.tyre_travel_stiffness[i];
    w.tyre_travel_damping = f.tyre_travel_damping[i];
    w.chassis_stiffness = f.chassis_stiffness[i];
    w.chassis_damping = f.chassis_damping[i];
    w.hub = lane(f.hub, i);
    w.contact = lane(f.contact, i);
    w.normal = lane(f.normal, i);
    w.forward = lane(f.forward, i);
    w.lateral = lane(f.lateral, i);
    w.friction_factor = f.friction_factor[i];
    w.surface_rolling_resistance = f.surface_rolling_resistance[i];
    w.surface_velocity = lane(f.surface_velocity, i);
    w.fz = f.fz[i];
    w.suspension_n = f.suspension_n[i];
    w.law = {f.law.fx_n[i], f.law.fy_n[i], f.law.mz_nm[i], f.law.dfx_dslip_ratio[i], f.law.dfy_dslip_angle_per_rad[i]};
    w.bound_x = f.bound_x[i];
    w.bound_y = f.bound_y[i];
    w.circle = f.circle[i];
    w.stiffness_x = f.stiffness_x[i];
    w.stiffness_y = f.stiffness_y[i];
    w.row_velocity_x = f.row_velocity_x[i];
    w.body_change_x = f.body_change_x[i];
    w.rolling_speed = f.rolling_speed[i];
    w.row_velocity_y = f.row_velocity_y[i];
    w.stick = f.stick[i];
    w.relaxed_slip_angle_carried_rad = f.relaxed_slip_angle_carried_rad[i];
    w.relaxed_slip_angle_weight = f.relaxed_slip_angle_weight[i];
    w.falling_x = f.falling_x[i] != 0;
    w.falling_y = f.falling_y[i] != 0;
    w.rolling_torque = f.rolling_torque[i];
    return w;
}
inline WheelFrames frames_of(const std::array<WheelFrame, 4>& w) {
    const auto of = [&](double WheelFrame::*field) { return lanes_from([&](int i) { return w[i].*field; }); };
    const auto vec_of = [&](Vec3 WheelFrame::*field) { return vec3_lanes_from([&](int i) { return w[i].*field; }); };
    const auto law_of = [&](double TyreForce::*field) { return lanes_from([&](int i) { return w[i].law.*field; }); };
    WheelFrames f;
    f.travel_stiffness = of(&WheelFrame::travel_stiffness);
    f.travel_damping = of(&WheelFrame::travel_damping);
    f.fz_linear = of(&WheelFrame::fz_linear);
    f.tyre_travel_stiffness = of(&WheelFrame::tyre_travel_stiffness);
    f.tyre_travel_damping = of(&WheelFrame::tyre_travel_damping);
    f.chassis_stiffness = of(&WheelFrame::chassis_stiffness);
    f.chassis_damping = of(&WheelFrame::chassis_damping);
    f.hub = vec_of(&WheelFrame::hub);
    f.contact = vec_of(&WheelFrame::contact);
    f.normal = vec_of(&WheelFrame::normal);
    f.forward = vec_of(&WheelFrame::forward);
    f.lateral = vec_of(&WheelFrame::lateral);
    f.friction_factor = of(&WheelFrame::friction_factor);
    f.surface_rolling_resistance = of(&WheelFrame::surface_rolling_resistance);
    f.surface_velocity = vec_of(&WheelFrame::surface_velocity);
    f.fz = of(&WheelFrame::fz);
    f.suspension_n = of(&WheelFrame::suspension_n);
    f.law = {law_of(&TyreForce::fx_n), law_of(&TyreForce::fy_n), law_of(&TyreForce::mz_nm), law_of(&TyreForce::dfx_dslip_ratio),
             law_of(&TyreForce::dfy_dslip_angle_per_rad)};
    f.bound_x = of(&WheelFrame::bound_x);
    f.bound_y = of(&WheelFrame::bound_y);
    f.circle = of(&WheelFrame::circle);
    f.stiffness_x = of(&WheelFrame::stiffness_x);
    f.stiffness_y = of(&WheelFrame::stiffness_y);
    f.row_velocity_x = of(&WheelFrame::row_velocity_x);
    f.body_change_x = of(&WheelFrame::body_change_x);
    f.rolling_speed = of(&WheelFrame::rolling_speed);
    f.row_velocity_y = of(&WheelFrame::row_velocity_y);
    f.stick = of(&WheelFrame::stick);
    f.relaxed_slip_angle_carried_rad = of(&WheelFrame::relaxed_slip_angle_carried_rad);
    f.relaxed_slip_angle_weight = of(&WheelFrame::relaxed_slip_angle_weight);
    f.falling_x = lanes_of(std::array<bool, 4>{w[0].falling_x, w[1].falling_x, w[2].falling_x, w[3].falling_x});
    f.falling_y = lanes_of(std::array<bool, 4>{w[0].falling_y, w[1].falling_y, w[2].falling_y, w[3].falling_y});
    f.rolling_torque = of(&WheelFrame::rolling_torque);
    return f;
}

}  // namespace tractive::detail

#pragma GCC diagnostic pop
