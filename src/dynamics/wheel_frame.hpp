#pragma once
// One wheel's frame within a step (private to dynamics/): its contact with the ground, the forces
// on it and the tyre law linearised for the solver's rows, built by the step's phases in turn
// (wheel_contact.hpp, then the tyre phase in step.cpp) and read by the rows and the integration.

#include "tractive/core/vec3.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/laws/tyre.hpp"

namespace tractive::detail {

// The wheel centre's horizontal displacement on a hinge's arc at this travel, body axes (zero
// for straight travel).
inline Vec3 hinge_offset(const WheelModel& w, double travel_m) {
    if (w.hinge_offset_x_m.empty()) return {};
    return {w.hinge_offset_x_m(travel_m), w.hinge_offset_y_m(travel_m), 0.0};
}

// Per-wheel geometry and forces computed at the start of the step. Its numbers have no member
// initialisers, so that the step's four frames are not zeroed every step (about 1 % of its
// instructions; the vectors and the law's result still are, by their own types'). The contact phase (wheel_contact_and_load) sets the travel, tyre-travel and
// chassis coupling fields, hub, contact, normal, the surface's three, fz and suspension_n for
// every wheel; the tyre phase (tyre_forces) forward, lateral and body_change_x for every wheel,
// the rest where the tyre touches the ground (fz > 0) and, where it does not, the three read for
// every wheel: rolling_torque and the relaxed slip's carried part and weight. Made elsewhere (a
// test): value-initialised, WheelFrame{}.
struct WheelFrame {
    // Derivatives of the force on the wheel's travel with respect to travel and travel speed
    // (N/m, N s/m), for the linearly implicit travel update.
    double travel_stiffness;
    double travel_damping;
    // The tyre as a linear spring and damper on its deflection, not clamped at zero (negative:
    // a gap), and its stiffness and damping along the travel; the travel update decides contact
    // by the force at the end of the step (unilateral, implicit).
    double fz_linear;
    double tyre_travel_stiffness;
    double tyre_travel_damping;
    // Stiffness and damping the chassis feels through this corner while the wheel rests on the
    // road (chassis_implicit.hpp).
    double chassis_stiffness;
    double chassis_damping;
    Vec3 hub;         // world
    Vec3 contact;     // world, on the ground's surface
    Vec3 normal;      // unit, the ground's normal at the contact (Ground::wheel_contact)
    Vec3 forward;     // unit, in the ground's tangent plane
    Vec3 lateral;     // unit, in the ground's tangent plane, to the wheel's left
    double friction_factor;
    double surface_rolling_resistance;
    Vec3 surface_velocity;
    double fz;  // tyre normal force
    double suspension_n;
    TyreForce law;
    double bound_x;
    double bound_y;
    double circle;
    // The tyre law linearised in each row's velocity J v (N per m/s, >= 0): F = F0 - k (J v - J v0),
    // with J v0 the row velocity the law was evaluated at; and the stiction weight.
    double stiffness_x;
    double stiffness_y;
    double row_velocity_x;
    // The change the body's turning gives the longitudinal row's velocity over this step,
    // predicted from the last step's (ContactRow::body_change).
    double body_change_x;
    double rolling_speed;  // |v_x| of the contact along the heading (m/s)
    double row_velocity_y;
    double stick;
    // The relaxed slip angle at the next step's start is carried + weight x the kinematic one then
    // (WheelState::relaxed_slip_angle_*).
    double relaxed_slip_angle_carried_rad;
    double relaxed_slip_angle_weight;
    bool falling_x;  // the law falls with slip here (past its peak)
    bool falling_y;
    double rolling_torque;
};

}  // namespace tractive::detail
