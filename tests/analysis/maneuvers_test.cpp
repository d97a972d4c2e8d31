// The handling manoeuvres on every shipped car: they run through, their figures are in the range
// the physics allows and agree with the standard tests, and a set-up change moves them the way a
// vehicle engineer expects.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <numbers>
#include <sstream>
#include <vector>

#include "support/cli_run.hpp"
#include "support/test_paths.hpp"
#include "tractive/analysis/kinematics.hpp"
#include "tractive/analysis/maneuvers.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/dynamics/single_track.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/car_parameters.hpp"
#include "tractive/io/toml_writer.hpp"
#include "tractive/world/road_ground.hpp"

using namespace tractive;

namespace {

double metric(const ManeuverResult& r, const std::string& name) {
    for (const auto& m : r.metrics) {
        if (m.name == name) return m.value;
    }
    throw std::out_of_range(name);
}

// Every limited-slip differential of the car made open.
void open_differentials(VehicleSpec& spec) {
    for (auto* d : {&spec.driveline.front, &spec.driveline.rear, &spec.driveline.centre}) {
        if (*d && (*d)->type == DifferentialType::LimitedSlip) (*d)->type = DifferentialType::Open;
    }
}

}  // namespace

TEST(Maneuvers, EveryShippedCarDrivesThemThrough) {
    for (const auto& file : test::example_car_files()) {
        SCOPED_TRACE(file.filename().string());
        const VehicleSpec spec = load_car(file).spec;
        const ManeuverResult dlc = run_maneuver("iso3888", spec);
        ASSERT_TRUE(dlc.passed()) << dlc.reason;
        EXPECT_NEAR(metric(dlc, "dlc_entry_speed_kmh"), 80.0, 2.0);
        EXPECT_LT(metric(dlc, "dlc_max_path_deviation_m"), 1.0);
        // The course's offset needs about 0.5-1 g at 80 km/h: a car that follows it shows it.
        EXPECT_GT(metric(dlc, "dlc_peak_lateral_g"), 0.45);
        EXPECT_LT(metric(dlc, "dlc_peak_lateral_g"), 1.3);
        EXPECT_NE(dlc.telemetry_csv.find("driver_steering"), std::string::npos);

        const ManeuverResult sine = run_maneuver("sine-dwell", spec);
        ASSERT_TRUE(sine.passed()) << sine.reason;
        // 0.3 g at 80 km/h needs a road-wheel angle near L a / v^2 (0.8-1 deg): a few hundredths of full input.
        EXPECT_GT(metric(sine, "sine_dwell_input_0_3g"), 0.01);
        EXPECT_LT(metric(sine, "sine_dwell_input_0_3g"), 0.1);
        EXPECT_NEAR(metric(sine, "sine_dwell_amplitude"), 6.5 * metric(sine, "sine_dwell_input_0_3g"), 1e-12);
        EXPECT_GT(metric(sine, "lateral_displacement_1_07_s_m"), 1.0);
        EXPECT_TRUE(std::isfinite(metric(sine, "yaw_rate_ratio_1_00_s")));

        const ManeuverResult circle = run_maneuver("constant-radius", spec);
        ASSERT_TRUE(circle.passed()) << circle.reason;
        EXPECT_GT(metric(circle, "understeer_gradient_deg_per_g"), -1.0);
        EXPECT_LT(metric(circle, "understeer_gradient_deg_per_g"), 6.0);
        // The limit on a 100 m circle is the skidpad's (45.7 m) within what the speed changes (aero, load transfer).
        const double skidpad_g = run_standard_test("skidpad", spec).metric("skidpad_g").value;
        EXPECT_NEAR(metric(circle, "constant_radius_max_lateral_g"), skidpad_g, 0.12 * skidpad_g);
    }
}

// FMVSS 126's whole series (22 runs: 1.5 to 6.5 x the 0.3 g input, both directions) with the
// stability control on: every shipped car and every shared VDrift car meets the yaw-rate ratios
// (35 % and 20 %) and the lateral displacement (1.83 m). Off, the AWD sedan shows the car as it is:
// it keeps yawing after the dwell.
TEST(Maneuvers, Fmvss126SeriesIsMetWithStabilityControlOn) {
    std::vector<std::filesystem::path> files = test::example_car_files();
    for (const auto& f : test::vdrift_car_files()) files.push_back(f);
    for (const auto& file : files) {
        SCOPED_TRACE(file.string());
        VehicleSpec spec = load_car(file).spec;
        spec.driver_aids.esc = true;
        const ManeuverResult series = run_maneuver("sine-dwell-series", spec);
        ASSERT_TRUE(series.passed()) << series.reason;
        EXPECT_EQ(metric(series, "series_runs"), 22.0);
        EXPECT_LE(metric(series, "worst_yaw_rate_ratio_1_00_s"), 0.35);
        EXPECT_LE(metric(series, "worst_yaw_rate_ratio_1_75_s"), 0.20);
        EXPECT_GE(metric(series, "least_lateral_displacement_1_07_s_m"), 1.83);
        EXPECT_EQ(metric(series, "esc_criteria_met"), 1.0);
        EXPECT_NE(series.telemetry_csv.find("esc_active"), std::string::npos);
    }
    VehicleSpec sedan = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "sedan_awd.toml").spec;
    sedan.driver_aids.esc = false;
    const ManeuverResult off = run_maneuver("sine-dwell-series", sedan);
    EXPECT_GT(metric(off, "worst_yaw_rate_ratio_1_00_s"), 0.5);
    EXPECT_EQ(metric(off, "esc_criteria_met"), 0.0);
}

// ISO 7401 frequency response in the linear range (2 m/s^2 at 80 km/h): the single-track model
// identified from the measured yaw-rate and lateral-acceleration responses (its effective axle
// cornering stiffnesses) has a yaw mode within 5 % of the closed forms from the car's own tyres,
// for every shipped car whose differentials are open (the roadster's limited-slip set open: a
// locking differential adds a yaw moment the single-track model has not); up to 0.7 Hz the
// measured yaw phase is the model's within 3 degrees (above it the tyres' relaxation lag, about
// omega sigma / v, which the model has not, grows: 5 degrees at 1 Hz on the ucwin sedan). The roadster's limited-slip differential shows as
// more understeer: a lower effective front-to-rear stiffness ratio and a lower steady yaw gain.
TEST(Maneuvers, TheFrequencyResponseIsTheSingleTrackModelsInTheLinearRange) {
    for (const auto& file : test::example_car_files()) {
        SCOPED_TRACE(file.filename().string());
        VehicleSpec spec = load_car(file).spec;
        open_differentials(spec);
        const ManeuverResult r = run_maneuver("frequency-response", spec);
        ASSERT_TRUE(r.passed()) << r.reason;
        EXPECT_NEAR(metric(r, "yaw_natural_frequency_hz"), metric(r, "model_yaw_natural_frequency_hz"),
                    0.05 * metric(r, "model_yaw_natural_frequency_hz"));
        EXPECT_NEAR(metric(r, "yaw_damping_ratio"), metric(r, "model_yaw_damping_ratio"), 0.05 * metric(r, "model_yaw_damping_ratio"));
        for (const char* f : {"0_1hz", "0_3hz", "0_5hz", "0_7hz"}) {
            EXPECT_NEAR(metric(r, fmt::format("yaw_phase_{}_deg", f)), metric(r, fmt::format("model_yaw_phase_{}_deg", f)), 3.0) << f;
        }
        EXPECT_NE(r.telemetry_csv.find("driver_steering"), std::string::npos);
    }
    const VehicleSpec lsd = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    VehicleSpec open = lsd;
    open_differentials(open);
    const ManeuverResult with_lsd = run_maneuver("frequency-response", lsd), with_open = run_maneuver("frequency-response", open);
    const auto ratio = [](const ManeuverResult& r) {
        return metric(r, "effective_front_cornering_stiffness_n_per_rad") / metric(r, "effective_rear_cornering_stiffness_n_per_rad");
    };
    EXPECT_LT(ratio(with_lsd), 0.95 * ratio(with_open));
    EXPECT_LT(metric(with_lsd, "yaw_gain_steady_per_s"), 0.9 * metric(with_open, "yaw_gain_steady_per_s"));
}

// ISO 7975 and ISO 9816 from a steady 100 m circle: the steady turn is the one asked for, the
// brake pedal gives the deceleration asked for, and the cars do what braking and lifting off in a
// turn do to a road car: braking moves load to the front axle, so the car turns in (it turns more
// than the circle at its speed, and its radius shrinks); lifting off changes little.
TEST(Maneuvers, BrakingAndPowerOffInATurn) {
    for (const auto& file : test::example_car_files()) {
        SCOPED_TRACE(file.filename().string());
        const VehicleSpec spec = load_car(file).spec;
        const ManeuverResult bit = run_maneuver("brake-in-turn", spec);
        ASSERT_TRUE(bit.passed()) << bit.reason;
        EXPECT_NEAR(metric(bit, "bit_initial_lateral_accel_m_s2"), 4.0, 0.12);
        EXPECT_NEAR(metric(bit, "bit_speed_kmh"), std::sqrt(4.0 * 100.0) * 3.6, 0.5);
        // The pedal asks for 5 m/s^2. Where the ABS acts on the unloaded inner rear wheel, its
        // select-low holds the whole rear axle to that wheel's grip, and the car slows less
        // (ucwin_sedan 4.06 m/s^2; 4.44 when each rear wheel had its own modulator).
        EXPECT_GT(metric(bit, "bit_mean_deceleration_m_s2"), 0.8 * 5.0);
        EXPECT_LT(metric(bit, "bit_mean_deceleration_m_s2"), 5.0 + 0.75);
        EXPECT_GT(metric(bit, "bit_yaw_angle_ratio_1_s"), 1.0);
        EXPECT_LT(metric(bit, "bit_radius_change_1_s_m"), 0.0);

        const ManeuverResult po = run_maneuver("power-off", spec);
        ASSERT_TRUE(po.passed()) << po.reason;
        EXPECT_NEAR(metric(po, "po_initial_lateral_accel_m_s2"), 5.0, 0.15);
        EXPECT_GT(metric(po, "po_mean_deceleration_m_s2"), 0.1);  // engine braking and drag
        EXPECT_LT(metric(po, "po_mean_deceleration_m_s2"), 1.5);
        EXPECT_NEAR(metric(po, "po_lateral_accel_ratio_1_s"), 1.0, 0.2);
        EXPECT_NEAR(metric(po, "po_yaw_rate_ratio_1_s"), 1.0, 0.25);
        EXPECT_NE(po.telemetry_csv.find("driver_throttle"), std::string::npos);
    }
}

// NHTSA's fishhook: the shipped cars with their aids stay on their wheels at every entry speed
// (the ucwin sedan, which has no ESC, with it switched on: without, it spins at 40 mph). The
// hatchback with its body 0.2 m higher (static stability factor about 1.0 against tyres of about
// 1.1) tips up and rolls over without stability control and stays down with it: the roll-over
// mitigation brakes the outer front wheel as the lateral acceleration nears g t / (2 h).
TEST(Maneuvers, TheFishhookTipsATallCarOverOnlyWithoutStabilityControl) {
    for (const auto& file : test::example_car_files()) {
        SCOPED_TRACE(file.filename().string());
        VehicleSpec spec = load_car(file).spec;
        spec.driver_aids.esc = true;
        const ManeuverResult r = run_maneuver("fishhook", spec);
        ASSERT_TRUE(r.passed()) << r.reason;
        EXPECT_EQ(metric(r, "fishhook_two_wheel_lift"), 0.0);
        EXPECT_GT(metric(r, "fishhook_max_roll_deg"), 2.0);  // it did turn hard
        EXPECT_LT(metric(r, "fishhook_max_roll_deg"), 10.0);
    }
    VehicleSpec tall = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "hatchback.toml").spec;
    for (auto& mass : tall.masses) mass.position_m.z += 0.2;
    tall.driver_aids.esc = false;
    const ManeuverResult without = run_maneuver("fishhook", tall);
    ASSERT_TRUE(without.passed()) << without.reason;  // a roll-over is this test's result, not a failure
    EXPECT_EQ(metric(without, "fishhook_two_wheel_lift"), 1.0);
    EXPECT_EQ(metric(without, "fishhook_rolled_over"), 1.0);
    tall.driver_aids.esc = true;
    const ManeuverResult with = run_maneuver("fishhook", tall);
    ASSERT_TRUE(with.passed()) << with.reason;
    EXPECT_EQ(metric(with, "fishhook_two_wheel_lift"), 0.0);
    EXPECT_LT(metric(with, "fishhook_max_roll_deg"), 12.0);
}

// The ABS stop from 100 km/h on a uniform road with friction factor mu (the standard braking test).
double abs_stop_on_m(const VehicleSpec& spec, double mu) {
    StandardTestOptions options;
    RoadSpec road;
    road.mu = mu;
    options.ground = std::make_shared<RoadGround>(road);
    const StandardTestResult r = run_standard_test("braking", spec, options);
    EXPECT_TRUE(r.passed()) << r.reason;
    return r.metric("braking_100_0_m").value;
}

// Braking on split friction (left half 1.0, right half 0.3) from 100 km/h. With the stability
// control, every shipped car is held on its line with a small correction (UN R13-H Annex 6 allows
// 120 degrees of hand wheel in the first 2 s, about 8 degrees at the road wheels of a 15:1
// steering), stops between its stops on the uniform grippy and slippery roads, and left to itself
// (the steering held) yaws towards the grippy side without spinning. The ucwin sedan, which has no
// ESC, spins with its steering held, and its run says so instead of giving figures; with the
// stability control switched on it is held like the others.
TEST(Maneuvers, SplitFrictionBrakingIsHeldWithStabilityControl) {
    for (const auto& file : test::example_car_files()) {
        SCOPED_TRACE(file.filename().string());
        VehicleSpec spec = load_car(file).spec;
        if (!spec.driver_aids.esc) {
            const ManeuverResult left = run_maneuver("split-mu-braking", spec);
            EXPECT_EQ(metric(left, "smb_open_loop_spun"), 1.0);
            EXPECT_TRUE(std::isnan(metric(left, "smb_open_loop_yaw_angle_2_s_deg")));
            EXPECT_GT(metric(left, "smb_open_loop_lost_after_s"), 0.5);
            EXPECT_LT(metric(left, "smb_open_loop_lost_after_s"), 2.0);
            if (!left.passed()) {
                EXPECT_EQ(left.status, TestStatus::Spun) << left.reason;
            }
            spec.driver_aids.esc = true;
        }
        const ManeuverResult r = run_maneuver("split-mu-braking", spec);
        ASSERT_TRUE(r.passed()) << r.reason;
        EXPECT_NEAR(metric(r, "smb_speed_kmh"), 100.0, 0.5);
        const double stop = metric(r, "smb_stopping_distance_m");
        EXPECT_GT(stop, abs_stop_on_m(spec, 1.0));
        EXPECT_LT(stop, abs_stop_on_m(spec, 0.3));
        EXPECT_LT(metric(r, "smb_max_lateral_deviation_m"), 1.5);
        EXPECT_LT(metric(r, "smb_max_yaw_angle_deg"), 10.0);
        EXPECT_GT(metric(r, "smb_steer_correction_2_s_deg"), 0.5);  // it did have to correct
        EXPECT_LT(metric(r, "smb_steer_correction_2_s_deg"), 8.0);
        EXPECT_EQ(metric(r, "smb_open_loop_spun"), 0.0);
        EXPECT_EQ(metric(r, "smb_open_loop_rolled_over"), 0.0);
        EXPECT_GT(metric(r, "smb_open_loop_yaw_angle_1_s_deg"), 2.0);  // towards the grippy left
        EXPECT_GT(metric(r, "smb_open_loop_lateral_deviation_1_s_m"), 0.0);
        EXPECT_NE(r.telemetry_csv.find("esc_active"), std::string::npos);
    }
}

// The steady-state results of the constant-radius test (ISO 4138): the understeer curve rises
// with the lateral acceleration and steeper towards the limit, and the roll gradient is the
// quasi-static closed form's (the K&C report's, analysis/kinematics.hpp): the sprung mass m_s at height h_s over the roll axis (on the ground:
// the shipped files put the tyres' forces there, roll_height 0) rolls against the suspension's
// roll stiffness, sum over the axles of (k_spring / 2 + k_bar) t^2 (the bar's force is k_bar
// times the two wheels' travel difference), in series with the tyres', k_tyre t^2 / 2 per axle:
// dphi/da_y = m_s h_s / (K - m_s g h_s). Within 7 %: the measured gradients are 3-5.5 % above the
// closed form on the shipped cars (it leaves out the unsprung masses' own roll moment and the
// tyres' load change with roll); seen failing on every car with the bars' force doubled.
TEST(Maneuvers, TheUndersteerCurveAndTheRollGradient) {
    for (const auto& file : test::example_car_files()) {
        SCOPED_TRACE(file.filename().string());
        const VehicleSpec spec = load_car(file).spec;
        const ManeuverResult r = run_maneuver("constant-radius", spec);
        ASSERT_TRUE(r.passed()) << r.reason;
        double last = -1e9, last_step = -1e9;
        for (int k = 1; k <= 7; ++k) {  // every shipped car holds 0.7 g on 100 m
            const double steer = metric(r, fmt::format("steer_beyond_ackermann_0_{}g_deg", k));
            ASSERT_TRUE(std::isfinite(steer)) << k;
            EXPECT_GT(steer, last) << k;
            if (k >= 4) {
                EXPECT_GT(steer - last, 0.9 * last_step) << k;  // steeper towards the limit
            }
            last_step = steer - last;
            last = steer;
        }
        const double closed_deg_per_g = kinematics_and_compliance(spec).roll_gradient_deg_per_g;  // analysis/kinematics.hpp
        EXPECT_NEAR(metric(r, "roll_gradient_deg_per_g"), closed_deg_per_g, 0.07 * closed_deg_per_g);
        EXPECT_LT(metric(r, "sideslip_gradient_deg_per_g"), 0.0);  // the body points into the turn as the speed rises
    }
}

TEST(Maneuvers, AStifferFrontAntiRollBarAddsUndersteer) {
    // More of the roll moment on the front axle takes more load off the inner front tyre: the
    // front axle's cornering force falls behind and the car understeers more (Milliken and
    // Milliken, "Race Car Vehicle Dynamics", ch. 18).
    const auto path = test::example_car_files().front().parent_path() / "roadster.toml";
    const CarText base = car_text(path);
    const CarText stiff = set_car_parameter(base, "wheels.front.suspension.anti_roll_n_per_m", "42000");
    const double k_base = metric(run_maneuver("constant-radius", load_toml_car(base.toml, path).spec), "understeer_gradient_deg_per_g");
    const double k_stiff = metric(run_maneuver("constant-radius", load_toml_car(stiff.toml, path).spec), "understeer_gradient_deg_per_g");
    EXPECT_GT(k_stiff, k_base + 0.05) << k_base << " -> " << k_stiff;
}

TEST(Maneuvers, OptionsAndBadNames) {
    const VehicleSpec spec = load_car(test::example_car_files().front().parent_path() / "roadster.toml").spec;
    ManeuverOptions o;
    o.speed_kmh = 60.0;
    EXPECT_NEAR(metric(run_maneuver("iso3888", spec, o), "dlc_entry_speed_kmh"), 60.0, 2.0);
    EXPECT_THROW(run_maneuver("moose", spec), std::invalid_argument);
    o.radius_m = 1.0;
    EXPECT_THROW(run_maneuver("constant-radius", spec, o), std::invalid_argument);
}

TEST(Maneuvers, TheCliWritesTheTelemetryAndPrintsTheFigures) {
    test::TempDir dir;
    const auto out = dir.path() / "dlc.csv";
    const test::CliRun r = test::run_cli(fmt::format("run --maneuver iso3888 --speed 70 --out {}", test::quoted(out)));
    ASSERT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("dlc_entry_speed_kmh"), std::string::npos) << r.out;
    EXPECT_TRUE(std::filesystem::file_size(out) > 10000);
    EXPECT_EQ(test::run_cli(fmt::format("run --maneuver moose --out {}", test::quoted(out)), true).status, 2);
    EXPECT_EQ(test::run_cli(fmt::format("run --out {}", test::quoted(out)), true).status, 2);
}

// A car beyond its single-track model's critical speed (an oversteering car's sqrt(-L / K)) has
// no steady yaw gain to size the steering by: the frequency response is not applicable and says
// why, with no run and no telemetry; `tractive run` writes no file and exits 1. (The reason was
// dropped, the status read "not_reached: could not be fitted", and an empty file was written as
// "wrote FILE".) A sweep whose run fails (the public 350Z on brush tyres spins at 230 km/h in its
// first run) keeps the failed run's telemetry: it used to keep only the 1 Hz run's, and wrote
// nothing.
TEST(Maneuvers, TheFrequencyResponseBeyondTheCriticalSpeedSaysSo) {
    VehicleSpec spec = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    for (PointMass& m : spec.masses) m.position_m.x -= 0.9;  // the centre of mass near the rear axle
    const SingleTrackModel st = single_track_model(build_vehicle_model(spec));
    const double k = understeer_gradient_rad_per_m_s2(st);
    ASSERT_LT(k, 0.0);
    const double critical_kmh = std::sqrt(-st.wheelbase_m() / k) * 3.6;
    std::printf("roadster with its masses 0.9 m back: critical speed %.1f km/h\n", critical_kmh);
    ManeuverOptions beyond;
    beyond.speed_kmh = 1.1 * critical_kmh;
    const ManeuverResult r = run_maneuver("frequency-response", spec, beyond);
    EXPECT_EQ(r.status, TestStatus::NotApplicable);
    EXPECT_NE(r.reason.find("critical speed"), std::string::npos) << r.reason;
    EXPECT_TRUE(r.telemetry_csv.empty());

    const test::TempDir dir;
    const std::filesystem::path car = dir.write("rear_heavy.toml", write_toml_car(spec));
    const std::filesystem::path out = dir.path() / "fr.csv";
    const test::CliRun cli = test::run_cli(fmt::format("run {} --maneuver frequency-response --speed {:.1f} --out {}", test::quoted(car),
                                                       beyond.speed_kmh, test::quoted(out)),
                                           true);
    EXPECT_EQ(cli.status, 1) << cli.out;
    EXPECT_NE(cli.out.find("critical speed"), std::string::npos) << cli.out;
    EXPECT_FALSE(std::filesystem::exists(out));

    // A sweep whose run fails keeps that run's telemetry: with a few grams of fuel the tank runs
    // dry in the first run (0.1 Hz, 51 s).
    VehicleSpec dry = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    dry.fuel_tank.volume_m3 = 1e-5;
    const ManeuverResult failed = run_maneuver("frequency-response", dry);
    EXPECT_EQ(failed.status, TestStatus::OutOfFuel) << failed.reason;
    EXPECT_NE(failed.telemetry_csv.find("driver_steering"), std::string::npos);
}

namespace {
// The standard deviation of a telemetry column over [from_s, to_s).
double column_spread(const std::string& csv, const std::string& column, double from_s, double to_s) {
    std::istringstream lines(csv);
    std::string line;
    std::getline(lines, line);
    std::vector<std::string> header;
    for (std::istringstream cells(line); std::getline(cells, line, ',');) header.push_back(line);
    const auto index = [&](const std::string& name) { return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin()); };
    const std::size_t t_at = index("time_s"), c_at = index(column);
    EXPECT_LT(c_at, header.size()) << column;
    double n = 0.0, sum = 0.0, sum2 = 0.0;
    while (std::getline(lines, line)) {
        std::vector<double> row;
        for (std::istringstream cells(line); std::getline(cells, line, ',');) row.push_back(std::strtod(line.c_str(), nullptr));
        if (row.size() <= std::max(t_at, c_at) || row[t_at] < from_s || row[t_at] >= to_s) continue;
        n += 1.0;
        sum += row[c_at];
        sum2 += row[c_at] * row[c_at];
    }
    return n > 1.0 ? std::sqrt(std::max(0.0, sum2 / n - (sum / n) * (sum / n))) : std::nan("");
}
}  // namespace

// The path follower holds the steady circle the power-off starts from (100 m, 5 m/s^2) on every
// shipped car: over the last 4 s before the event the lateral acceleration varies by at most
// 0.02 m/s^2 (measured 0.006 at most, the UC-win/Road sedan). With the bandwidth from the former
// first-order car lag the sedan's soft tyres and slow yaw left the loop short of its margin and
// the circle swung by 0.078 m/s^2 (and the public TRA's by 4 m/s^2, off the circle).
TEST(Maneuvers, ThePathFollowerHoldsTheSteadyCircle) {
    for (const auto& file : test::example_car_files()) {
        SCOPED_TRACE(file.filename().string());
        const ManeuverResult po = run_maneuver("power-off", load_car(file).spec);
        ASSERT_TRUE(po.passed()) << po.reason;
        const double spread = column_spread(po.telemetry_csv, "ay_m_per_s2", 8.0, 12.0);
        std::printf("%-18s lateral acceleration on the steady circle: sd %.4f m/s^2\n", file.filename().string().c_str(), spread);
        EXPECT_LT(spread, 0.02);
    }
}
