// The parameter tables (spec/parameter_table.hpp) describe the car format completely and drive
// it: every key a written car holds is a row of its table, and every number row's range is what
// the loader enforces.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <toml++/toml.h>

#include <map>
#include <regex>
#include <set>

#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/car_parameters.hpp"
#include "tractive/io/toml_writer.hpp"
#include "tractive/spec/parameter_table.hpp"

namespace tractive {
namespace {

// The reference's rows as "table.key", with the tables named as written-car paths are
// normalised below: wheels.X, tyres.NAME, differential.X, mass, aero, body_sphere.
std::set<std::string> reference_keys() {
    std::set<std::string> keys;
    const std::map<std::string, std::string> prefix = {
        {"[differential.front], [differential.rear], [differential.centre]", "differential.X"},
        {"[wheels.fl|fr|rl|rr] or [wheels.front|rear]", "wheels.X"},
        {"[[mass]]", "mass"},
        {"[[aero]]", "aero"},
        {"[[body_sphere]]", "body_sphere"}};
    for (const ParameterGroup& g : car_parameter_reference()) {
        const auto known = prefix.find(g.table);
        const std::string table = known != prefix.end() ? known->second : g.table.substr(1, g.table.size() - 2);
        for (const ParameterRow& r : g.rows) keys.insert(table + "." + r.key);
    }
    return keys;
}

std::string normalised(const std::string& path) {
    static const std::regex index(R"(\[\d+\])"), wheel(R"(^wheels\.(fl|fr|rl|rr|front|rear)\.)"),
        tyre(R"(^tyres\.[^.]+\.)"), differential(R"(^differential\.(front|rear|centre)\.)");
    std::string p = std::regex_replace(path, index, "");
    p = std::regex_replace(p, wheel, "wheels.X.");
    p = std::regex_replace(p, tyre, "tyres.NAME.");
    return std::regex_replace(p, differential, "differential.X.");
}

// Every value's key under table t missing from `keys` (nested tables and arrays of tables
// followed: a table's keys are rows of its own group).
void collect_missing(const toml::table& t, const std::string& path, const std::set<std::string>& keys, std::set<std::string>& missing) {
    for (const auto& [k, v] : t) {
        const std::string key = path.empty() ? std::string(k.str()) : path + "." + std::string(k.str());
        if (path.empty() && !v.is_table() && !v.is_array_of_tables()) continue;  // format, name, ...: the hand-written top level
        const std::string n = normalised(key);
        // A Magic Formula or Pacejka 2002 coefficient by its MF name: one row ("LFZO ... SSZ4", the table).
        const bool coefficient = (n.starts_with("tyres.NAME.magic_formula.") && std::isupper(static_cast<unsigned char>(k.str()[0]))) ||
                                 n.starts_with("tyres.NAME.pacejka2002.");
        if (!coefficient && !v.is_table() && !v.is_array_of_tables() && !keys.contains(n)) missing.insert(n);
        if (const auto* sub = v.as_table()) collect_missing(*sub, key, keys, missing);
        if (const auto* a = v.as_array(); a && a->is_array_of_tables()) {
            for (std::size_t i = 0; i < a->size(); ++i) collect_missing(*a->get(i)->as_table(), fmt::format("{}[{}]", key, i), keys, missing);
        }
    }
}

TEST(ParameterTable, EveryKeyOfAWrittenCarIsARowOfItsTable) {
    std::vector<std::filesystem::path> cars = test::example_car_files();
    for (const auto& c : test::vdrift_car_files()) cars.push_back(c);
    const std::set<std::string> keys = reference_keys();
    std::size_t checked = 0;
    for (const auto& path : cars) {
        const VehicleSpec spec = load_car(path).spec;
        const toml::table written = toml::parse(write_toml_car(spec));
        std::set<std::string> missing;
        collect_missing(written, "", keys, missing);
        for (const auto& m : missing) ADD_FAILURE() << path.filename() << ": " << m << " is written but is no row of the tables";
        ++checked;
    }
    EXPECT_GE(checked, 4u);
}

TEST(ParameterTable, TheCheckOfWrittenKeysFindsAKeyNoTableHas) {
    // The check above can fail: a written key that is no row is reported.
    const toml::table t = toml::parse("[engine]\nrpm_limit = 7000\nturbo_boost_bar = 1.2\n");
    std::set<std::string> missing;
    collect_missing(t, "", reference_keys(), missing);
    EXPECT_EQ(missing, std::set<std::string>{"engine.turbo_boost_bar"});
}

// Through the loader (set_car_parameter), each number row of `table` under `prefix` refuses a
// value ten times beyond its range, naming the key; and accepts the value it already has.
template <class Part>
void expect_ranges_enforced(const CarText& car, std::span<const Parameter<Part>> table, const std::string& prefix, int& checked) {
    for (const auto& p : table) {
        if (!p.number) continue;
        const std::string key = prefix + "." + std::string(p.key);
        const double beyond = p.range.max > 0.0 ? p.range.max * 10.0 : p.range.min * 10.0;
        try {
            set_car_parameter(car, key, fmt::format("{}", beyond));
            ADD_FAILURE() << key << " = " << beyond << " was accepted";
        } catch (const LoadError& e) {
            EXPECT_NE(std::string(e.what()).find(std::string(p.key)), std::string::npos) << e.what();
        }
        ++checked;
    }
}

TEST(ParameterTable, EveryNumberRowsRangeIsWhatTheLoaderEnforces) {
    const CarText car = car_text(test::example_car_files().front().parent_path() / "roadster.toml");
    int checked = 0;
    expect_ranges_enforced(car, kEngineParameters, "engine", checked);
    expect_ranges_enforced(car, kTransmissionParameters, "transmission", checked);
    expect_ranges_enforced(car, kDifferentialParameters, "differential.rear", checked);
    expect_ranges_enforced(car, kWheelParameters, "wheels.front", checked);
    expect_ranges_enforced(car, kSuspensionParameters, "wheels.front.suspension", checked);
    expect_ranges_enforced(car, kWheelBrakeParameters, "wheels.front.brake", checked);
    expect_ranges_enforced(car, kFuelTankParameters, "fuel_tank", checked);
    expect_ranges_enforced(car, kPointMassParameters, "mass[0]", checked);
    expect_ranges_enforced(car, kAeroDeviceParameters, "aero[0]", checked);
    EXPECT_GE(checked, 45);
}

// A row's default is what the loader gives a file without the key: the struct's own default.
TEST(ParameterTable, AnAbsentOptionalKeyGivesTheDefaultTheReferenceShows) {
    const std::string car = R"(
[[mass]]
name = "body"
mass_kg = 1000
position_m = [0, 0, 0.3]
[engine]
rpm_limit = 7000
inertia_kgm2 = 0.2
start_rpm = 1000
stall_rpm = 400
torque_curve = [[1000, 100], [7000, 150]]
[clutch]
model = "vdrift"
sliding_friction = 0.3
radius_m = 0.15
area_m2 = 0.07
max_pressure_pa = 9e4
[transmission]
forward_ratios = [3, 2, 1]
reverse_ratio = -3
[differential.rear]
[brakes]
form = "vdrift"
[tyres.t]
model = "friction-curve"
radius_m = 0.3
rotational_inertia_kgm2 = 1
rolling_resistance = { constant = 0.01 }
friction_curve_longitudinal = [[0, 0], [0.1, 1], [1, 0.8]]
friction_curve_lateral = [[0, 0], [0.1, 1], [1, 0.8]]
[wheels.front]
tyre = "t"
position_m = [1.2, 0.75, 0]
mass_kg = 20
[wheels.front.suspension]
spring_n_per_m = 30000
bump_damping_ns_per_m = 2000
rebound_damping_ns_per_m = 3000
travel_m = 0.2
[wheels.rear]
tyre = "t"
position_m = [-1.2, 0.75, 0]
mass_kg = 20
[wheels.rear.suspension]
spring_n_per_m = 30000
bump_damping_ns_per_m = 2000
rebound_damping_ns_per_m = 3000
travel_m = 0.2
[[aero]]
name = "body"
position_m = [0, 0, 0.5]
)";
    const VehicleSpec spec = load_toml_car(car, "defaults.toml").spec;
    const auto default_of = [](std::string_view table, std::string_view key) {
        for (const ParameterGroup& g : car_parameter_reference()) {
            if (g.table != table) continue;
            for (const ParameterRow& r : g.rows) {
                if (r.key == key) return r.default_value;
            }
        }
        return std::string("(no row)");
    };
    EXPECT_EQ(fmt::format("{}", spec.transmission.final_drive), default_of("[transmission]", "final_drive"));
    EXPECT_EQ(fmt::format("{}", spec.transmission.shift_time_s), default_of("[transmission]", "shift_time_s"));
    EXPECT_EQ(fmt::format("{}", spec.engine.thermal_efficiency), default_of("[engine]", "thermal_efficiency"));
    EXPECT_EQ(fmt::format("{}", spec.driveline.rear->torque_split), default_of("[differential.front], [differential.rear], [differential.centre]", "torque_split"));
    EXPECT_EQ(fmt::format("{}", spec.aero[0].lift_efficiency), default_of("[[aero]]", "lift_efficiency"));
    EXPECT_EQ(fmt::format("{}", spec.wheels[FL].camber_rad), default_of("[wheels.fl|fr|rl|rr] or [wheels.front|rear]", "camber_deg"));
    EXPECT_EQ(spec.wheels[FR].suspension.position_m, spec.wheels[FR].position_m);  // "the wheel centre"
}

}  // namespace
}  // namespace tractive
