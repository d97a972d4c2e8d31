#pragma once
// A car's parameters by their dotted keys in tractive's TOML car format (docs/car-format.md):
// `wheels.front.suspension.spring_n_per_m`, `engine.rpm_limit`, `mass[2].mass_kg` (the third
// [[mass]] table), `aero[0].drag_area_m2`. A sweep, `--set KEY=VALUE` and the Python module
// change a car this way, with the loader's own validation and errors.
//
// The car is held as TOML text: a TOML car's own file, or a VDrift car written as TOML
// (write_toml_car, which loads back to the same spec bit for bit).

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "tractive/io/car_loader.hpp"

namespace tractive {

struct CarText {
    std::string toml;             // the car in tractive's TOML format
    std::filesystem::path path;   // where it came from: names it in messages, anchors its tyre files
};

// The car in `path` (any format the loader reads) as TOML text. Throws LoadError as load_car.
CarText car_text(const std::filesystem::path& path, const LoadOptions& options = {});

// The value at `key` as TOML value text ("23000", "[0.95, 0.0, 0.14]", "\"manual\"", "true").
// Throws LoadError (key, what keys there are) for a key the text does not have.
std::string get_car_parameter(const CarText& car, std::string_view key);

// The car with `key` set to `value_toml` (a TOML value: 3.2e4, true, "automatic", [1, 2]),
// loaded again to check it: throws LoadError naming the key and what was expected for a key the
// format does not know, a value that is not TOML, or a value the loader refuses. The key's table
// must exist; a key not yet written in it (a default) may be set.
CarText set_car_parameter(const CarText& car, std::string_view key, std::string_view value_toml);

// One parameter that differs between two cars, by its dotted key (wheels.fl.tyre.model,
// mass[2].mass_kg; per wheel, not per axle), with both values as TOML value text ("(none)"
// where a car does not have the key).
struct ParameterChange {
    std::string key;
    std::string from;
    std::string to;
};

// Every parameter of `to` that differs from `from`, in the TOML file's order; numbers compared
// as numbers, a car's name left out. [[mass]] and [[aero]] entries are matched by name where
// every name is unique; a wheel whose tyre changed model gives one change (its model).
std::vector<ParameterChange> changed_parameters(const VehicleSpec& from, const VehicleSpec& to);

// `KEY=VALUE` (the CLI's --set) split at the first '='; throws LoadError for text without one.
std::pair<std::string, std::string> split_assignment(std::string_view assignment);

}  // namespace tractive
