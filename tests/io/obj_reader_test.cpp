// Wavefront OBJ ground meshes: what is read, and every malformed line refused with its place.
#include <gtest/gtest.h>

#include <string>

#include "tractive/io/load_error.hpp"
#include "tractive/io/obj_reader.hpp"

using namespace tractive;

namespace {

std::string error_of(std::string_view text, const ObjOptions& options = {}) {
    try {
        parse_obj(text, "track.obj", options);
    } catch (const LoadError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST(ObjReader, ReadsVerticesFacesAndMaterials) {
    const std::string text =
        "# a quad of asphalt and a triangle of grass\n"
        "mtllib track.mtl\n"
        "o ground\n"
        "v 0 0 0\nv 10 0 0\nv 10 10 0.5\nv 0 10 0.5\n"
        "vt 0 0\nvn 0 0 1\n"
        "usemtl asphalt\n"
        "f 1/1/1 2/1/1 3/1/1 4/1/1\n"
        "v 20 0 0 # a comment\n"
        "usemtl grass\n"
        "f -4//1 -1//1 \\\n  -3//1\n"
        "s off\n";
    ObjOptions options;
    options.surfaces["grass"] = GroundSurface{"", 0.55, 0.8, 6.0};
    const TriangleMesh m = parse_obj(text, "track.obj", options);
    ASSERT_EQ(m.vertices_m.size(), 5u);
    ASSERT_EQ(m.triangles.size(), 3u);  // the quad as a fan of two
    EXPECT_EQ(m.triangles[0], (std::array<std::uint32_t, 3>{0, 1, 2}));
    EXPECT_EQ(m.triangles[1], (std::array<std::uint32_t, 3>{0, 2, 3}));
    EXPECT_EQ(m.triangles[2], (std::array<std::uint32_t, 3>{1, 4, 2}));  // -4 = 2nd, -1 = 5th, -3 = 3rd
    ASSERT_EQ(m.surfaces.size(), 3u);  // default, asphalt, grass
    EXPECT_EQ(m.surfaces[m.surface_of_triangle[0]].name, "asphalt");
    EXPECT_EQ(m.surfaces[m.surface_of_triangle[0]].friction_road_tyre, 1.0);  // not given: the default surface
    EXPECT_EQ(m.surfaces[m.surface_of_triangle[2]].name, "grass");
    EXPECT_EQ(m.surfaces[m.surface_of_triangle[2]].friction_road_tyre, 0.55);
    EXPECT_EQ(m.surfaces[m.surface_of_triangle[2]].rolling_resistance, 6.0);
    EXPECT_NO_THROW(MeshGround{m});
}

// Most modelling tools write y up: (x, y, z) becomes (x, -z, y), keeping the faces' handedness.
TEST(ObjReader, TurnsAYUpFileToZUp) {
    ObjOptions options;
    options.up = UpAxis::Y;
    const TriangleMesh m = parse_obj("v 1 2 3\nv 4 2 3\nv 1 2 -5\nf 1 2 3\n", "y.obj", options);
    EXPECT_EQ(m.vertices_m[0], (Vec3{1.0, -3.0, 2.0}));
    const MeshGround ground(m);
    EXPECT_NEAR(ground.surface_at(2.0, 0.0)->z_m, 2.0, 1e-12);
}

TEST(ObjReader, RefusesMalformedFilesNamingTheLine) {
    EXPECT_EQ(error_of("v 0 0 0\nv 1 0 0\nv 0 x 0\n"), "track.obj:3: 'v': a finite number for coordinate 2, got 'x'");
    EXPECT_EQ(error_of("v 0 0 0\nv 1 0\n"), "track.obj:2: 'v': 3 coordinates x y z, got 2");
    // Beyond the limits of a world (1e7 m, spec/validate.hpp), as every ground's coordinates.
    EXPECT_EQ(error_of("v 0 0 0\nv 1e8 0 0\n"),
              "track.obj:2: 'v': coordinate 1: expected a finite number of magnitude at most 10000000 m, got 100000000 (plausible range)");
    EXPECT_EQ(error_of("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n"), "track.obj:4: 'f': a vertex index 1..3 (or -1..-3 from the last), got '4'");
    EXPECT_EQ(error_of("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 0 2\n"), "track.obj:4: 'f': a vertex index 1..3 (or -1..-3 from the last), got '0'");
    EXPECT_EQ(error_of("v 0 0 0\nv 1 0 0\nf 1 2\n"), "track.obj:3: 'f': at least 3 vertices, got 2");
    EXPECT_EQ(error_of("v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\n"),
              "track.obj:4: 'f': a face with area (triangle 1 of it has none: repeated or collinear vertices)");
    EXPECT_EQ(error_of("v 0 0 0\n"), "track.obj: 'f': at least one face");
    EXPECT_EQ(error_of("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2.5 3\n"), "track.obj:4: 'f': a vertex index 1..3 (or -1..-3 from the last), got '2.5'");
    EXPECT_EQ(error_of("v 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl\nf 1 2 3\n"), "track.obj:4: 'usemtl': a material name");
    EXPECT_NE(error_of(std::string("v 0 0 0\n\0\n", 10)), "no error");  // binary data
}
