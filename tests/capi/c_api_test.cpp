// The C interface from outside, as a C host calls it: statuses and messages for bad input, and
// a host's own ground that answers nonsense never giving NaN.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "tractive.h"

namespace {

const std::string kRoadster = std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml";

// An enumeration holding a value outside its list, as a C caller can pass one.
template <class Enum>
Enum out_of_range(int value) {
    Enum e;
    static_assert(sizeof(Enum) == sizeof(int));
    std::memcpy(&e, &value, sizeof e);
    return e;
}

}  // namespace

TEST(CApi, BadInputGivesAStatusAndAMessage) {
    EXPECT_EQ(tractive_api_version(), TRACTIVE_C_API_VERSION);
    tractive_car* car = nullptr;
    EXPECT_EQ(tractive_car_load_file("/nonexistent/car.toml", &car), TRACTIVE_BAD_INPUT);
    EXPECT_EQ(car, nullptr);
    EXPECT_NE(std::string(tractive_last_error()).find("/nonexistent/car.toml"), std::string::npos) << tractive_last_error();
    EXPECT_EQ(tractive_car_load_toml("[engine]\nmass_kg = x\n", "broken", &car), TRACTIVE_BAD_INPUT);
    EXPECT_NE(std::string(tractive_last_error()).find("broken.toml:2"), std::string::npos) << tractive_last_error();
    EXPECT_EQ(tractive_car_load_file(nullptr, &car), TRACTIVE_BAD_INPUT);
    tractive_ground* ground = nullptr;
    EXPECT_EQ(tractive_ground_road(2.0, 0.0, 1.0, &ground), TRACTIVE_BAD_INPUT);
    EXPECT_EQ(tractive_ground_load_file("/nonexistent/track.obj", &ground), TRACTIVE_BAD_INPUT);

    ASSERT_EQ(tractive_car_load_file(kRoadster.c_str(), &car), TRACTIVE_OK) << tractive_last_error();
    ASSERT_EQ(tractive_ground_road(0.0, 0.0, 1.0, &ground), TRACTIVE_OK);
    // Where a ground starts a car: the road says nothing, and the origin and heading 0 are written.
    double x = 7.0, y = 7.0, heading = 7.0;
    EXPECT_EQ(tractive_ground_start(ground, &x, &y, &heading), 0);
    EXPECT_EQ(x, 0.0);
    EXPECT_EQ(y, 0.0);
    EXPECT_EQ(heading, 0.0);
    tractive_ground* proving = nullptr;
    ASSERT_EQ(tractive_ground_load_file((std::string(TRACTIVE_EXAMPLE_CARS) + "/../grounds/proving_ground.toml").c_str(), &proving),
              TRACTIVE_OK) << tractive_last_error();
    x = y = heading = 7.0;
    EXPECT_EQ(tractive_ground_start(proving, &x, &y, &heading), 1);  // its [start]: 0, 0, 0 deg
    EXPECT_EQ(x, 0.0);
    EXPECT_EQ(y, 0.0);
    EXPECT_EQ(heading, 0.0);
    EXPECT_EQ(tractive_ground_start(nullptr, &x, nullptr, nullptr), 0);
    tractive_ground_free(proving);
    tractive_vehicle* v = nullptr;
    EXPECT_EQ(tractive_vehicle_create(car, ground, nullptr, out_of_range<tractive_transmission>(7), &v), TRACTIVE_BAD_INPUT);
    tractive_start nowhere = TRACTIVE_START_INIT;
    nowhere.x_m = std::nan("");
    EXPECT_EQ(tractive_vehicle_create(car, ground, &nowhere, TRACTIVE_TRANSMISSION_OF_CAR, &v), TRACTIVE_BAD_INPUT);
    ASSERT_EQ(tractive_vehicle_create(car, ground, nullptr, TRACTIVE_TRANSMISSION_OF_CAR, &v), TRACTIVE_OK) << tractive_last_error();
    tractive_car_free(car);  // the vehicle keeps what it needs
    tractive_ground_free(ground);
    tractive_input in = TRACTIVE_INPUT_INIT;
    int steps = -1;
    EXPECT_EQ(tractive_vehicle_update(v, -0.1, &in, &steps), TRACTIVE_BAD_INPUT);
    EXPECT_EQ(steps, 0);
    EXPECT_EQ(tractive_vehicle_update(v, 1.0 / 60.0, nullptr, &steps), TRACTIVE_BAD_INPUT);
    EXPECT_EQ(tractive_vehicle_update(v, 1.0 / 60.0, &in, &steps), TRACTIVE_OK);
    EXPECT_EQ(steps, 2);  // 16.7 ms: two steps of 8 ms, 0.7 ms carried
    tractive_wheel_state w = TRACTIVE_WHEEL_STATE_INIT;
    EXPECT_EQ(tractive_vehicle_wheel(v, out_of_range<tractive_wheel>(4), TRACTIVE_POSE_LAST_STEP, &w), TRACTIVE_BAD_INPUT);
    EXPECT_EQ(tractive_vehicle_wheel(v, TRACTIVE_WHEEL_REAR_RIGHT, out_of_range<tractive_pose>(7), &w), TRACTIVE_BAD_INPUT);
    EXPECT_NE(std::string(tractive_last_error()).find("TRACTIVE_POSE_INTERPOLATED"), std::string::npos) << tractive_last_error();
    tractive_body_state body = TRACTIVE_BODY_STATE_INIT;
    EXPECT_EQ(tractive_vehicle_state(v, out_of_range<tractive_pose>(-1), &body), TRACTIVE_BAD_INPUT);
    EXPECT_EQ(tractive_vehicle_state(v, TRACTIVE_POSE_INTERPOLATED, &body), TRACTIVE_OK);
    EXPECT_EQ(tractive_vehicle_wheel(v, TRACTIVE_WHEEL_REAR_RIGHT, TRACTIVE_POSE_LAST_STEP, &w), TRACTIVE_OK);
    EXPECT_EQ(w.in_contact, 1);
    tractive_vehicle_free(v);
}

namespace {
// A ground that answers with a normal of zero length and a NaN height under x > 5 m: the wheels
// there are off the ground for the step, never a NaN in the state.
void nonsense_contact(void*, const tractive_wheel_probe* w, tractive_contact* c) {
    c->found = 1;
    const bool bad = w->hub_m[0] > 5.0;
    c->normal[0] = 0.0;
    c->normal[1] = 0.0;
    c->normal[2] = bad ? 0.0 : 1.0;
    c->hub_height_m = bad ? std::nan("") : w->hub_m[2];
    for (int k = 0; k < 3; ++k) c->point_m[k] = w->hub_m[k];
    c->point_m[2] = 0.0;
    c->friction = 1.0;
    c->rolling_resistance_factor = 1.0;
}
int flat_surface(void*, double, double, double* z, double normal[3]) {
    *z = 0.0;
    normal[0] = normal[1] = 0.0;
    normal[2] = 1.0;
    return 1;
}
}  // namespace

TEST(CApi, AHostGroundThatAnswersNonsenseGivesNoNaN) {
    tractive_car* car = nullptr;
    ASSERT_EQ(tractive_car_load_file(kRoadster.c_str(), &car), TRACTIVE_OK);
    tractive_ground* ground = nullptr;
    ASSERT_EQ(tractive_ground_callback(nonsense_contact, flat_surface, nullptr, &ground), TRACTIVE_OK);
    tractive_vehicle* v = nullptr;
    tractive_start start = TRACTIVE_START_INIT;
    start.speed_kmh = 30.0;
    start.gear = 3;
    ASSERT_EQ(tractive_vehicle_create(car, ground, &start, TRACTIVE_TRANSMISSION_MANUAL, &v), TRACTIVE_OK) << tractive_last_error();
    tractive_input in = TRACTIVE_INPUT_INIT;
    in.gear_lever = 3;
    for (int k = 0; k < 120; ++k) ASSERT_EQ(tractive_vehicle_update(v, 1.0 / 60.0, &in, nullptr), TRACTIVE_OK);
    tractive_body_state s = TRACTIVE_BODY_STATE_INIT;
    ASSERT_EQ(tractive_vehicle_state(v, TRACTIVE_POSE_LAST_STEP, &s), TRACTIVE_OK);
    EXPECT_TRUE(std::isfinite(s.position_m[0]) && std::isfinite(s.position_m[2]) && std::isfinite(s.velocity_m_per_s[2]));
    EXPECT_GT(s.position_m[0], 5.0);
    EXPECT_LT(s.position_m[2], 0.0) << "fell where the ground answered nothing usable";
    tractive_vehicle_free(v);
    tractive_ground_free(ground);
    tractive_car_free(car);
}

// A host's impulse the car cannot take: the update says so and the vehicle stays where it was,
// finite, and goes on.
TEST(CApi, AnImpossibleImpulseFailsTheUpdateAndKeepsTheLastGoodState) {
    tractive_car* car = nullptr;
    tractive_ground* ground = nullptr;
    tractive_vehicle* v = nullptr;
    ASSERT_EQ(tractive_car_load_file(kRoadster.c_str(), &car), TRACTIVE_OK) << tractive_last_error();
    ASSERT_EQ(tractive_ground_road(0.0, 0.0, 1.0, &ground), TRACTIVE_OK);
    ASSERT_EQ(tractive_vehicle_create(car, ground, nullptr, TRACTIVE_TRANSMISSION_OF_CAR, &v), TRACTIVE_OK) << tractive_last_error();
    tractive_input in = TRACTIVE_INPUT_INIT;
    ASSERT_EQ(tractive_vehicle_update(v, 0.1, &in, nullptr), TRACTIVE_OK);
    tractive_body_state before = TRACTIVE_BODY_STATE_INIT;
    ASSERT_EQ(tractive_vehicle_state(v, TRACTIVE_POSE_LAST_STEP, &before), TRACTIVE_OK);
    const double impulse[3] = {0.0, 0.0, 1e300}, point[3] = {before.position_m[0], before.position_m[1] + 1.0, before.position_m[2]};
    ASSERT_EQ(tractive_vehicle_add_impulse(v, impulse, point), TRACTIVE_OK);
    int steps = -1;
    EXPECT_EQ(tractive_vehicle_update(v, 0.1, &in, &steps), TRACTIVE_FAILED);
    EXPECT_NE(std::string(tractive_last_error()).find("last good state"), std::string::npos) << tractive_last_error();
    EXPECT_NE(std::string(tractive_last_error()).find("(the state is not finite: "), std::string::npos) << tractive_last_error();  // what was wrong
    EXPECT_EQ(steps, 0) << "no step stands: the first failed";
    tractive_body_state after = TRACTIVE_BODY_STATE_INIT;
    ASSERT_EQ(tractive_vehicle_state(v, TRACTIVE_POSE_LAST_STEP, &after), TRACTIVE_OK);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(after.position_m[k], before.position_m[k]);
    EXPECT_EQ(tractive_vehicle_update(v, 0.1, &in, nullptr), TRACTIVE_OK);
    tractive_vehicle_free(v);
    tractive_ground_free(ground);
    tractive_car_free(car);
}

// Every struct carries its size: one without (size 0, a caller that did not use the _INIT) is
// refused with a message naming the macro; one from a newer header (larger) is read and written
// only as far as this library knows it, the rest left as the caller had it.
TEST(CApi, StructsCarryTheirSize) {
    tractive_car* car = nullptr;
    tractive_ground* ground = nullptr;
    tractive_vehicle* v = nullptr;
    ASSERT_EQ(tractive_car_load_file(kRoadster.c_str(), &car), TRACTIVE_OK) << tractive_last_error();
    ASSERT_EQ(tractive_ground_road(0.0, 0.0, 1.0, &ground), TRACTIVE_OK);
    tractive_start unsized{};
    EXPECT_EQ(tractive_vehicle_create(car, ground, &unsized, TRACTIVE_TRANSMISSION_OF_CAR, &v), TRACTIVE_BAD_INPUT);
    EXPECT_NE(std::string(tractive_last_error()).find("TRACTIVE_START_INIT"), std::string::npos) << tractive_last_error();
    ASSERT_EQ(tractive_vehicle_create(car, ground, nullptr, TRACTIVE_TRANSMISSION_AUTOMATIC, &v), TRACTIVE_OK) << tractive_last_error();
    tractive_input no_size{};
    no_size.throttle = 1.0;
    EXPECT_EQ(tractive_vehicle_update(v, 0.1, &no_size, nullptr), TRACTIVE_BAD_INPUT);
    EXPECT_NE(std::string(tractive_last_error()).find("TRACTIVE_INPUT_INIT"), std::string::npos) << tractive_last_error();

    struct NewerInput {  // a later header's input: this one's members, then one it does not know
        tractive_input known;
        double later_member;
    } newer{};
    newer.known.size = sizeof newer;
    newer.known.throttle = 0.5;
    newer.known.gear_lever = 1;
    newer.later_member = 7.0;
    EXPECT_EQ(tractive_vehicle_update(v, 1.0, &newer.known, nullptr), TRACTIVE_OK) << tractive_last_error();
    struct NewerState {
        tractive_body_state known;
        double later_member;
    } state{};
    state.known.size = sizeof state;
    state.later_member = 42.0;
    ASSERT_EQ(tractive_vehicle_state(v, TRACTIVE_POSE_LAST_STEP, &state.known), TRACTIVE_OK) << tractive_last_error();
    EXPECT_EQ(state.known.size, sizeof state);
    EXPECT_EQ(state.later_member, 42.0);  // not written: this library does not know it
    EXPECT_GT(state.known.speed_kmh, 5.0);  // driven off at half throttle in D
    EXPECT_NEAR(state.known.time_s, 1.0, 0.008);
    tractive_body_state unsized_out{};
    EXPECT_EQ(tractive_vehicle_state(v, TRACTIVE_POSE_LAST_STEP, &unsized_out), TRACTIVE_BAD_INPUT);
    EXPECT_EQ(unsized_out.time_s, 0.0);
    tractive_vehicle_free(v);
    tractive_ground_free(ground);
    tractive_car_free(car);
}

// Parameters by dotted key: read as TOML text, set as the loader checks a file, the car
// unchanged by a refused value, and a vehicle made after a set driving with the new value.
TEST(CApi, ParametersByKeyAreReadAndSetAsTheLoaderChecksThem) {
    tractive_car* car = nullptr;
    tractive_ground* ground = nullptr;
    ASSERT_EQ(tractive_car_load_file(kRoadster.c_str(), &car), TRACTIVE_OK) << tractive_last_error();
    ASSERT_EQ(tractive_ground_road(0.0, 0.0, 1.0, &ground), TRACTIVE_OK);
    const char* key = "wheels.front.suspension.spring_n_per_m";
    char value[64];
    ASSERT_EQ(tractive_car_get_parameter(car, key, value, sizeof value), TRACTIVE_OK) << tractive_last_error();
    EXPECT_STREQ(value, "23000");
    char tiny[3];
    EXPECT_EQ(tractive_car_get_parameter(car, key, tiny, sizeof tiny), TRACTIVE_BAD_INPUT);
    EXPECT_NE(std::string(tractive_last_error()).find("needs 6 bytes"), std::string::npos) << tractive_last_error();

    EXPECT_EQ(tractive_car_set_parameter(car, key, "46000"), TRACTIVE_OK) << tractive_last_error();
    ASSERT_EQ(tractive_car_get_parameter(car, key, value, sizeof value), TRACTIVE_OK);
    EXPECT_STREQ(value, "46000");

    // A vehicle made after a set has the new value: coasting from 150 km/h in neutral for 2 s,
    // twice the drag coefficient loses more speed.
    const auto speed_after_coasting_kmh = [&] {
        tractive_vehicle* v = nullptr;
        tractive_start start = TRACTIVE_START_INIT;
        start.speed_kmh = 150.0;
        EXPECT_EQ(tractive_vehicle_create(car, ground, &start, TRACTIVE_TRANSMISSION_MANUAL, &v), TRACTIVE_OK) << tractive_last_error();
        tractive_input input = TRACTIVE_INPUT_INIT;
        input.clutch = 1.0;
        for (int i = 0; i < 120; ++i) EXPECT_EQ(tractive_vehicle_update(v, 1.0 / 60.0, &input, nullptr), TRACTIVE_OK);
        tractive_body_state state = TRACTIVE_BODY_STATE_INIT;
        EXPECT_EQ(tractive_vehicle_state(v, TRACTIVE_POSE_LAST_STEP, &state), TRACTIVE_OK);
        tractive_vehicle_free(v);
        return state.speed_kmh;
    };
    const double stock_kmh = speed_after_coasting_kmh();
    ASSERT_EQ(tractive_car_set_parameter(car, "aero[0].drag_coefficient", "0.76"), TRACTIVE_OK) << tractive_last_error();
    const double draggy_kmh = speed_after_coasting_kmh();
    // Drag 1/2 rho Cd A v^2 at ~40 m/s with Cd A 0.67 m^2 more: ~650 N more on ~1.1 t, ~0.6 m/s^2,
    // ~4 km/h over 2 s.
    EXPECT_LT(draggy_kmh, stock_kmh - 2.5) << stock_kmh << " " << draggy_kmh;
    EXPECT_GT(draggy_kmh, stock_kmh - 8.0) << stock_kmh << " " << draggy_kmh;

    EXPECT_EQ(tractive_car_set_parameter(car, key, "1e12"), TRACTIVE_BAD_INPUT);
    EXPECT_NE(std::string(tractive_last_error()).find("spring_n_per_m"), std::string::npos) << tractive_last_error();
    EXPECT_EQ(tractive_car_set_parameter(car, "wheels.front.suspension.sprung_n_per_m", "1"), TRACTIVE_BAD_INPUT);
    EXPECT_NE(std::string(tractive_last_error()).find("did you mean 'spring_n_per_m'"), std::string::npos) << tractive_last_error();
    ASSERT_EQ(tractive_car_get_parameter(car, key, value, sizeof value), TRACTIVE_OK);
    EXPECT_STREQ(value, "46000");  // unchanged by the refused values
    tractive_ground_free(ground);
    tractive_car_free(car);
}

// The stability control switched through the car's parameters: the AWD sedan's sine with dwell
// (0.7 Hz, 500 ms dwell, about 6.5 x its 0.3 g input) from 80 km/h, its yaw rate 1 s after the
// steering ends. Without ESC it keeps yawing (docs/maneuvers.md); with it the yaw is stopped.
TEST(CApi, StabilityControlIsSwitchedThroughTheCarsParameters) {
    tractive_car* car = nullptr;
    tractive_ground* ground = nullptr;
    ASSERT_EQ(tractive_car_load_file((std::string(TRACTIVE_EXAMPLE_CARS) + "/sedan_awd.toml").c_str(), &car), TRACTIVE_OK) << tractive_last_error();
    ASSERT_EQ(tractive_ground_road(0.0, 0.0, 1.0, &ground), TRACTIVE_OK);
    char value[16];
    ASSERT_EQ(tractive_car_get_parameter(car, "driver_aids.esc", value, sizeof value), TRACTIVE_OK) << tractive_last_error();
    EXPECT_STREQ(value, "true");  // the sedan's file declares it
    const auto yaw_rate_after = [&] {
        tractive_vehicle* v = nullptr;
        tractive_start start = TRACTIVE_START_INIT;
        start.speed_kmh = 80.0;
        start.gear = 4;
        EXPECT_EQ(tractive_vehicle_create(car, ground, &start, TRACTIVE_TRANSMISSION_AUTOMATIC, &v), TRACTIVE_OK) << tractive_last_error();
        tractive_input input = TRACTIVE_INPUT_INIT;
        input.gear_lever = 1;
        const double f = 0.7, dwell = 0.5, amplitude = 0.23, end = 1.0 / f + dwell;
        for (int k = 0; k < static_cast<int>((end + 1.0) * 120.0); ++k) {
            const double t = k / 120.0, quarter = 0.25 / f;
            const double phase = t < 3.0 * quarter ? t : (t < 3.0 * quarter + dwell ? 3.0 * quarter : t - dwell);
            input.steering = t < end ? amplitude * std::sin(2.0 * M_PI * f * phase) : 0.0;
            EXPECT_EQ(tractive_vehicle_update(v, 1.0 / 120.0, &input, nullptr), TRACTIVE_OK);
        }
        tractive_body_state state = TRACTIVE_BODY_STATE_INIT;
        EXPECT_EQ(tractive_vehicle_state(v, TRACTIVE_POSE_LAST_STEP, &state), TRACTIVE_OK);
        tractive_vehicle_free(v);
        return state.angular_velocity_rad_per_s[2];
    };
    const double with_esc = yaw_rate_after();
    ASSERT_EQ(tractive_car_set_parameter(car, "driver_aids.esc", "false"), TRACTIVE_OK) << tractive_last_error();
    const double without = yaw_rate_after();
    EXPECT_LT(without, -0.2) << without;  // still turning right, as after the dwell
    EXPECT_LT(std::abs(with_esc), 0.05) << with_esc;
    EXPECT_EQ(tractive_car_set_parameter(car, "driver_aids.esc", "1"), TRACTIVE_BAD_INPUT);
    tractive_ground_free(ground);
    tractive_car_free(car);
}

// A start no car can have (the CLI's --speed range, a world of 1e7 m) is refused whichever front
// end gives it: here the C API's (dynamics' initial_state checks it for all of them).
TEST(CApi, AStartBeyondAnyCarIsRefused) {
    tractive_car* car = nullptr;
    tractive_ground* ground = nullptr;
    ASSERT_EQ(tractive_car_load_file(kRoadster.c_str(), &car), TRACTIVE_OK) << tractive_last_error();
    ASSERT_EQ(tractive_ground_road(0.0, 0.0, 1.0, &ground), TRACTIVE_OK);
    const auto refused = [&](void (*edit)(tractive_start&), const char* words) {
        tractive_start start = TRACTIVE_START_INIT;
        edit(start);
        tractive_vehicle* v = nullptr;
        EXPECT_EQ(tractive_vehicle_create(car, ground, &start, TRACTIVE_TRANSMISSION_OF_CAR, &v), TRACTIVE_BAD_INPUT) << words;
        EXPECT_EQ(v, nullptr);
        EXPECT_NE(std::string(tractive_last_error()).find(words), std::string::npos) << tractive_last_error();
    };
    refused([](tractive_start& s) { s.speed_kmh = 1e6; }, "start speed_kmh: expected a finite number of magnitude at most 1000 km/h");
    refused([](tractive_start& s) { s.speed_kmh = 1e200; }, "speed_kmh");
    refused([](tractive_start& s) { s.heading_deg = 1e308; }, "start heading_deg");
    refused([](tractive_start& s) { s.x_m = 1e12; }, "start x_m");
    refused([](tractive_start& s) { s.gear = 99; }, "start gear: expected -1 (reverse), 0 (neutral) or 1 to 6, got 99");
    refused([](tractive_start& s) { s.gear = -2; }, "start gear");
    tractive_start fast = TRACTIVE_START_INIT;
    fast.speed_kmh = 300.0;  // within: a fast car's speed
    tractive_vehicle* v = nullptr;
    EXPECT_EQ(tractive_vehicle_create(car, ground, &fast, TRACTIVE_TRANSMISSION_OF_CAR, &v), TRACTIVE_OK) << tractive_last_error();
    tractive_vehicle_free(v);
    tractive_ground_free(ground);
    tractive_car_free(car);
}

// Many vehicles in one call (tractive_vehicles_update): each as its own tractive_vehicle_update
// leaves it, to the bit; bad arguments step nothing; a vehicle whose step fails is named.
TEST(CApi, ManyVehiclesInOneCallComeOutAsOneByOne) {
    const char* names[] = {"roadster", "roadster", "hatchback", "roadster", "sedan_awd", "ucwin_sedan"};
    constexpr int kCount = 6;
    tractive_ground* ground = nullptr;
    ASSERT_EQ(tractive_ground_road(0.0, 0.0, 1.0, &ground), TRACTIVE_OK);
    tractive_vehicle* together[kCount];
    tractive_vehicle* alone[kCount];
    for (int k = 0; k < kCount; ++k) {
        tractive_car* car = nullptr;
        ASSERT_EQ(tractive_car_load_file((std::string(TRACTIVE_EXAMPLE_CARS) + "/" + names[k] + ".toml").c_str(), &car), TRACTIVE_OK);
        tractive_start start = TRACTIVE_START_INIT;
        start.y_m = 5.0 * k;
        ASSERT_EQ(tractive_vehicle_create(car, ground, &start, TRACTIVE_TRANSMISSION_AUTOMATIC, &together[k]), TRACTIVE_OK);
        ASSERT_EQ(tractive_vehicle_create(car, ground, &start, TRACTIVE_TRANSMISSION_AUTOMATIC, &alone[k]), TRACTIVE_OK);
        tractive_car_free(car);
    }
    tractive_ground_free(ground);
    tractive_input in[kCount];
    const tractive_input* inputs[kCount];
    for (int k = 0; k < kCount; ++k) {
        in[k] = TRACTIVE_INPUT_INIT;
        in[k].gear_lever = 1;
        inputs[k] = &in[k];
    }
    const auto same = [&](int k) {
        tractive_body_state a = TRACTIVE_BODY_STATE_INIT, b = TRACTIVE_BODY_STATE_INIT;
        EXPECT_EQ(tractive_vehicle_state(together[k], TRACTIVE_POSE_INTERPOLATED, &a), TRACTIVE_OK);
        EXPECT_EQ(tractive_vehicle_state(alone[k], TRACTIVE_POSE_INTERPOLATED, &b), TRACTIVE_OK);
        return std::memcmp(&a, &b, sizeof a) == 0;
    };
    for (int frame = 0; frame < 300; ++frame) {
        for (int k = 0; k < kCount; ++k) {
            in[k].throttle = 0.3 + 0.1 * k;
            in[k].steering = 0.3 * std::sin(0.02 * frame + k);
        }
        int steps[kCount];
        ASSERT_EQ(tractive_vehicles_update(together, kCount, 1.0 / 60.0, inputs, steps), TRACTIVE_OK) << tractive_last_error();
        for (int k = 0; k < kCount; ++k) {
            int alone_steps = -1;
            ASSERT_EQ(tractive_vehicle_update(alone[k], 1.0 / 60.0, &in[k], &alone_steps), TRACTIVE_OK);
            ASSERT_EQ(steps[k], alone_steps);
            ASSERT_TRUE(same(k)) << "vehicle " << k << " at frame " << frame;
        }
    }
    tractive_body_state moved = TRACTIVE_BODY_STATE_INIT;
    ASSERT_EQ(tractive_vehicle_state(together[5], TRACTIVE_POSE_LAST_STEP, &moved), TRACTIVE_OK);
    EXPECT_GT(moved.speed_kmh, 20.0);

    // Bad arguments: a status and a message, and no vehicle stepped.
    tractive_body_state before = TRACTIVE_BODY_STATE_INIT, after = TRACTIVE_BODY_STATE_INIT;
    ASSERT_EQ(tractive_vehicle_state(together[0], TRACTIVE_POSE_LAST_STEP, &before), TRACTIVE_OK);
    EXPECT_EQ(tractive_vehicles_update(together, kCount, -1.0, inputs, nullptr), TRACTIVE_BAD_INPUT);
    EXPECT_EQ(tractive_vehicles_update(nullptr, kCount, 1.0 / 60.0, inputs, nullptr), TRACTIVE_BAD_INPUT);
    tractive_vehicle* twice[kCount] = {together[0], together[1], together[2], together[1], together[4], together[5]};
    EXPECT_EQ(tractive_vehicles_update(twice, kCount, 1.0 / 60.0, inputs, nullptr), TRACTIVE_BAD_INPUT);
    EXPECT_NE(std::string(tractive_last_error()).find("vehicles[3] is vehicles[1]"), std::string::npos) << tractive_last_error();
    tractive_input unsized = in[4];
    unsized.size = 0;
    const tractive_input* with_unsized[kCount] = {inputs[0], inputs[1], inputs[2], inputs[3], &unsized, inputs[5]};
    EXPECT_EQ(tractive_vehicles_update(together, kCount, 1.0 / 60.0, with_unsized, nullptr), TRACTIVE_BAD_INPUT);
    EXPECT_NE(std::string(tractive_last_error()).find("TRACTIVE_INPUT_INIT"), std::string::npos) << tractive_last_error();
    ASSERT_EQ(tractive_vehicle_state(together[0], TRACTIVE_POSE_LAST_STEP, &after), TRACTIVE_OK);
    EXPECT_EQ(std::memcmp(&before, &after, sizeof before), 0) << "a call refused stepped a vehicle";
    EXPECT_EQ(tractive_vehicles_update(together, 0, 1.0 / 60.0, nullptr, nullptr), TRACTIVE_OK);  // none: nothing to do

    // An impulse no car survives on vehicles 1 and 4: both are named, kept as they were, and the
    // others step.
    const double huge[3] = {1e300, 0.0, 1e300};
    const double at[3] = {0.0, 20.0, 0.5};
    ASSERT_EQ(tractive_vehicle_add_impulse(together[1], huge, at), TRACTIVE_OK);
    ASSERT_EQ(tractive_vehicle_add_impulse(together[4], huge, at), TRACTIVE_OK);
    EXPECT_EQ(tractive_vehicles_update(together, kCount, 1.0 / 60.0, inputs, nullptr), TRACTIVE_FAILED);
    EXPECT_NE(std::string(tractive_last_error()).find("vehicles[1] (the state is not finite), vehicles[4] (the state is not finite)"), std::string::npos) << tractive_last_error();
    ASSERT_EQ(tractive_vehicle_state(together[0], TRACTIVE_POSE_LAST_STEP, &after), TRACTIVE_OK);
    EXPECT_GT(after.time_s, before.time_s);
    for (int k = 0; k < kCount; ++k) {
        tractive_vehicle_free(together[k]);
        tractive_vehicle_free(alone[k]);
    }
}

namespace {
// A host's flat ground at z = 0 through callbacks, counting the contact calls.
struct CountingPlane {
    long calls = 0;
};
void plane_contact(void* user_data, const tractive_wheel_probe* w, tractive_contact* c) {
    ++static_cast<CountingPlane*>(user_data)->calls;
    c->found = w->hub_m[2] <= w->radius_m ? 1 : 0;
    c->normal[0] = c->normal[1] = 0.0;
    c->normal[2] = 1.0;
    c->hub_height_m = w->hub_m[2];
    c->point_m[0] = w->hub_m[0];
    c->point_m[1] = w->hub_m[1];
    c->point_m[2] = 0.0;
    c->friction = 1.0;
    c->rolling_resistance_factor = 1.0;
}
// Exact for the plane: every sphere more than its radius above z = 0.
int plane_clear(void*, const double* centres_m, size_t count, double radius_m) {
    for (size_t i = 0; i < count; ++i) {
        if (!(centres_m[3 * i + 2] > radius_m)) return 0;
    }
    return 1;
}

// Drives the roadster 2 s from rest at full throttle on the ground; its final body state.
tractive_body_state drive_on(tractive_ground* ground) {
    tractive_car* car = nullptr;
    EXPECT_EQ(tractive_car_load_file(kRoadster.c_str(), &car), TRACTIVE_OK);
    tractive_vehicle* v = nullptr;
    EXPECT_EQ(tractive_vehicle_create(car, ground, nullptr, TRACTIVE_TRANSMISSION_AUTOMATIC, &v), TRACTIVE_OK) << tractive_last_error();
    tractive_input in = TRACTIVE_INPUT_INIT;
    in.throttle = 1.0;
    in.gear_lever = 1;
    for (int k = 0; k < 120; ++k) EXPECT_EQ(tractive_vehicle_update(v, 1.0 / 60.0, &in, nullptr), TRACTIVE_OK);
    tractive_body_state s = TRACTIVE_BODY_STATE_INIT;
    EXPECT_EQ(tractive_vehicle_state(v, TRACTIVE_POSE_LAST_STEP, &s), TRACTIVE_OK);
    tractive_vehicle_free(v);
    tractive_car_free(car);
    return s;
}
}  // namespace

// A host's ground that can say that none of the body's points is near it (spheres_clear) is asked
// about the wheels alone while the car is on them: 4 calls a step instead of 12 on the roadster,
// with the same results to the bit. NULL callbacks and a struct without its size are refused.
TEST(CApi, AHostGroundThatSaysTheBodyIsClearIsAskedAboutTheWheelsAlone) {
    CountingPlane asked_each, asked_clear;
    tractive_ground* each = nullptr;
    ASSERT_EQ(tractive_ground_callback(plane_contact, flat_surface, &asked_each, &each), TRACTIVE_OK);
    tractive_ground_callbacks callbacks = TRACTIVE_GROUND_CALLBACKS_INIT;
    callbacks.contact = plane_contact;
    callbacks.surface = flat_surface;
    callbacks.spheres_clear = plane_clear;
    tractive_ground* clear = nullptr;
    ASSERT_EQ(tractive_ground_from_callbacks(&callbacks, &asked_clear, &clear), TRACTIVE_OK) << tractive_last_error();
    const tractive_body_state a = drive_on(each), b = drive_on(clear);
    EXPECT_EQ(std::memcmp(a.position_m, b.position_m, sizeof a.position_m), 0);
    EXPECT_EQ(std::memcmp(a.velocity_m_per_s, b.velocity_m_per_s, sizeof a.velocity_m_per_s), 0);
    EXPECT_GT(a.velocity_m_per_s[0], 5.0);
    const double steps = 2.0 / 0.008;
    std::printf("contact calls a step: %.1f asking each body point, %.1f with spheres_clear\n", static_cast<double>(asked_each.calls) / steps,
                static_cast<double>(asked_clear.calls) / steps);
    EXPECT_GE(asked_each.calls, static_cast<long>(12 * steps));
    EXPECT_LE(asked_clear.calls, static_cast<long>(4 * steps + 8));
    tractive_ground_free(each);
    tractive_ground_free(clear);

    tractive_ground* bad = nullptr;
    callbacks.contact = nullptr;
    EXPECT_EQ(tractive_ground_from_callbacks(&callbacks, nullptr, &bad), TRACTIVE_BAD_INPUT);
    EXPECT_NE(std::string(tractive_last_error()).find("contact"), std::string::npos) << tractive_last_error();
    callbacks.contact = plane_contact;
    callbacks.size = 0;
    EXPECT_EQ(tractive_ground_from_callbacks(&callbacks, nullptr, &bad), TRACTIVE_BAD_INPUT);
    EXPECT_NE(std::string(tractive_last_error()).find("TRACTIVE_GROUND_CALLBACKS_INIT"), std::string::npos) << tractive_last_error();
    EXPECT_EQ(bad, nullptr);
}
