#include "tractive/io/toml_writer.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <numbers>

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

std::string deg(double radians) { return num(degrees_for_exact_radians(radians)); }

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
    o += fmt::format("final_drive = {}\n", num(d.final_drive));
    o += fmt::format("torque_split = {}\n", num(d.torque_split));
    o += fmt::format("anti_slip_nm = {}\n", num(d.anti_slip_nm));
    o += fmt::format("anti_slip_torque = {}\n", num(d.anti_slip_torque));
    o += fmt::format("anti_slip_torque_deceleration_factor = {}\n", num(d.anti_slip_torque_deceleration_factor));
}

void write_tire(std::string& o, const std::string& name, const TireSpec& t) {
    o += fmt::format("\n[tires.{}]\n", name);
    o += fmt::format("model = {}\n", quoted(to_string(t.model)));
    o += fmt::format("radius_m = {}\n", num(t.radius_m));
    o += fmt::format("width_m = {}\n", num(t.width_m));
    o += fmt::format("aspect_ratio = {}\n", num(t.aspect_ratio));
    o += fmt::format("rim_diameter_m = {}\n", num(t.rim_diameter_m));
    o += fmt::format("rotational_inertia_kgm2 = {}\n", num(t.rotational_inertia_kgm2));
    o += fmt::format("tread = {}\n", num(t.tread));
    const auto& rr = t.rolling_resistance;
    o += fmt::format("rolling_resistance = {{ form = {}, constant = {}, v2_coefficient_s2_per_m2 = {}, "
                     "speed_coefficient_s_per_km = {} }}\n",
                     quoted(to_string(rr.form)), num(rr.constant), num(rr.v2_coefficient_s2_per_m2),
                     num(rr.speed_coefficient_s_per_km));
    if (t.size_reference) {
        const auto& r = *t.size_reference;
        o += fmt::format("size_reference = {{ radius_m = {}, width_m = {}, aspect_ratio = {}, pressure_bar = {}, "
                         "load_n = {} }}\n",
                         num(r.radius_m), num(r.width_m), num(r.aspect_ratio), num(r.pressure_bar), num(r.load_n));
    }
    if (t.model == TireModel::Pacejka89) {
        const auto& p = t.pacejka;
        o += "# Pacejka '89, VDrift/Genta layout: a = a0..a10, a111, a112, a12, a13; b = b0..b10; c = c0..c17\n";
        o += fmt::format("a = {}\n", list(p.a));
        o += fmt::format("b = {}\n", list(p.b));
        o += fmt::format("c = {}\n", list(p.c));
        o += fmt::format("combined = {{ gx1 = {}, gx2 = {}, gy1 = {}, gy2 = {} }}\n", num(p.gx1), num(p.gx2),
                         num(p.gy1), num(p.gy2));
    } else if (t.model == TireModel::FrictionCurve) {
        o += "# [slip ratio, friction coefficient]\n";
        o += fmt::format("friction_curve_longitudinal = {}\n", curve(t.friction_curves.longitudinal));
        o += "# [lateral slip tan(alpha), friction coefficient]\n";
        o += fmt::format("friction_curve_lateral = {}\n", curve(t.friction_curves.lateral));
    } else if (t.model == TireModel::Pacejka2002) {
        // Its own table, last: the tyre's other keys come before it.
        o += "# VDrift's Pacejka 2002 (.tiren): nominal load FZ0 (N) and the Magic Formula 5.2 coefficients\n";
        o += fmt::format("\n[tires.{}.pacejka2002]\n", name);
        o += fmt::format("FZ0 = {}\n", num(t.pacejka2002.nominal_load_n));
        for (std::size_t i = 0; i < kPacejka2002Names.size(); ++i)
            o += fmt::format("{} = {}\n", kPacejka2002Names[i], num(t.pacejka2002.c[i]));
    } else if (t.model == TireModel::MagicFormula) {
        const MagicFormulaTire& m = t.magic_formula;
        o += "# A TYDEX .tir Magic Formula tyre, in SI units: its dimensions and every coefficient by its MF name\n";
        o += fmt::format("\n[tires.{}.magic_formula]\n", name);
        o += fmt::format("family = {}\n", quoted(m.family == MagicFormulaFamily::Mf61 ? "mf61" : "pac2002"));
        o += fmt::format("fit_type = {}\n", m.fit_type);
        o += fmt::format("unloaded_radius_m = {}\n", num(m.unloaded_radius_m));
        o += fmt::format("nominal_load_n = {}\n", num(m.nominal_load_n));
        o += fmt::format("nominal_pressure_pa = {}\n", num(m.nominal_pressure_pa));
        o += fmt::format("inflation_pressure_pa = {}\n", num(m.inflation_pressure_pa));
        o += fmt::format("reference_speed_m_per_s = {}\n", num(m.reference_speed_m_per_s));
        o += fmt::format("vertical_stiffness_n_per_m = {}\n", num(m.vertical_stiffness_n_per_m));
        o += fmt::format("vertical_damping_ns_per_m = {}\n", num(m.vertical_damping_ns_per_m));
        o += fmt::format("lateral_stiffness_n_per_m = {}\n", num(m.lateral_stiffness_n_per_m));
        o += fmt::format("width_m = {}\n", num(m.width_m));
        o += fmt::format("aspect_ratio = {}\n", num(m.aspect_ratio));
        o += fmt::format("rim_radius_m = {}\n", num(m.rim_radius_m));
        o += fmt::format("spin_inertia_kgm2 = {}\n", num(m.spin_inertia_kgm2));
        o += fmt::format("measured_on_right = {}\n", m.measured_on_right ? "true" : "false");
        for (std::size_t i = 0; i < kMagicFormulaNames.size(); ++i) o += fmt::format("{} = {}\n", kMagicFormulaNames[i], num(m.c[i]));
    } else if (t.model == TireModel::Brush) {
        const auto& b = t.brush;
        o += "# VDrift's brush tyre (.tirep): pt, ktx, kty, kcb, ccb, cfy, dz0, p0, mus, muc, vs\n";
        o += fmt::format("\n[tires.{}.brush]\n", name);
        o += fmt::format("pressure_bar = {}\n", num(b.pressure_bar));
        o += fmt::format("tread_stiffness_x_bar_per_m = {}\n", num(b.tread_stiffness_x_bar_per_m));
        o += fmt::format("tread_stiffness_y_bar_per_m = {}\n", num(b.tread_stiffness_y_bar_per_m));
        o += fmt::format("carcass_stiffness_n_per_m = {}\n", num(b.carcass_stiffness_n_per_m));
        o += fmt::format("camber_carcass_factor = {}\n", num(b.camber_carcass_factor));
        o += fmt::format("lateral_force_factor = {}\n", num(b.lateral_force_factor));
        o += fmt::format("reference_deflection_m = {}\n", num(b.reference_deflection_m));
        o += fmt::format("reference_pressure_bar = {}\n", num(b.reference_pressure_bar));
        o += fmt::format("static_friction = {}\n", num(b.static_friction));
        o += fmt::format("sliding_friction = {}\n", num(b.sliding_friction));
        o += fmt::format("stribeck_speed_m_per_s = {}\n", num(b.stribeck_speed_m_per_s));
    }
}

void write_wheel(std::string& o, const char* name, const WheelSpec& w, const std::string& tire_name) {
    o += fmt::format("\n[wheels.{}]\n", name);
    o += fmt::format("tire = {}\n", quoted(tire_name));
    o += fmt::format("position_m = {}\n", vec(w.position_m));
    o += fmt::format("mass_kg = {}\n", num(w.mass_kg));
    o += fmt::format("camber_deg = {}\n", deg(w.camber_rad));
    o += fmt::format("caster_deg = {}\n", deg(w.caster_rad));
    o += fmt::format("toe_deg = {}\n", deg(w.toe_rad));
    o += fmt::format("max_steer_deg = {}\n", deg(w.max_steer_rad));
    o += fmt::format("ackermann_deg = {}\n", deg(w.ackermann_rad));
    o += fmt::format("roll_height_m = {}\n", num(w.roll_height_m));
    const auto& s = w.suspension;
    o += fmt::format("\n[wheels.{}.suspension]\n", name);
    o += fmt::format("spring_n_per_m = {}\n", num(s.spring_n_per_m));
    o += fmt::format("bump_damping_ns_per_m = {}\n", num(s.bump_damping_ns_per_m));
    o += fmt::format("rebound_damping_ns_per_m = {}\n", num(s.rebound_damping_ns_per_m));
    o += fmt::format("travel_m = {}\n", num(s.travel_m));
    o += fmt::format("max_compression_velocity_m_per_s = {}\n", num(s.max_compression_velocity_m_per_s));
    o += fmt::format("anti_roll_n_per_m = {}\n", num(s.anti_roll_n_per_m));
    o += fmt::format("position_m = {}\n", vec(s.position_m));
    if (s.hinge_m) o += fmt::format("hinge_m = {}\n", vec(*s.hinge_m));
    if (s.double_wishbone) {
        const auto& g = *s.double_wishbone;
        o += fmt::format("\n[wheels.{}.suspension.double_wishbone]\n", name);
        o += fmt::format("upper_chassis_front_m = {}\n", vec(g.upper_chassis_front_m));
        o += fmt::format("upper_chassis_rear_m = {}\n", vec(g.upper_chassis_rear_m));
        o += fmt::format("upper_hub_m = {}\n", vec(g.upper_hub_m));
        o += fmt::format("lower_chassis_front_m = {}\n", vec(g.lower_chassis_front_m));
        o += fmt::format("lower_chassis_rear_m = {}\n", vec(g.lower_chassis_rear_m));
        o += fmt::format("lower_hub_m = {}\n", vec(g.lower_hub_m));
    }
    if (s.macpherson_strut) {
        const auto& g = *s.macpherson_strut;
        o += fmt::format("\n[wheels.{}.suspension.macpherson_strut]\n", name);
        o += fmt::format("strut_top_m = {}\n", vec(g.strut_top_m));
        o += fmt::format("strut_end_m = {}\n", vec(g.strut_end_m));
        o += fmt::format("hinge_m = {}\n", vec(g.hinge_m));
    }
    const auto& b = w.brake;
    o += fmt::format("\n[wheels.{}.brake]\n", name);
    o += fmt::format("friction = {}\n", num(b.friction));
    o += fmt::format("max_pressure_pa = {}\n", num(b.max_pressure_pa));
    o += fmt::format("area_m2 = {}\n", num(b.area_m2));
    o += fmt::format("radius_m = {}\n", num(b.radius_m));
    o += fmt::format("bias = {}\n", num(b.bias));
    o += fmt::format("handbrake = {}\n", num(b.handbrake));
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
        o += fmt::format("name = {}\nrole = {}\nmass_kg = {}\nposition_m = {}\n", quoted(m.name), quoted(to_string(m.role)),
                         num(m.mass_kg), vec(m.position_m));
    }

    const auto& f = spec.fuel_tank;
    o += "\n[fuel_tank]\n";
    o += fmt::format("position_m = {}\ncapacity_m3 = {}\nvolume_m3 = {}\ndensity_kg_per_m3 = {}\n", vec(f.position_m),
                     num(f.capacity_m3), num(f.volume_m3), num(f.density_kg_per_m3));

    const auto& e = spec.engine;
    o += "\n[engine]\n";
    o += "# [rpm, N m] at full throttle\n";
    o += fmt::format("torque_curve = {}\n", curve(e.torque_curve_nm));
    o += fmt::format("torque_curve_from_power = {}\n", e.torque_curve_from_power ? "true" : "false");
    if (!e.resistive_torque_curve_nm.empty()) {
        o += "# [rpm, N m] at zero throttle (UC-win/Road resistive torque)\n";
        o += fmt::format("resistive_torque_curve = {}\n", curve(e.resistive_torque_curve_nm));
    }
    o += fmt::format("max_power_w = {}\npeak_power_rpm = {}\nrpm_limit = {}\ninertia_kgm2 = {}\n", num(e.max_power_w),
                     num(e.peak_power_rpm), num(e.rpm_limit), num(e.inertia_kgm2));
    o += fmt::format("idle_throttle = {}\nstart_rpm = {}\nstall_rpm = {}\n", num(e.idle_throttle), num(e.start_rpm),
                     num(e.stall_rpm));
    o += "# fuel: rpm-throttle (volume rate = c x rpm x throttle) or combustion-power (mass rate =\n"
         "# combustion power / (thermal efficiency x heating value))\n";
    o += fmt::format("fuel_law = {}\n", quoted(to_string(e.fuel_law)));
    o += fmt::format("fuel_consumption_m3_per_rpm_s = {}\n", num(e.fuel_consumption_m3_per_rpm_s));
    o += fmt::format("thermal_efficiency = {}\nfuel_heating_value_j_per_kg = {}\n", num(e.thermal_efficiency),
                     num(e.fuel_heating_value_j_per_kg));
    o += "# friction torque f0 + f1 r + f2 r^2 (N m), r = rpm / 1000, scaled by (1 - throttle)\n";
    o += fmt::format("friction_torque_nm = {}\n", list(e.friction_torque_nm));
    o += fmt::format("displacement_m3 = {}\n", num(e.displacement_m3));

    const auto& c = spec.clutch;
    o += "\n[clutch]\n";
    o += fmt::format("model = {}\n", quoted(to_string(c.model)));
    o += "# pedal travel fractions: free play, working range, past disengagement\n";
    o += fmt::format("pedal_zones = {}\n", list(std::array{c.pedal.free_play, c.pedal.working_range, c.pedal.past_disengagement}));
    if (c.model == ClutchModel::PedalForce) {
        o += fmt::format("max_force_n = {}\ngamma = {}\np = {}\nface_count = {}\nequivalent_radius_m = {}\n",
                         num(c.max_force_n), num(c.gamma), num(c.p), c.face_count, num(c.equivalent_radius_m));
        o += fmt::format("mu_static = {}\nmu_dynamic = {}\nslip_coefficient_s_per_m = {}\n", num(c.mu_static),
                         num(c.mu_dynamic), num(c.slip_coefficient_s_per_m));
    } else {
        o += fmt::format("sliding_friction = {}\nradius_m = {}\narea_m2 = {}\nmax_pressure_pa = {}\n",
                         num(c.sliding_friction), num(c.radius_m), num(c.area_m2), num(c.max_pressure_pa));
    }

    const auto& t = spec.transmission;
    o += "\n[transmission]\n";
    o += fmt::format("mode = {}\nforward_ratios = {}\nreverse_ratio = {}\nfinal_drive = {}\n", quoted(to_string(t.mode)),
                     list(t.forward_ratios), num(t.reverse_ratio), num(t.final_drive));
    o += fmt::format("efficiency = {}\ninertia_kgm2 = {}\nshift_time_s = {}\n", num(t.efficiency), num(t.inertia_kgm2),
                     num(t.shift_time_s));
    o += fmt::format("\n[driver_aids]\nabs = {}\ntcs = {}\n", spec.driver_aids.abs, spec.driver_aids.tcs);

    if (spec.driveline.front) write_differential(o, "front", *spec.driveline.front);
    if (spec.driveline.rear) write_differential(o, "rear", *spec.driveline.rear);
    if (spec.driveline.centre) write_differential(o, "centre", *spec.driveline.centre);

    o += "\n[brakes]\n";
    o += fmt::format("form = {}\n", quoted(to_string(spec.brakes.form)));
    if (spec.brakes.form == BrakeForm::MaxTorque) {
        o += fmt::format("max_torque_nm = {}\nfront_fraction = {}\n", num(spec.brakes.max_torque_nm),
                         num(spec.brakes.front_fraction));
    }

    // Tyres: one named table per distinct tyre.
    std::vector<std::pair<std::string, const TireSpec*>> tires;
    std::array<std::string, 4> tire_of_wheel;
    for (int i = 0; i < 4; ++i) {
        const TireSpec& tire = spec.wheels[i].tire;
        for (const auto& [name, known] : tires) {
            if (*known == tire) tire_of_wheel[i] = name;
        }
        if (tire_of_wheel[i].empty()) {
            // Named after the first wheel that uses it: "front", "rear", or the wheel's name.
            tire_of_wheel[i] = i == FL ? "front" : (i == RL ? "rear" : kWheelNames[i]);
            tires.emplace_back(tire_of_wheel[i], &tire);
        }
    }
    for (const auto& [name, tire] : tires) write_tire(o, name, *tire);
    for (int i = 0; i < 4; ++i) write_wheel(o, kWheelNames[i], spec.wheels[i], tire_of_wheel[i]);

    for (const auto& a : spec.aero) {
        o += "\n[[aero]]\n";
        o += fmt::format("name = {}\nposition_m = {}\nfrontal_area_m2 = {}\ndrag_coefficient = {}\n", quoted(a.name),
                         vec(a.position_m), num(a.frontal_area_m2), num(a.drag_coefficient));
        o += fmt::format("surface_area_m2 = {}\nlift_coefficient = {}\nlift_efficiency = {}\n", num(a.surface_area_m2),
                         num(a.lift_coefficient), num(a.lift_efficiency));
    }
    return o;
}

}  // namespace tractive
