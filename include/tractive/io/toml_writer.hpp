#pragma once
// Writes a VehicleSpec as tractive's native TOML car format (docs/car-format.md). Loading the
// text again gives a spec equal to the original, bit for bit.

#include <string>

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

// `header` is written as comment lines at the top (e.g. where the car came from).
std::string write_toml_car(const VehicleSpec& spec, const std::string& header = {});

// The degree value d closest to radians * 180 / pi for which d * pi / 180 gives back exactly
// `radians`, so that angles written in degrees load back bit for bit.
double degrees_for_exact_radians(double radians);

}  // namespace tractive
