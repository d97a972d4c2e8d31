// What the step's solve gives, alone (src/dynamics/solve_outputs.hpp): the rows' impulses as the
// next warm start, the tyre forces and the driveline's torques as impulse over h.
#include "dynamics/solve_outputs.hpp"

#include <gtest/gtest.h>

#include <string>

#include "dynamics/row_slots.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"

using namespace tractive;

// A clutch row holding 120 N m short of its 200 N m bound (locked), a gear row, a tyre pair on
// the rear left wheel, a friction applied without a row: each impulse kept in its slot, the forces
// and torques are impulse / h (the rows act +1 on the engine and the gearbox input, so what they
// pass on is minus that), a wheel off the ground has no force and its tread relaxes.
TEST(SolveOutputsPhase, ImpulsesBecomeWarmStartsForcesAndTorques) {
    const VehicleModel model = build_vehicle_model(load_car(std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml").spec);
    const double h = 0.008;
    detail::Bodies bodies;
    bodies.w[detail::kEngine] = 300.0;
    bodies.w[detail::kGearbox] = 290.0;
    std::array<detail::WheelFrame, 4> frames{};
    for (int i : {0, 1, 2}) frames[i].fz = 3000.0;  // the rear right wheel is off the ground
    frames[2].law.mz_nm = 40.0;
    EngineTorque engine{};
    engine.drive_nm = 150.0;
    std::array<double, kMaxRows> direct{};
    direct[detail::kSlotEngineFriction] = 0.05;

    detail::RowSet rows;
    rows.clear();
    detail::ShaftRow& clutch = rows.add_shaft(detail::kSlotClutch);
    clutch.lambda = -120.0 * h;
    detail::ShaftRow& gear = rows.add_shaft(detail::kSlotGear);
    gear.lambda = -400.0 * h;
    rows.add_pair(2);
    rows.tyres.x.lambda[2] = 2500.0 * h;
    rows.tyres.y.lambda[2] = -1800.0 * h;
    rows.tyres.x.spring_gamma[2] = rows.tyres.y.spring_gamma[2] = 0.0;  // sliding: no tread deflection kept

    VehicleState s;
    s.wheels[3].tread_deflection_x_m = 0.01;
    detail::solve_outputs({model, bodies, detail::frames_of(frames), engine, 0.7, 200.0, direct, h}, rows, s);

    EXPECT_EQ(s.warm_impulses[detail::kSlotEngineFriction], 0.05);
    EXPECT_EQ(s.warm_impulses[detail::kSlotClutch], -120.0 * h);
    EXPECT_EQ(s.warm_impulses[detail::kSlotsTyreX[2]], 2500.0 * h);
    EXPECT_NEAR(s.wheel_outputs[2].fx_n, 2500.0, 1e-9);
    EXPECT_NEAR(s.wheel_outputs[2].fy_n, -1800.0, 1e-9);
    EXPECT_NEAR(s.wheel_outputs[2].steering_axis_torque_nm, 40.0 + model.wheels[2].mechanical_trail_m * 1800.0, 1e-9);
    EXPECT_EQ(s.wheel_outputs[3].fx_n, 0.0);
    EXPECT_EQ(s.wheels[3].tread_deflection_x_m, 0.0);
    EXPECT_NEAR(s.last_gearbox_torque_nm, 400.0, 1e-9);
    EXPECT_NEAR(s.driveline.clutch_torque_nm, 120.0, 1e-9);
    EXPECT_TRUE(s.driveline.clutch_locked);
    EXPECT_EQ(s.driveline.clutch_slip_rad_per_s, 10.0);
    EXPECT_EQ(s.driveline.engine_drive_torque_nm, 150.0);
    EXPECT_EQ(s.driveline.throttle_effective, 0.7);

    // At its bound the clutch slips.
    rows.shafts[0].lambda = -200.0 * h;
    detail::solve_outputs({model, bodies, detail::frames_of(frames), engine, 0.7, 200.0, direct, h}, rows, s);
    EXPECT_FALSE(s.driveline.clutch_locked);
}
