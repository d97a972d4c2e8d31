// The model's copies of numbers it holds elsewhere (dynamics/vehicle_model.hpp): what the step
// reads from a copy must be the number the copy is of, on every car.
#include <gtest/gtest.h>

#include <string>

#include "dynamics/dynamics_support.hpp"
#include "support/test_paths.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/io/car_loader.hpp"

using namespace tractive;

// The wheels' numbers side by side, which the step loads as vectors, are each wheel's own.
TEST(VehicleModel, TheWheelsSideBySideAreEachWheelsNumbers) {
    std::vector<std::pair<std::string, VehicleSpec>> cars;
    for (const char* name : {"roadster", "hatchback", "sedan_awd", "ucwin_sedan"}) cars.emplace_back(name, test::example_car(name));
    for (const auto& path : test::vdrift_car_files()) cars.emplace_back(path.string(), load_car(path).spec);
    for (const auto& [name, spec] : cars) {
        const VehicleModel m = build_vehicle_model(spec);
        const VehicleModel::WheelsSideBySide& a = m.wheels_side_by_side;
        for (std::size_t i = 0; i < 4; ++i) {
            SCOPED_TRACE(name + ", wheel " + std::to_string(i));
            const WheelModel& w = m.wheels[i];
            const SuspensionSpec& s = spec.wheels[i].suspension;
            EXPECT_EQ(a.radius_m[i], w.radius_m);
            EXPECT_EQ(a.force_point_height_m[i], w.force_point_height_m);
            EXPECT_EQ(a.tyre_stiffness_n_per_m[i], w.tyre_stiffness_n_per_m);
            EXPECT_EQ(a.tyre_damping_ns_per_m[i], w.tyre_damping_ns_per_m);
            EXPECT_EQ(a.inverse_unsprung_mass_per_kg[i], w.inverse_unsprung_mass_per_kg);
            EXPECT_EQ(a.droop_limit_m[i], w.droop_limit_m);
            EXPECT_EQ(a.tread_stiffness_x_n_per_m[i], w.tread_stiffness_x_n_per_m);
            EXPECT_EQ(a.tread_damping_x_ns_per_m[i], w.tread_damping_x_ns_per_m);
            EXPECT_EQ(a.tread_stiffness_y_n_per_m[i], w.tread_stiffness_y_n_per_m);
            EXPECT_EQ(a.tread_damping_y_ns_per_m[i], w.tread_damping_y_ns_per_m);
            EXPECT_EQ((Vec3{a.design_position_x_m[i], a.design_position_y_m[i], a.design_position_z_m[i]}), w.design_position_m);
            EXPECT_EQ((Vec3{a.suspension_mount_x_m[i], a.suspension_mount_y_m[i], a.suspension_mount_z_m[i]}), w.suspension_mount_m);
            EXPECT_EQ(a.spring_n_per_m[i], s.spring_n_per_m);
            EXPECT_EQ(a.anti_roll_n_per_m[i], s.anti_roll_n_per_m);
            EXPECT_EQ(a.bump_stop_travel_m[i], s.travel_m);
            EXPECT_EQ(a.max_compression_velocity_m_per_s[i], s.max_compression_velocity_m_per_s);
            EXPECT_EQ(a.bump_damping_ns_per_m[i], s.bump_damping_ns_per_m);
            EXPECT_EQ(a.rebound_damping_ns_per_m[i], s.rebound_damping_ns_per_m);
            EXPECT_EQ(a.size_friction_factor[i], w.size_friction_factor);
            EXPECT_EQ((a.mirrored_tyres >> i & 1u) != 0, !w.left && w.tyre_mirrored_on_right);
            EXPECT_EQ(a.front[i], w.front);
            EXPECT_EQ(a.side_sign[i], w.left ? 1.0 : -1.0);
            EXPECT_EQ(a.toe_heading_rad[i], w.toe_heading_rad);
            EXPECT_EQ(a.cos_toe_heading[i], w.cos_toe_heading);
            EXPECT_EQ(a.sin_toe_heading[i], w.sin_toe_heading);
        }
    }
}
