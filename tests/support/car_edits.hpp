#pragma once
// Edits the tests make to a car whatever its tyre model, and the example cars' text made
// portable (their .tir tyres are named relative to the car file).

#include <filesystem>
#include <regex>
#include <string>

#include "support/test_paths.hpp"
#include "tractive/io/text_file.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive::test {

// A constant rolling resistance coefficient crr (rolling torque crr Fz r) on every tyre: the
// tyre's RollingResistanceSpec, or a .tir tyre's QSY terms (QSY1 = crr, the rest 0, QSY7 1:
// My = -R0 Fz QSY1 in MF 5.2 and MF 6.1 alike). crr = 0 removes it.
inline void set_rolling_resistance_coefficient(VehicleSpec& spec, double crr) {
    for (auto& w : spec.wheels) {
        w.tyre.rolling_resistance = {RollingResistanceForm::VDrift, crr, 0.0, 0.0};
        auto& c = w.tyre.magic_formula.c;
        for (const std::size_t i : {mf::QSY2, mf::QSY3, mf::QSY4, mf::QSY5, mf::QSY6, mf::QSY8}) c[i] = 0.0;
        c[mf::QSY1] = crr;
        c[mf::QSY7] = 1.0;
        c[mf::LMY] = 1.0;
    }
}

// An example car's TOML text with its tyre files' paths made absolute, so that the text can be
// edited and written anywhere.
inline std::string example_car_text(const std::string& name) {
    const std::filesystem::path dir = std::filesystem::path(TRACTIVE_EXAMPLE_CARS);
    const std::string text = read_text_file(dir / (name + ".toml"));
    return std::regex_replace(text, std::regex(R"re(file = "tyres/)re"), "file = \"" + (dir / "tyres").string() + "/");
}

// The car's body made light (520 kg of body, engine and driver, nearly on the centre line; wheels
// and fuel on top) on stiff springs and dampers without anti-roll bars: chassis modes beyond the
// default step's explicit update, so the step takes the suspension implicitly
// (chassis_implicit.hpp).
inline void make_light_and_stiff(VehicleSpec& spec) {
    double body = 0.0;
    for (const PointMass& m : spec.masses) body += m.mass_kg;
    const double scale = 520.0 / body;
    for (PointMass& m : spec.masses) {
        m.mass_kg *= scale;
        m.position_m.y *= 0.2;
    }
    for (WheelSpec& w : spec.wheels) {
        const bool front = w.position_m.x > 0.0;
        w.suspension.spring_n_per_m = front ? 150000.0 : 200000.0;
        w.suspension.bump_damping_ns_per_m = w.suspension.rebound_damping_ns_per_m = front ? 3000.0 : 4000.0;
        w.suspension.anti_roll_n_per_m = 0.0;
    }
}

}  // namespace tractive::test
