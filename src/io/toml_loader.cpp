// tractive's native TOML car format (docs/car-format.md). Parsed with toml++; every value is
// checked where it is read, so errors name file:line and the key path.

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <set>
#include <toml++/toml.h>

#include "tractive/io/car_loader.hpp"
#include "tractive/io/tir_loader.hpp"
#include "tractive/laws/engine_torque.hpp"
#include "tractive/spec/parameter_table.hpp"
#include "tractive/spec/validate.hpp"
#include "toml_former_keys.hpp"

// Value ranges: spec/validate.hpp (plausible::).

namespace tractive {

namespace {

using namespace plausible;

Vec3 mirrored(const Vec3& v, bool mirror) { return mirror ? Vec3{v.x, -v.y, v.z} : v; }

// A table with its dotted path, for messages.
struct Table {
    const toml::table* t = nullptr;
    std::string path;

    [[nodiscard]] std::string key(std::string_view k) const { return path.empty() ? std::string(k) : path + "." + std::string(k); }
};

class Reader {
public:
    Reader(std::string file, std::vector<LoadWarning>& warnings, SpecSources& sources)
        : file_(std::move(file)), warnings_(warnings), sources_(sources) {}

    std::filesystem::path directory;  // the car file's folder: files it names are relative to it

    void warn(LoadWarning w) {  // once, though a table read for each wheel may say it four times
        for (const LoadWarning& said : warnings_) {
            if (said.location.file == w.location.file && said.location.line == w.location.line && said.key == w.key && said.message == w.message) return;
        }
        warnings_.push_back(std::move(w));
    }

    // Records table t as the source of spec path `spec`, and each of its keys as the source of
    // spec.key: the native format names the fields as the spec does (engine.rpm_limit).
    void note_fields(const std::string& spec, const Table& t) {
        sources_.note(spec, where(t.t), t.path);
        for (const auto& [k, v] : *t.t) sources_.note(spec + "." + std::string(k.str()), where(&v), t.key(k.str()));
    }

    void note(const std::string& spec, const toml::node* n, const std::string& key) {
        if (n) sources_.note(spec, where(n), key);
    }

    [[nodiscard]] SourceLocation where(const toml::node* n) const {
        return {file_, n ? static_cast<int>(n->source().begin.line) : 0};
    }

    const toml::node* node(const Table& t, std::string_view k) {
        const toml::node* n = t.t->get(k);
        if (n) used_.insert(t.key(k));
        return n;
    }

    const toml::node& require(const Table& t, std::string_view k) {
        const toml::node* n = node(t, k);
        if (!n) throw LoadError(where(t.t), t.key(k), "missing required key");
        return *n;
    }

    std::optional<Table> table(const Table& t, std::string_view k, bool required) {
        const toml::node* n = required ? &require(t, k) : node(t, k);
        if (!n) return std::nullopt;
        if (!n->is_table()) throw LoadError(where(n), t.key(k), "expected a table");
        return Table{n->as_table(), t.key(k)};
    }

    double as_number(const toml::node& n, const std::string& key, const Range& e) const {
        double v = 0.0;
        if (const auto* f = n.as_floating_point()) {
            v = f->get();
        } else if (const auto* i = n.as_integer()) {
            v = static_cast<double>(i->get());
        } else {
            throw LoadError(where(&n), key, fmt::format("expected {}, got a {}", e.kind, type_name(n)));
        }
        if (const std::string problem = e.problem(v); !problem.empty()) throw LoadError(where(&n), key, problem);
        return v;
    }

    double number(const Table& t, std::string_view k, const Range& e) { return as_number(require(t, k), t.key(k), e); }

    double number_or(const Table& t, std::string_view k, const Range& e, double fallback) {
        const toml::node* n = node(t, k);
        return n ? as_number(*n, t.key(k), e) : fallback;
    }

    std::string string(const Table& t, std::string_view k) {
        const toml::node& n = require(t, k);
        if (!n.is_string()) throw LoadError(where(&n), t.key(k), fmt::format("expected a string, got a {}", type_name(n)));
        const std::string& text = n.as_string()->get();
        // A NUL would end the text early wherever it is passed on as a C string (the C API, files).
        if (text.find('\0') != std::string::npos) throw LoadError(where(&n), t.key(k), "expected text without a NUL character (\\u0000)");
        return text;
    }

    std::string string_or(const Table& t, std::string_view k, const std::string& fallback) {
        return t.t->contains(k) ? string(t, k) : fallback;
    }

    bool boolean_or(const Table& t, std::string_view k, bool fallback) {
        const toml::node* n = node(t, k);
        if (!n) return fallback;
        if (!n->is_boolean()) throw LoadError(where(n), t.key(k), fmt::format("expected true or false, got a {}", type_name(*n)));
        return n->as_boolean()->get();
    }

    std::vector<double> numbers(const toml::node& n, const std::string& key, std::size_t min_count, std::size_t max_count,
                                const Range& range = kAny) const {
        const auto* arr = n.as_array();
        const std::string count = min_count == max_count ? fmt::format("{}", min_count) : fmt::format("{} to {}", min_count, max_count);
        if (!arr || arr->size() < min_count || arr->size() > max_count) {
            throw LoadError(where(&n), key, fmt::format("expected an array of {} numbers", count));
        }
        std::vector<double> out;
        for (std::size_t i = 0; i < arr->size(); ++i) {
            out.push_back(as_number(*arr->get(i), fmt::format("{}[{}]", key, i), range));
        }
        return out;
    }

    Vec3 vec(const Table& t, std::string_view k) {
        const auto v = numbers(require(t, k), t.key(k), 3, 3, kCoordinate);
        return {v[0], v[1], v[2]};
    }

    std::optional<Vec3> vec_or(const Table& t, std::string_view k) {
        if (!t.t->contains(k)) return std::nullopt;
        return vec(t, k);
    }

    template <std::size_t N>
    std::array<double, N> fixed(const Table& t, std::string_view k, const Range& range = kAny) {
        const auto v = numbers(require(t, k), t.key(k), N, N, range);
        std::array<double, N> out{};
        std::copy(v.begin(), v.end(), out.begin());
        return out;
    }

    // [[x, y], ...] with x strictly increasing.
    PiecewiseLinear curve(const Table& t, std::string_view k, const std::string& x_name, const Range& x_range,
                          const Range& y_range) {
        const toml::node& n = require(t, k);
        const auto* arr = n.as_array();
        if (!arr) throw LoadError(where(&n), t.key(k), fmt::format("expected an array of [{}, value] pairs", x_name));
        std::vector<double> xs;
        std::vector<double> ys;
        for (std::size_t i = 0; i < arr->size(); ++i) {
            const std::string key = fmt::format("{}[{}]", t.key(k), i);
            const auto p = numbers(*arr->get(i), key, 2, 2);
            for (const auto& [value, range] : {std::pair{p[0], x_range}, std::pair{p[1], y_range}}) {
                if (const std::string problem = range.problem(value); !problem.empty()) throw LoadError(where(arr->get(i)), key, problem);
            }
            if (!xs.empty() && !(p[0] > xs.back())) {
                throw LoadError(where(arr->get(i)), key,
                                fmt::format("{} must increase from point to point: expected more than {}, got {}", x_name, xs.back(), p[0]));
            }
            xs.push_back(p[0]);
            ys.push_back(p[1]);
        }
        if (xs.size() < 2) throw LoadError(where(&n), t.key(k), "expected at least 2 points");
        return {std::move(xs), std::move(ys)};
    }

    template <typename Enum, std::size_t N>
    Enum choice(const Table& t, std::string_view k, const std::array<Enum, N>& options,
                std::type_identity_t<std::optional<Enum>> fallback) {
        if (!t.t->contains(k) && fallback) return *fallback;
        const std::string value = string(t, k);
        std::string names;
        for (Enum o : options) {
            if (value == to_string(o)) return o;
            names += fmt::format("{}'{}'", names.empty() ? "" : ", ", to_string(o));
        }
        throw LoadError(where(t.t->get(k)), t.key(k), fmt::format("expected one of {}, got '{}'", names, value.substr(0, 40)));
    }

    // The keys of `table` that name a member (spec/parameter_table.hpp), read into `part`: each
    // number range-checked in the file's unit and converted, each point mirrored when asked (the
    // right wheel of an axle table). A key the file lacks keeps part's value, its default; a
    // required one is an error unless `overriding` (a .tir tyre's values the table may change).
    template <class Part>
    void read_parameters(const Table& t, std::span<const Parameter<Part>> table, Part& part, bool mirror = false,
                         bool overriding = false) {
        for (const auto& p : table) {
            if (!p.number && !p.point && !p.flag) continue;
            const toml::node* n = node(t, p.key);
            if (!n) {
                if (p.need == Need::Required && !overriding) throw LoadError(where(t.t), t.key(p.key), "missing required key");
                continue;
            }
            if (p.number) {
                part.*p.number = as_number(*n, t.key(p.key), p.range) * p.si_per_file_unit;
            } else if (p.point) {
                const auto v = numbers(*n, t.key(p.key), 3, 3, kCoordinate);
                part.*p.point = mirrored({v[0], v[1], v[2]}, mirror);
            } else {
                if (!n->is_boolean()) throw LoadError(where(n), t.key(p.key), fmt::format("expected true or false, got a {}", type_name(*n)));
                part.*p.flag = n->as_boolean()->get();
            }
        }
    }

    void warn_unused(const toml::table& root) { walk(root, ""); }

private:
    static std::string type_name(const toml::node& n) {
        switch (n.type()) {
            case toml::node_type::string: return "string";
            case toml::node_type::integer: return "integer";
            case toml::node_type::floating_point: return "float";
            case toml::node_type::boolean: return "boolean";
            case toml::node_type::array: return "array";
            case toml::node_type::table: return "table";
            default: return "date/time";
        }
    }

    void walk(const toml::table& t, const std::string& path) {
        for (const auto& [k, v] : t) {
            const std::string key = path.empty() ? std::string(k.str()) : path + "." + std::string(k.str());
            // Into every table, read or not: a known table may hold a key the format does not know.
            if (const auto* sub = v.as_table()) {
                walk(*sub, key);
            } else if (const auto* arr = v.as_array(); arr && arr->is_array_of_tables()) {
                for (std::size_t i = 0; i < arr->size(); ++i) walk(*arr->get(i)->as_table(), fmt::format("{}[{}]", key, i));
            } else if (!used_.contains(key)) {
                warnings_.push_back({where(&v), key, "unknown key, ignored"});
            }
        }
    }

    std::string file_;
    std::vector<LoadWarning>& warnings_;
    SpecSources& sources_;
    std::set<std::string> used_;
};

constexpr std::array kMassRoles = {MassRole::Body, MassRole::Engine, MassRole::Driver, MassRole::Ballast};
constexpr std::array kClutchModels = {ClutchModel::PedalForce, ClutchModel::VDrift};
constexpr std::array kFuelLaws = {FuelLaw::RpmThrottle, FuelLaw::CombustionPower};
constexpr std::array kShiftModes = {ShiftMode::Automatic, ShiftMode::Sequential, ShiftMode::Manual};
constexpr std::array kDiffTypes = {DifferentialType::Open, DifferentialType::Locked, DifferentialType::LimitedSlip,
                                   DifferentialType::Viscous};
constexpr std::array kBrakeForms = {BrakeForm::VDrift, BrakeForm::MaxTorque};
constexpr std::array kTyreModels = {TyreModel::Pacejka89, TyreModel::FrictionCurve, TyreModel::Pacejka2002, TyreModel::Brush,
                                    TyreModel::MagicFormula};
constexpr std::array kRollingForms = {RollingResistanceForm::VDrift, RollingResistanceForm::Speed};

// Iterates an array of tables ([[mass]], [[aero]]).
template <typename F>
void for_each_table(Reader& r, const Table& root, std::string_view k, F&& f) {
    const toml::node* n = r.node(root, k);
    if (!n) return;
    const auto* arr = n->as_array();
    if (!arr || !arr->is_array_of_tables()) throw LoadError(r.where(n), std::string(k), fmt::format("expected [[{}]] tables", k));
    for (std::size_t i = 0; i < arr->size(); ++i) f(Table{arr->get(i)->as_table(), fmt::format("{}[{}]", k, i)});
}

EngineSpec read_engine(Reader& r, const Table& t) {
    r.note_fields("engine", t);
    EngineSpec e;
    r.read_parameters(t, kEngineParameters, e);
    // The fuel law: rpm-throttle (fuel_consumption_m3_per_rpm_s, seed 002) or combustion-power.
    // Without the key, a file that gives fuel_consumption_m3_per_rpm_s uses it, any other the
    // combustion power.
    const FuelLaw by_keys = t.t->contains("fuel_consumption_m3_per_rpm_s") ? FuelLaw::RpmThrottle : FuelLaw::CombustionPower;
    e.fuel_law = r.choice(t, "fuel_law", kFuelLaws, by_keys);
    if (t.t->contains("friction_torque_nm")) {
        e.friction_torque_nm = r.fixed<3>(t, "friction_torque_nm", kTorque);
        for (double f : e.friction_torque_nm) {
            if (f < 0.0) throw LoadError(r.where(t.t->get("friction_torque_nm")), t.key("friction_torque_nm"), "expected numbers >= 0");
        }
    }
    if (t.t->contains("torque_curve")) {
        e.torque_curve_nm = r.curve(t, "torque_curve", "rpm", kRpmOrZero, kTorque);
        e.torque_curve_from_power = r.boolean_or(t, "torque_curve_from_power", false);
    } else {
        if (e.max_power_w <= 0.0 || e.peak_power_rpm <= 0.0) {
            throw LoadError(r.where(t.t), t.key("torque_curve"),
                            "missing torque curve: expected torque_curve = [[rpm, N m], ...] or max_power_w and peak_power_rpm");
        }
        e.torque_curve_nm = genta_torque_curve(e.max_power_w, e.peak_power_rpm, e.rpm_limit);
        e.torque_curve_from_power = true;
        r.boolean_or(t, "torque_curve_from_power", true);
    }
    if (t.t->contains("resistive_torque_curve")) e.resistive_torque_curve_nm = r.curve(t, "resistive_torque_curve", "rpm", kRpmOrZero, kTorque);
    if (e.start_rpm <= e.stall_rpm) {
        throw LoadError(r.where(t.t->get("start_rpm")), t.key("start_rpm"), fmt::format("expected start_rpm above stall_rpm ({})", e.stall_rpm));
    }
    if (e.rpm_limit <= e.start_rpm) {
        throw LoadError(r.where(t.t->get("rpm_limit")), t.key("rpm_limit"), fmt::format("expected rpm_limit above start_rpm ({})", e.start_rpm));
    }
    return e;
}

ClutchSpec read_clutch(Reader& r, const Table& t) {
    r.note_fields("clutch", t);
    r.note("clutch.pedal", t.t->get("pedal_zones"), t.key("pedal_zones"));
    ClutchSpec c;
    c.model = r.choice(t, "model", kClutchModels, std::nullopt);
    if (t.t->contains("pedal_zones")) {
        const auto z = r.fixed<3>(t, "pedal_zones");
        c.pedal = {z[0], z[1], z[2]};
        const double sum = z[0] + z[1] + z[2];
        if (z[0] < 0.0 || z[1] <= 0.0 || z[2] < 0.0 || std::abs(sum - 1.0) > 1e-9) {
            throw LoadError(r.where(t.t->get("pedal_zones")), t.key("pedal_zones"),
                            fmt::format("expected three fractions >= 0 (working range > 0) that sum to 1, got sum {}", sum));
        }
    }
    if (c.model == ClutchModel::PedalForce) {
        r.read_parameters(t, kClutchPedalForceParameters, c);
        const double faces = r.number_or(t, "face_count", positive_up_to(1e9, ""), c.face_count);
        if (faces != std::floor(faces) || faces > 64) {
            throw LoadError(r.where(t.t->get("face_count")), t.key("face_count"), "expected a whole number of friction faces from 1 to 64");
        }
        c.face_count = static_cast<int>(faces);
    } else {
        r.read_parameters(t, kClutchVDriftParameters, c);
    }
    return c;
}

TransmissionSpec read_transmission(Reader& r, const Table& t) {
    r.note_fields("transmission", t);
    TransmissionSpec x;
    x.mode = r.choice(t, "mode", kShiftModes, ShiftMode::Manual);
    const toml::node& ratios = r.require(t, "forward_ratios");
    x.forward_ratios = r.numbers(ratios, t.key("forward_ratios"), 1, 20, kGearRatio);
    if (t.t->contains("gears")) {
        const double gears = r.number(t, "gears", positive_up_to(1e9, ""));
        if (gears != static_cast<double>(x.forward_ratios.size())) {
            throw LoadError(r.where(t.t->get("gears")), t.key("gears"),
                            fmt::format("gears = {} but forward_ratios has {}: the gear count does not match the ratios", gears,
                                        x.forward_ratios.size()));
        }
    }
    r.read_parameters(t, kTransmissionParameters, x);
    return x;
}

DifferentialSpec read_differential(Reader& r, const Table& t, const std::string& spec) {
    r.note_fields(spec, t);
    DifferentialSpec d;
    d.type = r.choice(t, "type", kDiffTypes, DifferentialType::Open);
    r.read_parameters(t, kDifferentialParameters, d);
    return d;
}

// A TYDEX .tir file a tyre names (`file = "x.tir"`, relative to the car file): its Magic Formula,
// radius, width, aspect ratio and spin inertia, each of which the table may override; the
// rolling resistance comes from the file's QSY coefficients.
TyreSpec read_tir_tyre(Reader& r, const Table& t, const toml::node& file_node) {
    if (!file_node.is_string()) throw LoadError(r.where(&file_node), t.key("file"), "expected the path of a .tir file");
    const std::string name(file_node.as_string()->get());
    const std::filesystem::path file = std::filesystem::path(name).is_absolute() ? std::filesystem::path(name) : r.directory / name;
    LoadedTir tir;
    try {
        tir = load_tir(file);
    } catch (const LoadError& e) {
        throw LoadError(r.where(&file_node), t.key("file"), fmt::format("in {}: {}", name, e.what()));
    } catch (const std::exception& e) {
        throw LoadError(r.where(&file_node), t.key("file"), fmt::format("{}: {}", name, e.what()));
    }
    for (LoadWarning& w : tir.warnings) r.warn(std::move(w));
    if (const toml::node* m = r.node(t, "model")) {
        if (!m->is_string() || m->as_string()->get() != to_string(TyreModel::MagicFormula)) {
            throw LoadError(r.where(m), t.key("model"), "a tyre from a .tir file is \"magic-formula\" (or leave model out)");
        }
    }
    if (const toml::node* rr = r.node(t, "rolling_resistance")) {
        throw LoadError(r.where(rr), t.key("rolling_resistance"),
                        "a .tir tyre's rolling resistance comes from its QSY coefficients: remove this key");
    }
    TyreSpec x = tir.tyre;
    // The file's values, each of which the table may change; the spin inertia required when the
    // file has no IYY.
    if (!(x.rotational_inertia_kgm2 > 0.0)) r.require(t, "rotational_inertia_kgm2");
    r.read_parameters(t, kTyreParameters, x, false, true);
    // The operating pressure (MF 6.1's pressure terms), default the file's INFLPRES.
    if (const toml::node* p = r.node(t, "inflation_pressure_kpa")) {
        if (x.magic_formula.family != MagicFormulaFamily::Mf61 || !(x.magic_formula.nominal_pressure_pa > 0.0)) {
            throw LoadError(r.where(p), t.key("inflation_pressure_kpa"),
                            "the tyre file has no pressure dependence (an MF 6.1 file with NOMPRES): remove this key");
        }
        x.magic_formula.inflation_pressure_pa = 1000.0 * r.as_number(*p, t.key("inflation_pressure_kpa"), positive_up_to(1e4, "kPa"));
    }
    return x;
}

// A Magic Formula tyre written out in full ([tyres.NAME.magic_formula], as `tractive convert`
// writes a .tir tyre): family, dimensions and every coefficient by its MF name (absent scale
// factors 1, absent coefficients 0, an absent MF 6.1 PKY4 2).
MagicFormulaTyre read_magic_formula_table(Reader& r, const Table& m) {
    MagicFormulaTyre mf;
    const std::string family = r.string(m, "family");
    if (family == "mf61") {
        mf.family = MagicFormulaFamily::Mf61;
    } else if (family == "pac2002") {
        mf.family = MagicFormulaFamily::Pac2002;
    } else {
        throw LoadError(r.where(m.t->get("family")), m.key("family"), fmt::format("'{}': expected \"mf61\" or \"pac2002\"", family));
    }
    mf.fit_type = static_cast<int>(r.number_or(m, "fit_type", non_negative_up_to(100.0, ""), mf.family == MagicFormulaFamily::Mf61 ? 61.0 : 6.0));
    r.read_parameters(m, kMagicFormulaTableParameters, mf);
    if (!m.t->contains("inflation_pressure_pa")) mf.inflation_pressure_pa = mf.nominal_pressure_pa;
    for (std::size_t i = 0; i < mf::kCount; ++i) {
        const double fallback = is_magic_formula_scale_factor(i) ? 1.0 : (mf.family == MagicFormulaFamily::Mf61 && i == mf::PKY4 ? 2.0 : 0.0);
        mf.c[i] = r.number_or(m, kMagicFormulaNames[i], kPacejka, fallback);
    }
    return mf;
}

TyreSpec read_tyre(Reader& r, const Table& t) {
    if (const toml::node* file = r.node(t, "file")) return read_tir_tyre(r, t, *file);
    TyreSpec x;
    x.model = r.choice(t, "model", kTyreModels, std::nullopt);
    r.read_parameters(t, kTyreParameters, x);
    // (A Magic Formula tyre's rolling resistance comes from its QSY coefficients; the table is
    // kept when given, unused.)
    if (const auto rr = r.table(t, "rolling_resistance", x.model != TyreModel::MagicFormula)) {
        x.rolling_resistance.form = r.choice(*rr, "form", kRollingForms, RollingResistanceForm::VDrift);
        r.read_parameters(*rr, kRollingResistanceParameters, x.rolling_resistance);
        // Kept, but it does nothing: a value set there would look as if it did.
        if (x.model == TyreModel::MagicFormula && !(x.rolling_resistance == RollingResistanceSpec{})) {
            r.warn({r.where(r.node(t, "rolling_resistance")), t.key("rolling_resistance"),
                    "not used by a magic-formula tyre, whose rolling resistance is its QSY coefficients: set those instead"});
        }
    }
    if (x.model == TyreModel::MagicFormula) {
        x.magic_formula = read_magic_formula_table(r, *r.table(t, "magic_formula", true));
    } else if (x.model == TyreModel::Pacejka89) {
        x.pacejka.a = r.fixed<15>(t, "a", kPacejka);
        x.pacejka.b = r.fixed<11>(t, "b", kPacejka);
        x.pacejka.c = r.fixed<18>(t, "c", kPacejka);
        if (const auto g = r.table(t, "combined", false)) r.read_parameters(*g, kPacejkaCombinedParameters, x.pacejka);
    } else if (x.model == TyreModel::FrictionCurve) {
        x.friction_curves.longitudinal = r.curve(t, "friction_curve_longitudinal", "slip ratio", kPacejka, kPacejka);
        x.friction_curves.lateral = r.curve(t, "friction_curve_lateral", "lateral slip", kPacejka, kPacejka);
    } else if (x.model == TyreModel::Pacejka2002) {
        // VDrift's .tiren: the coefficients by their Magic Formula names, every one required.
        const Table p = *r.table(t, "pacejka2002", true);
        x.pacejka2002.nominal_load_n = r.number(p, "FZ0", kTyreLoad);
        for (std::size_t i = 0; i < kPacejka2002Names.size(); ++i)
            x.pacejka2002.c[i] = r.number(p, kPacejka2002Names[i], kPacejka);
    } else if (x.model == TyreModel::Brush) {
        // VDrift's .tirep brush model: every parameter required.
        r.read_parameters(*r.table(t, "brush", true), kBrushTyreParameters, x.brush);
    }
    if (const auto s = r.table(t, "size_reference", false)) {
        TyreSizeReference ref;
        r.read_parameters(*s, kTyreSizeReferenceParameters, ref);
        x.size_reference = ref;
    }
    return x;
}

// A wheel from [wheels.fl] (mirror false) or the right wheel from an axle table [wheels.front]
// written for the left wheel (mirror true: every y negated).
WheelSpec read_wheel(Reader& r, const Table& t, const Table& tyres, bool mirror, const std::string& spec) {
    r.note_fields(spec, t);
    WheelSpec w;
    const std::string tyre_name = r.string(t, "tyre");
    const toml::node* tyre_node = tyres.t ? tyres.t->get(tyre_name) : nullptr;
    if (!tyre_node || !tyre_node->is_table()) {
        throw LoadError(r.where(t.t->get("tyre")), t.key("tyre"), fmt::format("expected the name of a [tyres.NAME] table, got '{}'", tyre_name.substr(0, 40)));
    }
    const Table tyre{tyre_node->as_table(), tyres.key(tyre_name)};
    r.note_fields(spec + ".tyre", tyre);
    // The law's own tables too, so that a check of one coefficient (PKY2, say) is told at its line.
    for (const char* law : {"magic_formula", "pacejka2002", "brush", "combined", "size_reference"}) {
        if (const toml::table* sub = tyre.t->get_as<toml::table>(law)) r.note_fields(spec + ".tyre." + law, Table{sub, tyre.key(law)});
    }
    w.tyre = read_tyre(r, tyre);
    r.read_parameters(t, kWheelParameters, w, mirror);

    const Table s = *r.table(t, "suspension", true);
    r.note_fields(spec + ".suspension", s);
    auto& sus = w.suspension;
    sus.position_m = w.position_m;  // the default: where the wheel is
    r.read_parameters(s, kSuspensionParameters, sus, mirror);
    const auto given_hinge = r.vec_or(s, "hinge_m");
    if (given_hinge) sus.hinge_m = mirrored(*given_hinge, mirror);
    if (const auto dw = r.table(s, "double_wishbone", false)) {
        DoubleWishbone g;
        r.read_parameters(*dw, kDoubleWishboneParameters, g, mirror);
        sus.double_wishbone = g;
    }
    if (const auto mp = r.table(s, "macpherson_strut", false)) {
        MacPhersonStrut g;
        r.read_parameters(*mp, kMacPhersonStrutParameters, g, mirror);
        sus.macpherson_strut = g;
    }

    if (const auto b = r.table(t, "brake", false)) {
        r.note_fields(spec + ".brake", *b);
        r.read_parameters(*b, kWheelBrakeParameters, w.brake);
    }
    return w;
}

}  // namespace

LoadedCar load_toml_car(std::string_view text, const std::filesystem::path& path) {
    LoadedCar out;
    out.format = CarFormat::Toml;
    const std::string label = path.string();
    toml::table root;
    try {
        root = toml::parse(text, label);
    } catch (const toml::parse_error& e) {
        throw LoadError({label, static_cast<int>(e.source().begin.line)}, "", fmt::format("TOML syntax error: {}", e.description()));
    }
    rename_former_keys(root, label, out.warnings);
    Reader r(label, out.warnings, out.sources);
    r.directory = path.parent_path();
    const Table top{&root, ""};
    const std::string format = r.string_or(top, "format", "tractive-car");
    if (format != "tractive-car") throw LoadError(r.where(root.get("format")), "format", "expected \"tractive-car\"");
    const double version = r.number_or(top, "format_version", positive_up_to(1e9, ""), 1.0);
    if (version != 1.0) throw LoadError(r.where(root.get("format_version")), "format_version", fmt::format("unsupported version {}: expected 1", version));

    VehicleSpec& spec = out.spec;
    spec.name = r.string_or(top, "name", path.stem().string());
    spec.description = r.string_or(top, "description", "");

    for_each_table(r, top, "mass", [&](const Table& t) {
        r.note_fields(fmt::format("masses[{}]", spec.masses.size()), t);
        PointMass m;
        m.name = r.string(t, "name");
        m.role = r.choice(t, "role", kMassRoles, MassRole::Body);
        r.read_parameters(t, kPointMassParameters, m);
        spec.masses.push_back(std::move(m));
    });
    if (spec.masses.empty()) throw LoadError({label, 0}, "mass", "missing point masses: expected at least one [[mass]] table");

    if (const auto f = r.table(top, "fuel_tank", false)) {
        r.note_fields("fuel_tank", *f);
        auto& tank = spec.fuel_tank;
        r.read_parameters(*f, kFuelTankParameters, tank);
        if (!f->t->contains("volume_m3")) tank.volume_m3 = tank.capacity_m3;
        if (tank.volume_m3 > tank.capacity_m3) {
            throw LoadError(r.where(f->t->get("volume_m3")), f->key("volume_m3"), "expected a volume no larger than the capacity");
        }
    }

    spec.engine = read_engine(r, *r.table(top, "engine", true));
    spec.clutch = read_clutch(r, *r.table(top, "clutch", true));
    spec.transmission = read_transmission(r, *r.table(top, "transmission", true));

    const Table diffs = *r.table(top, "differential", true);
    r.note_fields("driveline", diffs);
    if (const auto d = r.table(diffs, "front", false)) spec.driveline.front = read_differential(r, *d, "driveline.front");
    if (const auto d = r.table(diffs, "rear", false)) spec.driveline.rear = read_differential(r, *d, "driveline.rear");
    if (const auto d = r.table(diffs, "centre", false)) spec.driveline.centre = read_differential(r, *d, "driveline.centre");
    if (!spec.driveline.front && !spec.driveline.rear) {
        throw LoadError(r.where(diffs.t), "differential", "expected [differential.front], [differential.rear] or both");
    }
    if (spec.driveline.centre.has_value() != (spec.driveline.front && spec.driveline.rear)) {
        throw LoadError(r.where(diffs.t), "differential.centre", "expected [differential.centre] exactly when both axles are driven");
    }

    const Table brakes = *r.table(top, "brakes", true);
    r.note_fields("brakes", brakes);
    spec.brakes.form = r.choice(brakes, "form", kBrakeForms, std::nullopt);
    if (spec.brakes.form == BrakeForm::MaxTorque) r.read_parameters(brakes, kBrakeSystemMaxTorqueParameters, spec.brakes);

    const Table tyres = r.table(top, "tyres", true).value();
    const Table wheels = *r.table(top, "wheels", true);
    r.note_fields("wheels", wheels);
    // Either one table per wheel, or an axle table for the left wheel that the right mirrors.
    const std::array<std::pair<const char*, std::array<int, 2>>, 2> axles = {{{"front", {FL, FR}}, {"rear", {RL, RR}}}};
    for (const auto& [axle, pair] : axles) {
        if (const auto a = r.table(wheels, axle, false)) {
            for (int i : pair) {
                if (wheels.t->contains(kWheelNames[i])) {
                    throw LoadError(r.where(wheels.t->get(kWheelNames[i])), wheels.key(kWheelNames[i]),
                                    fmt::format("[wheels.{}] and [wheels.{}] both describe this wheel: expected one of them", axle, kWheelNames[i]));
                }
            }
            spec.wheels[pair[0]] = read_wheel(r, *a, tyres, false, std::string("wheels.") + kWheelNames[pair[0]]);
            spec.wheels[pair[1]] = read_wheel(r, *a, tyres, true, std::string("wheels.") + kWheelNames[pair[1]]);
        } else {
            for (int i : pair) {
                spec.wheels[i] = read_wheel(r, *r.table(wheels, kWheelNames[i], true), tyres, false, std::string("wheels.") + kWheelNames[i]);
            }
        }
    }

    for_each_table(r, top, "aero", [&](const Table& t) {
        r.note_fields(fmt::format("aero[{}]", spec.aero.size()), t);
        AeroDeviceSpec a;
        a.name = r.string(t, "name");
        r.read_parameters(t, kAeroDeviceParameters, a);
        spec.aero.push_back(std::move(a));
    });

    for_each_table(r, top, "body_sphere", [&](const Table& t) {
        if (spec.body_spheres.size() == kMaxBodySpheres) {
            throw LoadError(r.where(t.t), t.path, fmt::format("expected at most {} [[body_sphere]] tables", kMaxBodySpheres));
        }
        r.note_fields(fmt::format("body_spheres[{}]", spec.body_spheres.size()), t);
        BodySphere b;
        r.read_parameters(t, kBodySphereParameters, b);
        spec.body_spheres.push_back(b);
    });

    if (const auto d = r.table(top, "driver_aids", false)) {
        r.note_fields("driver_aids", *d);
        r.read_parameters(*d, kDriverAidsParameters, spec.driver_aids);
    }

    r.warn_unused(root);
    if (auto issues = find_spec_issues(spec); !issues.empty()) {
        throw spec_issue_error(issues.front(), out.sources, label);
    }
    return out;
}

}  // namespace tractive
