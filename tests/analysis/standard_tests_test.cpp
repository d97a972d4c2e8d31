// Every standard test on every shipped car and every shared VDrift car: no metric may be
// physically absurd. Each bound says why; none is fitted to a car's result.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <filesystem>
#include <sstream>
#include <regex>
#include <string>
#include <tuple>
#include <vector>

#include "support/test_paths.hpp"
#include "support/car_edits.hpp"
#include "tractive/analysis/standard_tests.hpp"
#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/io/car_loader.hpp"

using namespace tractive;

namespace {

constexpr double kG = 9.80665;
const double k100Kmh = 100.0 / 3.6;

struct Car {
    std::string name;
    std::filesystem::path path;
    bool shipped = false;  // examples/cars: fuel figures given with sources
};

std::vector<Car> cars() {
    std::vector<Car> out;
    for (const auto& p : test::example_car_files()) out.push_back({p.stem().string(), p, true});
    for (const auto& p : test::vdrift_car_files()) {
        std::string name = p.parent_path().filename().string() + "_" + p.stem().string();
        out.push_back({name, p, false});
    }
    return out;
}

class StandardTestsOnCar : public ::testing::TestWithParam<std::string> {};

const Car& car_named(const std::string& name) {
    static const std::vector<Car> all = cars();
    for (const auto& c : all) {
        if (c.name == name) return c;
    }
    throw std::runtime_error("no car " + name);
}

double value(const StandardTestResult& r, const char* metric) { return r.metric(metric).value; }

}  // namespace

TEST(StandardTests, NamesAndUnknownName) {
    const std::vector<std::string> expected{"accel", "top-speed", "braking", "skidpad", "coastdown",
                                            "elasticity", "hill-start", "launch", "step-steer", "fuel"};
    EXPECT_EQ(standard_test_names(), expected);
    EXPECT_FALSE(is_standard_test("acceleration"));
    const VehicleSpec spec = load_car(test::example_car_files().front()).spec;
    try {
        (void)run_standard_test("acceleration", spec);
        FAIL() << "expected std::invalid_argument";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("skidpad"), std::string::npos) << e.what();  // lists the valid names
    }
}

TEST(StandardTests, SharedVDriftDataPresent) { TRACTIVE_REQUIRE_VDRIFT_DATA(); }

TEST_P(StandardTestsOnCar, NothingAbsurd) {
    const Car& car = car_named(GetParam());
    const VehicleSpec spec = load_car(car.path).spec;
    StandardTestOptions options;
    options.record_telemetry = true;
    for (const auto& name : standard_test_names()) {
        const StandardTestResult r = run_standard_test(name, spec, options);
        SCOPED_TRACE(car.name + " " + name);
        EXPECT_EQ(r.test, name);
        ASSERT_FALSE(r.metrics.empty());
        ASSERT_FALSE(r.telemetry.empty());
        // The telemetry is rows of numbers with the header's column count.
        const std::string& csv = r.telemetry.front().csv;
        EXPECT_GT(std::count(csv.begin(), csv.end(), '\n'), 2);
        // Every test passes on every car: no stall, no empty tank, no spin, no roll-over, no
        // figure left unreached (a failure would say which and when).
        EXPECT_EQ(r.status, TestStatus::Ok) << r.test << ": " << to_string(r.status) << ": " << r.reason;
        for (const auto& m : r.metrics) {
            if (m.is_flag()) {
                EXPECT_TRUE(m.value == 0.0 || m.value == 1.0) << m.name;
            }
        }
    }

    // accel. A road car reaching 100 km/h in under 1.5 s would need > 1.9 g average, beyond
    // any road tyre (mu <= ~1.3); over 60 s means the car barely moves (the slowest production
    // cars take ~30 s). The 60 mph time is shorter than the 100 km/h one (96.6 < 100 km/h), the
    // rollout takes time off, and the quarter mile must be at least what a 1.5 g launch gives,
    // sqrt(2 x 402.336 / (1.5 g)) = 7.4 s. Trap speed above 100 km/h if 100 was reached first.
    const StandardTestResult accel = run_standard_test("accel", spec);
    const double t100 = value(accel, "t_0_100_s");
    ASSERT_TRUE(std::isfinite(t100));
    EXPECT_GT(t100, 1.5);
    EXPECT_LT(t100, 60.0);
    EXPECT_LT(value(accel, "t_0_60mph_s"), t100);
    EXPECT_LT(value(accel, "t_0_60mph_rollout_s"), value(accel, "t_0_60mph_s"));
    EXPECT_GT(value(accel, "t_0_60mph_rollout_s"), 1.0);
    // The three clocks: from the throttle, from first motion (1 cm), from 1 m/s; each later start
    // leaves less, and the car needs at least 0.1 s from rest to 1 m/s even at 1 g.
    EXPECT_LT(value(accel, "t_0_100_from_motion_s"), value(accel, "t_0_100_s"));
    EXPECT_LT(value(accel, "t_1mps_100_s"), value(accel, "t_0_100_from_motion_s"));
    EXPECT_GT(value(accel, "t_0_100_s") - value(accel, "t_1mps_100_s"), 0.1);
    const double quarter = value(accel, "quarter_mile_s");
    ASSERT_TRUE(std::isfinite(quarter));
    EXPECT_GT(quarter, std::sqrt(2.0 * 402.336 / (1.5 * kG)));
    EXPECT_GT(quarter, t100 * 0.9);  // 402 m takes longer than reaching 100 km/h (~100-150 m)
    EXPECT_GT(value(accel, "quarter_mile_trap_kmh"), 100.0);

    // top-speed: above the trap speed (the car was still accelerating at 402 m) and below 450
    // km/h (no road car is faster; the fastest production cars reach ~440 km/h).
    const StandardTestResult top = run_standard_test("top-speed", spec);
    EXPECT_GT(value(top, "top_speed_kmh"), value(accel, "quarter_mile_trap_kmh"));
    EXPECT_LT(value(top, "top_speed_kmh"), 450.0);

    // braking: between v^2 / (2 x 1.6 g) (24.6 m: road tyres do not reach mu 1.6; it would take
    // racing slicks) and v^2 / (2 x 0.3 g) (131 m: a car that cannot reach 0.3 g on dry asphalt
    // has lost its brakes). Both runs.
    const StandardTestResult braking = run_standard_test("braking", spec);
    for (const char* m : {"braking_100_0_m", "braking_100_0_noabs_m"}) {
        EXPECT_GT(value(braking, m), k100Kmh * k100Kmh / (2.0 * 1.6 * kG)) << m;
        EXPECT_LT(value(braking, m), k100Kmh * k100Kmh / (2.0 * 0.3 * kG)) << m;
    }
    // With ABS the stop is no longer than with the wheels locked: the automated clutch opens
    // under hard braking, so the engine does not set the driven wheels' slip.
    EXPECT_LT(value(braking, "braking_100_0_m"), value(braking, "braking_100_0_noabs_m"));

    // skidpad: the car must hold the circle at some speed (finite) and reach at least 0.5 g
    // (any road car on dry asphalt does; ~0.7 g for a tall van), at most 1.6 g (as for braking).
    const StandardTestResult skid = run_standard_test("skidpad", spec);
    const double g = value(skid, "skidpad_g");
    ASSERT_TRUE(std::isfinite(g)) << "the car cannot hold the skidpad circle at any speed";
    EXPECT_GT(g, 0.5);
    EXPECT_LT(g, 1.6);

    // coastdown: positive time and distance; the mean deceleration d v / t must lie between
    // 0.05 m/s^2 (rolling resistance alone, Crr 0.005 g, is more) and 1.5 m/s^2 (drag plus
    // rolling resistance of a road car at 100 km/h is ~0.5 m/s^2); distance below v0 t (the car
    // slows all the way) and above v0 t / 4 (a plausible decay shape).
    const StandardTestResult coast = run_standard_test("coastdown", spec);
    const double ct = value(coast, "coastdown_s");
    const double cx = value(coast, "coastdown_m");
    ASSERT_TRUE(std::isfinite(ct));
    EXPECT_GT(ct, 0.0);
    EXPECT_GT(cx, 0.0);
    EXPECT_GT(k100Kmh / ct, 0.05);
    EXPECT_LT(k100Kmh / ct, 1.5);
    EXPECT_LT(cx, k100Kmh * ct);
    EXPECT_GT(cx, k100Kmh * ct / 4.0);

    // elasticity: 11.1 m/s gained; over 1.5 s is under 0.75 g of traction in top gear (no road
    // car); NaN (not within 90 s) is allowed only for a car whose top speed is below 120 km/h.
    const StandardTestResult el = run_standard_test("elasticity", spec);
    const double te = value(el, "elasticity_80_120_s");
    if (value(top, "top_speed_kmh") > 125.0) {
        ASSERT_TRUE(std::isfinite(te));
        EXPECT_GT(te, 1.5);
    }

    // hill-start and launch: stalling is what they measure (honest for weak clutches and
    // engines), but the figures must be coherent: rollback finite and >= 0, and below 5 m (the
    // handbrake is released with the clutch at its bite point); a launch that did not stall
    // reaches 50 km/h in over 0.9 s (1.6 g) and under 20 s.
    const StandardTestResult hill = run_standard_test("hill-start", spec);
    const double rollback = value(hill, "rollback_m");
    ASSERT_TRUE(std::isfinite(rollback));
    EXPECT_GE(rollback, 0.0);
    EXPECT_LT(rollback, 5.0);
    const StandardTestResult launch = run_standard_test("launch", spec);
    if (value(launch, "stalled") == 0.0) {
        const double t50 = value(launch, "t_0_50_s");
        ASSERT_TRUE(std::isfinite(t50));
        EXPECT_GT(t50, (50.0 / 3.6) / (1.6 * kG));
        EXPECT_LT(t50, 20.0);
    } else {
        EXPECT_TRUE(std::isnan(value(launch, "t_0_50_s")));
    }

    // step-steer: the calibration reaches 0.35 g within 0.1 g (near-linear tyres); the yaw rate
    // rises in 0.05-1.0 s (ISO 7401 response times of cars are 0.1-0.5 s; under 0.05 s would be
    // faster than the steering ramp itself) and overshoots by less than 100 % (more would be an
    // oscillatory, barely stable car), and not by less than -1 % (the peak is at least the steady value).
    const StandardTestResult step = run_standard_test("step-steer", spec);
    EXPECT_NEAR(value(step, "step_steer_lateral_g"), 0.35, 0.1);
    EXPECT_GT(value(step, "yaw_rate_rise_time_s"), 0.05);
    EXPECT_LT(value(step, "yaw_rate_rise_time_s"), 1.0);
    EXPECT_GT(value(step, "yaw_rate_overshoot"), -0.01);
    EXPECT_LT(value(step, "yaw_rate_overshoot"), 1.0);

    // fuel: positive and more at 120 than at 90 km/h (drag grows with v^2), and the brake-specific
    // consumption it implies. Current VDrift cars burn combustion power over efficiency x heating
    // value (VDrift's law): their BSFC at the crank can only be above 1 / (eta H) (friction takes
    // part of the combustion work), 229 g/kWh with VDrift's defaults, and at part load below
    // twice that; between 2 and 30 L/100 km (a road car's range). The shipped cars' rpm-throttle
    // coefficient was derived from 0.27-0.28 kg/kWh at full power: the same range. The 2009 XS
    // uses its file's fuel-consumption (seed 002's law), whose BSFC of ~150 g/kWh no real engine
    // reaches: only the first two checks apply to it (docs/validation.md).
    const StandardTestResult fuel = run_standard_test("fuel", spec);
    const double f90 = value(fuel, "fuel_l_per_100km_90");
    const double f120 = value(fuel, "fuel_l_per_100km_120");
    EXPECT_GT(f90, 0.0);
    EXPECT_GT(f120, f90);
    if (spec.engine.fuel_law == FuelLaw::CombustionPower || car.shipped) {
        EXPECT_GT(f90, 2.0);
        EXPECT_LT(f120, 30.0);
        for (const char* m : {"bsfc_g_per_kwh_90", "bsfc_g_per_kwh_120"}) {
            EXPECT_GT(value(fuel, m), 200.0) << m;
            EXPECT_LT(value(fuel, m), 500.0) << m;
        }
    }
    if (spec.engine.fuel_law == FuelLaw::CombustionPower) {
        const double floor_g_per_kwh = 3.6e9 / (spec.engine.thermal_efficiency * spec.engine.fuel_heating_value_j_per_kg);
        EXPECT_GT(value(fuel, "bsfc_g_per_kwh_120"), floor_g_per_kwh);
        EXPECT_LT(value(fuel, "bsfc_g_per_kwh_120"), 2.0 * floor_g_per_kwh);
    }
}

namespace {
std::vector<std::string> car_names() {
    std::vector<std::string> names;
    for (const auto& c : cars()) names.push_back(c.name);
    return names;
}
}  // namespace

INSTANTIATE_TEST_SUITE_P(EveryCar, StandardTestsOnCar, ::testing::ValuesIn(car_names()),
                         [](const ::testing::TestParamInfo<std::string>& param_info) {
                             std::string n = param_info.param;
                             for (char& ch : n) {
                                 if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                             }
                             return n;
                         });

// The front-drive hatchback's automatic launch: while the clutch is open at walking pace the two
// front wheels, free through the open differential, must not fight each other. (With a tyre force
// past its peak applied explicitly they did: one wheel braking at slip -0.6 and the other driving
// at +0.5, about +-2.8 kN, for four seconds, and 0-100 km/h took 13.1 s instead of 9.8 s.)
TEST(StandardTests, FrontWheelsDoNotFightDuringTheAutomaticLaunch) {
    const VehicleSpec spec = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "hatchback.toml").spec;
    StandardTestOptions options;
    options.record_telemetry = true;
    options.telemetry_interval_s = 0.02;
    const StandardTestResult r = run_standard_test("accel", spec, options);
    ASSERT_FALSE(r.telemetry.empty());
    std::istringstream csv(r.telemetry.front().csv);
    std::string line;
    std::getline(csv, line);
    std::vector<std::string> header;
    {
        std::istringstream h(line);
        for (std::string cell; std::getline(h, cell, ',');) header.push_back(cell);
    }
    const auto column = [&](const std::string& name) {
        return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
    };
    const std::size_t fl = column("fl_slip_ratio");
    const std::size_t fr = column("fr_slip_ratio");
    ASSERT_LT(fr, header.size());
    int fighting_rows = 0;
    while (std::getline(csv, line)) {
        std::vector<std::string> cells;
        std::istringstream row(line);
        for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
        const double a = std::stod(cells[fl]);
        const double b = std::stod(cells[fr]);
        if (a * b < 0.0 && std::min(std::abs(a), std::abs(b)) > 0.2) ++fighting_rows;
    }
    EXPECT_EQ(fighting_rows, 0);
}

// The manual starts (hill-start on the 20 % grade, level launch) with the driver letting the
// clutch up watching the revs (ClutchRelease, src/analysis/standard_tests/harness.hpp): the same
// procedure moves every shipped and shared car off without stalling. Before it, the open-loop
// pedal scripts stalled ucwin_sedan in both (its seed-000 clutch took more than its 130 N m
// engine gives below 1,500 rpm) and the VDrift 3S in the launch.
// Bounds: rollback under 0.5 m (the handbrake is released with the clutch holding the car on the
// grade; more means the clutch was let slip back); 10 km/h up the grade within the test's 20 s;
// 0-50 km/h from the start of the release in over 0.9 s (1.6 g, beyond road tyres) and under
// 12 s (the slowest production cars need about 8 s to 50 km/h).
TEST(StandardTests, ManualStartsMoveEveryCarOffWithoutStalling) {
    for (const auto& car : cars()) {
        const VehicleSpec spec = load_car(car.path).spec;
        const StandardTestResult hill = run_standard_test("hill-start", spec);
        const StandardTestResult launch = run_standard_test("launch", spec);
        std::printf("%-24s hill start ok %.0f rollback %.3f m; launch stalled %.0f t_0_50 %.2f s\n", car.name.c_str(),
                    value(hill, "hill_start_ok"), value(hill, "rollback_m"), value(launch, "stalled"),
                    value(launch, "t_0_50_s"));
        EXPECT_EQ(value(hill, "hill_start_ok"), 1.0) << car.name;
        EXPECT_LT(value(hill, "rollback_m"), 0.5) << car.name;
        EXPECT_EQ(value(launch, "stalled"), 0.0) << car.name;
        const double t50 = value(launch, "t_0_50_s");
        ASSERT_TRUE(std::isfinite(t50)) << car.name;
        EXPECT_GT(t50, (50.0 / 3.6) / (1.6 * kG)) << car.name;
        EXPECT_LT(t50, 12.0) << car.name;
    }
}

TEST(StandardTests, HillStartOfACarWithoutAHandbrakeHoldsOnTheFootBrake) {
    // VDrift's handbrake defaults to none; such a car is held on the foot brake (heel and toe)
    // until the release. Before, it rolled back down the 20 % grade from the start and the test
    // ended in a (misread) spin.
    VehicleSpec spec = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    for (WheelSpec& w : spec.wheels) w.brake.handbrake = 0.0;
    const StandardTestResult r = run_standard_test("hill-start", spec);
    EXPECT_TRUE(r.passed()) << to_string(r.status) << ": " << r.reason;
    EXPECT_EQ(r.metric("hill_start_ok").value, 1.0);
    EXPECT_LT(r.metric("rollback_m").value, 0.3);
}

namespace {
// A metric of a standard test run at the default internal step and at one ten times finer; both
// runs must pass.
struct AtTwoSteps {
    double coarse = 0.0;
    double fine = 0.0;
};
AtTwoSteps at_default_and_finer_step(const VehicleSpec& spec, const std::string& test, const std::string& metric) {
    StandardTestOptions fine;
    fine.step.internal_step_s = StepSettings{}.internal_step_s / 10.0;
    const StandardTestResult coarse_run = run_standard_test(test, spec);
    const StandardTestResult fine_run = run_standard_test(test, spec, fine);
    EXPECT_TRUE(coarse_run.passed()) << test << ": " << to_string(coarse_run.status) << ": " << coarse_run.reason;
    EXPECT_TRUE(fine_run.passed()) << test << " (finer step): " << to_string(fine_run.status) << ": " << fine_run.reason;
    return {coarse_run.metric(metric).value, fine_run.metric(metric).value};
}
}  // namespace

TEST(StandardTests, ADownforceCarOnItsBumpStopsIsStableAtTheDefaultStep) {
    // The roadster with 5.7 m^2 of wing at C_L = -3 (about 19 kN of downforce at 200 km/h, 1.7
    // times its weight) and 5 cm of travel rides on its bump stops at speed. With the chassis
    // explicit on the bump stops, such a car (the public VDrift AX2) grew a pitch oscillation at
    // the 8 ms step until it spun; its top speed now agrees with a ten times finer step.
    VehicleSpec spec = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    AeroDeviceSpec wing;
    wing.name = "wing";
    wing.position_m = {-1.8, 0.0, 0.6};
    wing.surface_area_m2 = 1.9;
    wing.lift_coefficient = -3.0;
    wing.lift_efficiency = 0.99;
    spec.aero.push_back(wing);
    wing.position_m = {1.9, 0.0, 0.1};
    wing.surface_area_m2 = 1.5;
    wing.lift_coefficient = -2.0;
    spec.aero.push_back(wing);
    for (WheelSpec& w : spec.wheels) w.suspension.travel_m = 0.05;
    const AtTwoSteps v = at_default_and_finer_step(spec, "top-speed", "top_speed_kmh");
    std::printf("downforce roadster top speed: %.2f km/h at 8 ms, %.2f km/h at 0.8 ms\n", v.coarse, v.fine);
    EXPECT_NEAR(v.coarse, v.fine, 0.01 * v.fine);
}

namespace {
// A light, stiff single-seater built from the roadster: 700 kg, springs of 150 / 200 kN/m with
// dampers of 3,000 / 4,000 N s/m, its body's roll inertia that of a narrow car (the masses
// pulled to the centre line). Its roll damping is 2.5 times what the explicit chassis update
// takes at 8 ms (chassis_implicit.hpp).
// The roadster's Pacejka '89 tyre until 2026-11-24 (our estimates for a summer road tyre): the
// light stiff car keeps it, so that its figures test the chassis at the default step, not the
// ABS's limit cycle on the public-data tyre, whose stop at 8 ms comes out 3.7 % short of 0.8 ms
// on this car (docs/validation.md, "Convergence with the internal step").
constexpr const char* kRoadsterPacejka89Tyre = R"toml([tyres.road]
model = "pacejka89"
radius_m = 0.308
width_m = 0.205
aspect_ratio = 0.45
rim_diameter_m = 0.4318
rotational_inertia_kgm2 = 0.9
rolling_resistance = { form = "vdrift", constant = 0.011, v2_coefficient_s2_per_m2 = 3.0e-6 }
a = [1.55, -45, 1290, 2000, 7.5, 0.012, -0.20, 0.85, 0, 0, 0, 0, 0, 0, 0]
b = [1.62, -55, 1300, 18, 210, 0.045, 0, 0, 0.10, 0, 0]
c = [2.30, -3.6, -4.2, -2.0, -8.8, 0.02, 0, 0.04, -0.45, 0.35, 0, 0, 0, 0, 0, 0, 0, 0]
combined = { gx1 = 12, gx2 = 10, gy1 = 9, gy2 = 8 }
)toml";

VehicleSpec light_stiff_car() {
    std::string text = test::example_car_text("roadster");
    const std::regex tyre_table(R"(\[tyres\.road\][\s\S]*?(?=\n# Axle tables))");
    const std::string replaced = std::regex_replace(text, tyre_table, kRoadsterPacejka89Tyre, std::regex_constants::format_first_only);
    EXPECT_NE(replaced, text);
    VehicleSpec spec = load_car_from_text(replaced, std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    test::make_light_and_stiff(spec);
    return spec;
}
}  // namespace

TEST(StandardTests, ALightStiffCarPassesEveryTestAtTheDefaultStep) {
    const VehicleSpec spec = light_stiff_car();
    EXPECT_LT(largest_explicit_chassis_step_s(build_vehicle_model(spec)), StepSettings{}.internal_step_s);
    for (const auto& name : standard_test_names()) {
        const StandardTestResult r = run_standard_test(name, spec);
        EXPECT_TRUE(r.passed()) << name << ": " << to_string(r.status) << ": " << r.reason;
    }
    // Within 1 % of a ten times finer step, braking (with and without ABS) included. The ABS
    // stop within 2 %: with the tyres' lateral relaxation its fine-step figure itself moves
    // with the phase of the ABS cycles against the lane keeper's small corrections, and since the
    // rear axle's select-low (2026-11-29) the 8 ms stop is 1.3-1.8 % short of them (35.02 m at
    // 8 ms, 35.30 at 4, 35.42 at 2, 35.66 at 0.8, 35.53 at 0.4, 35.49 at 0.2; before it 35.20 at
    // 8 ms and 35.67 at 0.8).
    for (const auto& [test, metric, tolerance] : std::vector<std::tuple<std::string, std::string, double>>{
             {"accel", "t_0_100_s", 0.01},
             {"braking", "braking_100_0_noabs_m", 0.01},
             {"braking", "braking_100_0_m", 0.02},
             {"skidpad", "skidpad_g", 0.01},
             {"step-steer", "yaw_rate_rise_time_s", 0.01},
             {"launch", "t_0_50_s", 0.01},
             {"top-speed", "top_speed_kmh", 0.01}}) {
        const AtTwoSteps m = at_default_and_finer_step(spec, test, metric);
        std::printf("light stiff car %s: %.4f at 8 ms, %.4f at 0.8 ms\n", metric.c_str(), m.coarse, m.fine);
        EXPECT_NEAR(m.coarse, m.fine, tolerance * m.fine) << metric;
    }
}

// The launch converges with the step on the shared VDrift cars: the driven tyres break away at
// walking pace, in the stiction blend, where the tread's deflection used to be scaled by the
// stiction weight at every step (faded ten times faster at a ten times finer step: the 3S's and
// the public M3's 0-100 km/h 1.1-1.6 % apart); it now relaxes over the tyre's rolled distance.
TEST(StandardTests, LaunchesConvergeWithTheStepOnTheSharedCars) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    for (const auto& p : test::vdrift_car_files()) {
        const VehicleSpec spec = load_car(p).spec;
        const AtTwoSteps t = at_default_and_finer_step(spec, "accel", "t_0_100_s");
        std::printf("%s 0-100 km/h: %.3f s at 8 ms, %.3f s at 0.8 ms\n", p.filename().string().c_str(), t.coarse, t.fine);
        EXPECT_NEAR(t.coarse, t.fine, 0.01 * t.fine) << p;
    }
}

TEST(StandardTests, AnOverpoweredCarWithoutTractionControlIsLaunchedAsATestDriverWould) {
    // The roadster with four times its torque (820 N m) and no traction control: at full throttle
    // its rear wheels spun past ten times their peak slip and the automatic, reading the spinning
    // wheels as speed, shifted up into a spin. The test driver feathers the throttle past four
    // times the peak slip (FeatheringFoot), and the run converges with the step.
    VehicleSpec spec = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    const auto xs = spec.engine.torque_curve_nm.xs();
    const auto ys = spec.engine.torque_curve_nm.ys();
    std::vector<double> torque(ys.begin(), ys.end());
    for (double& t : torque) t *= 4.0;
    spec.engine.torque_curve_nm = PiecewiseLinear(std::vector<double>(xs.begin(), xs.end()), torque);
    spec.driver_aids.tcs = false;
    const AtTwoSteps t = at_default_and_finer_step(spec, "accel", "t_0_100_s");
    std::printf("820 N m roadster without TCS: 0-100 km/h %.3f s at 8 ms, %.3f s at 0.8 ms\n", t.coarse, t.fine);
    EXPECT_NEAR(t.coarse, t.fine, 0.03 * t.fine);
}

TEST(StandardTests, ATallCarFindsItsSkidpadLimitWhenItsInsideWheelsLift) {
    // The roadster with its body masses 0.6 m higher tips before its tyres slide: the sweep ends
    // when both inside wheels leave the road, as a test driver backs off there (before, such cars
    // of the public VDrift set, CT and C7, rolled over and failed).
    VehicleSpec spec = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    for (PointMass& m : spec.masses) m.position_m.z += 0.6;
    const StandardTestResult r = run_standard_test("skidpad", spec);
    ASSERT_TRUE(r.passed()) << to_string(r.status) << ": " << r.reason;
    EXPECT_EQ(r.metric("skidpad_inside_wheels_lifted").value, 1.0);
    EXPECT_GT(r.metric("skidpad_g").value, 0.5);
    const StandardTestResult stock = run_standard_test("skidpad", load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec);
    EXPECT_EQ(stock.metric("skidpad_inside_wheels_lifted").value, 0.0);
    EXPECT_LT(r.metric("skidpad_g").value, stock.metric("skidpad_g").value);
}

TEST(StandardTests, ASkidpadTheEngineCannotKeepUpWithSaysSo) {
    // The roadster with a tenth of its torque cannot make the power the circle's cornering drag
    // takes near its grip limit: it falls behind the rising target speed, and the result says the
    // figure is power-limited (a lower bound of the grip limit), not the grip limit itself.
    const VehicleSpec stock_spec = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    VehicleSpec spec = stock_spec;
    const auto xs = spec.engine.torque_curve_nm.xs();
    const auto ys = spec.engine.torque_curve_nm.ys();
    std::vector<double> torque(ys.begin(), ys.end());
    for (double& t : torque) t *= 0.1;
    spec.engine.torque_curve_nm = PiecewiseLinear(std::vector<double>(xs.begin(), xs.end()), torque);
    const StandardTestResult weak = run_standard_test("skidpad", spec);
    ASSERT_TRUE(weak.passed()) << to_string(weak.status) << ": " << weak.reason;
    const StandardTestResult stock = run_standard_test("skidpad", stock_spec);
    ASSERT_TRUE(stock.passed()) << to_string(stock.status) << ": " << stock.reason;
    std::printf("skidpad: stock %.3f g, a tenth of the torque %.3f g\n", stock.metric("skidpad_g").value,
                weak.metric("skidpad_g").value);
    EXPECT_EQ(weak.metric("skidpad_power_limited").value, 1.0);
    EXPECT_EQ(stock.metric("skidpad_power_limited").value, 0.0);
    EXPECT_LT(weak.metric("skidpad_g").value, stock.metric("skidpad_g").value - 0.05);
}

TEST(StandardTests, ManualStartsOfAnEngineThatIdlesHigh) {
    // An engine idling above 0.3 x its rev limit (a racing engine: the public VDrift G-P34 idles at
    // 4,000 rpm under an 11,000 rpm limit): the move-off revs are held at 1.5 x idle at least.
    // Before, the hold speed fell below idle, the clutch release's rev band was upside down, and
    // the clutch never came up: the car rolled 35 m back down the hill and never launched.
    VehicleSpec spec = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    spec.engine.start_rpm = 3000.0;  // 0.3 x 7,500 rpm = 2,250
    for (const char* name : {"launch", "hill-start"}) {
        const StandardTestResult r = run_standard_test(name, spec);
        EXPECT_TRUE(r.passed()) << name << ": " << to_string(r.status) << ": " << r.reason;
    }
    EXPECT_LT(run_standard_test("hill-start", spec).metric("rollback_m").value, 0.3);
}

// A car geared too short for 120 km/h (the roadster with its final drive 3.2 times shorter: on
// its rev limit at about 95 km/h in sixth) cannot do 80-120 km/h, 0-100 km/h or the 120 km/h
// fuel run: those figures are beyond it, which is no failure (NotApplicable: nothing went wrong,
// tractive test exits 0). The reason gives the speed it tops out at, which must be the rev-limit
// speed in top gear worked out by hand; the figures the car can reach (quarter mile, 90 km/h
// fuel) are still reported.
TEST(StandardTests, SpeedsBeyondTheCarAreNotApplicable) {
    VehicleSpec spec = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    spec.transmission.final_drive *= 3.2;
    // v = omega_limit r / (top ratio x every final drive), on the limiter (its cut and resume
    // hold the speed a little under the limit).
    const double limit_m_per_s = spec.engine.rpm_limit * 2.0 * 3.14159265358979 / 60.0 * summarize(spec).driven_wheel_radius_m /
                                 (spec.transmission.forward_ratios.back() * overall_final_drive(spec));
    ASSERT_LT(limit_m_per_s * 3.6, 100.0);
    const auto tops_out_kmh = [](const std::string& reason) {
        const auto at = reason.find("tops out at ");
        return at == std::string::npos ? -1.0 : std::stod(reason.substr(at + 12));
    };
    for (const char* name : {"elasticity", "fuel", "accel"}) {
        const StandardTestResult r = run_standard_test(name, spec);
        SCOPED_TRACE(name);
        EXPECT_EQ(r.status, TestStatus::NotApplicable) << to_string(r.status) << ": " << r.reason;
        EXPECT_TRUE(r.passed());
        EXPECT_NEAR(tops_out_kmh(r.reason), limit_m_per_s * 3.6, 0.02 * limit_m_per_s * 3.6) << r.reason;
    }
    const StandardTestResult accel = run_standard_test("accel", spec);
    EXPECT_TRUE(std::isnan(value(accel, "t_0_100_s")));
    EXPECT_TRUE(std::isfinite(value(accel, "quarter_mile_s")));
    const StandardTestResult fuel = run_standard_test("fuel", spec);
    EXPECT_TRUE(std::isnan(value(fuel, "fuel_l_per_100km_120")));
    EXPECT_GT(value(fuel, "fuel_l_per_100km_90"), 0.0);
    // A figure the car could reach but did not is still a failure: the same car with no fuel to
    // speak of runs dry (OutOfFuel), not "beyond the car".
    spec.fuel_tank.volume_m3 = 1e-5;
    EXPECT_EQ(run_standard_test("elasticity", spec).status, TestStatus::OutOfFuel);
}

// The XS on VDrift's other tyre files (its touring.tiren and touring.tirep, as VDRIFTN and VDRIFTP
// builds of VDrift would fit them) passes every standard test at the default settings, and its
// grip is a road car's: skidpad 0.8-1.1 g, 100-0 km/h with ABS in 30-42 m.
TEST(StandardTests, TheXSOnVDriftsOtherTyreModelsPassesEveryTest) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    for (const auto files : {LoadOptions::VDriftTyreFiles::TyreN, LoadOptions::VDriftTyreFiles::TyreP}) {
        LoadOptions load;
        load.vdrift_tyre_files = files;
        const VehicleSpec spec = load_car(test::vdrift_data() / "cars/XS/XS.car", load).spec;
        SCOPED_TRACE(to_string(spec.wheels[0].tyre.model));
        for (const auto& name : standard_test_names()) {
            const StandardTestResult r = run_standard_test(name, spec);
            EXPECT_EQ(r.status, TestStatus::Ok) << name << ": " << r.reason;
            if (name == "skidpad") {
                EXPECT_GT(value(r, "skidpad_g"), 0.8);
                EXPECT_LT(value(r, "skidpad_g"), 1.1);
            }
            if (name == "braking") {
                EXPECT_GT(value(r, "braking_100_0_m"), 30.0);
                EXPECT_LT(value(r, "braking_100_0_m"), 42.0);
            }
        }
    }
}

// The transient handling figures converge with the internal step: the step-steer's yaw-rate rise
// time at the default step within 2 % of a ten times finer step (issue 10's figure; with slip
// relaxation and the steering ramp's mean over each step: roadster +0.1 %, hatchback +0.7 %, the
// VDrift RS2 -1.0 %; before relaxation 1.5-6.7 % off on the shared and public cars). The RS2's
// three differentials are VDrift's speed-sensitive limited slips (viscous couplings), whose rows
// converge slowly against the tyre rows: a step with one takes two more sweeps (at three the
// RS2 was -2.5 %); with the locks open it comes out +0.1 %, kept here as a case.
TEST(StandardTests, StepSteerRiseTimeConvergesAtTheDefaultStep) {
    struct Case {
        std::string name;
        VehicleSpec spec;
        double tolerance;
    };
    std::vector<Case> cases = {{"roadster", load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec, 0.02},
                               {"hatchback", load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "hatchback.toml").spec, 0.02}};
    // The roadster with a strong viscous coupling on its rear axle (VDrift's 600 N m s/rad): the
    // locked axle's longitudinal forces carry much of the yaw damping, whose body share the
    // longitudinal rows take by the trapezoidal rule (docs/physics.md, "Tyre rows").
    VehicleSpec coupled = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    coupled.driveline.rear->type = DifferentialType::Viscous;
    coupled.driveline.rear->viscous_coefficient_nm_s_per_rad = 600.0;
    coupled.driveline.rear->locking_torque_limit_nm = 600.0;
    cases.push_back({"roadster with a viscous rear coupling", coupled, 0.02});
    if (test::have_vdrift_data()) {
        const VehicleSpec rs2 = load_car(test::vdrift_data() / "cars/RS2/RS2.car").spec;
        VehicleSpec open = rs2;
        for (auto* diff : {&open.driveline.front, &open.driveline.rear, &open.driveline.centre}) {
            if (*diff) (*diff)->type = DifferentialType::Open;
        }
        cases.push_back({"RS2 with open differentials", open, 0.02});
        cases.push_back({"RS2", rs2, 0.02});
    }
    for (const Case& c : cases) {
        StandardTestOptions fine;
        fine.step.internal_step_s = StepSettings{}.internal_step_s / 10.0;
        const double coarse_s = value(run_standard_test("step-steer", c.spec), "yaw_rate_rise_time_s");
        const double fine_s = value(run_standard_test("step-steer", c.spec, fine), "yaw_rate_rise_time_s");
        std::printf("%s step-steer rise time: %.4f s at the default step, %.4f s at a tenth\n", c.name.c_str(), coarse_s, fine_s);
        EXPECT_NEAR(coarse_s, fine_s, c.tolerance * fine_s) << c.name;
    }
}
