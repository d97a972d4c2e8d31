#pragma once
// What the manoeuvres share (maneuvers.cpp, lateral_transient.cpp): the test options from a
// manoeuvre's, and a car rolling straight in the automatic at the speed asked for.

#include "standard_tests/harness.hpp"
#include "tractive/analysis/maneuvers.hpp"

namespace tractive::maneuver_drive {

inline constexpr double kDefaultSpeed_m_per_s = 80.0 / standard_tests::kKmhPerMps;

// The manoeuvre's speed: the option's, else 80 km/h.
inline double speed_m_per_s(const ManeuverOptions& o) {
    return o.speed_kmh > 0.0 ? o.speed_kmh / standard_tests::kKmhPerMps : kDefaultSpeed_m_per_s;
}

inline StandardTestOptions test_options(const ManeuverOptions& o, bool record) {
    StandardTestOptions t;
    t.step = o.step;
    t.record_telemetry = record;
    t.telemetry_interval_s = o.telemetry_interval_s;
    return t;
}

// A car rolling straight along +x at v in the gear that suits it, the automatic selector at D.
inline standard_tests::TestDrive rolling(const VehicleSpec& spec, double v, const StandardTestOptions& options,
                                         double start_x_m = 0.0) {
    InitialConditions ic;
    ic.x_m = start_x_m;
    ic.speed_m_per_s = v;
    ic.gear = standard_tests::gear_for(spec, v);
    return standard_tests::TestDrive(spec, RoadSpec{}, standard_tests::settings_in_mode(spec, ShiftMode::Automatic), ic, options);
}

// The steering input that gives the lateral acceleration g_target (in g) at v (FMVSS 126 S7.6's
// slowly increasing steer): the input rises at 0.02 a second (about 10 deg/s of hand wheel on a
// 15:1, 500 deg car, near the standard's 13.5 deg/s) from straight running while the driver holds
// the speed; the input at which the steady lateral acceleration v r first reaches g_target,
// interpolated. NaN if it never does before full lock.
double input_for_lateral_g(const VehicleSpec& spec, double v, const ManeuverOptions& o, double g_target);

}  // namespace tractive::maneuver_drive
