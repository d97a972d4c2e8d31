#include "tractive/io/car_parameters.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <sstream>
#include <vector>
#include <toml++/toml.h>

#include "tractive/core/number_text.hpp"
#include "tractive/io/text_file.hpp"
#include "tractive/io/toml_writer.hpp"
#include "toml_former_keys.hpp"

namespace tractive {

namespace {

// One step of a dotted key: a table's key, and an index into an array of tables ("mass[2]").
struct KeyPart {
    std::string name;
    std::optional<std::size_t> index;
};

std::vector<KeyPart> split_key(const std::string_view whole_key, const std::filesystem::path& file) {
    std::vector<KeyPart> parts;
    const auto bad = [&] {
        return LoadError({file.string(), 0}, std::string(whole_key), "expected a dotted key such as wheels.front.suspension.spring_n_per_m or mass[2].mass_kg");
    };
    std::string_view key = whole_key;
    while (true) {
        const auto dot = key.find('.');
        std::string_view part = key.substr(0, dot);
        KeyPart p;
        if (const auto open = part.find('['); open != std::string_view::npos) {
            if (part.back() != ']') throw bad();
            std::size_t i = 0;
            const auto digits = part.substr(open + 1, part.size() - open - 2);
            const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), i);
            if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) throw bad();
            p.index = i;
            part = part.substr(0, open);
        }
        if (part.empty()) throw bad();
        p.name = std::string(part);
        parts.push_back(std::move(p));
        if (dot == std::string_view::npos) return parts;
        key.remove_prefix(dot + 1);
    }
}

std::string keys_of(const toml::table& t) {
    std::string list;
    for (const auto& [k, v] : t) list += (list.empty() ? "" : ", ") + std::string(k.str()) + (v.is_array_of_tables() ? "[i]" : "");
    return list;
}

// The key of t nearest to `name` by edit distance (Levenshtein), if it is within a third of the
// name's length: the one a typing slip most likely meant; empty where none is that near.
std::string closest_key(const toml::table& t, std::string_view name) {
    const auto distance = [](std::string_view a, std::string_view b) {
        std::vector<std::size_t> row(b.size() + 1);
        for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
        for (std::size_t i = 1; i <= a.size(); ++i) {
            std::size_t diagonal = row[0];
            row[0] = i;
            for (std::size_t j = 1; j <= b.size(); ++j) {
                const std::size_t above = row[j];
                row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
                diagonal = above;
            }
        }
        return row[b.size()];
    };
    std::string best;
    std::size_t best_distance = name.size() / 3 + 1;
    for (const auto& [k, v] : t) {
        const std::size_t d = distance(name, k.str());
        if (d < best_distance) {
            best_distance = d;
            best = std::string(k.str());
        }
    }
    return best;
}

// The car's file as a table, its former key names moved to the present ones (toml_former_keys).
toml::table parse(const CarText& car) {
    try {
        toml::table root = toml::parse(car.toml, car.path.string());
        std::vector<LoadWarning> renamed;
        rename_former_keys(root, car.path.string(), renamed);
        return root;
    } catch (const toml::parse_error& e) {
        throw LoadError({car.path.string(), static_cast<int>(e.source().begin.line)}, "", fmt::format("TOML syntax error: {}", e.description()));
    }
}

// The table that holds the key's last part, following the parts before it.
toml::table& parent_of(toml::table& root, const std::vector<KeyPart>& parts, const CarText& car, std::string_view key) {
    toml::table* t = &root;
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        toml::node* n = t->get(parts[i].name);
        if (!n) {
            throw LoadError({car.path.string(), 0}, std::string(key),
                            fmt::format("no table '{}' in this car: expected one of {}", parts[i].name, keys_of(*t)));
        }
        if (parts[i].index) {
            toml::array* a = n->as_array();
            if (!a || !a->is_array_of_tables() || *parts[i].index >= a->size()) {
                throw LoadError({car.path.string(), 0}, std::string(key),
                                fmt::format("'{}' has {} tables: expected an index below that", parts[i].name, a ? a->size() : 0));
            }
            t = a->get(*parts[i].index)->as_table();
        } else {
            t = n->as_table();
            if (!t) throw LoadError({car.path.string(), 0}, std::string(key), fmt::format("'{}' is a value, not a table", parts[i].name));
        }
    }
    return *t;
}

// A car's values by dotted key, in the file's order; each wheel's tyre table under
// wheels.X.tyre (the tyre tables are shared by name in the file).
using FlatValues = std::vector<std::pair<std::string, const toml::node*>>;

void flatten(const toml::table& t, const std::string& prefix, const toml::table& tyres, FlatValues& out) {
    for (const auto& [k, v] : t) {
        if (prefix.empty() && (k.str() == "tyres" || k.str() == "name")) continue;  // tyres under their wheels
        const std::string key = prefix + std::string(k.str());
        if (const toml::table* sub = v.as_table()) {
            flatten(*sub, key + ".", tyres, out);
        } else if (v.is_array_of_tables()) {
            const toml::array& a = *v.as_array();
            for (std::size_t i = 0; i < a.size(); ++i) flatten(*a.get(i)->as_table(), fmt::format("{}[{}].", key, i), tyres, out);
        } else if (prefix.starts_with("wheels.") && k.str() == "tyre" && v.is_string()) {
            if (const toml::table* tyre = tyres.get_as<toml::table>(v.as_string()->get())) flatten(*tyre, key + ".", tyres, out);
        } else {
            out.emplace_back(key, &v);
        }
    }
}

// Arrays of tables whose entries all have unique names: `to`'s entries put in `from`'s order of
// names, so that an entry that moved is not a change; an entry of a name `from` lacks takes the
// place of one of `from`'s whose name `to` lacks, in turn (a renamed entry stays where it was, and
// only its name differs: the entries after it are not compared with their neighbours).
void match_named_entries(const toml::table& from, toml::table& to) {
    for (auto&& [k, v] : to) {
        toml::array* b = v.as_array();
        const toml::array* a = from.get_as<toml::array>(k.str());
        if (!b || !a || !b->is_array_of_tables() || !a->is_array_of_tables()) continue;
        const auto names = [](const toml::array& arr) {
            std::vector<std::string> n;
            for (const auto& e : arr) {
                const auto* name = e.as_table()->get_as<std::string>("name");
                if (!name) return std::vector<std::string>{};
                n.push_back(name->get());
            }
            std::vector<std::string> sorted = n;
            std::sort(sorted.begin(), sorted.end());
            return std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end() ? n : std::vector<std::string>{};
        };
        const auto names_a = names(*a), names_b = names(*b);
        if (names_a.empty() || names_b.size() != b->size()) continue;
        // slot[i]: the entry of `to` at place i; places of `from`'s names first, then the
        // unmatched entries into the unmatched places in turn, then any left into what is free.
        constexpr std::size_t kFree = static_cast<std::size_t>(-1);
        std::vector<std::size_t> slot(names_b.size(), kFree);
        std::vector<bool> placed(names_b.size(), false);
        std::vector<std::size_t> unmatched_places;
        for (std::size_t i = 0; i < names_a.size(); ++i) {
            const auto at = std::find(names_b.begin(), names_b.end(), names_a[i]);
            if (at == names_b.end()) {
                unmatched_places.push_back(i);
            } else if (i < slot.size()) {
                slot[i] = static_cast<std::size_t>(at - names_b.begin());
                placed[slot[i]] = true;
            }
        }
        std::size_t next_place = 0;
        for (std::size_t j = 0; j < names_b.size(); ++j) {
            if (placed[j] || std::find(names_a.begin(), names_a.end(), names_b[j]) != names_a.end()) continue;
            while (next_place < unmatched_places.size() && unmatched_places[next_place] >= slot.size()) ++next_place;
            if (next_place < unmatched_places.size()) slot[unmatched_places[next_place++]] = j, placed[j] = true;
        }
        std::size_t free_place = 0;
        for (std::size_t j = 0; j < names_b.size(); ++j) {
            if (placed[j]) continue;
            while (slot[free_place] != kFree) ++free_place;
            slot[free_place] = j;
        }
        toml::array reordered;
        for (const std::size_t j : slot) reordered.push_back(*b->get(j));
        *b = std::move(reordered);
    }
}

// A value as TOML text, numbers in their shortest exact form (2e-09, not 2.0000000000000001e-09).
std::string full_text(const toml::node& n) {
    if (const auto* x = n.as_floating_point()) return fmt::format("{}", x->get());
    if (const auto* a = n.as_array()) {
        std::string text = "[";
        for (std::size_t i = 0; i < a->size(); ++i) text += (i ? ", " : "") + full_text(*a->get(i));
        return text + "]";
    }
    std::ostringstream out;
    n.visit([&](const auto& value) { out << value; });
    return out.str();
}

bool same_value(const toml::node& a, const toml::node& b) {
    if (a.is_number() && b.is_number()) return a.value<double>() == b.value<double>();
    if (a.is_array() && b.is_array()) {
        const auto& x = *a.as_array();
        const auto& y = *b.as_array();
        if (x.size() != y.size()) return false;
        for (std::size_t i = 0; i < x.size(); ++i) {
            if (!same_value(*x.get(i), *y.get(i))) return false;
        }
        return true;
    }
    return full_text(a) == full_text(b);
}

std::string value_text(const toml::node* n) {
    if (!n) return "(none)";
    std::string text = full_text(*n);
    if (text.size() > 80) text = text.substr(0, 76) + " ...";
    return text;
}

}  // namespace

std::vector<ParameterChange> changed_parameters(const VehicleSpec& from, const VehicleSpec& to) {
    const toml::table a = toml::parse(write_toml_car(from));
    toml::table b = toml::parse(write_toml_car(to));
    match_named_entries(a, b);
    const toml::table empty;
    const auto tyres_of = [&](const toml::table& t) -> const toml::table& {
        const toml::table* tyres = t.get_as<toml::table>("tyres");
        return tyres ? *tyres : empty;
    };
    FlatValues va, vb;
    flatten(a, "", tyres_of(a), va);
    flatten(b, "", tyres_of(b), vb);
    const auto find = [](const FlatValues& values, const std::string& key) -> const toml::node* {
        for (const auto& [k, v] : values) {
            if (k == key) return v;
        }
        return nullptr;
    };
    std::vector<ParameterChange> changes;
    std::vector<std::string> tyres_changed_model;  // "wheels.fl.tyre."
    const auto under_changed_tyre = [&](const std::string& key) {
        return std::any_of(tyres_changed_model.begin(), tyres_changed_model.end(), [&](const std::string& p) { return key.starts_with(p); });
    };
    const auto compare = [&](const std::string& key, const toml::node* x, const toml::node* y) {
        if (under_changed_tyre(key) || (x && y && same_value(*x, *y))) return;
        if (key.ends_with(".tyre.model") && x && y) tyres_changed_model.push_back(key.substr(0, key.size() - 5));
        changes.push_back({key, value_text(x), value_text(y)});
    };
    // A tyre's model first, so that its other keys are left out when it changed.
    for (const auto& [k, x] : va) {
        if (k.ends_with(".tyre.model")) compare(k, x, find(vb, k));
    }
    for (const auto& [k, x] : va) {
        if (!k.ends_with(".tyre.model")) compare(k, x, find(vb, k));
    }
    for (const auto& [k, y] : vb) {
        if (!find(va, k)) compare(k, nullptr, y);
    }
    // A tyre whose model changed is still compared by what every model has: its radius, which
    // sets the gearing's speeds and the wheel's torque.
    constexpr std::array<const char*, 4> kWheelKeys{"fl", "fr", "rl", "rr"};
    for (std::size_t i = 0; i < kWheelKeys.size(); ++i) {
        const std::string key = fmt::format("wheels.{}.tyre.radius_m", kWheelKeys[i]);
        const double radius_from = from.wheels[i].tyre.radius_m, radius_to = to.wheels[i].tyre.radius_m;
        if (under_changed_tyre(key) && radius_from != radius_to) {
            changes.push_back({key, fmt::format("{}", radius_from), fmt::format("{}", radius_to)});
        }
    }
    return changes;
}

CarText car_text(const std::filesystem::path& path, const LoadOptions& options) {
    const std::string text = read_text_file(path);
    if (detect_car_format(path, text) == CarFormat::Toml) {
        load_toml_car(text, path);  // refused here, with its own lines, if it does not load
        return {text, path};
    }
    const LoadedCar car = load_car_from_text(text, path, options);
    return {write_toml_car(car.spec, fmt::format("{} written as TOML", path.filename().string())), path};
}

std::string get_car_parameter(const CarText& car, std::string_view key) {
    const auto parts = split_key(key, car.path);
    toml::table root = parse(car);
    const toml::table& parent = parent_of(root, parts, car, key);
    const toml::node* n = parent.get(parts.back().name);
    if (!n) {
        throw LoadError({car.path.string(), 0}, std::string(key),
                        fmt::format("not in this car's file (a default): expected one of {}", keys_of(parent)));
    }
    if (parts.back().index) {
        const toml::array* a = n->as_array();
        if (!a || *parts.back().index >= a->size()) throw LoadError({car.path.string(), 0}, std::string(key), "index out of range");
        n = a->get(*parts.back().index);
    }
    std::ostringstream out;
    n->visit([&](const auto& value) { out << value; });
    return out.str();
}

CarText set_car_parameter(const CarText& car, std::string_view key, std::string_view value_toml) {
    const auto parts = split_key(key, car.path);
    if (parts.back().index) throw LoadError({car.path.string(), 0}, std::string(key), "expected a key naming a value, not an array element");
    toml::table value_table;
    try {
        value_table = toml::parse(fmt::format("value = {}", value_toml));
    } catch (const toml::parse_error& e) {
        throw LoadError({car.path.string(), 0}, std::string(key),
                        fmt::format("expected a TOML value (a number, true/false, \"text\" or [list]), got '{}'", value_toml));
    }
    toml::table root = parse(car);
    toml::table& parent = parent_of(root, parts, car, key);
    const std::string siblings = keys_of(parent);
    const std::string closest = closest_key(parent, parts.back().name);
    parent.insert_or_assign(parts.back().name, std::move(*value_table.get("value")));
    std::ostringstream out;
    out << root;
    CarText changed{out.str() + "\n", car.path};
    LoadedCar loaded;
    try {
        loaded = load_toml_car(changed.toml, car.path);
    } catch (const LoadError& e) {  // its line is the rewritten text's: the setting is named instead
        throw LoadError({car.path.string(), 0}, e.key(), fmt::format("{} (with {} = {})", e.message(), key, value_toml));
    }
    // The loader ignores (with a warning) a key it does not know: for a key set on purpose, an error.
    std::string full(key);
    for (const LoadWarning& w : loaded.warnings) {
        if (w.key == full) {
            throw LoadError({car.path.string(), 0}, full,
                            fmt::format("not a key of the car format (docs/car-format.md lists them){} This table of the car has {}",
                                        closest.empty() ? "." : fmt::format(": did you mean '{}'?", closest), siblings));
        }
    }
    return changed;
}

std::pair<std::string, std::string> split_assignment(std::string_view assignment) {
    const auto eq = assignment.find('=');
    if (eq == std::string_view::npos || eq == 0) {
        throw LoadError({"--set", 0}, std::string(assignment), "expected KEY=VALUE, e.g. wheels.front.suspension.spring_n_per_m=32000");
    }
    return {std::string(trim(assignment.substr(0, eq))), std::string(trim(assignment.substr(eq + 1)))};
}

}  // namespace tractive
