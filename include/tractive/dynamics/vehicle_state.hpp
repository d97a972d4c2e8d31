#pragma once
// Everything about a vehicle that changes while it runs, as plain data: copy it to snapshot,
// replay or roll back. World axes: x along the road at the start, y left, z up.

#include <array>
#include <cstdint>

#include "tractive/core/quat.hpp"
#include "tractive/core/vec3.hpp"
#include "tractive/world/ground.hpp"

namespace tractive {

// Number of constraint rows the step can build; their impulses are kept for warm starting.
inline constexpr int kMaxRows = 24;

struct WheelState {
    double travel_m = 0.0;              // suspension compression from design ride height (+ = up)
    double travel_speed_m_per_s = 0.0;
    double spin_rad_per_s = 0.0;        // + = rolling forward
    double spin_angle_rad = 0.0;        // for viewers, wrapped to [0, 2 pi)
    // Tangential deflection of the tread at the contact while the tyre (nearly) sticks, along
    // the wheel heading (x) and across it (y), in the direction the contact has slid (the force
    // opposes it); zero once the contact slides or rolls faster than 1 m/s (docs/physics.md,
    // "Tyre rows").
    double tread_deflection_x_m = 0.0;
    double tread_deflection_y_m = 0.0;
    // The tyre's lateral slip relaxation (docs/physics.md, "Slip relaxation"): the relaxed slip
    // angle at the next step's start is carried + weight x the kinematic slip angle found then
    // (left-hand tyre frame, rad). The defaults start the tyre relaxed (its force the law's at
    // the slip it meets); a wheel off the ground carries 0 and weight 0 (no deflection).
    double relaxed_slip_angle_carried_rad = 0.0;
    double relaxed_slip_angle_weight = 1.0;
    // The ground's feature (a mesh's triangle) the tyre touched in the last step, the ground's hint
    // for the next query (GroundContact::feature); kNoGroundFeature for none.
    std::uint32_t ground_feature = kNoGroundFeature;
};

// What the last internal step computed at each wheel: telemetry, and the slips, steer and
// rotation rate the next step carries on from (so a snapshot copies them with the state).
struct WheelOutputs {
    double slip_ratio = 0.0;
    double slip_angle_rad = 0.0;
    double fx_n = 0.0;  // applied longitudinal force (wheel axes on the road plane)
    double fy_n = 0.0;  // applied lateral force
    double fz_n = 0.0;  // tyre normal load
    double steer_rad = 0.0;
    // Tyre inclination to the road, Pacejka's gamma in the left-hand tyre frame (laws/tyre.hpp):
    // negative camber gives gamma < 0 on the left wheel and > 0 on the right.
    double inclination_rad = 0.0;
    double friction_factor = 1.0;
    bool in_contact = false;
    // Torque of the road on the wheel about its steering axis, + turning the wheel to the left:
    // the tyre's aligning moment Mz (its pneumatic trail) less the lateral force times the
    // mechanical trail of the caster, Mz - t Fy (what a steering wheel's force feedback feels).
    double steering_axis_torque_nm = 0.0;
    // Where the step found the wheel (world axes, at the step's start): its spin axis (unit, to
    // the wheel's left: steer, toe, camber and the body's attitude), and the ground's contact
    // point and normal under it (the normal is the body's z axis over no ground).
    Vec3 axle;
    Vec3 contact_point_m;
    Vec3 contact_normal;
    // The body's rotation rate about the contact normal at the step's start (its yaw rate on a
    // level road): the next step predicts from it how the body's turning moves the contact
    // along its longitudinal row over that step (docs/physics.md, "Tyre rows").
    double normal_rotation_rate_rad_per_s = 0.0;
};

struct DrivelineOutputs {
    double clutch_slip_rad_per_s = 0.0;  // engine speed - gearbox input speed
    double clutch_torque_nm = 0.0;       // torque passed engine -> gearbox
    double clutch_capacity_nm = 0.0;
    bool clutch_locked = false;
    double engine_drive_torque_nm = 0.0;
    double engine_resistive_torque_nm = 0.0;
    double throttle_effective = 0.0;     // driver's throttle or the idle governor's
    double gearbox_torque_nm = 0.0;      // at the gearbox input, through the engaged gear
};

struct VehicleState {
    double time_s = 0.0;
    double pending_time_s = 0.0;  // asked for by step(dt) but shorter than one internal step

    Vec3 position_m;  // body origin (the CG at the initial fuel load), world
    Quat orientation;  // body -> world
    Vec3 velocity_m_per_s;             // of the body origin, world
    Vec3 angular_velocity_rad_per_s;   // world
    Vec3 acceleration_m_per_s2;        // of the body origin over the last step, world
    Vec3 angular_acceleration_rad_per_s2;

    std::array<WheelState, 4> wheels{};

    double engine_speed_rad_per_s = 0.0;
    bool engine_running = false;
    bool rev_limiter_cut = false;
    double gearbox_speed_rad_per_s = 0.0;  // gearbox input shaft (clutch output)
    int gear = 0;                           // -1 reverse, 0 neutral, 1..n
    double fuel_volume_m3 = 0.0;

    // Solver memory, opaque: the last step's row impulses (N s or N m s), by the step's own row
    // numbering, that start the next step's solve. Part of the state so that a copied state resumes
    // bit for bit; not a physical quantity to read, and its layout may change between versions.
    std::array<double, kMaxRows> warm_impulses{};
    double last_gearbox_torque_nm = 0.0;  // for efficiency loss and torque-sensing locks

    std::array<WheelOutputs, 4> wheel_outputs{};
    DrivelineOutputs driveline{};
};

}  // namespace tractive
