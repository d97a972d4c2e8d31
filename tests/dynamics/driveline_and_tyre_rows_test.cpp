// The step's rows, alone (src/dynamics/driveline_and_tyre_rows.hpp): which shaft rows and tyre
// pairs a state asks for, their bounds (torque or force times h), their coefficients, and the
// frictions strong enough to be applied without a row.
#include "dynamics/driveline_and_tyre_rows.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "dynamics/row_slots.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/clutch.hpp"
#include "tractive/laws/gearbox.hpp"

using namespace tractive;

namespace {

const VehicleModel& roadster() {
    static const VehicleModel model = build_vehicle_model(load_car(std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml").spec);
    return model;
}

detail::Bodies bodies_at_rest() {
    detail::Bodies b;
    b.inv_i = {1.0 / 0.2, 1.0 / 0.05, 1.0, 1.0, 1.0, 1.0};
    return b;
}

const detail::ShaftRow* shaft_in_slot(const detail::RowSet& rows, int slot) {
    for (int k = 0; k < rows.shaft_count; ++k) {
        if (rows.shafts[k].slot == slot) return &rows.shafts[k];
    }
    return nullptr;
}

}  // namespace

// In neutral, at rest, no pedal: the engine's friction and the clutch are rows bounded by their
// torques times h, and the rear differential's preloaded clutch pack (300 N m in the roadster's
// file) a row across the rear wheels; no gear, loss or brake row; a tyre pair for each loaded wheel
// only, bounded by the frame's force bounds times h, the longitudinal row turning the wheel by
// minus its radius.
TEST(DrivelineAndTyreRowsPhase, NeutralAtRestGivesTheEngineClutchAndLoadedTyres) {
    const VehicleModel& m = roadster();
    const double h = 0.008;
    Controls c{};
    EngineTorque engine{};
    engine.resistive_nm = 20.0;
    std::array<detail::WheelFrame, 4> frames{};
    for (int i : {0, 1, 3}) {  // the rear left wheel is off the ground
        frames[i].fz = 3000.0;
        frames[i].bound_x = 3300.0;
        frames[i].bound_y = 3100.0;
        frames[i].forward = {1, 0, 0};
        frames[i].lateral = {0, 1, 0};
    }
    const Vec3 up{0, 0, 1};
    VehicleState s;
    detail::Bodies b = bodies_at_rest();
    detail::RowSet rows;
    rows.clear();
    const detail::DrivelineAndTyreRows out = detail::driveline_and_tyre_rows({m, c, up, 0.0, 1.0, engine, detail::frames_of(frames), h}, s, b, rows);

    const double capacity = clutch_torque_capacity_nm(m.spec.clutch, 1.0, 0.0);
    EXPECT_EQ(out.clutch_capacity_nm, capacity);
    ASSERT_EQ(rows.shaft_count, 3);
    const detail::ShaftRow* friction = shaft_in_slot(rows, detail::kSlotEngineFriction);
    ASSERT_NE(friction, nullptr);
    EXPECT_DOUBLE_EQ(friction->hi, 20.0 * h);
    EXPECT_DOUBLE_EQ(friction->lo, -20.0 * h);
    const detail::ShaftRow* clutch = shaft_in_slot(rows, detail::kSlotClutch);
    ASSERT_NE(clutch, nullptr);
    EXPECT_DOUBLE_EQ(clutch->hi, capacity * h);
    EXPECT_EQ(clutch->coeff[0], 1.0);
    EXPECT_EQ(clutch->coeff[1], -1.0);
    EXPECT_EQ(shaft_in_slot(rows, detail::kSlotGear), nullptr);
    EXPECT_EQ(rows.block.first, -1);
    int lock_rows = 0;
    for (int k = 0; k < 3; ++k) {
        const detail::ShaftRow* lock = shaft_in_slot(rows, detail::kSlotLock + k);
        if (lock == nullptr) continue;
        ++lock_rows;
        EXPECT_DOUBLE_EQ(lock->hi, 300.0 * h);
        ASSERT_EQ(lock->dof_count, 2);
        EXPECT_EQ(lock->dof[0], detail::kWheel0 + 2);
        EXPECT_EQ(lock->coeff[0], -lock->coeff[1]);
    }
    EXPECT_EQ(lock_rows, 1);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(shaft_in_slot(rows, detail::kSlotBrake + i), nullptr);

    ASSERT_EQ(rows.tyres.count, 3);
    for (int k = 0; k < rows.tyres.count; ++k) {
        const int i = rows.tyres.wheel[k];
        EXPECT_EQ(i, k < 2 ? k : 3);  // the wheels on the ground, in order
        EXPECT_DOUBLE_EQ(rows.tyres.x.hi[i], 3300.0 * h);
        EXPECT_DOUBLE_EQ(rows.tyres.y.lo[i], -3100.0 * h);
        EXPECT_EQ(rows.tyres.x.coeff[i], -m.wheels[i].radius_m);
        EXPECT_EQ(rows.tyres.y.coeff[i], 0.0);
    }
    for (double impulse : out.direct_impulses) EXPECT_EQ(impulse, 0.0);
}

// In gear: the gear row ties the gearbox input to the driven wheels by -ratio times each wheel's
// drive share and is solved as one block with the clutch; a foot brake at half travel bounds each
// wheel's brake row by half its brake torque (plus its rolling resistance) times h.
TEST(DrivelineAndTyreRowsPhase, InGearTheGearRowJoinsTheClutchAndTheBrakesHoldTheWheels) {
    const VehicleModel& m = roadster();
    const double h = 0.008;
    Controls c{};
    c.brake = 0.5;
    const EngineTorque engine{};
    std::array<detail::WheelFrame, 4> frames{};
    frames[1].rolling_torque = 12.0;
    const double ratio = gearbox_ratio(m.spec.transmission, 1);
    VehicleState s;
    detail::Bodies b = bodies_at_rest();
    detail::RowSet rows;
    rows.clear();
    detail::driveline_and_tyre_rows({m, c, Vec3{0, 0, 1}, ratio, 1.0, engine, detail::frames_of(frames), h}, s, b, rows);

    const detail::ShaftRow* gear = shaft_in_slot(rows, detail::kSlotGear);
    ASSERT_NE(gear, nullptr);
    EXPECT_EQ(gear->dof[0], detail::kGearbox);
    int driven = 0;
    for (int k = 1; k < gear->dof_count; ++k) {
        const int wheel = gear->dof[k] - detail::kWheel0;
        EXPECT_EQ(gear->coeff[k], -ratio * m.wheels[wheel].drive_coefficient);
        ++driven;
    }
    EXPECT_EQ(driven, 2);  // the roadster drives its rear wheels
    EXPECT_TRUE(std::isinf(gear->hi));
    ASSERT_GE(rows.block.first, 0);
    EXPECT_EQ(rows.shafts[rows.block.first].slot, detail::kSlotClutch);
    EXPECT_EQ(rows.shafts[rows.block.first + 1].slot, detail::kSlotGear);
    for (int i = 0; i < 4; ++i) {
        const detail::ShaftRow* brake = shaft_in_slot(rows, detail::kSlotBrake + i);
        ASSERT_NE(brake, nullptr) << "wheel " << i;
        const double limit = 0.5 * m.wheels[i].max_brake_torque_nm + (i == 1 ? 12.0 : 0.0);
        EXPECT_DOUBLE_EQ(brake->hi, limit * h) << "wheel " << i;
    }
    EXPECT_EQ(rows.tyres.count, 0);  // no wheel touches the ground
}

// A shaft spinning fast enough that its friction cannot stop it within the step: no row, the
// friction's impulse applied to the speed directly and returned in its slot; a slow one gets a row.
TEST(DrivelineAndTyreRowsPhase, AFrictionThatCannotStopTheShaftIsAppliedWithoutARow) {
    const VehicleModel& m = roadster();
    const double h = 0.008;
    const Controls c{};
    EngineTorque engine{};
    engine.resistive_nm = 25.0;
    const std::array<detail::WheelFrame, 4> frames{};
    VehicleState s;
    detail::Bodies b = bodies_at_rest();
    b.w[detail::kEngine] = 300.0;
    detail::RowSet rows;
    rows.clear();
    const detail::DrivelineAndTyreRows out = detail::driveline_and_tyre_rows({m, c, Vec3{0, 0, 1}, 0.0, 0.0, engine, detail::frames_of(frames), h}, s, b, rows);
    EXPECT_EQ(shaft_in_slot(rows, detail::kSlotEngineFriction), nullptr);
    EXPECT_DOUBLE_EQ(out.direct_impulses[detail::kSlotEngineFriction], -25.0 * h);
    EXPECT_DOUBLE_EQ(b.w[detail::kEngine], 300.0 - 25.0 * h / 0.2);

    // Just under the threshold 2 T h / I (= 2 rad/s here) the friction is a row, the speed untouched.
    detail::Bodies slow = bodies_at_rest();
    slow.w[detail::kEngine] = 1.9;
    rows.clear();
    const detail::DrivelineAndTyreRows held = detail::driveline_and_tyre_rows({m, c, Vec3{0, 0, 1}, 0.0, 0.0, engine, detail::frames_of(frames), h}, s, slow, rows);
    EXPECT_NE(shaft_in_slot(rows, detail::kSlotEngineFriction), nullptr);
    EXPECT_EQ(held.direct_impulses[detail::kSlotEngineFriction], 0.0);
    EXPECT_EQ(slow.w[detail::kEngine], 1.9);
}
