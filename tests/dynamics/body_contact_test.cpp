// The body against the ground (laws/body_contact.hpp): a car upside down lands on its roof,
// slides to rest and stays there without jitter, creep or sinking; the roll-over that used to
// fall through the road (../shared/repro/rs2-tcs-blowup) ends on the roof, at rest and finite.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <vector>

#include <cmath>
#include <fstream>
#include <numbers>
#include <sstream>

#include "support/cli_run.hpp"
#include "support/test_paths.hpp"
#include "dynamics/dynamics_support.hpp"
#include "tractive/core/quat.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/body_contact.hpp"
#include "tractive/host/vehicle.hpp"
#include "tractive/world/road_builder.hpp"
#include "tractive/world/road_ground.hpp"
#include "tractive/world/heightfield_ground.hpp"
#include "tractive/world/mesh_ground.hpp"

using namespace tractive;

TEST(BodyContact, TheContactLaw) {
    const BodyContactLaw law = body_contact_law(1200.0);
    // On four points the car sinks 10 mm; critically damped on a quarter of its mass.
    EXPECT_NEAR(4.0 * law.stiffness_n_per_m * 0.01, 1200.0 * 9.80665, 1e-9);
    EXPECT_NEAR(law.damping_ns_per_m, 2.0 * std::sqrt(law.stiffness_n_per_m * 300.0), 1e-9);
    EXPECT_EQ(body_contact_normal_n(law, -0.01, 0.0), 0.0);  // not touching
    EXPECT_EQ(body_contact_normal_n(law, 0.01, 10.0), 0.0);  // leaving fast: no pull
    EXPECT_NEAR(body_contact_normal_n(law, 0.01, -0.1), law.stiffness_n_per_m * 0.01 + law.damping_ns_per_m * 0.1, 1e-9);
    // Coulomb while sliding fast; slowly, only what stops the point within the step.
    EXPECT_NEAR(body_contact_friction_n(0.5, 1000.0, 5.0, 300.0, 0.008), 500.0, 1e-9);
    EXPECT_NEAR(body_contact_friction_n(0.5, 1000.0, 0.001, 300.0, 0.008), 300.0 * 0.001 / 0.008, 1e-9);
    EXPECT_EQ(body_contact_friction_n(0.5, 1000.0, 0.0, 300.0, 0.008), 0.0);
}

namespace {

// One flat plane (z = 0 around the origin) described three ways: the analytic road, a 40 m
// heightfield of 1 m cells, and a plate of two triangles.
std::vector<std::pair<std::string, std::shared_ptr<const Ground>>> one_flat_plane_three_ways() {
    Heightfield field;
    field.columns = field.rows = 41;
    field.origin_x_m = field.origin_y_m = -20.0;
    field.heights_m.assign(41u * 41u, 0.0);
    TriangleMesh plate;
    plate.vertices_m = {{-20.0, -20.0, 0.0}, {20.0, -20.0, 0.0}, {20.0, 20.0, 0.0}, {-20.0, 20.0, 0.0}};
    plate.triangles = {{0, 1, 2}, {0, 2, 3}};
    return {{"road", std::make_shared<RoadGround>(RoadSpec{})},
            {"heightfield", std::make_shared<HeightfieldGround>(field)},
            {"mesh", std::make_shared<MeshGround>(plate)}};
}

}  // namespace

// A car dropped on its side onto a heightfield or a mesh lands on its body and comes to rest on
// it, as on the analytic road, never below the ground. The body's points used to ask the ground
// with the body's y axis as a wheel's axle: on its side that axis is the ground's normal, the
// contacts were taken as beside a tread and dropped, and the car sank through a heightfield or a
// mesh (random driving on rough ground: 13 runs in 50,000).
TEST(BodyContact, ACarOnItsSideNeverSinksThroughAHeightfieldOrAMesh) {
    const VehicleSpec spec = test::example_car("roadster");
    const std::vector<std::pair<std::string, std::shared_ptr<const Ground>>> grounds = one_flat_plane_three_ways();
    std::vector<VehicleState> rests;
    for (const auto& [name, ground] : grounds) {
        SCOPED_TRACE(name);
        Simulation sim(spec, ground, StepSettings{}, InitialConditions{});
        VehicleState& s = sim.mutable_state();
        s.orientation = normalized(axis_angle({1.0, 0.0, 0.0}, std::numbers::pi / 2.0) * s.orientation);
        s.position_m.z += 0.8;
        s.engine_running = false;
        double lowest_hub_m = 1e9;
        for (int k = 0; k < 500; ++k) {  // 4 s
            sim.step(0.008, Controls{});
            for (int i = 0; i < 4; ++i) lowest_hub_m = std::min(lowest_hub_m, wheel_hub_position_m(sim.model(), sim.state(), i).z);
        }
        const VehicleState& rest = sim.state();
        ASSERT_TRUE(state_is_finite(rest));
        EXPECT_LT(speed_m_per_s(rest), 0.01);
        // At rest on its side or its roof: the centre of mass at least 0.15 m up, no hub under
        // the ground.
        EXPECT_GT(rest.position_m.z, 0.15);
        EXPECT_GT(lowest_hub_m, 0.0);
        rests.push_back(rest);
    }
    // One flat plane, three ways of describing it: the car comes to rest the same on each, on its
    // side (roll about 90 deg, the centre of mass about 0.81 m up). Before the tread rule held on
    // every ground, the road and the heightfield's grid carried the lower tyres lying flat as if
    // they stood on them (33 kN each), which threw the car onto its roof 1.2 and 1.7 m away,
    // while on the plate it stayed on its side.
    for (std::size_t g = 1; g < rests.size(); ++g) {
        SCOPED_TRACE(grounds[g].first);
        EXPECT_NEAR(rests[g].position_m.x, rests[0].position_m.x, 1e-6);
        EXPECT_NEAR(rests[g].position_m.y, rests[0].position_m.y, 1e-6);
        EXPECT_NEAR(rests[g].position_m.z, rests[0].position_m.z, 1e-6);
        EXPECT_NEAR(euler_zyx(rests[g].orientation).roll, euler_zyx(rests[0].orientation).roll, 1e-6);
    }
    EXPECT_NEAR(std::abs(euler_zyx(rests[0].orientation).roll), std::numbers::pi / 2.0, 0.1);
}

// The roadster dropped on its roof from 1 m, sliding at (3, 5) m/s: it stops at the same place
// on one flat plane described three ways. Before the grounds kept the nearest way out for a point
// inside them, a roof point sunk its 10 mm under a heightfield cell took a neighbouring cell's
// edge as its contact, leaning, and the car stopped 0.27 m from where it stops on the road.
TEST(BodyContact, ACarSlidingOnItsRoofStopsAtOnePlaceOnAnyFlatGround) {
    const VehicleSpec spec = test::example_car("roadster");
    const std::vector<std::pair<std::string, std::shared_ptr<const Ground>>> grounds = one_flat_plane_three_ways();
    std::vector<VehicleState> rests;
    for (const auto& [name, ground] : grounds) {
        SCOPED_TRACE(name);
        Simulation sim(spec, ground, StepSettings{}, InitialConditions{});
        VehicleState& s = sim.mutable_state();
        s.orientation = normalized(axis_angle({1.0, 0.0, 0.0}, std::numbers::pi) * s.orientation);
        s.position_m.z += 1.0;
        s.velocity_m_per_s = {3.0, 5.0, 0.0};
        s.engine_running = false;
        for (int k = 0; k < 1250; ++k) sim.step(0.008, Controls{});  // 10 s
        ASSERT_TRUE(state_is_finite(sim.state()));
        EXPECT_LT(speed_m_per_s(sim.state()), 0.01);
        rests.push_back(sim.state());
    }
    EXPECT_GT(norm(rests[0].position_m), 1.0);  // it slid
    for (std::size_t g = 1; g < rests.size(); ++g) {
        SCOPED_TRACE(grounds[g].first);
        EXPECT_NEAR(rests[g].position_m.x, rests[0].position_m.x, 1e-6);
        EXPECT_NEAR(rests[g].position_m.y, rests[0].position_m.y, 1e-6);
        EXPECT_NEAR(euler_zyx(rests[g].orientation).yaw, euler_zyx(rests[0].orientation).yaw, 1e-6);
    }
}

// Every shipped car dropped upside down from 1 m, sliding sideways at 5 m/s: on its roof within
// a second, at rest within 5 s, then still.
TEST(BodyContact, ACarUpsideDownLandsOnItsRoofAndRestsThere) {
    for (const auto& file : test::example_car_files()) {
        SCOPED_TRACE(file.filename().string());
        Simulation sim(load_car(file).spec, RoadSpec{}, StepSettings{}, InitialConditions{});
        VehicleState& s = sim.mutable_state();
        s.orientation = normalized(axis_angle({1.0, 0.0, 0.0}, std::numbers::pi) * s.orientation);
        s.position_m.z += 1.0;
        s.velocity_m_per_s = {0.0, 5.0, 0.0};
        s.engine_running = false;
        for (int k = 0; k < 625; ++k) sim.step(0.008, Controls{});  // 5 s
        const VehicleState rest = sim.state();
        ASSERT_TRUE(std::isfinite(rest.position_m.z));
        EXPECT_LT(speed_m_per_s(rest), 0.01);
        EXPECT_GT(std::abs(euler_zyx(rest.orientation).roll), 3.0);  // on the roof
        EXPECT_GT(rest.position_m.y, 0.3);  // it slid
        EXPECT_LT(rest.position_m.y, 5.0);  // and friction stopped it (0.5 g: 2.5 m from 5 m/s)
        // Still: no creep, no jitter, no sinking over 3 s more.
        double most_speed = 0.0;
        for (int k = 0; k < 375; ++k) {
            sim.step(0.008, Controls{});
            most_speed = std::max(most_speed, speed_m_per_s(sim.state()) + norm(sim.state().angular_velocity_rad_per_s));
        }
        EXPECT_LT(most_speed, 1e-3);
        EXPECT_LT(norm(sim.state().position_m - rest.position_m), 1e-3);
    }
}

// The roll-over of ../shared/repro/rs2-tcs-blowup, which fell through the road before the body
// touched it. On the box of points the RS2 got before its file's collision shape was read it came
// to rest on its flat roof; on its own hull of 0.3 m spheres, rounded, it rolls on over its roof
// and side back onto its wheels (34-36 s), where the repro's controls drive it on.
TEST(BodyContact, TheRollOverThatFellThroughTheRoadStaysOnTheRoad) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const auto repro = test::vdrift_data().parent_path() / "repro" / "rs2-tcs-blowup" / "controls.csv";
    if (!std::filesystem::exists(repro)) GTEST_SKIP() << repro << " not found (the shared reproducer lives outside the repository)";
    test::TempDir dir;
    const auto out = dir.path() / "t.csv";
    const test::CliRun r = test::run_cli(fmt::format(
        "run {} --controls {} --out {} --mode sequential --abs off --tcs on --road 'mu=0.92,stretch=20:60:1.46,split=100:200:0.1:1' --duration 45",
        test::quoted(test::vdrift_data() / "cars" / "RS2" / "RS2.car"), test::quoted(repro), test::quoted(out)), true);
    ASSERT_EQ(r.status, 0) << r.out;
    std::ifstream f(out);
    std::string header, line, last;
    std::getline(f, header);
    std::vector<std::string> rows;
    while (std::getline(f, line)) rows.push_back(line);
    ASSERT_EQ(rows.size(), 4501u);
    const auto cell = [&](const std::string& row, const std::string& name) {
        std::stringstream h(header), c(row);
        std::string hn, cv;
        while (std::getline(h, hn, ',') && std::getline(c, cv, ',')) {
            if (hn == name) return std::stod(cv);
        }
        throw std::out_of_range(name);
    };
    double most_roll = 0.0, lowest_z = 1e9;
    for (const std::string& row : rows) {
        ASSERT_TRUE(std::isfinite(cell(row, "speed_m_per_s"))) << row.substr(0, 40);
        most_roll = std::max(most_roll, std::abs(cell(row, "roll_rad")));
        lowest_z = std::min(lowest_z, cell(row, "z_m"));
    }
    EXPECT_GT(most_roll, 3.0);   // over its roof
    EXPECT_GT(lowest_z, 0.4);    // the body origin never nearer the road than the hull holds it
    const std::string& end = rows.back();
    EXPECT_LT(std::abs(cell(end, "roll_rad")), 0.05);  // back on its wheels
    for (const char* w : {"fl", "fr", "rl", "rr"}) EXPECT_GT(cell(end, fmt::format("{}_fz_n", w)), 1000.0);
}

// A sharp crest (the grade from +30 % to -30 % over 1 m, a speed hump's ridge) taken slowly: the
// floor scrapes it (the body is pushed up off it, friction slows the car), and the car stays
// finite on its wheels either side.
TEST(BodyContact, TheFloorScrapesASharpCrest) {
    RoadDescription road;
    road.start_x_m = -30.0;
    road.step_m = 0.25;
    road.sections = {{29.0, 0.0, 0.0, 0.0, std::nullopt}, {1.0, 0.0, 0.30, 0.0, std::nullopt}, {1.0, 0.0, -0.30, 0.0, std::nullopt},
                     {1.0, 0.0, 0.0, 0.0, std::nullopt},  {40.0, 0.0, 0.0, 0.0, std::nullopt}};
    const auto ground = std::make_shared<MeshGround>(build_road_mesh(road));
    const VehicleSpec spec = load_car(test::example_car_files().front().parent_path() / "roadster.toml").spec;
    InitialConditions ic;
    ic.x_m = -10.0;
    ic.speed_m_per_s = 3.0;
    ic.gear = 1;
    Simulation sim(spec, ground, StepSettings{}, ic);
    Controls c;
    c.gear = 1;
    c.throttle = 0.25;
    double least_floor_clearance_m = 1e9;
    bool floor_pushed = false;
    const VehicleModel& m = sim.model();
    for (int k = 0; k < 1500 && sim.state().position_m.x < 12.0; ++k) {
        sim.step(0.008, c);
        const VehicleState& s = sim.state();
        ASSERT_TRUE(std::isfinite(s.position_m.z)) << k;
        // The lowest floor point's height above the ground under it.
        const Mat3 r = to_matrix(s.orientation);
        for (std::size_t p = 8; p < 12; ++p) {  // the floor's points
            const Vec3 at = s.position_m + r * m.body_contact_m[p];
            const auto surface = ground->surface_at(at.x, at.y);
            if (surface) least_floor_clearance_m = std::min(least_floor_clearance_m, at.z - surface->z_m);
        }
        // Closer than its contact sphere's 5 cm: the floor is touching the crest.
        floor_pushed = floor_pushed || least_floor_clearance_m < 0.05;
    }
    EXPECT_TRUE(floor_pushed) << "the floor never reached the crest (least clearance " << least_floor_clearance_m << " m)";
    EXPECT_GT(least_floor_clearance_m, 0.0) << "the floor went into the crest";
    EXPECT_GT(sim.state().position_m.x, 5.0) << "the car did not get over (stuck on its floor, or stalled)";
}

// A rolled car put back on its wheels where it lies (hosts, tractive drive's F key): upright, at
// rest, the nose where it pointed, and it drives off.
TEST(BodyContact, AnImpossibleImpulseKeepsTheLastGoodStateAndSaysSo) {
    auto ground = std::make_shared<RoadGround>(RoadSpec{});
    Vehicle car(load_car(test::example_car_files().front().parent_path() / "roadster.toml").spec, ground);
    car.update(0.1, DriverInput{});
    const VehicleState good = car.state();
    car.add_impulse({0.0, 0.0, 1e300}, car.state().position_m + Vec3{0.0, 1.0, 0.0});
    const UpdateResult r = car.update(0.1, DriverInput{});
    EXPECT_TRUE(r.step_failed);
    EXPECT_EQ(car.state().position_m, good.position_m);
    EXPECT_TRUE(std::isfinite(car.state().velocity_m_per_s.z));
    EXPECT_FALSE(car.update(0.1, DriverInput{}).step_failed);  // and goes on from there
}

TEST(BodyContact, ARolledCarIsPutBackOnItsWheels) {
    auto ground = std::make_shared<RoadGround>(RoadSpec{});
    VehicleOptions o;
    o.control = ControlSettings{ShiftMode::Automatic, {}};
    o.start.heading_rad = 0.7;
    Vehicle car(load_car(test::example_car_files().front().parent_path() / "roadster.toml").spec, ground, o);
    car.reset(o.start);
    // Roll it over (a host's push up under one side, frame after frame), and let it come to rest.
    DriverInput idle;
    for (int k = 0; k < 12; ++k) {
        car.add_impulse({0.0, 0.0, 300.0}, car.state().position_m + to_matrix(car.state().orientation) * Vec3{0.0, -0.9, 0.0});
        car.update(0.016, idle);
    }
    for (int k = 0; k < 600; ++k) car.update(0.016, idle);
    ASSERT_GT(std::abs(euler_zyx(car.state().orientation).roll), 1.2) << "the push did not roll it";
    const Vec3 lying = car.state().position_m;
    car.reset_to_wheels();
    const VehicleState& s = car.state();
    EXPECT_LT(std::abs(euler_zyx(s.orientation).roll), 0.02);
    EXPECT_NEAR(s.position_m.x, lying.x, 1e-9);
    EXPECT_NEAR(s.position_m.y, lying.y, 1e-9);
    EXPECT_LT(speed_m_per_s(s), 1e-6);
    DriverInput go;
    go.gear_lever = 1;
    go.throttle = 0.5;
    for (int k = 0; k < 200; ++k) car.update(0.016, go);
    EXPECT_GT(speed_m_per_s(car.state()), 5.0);
}

// A VDrift car's body is its file's collision shape (its [body.hull] of spheres, 0.3 m each on
// the XS), not the box around its masses. Upside down it rests on the hull's two top spheres
// (centres 0.15 m above the file's origin, 1.45 m behind the front pair) and, its centre of mass
// ahead of them, tips onto the front pair (0.2 m below the origin): the four sunk into the road as
// the contact law lets a resting car sink (10 mm on four points), the rear pair well clear.
TEST(BodyContact, AVDriftCarRestsOnItsFilesCollisionShape) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const VehicleSpec spec = load_car(test::vdrift_data() / "cars/XS/XS.car").spec;
    ASSERT_EQ(spec.body_spheres.size(), 6u);
    Simulation sim(spec, RoadSpec{}, StepSettings{}, InitialConditions{});
    VehicleState& s = sim.mutable_state();
    s.orientation = normalized(axis_angle({1.0, 0.0, 0.0}, std::numbers::pi) * s.orientation);
    s.position_m.z += 1.0;
    s.engine_running = false;
    for (int k = 0; k < 625; ++k) sim.step(0.008, Controls{});  // 5 s
    const VehicleState& rest = sim.state();
    ASSERT_TRUE(std::isfinite(rest.position_m.z));
    EXPECT_LT(speed_m_per_s(rest) + norm(rest.angular_velocity_rad_per_s), 1e-3);
    EXPECT_GT(std::abs(euler_zyx(rest.orientation).roll), 2.5);  // on its roof
    const VehicleModel& m = sim.model();
    const Mat3 r = to_matrix(rest.orientation);
    const auto bottom = [&](std::size_t k) { return (rest.position_m + r * m.body_contact_m[k]).z - m.body_contact_radius_m[k]; };
    for (const std::size_t k : {0, 1, 4, 5}) {  // the front pair and the top pair
        EXPECT_LT(bottom(k), 0.0) << k;
        EXPECT_GT(bottom(k), -0.02) << k;
    }
    EXPECT_GT(bottom(2), 0.2);  // the rear pair
    EXPECT_GT(bottom(3), 0.2);
}

// A file's shape narrower than the track (the public SB's) leaves the wheels' outer sides
// outside it. Dropped on its side such a car meets the road with its wheels' faces, as VDrift's
// wheel cylinders meet it, and no hub goes into the road: random driving sank the SB's 0.39 m
// before the faces' spheres were there. (This narrowed XS then rolls on over its round roof and
// rests there within 10 s.)
TEST(BodyContact, ACarWhoseShapeIsNarrowerThanItsTrackSinksNoWheelIntoTheRoad) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    VehicleSpec spec = load_car(test::vdrift_data() / "cars/XS/XS.car").spec;
    for (BodySphere& b : spec.body_spheres) b.position_m.y *= 0.3;  // 0.15 m from the centre line, radius 0.3
    Simulation sim(spec, RoadSpec{}, StepSettings{}, InitialConditions{});
    VehicleState& s = sim.mutable_state();
    s.orientation = normalized(axis_angle({1.0, 0.0, 0.0}, 0.5 * std::numbers::pi) * s.orientation);  // on its right side
    s.position_m.z += 1.0;
    s.engine_running = false;
    double deepest_hub = 1e9;
    for (int k = 0; k < 1250; ++k) {  // 10 s
        sim.step(0.008, Controls{});
        const Mat3 r = to_matrix(sim.state().orientation);
        for (const WheelModel& w : sim.model().wheels) deepest_hub = std::min(deepest_hub, (sim.state().position_m + r * w.design_position_m).z);
    }
    EXPECT_LT(speed_m_per_s(sim.state()), 0.01);
    EXPECT_GT(deepest_hub, 0.05);  // the faces' spheres hold a hub about half a tyre's width up
}
