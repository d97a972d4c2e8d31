// update_together (host/vehicle.hpp): cars taken four at a time, their internal steps together and
// their solves' sweeps side by side (dynamics/row_lanes.hpp). Each car must come out with the
// bits its own update gives it, whatever the others in its four do. Run on the step's x86-64-v3
// copy and, as its own ctest, on the baseline path (TRACTIVE_X86_64_V3=0).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <vector>

#include "support/test_paths.hpp"
#include "support/seeded_random.hpp"
#include "tractive/host/vehicle.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/world/road_ground.hpp"

using namespace tractive;

namespace {

VehicleSpec example(const char* name) { return load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / name).spec; }

void add(std::vector<std::uint64_t>& bits, double x) { bits.push_back(std::bit_cast<std::uint64_t>(x)); }
void add(std::vector<std::uint64_t>& bits, const Vec3& v) {
    add(bits, v.x);
    add(bits, v.y);
    add(bits, v.z);
}

// Every number of the state, and what the control layer holds and applied, as bits.
std::vector<std::uint64_t> bits_of(const Vehicle& car) {
    std::vector<std::uint64_t> b;
    const VehicleState& s = car.state();
    add(b, s.time_s);
    add(b, s.pending_time_s);
    add(b, s.position_m);
    add(b, s.orientation.w);
    add(b, s.orientation.x);
    add(b, s.orientation.y);
    add(b, s.orientation.z);
    add(b, s.velocity_m_per_s);
    add(b, s.angular_velocity_rad_per_s);
    add(b, s.acceleration_m_per_s2);
    add(b, s.angular_acceleration_rad_per_s2);
    for (const WheelState& w : s.wheels) {
        for (double x : {w.travel_m, w.travel_speed_m_per_s, w.spin_rad_per_s, w.spin_angle_rad, w.tread_deflection_x_m,
                         w.tread_deflection_y_m, w.relaxed_slip_angle_carried_rad, w.relaxed_slip_angle_weight})
            add(b, x);
        b.push_back(w.ground_feature);
    }
    for (double x : {s.engine_speed_rad_per_s, s.gearbox_speed_rad_per_s, s.fuel_volume_m3, s.last_gearbox_torque_nm}) add(b, x);
    b.push_back(static_cast<std::uint64_t>(s.gear + 1) | (s.engine_running ? 1u << 8 : 0u) | (s.rev_limiter_cut ? 1u << 9 : 0u));
    for (double x : s.warm_impulses) add(b, x);
    for (const WheelOutputs& o : s.wheel_outputs) {
        for (double x : {o.slip_ratio, o.slip_angle_rad, o.fx_n, o.fy_n, o.fz_n, o.steer_rad, o.inclination_rad, o.friction_factor,
                         o.steering_axis_torque_nm, o.normal_rotation_rate_rad_per_s})
            add(b, x);
        add(b, o.axle);
        add(b, o.contact_point_m);
        add(b, o.contact_normal);
        b.push_back(o.in_contact ? 1 : 0);
    }
    const DrivelineOutputs& d = s.driveline;
    for (double x : {d.clutch_slip_rad_per_s, d.clutch_torque_nm, d.clutch_capacity_nm, d.engine_drive_torque_nm,
                     d.engine_resistive_torque_nm, d.throttle_effective, d.gearbox_torque_nm})
        add(b, x);
    const Controls& c = car.applied_controls();
    for (double x : {c.throttle, c.brake, c.handbrake, c.clutch, c.steering}) add(b, x);
    b.push_back(static_cast<std::uint64_t>(c.gear + 1));
    return b;
}

// Each car's own input at time t: launches, a brake, steering both ways, a lever that shifts.
DriverInput input_of(std::size_t car, double t) {
    DriverInput in;
    in.gear_lever = 1;
    const double phase = 0.7 * static_cast<double>(car);
    in.throttle = 0.4 + 0.6 * std::abs(std::sin(0.5 * t + phase));
    in.steering = 0.4 * std::sin(0.9 * t + phase);
    if (car % 3 == 2 && t > 3.0 && t < 4.5) {
        in.throttle = 0.0;
        in.brake = 0.9;
    }
    if (car % 4 == 1 && t > 2.5) in.gear_lever = 2;
    return in;
}

struct Fleet {
    std::vector<std::unique_ptr<Vehicle>> together;
    std::vector<std::unique_ptr<Vehicle>> alone;
};

Fleet fleet(const std::vector<std::pair<VehicleSpec, VehicleOptions>>& cars, const std::shared_ptr<const Ground>& ground) {
    Fleet f;
    for (const auto& [spec, options] : cars) {
        f.together.push_back(std::make_unique<Vehicle>(spec, ground, options));
        f.alone.push_back(std::make_unique<Vehicle>(spec, ground, options));
    }
    return f;
}

// Drives both copies of the fleet for `frames` frames of dt, each car with its own input, one
// copy through update_together and the other car by car; the states must agree to the bit after
// every frame. Returns the cars' forward travel, so that a test can see that they drove.
std::vector<double> drive_and_compare(Fleet& f, int frames, double dt, const std::function<void(Fleet&, int)>& before_frame = {}) {
    const std::size_t n = f.together.size();
    std::vector<Vehicle*> cars;
    for (auto& car : f.together) cars.push_back(car.get());
    std::vector<DriverInput> inputs(n);
    std::vector<UpdateResult> results(n);
    for (int frame = 0; frame < frames; ++frame) {
        if (before_frame) before_frame(f, frame);
        for (std::size_t k = 0; k < n; ++k) inputs[k] = input_of(k, f.together[k]->state().time_s);
        update_together(cars, dt, inputs, results);
        for (std::size_t k = 0; k < n; ++k) {
            const UpdateResult alone = f.alone[k]->update(dt, input_of(k, f.alone[k]->state().time_s));
            EXPECT_EQ(results[k].internal_steps, alone.internal_steps) << "car " << k << ", frame " << frame;
            EXPECT_EQ(std::bit_cast<std::uint64_t>(results[k].dropped_time_s), std::bit_cast<std::uint64_t>(alone.dropped_time_s));
            EXPECT_EQ(results[k].step_failed, alone.step_failed) << "car " << k << ", frame " << frame;
            EXPECT_EQ(results[k].gear_change_refused, alone.gear_change_refused) << "car " << k << ", frame " << frame;
            if (bits_of(*f.together[k]) != bits_of(*f.alone[k])) {
                ADD_FAILURE() << "car " << k << " differs from its own update at frame " << frame << ": x " << f.together[k]->state().position_m.x
                              << " against " << f.alone[k]->state().position_m.x;
                return {};
            }
        }
    }
    std::vector<double> travel;
    for (auto& car : f.together) travel.push_back(car->state().position_m.x);
    return travel;
}

VehicleOptions with_mode(ShiftMode mode) {
    VehicleOptions o;
    o.control = ControlSettings{mode, {}};
    return o;
}

}  // namespace

// Seven cars: two fours, the second with three. Four roadsters of one spec (their rows one shape
// most of the time: swept side by side), then the other shipped cars, manual and automatic,
// with their own inputs: every car as its own update leaves it, frame after frame.
TEST(UpdateTogether, EachCarComesOutAsItsOwnUpdateLeavesIt) {
    auto ground = std::make_shared<RoadGround>(RoadSpec{});
    const VehicleSpec roadster = example("roadster.toml");
    VehicleOptions rolling = with_mode(ShiftMode::Automatic);
    rolling.start.speed_m_per_s = 15.0;
    // The manual cars rolling in first (the inputs work no clutch pedal).
    VehicleOptions manual = with_mode(ShiftMode::Manual);
    manual.start.speed_m_per_s = 8.0;
    manual.start.gear = 1;
    Fleet f = fleet({{roadster, with_mode(ShiftMode::Automatic)},
                     {roadster, manual},
                     {roadster, rolling},
                     {roadster, with_mode(ShiftMode::Automatic)},
                     {example("hatchback.toml"), with_mode(ShiftMode::Automatic)},
                     {example("sedan_awd.toml"), manual},
                     {example("ucwin_sedan.toml"), with_mode(ShiftMode::Automatic)}},
                    ground);
    const std::vector<double> travel = drive_and_compare(f, 480, 1.0 / 60.0);  // 8 s
    ASSERT_EQ(travel.size(), 7u);
    for (std::size_t k = 0; k < travel.size(); ++k) EXPECT_GT(travel[k], 20.0) << "car " << k << " did not drive off";
}

// The frame's time cut otherwise for each car's carried time: cars of one four that take
// different numbers of internal steps in a frame (a car reset mid-way carries none), another
// internal step, a pushed car, and a frame time that is not a number.
TEST(UpdateTogether, CarsThatTakeOtherStepsOrLoadsStillComeOutAsAlone) {
    auto ground = std::make_shared<RoadGround>(RoadSpec{});
    const VehicleSpec roadster = example("roadster.toml");
    VehicleOptions fine = with_mode(ShiftMode::Automatic);
    fine.step.internal_step_s = 0.004;
    Fleet f = fleet({{roadster, with_mode(ShiftMode::Automatic)},
                     {roadster, fine},
                     {roadster, with_mode(ShiftMode::Automatic)},
                     {example("hatchback.toml"), with_mode(ShiftMode::Automatic)}},
                    ground);
    const auto events = [](Fleet& both, int frame) {
        for (auto* cars : {&both.together, &both.alone}) {
            if (frame == 100) (*cars)[2]->reset(InitialConditions{});  // its carried time back to none
            if (frame >= 150 && frame < 160) (*cars)[3]->add_force({0.0, 3000.0, 0.0}, (*cars)[3]->state().position_m);
            if (frame == 170) (*cars)[0]->add_impulse({0.0, 0.0, 800.0}, (*cars)[0]->state().position_m + Vec3{1.0, 0.5, 0.0});
        }
    };
    const std::vector<double> travel = drive_and_compare(f, 300, 1.0 / 60.0, events);
    ASSERT_EQ(travel.size(), 4u);
    for (std::size_t k = 0; k < travel.size(); ++k) EXPECT_GT(travel[k], 5.0) << "car " << k << " did not drive off";
    // A frame time that is not a number, or negative: nothing stepped, the time said dropped.
    std::vector<Vehicle*> cars;
    for (auto& car : f.together) cars.push_back(car.get());
    const std::vector<DriverInput> inputs(4);
    std::vector<UpdateResult> results(4);
    update_together(cars, std::nan(""), inputs, results);
    for (const UpdateResult& r : results) {
        EXPECT_EQ(r.internal_steps, 0);
        EXPECT_TRUE(std::isnan(r.dropped_time_s));
    }
}

// A car whose step fails (an impulse no car survives: a state that is not finite) is kept at its
// last good state, as its own update keeps it, while the others of its four step on.
TEST(UpdateTogether, ACarWhoseStepFailsDoesNotTouchTheOthers) {
    auto ground = std::make_shared<RoadGround>(RoadSpec{});
    const VehicleSpec roadster = example("roadster.toml");
    Fleet f = fleet({{roadster, with_mode(ShiftMode::Automatic)},
                     {roadster, with_mode(ShiftMode::Automatic)},
                     {roadster, with_mode(ShiftMode::Automatic)}},
                    ground);
    bool failed = false;
    const auto blow = [&failed](Fleet& both, int frame) {
        if (frame != 60) return;
        for (auto* cars : {&both.together, &both.alone}) (*cars)[1]->add_impulse({1e300, 0.0, 1e300}, (*cars)[1]->state().position_m);
        failed = true;
    };
    const std::vector<double> travel = drive_and_compare(f, 240, 1.0 / 60.0, blow);
    ASSERT_TRUE(failed);
    ASSERT_EQ(travel.size(), 3u);
    EXPECT_GT(travel[0], 5.0);
    EXPECT_GT(travel[2], 5.0);
    // Once more, looked at: the failed car said so and was kept as it was; the others stepped.
    std::vector<Vehicle*> cars;
    for (auto& car : f.together) cars.push_back(car.get());
    const std::vector<std::uint64_t> before = bits_of(*cars[1]);
    const double x0_before = cars[0]->state().position_m.x;
    cars[1]->add_impulse({1e300, 0.0, 1e300}, cars[1]->state().position_m);
    std::vector<UpdateResult> results(3);
    update_together(cars, 1.0 / 60.0, std::vector<DriverInput>(3, input_of(0, 0.0)), results);
    EXPECT_TRUE(results[1].step_failed);
    EXPECT_FALSE(results[0].step_failed);
    EXPECT_FALSE(results[2].step_failed);
    // Its whole state as it was but the carried time (bits_of's second number), which moves on,
    // and the controls applied (its last six), this frame's.
    std::vector<std::uint64_t> after = bits_of(*cars[1]);
    ASSERT_EQ(after.size(), before.size());
    after[1] = before[1];
    EXPECT_TRUE(std::equal(after.begin(), after.end() - 6, before.begin())) << "the failed car's state moved";
    EXPECT_GT(cars[0]->state().position_m.x, x0_before);
}

TEST(UpdateTogether, SpansOfOtherLengthsOrANullCarAreRefused) {
    auto ground = std::make_shared<RoadGround>(RoadSpec{});
    Vehicle car(example("roadster.toml"), ground);
    std::vector<Vehicle*> cars{&car, &car};
    std::vector<DriverInput> inputs(1);
    std::vector<UpdateResult> results(2);
    EXPECT_THROW(update_together(cars, 0.01, inputs, results), std::invalid_argument);
    inputs.resize(2);
    EXPECT_THROW(update_together(cars, 0.01, inputs, results), std::invalid_argument);  // the same car twice
    std::vector<Vehicle*> with_null{&car, nullptr};
    EXPECT_THROW(update_together(with_null, 0.01, inputs, results), std::invalid_argument);
    // A car twice in the second four: refused before the first four steps.
    std::vector<std::unique_ptr<Vehicle>> five;
    for (int k = 0; k < 5; ++k) five.push_back(std::make_unique<Vehicle>(example("roadster.toml"), ground));
    std::vector<Vehicle*> twice_later{five[0].get(), five[1].get(), five[2].get(), five[3].get(), five[4].get(), five[4].get()};
    inputs.assign(6, DriverInput{});
    results.assign(6, UpdateResult{});
    EXPECT_THROW(update_together(twice_later, 0.1, inputs, results), std::invalid_argument);
    EXPECT_EQ(five[0]->state().time_s, 0.0);
    // Further apart than one four, a car is updated twice, as two update() calls would.
    std::vector<Vehicle*> apart{five[0].get(), five[1].get(), five[2].get(), five[3].get(), five[0].get()};
    inputs.assign(5, DriverInput{});
    results.assign(5, UpdateResult{});
    update_together(apart, 0.016, inputs, results);
    EXPECT_DOUBLE_EQ(five[0]->state().time_s, 0.032);
    EXPECT_DOUBLE_EQ(five[1]->state().time_s, 0.016);
}

// Random fleets: one to nine cars drawn from every shipped and shared car, each its own mode,
// start and step size, on a road with a grade, a bank and patchy friction; random pedals, lever,
// steering and handbrake every frame, random frame times (0, tiny, long, negative, not a
// number), resets, forces and impulses. Every car, every frame, as its own update leaves it.
TEST(UpdateTogether, RandomFleetsComeOutAsAlone) {
    std::vector<VehicleSpec> specs;
    for (const auto& f : test::example_car_files()) specs.push_back(load_car(f).spec);
    for (const auto& f : test::vdrift_car_files()) specs.push_back(load_car(f).spec);
    ASSERT_GE(specs.size(), 4u);
    const ShiftMode modes[] = {ShiftMode::Automatic, ShiftMode::Manual, ShiftMode::Sequential};
    std::size_t frames_compared = 0;
    for (std::uint64_t seed = 1; seed <= 48; ++seed) {
        test::SeededRandom rng{seed};
        RoadSpec road;
        road.grade = rng.chance(0.5) ? rng.uniform(-0.15, 0.15) : 0.0;
        road.bank_rad = rng.chance(0.3) ? rng.uniform(-0.1, 0.1) : 0.0;
        if (rng.chance(0.5)) road.stretches.push_back({rng.uniform(5.0, 30.0), rng.uniform(40.0, 80.0), rng.uniform(0.2, 0.8), rng.uniform(0.2, 1.0)});
        auto ground = std::make_shared<RoadGround>(road);
        const int n = 1 + rng.pick(9);
        std::vector<std::pair<VehicleSpec, VehicleOptions>> cars;
        for (int k = 0; k < n; ++k) {
            VehicleOptions o;
            o.control = ControlSettings{modes[rng.pick(3)], {}};
            o.start.y_m = 5.0 * k;
            o.start.speed_m_per_s = rng.chance(0.5) ? rng.uniform(0.0, 30.0) : 0.0;
            o.start.gear = o.start.speed_m_per_s > 0.0 ? 1 + rng.pick(2) : 0;
            if (rng.chance(0.15)) o.step.internal_step_s = 0.004;
            if (rng.chance(0.1)) o.step.solver_iterations = 5;
            cars.push_back({specs[static_cast<std::size_t>(rng.pick(static_cast<int>(specs.size())))], o});
        }
        Fleet f = fleet(cars, ground);
        std::vector<Vehicle*> together;
        for (auto& car : f.together) together.push_back(car.get());
        std::vector<DriverInput> inputs(static_cast<std::size_t>(n));
        std::vector<UpdateResult> results(static_cast<std::size_t>(n));
        for (int frame = 0; frame < 240; ++frame) {
            double dt = 1.0 / 60.0;
            if (rng.chance(0.05)) {
                const double odd[] = {0.0, 1e-9, 0.05, 0.3, -0.01, std::nan(""), 0.008};
                dt = odd[rng.pick(7)];
            }
            for (int k = 0; k < n; ++k) {
                DriverInput& in = inputs[static_cast<std::size_t>(k)];
                in = DriverInput{};
                in.throttle = rng.uniform(0.0, 1.0);
                in.brake = rng.chance(0.2) ? rng.uniform(0.0, 1.0) : 0.0;
                in.clutch = rng.chance(0.1) ? rng.uniform(0.0, 1.0) : 0.0;
                in.steering = rng.uniform(-1.0, 1.0);
                in.handbrake = rng.chance(0.05) ? 1.0 : 0.0;
                in.gear_lever = rng.pick(4) - 1 + (rng.chance(0.7) ? 1 : 0);
                const std::size_t car = static_cast<std::size_t>(k);
                if (rng.chance(0.01)) {
                    const InitialConditions start{0.0, 5.0 * k, 0.0, rng.uniform(0.0, 20.0), true, 1};
                    f.together[car]->reset(start);
                    f.alone[car]->reset(start);
                }
                if (rng.chance(0.03)) {
                    const Vec3 force{rng.uniform(-5e3, 5e3), rng.uniform(-5e3, 5e3), rng.uniform(0.0, 5e3)};
                    f.together[car]->add_force(force, f.together[car]->state().position_m + Vec3{1.0, 0.0, 0.0});
                    f.alone[car]->add_force(force, f.alone[car]->state().position_m + Vec3{1.0, 0.0, 0.0});
                }
                if (rng.chance(0.01)) {
                    const Vec3 impulse{0.0, rng.uniform(-2e3, 2e3), 0.0};
                    f.together[car]->add_impulse(impulse, f.together[car]->state().position_m);
                    f.alone[car]->add_impulse(impulse, f.alone[car]->state().position_m);
                }
            }
            update_together(together, dt, inputs, results);
            for (std::size_t k = 0; k < f.alone.size(); ++k) {
                const UpdateResult alone = f.alone[k]->update(dt, inputs[k]);
                ASSERT_EQ(results[k].internal_steps, alone.internal_steps) << "seed " << seed << ", car " << k << ", frame " << frame;
                ASSERT_EQ(results[k].step_failed, alone.step_failed) << "seed " << seed << ", car " << k << ", frame " << frame;
                ASSERT_TRUE(bits_of(*f.together[k]) == bits_of(*f.alone[k]))
                    << "seed " << seed << ", car " << k << " differs from its own update at frame " << frame;
            }
            ++frames_compared;
        }
    }
    EXPECT_EQ(frames_compared, 48u * 240u);
}

namespace {

// The flat road, whose wheel_contact also steps another car by one internal step each time it
// is asked (a host's ground that runs its own simulation from the callback, on the same thread).
class GroundThatStepsACar final : public Ground {
public:
    explicit GroundThatStepsACar(Vehicle* other) : other_(other) {}
    GroundContact wheel_contact(const WheelProbe& wheel) const override {
        if (other_) {
            DriverInput in;
            in.throttle = 0.7;
            in.gear_lever = 1;
            other_->update(0.008, in);
            ++steps_;
        }
        return road_.wheel_contact(wheel);
    }
    std::optional<SurfacePoint> surface_at(double x_m, double y_m) const override { return road_.surface_at(x_m, y_m); }
    int steps() const { return steps_; }

private:
    RoadGround road_{RoadSpec{}};
    Vehicle* other_;
    mutable int steps_ = 0;
};

}  // namespace

// A ground whose callback steps another car within a car's step (alone or four together): the
// outer cars come out as on a ground that does not, and the inner car as stepped on its own.
TEST(UpdateTogether, AGroundThatStepsACarFromItsCallbackDisturbsNothing) {
    const VehicleSpec roadster = example("roadster.toml");
    auto road = std::make_shared<RoadGround>(RoadSpec{});
    Vehicle inner(roadster, road, with_mode(ShiftMode::Automatic));
    Vehicle inner_alone(roadster, road, with_mode(ShiftMode::Automatic));
    auto stepping = std::make_shared<GroundThatStepsACar>(&inner);
    auto quiet = std::make_shared<GroundThatStepsACar>(nullptr);
    std::vector<std::unique_ptr<Vehicle>> outer, reference;
    for (int k = 0; k < 5; ++k) {
        VehicleOptions o = with_mode(ShiftMode::Automatic);
        o.start.y_m = 4.0 * k;
        outer.push_back(std::make_unique<Vehicle>(roadster, stepping, o));
        reference.push_back(std::make_unique<Vehicle>(roadster, quiet, o));
    }
    std::vector<Vehicle*> four{outer[1].get(), outer[2].get(), outer[3].get(), outer[4].get()};
    std::vector<Vehicle*> four_reference{reference[1].get(), reference[2].get(), reference[3].get(), reference[4].get()};
    std::vector<DriverInput> inputs(4);
    std::vector<UpdateResult> results(4);
    for (int frame = 0; frame < 120; ++frame) {
        for (int k = 0; k < 4; ++k) inputs[k] = input_of(static_cast<std::size_t>(k), outer[1]->state().time_s);
        outer[0]->update(1.0 / 60.0, inputs[0]);
        reference[0]->update(1.0 / 60.0, inputs[0]);
        update_together(four, 1.0 / 60.0, inputs, results);
        update_together(four_reference, 1.0 / 60.0, inputs, results);
        for (int k = 0; k < 5; ++k)
            ASSERT_TRUE(bits_of(*outer[k]) == bits_of(*reference[k])) << "car " << k << " moved by the inner car's steps at frame " << frame;
    }
    ASSERT_GT(stepping->steps(), 1000);
    DriverInput in;
    in.throttle = 0.7;
    in.gear_lever = 1;
    for (int k = 0; k < stepping->steps(); ++k) inner_alone.update(0.008, in);
    EXPECT_TRUE(bits_of(inner) == bits_of(inner_alone));
    EXPECT_GT(inner.state().position_m.x, 10.0);
}
