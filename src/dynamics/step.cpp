// One internal step of the vehicle (see simulation.hpp and docs/physics.md).

#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "row_slots.hpp"
#include "row_solver.hpp"
#include "solve_outputs.hpp"
#include "aerodynamics.hpp"
#include "body_contacts.hpp"
#include "body_weight.hpp"
#include "chassis_correction.hpp"
#include "gear_and_starter.hpp"
#include "engine_now.hpp"
#include "external_forces.hpp"
#include "mass_now.hpp"
#include "integrate.hpp"
#include "tyre_forces.hpp"
#include "wheel_contact.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/laws/aero.hpp"
#include "tractive/laws/body_contact.hpp"
#include "tractive/laws/clutch.hpp"
#include "tractive/laws/differential.hpp"
#include "tractive/laws/engine.hpp"
#include "tractive/laws/engine_torque.hpp"
#include "tractive/laws/gearbox.hpp"
#include "tractive/laws/rolling_resistance.hpp"
#include "tractive/laws/slip_relaxation.hpp"
#include "tractive/laws/steering.hpp"
#include "tractive/laws/suspension.hpp"
#include "tractive/laws/tyre.hpp"
#include "tractive/world/road_ground.hpp"
#include "tractive/spec/mass_properties.hpp"
#include "tractive/spec/validate.hpp"

namespace tractive {

namespace {

using detail::Bodies;
using detail::ContactRow;
using detail::RowSet;
using detail::ShaftRow;
using detail::TyrePair;
using detail::WheelContact;
using detail::WheelFrame;
using detail::hinge_offset;
using detail::wheel_contact_and_load;
using detail::tyre_forces_at_wheel;
using detail::integrate_state;
using detail::aerodynamics;
using detail::mass_now;
using detail::MassNow;
using detail::engine_now;
using detail::EngineNow;
using detail::body_weight;
using detail::BodyWeight;
using detail::gear_lever_and_starter;
using detail::GearAndStarter;
using detail::kSlipReferenceSpeed_m_per_s;

constexpr double kGravity = kStandardGravity_m_per_s2;

using detail::kSlotBrake;
using detail::kSlotClutch;
using detail::kSlotEngineFriction;
using detail::kSlotGear;
using detail::kSlotGearboxLoss;
using detail::kSlotLock;
using detail::kSlotsTyreX;
using detail::kSlotsTyreY;

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

double speed_m_per_s(const VehicleState& s) { return norm(s.velocity_m_per_s); }

double forward_speed_m_per_s(const VehicleState& s) {
    const Mat3 r = to_matrix(s.orientation);
    return dot(s.velocity_m_per_s, Vec3{r.m[0][0], r.m[1][0], r.m[2][0]});
}

double engine_rpm(const VehicleState& s) { return s.engine_speed_rad_per_s / kRadPerSecPerRpm; }

bool state_is_finite(const VehicleState& s) {
    const auto finite = [](const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); };
    bool ok = finite(s.position_m) && finite(s.velocity_m_per_s) && finite(s.angular_velocity_rad_per_s) && std::isfinite(s.orientation.w) &&
              std::isfinite(s.orientation.x) && std::isfinite(s.orientation.y) && std::isfinite(s.orientation.z) &&
              std::isfinite(s.engine_speed_rad_per_s) && std::isfinite(s.gearbox_speed_rad_per_s);
    for (const WheelState& w : s.wheels) ok = ok && std::isfinite(w.spin_rad_per_s) && std::isfinite(w.travel_m);
    return ok;
}

double wheel_slip_ratio_now(const VehicleModel& m, const VehicleState& s, int wheel) {
    const Mat3 rot = to_matrix(s.orientation);
    const WheelState& w = s.wheels[wheel];
    const Vec3 body_z{rot.m[0][2], rot.m[1][2], rot.m[2][2]};
    const Vec3 r_hub = rot * (m.wheels[wheel].design_position_m + hinge_offset(m.wheels[wheel], w.travel_m)) + body_z * w.travel_m;
    const Vec3 v_hub = s.velocity_m_per_s + cross(s.angular_velocity_rad_per_s, r_hub) + body_z * w.travel_speed_m_per_s;
    const double steer = s.wheel_outputs[wheel].steer_rad;
    const double vx = dot(v_hub, rot * Vec3{std::cos(steer), std::sin(steer), 0.0});
    return (w.spin_rad_per_s * m.wheels[wheel].radius_m - vx) / std::max(std::abs(vx), kSlipReferenceSpeed_m_per_s);
}

Vec3 wheel_hub_position_m(const VehicleModel& m, const VehicleState& s, int wheel) {
    const Mat3 rot = to_matrix(s.orientation);
    const Vec3 body_z{rot.m[0][2], rot.m[1][2], rot.m[2][2]};
    const WheelModel& w = m.wheels[wheel];
    const double travel = s.wheels[wheel].travel_m;
    return s.position_m + rot * (w.design_position_m + hinge_offset(w, travel)) + body_z * travel;
}

double current_mass_kg(const VehicleModel& m, const VehicleState& s) {
    return m.dry_mass_kg + s.fuel_volume_m3 * m.spec.fuel_tank.density_kg_per_m3;
}

VehicleState initial_state(const VehicleModel& m, const RoadSpec& road, const InitialConditions& ic) {
    return initial_state(m, RoadGround(road, RoadGround::Borrowed{}), ic);
}

VehicleState initial_state(const VehicleModel& m, const Ground& ground, const InitialConditions& ic) {
    VehicleState s;
    // The start within the limits of a world (spec/validate.hpp, plausible::), whichever front end
    // gives it: the CLI, Python, the C API or a C++ host.
    const std::pair<std::string, std::string> problems[] = {
        {"x_m", plausible::kWorldCoordinate.problem(ic.x_m)},
        {"y_m", plausible::kWorldCoordinate.problem(ic.y_m)},
        {"heading_deg", plausible::kHeadingDeg.problem(ic.heading_rad * 180.0 / std::numbers::pi)},
        {"speed_kmh", magnitude_up_to(plausible::kStartSpeedKmh.max, "km/h").problem(ic.speed_m_per_s * 3.6)}};
    for (const auto& [name, problem] : problems) {
        if (!problem.empty()) throw std::invalid_argument(fmt::format("start {}: {}", name, problem));
    }
    const std::optional<SurfacePoint> below = ground.surface_at(ic.x_m, ic.y_m);
    if (!below) {
        throw std::invalid_argument(fmt::format("no ground under the start position x = {} m, y = {} m", ic.x_m, ic.y_m));
    }
    // Orientation: body z along the ground's normal there, body x along the ground in the
    // heading direction.
    const Vec3 n = below->normal;
    const Vec3 heading{std::cos(ic.heading_rad), std::sin(ic.heading_rad), 0.0};
    const Vec3 x_axis = normalized(heading - n * dot(heading, n));
    const Vec3 y_axis = cross(n, x_axis);
    Mat3 frame;  // columns x, y, n
    const Vec3 columns[3] = {x_axis, y_axis, n};
    for (int j = 0; j < 3; ++j) {
        frame.m[0][j] = columns[j].x;
        frame.m[1][j] = columns[j].y;
        frame.m[2][j] = columns[j].z;
    }
    // Height, pitch and roll: each hub (at its design position, travel 0) where its tyre is
    // deflected by its static load, H_i = r_i - F_i / k_t,i above the road. With the body's
    // small pitch theta (nose down) and roll phi (left side up), hub i is at
    // z + d_i - theta x_i + phi y_i (d_i, x_i, y_i its design position from the body origin);
    // z, theta, phi by least squares over the four corners. A file whose hubs and tyre radii do
    // not put the car level (cm-level front-rear differences are common in VDrift's data; a
    // kart's 2 cm is seven times its front tyres' static deflection) then starts at rest instead
    // of falling onto one axle and bouncing off the other at t = 0. What the three cannot take (a
    // twist between the diagonals) is left, a fraction of a millimetre on the files known.
    double a[3][3] = {}, rhs[3] = {};
    for (const auto& w : m.wheels) {
        const Vec3& d = w.design_position_m;
        const double target = w.radius_m - w.static_load_n / w.tyre_stiffness_n_per_m - d.z;
        const double row[3] = {1.0, -d.x, d.y};
        for (int r = 0; r < 3; ++r) {
            rhs[r] += row[r] * target;
            for (int c = 0; c < 3; ++c) a[r][c] += row[r] * row[c];
        }
    }
    // Cramer's rule on the 3 x 3 normal equations (well conditioned: the wheels span x and y).
    const auto det3 = [](const double mtx[3][3]) {
        return mtx[0][0] * (mtx[1][1] * mtx[2][2] - mtx[1][2] * mtx[2][1]) -
               mtx[0][1] * (mtx[1][0] * mtx[2][2] - mtx[1][2] * mtx[2][0]) +
               mtx[0][2] * (mtx[1][0] * mtx[2][1] - mtx[1][1] * mtx[2][0]);
    };
    const double det = det3(a);
    double solution[3] = {0.0, 0.0, 0.0};
    for (int k = 0; k < 3; ++k) {
        double b[3][3];
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c) b[r][c] = c == k ? rhs[r] : a[r][c];
        solution[k] = det != 0.0 ? det3(b) / det : 0.0;
    }
    if (det == 0.0) solution[0] = rhs[0] / 4.0;  // degenerate layout: the mean height, level
    const double clearance = solution[0];
    const double pitch = solution[1];
    const double roll = solution[2];
    s.orientation = normalized(from_matrix(frame) * axis_angle(Vec3{0, 1, 0}, pitch) * axis_angle(Vec3{1, 0, 0}, roll));
    s.position_m = Vec3{ic.x_m, ic.y_m, below->z_m} + n * clearance;
    s.velocity_m_per_s = x_axis * ic.speed_m_per_s;
    for (int i = 0; i < 4; ++i) s.wheels[i].spin_rad_per_s = ic.speed_m_per_s / m.wheels[i].radius_m;
    s.fuel_volume_m3 = m.spec.fuel_tank.volume_m3;
    s.gear = ic.gear;
    s.engine_running = ic.engine_running;
    const double ratio = gearbox_ratio(m.spec.transmission, ic.gear);
    double output = 0.0;
    for (int i = 0; i < 4; ++i) output += m.wheels[i].drive_coefficient * s.wheels[i].spin_rad_per_s;
    s.gearbox_speed_rad_per_s = ratio * output;
    const double idle = m.spec.engine.start_rpm * kRadPerSecPerRpm;
    s.engine_speed_rad_per_s = ic.engine_running ? std::max(idle, s.gearbox_speed_rad_per_s) : 0.0;
    return s;
}

namespace {

// The step's working set: what its stages compute and hand on to the ones after them, in the
// order step_fixed runs them.
struct StepContext {
    const VehicleModel& m;
    const VehicleSpec& spec;
    const Ground& ground;
    const StepSettings& settings;
    const ExternalLoad* load = nullptr;  // from outside the car, or none
    Controls c{};
    double h = 0.0;
    Mat3 rot{};
    Vec3 body_x{}, body_z{}, g_vec{};
    // mass_now
    MassNow masses{};
    // gear_lever_and_starter
    double ratio = 0.0, disc = 0.0;
    // body_weight, wheel_contact_and_load, tyre_forces_at_wheel, aerodynamics: the external
    // forces on the body and each wheel's frame
    BodyWeight weight{};  // and the wheels' mounts, the anti-roll bars' travel
    std::array<WheelFrame, 4> frames{};
    Vec3 force{}, torque{};
    Vec3 suspension_arm{};  // sum_i F_i r_i, body axes: the forces' moment is (R suspension_arm) x body_z
    // engine
    double rpm = 0.0, throttle = 0.0;
    EngineTorque et{};
    // velocities_after_external_forces
    Bodies b{};
    Vec3 v_before{}, w_before{};
    // body_contacts: the touching points as chassis couplings (chassis_correction)
    detail::BodyContacts body{};
    // driveline_and_tyre_rows
    std::array<double, kMaxRows> direct_impulses{};
    double clutch_capacity = 0.0;
};


// The rows: the driveline's shafts and the tyres' contacts.
void driveline_and_tyre_rows(StepContext& x, const VehicleState& s, RowSet& rows) {
    const VehicleModel& m = x.m;
    const VehicleSpec& spec = x.spec;
    const Controls& c = x.c;
    const double h = x.h;
    const Vec3& body_z = x.body_z;
    const double ratio = x.ratio;
    const double disc = x.disc;
    const EngineTorque& et = x.et;
    Bodies& b = x.b;
    const std::array<WheelFrame, 4>& frames = x.frames;
    // Impulses of friction applied directly (apply_sliding_friction), by warm-start slot.
    std::array<double, kMaxRows>& direct_impulses = x.direct_impulses;
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
        const double limit = brake + frames[i].rolling_torque;
        if (limit <= 0.0 || sliding(kSlotBrake + i, detail::kWheel0 + i, limit)) continue;
        ShaftRow& r = rows.add_shaft(kSlotBrake + i);
        r.dof_count = 1;
        r.dof[0] = detail::kWheel0 + i;
        r.coeff[0] = 1.0;
        r.lo = -limit * h;
        r.hi = limit * h;
    }
    for (int i = 0; i < 4; ++i) {
        const WheelFrame& f = frames[i];
        if (f.fz <= 0.0) continue;
        // The tyre's forces act at the contact patch, or higher by the wheel's roll height.
        const Vec3 rc = f.contact + body_z * m.wheels[i].force_point_height_m - s.position_m;
        TyrePair& p = rows.add_pair(i);
        // Longitudinal: contact-point velocity along the wheel heading minus the tread speed.
        p.x.lin = f.forward;
        p.x.ang = cross(rc, f.forward);
        p.x.coeff = -m.wheels[i].radius_m;
        p.x.lo = -f.bound_x * h;
        p.x.hi = f.bound_x * h;
        const WheelModel& wm = m.wheels[i];
        set_tyre_row(p.x, f.falling_x, f.law.fx_n, f.stiffness_x, f.row_velocity_x, f.stick, wm.tread_stiffness_x_n_per_m,
                     wm.tread_damping_x_ns_per_m, s.wheels[i].tread_deflection_x_m, h);
        p.x.surface_speed = dot(f.surface_velocity, f.forward);
        p.x.body_change = f.body_change_x;
        // Lateral: contact-point velocity across the wheel heading.
        p.y.lin = f.lateral;
        p.y.ang = cross(rc, f.lateral);
        p.y.lo = -f.bound_y * h;
        p.y.hi = f.bound_y * h;
        set_tyre_row(p.y, f.falling_y, f.law.fy_n, f.stiffness_y, f.row_velocity_y, f.stick, wm.tread_stiffness_y_n_per_m,
                     wm.tread_damping_y_ns_per_m, s.wheels[i].tread_deflection_y_m, h);
        p.y.surface_speed = dot(f.surface_velocity, f.lateral);
        p.circle = f.circle * h;
    }
    x.clutch_capacity = clutch_capacity;
}

void step_fixed_with(const VehicleModel& m, const Ground& ground, const Controls& raw, const StepSettings& settings,
                     VehicleState& s, const ExternalLoad* load) {
    // The stages in order (docs/physics.md, "The step in order").
    StepContext x{m, m.spec, ground, settings, load};
    x.h = settings.internal_step_s;
    x.c = clamped(raw, static_cast<int>(m.spec.transmission.forward_ratios.size()));
    x.rot = to_matrix(s.orientation);
    x.body_x = {x.rot.m[0][0], x.rot.m[1][0], x.rot.m[2][0]};
    x.body_z = {x.rot.m[0][2], x.rot.m[1][2], x.rot.m[2][2]};
    x.g_vec = {0.0, 0.0, -kGravity};
    x.masses = mass_now(x.m, s.fuel_volume_m3);
    const GearAndStarter gear = gear_lever_and_starter(x.spec, x.c, s);
    x.ratio = gear.ratio;
    x.disc = gear.disc;
    x.weight = body_weight({x.m, x.rot, x.body_z, x.g_vec, x.masses}, s);
    x.force = x.weight.force_n;
    x.torque = x.weight.torque_nm;
    for (int i = 0; i < 4; ++i) {
        const WheelContact contact = wheel_contact_and_load(
            {x.m, x.ground, x.rot, x.body_z, x.weight.mount_rel[i], x.weight.anti_roll_travel_m[x.m.wheels[i].front ? 0 : 1], x.h}, s, i, x.frames[i]);
        s.wheels[i].ground_feature = contact.ground_feature;
        x.force += contact.suspension_force_n;
        x.suspension_arm += contact.suspension_arm;
        x.force += contact.normal_across_n;
        x.torque += contact.normal_across_torque_nm;
        if (const auto aligning = tyre_forces_at_wheel({x.m, x.rot, x.c.steering, x.h}, s, i, x.frames[i], s.wheel_outputs[i])) {
            x.torque += *aligning;
        }
    }
    x.torque += cross(x.rot * x.suspension_arm, x.body_z);
    aerodynamics({x.m, x.rot, x.body_x, x.body_z}, s, x.force, x.torque);
    detail::body_contacts({x.m, x.ground, x.rot, x.body_z, x.frames, x.masses, x.h}, s, x.force, x.torque, x.body);
    if (x.load) {  // from outside the car
        x.force += x.load->force_n;
        x.torque += x.load->torque_nm;
    }
    const EngineNow engine = engine_now(x.m, x.c.throttle, s);
    x.rpm = engine.rpm;
    x.throttle = engine.throttle;
    x.et = engine.torque;
    detail::velocities_after_external_forces({x.m, x.rot, x.body_z, x.masses, x.force, x.torque, x.et, x.h}, s, x.b);
    x.v_before = s.velocity_m_per_s;
    x.w_before = s.angular_velocity_rad_per_s;
    // The rows are scratch space rebuilt every step. A per-thread buffer instead of a local, so
    // that its storage (about 3 KB) is not initialised on every step.
    static thread_local RowSet rows;
    rows.clear();
    driveline_and_tyre_rows(x, s, rows);
    // A viscous coupling between wheels converges slowly against the tyre rows of the wheels it
    // joins: each update undoes part of the other's (docs/physics.md, "Internal step and solver
    // sweeps").
    const int sweeps = settings.solver_iterations + (rows.viscous_coupling_count > 0 ? settings.coupling_extra_iterations : 0);
    detail::solve(rows, x.b, s.warm_impulses, kSlotsTyreX, kSlotsTyreY, sweeps);
    detail::chassis_correction({x.m, x.rot, x.masses.inertia_body_kgm2, x.frames, x.body, x.h}, s, x.b);
    detail::solve_outputs({x.m, x.b, x.frames, x.et, x.throttle, x.clutch_capacity, x.direct_impulses, x.h}, rows, s);
    integrate_state({x.m, x.h, x.body_z, x.g_vec, x.b, x.v_before, x.w_before, x.weight.mount_rel, x.frames, x.et, x.rpm, x.throttle}, s);
}

}  // namespace

void step_fixed(const VehicleModel& m, const RoadSpec& road, const Controls& raw, const StepSettings& settings,
                VehicleState& s) {
    step_fixed(m, RoadGround(road, RoadGround::Borrowed{}), raw, settings, s);
}

void step_fixed(const VehicleModel& m, const Ground& ground, const Controls& raw, const StepSettings& settings,
                VehicleState& s, const ExternalLoad& load) {
    step_fixed_with(m, ground, raw, settings, s, &load);
}

void step_fixed(const VehicleModel& m, const Ground& ground, const Controls& raw, const StepSettings& settings,
                VehicleState& s) {
    step_fixed_with(m, ground, raw, settings, s, nullptr);
}

StepResult step(const VehicleModel& m, const RoadSpec& road, const Controls& controls, const StepSettings& settings,
                VehicleState& s, double dt) {
    return step(m, RoadGround(road, RoadGround::Borrowed{}), controls, settings, s, dt);
}

StepResult step(const VehicleModel& m, const Ground& ground, const Controls& controls, const StepSettings& settings,
                VehicleState& s, double dt) {
    return step_in_internal_steps(s, settings, dt, [&] { step_fixed(m, ground, controls, settings, s); });
}

Simulation::Simulation(const VehicleSpec& spec, RoadSpec road, StepSettings settings, const InitialConditions& ic)
    : Simulation(spec, std::make_shared<RoadGround>(std::move(road)), settings, ic) {}

Simulation::Simulation(const VehicleSpec& spec, std::shared_ptr<const Ground> ground, StepSettings settings,
                       const InitialConditions& ic)
    : model_(build_vehicle_model(spec)),
      ground_(ground ? std::move(ground) : throw std::invalid_argument("Simulation: no ground")),
      settings_(settings),
      state_(initial_state(model_, *ground_, ic)) {}

}  // namespace tractive
