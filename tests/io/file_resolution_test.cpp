// How a VDrift car finds its tyre files and includes: relative to the car's folder, then under
// the data root's carparts/; the root from --data-root or found by walking up.
#include <gtest/gtest.h>

#include <algorithm>

#include "support/sample_cars.hpp"
#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"

using namespace tractive;
namespace fs = std::filesystem;

namespace {
std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    for (auto pos = text.find(from); pos != std::string::npos; pos = text.find(from, pos + to.size())) {
        text.replace(pos, from.size(), to);
    }
    return text;
}
}  // namespace

TEST(FileResolution, TyreUnderCarpartsFoundByWalkingUp) {
    const test::TempDir dir;
    dir.write("data/carparts/tire/test.tire", test::tyre_text());
    const fs::path car = dir.write("data/cars/deep/folder/test.car", test::vdrift_car_text());
    const VehicleSpec s = load_car(car).spec;
    EXPECT_EQ(s.wheels[FL].tyre.pacejka.a[0], 1.5);
    EXPECT_EQ(s.wheels[FL].tyre.tread, 0.1);
}

TEST(FileResolution, TyreNextToTheCarComesFirst) {
    const test::TempDir dir;
    dir.write("data/carparts/tire/test.tire", test::tyre_text());
    std::string local = test::tyre_text();
    local.replace(local.find("tread = 0.1"), 11, "tread = 0.7");
    dir.write("data/cars/test/tire/test.tire", local);
    const fs::path car = dir.write("data/cars/test/test.car", test::vdrift_car_text());
    EXPECT_EQ(load_car(car).spec.wheels[RR].tyre.tread, 0.7);
}

TEST(FileResolution, ExplicitDataRoot) {
    const test::TempDir dir;
    dir.write("parts-elsewhere/carparts/tire/test.tire", test::tyre_text());
    const fs::path car = dir.write("cars/test.car", test::vdrift_car_text());
    EXPECT_THROW(load_car(car), LoadError);  // nothing to find by walking up
    LoadOptions options;
    options.data_root = dir.path() / "parts-elsewhere";
    EXPECT_EQ(load_car(car, options).spec.wheels[FL].tyre.pacejka.a[0], 1.5);
}

TEST(FileResolution, AmpersandIncludesAnotherFilesTreeUnderTheKey) {
    const test::TempDir dir;
    dir.write("data/carparts/tire/inc.tire", test::tyre_text());
    const std::string text = replace_all(test::vdrift_car_text(), "type = tire/test.tire", "type = &tire/inc.tire");
    const fs::path car = dir.write("data/cars/test/test.car", text);
    const LoadedCar loaded = load_car(car);
    EXPECT_EQ(loaded.spec.wheels[FL].tyre.pacejka.b[0], 1.6);
    EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front().to_string();
}

TEST(FileResolution, NestedIncludeResolvesUnderItsKey) {
    const test::TempDir dir;
    // The tyre's Pacejka coefficients come from a nested include of the rest of the file.
    std::string tyre = test::tyre_text();
    dir.write("data/carparts/tire/coefficients.tire", tyre);
    dir.write("data/carparts/tire/outer.tire", "base = &tire/coefficients.tire\n");
    const std::string text = replace_all(test::vdrift_car_text(), "type = tire/test.tire", "type = &tire/outer.tire");
    const fs::path car = dir.write("data/cars/test/test.car", text);
    // The coefficients now sit one level deeper (type.base), where a tyre does not look: a clear
    // error about the missing key in the included tree, not a crash.
    try {
        load_car(car);
        FAIL();
    } catch (const LoadError& e) {
        EXPECT_NE(std::string(e.what()).find("'wheel.fl.tire.type.rolling-resistance': missing required key"), std::string::npos)
            << e.what();
    }
}

TEST(FileResolution, TyreNextToTheCarWithDataRootElsewhere) {
    // --data-root points at a folder without this tyre; the car's own folder is allowed too.
    const test::TempDir dir;
    fs::create_directories(dir.path() / "elsewhere/carparts");
    dir.write("cars/test/tire/test.tire", test::tyre_text());
    const fs::path car = dir.write("cars/test/test.car", test::vdrift_car_text());
    LoadOptions options;
    options.data_root = dir.path() / "elsewhere";
    EXPECT_EQ(load_car(car, options).spec.wheels[FL].tyre.pacejka.a[0], 1.5);
}

TEST(FileResolution, SymlinkOutOfBothFoldersIsRefused) {
    const test::TempDir dir;
    dir.write("outside/secret.tire", test::tyre_text());
    fs::create_directories(dir.path() / "data/carparts/tire");
    fs::create_symlink(dir.path() / "outside/secret.tire", dir.path() / "data/carparts/tire/test.tire");
    const fs::path car = dir.write("data/cars/test/test.car", test::vdrift_car_text());
    try {
        load_car(car);
        FAIL();
    } catch (const LoadError& e) {
        EXPECT_NE(std::string(e.what()).find("outside the data root"), std::string::npos) << e.what();
    }
}

TEST(FileResolution, ErrorInsideATyreFileNamesTheCarLineAndKey) {
    const test::TempDir dir;
    std::string bad = test::tyre_text();
    bad.replace(bad.find("tread = 0.1"), 11, "tread = 7");
    dir.write("data/carparts/tire/test.tire", bad);
    const std::string text = test::vdrift_car_text();
    const fs::path car = dir.write("data/cars/test/test.car", text);
    try {
        load_car(car);
        FAIL();
    } catch (const LoadError& e) {
        const std::string message = e.what();
        const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(text.find("type = tire/test.tire")), '\n'));
        EXPECT_EQ(e.location().line, line) << message;
        EXPECT_EQ(e.key(), "wheel.fl.tire.type");
        EXPECT_NE(message.find("in tire/test.tire: "), std::string::npos) << message;
        EXPECT_NE(message.find("test.tire:2: 'tread'"), std::string::npos) << message;
    }
}

TEST(FileResolution, TyrePathThatIsAFolderNamesTheCarLine) {
    const test::TempDir dir;
    fs::create_directories(dir.path() / "data/carparts/tire/test.tire");
    const fs::path car = dir.write("data/cars/test/test.car", test::vdrift_car_text());
    try {
        load_car(car);
        FAIL();
    } catch (const LoadError& e) {
        EXPECT_GT(e.location().line, 0) << e.what();
        EXPECT_EQ(e.location().file, car.string());
        EXPECT_NE(std::string(e.what()).find("not a regular file"), std::string::npos) << e.what();
    }
}
