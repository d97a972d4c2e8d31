// The clutch as a true stick/slip coupling, stalling, and the gearbox's exact ratios.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "dynamics/dynamics_support.hpp"
#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/laws/clutch.hpp"
#include "tractive/laws/engine_torque.hpp"
#include "tractive/laws/suspension_geometry.hpp"

using namespace tractive;

namespace {

struct ClutchRun {
    double min_slip_rad_per_s = 1e9;   // over the last second
    double max_torque_nm = 0.0;        // passed by the clutch, last second
    double capacity_nm = 0.0;
    bool stalled = false;
    double engine_rpm = 0.0;
};

// Footbrake fully on, first gear, full throttle: clutch pedal down for 1 s, let up over 0.2 s,
// then held up for 2.8 s.
ClutchRun full_throttle_against_brake(const VehicleSpec& spec) {
    InitialConditions ic;
    ic.gear = 1;
    Simulation sim(spec, RoadSpec{}, StepSettings{}, ic);
    ClutchRun r;
    test::drive_for(sim, 4.0, [&](const VehicleState& s) {
        Controls c;
        c.gear = 1;
        c.throttle = 1.0;
        c.brake = 1.0;
        c.clutch = std::clamp(1.0 - (s.time_s - 1.0) / 0.2, 0.0, 1.0);
        return c; },
                    [&](const VehicleState& s) {
                        if (s.time_s > 3.0) {
                            r.min_slip_rad_per_s = std::min(r.min_slip_rad_per_s, std::abs(s.driveline.clutch_slip_rad_per_s));
                            r.max_torque_nm = std::max(r.max_torque_nm, std::abs(s.driveline.clutch_torque_nm));
                            r.capacity_nm = s.driveline.clutch_capacity_nm;
                        }
                        r.stalled = r.stalled || !s.engine_running;
                        return true;
                    });
    r.engine_rpm = engine_rpm(sim.state());
    return r;
}

}  // namespace

TEST(Clutch, Seed000ClutchSlipsAtFullThrottleAgainstTheBrake) {
    // The AWD sedan (350 N m) with the seed-000 clutch: 133.5 N m static, 213.6 N m sliding,
    // below the engine's torque at every speed: the clutch must slip.
    VehicleSpec spec = test::example_car("sedan_awd");
    spec.clutch = ClutchSpec{};
    spec.clutch.model = ClutchModel::PedalForce;
    ASSERT_LT(clutch_torque_capacity_nm(spec.clutch, 1.0, 1e6), summarize(spec).peak_torque_nm);
    const ClutchRun r = full_throttle_against_brake(spec);
    EXPECT_FALSE(r.stalled);
    EXPECT_GT(r.min_slip_rad_per_s, 100.0);  // the engine revs while the wheels stand still
    // While slipping, the clutch passes exactly its sliding capacity n mu(w) Req F.
    EXPECT_NEAR(r.max_torque_nm, r.capacity_nm, 1e-6 * r.capacity_nm);
    EXPECT_NEAR(r.capacity_nm, 213.6, 0.1);
    EXPECT_GT(r.engine_rpm, 3000.0);
}

TEST(Clutch, XSVDriftClutchHoldsAndStallsTheEngine) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const VehicleSpec spec = load_car(test::vdrift_data() / "cars/XS/XS.car").spec;
    ASSERT_GT(clutch_static_capacity_nm(spec.clutch), summarize(spec).peak_torque_nm);
    const ClutchRun r = full_throttle_against_brake(spec);
    EXPECT_TRUE(r.stalled);  // the clutch held: the braked wheels stopped the engine
}

TEST(Clutch, ReleasingAtIdleInFirstWithoutThrottleStalls) {
    for (const char* name : {"roadster", "hatchback"}) {
        InitialConditions ic;
        ic.gear = 1;
        Simulation sim(test::example_car(name), RoadSpec{}, StepSettings{}, ic);
        // Pedal down for 0.5 s, let up over 0.3 s, no throttle.
        bool stalled = false;
        test::drive_for(sim, 3.0, [](const VehicleState& s) {
            Controls c;
            c.gear = 1;
            c.clutch = s.time_s < 0.5 ? 1.0 : std::max(0.0, 1.0 - (s.time_s - 0.5) / 0.3);
            return c; },
            [&](const VehicleState& s) {
                stalled = stalled || !s.engine_running;
                return true;
            });
        EXPECT_TRUE(stalled) << name;
        EXPECT_FALSE(sim.state().engine_running) << name << ": a stalled engine stays stopped";
        EXPECT_LT(std::abs(sim.state().engine_speed_rad_per_s), 1.0) << name;
    }
}

TEST(Clutch, StallsOnlyUntilStarted) {
    InitialConditions ic;
    ic.engine_running = false;
    Simulation sim(test::example_car("roadster"), RoadSpec{}, StepSettings{}, ic);
    Controls c;
    test::drive_for(sim, 1.0, [&](const VehicleState&) { return c; });
    EXPECT_FALSE(sim.state().engine_running);
    c.start_engine = true;  // in neutral
    test::drive_for(sim, 0.1, [&](const VehicleState&) { return c; });
    c.start_engine = false;
    test::drive_for(sim, 3.0, [&](const VehicleState&) { return c; });
    EXPECT_TRUE(sim.state().engine_running);
    // The idle governor holds the idle speed (start_rpm) within a few percent.
    EXPECT_NEAR(engine_rpm(sim.state()), sim.model().spec.engine.start_rpm, 0.03 * sim.model().spec.engine.start_rpm);
}

// With the clutch locked, engine speed = gear ratio x final drive x wheel speed, exactly.
TEST(Gearbox, LockedDrivelineKeepsExactRatios) {
    InitialConditions ic;
    ic.gear = 2;
    ic.speed_m_per_s = 12.0;
    Simulation sim(test::example_car("roadster"), RoadSpec{}, StepSettings{}, ic);
    Controls c;
    c.gear = 2;
    c.throttle = 0.7;
    test::drive_for(sim, 2.0, [&](const VehicleState&) { return c; });
    const auto& s = sim.state();
    ASSERT_TRUE(s.driveline.clutch_locked);
    const auto& spec = sim.model().spec;
    const double carrier = 0.5 * (s.wheels[RL].spin_rad_per_s + s.wheels[RR].spin_rad_per_s);
    const double expected = carrier * spec.transmission.forward_ratios[1] * overall_final_drive(spec);
    EXPECT_NEAR(s.gearbox_speed_rad_per_s, expected, 1e-6 * expected);
    EXPECT_NEAR(s.engine_speed_rad_per_s, s.gearbox_speed_rad_per_s, 1e-6 * expected);
}

// Wishbone geometry: under braking the front dives, and the front wheels' camber follows the
// linkage (laws/suspension_geometry.hpp) at the travel they reach.
TEST(Suspension, CamberFollowsTheWishboneGeometryWithTravel) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    VehicleSpec spec = load_car(test::vdrift_data() / "cars/XS/XS.car").spec;
    ASSERT_TRUE(spec.wheels[FL].suspension.double_wishbone.has_value());
    // Without toe the wheels' axles stay along the body's y axis, which the dive (a pitch about
    // y) does not tilt: the inclination is then the camber alone, with no pitch-toe coupling.
    spec.wheels[FL].toe_rad = 0.0;
    spec.wheels[FR].toe_rad = 0.0;
    InitialConditions ic;
    ic.speed_m_per_s = 20.0;
    Simulation sim(spec, RoadSpec{}, StepSettings{}, ic);
    Controls c;
    c.brake = 0.4;
    test::drive_for(sim, 0.6, [&](const VehicleState&) { return c; });
    // The step computes the inclination from the travel at its start: take the travels, then
    // one more step.
    const double travel_left = sim.state().wheels[FL].travel_m;
    const double travel_right = sim.state().wheels[FR].travel_m;
    test::drive_for(sim, sim.settings().internal_step_s, [&](const VehicleState&) { return c; });
    const auto& s = sim.state();
    const double travel = 0.5 * (travel_left + travel_right);
    ASSERT_GT(travel, 0.005) << "the front dives under braking";
    const auto& g = *spec.wheels[FL].suspension.double_wishbone;
    const double change_left = double_wishbone_camber_change_rad(g, true, travel_left);
    const double change_right = double_wishbone_camber_change_rad(*spec.wheels[FR].suspension.double_wishbone, false, travel_right);
    EXPECT_LT(change_left, -0.002);  // the XS gains negative camber in bump
    // gamma_left = camber + change_left - roll, gamma_right = -(camber + change_right + roll):
    // their half-difference is free of the body's roll.
    const double expected = spec.wheels[FL].camber_rad + 0.5 * (change_left + change_right);
    EXPECT_NEAR(0.5 * (s.wheel_outputs[FL].inclination_rad - s.wheel_outputs[FR].inclination_rad), expected, 2e-5);
}

// A driven wheel behind a slipping clutch is held by nothing but its tyre: the tyre's force must
// follow the slip smoothly. (With the tyre law taken explicitly at the start-of-step slip, the
// rear tyres' force swung between about 10 and 1,300 N every few steps here.) Roadster in 1st,
// clutch pedal held at 0.69 (slipping), throttle 0.6: over the first 3 s the driven tyres' Fx
// must never jump by more than 5 % of its mean from one step to the next.
TEST(Clutch, DrivenTyreForceIsSmoothWhileTheClutchSlips) {
    InitialConditions ic;
    ic.gear = 1;
    Simulation sim(test::example_car("roadster"), RoadSpec{}, StepSettings{}, ic);
    Controls c;
    c.gear = 1;
    c.throttle = 0.6;
    c.clutch = 0.69;
    std::vector<double> fx;
    test::drive_for(sim, 3.0, [&](const VehicleState&) { return c; }, [&](const VehicleState& s) {
        EXPECT_FALSE(s.driveline.clutch_locked);
        fx.push_back(s.wheel_outputs[RL].fx_n);
        return true;
    });
    double mean = 0.0;
    for (double f : fx) mean += f / static_cast<double>(fx.size());
    ASSERT_GT(mean, 300.0);  // it does drive
    double largest_jump = 0.0;
    for (std::size_t k = 20; k < fx.size(); ++k) largest_jump = std::max(largest_jump, std::abs(fx[k] - fx[k - 1]));
    EXPECT_LT(largest_jump, 0.05 * mean);
    RecordProperty("largest_step_to_step_change_n", std::to_string(largest_jump));
}

// VDrift's speed-sensitive limited slip (DifferentialType::Viscous): the torque between the
// outputs is c (w_left - w_right), capped at VDrift anti-slip (VDrift's CarDifferential). The roadster
// launched in first with its left wheels on ice and its right on asphalt: the left rear wheel spins
// up, and the coupling moves torque to the right one. From each rear wheel's torque
// balance, T_i = F_x,i r + I dw_i/dt, the torque the coupling moves, (T_R - T_L) / 2, is its law's
// c (w_L - w_R), or the cap where that is larger.
TEST(Differential, AViscousLimitedSlipMovesTorqueByTheOutputsSpeedDifference) {
    struct Case {
        double c, ice_mu, throttle;
    };
    // Past the cap (the ice wheel spinning away) and below it (a small difference in grip).
    for (const Case k : {Case{30.0, 0.1, 0.6}, Case{200.0, 0.1, 0.6}, Case{400.0, 0.85, 0.5}}) {
        const double c = k.c;
        VehicleSpec spec = test::example_car("roadster");
        spec.driveline.rear->type = DifferentialType::Viscous;
        spec.driveline.rear->viscous_coefficient_nm_s_per_rad = c;  // as VDrift reads one number: coefficient
        spec.driveline.rear->locking_torque_limit_nm = c;  // and cap
        spec.driveline.rear->torque_sensing_ratio = 0.0;
        RoadSpec road;
        road.stretches = {{-100.0, 1000.0, k.ice_mu, 1.0}};  // left ice, right asphalt
        InitialConditions ic;
        ic.gear = 1;
        ic.speed_m_per_s = 3.0;
        Simulation sim(spec, road, StepSettings{}, ic);
        const auto controls = [&](const VehicleState&) {
            Controls in;
            in.gear = 1;
            in.throttle = k.throttle;
            return in;
        };
        test::drive_for(sim, 0.6, controls);
        const VehicleState before = sim.state();
        test::drive_for(sim, StepSettings{}.internal_step_s, controls);
        const VehicleState& s = sim.state();
        const double h = StepSettings{}.internal_step_s;
        const auto wheel_torque = [&](int i) {
            const WheelModel& w = sim.model().wheels[i];
            return s.wheel_outputs[i].fx_n * w.radius_m + w.spin_inertia_kgm2 * (s.wheels[i].spin_rad_per_s - before.wheels[i].spin_rad_per_s) / h;
        };
        const double moved = 0.5 * (wheel_torque(RR) - wheel_torque(RL));
        const double slip = s.wheels[RL].spin_rad_per_s - s.wheels[RR].spin_rad_per_s;
        const double law = std::min(c * slip, c);
        std::printf("viscous c %.0f: left rear %.2f rad/s faster, torque moved %.1f N m, law %.1f N m\n", c, slip, moved, law);
        ASSERT_GT(std::abs(slip), 0.005) << "the rear wheels turn at different speeds";
        EXPECT_NEAR(moved, law, 0.05 * std::abs(law) + 0.5);
    }
}
