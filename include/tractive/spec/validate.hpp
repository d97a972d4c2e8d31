#pragma once
// Physical sense checks of a VehicleSpec. Loaders check each value where they read it (so the
// error names file:line); this is the final net, also for specs built in code.
//
// Besides signs, every value has a generous but finite plausible range (docs/car-format.md,
// "Plausible ranges"): a value far outside anything a road or race vehicle has is a typo or a
// hostile file, and would otherwise turn into inf or NaN in the derived figures.

#include <stdexcept>
#include <string>
#include <vector>

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

// An interval of accepted values, with the words for messages: "expected <kind>, got <v>" when
// the value has the wrong sign, "expected <kind> from <min> to <max> <unit>" when it is too
// large or too small in magnitude.
struct Range {
    double min = 0.0;
    double max = 0.0;
    bool min_open = false;  // min itself excluded
    bool max_open = false;  // max itself excluded
    const char* kind = "a finite number";
    const char* unit = "";
    bool bounds_in_kind = false;  // the kind already states both bounds ("a number in [0, 1]")

    [[nodiscard]] bool contains(double v) const;
    // What was expected and what was given; empty when v is in the range.
    [[nodiscard]] std::string problem(double v) const;
};

constexpr Range positive_up_to(double max, const char* unit) { return {0.0, max, true, false, "a positive number", unit}; }
constexpr Range non_negative_up_to(double max, const char* unit) { return {0.0, max, false, false, "a number >= 0", unit}; }
constexpr Range magnitude_up_to(double max, const char* unit) { return {-max, max, false, false, "a finite number", unit}; }

// The plausible ranges (docs/car-format.md lists them with their reasons).
namespace plausible {
inline constexpr Range kPointMass = positive_up_to(1e5, "kg");             // a heavy lorry is 4e4 kg
inline constexpr Range kPointMassOrZero = non_negative_up_to(1e5, "kg");
// The handbrake's torque as a share of the wheel's full foot-brake torque: VDrift files use up
// to 2 (a handbrake stronger than the pedal on that wheel).
inline constexpr Range kHandbrakeShare = non_negative_up_to(10.0, "");
inline constexpr Range kCoordinate = magnitude_up_to(100.0, "m");          // from the car's origin
inline constexpr Range kRpm = positive_up_to(5e4, "rpm");                  // F1 engines: 1.5e4 rpm
inline constexpr Range kRpmOrZero = non_negative_up_to(5e4, "rpm");
inline constexpr Range kGearRatio = {1e-3, 1e3, false, false, "a positive number", ""};
inline constexpr Range kReverseRatio = {-1e3, -1e-3, false, false, "a negative number", ""};
inline constexpr Range kRadius = positive_up_to(5.0, "m");                 // tyres, brake discs, clutches
inline constexpr Range kRadiusOrZero = non_negative_up_to(5.0, "m");
inline constexpr Range kBodySphereRadius = positive_up_to(10.0, "m");   // a collision sphere of the body
inline constexpr Range kTravel = positive_up_to(5.0, "m");
inline constexpr Range kStiffness = positive_up_to(1e9, "");               // N/m, Pa, N
inline constexpr Range kStiffnessOrZero = non_negative_up_to(1e9, "");     // N s/m, N/m, Pa
inline constexpr Range kArea = positive_up_to(100.0, "m^2");
inline constexpr Range kAreaOrZero = non_negative_up_to(100.0, "m^2");
inline constexpr Range kInertia = positive_up_to(1e5, "kg m^2");
inline constexpr Range kInertiaOrZero = non_negative_up_to(1e5, "kg m^2");
inline constexpr Range kTorque = magnitude_up_to(1e5, "N m");              // curve points
inline constexpr Range kTorqueOrZero = non_negative_up_to(1e5, "N m");     // friction, anti-slip
inline constexpr Range kBrakeSystemTorque = non_negative_up_to(1e6, "N m");
inline constexpr Range kPower = non_negative_up_to(1e7, "W");              // 10 MW
inline constexpr Range kFuelVolume = non_negative_up_to(10.0, "m^3");
inline constexpr Range kDisplacement = non_negative_up_to(10.0, "m^3");
inline constexpr Range kDensity = positive_up_to(1e4, "kg/m^3");
inline constexpr Range kFuelConsumption = non_negative_up_to(1.0, "m^3/(rpm s)");
inline constexpr Range kEfficiency = {0.0, 1.0, true, false, "a number in (0, 1]", ""};      // an engine's thermal efficiency
inline constexpr Range kHeatingValue = positive_up_to(2e8, "J/kg");          // hydrogen: 1.2e8 J/kg
inline constexpr Range kFriction = positive_up_to(10.0, "");               // friction coefficients
inline constexpr Range kFrictionOrZero = non_negative_up_to(10.0, "");
inline constexpr Range kCoefficient = non_negative_up_to(1e3, "");         // Cd, anti-slip-torque, gx1..gy2, gamma
inline constexpr Range kLiftCoefficient = magnitude_up_to(1e3, "");
inline constexpr Range kPacejka = magnitude_up_to(1e6, "");                // a0..c17 (VDrift's reach 2e3)
inline constexpr Range kFactor = positive_up_to(10.0, "");                 // brush cfy, ccb
inline constexpr Range kTime = non_negative_up_to(60.0, "s");
inline constexpr Range kSpeed = non_negative_up_to(1e3, "m/s");
inline constexpr Range kSlipCoefficient = non_negative_up_to(1e6, "s/m");
inline constexpr Range kRollingResistance = non_negative_up_to(10.0, "");
inline constexpr Range kRollingResistanceV2 = non_negative_up_to(1.0, "s^2/m^2");
inline constexpr Range kRollingResistanceSpeed = non_negative_up_to(1e3, "s/km");
inline constexpr Range kPressureBar = positive_up_to(1e3, "bar");
inline constexpr Range kTyreLoad = positive_up_to(1e6, "N");
inline constexpr Range kAspectRatio = non_negative_up_to(10.0, "");        // sidewall / width
inline constexpr Range kFraction = {0.0, 1.0, false, false, "a number in [0, 1]", "", true};
inline constexpr Range kAny = magnitude_up_to(1e300, "");
// Tyre size code "W, AR, D": width in mm, aspect ratio in %, rim diameter in inches.
inline constexpr Range kTyreWidth_mm = positive_up_to(2000.0, "mm");
inline constexpr Range kTyreAspect_percent = positive_up_to(1000.0, "%");
inline constexpr Range kRimDiameter_in = positive_up_to(200.0, "in");

// Grounds and starts (ground files, the C API's and the CLI's start). A world of 1e7 m (a quarter
// of the Earth's circumference) keeps positions to 2e-9 m in a double, far below a tyre's contact;
// a heading is an angle, any turn of it the same: beyond 10 turns it is a typo.
inline constexpr Range kWorldCoordinate = magnitude_up_to(1e7, "m");
inline constexpr Range kHeadingDeg = magnitude_up_to(3600.0, "deg");
inline constexpr Range kGrade = magnitude_up_to(1.0, "(rise over run; 1 = 45 deg)");
inline constexpr Range kBankDeg = {-90.0, 90.0, true, true, "an angle between -90 and 90 degrees", "deg", true};
inline constexpr Range kGroundLength = positive_up_to(1e7, "m");          // road sections
inline constexpr Range kCurveRadius = magnitude_up_to(1e7, "m");          // 0 = straight
inline constexpr Range kRoadWidth = positive_up_to(1e3, "m");
inline constexpr Range kRoadWidthOrZero = non_negative_up_to(1e3, "m");
inline constexpr Range kGridSpacing = positive_up_to(1e4, "m");           // heightfield samples
inline constexpr Range kHeightScale = magnitude_up_to(1e4, "m");          // per sample unit
inline constexpr Range kGroundFriction = positive_up_to(3.0, "");         // a surface's friction factor (as --road mu=, the C API's road)
inline constexpr Range kGroundRollingResistance = non_negative_up_to(100.0, "");  // factor on the tyre's
inline constexpr Range kStartSpeedKmh = non_negative_up_to(1000.0, "km/h");  // as the CLI's --speed
}  // namespace plausible

struct SpecIssue {
    std::string path;     // e.g. "wheels.fl.tyre.radius_m"
    std::string message;  // what was expected
};

// Every problem found; empty when the spec is sound. Also checks that the centre of mass lies
// inside the wheelbase and the track (all four static wheel loads positive).
std::vector<SpecIssue> find_spec_issues(const VehicleSpec& spec);

class SpecError : public std::runtime_error {
public:
    explicit SpecError(SpecIssue issue);
    [[nodiscard]] const SpecIssue& issue() const { return issue_; }

private:
    SpecIssue issue_;
};

// Throws SpecError with the first issue.
void validate(const VehicleSpec& spec);

// Problems with one curve: points must be finite, x strictly increasing, at least min_points.
// Returns an empty string when the curve is fine, else what was expected.
std::string curve_problem(const std::vector<double>& xs, const std::vector<double>& ys,
                          std::size_t min_points);

}  // namespace tractive
