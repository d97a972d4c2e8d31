#include "tractive/io/tir_loader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "tractive/io/text_file.hpp"
#include "tractive/io/tir_document.hpp"
#include "tractive/spec/parameter_table.hpp"
#include "tractive/spec/validate.hpp"

namespace tractive {

namespace {

// The factor to SI of a unit name in [UNITS], or nullopt.
std::optional<double> unit_factor(std::string_view quantity, const std::string& name) {
    static const std::map<std::string, std::map<std::string, double>> kUnits = {
        {"LENGTH", {{"METER", 1.0}, {"METRE", 1.0}, {"M", 1.0}, {"MM", 1e-3}, {"MILLIMETER", 1e-3}, {"CM", 1e-2},
                    {"KM", 1e3}, {"INCH", 0.0254}, {"IN", 0.0254}, {"FOOT", 0.3048}, {"FT", 0.3048}}},
        {"FORCE", {{"NEWTON", 1.0}, {"N", 1.0}, {"KN", 1e3}, {"KNEWTON", 1e3}, {"POUND_FORCE", 4.4482216152605},
                   {"LBF", 4.4482216152605}, {"KG_FORCE", 9.80665}, {"KGF", 9.80665}}},
        {"MASS", {{"KG", 1.0}, {"KILOGRAM", 1.0}, {"GRAM", 1e-3}, {"G", 1e-3}, {"POUND_MASS", 0.45359237}, {"LBM", 0.45359237}}},
        {"TIME", {{"SECOND", 1.0}, {"SEC", 1.0}, {"S", 1.0}, {"MILLISECOND", 1e-3}, {"MS", 1e-3}}},
        {"PRESSURE", {{"PASCAL", 1.0}, {"PA", 1.0}, {"KPASCAL", 1e3}, {"KPA", 1e3}, {"BAR", 1e5}, {"PSI", 6894.757293168}}},
        {"ANGLE", {{"RADIAN", 1.0}, {"RADIANS", 1.0}, {"RAD", 1.0}}},
    };
    const auto q = kUnits.find(std::string(quantity));
    if (q == kUnits.end()) return std::nullopt;
    const auto u = q->second.find(name);
    if (u == q->second.end()) return std::nullopt;
    return u->second;
}

class TirReader {
public:
    // The first entry a key has; one in another section as well is said (a repeat within one
    // section the document says itself, the later one kept there).
    explicit TirReader(const TirDocument& doc) : doc_(doc) {
        std::map<std::string, const TirSection*> section_of;
        for (const TirSection& s : doc.sections) {
            if (s.name == "UNITS") continue;
            for (const TirEntry& e : s.entries) {
                const auto [first, inserted] = entries_.emplace(e.key, &e);
                if (inserted) {
                    section_of[e.key] = &s;
                } else if (section_of[e.key] != &s) {
                    warnings_.push_back({e.location, e.key,
                                         fmt::format("also in [{}] at line {}: that first one is used, this one ignored", section_of[e.key]->name,
                                                     first->second->location.line)});
                }
            }
        }
    }

    [[nodiscard]] const std::vector<LoadWarning>& warnings() const { return warnings_; }

    [[nodiscard]] const TirEntry* find(const std::string& key) const {
        const auto it = entries_.find(key);
        return it == entries_.end() ? nullptr : it->second;
    }

    [[nodiscard]] SourceLocation where(const TirEntry* e) const { return e ? e->location : SourceLocation{doc_.file, 0}; }

    std::optional<double> number(const std::string& key) const {
        const TirEntry* e = find(key);
        if (!e) return std::nullopt;
        if (const double* v = std::get_if<double>(&e->value)) return *v;
        throw LoadError(e->location, key, fmt::format("'{}' is a string: expected a number", std::get<std::string>(e->value)));
    }

    std::optional<std::string> text(const std::string& key) const {
        const TirEntry* e = find(key);
        if (!e) return std::nullopt;
        if (const std::string* v = std::get_if<std::string>(&e->value)) return tir_upper(*v);
        return fmt::format("{}", std::get<double>(e->value));
    }

private:
    const TirDocument& doc_;
    std::map<std::string, const TirEntry*> entries_;
    std::vector<LoadWarning> warnings_;
};

struct Units {
    double length = 1.0, force = 1.0, mass = 1.0, time = 1.0, pressure = 1.0;
};

Units read_units(const TirDocument& doc) {
    Units u;
    const TirSection* s = doc.find("UNITS");
    bool pressure_given = false;
    if (s) {
        for (const TirEntry& e : s->entries) {
            const std::string* name = std::get_if<std::string>(&e.value);
            if (!name) throw LoadError(e.location, "UNITS." + e.key, "expected a quoted unit name such as 'meter'");
            const std::optional<double> f = unit_factor(e.key, tir_upper(*name));
            if (e.key == "ANGLE" && !f) {
                throw LoadError(e.location, "UNITS.ANGLE",
                                fmt::format("'{}': only radians are supported (the Magic Formula coefficients are fitted "
                                            "for angles in radians)",
                                            *name));
            }
            if (!f) {
                if (e.key == "LENGTH" || e.key == "FORCE" || e.key == "MASS" || e.key == "TIME" || e.key == "PRESSURE") {
                    throw LoadError(e.location, "UNITS." + e.key, fmt::format("unknown unit '{}'", *name));
                }
                continue;  // other unit keys are not used
            }
            if (e.key == "LENGTH") u.length = *f;
            if (e.key == "FORCE") u.force = *f;
            if (e.key == "MASS") u.mass = *f;
            if (e.key == "TIME") u.time = *f;
            if (e.key == "PRESSURE") {
                u.pressure = *f;
                pressure_given = true;
            }
        }
    }
    if (!pressure_given) u.pressure = u.force / (u.length * u.length);
    return u;
}

}  // namespace

LoadedTir load_tir_from_text(std::string_view text, const std::string& file_label) {
    const TirDocument doc = parse_tir(text, file_label);
    LoadedTir out;
    out.warnings = doc.warnings;
    const TirReader r(doc);
    out.warnings.insert(out.warnings.end(), r.warnings().begin(), r.warnings().end());
    const Units units = read_units(doc);
    MagicFormulaTyre mf;

    // The equations.
    const std::optional<double> fittyp = r.number("FITTYP");
    if (fittyp) {
        const double f = *fittyp;
        if (f == 61.0 || f == 62.0) {
            mf.family = MagicFormulaFamily::Mf61;
        } else if (f == 6.0 || f == 21.0) {
            mf.family = MagicFormulaFamily::Pac2002;
        } else {
            throw LoadError(r.where(r.find("FITTYP")), "FITTYP",
                            fmt::format("{}: expected 61 or 62 (MF-Tyre 6.1 / 6.2) or 6 or 21 (MF 5.2 / PAC2002)", f));
        }
        mf.fit_type = static_cast<int>(f);
    } else {
        const std::optional<std::string> format = r.text("PROPERTY_FILE_FORMAT");
        if (format && (*format == "PAC2002" || *format == "MF_05")) {
            mf.family = MagicFormulaFamily::Pac2002;
            mf.fit_type = 0;
        } else {
            throw LoadError(r.where(r.find("PROPERTY_FILE_FORMAT")), "FITTYP",
                            format ? fmt::format("no FITTYP and PROPERTY_FILE_FORMAT '{}': expected FITTYP = 61, 62, 6 or 21, "
                                                 "or PROPERTY_FILE_FORMAT 'PAC2002'",
                                                 *format)
                                   : "no FITTYP: expected FITTYP = 61, 62 (MF-Tyre 6.1 / 6.2), 6 or 21 (MF 5.2), or "
                                     "PROPERTY_FILE_FORMAT = 'PAC2002'");
        }
    }

    // Coefficients: absent ones 0, absent scale factors 1, MF 6.1's PKY4 2; each within the range
    // a car's tyre coefficients are held to (spec/validate.hpp), so that no product overflows.
    for (std::size_t i = 0; i < mf::kCount; ++i) {
        const char* key = kMagicFormulaNames[i];
        const std::optional<double> v = r.number(key);
        if (v) {
            if (const std::string problem = plausible::kPacejka.problem(*v); !problem.empty()) {
                throw LoadError(r.where(r.find(key)), key, problem);
            }
        }
        mf.c[i] = v ? *v : (is_magic_formula_scale_factor(i) ? 1.0 : 0.0);
    }
    // The rolling resistance's exponents of load and pressure (real files: about 0.85 and -0.4):
    // within +-10, so that (Fz / FNOMIN)^QSY7 stays finite at any load a car reaches; in MF 6.1,
    // whose My has it, the load's not below 0, since My grows with the load: (Fz / FNOMIN)^-10
    // made the moment 1.6e38 N m at 1 N and a car coast down in 9 s instead of 187.
    for (const std::size_t i : {mf::QSY7, mf::QSY8}) {
        const char* key = kMagicFormulaNames[i];
        const double lowest = i == mf::QSY7 && mf.family == MagicFormulaFamily::Mf61 ? 0.0 : -10.0;
        if (!(mf.c[i] >= lowest && mf.c[i] <= 10.0)) {
            throw LoadError(r.where(r.find(key)), key,
                            fmt::format("{}: expected an exponent between {} and 10{}", mf.c[i], lowest,
                                        i == mf::QSY7 ? " (the rolling resistance's of the load, which it grows with)" : ""));
        }
    }
    if (mf.family == MagicFormulaFamily::Mf61 && !r.find("PKY4")) mf.c[mf::PKY4] = 2.0;
    // The lateral relaxation length PTY1 sin(2 atan(Fz / (PTY2 Fz0'))) R0 LFZO LSGAL (MF 5.2).
    if (mf.c[mf::PTY1] < 0.0) throw LoadError(r.where(r.find("PTY1")), "PTY1", fmt::format("{}: expected a number >= 0", mf.c[mf::PTY1]));
    if (mf.c[mf::PTY1] > 0.0 && !(mf.c[mf::PTY2] > 0.0)) {
        throw LoadError(r.where(r.find("PTY2")), "PTY2",
                        fmt::format("{}: expected a positive number (PTY1 is given, and PTY2 divides the load)", mf.c[mf::PTY2]));
    }
    if (!(mf.c[mf::LSGAL] > 0.0)) {
        throw LoadError(r.where(r.find("LSGAL")), "LSGAL", fmt::format("{}: expected a positive scale factor", mf.c[mf::LSGAL]));
    }

    const auto required_positive = [&](const char* key, double factor, const Range& range) {
        const std::optional<double> v = r.number(key);
        if (!v) throw LoadError({file_label, 0}, key, "missing: expected a positive number");
        if (!(*v > 0.0)) throw LoadError(r.where(r.find(key)), key, fmt::format("{}: expected a positive number", *v));
        if (const std::string problem = range.problem(*v * factor); !problem.empty()) {
            throw LoadError(r.where(r.find(key)), key, problem + " (in SI units)");
        }
        return *v * factor;
    };
    // A value in the range of its row of the tyre's table (spec/parameter_table.hpp), in SI units.
    const auto optional_in = [&](const char* key, double factor, double fallback, std::string_view row) {
        const std::optional<double> v = r.number(key);
        if (!v) return fallback;
        const double si = *v * factor;
        if (const std::string problem = parameter(kMagicFormulaTableParameters, row).range.problem(si); !problem.empty()) {
            throw LoadError(r.where(r.find(key)), key, fmt::format("{}: {} (in SI units)", *v, problem));
        }
        return si;
    };
    const double speed = units.length / units.time;
    mf.unloaded_radius_m = required_positive("UNLOADED_RADIUS", units.length, plausible::kRadius);
    mf.nominal_load_n = required_positive("FNOMIN", units.force, plausible::kTyreLoad);
    mf.reference_speed_m_per_s = optional_in("LONGVL", speed, 16.7, "reference_speed_m_per_s");
    mf.nominal_pressure_pa = optional_in("NOMPRES", units.pressure, 0.0, "nominal_pressure_pa");
    mf.inflation_pressure_pa = optional_in("INFLPRES", units.pressure, mf.nominal_pressure_pa, "inflation_pressure_pa");
    // MF 6.1's pressure terms take dp = (p - NOMPRES) / NOMPRES: a tyre with no air (p = 0, dp = -1)
    // would turn its forces round, not lose them.
    if (mf.nominal_pressure_pa > 0.0 && !(mf.inflation_pressure_pa > 0.0)) {
        throw LoadError(r.where(r.find("INFLPRES")), "INFLPRES",
                        "0: expected a positive pressure (the pressure terms are relative to NOMPRES; a flat tyre is outside the model)");
    }
    mf.vertical_stiffness_n_per_m = optional_in("VERTICAL_STIFFNESS", units.force / units.length, 0.0, "vertical_stiffness_n_per_m");
    mf.vertical_damping_ns_per_m = optional_in("VERTICAL_DAMPING", units.force * units.time / units.length, 0.0, "vertical_damping_ns_per_m");
    mf.lateral_stiffness_n_per_m = optional_in("LATERAL_STIFFNESS", units.force / units.length, 0.0, "lateral_stiffness_n_per_m");
    mf.width_m = optional_in("WIDTH", units.length, 0.0, "width_m");
    mf.aspect_ratio = optional_in("ASPECT_RATIO", 1.0, 0.0, "aspect_ratio");
    mf.rim_radius_m = optional_in("RIM_RADIUS", units.length, 0.0, "rim_radius_m");
    mf.spin_inertia_kgm2 = optional_in("IYY", units.mass * units.length * units.length, 0.0, "spin_inertia_kgm2");
    if (const std::optional<std::string> side = r.text("TYRESIDE")) mf.measured_on_right = *side == "RIGHT";
    for (const std::size_t i : {mf::LFZO, mf::LMUX, mf::LMUY}) {
        const char* key = kMagicFormulaNames[i];
        if (!(mf.c[i] > 0.0)) throw LoadError(r.where(r.find(key)), key, fmt::format("{}: expected a positive scale factor", mf.c[i]));
    }
    if (mf.measured_on_right) {
        out.warnings.push_back({r.where(r.find("TYRESIDE")), "TYRESIDE",
                                "'RIGHT': the tyre is used as a left-hand tyre, mirrored on the right-hand wheels"});
    }
    // An MF 5.2 (PAC2002) file's equations have no place for MF 6.1's terms (the pressure's, the
    // camber stiffness's, the rolling resistance's load and camber terms): one not zero is said
    // to be read and not used.
    if (mf.family == MagicFormulaFamily::Pac2002) {
        std::vector<std::string> unused;
        const TirEntry* first = nullptr;
        for (const std::size_t i : {mf::PPX1, mf::PPX2, mf::PPX3, mf::PPX4, mf::PPY1, mf::PPY2, mf::PPY3, mf::PPY4, mf::PPY5, mf::PPZ1, mf::PPZ2,
                                    mf::PPMX1, mf::PKY4, mf::PKY5, mf::PKY6, mf::PKY7, mf::PEY5, mf::QSY5, mf::QSY6, mf::QSY7, mf::QSY8}) {
            if (mf.c[i] == 0.0) continue;
            unused.emplace_back(kMagicFormulaNames[i]);
            if (!first) first = r.find(kMagicFormulaNames[i]);
        }
        if (mf.nominal_pressure_pa > 0.0) unused.emplace_back("NOMPRES");
        if (!unused.empty()) {
            out.warnings.push_back({r.where(first ? first : r.find("NOMPRES")), unused.front(),
                                    fmt::format("{}: MF 6.1 terms in an MF 5.2 (PAC2002) file, whose equations have no place for them: "
                                                "read and not used (the tyre has no pressure dependence)",
                                                fmt::join(unused, ", "))});
        }
    }
    if (mf.family == MagicFormulaFamily::Mf61) {
        const bool pressure_terms = mf.c[mf::PPX1] != 0.0 || mf.c[mf::PPX2] != 0.0 || mf.c[mf::PPX3] != 0.0 ||
                                    mf.c[mf::PPX4] != 0.0 || mf.c[mf::PPY1] != 0.0 || mf.c[mf::PPY2] != 0.0 ||
                                    mf.c[mf::PPY3] != 0.0 || mf.c[mf::PPY4] != 0.0 || mf.c[mf::PPY5] != 0.0 ||
                                    mf.c[mf::PPZ1] != 0.0 || mf.c[mf::PPZ2] != 0.0 || mf.c[mf::PPMX1] != 0.0 ||
                                    mf.c[mf::QSY8] != 0.0;
        if (pressure_terms && !(mf.nominal_pressure_pa > 0.0)) {
            const TirEntry* given = r.find("NOMPRES");
            throw LoadError(r.where(given), "NOMPRES",
                            fmt::format("{}: the file has pressure coefficients (PPX*, PPY*, PPZ*, QSY8) and needs its nominal pressure, a "
                                        "positive number",
                                        given ? "0" : "missing"));
        }
    }

    TyreSpec& t = out.tyre;
    t.model = TyreModel::MagicFormula;
    t.magic_formula = mf;
    t.radius_m = mf.unloaded_radius_m;
    t.width_m = mf.width_m;
    t.aspect_ratio = mf.aspect_ratio;
    t.rim_diameter_m = 2.0 * mf.rim_radius_m;
    t.rotational_inertia_kgm2 = mf.spin_inertia_kgm2;
    return out;
}

LoadedTir load_tir(const std::filesystem::path& path) { return load_tir_from_text(read_text_file(path), path.string()); }

}  // namespace tractive
