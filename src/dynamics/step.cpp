// One internal step of the vehicle (see simulation.hpp and docs/physics.md).

#include <algorithm>
#include <cmath>
#include <memory>
#include <new>
#include <numbers>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include <fmt/format.h>

#include "driveline_and_tyre_rows.hpp"
#include "row_slots.hpp"
#include "row_lanes.hpp"
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
#include "step_in_range.hpp"
#include "../core/step_copies.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/laws/aero.hpp"
#include "tractive/laws/body_contact.hpp"
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
using detail::RowSet;
using detail::WheelContacts;
using detail::WheelFrames;
using detail::hinge_offset;
using detail::wheel_contacts_and_loads;
using detail::tyre_forces;
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

using detail::kSlotsTyreX;
using detail::kSlotsTyreY;

}  // namespace

double speed_m_per_s(const VehicleState& s) { return norm(s.velocity_m_per_s); }

double forward_speed_m_per_s(const VehicleState& s) {
    const Mat3 r = to_matrix(s.orientation);
    return dot(s.velocity_m_per_s, Vec3{r.m[0][0], r.m[1][0], r.m[2][0]});
}

double lateral_acceleration_m_per_s2(const VehicleState& s) {
    const Mat3 r = to_matrix(s.orientation);
    return dot(s.acceleration_m_per_s2, Vec3{r.m[0][1], r.m[1][1], r.m[2][1]});
}

double engine_rpm(const VehicleState& s) { return s.engine_speed_rad_per_s / kRadPerSecPerRpm; }

std::array<double, 4> wheel_slip_ratios_now(const VehicleModel& m, const VehicleState& s) {
    using detail::Lanes4, detail::Vec3Lanes, detail::lanes_from;
    // Lane i wheel i: the hub's velocity along the wheel's heading (body x turned by the last
    // step's steer) against the wheel's rolling speed.
    const Mat3 rot = to_matrix(s.orientation);
    const Vec3 body_z{rot.m[0][2], rot.m[1][2], rot.m[2][2]};
    const VehicleModel::WheelsSideBySide& across = m.wheels_side_by_side;
    const Lanes4 travel = lanes_from([&](int i) { return s.wheels[i].travel_m; });
    const Vec3Lanes design{detail::lanes_of(across.design_position_x_m), detail::lanes_of(across.design_position_y_m),
                           detail::lanes_of(across.design_position_z_m)};
    const Vec3Lanes hinge = detail::vec3_lanes_from([&](int i) { return hinge_offset(m.wheels[i], s.wheels[i].travel_m); });
    const Vec3Lanes z = detail::broadcast(body_z);
    const Vec3Lanes r_hub = rot * (design + hinge) + z * travel;
    const Vec3Lanes v_hub = detail::broadcast(s.velocity_m_per_s) + detail::cross(detail::broadcast(s.angular_velocity_rad_per_s), r_hub) +
                            z * lanes_from([&](int i) { return s.wheels[i].travel_speed_m_per_s; });
    // A wheel pointing along its toe (every unsteered wheel, a steered one going straight) takes
    // the model's cosine and sine of it, the same numbers.
    const Lanes4 steer = lanes_from([&](int i) { return s.wheel_outputs[i].steer_rad; });
    const detail::Mask4 along_toe = steer == detail::lanes_of(across.toe_heading_rad);
    Lanes4 cos_steer = detail::lanes_of(across.cos_toe_heading), sin_steer = detail::lanes_of(across.sin_toe_heading);
    if (detail::any(~along_toe))
        for (int i = 0; i < 4; ++i)
            if (!along_toe[i]) cos_steer[i] = std::cos(steer[i]), sin_steer[i] = std::sin(steer[i]);
    const Lanes4 vx = detail::dot(v_hub, rot * Vec3Lanes{cos_steer, sin_steer, Lanes4{}});
    const Lanes4 spin = lanes_from([&](int i) { return s.wheels[i].spin_rad_per_s; });
    return detail::array_of((spin * detail::lanes_of(across.radius_m) - vx) / detail::max_of(detail::abs_of(vx), detail::splat(kSlipReferenceSpeed_m_per_s)));
}

double wheel_slip_ratio_now(const VehicleModel& m, const VehicleState& s, int wheel) {
    return wheel_slip_ratios_now(m, s)[static_cast<std::size_t>(wheel)];
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
    const int forward_gears = static_cast<int>(m.spec.transmission.forward_ratios.size());
    if (ic.gear < -1 || ic.gear > forward_gears) {
        throw std::invalid_argument(fmt::format("start gear: expected -1 (reverse), 0 (neutral) or 1 to {}, got {}", forward_gears, ic.gear));
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
    // The wheels as placed, before any step: each on its static load (the tyre deflection the
    // height above was solved for), at its toe, inclined to the ground by its static camber and
    // the body's pitch and roll (gamma = -asin(axle . n), as tyre_forces.cpp takes it). What a
    // record of the start shows; the first step computes its own.
    const Mat3 placed = to_matrix(s.orientation);
    for (int i = 0; i < 4; ++i) {
        WheelOutputs& out = s.wheel_outputs[i];
        out.fz_n = m.wheels[i].static_load_n;
        out.steer_rad = m.wheels[i].toe_heading_rad;
        out.inclination_rad = -std::asin(std::clamp(dot(placed * m.wheels[i].static_axle_body, n), -1.0, 1.0));
    }
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

// The step's numbers from its start to the solve, which the step's end takes on: the phases
// before the solve fill it (step_start), the solve takes its speeds (and the rows, which are
// kept apart: below), the phases after it read it (step_finish).
struct StepInProgress {
    Mat3 rot;
    Vec3 body_z;
    Vec3 g_vec;
    MassNow masses;
    BodyWeight weight;
    WheelFrames frames;  // (not zeroed: the contact and tyre phases set what is read, wheel_frame.hpp)
    EngineNow engine;
    Bodies b;
    Vec3 v_before;
    Vec3 w_before;
    detail::DrivelineAndTyreRows built;
    int sweeps;
    // The touching points as chassis couplings (chassis_correction), kept elsewhere: room for
    // every sphere of a body's shape is some 5 KB, seldom filled, and in here it set the numbers
    // every step reads apart (a batch's group of four cars ran 2.5 % slower).
    detail::BodyContacts* body;
};

// A phase's result made in its place in StepInProgress, not made elsewhere and copied: `make` is
// called as the initialiser of `to` (a value of a plain type, whose old value needs no
// destruction).
template <class T, class Make>
void in_place(T& to, Make&& make) {
    static_assert(std::is_trivially_destructible_v<T>);
    ::new (static_cast<void*>(&to)) T(std::forward<Make>(make)());
}

// The phases before the solve: the external forces on the body and each wheel, the velocities
// after them, the rows.
void step_start(const VehicleModel& m, const Ground& ground, const Controls& c, const StepSettings& settings, VehicleState& s,
                const ExternalLoad* load, StepInProgress& p, RowSet& rows) {
    const double h = settings.internal_step_s;
    p.rot = to_matrix(s.orientation);
    const Mat3& rot = p.rot;
    const Vec3 body_x{rot.m[0][0], rot.m[1][0], rot.m[2][0]};
    p.body_z = {rot.m[0][2], rot.m[1][2], rot.m[2][2]};
    const Vec3& body_z = p.body_z;
    p.g_vec = {0.0, 0.0, -kGravity};
    in_place(p.masses, [&] { return mass_now(m, s.fuel_volume_m3); });
    const GearAndStarter gear = gear_lever_and_starter(m.spec, c, s);
    // The external forces on the body and each wheel's frame.
    in_place(p.weight, [&] { return body_weight({m, rot, body_z, p.g_vec, p.masses}, s); });
    Vec3 force = p.weight.force_n;
    Vec3 torque = p.weight.torque_nm;
    Vec3 suspension_arm{};  // sum_i F_i r_i, body axes: the forces' moment is (R suspension_arm) x body_z
    const WheelContacts contacts =
        wheel_contacts_and_loads({m, ground, rot, body_z, p.weight.mount_rel, p.weight.anti_roll_travel_m, h}, s, p.frames);
    for (int i = 0; i < 4; ++i) {  // (the forces summed wheel by wheel, as they always were)
        s.wheels[i].ground_feature = contacts.ground_feature[i];
        force += lane(contacts.suspension_force_n, i);
        suspension_arm += lane(contacts.suspension_arm, i);
        force += lane(contacts.normal_across_n, i);
    }
    const detail::AligningMoments aligning = tyre_forces({m, rot, c.steering, h}, s, p.frames, s.wheel_outputs);
    for (int i = 0; i < 4; ++i) {  // (the moments summed wheel by wheel, contact then tyre, as they always were)
        torque += lane(contacts.normal_across_torque_nm, i);
        if (aligning.given[i]) torque += lane(aligning.moment_nm, i);
    }
    torque += cross(rot * suspension_arm, body_z);
    aerodynamics({m, rot, body_x, body_z}, s, force, torque);
    p.body->couplings.clear();
    detail::body_contacts({m, ground, rot, body_z, p.frames, p.masses, h}, s, force, torque, *p.body);
    if (load) {  // from outside the car
        force += load->force_n;
        torque += load->torque_nm;
    }
    in_place(p.engine, [&] { return engine_now(m, c.throttle, s); });
    detail::velocities_after_external_forces({m, rot, body_z, p.masses, force, torque, p.engine.torque, h}, s, p.b);
    p.v_before = s.velocity_m_per_s;
    p.w_before = s.angular_velocity_rad_per_s;
    rows.clear();
    in_place(p.built, [&] { return detail::driveline_and_tyre_rows({m, c, body_z, gear.ratio, gear.disc, p.engine.torque, p.frames, h}, s, p.b, rows); });
    // A viscous coupling between wheels converges slowly against the tyre rows of the wheels it
    // joins: each update undoes part of the other's (docs/physics.md, "Internal step and solver
    // sweeps").
    p.sweeps = settings.solver_iterations + (rows.viscous_coupling_count > 0 ? settings.coupling_extra_iterations : 0);
}

// The phases after the solve: the corrections of touching body points, the solve's outputs, the
// integration.
void step_finish(const VehicleModel& m, const StepSettings& settings, StepInProgress& p, const RowSet& rows, VehicleState& s) {
    const double h = settings.internal_step_s;
    detail::chassis_correction({m, p.rot, p.masses.inertia_body_kgm2, p.frames, *p.body, h}, s, p.b);
    detail::solve_outputs({m, p.b, p.frames, p.engine.torque, p.engine.throttle, p.built.clutch_capacity_nm, p.built.direct_impulses, h}, rows, s);
    integrate_state({m, h, p.body_z, p.g_vec, p.b, p.v_before, p.w_before, p.weight.mount_rel, p.frames, p.engine.torque, p.engine.rpm,
                     p.engine.throttle},
                    s);
}

// The step's scratch (StepInProgress and the rows) is per thread, so that its storage (about
// 5 KB) is not initialised on every step (that cost the step 0.75 % more instructions). A ground
// whose callbacks step a car on the same thread (within this thread's step) makes that inner
// step take scratch of its own, on the stack: the outer step's stays as it was.
thread_local bool t_step_in_progress = false;

struct StepInProgressHere {
    StepInProgressHere() { t_step_in_progress = true; }
    ~StepInProgressHere() { t_step_in_progress = false; }
    StepInProgressHere(const StepInProgressHere&) = delete;
    StepInProgressHere& operator=(const StepInProgressHere&) = delete;
};

void step_with_scratch(const VehicleModel& m, const Ground& ground, const Controls& c, const StepSettings& settings, VehicleState& s,
                       const ExternalLoad* load, StepInProgress& p, RowSet& rows) {
    // The phases in order (docs/architecture.md, "The step"; docs/physics.md, "The step in order").
    step_start(m, ground, c, settings, s, load, p, rows);
    detail::solve(rows, p.b, s.warm_impulses, kSlotsTyreX, kSlotsTyreY, p.sweeps);
    step_finish(m, settings, p, rows, s);
}

// The controls `c` in their ranges already (clamped()).
void step_fixed_with(const VehicleModel& m, const Ground& ground, const Controls& c, const StepSettings& settings,
                     VehicleState& s, const ExternalLoad* load) {
    if (t_step_in_progress) {  // within another step on this thread (a ground's callback)
        StepInProgress p;
        RowSet rows;
        detail::BodyContacts body;
        p.body = &body;
        step_with_scratch(m, ground, c, settings, s, load, p, rows);
        return;
    }
    // (One thread-local object: each is found from the thread's storage by a call in a shared
    // library's code.)
    static thread_local struct {
        StepInProgress p;
        RowSet rows;
        detail::BodyContacts body;
    } scratch;
    scratch.p.body = &scratch.body;
    const StepInProgressHere here;
    step_with_scratch(m, ground, c, settings, s, load, scratch.p, scratch.rows);
}

}  // namespace

void detail::step_fixed_in_range(const VehicleModel& m, const Ground& ground, const Controls& in_range,
                                 const StepSettings& settings, VehicleState& s, const ExternalLoad* load) {
    step_fixed_with(m, ground, in_range, settings, s, load);
}

void detail::step_fixed_together_in_range(std::span<const CarInGroup> cars, const StepSettings& settings) {
    if (cars.size() > static_cast<std::size_t>(kCarsInGroup)) throw std::invalid_argument("step_fixed_together_in_range: more than four cars");
    if (t_step_in_progress) {  // within another step on this thread (a ground's callback): car by car (step_fixed_with)
        for (const CarInGroup& car : cars) step_fixed_with(*car.model, *car.ground, car.in_range, settings, *car.state, car.load);
        return;
    }
    static thread_local struct {  // (per thread: as in step_fixed_with)
        std::array<StepInProgress, kCarsInGroup> group;
        std::array<RowSet, kCarsInGroup> rows;
        std::array<detail::BodyContacts, kCarsInGroup> bodies;
    } scratch;
    auto& group = scratch.group;
    auto& rows = scratch.rows;
    const StepInProgressHere here;
    const std::size_t n = cars.size();
    for (std::size_t k = 0; k < n; ++k) {
        const CarInGroup& car = cars[k];
        group[k].body = &scratch.bodies[k];
        step_start(*car.model, *car.ground, car.in_range, settings, *car.state, car.load, group[k], rows[k]);
    }
    // The cars in classes of one row shape and sweep count, in order of their first car; a class
    // of two or more solved side by side.
    std::array<bool, kCarsInGroup> solved{};
    for (std::size_t first = 0; first < n; ++first) {
        if (solved[first]) continue;
        std::array<RowSet*, kCarsInGroup> sets;
        std::array<Bodies*, kCarsInGroup> bodies;
        std::array<const std::array<double, kMaxRows>*, kCarsInGroup> warm;
        std::size_t count = 0;
        for (std::size_t k = first; k < n; ++k) {
            if (solved[k] || group[k].sweeps != group[first].sweeps || !same_row_shape(rows[first], rows[k])) continue;
            solved[k] = true;
            sets[count] = &rows[k];
            bodies[count] = &group[k].b;
            warm[count] = &cars[k].state->warm_impulses;
            ++count;
        }
        if (count == 1)
            solve(rows[first], group[first].b, *warm[0], kSlotsTyreX, kSlotsTyreY, group[first].sweeps);
        else
            solve_together(std::span(sets.data(), count), std::span(bodies.data(), count), std::span(warm.data(), count), kSlotsTyreX,
                           kSlotsTyreY, group[first].sweeps);
    }
    for (std::size_t k = 0; k < n; ++k) step_finish(*cars[k].model, settings, group[k], rows[k], *cars[k].state);
}

// The entry points of the step's copies compiled for x86-64-v3 and v4 (core/step_copies.hpp):
// their own step_fixed_with, for controls in their ranges. Each defined only in its copy.
namespace x86_64_v3 {
void step_fixed(const VehicleModel& m, const Ground& ground, const Controls& in_range, const StepSettings& settings,
                VehicleState& s, const ExternalLoad* load);
}  // namespace x86_64_v3
namespace x86_64_v4 {
void step_fixed(const VehicleModel& m, const Ground& ground, const Controls& in_range, const StepSettings& settings,
                VehicleState& s, const ExternalLoad* load);
}  // namespace x86_64_v4
#if defined(TRACTIVE_STEP_COPY)
void TRACTIVE_STEP_COPY::step_fixed(const VehicleModel& m, const Ground& ground, const Controls& in_range,
                                    const StepSettings& settings, VehicleState& s, const ExternalLoad* load) {
    step_fixed_with(m, ground, in_range, settings, s, load);
}
#endif

namespace {
// The controls clamped into their ranges, then the step, or the copy that runs here.
void step_fixed_here(const VehicleModel& m, const Ground& ground, const Controls& raw, const StepSettings& settings,
                     VehicleState& s, const ExternalLoad* load) {
    const Controls c = clamped(raw, static_cast<int>(m.spec.transmission.forward_ratios.size()));
#if defined(TRACTIVE_HAS_STEP_COPIES) && !defined(TRACTIVE_STEP_COPY)
    switch (detail::step_copy_in_use()) {
        case detail::StepCopy::x86_64_v4: return x86_64_v4::step_fixed(m, ground, c, settings, s, load);
        case detail::StepCopy::x86_64_v3: return x86_64_v3::step_fixed(m, ground, c, settings, s, load);
        case detail::StepCopy::baseline: break;
    }
#endif
    step_fixed_with(m, ground, c, settings, s, load);
}
}  // namespace

StepResult take_time(VehicleState& state, const StepSettings& settings, double dt) {
    StepResult result;
    const double h = settings.internal_step_s;
    if (!(dt > 0.0) || !(h > 0.0)) {
        if (!(dt == 0.0)) result.dropped_time_s = dt;  // negative or NaN, or no valid step size
        return result;
    }
    const int cap = settings.max_internal_steps_per_call > 0 ? settings.max_internal_steps_per_call : 0;
    // Compared in whole steps, so an infinite dt never enters the running sum.
    const double wanted_steps = (state.pending_time_s + dt) / h;
    if (wanted_steps >= cap + 1.0) {
        result.dropped_time_s = state.pending_time_s + dt - cap * h;
        state.pending_time_s = cap * h;
    } else {
        state.pending_time_s += dt;
    }
    // The steps the carried time holds, counted as the stepping takes them off.
    for (double pending = state.pending_time_s; pending >= h * (1.0 - 1e-6) && result.internal_steps < cap; pending -= h)
        ++result.internal_steps;
    return result;
}

void step_fixed(const VehicleModel& m, const RoadSpec& road, const Controls& raw, const StepSettings& settings,
                VehicleState& s) {
    step_fixed(m, RoadGround(road, RoadGround::Borrowed{}), raw, settings, s);
}

void step_fixed(const VehicleModel& m, const Ground& ground, const Controls& raw, const StepSettings& settings,
                VehicleState& s, const ExternalLoad& load) {
    step_fixed_here(m, ground, raw, settings, s, &load);
}

void step_fixed(const VehicleModel& m, const Ground& ground, const Controls& raw, const StepSettings& settings,
                VehicleState& s) {
    step_fixed_here(m, ground, raw, settings, s, nullptr);
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
