// A VDrift car's collision shape read as VDrift builds it (io/vdrift_collision_shape.hpp): hulls
// of spheres, boxes and capsules of each part, placed by the part's position and rotation, turned
// into the body's spheres; and the .car loader's reading of them (the XS from ../shared/vdrift-data,
// skipped when absent).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include <fmt/format.h>

#include "io/vdrift_collision_shape.hpp"
#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/toml_writer.hpp"
#include "tractive/io/vdrift_writer.hpp"

using namespace tractive;
using namespace tractive::vdrift;

namespace {

// The shape's extent along each file axis: the lowest and highest point of its spheres.
struct Extent {
    Vec3 lo{1e9, 1e9, 1e9}, hi{-1e9, -1e9, -1e9};
};
Extent extent_of(const std::vector<FileSphere>& spheres) {
    Extent e;
    for (const FileSphere& s : spheres) {
        const Vec3& c = s.centre_m;
        e.lo = {std::min(e.lo.x, c.x - s.radius_m), std::min(e.lo.y, c.y - s.radius_m), std::min(e.lo.z, c.z - s.radius_m)};
        e.hi = {std::max(e.hi.x, c.x + s.radius_m), std::max(e.hi.y, c.y + s.radius_m), std::max(e.hi.z, c.z + s.radius_m)};
    }
    return e;
}

void expect_near(const Vec3& v, double x, double y, double z) {
    EXPECT_NEAR(v.x, x, 1e-12);
    EXPECT_NEAR(v.y, y, 1e-12);
    EXPECT_NEAR(v.z, z, 1e-12);
}

std::string xs_text() {
    std::ifstream in(test::vdrift_data() / "cars/XS/XS.car");
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

// The XS with `from` replaced by `to` in its file, loaded.
LoadedCar xs_with(const std::string& from, const std::string& to) {
    std::string text = xs_text();
    const auto at = text.find(from);
    if (at == std::string::npos) throw std::logic_error("not in XS.car: " + from);
    text.replace(at, from.size(), to);
    const test::TempDir dir;
    const auto path = dir.write("cars/XS/XS.car", text);
    LoadOptions options;
    options.data_root = test::vdrift_data();
    return load_car(path, options);
}

const char* kXsHull =
    "[body.hull]\n00 = -0.50,  1.60, -0.20, 0.30\n01 =  0.50,  1.60, -0.20, 0.30\n02 = -0.50, -1.80, -0.20, 0.30\n"
    "03 =  0.50, -1.80, -0.20, 0.30\n04 = -0.40, -0.60,  0.15, 0.30\n05 =  0.40, -0.60,  0.15, 0.30\n";

}  // namespace

TEST(VDriftCollisionShape, ABoxIsEightSpheresInItsCornersThatKeepItsExtent) {
    // [wing.box] center = 0, 0.5, 0; size = 2, 1, 0.4 of a part at 0, 1, -0.2: the box spans
    // x -1..1, y 1..2, z -0.4..0.
    const auto spheres = box_spheres({0.0, 0.5, 0.0}, {2.0, 1.0, 0.4}, {{0.0, 1.0, -0.2}, {}});
    ASSERT_EQ(spheres.size(), 8u);
    for (const FileSphere& s : spheres) EXPECT_EQ(s.radius_m, kCornerSphereRadius_m);
    const Extent e = extent_of(spheres);
    expect_near(e.lo, -1.0, 1.0, -0.4);
    expect_near(e.hi, 1.0, 2.0, 0.0);
    // A box thinner than two corner spheres: spheres of half its thinnest side.
    const auto thin = box_spheres({}, {1.0, 1.0, 0.04}, {});
    EXPECT_EQ(thin.front().radius_m, 0.02);
    expect_near(extent_of(thin).lo, -0.5, -0.5, -0.02);
}

TEST(VDriftCollisionShape, ACapsuleIsItsEndSpheresAlongItsLongestSide) {
    // The F1-02's [front.capsule]: size 1.4, 0.2, 0.2 is Bullet's capsule along x with its end
    // spheres' centres 1.4 m apart and a radius of 0.1 m.
    const auto spheres = capsule_spheres({0.0, 1.6, -0.35}, {1.4, 0.2, 0.2}, {});
    ASSERT_EQ(spheres.size(), 2u);
    expect_near(spheres[0].centre_m, -0.7, 1.6, -0.35);
    expect_near(spheres[1].centre_m, 0.7, 1.6, -0.35);
    EXPECT_DOUBLE_EQ(spheres[0].radius_m, 0.1);
    // Along z where z is longest.
    const auto upright = capsule_spheres({}, {0.3, 0.5, 2.0}, {});
    expect_near(upright[1].centre_m, 0.0, 0.0, 1.0);
    EXPECT_DOUBLE_EQ(upright[1].radius_m, 0.15);
}

TEST(VDriftCollisionShape, APartsRotationTurnsItsShapeAsBulletsEulerAnglesDo) {
    // rotation = a, b, c is Ry(b) Rx(a) Rz(c): (0, 0, 1) turned by (90, 90, 0) is Rx first,
    // to (0, -1, 0), which Ry leaves; the other order would give (1, 0, 0).
    const auto turned = hull_spheres({{0.0, 0.0, 1.0, 0.1}}, {{}, {90.0, 90.0, 0.0}});
    expect_near(turned[0].centre_m, 0.0, -1.0, 0.0);
    // A box 2 m along x turned 90 degrees about z lies along y; the centre is not turned.
    const Extent e = extent_of(box_spheres({0.0, 3.0, 0.0}, {2.0, 0.2, 0.2}, {{1.0, 0.0, 0.0}, {0.0, 0.0, 90.0}}));
    expect_near(e.lo, 0.9, 2.0, -0.1);
    expect_near(e.hi, 1.1, 4.0, 0.1);
}

TEST(VDriftCollisionShape, AHullOfPointsKeepsItsPoints) {
    // Rows without a radius (a hull of points): 5 cm spheres moved towards the points' centroid
    // by their radius, so that each point stays on its sphere, the farthest it reaches that way.
    const std::vector<std::array<double, 4>> rows{{-1.0, 0.0, 0.0, 0.0}, {1.0, 0.0, 0.0, 0.0}, {0.0, 0.0, 0.5, 0.0}};
    const Vec3 part{0.0, 2.0, 0.0};
    const auto spheres = hull_spheres(rows, {part, {}});
    const Vec3 centroid = part + Vec3{0.0, 0.0, 0.5 / 3.0};
    for (std::size_t k = 0; k < rows.size(); ++k) {
        const Vec3 point = part + Vec3{rows[k][0], rows[k][1], rows[k][2]};
        EXPECT_EQ(spheres[k].radius_m, kCornerSphereRadius_m);
        EXPECT_NEAR(norm(point - spheres[k].centre_m), kCornerSphereRadius_m, 1e-12) << k;
        EXPECT_NEAR(norm(point - centroid) - norm(spheres[k].centre_m - centroid), kCornerSphereRadius_m, 1e-12) << k;
    }
    // With radii, the spheres as given.
    const auto given = hull_spheres({{0.5, 1.0, -0.2, 0.3}}, {});
    expect_near(given[0].centre_m, 0.5, 1.0, -0.2);
    EXPECT_EQ(given[0].radius_m, 0.3);
}

TEST(VDriftCollisionShape, TheXSIsItsHullOfSpheresInTheCarsAxes) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const LoadedCar car = load_car(test::vdrift_data() / "cars/XS/XS.car");
    const auto& b = car.spec.body_spheres;
    ASSERT_EQ(b.size(), 6u);
    // 00 = -0.50, 1.60, -0.20, 0.30 (x right, y forward): 1.6 m ahead, 0.5 m to the left.
    expect_near(b[0].position_m, 1.6, 0.5, -0.2);
    EXPECT_EQ(b[0].radius_m, 0.3);
    expect_near(b[5].position_m, -0.6, -0.4, 0.15);
    for (const auto& w : car.warnings) EXPECT_EQ(w.to_string().find("hull"), std::string::npos) << w.to_string();
}

TEST(VDriftCollisionShape, EveryPartsShapeIsPlacedByItsPartAndOneShapeAPartIsTaken) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    // The XS's hull, a box of its own part [guard] (position 0, 2, -0.3), a capsule of a part with
    // no section, and a box beside the body's hull, which VDrift ignores.
    const LoadedCar car = xs_with(kXsHull, std::string(kXsHull) +
                                               "\n[body.box]\nsize = 9, 9, 9\n"
                                               "\n[guard]\nposition = 0.0, 2.0, -0.3\n[guard.box]\ncenter = 0, 0.1, 0\nsize = 1.6, 0.2, 0.2\n"
                                               "\n[axle.capsule]\ncenter = 0, -1.26, -0.41\nsize = 1.4, 0.1, 0.1\n");
    const auto& b = car.spec.body_spheres;
    ASSERT_EQ(b.size(), 6u + 8u + 2u);
    // The guard's box: x (forward) 2.1 +- 0.1, y (left) +- 0.8, z -0.3 +- 0.1, in the car's axes.
    double front = -1e9, left = -1e9, low = 1e9;
    for (std::size_t k = 6; k < 14; ++k) {
        front = std::max(front, b[k].position_m.x + b[k].radius_m);
        left = std::max(left, b[k].position_m.y + b[k].radius_m);
        low = std::min(low, b[k].position_m.z - b[k].radius_m);
    }
    EXPECT_NEAR(front, 2.2, 1e-12);
    EXPECT_NEAR(left, 0.8, 1e-12);
    EXPECT_NEAR(low, -0.4, 1e-12);
    expect_near(b[14].position_m, -1.26, 0.7, -0.41);
    EXPECT_NEAR(b[15].radius_m, 0.05, 1e-12);
    bool warned = false;
    for (const auto& w : car.warnings) {
        EXPECT_EQ(w.message.find("unknown key"), std::string::npos) << w.to_string();
        warned = warned || (w.key == "body.box" && w.message.find("one collision shape a part") != std::string::npos);
    }
    EXPECT_TRUE(warned);
}

TEST(VDriftCollisionShape, APartsPositionIsReadAsItsMassReadsIt) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    // A stray decimal comma in a part's position: its first three numbers, as VDrift reads it,
    // for its mass and its shape alike, and one warning.
    const LoadedCar car = xs_with(kXsHull, std::string(kXsHull) + "\n[guard]\nmass = 10\nposition = 0.0, 2.0, -0,3\n"
                                                                   "[guard.capsule]\nsize = 1.6, 0.2, 0.2\n");
    ASSERT_EQ(car.spec.body_spheres.size(), 8u);
    EXPECT_NEAR(car.spec.body_spheres[6].position_m.x, 2.0, 1e-12);
    EXPECT_NEAR(car.spec.body_spheres[6].position_m.z, 0.0, 1e-12);
    int warnings = 0;
    for (const auto& w : car.warnings) warnings += w.key == "guard.position" ? 1 : 0;
    EXPECT_EQ(warnings, 1);
}

TEST(VDriftCollisionShape, ABadShapeIsAClearErrorAtItsLine) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const auto error_of = [](const std::string& to) {
        try {
            xs_with(kXsHull, to);
        } catch (const LoadError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_NE(error_of("[body.hull]\n00 = 1.0, 2.0\n").find("'body.hull.00': expected 3 to 4 comma-separated numbers"), std::string::npos)
        << error_of("[body.hull]\n00 = 1.0, 2.0\n");
    EXPECT_NE(error_of("[body.hull]\n00 = 1.0, 2.0, 0.0, -0.3\n").find("'body.hull.00': expected a number >= 0"), std::string::npos)
        << error_of("[body.hull]\n00 = 1.0, 2.0, 0.0, -0.3\n");
    EXPECT_NE(error_of("[body.capsule]\nsize = 1.0, 0.0, 0.2\n").find("'body.capsule.size': expected a capsule of positive thickness"),
              std::string::npos)
        << error_of("[body.capsule]\nsize = 1.0, 0.0, 0.2\n");
    std::string many = "[body.hull]\n";
    for (int k = 0; k < 65; ++k) many += fmt::format("{:02} = 0, {}, 0, 0.1\n", k, 0.01 * k);
    EXPECT_NE(error_of(many).find("at most 64"), std::string::npos) << error_of(many);
    // file:line
    EXPECT_NE(error_of("[body.hull]\n00 = 1.0, 2.0\n").find("XS.car:"), std::string::npos);
}

TEST(VDriftCollisionShape, TheShapeSurvivesBothConversions) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const LoadedCar car = xs_with(kXsHull, std::string(kXsHull) + "\n[guard.box]\ncenter = 0, 2, -0.3\nsize = 1.6, 0.2, 0.2\n");
    ASSERT_EQ(car.spec.body_spheres.size(), 14u);
    const test::TempDir dir;
    const auto toml = dir.write("XS.toml", write_toml_car(car.spec));
    EXPECT_EQ(load_car(toml).spec.body_spheres, car.spec.body_spheres);
    const VDriftCarFiles written = write_vdrift_car(car.spec, "XS2", "", "XS.car");
    const auto car_file = dir.write("cars/XS2/XS2.car", written.car);
    for (const VDriftTyreFile& tyre : written.tyres) dir.write("cars/XS2/" + tyre.name, tyre.text);
    const auto back = load_car(car_file).spec.body_spheres;
    ASSERT_EQ(back.size(), car.spec.body_spheres.size());
    for (std::size_t k = 0; k < back.size(); ++k) {
        EXPECT_NEAR(back[k].position_m.x, car.spec.body_spheres[k].position_m.x, 1e-12) << k;
        EXPECT_NEAR(back[k].position_m.y, car.spec.body_spheres[k].position_m.y, 1e-12) << k;
        EXPECT_NEAR(back[k].position_m.z, car.spec.body_spheres[k].position_m.z, 1e-12) << k;
        EXPECT_EQ(back[k].radius_m, car.spec.body_spheres[k].radius_m) << k;
    }
}

TEST(VDriftCollisionShape, APartsDamageLimitsAreSaidToBeIgnoredAndItsLightsAndSoundsAreNot) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const LoadedCar car = xs_with(kXsHull, std::string(kXsHull) +
                                               "\n[guard]\nposition = 0, 2, -0.3\n[guard.box]\nsize = 1.6, 0.2, 0.2\n"
                                               "[guard.link]\nelastic-limit = 1000\nplastic-limit = 2000\n"
                                               "[foglight.l]\nposition = -0.6, 2.1, -0.3\n[engine-sound]\npitch-soundmap-1000 = 1k\n");
    int damage = 0;
    for (const auto& w : car.warnings) {
        if (w.key.starts_with("guard.link.")) {
            ++damage;
            EXPECT_NE(w.message.find("VDrift's damage, which tractive does not model"), std::string::npos) << w.to_string();
        } else {
            EXPECT_EQ(w.message.find("unknown key"), std::string::npos) << w.to_string();
        }
    }
    EXPECT_EQ(damage, 2);
}
