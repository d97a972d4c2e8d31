#include "tractive/spec/validate.hpp"

#include <fmt/format.h>

#include <cmath>
#include <numbers>

namespace tractive {

SpecError::SpecError(SpecIssue issue)
    : std::runtime_error(fmt::format("{}: {}", issue.path, issue.message)), issue_(std::move(issue)) {}

std::string curve_problem(const std::vector<double>& xs, const std::vector<double>& ys,
                          std::size_t min_points) {
    if (xs.size() != ys.size()) return "every point needs an x and a y value";
    if (xs.size() < min_points) return fmt::format("expected at least {} points, got {}", min_points, xs.size());
    for (std::size_t i = 0; i < xs.size(); ++i) {
        if (!std::isfinite(xs[i]) || !std::isfinite(ys[i])) return fmt::format("point {} is not finite", i);
        if (i > 0 && !(xs[i] > xs[i - 1])) {
            return fmt::format("x values must increase strictly: point {} ({}) is not above point {} ({})", i,
                               xs[i], i - 1, xs[i - 1]);
        }
    }
    return {};
}

namespace {

class Checker {
public:
    std::vector<SpecIssue> issues;

    void require(bool ok, const std::string& path, const std::string& expected) {
        if (!ok) issues.push_back({path, expected});
    }
    void finite(double v, const std::string& path) { require(std::isfinite(v), path, "expected a finite number"); }
    void positive(double v, const std::string& path) {
        require(std::isfinite(v) && v > 0.0, path, fmt::format("expected a positive number, got {}", v));
    }
    void non_negative(double v, const std::string& path) {
        require(std::isfinite(v) && v >= 0.0, path, fmt::format("expected a number >= 0, got {}", v));
    }
    void fraction(double v, const std::string& path) {
        require(std::isfinite(v) && v >= 0.0 && v <= 1.0, path, fmt::format("expected a value in [0, 1], got {}", v));
    }
    void vec(const Vec3& v, const std::string& path) {
        require(std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z), path, "expected a finite vector");
    }
    void curve(const PiecewiseLinear& c, const std::string& path, std::size_t min_points) {
        const std::vector<double> xs(c.xs().begin(), c.xs().end());
        const std::vector<double> ys(c.ys().begin(), c.ys().end());
        const std::string problem = curve_problem(xs, ys, min_points);
        require(problem.empty(), path, problem);
    }
};

void check_engine(Checker& k, const EngineSpec& e) {
    k.curve(e.torque_curve_nm, "engine.torque_curve", 2);
    if (!e.torque_curve_nm.empty()) k.require(e.torque_curve_nm.xs().front() >= 0.0, "engine.torque_curve", "rpm must be >= 0");
    if (!e.resistive_torque_curve_nm.empty()) k.curve(e.resistive_torque_curve_nm, "engine.resistive_torque_curve", 2);
    k.non_negative(e.max_power_w, "engine.max_power_w");
    k.non_negative(e.peak_power_rpm, "engine.peak_power_rpm");
    k.positive(e.rpm_limit, "engine.rpm_limit");
    k.positive(e.inertia_kgm2, "engine.inertia_kgm2");
    k.fraction(e.idle_throttle, "engine.idle_throttle");
    k.non_negative(e.stall_rpm, "engine.stall_rpm");
    k.positive(e.start_rpm, "engine.start_rpm");
    k.require(e.start_rpm > e.stall_rpm, "engine.start_rpm", "expected start_rpm above stall_rpm");
    k.require(e.rpm_limit > e.start_rpm, "engine.rpm_limit", "expected rpm_limit above start_rpm");
    k.non_negative(e.fuel_consumption_m3_per_rpm_s, "engine.fuel_consumption_m3_per_rpm_s");
    for (std::size_t i = 0; i < e.friction_torque_nm.size(); ++i) {
        k.non_negative(e.friction_torque_nm[i], fmt::format("engine.friction_torque_nm[{}]", i));
    }
    k.non_negative(e.displacement_m3, "engine.displacement_m3");
}

void check_clutch(Checker& k, const ClutchSpec& c) {
    k.fraction(c.pedal.free_play, "clutch.pedal.free_play");
    k.positive(c.pedal.working_range, "clutch.pedal.working_range");
    k.fraction(c.pedal.past_disengagement, "clutch.pedal.past_disengagement");
    const double sum = c.pedal.free_play + c.pedal.working_range + c.pedal.past_disengagement;
    k.require(std::abs(sum - 1.0) < 1e-9, "clutch.pedal", fmt::format("pedal zones must sum to 1, got {}", sum));
    if (c.model == ClutchModel::PedalForce) {
        k.positive(c.max_force_n, "clutch.max_force_n");
        k.positive(c.gamma, "clutch.gamma");
        k.require(std::isfinite(c.p) && c.p > 0.0 && c.p < 1.0, "clutch.p", "expected p in (0, 1)");
        k.require(c.face_count >= 1, "clutch.face_count", "expected at least 1 friction face");
        k.positive(c.equivalent_radius_m, "clutch.equivalent_radius_m");
        k.positive(c.mu_static, "clutch.mu_static");
        k.positive(c.mu_dynamic, "clutch.mu_dynamic");
        k.non_negative(c.slip_coefficient_s_per_m, "clutch.slip_coefficient_s_per_m");
    } else {
        k.positive(c.sliding_friction, "clutch.sliding_friction");
        k.positive(c.radius_m, "clutch.radius_m");
        k.positive(c.area_m2, "clutch.area_m2");
        k.positive(c.max_pressure_pa, "clutch.max_pressure_pa");
    }
}

void check_transmission(Checker& k, const TransmissionSpec& t) {
    k.require(!t.forward_ratios.empty(), "transmission.forward_ratios", "expected at least one forward gear");
    for (std::size_t i = 0; i < t.forward_ratios.size(); ++i) {
        k.positive(t.forward_ratios[i], fmt::format("transmission.forward_ratios[{}]", i));
    }
    k.require(std::isfinite(t.reverse_ratio) && t.reverse_ratio < 0.0, "transmission.reverse_ratio",
              "expected a negative ratio");
    k.positive(t.final_drive, "transmission.final_drive");
    k.require(std::isfinite(t.efficiency) && t.efficiency > 0.0 && t.efficiency <= 1.0, "transmission.efficiency",
              "expected a value in (0, 1]");
    k.non_negative(t.inertia_kgm2, "transmission.inertia_kgm2");
    k.non_negative(t.shift_time_s, "transmission.shift_time_s");
}

void check_differential(Checker& k, const DifferentialSpec& d, const std::string& path) {
    k.positive(d.final_drive, path + ".final_drive");
    k.fraction(d.torque_split, path + ".torque_split");
    k.non_negative(d.anti_slip_nm, path + ".anti_slip_nm");
    k.non_negative(d.anti_slip_torque, path + ".anti_slip_torque");
    k.non_negative(d.anti_slip_torque_deceleration_factor, path + ".anti_slip_torque_deceleration_factor");
}

void check_tire(Checker& k, const TireSpec& t, const std::string& path) {
    k.positive(t.radius_m, path + ".radius_m");
    k.non_negative(t.width_m, path + ".width_m");
    k.non_negative(t.aspect_ratio, path + ".aspect_ratio");
    k.non_negative(t.rim_diameter_m, path + ".rim_diameter_m");
    k.positive(t.rotational_inertia_kgm2, path + ".rotational_inertia_kgm2");
    k.fraction(t.tread, path + ".tread");
    k.non_negative(t.rolling_resistance.constant, path + ".rolling_resistance.constant");
    k.non_negative(t.rolling_resistance.v2_coefficient_s2_per_m2, path + ".rolling_resistance.v2_coefficient");
    k.non_negative(t.rolling_resistance.speed_coefficient_s_per_km, path + ".rolling_resistance.speed_coefficient");
    if (t.model == TireModel::Pacejka89) {
        const auto& p = t.pacejka;
        for (std::size_t i = 0; i < p.a.size(); ++i) k.finite(p.a[i], fmt::format("{}.pacejka.a[{}]", path, i));
        for (std::size_t i = 0; i < p.b.size(); ++i) k.finite(p.b[i], fmt::format("{}.pacejka.b[{}]", path, i));
        for (std::size_t i = 0; i < p.c.size(); ++i) k.finite(p.c[i], fmt::format("{}.pacejka.c[{}]", path, i));
        k.non_negative(p.gx1, path + ".pacejka.gx1");
        k.non_negative(p.gx2, path + ".pacejka.gx2");
        k.non_negative(p.gy1, path + ".pacejka.gy1");
        k.non_negative(p.gy2, path + ".pacejka.gy2");
    } else {
        k.curve(t.friction_curves.longitudinal, path + ".friction_curves.longitudinal", 2);
        k.curve(t.friction_curves.lateral, path + ".friction_curves.lateral", 2);
    }
}

void check_wheel(Checker& k, const WheelSpec& w, const std::string& path) {
    k.vec(w.position_m, path + ".position_m");
    k.positive(w.mass_kg, path + ".mass_kg");
    const double quarter_turn = std::numbers::pi / 2.0;
    k.require(std::isfinite(w.camber_rad) && std::abs(w.camber_rad) < quarter_turn, path + ".camber", "expected |camber| < 90 deg");
    k.require(std::isfinite(w.caster_rad) && std::abs(w.caster_rad) < quarter_turn, path + ".caster", "expected |caster| < 90 deg");
    k.require(std::isfinite(w.toe_rad) && std::abs(w.toe_rad) < quarter_turn, path + ".toe", "expected |toe| < 90 deg");
    k.require(std::isfinite(w.max_steer_rad) && std::abs(w.max_steer_rad) < quarter_turn, path + ".max_steer",
              "expected |steering lock| < 90 deg");
    k.require(std::isfinite(w.ackermann_rad) && std::abs(w.ackermann_rad) < quarter_turn, path + ".ackermann",
              "expected |ackermann| < 90 deg");
    const auto& s = w.suspension;
    k.positive(s.spring_n_per_m, path + ".suspension.spring_n_per_m");
    k.non_negative(s.bump_damping_ns_per_m, path + ".suspension.bump_damping_ns_per_m");
    k.non_negative(s.rebound_damping_ns_per_m, path + ".suspension.rebound_damping_ns_per_m");
    k.positive(s.travel_m, path + ".suspension.travel_m");
    k.non_negative(s.max_compression_velocity_m_per_s, path + ".suspension.max_compression_velocity_m_per_s");
    k.non_negative(s.anti_roll_n_per_m, path + ".suspension.anti_roll_n_per_m");
    k.vec(s.hinge_m, path + ".suspension.hinge_m");
    k.vec(s.position_m, path + ".suspension.position_m");
    check_tire(k, w.tire, path + ".tire");
    const auto& b = w.brake;
    k.non_negative(b.friction, path + ".brake.friction");
    k.non_negative(b.max_pressure_pa, path + ".brake.max_pressure_pa");
    k.non_negative(b.area_m2, path + ".brake.area_m2");
    k.non_negative(b.radius_m, path + ".brake.radius_m");
    k.fraction(b.bias, path + ".brake.bias");
    k.fraction(b.handbrake, path + ".brake.handbrake");
}

}  // namespace

std::vector<SpecIssue> find_spec_issues(const VehicleSpec& spec) {
    Checker k;
    k.require(!spec.masses.empty(), "masses", "expected at least one point mass");
    for (std::size_t i = 0; i < spec.masses.size(); ++i) {
        const std::string path = fmt::format("masses[{}] ({})", i, spec.masses[i].name);
        k.positive(spec.masses[i].mass_kg, path + ".mass_kg");
        k.vec(spec.masses[i].position_m, path + ".position_m");
    }
    const auto& f = spec.fuel_tank;
    k.vec(f.position_m, "fuel_tank.position_m");
    k.non_negative(f.capacity_m3, "fuel_tank.capacity_m3");
    k.non_negative(f.volume_m3, "fuel_tank.volume_m3");
    k.require(f.volume_m3 <= f.capacity_m3 * (1.0 + 1e-12), "fuel_tank.volume_m3", "expected volume <= capacity");
    k.positive(f.density_kg_per_m3, "fuel_tank.density_kg_per_m3");
    check_engine(k, spec.engine);
    check_clutch(k, spec.clutch);
    check_transmission(k, spec.transmission);
    const auto& d = spec.driveline;
    k.require(d.front.has_value() || d.rear.has_value(), "driveline", "expected a front or a rear differential");
    k.require(d.centre.has_value() == (d.front.has_value() && d.rear.has_value()), "driveline.centre",
              "expected a centre differential exactly when both axles are driven");
    if (d.front) check_differential(k, *d.front, "driveline.front");
    if (d.rear) check_differential(k, *d.rear, "driveline.rear");
    if (d.centre) check_differential(k, *d.centre, "driveline.centre");
    if (spec.brakes.form == BrakeForm::MaxTorque) {
        k.non_negative(spec.brakes.max_torque_nm, "brakes.max_torque_nm");
        k.fraction(spec.brakes.front_fraction, "brakes.front_fraction");
    }
    for (int i = 0; i < 4; ++i) check_wheel(k, spec.wheels[i], fmt::format("wheels.{}", kWheelNames[i]));
    const auto& w = spec.wheels;
    k.require(w[FL].position_m.x + w[FR].position_m.x > w[RL].position_m.x + w[RR].position_m.x, "wheels",
              "expected the front wheels ahead of the rear wheels (x forward)");
    k.require(w[FL].position_m.y > w[FR].position_m.y && w[RL].position_m.y > w[RR].position_m.y, "wheels",
              "expected the left wheels at larger y than the right wheels (y left)");
    for (std::size_t i = 0; i < spec.aero.size(); ++i) {
        const auto& a = spec.aero[i];
        const std::string path = fmt::format("aero[{}] ({})", i, a.name);
        k.vec(a.position_m, path + ".position_m");
        k.non_negative(a.frontal_area_m2, path + ".frontal_area_m2");
        k.non_negative(a.drag_coefficient, path + ".drag_coefficient");
        k.non_negative(a.surface_area_m2, path + ".surface_area_m2");
        k.finite(a.lift_coefficient, path + ".lift_coefficient");
        k.fraction(a.lift_efficiency, path + ".lift_efficiency");
    }
    return k.issues;
}

void validate(const VehicleSpec& spec) {
    auto issues = find_spec_issues(spec);
    if (!issues.empty()) throw SpecError(std::move(issues.front()));
}

}  // namespace tractive
