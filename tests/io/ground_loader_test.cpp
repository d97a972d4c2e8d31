// Ground files: meshes, heightfields (CSV and 16-bit PNG) and ground descriptions, and the errors
// for what cannot be used.
#include <gtest/gtest.h>
#include <png.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/grounds.hpp"
#include "tractive/io/ground_loader.hpp"
#include "tractive/io/load_error.hpp"

using namespace tractive;

namespace {

class GroundFiles : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() / ("tractive_grounds_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
                                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::filesystem::path write(const std::string& name, const std::string& text) {
        std::ofstream(dir_ / name, std::ios::binary) << text;
        return dir_ / name;
    }
    // A 16-bit grey PNG of width x height, sample (i, j) = value(i, j), row 0 at the top.
    template <typename F>
    std::filesystem::path write_png(const std::string& name, png_uint_32 width, png_uint_32 height, F value) {
        const std::filesystem::path p = dir_ / name;
        std::FILE* fp = std::fopen(p.string().c_str(), "wb");
        png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
        png_infop info = png_create_info_struct(png);
        png_init_io(png, fp);
        png_set_IHDR(png, info, width, height, 16, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        png_write_info(png, info);
        std::vector<png_byte> row(2 * width);
        for (png_uint_32 j = 0; j < height; ++j) {
            for (png_uint_32 i = 0; i < width; ++i) {
                const auto v = static_cast<std::uint16_t>(value(i, j));
                row[2 * i] = static_cast<png_byte>(v >> 8);  // big-endian
                row[2 * i + 1] = static_cast<png_byte>(v & 0xff);
            }
            png_write_row(png, row.data());
        }
        png_write_end(png, nullptr);
        png_destroy_write_struct(&png, &info);
        std::fclose(fp);
        return p;
    }
    std::string error_of(const std::filesystem::path& p, const GroundLoadOptions& o = {}) {
        try {
            load_ground(p, o);
        } catch (const LoadError& e) {
            return std::string(e.what()).replace(0, dir_.string().size() + 1, "");
        }
        return "no error";
    }
    std::filesystem::path dir_;
};

WheelProbe wheel_at(double x, double y, double z) { return test::wheel_at({x, y, z}); }

}  // namespace

// The first CSV row is the north edge: the third row of this table is y = 0.
TEST_F(GroundFiles, ACsvHeightfieldIsReadAsAMapFromAbove) {
    write("hill.csv", "# heights in centimetres\n0,0,0\n0,100,0\n10,20,30\n");
    write("hill.toml", "[heightfield]\nfile = \"hill.csv\"\nspacing_m = 2.0\nheight_scale_m = 0.01\norigin_m = [-2.0, 0.0]\n"
                       "[surface]\nfriction = 0.8\n[start]\nx_m = 1.0\ny_m = 0.5\nheading_deg = 90\n");
    const LoadedGround g = load_ground(dir_ / "hill.toml");
    EXPECT_EQ(g.summary, "heightfield of 3 x 3 samples, 2 x 2 m apart");
    ASSERT_TRUE(g.start);
    EXPECT_NEAR(g.start->heading_rad, 1.5707963267948966, 1e-15);
    EXPECT_NEAR(g.ground->surface_at(-2.0, 0.0)->z_m, 0.10, 1e-12);  // south-west
    EXPECT_NEAR(g.ground->surface_at(2.0, 0.0)->z_m, 0.30, 1e-12);   // south-east
    EXPECT_NEAR(g.ground->surface_at(0.0, 2.0)->z_m, 1.00, 1e-12);   // the middle sample
    EXPECT_NEAR(g.ground->surface_at(0.0, 4.0)->z_m, 0.0, 1e-12);    // north edge
    EXPECT_NEAR(g.ground->surface_at(0.0, 2.0)->friction_factor, 0.8, 1e-15);
    // The same CSV on its own is refused without a spacing, and read with one.
    std::filesystem::remove(dir_ / "hill.toml");
    EXPECT_EQ(error_of(dir_ / "hill.csv"), "hill.csv: a heightfield needs its sample spacing: write hill.toml beside it with a [heightfield] "
                                           "table (docs/grounds.md), or give the spacing (tractive's --ground-spacing)");
    GroundLoadOptions o;
    o.spacing_m = 1.0;
    o.height_scale_m = 0.01;
    const LoadedGround bare = load_ground(dir_ / "hill.csv", o);
    EXPECT_NEAR(bare.ground->surface_at(1.0, 1.0)->z_m, 1.0, 1e-12);
    // With no [start], a car starts at the field's middle (its origin is the south-west corner).
    ASSERT_TRUE(bare.start);
    EXPECT_EQ(bare.start->x_m, 1.0);
    EXPECT_EQ(bare.start->y_m, 1.0);
    EXPECT_EQ(bare.start->heading_rad, 0.0);
}

TEST_F(GroundFiles, A16BitPngHeightfield) {
    // A 30 % ramp rising eastwards: 0.3 m per column of 1 m, in millimetres.
    write_png("ramp.png", 40, 20, [](png_uint_32 i, png_uint_32) { return 300 * i; });
    write("ramp.toml", "[heightfield]\nfile = \"ramp.png\"\nspacing_m = 1.0\nheight_scale_m = 0.001\n");
    const LoadedGround g = load_ground(dir_ / "ramp.png");  // finds ramp.toml beside it
    EXPECT_NEAR(g.ground->surface_at(10.5, 7.25)->z_m, 3.15, 1e-12);
    const GroundContact c = g.ground->wheel_contact(wheel_at(10.0, 5.0, 3.2));
    ASSERT_TRUE(c.found);
    EXPECT_NEAR(c.normal.x, -0.3 / std::sqrt(1.09), 1e-12);
    write("rgb.png", std::string("\x89PNG\r\n\x1a\n", 8) + "not really");
    GroundLoadOptions o;
    o.spacing_m = 1.0;
    EXPECT_NE(error_of(dir_ / "rgb.png", o).find("not a heightfield PNG"), std::string::npos);
}

TEST_F(GroundFiles, AMeshWithItsSurfacesAndStart) {
    write("pad.obj", "v -10 -10 0\nv 10 -10 0\nv 10 10 0\nv -10 10 0\nv 30 -10 0\nv 30 10 0\n"
                     "usemtl asphalt\nf 1 2 3 4\nusemtl gravel\nf 2 5 6 3\n");
    write("pad.toml", "[mesh]\nfile = \"pad.obj\"\n[surfaces.gravel]\nfriction = 0.6\nfriction_off_road_tyre = 0.75\nrolling_resistance = 3\n"
                      "[start]\nx_m = -5\ny_m = 2\n");
    const LoadedGround g = load_ground(dir_ / "pad.toml");
    EXPECT_EQ(g.summary, "mesh of 4 triangles (3 surfaces)");
    ASSERT_TRUE(g.start);
    EXPECT_EQ(g.start->x_m, -5.0);
    WheelProbe w = wheel_at(20.0, 0.0, 0.28);
    w.tread = 1.0;
    EXPECT_NEAR(g.ground->wheel_contact(w).friction_factor, 0.75, 1e-15);
    EXPECT_EQ(g.ground->wheel_contact(w).rolling_resistance_factor, 3.0);
    EXPECT_NEAR(g.ground->wheel_contact(wheel_at(0.0, 0.0, 0.28)).friction_factor, 1.0, 1e-15);
}

// The shipped test piece (examples/grounds/test_piece.obj, scripts/make_test_piece.py): its plate,
// kerb, ramp plateau and bumps where docs/grounds.md says, and no ground past the plate's end.
TEST_F(GroundFiles, TheShippedTestPieceIsWhereItsDocsSay) {
    const LoadedGround g = load_ground(std::filesystem::path(TRACTIVE_EXAMPLE_CARS).parent_path() / "grounds" / "test_piece.obj");
    EXPECT_EQ(g.summary, "mesh of 990 triangles (3 surfaces)");
    const auto height = [&](double x, double y) { return g.ground->surface_at(x, y).value_or(SurfacePoint{-99.0}).z_m; };
    EXPECT_NEAR(height(0.0, 0.0), 0.0, 1e-12);
    EXPECT_NEAR(height(75.0, 4.0), 0.12, 1e-12);   // the kerb
    EXPECT_NEAR(height(75.0, 3.0), 0.0, 1e-12);    // beside it
    EXPECT_NEAR(height(165.0, 0.0), 0.4, 1e-12);   // the ramp's plateau
    EXPECT_NEAR(height(154.0, 0.0), 0.2, 1e-9);    // half way up the ramp
    EXPECT_NEAR(height(200.5, 1.0), 0.08, 1e-3);   // the first bump's top (8 segments of a half sine)
    EXPECT_FALSE(g.ground->surface_at(260.0, 0.0).has_value());
}

// A road without [start] starts a car 10 m along its centreline, heading along it (on a bend
// too: a left bend of 20 m radius has turned 0.5 rad by then), not at the centreline's start,
// where the rear wheels would hang off the road's end; and a verge table that sets only its
// friction keeps the verge's own off-road friction and rolling resistance.
TEST_F(GroundFiles, ARoadStartsACarOnItAndAVergeKeepsWhatItsTableLeavesOut) {
    const LoadedGround bend = load_ground(write("bend.toml", "[road]\nstart_m = [5.0, 1.0, 0.0]\nwidth_m = 8.0\n"
                                                             "[[road.section]]\nlength_m = 30.0\nradius_m = 20.0\n"
                                                             "[surfaces.verge]\nfriction = 0.5\n"));
    ASSERT_TRUE(bend.start);
    EXPECT_NEAR(bend.start->x_m, 5.0 + 20.0 * std::sin(0.5), 1e-12);
    EXPECT_NEAR(bend.start->y_m, 1.0 + 20.0 * (1.0 - std::cos(0.5)), 1e-12);
    EXPECT_NEAR(bend.start->heading_rad, 0.5, 1e-15);
    // On the paved centreline: the road's own friction there, 1.
    EXPECT_NEAR(bend.ground->surface_at(bend.start->x_m, bend.start->y_m)->friction_factor, 1.0, 1e-15);
    // The verge, 6 m to the right of the centreline 2 m along it (4 m paved half-width, 4 m verge).
    const double vx = 5.0 + 20.0 * std::sin(0.1) + 6.0 * std::sin(0.1), vy = 1.0 + 20.0 * (1.0 - std::cos(0.1)) - 6.0 * std::cos(0.1);
    const GroundContact verge = bend.ground->wheel_contact(wheel_at(vx, vy, 0.25));
    ASSERT_TRUE(verge.found);
    EXPECT_EQ(verge.friction_factor, 0.5);
    EXPECT_EQ(verge.rolling_resistance_factor, 4.0);
    EXPECT_EQ(bend.ground->wheel_contact([&] {
        WheelProbe w = wheel_at(vx, vy, 0.25);
        w.tread = 1.0;  // an off-road tyre
        return w;
    }()).friction_factor, 0.8);
    // A short road: half of it.
    const LoadedGround short_road = load_ground(write("short.toml", "[road]\n[[road.section]]\nlength_m = 6.0\n"));
    EXPECT_NEAR(short_road.start->x_m, 3.0, 1e-12);
}

TEST_F(GroundFiles, RefusesWhatItCannotUse) {
    EXPECT_EQ(error_of(write("a.txt", "x")), "a.txt: expected a ground file: .obj (mesh), .png or .csv (heightfield), or .toml (ground description)");
    // A heightfield that is not there is missing, whatever its spacing (not a spacing's problem).
    EXPECT_EQ(error_of(dir_ / "nowhere.png"), "nowhere.png: no such file");
    EXPECT_EQ(error_of(dir_ / "nowhere.csv"), "nowhere.csv: no such file");
    EXPECT_EQ(error_of(write("none.toml", "[start]\nx_m = 1\n")), "none.toml: expected exactly one of the tables [mesh], [heightfield] and [road]");
    // A description beside a heightfield that is of another ground is not loaded in its place.
    write("ramp.csv", "0,0\n0,0\n");
    write("ramp.toml", "[road]\n[[road.section]]\nlength_m = 100\n");
    EXPECT_EQ(error_of(dir_ / "ramp.csv"),
              "ramp.toml: 'heightfield.file': the description beside ramp.csv is not of it: expected a [heightfield] whose file is ramp.csv");
    // A key the format does not have is refused where it is written, not left to a default.
    EXPECT_EQ(error_of(write("misspelt.toml", "[road]\nwidthh_m = 20\n[[road.section]]\nlength_m = 100\n")),
              "misspelt.toml:2: 'road.widthh_m': not a key of [road]: expected start_m, heading_deg, grade, bank_deg, width_m, verge_m, step_m, "
              "section");
    EXPECT_EQ(error_of(write("section.toml", "[road]\n[[road.section]]\nlength = 100\n")),
              "section.toml:3: 'road.section[0].length': not a key of [road.section[0]]: expected length_m, radius_m, grade_end, bank_end_deg, "
              "width_end_m");
    EXPECT_EQ(error_of(write("grass.toml", "[road]\n[[road.section]]\nlength_m = 100\n[surfaces.verge]\nfrict = 0.5\n")),
              "grass.toml:5: 'surfaces.verge.frict': not a key of [surfaces.verge]: expected friction, friction_off_road_tyre, rolling_resistance");
    EXPECT_EQ(error_of(write("extra.toml", "[road]\n[[road.section]]\nlength_m = 100\n[finish]\nx_m = 1\n")),
              "extra.toml:4: 'finish': not a key of a ground description: expected mesh, heightfield, road, surfaces, surface, start");
    EXPECT_EQ(error_of(write("nofile.toml", "[mesh]\nup = \"z\"\n")), "nofile.toml:1: 'mesh.file': missing required key");
    write("pad.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    EXPECT_EQ(error_of(write("up.toml", "[mesh]\nfile = \"pad.obj\"\nup = \"x\"\n")), "up.toml:3: 'mesh.up': expected 'z' or 'y', got 'x'");
    EXPECT_EQ(error_of(write("mu.toml", "[mesh]\nfile = \"pad.obj\"\n[surfaces.ice]\nfriction = -0.1\n")),
              "mu.toml:4: 'surfaces.ice.friction': expected a positive number, got -0.1");
    // Finite but beyond any world (spec/validate.hpp, plausible::): refused where they are written.
    write("flat.csv", "0,0\n0,0\n");
    EXPECT_EQ(error_of(write("wide.toml", "[heightfield]\nfile = \"flat.csv\"\nspacing_m = 1e200\n")),
              "wide.toml:3: 'heightfield.spacing_m': expected a positive number of at most 10000 m, got 1e+200 (plausible range)");
    EXPECT_EQ(error_of(write("spin.toml", "[heightfield]\nfile = \"flat.csv\"\nspacing_m = 1\n[start]\nheading_deg = 1e308\n")),
              "spin.toml:5: 'start.heading_deg': expected a finite number of magnitude at most 3600 deg, got 1e+308 (plausible range)");
    // The caller's spacing for a bare heightfield (--ground-spacing, Python's) in the same limits.
    EXPECT_EQ(error_of(dir_ / "flat.csv", GroundLoadOptions{UpAxis::Z, 1e200, std::nullopt}),
              "flat.csv: ground spacing 1e+200: expected a positive number of at most 10000 m, got 1e+200 (plausible range)");
    EXPECT_EQ(error_of(write("ragged.csv", "1,2,3\n4,5\n"), GroundLoadOptions{UpAxis::Z, 1.0, std::nullopt}),
              "ragged.csv:2: expected 3 values as in the first row, got 2");
    EXPECT_EQ(error_of(write("word.csv", "1,2\n3,high\n"), GroundLoadOptions{UpAxis::Z, 1.0, std::nullopt}),
              "word.csv:2: 'column 2': expected a finite height, got 'high'");
    EXPECT_EQ(error_of(write("missing.toml", "[heightfield]\nfile = \"nowhere.csv\"\n")).substr(0, 11), "nowhere.csv");
    // A height beyond the world's 1e7 m (offset + scale x sample) is refused at its line and
    // column in the file, counted as the file is (row 1 at the top; blank and comment lines
    // count as lines), not as the grid's rows from the south.
    write("peak.csv", "# a peak\n0,0,0\n\n0,2e4,0\n0,0,0\n");
    EXPECT_EQ(error_of(write("peak.toml", "[heightfield]\nfile = \"peak.csv\"\nspacing_m = 2\nheight_scale_m = 1000\n")),
              "peak.csv:4: 'column 2': the sample 20000 makes a height of 2e+07 m (offset 0 m + scale 1000 m x the sample): expected heights "
              "within 1e7 m, as every coordinate of a world");
    EXPECT_EQ(error_of(dir_ / "peak.csv", GroundLoadOptions{UpAxis::Z, 2.0, 1000.0}).substr(0, 20), "peak.csv:4: 'column ");
    write_png("tall.png", 3, 2, [](png_uint_32 i, png_uint_32 j) { return i == 2 && j == 1 ? 60000 : 0; });
    EXPECT_EQ(error_of(write("tall.toml", "[heightfield]\nfile = \"tall.png\"\nspacing_m = 1\nheight_scale_m = 1000\n")),
              "tall.png: 'row 2 from the top, column 3': the sample 60000 makes a height of 6e+07 m (offset 0 m + scale 1000 m x the "
              "sample): expected heights within 1e7 m, as every coordinate of a world");
}
