// A car on a triangle-mesh ground against the same car on the analytic road (issue 11): parked on
// a 30 % slope, accelerating, braking and cornering on a flat mesh, within 0.5 %.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>

#include "dynamics/dynamics_support.hpp"
#include "support/car_edits.hpp"
#include "support/grounds.hpp"
#include "tractive/world/road_ground.hpp"
#include "tractive/world/heightfield_ground.hpp"
#include "tractive/world/mesh_ground.hpp"

using namespace tractive;

namespace {

struct Outcome {
    Vec3 start;
    Vec3 position;
    Vec3 velocity;
    double yaw_rate = 0.0;
    double fz_fl = 0.0;
};

Outcome drive(const VehicleSpec& spec, std::shared_ptr<const Ground> ground, const InitialConditions& ic, double duration_s,
          const std::function<Controls(const VehicleState&)>& controls) {
    Simulation sim(spec, std::move(ground), StepSettings{}, ic);
    const Vec3 start = sim.state().position_m;
    test::drive_for(sim, duration_s, controls);
    const VehicleState& s = sim.state();
    return {start, s.position_m, s.velocity_m_per_s, s.angular_velocity_rad_per_s.z, s.wheel_outputs[FL].fz_n};
}

}  // namespace

// Parked up, across and down a 30 % slope (brakes and handbrake on, neutral, engine off): on the mesh
// the car settles where it settles on the analytic grade, and creeps as little.
TEST(MeshGroundCar, ParkedOnA30PercentSlopeAsOnTheAnalyticGrade) {
    const VehicleSpec spec = test::example_car("roadster");
    for (const double heading : {0.0, 0.5 * 3.14159265358979, 3.14159265358979}) {
        RoadSpec road;
        road.grade = 0.3;
        auto analytic = std::make_shared<RoadGround>(road);
        auto mesh = std::make_shared<MeshGround>(test::plane_grid(-30.0, 30.0, -30.0, 30.0, 1.0, 0.3));
        InitialConditions ic;
        ic.heading_rad = heading;
        ic.engine_running = false;
        const auto parked = [](const VehicleState&) {
            Controls c;
            c.handbrake = 1.0;
            c.brake = 1.0;
            return c;
        };
        const Outcome a = drive(spec, analytic, ic, 5.0, parked);
        const Outcome m = drive(spec, mesh, ic, 5.0, parked);
        std::printf("heading %.2f: moved %.2e m on the grade, %.2e m on the mesh; %.2e m apart\n", heading, norm(a.position - a.start),
                    norm(m.position - m.start), norm(a.position - m.position));
        EXPECT_LT(norm(a.position - m.position), 1e-6);
        EXPECT_LT(norm(m.velocity), 1e-3) << "at rest";
        EXPECT_NEAR(m.fz_fl, a.fz_fl, 1e-3 * a.fz_fl);
    }
}

// Full throttle from rest, a braking stop and a steady corner on a flat mesh of 1 m cells and on a
// flat heightfield of 1 m samples: the analytic road's figures within 0.5 % (they agree to
// rounding: the contacts do).
TEST(MeshGroundCar, DrivesOnAFlatMeshAsOnTheAnalyticRoad) {
    const VehicleSpec spec = test::example_car("roadster");
    auto analytic = std::make_shared<RoadGround>(RoadSpec{});
    const std::shared_ptr<const Ground> grounds[] = {std::make_shared<MeshGround>(test::plane_grid(-40.0, 120.0, -40.0, 80.0, 1.0)),
                                                     std::make_shared<HeightfieldGround>(test::plane_heightfield(-40.0, -40.0, 161, 121, 1.0))};
    for (const auto& mesh : grounds) {  // ("mesh": the mesh, then the heightfield)
        InitialConditions ic;
        ic.gear = 1;
        const auto launch = [](const VehicleState& s) {
            Controls c;
            c.gear = s.time_s < 2.5 ? 1 : 2;
            c.throttle = 1.0;
            c.clutch = s.time_s < 0.6 ? 1.0 - s.time_s / 0.6 : 0.0;
            return c;
        };
        const Outcome a = drive(spec, analytic, ic, 5.0, launch);
        const Outcome m = drive(spec, mesh, ic, 5.0, launch);
        std::printf("launch: %.4f m/s on the road, %.4f m/s on the mesh\n", norm(a.velocity), norm(m.velocity));
        ASSERT_GT(norm(a.velocity), 15.0);
        EXPECT_NEAR(norm(m.velocity), norm(a.velocity), 0.005 * norm(a.velocity));
        EXPECT_NEAR(m.position.x, a.position.x, 0.005 * a.position.x);

        InitialConditions rolling;
        rolling.gear = 3;
        rolling.speed_m_per_s = 25.0;
        const auto stop = [](const VehicleState&) {
            Controls c;
            c.brake = 0.8;
            return c;
        };
        const Outcome sa = drive(spec, analytic, rolling, 4.0, stop);
        const Outcome sm = drive(spec, mesh, rolling, 4.0, stop);
        std::printf("braking: stopped in %.4f m on the road, %.4f m on the mesh\n", sa.position.x, sm.position.x);
        ASSERT_LT(norm(sa.velocity), 0.5);
        EXPECT_NEAR(sm.position.x, sa.position.x, 0.005 * sa.position.x);

        rolling.speed_m_per_s = 15.0;
        const auto corner = [](const VehicleState& s) {
            Controls c;
            c.gear = 3;
            c.steering = 0.2;
            c.throttle = std::clamp(0.2 + 0.5 * (15.0 - speed_m_per_s(s)), 0.0, 1.0);
            return c;
        };
        const Outcome ca = drive(spec, analytic, rolling, 6.0, corner);
        const Outcome cm = drive(spec, mesh, rolling, 6.0, corner);
        std::printf("cornering: yaw rate %.5f rad/s on the road, %.5f on the mesh\n", ca.yaw_rate, cm.yaw_rate);
        ASSERT_GT(ca.yaw_rate, 0.2);
        EXPECT_NEAR(cm.yaw_rate, ca.yaw_rate, 0.005 * ca.yaw_rate);
    }
}

// A car driven off the mesh's edge falls: its wheels lose the ground and it leaves no NaN.
TEST(MeshGroundCar, DrivingOffTheEdgeLosesTheGround) {
    const VehicleSpec spec = test::example_car("roadster");
    auto mesh = std::make_shared<MeshGround>(test::plane_grid(-10.0, 30.0, -10.0, 10.0, 1.0));
    InitialConditions ic;
    ic.gear = 3;
    ic.speed_m_per_s = 15.0;
    Simulation sim(spec, mesh, StepSettings{}, ic);
    test::drive_for(sim, 3.0, [](const VehicleState&) {
        Controls c;
        c.gear = 3;
        return c;
    });
    const VehicleState& s = sim.state();
    ASSERT_TRUE(std::isfinite(s.position_m.z));
    EXPECT_LT(s.position_m.z, -2.0) << "fell off the edge at x = 30 m";
    for (const auto& w : s.wheel_outputs) EXPECT_EQ(w.fz_n, 0.0);
}

TEST(MeshGroundCar, NoGroundUnderTheStartIsAClearError) {
    auto mesh = std::make_shared<MeshGround>(test::plane_grid(0.0, 10.0, 0.0, 10.0, 1.0));
    InitialConditions ic;
    ic.x_m = -5.0;
    try {
        Simulation sim(test::example_car("roadster"), mesh, StepSettings{}, ic);
        FAIL() << "expected an error";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("no ground under the start position x = -5 m"), std::string::npos) << e.what();
    }
}

namespace {
// An endless flat platform at height z_m moving at a constant velocity (a conveyor, a ferry's
// deck, a lift); the test moves z_m with the platform's vertical speed, as a host updates its
// world between steps.
class MovingPlatform final : public Ground {
public:
    explicit MovingPlatform(Vec3 velocity) : velocity_(velocity) {}
    double z_m = 0.0;
    [[nodiscard]] GroundContact wheel_contact(const WheelProbe& w) const override {
        GroundContact c;
        c.found = true;
        c.hub_height_m = w.hub_m.z - z_m;
        c.point_m = {w.hub_m.x, w.hub_m.y, z_m};
        c.surface_velocity_m_per_s = velocity_;
        return c;
    }
    [[nodiscard]] std::optional<SurfacePoint> surface_at(double, double) const override { return SurfacePoint{z_m, {0.0, 0.0, 1.0}, 1.0}; }

private:
    Vec3 velocity_;
};
}  // namespace

// A parked car (brakes and handbrake on) on a platform that moves at 1 m/s is carried along at
// the platform's speed: its tyres hold it to the surface, not to the world. Released, it rolls
// with the platform too, only its rolling resistance against the surface.
TEST(MeshGroundCar, AParkedCarRidesAMovingPlatform) {
    auto platform = std::make_shared<MovingPlatform>(Vec3{1.0, 0.0, 0.0});
    InitialConditions ic;
    ic.engine_running = false;
    Simulation sim(test::example_car("roadster"), platform, StepSettings{}, ic);
    test::drive_for(sim, 4.0, [](const VehicleState&) {
        Controls c;
        c.brake = 1.0;
        c.handbrake = 1.0;
        return c;
    });
    const VehicleState& s = sim.state();
    std::printf("on a platform at 1 m/s: the parked car moves at %.4f m/s, %.4f m/s across\n", s.velocity_m_per_s.x, s.velocity_m_per_s.y);
    EXPECT_NEAR(s.velocity_m_per_s.x, 1.0, 0.01);
    EXPECT_NEAR(s.velocity_m_per_s.y, 0.0, 0.01);
    for (const auto& w : s.wheels) EXPECT_NEAR(w.spin_rad_per_s, 0.0, 1e-6) << "braked wheels do not turn";
}

// A platform rising at 0.5 m/s (a lift) under a light car on stiff springs, whose suspension the
// step takes implicitly: its springs carry the car's weight as on a platform at rest, the
// implicit correction measuring the mounts' motion relative to the platform, not to the world
// (taken against the world it read the lift's speed as a compression and pushed the car up
// off its springs' rest).
TEST(MeshGroundCar, ALiftCarriesACarOnStiffSpringsAtItsStaticLoads) {
    VehicleSpec spec = test::example_car("roadster");
    test::make_light_and_stiff(spec);
    ASSERT_LT(build_vehicle_model(spec).largest_explicit_chassis_step_s, StepSettings{}.internal_step_s) << "the implicit suspension";
    const auto loads = [&](double lift_speed) {
        auto lift = std::make_shared<MovingPlatform>(Vec3{0.0, 0.0, lift_speed});
        Simulation sim(spec, lift, StepSettings{}, InitialConditions{});
        double sum = 0.0;
        test::drive_for(sim, 3.0, [&](const VehicleState& s) {
            lift->z_m = lift_speed * s.time_s;  // where the lift is at the step's start
            Controls c;
            c.handbrake = 1.0;
            return c;
        });
        for (const auto& w : sim.state().wheel_outputs) sum += w.fz_n;
        return std::pair{sum, sim.state().velocity_m_per_s.z};
    };
    const auto [still, still_vz] = loads(0.0);
    const auto [rising, rising_vz] = loads(0.5);
    std::printf("tyre loads: %.1f N on a still platform, %.1f N on one rising at 0.5 m/s (the car at %.4f m/s)\n", still, rising, rising_vz);
    EXPECT_NEAR(rising_vz, 0.5, 1e-3);
    EXPECT_NEAR(rising, still, 2e-3 * still);
}
