#include "tractive/io/car_parameters.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <sstream>
#include <vector>
#include <toml++/toml.h>

#include "tractive/core/number_text.hpp"
#include "tractive/io/text_file.hpp"
#include "tractive/io/toml_writer.hpp"

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

toml::table parse(const CarText& car) {
    try {
        return toml::parse(car.toml, car.path.string());
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

}  // namespace

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
                            fmt::format("not a key of the car format (docs/car-format.md lists them){}. This table of the car has {}",
                                        closest.empty() ? "" : fmt::format(": did you mean '{}'?", closest), siblings));
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
