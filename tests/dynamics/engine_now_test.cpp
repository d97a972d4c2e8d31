// The step's engine phase alone (src/dynamics/engine_now.hpp): the rev limiter with its
// hysteresis, the idle governor, a stopped engine.
#include "dynamics/engine_now.hpp"

#include <gtest/gtest.h>

#include <string>

#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/engine_torque.hpp"

using namespace tractive;

namespace {

struct Engine {
    VehicleModel model = build_vehicle_model(load_car(std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml").spec);
    VehicleState state;
    Engine() { state.engine_running = true; }
    detail::EngineNow at(double rpm, double throttle) {
        state.engine_speed_rad_per_s = rpm * kRadPerSecPerRpm;
        return detail::engine_now(model, throttle, state);
    }
};

}  // namespace

// Over the limit the throttle is cut, and stays cut until the engine has fallen 100 rpm below it.
TEST(EngineNowPhase, TheLimiterCutsWithHysteresis) {
    Engine e;
    const double limit = e.model.spec.engine.rpm_limit;
    EXPECT_EQ(e.at(limit - 10.0, 1.0).throttle, 1.0);
    EXPECT_EQ(e.at(limit + 1.0, 1.0).throttle, 0.0);
    EXPECT_TRUE(e.state.rev_limiter_cut);
    EXPECT_EQ(e.at(limit - 50.0, 1.0).throttle, 0.0);  // within the hysteresis: still cut
    EXPECT_EQ(e.at(limit - detail::kLimiterHysteresis_rpm - 1.0, 1.0).throttle, 1.0);
    EXPECT_FALSE(e.state.rev_limiter_cut);
}

// At idle with the pedal up the governor holds some throttle; the driver's, where larger, wins;
// the torque is the engine's law at that throttle.
TEST(EngineNowPhase, TheIdleGovernorAndTheDriver) {
    Engine e;
    const double idle = e.model.spec.engine.start_rpm;
    const detail::EngineNow governed = e.at(idle - 100.0, 0.0);
    EXPECT_GT(governed.throttle, 0.0);
    EXPECT_EQ(e.at(idle - 100.0, 0.8).throttle, 0.8);
    const detail::EngineNow driven = e.at(4000.0, 0.5);
    const EngineTorque law = engine_torque(e.model.spec.engine, 4000.0, 0.5, true);
    EXPECT_EQ(driven.torque.drive_nm, law.drive_nm);
    EXPECT_EQ(driven.rpm, 4000.0);
}

TEST(EngineNowPhase, AStoppedEngineHasNoThrottle) {
    Engine e;
    e.state.engine_running = false;
    EXPECT_EQ(e.at(800.0, 1.0).throttle, 0.0);
}
