// The host API: a car stepped per frame through the control layer, drawn, pushed, reset, saved.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "support/test_paths.hpp"
#include "tractive/host/vehicle.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/world/road_ground.hpp"

using namespace tractive;

namespace {

VehicleSpec roadster() { return load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec; }

DriverInput drive_off(double t) {
    DriverInput in;
    in.gear_lever = 1;  // D in the automatic, first in the manual
    in.throttle = t < 4.0 ? 0.6 : 0.2;
    in.steering = t > 2.0 ? 0.1 : 0.0;
    return in;
}

VehicleOptions automatic() {
    VehicleOptions o;
    o.control = ControlSettings{ShiftMode::Automatic, {}};
    return o;
}

}  // namespace

// However the frames cut the time, the internal steps and their inputs are the same: after the
// same simulated time the state is bit for bit the same at 30, 60 and 250 frames a second.
TEST(HostVehicle, ResultsDoNotDependOnTheFrameRate) {
    auto ground = std::make_shared<RoadGround>(RoadSpec{});
    const auto run = [&](double frame_s, int frames) {
        Vehicle car(roadster(), ground, automatic());
        for (int k = 0; k < frames; ++k) car.update(frame_s, drive_off(car.state().time_s));
        return car.state();
    };
    // 6 s: 750 internal steps of 8 ms. (The input is read at each internal step's time, so the
    // frames only decide when the host sees the car.)
    const VehicleState a = run(0.032, 187), b = run(0.004, 1500), c = run(0.016, 375);
    ASSERT_NEAR(a.time_s, 5.984, 1e-9);
    ASSERT_EQ(b.time_s, c.time_s);
    EXPECT_EQ(b.position_m, c.position_m);
    EXPECT_EQ(b.velocity_m_per_s, c.velocity_m_per_s);
    EXPECT_GT(norm(c.velocity_m_per_s), 10.0) << "drove off in the automatic";
}

// Drawn between internal steps: at a frame between two steps the pose lies between theirs, at the
// share of the step the frame has reached.
TEST(HostVehicle, InterpolatesThePoseToTheFrameTime) {
    Vehicle car(roadster(), std::make_shared<RoadGround>(RoadSpec{}), automatic());
    for (int k = 0; k < 300; ++k) car.update(1.0 / 60.0, drive_off(car.state().time_s));
    const double h = car.step_settings().internal_step_s;
    const double share = car.state().pending_time_s / h;
    ASSERT_GT(norm(car.state().velocity_m_per_s), 5.0);
    const Pose now = car.body_pose(), drawn = car.body_pose(true);
    const Vec3 step = car.state().velocity_m_per_s * h;  // about the last step's travel
    EXPECT_NEAR(norm(now.position_m - drawn.position_m), (1.0 - share) * norm(step), 0.02 * norm(step) + 1e-9);
    // The wheels: at their hubs, their y axis the step's axle, on the ground below.
    for (int i = 0; i < 4; ++i) {
        const WheelPose w = car.wheel_pose(i);
        const Mat3 r = to_matrix(w.pose.orientation);
        const Vec3 y{r.m[0][1], r.m[1][1], r.m[2][1]};
        EXPECT_NEAR(dot(y, car.state().wheel_outputs[i].axle), 1.0, 1e-9);
        EXPECT_TRUE(w.in_contact);
        EXPECT_NEAR(w.pose.position_m.z - w.contact_point_m.z, car.model().wheels[i].radius_m, 0.03);
    }
}

// A host's push sideways at the body's origin for 0.5 s: 3 kN, under the tyres' grip (about
// 11 kN on this 1.1 t car), leans the car on its springs and tyres and no more; 20 kN slides it.
// An impulse of m x 1 m/s through the origin changes its velocity by about 1 m/s in the step it
// lands in.
TEST(HostVehicle, ForcesAndImpulsesFromTheHost) {
    const auto pushed = [](double force_n) {
        Vehicle car(roadster(), std::make_shared<RoadGround>(RoadSpec{}));
        DriverInput parked;
        car.update(1.0, parked);
        const Vec3 start = car.state().position_m;
        for (int k = 0; k < 30; ++k) {
            car.add_force({0.0, force_n, 0.0}, car.state().position_m);
            car.update(1.0 / 60.0, parked);
        }
        return car.state().position_m.y - start.y;
    };
    const double held = pushed(3000.0), slid = pushed(20000.0);
    std::printf("pushed sideways 0.5 s: %.4f m at 3 kN, %.3f m at 20 kN\n", held, slid);
    EXPECT_GT(held, 0.0);
    EXPECT_LT(held, 0.03) << "held by the tyres";
    EXPECT_GT(slid, 0.5) << "slid to the left";
    DriverInput parked;
    Vehicle free_car(roadster(), std::make_shared<RoadGround>(RoadSpec{}));
    free_car.update(1.0, parked);
    const double mass = current_mass_kg(free_car.model(), free_car.state());
    const Vec3 before = free_car.state().velocity_m_per_s;
    free_car.add_impulse({mass * 1.0, 0.0, 0.0}, free_car.state().position_m);
    free_car.update(free_car.step_settings().internal_step_s, parked);
    EXPECT_NEAR(free_car.state().velocity_m_per_s.x - before.x, 1.0, 0.1) << "less what the tyres take in that step";
}

// An impulse lands in the next internal step, even after an update too short to hold one.
TEST(HostVehicle, AnImpulseWaitsForTheNextInternalStep) {
    DriverInput parked;
    Vehicle car(roadster(), std::make_shared<RoadGround>(RoadSpec{}));
    car.update(1.0, parked);
    const double mass = current_mass_kg(car.model(), car.state());
    const double h = car.step_settings().internal_step_s;
    const Vec3 before = car.state().velocity_m_per_s;
    car.add_impulse({mass * 1.0, 0.0, 0.0}, car.state().position_m);
    EXPECT_EQ(car.update(0.25 * h, parked).internal_steps, 0);
    EXPECT_EQ(car.state().velocity_m_per_s, before);
    EXPECT_EQ(car.update(h, parked).internal_steps, 1);
    EXPECT_NEAR(car.state().velocity_m_per_s.x - before.x, 1.0, 0.1) << "less what the tyres take in that step";
}

// An impulse no car can take, though finite (1e12 N s gives a 1.1 t car 1e9 m/s), fails the
// update: the car is kept where it was, as for one that makes the state infinite, and the next
// update drives on from there. Before the bound, the car flew off at 1e9 m/s, finite, and the
// "last good state" of every later update was absurd.
TEST(HostVehicle, AFiniteButImpossibleImpulseFailsTheUpdate) {
    DriverInput parked;
    Vehicle car(roadster(), std::make_shared<RoadGround>(RoadSpec{}));
    car.update(1.0, parked);
    const VehicleState before = car.state();
    car.add_impulse({1e12, 0.0, 0.0}, car.state().position_m);
    const UpdateResult failed = car.update(1.0 / 60.0, parked);
    EXPECT_TRUE(failed.step_failed);
    EXPECT_EQ(car.state().position_m, before.position_m);
    EXPECT_EQ(car.state().velocity_m_per_s, before.velocity_m_per_s);
    // None of the frame's steps stands (the first failed): none counted, their time dropped, and
    // what was wrong kept. Before, all were counted and nothing was dropped.
    EXPECT_EQ(failed.internal_steps, 0);
    EXPECT_EQ(car.state().time_s, before.time_s);
    EXPECT_GE(failed.dropped_time_s, 2 * car.step_settings().internal_step_s - 1e-12);
    EXPECT_EQ(car.last_failure().rfind("the body's speed is ", 0), 0u) << car.last_failure();
    EXPECT_NE(car.last_failure().find("beyond the 1000 m/s no car reaches"), std::string::npos) << car.last_failure();
    const UpdateResult next = car.update(1.0, parked);
    EXPECT_FALSE(next.step_failed) << "the impulse was spent on the failed step";
    EXPECT_EQ(next.dropped_time_s, 0.0);
    EXPECT_LT(norm(car.state().velocity_m_per_s), 0.01) << "parked again";
    // The bounds: a body at 1,000 m/s or turning at 1,000 rad/s, a shaft or wheel at 10,000
    // rad/s, is no car's; just under each is taken.
    VehicleState s = before;
    EXPECT_TRUE(state_is_plausible(s));
    EXPECT_EQ(state_implausibility(s), "");
    s.velocity_m_per_s = {999.0, 0.0, 0.0};
    EXPECT_TRUE(state_is_plausible(s));
    s.velocity_m_per_s = {800.0, 0.0, 800.0};
    EXPECT_FALSE(state_is_plausible(s));
    EXPECT_EQ(state_implausibility(s), "the body's speed is 1131.4 m/s, beyond the 1000 m/s no car reaches");
    s = before;
    s.angular_velocity_rad_per_s = {0.0, 0.0, -1001.0};
    EXPECT_FALSE(state_is_plausible(s));
    s = before;
    s.wheels[3].spin_rad_per_s = -1.01e4;
    EXPECT_FALSE(state_is_plausible(s));
    EXPECT_EQ(state_implausibility(s), "wheel rr's spin is 10100 rad/s, beyond the 10000 rad/s no car reaches");
    s = before;
    s.engine_speed_rad_per_s = 9999.0;
    EXPECT_TRUE(state_is_plausible(s));
    s.gearbox_speed_rad_per_s = std::nan("");
    EXPECT_FALSE(state_is_plausible(s));
    EXPECT_EQ(state_implausibility(s), "the state is not finite");
}

// Step settings that cannot step a car are refused when it is made (a step of 0 or NaN stepped
// nothing and gave NaN interpolated poses).
TEST(HostVehicle, StepSettingsThatCannotStepACarAreRefused) {
    const auto with = [](auto change) {
        VehicleOptions o;
        change(o.step);
        return o;
    };
    const auto ground = std::make_shared<RoadGround>(RoadSpec{});
    for (const VehicleOptions& o : {with([](StepSettings& s) { s.internal_step_s = 0.0; }), with([](StepSettings& s) { s.internal_step_s = std::nan(""); }),
                                    with([](StepSettings& s) { s.internal_step_s = 0.5; }), with([](StepSettings& s) { s.solver_iterations = 0; }),
                                    with([](StepSettings& s) { s.max_internal_steps_per_call = 0; })}) {
        EXPECT_THROW(Vehicle(roadster(), ground, o), std::invalid_argument);
    }
    try {
        Vehicle(roadster(), ground, with([](StepSettings& s) { s.internal_step_s = 0.0; }));
    } catch (const std::invalid_argument& e) {
        EXPECT_STREQ(e.what(), "step settings: internal_step_s 0: expected a step in seconds in (0, 0.1]");
    }
    EXPECT_NO_THROW(Vehicle(roadster(), ground, with([](StepSettings& s) { s.internal_step_s = 1.0 / 60.0; })));
}

// A snapshot restored continues exactly as the run it was taken from; a reset puts the car back
// on its wheels at a new pose.
TEST(HostVehicle, SnapshotsAndResets) {
    Vehicle car(roadster(), std::make_shared<RoadGround>(RoadSpec{}), automatic());
    for (int k = 0; k < 120; ++k) car.update(1.0 / 60.0, drive_off(car.state().time_s));
    const Vehicle::Snapshot saved = car.snapshot();
    for (int k = 0; k < 120; ++k) car.update(1.0 / 60.0, drive_off(car.state().time_s));
    const VehicleState first = car.state();
    car.restore(saved);
    for (int k = 0; k < 120; ++k) car.update(1.0 / 60.0, drive_off(car.state().time_s));
    EXPECT_EQ(car.state().position_m, first.position_m);
    EXPECT_EQ(car.state().velocity_m_per_s, first.velocity_m_per_s);
    InitialConditions at;
    at.x_m = 100.0;
    at.y_m = -20.0;
    at.heading_rad = 1.0;
    car.reset(at);
    EXPECT_NEAR(car.state().position_m.x, 100.0, 0.5);
    EXPECT_NEAR(car.state().position_m.y, -20.0, 0.5);
    EXPECT_EQ(norm(car.state().velocity_m_per_s), 0.0);
    InitialConditions nowhere = at;
    nowhere.x_m = std::nan("");
    EXPECT_THROW(car.reset(nowhere), std::invalid_argument);
}

TEST(HostVehicle, BadFrameTimesSimulateNothing) {
    Vehicle car(roadster(), std::make_shared<RoadGround>(RoadSpec{}));
    for (const double dt : {-1.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
        const UpdateResult r = car.update(dt, DriverInput{});
        EXPECT_EQ(r.internal_steps, 0);
        EXPECT_EQ(car.state().time_s, 0.0);
    }
    EXPECT_THROW((void)car.wheel_pose(4), std::out_of_range);
}

// Inputs chosen per internal step by its start time: one long update with drive_off as the input
// function is the same drive, bit for bit, as one internal step per update.
TEST(HostVehicle, InputsPerInternalStep) {
    auto ground = std::make_shared<RoadGround>(RoadSpec{});
    Vehicle stepwise(roadster(), ground, automatic()), whole(roadster(), ground, automatic());
    const double h = stepwise.step_settings().internal_step_s;
    for (int k = 0; k < 500; ++k) stepwise.update(h, drive_off(stepwise.state().time_s));
    DriverInput in;
    const UpdateResult r = whole.update(500 * h, [&](double t) -> const DriverInput& { return in = drive_off(t); });
    EXPECT_EQ(r.internal_steps, 500);
    EXPECT_EQ(whole.state().position_m, stepwise.state().position_m);
    EXPECT_EQ(whole.state().velocity_m_per_s, stepwise.state().velocity_m_per_s);
    EXPECT_GT(norm(whole.state().velocity_m_per_s), 10.0);
}

// The input function may build the input and return it, as a lambda naturally does: it is
// copied, not referred to after the function returns (a const DriverInput& result type once let
// such a lambda hand back a reference to its own temporary, and the update crashed).
TEST(HostVehicle, AnInputBuiltByTheFunctionIsTaken) {
    auto ground = std::make_shared<RoadGround>(RoadSpec{});
    Vehicle stepwise(roadster(), ground, automatic()), whole(roadster(), ground, automatic());
    const double h = stepwise.step_settings().internal_step_s;
    for (int k = 0; k < 300; ++k) stepwise.update(h, drive_off(stepwise.state().time_s));
    const UpdateResult r = whole.update(300 * h, [](double t) { return drive_off(t); });
    EXPECT_EQ(r.internal_steps, 300);
    EXPECT_EQ(whole.state().position_m, stepwise.state().position_m);
    EXPECT_GT(norm(whole.state().velocity_m_per_s), 5.0);
}

// A driver's switch of transmission mode and aids takes effect from the next update, the gear
// that is in kept.
TEST(HostVehicle, ControlSettingsSwitchWhileDriving) {
    auto ground = std::make_shared<RoadGround>(RoadSpec{});
    Vehicle car(roadster(), ground, automatic());
    for (int k = 0; k < 300; ++k) car.update(0.016, drive_off(car.state().time_s));
    const int gear = car.state().gear;
    ASSERT_GE(gear, 1);
    car.set_control_settings(ControlSettings{ShiftMode::Sequential, {true, false}});
    EXPECT_EQ(car.control_settings().mode, ShiftMode::Sequential);
    EXPECT_TRUE(car.control_settings().aids.abs);
    EXPECT_EQ(car.controller().engaged_gear, gear);
    DriverInput hold = drive_off(car.state().time_s);
    hold.throttle = 0.9;  // the automatic would shift up; sequential holds the gear until a paddle
    for (int k = 0; k < 60; ++k) car.update(0.016, hold);
    EXPECT_EQ(car.state().gear, gear);
    hold.shift_up = true;
    for (int k = 0; k < 60; ++k) car.update(0.016, hold);
    EXPECT_EQ(car.state().gear, gear + 1);
}
