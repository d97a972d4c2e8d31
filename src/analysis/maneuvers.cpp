#include "tractive/analysis/maneuvers.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

#include "lateral_transient.hpp"
#include "maneuver_drive.hpp"
#include "split_mu_braking.hpp"
#include "turn_maneuvers.hpp"
#include "standard_tests/harness.hpp"
#include "tractive/driver/driver_model.hpp"
#include "tractive/driver/driver_vehicle_figures.hpp"

namespace tractive {

namespace {

using namespace standard_tests;

using maneuver_drive::kDefaultSpeed_m_per_s;
using maneuver_drive::rolling;
using maneuver_drive::test_options;
constexpr double kInf = std::numeric_limits<double>::infinity();

// The car's width over the tyres: the widest track plus a tyre's width (205 mm where a file
// gives none).
double car_width_m(const VehicleSpec& spec) {
    double w = 0.0;
    for (const WheelSpec& wheel : spec.wheels) w = std::max(w, 2.0 * std::abs(wheel.position_m.y) + (wheel.tyre.width_m > 0.0 ? wheel.tyre.width_m : 0.205));
    return w;
}

// A smooth step from 0 to 1 over [0, 1] (half a cosine): the lane change's transitions.
double blend(double s) { return s <= 0.0 ? 0.0 : (s >= 1.0 ? 1.0 : 0.5 - 0.5 * std::cos(std::numbers::pi * s)); }

void finish(ManeuverResult& m, TestDrive& d, const StandardTestResult& failures) {
    m.status = failures.status;
    m.reason = failures.reason;
    m.telemetry_csv = d.take_telemetry();
}

// ISO 3888-1:2018, severe lane change: section 1 (15 m, lane 1.1 W + 0.25 m), 30 m to section 3
// (25 m, lane 1.2 W + 0.25 m, its near edge 1 m beyond section 1's far edge), 25 m back to section
// 5 (15 m, lane 1.3 W + 0.25 m, at least 3 m). The driver follows the course's centreline, the
// lane changes blended as half cosines over their transitions, holding the entry speed. A cone is
// hit when the car's edge (its centre plus half its width) leaves a lane in a section.
ManeuverResult double_lane_change(const VehicleSpec& spec, const ManeuverOptions& o) {
    const double v = o.speed_kmh > 0.0 ? o.speed_kmh / kKmhPerMps : kDefaultSpeed_m_per_s;
    const double w = car_width_m(spec);
    const double lane1 = 1.1 * w + 0.25, lane3 = 1.2 * w + 0.25, lane5 = std::max(1.3 * w + 0.25, 3.0);
    const double offset = 0.5 * lane1 + 1.0 + 0.5 * lane3;  // section 3's centre from section 1's
    constexpr double kRunUp_m = 80.0, kS1 = 15.0, kT1 = 30.0, kS3 = 25.0, kT2 = 25.0, kS5 = 15.0, kRunOut_m = 40.0;
    const double x3 = kS1 + kT1, x4 = x3 + kS3, x5 = x4 + kT2, x_end = x5 + kS5;
    std::vector<PathPoint> centre;
    for (double x = -kRunUp_m; x <= x_end + kRunOut_m + 1e-9; x += 0.5) {
        const double y = offset * (blend((x - kS1) / kT1) - blend((x - x4) / kT2));
        centre.push_back({x, y});
    }
    const Path course = polyline_path(centre);
    ManeuverResult m;
    m.name = "iso3888";
    TestDrive d = rolling(spec, v, test_options(o, true), -kRunUp_m);
    DriverModelState driver;
    DriverInput in;
    in.gear_lever = 1;
    double worst_m = 0.0, peak_ay = 0.0, peak_r = 0.0, entry_v = kNaN;
    bool cone_hit = false;
    while (d.state().position_m.x < x_end + kRunOut_m && d.time_s() < 60.0 && !d.failed()) {
        apply_driver(d, {v, &course}, driver, in);
        d.step(in);
        const double x = d.state().position_m.x, y = d.state().position_m.y;
        if (std::isnan(entry_v) && x >= 0.0) entry_v = forward_speed_m_per_s(d.state());
        if (x < 0.0 || x > x_end) continue;
        const double centre_y = offset * (blend((x - kS1) / kT1) - blend((x - x4) / kT2));
        worst_m = std::max(worst_m, std::abs(y - centre_y));
        const double half_lane = x <= kS1 ? 0.5 * lane1 : (x >= x3 && x <= x4 ? 0.5 * lane3 : (x >= x5 ? 0.5 * lane5 : 1e9));
        const double lane_centre = x <= kS1 ? 0.0 : (x >= x3 && x <= x4 ? offset : 0.0);
        if (std::abs(y - lane_centre) + 0.5 * w > half_lane) cone_hit = true;
        const Vec3 a = transpose(to_matrix(d.state().orientation)) * d.state().acceleration_m_per_s2;
        peak_ay = std::max(peak_ay, std::abs(a.y));
        peak_r = std::max(peak_r, std::abs(d.state().angular_velocity_rad_per_s.z));
    }
    StandardTestResult failures;
    d.report(failures);
    if (!d.failed() && d.state().position_m.x < x_end) failures.fail(TestStatus::NotReached, "the car did not reach the course's end within 60 s");
    m.metrics = {{"dlc_entry_speed_kmh", entry_v * kKmhPerMps, "km/h"},
                 {"dlc_max_path_deviation_m", worst_m, "m"},
                 {"dlc_cone_hit", cone_hit ? 1.0 : 0.0, "bool"},
                 {"dlc_peak_lateral_g", peak_ay / kGravity_m_per_s2, "g"},
                 {"dlc_peak_yaw_rate_deg_s", peak_r * 180.0 / std::numbers::pi, "deg/s"},
                 {"dlc_lane_offset_m", offset, "m"}};
    finish(m, d, failures);
    return m;
}

// FMVSS 126 (and UN R140) sine with dwell, one run: from 80 km/h straight, throttle released, the
// steering follows A sin(2 pi 0.7 t), to the left first (direction +1) or the right (-1), holds at
// its second peak (-A) for 500 ms, and completes the cycle (1.93 s in all). Figures: the yaw rate
// 1.00 s and 1.75 s after the steering ends as shares of its peak after the first reversal (ESC
// criteria: at most 35 % and 20 %), and the lateral displacement 1.07 s after the steering begins
// (at least 1.83 m for cars up to 3,500 kg).
struct SineDwellRun {
    double ratio_1_00 = kNaN;
    double ratio_1_75 = kNaN;
    double displacement_m = kNaN;
    StandardTestResult failures;
    std::string telemetry_csv;
};

SineDwellRun sine_dwell_run(const VehicleSpec& spec, const ManeuverOptions& o, double v, double amplitude, double direction, bool record) {
    TestDrive d = rolling(spec, v, test_options(o, record));
    DriverModelState lane_driver;
    const Path line = straight_line_path(0.0, 0.0, 0.0);
    DriverInput in;
    in.gear_lever = 1;
    constexpr double kStraight_s = 2.0, kF_Hz = 0.7, kDwell_s = 0.5;
    const double quarter = 0.25 / kF_Hz;
    const double steer_end = 1.0 / kF_Hz + kDwell_s;
    double start_s = kNaN, y0 = 0.0, peak_r = 0.0, r_1_00 = kNaN, r_1_75 = kNaN, y_1_07 = kNaN;
    const double end = kStraight_s + steer_end + 2.0;
    while (d.time_s() < end && !d.failed()) {
        const double t = d.time_s();
        if (t < kStraight_s) {  // straight, speed held
            apply_driver(d, {v, &line}, lane_driver, in);
        } else {
            if (std::isnan(start_s)) {
                start_s = t;
                y0 = d.state().position_m.y;
            }
            // The input at the step's middle (the held value closest to the continuous one).
            const double ts = t - start_s + 0.5 * d.h();
            double phase_t = ts;
            if (ts > 3.0 * quarter) phase_t = ts < 3.0 * quarter + kDwell_s ? 3.0 * quarter : ts - kDwell_s;
            in.steering = ts < steer_end ? direction * amplitude * std::sin(2.0 * std::numbers::pi * kF_Hz * phase_t) : 0.0;
            in.throttle = 0.0;
            in.brake = 0.0;
        }
        d.step(in);
        if (std::isnan(start_s)) continue;
        const double ts = d.time_s() - start_s;
        // The yaw rate in the direction of the turn after the first reversal (for a left-first
        // run, the turn to the right: negative r).
        const double r = -direction * d.state().angular_velocity_rad_per_s.z;
        // The peak after the first reversal of the steering (the standard's "first local peak
        // yaw rate after the second steering reversal").
        if (ts > 2.0 * quarter) peak_r = std::max(peak_r, r);
        if (std::isnan(y_1_07) && ts >= 1.07) y_1_07 = d.state().position_m.y - y0;
        if (std::isnan(r_1_00) && ts >= steer_end + 1.0) r_1_00 = r;
        if (std::isnan(r_1_75) && ts >= steer_end + 1.75) r_1_75 = r;
    }
    SineDwellRun run;
    d.report(run.failures);
    run.ratio_1_00 = r_1_00 / peak_r;
    run.ratio_1_75 = r_1_75 / peak_r;
    run.displacement_m = std::abs(y_1_07);
    if (record) run.telemetry_csv = d.take_telemetry();
    return run;
}

// The ESC criteria of FMVSS 126 S5.2 on one run: yaw-rate ratios at most 35 % and 20 %.
bool yaw_rates_stable(const SineDwellRun& run) { return run.ratio_1_00 <= 0.35 && run.ratio_1_75 <= 0.20; }

constexpr double kEscMinDisplacement_m = 1.83;  // FMVSS 126 S5.3, vehicles up to 3,500 kg

// The single run at 6.5 x the input for 0.3 g (capped at full lock), left first.
ManeuverResult sine_with_dwell(const VehicleSpec& spec, const ManeuverOptions& o) {
    const double v = o.speed_kmh > 0.0 ? o.speed_kmh / kKmhPerMps : kDefaultSpeed_m_per_s;
    ManeuverResult m;
    m.name = "sine-dwell";
    const double a_03 = maneuver_drive::input_for_lateral_g(spec, v, o, 0.3);
    const double amplitude = std::min(1.0, 6.5 * a_03);
    SineDwellRun run;
    if (std::isfinite(amplitude)) {
        run = sine_dwell_run(spec, o, v, amplitude, 1.0, true);
    } else {
        run.failures.fail(TestStatus::NotReached, "the car did not reach 0.3 g in the slowly increasing steer before full lock");
    }
    m.metrics = {{"sine_dwell_amplitude", amplitude, "1"},
                 {"sine_dwell_input_0_3g", a_03, "1"},
                 {"yaw_rate_ratio_1_00_s", run.ratio_1_00, "1"},
                 {"yaw_rate_ratio_1_75_s", run.ratio_1_75, "1"},
                 {"lateral_displacement_1_07_s_m", run.displacement_m, "m"},
                 {"esc_criteria_met", yaw_rates_stable(run) && run.displacement_m >= kEscMinDisplacement_m ? 1.0 : 0.0, "bool"}};
    m.status = run.failures.status;
    m.reason = run.failures.reason;
    m.telemetry_csv = std::move(run.telemetry_csv);
    return m;
}

// FMVSS 126 S7.9's series: the sine with dwell at amplitudes from 1.5 A to 6.5 A in steps of
// 0.5 A (A the input for 0.3 g; each capped at full lock, where the standard caps at 300 degrees
// of hand wheel, a ratio the car files do not give), one series to the left first and one to the
// right first: 22 runs. The criteria hold on every run (yaw-rate ratios) and on every run at 5 A
// or more (lateral displacement). The telemetry is the run with the largest 1.00 s ratio.
ManeuverResult sine_with_dwell_series(const VehicleSpec& spec, const ManeuverOptions& o) {
    const double v = o.speed_kmh > 0.0 ? o.speed_kmh / kKmhPerMps : kDefaultSpeed_m_per_s;
    ManeuverResult m;
    m.name = "sine-dwell-series";
    const double a_03 = maneuver_drive::input_for_lateral_g(spec, v, o, 0.3);
    StandardTestResult failures;
    double worst_1_00 = -kInf, worst_1_75 = -kInf, least_displacement = kInf, worst_share = kNaN;
    int runs = 0, failed_runs = 0;
    std::string worst_telemetry;
    if (!std::isfinite(a_03)) failures.fail(TestStatus::NotReached, "the car did not reach 0.3 g in the slowly increasing steer before full lock");
    for (const double direction : {1.0, -1.0}) {
        for (int k = 3; k <= 13 && std::isfinite(a_03); ++k) {
            const double share = 0.5 * k;
            SineDwellRun run = sine_dwell_run(spec, o, v, std::min(1.0, share * a_03), direction, true);
            ++runs;
            if (!run.failures.passed()) {
                ++failed_runs;
                if (failures.passed()) {
                    failures.fail(run.failures.status, fmt::format("{} first at {} A: {}", direction > 0 ? "left" : "right", share, run.failures.reason));
                }
                continue;
            }
            if (!(run.ratio_1_00 <= worst_1_00)) {
                worst_1_00 = run.ratio_1_00;
                worst_share = direction * share;
                worst_telemetry = std::move(run.telemetry_csv);
            }
            worst_1_75 = std::max(worst_1_75, run.ratio_1_75);
            if (share >= 5.0) least_displacement = std::min(least_displacement, run.displacement_m);
        }
    }
    const bool met = failed_runs == 0 && runs == 22 && worst_1_00 <= 0.35 && worst_1_75 <= 0.20 && least_displacement >= kEscMinDisplacement_m;
    m.metrics = {{"sine_dwell_input_0_3g", a_03, "1"},
                 {"series_runs", static_cast<double>(runs), "1"},
                 {"worst_yaw_rate_ratio_1_00_s", runs > failed_runs ? worst_1_00 : kNaN, "1"},
                 {"worst_yaw_rate_ratio_1_75_s", runs > failed_runs ? worst_1_75 : kNaN, "1"},
                 {"worst_run_amplitude_share", worst_share, "1"},
                 {"least_lateral_displacement_1_07_s_m", std::isfinite(least_displacement) ? least_displacement : kNaN, "m"},
                 {"esc_criteria_met", met ? 1.0 : 0.0, "bool"}};
    m.status = failures.status;
    m.reason = failures.reason;
    m.telemetry_csv = std::move(worst_telemetry);
    return m;
}

// ISO 4138 constant radius (the slowly rising speed method): a circle of radius R (100 m) to the
// left, the speed rising at 0.1 m/s^2 from 20 km/h after 8 s to settle, the driver following the
// circle. The understeer gradient is the slope of the front road-wheel angle (the mean of the two,
// less the Ackermann angle L / R) against the lateral acceleration, by least squares below 0.4 g,
// in degrees per g; the highest lateral acceleration is the last v^2 / R with the car within
// 0.5 m of the circle.
ManeuverResult constant_radius(const VehicleSpec& spec, const ManeuverOptions& o) {
    const double radius = o.radius_m;
    const double v0 = o.speed_kmh > 0.0 ? o.speed_kmh / kKmhPerMps : 20.0 / kKmhPerMps;
    ManeuverResult m;
    m.name = "constant-radius";
    InitialConditions ic;
    ic.speed_m_per_s = v0;
    ic.gear = gear_for(spec, v0);
    TestDrive d(spec, RoadSpec{}, settings_in_mode(spec, ShiftMode::Automatic), ic, test_options(o, true));
    const Path circle = circle_path(0.0, 0.0, 0.0, radius, true);
    const double wheelbase = driver_vehicle_figures(spec).wheelbase_m;
    DriverModelState driver;
    DriverInput in;
    in.gear_lever = 1;
    constexpr double kSettle_s = 8.0, kRamp_m_per_s2 = 0.1, kLimit_m = 0.5, kLinear_g = 0.4, kCap_s = 400.0;
    double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0, held_g = kNaN;
    // The understeer curve: the steer angle beyond Ackermann at each tenth of a g as the speed
    // rises past it (the rise is slow: 0.1 m/s^2, so the sample at the crossing is steady);
    // the roll and sideslip gradients by least squares below 0.4 g as the understeer gradient.
    constexpr int kCurveLevels = 10;
    std::array<double, kCurveLevels> curve_deg;
    curve_deg.fill(kNaN);
    double roll_sy = 0, roll_sxy = 0, slip_sy = 0, slip_sxy = 0;
    while (d.time_s() < kCap_s && !d.failed()) {
        const double target = v0 + std::max(0.0, d.time_s() - kSettle_s) * kRamp_m_per_s2;
        apply_driver(d, {target, &circle}, driver, in);
        d.step(in);
        if (d.time_s() < kSettle_s) continue;
        const PathProjection p = project_onto_path(circle, d.state().position_m.x, d.state().position_m.y);
        if (std::abs(p.lateral_error_m) > kLimit_m) break;
        const double v = forward_speed_m_per_s(d.state());
        const double ay_g = v * v / (radius * kGravity_m_per_s2);
        held_g = ay_g;
        const auto& w = d.state().wheel_outputs;
        const double delta_deg = (0.5 * (w[FL].steer_rad + w[FR].steer_rad) - wheelbase / radius) * 180.0 / std::numbers::pi;
        for (int k = 0; k < kCurveLevels; ++k) {
            if (std::isnan(curve_deg[static_cast<std::size_t>(k)]) && ay_g >= 0.1 * (k + 1)) curve_deg[static_cast<std::size_t>(k)] = delta_deg;
        }
        if (ay_g < kLinear_g) {
            const Mat3 to_body = transpose(to_matrix(d.state().orientation));
            const Vec3 v_body = to_body * d.state().velocity_m_per_s;
            // Roll out of the turn: a left turn drops the body's right side, a positive roll about x.
            const double roll_deg = euler_zyx(d.state().orientation).roll * 180.0 / std::numbers::pi;
            const double slip_deg = std::atan2(v_body.y, v_body.x) * 180.0 / std::numbers::pi;
            sx += ay_g, sy += delta_deg, sxx += ay_g * ay_g, sxy += ay_g * delta_deg, n += 1;
            roll_sy += roll_deg, roll_sxy += ay_g * roll_deg, slip_sy += slip_deg, slip_sxy += ay_g * slip_deg;
        }
    }
    StandardTestResult failures;
    if (!(d.failure() == TestStatus::Spun && std::isfinite(held_g))) d.report(failures);  // a spin past a held speed is the limit
    const auto slope = [&](double sum_y, double sum_xy) { return n > 10 ? (n * sum_xy - sx * sum_y) / (n * sxx - sx * sx) : kNaN; };
    const double gradient = slope(sy, sxy);
    if (std::isnan(gradient) && failures.passed()) failures.fail(TestStatus::NotReached, "the car did not hold the circle long enough below 0.4 g");
    m.metrics = {{"understeer_gradient_deg_per_g", gradient, "deg/g"},
                 {"constant_radius_max_lateral_g", held_g, "g"},
                 {"constant_radius_m", radius, "m"},
                 {"roll_gradient_deg_per_g", slope(roll_sy, roll_sxy), "deg/g"},
                 {"sideslip_gradient_deg_per_g", slope(slip_sy, slip_sxy), "deg/g"}};
    for (int k = 0; k < kCurveLevels && std::isfinite(curve_deg[static_cast<std::size_t>(k)]); ++k) {  // the levels reached
        std::string level = fmt::format("{:.1f}", 0.1 * (k + 1));
        level[level.find('.')] = '_';
        m.metrics.push_back({"steer_beyond_ackermann_" + level + "g_deg", curve_deg[static_cast<std::size_t>(k)], "deg"});
    }
    finish(m, d, failures);
    return m;
}

}  // namespace

const std::vector<std::string>& maneuver_names() {
    static const std::vector<std::string> names = {"iso3888", "sine-dwell", "sine-dwell-series", "constant-radius", "frequency-response", "brake-in-turn", "power-off", "fishhook", "split-mu-braking"};
    return names;
}

ManeuverResult run_maneuver(std::string_view name, const VehicleSpec& spec, const ManeuverOptions& options) {
    if (!(options.speed_kmh >= 0.0 && options.speed_kmh <= 300.0)) throw std::invalid_argument(fmt::format("speed {} km/h: expected 0 (the manoeuvre's own) to 300", options.speed_kmh));
    if (!(options.radius_m >= 10.0 && options.radius_m <= 10000.0)) throw std::invalid_argument(fmt::format("radius {} m: expected 10 to 10,000 m", options.radius_m));
    if (!(options.telemetry_interval_s > 0.0) || !std::isfinite(options.telemetry_interval_s)) throw std::invalid_argument("telemetry interval: expected a positive number of seconds");
    if (name == "iso3888") return double_lane_change(spec, options);
    if (name == "sine-dwell") return sine_with_dwell(spec, options);
    if (name == "sine-dwell-series") return sine_with_dwell_series(spec, options);
    if (name == "frequency-response") return frequency_response(spec, options);
    if (name == "brake-in-turn") return braking_in_turn(spec, options);
    if (name == "power-off") return power_off_in_turn(spec, options);
    if (name == "fishhook") return fishhook(spec, options);
    if (name == "constant-radius") return constant_radius(spec, options);
    if (name == "split-mu-braking") return split_mu_braking(spec, options);
    throw std::invalid_argument(fmt::format("unknown manoeuvre '{}': expected iso3888, sine-dwell, sine-dwell-series, constant-radius, frequency-response, brake-in-turn, power-off, fishhook or split-mu-braking", name));
}

}  // namespace tractive
