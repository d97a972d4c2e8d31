// The C interface from outside, as a C host calls it: statuses and messages for bad input, and
// a host's own ground that answers nonsense never giving NaN.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "tractive.h"

namespace {

const std::string kRoadster = std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml";

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
    tractive_vehicle* v = nullptr;
    EXPECT_EQ(tractive_vehicle_create(car, ground, nullptr, 7, &v), TRACTIVE_BAD_INPUT);
    tractive_start nowhere{std::nan(""), 0.0, 0.0, 0.0, 0};
    EXPECT_EQ(tractive_vehicle_create(car, ground, &nowhere, 0, &v), TRACTIVE_BAD_INPUT);
    ASSERT_EQ(tractive_vehicle_create(car, ground, nullptr, 0, &v), TRACTIVE_OK) << tractive_last_error();
    tractive_car_free(car);  // the vehicle keeps what it needs
    tractive_ground_free(ground);
    tractive_input in{};
    int steps = -1;
    EXPECT_EQ(tractive_vehicle_update(v, -0.1, &in, &steps), TRACTIVE_BAD_INPUT);
    EXPECT_EQ(steps, 0);
    EXPECT_EQ(tractive_vehicle_update(v, 1.0 / 60.0, nullptr, &steps), TRACTIVE_BAD_INPUT);
    EXPECT_EQ(tractive_vehicle_update(v, 1.0 / 60.0, &in, &steps), TRACTIVE_OK);
    EXPECT_EQ(steps, 2);  // 16.7 ms: two steps of 8 ms, 0.7 ms carried
    tractive_wheel_state w{};
    EXPECT_EQ(tractive_vehicle_wheel(v, 4, 0, &w), TRACTIVE_BAD_INPUT);
    EXPECT_EQ(tractive_vehicle_wheel(v, 3, 0, &w), TRACTIVE_OK);
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
    tractive_start start{0.0, 0.0, 0.0, 30.0, 3};
    ASSERT_EQ(tractive_vehicle_create(car, ground, &start, 1, &v), TRACTIVE_OK) << tractive_last_error();
    tractive_input in{};
    in.gear_lever = 3;
    for (int k = 0; k < 120; ++k) ASSERT_EQ(tractive_vehicle_update(v, 1.0 / 60.0, &in, nullptr), TRACTIVE_OK);
    tractive_body_state s{};
    ASSERT_EQ(tractive_vehicle_state(v, 0, &s), TRACTIVE_OK);
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
    ASSERT_EQ(tractive_vehicle_create(car, ground, nullptr, 0, &v), TRACTIVE_OK) << tractive_last_error();
    tractive_input in{};
    ASSERT_EQ(tractive_vehicle_update(v, 0.1, &in, nullptr), TRACTIVE_OK);
    tractive_body_state before{};
    ASSERT_EQ(tractive_vehicle_state(v, 0, &before), TRACTIVE_OK);
    const double impulse[3] = {0.0, 0.0, 1e300}, point[3] = {before.position_m[0], before.position_m[1] + 1.0, before.position_m[2]};
    ASSERT_EQ(tractive_vehicle_add_impulse(v, impulse, point), TRACTIVE_OK);
    EXPECT_EQ(tractive_vehicle_update(v, 0.1, &in, nullptr), TRACTIVE_FAILED);
    EXPECT_NE(std::string(tractive_last_error()).find("last good state"), std::string::npos) << tractive_last_error();
    tractive_body_state after{};
    ASSERT_EQ(tractive_vehicle_state(v, 0, &after), TRACTIVE_OK);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(after.position_m[k], before.position_m[k]);
    EXPECT_EQ(tractive_vehicle_update(v, 0.1, &in, nullptr), TRACTIVE_OK);
    tractive_vehicle_free(v);
    tractive_ground_free(ground);
    tractive_car_free(car);
}
