#pragma once
// Constants of one vehicle prepared for stepping: everything the step needs that follows from
// the spec alone, computed once (masses, preloads, tyre vertical stiffness, driveline ratios).
// Made by build_vehicle_model and read, not edited: many of its numbers follow from one another
// (some kept twice, laid out as the step reads them), so change the spec and build again.

#include <array>
#include <memory>

#include "tractive/core/piecewise_linear.hpp"
#include "tractive/core/vec3.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

struct WheelModel {
    bool left = true;
    bool front = true;
    Vec3 design_position_m;  // hub at design ride height, from the body origin, body axes
    // Where the suspension's force acts on the body, from the body origin, body axes: the spec's
    // suspension position (VDrift's "position": the point at which suspension forces are applied
    // to the chassis, seed 002), the wheel centre when a file gives none.
    Vec3 suspension_mount_m;
    double unsprung_mass_kg = 0.0;
    double inverse_unsprung_mass_per_kg = 0.0;  // 1 / unsprung_mass_kg, read by every step's travel update
    double preload_n = 0.0;        // spring force at design ride height: the static sprung load
    double droop_limit_m = 0.0;    // travel (<= 0) where the spring is unloaded
    double static_load_n = 0.0;    // tyre load at rest on level ground
    double radius_m = 0.0;
    // Tyre vertical stiffness (N/m): VDrift's contact estimate kz = 9.81 (1e5 p cf + 3450),
    // cf = 0.28 sqrt(2 wt r), wt = (1.03 - 0.4 ar) w, p the inflation pressure in bar (the size
    // reference's PT0, else 2.2 bar). Without a width (2009 files, UC-win/Road) 200 kN/m, a
    // mid-range value for passenger-car tyres.
    double tyre_stiffness_n_per_m = 0.0;
    // Tyre vertical damping: 5 % of critical for the unsprung mass on the tyre spring (tyres damp
    // little; wheel hop is damped mainly by the shock absorber).
    double tyre_damping_ns_per_m = 0.0;
    double spin_inertia_kgm2 = 0.0;
    // Tangential stiffness of the tread at standstill along the heading (x) and across it (y):
    // k = C / sigma, the tyre's slip stiffness at zero slip and static load over its relaxation
    // length, taken as the tyre radius (Pacejka's rule of thumb), and the damping 2 zeta sqrt(k m)
    // with m the corner's static load over g (docs/physics.md, "Tyre rows").
    double tread_stiffness_x_n_per_m = 0.0;
    double tread_stiffness_y_n_per_m = 0.0;
    double tread_damping_x_ns_per_m = 0.0;
    double tread_damping_y_ns_per_m = 0.0;
    double max_brake_torque_nm = 0.0;
    double size_friction_factor = 1.0;
    bool tyre_mirrored_on_right = true;  // laws/tyre.hpp: tyre_mirrored_on_right
    // Static camber as a tilt of the axle about the wheel heading (left wheel: -camber, right:
    // +camber, so negative camber lifts the axle's outer end): its cosine and sine.
    double cos_camber_tilt = 1.0;
    double sin_camber_tilt = 0.0;
    double tan_ackermann = 0.0;  // tan of the steering's Ackermann arm angle (laws/steering.hpp)
    // The steering axis: through the wheel centre, tilted rearwards at the top by the caster
    // angle nu, direction (-sin nu, 0, cos nu) in body axes. Steering rotates the wheel about it,
    // which cambers the outside wheel of a turn negatively and the inside one positively
    // (about -/+ nu sin(delta)), and it meets the road r tan(nu) ahead of the contact patch: the
    // mechanical trail, the lever of the lateral force about the axis.
    double sin_caster = 0.0;
    double cos_caster = 1.0;
    double mechanical_trail_m = 0.0;
    // Height above the contact patch at which the tyre's road-plane forces act on the body
    // (WheelSpec::roll_height_m).
    double force_point_height_m = 0.0;
    // Static toe as a heading about the body z axis (+ = nose left; toe-in turns a left wheel
    // right), and its cosine and sine: the wheel's heading whenever it is not steered.
    double toe_heading_rad = 0.0;
    double cos_toe_heading = 1.0;
    double sin_toe_heading = 0.0;
    // The unsteered wheel's heading (cos, sin, 0) at its toe and its axle at the toe and static
    // camber (-sin toe cos tilt, cos toe cos tilt, sin tilt), body axes: the step's whenever the
    // wheel is not steered and has no camber change (tyre_forces.cpp).
    Vec3 toe_heading_body{1.0, 0.0, 0.0};
    Vec3 static_axle_body{0.0, 1.0, 0.0};
    // Camber change (rad, + = top outwards) against suspension travel from the double-wishbone or
    // MacPherson geometry (laws/suspension_geometry.hpp), over [droop limit, travel + 2 cm]; empty
    // when the spec gives neither (the wheel plane then follows the body).
    PiecewiseLinear camber_change_rad;
    // A hinge without linkage points: the wheel centre's horizontal displacement from straight
    // travel against travel (laws/suspension_geometry.hpp, hinge_arc_offset_m), body axes, over
    // the same range; empty when the wheel travels straight (no hinge, or linkage points given).
    PiecewiseLinear hinge_offset_x_m;
    PiecewiseLinear hinge_offset_y_m;
    // Driveline: speed of the gearbox output shaft contributed by this wheel's spin through the
    // differentials (open differentials: gearbox output speed = sum over wheels of
    // drive_coefficient * spin).
    double drive_coefficient = 0.0;
};

// A coupling between two groups of wheels that a limited-slip or locked differential imposes:
// sum coefficient_i * spin_i = 0 (the two outputs of that differential turning together), with
// the locking torque of `diff` as the bound.
struct LockCoupling {
    bool active = false;
    DifferentialSpec diff;
    std::array<double, 4> coefficient{};
    double input_ratio = 1.0;  // differential input speed per gearbox output speed
};

struct TyreLanes;  // laws/tyre_lanes.hpp

// The most body contact spheres a model has: a spec's body_spheres and three on each wheel's face.
inline constexpr std::size_t kMaxBodyContacts = kMaxBodySpheres + 12;

struct VehicleModel {
    VehicleSpec spec;
    Vec3 origin_in_spec_m;       // the body origin (CG at the initial fuel) in the spec's coordinates
    double dry_mass_kg = 0.0;    // everything but the fuel
    double unsprung_mass_kg = 0.0;
    Mat3 dry_inertia_kgm2;       // about the body origin, body axes, without fuel
    Vec3 dry_cg_m;               // from the body origin
    Vec3 fuel_tank_m;            // from the body origin
    std::array<WheelModel, 4> wheels;
    // The wheels' numbers the step reads every step, the four side by side (indexed as wheels[]),
    // each array aligned so that the step loads it as one vector (its lanes, dynamics/lanes4.hpp):
    // copies of wheels[i]'s and of the spec's suspension numbers, made by build_vehicle_model.
    struct WheelsSideBySide {
        alignas(32) std::array<double, 4> radius_m{};
        alignas(32) std::array<double, 4> force_point_height_m{};
        alignas(32) std::array<double, 4> tyre_stiffness_n_per_m{};
        alignas(32) std::array<double, 4> tyre_damping_ns_per_m{};
        alignas(32) std::array<double, 4> inverse_unsprung_mass_per_kg{};
        alignas(32) std::array<double, 4> droop_limit_m{};
        alignas(32) std::array<double, 4> tread_stiffness_x_n_per_m{};
        alignas(32) std::array<double, 4> tread_damping_x_ns_per_m{};
        alignas(32) std::array<double, 4> tread_stiffness_y_n_per_m{};
        alignas(32) std::array<double, 4> tread_damping_y_ns_per_m{};
        alignas(32) std::array<double, 4> design_position_x_m{};
        alignas(32) std::array<double, 4> design_position_y_m{};
        alignas(32) std::array<double, 4> design_position_z_m{};
        alignas(32) std::array<double, 4> suspension_mount_x_m{};
        alignas(32) std::array<double, 4> suspension_mount_y_m{};
        alignas(32) std::array<double, 4> suspension_mount_z_m{};
        // The spec's suspension (SuspensionSpec): spring, anti-roll bar, the travel where the bump
        // stop starts, the damper's lock-up speed and its bump and rebound rates.
        alignas(32) std::array<double, 4> spring_n_per_m{};
        alignas(32) std::array<double, 4> anti_roll_n_per_m{};
        alignas(32) std::array<double, 4> bump_stop_travel_m{};
        alignas(32) std::array<double, 4> max_compression_velocity_m_per_s{};
        alignas(32) std::array<double, 4> bump_damping_ns_per_m{};
        alignas(32) std::array<double, 4> rebound_damping_ns_per_m{};
        // The tyres' size friction factor, and bit i set where wheel i's law is its tyre's mirror
        // image (a right-hand wheel of a tyre mirrored on the right: laws/tyre_lanes.hpp).
        alignas(32) std::array<double, 4> size_friction_factor{};
        unsigned mirrored_tyres = 0;
        // Which wheels are on the front axle (wheels[i].front), and each wheel's side as the sign
        // its axle's anti-roll bar pushes it with: +1 on the left, -1 on the right.
        std::array<bool, 4> front{};
        alignas(32) std::array<double, 4> side_sign{};
        // The static toe's heading angle, its cosine and its sine (WheelModel).
        alignas(32) std::array<double, 4> toe_heading_rad{};
        alignas(32) std::array<double, 4> cos_toe_heading{};
        alignas(32) std::array<double, 4> sin_toe_heading{};
    };
    WheelsSideBySide wheels_side_by_side;
    std::array<Vec3, 8> aero_position_m{};  // from the body origin (first spec.aero.size())
    std::size_t aero_count = 0;
    double engine_inertia_kgm2 = 0.0;
    double governor_authority = 0.0;  // laws/engine.hpp
    // The engine's curve read once (laws/engine.hpp): its highest point and where its flat top
    // starts, rpm; the control layer reads them every step.
    double peak_torque_rpm = 0.0;
    double torque_plateau_start_rpm = 0.0;
    // At least every full-load torque the curve gives (its highest point, and a margin for its
    // interpolation's rounding), N m; the automatic's gear choice bounds each gear's torque by it.
    double full_load_torque_bound_nm = 0.0;
    double gearbox_inertia_kgm2 = 0.0;
    // 1 / inertia of the step's six shafts, in the solver's order: engine, gearbox input, the
    // four wheels' spin (FL, FR, RL, RR); the step reads them every step.
    std::array<double, 6> shaft_inverse_inertia_per_kgm2{};
    std::array<LockCoupling, 3> locks{};  // front axle, rear axle, centre
    // The largest internal step at which the step's explicit chassis update suits this car's
    // chassis modes (largest_explicit_chassis_step_s below); at a larger step the suspension's
    // damping is taken implicitly (dynamics/chassis_implicit.hpp).
    double largest_explicit_chassis_step_s = 0.0;
    // The four tyres' coefficients laid out across lanes, for their laws side by side
    // (laws/tyre_lanes.hpp), when all four are .tir tyres of one family or all four VDrift
    // Pacejka '89 tyres; null otherwise (the laws go one by one).
    std::shared_ptr<const TyreLanes> tyre_lanes;
    // Where the body touches the ground when it is not on its wheels (laws/body_contact.hpp):
    // spheres, their centres from the body origin in body axes (body_contact_m, below). The
    // spec's body_spheres (a VDrift file's collision shape) and three on each wheel's outer face
    // (as VDrift's wheels are cylinders of its collision shape: a car on its side lies on them),
    // else a 2009 VDrift file's [contact-points], else twelve points of the box around the point
    // masses and the wheels: the roof's corners, the ends' corners at a bumper's height and four
    // floor points inboard (vehicle_model.cpp); those two 5 cm spheres.
    std::size_t body_contact_count = 0;
    // The centres' lowest z and their largest distance from the z axis (body axes), and the
    // largest radius: along a unit direction n with n.z > 0 every centre's height p . n is at
    // least n.z lowest_z - reach sqrt(n.x^2 + n.y^2) (dynamics/body_contacts.cpp).
    double body_contact_lowest_z_m = 0.0;
    double body_contact_reach_m = 0.0;
    double body_contact_largest_radius_m = 0.0;
    // Where the spheres came from: the spec's body_spheres, a 2009 file's contact points, or the
    // box around the masses and the wheels.
    enum class BodyShapeSource { File, ContactPoints, Box };
    BodyShapeSource body_shape_source = BodyShapeSource::Box;
    // The spheres (last: the largest numbers of the model and the least often read, so that those
    // every step reads lie together).
    std::array<Vec3, kMaxBodyContacts> body_contact_m{};
    std::array<double, kMaxBodyContacts> body_contact_radius_m{};
};

// The chassis' explicit update of a mode with stiffness K and damping C on inertia M is stable
// for (h w)^2 + 2 h C / M < 4 (w^2 = K / M; symplectic Euler with an explicit damper). The step
// keeps it explicit while every mode stays within half of that bound, (h w)^2 + 2 h C / M <= 2,
// i.e. h <= (sqrt(c^2 + 2 w^2) - c) / w^2 with c = C / M, and takes the damping implicitly
// beyond. The modes: heave of the sprung mass, roll about x and pitch about y with the sprung
// inertias, each corner contributing its spring in series with its tyre, K = k_s k_t / (k_s +
// k_t), and its damper through the same divider, C = c (k_t / (k_s + k_t))^2 (the larger of bump
// and rebound), at its lever arm. Road cars stay explicit at the default 8 ms (the stiffest of
// the public VDrift set reach 1.9 of the bound's 4 in roll); karts (a 140 kg kart: 20), light
// single-seaters (5) and a few track cars do not, and gained energy there until they spun.
double largest_explicit_chassis_step_s(const VehicleModel& model);

// Throws std::invalid_argument for a spec that fails validate(), or with more than 8 aero devices.
VehicleModel build_vehicle_model(const VehicleSpec& spec);

// The height of the body's origin (the centre of mass with the initial fuel) over the ground at
// design ride height: minus the four wheels' mean contact height (hub less tyre radius), m.
double centre_of_mass_height_m(const VehicleModel& model);

}  // namespace tractive
