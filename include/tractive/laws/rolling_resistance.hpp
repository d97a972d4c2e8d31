#pragma once
// Rolling resistance coefficient of a tyre: rolling resistance force = coefficient * Fz.

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

// VDrift form (seed 002): c + c2 v^2, v in m/s.
// UC-win/Road form (seed 001 VI.3): c + k v with k in s/km and v in km/s, i.e. c + (k / 1000) v
// with v in m/s. (The seed gives only the unit s/km; this is the reading that makes it
// dimensionless.)
double rolling_resistance_coefficient(const RollingResistanceSpec& rr, double speed_m_per_s);

}  // namespace tractive
