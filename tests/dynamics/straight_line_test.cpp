// Straight-line runs against closed forms (../shared/docs/VALIDATION.md section 3).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include "dynamics/dynamics_support.hpp"
#include "support/car_edits.hpp"
#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/aero.hpp"
#include "tractive/spec/mass_properties.hpp"

using namespace tractive;

namespace {

constexpr double kG = kStandardGravity_m_per_s2;
constexpr double kRho = kSeaLevelAirDensity_kg_per_m3;

// The roadster set up for a coast-down: one drag device (CdA 0.6 m^2, no lift), constant
// rolling resistance 0.013 on every tyre.
VehicleSpec coastdown_car() {
    VehicleSpec s = test::example_car("roadster");
    s.aero = {AeroDeviceSpec{"body", {0.0, 0.0, 0.0}, 2.0, 0.3, 0.0, 0.0, 1.0}};
    test::set_rolling_resistance_coefficient(s, 0.013);
    return s;
}

// The car rolling at v0 in neutral on level ground, stepping at h.
Simulation rolling_in_neutral(const VehicleSpec& spec, double v0, double h) {
    StepSettings settings;
    settings.internal_step_s = h;
    InitialConditions ic;
    ic.speed_m_per_s = v0;
    ic.gear = 0;
    return Simulation(spec, RoadSpec{}, settings, ic);
}

struct Coast {
    double time_s = 0.0;
    double distance_m = 0.0;
};

Coast coast_down(const VehicleSpec& spec, double v0, double v1, double h) {
    Simulation sim = rolling_in_neutral(spec, v0, h);
    const double x0 = sim.state().position_m.x;
    Coast c;
    test::drive_for(sim, 400.0, [](const VehicleState&) { return Controls{}; },
                    [&](const VehicleState& s) { return forward_speed_m_per_s(s) > v1; });
    c.time_s = sim.state().time_s;
    c.distance_m = sim.state().position_m.x - x0;
    return c;
}

}  // namespace

// t = (atan(v0 k) - atan(v1 k)) / sqrt(a b), x = ln((a + b v0^2) / (a + b v1^2)) / (2 b),
// a = g Crr (m / m_eff), b = rho CdA / (2 m_eff), k = sqrt(b / a); m_eff adds the spinning
// wheels' inertia I / r^2 (in neutral the gearbox input turns with them only through its
// own tiny inertia, which the model leaves disconnected).
TEST(StraightLine, CoastDownInNeutralMatchesClosedForm) {
    const VehicleSpec spec = coastdown_car();
    const double m = mass_properties(spec).mass_kg;
    double rotating = 0.0;
    for (const auto& w : spec.wheels) rotating += w.tyre.rotational_inertia_kgm2 / (w.tyre.radius_m * w.tyre.radius_m);
    const double m_eff = m + rotating;
    const double a = kG * 0.013 * m / m_eff;
    const double b = kRho * 0.6 / (2.0 * m_eff);
    const double k = std::sqrt(b / a);
    const double v0 = 100.0 / 3.6;
    const double v1 = 20.0 / 3.6;
    const double t_expected = (std::atan(v0 * k) - std::atan(v1 * k)) / std::sqrt(a * b);
    const double x_expected = std::log((a + b * v0 * v0) / (a + b * v1 * v1)) / (2.0 * b);
    const Coast c = coast_down(spec, v0, v1, StepSettings{}.internal_step_s);
    EXPECT_NEAR(c.time_s, t_expected, 0.01 * t_expected);
    EXPECT_NEAR(c.distance_m, x_expected, 0.01 * x_expected);
    RecordProperty("coastdown_time_s", std::to_string(c.time_s));
}

namespace {

struct Stop {
    double distance_m = 0.0;
    bool all_locked = true;
};

// Full brake from v0 on level ground; distance to rest.
Stop brake_to_rest(const VehicleSpec& spec, double v0, double h) {
    Simulation sim = rolling_in_neutral(spec, v0, h);
    const double x0 = sim.state().position_m.x;
    Controls c;
    c.brake = 1.0;
    Stop r;
    test::drive_for(sim, 20.0, [&](const VehicleState&) { return c; },
                    [&](const VehicleState& s) {
                        if (s.time_s > 0.2 && speed_m_per_s(s) > 2.0) {
                            for (const auto& w : s.wheels) r.all_locked = r.all_locked && std::abs(w.spin_rad_per_s) < 1e-6;
                        }
                        return speed_m_per_s(s) > 1e-3;
                    });
    r.distance_m = sim.state().position_m.x - x0;
    return r;
}

}  // namespace

// Brakes strong enough to lock every wheel at once ("ideal": no build-up, full torque): the
// car slides on the friction its tyres give when locked. With the UC-win/Road friction-curve
// tyre that friction is the curve's value at slip -1 (held from its last point, -0.3), the same
// at every load, so d = (m / (rho CdA)) ln(1 + rho CdA v0^2 / (2 m mu g)) (VALIDATION.md 3).
TEST(StraightLine, LockedWheelBrakingMatchesTheFrictionOfTheTyres) {
    VehicleSpec spec = test::example_car("ucwin_sedan");
    spec.brakes.max_torque_nm = 20000.0;  // enough to lock all four at once
    const double mu = -spec.wheels[FL].tyre.friction_curves.longitudinal(-1.0);
    ASSERT_GT(mu, 0.5);
    const double m = mass_properties(spec).mass_kg;
    double cda = 0.0;
    for (const auto& a : spec.aero) cda += a.drag_coefficient * a.frontal_area_m2;
    const double v0 = 100.0 / 3.6;
    const double expected = m / (kRho * cda) * std::log(1.0 + kRho * cda * v0 * v0 / (2.0 * m * mu * kG));
    const Stop stop = brake_to_rest(spec, v0, StepSettings{}.internal_step_s);
    EXPECT_TRUE(stop.all_locked);
    EXPECT_NEAR(stop.distance_m, expected, 0.02 * expected);
    RecordProperty("braking_distance_m", std::to_string(stop.distance_m));
    RecordProperty("braking_distance_expected_m", std::to_string(expected));
}

// The slip a controller sees now: (omega r - v_x) / max(|v_x|, 1 m/s) from the wheel's spin and
// its hub's velocity at the end of the last step.
TEST(WheelSlip, NowFollowsTheWheelSpeedAndTheHubVelocity) {
    const VehicleSpec spec = test::example_car("roadster");
    InitialConditions ic;
    ic.speed_m_per_s = 20.0;
    Simulation sim(spec, RoadSpec{}, StepSettings{}, ic);
    test::drive_for(sim, 0.5, [](const VehicleState&) { return Controls{}; });  // rolling in neutral
    const double v = forward_speed_m_per_s(sim.state());
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(wheel_slip_ratio_now(sim.model(), sim.state(), i), 0.0, 2e-3) << i;
    VehicleState& s = sim.mutable_state();
    const double r = sim.model().wheels[FL].radius_m;
    s.wheels[FL].spin_rad_per_s = 0.0;
    s.wheels[FR].spin_rad_per_s = 1.1 * v / r;
    s.wheels[RL].spin_rad_per_s = -v / r;  // turning backwards
    EXPECT_NEAR(wheel_slip_ratio_now(sim.model(), s, FL), -1.0, 2e-3);
    EXPECT_NEAR(wheel_slip_ratio_now(sim.model(), s, FR), 0.1, 2e-3);
    EXPECT_NEAR(wheel_slip_ratio_now(sim.model(), s, RL), -2.0, 4e-3);
    // At standstill the reference speed is 1 m/s: a wheel spinning at 2 m/s has a slip of 2.
    Simulation parked(spec, RoadSpec{}, StepSettings{}, InitialConditions{});
    parked.mutable_state().wheels[RR].spin_rad_per_s = 2.0 / sim.model().wheels[RR].radius_m;
    EXPECT_NEAR(wheel_slip_ratio_now(parked.model(), parked.state(), RR), 2.0, 1e-9);
}

// The four wheels' slips at once (wheel_slip_ratios_now, side by side; wheel_slip_ratio_now reads
// one of them) are each wheel's (omega r - v_x) / max(|v_x|, 1 m/s), v_x the velocity of its hub
// (wheel_hub_position_m: on its hinge's arc where it has one) along its heading turned by its
// steer, worked out here one wheel at a time: on every car (hinged axles, steered wheels, VDrift's
// cars) and in states far from driving, every wheel spinning and travelling and the body turning,
// tilted and rolling. (Within rounding: the hub taken back from its world position.)
TEST(WheelSlip, FourAtOnceAreEachWheelsHubVelocityAlongItsHeading) {
    std::vector<std::filesystem::path> cars = test::example_car_files();
    for (const auto& path : test::vdrift_car_files()) cars.push_back(path);
    ASSERT_GE(cars.size(), 4u);
    std::mt19937 random(20261128);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    int compared = 0;
    for (const auto& path : cars) {
        SCOPED_TRACE(path.string());
        const VehicleModel model = build_vehicle_model(load_car(path).spec);
        const VehicleState start = initial_state(model, RoadSpec{}, InitialConditions{});
        for (int trial = 0; trial < 200; ++trial) {
            VehicleState s = start;
            s.velocity_m_per_s = Vec3{40.0 * unit(random), 10.0 * unit(random), 2.0 * unit(random)};
            s.angular_velocity_rad_per_s = Vec3{unit(random), unit(random), 2.0 * unit(random)};
            s.orientation = normalized(Quat{1.0, 0.2 * unit(random), 0.2 * unit(random), unit(random)});
            for (int i = 0; i < 4; ++i) {
                s.wheels[i].spin_rad_per_s = 150.0 * unit(random);
                s.wheels[i].travel_m = 0.08 * unit(random);
                s.wheels[i].travel_speed_m_per_s = unit(random);
                // Half the trials straight ahead (the model's cosine and sine of the toe), half steered.
                s.wheel_outputs[i].steer_rad = trial % 2 == 0 ? model.wheels[i].toe_heading_rad : 0.6 * unit(random);
            }
            const std::array<double, 4> four = wheel_slip_ratios_now(model, s);
            const Mat3 rot = to_matrix(s.orientation);
            const Vec3 body_z{rot.m[0][2], rot.m[1][2], rot.m[2][2]};
            for (int i = 0; i < 4; ++i) {
                const Vec3 r_hub = wheel_hub_position_m(model, s, i) - s.position_m;
                const Vec3 v_hub = s.velocity_m_per_s + cross(s.angular_velocity_rad_per_s, r_hub) + body_z * s.wheels[i].travel_speed_m_per_s;
                const double steer = s.wheel_outputs[i].steer_rad;
                const double vx = dot(v_hub, rot * Vec3{std::cos(steer), std::sin(steer), 0.0});
                const double expected = (s.wheels[i].spin_rad_per_s * model.wheels[i].radius_m - vx) / std::max(std::abs(vx), 1.0);
                EXPECT_NEAR(four[i], expected, 1e-12 * std::max(1.0, std::abs(expected))) << "trial " << trial << ", wheel " << i;
                ++compared;
            }
        }
    }
    RecordProperty("slips_compared", compared);
}

// Convergence: at the default internal step every straight-line metric is within 1 % of the
// same run at a step ten times smaller.
TEST(Convergence, StraightLineMetricsAtTheDefaultStep) {
    const double h = StepSettings{}.internal_step_s;
    const VehicleSpec coast = coastdown_car();
    const Coast c1 = coast_down(coast, 100.0 / 3.6, 20.0 / 3.6, h);
    const Coast c10 = coast_down(coast, 100.0 / 3.6, 20.0 / 3.6, h / 10.0);
    EXPECT_NEAR(c1.time_s, c10.time_s, 0.01 * c10.time_s);
    EXPECT_NEAR(c1.distance_m, c10.distance_m, 0.01 * c10.distance_m);
    for (const char* name : {"roadster", "ucwin_sedan"}) {
        const VehicleSpec spec = test::example_car(name);
        const Stop b1 = brake_to_rest(spec, 100.0 / 3.6, h);
        const Stop b10 = brake_to_rest(spec, 100.0 / 3.6, h / 10.0);
        EXPECT_NEAR(b1.distance_m, b10.distance_m, 0.01 * b10.distance_m) << name;
    }
}

// The load transfer of a braking car follows the body at the default step: the tyre's normal
// force takes the mount's motion over the step as well as the wheel's travel. Without it the
// roadster's front load 0.19 s into a 0.4-pedal stop from 100 km/h ran 9 % ahead of a ten times
// finer step (3,901 against 3,581 N) and its ABS stop differed by 1.5 %.
TEST(Convergence, BrakingLoadTransferAtTheDefaultStep) {
    const VehicleSpec spec = test::example_car("roadster");
    const auto front_load_n = [&](double h) {
        StepSettings settings;
        settings.internal_step_s = h;
        InitialConditions ic;
        ic.speed_m_per_s = 100.0 / 3.6;
        Simulation sim(spec, RoadSpec{}, settings, ic);
        Controls c;
        c.brake = 0.4;
        c.clutch = 1.0;
        const long steps = std::lround(0.192 / h);
        for (long k = 0; k < steps; ++k) step_fixed(sim.model(), sim.ground(), c, sim.settings(), sim.mutable_state());
        return sim.state().wheel_outputs[FL].fz_n;
    };
    const double h = StepSettings{}.internal_step_s;
    const double coarse = front_load_n(h);
    const double fine = front_load_n(h / 10.0);
    std::printf("roadster front-left load 0.192 s into braking: %.0f N at the default step, %.0f N at a tenth\n", coarse, fine);
    EXPECT_NEAR(coarse, fine, 0.01 * fine);
}

namespace {

// Driven for 1 s with `c`, the car ends with the same forward velocity as with no controls at all
// (nothing braked), to the bit.
void expect_same_as_without_controls(const VehicleSpec& spec, const InitialConditions& ic, const Controls& c) {
    Simulation with(spec, RoadSpec{}, StepSettings{}, ic);
    Simulation without(spec, RoadSpec{}, StepSettings{}, ic);
    test::drive_for(with, 1.0, [&](const VehicleState&) { return c; });
    test::drive_for(without, 1.0, [](const VehicleState&) { return Controls{}; });
    EXPECT_EQ(with.state().velocity_m_per_s.x, without.state().velocity_m_per_s.x);
}

}  // namespace

// The per-wheel brake factor (what an ABS unit sets) scales the foot brake at that wheel only:
// with the front-left factor at 0 and the pedal floored, the front-right locks (the roadster's
// front brakes lock before its rears), the rears are braked and the front-left keeps rolling; factors of 0 everywhere brake nothing (the same state as no pedal).
TEST(Brakes, WheelBrakeFactorScalesTheFootBrakePerWheel) {
    const VehicleSpec spec = test::example_car("roadster");
    InitialConditions ic;
    ic.speed_m_per_s = 20.0;
    Simulation one(spec, RoadSpec{}, StepSettings{}, ic);
    Controls c;
    c.brake = 1.0;
    c.wheel_brake_factor = {0.0, 1.0, 1.0, 1.0};
    test::drive_for(one, 0.5, [&](const VehicleState&) { return c; });
    const auto& w = one.state().wheels;
    EXPECT_GT(w[FL].spin_rad_per_s * spec.wheels[FL].tyre.radius_m, 0.8 * forward_speed_m_per_s(one.state()));
    EXPECT_LT(std::abs(w[FR].spin_rad_per_s), 1e-9);  // locked (zero to rounding)
    const auto& out = one.state().wheel_outputs;
    EXPECT_NEAR(out[FL].slip_ratio, 0.0, 0.01);
    EXPECT_LT(out[RL].slip_ratio, -0.03);
    EXPECT_LT(out[RR].slip_ratio, -0.03);

    c.wheel_brake_factor = {0.0, 0.0, 0.0, 0.0};
    expect_same_as_without_controls(spec, ic, c);
}

// A driver aid's brake (traction control's intervention) brakes its wheel without the pedal, as
// the full foot brake would at the same share; NaN reads as no brake.
TEST(Brakes, AidBrakeBrakesItsWheelWithoutThePedal) {
    const VehicleSpec spec = test::example_car("roadster");
    InitialConditions ic;
    ic.speed_m_per_s = 20.0;
    Simulation aid(spec, RoadSpec{}, StepSettings{}, ic);
    Controls c;
    c.wheel_aid_brake = {1.0, 0.0, 0.0, 0.0};
    test::drive_for(aid, 0.5, [&](const VehicleState&) { return c; });
    const auto& w = aid.state().wheels;
    EXPECT_LT(std::abs(w[FL].spin_rad_per_s), 1e-9);  // locked, as with the pedal floored
    EXPECT_GT(w[FR].spin_rad_per_s * spec.wheels[FR].tyre.radius_m, 0.8 * forward_speed_m_per_s(aid.state()));

    c.wheel_aid_brake = {std::nan(""), 0.0, 0.0, 0.0};
    expect_same_as_without_controls(spec, ic, c);
}
