// VDrift .car loader, both generations (seed 002 and ../shared/vdrift-data/README.md).
//
// Current format: nested [a.b.c] sections, axes x right, y forward, z up; tyres in separate
// files named by [wheel.xx.tire] type = tire/NAME.tire; values "&name" include another file's
// tree under that key. 2009 format: flat sections ([ tire-front ], [ wheel-FL ]), a top-level
// drive = RWD|FWD|AWD, axes x forward, y left, z up (coordinate version 1) or as the current
// format (version 2).
//
// Every key the loader reads is marked; at the end, keys nobody read get a warning naming
// file:line, except the graphics and collision keys that carry no physics.

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <numbers>
#include <optional>
#include <set>

#include "tractive/io/car_loader.hpp"
#include "tractive/io/ini_document.hpp"
#include "tractive/io/text_file.hpp"
#include "tractive/io/value_parse.hpp"
#include "tractive/laws/engine_torque.hpp"
#include "tractive/spec/tire_size.hpp"
#include "tractive/spec/validate.hpp"

namespace tractive {

namespace {

namespace fs = std::filesystem;

constexpr double kRadPerDeg = std::numbers::pi / 180.0;

enum class Expect { Any, Positive, NonNegative, Fraction, Negative };

const char* describe(Expect e) {
    switch (e) {
        case Expect::Any: return "a finite number";
        case Expect::Positive: return "a positive number";
        case Expect::NonNegative: return "a number >= 0";
        case Expect::Fraction: return "a number in [0, 1]";
        case Expect::Negative: return "a negative number";
    }
    return "";
}

bool satisfies(double v, Expect e) {
    switch (e) {
        case Expect::Any: return true;
        case Expect::Positive: return v > 0.0;
        case Expect::NonNegative: return v >= 0.0;
        case Expect::Fraction: return v >= 0.0 && v <= 1.0;
        case Expect::Negative: return v < 0.0;
    }
    return false;
}

// Keys that describe graphics, sound or collision shapes; read by nobody, warned about never.
bool is_graphics_key(std::string_view key) {
    static const std::set<std::string_view> keys = {
        "texture", "mesh", "scale", "draw", "color", "rotation", "lookat", "fov",
        "view-position", "hood-mounted-view-position", "view-stiffness", "restitution", "roll-height"};
    return keys.contains(key);
}

bool is_graphics_section(std::string_view name) {
    static const std::set<std::string_view> exact = {"body", "body.hull", "interior", "glass", "steering",
                                                     "light-brake", "light-reverse", "sound"};
    return exact.contains(name) || name.starts_with("light-") || name.starts_with("camera") ||
           name.starts_with("body.") || name.starts_with("sound");
}

// Axes of a file, converted to ISO 8855 (x forward, y left, z up).
enum class Axes { XForwardYLeft, XRightYForward };

Vec3 to_iso(Axes axes, const std::vector<double>& v) {
    if (axes == Axes::XForwardYLeft) return {v[0], v[1], v[2]};
    return {v[1], -v[0], v[2]};  // VDrift ConvertCarCoordinateSystemV2toV1
}

// A parsed file with the bookkeeping of which keys were read.
class Reader {
public:
    Reader(IniDocument doc, Axes axes, std::vector<LoadWarning>& warnings)
        : doc_(std::move(doc)), axes_(axes), warnings_(warnings) {
        for (auto& w : doc_.warnings) warnings_.push_back(w);
    }

    [[nodiscard]] const std::string& file() const { return doc_.file; }
    [[nodiscard]] const IniDocument& doc() const { return doc_; }
    [[nodiscard]] Axes axes() const { return axes_; }

    [[nodiscard]] const IniSection* section(std::string_view name) const { return doc_.find(name); }

    const IniSection& require_section(std::string_view name) const {
        const IniSection* s = section(name);
        if (!s) throw LoadError({file(), 0}, std::string(name), fmt::format("missing section [{}]", name));
        return *s;
    }

    static std::string key_name(const IniSection& s, std::string_view key) {
        return s.name.empty() ? std::string(key) : s.name + "." + std::string(key);
    }

    const IniEntry* entry(const IniSection& s, std::string_view key) {
        const IniEntry* e = s.find(key);
        if (e) used_.insert({s.name, e->key});
        return e;
    }

    const IniEntry& require_entry(const IniSection& s, std::string_view key) {
        const IniEntry* e = entry(s, key);
        if (!e) throw LoadError(s.location, key_name(s, key), "missing required key");
        return *e;
    }

    double parse_number(const IniSection& s, const IniEntry& e, Expect expect) const {
        const auto v = parse_finite_number(e.value);
        if (!v) {
            throw LoadError(e.location, key_name(s, e.key),
                            fmt::format("expected {}, got '{}'", describe(expect), e.value.substr(0, 40)));
        }
        if (!satisfies(*v, expect)) {
            throw LoadError(e.location, key_name(s, e.key), fmt::format("expected {}, got {}", describe(expect), *v));
        }
        return *v;
    }

    double number(const IniSection& s, std::string_view key, Expect expect) {
        return parse_number(s, require_entry(s, key), expect);
    }

    double number_or(const IniSection* s, std::string_view key, Expect expect, double fallback) {
        if (!s) return fallback;
        const IniEntry* e = entry(*s, key);
        return e ? parse_number(*s, *e, expect) : fallback;
    }

    std::optional<double> maybe_number(const IniSection& s, std::string_view key, Expect expect) {
        const IniEntry* e = entry(s, key);
        if (!e) return std::nullopt;
        return parse_number(s, *e, expect);
    }

    std::vector<double> list(const IniSection& s, const IniEntry& e, std::size_t min_count, std::size_t max_count) const {
        const auto v = parse_number_list(e.value);
        if (!v || v->size() < min_count || v->size() > max_count) {
            const std::string count = min_count == max_count ? fmt::format("{}", min_count)
                                                             : fmt::format("{} to {}", min_count, max_count);
            throw LoadError(e.location, key_name(s, e.key),
                            fmt::format("expected {} comma-separated numbers, got '{}'", count, e.value.substr(0, 40)));
        }
        return *v;
    }

    Vec3 position(const IniSection& s, std::string_view key) {
        return to_iso(axes_, list(s, require_entry(s, key), 3, 3));
    }

    std::optional<Vec3> maybe_position(const IniSection* s, std::string_view key) {
        if (!s) return std::nullopt;
        const IniEntry* e = entry(*s, key);
        if (!e) return std::nullopt;
        return to_iso(axes_, list(*s, *e, 3, 3));
    }

    std::string text(const IniSection& s, std::string_view key) { return require_entry(s, key).value; }

    void mark_section_read(const IniSection& s) {
        for (const auto& e : s.entries) used_.insert({s.name, e.key});
    }

    // Warn about every key nobody read, except graphics ones.
    void warn_unused() {
        for (const auto& s : doc_.sections) {
            if (is_graphics_section(s.name)) continue;
            for (const auto& e : s.entries) {
                if (used_.contains({s.name, e.key}) || is_graphics_key(e.key)) continue;
                warnings_.push_back({e.location, key_name(s, e.key), "unknown key, ignored"});
            }
        }
    }

private:
    IniDocument doc_;
    Axes axes_;
    std::vector<LoadWarning>& warnings_;
    std::set<std::pair<std::string, std::string>> used_;
};

// Finding files named inside a car file, inside the data root only.
class FileResolver {
public:
    FileResolver(const fs::path& car_path, const LoadOptions& options) {
        car_dir_ = car_path.parent_path();
        if (car_dir_.empty()) car_dir_ = ".";
        if (!options.data_root.empty()) {
            root_ = options.data_root;
        } else {
            std::error_code ec;
            fs::path dir = fs::absolute(car_dir_, ec);
            root_ = car_dir_;
            for (fs::path d = dir; !d.empty(); d = d.parent_path()) {
                if (fs::is_directory(d / "carparts", ec)) {
                    root_ = d;
                    break;
                }
                if (d == d.parent_path()) break;
            }
        }
        std::error_code ec;
        root_canonical_ = fs::weakly_canonical(root_, ec);
    }

    // The file `name` refers to: relative to the car's folder first, then under carparts/.
    fs::path resolve(const std::string& name, const SourceLocation& where, const std::string& key) const {
        if (name.empty()) throw LoadError(where, key, "expected a file name, got an empty value");
        const fs::path candidates[] = {car_dir_ / name, root_ / "carparts" / name};
        for (const auto& c : candidates) {
            std::error_code ec;
            if (!fs::exists(c, ec)) continue;
            const fs::path canonical = fs::weakly_canonical(c, ec);
            if (!inside_root(canonical)) {
                throw LoadError(where, key,
                                fmt::format("'{}' resolves to {}, outside the data root {}: expected a file under it",
                                            name, canonical.string(), root_canonical_.string()));
            }
            return canonical;
        }
        throw LoadError(where, key,
                        fmt::format("cannot find '{}' (looked in {} and {})", name, car_dir_.string(),
                                    (root_ / "carparts").string()));
    }

private:
    bool inside_root(const fs::path& p) const {
        auto r = root_canonical_.begin();
        auto i = p.begin();
        for (; r != root_canonical_.end(); ++r, ++i) {
            if (r->empty()) continue;  // trailing separator
            if (i == p.end() || *i != *r) return false;
        }
        return true;
    }

    fs::path car_dir_;
    fs::path root_;
    fs::path root_canonical_;
};

// Expands "key = &name" entries: the sections of file `name` are added under the key's path
// ([a] k = &f puts f's top-level keys in section "a.k" and f's [s] in "a.k.s").
void expand_includes(IniDocument& doc, const FileResolver& files, std::vector<fs::path>& stack, int depth) {
    constexpr int kMaxIncludeDepth = 16;
    std::vector<IniSection> added;
    for (auto& section : doc.sections) {
        for (auto& e : section.entries) {
            if (e.value.empty() || e.value.front() != '&') continue;
            const std::string key = Reader::key_name(section, e.key);
            if (depth >= kMaxIncludeDepth) {
                throw LoadError(e.location, key, fmt::format("includes nested deeper than {}", kMaxIncludeDepth));
            }
            const fs::path target = files.resolve(std::string(trim(e.value.substr(1))), e.location, key);
            if (std::find(stack.begin(), stack.end(), target) != stack.end()) {
                throw LoadError(e.location, key, fmt::format("include cycle: {} includes itself", target.string()));
            }
            IniDocument included = parse_ini(read_text_file(target), target.string());
            stack.push_back(target);
            expand_includes(included, files, stack, depth + 1);
            stack.pop_back();
            for (auto& s : included.sections) {
                if (s.entries.empty()) continue;
                s.name = s.name.empty() ? key : key + "." + s.name;
                added.push_back(std::move(s));
            }
            for (auto& w : included.warnings) doc.warnings.push_back(std::move(w));
            e.value.clear();  // the key itself is consumed by the include
        }
    }
    for (auto& s : added) {
        bool merged = false;
        for (auto& existing : doc.sections) {
            if (existing.name == s.name) {
                for (auto& e : s.entries) existing.entries.push_back(std::move(e));
                merged = true;
            }
        }
        if (!merged) doc.sections.push_back(std::move(s));
    }
    // Keys whose value was an include are not data; remove them.
    for (auto& section : doc.sections) {
        std::erase_if(section.entries, [](const IniEntry& e) { return e.value.empty(); });
    }
}

// "torque-curve-07" style indexed keys of a section, sorted by index.
std::vector<std::pair<int, const IniEntry*>> indexed_entries(const IniSection& s, std::string_view prefix) {
    std::vector<std::pair<int, const IniEntry*>> out;
    for (const auto& e : s.entries) {
        if (!e.key.starts_with(prefix)) continue;
        const std::string_view digits = std::string_view(e.key).substr(prefix.size());
        int index = 0;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
        if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) continue;
        out.emplace_back(index, &e);
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return out;
}

// A curve of "x, y" entries; x must increase strictly.
PiecewiseLinear read_curve(Reader& r, const IniSection& s, std::string_view prefix, const std::string& x_name) {
    std::vector<double> xs;
    std::vector<double> ys;
    for (const auto& [index, e] : indexed_entries(s, prefix)) {
        r.entry(s, e->key);
        const auto v = r.list(s, *e, 2, 2);
        if (!xs.empty() && !(v[0] > xs.back())) {
            throw LoadError(e->location, Reader::key_name(s, e->key),
                            fmt::format("{} must increase from point to point: expected more than {}, got {}", x_name,
                                        xs.back(), v[0]));
        }
        xs.push_back(v[0]);
        ys.push_back(v[1]);
    }
    return {std::move(xs), std::move(ys)};
}

MassRole role_of_section(std::string_view name) {
    if (name == "engine") return MassRole::Engine;
    if (name.starts_with("driver")) return MassRole::Driver;
    if (name.starts_with("balance") || name.starts_with("ballast")) return MassRole::Ballast;
    return MassRole::Body;
}

EngineSpec read_engine(Reader& r, std::vector<PointMass>& masses) {
    const IniSection& s = r.require_section("engine");
    EngineSpec e;
    masses.push_back({"engine", MassRole::Engine, r.number(s, "mass", Expect::Positive), r.position(s, "position")});
    e.rpm_limit = r.number(s, "rpm-limit", Expect::Positive);
    e.inertia_kgm2 = r.number(s, "inertia", Expect::Positive);
    e.start_rpm = r.number(s, "start-rpm", Expect::Positive);
    e.stall_rpm = r.number(s, "stall-rpm", Expect::NonNegative);
    e.idle_throttle = r.number_or(&s, "idle", Expect::Fraction, 0.0);
    e.fuel_consumption_m3_per_rpm_s = r.number_or(&s, "fuel-consumption", Expect::NonNegative, 0.0);
    e.displacement_m3 = r.number_or(&s, "displacement", Expect::NonNegative, 0.0);
    e.max_power_w = r.number_or(&s, "max-power", Expect::Positive, 0.0);
    e.peak_power_rpm = r.number_or(&s, "peak-engine-rpm", Expect::Positive, 0.0);
    if (const IniEntry* f = r.entry(s, "torque-friction")) {
        const auto v = r.list(s, *f, 1, 3);
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (v[i] < 0.0) throw LoadError(f->location, "engine.torque-friction", "expected numbers >= 0");
            e.friction_torque_nm[i] = v[i];
        }
    } else {
        // VDrift's default: Heywood's friction mean effective pressure, 97 kPa + 15 kPa per krpm
        // + 5 kPa per krpm^2, times displacement / (4 pi) for a four-stroke engine.
        const double scale = e.displacement_m3 / (4.0 * std::numbers::pi);
        e.friction_torque_nm = {97000.0 * scale, 15000.0 * scale, 5000.0 * scale};
    }
    e.torque_curve_nm = read_curve(r, s, "torque-curve-", "rpm");
    if (e.torque_curve_nm.empty()) {
        if (e.max_power_w <= 0.0 || e.peak_power_rpm <= 0.0) {
            throw LoadError(s.location, "engine.torque-curve-00",
                            "missing torque curve: expected torque-curve-NN = rpm, N m entries, or max-power and "
                            "peak-engine-rpm");
        }
        e.torque_curve_nm = genta_torque_curve(e.max_power_w, e.peak_power_rpm, e.rpm_limit);
        e.torque_curve_from_power = true;
    } else if (e.torque_curve_nm.size() < 2) {
        throw LoadError(s.location, "engine.torque-curve-01", "expected at least 2 torque curve points");
    }
    if (e.start_rpm <= e.stall_rpm) {
        throw LoadError(r.require_entry(s, "start-rpm").location, "engine.start-rpm",
                        fmt::format("expected start-rpm above stall-rpm ({})", e.stall_rpm));
    }
    return e;
}

ClutchSpec read_clutch(Reader& r) {
    const IniSection& s = r.require_section("clutch");
    ClutchSpec c;
    c.model = ClutchModel::VDrift;
    c.sliding_friction = r.number(s, "sliding", Expect::Positive);
    c.radius_m = r.number(s, "radius", Expect::Positive);
    c.area_m2 = r.number(s, "area", Expect::Positive);
    c.max_pressure_pa = r.number(s, "max-pressure", Expect::Positive);
    return c;
}

TransmissionSpec read_transmission(Reader& r) {
    const IniSection& s = r.require_section("transmission");
    TransmissionSpec t;
    const IniEntry& gears_entry = r.require_entry(s, "gears");
    const double gears = r.parse_number(s, gears_entry, Expect::Positive);
    if (gears != std::floor(gears) || gears > 20) {
        throw LoadError(gears_entry.location, "transmission.gears", fmt::format("expected a whole number of gears from 1 to 20, got {}", gears));
    }
    const int count = static_cast<int>(gears);
    for (int g = 1; g <= count; ++g) {
        const std::string key = fmt::format("gear-ratio-{}", g);
        if (!s.find(key)) {
            throw LoadError(gears_entry.location, "transmission." + key,
                            fmt::format("gears = {} but there is no ratio for gear {}: expected {} forward ratios", count, g, count));
        }
        t.forward_ratios.push_back(r.number(s, key, Expect::Positive));
    }
    if (const IniEntry* extra = s.find(fmt::format("gear-ratio-{}", count + 1))) {
        throw LoadError(extra->location, Reader::key_name(s, extra->key),
                        fmt::format("gears = {} but a ratio for gear {} is given: the gear count does not match the ratios", count, count + 1));
    }
    t.reverse_ratio = r.number(s, "gear-ratio-r", Expect::Negative);
    // "shift-time" (current) or "shift-delay" (the 2009 file's name for it); VDrift's documented default 0.2 s.
    t.shift_time_s = r.number_or(&s, "shift-time", Expect::NonNegative, r.number_or(&s, "shift-delay", Expect::NonNegative, 0.2));
    t.mode = ShiftMode::Manual;
    return t;
}

DifferentialSpec read_differential(Reader& r, const IniSection& s) {
    DifferentialSpec d;
    d.final_drive = r.number(s, "final-drive", Expect::Positive);
    d.anti_slip_nm = r.number_or(&s, "anti-slip", Expect::NonNegative, 0.0);
    d.anti_slip_torque = r.number_or(&s, "anti-slip-torque", Expect::NonNegative, 0.0);
    d.anti_slip_torque_deceleration_factor = r.number_or(&s, "anti-slip-torque-deceleration-factor", Expect::Fraction, 0.0);
    d.torque_split = r.number_or(&s, "torque-split", Expect::Fraction, 0.5);
    d.type = (d.anti_slip_nm > 0.0 || d.anti_slip_torque > 0.0) ? DifferentialType::LimitedSlip : DifferentialType::Open;
    return d;
}

DrivelineSpec read_driveline_current(Reader& r) {
    DrivelineSpec d;
    if (const auto* s = r.section("differential-front")) d.front = read_differential(r, *s);
    if (const auto* s = r.section("differential-rear")) d.rear = read_differential(r, *s);
    const auto* centre = r.section("differential-center");
    if (!d.front && !d.rear) {
        throw LoadError({r.file(), 0}, "differential-rear",
                        "missing differential: expected [differential-front], [differential-rear] or both");
    }
    if (d.front && d.rear) {
        if (!centre) {
            throw LoadError({r.file(), 0}, "differential-center",
                            "both axles are driven: expected a [differential-center] section");
        }
        d.centre = read_differential(r, *centre);
    } else if (centre) {
        throw LoadError(centre->location, "differential-center",
                        "a centre differential needs both [differential-front] and [differential-rear]");
    }
    return d;
}

DrivelineSpec read_driveline_2009(Reader& r) {
    const IniSection& top = r.require_section("");
    const IniEntry& drive = r.require_entry(top, "drive");
    const IniSection& s = r.require_section("differential");
    const DifferentialSpec diff = read_differential(r, s);
    DrivelineSpec d;
    if (drive.value == "RWD") {
        d.rear = diff;
    } else if (drive.value == "FWD") {
        d.front = diff;
    } else if (drive.value == "AWD") {
        // As VDrift 2009: the centre differential carries the final drive, the axles 1:1, all
        // three with the same anti-slip.
        DifferentialSpec axle = diff;
        axle.final_drive = 1.0;
        d.front = axle;
        d.rear = axle;
        d.centre = diff;
    } else {
        throw LoadError(drive.location, "drive", fmt::format("expected RWD, FWD or AWD, got '{}'", drive.value.substr(0, 20)));
    }
    return d;
}

FuelTankSpec read_fuel_tank(Reader& r, std::vector<LoadWarning>& warnings, double& consumption_scale) {
    const IniSection& s = r.require_section("fuel-tank");
    FuelTankSpec f;
    f.position_m = r.position(s, "position");
    f.capacity_m3 = r.number(s, "capacity", Expect::NonNegative);
    f.volume_m3 = r.number(s, "volume", Expect::NonNegative);
    f.density_kg_per_m3 = r.number(s, "fuel-density", Expect::Positive);
    consumption_scale = 1.0;
    // Fuel is about 700-850 kg/m^3. Some VDrift cars (3S, RS2) give litres and kg/L instead
    // (capacity 100, density 0.8); VDrift only multiplies volume by density, so both read the
    // same mass. A density below 10 can only be kg/L: convert volumes and consumption from
    // litres to m^3.
    if (f.density_kg_per_m3 < 10.0) {
        const IniEntry& e = r.require_entry(s, "fuel-density");
        warnings.push_back({e.location, "fuel-tank.fuel-density",
                            fmt::format("{} read as kg/L, so capacity, volume and fuel-consumption as litres", f.density_kg_per_m3)});
        f.density_kg_per_m3 *= 1000.0;
        f.capacity_m3 *= 1e-3;
        f.volume_m3 *= 1e-3;
        consumption_scale = 1e-3;
    }
    if (f.volume_m3 > f.capacity_m3) {
        throw LoadError(r.require_entry(s, "volume").location, "fuel-tank.volume",
                        fmt::format("expected a volume no larger than the capacity ({})", f.capacity_m3));
    }
    return f;
}

// Every top-level section with a drag-coefficient is an aerodynamic device.
std::vector<AeroDeviceSpec> read_aero(Reader& r) {
    std::vector<AeroDeviceSpec> out;
    for (const auto& s : r.doc().sections) {
        if (s.name.find('.') != std::string::npos || !s.find("drag-coefficient")) continue;
        AeroDeviceSpec a;
        a.name = s.name;
        a.position_m = r.position(s, "position");
        a.drag_coefficient = r.number(s, "drag-coefficient", Expect::NonNegative);
        a.frontal_area_m2 = r.number_or(&s, "frontal-area", Expect::NonNegative, 0.0);
        a.surface_area_m2 = r.number_or(&s, "surface-area", Expect::NonNegative, 0.0);
        a.lift_coefficient = r.number_or(&s, "lift-coefficient", Expect::Any, 0.0);
        // "lift-efficiency" (current) or "efficiency" (2009); without one, no induced drag.
        a.lift_efficiency = r.number_or(&s, "lift-efficiency", Expect::Fraction, r.number_or(&s, "efficiency", Expect::Fraction, 1.0));
        out.push_back(std::move(a));
    }
    return out;
}

// Point masses: every top-level section with a mass (engine handled by read_engine).
void read_point_masses(Reader& r, std::vector<PointMass>& masses) {
    for (const auto& s : r.doc().sections) {
        if (s.name.empty() || s.name.find('.') != std::string::npos || s.name == "engine") continue;
        if (s.name.starts_with("wheel-") || s.name == "contact-points") continue;  // 2009, elsewhere
        if (!s.find("mass")) {
            // VDrift adds such a section as a zero mass: its position carries no physics.
            r.entry(s, "position");
            continue;
        }
        masses.push_back({s.name, role_of_section(s.name), r.number(s, "mass", Expect::Positive), r.position(s, "position")});
    }
}

PacejkaCoefficients read_pacejka(Reader& r, const IniSection& s) {
    PacejkaCoefficients p;
    static constexpr std::array<const char*, 15> a_keys = {"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7",
                                                           "a8", "a9", "a10", "a111", "a112", "a12", "a13"};
    for (std::size_t i = 0; i < a_keys.size(); ++i) p.a[i] = r.number(s, a_keys[i], Expect::Any);
    for (std::size_t i = 0; i < p.b.size(); ++i) p.b[i] = r.number(s, fmt::format("b{}", i), Expect::Any);
    for (std::size_t i = 0; i < p.c.size(); ++i) p.c[i] = r.number(s, fmt::format("c{}", i), Expect::Any);
    // b11, b12: documented in seed 002, never used by VDrift's tyre; read and ignored.
    r.entry(s, "b11");
    r.entry(s, "b12");
    p.gx1 = r.number_or(&s, "gx1", Expect::NonNegative, 0.0);
    p.gx2 = r.number_or(&s, "gx2", Expect::NonNegative, 0.0);
    p.gy1 = r.number_or(&s, "gy1", Expect::NonNegative, 0.0);
    p.gy2 = r.number_or(&s, "gy2", Expect::NonNegative, 0.0);
    return p;
}

RollingResistanceSpec read_rolling_resistance(Reader& r, const IniSection& s) {
    RollingResistanceSpec rr;
    rr.form = RollingResistanceForm::VDrift;
    const IniEntry& e = r.require_entry(s, "rolling-resistance");
    const auto v = r.list(s, e, 2, 2);
    if (v[0] < 0.0 || v[1] < 0.0) throw LoadError(e.location, Reader::key_name(s, e.key), "expected two numbers >= 0");
    rr.constant = v[0];
    rr.v2_coefficient_s2_per_m2 = v[1];
    return rr;
}

// Tyre parameters shared by both formats: rolling resistance, tread and Pacejka coefficients.
void read_tire_model(Reader& r, const IniSection& s, TireSpec& t) {
    if (s.find("PCY1") || s.find("PDX1")) {
        throw LoadError(s.find("PCY1") ? s.find("PCY1")->location : s.find("PDX1")->location, Reader::key_name(s, "PCY1"),
                        "this tyre has Pacejka 2002 (MF) coefficients: expected the Pacejka '89 layout a0..a13, b0..b10, c0..c17");
    }
    if (s.find("ktx") || s.find("mus")) {
        throw LoadError(s.location, Reader::key_name(s, "ktx"),
                        "this tyre has brush-model parameters: expected the Pacejka '89 layout a0..a13, b0..b10, c0..c17");
    }
    t.model = TireModel::Pacejka89;
    t.rolling_resistance = read_rolling_resistance(r, s);
    t.tread = r.number_or(&s, "tread", Expect::Fraction, 0.0);
    t.pacejka = read_pacejka(r, s);
    const bool any_reference = s.find("R0") || s.find("W0") || s.find("AR0") || s.find("PT0") || s.find("FZ0");
    if (any_reference) {
        TireSizeReference ref;
        ref.radius_m = r.number(s, "R0", Expect::Positive);
        ref.width_m = r.number(s, "W0", Expect::Positive);
        ref.aspect_ratio = r.number(s, "AR0", Expect::Positive);
        ref.pressure_bar = r.number(s, "PT0", Expect::Positive);
        ref.load_n = r.number(s, "FZ0", Expect::Positive);
        t.size_reference = ref;
    }
}

TireSize read_tire_size(Reader& r, const IniSection& s) {
    const IniEntry& e = r.require_entry(s, "size");
    const auto v = r.list(s, e, 3, 3);
    if (v[0] <= 0.0 || v[1] <= 0.0 || v[2] <= 0.0) {
        throw LoadError(e.location, Reader::key_name(s, "size"),
                        "expected width mm, aspect ratio %, rim diameter in, all positive (e.g. 215, 45, 17)");
    }
    return {v[0] * 1e-3, v[1] * 1e-2, v[2] * 0.0254};
}

struct LoadContext {
    const fs::path& car_path;
    const FileResolver& files;
    std::vector<LoadWarning>& warnings;
    std::map<fs::path, TireSpec> tire_cache;
};

// A current-format tyre: [wheel.xx.tire] size and type (a tyre file) or an included tree.
TireSpec read_tire_current(Reader& r, const IniSection& s, const std::string& wheel_key, LoadContext& ctx) {
    const TireSize size = read_tire_size(r, s);
    TireSpec t;
    if (const IniSection* included = r.section(s.name + ".type")) {
        read_tire_model(r, *included, t);
    } else {
        const IniEntry& type = r.require_entry(s, "type");
        const fs::path file = ctx.files.resolve(type.value, type.location, Reader::key_name(s, "type"));
        auto cached = ctx.tire_cache.find(file);
        if (cached == ctx.tire_cache.end()) {
            IniDocument doc = parse_ini(read_text_file(file), file.string());
            std::vector<fs::path> stack{file};
            expand_includes(doc, ctx.files, stack, 1);
            Reader tr(std::move(doc), r.axes(), ctx.warnings);
            TireSpec model;
            read_tire_model(tr, tr.require_section(""), model);
            tr.warn_unused();
            cached = ctx.tire_cache.emplace(file, model).first;
        }
        t = cached->second;
    }
    (void)wheel_key;
    t.width_m = size.width_m;
    t.aspect_ratio = size.aspect_ratio;
    t.rim_diameter_m = size.rim_diameter_m;
    t.radius_m = tire_radius_m(size);
    return t;
}

WheelBrakeSpec read_brake(Reader& r, const IniSection& s) {
    WheelBrakeSpec b;
    b.friction = r.number(s, "friction", Expect::Positive);
    b.max_pressure_pa = r.number(s, "max-pressure", Expect::Positive);
    b.bias = r.number(s, "bias", Expect::Fraction);
    b.radius_m = r.number(s, "radius", Expect::Positive);
    b.area_m2 = r.number(s, "area", Expect::Positive);
    b.handbrake = r.number_or(&s, "handbrake", Expect::Fraction, 0.0);
    return b;
}

double angle_deg(Reader& r, const IniSection* s, std::string_view key) {
    const double deg = r.number_or(s, key, Expect::Any, 0.0);
    if (std::abs(deg) >= 90.0) {
        const IniEntry* e = s->find(key);
        throw LoadError(e->location, Reader::key_name(*s, key), fmt::format("expected an angle between -90 and 90 degrees, got {}", deg));
    }
    return deg * kRadPerDeg;
}

std::array<WheelSpec, 4> read_wheels_current(Reader& r, LoadContext& ctx) {
    std::array<WheelSpec, 4> wheels;
    for (int i = 0; i < 4; ++i) {
        const std::string base = std::string("wheel.") + kWheelNames[i];
        const bool right = i == FR || i == RR;
        // The current format writes right-wheel alignment mirrored (fl camber -0.5, fr +0.5 for
        // the same negative camber): negate right-wheel camber, toe and ackermann.
        const double mirror = right ? -1.0 : 1.0;
        WheelSpec& w = wheels[i];
        const IniSection& ws = r.require_section(base);
        w.position_m = r.position(ws, "position");
        w.camber_rad = mirror * angle_deg(r, &ws, "camber");
        w.caster_rad = angle_deg(r, &ws, "caster");
        // VDrift turns the left wheel by +toe about z (up): its front to the left, i.e. out. Our
        // toe is positive inwards.
        w.toe_rad = -mirror * angle_deg(r, &ws, "toe");
        w.max_steer_rad = angle_deg(r, &ws, "steering");
        w.ackermann_rad = mirror * angle_deg(r, &ws, "ackermann");

        const IniSection& coil = r.require_section(base + ".coilover");
        auto& sus = w.suspension;
        sus.spring_n_per_m = r.number(coil, "spring-constant", Expect::Positive);
        sus.bump_damping_ns_per_m = r.number(coil, "bounce", Expect::NonNegative);
        sus.rebound_damping_ns_per_m = r.number(coil, "rebound", Expect::NonNegative);
        sus.travel_m = r.number(coil, "travel", Expect::Positive);
        sus.anti_roll_n_per_m = r.number_or(&coil, "anti-roll", Expect::NonNegative, 0.0);
        sus.max_compression_velocity_m_per_s = r.number_or(&coil, "max-compression-velocity", Expect::NonNegative, 0.0);
        sus.position_m = w.position_m;
        sus.hinge_m = {w.position_m.x, 0.0, w.position_m.z};
        if (const IniSection* dw = r.section(base + ".double-wishbone")) {
            DoubleWishbone g;
            g.upper_chassis_front_m = r.position(*dw, "upper-chassis-front");
            g.upper_chassis_rear_m = r.position(*dw, "upper-chassis-rear");
            g.upper_hub_m = r.position(*dw, "upper-hub");
            g.lower_chassis_front_m = r.position(*dw, "lower-chassis-front");
            g.lower_chassis_rear_m = r.position(*dw, "lower-chassis-rear");
            g.lower_hub_m = r.position(*dw, "lower-hub");
            sus.hinge_m = (g.lower_chassis_front_m + g.lower_chassis_rear_m) * 0.5;
            sus.double_wishbone = g;
        }
        if (const IniSection* mp = r.section(base + ".macpherson-strut")) {
            MacPhersonStrut g;
            g.strut_top_m = r.position(*mp, "strut-top");
            g.strut_end_m = r.position(*mp, "strut-end");
            g.hinge_m = r.position(*mp, "hinge");
            sus.hinge_m = g.hinge_m;
            sus.macpherson_strut = g;
        }
        if (const IniSection* h = r.section(base + ".hinge")) {
            sus.hinge_m = r.position(*h, "chassis");
            r.entry(*h, "wheel");
        }

        const IniSection& tire_section = r.require_section(base + ".tire");
        w.tire = read_tire_current(r, tire_section, base, ctx);
        const TireSize size{w.tire.width_m, w.tire.aspect_ratio, w.tire.rim_diameter_m};
        const WheelMassEstimate estimate = estimate_wheel_mass(size);
        w.mass_kg = r.number_or(&ws, "mass", Expect::Positive, estimate.mass_kg);
        w.tire.rotational_inertia_kgm2 = r.number_or(&ws, "inertia", Expect::Positive, estimate.spin_inertia_kgm2);

        w.brake = read_brake(r, r.require_section(base + ".brake"));
    }
    return wheels;
}

std::array<WheelSpec, 4> read_wheels_2009(Reader& r, LoadContext& ctx) {
    (void)ctx;
    static constexpr std::array<const char*, 4> suffix = {"FL", "FR", "RL", "RR"};
    std::array<WheelSpec, 4> wheels;
    const IniSection* steering = r.section("steering");
    const double max_steer = angle_deg(r, steering, "max-angle");
    for (int i = 0; i < 4; ++i) {
        const bool front = i == FL || i == FR;
        const std::string axle = front ? "front" : "rear";
        WheelSpec& w = wheels[i];
        const IniSection& ws = r.require_section(std::string("wheel-") + suffix[i]);
        w.position_m = r.position(ws, "position");
        w.mass_kg = r.number(ws, "mass", Expect::Positive);

        const IniSection& sus_axle = r.require_section("suspension-" + axle);
        auto& sus = w.suspension;
        sus.spring_n_per_m = r.number(sus_axle, "spring-constant", Expect::Positive);
        sus.bump_damping_ns_per_m = r.number(sus_axle, "bounce", Expect::NonNegative);
        sus.rebound_damping_ns_per_m = r.number(sus_axle, "rebound", Expect::NonNegative);
        sus.travel_m = r.number(sus_axle, "travel", Expect::Positive);
        sus.max_compression_velocity_m_per_s = r.number_or(&sus_axle, "max-compression-velocity", Expect::NonNegative, 0.0);
        sus.anti_roll_n_per_m = r.number_or(&sus_axle, "anti-roll", Expect::NonNegative, 0.0);
        // One value per axle, meant the same way on both sides; sign as the current format's
        // left wheel (negative camber = top of the wheel inwards, positive toe = toe-out).
        w.camber_rad = angle_deg(r, &sus_axle, "camber");
        w.caster_rad = angle_deg(r, &sus_axle, "caster");
        w.toe_rad = -angle_deg(r, &sus_axle, "toe");
        w.max_steer_rad = front ? max_steer : 0.0;

        const IniSection* sus_wheel = r.section(std::string("suspension-") + suffix[i]);
        sus.position_m = r.maybe_position(sus_wheel, "position").value_or(w.position_m);
        sus.hinge_m = r.maybe_position(sus_wheel, "hinge").value_or(Vec3{w.position_m.x, 0.0, w.position_m.z});

        const IniSection& ts = r.require_section("tire-" + axle);
        read_tire_model(r, ts, w.tire);
        w.tire.radius_m = r.number(ts, "radius", Expect::Positive);
        w.tire.rotational_inertia_kgm2 = r.number(ts, "rotational-inertia", Expect::Positive);

        w.brake = read_brake(r, r.require_section("brakes-" + axle));
    }
    return wheels;
}

// 2009 contact points: a mass at each listed position.
void read_contact_points(Reader& r, std::vector<PointMass>& masses) {
    const IniSection* s = r.section("contact-points");
    if (!s) return;
    const double mass = r.number(*s, "mass", Expect::Positive);
    for (const auto& [index, e] : indexed_entries(*s, "position-")) {
        r.entry(*s, e->key);
        masses.push_back({fmt::format("contact-point-{:02}", index), MassRole::Body, mass, to_iso(r.axes(), r.list(*s, *e, 3, 3))});
    }
}

}  // namespace

LoadedCar load_vdrift_car(std::string_view text, const std::filesystem::path& path, const LoadOptions& options) {
    LoadedCar out;
    const std::string label = path.string();
    IniDocument doc = parse_ini(text, label);
    const bool is_2009 = detect_car_format(path, text) == CarFormat::VDrift2009;
    out.format = is_2009 ? CarFormat::VDrift2009 : CarFormat::VDrift;
    FileResolver files(path, options);
    std::error_code ec;
    std::vector<fs::path> stack{fs::weakly_canonical(path, ec)};
    expand_includes(doc, files, stack, 1);

    Axes axes = is_2009 ? Axes::XForwardYLeft : Axes::XRightYForward;
    if (const IniSection* top = doc.find("")) {
        if (const IniEntry* v = top->find("version")) {
            const auto version = parse_finite_number(v->value);
            if (!version || (*version != 1.0 && *version != 2.0)) {
                throw LoadError(v->location, "version", fmt::format("unsupported format version '{}': expected 1 or 2", v->value.substr(0, 20)));
            }
            if (is_2009 && *version == 2.0) axes = Axes::XRightYForward;
        }
    }
    Reader r(std::move(doc), axes, out.warnings);
    if (const IniSection* top = r.section("")) r.entry(*top, "version");
    LoadContext ctx{path, files, out.warnings, {}};

    VehicleSpec& spec = out.spec;
    spec.name = path.stem().string();
    spec.engine = read_engine(r, spec.masses);
    spec.clutch = read_clutch(r);
    spec.transmission = read_transmission(r);
    spec.driveline = is_2009 ? read_driveline_2009(r) : read_driveline_current(r);
    double consumption_scale = 1.0;
    spec.fuel_tank = read_fuel_tank(r, out.warnings, consumption_scale);
    spec.engine.fuel_consumption_m3_per_rpm_s *= consumption_scale;
    spec.aero = read_aero(r);
    read_point_masses(r, spec.masses);
    if (is_2009) read_contact_points(r, spec.masses);
    spec.wheels = is_2009 ? read_wheels_2009(r, ctx) : read_wheels_current(r, ctx);
    spec.brakes.form = BrakeForm::VDrift;
    r.warn_unused();

    if (auto issues = find_spec_issues(spec); !issues.empty()) {
        throw LoadError({label, 0}, issues.front().path, issues.front().message);
    }
    return out;
}

}  // namespace tractive
