#pragma once
// Writes a VehicleSpec as tractive's native TOML car format (docs/car-format.md). Loading the
// text again gives a spec equal to the original, bit for bit.

#include <string>

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

// `header` is written as comment lines at the top (e.g. where the car came from).
std::string write_toml_car(const VehicleSpec& spec, const std::string& header = {});

// The number d with d * factor exactly `target` (a loader multiplies what it reads by its unit's
// factor: degrees by pi / 180, millimetres by 1e-3), the shortest written of those within 64 ulps
// of target / factor, so that a value written in another unit loads back bit for bit; the plain
// quotient where none is exact.
double exact_quotient(double target, double factor);

// exact_quotient(radians, pi / 180): angles written in degrees load back bit for bit.
double degrees_for_exact_radians(double radians);

}  // namespace tractive
