// VDrift .car writer, current format (seed 002; ../shared/vdrift-data/README.md): the inverse of
// io/vdrift_loader.cpp's current-format reader, key for key. Axes: ours are ISO 8855 (x forward,
// y left, z up), the file's x right, y forward, z up: file (x, y, z) = (-y, x, z). Right-wheel
// camber, toe and Ackermann are written mirrored, as the format has them.

#include "tractive/io/vdrift_writer.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

#include "tractive/io/load_error.hpp"
#include "tractive/io/toml_writer.hpp"
#include "tractive/spec/tyre_size.hpp"

namespace tractive {

namespace {

std::string num(double v) { return fmt::format("{}", v == 0.0 ? 0.0 : v); }

std::string position(const Vec3& iso) { return fmt::format("{}, {}, {}", num(-iso.y), num(iso.x), num(iso.z)); }

std::string degrees(double radians) { return num(degrees_for_exact_radians(radians)); }

// A section name the loader reads back as written: no INI syntax, no dots (they nest), none of
// the format's own sections, unique.
std::string section_name(std::string name, std::string_view fallback, std::set<std::string>& taken) {
    for (char& ch : name) {
        if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') ch = '-';
    }
    static const std::set<std::string> reserved = {"engine", "clutch", "transmission", "fuel-tank", "steering",
                                                   "contact-points", "differential", "drive"};
    if (name.empty() || reserved.contains(name) || name.starts_with("differential-") || name.starts_with("wheel")) {
        name = std::string(fallback) + (name.empty() ? "" : "-" + name);
    }
    std::string unique = name;
    for (int n = 2; taken.contains(unique); ++n) unique = fmt::format("{}-{}", name, n);
    taken.insert(unique);
    return unique;
}

// The loader's role from a section's name (vdrift_loader.cpp role_of_section): a name that says
// another role than the mass's gets the mass's role as a prefix.
std::string mass_section_name(const PointMass& m, std::set<std::string>& taken) {
    const auto says = [&](std::string_view prefix) { return m.name.starts_with(prefix); };
    std::string name = m.name;
    switch (m.role) {
        case MassRole::Driver:
            if (!says("driver")) name = "driver-" + name;
            break;
        case MassRole::Ballast:
            if (!says("balance") && !says("ballast")) name = "ballast-" + name;
            break;
        case MassRole::Body:
        case MassRole::Engine:  // a second engine mass: a body mass in VDrift's format
            if (says("driver") || says("balance") || says("ballast")) name = "body-" + name;
            break;
    }
    return section_name(name, "mass", taken);
}

void write_engine(std::string& o, const VehicleSpec& spec, const PointMass* engine_mass, std::vector<std::string>& notes) {
    const EngineSpec& e = spec.engine;
    o += "\n[engine]\n";
    o += fmt::format("position = {}\n", position(engine_mass ? engine_mass->position_m : Vec3{}));
    o += fmt::format("mass = {}\n", num(engine_mass ? engine_mass->mass_kg : 0.0));
    if (e.displacement_m3 > 0.0) o += fmt::format("displacement = {}\n", num(e.displacement_m3));
    if (e.max_power_w > 0.0) o += fmt::format("max-power = {}\n", num(e.max_power_w));
    if (e.peak_power_rpm > 0.0) o += fmt::format("peak-engine-rpm = {}\n", num(e.peak_power_rpm));
    o += fmt::format("rpm-limit = {}\n", num(e.rpm_limit));
    o += fmt::format("inertia = {}\n", num(e.inertia_kgm2));
    o += fmt::format("idle = {}\n", num(e.idle_throttle));
    o += fmt::format("start-rpm = {}\n", num(e.start_rpm));
    o += fmt::format("stall-rpm = {}\n", num(e.stall_rpm));
    o += fmt::format("efficiency = {}\n", num(e.thermal_efficiency));
    o += fmt::format("fuel-heating-value = {}\n", num(e.fuel_heating_value_j_per_kg));
    o += fmt::format("torque-friction = {}, {}, {}\n", num(e.friction_torque_nm[0]), num(e.friction_torque_nm[1]),
                     num(e.friction_torque_nm[2]));
    if (!e.torque_curve_from_power) {
        for (std::size_t i = 0; i < e.torque_curve_nm.size(); ++i) {
            o += fmt::format("torque-curve-{:02} = {}, {}\n", i, num(e.torque_curve_nm.xs()[i]), num(e.torque_curve_nm.ys()[i]));
        }
    }
    if (!e.resistive_torque_curve_nm.empty()) {
        notes.push_back(
            "engine: VDrift has no zero-throttle torque curve (UC-win/Road's resistive torque): its friction torque "
            "f0 + f1 r + f2 r^2 is written instead, so engine braking differs");
    }
}

void write_clutch(std::string& o, const ClutchSpec& c, std::vector<std::string>& notes) {
    o += "\n[clutch]\n";
    if (c.model == ClutchModel::VDrift) {
        o += fmt::format("sliding = {}\nradius = {}\narea = {}\nmax-pressure = {}\n", num(c.sliding_friction), num(c.radius_m),
                         num(c.area_m2), num(c.max_pressure_pa));
        return;
    }
    // Seed 000's pedal-force clutch engaged and not slipping holds T = n mu_s Req Fmax
    // (laws/clutch.hpp, clutch_static_capacity_nm). VDrift's capacity is sliding x radius x area x
    // max-pressure: the same with sliding = mu_s, radius = Req and a pressure n Fmax over
    // VDrift's default area, 0.04 m^2.
    constexpr double kArea_m2 = 0.04;
    const double pressure_pa = c.face_count * c.max_force_n / kArea_m2;
    o += fmt::format("sliding = {}\nradius = {}\narea = {}\nmax-pressure = {}\n", num(c.mu_static), num(c.equivalent_radius_m),
                     num(kArea_m2), num(pressure_pa));
    notes.push_back(fmt::format(
        "clutch: seed 000's pedal-force clutch written as VDrift's with the same capacity engaged, "
        "n mu_s Req Fmax = {:.0f} N m; the pedal's zones, the clamp-force curve and the friction's change with slip "
        "speed (to mu_d = {}) have no keys",
        c.face_count * c.mu_static * c.equivalent_radius_m * c.max_force_n, num(c.mu_dynamic)));
}

void write_transmission(std::string& o, const TransmissionSpec& t) {
    o += "\n[transmission]\n";
    o += fmt::format("gears = {}\n", t.forward_ratios.size());
    for (std::size_t g = 0; g < t.forward_ratios.size(); ++g) o += fmt::format("gear-ratio-{} = {}\n", g + 1, num(t.forward_ratios[g]));
    o += fmt::format("gear-ratio-r = {}\n", num(t.reverse_ratio));
    o += fmt::format("shift-time = {}\n", num(t.shift_time_s));
}

// VDrift's anti-slip is one number for a viscous coupling's coefficient and its cap: the
// coefficient is written, and a different cap noted.
void write_differential(std::string& o, std::string_view section, const DifferentialSpec& d, double final_drive,
                        std::vector<std::string>& notes) {
    o += fmt::format("\n[{}]\n", section);
    o += fmt::format("final-drive = {}\n", num(final_drive));
    const bool viscous = d.type == DifferentialType::Viscous;
    const double anti_slip = viscous ? d.viscous_coefficient_nm_s_per_rad : d.locking_torque_limit_nm;
    if (viscous && d.locking_torque_limit_nm != anti_slip) {
        notes.push_back(fmt::format("{}: locking_torque_limit_nm {} written as VDrift's anti-slip {}, its one number for the viscous "
                                    "coefficient and the cap", section, num(d.locking_torque_limit_nm), num(anti_slip)));
    }
    o += fmt::format("anti-slip = {}\n", num(anti_slip));  // always: VDrift's default is 600, not 0
    if (d.torque_sensing_ratio != 0.0) o += fmt::format("anti-slip-torque = {}\n", num(d.torque_sensing_ratio));
    if (d.torque_sensing_coast_factor != 0.0)
        o += fmt::format("anti-slip-torque-deceleration-factor = {}\n", num(d.torque_sensing_coast_factor));
    o += fmt::format("torque-split = {}\n", num(d.torque_split));
}

// VDrift has no gearbox-side final drive: it is multiplied into the differential next to the
// gearbox (the centre one of a four-wheel drive), which gives the same overall ratio.
void write_driveline(std::string& o, const VehicleSpec& spec, std::vector<std::string>& notes) {
    const DrivelineSpec& d = spec.driveline;
    const double gearbox_final_drive = spec.transmission.final_drive;
    const std::optional<DifferentialSpec>& first = d.centre ? d.centre : (d.rear ? d.rear : d.front);
    const auto final_drive = [&](const std::optional<DifferentialSpec>& diff) {
        return &diff == &first ? diff->final_drive * gearbox_final_drive : diff->final_drive;
    };
    if (gearbox_final_drive != 1.0 && first) {
        notes.push_back(fmt::format("transmission.final_drive {} multiplied into the {} differential's final-drive "
                                    "(VDrift has no gearbox final drive): the overall ratio is the same",
                                    num(gearbox_final_drive), d.centre ? "centre" : (d.rear ? "rear" : "front")));
    }
    if (d.front) write_differential(o, "differential-front", *d.front, final_drive(d.front), notes);
    if (d.rear) write_differential(o, "differential-rear", *d.rear, final_drive(d.rear), notes);
    if (d.centre) write_differential(o, "differential-center", *d.centre, final_drive(d.centre), notes);
}

void write_fuel_tank(std::string& o, const FuelTankSpec& f) {
    o += "\n[fuel-tank]\n";
    o += fmt::format("position = {}\ncapacity = {}\nvolume = {}\nfuel-density = {}\n", position(f.position_m),
                     num(f.capacity_m3), num(f.volume_m3), num(f.density_kg_per_m3));
}

// ---------------------------------------------------------------------------------------------
// Tyres

std::string pacejka89_text(const TyreSpec& t) {
    const PacejkaCoefficients& p = t.pacejka;
    static constexpr std::array<const char*, 15> a_keys = {"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7",
                                                           "a8", "a9", "a10", "a111", "a112", "a12", "a13"};
    std::string o;
    for (std::size_t i = 0; i < a_keys.size(); ++i) o += fmt::format("{} = {}\n", a_keys[i], num(p.a[i]));
    for (std::size_t i = 0; i < p.b.size(); ++i) o += fmt::format("b{} = {}\n", i, num(p.b[i]));
    for (std::size_t i = 0; i < p.c.size(); ++i) o += fmt::format("c{} = {}\n", i, num(p.c[i]));
    o += fmt::format("gx1 = {}\ngx2 = {}\ngy1 = {}\ngy2 = {}\n", num(p.gx1), num(p.gx2), num(p.gy1), num(p.gy2));
    o += fmt::format("tread = {}\n", num(t.tread));
    return o;
}

std::string rolling_resistance_text(const TyreSpec& t) {
    return fmt::format("rolling-resistance = {}, {}\n", num(t.rolling_resistance.constant),
                       num(t.rolling_resistance.v2_coefficient_s2_per_m2));
}

std::string size_reference_text(const TyreSpec& t, bool with_load) {
    if (!t.size_reference) return {};
    const TyreSizeReference& r = *t.size_reference;
    std::string o = fmt::format("R0 = {}\nW0 = {}\nAR0 = {}\nPT0 = {}\n", num(r.radius_m), num(r.width_m), num(r.aspect_ratio),
                                num(r.pressure_bar));
    if (with_load) o += fmt::format("FZ0 = {}\n", num(r.load_n));
    return o;
}

// A .tiren's coefficients as written in the file, and the wheel's facing, for coefficients `c`
// as the law sees them on that wheel (the loader multiplies the sided ones by -1 for "left",
// +1 for any other facing, 0 without one).
struct SidedPacejka2002 {
    Pacejka2002Coefficients file;
    std::string facing;  // "", "left" or "right"
};

SidedPacejka2002 sided_pacejka2002(const Pacejka2002Coefficients& on_wheel, bool right) {
    SidedPacejka2002 s{on_wheel, ""};
    const bool sided = std::any_of(kPacejka2002SidedCoefficients.begin(), kPacejka2002SidedCoefficients.end(),
                                   [&](mf52::Index i) { return on_wheel.c[i] != 0.0; });
    if (!sided) return s;
    s.facing = right ? "right" : "left";
    if (!right) {
        for (const mf52::Index i : kPacejka2002SidedCoefficients) s.file.c[i] = -on_wheel.c[i];
    }
    return s;
}

std::string pacejka2002_text(const TyreSpec& t, const Pacejka2002Coefficients& file) {
    std::string o = rolling_resistance_text(t);
    o += fmt::format("tread = {}\n", num(t.tread));
    for (std::size_t i = 0; i < kPacejka2002Names.size(); ++i) o += fmt::format("{} = {}\n", kPacejka2002Names[i], num(file.c[i]));
    o += fmt::format("FZ0 = {}\n", num(file.nominal_load_n));
    o += size_reference_text(t, false);
    return o;
}

std::string brush_text(const TyreSpec& t) {
    const BrushTyreParameters& b = t.brush;
    std::string o;
    // Read by VDrift's CarTire3, not by its law: the wheel's size gives the tyre's (as here).
    o += fmt::format("radius = {}\nwidth = {}\nar = {}\n", num(t.radius_m), num(t.width_m), num(t.aspect_ratio));
    o += fmt::format("pt = {}\nktx = {}\nkty = {}\nkcb = {}\nccb = {}\ncfy = {}\n", num(b.pressure_bar),
                     num(b.tread_stiffness_x_bar_per_m), num(b.tread_stiffness_y_bar_per_m), num(b.carcass_stiffness_n_per_m),
                     num(b.camber_carcass_factor), num(b.lateral_force_factor));
    o += fmt::format("dz0 = {}\np0 = {}\nmus = {}\nmuc = {}\nvs = {}\n", num(b.reference_deflection_m),
                     num(b.reference_pressure_bar), num(b.static_friction), num(b.sliding_friction), num(b.stribeck_speed_m_per_s));
    o += fmt::format("cr0 = {}\ncr2 = {}\ntread = {}\n", num(t.rolling_resistance.constant),
                     num(t.rolling_resistance.v2_coefficient_s2_per_m2), num(t.tread));
    return o;
}

// The tyre's size as the format writes it (width mm, aspect ratio %, rim diameter in), each the
// number the loader's unit factor turns back into the spec's value; and the size the loader
// makes of it. A tyre given by its radius alone gets a 205 mm, 55 % section on the rim that
// gives that radius; one too small for that section (under 0.2255 m, twice its sidewall) a 55 %
// section whose sidewall is half the radius (a kart's, a model's), so that the rim is never
// smaller than the tyre's radius (below 0.113 m the rim came out negative: not writable).
struct WrittenSize {
    double width_mm = 0.0, aspect_percent = 0.0, rim_in = 0.0;
    TyreSize loaded;
};

WrittenSize written_size(const TyreSpec& t) {
    TyreSize size{t.width_m, t.aspect_ratio, t.rim_diameter_m};
    if (!(size.width_m > 0.0 && size.aspect_ratio > 0.0 && size.rim_diameter_m > 0.0)) {
        const double sidewall_m = std::min(0.205 * 0.55, 0.5 * t.radius_m);
        size = {sidewall_m / 0.55, 0.55, 2.0 * (t.radius_m - sidewall_m)};
    }
    WrittenSize w{exact_quotient(size.width_m, 1e-3), exact_quotient(size.aspect_ratio, 1e-2),
                  exact_quotient(size.rim_diameter_m, 0.0254), {}};
    w.loaded = {w.width_mm * 1e-3, w.aspect_percent * 1e-2, w.rim_in * 0.0254};
    return w;
}

std::string tyre_size(const TyreSpec& t, const std::string& key, std::vector<std::string>& notes) {
    const WrittenSize w = written_size(t);
    if (!(t.width_m > 0.0 && t.aspect_ratio > 0.0 && t.rim_diameter_m > 0.0)) {
        notes.push_back(fmt::format("{}: the format gives a tyre by its size (width, aspect ratio, rim); the tyre of "
                                    "radius {} m has none, so 205/55 on a {:.2f} in rim is written, of the same radius",
                                    key, num(t.radius_m), w.rim_in));
    }
    return fmt::format("{}, {}, {}", num(w.width_mm), num(w.aspect_percent), num(w.rim_in));
}

// A .tiren needs its size reference (R0, W0, AR0, PT0 with FZ0): one without gets its wheel's own
// size, which makes VDrift's size scaling 1.
TyreSizeReference own_size_reference(const TyreSpec& t, double pressure_bar, double load_n) {
    const TyreSize size = written_size(t).loaded;
    return {tyre_radius_m(size), size.width_m, size.aspect_ratio, pressure_bar, load_n};
}

// One wheel's tyre as VDrift files hold it: the tyre file's extension and text, and the wheel's
// facing.
struct WheelTyre {
    std::string extension;
    std::string text;
    std::string facing;
};

WheelTyre wheel_tyre(const TyreSpec& t, int wheel, const std::string& source, std::vector<std::string>& notes) {
    const bool right = wheel == FR || wheel == RR;
    const std::string key = fmt::format("wheels.{}.tyre", kWheelNames[wheel]);
    if (t.rolling_resistance.form == RollingResistanceForm::Speed && t.model != TyreModel::MagicFormula) {
        notes.push_back(fmt::format("{}: UC-win/Road's rolling resistance c + k v has no form in VDrift's tyre files "
                                    "(c0 + c2 v^2): c = {} written, k = {} s/km not",
                                    key, num(t.rolling_resistance.constant), num(t.rolling_resistance.speed_coefficient_s_per_km)));
    }
    switch (t.model) {
        case TyreModel::Pacejka89:
            return {".tire", rolling_resistance_text(t) + pacejka89_text(t) + size_reference_text(t, true), ""};
        case TyreModel::Brush:
            return {".tirep", brush_text(t), ""};
        case TyreModel::Pacejka2002: {
            const SidedPacejka2002 s = sided_pacejka2002(t.pacejka2002, right);
            TyreSpec with_reference = t;
            if (!with_reference.size_reference)
                with_reference.size_reference = own_size_reference(t, 2.0, t.pacejka2002.nominal_load_n);
            return {".tiren", pacejka2002_text(with_reference, s.file), s.facing};
        }
        case TyreModel::MagicFormula: {
            // The .tir is a left-hand tyre, mirrored on the right (laws/tyre.hpp); VDrift's side
            // factor mirrors the asymmetric coefficients the same way.
            std::vector<std::string> dropped;
            Pacejka2002Coefficients on_wheel = pacejka2002_from_magic_formula(t.magic_formula, &dropped);
            if (right) {
                for (const mf52::Index i : kPacejka2002SidedCoefficients) on_wheel.c[i] = -on_wheel.c[i];
            }
            const SidedPacejka2002 s = sided_pacejka2002(on_wheel, right);
            TyreSpec as_tyren = t;
            as_tyren.rolling_resistance = {RollingResistanceForm::VDrift, t.magic_formula.c[mf::QSY1], 0.0, 0.0};
            const double pressure_pa = t.magic_formula.inflation_pressure_pa > 0.0 ? t.magic_formula.inflation_pressure_pa : 2e5;
            as_tyren.size_reference = own_size_reference(t, pressure_pa * 1e-5, on_wheel.nominal_load_n);
            const std::string note = fmt::format(
                "a Magic Formula (.tir) tyre written as VDrift's Pacejka 2002 subset (.tiren): its shared coefficients "
                "with the scale factors folded in, rolling resistance QSY1 = {} alone{}",
                num(t.magic_formula.c[mf::QSY1]),
                dropped.empty() ? "" : fmt::format("; not held (not zero in the file): {}", fmt::join(dropped, " ")));
            if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(note);
            return {".tiren", pacejka2002_text(as_tyren, s.file), s.facing};
        }
        case TyreModel::FrictionCurve:
            break;
    }
    throw LoadError({source, 0}, key,
                    "a friction-curve tyre (UC-win/Road) has no form in VDrift's format: expected a Pacejka '89, "
                    "Pacejka 2002, brush or Magic Formula (.tir) tyre");
}

// ---------------------------------------------------------------------------------------------
// Wheels

void write_suspension(std::string& o, const std::string& base, const WheelSpec& w) {
    const SuspensionSpec& s = w.suspension;
    o += fmt::format("\n[{}.coilover]\n", base);
    o += fmt::format("spring-constant = {}\nbounce = {}\nrebound = {}\ntravel = {}\nanti-roll = {}\n", num(s.spring_n_per_m),
                     num(s.bump_damping_ns_per_m), num(s.rebound_damping_ns_per_m), num(s.travel_m), num(s.anti_roll_n_per_m));
    if (s.max_compression_velocity_m_per_s > 0.0)
        o += fmt::format("max-compression-velocity = {}\n", num(s.max_compression_velocity_m_per_s));
    if (s.double_wishbone) {
        const DoubleWishbone& g = *s.double_wishbone;
        o += fmt::format("\n[{}.double-wishbone]\n", base);
        o += fmt::format("upper-chassis-front = {}\nupper-chassis-rear = {}\nupper-hub = {}\n", position(g.upper_chassis_front_m),
                         position(g.upper_chassis_rear_m), position(g.upper_hub_m));
        o += fmt::format("lower-chassis-front = {}\nlower-chassis-rear = {}\nlower-hub = {}\n", position(g.lower_chassis_front_m),
                         position(g.lower_chassis_rear_m), position(g.lower_hub_m));
    } else if (s.macpherson_strut) {
        const MacPhersonStrut& g = *s.macpherson_strut;
        o += fmt::format("\n[{}.macpherson-strut]\n", base);
        o += fmt::format("strut-top = {}\nstrut-end = {}\nhinge = {}\n", position(g.strut_top_m), position(g.strut_end_m),
                         position(g.hinge_m));
    } else if (s.hinge_m) {
        o += fmt::format("\n[{}.hinge]\n", base);
        o += fmt::format("chassis = {}\nwheel = {}\n", position(*s.hinge_m), position(w.position_m));
    }
}

void write_wheel(std::string& o, int i, const WheelSpec& w, const std::string& tyre_file, const std::string& facing,
                 std::vector<std::string>& notes) {
    const std::string base = std::string("wheel.") + kWheelNames[i];
    // The format writes right-wheel camber, toe and Ackermann mirrored; its toe turns the left
    // wheel's front outwards, ours is positive inwards.
    const double mirror = (i == FR || i == RR) ? -1.0 : 1.0;
    o += fmt::format("\n[{}]\n", base);
    o += fmt::format("position = {}\n", position(w.position_m));
    o += fmt::format("mass = {}\n", num(w.mass_kg));
    o += fmt::format("inertia = {}\n", num(w.tyre.rotational_inertia_kgm2));
    o += fmt::format("camber = {}\n", degrees(mirror * w.camber_rad));
    o += fmt::format("caster = {}\n", degrees(w.caster_rad));
    o += fmt::format("toe = {}\n", degrees(-mirror * w.toe_rad));
    if (w.max_steer_rad != 0.0) o += fmt::format("steering = {}\n", degrees(w.max_steer_rad));
    if (w.ackermann_rad != 0.0) o += fmt::format("ackermann = {}\n", degrees(mirror * w.ackermann_rad));
    write_suspension(o, base, w);
    o += fmt::format("\n[{}.tire]\n", base);
    o += fmt::format("size = {}\n", tyre_size(w.tyre, fmt::format("wheels.{}.tyre", kWheelNames[i]), notes));
    o += fmt::format("type = {}\n", tyre_file);
    if (!facing.empty()) o += fmt::format("facing = {}\n", facing);
    const WheelBrakeSpec& b = w.brake;
    o += fmt::format("\n[{}.brake]\n", base);
    o += fmt::format("friction = {}\nmax-pressure = {}\nbias = {}\nradius = {}\narea = {}\nhandbrake = {}\n", num(b.friction),
                     num(b.max_pressure_pa), num(b.bias), num(b.radius_m), num(b.area_m2), num(b.handbrake));
}

// UC-win/Road's brakes (a total maximum torque and a front share) as VDrift's per-wheel ones
// with the same maximum torque at each wheel: friction x area x bias x pressure x radius =
// T f / 2 (front), T (1 - f) / 2 (rear), with bias = the axle's share and a common pressure.
void brakes_as_vdrift(VehicleSpec& spec, std::vector<std::string>& notes) {
    if (spec.brakes.form != BrakeForm::MaxTorque) return;
    constexpr double kFriction = 0.4, kArea_m2 = 0.015, kRadius_m = 0.14;  // VDrift's S2000-like example values
    const double pressure_pa = spec.brakes.max_torque_nm / 2.0 / (kFriction * kArea_m2 * kRadius_m);
    for (int i = 0; i < 4; ++i) {
        WheelBrakeSpec& b = spec.wheels[i].brake;
        const bool front = i == FL || i == FR;
        const double handbrake = b.handbrake;
        b = {kFriction, pressure_pa, kArea_m2, kRadius_m, front ? spec.brakes.front_fraction : 1.0 - spec.brakes.front_fraction,
             handbrake};
    }
    notes.push_back(fmt::format("brakes: UC-win/Road's {} N m in all with {} at the front written as VDrift's per-wheel "
                                "brakes of the same maximum torque at each wheel",
                                num(spec.brakes.max_torque_nm), num(spec.brakes.front_fraction)));
}

// Aero devices, each a section of its own. A body mass of the same name at the same position (a
// VDrift wing's own `mass`, as the public F1-02's [wing-front] has) is written in that section, as
// it was read (a section of its own would come back under another name); merged[k] marks
// masses[k] as written here.
void write_aero(std::string& o, const std::vector<AeroDeviceSpec>& aero, const std::vector<PointMass>& masses,
                const PointMass* engine_mass, std::vector<bool>& merged, std::set<std::string>& taken) {
    for (const auto& a : aero) {
        const std::string name = section_name(a.name, "aero", taken);
        o += fmt::format("\n[{}]\n", name);
        o += fmt::format("position = {}\nfrontal-area = {}\ndrag-coefficient = {}\n", position(a.position_m),
                         num(a.frontal_area_m2), num(a.drag_coefficient));
        o += fmt::format("surface-area = {}\nlift-coefficient = {}\nlift-efficiency = {}\n", num(a.surface_area_m2),
                         num(a.lift_coefficient), num(a.lift_efficiency));
        for (std::size_t k = 0; k < masses.size(); ++k) {
            const PointMass& m = masses[k];
            // (A name the loader reads as another role, "driver..." or "ballast...", keeps its own section.)
            const bool read_as_body = !name.starts_with("driver") && !name.starts_with("balance") && !name.starts_with("ballast");
            if (merged[k] || &m == engine_mass || m.role != MassRole::Body || !read_as_body || m.name != name || m.position_m != a.position_m) {
                continue;
            }
            o += fmt::format("mass = {}\n", num(m.mass_kg));
            merged[k] = true;
            break;
        }
    }
}

}  // namespace

Pacejka2002Coefficients pacejka2002_from_magic_formula(const MagicFormulaTyre& tyre, std::vector<std::string>* dropped) {
    using namespace mf52;
    const auto& m = tyre.c;
    Pacejka2002Coefficients p;
    // The same names, then each scale factor into the coefficients it multiplies (MF 5.2,
    // Pacejka 2012 ch. 4.3.2; MF 6.1 the same for these terms).
    for (std::size_t i = 0; i < kPacejka2002Names.size(); ++i) {
        for (std::size_t j = 0; j < kMagicFormulaNames.size(); ++j) {
            if (std::string_view(kMagicFormulaNames[j]) == kPacejka2002Names[i]) p.c[i] = m[j];
        }
    }
    auto& c = p.c;
    c[PCX1] *= m[mf::LCX];
    for (const Index i : {PDX1, PDX2}) c[i] *= m[mf::LMUX];
    for (const Index i : {PEX1, PEX2, PEX3}) c[i] *= m[mf::LEX];
    for (const Index i : {PKX1, PKX2}) c[i] *= m[mf::LKX];
    c[PKX3] = -c[PKX3];  // MF: Kx ~ exp(PKX3 dfz); VDrift's CarTire2 (and laws/tyre_pacejka2002): exp(-PKX3 dfz)
    for (const Index i : {PHX1, PHX2}) c[i] *= m[mf::LHX];
    for (const Index i : {PVX1, PVX2}) c[i] *= m[mf::LVX] * m[mf::LMUX];
    c[PCY1] *= m[mf::LCY];
    for (const Index i : {PDY1, PDY2}) c[i] *= m[mf::LMUY];
    for (const Index i : {PEY1, PEY2}) c[i] *= m[mf::LEY];
    c[PKY1] *= m[mf::LKY];
    for (const Index i : {PHY1, PHY2}) c[i] *= m[mf::LHY];
    for (const Index i : {PVY1, PVY2}) c[i] *= m[mf::LVY] * m[mf::LMUY];
    for (const Index i : {QDZ1, QDZ2}) c[i] *= m[mf::LTR];
    for (const Index i : {QDZ6, QDZ7}) c[i] *= m[mf::LRES];
    p.nominal_load_n = tyre.nominal_load_n * m[mf::LFZO];
    if (dropped) {
        // What the subset has no place for: every other term that is not zero, and every scale
        // factor not folded above that is not 1.
        static const std::set<std::string_view> folded = {"LFZO", "LCX", "LMUX", "LEX", "LKX", "LHX", "LVX", "LCY", "LMUY",
                                                          "LEY", "LKY", "LHY", "LVY", "LTR", "LRES", "QSY1"};
        for (std::size_t j = 0; j < kMagicFormulaNames.size(); ++j) {
            const std::string_view name = kMagicFormulaNames[j];
            if (folded.contains(name)) continue;
            if (std::find_if(kPacejka2002Names.begin(), kPacejka2002Names.end(),
                             [&](const char* n) { return name == n; }) != kPacejka2002Names.end())
                continue;
            const bool scale = is_magic_formula_scale_factor(j);
            if ((scale && m[j] != 1.0) || (!scale && m[j] != 0.0)) dropped->emplace_back(name);
        }
        if (tyre.family == MagicFormulaFamily::Mf61 && m[mf::PKY4] == 2.0) {
            std::erase(*dropped, "PKY4");  // MF 6.1's PKY4 = 2 is MF 5.2's fixed 2
        }
        if (tyre.lateral_stiffness_n_per_m > 0.0) dropped->emplace_back("LATERAL_STIFFNESS");
        if (tyre.vertical_stiffness_n_per_m > 0.0) dropped->emplace_back("VERTICAL_STIFFNESS");
    }
    return p;
}

VDriftCarFiles write_vdrift_car(const VehicleSpec& original, std::string_view file_stem, const std::string& header,
                                const std::string& source) {
    VDriftCarFiles out;
    VehicleSpec spec = original;
    brakes_as_vdrift(spec, out.notes);

    // Tyres first: an unwritable one fails before anything else is done.
    std::array<WheelTyre, 4> tyres;
    for (int i = 0; i < 4; ++i) tyres[i] = wheel_tyre(spec.wheels[i].tyre, i, source, out.notes);
    std::array<std::string, 4> tyre_file_of_wheel;
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < i; ++j) {
            if (tyres[j].extension == tyres[i].extension && tyres[j].text == tyres[i].text) tyre_file_of_wheel[i] = tyre_file_of_wheel[j];
        }
        if (!tyre_file_of_wheel[i].empty()) continue;
        // Named after the wheels that use it: the whole car, an axle, or a wheel.
        std::vector<int> users;
        for (int j = i; j < 4; ++j) {
            if (tyres[j].extension == tyres[i].extension && tyres[j].text == tyres[i].text) users.push_back(j);
        }
        std::string part = kWheelNames[i];
        if (users.size() == 4) part = "";
        else if (users == std::vector<int>{FL, FR}) part = "front";
        else if (users == std::vector<int>{RL, RR}) part = "rear";
        tyre_file_of_wheel[i] = fmt::format("{}{}{}{}", file_stem, part.empty() ? "" : "-", part, tyres[i].extension);
        out.tyres.push_back({tyre_file_of_wheel[i], fmt::format("# {} tyre of {}, written by tractive convert\n", tyres[i].extension, file_stem) +
                                                        tyres[i].text});
    }

    std::string& o = out.car;
    for (std::string_view rest = header; !rest.empty();) {
        const auto eol = rest.find('\n');
        o += fmt::format("# {}\n", rest.substr(0, eol));
        rest.remove_prefix(eol == std::string_view::npos ? rest.size() : eol + 1);
    }
    o += "# VDrift car, current format: x right, y forward, z up (m); angles in degrees.\n";

    // Masses: the first engine mass is the [engine] section's; the others sections of their own,
    // in the spec's order (the loader reads them in the file's).
    const PointMass* engine_mass = nullptr;
    for (const auto& m : spec.masses) {
        if (m.role == MassRole::Engine && !engine_mass) engine_mass = &m;
    }
    write_engine(o, spec, engine_mass, out.notes);
    write_clutch(o, spec.clutch, out.notes);
    write_transmission(o, spec.transmission);
    write_driveline(o, spec, out.notes);
    write_fuel_tank(o, spec.fuel_tank);
    std::set<std::string> taken;
    std::vector<bool> merged(spec.masses.size(), false);
    write_aero(o, spec.aero, spec.masses, engine_mass, merged, taken);
    for (std::size_t k = 0; k < spec.masses.size(); ++k) {
        const PointMass& m = spec.masses[k];
        if (&m == engine_mass || merged[k]) continue;
        o += fmt::format("\n[{}]\nposition = {}\nmass = {}\n", mass_section_name(m, taken), position(m.position_m), num(m.mass_kg));
    }
    // The body's collision shape as one hull of spheres, VDrift's multi-sphere shape, of a part
    // with no section of its own (so at the origin, unrotated).
    if (!spec.body_spheres.empty()) {
        o += fmt::format("\n# the body's collision shape: x, y, z, radius\n[{}.hull]\n", section_name("body", "body", taken));
        for (std::size_t k = 0; k < spec.body_spheres.size(); ++k) {
            o += fmt::format("{:02} = {}, {}\n", k, position(spec.body_spheres[k].position_m), num(spec.body_spheres[k].radius_m));
        }
    }
    for (int i = 0; i < 4; ++i) write_wheel(o, i, spec.wheels[i], tyre_file_of_wheel[i], tyres[i].facing, out.notes);
    return out;
}

}  // namespace tractive
