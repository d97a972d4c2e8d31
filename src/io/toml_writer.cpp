#include "tractive/io/toml_writer.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "tractive/spec/parameter_table.hpp"

namespace tractive {

double exact_quotient(double target, double factor) {
    const double guess = target / factor;
    // The exact candidates within 64 ulps of the quotient, outwards from it: the shortest written
    // wins, the nearest among equals.
    double best = guess;
    std::size_t best_length = std::numeric_limits<std::size_t>::max();
    const auto consider = [&](double d) {
        if (d * factor != target) return;
        const std::size_t length = fmt::format("{}", d).size();
        if (length < best_length) {
            best = d;
            best_length = length;
        }
    };
    consider(guess);
    double up = guess;
    double down = guess;
    for (int i = 0; i < 64; ++i) {
        up = std::nextafter(up, INFINITY);
        down = std::nextafter(down, -INFINITY);
        consider(up);
        consider(down);
    }
    return best;
}

double degrees_for_exact_radians(double radians) { return exact_quotient(radians, std::numbers::pi / 180.0); }

namespace {

// Shortest text that reads back as the same double (fmt's default for doubles). Negative zero is
// written as 0: TOML reads "-0" as an integer, which has no sign.
std::string num(double v) { return fmt::format("{}", v == 0.0 ? 0.0 : v); }

std::string vec(const Vec3& v) { return fmt::format("[{}, {}, {}]", num(v.x), num(v.y), num(v.z)); }

std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                // Control characters and DEL (0x7F) may not appear raw in a TOML basic string.
                if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
                    out += fmt::format("\\u{:04x}", static_cast<int>(c));
                } else {
                    out += c;
                }
        }
    }
    return out + "\"";
}

template <typename Range>
std::string list(const Range& values) {
    std::string out = "[";
    bool first = true;
    for (double v : values) {
        if (!first) out += ", ";
        out += num(v);
        first = false;
    }
    return out + "]";
}

// One line `key = value` for each key of `table` that names a member, in the table's order;
// angles back in degrees, as the exact quotient that reads back to the same radians.
template <class Part>
void write_parameters(std::string& o, std::span<const Parameter<Part>> table, const Part& part) {
    for (const auto& p : table) {
        if (p.number) {
            const double v = part.*p.number;
            o += fmt::format("{} = {}\n", p.key, num(p.si_per_file_unit == 1.0 ? v : exact_quotient(v, p.si_per_file_unit)));
        } else if (p.point) {
            o += fmt::format("{} = {}\n", p.key, vec(part.*p.point));
        } else if (p.flag) {
            o += fmt::format("{} = {}\n", p.key, part.*p.flag ? "true" : "false");
        }
    }
}

// The same as an inline table's entries: "k = v, k = v".
template <class Part>
std::string inline_parameters(std::span<const Parameter<Part>> table, const Part& part) {
    std::string lines;
    write_parameters(lines, table, part);
    std::string out;
    for (std::size_t start = 0; start < lines.size();) {
        const std::size_t end = lines.find('\n', start);
        out += (out.empty() ? "" : ", ") + lines.substr(start, end - start);
        start = end + 1;
    }
    return out;
}

std::string curve(const PiecewiseLinear& c) {
    std::string out = "[";
    for (std::size_t i = 0; i < c.size(); ++i) {
        out += fmt::format("{}[{}, {}]", i == 0 ? "\n  " : ",\n  ", num(c.xs()[i]), num(c.ys()[i]));
    }
    return out + (c.size() ? ",\n]" : "]");
}

void write_differential(std::string& o, const char* name, const DifferentialSpec& d) {
    o += fmt::format("\n[differential.{}]\n", name);
    o += fmt::format("type = {}\n", quoted(to_string(d.type)));
    write_parameters(o, kDifferentialParameters, d);
}

void write_tyre(std::string& o, const std::string& name, const TyreSpec& t) {
    o += fmt::format("\n[tyres.{}]\n", name);
    o += fmt::format("model = {}\n", quoted(to_string(t.model)));
    write_parameters(o, kTyreParameters, t);
    const auto& rr = t.rolling_resistance;
    o += fmt::format("rolling_resistance = {{ form = {}, {} }}\n", quoted(to_string(rr.form)),
                     inline_parameters(kRollingResistanceParameters, rr));
    if (t.size_reference) o += fmt::format("size_reference = {{ {} }}\n", inline_parameters(kTyreSizeReferenceParameters, *t.size_reference));
    if (t.model == TyreModel::Pacejka89) {
        const auto& p = t.pacejka;
        o += "# Pacejka '89, VDrift/Genta layout: a = a0..a10, a111, a112, a12, a13; b = b0..b10; c = c0..c17\n";
        o += fmt::format("a = {}\n", list(p.a));
        o += fmt::format("b = {}\n", list(p.b));
        o += fmt::format("c = {}\n", list(p.c));
        o += fmt::format("combined = {{ {} }}\n", inline_parameters(kPacejkaCombinedParameters, p));
    } else if (t.model == TyreModel::FrictionCurve) {
        o += "# [slip ratio, friction coefficient]\n";
        o += fmt::format("friction_curve_longitudinal = {}\n", curve(t.friction_curves.longitudinal));
        o += "# [lateral slip tan(alpha), friction coefficient]\n";
        o += fmt::format("friction_curve_lateral = {}\n", curve(t.friction_curves.lateral));
    } else if (t.model == TyreModel::Pacejka2002) {
        // Its own table, last: the tyre's other keys come before it.
        o += "# VDrift's Pacejka 2002 (.tiren): nominal load FZ0 (N) and the Magic Formula 5.2 coefficients\n";
        o += fmt::format("\n[tyres.{}.pacejka2002]\n", name);
        o += fmt::format("FZ0 = {}\n", num(t.pacejka2002.nominal_load_n));
        for (std::size_t i = 0; i < kPacejka2002Names.size(); ++i)
            o += fmt::format("{} = {}\n", kPacejka2002Names[i], num(t.pacejka2002.c[i]));
    } else if (t.model == TyreModel::MagicFormula) {
        const MagicFormulaTyre& m = t.magic_formula;
        o += "# A TYDEX .tir Magic Formula tyre, in SI units: its dimensions and every coefficient by its MF name\n";
        o += fmt::format("\n[tyres.{}.magic_formula]\n", name);
        o += fmt::format("family = {}\n", quoted(m.family == MagicFormulaFamily::Mf61 ? "mf61" : "pac2002"));
        o += fmt::format("fit_type = {}\n", m.fit_type);
        write_parameters(o, kMagicFormulaTableParameters, m);
        for (std::size_t i = 0; i < kMagicFormulaNames.size(); ++i) o += fmt::format("{} = {}\n", kMagicFormulaNames[i], num(m.c[i]));
    } else if (t.model == TyreModel::Brush) {
        o += "# VDrift's brush tyre (.tirep): pt, ktx, kty, kcb, ccb, cfy, dz0, p0, mus, muc, vs\n";
        o += fmt::format("\n[tyres.{}.brush]\n", name);
        write_parameters(o, kBrushTyreParameters, t.brush);
    }
}

void write_wheel(std::string& o, const char* name, const WheelSpec& w, const std::string& tyre_name) {
    o += fmt::format("\n[wheels.{}]\n", name);
    o += fmt::format("tyre = {}\n", quoted(tyre_name));
    write_parameters(o, kWheelParameters, w);
    const auto& s = w.suspension;
    o += fmt::format("\n[wheels.{}.suspension]\n", name);
    write_parameters(o, kSuspensionParameters, s);
    if (s.hinge_m) o += fmt::format("hinge_m = {}\n", vec(*s.hinge_m));
    if (s.double_wishbone) {
        o += fmt::format("\n[wheels.{}.suspension.double_wishbone]\n", name);
        write_parameters(o, kDoubleWishboneParameters, *s.double_wishbone);
    }
    if (s.macpherson_strut) {
        o += fmt::format("\n[wheels.{}.suspension.macpherson_strut]\n", name);
        write_parameters(o, kMacPhersonStrutParameters, *s.macpherson_strut);
    }
    o += fmt::format("\n[wheels.{}.brake]\n", name);
    write_parameters(o, kWheelBrakeParameters, w.brake);
}

}  // namespace

std::string write_toml_car(const VehicleSpec& spec, const std::string& header) {
    std::string o;
    if (!header.empty()) {
        std::string_view rest = header;
        while (!rest.empty()) {
            const auto eol = rest.find('\n');
            o += fmt::format("# {}\n", rest.substr(0, eol));
            rest.remove_prefix(eol == std::string_view::npos ? rest.size() : eol + 1);
        }
        o += "\n";
    }
    o += "# tractive car file; reference: docs/car-format.md. SI units, ISO 8855 axes (x forward,\n";
    o += "# y left, z up) from the car's origin; angles in degrees where a key ends in _deg.\n";
    o += "format = \"tractive-car\"\n";
    o += "format_version = 1\n";
    o += fmt::format("name = {}\n", quoted(spec.name));
    o += fmt::format("description = {}\n", quoted(spec.description));

    for (const auto& m : spec.masses) {
        o += "\n[[mass]]\n";
        o += fmt::format("name = {}\nrole = {}\n", quoted(m.name), quoted(to_string(m.role)));
        write_parameters(o, kPointMassParameters, m);
    }

    const auto& f = spec.fuel_tank;
    o += "\n[fuel_tank]\n";
    write_parameters(o, kFuelTankParameters, f);

    const auto& e = spec.engine;
    o += "\n[engine]\n";
    o += "# [rpm, N m] at full throttle\n";
    o += fmt::format("torque_curve = {}\n", curve(e.torque_curve_nm));
    o += fmt::format("torque_curve_from_power = {}\n", e.torque_curve_from_power ? "true" : "false");
    if (!e.resistive_torque_curve_nm.empty()) {
        o += "# [rpm, N m] at zero throttle (UC-win/Road resistive torque)\n";
        o += fmt::format("resistive_torque_curve = {}\n", curve(e.resistive_torque_curve_nm));
    }
    write_parameters(o, kEngineParameters, e);
    o += "# fuel: rpm-throttle (volume rate = c x rpm x throttle) or combustion-power (mass rate =\n"
         "# combustion power / (thermal efficiency x heating value))\n";
    o += fmt::format("fuel_law = {}\n", quoted(to_string(e.fuel_law)));
    o += "# friction torque f0 + f1 r + f2 r^2 (N m), r = rpm / 1000, scaled by (1 - throttle)\n";
    o += fmt::format("friction_torque_nm = {}\n", list(e.friction_torque_nm));

    const auto& c = spec.clutch;
    o += "\n[clutch]\n";
    o += fmt::format("model = {}\n", quoted(to_string(c.model)));
    o += "# pedal travel fractions: free play, working range, past disengagement\n";
    o += fmt::format("pedal_zones = {}\n", list(std::array{c.pedal.free_play, c.pedal.working_range, c.pedal.past_disengagement}));
    if (c.model == ClutchModel::PedalForce) {
        o += fmt::format("face_count = {}\n", c.face_count);
        write_parameters(o, kClutchPedalForceParameters, c);
    } else {
        write_parameters(o, kClutchVDriftParameters, c);
    }

    const auto& t = spec.transmission;
    o += "\n[transmission]\n";
    o += fmt::format("mode = {}\nforward_ratios = {}\n", quoted(to_string(t.mode)), list(t.forward_ratios));
    write_parameters(o, kTransmissionParameters, t);
    o += "\n[driver_aids]\n";
    write_parameters(o, kDriverAidsParameters, spec.driver_aids);

    if (spec.driveline.front) write_differential(o, "front", *spec.driveline.front);
    if (spec.driveline.rear) write_differential(o, "rear", *spec.driveline.rear);
    if (spec.driveline.centre) write_differential(o, "centre", *spec.driveline.centre);

    o += "\n[brakes]\n";
    o += fmt::format("form = {}\n", quoted(to_string(spec.brakes.form)));
    if (spec.brakes.form == BrakeForm::MaxTorque) write_parameters(o, kBrakeSystemMaxTorqueParameters, spec.brakes);

    // Tyres: one named table per distinct tyre.
    std::vector<std::pair<std::string, const TyreSpec*>> tyres;
    std::array<std::string, 4> tyre_of_wheel;
    for (int i = 0; i < 4; ++i) {
        const TyreSpec& tyre = spec.wheels[i].tyre;
        for (const auto& [name, known] : tyres) {
            if (*known == tyre) tyre_of_wheel[i] = name;
        }
        if (tyre_of_wheel[i].empty()) {
            // Named after the first wheel that uses it: "front", "rear", or the wheel's name.
            tyre_of_wheel[i] = i == FL ? "front" : (i == RL ? "rear" : kWheelNames[i]);
            tyres.emplace_back(tyre_of_wheel[i], &tyre);
        }
    }
    for (const auto& [name, tyre] : tyres) write_tyre(o, name, *tyre);
    for (int i = 0; i < 4; ++i) write_wheel(o, kWheelNames[i], spec.wheels[i], tyre_of_wheel[i]);

    for (const auto& a : spec.aero) {
        o += "\n[[aero]]\n";
        o += fmt::format("name = {}\n", quoted(a.name));
        write_parameters(o, kAeroDeviceParameters, a);
    }
    for (const auto& b : spec.body_spheres) {
        o += "\n[[body_sphere]]\n";
        write_parameters(o, kBodySphereParameters, b);
    }
    return o;
}

}  // namespace tractive
