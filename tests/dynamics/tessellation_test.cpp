// Ground contact is right at any tessellation (issue 24): the same surfaces (a ramp, a crest, a
// dip, a banked ramp, a step up and down, a kerb) cut into triangles from 0.25 m to 200 m, at
// random, give the wheel loads and the path the profile itself gives (tests/support/
// profile_ground.hpp: the analytic ground of these surfaces, no triangles). A face's plane beyond
// its edges must never touch a wheel: a car coasting up to a crest of large faces once met the
// plateau's plane 11 m before the crest (a wheel load of 139 kN, the car thrown 4 m up), and going
// down to a lower plateau hung over the slope.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include "dynamics/dynamics_support.hpp"
#include "support/profile_ground.hpp"
#include "tractive/world/heightfield_ground.hpp"
#include "tractive/world/mesh_ground.hpp"

using namespace tractive;

namespace {

struct Trace {
    std::vector<Vec3> position_m;
    std::vector<std::array<double, 4>> fz_n;
    double peak_fz_n = 0.0;
    double highest_z_m = -1e9;
};

// Drives over the ground from x = x0 at `speed` in `gear`, the throttle holding the speed (0 for
// a coast), for duration_s; one sample per internal step.
Trace drive_over(const VehicleSpec& spec, std::shared_ptr<const Ground> ground, double x0, double speed, int gear, double duration_s,
                 bool hold_speed) {
    InitialConditions ic;
    ic.x_m = x0;
    ic.speed_m_per_s = speed;
    ic.gear = gear;
    Simulation sim(spec, std::move(ground), StepSettings{}, ic);
    Trace t;
    test::drive_for(
        sim, duration_s,
        [&](const VehicleState& s) {
            Controls c;
            c.gear = gear;
            c.throttle = hold_speed ? std::clamp(0.3 + 0.5 * (speed - speed_m_per_s(s)), 0.0, 1.0) : 0.0;
            return c;
        },
        [&](const VehicleState& s) {
            t.position_m.push_back(s.position_m);
            std::array<double, 4> fz{};
            for (int i = 0; i < 4; ++i) {
                fz[i] = s.wheel_outputs[i].fz_n;
                t.peak_fz_n = std::max(t.peak_fz_n, fz[i]);
            }
            t.fz_n.push_back(fz);
            t.highest_z_m = std::max(t.highest_z_m, s.position_m.z);
            return true;
        });
    return t;
}

struct Agreement {
    double load = 0.0;  // the largest |Fz mesh - Fz profile| over every wheel and step, over the car's static wheel load
    double path = 0.0;  // the largest distance between the two bodies, over the distance driven
};

Agreement compare(const Trace& mesh, const Trace& profile, double static_wheel_load_n) {
    Agreement a;
    for (std::size_t k = 0; k < profile.fz_n.size(); ++k) {
        for (int i = 0; i < 4; ++i) {
            const double d = std::abs(mesh.fz_n[k][i] - profile.fz_n[k][i]) / static_wheel_load_n;
            a.load = std::max(a.load, d);
        }
        a.path = std::max(a.path, norm(mesh.position_m[k] - profile.position_m[k]));
    }
    a.path /= std::max(norm(profile.position_m.back() - profile.position_m.front()), 1.0);
    return a;
}

// The mean wheel load at the start, on level ground.
double static_wheel_load_n(const Trace& t) {
    return 0.25 * (t.fz_n.front()[0] + t.fz_n.front()[1] + t.fz_n.front()[2] + t.fz_n.front()[3]);
}

// The ground: a flat 100 m face, 50 m at 5 % (up, or down for the mirror image), then a
// plateau of 300 m, 20 m wide: six triangles.
test::Profile crest_of_large_faces(double sign) {
    return {{-100.0, 100.0, 150.0, 450.0}, {0.0, 0.0, sign * 2.5, sign * 2.5}, 0.0};
}

}  // namespace

TEST(Tessellation, ACrestOfSixLargeTrianglesCarriesTheCarAsTheProfileDoes) {
    const VehicleSpec spec = test::example_car("roadster");
    for (const double sign : {1.0, -1.0}) {
        const test::Profile profile = crest_of_large_faces(sign);
        auto mesh = std::make_shared<MeshGround>(test::tessellate_profile(profile, -10.0, 10.0, 1e3, 1e3, 1));
        ASSERT_EQ(mesh->mesh().triangles.size(), 6u);
        // Coasting from x = 60 m at 50 km/h in third: up the slope until it stops and rolls back,
        // or down it and along the plateau.
        const Trace on_mesh = drive_over(spec, mesh, 60.0, 50.0 / 3.6, 3, 20.0, false);
        const Trace on_profile = drive_over(spec, std::make_shared<test::ProfileGround>(profile), 60.0, 50.0 / 3.6, 3, 20.0, false);
        // The same ground as a heightfield of 50 m samples.
        Heightfield field;
        field.columns = 12;
        field.rows = 3;
        field.origin_x_m = -100.0;
        field.origin_y_m = -50.0;
        field.spacing_x_m = field.spacing_y_m = 50.0;
        for (std::uint32_t j = 0; j < field.rows; ++j) {
            for (std::uint32_t i = 0; i < field.columns; ++i) field.heights_m.push_back(std::clamp(-100.0 + 50.0 * i - 100.0, 0.0, 50.0) / 50.0 * sign * 2.5);
        }
        const Trace on_field = drive_over(spec, std::make_shared<HeightfieldGround>(field), 60.0, 50.0 / 3.6, 3, 20.0, false);
        const Agreement f = compare(on_field, on_profile, static_wheel_load_n(on_profile));
        EXPECT_LT(f.load, 0.02) << "heightfield";
        EXPECT_LT(f.path, 0.01) << "heightfield";
        const double w = static_wheel_load_n(on_profile);
        const Agreement a = compare(on_mesh, on_profile, w);
        std::printf("%s: peak wheel load %.0f N on the mesh, %.0f N on the profile (static %.0f N); highest body z %.2f m; "
                    "load difference %.2e, path %.2e (as a heightfield of 50 m: %.2e, %.2e)\n",
                    sign > 0 ? "uphill" : "downhill", on_mesh.peak_fz_n, on_profile.peak_fz_n, w, on_mesh.highest_z_m, a.load, a.path, f.load, f.path);
        // The kinks take the tyres' load to 1.7 times the static (the profile's own), never the
        // 50 times a plane beyond its face gave.
        EXPECT_LT(on_mesh.peak_fz_n, 2.0 * w) << "no load spike: the slope changes by 5 %";
        EXPECT_LT(on_mesh.highest_z_m, std::max(0.0, sign * 2.5) + 1.0) << "never thrown above the plateau";
        EXPECT_LT(a.load, 0.02);
        EXPECT_LT(a.path, 0.01);
        // No hovering over the slope: a wheel leaves the ground only for a moment over the kinks
        // (the front wheels for 0.2 s over the crest down, on the profile as on the mesh), and
        // the car ends on all four.
        std::array<int, 4> off{};
        for (const auto& fz : on_mesh.fz_n) {
            for (int i = 0; i < 4; ++i) {
                off[i] = fz[i] > 0.0 ? 0 : off[i] + 1;
                ASSERT_LT(off[i] * StepSettings{}.internal_step_s, 0.4) << "wheel " << i << " off the ground";
            }
        }
        for (int i = 0; i < 4; ++i) EXPECT_GT(on_mesh.fz_n.back()[i], 0.5 * w);
    }
}

// The property: random tessellations of each surface, faces from 0.25 m to 200 m.
TEST(Tessellation, AnyTessellationDrivesAsTheSurfaceItself) {
    const VehicleSpec spec = test::example_car("roadster");
    struct Surface {
        const char* name;
        test::Profile profile;
        double speed_m_per_s;
    };
    const Surface surfaces[] = {
        {"ramp", {{-300.0, 20.0, 420.0}, {0.0, 0.0, 32.0}, 0.0}, 15.0},
        {"crest", {{-300.0, 0.0, 30.0, 60.0, 400.0}, {0.0, 0.0, 2.4, 0.6, 0.6}, 0.0}, 15.0},
        {"dip", {{-300.0, 0.0, 25.0, 50.0, 400.0}, {0.0, 0.0, -2.0, 0.0, 0.0}, 0.0}, 15.0},
        {"banked ramp", {{-300.0, 10.0, 40.0, 400.0}, {0.0, 0.0, 3.0, 3.0}, 0.08}, 15.0},
        {"step up and down", {{-300.0, 20.0, 20.0, 35.0, 35.0, 400.0}, {0.0, 0.0, 0.04, 0.04, 0.0, 0.0}, 0.0}, 10.0},
        {"kerb", {{-300.0, 20.0, 20.15, 20.45, 20.6, 400.0}, {0.0, 0.0, 0.08, 0.08, 0.0, 0.0}, 0.0}, 8.0},
    };
    for (const Surface& surface : surfaces) {
        // From 15 m before the feature (a car placed on a kink would start tilted to whichever face
        // the ground names there).
        const Trace exact = drive_over(spec, std::make_shared<test::ProfileGround>(surface.profile), -15.0, surface.speed_m_per_s, 2, 6.0, true);
        const double w = static_wheel_load_n(exact);
        Agreement worst;
        std::size_t fewest = ~std::size_t{0}, most = 0;
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            TriangleMesh m = test::tessellate_profile(surface.profile, -150.0, 150.0, 0.25, 200.0, 1000 * seed + 7);
            fewest = std::min(fewest, m.triangles.size());
            most = std::max(most, m.triangles.size());
            const Trace meshed = drive_over(spec, std::make_shared<MeshGround>(std::move(m)), -15.0, surface.speed_m_per_s, 2, 6.0, true);
            const Agreement a = compare(meshed, exact, w);
            worst.load = std::max(worst.load, a.load);
            worst.path = std::max(worst.path, a.path);
            EXPECT_LT(a.load, 0.02) << surface.name << ", seed " << seed;
            EXPECT_LT(a.path, 0.01) << surface.name << ", seed " << seed;
        }
        std::printf("%-17s %5zu-%5zu triangles: wheel loads within %.1e of the static load, path within %.1e; peak load %.0f N\n",
                    surface.name, fewest, most, worst.load, worst.path, exact.peak_fz_n);
        EXPECT_GT(exact.position_m.back().x, surface.profile.x_m[surface.profile.x_m.size() - 2]) << surface.name << ": over the feature";
    }
}
