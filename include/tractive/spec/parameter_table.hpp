#pragma once
// Each car parameter described once. One table per part of a VehicleSpec lists every key of that
// part's TOML table (docs/car-format.md) with its member, unit, plausible range, whether a file
// must give it, its meaning and the VDrift .car key of the same quantity. The tables drive:
//   - the TOML loader (io/toml_loader.cpp: read, range-check, default),
//   - the TOML writer (io/toml_writer.cpp: one line per key, in the table's order),
//   - validation (spec/validate.cpp: every number in its range, for specs built in code too),
//   - the VDrift loader's key and range for the quantities both formats share,
//   - dotted-key get/set (io/car_parameters: through the loader) and with it Python and C,
//   - the generated reference in docs/car-format.md (`tractive parameters --markdown`, checked
//     current in CI), and Python's `tractive.car_parameters()`.
// Adding a numeric parameter: a member in vehicle_spec.hpp with its default, a row here, and its
// physics. Keys whose reading needs code (curves, choices, lists, nested tables) are rows with
// no member: the loader and writer handle them by name, and the row documents them.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tractive/spec/validate.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

enum class Need {
    Required,  // a file must give it
    Optional,  // absent: the member's default (the part's default-constructed value, or default_text)
};

template <class Part>
struct Parameter {
    std::string_view key;    // in the part's TOML table; its suffix names the file's unit
    std::string_view unit;   // as the file writes it ("N/m", "deg"; "" for a ratio or a count)
    Need need = Need::Optional;
    std::string_view meaning;
    // Exactly one of these three for a key the tables read and write; none for a key read by code.
    double Part::*number = nullptr;
    Vec3 Part::*point = nullptr;
    bool Part::*flag = nullptr;
    Range range = plausible::kAny;  // of the file's value (a number)
    double si_per_file_unit = 1.0;  // member = file value x this (degrees to radians)
    std::string_view default_text = {};  // a default that is not the member's own (docs)
    std::string_view vdrift_key = {};    // the VDrift key in the part's section, same unit; "" = none
};

// Range of a wheel angle in degrees (file) and the factor to radians.
namespace plausible {
inline constexpr Range kAngleDeg = {-90.0, 90.0, true, true, "an angle between -90 and 90 degrees", "deg", true};
inline constexpr Range kOpenFraction = {0.0, 1.0, true, true, "a number in (0, 1)", "", true};
}  // namespace plausible
inline constexpr double kRadiansPerDegree = 3.14159265358979323846 / 180.0;

// The tables. Their order is the order of the keys in a written file and in the reference.
extern const std::span<const Parameter<PointMass>> kPointMassParameters;
extern const std::span<const Parameter<FuelTankSpec>> kFuelTankParameters;
extern const std::span<const Parameter<EngineSpec>> kEngineParameters;
extern const std::span<const Parameter<ClutchSpec>> kClutchParameters;             // any model
extern const std::span<const Parameter<ClutchSpec>> kClutchPedalForceParameters;   // model = "pedal-force"
extern const std::span<const Parameter<ClutchSpec>> kClutchVDriftParameters;       // model = "vdrift"
extern const std::span<const Parameter<TransmissionSpec>> kTransmissionParameters;
extern const std::span<const Parameter<DriverAidsSpec>> kDriverAidsParameters;
extern const std::span<const Parameter<DifferentialSpec>> kDifferentialParameters;
extern const std::span<const Parameter<BrakeSystemSpec>> kBrakeSystemParameters;
extern const std::span<const Parameter<BrakeSystemSpec>> kBrakeSystemMaxTorqueParameters;  // form = "max-torque"
extern const std::span<const Parameter<TyreSpec>> kTyreParameters;
extern const std::span<const Parameter<RollingResistanceSpec>> kRollingResistanceParameters;
extern const std::span<const Parameter<TyreSizeReference>> kTyreSizeReferenceParameters;
extern const std::span<const Parameter<PacejkaCoefficients>> kPacejkaCombinedParameters;
extern const std::span<const Parameter<BrushTyreParameters>> kBrushTyreParameters;
extern const std::span<const Parameter<MagicFormulaTyre>> kMagicFormulaTableParameters;
extern const std::span<const Parameter<WheelSpec>> kWheelParameters;
extern const std::span<const Parameter<SuspensionSpec>> kSuspensionParameters;
extern const std::span<const Parameter<DoubleWishbone>> kDoubleWishboneParameters;
extern const std::span<const Parameter<MacPhersonStrut>> kMacPhersonStrutParameters;
extern const std::span<const Parameter<WheelBrakeSpec>> kWheelBrakeParameters;
extern const std::span<const Parameter<AeroDeviceSpec>> kAeroDeviceParameters;
extern const std::span<const Parameter<BodySphere>> kBodySphereParameters;

// The row of `key`; throws std::logic_error for a key the table does not have (a coding error).
template <class Part>
const Parameter<Part>& parameter(std::span<const Parameter<Part>> table, std::string_view key) {
    for (const auto& p : table) {
        if (p.key == key) return p;
    }
    throw std::logic_error("no parameter '" + std::string(key) + "' in its table");
}

// One row as text, for the reference page and Python.
struct ParameterRow {
    std::string key;
    std::string unit;
    bool required = false;
    std::string default_value;  // as the file would write it; "" for a required key or none
    std::string accepted;       // the range in words ("(0, 50000] rpm"); "" for a key read by code
    std::string meaning;
    std::string vdrift_key;     // "[engine] rpm-limit"; "" where none maps
};

// One TOML table of the format with its rows.
struct ParameterGroup {
    std::string table;    // "[engine]", "[wheels.X.suspension]"
    std::string when;     // when the rows apply ("model = \"pedal-force\""); "" = always
    std::string meaning;  // one line
    std::vector<ParameterRow> rows;
};

// Every table of the car format, in a file's order.
std::vector<ParameterGroup> car_parameter_reference();

// The reference as the Markdown of docs/car-format.md's generated section.
std::string car_parameter_reference_markdown();

}  // namespace tractive
