// `tractive tyre`, run as a user would: the summary, the points in ISO axes (equal to the
// library's evaluation), and bad input refused with status 2.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numbers>

#include "support/cli_run.hpp"
#include "support/test_paths.hpp"
#include "tractive/analysis/tyre_curves.hpp"
#include "tractive/io/car_loader.hpp"

namespace fs = std::filesystem;
using namespace tractive;

namespace {

using test::CliRun;
using test::quoted;

CliRun run(const std::string& args, bool with_stderr = false) { return test::run_cli(args, with_stderr); }
fs::path example(const char* car) { return fs::path(TRACTIVE_EXAMPLE_CARS) / (std::string(car) + ".toml"); }

TEST(TyreCommand, ShowsACarsTyrePeaksStiffnessesAndCurves) {
    const CliRun r = run("tyre " + quoted(example("ucwin_sedan")) + " --wheel rl");
    ASSERT_EQ(r.status, 0) << r.out;
    for (const char* text : {"wheel rl", "peak_mu_x", "C_alpha_n/deg", "Fx (N) against slip ratio", "Mz"}) {
        EXPECT_NE(r.out.find(text), std::string::npos) << text << "\n" << r.out;
    }
    const CliRun j = run("tyre " + quoted(example("ucwin_sedan")) + " --json --load 3000");
    ASSERT_EQ(j.status, 0) << j.out;
    const nlohmann::json doc = nlohmann::json::parse(j.out);
    ASSERT_EQ(doc["loads"].size(), 1u);
    EXPECT_NEAR(doc["loads"][0]["peak_mu_x"].get<double>(), 0.85, 1e-6);
    EXPECT_NEAR(doc["loads"][0]["slip_stiffness_n"].get<double>(), 8.5 * 3000.0, 1e-3);
    EXPECT_EQ(doc["loads"][0]["fx_n"].size(), doc["slip_ratio"].size());
}

// Every combination of the lists, in ISO axes, equal to the library's evaluation on that wheel.
TEST(TyreCommand, PointsAreEveryCombinationInIsoAxes) {
    const CliRun r = run("tyre " + quoted(example("roadster")) +
                         " --wheel fr --load 2500,4000 --slip-ratio -0.1,0,0.08 --slip-angle-deg -4,0,4 --camber-deg 0,-2 --json");
    ASSERT_EQ(r.status, 0) << r.out;
    const nlohmann::json doc = nlohmann::json::parse(r.out);
    ASSERT_EQ(doc["points"].size(), 2u * 3u * 3u * 2u);
    const TyreSpec tyre = load_car(example("roadster")).spec.wheels[FR].tyre;
    const double deg = std::numbers::pi / 180.0;
    for (const auto& p : doc["points"]) {
        const TyrePointForces f = evaluate_tyre(tyre,
                                                {p["fz_n"].get<double>(), p["kappa"].get<double>(),
                                                 p["alpha_deg"].get<double>() * deg, p["gamma_deg"].get<double>() * deg, 20.0},
                                                TyreSide::Right);
        EXPECT_NEAR(p["fx_n"].get<double>(), f.fx_n, 1e-9 * (1.0 + std::abs(f.fx_n)));
        EXPECT_NEAR(p["fy_n"].get<double>(), f.fy_n, 1e-9 * (1.0 + std::abs(f.fy_n)));
        EXPECT_NEAR(p["mz_nm"].get<double>(), f.mz_nm, 1e-9 * (1.0 + std::abs(f.mz_nm)));
        const double alpha = p["alpha_deg"].get<double>();
        if (alpha > 0.0 && p["kappa"].get<double>() == 0.0 && p["gamma_deg"].get<double>() == 0.0) {
            EXPECT_LT(p["fy_n"].get<double>(), 0.0) << p;  // ISO: a positive slip angle pushes right
        }
    }
}

TEST(TyreCommand, ShowsAVDriftTyreFile) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const fs::path tyre = test::vdrift_data() / "carparts" / "tire" / "touring.tire";
    const CliRun r = run("tyre " + quoted(tyre) + " --json");
    ASSERT_EQ(r.status, 0) << r.out;
    const nlohmann::json doc = nlohmann::json::parse(r.out);
    EXPECT_EQ(doc["model"], "pacejka89");
    for (const auto& load : doc["loads"]) {
        EXPECT_GT(load["peak_mu_x"].get<double>(), 1.0);  // VDrift's grippy touring tyre
        EXPECT_LT(load["peak_mu_x"].get<double>(), 2.0);
        EXPECT_GT(load["cornering_stiffness_n_per_deg"].get<double>(), 0.0);
        EXPECT_TRUE(load["lateral_relaxation_length_m"].is_null());  // a bare .tire gives no radius
    }
}

// --png draws the three panels: a PNG of 1560 x 440 pixels; a folder that is not there leaves no
// file and fails.
TEST(TyreCommand, DrawsThePng) {
    test::TempDir dir;
    const fs::path png = dir.path() / "tyre.png";
    const CliRun r = run("tyre " + quoted(example("roadster")) + " --png " + quoted(png), true);
    ASSERT_EQ(r.status, 0) << r.out;
    std::ifstream in(png, std::ios::binary);
    std::string header(24, '\0');
    in.read(header.data(), 24);
    ASSERT_TRUE(in.good());
    EXPECT_EQ(header.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
    const auto be32 = [&](std::size_t at) {
        return (static_cast<unsigned char>(header[at]) << 24) | (static_cast<unsigned char>(header[at + 1]) << 16) |
               (static_cast<unsigned char>(header[at + 2]) << 8) | static_cast<unsigned char>(header[at + 3]);
    };
    EXPECT_EQ(be32(16), 1560);  // IHDR width
    EXPECT_EQ(be32(20), 440);   // and height
    const fs::path nowhere = dir.path() / "no-such-folder" / "tyre.png";
    const CliRun bad = run("tyre " + quoted(example("roadster")) + " --png " + quoted(nowhere), true);
    EXPECT_NE(bad.status, 0) << bad.out;
    EXPECT_FALSE(fs::exists(nowhere));
    EXPECT_FALSE(fs::exists(nowhere.string() + ".part"));
}

TEST(TyreCommand, RefusesBadInputWithStatusTwo) {
    test::TempDir dir;
    const auto bad = dir.write("bad.tire", "a0 = 1.5\nthis is not a key value line\n");
    for (const std::string& args : {std::string("tyre ") + quoted(dir.path() / "missing.tire"),
                                    std::string("tyre ") + quoted(bad),
                                    std::string("tyre ") + quoted(example("roadster")) + " --wheel xx",
                                    std::string("tyre ") + quoted(example("roadster")) + " --load -5",
                                    std::string("tyre")}) {
        const CliRun r = run(args, true);
        EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    }
    const CliRun line = run("tyre " + quoted(bad), true);
    EXPECT_NE(line.out.find("bad.tire:2"), std::string::npos) << line.out;
}

// What the options say they do, on a car as on a tyre file. Before: a car's --set was ignored
// (any key, rc 0, the car as written), --pressure-kpa on a car was ignored, a NaN load or angle
// printed a row of zeros with rc 0, and --wheel fr showed a bare tyre file as a left one.
TEST(TyreCommand, OptionsActOnACarAndATyreFileAlikeAndANaNIsRefused) {
    const std::string car = quoted(example("hatchback"));
    const auto fy = [](const CliRun& r) { return nlohmann::json::parse(r.out)["points"][0]["fy_n"].get<double>(); };
    const std::string point = " --load 4000 --slip-angle-deg 4 --json";
    // --set: the changed car's tyre at the changed car's static load (a heavier engine), and a
    // key the car does not have refused.
    const auto nominal_load = [](const CliRun& r) { return nlohmann::json::parse(r.out)["loads"][1]["fz_n"].get<double>(); };
    const CliRun as_is = run("tyre " + car + " --json"), heavier = run("tyre " + car + " --json --set mass[0].mass_kg=300");
    ASSERT_EQ(as_is.status, 0) << as_is.out;
    ASSERT_EQ(heavier.status, 0) << heavier.out;
    EXPECT_GT(nominal_load(heavier), nominal_load(as_is) + 100.0);
    EXPECT_EQ(run("tyre " + car + " --set tyres.touring.bogus_key=1", true).status, 2);
    // --pressure-kpa on a car: its MF 6.1 tyre at that pressure, as the same file alone at it.
    test::TempDir dir;
    const fs::path tir = fs::path(TRACTIVE_TEST_DATA) / "tir" / "mf61_205_55R16.tir";
    std::ifstream hatchback(example("hatchback"));
    std::string text((std::istreambuf_iterator<char>(hatchback)), std::istreambuf_iterator<char>());
    text.replace(text.find("\"tyres/summer_205_55R16.tir\""), 28, quoted(tir));
    const fs::path mf61_car = dir.write("mf61.toml", text);
    const CliRun car_150 = run("tyre " + quoted(mf61_car) + point + " --pressure-kpa 150");
    const CliRun car_own = run("tyre " + quoted(mf61_car) + point);
    const CliRun file_150 = run("tyre " + quoted(tir) + point + " --pressure-kpa 150");
    ASSERT_EQ(car_150.status, 0) << car_150.out;
    ASSERT_EQ(file_150.status, 0) << file_150.out;
    EXPECT_EQ(fy(car_150), fy(file_150));
    EXPECT_GT(std::abs(fy(car_150) - fy(car_own)), 10.0) << "the pressure changed nothing";
    EXPECT_EQ(run("tyre " + car + " --pressure-kpa 150", true).status, 2) << "a PAC2002 tyre has no pressure law";
    EXPECT_EQ(run("tyre " + quoted(tir) + " --set a=1", true).status, 2) << "--set on a tyre file";
    // A NaN anywhere a number goes is refused.
    const CliRun no_load = run("tyre " + quoted(tir) + " --load 0", true);
    EXPECT_NE(no_load.status, 0);
    EXPECT_NE(no_load.out.find("expected a load above 0 N and at most 1000000 N, got 0"), std::string::npos) << no_load.out;
    for (const char* nan : {" --load nan", " --slip-angle-deg nan", " --slip-ratio nan", " --camber-deg nan", " --pressure-kpa nan", " --speed nan"}) {
        EXPECT_NE(run("tyre " + quoted(tir) + " --load 4000 --slip-angle-deg 1" + nan, true).status, 0) << nan;
    }
    // --wheel fr shows a bare tyre file on a right-hand wheel: its ply steer and conicity
    // mirrored, as on a car's fr wheel.
    const std::string straight = " --load 4000 --slip-angle-deg 0 --json";
    const double left = fy(run("tyre " + quoted(tir) + straight)), right = fy(run("tyre " + quoted(tir) + straight + " --wheel fr"));
    const double on_car_fr = fy(run("tyre " + quoted(mf61_car) + straight + " --wheel fr"));
    EXPECT_NE(left, 0.0);
    EXPECT_EQ(right, -left);
    EXPECT_EQ(right, on_car_fr);
}

}  // namespace
