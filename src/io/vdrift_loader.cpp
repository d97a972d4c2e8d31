// VDrift .car loader, both generations (seed 002 and ../shared/vdrift-data/README.md).
//
// Current format: nested [a.b.c] sections, axes x right, y forward, z up; tyres in separate
// files named by [wheel.xx.tire] type = tire/NAME.tire; values "&name" include another file's
// tree under that key. 2009 format: flat sections ([ tire-front ], [ wheel-FL ]), a top-level
// drive = RWD|FWD|AWD, axes x forward, y left, z up (coordinate version 1) or as the current
// format (version 2).
//
// Every key the loader reads is marked; at the end, keys nobody read get a warning naming
// file:line, except the graphics and sound keys that carry no physics. Every value is
// checked against its plausible range (spec/validate.hpp) where it is read, and the source of
// each part of the spec is recorded so that the final check reports at the file's line and key.

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <numbers>
#include <optional>
#include <limits>
#include <set>

#include "tractive/io/car_loader.hpp"
#include "tractive/io/ini_document.hpp"
#include "tractive/io/text_file.hpp"
#include "tractive/io/value_parse.hpp"
#include "tractive/laws/engine_torque.hpp"
#include "tractive/spec/parameter_table.hpp"
#include "tractive/spec/tyre_size.hpp"
#include "tractive/spec/validate.hpp"
#include "vdrift_collision_shape.hpp"

namespace tractive {

namespace {

namespace fs = std::filesystem;
using namespace plausible;

constexpr double kRadPerDeg = std::numbers::pi / 180.0;

// Keys that describe graphics or sound; read by nobody, warned about never.
bool is_graphics_key(std::string_view key) {
    static const std::set<std::string_view> keys = {
        "texture", "mesh", "scale", "draw", "color", "rotation", "lookat", "fov",
        "view-position", "hood-mounted-view-position", "view-stiffness", "restitution"};
    return keys.contains(key) || key.starts_with("pitch-soundmap");  // an engine's sound samples by rpm
}

bool is_graphics_section(std::string_view name) {
    static const std::set<std::string_view> exact = {"body", "interior", "glass", "steering",
                                                     "light-brake", "light-reverse", "sound"};
    return exact.contains(name) || name.starts_with("light-") || name.starts_with("foglight") || name.starts_with("camera") ||
           name.starts_with("body.") || name.starts_with("sound");
}

// Axes of a file, converted to ISO 8855 (x forward, y left, z up).
enum class Axes { XForwardYLeft, XRightYForward };

Vec3 to_iso(Axes axes, const std::vector<double>& v) {
    if (axes == Axes::XForwardYLeft) return {v[0], v[1], v[2]};
    return {v[1], -v[0], v[2]};  // VDrift ConvertCarCoordinateSystemV2toV1
}

std::string key_name(const IniSection& s, std::string_view key) {
    return s.name.empty() ? std::string(key) : s.name + "." + std::string(key);
}

// "got 'text'" for a value that is not what was expected; an empty value says so.
std::string got(const std::string& value) {
    return value.empty() ? "got an empty value" : fmt::format("got '{}'", value.substr(0, 40));
}

// A parsed file with the bookkeeping of which keys were read and where spec parts came from.
class Reader {
public:
    Reader(IniDocument doc, Axes axes, std::vector<LoadWarning>& warnings, SpecSources& sources)
        : doc_(std::move(doc)), axes_(axes), warnings_(warnings), sources_(sources) {
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

    // Records that spec_path came from entry e of section s (or the section itself).
    void note(std::string_view spec_path, const IniSection& s, const IniEntry* e = nullptr) {
        if (spec_path.empty()) return;
        if (e) {
            sources_.note(std::string(spec_path), e->location, key_name(s, e->key));
        } else {
            sources_.note(std::string(spec_path), s.location, s.name);
        }
    }

    // The entry, or nullptr; an entry whose include was expanded is not data and reads as absent.
    const IniEntry* entry(const IniSection& s, std::string_view key) {
        const IniEntry* e = s.find(key);
        if (!e || e->consumed_include) return nullptr;
        used_.insert({s.name, e->key});
        return e;
    }

    const IniEntry& require_entry(const IniSection& s, std::string_view key) {
        const IniEntry* e = entry(s, key);
        if (!e) throw LoadError(s.location, key_name(s, key), "missing required key");
        return *e;
    }

    double parse_number(const IniSection& s, const IniEntry& e, const Range& range) const {
        const auto v = parse_finite_number(e.value);
        if (!v) throw LoadError(e.location, key_name(s, e.key), fmt::format("expected {}, {}", range.kind, got(e.value)));
        if (const std::string problem = range.problem(*v); !problem.empty()) {
            throw LoadError(e.location, key_name(s, e.key), problem);
        }
        return *v;
    }

    double number(const IniSection& s, std::string_view key, const Range& range, std::string_view spec = {}) {
        const IniEntry& e = require_entry(s, key);
        note(spec, s, &e);
        return parse_number(s, e, range);
    }

    double number_or(const IniSection* s, std::string_view key, const Range& range, double fallback,
                     std::string_view spec = {}) {
        if (!s) return fallback;
        const IniEntry* e = entry(*s, key);
        if (!e) return fallback;
        note(spec, *s, e);
        return parse_number(*s, *e, range);
    }

    // A quantity both formats share (spec/parameter_table.hpp): read by the table's VDrift key,
    // in its range, into the table's name (noted as spec_path.key where spec_path is given).
    template <class Part>
    double mapped(const IniSection& s, std::span<const Parameter<Part>> table, std::string_view key, const std::string& spec_path = {}) {
        const Parameter<Part>& p = parameter(table, key);
        return number(s, p.vdrift_key, p.range, spec_path.empty() ? "" : spec_path + "." + std::string(key));
    }

    template <class Part>
    double mapped_or(const IniSection* s, std::span<const Parameter<Part>> table, std::string_view key, double fallback,
                     const std::string& spec_path = {}) {
        const Parameter<Part>& p = parameter(table, key);
        return number_or(s, p.vdrift_key, p.range, fallback, spec_path.empty() ? "" : spec_path + "." + std::string(key));
    }

    std::vector<double> list(const IniSection& s, const IniEntry& e, std::size_t min_count, std::size_t max_count) const {
        const auto v = parse_number_list(e.value);
        if (!v || v->size() < min_count || v->size() > max_count) {
            const std::string count = min_count == max_count ? fmt::format("{}", min_count)
                                      : max_count == std::numeric_limits<std::size_t>::max()
                                          ? fmt::format("at least {}", min_count)
                                          : fmt::format("{} to {}", min_count, max_count);
            throw LoadError(e.location, key_name(s, e.key),
                            fmt::format("expected {} comma-separated numbers, {}", count, got(e.value)));
        }
        return *v;
    }

    // Numbers of a list, each in `range`.
    std::vector<double> list_in(const IniSection& s, const IniEntry& e, std::size_t count, const Range& range) const {
        auto v = list(s, e, count, count);
        for (double x : v) {
            if (const std::string problem = range.problem(x); !problem.empty()) {
                throw LoadError(e.location, key_name(s, e.key), problem);
            }
        }
        return v;
    }

    // Three coordinates. More numbers than three are read as VDrift reads them, the first three
    // (a stray decimal comma, "-0,058", splits one number in two), with a warning (once an entry,
    // however often it is read).
    Vec3 position_of(const IniSection& s, const IniEntry& e) { return to_iso(axes_, file_position_of(s, e)); }

    // The same three numbers in the file's own axes.
    std::vector<double> file_position_of(const IniSection& s, const IniEntry& e) {
        auto v = list(s, e, 3, std::numeric_limits<std::size_t>::max());
        if (v.size() > 3) {
            if (warned_positions_.insert({s.name, e.key}).second) {
                warnings_.push_back({e.location, key_name(s, e.key),
                                     fmt::format("{} numbers where a position has 3: the first 3 are used, as VDrift does", v.size())});
            }
            v.resize(3);
        }
        for (double x : v) {
            if (const std::string problem = kCoordinate.problem(x); !problem.empty()) {
                throw LoadError(e.location, key_name(s, e.key), problem);
            }
        }
        return v;
    }

    Vec3 position(const IniSection& s, std::string_view key, std::string_view spec = {}) {
        const IniEntry& e = require_entry(s, key);
        note(spec, s, &e);
        return position_of(s, e);
    }

    std::optional<Vec3> maybe_position(const IniSection* s, std::string_view key, std::string_view spec = {}) {
        if (!s) return std::nullopt;
        const IniEntry* e = entry(*s, key);
        if (!e) return std::nullopt;
        note(spec, *s, e);
        return position_of(*s, *e);
    }

    void warn(const IniSection& s, const IniEntry& e, std::string what) {
        warnings_.push_back({e.location, key_name(s, e.key), std::move(what)});
    }
    void warn(const IniSection& s, std::string what) { warnings_.push_back({s.location, s.name, std::move(what)}); }

    // Warn about every key nobody read, except graphics ones and expanded includes.
    void warn_unused() {
        for (const auto& s : doc_.sections()) {
            if (is_graphics_section(s.name)) continue;
            // A part's [P.link]: where VDrift's damage breaks it off (elastic-limit, plastic-limit).
            const bool damage = s.name.ends_with(".link");
            for (const auto& e : s.entries()) {
                if (e.consumed_include || used_.contains({s.name, e.key}) || is_graphics_key(e.key)) continue;
                warnings_.push_back({e.location, key_name(s, e.key),
                                     damage ? "ignored: a breakable part's limit of VDrift's damage, which tractive does not model"
                                            : "unknown key, ignored"});
            }
        }
    }

private:
    IniDocument doc_;
    Axes axes_;
    std::vector<LoadWarning>& warnings_;
    SpecSources& sources_;
    std::set<std::pair<std::string, std::string>> used_;
    std::set<std::pair<std::string, std::string>> warned_positions_;
};

bool path_inside(const fs::path& p, const fs::path& root) {
    auto r = root.begin();
    auto i = p.begin();
    for (; r != root.end(); ++r, ++i) {
        if (r->empty()) continue;  // trailing separator
        if (i == p.end() || *i != *r) return false;
    }
    return true;
}

// Finding files named inside a car file: under the car's own folder or under the data root,
// compared as canonical paths (symlinks resolved), so that nothing escapes both.
class FileResolver {
public:
    FileResolver(const fs::path& car_path, const LoadOptions& options) {
        car_dir_ = car_path.parent_path();
        if (car_dir_.empty()) car_dir_ = ".";
        root_ = options.data_root.empty() ? find_data_root(car_dir_) : options.data_root;
        std::error_code ec;
        root_canonical_ = fs::weakly_canonical(root_, ec);
        car_dir_canonical_ = fs::weakly_canonical(car_dir_, ec);
    }

    // The file `name` refers to: relative to the car's folder first, then under carparts/.
    fs::path resolve(const std::string& name, const SourceLocation& where, const std::string& key) const {
        if (name.empty()) throw LoadError(where, key, "expected a file name, got an empty value");
        const fs::path candidates[] = {car_dir_ / name, root_ / "carparts" / name};
        for (const auto& c : candidates) {
            std::error_code ec;
            if (!fs::exists(c, ec)) continue;
            const fs::path canonical = fs::weakly_canonical(c, ec);
            if (!path_inside(canonical, root_canonical_) && !path_inside(canonical, car_dir_canonical_)) {
                throw LoadError(where, key,
                                fmt::format("'{}' resolves to {}, outside the data root {} and the car's folder {}: "
                                            "expected a file under one of them",
                                            name, canonical.string(), root_canonical_.string(), car_dir_canonical_.string()));
            }
            return canonical;
        }
        throw LoadError(where, key,
                        fmt::format("cannot find '{}' (looked in {} and {})", name, car_dir_.string(),
                                    (root_ / "carparts").string()));
    }

private:
    // The first folder at or above dir with a carparts/ subfolder; dir itself if none.
    static fs::path find_data_root(const fs::path& dir) {
        std::error_code ec;
        const fs::path absolute = fs::absolute(dir, ec);
        for (fs::path d = absolute; !d.empty(); d = d.parent_path()) {
            if (fs::is_directory(d / "carparts", ec)) return d;
            if (d == d.parent_path()) break;
        }
        return dir;
    }

    fs::path car_dir_;
    fs::path root_;
    fs::path root_canonical_;
    fs::path car_dir_canonical_;
};

// Expands "key = &name" entries: the sections of file `name` are added under the key's path
// ([a] k = &f puts f's top-level keys in section "a.k" and f's [s] in "a.k.s"). One expander
// serves a whole load (car and tyre files): each file is read and parsed once, and the total
// number of expansions and of bytes they add are capped, so that a file including another many
// times over ("include bomb") fails fast instead of hanging.
class IncludeExpander {
public:
    static constexpr int kMaxDepth = 16;
    static constexpr int kMaxExpansions = 256;
    static constexpr std::size_t kMaxExpandedBytes = 16u * 1024u * 1024u;

    explicit IncludeExpander(const FileResolver& files) : files_(files) {}

    // `self` is the canonical path of doc's own file (for cycle detection).
    void expand(IniDocument& doc, const fs::path& self) {
        std::vector<fs::path> stack{self};
        expand(doc, stack);
    }

private:
    struct Parsed {
        IniDocument doc;
        std::size_t bytes = 0;
    };

    const Parsed& parsed(const fs::path& file) {
        auto it = cache_.find(file);
        if (it == cache_.end()) {
            const std::string text = read_text_file(file);
            it = cache_.emplace(file, Parsed{parse_ini(text, file.string()), text.size()}).first;
        }
        return it->second;
    }

    void check_limits(const IniEntry& e, const std::string& key, std::size_t depth, std::size_t bytes) {
        if (depth > kMaxDepth) {
            throw LoadError(e.location, key, fmt::format("includes nested deeper than {}", kMaxDepth));
        }
        if (++expansions_ > kMaxExpansions) {
            throw LoadError(e.location, key,
                            fmt::format("more than {} include expansions in one car: expected a car that includes "
                                        "each part a few times",
                                        kMaxExpansions));
        }
        expanded_bytes_ += bytes;
        if (expanded_bytes_ > kMaxExpandedBytes) {
            throw LoadError(e.location, key,
                            fmt::format("includes expand to more than {} bytes: expected a car of a few kilobytes",
                                        kMaxExpandedBytes));
        }
    }

    void expand(IniDocument& doc, std::vector<fs::path>& stack) {
        std::vector<IniSection> added;
        for (auto& section : doc.mutable_sections()) {
            for (auto& e : section.mutable_entries()) {
                if (e.consumed_include || e.value.empty() || e.value.front() != '&') continue;
                const std::string key = key_name(section, e.key);
                const fs::path target = files_.resolve(std::string(trim(e.value.substr(1))), e.location, key);
                if (std::find(stack.begin(), stack.end(), target) != stack.end()) {
                    throw LoadError(e.location, key, fmt::format("include cycle: {} includes itself", target.string()));
                }
                const Parsed& p = parsed(target);
                check_limits(e, key, stack.size(), p.bytes);
                IniDocument included = p.doc;  // a copy: its includes expand under this key
                stack.push_back(target);
                expand(included, stack);
                stack.pop_back();
                for (auto& s : included.mutable_sections()) {
                    if (s.entries().empty()) continue;
                    s.name = s.name.empty() ? key : key + "." + s.name;
                    added.push_back(std::move(s));
                }
                for (auto& w : included.warnings) doc.warnings.push_back(std::move(w));
                e.consumed_include = true;  // the key itself is not data
            }
        }
        for (auto& s : added) {
            IniSection& into = doc.section(s.name, s.location);
            for (auto& e : s.mutable_entries()) into.set(std::move(e));
        }
    }

    const FileResolver& files_;
    std::map<fs::path, Parsed> cache_;
    int expansions_ = 0;
    std::size_t expanded_bytes_ = 0;
};

// "torque-curve-07" style indexed keys of a section, sorted by index.
std::vector<std::pair<int, const IniEntry*>> indexed_entries(const IniSection& s, std::string_view prefix) {
    std::vector<std::pair<int, const IniEntry*>> out;
    for (const auto& e : s.entries()) {
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

// A curve of "x, y" entries; x must increase strictly; x and y in their ranges.
PiecewiseLinear read_curve(Reader& r, const IniSection& s, std::string_view prefix, const std::string& x_name,
                           const Range& x_range, const Range& y_range, std::string_view spec) {
    std::vector<double> xs;
    std::vector<double> ys;
    int expected_index = 0;
    for (const auto& [index, e] : indexed_entries(s, prefix)) {
        r.entry(s, e->key);
        // VDrift reads NN = 00, 01, ... up to the first missing number; entries after a gap are
        // not part of its curve.
        if (index != expected_index) {
            r.warn(s, *e, fmt::format("{}{:02d} is missing: VDrift's curve ends there, so this and the later points are not used",
                                   prefix, expected_index));
            continue;
        }
        ++expected_index;
        if (xs.empty()) r.note(spec, s, e);
        r.note(fmt::format("{}[{}]", spec, xs.size()), s, e);
        const auto v = r.list(s, *e, 2, 2);
        for (const auto& [value, range] : {std::pair{v[0], x_range}, std::pair{v[1], y_range}}) {
            if (const std::string problem = range.problem(value); !problem.empty()) {
                throw LoadError(e->location, key_name(s, e->key), problem);
            }
        }
        if (!xs.empty() && !(v[0] > xs.back())) {
            throw LoadError(e->location, key_name(s, e->key),
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

// Adds the point mass of section s (keys mass and position) as masses[i], noting its source. As
// in VDrift, a mass without a position sits at the body origin, and a zero mass adds nothing.
void add_point_mass(Reader& r, const IniSection& s, const std::string& name, MassRole role, std::vector<PointMass>& masses) {
    const std::string spec = fmt::format("masses[{}]", masses.size());
    const double mass = r.number(s, "mass", kPointMassOrZero, spec + ".mass_kg");
    const Vec3 position = r.maybe_position(&s, "position", spec + ".position_m").value_or(Vec3{});
    if (mass == 0.0) return;
    r.note(spec, s);
    masses.push_back({name, role, mass, position});
}

void read_friction_torque(Reader& r, const IniSection& s, EngineSpec& e) {
    if (const IniEntry* f = r.entry(s, "torque-friction")) {
        r.note("engine.friction_torque_nm", s, f);
        const auto v = r.list(s, *f, 1, 3);
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (const std::string problem = kTorqueOrZero.problem(v[i]); !problem.empty()) {
                throw LoadError(f->location, key_name(s, f->key), problem);
            }
            e.friction_torque_nm[i] = v[i];
        }
    } else {
        // VDrift's default: Heywood's friction mean effective pressure, 97 kPa + 15 kPa per krpm
        // + 5 kPa per krpm^2, times displacement / (4 pi) for a four-stroke engine.
        const double scale = e.displacement_m3 / (4.0 * std::numbers::pi);
        e.friction_torque_nm = {97000.0 * scale, 15000.0 * scale, 5000.0 * scale};
    }
}

EngineSpec read_engine(Reader& r, std::vector<PointMass>& masses, bool is_2009) {
    const IniSection& s = r.require_section("engine");
    r.note("engine", s);
    EngineSpec e;
    add_point_mass(r, s, "engine", MassRole::Engine, masses);
    e.rpm_limit = r.mapped(s, kEngineParameters, "rpm_limit", "engine");
    e.inertia_kgm2 = r.mapped(s, kEngineParameters, "inertia_kgm2", "engine");
    e.start_rpm = r.mapped(s, kEngineParameters, "start_rpm", "engine");
    e.stall_rpm = r.mapped(s, kEngineParameters, "stall_rpm", "engine");
    e.idle_throttle = r.mapped_or(&s, kEngineParameters, "idle_throttle", 0.0, "engine");
    // Fuel (seed 002 for the 2009 format: fuel-consumption x rpm x throttle; current VDrift burns
    // combustion power over efficiency x heating value and does not read fuel-consumption).
    if (is_2009) {
        e.fuel_law = FuelLaw::RpmThrottle;
        e.fuel_consumption_m3_per_rpm_s =
            r.mapped_or(&s, kEngineParameters, "fuel_consumption_m3_per_rpm_s", 0.0, "engine");
    } else {
        e.fuel_law = FuelLaw::CombustionPower;
        r.entry(s, "fuel-consumption");  // read by nobody in current VDrift: no unknown-key warning
        e.thermal_efficiency = r.mapped_or(&s, kEngineParameters, "thermal_efficiency", e.thermal_efficiency, "engine");
        e.fuel_heating_value_j_per_kg =
            r.mapped_or(&s, kEngineParameters, "fuel_heating_value_j_per_kg", e.fuel_heating_value_j_per_kg, "engine");
    }
    e.displacement_m3 = r.mapped_or(&s, kEngineParameters, "displacement_m3", 0.0, "engine");
    e.max_power_w = r.mapped_or(&s, kEngineParameters, "max_power_w", 0.0, "engine");
    e.peak_power_rpm = r.mapped_or(&s, kEngineParameters, "peak_power_rpm", 0.0, "engine");
    read_friction_torque(r, s, e);
    e.torque_curve_nm = read_curve(r, s, "torque-curve-", "rpm", kRpmOrZero, kTorque, "engine.torque_curve");
    if (e.torque_curve_nm.empty()) {
        if (e.max_power_w <= 0.0 || e.peak_power_rpm <= 0.0) {
            throw LoadError(s.location, "engine.torque-curve-00",
                            "missing torque curve: expected torque-curve-NN = rpm, N m entries, or max-power and "
                            "peak-engine-rpm");
        }
        r.note("engine.torque_curve", s, r.entry(s, "max-power"));
        e.torque_curve_nm = genta_torque_curve(e.max_power_w, e.peak_power_rpm, e.rpm_limit);
        e.torque_curve_from_power = true;
    } else if (e.torque_curve_nm.size() < 2) {
        throw LoadError(s.location, "engine.torque-curve-01", "expected at least 2 torque curve points");
    }
    if (e.start_rpm <= e.stall_rpm) {
        throw LoadError(r.require_entry(s, "start-rpm").location, "engine.start-rpm",
                        fmt::format("expected start-rpm above stall-rpm ({})", e.stall_rpm));
    }
    if (e.rpm_limit <= e.start_rpm) {
        throw LoadError(r.require_entry(s, "rpm-limit").location, "engine.rpm-limit",
                        fmt::format("expected rpm-limit above start-rpm ({})", e.start_rpm));
    }
    return e;
}

ClutchSpec read_clutch(Reader& r) {
    const IniSection& s = r.require_section("clutch");
    r.note("clutch", s);
    ClutchSpec c;
    c.model = ClutchModel::VDrift;
    // Each key optional with VDrift's default (CarClutchInfo): 0.4, 0.09 m, 0.04 m^2, 250 kPa.
    c.sliding_friction = r.mapped_or(&s, kClutchVDriftParameters, "sliding_friction", 0.4, "clutch");
    c.radius_m = r.mapped_or(&s, kClutchVDriftParameters, "radius_m", 0.09, "clutch");
    c.area_m2 = r.mapped_or(&s, kClutchVDriftParameters, "area_m2", 0.04, "clutch");
    c.max_pressure_pa = r.mapped_or(&s, kClutchVDriftParameters, "max_pressure_pa", 250000.0, "clutch");
    return c;
}

TransmissionSpec read_transmission(Reader& r) {
    const IniSection& s = r.require_section("transmission");
    r.note("transmission", s);
    TransmissionSpec t;
    const IniEntry& gears_entry = r.require_entry(s, "gears");
    const double gears = r.parse_number(s, gears_entry, positive_up_to(1e9, ""));
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
        t.forward_ratios.push_back(r.number(s, key, kGearRatio, fmt::format("transmission.forward_ratios[{}]", g - 1)));
    }
    if (const IniEntry* extra = s.find(fmt::format("gear-ratio-{}", count + 1))) {
        throw LoadError(extra->location, key_name(s, extra->key),
                        fmt::format("gears = {} but a ratio for gear {} is given: the gear count does not match the ratios", count, count + 1));
    }
    t.reverse_ratio = r.mapped(s, kTransmissionParameters, "reverse_ratio", "transmission");
    // "shift-time" (current) or "shift-delay" (the 2009 file's name for it); VDrift's documented default 0.2 s.
    t.shift_time_s = r.mapped_or(&s, kTransmissionParameters, "shift_time_s", r.number_or(&s, "shift-delay", kTime, 0.2, "transmission.shift_time_s"),
                                 "transmission");
    t.mode = ShiftMode::Manual;
    return t;
}

DifferentialSpec read_differential(Reader& r, const IniSection& s, const std::string& spec) {
    r.note(spec, s);
    DifferentialSpec d;
    // Each key optional with VDrift's default (CarDifferential): final drive 4.1, anti-slip
    // 600 (a speed-sensitive limited slip unless a file says otherwise: VDrift's differential is a
    // viscous coupling, DifferentialType::Viscous), no torque sensing.
    d.final_drive = r.mapped_or(&s, kDifferentialParameters, "final_drive", 4.1, spec);
    // VDrift's anti-slip is both the viscous coefficient c and the cap on the torque c (w1 - w2).
    d.locking_torque_limit_nm = r.mapped_or(&s, kDifferentialParameters, "locking_torque_limit_nm", 600.0, spec);
    d.viscous_coefficient_nm_s_per_rad = d.locking_torque_limit_nm;
    r.note(spec + ".viscous_coefficient_nm_s_per_rad", s, s.find("anti-slip"));
    d.torque_sensing_ratio = r.mapped_or(&s, kDifferentialParameters, "torque_sensing_ratio", 0.0, spec);
    d.torque_sensing_coast_factor = r.mapped_or(&s, kDifferentialParameters, "torque_sensing_coast_factor", 0.0, spec);
    d.torque_split = r.mapped_or(&s, kDifferentialParameters, "torque_split", 0.5, spec);
    // anti-slip 0 caps the coupling's torque at 0 whatever the torque sensing gives: an open one.
    d.type = d.locking_torque_limit_nm > 0.0 ? DifferentialType::Viscous : DifferentialType::Open;
    return d;
}

DrivelineSpec read_driveline_current(Reader& r) {
    DrivelineSpec d;
    if (const auto* s = r.section("differential-front")) d.front = read_differential(r, *s, "driveline.front");
    if (const auto* s = r.section("differential-rear")) d.rear = read_differential(r, *s, "driveline.rear");
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
        d.centre = read_differential(r, *centre, "driveline.centre");
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
    const DifferentialSpec diff = read_differential(r, s, "driveline");
    for (const char* axle : {"driveline.front", "driveline.rear", "driveline.centre"}) r.note(axle, s);
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
        throw LoadError(drive.location, "drive", fmt::format("expected RWD, FWD or AWD, {}", got(drive.value)));
    }
    return d;
}

FuelTankSpec read_fuel_tank(Reader& r, std::vector<LoadWarning>& warnings, double& consumption_scale) {
    const IniSection& s = r.require_section("fuel-tank");
    r.note("fuel_tank", s);
    FuelTankSpec f;
    f.position_m = r.position(s, "position", "fuel_tank.position_m");
    // Read before the unit guess below; in litres the volume may be up to 1000 times larger.
    constexpr Range kVolumeRead = non_negative_up_to(1e4, "m^3 (or L)");
    f.capacity_m3 = r.number(s, "capacity", kVolumeRead, "fuel_tank.capacity_m3");
    f.volume_m3 = r.number(s, "volume", kVolumeRead, "fuel_tank.volume_m3");
    f.density_kg_per_m3 = r.mapped(s, kFuelTankParameters, "density_kg_per_m3", "fuel_tank");
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
    for (const auto& [value, key] : {std::pair{f.capacity_m3, "capacity"}, std::pair{f.volume_m3, "volume"}}) {
        if (const std::string problem = kFuelVolume.problem(value); !problem.empty()) {
            throw LoadError(r.require_entry(s, key).location, key_name(s, key), problem);
        }
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
    for (const auto& s : r.doc().sections()) {
        if (s.name.find('.') != std::string::npos || !s.find("drag-coefficient")) continue;
        const std::string spec = fmt::format("aero[{}]", out.size());
        r.note(spec, s);
        AeroDeviceSpec a;
        a.name = s.name;
        a.position_m = r.position(s, "position", spec + ".position_m");
        a.drag_coefficient = r.mapped(s, kAeroDeviceParameters, "drag_coefficient", spec);
        a.frontal_area_m2 = r.mapped_or(&s, kAeroDeviceParameters, "frontal_area_m2", 0.0, spec);
        a.surface_area_m2 = r.mapped_or(&s, kAeroDeviceParameters, "surface_area_m2", 0.0, spec);
        a.lift_coefficient = r.mapped_or(&s, kAeroDeviceParameters, "lift_coefficient", 0.0, spec);
        // "lift-efficiency" (current) or "efficiency" (2009); without one, no induced drag.
        a.lift_efficiency = r.mapped_or(&s, kAeroDeviceParameters, "lift_efficiency", r.number_or(&s, "efficiency", kFraction, 1.0));
        out.push_back(std::move(a));
    }
    return out;
}

// Point masses: every top-level section with a mass (engine handled by read_engine).
void read_point_masses(Reader& r, std::vector<PointMass>& masses) {
    for (const auto& s : r.doc().sections()) {
        if (s.name.empty() || s.name.find('.') != std::string::npos || s.name == "engine") continue;
        if (s.name.starts_with("wheel-") || s.name == "contact-points") continue;  // 2009, elsewhere
        if (!s.find("mass")) {
            // VDrift adds such a section as a zero mass: its position carries no physics.
            r.entry(s, "position");
            continue;
        }
        add_point_mass(r, s, s.name, role_of_section(s.name), masses);
    }
}

PacejkaCoefficients read_pacejka(Reader& r, const IniSection& s) {
    PacejkaCoefficients p;
    static constexpr std::array<const char*, 15> a_keys = {"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7",
                                                           "a8", "a9", "a10", "a111", "a112", "a12", "a13"};
    for (std::size_t i = 0; i < a_keys.size(); ++i) p.a[i] = r.number(s, a_keys[i], kPacejka);
    for (std::size_t i = 0; i < p.b.size(); ++i) p.b[i] = r.number(s, fmt::format("b{}", i), kPacejka);
    for (std::size_t i = 0; i < p.c.size(); ++i) p.c[i] = r.number(s, fmt::format("c{}", i), kPacejka);
    // b11, b12: documented in seed 002, never used by VDrift's tyre; read and ignored.
    r.entry(s, "b11");
    r.entry(s, "b12");
    p.gx1 = r.mapped_or(&s, kPacejkaCombinedParameters, "gx1", 0.0);
    p.gx2 = r.mapped_or(&s, kPacejkaCombinedParameters, "gx2", 0.0);
    p.gy1 = r.mapped_or(&s, kPacejkaCombinedParameters, "gy1", 0.0);
    p.gy2 = r.mapped_or(&s, kPacejkaCombinedParameters, "gy2", 0.0);
    return p;
}

RollingResistanceSpec read_rolling_resistance(Reader& r, const IniSection& s) {
    RollingResistanceSpec rr;
    rr.form = RollingResistanceForm::VDrift;
    const IniEntry& e = r.require_entry(s, "rolling-resistance");
    const auto v = r.list(s, e, 2, 2);
    if (const std::string problem = kRollingResistance.problem(v[0]) + kRollingResistanceV2.problem(v[1]); !problem.empty()) {
        throw LoadError(e.location, key_name(s, e.key), "expected two numbers >= 0 (constant, v^2 coefficient): " + problem);
    }
    rr.constant = v[0];
    rr.v2_coefficient_s2_per_m2 = v[1];
    return rr;
}

// VDrift's size scaling reference (R0, W0, AR0, PT0, FZ0): all five or none.
void read_size_reference(Reader& r, const IniSection& s, TyreSpec& t) {
    const bool any_reference = s.find("R0") || s.find("W0") || s.find("AR0") || s.find("PT0") || s.find("FZ0");
    if (!any_reference) return;
    TyreSizeReference ref;
    ref.radius_m = r.mapped(s, kTyreSizeReferenceParameters, "radius_m");
    ref.width_m = r.mapped(s, kTyreSizeReferenceParameters, "width_m");
    ref.aspect_ratio = r.mapped(s, kTyreSizeReferenceParameters, "aspect_ratio");
    ref.pressure_bar = r.mapped(s, kTyreSizeReferenceParameters, "pressure_bar");
    ref.load_n = r.mapped(s, kTyreSizeReferenceParameters, "load_n");
    t.size_reference = ref;
}

// A .tiren tyre (VDrift's CarTire2): tread, rolling resistance, FZ0 and every one of its 72
// Magic Formula coefficients are required, as VDrift requires them; R0, W0, AR0, PT0 with FZ0
// are its size reference (PDX1 and PDY1 scaled).
void read_pacejka2002(Reader& r, const IniSection& s, TyreSpec& t) {
    t.model = TyreModel::Pacejka2002;
    t.rolling_resistance = read_rolling_resistance(r, s);
    t.tread = r.mapped(s, kTyreParameters, "tread");
    for (std::size_t i = 0; i < kPacejka2002Names.size(); ++i) t.pacejka2002.c[i] = r.number(s, kPacejka2002Names[i], kPacejka);
    t.pacejka2002.nominal_load_n = r.number(s, "FZ0", kTyreLoad);
    if (std::abs(t.pacejka2002.c[mf52::PKY2]) < 1e-6) {
        const IniEntry& e = r.require_entry(s, "PKY2");
        throw LoadError(e.location, key_name(s, "PKY2"), "expected a number other than 0: it divides the load in Ky");
    }
    read_size_reference(r, s, t);
}

// A .tirep tyre (VDrift's CarTire3): every parameter required, as VDrift requires them; its
// radius, width and ar are not read (the wheel's size gives them, as in VDrift).
void read_brush(Reader& r, const IniSection& s, TyreSpec& t) {
    t.model = TyreModel::Brush;
    BrushTyreParameters& b = t.brush;
    b.pressure_bar = r.mapped(s, kBrushTyreParameters, "pressure_bar");
    b.tread_stiffness_x_bar_per_m = r.mapped(s, kBrushTyreParameters, "tread_stiffness_x_bar_per_m");
    b.tread_stiffness_y_bar_per_m = r.mapped(s, kBrushTyreParameters, "tread_stiffness_y_bar_per_m");
    b.carcass_stiffness_n_per_m = r.mapped(s, kBrushTyreParameters, "carcass_stiffness_n_per_m");
    b.camber_carcass_factor = r.mapped(s, kBrushTyreParameters, "camber_carcass_factor");
    b.lateral_force_factor = r.mapped(s, kBrushTyreParameters, "lateral_force_factor");
    b.reference_deflection_m = r.mapped(s, kBrushTyreParameters, "reference_deflection_m");
    b.reference_pressure_bar = r.mapped(s, kBrushTyreParameters, "reference_pressure_bar");
    b.static_friction = r.mapped(s, kBrushTyreParameters, "static_friction");
    b.sliding_friction = r.mapped(s, kBrushTyreParameters, "sliding_friction");
    b.stribeck_speed_m_per_s = r.mapped(s, kBrushTyreParameters, "stribeck_speed_m_per_s");
    t.rolling_resistance.form = RollingResistanceForm::VDrift;
    t.rolling_resistance.constant = r.mapped(s, kRollingResistanceParameters, "constant");
    t.rolling_resistance.v2_coefficient_s2_per_m2 = r.mapped(s, kRollingResistanceParameters, "v2_coefficient_s2_per_m2");
    t.tread = r.mapped(s, kTyreParameters, "tread");
    for (const char* ignored : {"radius", "width", "ar"}) r.entry(s, ignored);
}

// The tyre model of a tyre file or an included tyre section, told by its keys as VDrift's builds
// tell it by the file's ending: Magic Formula names (PCY1, ...) are a .tiren, brush parameters
// (ktx, ...) a .tirep, anything else the .tire's Pacejka '89 layout.
void read_tyre_model(Reader& r, const IniSection& s, TyreSpec& t) {
    if (s.find("PCY1") || s.find("PDX1") || s.find("PDY1")) return read_pacejka2002(r, s, t);
    if (s.find("ktx") || s.find("kty") || s.find("mus")) return read_brush(r, s, t);
    t.model = TyreModel::Pacejka89;
    t.rolling_resistance = read_rolling_resistance(r, s);
    t.tread = r.mapped_or(&s, kTyreParameters, "tread", 0.0);
    t.pacejka = read_pacejka(r, s);
    read_size_reference(r, s, t);
}

TyreSize read_tyre_size(Reader& r, const IniSection& s) {
    const IniEntry& e = r.require_entry(s, "size");
    const auto v = r.list(s, e, 3, 3);
    if (v[0] <= 0.0 || v[1] <= 0.0 || v[2] <= 0.0) {
        throw LoadError(e.location, key_name(s, "size"),
                        "expected width mm, aspect ratio %, rim diameter in, all positive (e.g. 215, 45, 17)");
    }
    const std::string problem = kTyreWidth_mm.problem(v[0]) + kTyreAspect_percent.problem(v[1]) + kRimDiameter_in.problem(v[2]);
    if (!problem.empty()) throw LoadError(e.location, key_name(s, "size"), problem);
    const TyreSize size{v[0] * 1e-3, v[1] * 1e-2, v[2] * 0.0254};
    if (const std::string radius = kRadius.problem(tyre_radius_m(size)); !radius.empty()) {
        throw LoadError(e.location, key_name(s, "size"), "the tyre radius from this size: " + radius);
    }
    return size;
}

struct LoadContext {
    const FileResolver& files;
    IncludeExpander& includes;
    std::vector<LoadWarning>& warnings;
    std::map<fs::path, TyreSpec> tyre_cache;
    LoadOptions::VDriftTyreFiles tyre_files = LoadOptions::VDriftTyreFiles::Tyre;
};

// The tyre model of a standalone tyre file (coefficients, tread, rolling resistance, size
// reference), its own includes expanded.
TyreSpec read_tyre_file(const fs::path& file, Axes axes, IncludeExpander& includes, std::vector<LoadWarning>& warnings) {
    IniDocument doc = parse_ini(read_text_file(file), file.string());
    includes.expand(doc, file);
    SpecSources ignored;  // a tyre file's lines are reported through the car's type entry
    Reader tr(std::move(doc), axes, warnings, ignored);
    TyreSpec model;
    read_tyre_model(tr, tr.require_section(""), model);
    tr.warn_unused();
    return model;
}

// The tyre model a [wheel.xx.tire] type entry names; an error inside the tyre file also names
// the car's line and key that referenced it.
const TyreSpec& tyre_model_of(Reader& r, const IniSection& s, LoadContext& ctx) {
    const IniEntry& type = r.require_entry(s, "type");
    const std::string key = key_name(s, "type");
    std::string name = type.value;
    if (fs::path(name).extension() == ".tire" && ctx.tyre_files != LoadOptions::VDriftTyreFiles::Tyre)
        name += ctx.tyre_files == LoadOptions::VDriftTyreFiles::TyreN ? "n" : "p";
    const fs::path file = ctx.files.resolve(name, type.location, key);
    auto cached = ctx.tyre_cache.find(file);
    if (cached != ctx.tyre_cache.end()) return cached->second;
    try {
        return ctx.tyre_cache.emplace(file, read_tyre_file(file, r.axes(), ctx.includes, ctx.warnings)).first->second;
    } catch (const LoadError& e) {
        throw LoadError(type.location, key, fmt::format("in {}: {}", type.value, e.what()));
    }
}

// A current-format tyre: [wheel.xx.tire] size and type (a tyre file) or an included tree.
TyreSpec read_tyre_current(Reader& r, const IniSection& s, const std::string& spec, LoadContext& ctx) {
    const TyreSize size = read_tyre_size(r, s);
    r.note(spec, s, s.find("size"));
    TyreSpec t;
    if (const IniSection* included = r.section(s.name + ".type")) {
        read_tyre_model(r, *included, t);
    } else {
        t = tyre_model_of(r, s, ctx);
    }
    t.width_m = size.width_m;
    t.aspect_ratio = size.aspect_ratio;
    t.rim_diameter_m = size.rim_diameter_m;
    t.radius_m = tyre_radius_m(size);
    // VDrift's side factor from this wheel's tyre.facing: -1 "left", +1 any other value, 0 when
    // absent (the asymmetric coefficients vanish: a symmetric tyre). Applied to a .tiren's
    // coefficients as VDrift does; a Pacejka '89 tyre's a12, a13 are kept and its right-hand
    // tyres mirrored instead (laws/tyre.hpp: tyre_mirrored_on_right).
    const IniEntry* facing = r.entry(s, "facing");
    if (t.model == TyreModel::Pacejka2002) {
        const double side = facing == nullptr ? 0.0 : (facing->value == "left" ? -1.0 : 1.0);
        for (const mf52::Index i : kPacejka2002SidedCoefficients) t.pacejka2002.c[i] *= side;
    }
    return t;
}

WheelBrakeSpec read_brake(Reader& r, const IniSection& s, const std::string& spec) {
    r.note(spec, s);
    WheelBrakeSpec b;
    // Each key optional with VDrift's default (CarBrakeInfo, "S2000-like"): friction 0.73,
    // 4 MPa, bias 1, radius 0.14 m, area 0.015 m^2; no handbrake.
    b.friction = r.mapped_or(&s, kWheelBrakeParameters, "friction", 0.73, spec);
    b.max_pressure_pa = r.mapped_or(&s, kWheelBrakeParameters, "max_pressure_pa", 4.0e6, spec);
    b.bias = r.mapped_or(&s, kWheelBrakeParameters, "bias", 1.0, spec);
    b.radius_m = r.mapped_or(&s, kWheelBrakeParameters, "radius_m", 0.14, spec);
    b.area_m2 = r.mapped_or(&s, kWheelBrakeParameters, "area_m2", 0.015, spec);
    b.handbrake = r.mapped_or(&s, kWheelBrakeParameters, "handbrake", 0.0, spec);
    return b;
}

double angle_deg(Reader& r, const IniSection* s, std::string_view key) {
    const double deg = r.number_or(s, key, kAny, 0.0);
    if (std::abs(deg) >= 90.0) {
        const IniEntry* e = s->find(key);
        throw LoadError(e->location, key_name(*s, key), fmt::format("expected an angle between -90 and 90 degrees, got {}", deg));
    }
    return deg * kRadPerDeg;
}

// Spring, dampers, travel and anti-roll of one wheel from a current [wheel.xx.coilover] or a
// 2009 [suspension-front] section.
void read_coilover(Reader& r, const IniSection& s, SuspensionSpec& sus, const std::string& spec) {
    r.note(spec, s);
    sus.spring_n_per_m = r.mapped(s, kSuspensionParameters, "spring_n_per_m", spec);
    sus.bump_damping_ns_per_m = r.mapped(s, kSuspensionParameters, "bump_damping_ns_per_m", spec);
    sus.rebound_damping_ns_per_m = r.mapped(s, kSuspensionParameters, "rebound_damping_ns_per_m", spec);
    sus.travel_m = r.mapped(s, kSuspensionParameters, "travel_m", spec);
    sus.anti_roll_n_per_m = r.mapped_or(&s, kSuspensionParameters, "anti_roll_n_per_m", 0.0, spec);
    sus.max_compression_velocity_m_per_s =
        r.mapped_or(&s, kSuspensionParameters, "max_compression_velocity_m_per_s", 0.0, spec);
}

void read_linkage_current(Reader& r, const std::string& base, SuspensionSpec& sus) {
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
}

std::array<WheelSpec, 4> read_wheels_current(Reader& r, LoadContext& ctx) {
    std::array<WheelSpec, 4> wheels;
    for (int i = 0; i < 4; ++i) {
        const std::string base = std::string("wheel.") + kWheelNames[i];
        const std::string spec = std::string("wheels.") + kWheelNames[i];
        const bool right = i == FR || i == RR;
        // The current format writes right-wheel alignment mirrored (fl camber -0.5, fr +0.5 for
        // the same negative camber): negate right-wheel camber, toe and ackermann.
        const double mirror = right ? -1.0 : 1.0;
        WheelSpec& w = wheels[i];
        const IniSection& ws = r.require_section(base);
        r.note(spec, ws);
        w.position_m = r.position(ws, "position", spec + ".position_m");
        if (i == FL) r.note("wheels", ws, ws.find("position"));
        w.camber_rad = mirror * angle_deg(r, &ws, "camber");
        w.caster_rad = angle_deg(r, &ws, "caster");
        // VDrift turns the left wheel by +toe about z (up): its front to the left, i.e. out. Our
        // toe is positive inwards.
        w.toe_rad = -mirror * angle_deg(r, &ws, "toe");
        w.max_steer_rad = angle_deg(r, &ws, "steering");
        w.ackermann_rad = mirror * angle_deg(r, &ws, "ackermann");

        auto& sus = w.suspension;
        read_coilover(r, r.require_section(base + ".coilover"), sus, spec + ".suspension");
        sus.position_m = w.position_m;
        read_linkage_current(r, base, sus);

        const IniSection& tyre_section = r.require_section(base + ".tire");
        w.tyre = read_tyre_current(r, tyre_section, spec + ".tyre", ctx);
        // Without mass or inertia keys, both are estimated from the tyre size: a problem with
        // them is then reported at the size entry.
        const TyreSize size{w.tyre.width_m, w.tyre.aspect_ratio, w.tyre.rim_diameter_m};
        const WheelMassEstimate estimate = estimate_wheel_mass(size);
        r.note(spec + ".mass_kg", tyre_section, tyre_section.find("size"));
        r.note(spec + ".tyre.rotational_inertia_kgm2", tyre_section, tyre_section.find("size"));
        w.mass_kg = r.mapped_or(&ws, kWheelParameters, "mass_kg", estimate.mass_kg, spec);
        w.tyre.rotational_inertia_kgm2 =
            r.number_or(&ws, "inertia", kInertia, estimate.spin_inertia_kgm2, spec + ".tyre.rotational_inertia_kgm2");

        w.brake = read_brake(r, r.require_section(base + ".brake"), spec + ".brake");
    }
    return wheels;
}

std::array<WheelSpec, 4> read_wheels_2009(Reader& r) {
    static constexpr std::array<const char*, 4> suffix = {"FL", "FR", "RL", "RR"};
    std::array<WheelSpec, 4> wheels;
    const IniSection* steering = r.section("steering");
    const double max_steer = angle_deg(r, steering, "max-angle");
    for (int i = 0; i < 4; ++i) {
        const bool front = i == FL || i == FR;
        const std::string axle = front ? "front" : "rear";
        const std::string spec = std::string("wheels.") + kWheelNames[i];
        WheelSpec& w = wheels[i];
        const IniSection& ws = r.require_section(std::string("wheel-") + suffix[i]);
        r.note(spec, ws);
        w.position_m = r.position(ws, "position", spec + ".position_m");
        if (i == FL) r.note("wheels", ws, ws.find("position"));
        w.mass_kg = r.mapped(ws, kWheelParameters, "mass_kg", spec);
        // "roll-height" (m): where the tyre's forces act above the road. The public files give the
        // tyre radius (XS 0.29 / 0.2935): forces at hub height. (VDrift 2010 reads it unused.)
        w.roll_height_m = r.mapped_or(&ws, kWheelParameters, "roll_height_m", 0.0, spec);

        const IniSection& sus_axle = r.require_section("suspension-" + axle);
        auto& sus = w.suspension;
        read_coilover(r, sus_axle, sus, spec + ".suspension");
        // One value per axle, meant the same way on both sides; sign as the current format's
        // left wheel (negative camber = top of the wheel inwards, positive toe = toe-out).
        w.camber_rad = angle_deg(r, &sus_axle, "camber");
        w.caster_rad = angle_deg(r, &sus_axle, "caster");
        w.toe_rad = -angle_deg(r, &sus_axle, "toe");
        w.max_steer_rad = front ? max_steer : 0.0;

        const IniSection* sus_wheel = r.section(std::string("suspension-") + suffix[i]);
        sus.position_m = r.maybe_position(sus_wheel, "position").value_or(w.position_m);
        sus.hinge_m = r.maybe_position(sus_wheel, "hinge");

        const IniSection& ts = r.require_section("tire-" + axle);
        r.note(spec + ".tyre", ts);
        read_tyre_model(r, ts, w.tyre);
        w.tyre.radius_m = r.mapped(ts, kTyreParameters, "radius_m", spec + ".tyre");
        w.tyre.rotational_inertia_kgm2 = r.mapped(ts, kTyreParameters, "rotational_inertia_kgm2", spec + ".tyre");

        w.brake = read_brake(r, r.require_section("brakes-" + axle), spec + ".brake");
    }
    return wheels;
}

// 2009 contact points: a mass at each listed position.
void read_contact_points(Reader& r, std::vector<PointMass>& masses) {
    const IniSection* s = r.section("contact-points");
    if (!s) return;
    const double mass = r.number(*s, "mass", kPointMass);
    for (const auto& [index, e] : indexed_entries(*s, "position-")) {
        r.entry(*s, e->key);
        const std::string spec = fmt::format("masses[{}]", masses.size());
        r.note(spec, *s, e);
        masses.push_back({fmt::format("contact-point-{:02}", index), MassRole::Body, mass, r.position_of(*s, *e)});
    }
}

// Three numbers of a part's shape section as the file gives them (no change of axes), each in
// `range`; `fallback` where the key is absent, as VDrift's defaults.
Vec3 file_vector(Reader& r, const IniSection& s, std::string_view key, const Range& range, const Vec3& fallback) {
    const IniEntry* e = r.entry(s, key);
    if (!e) return fallback;
    const std::vector<double> v = r.list_in(s, *e, 3, range);
    return {v[0], v[1], v[2]};
}

// The body's collision shape (VehicleSpec::body_spheres) from every top-level part's [P.hull],
// [P.box] or [P.capsule], as VDrift takes one shape a part (io/vdrift_collision_shape.hpp).
std::vector<BodySphere> read_body_shape(Reader& r) {
    constexpr const char* kKinds[] = {"hull", "box", "capsule"};  // VDrift's order of preference
    constexpr Range kSize = non_negative_up_to(100.0, "m");
    constexpr Range kRotation = magnitude_up_to(360.0, "degrees");
    constexpr Range kHullRadius = non_negative_up_to(kBodySphereRadius.max, "m");
    // The parts with a shape, in the file's order, and each one's shape sections by kind.
    std::vector<std::pair<std::string, std::array<const IniSection*, 3>>> parts;
    for (const auto& s : r.doc().sections()) {
        const std::size_t dot_at = s.name.find('.');
        if (dot_at == std::string::npos || s.name.find('.', dot_at + 1) != std::string::npos) continue;
        const std::string part = s.name.substr(0, dot_at);
        const std::string_view kind = std::string_view(s.name).substr(dot_at + 1);
        const auto k = std::find(std::begin(kKinds), std::end(kKinds), kind) - std::begin(kKinds);
        if (k == 3) continue;
        auto it = std::find_if(parts.begin(), parts.end(), [&](const auto& p) { return p.first == part; });
        if (it == parts.end()) it = parts.insert(parts.end(), {part, {nullptr, nullptr, nullptr}});
        it->second[static_cast<std::size_t>(k)] = &s;
    }
    std::vector<BodySphere> out;
    for (const auto& [part, shapes] : parts) {
        vdrift::PartPlacement placement;
        if (const IniSection* p = r.section(part)) {
            if (const IniEntry* e = r.entry(*p, "position")) {
                const std::vector<double> v = r.file_position_of(*p, *e);
                placement.position_m = {v[0], v[1], v[2]};
            }
            placement.rotation_deg = file_vector(r, *p, "rotation", kRotation, {});
        }
        const std::size_t chosen = shapes[0] ? 0 : (shapes[1] ? 1 : 2);
        const IniSection& s = *shapes[chosen];
        std::vector<vdrift::FileSphere> spheres;
        if (chosen == 0) {
            std::vector<std::array<double, 4>> rows;
            for (const auto& [index, e] : indexed_entries(s, "")) {
                r.entry(s, e->key);
                const std::vector<double> v = r.list(s, *e, 3, 4);
                for (std::size_t i = 0; i < v.size(); ++i) {
                    if (const std::string problem = (i < 3 ? kCoordinate : kHullRadius).problem(v[i]); !problem.empty()) {
                        throw LoadError(e->location, key_name(s, e->key), problem);
                    }
                }
                rows.push_back({v[0], v[1], v[2], v.size() > 3 ? v[3] : 0.0});
            }
            if (rows.empty()) throw LoadError(s.location, s.name, "expected hull rows NN = x, y, z[, radius]");
            spheres = vdrift::hull_spheres(rows, placement);
        } else {
            const Vec3 centre = file_vector(r, s, "center", kCoordinate, {});
            // VDrift's defaults: a 1 m cube; a capsule 1 m along y, 0.5 m across.
            const Vec3 size = file_vector(r, s, "size", kSize, chosen == 1 ? Vec3{1.0, 1.0, 1.0} : Vec3{0.5, 1.0, 0.5});
            if (chosen == 2 && !(std::min({size.x, size.y, size.z}) > 0.0)) {
                throw LoadError(s.location, s.name + ".size", "expected a capsule of positive thickness: no side of its size 0");
            }
            spheres = chosen == 1 ? vdrift::box_spheres(centre, size, placement) : vdrift::capsule_spheres(centre, size, placement);
        }
        for (std::size_t k = 0; k < 3; ++k) {
            if (!shapes[k] || k == chosen) continue;
            for (const auto& e : shapes[k]->entries()) r.entry(*shapes[k], e.key);
            r.warn(*shapes[k], fmt::format("ignored: VDrift takes one collision shape a part, and [{}] is {}'s", s.name, part));
        }
        for (const vdrift::FileSphere& f : spheres) {
            if (out.size() == kMaxBodySpheres) {
                throw LoadError(s.location, s.name,
                                fmt::format("expected at most {} spheres in all the collision shapes; this one takes them past it", kMaxBodySpheres));
            }
            r.note(fmt::format("body_spheres[{}]", out.size()), s);
            out.push_back({to_iso(r.axes(), {f.centre_m.x, f.centre_m.y, f.centre_m.z}), f.radius_m});
        }
    }
    return out;
}

// An aero device beyond the wheels' track acts there: its lift and drag roll and yaw the car, as
// VDrift applies them too. Said, since it is most likely a position with x and y swapped: six
// public files and the shared XS put a 'wing-center' 1.9 m to the right, and the XS (lift -0.5)
// drifts 1 m right in 10 s at 100 km/h with the wheel straight.
void warn_aero_beyond_track(Reader& r, const VehicleSpec& spec) {
    double half_track = 0.0;
    for (const WheelSpec& w : spec.wheels) half_track = std::max(half_track, std::abs(w.position_m.y));
    for (const AeroDeviceSpec& a : spec.aero) {
        const double y = a.position_m.y;
        if (!(std::abs(y) > half_track)) continue;
        const IniSection* s = r.section(a.name);
        const IniEntry* e = s ? s->find("position") : nullptr;
        if (!e) continue;
        r.warn(*s, *e,
               fmt::format("{:.2f} m to the {} of the centre line, beyond the wheels ({:.2f} m): its lift and drag act there and roll "
                           "and yaw the car, as in VDrift (its x and y swapped?)",
                           std::abs(y), y < 0.0 ? "right" : "left", half_track));
    }
}

}  // namespace

LoadedCar load_vdrift_car(std::string_view text, const std::filesystem::path& path, const LoadOptions& options) {
    LoadedCar out;
    const std::string label = path.string();
    text = skip_utf8_bom(text);
    IniDocument doc = parse_ini(text, label);
    const bool is_2009 = detect_car_format(path, text) == CarFormat::VDrift2009;
    out.format = is_2009 ? CarFormat::VDrift2009 : CarFormat::VDrift;
    const FileResolver files(path, options);
    IncludeExpander includes(files);
    std::error_code ec;
    includes.expand(doc, fs::weakly_canonical(path, ec));

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
    Reader r(std::move(doc), axes, out.warnings, out.sources);
    if (const IniSection* top = r.section("")) r.entry(*top, "version");
    LoadContext ctx{files, includes, out.warnings, {}, options.vdrift_tyre_files};

    VehicleSpec& spec = out.spec;
    spec.name = path.stem().string();
    spec.engine = read_engine(r, spec.masses, is_2009);
    spec.clutch = read_clutch(r);
    spec.transmission = read_transmission(r);
    spec.driveline = is_2009 ? read_driveline_2009(r) : read_driveline_current(r);
    double consumption_scale = 1.0;
    spec.fuel_tank = read_fuel_tank(r, out.warnings, consumption_scale);
    spec.engine.fuel_consumption_m3_per_rpm_s *= consumption_scale;
    spec.aero = read_aero(r);
    read_point_masses(r, spec.masses);
    if (is_2009) read_contact_points(r, spec.masses);
    else spec.body_spheres = read_body_shape(r);
    spec.wheels = is_2009 ? read_wheels_2009(r) : read_wheels_current(r, ctx);
    spec.brakes.form = BrakeForm::VDrift;
    warn_aero_beyond_track(r, spec);
    r.warn_unused();

    if (auto issues = find_spec_issues(spec); !issues.empty()) {
        throw spec_issue_error(issues.front(), out.sources, label);
    }
    return out;
}

TyreSpec load_vdrift_tyre(const std::filesystem::path& path, const LoadOptions& options) {
    const FileResolver files(path, options);
    IncludeExpander includes(files);
    std::vector<LoadWarning> warnings;
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(path, ec);
    return read_tyre_file(ec ? path : canonical, Axes::XRightYForward, includes, warnings);
}

}  // namespace tractive
