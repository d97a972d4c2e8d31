// The control step and the dynamics step allocate nothing: a host (a game's frame, a batch of
// thousands of cars) must not meet the heap allocator in its inner loop. This binary replaces
// the global operator new to count every allocation.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <cstdlib>
#include <new>

#include "support/allocation_counter.hpp"
#include "support/grounds.hpp"
#include "tractive/control/controller.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/host/batch.hpp"
#include "tractive/host/vehicle.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/world/road_ground.hpp"

using namespace tractive;

namespace {

// Full throttle in D from rest with some steering, then braking with ABS and TCS on: the
// automatic's gear choice, the automated clutch's phases, both aids and the step all run.
DriverInput input_at(double t) {
    DriverInput in;
    in.gear_lever = 1;
    in.throttle = t < 25.0 ? 1.0 : 0.0;
    in.brake = t < 25.0 ? 0.0 : 1.0;
    in.steering = 0.1 * std::sin(t);
    return in;
}

}  // namespace

// The counter counts: a call of operator new (not an elidable new-expression) is seen.
TEST(NoAllocation, TheCounterSeesAnAllocation) {
    const long before = test::g_allocations.load();
    void* p = ::operator new(64);
    ::operator delete(p);
    EXPECT_EQ(test::g_allocations.load() - before, 1);
}

TEST(NoAllocation, ControlStepAndStepThroughEveryPhase) {
    for (const char* car : {"roadster.toml", "ucwin_sedan.toml", "sedan_awd.toml"}) {
        const VehicleSpec spec = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / car).spec;
        const VehicleModel model = build_vehicle_model(spec);
        const RoadSpec road;
        const StepSettings settings;
        VehicleState state = initial_state(model, road, {});
        ControlSettings cs;
        cs.mode = ShiftMode::Automatic;
        cs.aids = {true, true};
        ControllerState control = initial_controller_state(model, state, cs);
        int gears_used = 0;
        const long before = test::g_allocations.load();
        while (state.time_s < 30.0) {
            const Controls c = control_step(model, state, input_at(state.time_s), cs, settings.internal_step_s, control);
            step_fixed(model, road, c, settings, state);
            gears_used = std::max(gears_used, state.gear);
        }
        EXPECT_EQ(test::g_allocations.load() - before, 0) << car;
        EXPECT_GE(gears_used, 3) << car << ": the drive went through the automatic's upshifts";
    }
}

// The same on the other grounds a host uses: a road with friction stretches through the RoadSpec
// overload (no copy of its stretches per step), a triangle mesh, and tractive::Vehicle's update.
TEST(NoAllocation, OnEveryGroundAndThroughTheHostApi) {
    const VehicleSpec spec = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    const VehicleModel model = build_vehicle_model(spec);
    RoadSpec patchy;
    patchy.stretches = {{10.0, 30.0, 0.5, 0.5}, {50.0, 80.0, 1.0, 0.3}};
    const MeshGround mesh(test::plane_grid(-20.0, 400.0, -60.0, 60.0, 1.0));
    const StepSettings settings;
    ControlSettings cs;
    cs.mode = ShiftMode::Automatic;
    cs.aids = {true, true};
    for (const bool on_mesh : {false, true}) {
        VehicleState state = on_mesh ? initial_state(model, mesh, {}) : initial_state(model, patchy, {});
        ControllerState control = initial_controller_state(model, state, cs);
        const long before = test::g_allocations.load();
        while (state.time_s < 20.0) {
            const Controls c = control_step(model, state, input_at(state.time_s), cs, settings.internal_step_s, control);
            if (on_mesh) {
                step_fixed(model, mesh, c, settings, state);
            } else {
                step_fixed(model, patchy, c, settings, state);
            }
        }
        EXPECT_EQ(test::g_allocations.load() - before, 0) << (on_mesh ? "mesh" : "road with stretches");
        EXPECT_GT(state.position_m.x, 100.0);
    }
    Vehicle car(spec, std::make_shared<RoadGround>(patchy), VehicleOptions{settings, cs, {}});
    const long before = test::g_allocations.load();
    for (int frame = 0; frame < 600; ++frame) {
        car.add_force({0.0, 100.0, 0.0}, car.state().position_m);
        car.update(1.0 / 60.0, input_at(car.state().time_s));
        (void)car.body_pose(true);
        (void)car.wheel_pose(2, true);
    }
    EXPECT_EQ(test::g_allocations.load() - before, 0) << "Vehicle::update";
}

// A batch stepped on one thread and on three (the threads started with the batch, reused by
// every step): no allocation in 300 steps of 12 cars, episodes ending and starting again included
// (a short horizon). Before the threads were kept, every multi-threaded step created them (about
// six allocations a step).
TEST(NoAllocation, ABatchStepOnOneThreadOrSeveral) {
    const VehicleSpec spec = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    for (const int threads : {1, 3}) {
        BatchOptions o;
        o.threads = threads;
        o.task.horizon_s = 2.0;
        VehicleBatch batch(spec, 12, nullptr, o);
        std::vector<double> obs(12 * kBatchObservationCount), final_obs(obs.size()), rewards(12);
        std::vector<std::uint8_t> terminated(12), truncated(12);
        std::vector<double> actions(12 * kBatchActionCount, 0.0);
        for (int i = 0; i < 12; ++i) {
            actions[static_cast<std::size_t>(i * kBatchActionCount + kActionThrottle)] = 0.4;
            actions[static_cast<std::size_t>(i * kBatchActionCount + kActionGear)] = 1.0;
        }
        batch.reset(7, obs.data());
        int episodes_ended = 0;
        const long before = test::g_allocations.load();
        for (int step = 0; step < 300; ++step) {
            batch.step(actions.data(), obs.data(), rewards.data(), terminated.data(), truncated.data(), final_obs.data());
            episodes_ended += truncated[0];
        }
        EXPECT_EQ(test::g_allocations.load() - before, 0) << threads << " threads";
        EXPECT_GE(episodes_ended, 2) << "the horizon ended car 0's episodes";
    }
}
