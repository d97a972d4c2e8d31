#include "tractive/spec/validate.hpp"

#include <fmt/format.h>

#include <cmath>

#include "tractive/spec/mass_properties.hpp"
#include "tractive/spec/parameter_table.hpp"

namespace tractive {

bool Range::contains(double v) const {
    if (!std::isfinite(v)) return false;
    const bool above_min = min_open ? v > min : v >= min;
    const bool below_max = max_open ? v < max : v <= max;
    return above_min && below_max;
}

std::string Range::problem(double v) const {
    if (contains(v)) return {};
    // A value on the wrong side of zero breaks the sign the kind names; say only that.
    const bool sign_problem = !std::isfinite(v) || (v <= min && min == 0.0) || (v >= max && max == 0.0) ||
                              (min >= 0.0 && v <= 0.0) || (max <= 0.0 && v >= 0.0);
    if (sign_problem || bounds_in_kind) return fmt::format("expected {}, got {}", kind, v);
    const std::string space = *unit ? " " : "";
    if (min <= 0.0 && max > 0.0 && min == -max) {
        return fmt::format("expected {} of magnitude at most {}{}{}, got {} (plausible range)", kind,
                           max, space, unit, v);
    }
    if (min == 0.0) {
        return fmt::format("expected {} of at most {}{}{}, got {} (plausible range)", kind, max, space,
                           unit, v);
    }
    return fmt::format("expected {} from {} to {}{}{}, got {} (plausible range)", kind, min, max, space,
                       unit, v);
}

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

using namespace plausible;

class Checker {
public:
    std::vector<SpecIssue> issues;

    void require(bool ok, const std::string& path, const std::string& expected) {
        if (!ok) issues.push_back({path, expected});
    }
    void in(double v, const Range& range, const std::string& path) {
        if (!range.contains(v)) issues.push_back({path, range.problem(v)});
    }
    void vec(const Vec3& v, const std::string& path) {
        for (double c : {v.x, v.y, v.z}) {
            if (!kCoordinate.contains(c)) {
                issues.push_back({path, kCoordinate.problem(c)});
                return;
            }
        }
    }
    // Every number and point of `table` (spec/parameter_table.hpp) in its range, in the file's
    // unit, under `path` + "." + its key.
    template <class Part>
    void parameters(std::span<const Parameter<Part>> table, const Part& part, const std::string& path) {
        for (const auto& p : table) {
            const std::string key = path + "." + std::string(p.key);
            if (p.number) in(part.*p.number / p.si_per_file_unit, p.range, key);
            if (p.point) vec(part.*p.point, key);
        }
    }
    // A curve whose x and y values lie in the given ranges.
    void curve(const PiecewiseLinear& c, const std::string& path, std::size_t min_points, const Range& x,
               const Range& y) {
        const std::vector<double> xs(c.xs().begin(), c.xs().end());
        const std::vector<double> ys(c.ys().begin(), c.ys().end());
        const std::string problem = curve_problem(xs, ys, min_points);
        require(problem.empty(), path, problem);
        for (std::size_t i = 0; problem.empty() && i < xs.size(); ++i) {
            in(xs[i], x, fmt::format("{}[{}]", path, i));
            in(ys[i], y, fmt::format("{}[{}]", path, i));
        }
    }
};

void check_engine(Checker& k, const EngineSpec& e) {
    k.curve(e.torque_curve_nm, "engine.torque_curve", 2, kRpmOrZero, kTorque);
    if (!e.resistive_torque_curve_nm.empty()) {
        k.curve(e.resistive_torque_curve_nm, "engine.resistive_torque_curve", 2, kRpmOrZero, kTorque);
    }
    k.parameters(kEngineParameters, e, "engine");
    k.require(e.start_rpm > e.stall_rpm, "engine.start_rpm", fmt::format("expected start rpm above stall rpm ({})", e.stall_rpm));
    k.require(e.rpm_limit > e.start_rpm, "engine.rpm_limit", fmt::format("expected rpm limit above start rpm ({})", e.start_rpm));
    for (std::size_t i = 0; i < e.friction_torque_nm.size(); ++i) {
        k.in(e.friction_torque_nm[i], kTorqueOrZero, fmt::format("engine.friction_torque_nm[{}]", i));
    }
}

void check_clutch(Checker& k, const ClutchSpec& c) {
    k.in(c.pedal.free_play, kFraction, "clutch.pedal.free_play");
    k.require(c.pedal.working_range > 0.0, "clutch.pedal.working_range", "expected a positive working range");
    k.in(c.pedal.working_range, kFraction, "clutch.pedal.working_range");
    k.in(c.pedal.past_disengagement, kFraction, "clutch.pedal.past_disengagement");
    const double sum = c.pedal.free_play + c.pedal.working_range + c.pedal.past_disengagement;
    k.require(std::abs(sum - 1.0) < 1e-9, "clutch.pedal", fmt::format("pedal zones must sum to 1, got {}", sum));
    if (c.model == ClutchModel::PedalForce) {
        k.parameters(kClutchPedalForceParameters, c, "clutch");
        k.require(c.face_count >= 1 && c.face_count <= 64, "clutch.face_count", "expected 1 to 64 friction faces");
    } else {
        k.parameters(kClutchVDriftParameters, c, "clutch");
    }
}

void check_transmission(Checker& k, const TransmissionSpec& t) {
    k.require(!t.forward_ratios.empty(), "transmission.forward_ratios", "expected at least one forward gear");
    k.require(t.forward_ratios.size() <= 20, "transmission.forward_ratios", "expected at most 20 forward gears");
    for (std::size_t i = 0; i < t.forward_ratios.size(); ++i) {
        k.in(t.forward_ratios[i], kGearRatio, fmt::format("transmission.forward_ratios[{}]", i));
    }
    k.parameters(kTransmissionParameters, t, "transmission");
}

void check_differential(Checker& k, const DifferentialSpec& d, const std::string& path) {
    k.parameters(kDifferentialParameters, d, path);
}

void check_tyre(Checker& k, const TyreSpec& t, const std::string& path) {
    k.parameters(kTyreParameters, t, path);
    k.parameters(kRollingResistanceParameters, t.rolling_resistance, path + ".rolling_resistance");
    if (t.model == TyreModel::Pacejka89) {
        const auto& p = t.pacejka;
        for (std::size_t i = 0; i < p.a.size(); ++i) k.in(p.a[i], kPacejka, fmt::format("{}.pacejka.a[{}]", path, i));
        for (std::size_t i = 0; i < p.b.size(); ++i) k.in(p.b[i], kPacejka, fmt::format("{}.pacejka.b[{}]", path, i));
        for (std::size_t i = 0; i < p.c.size(); ++i) k.in(p.c[i], kPacejka, fmt::format("{}.pacejka.c[{}]", path, i));
        k.parameters(kPacejkaCombinedParameters, p, path + ".combined");
    } else if (t.model == TyreModel::FrictionCurve) {
        k.curve(t.friction_curves.longitudinal, path + ".friction_curves.longitudinal", 2, kPacejka, kPacejka);
        k.curve(t.friction_curves.lateral, path + ".friction_curves.lateral", 2, kPacejka, kPacejka);
    } else if (t.model == TyreModel::Pacejka2002) {
        const auto& p = t.pacejka2002;
        for (std::size_t i = 0; i < p.c.size(); ++i)
            k.in(p.c[i], kPacejka, fmt::format("{}.pacejka2002.{}", path, kPacejka2002Names[i]));
        k.in(p.nominal_load_n, kTyreLoad, path + ".pacejka2002.FZ0");
        // Ky = PKY1 FZ0 sin(2 atan(Fz / (PKY2 FZ0))): PKY2 divides.
        k.require(std::abs(p.c[mf52::PKY2]) >= 1e-6, path + ".pacejka2002.PKY2", "expected a number other than 0 (it divides the load)");
    } else if (t.model == TyreModel::MagicFormula) {
        const MagicFormulaTyre& m = t.magic_formula;
        for (std::size_t i = 0; i < m.c.size(); ++i)
            k.in(m.c[i], kPacejka, fmt::format("{}.magic_formula.{}", path, kMagicFormulaNames[i]));
        k.parameters(kMagicFormulaTableParameters, m, path + ".magic_formula");
        // Scale factors that divide or set the friction: positive.
        for (const std::size_t i : {mf::LFZO, mf::LMUX, mf::LMUY})
            k.require(m.c[i] > 0.0, fmt::format("{}.magic_formula.{}", path, kMagicFormulaNames[i]), "expected a positive scale factor");
        // The rolling resistance's exponents of load and pressure (io/tir_loader.hpp).
        for (const std::size_t i : {mf::QSY7, mf::QSY8})
            k.in(m.c[i], magnitude_up_to(10.0, ""), fmt::format("{}.magic_formula.{}", path, kMagicFormulaNames[i]));
        // The lateral relaxation length PTY1 sin(2 atan(Fz / (PTY2 Fz0'))) R0 LFZO LSGAL: not
        // negative, and PTY2 dividing the load when PTY1 gives one.
        k.require(m.c[mf::PTY1] >= 0.0, path + ".magic_formula.PTY1", "expected a number >= 0 (a relaxation length's factor)");
        k.require(!(m.c[mf::PTY1] > 0.0) || m.c[mf::PTY2] > 0.0, path + ".magic_formula.PTY2",
                  "expected a positive number (PTY1 is given, and PTY2 divides the load)");
        k.require(m.c[mf::LSGAL] > 0.0, path + ".magic_formula.LSGAL", "expected a positive scale factor");
    } else if (t.model == TyreModel::Brush) {
        k.parameters(kBrushTyreParameters, t.brush, path + ".brush");
        // The contact patch comes from the tyre's size.
        k.require(t.width_m > 0.0, path + ".width_m", "expected the tyre's width: the brush model's patch needs it");
        k.require(t.aspect_ratio > 0.0, path + ".aspect_ratio", "expected the tyre's aspect ratio: the brush model's patch needs it");
    }
    if (t.size_reference) k.parameters(kTyreSizeReferenceParameters, *t.size_reference, path + ".size_reference");
}

void check_wheel(Checker& k, const WheelSpec& w, const std::string& path) {
    k.parameters(kWheelParameters, w, path);
    const auto& s = w.suspension;
    k.parameters(kSuspensionParameters, s, path + ".suspension");
    if (s.hinge_m) k.vec(*s.hinge_m, path + ".suspension.hinge_m");
    if (s.double_wishbone) k.parameters(kDoubleWishboneParameters, *s.double_wishbone, path + ".suspension.double_wishbone");
    if (s.macpherson_strut) k.parameters(kMacPhersonStrutParameters, *s.macpherson_strut, path + ".suspension.macpherson_strut");
    check_tyre(k, w.tyre, path + ".tyre");
    k.parameters(kWheelBrakeParameters, w.brake, path + ".brake");
}

void check_wheel_layout(Checker& k, const std::array<WheelSpec, 4>& w) {
    k.require(w[FL].position_m.x + w[FR].position_m.x > w[RL].position_m.x + w[RR].position_m.x, "wheels",
              "expected the front wheels ahead of the rear wheels (x forward)");
    k.require(w[FL].position_m.y > w[FR].position_m.y && w[RL].position_m.y > w[RR].position_m.y, "wheels",
              "expected the left wheels at larger y than the right wheels (y left)");
}

// The point mass that carries the centre of mass furthest beyond `edge` along `outward` (a unit
// axis): the largest m (p . outward - edge); -1 if none lies beyond it.
int mass_furthest_beyond(const std::vector<PointMass>& masses, const Vec3& outward, double edge) {
    int furthest = -1;
    double largest_moment = 0.0;
    for (std::size_t i = 0; i < masses.size(); ++i) {
        const double moment = masses[i].mass_kg * (dot(masses[i].position_m, outward) - edge);
        if (moment > largest_moment) largest_moment = moment, furthest = static_cast<int>(i);
    }
    return furthest;
}

// The issue goes to the point mass furthest out (its file line), naming it; to the whole car
// when none lies beyond.
void centre_of_mass_issue(Checker& k, const VehicleSpec& spec, const Vec3& outward, double edge, const std::string& message) {
    const int furthest = mass_furthest_beyond(spec.masses, outward, edge);
    if (furthest < 0) {
        k.require(false, "centre_of_mass", message);
        return;
    }
    const PointMass& m = spec.masses[static_cast<std::size_t>(furthest)];
    k.require(false, fmt::format("masses[{}].position_m", furthest),
              fmt::format("{} (the mass that carries it furthest: '{}', {:.4g} kg at [{:.4g}, {:.4g}, {:.4g}] m)", message, m.name, m.mass_kg,
                          m.position_m.x, m.position_m.y, m.position_m.z));
}

// The static wheel loads must all be positive: a centre of mass behind the rear axle, ahead of
// the front one or beside the wheels would lift a wheel off the ground at rest.
void check_centre_of_mass(Checker& k, const VehicleSpec& spec) {
    const MassProperties mp = mass_properties(spec);
    const StaticWheelLoads loads = static_wheel_loads(spec, mp);
    const auto& w = spec.wheels;
    const double x_front = 0.5 * (w[FL].position_m.x + w[FR].position_m.x);
    const double x_rear = 0.5 * (w[RL].position_m.x + w[RR].position_m.x);
    if (!(loads.front_axle_fraction > 0.0 && loads.front_axle_fraction < 1.0)) {
        const bool ahead = mp.cg_m.x > 0.5 * (x_front + x_rear);
        centre_of_mass_issue(k, spec, {ahead ? 1.0 : -1.0, 0.0, 0.0}, ahead ? x_front : -x_rear,
                             fmt::format("the centre of mass (x = {:.4g} m) lies outside the wheelbase (rear axle x = {:.4g} m, front "
                                         "axle x = {:.4g} m): expected it between the axles, so that every static wheel load is positive",
                                         mp.cg_m.x, x_rear, x_front));
        return;
    }
    for (int i = 0; i < 4; ++i) {
        if (std::isfinite(loads.load_n[i]) && loads.load_n[i] > 0.0) continue;
        // A wheel unloaded on one side: the centre of mass beyond the other side's wheels.
        const bool left_unloaded = i == FL || i == RL;
        const int other = i ^ 1;  // the same axle's other wheel (FL, FR and RL, RR pair so)
        const double side = left_unloaded ? -1.0 : 1.0;
        centre_of_mass_issue(k, spec, {0.0, side, 0.0}, side * w[static_cast<std::size_t>(other)].position_m.y,
                             fmt::format("the centre of mass (y = {:.4g} m) lies outside the track (static load on wheel {} is {:.4g} N): "
                                         "expected it between the left and right wheels, so that every static wheel load is positive",
                                         mp.cg_m.y, kWheelNames[i], loads.load_n[i]));
        return;
    }
}

}  // namespace

std::vector<SpecIssue> find_spec_issues(const VehicleSpec& spec) {
    Checker k;
    k.require(!spec.masses.empty(), "masses", "expected at least one point mass");
    for (std::size_t i = 0; i < spec.masses.size(); ++i) {
        k.parameters(kPointMassParameters, spec.masses[i], fmt::format("masses[{}]", i));
    }
    const auto& f = spec.fuel_tank;
    k.parameters(kFuelTankParameters, f, "fuel_tank");
    k.require(f.volume_m3 <= f.capacity_m3 * (1.0 + 1e-12), "fuel_tank.volume_m3", "expected volume <= capacity");
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
    if (spec.brakes.form == BrakeForm::MaxTorque) k.parameters(kBrakeSystemMaxTorqueParameters, spec.brakes, "brakes");
    for (int i = 0; i < 4; ++i) check_wheel(k, spec.wheels[i], fmt::format("wheels.{}", kWheelNames[i]));
    check_wheel_layout(k, spec.wheels);
    for (std::size_t i = 0; i < spec.aero.size(); ++i) {
        k.parameters(kAeroDeviceParameters, spec.aero[i], fmt::format("aero[{}]", i));
    }
    k.require(spec.body_spheres.size() <= kMaxBodySpheres, "body_spheres",
              fmt::format("expected at most {} spheres, got {}", kMaxBodySpheres, spec.body_spheres.size()));
    for (std::size_t i = 0; i < spec.body_spheres.size(); ++i) {
        k.parameters(kBodySphereParameters, spec.body_spheres[i], fmt::format("body_spheres[{}]", i));
    }
    // Only a spec sound so far has meaningful mass properties.
    if (k.issues.empty()) check_centre_of_mass(k, spec);
    return k.issues;
}

void validate(const VehicleSpec& spec) {
    auto issues = find_spec_issues(spec);
    if (!issues.empty()) throw SpecError(std::move(issues.front()));
}

}  // namespace tractive
