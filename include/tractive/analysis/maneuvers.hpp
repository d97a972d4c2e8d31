#pragma once
// Handling manoeuvres driven by the closed-loop driver models (docs/maneuvers.md), with the speed
// held and the path followed as a test driver would, their telemetry and their figures:
//
//   iso3888          ISO 3888-1 double lane change: the course's centreline from the car's
//                    width, entered at 80 km/h;
//   sine-dwell       FMVSS 126 / UN R140 sine with dwell: the steering amplitude from a slowly
//                    increasing steer to 0.3 g, then 0.7 Hz with a 500 ms dwell, coasting from
//                    80 km/h; the yaw-rate ratios and the lateral displacement;
//   sine-dwell-series  FMVSS 126's whole series: 1.5 to 6.5 x the 0.3 g input in steps of 0.5,
//                    left first and right first (22 runs); the worst ratios, the least
//                    displacement at 5 x and above, and whether every run meets the criteria;
//   frequency-response  ISO 7401 sinusoidal input at 0.1-2 Hz, 80 km/h, 2 m/s^2: the yaw rate's
//                    and lateral acceleration's gain and phase at each frequency, the yaw mode
//                    identified from them, and the single-track model's closed forms beside them;
//   brake-in-turn    ISO 7975: a steady 100 m circle at 4 m/s^2, then the brake for 5 m/s^2 with
//                    the steering held; the yaw rate, lateral acceleration, sideslip, heading and
//                    radius 1 s after against the turn before;
//   power-off        ISO 9816: the same from 5 m/s^2, the throttle let go;
//   fishhook         NHTSA's fishhook with roll-rate feedback at 35-50 mph: the largest roll
//                    angle, two-wheel lift, roll-over;
//   constant-radius  ISO 4138 constant radius: a 100 m circle at slowly rising speed; the
//                    understeer gradient and the highest lateral acceleration held on it;
//   split-mu-braking  full braking from 100 km/h with the left wheels on friction 1.0 and the
//                    right on 0.3: the stop, the driver's steering correction holding the line
//                    (UN R13-H Annex 6's closed loop), and the yaw and drift with the steering
//                    held (ISO 14512's open loop).

#include <string>
#include <string_view>
#include <vector>

#include "tractive/analysis/standard_tests.hpp"

namespace tractive {

struct ManeuverOptions {
    double speed_kmh = 0.0;    // 0: the manoeuvre's own (80 km/h; constant-radius: from 20 km/h up; split-mu-braking 100 km/h)
    double radius_m = 100.0;   // constant-radius
    double telemetry_interval_s = 0.01;
    StepSettings step;
};

struct ManeuverResult {
    std::string name;
    std::vector<StandardTestMetric> metrics;
    TestStatus status = TestStatus::Ok;
    std::string reason;
    std::string telemetry_csv;  // the vehicle, control-layer and driver columns (docs/telemetry.md)
    [[nodiscard]] bool passed() const { return status == TestStatus::Ok || status == TestStatus::NotApplicable; }
};

const std::vector<std::string>& maneuver_names();

// Throws std::invalid_argument for an unknown name (the message lists the valid ones) or an
// option out of range.
ManeuverResult run_maneuver(std::string_view name, const VehicleSpec& spec, const ManeuverOptions& options = {});

}  // namespace tractive
