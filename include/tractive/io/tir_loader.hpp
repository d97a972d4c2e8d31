#pragma once
// A TYDEX .tir tyre property file into a Magic Formula tyre (spec/magic_formula_tyre.hpp).
//   - the equations from [MODEL] FITTYP: 61 or 62 (MF 6.1 / 6.2), 6 or 21 (MF 5.2 / PAC2002), or
//     without FITTYP PROPERTY_FILE_FORMAT 'PAC2002' / 'MF_05'; anything else is refused;
//   - [UNITS] LENGTH, FORCE, MASS, TIME, PRESSURE (default FORCE / LENGTH^2) convert the keys that
//     carry units (UNLOADED_RADIUS, WIDTH, RIM_RADIUS, FNOMIN, NOMPRES, INFLPRES, LONGVL,
//     VERTICAL_STIFFNESS, VERTICAL_DAMPING, IYY) to SI; the Magic Formula coefficients are
//     dimensionless. ANGLE must be radians (a file in degrees would need its coefficients
//     re-fitted: refused);
//   - coefficients are looked up by name in any section but [UNITS] (files put RBX* and PTX* in
//     different sections); absent ones are 0, absent scale factors 1, an absent MF 6.1 PKY4 2;
//   - UNLOADED_RADIUS (up to 5 m) and FNOMIN (up to 1 MN) are required; every coefficient is
//     within +-1e6, as a car's tyre coefficients are (spec/validate.hpp); LONGVL defaults to
//     16.7 m/s, INFLPRES to NOMPRES.
// Errors name the file, the line and the key (LoadError).

#include <filesystem>
#include <string_view>
#include <vector>

#include "tractive/io/load_error.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

struct LoadedTir {
    TyreSpec tyre;  // model MagicFormula; radius, width, aspect ratio and spin inertia from the file
    std::vector<LoadWarning> warnings;
};

LoadedTir load_tir_from_text(std::string_view text, const std::string& file_label);
LoadedTir load_tir(const std::filesystem::path& path);

}  // namespace tractive
