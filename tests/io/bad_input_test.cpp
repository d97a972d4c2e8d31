// Hostile and broken car files: each gives one LoadError naming file, line (where the problem
// sits on one), key and what was expected. The base files below are written for this test.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <map>

#include "support/sample_cars.hpp"
#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/toml_writer.hpp"

using namespace tractive;
namespace fs = std::filesystem;

using test::kTomlCar;
using test::tyre_text;
using test::vdrift_car_text;

namespace {

struct Case {
    std::string name;
    bool toml = false;
    // Edits the main file's text; files holds extra files relative to the data root.
    std::function<std::string(std::string)> edit;
    std::map<std::string, std::string> extra_files;
    std::string expect_in_message;  // what was expected / the key
    std::string line_marker;        // the offending line contains this; empty = no line check
};

std::string replace(std::string text, const std::string& from, const std::string& to) {
    const auto pos = text.find(from);
    if (pos == std::string::npos) throw std::logic_error("test setup: '" + from + "' not in the base file");
    return text.replace(pos, from.size(), to);
}

std::function<std::string(std::string)> swap(std::string from, std::string to) {
    return [from, to](std::string t) { return replace(std::move(t), from, to); };
}

int line_of(const std::string& text, const std::string& marker) {
    const auto pos = text.find(marker);
    if (pos == std::string::npos) return -1;
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(pos), '\n'));
}

// Eight levels of tyre files, each including the next twenty times: 20^8 expansions without a
// cache and a cap.
std::map<std::string, std::string> include_bomb() {
    std::map<std::string, std::string> files;
    for (int level = 0; level < 8; ++level) {
        std::string text;
        for (int k = 0; k < 20; ++k) text += "k" + std::to_string(k) + " = &tire/bomb" + std::to_string(level + 1) + ".tire\n";
        files["carparts/tire/bomb" + std::to_string(level) + ".tire"] = text;
    }
    files["carparts/tire/bomb8.tire"] = "x = 1\n";
    return files;
}

std::vector<Case> cases() {
    const auto same = [](std::string t) { return t; };
    return {
        {"non-numeric value", false, swap("mass = 120.0", "mass = heavy"), {}, "engine.mass': expected a number >= 0, got 'heavy'", "mass = heavy"},
        {"NaN", false, swap("inertia = 0.2", "inertia = nan"), {}, "engine.inertia': expected a positive number", "inertia = nan"},
        {"infinity", false, swap("inertia = 0.2", "inertia = inf"), {}, "engine.inertia'", "inertia = inf"},
        {"negative mass", false, swap("mass = 400", "mass = -400"), {}, "particle-01.mass'", "mass = -400"},
        {"missing required key", false, swap("rpm-limit = 7000\n", ""), {}, "engine.rpm-limit': missing required key", "[engine]"},
        {"missing section", false, swap("[clutch]", "[clutches]"), {}, "missing section [clutch]", ""},
        {"syntax error", false, swap("[clutch]", "[clutch]\nthis line has no equals sign"), {}, "expected 'key = value'", "this line has no"},
        {"unclosed section", false, swap("[clutch]", "[clutch"), {}, "unclosed section header", "[clutch"},
        {"torque curve rpm not increasing", false, swap("torque-curve-02 = 7000, 120", "torque-curve-02 = 3000, 120"), {}, "rpm must increase", "torque-curve-02"},
        {"bias above 1", false, swap("bias = 0.5", "bias = 1.5"), {}, "wheel.fl.brake.bias': expected a number in [0, 1], got 1.5", "bias = 1.5"},
        {"bias below 0", false, swap("bias = 0.5", "bias = -0.1"), {}, "expected a number in [0, 1]", "bias = -0.1"},
        {"zero tyre size", false, swap("size = 205, 55, 16", "size = 0, 55, 16"), {}, "wheel.fl.tire.size'", "size = 0, 55, 16"},
        {"negative brake radius", false, swap("radius = 0.12\narea = 0.01", "radius = -0.12\narea = 0.01"), {}, "wheel.fl.brake.radius'", "radius = -0.12"},
        {"fewer ratios than gears", false, swap("gears = 2", "gears = 3"), {}, "no ratio for gear 3", "gears = 3"},
        {"more ratios than gears", false, swap("gear-ratio-2 = 1.5", "gear-ratio-2 = 1.5\ngear-ratio-3 = 1.0"), {}, "gear count does not match", "gear-ratio-3"},
        {"reverse ratio positive", false, swap("gear-ratio-r = -3.0", "gear-ratio-r = 3.0"), {}, "expected a negative number", "gear-ratio-r"},
        {"vector with two numbers", false, swap("position = 0.0, -1.0, 0.0\ncapacity", "position = 0.0, -1.0\ncapacity"), {}, "fuel-tank.position': expected at least 3 comma-separated numbers", "position = 0.0, -1.0\n"},
        {"fuel over capacity", false, swap("volume = 0.04", "volume = 0.06"), {}, "no larger than the capacity", "volume = 0.06"},
        {"missing tyre file", false, swap("type = tire/test.tire", "type = tire/nope.tire"), {}, "cannot find 'tire/nope.tire'", "tire/nope.tire"},
        {"include leaving the data root", false, swap("type = tire/test.tire", "type = ../../outside.tire"), {{"../outside.tire", "x = 1\n"}}, "outside the data root", "outside.tire"},
        // A tyre file's problems are reported at the car's line that names the tyre (the first
        // wheel's type entry), with the tyre file's own line in the message.
        {"include cycle", false, swap("type = tire/test.tire", "type = tire/loop.tire"), {{"carparts/tire/loop.tire", "rolling-resistance = &tire/loop.tire\n"}}, "loop.tire:1: 'rolling-resistance': include cycle", "type = tire/loop.tire"},
        {"incomplete Pacejka 2002 tyre", false, swap("type = tire/test.tire", "type = tire/mf.tire"), {{"carparts/tire/mf.tire", "rolling-resistance = 0.01, 0\ntread = 0\nPCY1 = 1.3\nPDX1 = 1.1\n"}}, "'PCX1'", "type = tire/mf.tire"},
        {"BOM accepted", false, [](std::string t) { return "\xEF\xBB\xBF" + t; }, {}, "", ""},
        {"include fan-out refused", false, swap("type = tire/test.tire", "type = tire/bomb0.tire"), include_bomb(), "include expansions", "type = tire/bomb0.tire"},
        {"empty value", false, swap("inertia = 0.2", "inertia ="), {}, "'engine.inertia': expected a positive number, got an empty value", "inertia ="},
        {"empty tyre type", false, swap("type = tire/test.tire", "type ="), {}, "'wheel.fl.tire.type': expected a file name, got an empty value", "type ="},
        {"huge mass", false, swap("mass = 120.0", "mass = 1e308"), {}, "'engine.mass': expected a number >= 0 of at most 100000 kg", "mass = 1e308"},
        {"huge position", false, swap("position = 0.0, 1.0, 0.0\nmass = 120.0", "position = 0.0, 1e308, 0.0\nmass = 120.0"), {}, "'engine.position': expected a finite number of magnitude at most 100 m", "position = 0.0, 1e308"},
        {"huge rpm limit", false, swap("rpm-limit = 7000", "rpm-limit = 1e308"), {}, "'engine.rpm-limit': expected a positive number of at most 50000 rpm", "rpm-limit = 1e308"},
        {"huge peak-engine-rpm", false, swap("rpm-limit = 7000", "rpm-limit = 7000\nmax-power = 1e5\npeak-engine-rpm = 1e12"), {}, "'engine.peak-engine-rpm'", "peak-engine-rpm = 1e12"},
        {"tiny gear ratio", false, swap("gear-ratio-1 = 3.0", "gear-ratio-1 = 1e-320"), {}, "'transmission.gear-ratio-1': expected a positive number from 0.001 to 1000", "gear-ratio-1 = 1e-320"},
        {"tiny final drive", false, swap("final-drive = 4.0", "final-drive = 1e-320"), {}, "'differential-rear.final-drive'", "final-drive = 1e-320"},
        {"huge tyre size", false, swap("size = 205, 55, 16", "size = 1e300, 45, 17"), {}, "'wheel.fl.tire.size': expected a positive number of at most 2000 mm", "size = 1e300, 45, 17"},
        {"huge spring", false, swap("spring-constant = 40000", "spring-constant = 1e300"), {}, "'wheel.fl.coilover.spring-constant'", "spring-constant = 1e300"},
        {"rpm limit below start rpm", false, swap("rpm-limit = 7000", "rpm-limit = 800"), {}, "'engine.rpm-limit': expected rpm-limit above start-rpm (900)", "rpm-limit = 800"},
        {"CG outside the wheelbase", false, swap("mass = 500\nposition = 0.0, 1.0, 0.0", "mass = 500\nposition = 0.0, 9.0, 0.0"), {}, "'particle-00.position': the centre of mass (x = ", "position = 0.0, 9.0, 0.0"},
        {"CG outside the track", false, swap("mass = 500\nposition = 0.0, 1.0, 0.0", "mass = 500\nposition = 9.0, 0.0, 0.0"), {}, "'particle-00.position': the centre of mass (y = ", "position = 9.0, 0.0, 0.0"},
        {"TOML huge mass", true, swap("mass_kg = 1000.0", "mass_kg = 1e308"), {}, "'mass[0].mass_kg': expected a positive number of at most 100000 kg", "mass_kg = 1e308"},
        {"TOML tiny final drive", true, swap("forward_ratios = [3.0, 1.5]", "forward_ratios = [3.0, 1e-320]"), {}, "transmission.forward_ratios[1]'", "forward_ratios = [3.0, 1e-320]"},
        {"TOML rpm limit below start rpm", true, swap("rpm_limit = 7000", "rpm_limit = 800"), {}, "'engine.rpm_limit': expected rpm_limit above start_rpm", "rpm_limit = 800"},
        {"AWD without centre differential", false, swap("[differential-rear]", "[differential-front]\nfinal-drive = 4.0\n\n[differential-rear]"), {}, "expected a [differential-center] section", ""},
        {"binary garbage", false, [](std::string t) { return t + std::string("\0\x01\x02\xff\xfe", 5); }, {}, "binary data", ""},
        {"invalid UTF-8", false, [](std::string t) { return replace(t, "[clutch]", "[clutch]\n# \xc3\x28"); }, {}, "invalid UTF-8", ""},
        {"empty file", false, [](std::string) { return std::string(); }, {}, "missing section [engine]", ""},
        {"2009 unknown drive", false, [](std::string) { return std::string("drive = XWD\n[ tire-front ]\nradius = 0.3\n[ engine ]\nposition = 0,0,0\nmass = 100\nrpm-limit = 7000\ninertia = 0.2\nstart-rpm = 900\nstall-rpm = 400\ntorque-curve-00 = 1000, 100\ntorque-curve-01 = 5000, 120\n[ clutch ]\nsliding = 0.3\nradius = 0.1\narea = 0.5\nmax-pressure = 1e4\n[ transmission ]\ngears = 1\ngear-ratio-1 = 3\ngear-ratio-r = -3\n[ differential ]\nfinal-drive = 4\n"); }, {}, "expected RWD, FWD or AWD, got 'XWD'", "drive = XWD"},
        {"unsupported version", false, [](std::string t) { return "version = 3\n" + t; }, {}, "unsupported format version '3'", "version = 3"},
        {"TOML syntax error", true, swap("rpm_limit = 7000", "rpm_limit = = 7000"), {}, "TOML syntax error", "rpm_limit = = 7000"},
        {"TOML wrong type", true, swap("rpm_limit = 7000", "rpm_limit = \"high\""), {}, "engine.rpm_limit': expected a positive number, got a string", "rpm_limit = \"high\""},
        {"TOML missing engine", true, swap("[engine]", "[motor]"), {}, "'engine': missing required key", ""},
        {"TOML driver aid not a boolean", true, [](std::string t) { return t + "\n[driver_aids]\nabs = \"yes\"\n"; }, {}, "'driver_aids.abs': expected true or false, got a string", "abs = \"yes\""},
        {"TOML driver aid as a number", true, [](std::string t) { return t + "\n[driver_aids]\ntcs = 1\n"; }, {}, "'driver_aids.tcs': expected true or false", "tcs = 1"},
        {"TOML unknown enum", true, swap("mode = \"manual\"", "mode = \"cvt\""), {}, "transmission.mode': expected one of 'automatic', 'sequential', 'manual', got 'cvt'", "mode = \"cvt\""},
        {"TOML curve not increasing", true, swap("[4000, 150], [7000, 120]", "[4000, 150], [3000, 120]"), {}, "engine.torque_curve[2]': rpm must increase", "torque_curve ="},
        {"TOML unknown tyre name", true, swap("tyre = \"all\"\nposition_m = [1.3", "tyre = \"slick\"\nposition_m = [1.3"), {}, "expected the name of a [tyres.NAME] table, got 'slick'", "tyre = \"slick\""},
        {"TOML pedal zones not summing to 1", true, swap("[0.15, 0.60, 0.25]", "[0.15, 0.60, 0.35]"), {}, "clutch.pedal_zones'", "pedal_zones"},
        {"TOML negative wheel mass", true, swap("mass_kg = 18.0\nsuspension = { spring_n_per_m = 40000, bump_damping_ns_per_m = 2000, rebound_damping_ns_per_m = 5000, travel_m = 0.1 }\n", "mass_kg = -18.0\nsuspension = { spring_n_per_m = 40000, bump_damping_ns_per_m = 2000, rebound_damping_ns_per_m = 5000, travel_m = 0.1 }\n"), {}, "wheels.front.mass_kg': expected a positive number", "mass_kg = -18.0"},
        {"TOML NaN", true, swap("inertia_kgm2 = 0.2", "inertia_kgm2 = nan"), {}, "engine.inertia_kgm2': expected a positive number, got nan", "inertia_kgm2 = nan"},
        {"TOML date instead of number", true, swap("start_rpm = 900", "start_rpm = 1979-05-27"), {}, "engine.start_rpm': expected a positive number, got a date/time", "start_rpm = 1979"},
        {"TOML gear count mismatch", true, swap("forward_ratios = [3.0, 1.5]", "gears = 3\nforward_ratios = [3.0, 1.5]"), {}, "gear count does not match", "gears = 3"},
        {"TOML zero radius", true, swap("radius_m = 0.3", "radius_m = 0.0"), {}, "tyres.all.radius_m': expected a positive number, got 0", "radius_m = 0.0"},
        {"TOML start below stall", true, swap("start_rpm = 900", "start_rpm = 300"), {}, "expected start_rpm above stall_rpm", "start_rpm = 300"},
        {"the base files are sound", false, same, {}, "", ""},
    };
}

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

class BadInput : public ::testing::TestWithParam<Case> {};

TEST_P(BadInput, GivesOneClearError) {
    const Case& c = GetParam();
    const test::TempDir dir;
    const fs::path root = dir.path() / "data";
    fs::create_directories(root / "cars/test");
    dir.write("data/carparts/tire/test.tire", tyre_text());
    for (const auto& [rel, text] : c.extra_files) dir.write(fs::path("data") / rel, text);
    const std::string text = c.edit(c.toml ? std::string(kTomlCar) : vdrift_car_text());
    const fs::path car = dir.write(fs::path("data/cars/test") / (c.toml ? "test.toml" : "test.car"), text);
    if (c.expect_in_message.empty()) {
        const LoadedCar loaded = load_car(car);
        EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front().to_string();
        return;
    }
    try {
        load_car(car);
        FAIL() << c.name << ": expected a LoadError";
    } catch (const LoadError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find(c.expect_in_message), std::string::npos) << c.name << ": " << message;
        EXPECT_FALSE(e.location().file.empty());
        EXPECT_EQ(message.rfind(e.location().file, 0), 0u) << "message starts with the file: " << message;
        if (!c.line_marker.empty()) {
            EXPECT_EQ(e.location().line, line_of(text, c.line_marker)) << c.name << ": " << message;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Table, BadInput, ::testing::ValuesIn(cases()), [](const auto& param_info) {
    std::string name;
    for (char ch : param_info.param.name) name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
    return name;
});

TEST(BadInputFiles, MissingFile) {
    try {
        load_car("/nonexistent/folder/car.car");
        FAIL();
    } catch (const LoadError& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/folder/car.car: no such file"), std::string::npos) << e.what();
    }
}

TEST(BadInputFiles, DirectoryIsNotACarFile) {
    const test::TempDir dir;
    fs::create_directories(dir.path() / "x.car");
    EXPECT_THROW(load_car(dir.path() / "x.car"), LoadError);
}

TEST(BadInputFiles, HundredMegabyteFileIsRefusedBeforeReading) {
    const test::TempDir dir;
    const fs::path big = dir.path() / "big.car";
    { std::ofstream(big) << "[engine]\n"; }
    fs::resize_file(big, 100u * 1024u * 1024u);  // sparse: costs no disk
    try {
        load_car(big);
        FAIL();
    } catch (const LoadError& e) {
        EXPECT_NE(std::string(e.what()).find("104857600 bytes"), std::string::npos) << e.what();
    }
}

TEST(BadInputFiles, UnknownKeyIsAWarningWithFileAndLine) {
    const test::TempDir dir;
    dir.write("data/carparts/tire/test.tire", tyre_text());
    const std::string text = replace(vdrift_car_text(), "inertia = 0.2", "inertia = 0.2\nturbo-boost = 1.4");
    const fs::path car = dir.write("data/cars/test/test.car", text);
    const LoadedCar loaded = load_car(car);
    ASSERT_EQ(loaded.warnings.size(), 1u);
    EXPECT_EQ(loaded.warnings[0].key, "engine.turbo-boost");
    EXPECT_EQ(loaded.warnings[0].location.line, line_of(text, "turbo-boost"));
}

}  // namespace

namespace {

// A file of many keys and one of many sections: loads in linear time (the test timeout catches
// a quadratic parser; 100k keys took minutes before the hash indexes).
TEST(BadInputFiles, ManyKeysAndManySectionsLoad) {
    const test::TempDir dir;
    dir.write("data/carparts/tire/test.tire", tyre_text());
    std::string keys = "[junk]\n";
    std::string sections;
    for (int i = 0; i < 100000; ++i) {
        keys += "key-" + std::to_string(i) + " = 1\n";
        sections += "[junk-" + std::to_string(i) + "]\n";
    }
    const fs::path many_keys = dir.write("data/cars/test/keys.car", vdrift_car_text() + keys);
    EXPECT_EQ(load_car(many_keys).warnings.size(), 100000u);
    const fs::path many_sections = dir.write("data/cars/test/sections.car", vdrift_car_text() + sections);
    EXPECT_TRUE(load_car(many_sections).warnings.empty());
}

// A problem only the final check sees is reported at the line and key of the file.
TEST(BadInputFiles, SpecIssueNamesTheFilesLineAndKey) {
    const test::TempDir dir;
    dir.write("data/carparts/tire/test.tire", tyre_text());
    // The rear wheels ahead of the front ones: the layout check, reported at [wheel.fl] position.
    std::string text = vdrift_car_text();
    for (const char* w : {"fl", "fr"}) {
        const std::string header = std::string("[wheel.") + w + "]\nposition = ";
        const auto pos = text.find(header) + header.size();
        const auto eol = text.find('\n', pos);
        std::string value = text.substr(pos, eol - pos);
        value.replace(value.find("1.3"), 3, "-3.0");
        text.replace(pos, eol - pos, value);
    }
    const fs::path car = dir.write("data/cars/test/test.car", text);
    try {
        load_car(car);
        FAIL();
    } catch (const LoadError& e) {
        EXPECT_EQ(e.key(), "wheel.fl.position") << e.what();
        EXPECT_EQ(e.location().line, line_of(text, "[wheel.fl]") + 1) << e.what();
        EXPECT_NE(std::string(e.what()).find("front wheels ahead"), std::string::npos) << e.what();
    }
}

// A check of one coefficient of a tyre law's table is told at that coefficient's line, not at
// the table's (the XS's Pacejka 2002 tyre written as TOML, its PKY2 set to 0: it divides the load).
TEST(BadInputFiles, ATyreCoefficientsCheckNamesItsLine) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    LoadOptions tiren;
    tiren.vdrift_tyre_files = LoadOptions::VDriftTyreFiles::TyreN;
    std::string text = write_toml_car(load_car(test::vdrift_data() / "cars" / "XS" / "XS.car", tiren).spec);
    const auto pky2 = text.find("\nPKY2 = ") + 1;
    ASSERT_NE(pky2, std::string::npos + 1);
    text.replace(pky2, text.find('\n', pky2) - pky2, "PKY2 = 0");
    try {
        (void)load_toml_car(text, "xs.toml");
        FAIL() << "PKY2 = 0 loaded";
    } catch (const LoadError& e) {
        EXPECT_EQ(e.location().line, line_of(text, "PKY2 = 0")) << e.what();
        EXPECT_NE(e.key().find(".pacejka2002.PKY2"), std::string::npos) << e.what();
    }
}

}  // namespace
