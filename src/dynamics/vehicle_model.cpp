#include "tractive/dynamics/vehicle_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "tractive/laws/brake.hpp"
#include "tractive/laws/engine.hpp"
#include "tractive/laws/suspension.hpp"
#include "tractive/laws/suspension_geometry.hpp"
#include "tractive/laws/tyre.hpp"
#include "tractive/laws/tyre_lanes.hpp"
#include "tractive/spec/mass_properties.hpp"
#include "tractive/spec/validate.hpp"

namespace tractive {

namespace {

constexpr double kDefaultTyrePressure_bar = 2.2;
constexpr double kDefaultTyreStiffness_n_per_m = 200e3;
constexpr double kTyreDampingRatio = 0.05;
// Damping ratio of the car on its tyres' tangential (tread) compliance: rubber damps a parked
// car's rocking on its tyres within a few cycles.
constexpr double kTreadDampingRatio = 0.3;

double tyre_vertical_stiffness(const TyreSpec& t) {
    // A .tir file's measured VERTICAL_STIFFNESS where it gives one.
    if (t.model == TyreModel::MagicFormula && t.magic_formula.vertical_stiffness_n_per_m > 0.0) {
        return t.magic_formula.vertical_stiffness_n_per_m;
    }
    if (t.width_m <= 0.0 || t.aspect_ratio <= 0.0) return kDefaultTyreStiffness_n_per_m;
    const double pressure = t.size_reference ? t.size_reference->pressure_bar : kDefaultTyrePressure_bar;
    const double wt = (1.03 - 0.4 * t.aspect_ratio) * t.width_m;
    const double cf = 0.28 * std::sqrt(2.0 * wt * t.radius_m);
    return 9.81 * (1e5 * pressure * cf + 3450.0);
}


}  // namespace

double centre_of_mass_height_m(const VehicleModel& model) {
    double contact_z_m = 0.0;
    for (const WheelModel& w : model.wheels) contact_z_m += 0.25 * (w.design_position_m.z - w.radius_m);
    return -contact_z_m;
}

VehicleModel build_vehicle_model(const VehicleSpec& spec) {
    if (auto issues = find_spec_issues(spec); !issues.empty()) {
        throw std::invalid_argument(issues.front().path + ": " + issues.front().message);
    }
    if (spec.aero.size() > 8) throw std::invalid_argument("aero: at most 8 devices are supported");
    VehicleModel m;
    m.spec = spec;
    const MassProperties mp = mass_properties(spec);
    m.origin_in_spec_m = mp.cg_m;
    const double fuel_mass = spec.fuel_tank.volume_m3 * spec.fuel_tank.density_kg_per_m3;
    m.fuel_tank_m = spec.fuel_tank.position_m - mp.cg_m;
    m.dry_mass_kg = mp.mass_kg - fuel_mass;
    // Dry inertia about the origin: all point masses but the fuel.
    Vec3 dry_moment;
    for (const auto& pm : spec.masses) {
        add_point_inertia(m.dry_inertia_kgm2, pm.mass_kg, pm.position_m - mp.cg_m);
        dry_moment += (pm.position_m - mp.cg_m) * pm.mass_kg;
    }
    for (const auto& w : spec.wheels) {
        add_point_inertia(m.dry_inertia_kgm2, w.mass_kg, w.position_m - mp.cg_m);
        dry_moment += (w.position_m - mp.cg_m) * w.mass_kg;
    }
    m.dry_cg_m = dry_moment / m.dry_mass_kg;

    const StaticWheelLoads loads = static_wheel_loads(spec, mp);
    const double g = kStandardGravity_m_per_s2;
    const auto& d = spec.driveline;
    const DriveLayout layout = drive_layout(d);
    for (int i = 0; i < 4; ++i) {
        const WheelSpec& ws = spec.wheels[i];
        WheelModel& w = m.wheels[i];
        w.left = i == FL || i == RL;
        w.front = i == FL || i == FR;
        w.design_position_m = ws.position_m - mp.cg_m;
        w.suspension_mount_m = ws.suspension.position_m - mp.cg_m;
        w.unsprung_mass_kg = ws.mass_kg;
        w.inverse_unsprung_mass_per_kg = 1.0 / ws.mass_kg;
        m.unsprung_mass_kg += ws.mass_kg;
        w.static_load_n = loads.load_n[i];
        w.preload_n = std::max(loads.load_n[i] - ws.mass_kg * g, 0.0);
        w.droop_limit_m = droop_limit_m(ws.suspension, w.preload_n);
        w.radius_m = ws.tyre.radius_m;
        w.tyre_stiffness_n_per_m = tyre_vertical_stiffness(ws.tyre);
        // (A .tir file's VERTICAL_DAMPING where it gives one.)
        const bool tir_damping = ws.tyre.model == TyreModel::MagicFormula && ws.tyre.magic_formula.vertical_damping_ns_per_m > 0.0;
        w.tyre_damping_ns_per_m = tir_damping ? ws.tyre.magic_formula.vertical_damping_ns_per_m
                                              : 2.0 * kTyreDampingRatio * std::sqrt(w.tyre_stiffness_n_per_m * ws.mass_kg);
        w.spin_inertia_kgm2 = ws.tyre.rotational_inertia_kgm2;
        w.max_brake_torque_nm = max_brake_torque_nm(spec, static_cast<WheelIndex>(i));
        w.size_friction_factor = tyre_size_friction_factor(ws.tyre);
        w.tyre_mirrored_on_right = tyre_mirrored_on_right(ws.tyre);
        {
            // Slip stiffnesses at zero slip and the static load (N per unit slip ratio, N/rad),
            // over the relaxation length sigma = r: k = C / sigma (Pacejka, "Tyre and Vehicle
            // Dynamics", 2006, ch. 1: sigma is of the order of the wheel radius).
            const TyreForce f = tyre_force(ws.tyre, TyreSlip{}, w.static_load_n, 1.0, w.size_friction_factor);
            const double corner_mass = w.static_load_n / g;
            const auto stiffness = [&](double slope) {
                return std::isfinite(slope) && slope > 0.0 && w.radius_m > 0.0 ? slope / w.radius_m : 0.0;
            };
            w.tread_stiffness_x_n_per_m = stiffness(f.dfx_dslip_ratio);
            w.tread_stiffness_y_n_per_m = stiffness(-f.dfy_dslip_angle_per_rad);
            w.tread_damping_x_ns_per_m = 2.0 * kTreadDampingRatio * std::sqrt(w.tread_stiffness_x_n_per_m * corner_mass);
            w.tread_damping_y_ns_per_m = 2.0 * kTreadDampingRatio * std::sqrt(w.tread_stiffness_y_n_per_m * corner_mass);
        }
        const double camber_tilt = w.left ? -ws.camber_rad : ws.camber_rad;
        w.cos_camber_tilt = std::cos(camber_tilt);
        w.sin_camber_tilt = std::sin(camber_tilt);
        w.tan_ackermann = std::tan(ws.ackermann_rad);
        w.toe_heading_rad = w.left ? -ws.toe_rad : ws.toe_rad;  // toe-in points the front inwards
        w.cos_toe_heading = std::cos(w.toe_heading_rad);
        w.sin_caster = std::sin(ws.caster_rad);
        w.cos_caster = std::cos(ws.caster_rad);
        w.mechanical_trail_m = w.radius_m * std::tan(ws.caster_rad);
        w.force_point_height_m = ws.roll_height_m;
        w.sin_toe_heading = std::sin(w.toe_heading_rad);
        w.toe_heading_body = {w.cos_toe_heading, w.sin_toe_heading, 0.0};
        w.static_axle_body = {-w.sin_toe_heading * w.cos_camber_tilt, w.cos_toe_heading * w.cos_camber_tilt, w.sin_camber_tilt};
        // Over the whole range the travel can reach: full droop to the bump stop and a little
        // into it.
        const double top_travel = ws.suspension.travel_m + 0.02;
        if (ws.suspension.double_wishbone) {
            w.camber_change_rad = double_wishbone_camber_curve(*ws.suspension.double_wishbone, w.left, w.droop_limit_m, top_travel);
        } else if (ws.suspension.macpherson_strut) {
            w.camber_change_rad = macpherson_camber_curve(*ws.suspension.macpherson_strut, w.left, w.droop_limit_m, top_travel);
        } else if (ws.suspension.hinge_m) {
            constexpr int kPoints = 41;
            std::vector<double> travel, dx, dy;
            for (int k = 0; k < kPoints; ++k) {
                const double s = w.droop_limit_m + (top_travel - w.droop_limit_m) * k / (kPoints - 1);
                const Vec3 offset = hinge_arc_offset_m(*ws.suspension.hinge_m, ws.position_m, s);
                travel.push_back(s);
                dx.push_back(offset.x);
                dy.push_back(offset.y);
            }
            w.hinge_offset_x_m = PiecewiseLinear(travel, dx);
            w.hinge_offset_y_m = PiecewiseLinear(std::move(travel), dy);
        }
    }

    // Body contact spheres: the spec's collision shape; else a 2009 file's contact points (kept
    // as point masses named so by the loader), else the box around the masses and the wheels,
    // both spheres of kBodyPointRadius_m.
    const auto add_sphere = [&](const Vec3& centre, double radius) {
        m.body_contact_radius_m[m.body_contact_count] = radius;
        m.body_contact_m[m.body_contact_count++] = centre;
    };
    if (!spec.body_spheres.empty()) {
        m.body_shape_source = VehicleModel::BodyShapeSource::File;
        for (const BodySphere& b : spec.body_spheres) add_sphere(b.position_m - mp.cg_m, b.radius_m);
        // Each wheel's outer face too, where a car on its side lies (VDrift's wheels are cylinders
        // of its collision shape; a shape narrower than the track would let the wheels sink into
        // the ground, whose tyre contacts end 45 degrees out of the wheel's plane): spheres inside
        // the rim's front, top and back at the design position (none at its bottom, where the tyre
        // meets the road).
        for (std::size_t i = 0; i < 4; ++i) {
            const WheelModel& w = m.wheels[i];
            const double outward = w.design_position_m.y >= 0.0 ? 1.0 : -1.0;
            const double face_y = outward * std::max(0.5 * spec.wheels[i].tyre.width_m - kBodyPointRadius_m, 0.0);
            const double rim = std::max(w.radius_m - kBodyPointRadius_m, 0.0);
            for (const Vec3& at : {Vec3{rim, face_y, 0.0}, Vec3{0.0, face_y, rim}, Vec3{-rim, face_y, 0.0}}) {
                add_sphere(w.design_position_m + at, kBodyPointRadius_m);
            }
        }
    } else {
        m.body_shape_source = VehicleModel::BodyShapeSource::ContactPoints;
        for (const PointMass& pm : spec.masses) {
            if (pm.name.rfind("contact-point-", 0) == 0 && m.body_contact_count < m.body_contact_m.size()) {
                add_sphere(pm.position_m - mp.cg_m, kBodyPointRadius_m);
            }
        }
    }
    if (m.body_shape_source == VehicleModel::BodyShapeSource::ContactPoints && m.body_contact_count < 4) {
        m.body_shape_source = VehicleModel::BodyShapeSource::Box;
        // The box around the masses and the wheels gives the roof's four corners and, 0.25 m above
        // the tyres' bottoms (a bumper's height), the ends' four; the floor's four points lie
        // inboard, a quarter wheelbase either side of its middle and at 35 % of the track
        // either side of the centre line, 0.13 m up (a road car's ground clearance under its
        // floor, where a crest or a kerb scrapes it).
        m.body_contact_count = 0;
        Vec3 lo{1e9, 1e9, 1e9}, hi{-1e9, -1e9, -1e9};
        const auto grow = [&](const Vec3& p) {
            lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
            hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
        };
        double lowest_tyre = 1e9, front_x = -1e9, rear_x = 1e9, half_track = 0.0;
        for (const PointMass& pm : spec.masses) grow(pm.position_m - mp.cg_m);
        for (const WheelModel& w : m.wheels) {
            const Vec3& c = w.design_position_m;
            grow({c.x - w.radius_m, c.y, c.z + w.radius_m});
            grow({c.x + w.radius_m, c.y, c.z});
            lowest_tyre = std::min(lowest_tyre, c.z - w.radius_m);
            front_x = std::max(front_x, c.x);
            rear_x = std::min(rear_x, c.x);
            half_track = std::max(half_track, std::abs(c.y));
        }
        // The roof at least 0.6 m above the tyres' bottoms: the masses and wheel tops can lie lower
        // than a car's roof (1.2-1.5 m), and a lower box would let a rolled car rest on its wheels' tops.
        const double roof = std::max(hi.z, lowest_tyre + 0.6);
        const double bumper = lowest_tyre + 0.25, floor = lowest_tyre + 0.13;
        const double mid = 0.5 * (front_x + rear_x), quarter = 0.25 * (front_x - rear_x);
        for (const double y : {lo.y, hi.y}) {
            for (const double x : {lo.x, hi.x}) {
                m.body_contact_m[m.body_contact_count++] = {x, y, roof};
                m.body_contact_m[m.body_contact_count++] = {x, y, bumper};
            }
        }
        for (const double y : {-0.35 * half_track, 0.35 * half_track}) {
            for (const double x : {mid - quarter, mid + quarter}) m.body_contact_m[m.body_contact_count++] = {x, y, floor};
        }
        std::fill_n(m.body_contact_radius_m.begin(), m.body_contact_count, kBodyPointRadius_m);
    }
    for (std::size_t k = 0; k < m.body_contact_count; ++k) {
        const Vec3& p = m.body_contact_m[k];
        m.body_contact_lowest_z_m = k == 0 ? p.z : std::min(m.body_contact_lowest_z_m, p.z);
        m.body_contact_reach_m = std::max(m.body_contact_reach_m, std::hypot(p.x, p.y));
        m.body_contact_largest_radius_m = std::max(m.body_contact_largest_radius_m, m.body_contact_radius_m[k]);
    }

    // Open differentials: an axle's carrier turns at (1 - s) w_left + s w_right (s = torque
    // split to the right: the planetary relation that passes torque (1 - s) : s), its input at
    // final_drive times that; the centre's input at (1 - s_c) front + s_c rear input speeds.
    const double transmission_final = spec.transmission.final_drive;
    const auto axle = [&](const DifferentialSpec& diff, int left, int right, double weight) {
        m.wheels[left].drive_coefficient = weight * diff.final_drive * (1.0 - diff.torque_split);
        m.wheels[right].drive_coefficient = weight * diff.final_drive * diff.torque_split;
    };
    if (layout == DriveLayout::AWD) {
        const double c = d.centre->final_drive * transmission_final;
        axle(*d.front, FL, FR, c * (1.0 - d.centre->torque_split));
        axle(*d.rear, RL, RR, c * d.centre->torque_split);
    } else if (layout == DriveLayout::FWD) {
        axle(*d.front, FL, FR, transmission_final);
    } else {
        axle(*d.rear, RL, RR, transmission_final);
    }

    // Locking couplings: an axle differential locks left against right; a centre differential
    // locks its front input against its rear input. input_ratio: share of the gearbox output
    // torque that reaches this differential's input (for torque-sensing locks).
    const auto axle_lock = [](const DifferentialSpec& diff, int left, int right, double input_ratio) {
        LockCoupling lock;
        lock.active = diff.type != DifferentialType::Open;
        lock.diff = diff;
        lock.coefficient[left] = 1.0;
        lock.coefficient[right] = -1.0;
        lock.input_ratio = input_ratio;
        return lock;
    };
    if (d.front) m.locks[0] = axle_lock(*d.front, FL, FR, layout == DriveLayout::AWD ? 1.0 - d.centre->torque_split : 1.0);
    if (d.rear) m.locks[1] = axle_lock(*d.rear, RL, RR, layout == DriveLayout::AWD ? d.centre->torque_split : 1.0);
    if (layout == DriveLayout::AWD) {
        LockCoupling& lock = m.locks[2];
        lock.active = d.centre->type != DifferentialType::Open;
        lock.diff = *d.centre;
        const auto& f = *d.front;
        const auto& r = *d.rear;
        lock.coefficient = {f.final_drive * (1.0 - f.torque_split), f.final_drive * f.torque_split,
                            -r.final_drive * (1.0 - r.torque_split), -r.final_drive * r.torque_split};
        lock.input_ratio = 1.0;
    }

    m.engine_inertia_kgm2 = spec.engine.inertia_kgm2;
    m.governor_authority = governor_authority(spec.engine);
    m.peak_torque_rpm = peak_torque_rpm(spec.engine);
    m.torque_plateau_start_rpm = torque_plateau_start_rpm(spec.engine);
    {
        double highest_nm = 0.0, largest_magnitude_nm = 0.0;
        for (const double y : spec.engine.torque_curve_nm.ys()) {
            highest_nm = std::max(highest_nm, y);
            largest_magnitude_nm = std::max(largest_magnitude_nm, std::abs(y));
        }
        m.full_load_torque_bound_nm = highest_nm + 1e-12 * largest_magnitude_nm;
    }
    // The gearbox input needs some inertia to be a dynamic body when declutched: the clutch disc
    // and input shaft, 2 % of the engine's when the spec gives none.
    m.gearbox_inertia_kgm2 = spec.transmission.inertia_kgm2 > 0.0 ? spec.transmission.inertia_kgm2 : 0.02 * spec.engine.inertia_kgm2;
    m.shaft_inverse_inertia_per_kgm2 = {1.0 / m.engine_inertia_kgm2, 1.0 / m.gearbox_inertia_kgm2,
                                        1.0 / m.wheels[0].spin_inertia_kgm2, 1.0 / m.wheels[1].spin_inertia_kgm2,
                                        1.0 / m.wheels[2].spin_inertia_kgm2, 1.0 / m.wheels[3].spin_inertia_kgm2};
    m.aero_count = spec.aero.size();
    for (std::size_t i = 0; i < spec.aero.size(); ++i) m.aero_position_m[i] = spec.aero[i].position_m - mp.cg_m;
    m.largest_explicit_chassis_step_s = largest_explicit_chassis_step_s(m);
    m.tyre_lanes = tyre_lanes({&m.spec.wheels[0].tyre, &m.spec.wheels[1].tyre, &m.spec.wheels[2].tyre, &m.spec.wheels[3].tyre});
    VehicleModel::WheelsSideBySide& across = m.wheels_side_by_side;
    for (std::size_t i = 0; i < 4; ++i) {
        const WheelModel& w = m.wheels[i];
        const SuspensionSpec& suspension = spec.wheels[i].suspension;
        across.radius_m[i] = w.radius_m;
        across.force_point_height_m[i] = w.force_point_height_m;
        across.tyre_stiffness_n_per_m[i] = w.tyre_stiffness_n_per_m;
        across.tyre_damping_ns_per_m[i] = w.tyre_damping_ns_per_m;
        across.inverse_unsprung_mass_per_kg[i] = w.inverse_unsprung_mass_per_kg;
        across.droop_limit_m[i] = w.droop_limit_m;
        across.tread_stiffness_x_n_per_m[i] = w.tread_stiffness_x_n_per_m;
        across.tread_damping_x_ns_per_m[i] = w.tread_damping_x_ns_per_m;
        across.tread_stiffness_y_n_per_m[i] = w.tread_stiffness_y_n_per_m;
        across.tread_damping_y_ns_per_m[i] = w.tread_damping_y_ns_per_m;
        across.design_position_x_m[i] = w.design_position_m.x;
        across.design_position_y_m[i] = w.design_position_m.y;
        across.design_position_z_m[i] = w.design_position_m.z;
        across.suspension_mount_x_m[i] = w.suspension_mount_m.x;
        across.suspension_mount_y_m[i] = w.suspension_mount_m.y;
        across.suspension_mount_z_m[i] = w.suspension_mount_m.z;
        across.spring_n_per_m[i] = suspension.spring_n_per_m;
        across.anti_roll_n_per_m[i] = suspension.anti_roll_n_per_m;
        across.bump_stop_travel_m[i] = suspension.travel_m;
        across.max_compression_velocity_m_per_s[i] = suspension.max_compression_velocity_m_per_s;
        across.bump_damping_ns_per_m[i] = suspension.bump_damping_ns_per_m;
        across.rebound_damping_ns_per_m[i] = suspension.rebound_damping_ns_per_m;
        across.size_friction_factor[i] = w.size_friction_factor;
        across.mirrored_tyres |= !w.left && w.tyre_mirrored_on_right ? 1u << i : 0u;
        across.front[i] = w.front;
        across.side_sign[i] = w.left ? 1.0 : -1.0;
        across.toe_heading_rad[i] = w.toe_heading_rad;
        across.cos_toe_heading[i] = w.cos_toe_heading;
        across.sin_toe_heading[i] = w.sin_toe_heading;
    }
    return m;
}

double largest_explicit_chassis_step_s(const VehicleModel& m) {
    // Sprung mass and inertias about the body origin: the dry ones less the wheels' points.
    const double sprung_mass = m.dry_mass_kg - m.unsprung_mass_kg;
    double ixx = m.dry_inertia_kgm2.m[0][0];
    double iyy = m.dry_inertia_kgm2.m[1][1];
    double heave_k = 0.0, heave_c = 0.0, roll_k = 0.0, roll_c = 0.0, pitch_k = 0.0, pitch_c = 0.0;
    for (int i = 0; i < 4; ++i) {
        const WheelModel& w = m.wheels[i];
        const SuspensionSpec& sus = m.spec.wheels[i].suspension;
        const Vec3& r = w.design_position_m;
        ixx -= w.unsprung_mass_kg * (r.y * r.y + r.z * r.z);
        iyy -= w.unsprung_mass_kg * (r.x * r.x + r.z * r.z);
        const double divider = w.tyre_stiffness_n_per_m / (sus.spring_n_per_m + w.tyre_stiffness_n_per_m);
        const double k = sus.spring_n_per_m * divider;
        const double c = std::max(sus.bump_damping_ns_per_m, sus.rebound_damping_ns_per_m) * divider * divider;
        heave_k += k;
        heave_c += c;
        roll_k += k * r.y * r.y;
        roll_c += c * r.y * r.y;
        pitch_k += k * r.x * r.x;
        pitch_c += c * r.x * r.x;
    }
    const auto bound = [](double k, double c, double inertia) {
        if (!(inertia > 0.0) || (k <= 0.0 && c <= 0.0)) return std::numeric_limits<double>::infinity();
        const double w2 = k / inertia;
        const double cm = c / inertia;
        if (w2 <= 0.0) return 1.0 / cm;
        return (std::sqrt(cm * cm + 2.0 * w2) - cm) / w2;
    };
    return std::min({bound(heave_k, heave_c, sprung_mass), bound(roll_k, roll_c, ixx), bound(pitch_k, pitch_c, iyy)});
}

}  // namespace tractive
