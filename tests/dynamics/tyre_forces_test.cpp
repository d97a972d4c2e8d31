// The step's tyre phase alone (src/dynamics/tyre_forces.hpp), after the contact phase: the
// wheel's heading from the steering law, the slip from the contact's velocity, and the tyre law's
// force at it.
#include "dynamics/tyre_forces.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "dynamics/wheel_contact.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/steering.hpp"
#include "tractive/laws/tyre.hpp"
#include "tractive/world/road_ground.hpp"

using namespace tractive;

namespace {

struct Wheel {
    detail::WheelFrame frame{};
    WheelOutputs outputs;
    std::optional<Vec3> aligning;
};

class Rolling {
public:
    explicit Rolling(double speed_m_per_s)
        : model_(build_vehicle_model(load_car(std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml").spec)), road_(RoadSpec{}) {
        InitialConditions ic;
        ic.speed_m_per_s = speed_m_per_s;
        ic.gear = 3;
        state = initial_state(model_, road_, ic);
    }
    [[nodiscard]] const VehicleModel& model() const { return model_; }
    // Both phases at this state and steering input (the tyre phase takes the four wheels
    // together); wheel i's results.
    [[nodiscard]] Wheel at(int i, double steering) const {
        const Mat3 rot = to_matrix(state.orientation);
        const Vec3 body_z{rot.m[0][2], rot.m[1][2], rot.m[2][2]};
        detail::WheelFrames frames;
        const detail::Vec3Lanes mounts = detail::vec3_lanes_from([&](int j) { return rot * model_.wheels[j].design_position_m; });
        const std::array<double, 2> no_roll{};
        detail::wheel_contacts_and_loads({model_, road_, rot, body_z, mounts, no_roll, 0.008}, state, frames);
        std::array<WheelOutputs, 4> outputs = state.wheel_outputs;
        const detail::AligningMoments aligning = detail::tyre_forces({model_, rot, steering, 0.008}, state, frames, outputs);
        return {detail::wheel_frame(frames, i), outputs[i], aligning.wheel(i)};
    }
    VehicleState state;

private:
    VehicleModel model_;
    RoadGround road_;
};

}  // namespace

// Rolling straight at 20 m/s with the wheels at the road's speed: no slip, the law's force small,
// the contact in touch and its aligning moment given.
TEST(TyreForcesPhase, RollingFreelyThereIsNoSlip) {
    const Rolling car(20.0);
    for (int i = 0; i < 4; ++i) {
        SCOPED_TRACE(i);
        const Wheel w = car.at(i, 0.0);
        EXPECT_TRUE(w.outputs.in_contact);
        EXPECT_TRUE(w.aligning.has_value());
        EXPECT_NEAR(w.outputs.slip_ratio, 0.0, 1e-3);
        EXPECT_LT(std::abs(w.outputs.slip_angle_rad), 0.01);  // the static toe's
        EXPECT_NEAR(w.frame.rolling_speed, 20.0, 0.05);
        EXPECT_EQ(w.frame.fz, w.outputs.fz_n);
    }
}

// The slip ratio is (omega r - v_x) / max(|v_x|, 1 m/s) of the contact's velocity along the heading.
TEST(TyreForcesPhase, SlipRatioFromTheWheelsSpin) {
    Rolling car(20.0);
    car.state.wheels[RL].spin_rad_per_s *= 1.1;
    const Wheel w = car.at(RL, 0.0);
    const double r = car.model().wheels[RL].radius_m;
    const double vx = w.frame.rolling_speed;
    EXPECT_NEAR(w.outputs.slip_ratio, (car.state.wheels[RL].spin_rad_per_s * r - vx) / vx, 1e-12);
    EXPECT_GT(w.frame.law.fx_n, 0.0);  // driving slip, driving force
}

// Steered half way: the front wheel's heading in the road's plane turns by the steering law's
// angle plus its static toe (about the caster axis, which keeps the plane angle).
TEST(TyreForcesPhase, TheHeadingFollowsTheSteeringLaw) {
    const Rolling car(10.0);
    const WheelModel& wm = car.model().wheels[FL];
    const WheelSpec& ws = car.model().spec.wheels[FL];
    const Wheel w = car.at(FL, 0.5);
    const double delta = wheel_steer(ws.max_steer_rad, wm.tan_ackermann, wm.left, 0.5).angle_rad;
    EXPECT_GT(delta, 0.1);
    EXPECT_NEAR(w.outputs.steer_rad, delta + wm.toe_heading_rad, 1e-15);
    // The car's yaw is 0: the heading's angle is the steer (to the caster's and pitch's small
    // effect on the plane projection).
    EXPECT_NEAR(std::atan2(w.frame.forward.y, w.frame.forward.x), delta + wm.toe_heading_rad, 2e-3);
    // The car still goes straight: the road moves to the wheel's right, and the tyre pushes the car
    // to the left, into the turn.
    EXPECT_LT(w.outputs.slip_angle_rad, 0.0);
    EXPECT_GT(w.frame.law.fy_n, 0.0);
}

// Lifted off the road: no contact, no force, nothing on the body.
TEST(TyreForcesPhase, OffTheGroundNoForce) {
    Rolling car(10.0);
    car.state.position_m.z += 1.0;
    const Wheel w = car.at(FR, 0.0);
    EXPECT_EQ(w.frame.fz, 0.0);
    EXPECT_FALSE(w.outputs.in_contact);
    EXPECT_FALSE(w.aligning.has_value());
}
