// The road plane, its normal, friction stretches with split-mu, and the --road grammar.
#include "tractive/world/road.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>

using namespace tractive;

namespace {

constexpr double kPi = 3.14159265358979323846;
double deg(double d) { return d * kPi / 180.0; }

}  // namespace

TEST(Road, DefaultIsFlatWithUnitFriction) {
    const RoadSpec road;
    EXPECT_EQ(road_height_m(road, 123.0, -4.0), 0.0);
    EXPECT_EQ(road_normal(road), (Vec3{0.0, 0.0, 1.0}));
    EXPECT_EQ(road_friction(road, 50.0, 1.0), 1.0);
}

TEST(Road, HeightFollowsGradeAndBank) {
    RoadSpec road;
    road.grade = 0.3;
    road.bank_rad = deg(10.0);
    EXPECT_NEAR(road_height_m(road, 10.0, 0.0), 3.0, 1e-12);                     // uphill in +x
    EXPECT_NEAR(road_height_m(road, 0.0, 2.0), 2.0 * std::tan(deg(10.0)), 1e-12);  // left side up
    EXPECT_NEAR(road_height_m(road, -10.0, -2.0), -3.0 - 2.0 * std::tan(deg(10.0)), 1e-12);
}

TEST(Road, NormalIsUnitUpAndOrthogonalToTheSurface) {
    struct Case {
        double grade;
        double bank_deg;
    };
    for (const Case& c : {Case{0.0, 0.0}, Case{0.3, 0.0}, Case{-1.0, 0.0}, Case{0.0, 30.0}, Case{0.2, -44.0},
                         Case{1.0, 44.9}}) {
        SCOPED_TRACE(testing::Message() << "grade " << c.grade << " bank " << c.bank_deg);
        RoadSpec road;
        road.grade = c.grade;
        road.bank_rad = deg(c.bank_deg);
        const Vec3 n = road_normal(road);
        EXPECT_NEAR(norm(n), 1.0, 1e-12);
        EXPECT_GT(n.z, 0.0);
        // Two vectors lying in the surface: along x and along y from the origin.
        const Vec3 along_x{1.0, 0.0, road_height_m(road, 1.0, 0.0)};
        const Vec3 along_y{0.0, 1.0, road_height_m(road, 0.0, 1.0)};
        EXPECT_NEAR(dot(n, along_x), 0.0, 1e-12);
        EXPECT_NEAR(dot(n, along_y), 0.0, 1e-12);
    }
}

TEST(Road, FrictionByStretchAndSide) {
    RoadSpec road;
    road.mu = 0.9;
    road.stretches = {
        {10.0, 50.0, 0.5, 0.5},  // wet
        {40.0, 60.0, 0.2, 1.0},  // split: ice on the left, overlapping the wet stretch
    };
    struct Case {
        double x, y, mu;
    };
    for (const Case& c : {
             Case{0.0, 0.0, 0.9},    // before every stretch
             Case{9.999, 1.0, 0.9},  //
             Case{10.0, 1.0, 0.5},   // from is inside
             Case{25.0, -1.0, 0.5},  // plain stretch: both sides
             Case{40.0, 1.0, 0.2},   // overlap: the later stretch wins
             Case{45.0, -1.0, 1.0},  // right side of the split
             Case{45.0, 0.0, 0.2},   // y = 0 counts as left
             Case{55.0, 3.0, 0.2},   // past the wet stretch, still split
             Case{60.0, 3.0, 0.9},   // to is outside
             Case{-5.0, 0.0, 0.9},
         }) {
        SCOPED_TRACE(testing::Message() << "x " << c.x << " y " << c.y);
        EXPECT_EQ(road_friction(road, c.x, c.y), c.mu);
    }
}

TEST(RoadParse, GoodSpecs) {
    const auto stretch = [](double from, double to, double left, double right) {
        return FrictionStretch{from, to, left, right};
    };
    struct Case {
        std::string text;
        RoadSpec expected;
    };
    const std::vector<Case> cases = {
        {"", RoadSpec{}},
        {"  ", RoadSpec{}},
        {"flat", RoadSpec{}},
        {"grade=0.3", RoadSpec{0.3, 0.0, 1.0, {}}},
        {"grade=30%", RoadSpec{0.3, 0.0, 1.0, {}}},
        {"grade=-1", RoadSpec{-1.0, 0.0, 1.0, {}}},
        {"grade=100%", RoadSpec{1.0, 0.0, 1.0, {}}},
        {"bank=-10", RoadSpec{0.0, deg(-10.0), 1.0, {}}},
        {"mu=0.9", RoadSpec{0.0, 0.0, 0.9, {}}},
        {"mu=3", RoadSpec{0.0, 0.0, 3.0, {}}},
        {"stretch=10:20:0.5", RoadSpec{0.0, 0.0, 1.0, {stretch(10, 20, 0.5, 0.5)}}},
        {"split=-5:1e3:0.2:1", RoadSpec{0.0, 0.0, 1.0, {stretch(-5, 1000, 0.2, 1.0)}}},
        {" grade = 0.05 , bank=+5, mu=0.8,stretch=0:10:0.3, split=5:15:0.1:0.9 ",
         RoadSpec{0.05, deg(5.0), 0.8, {stretch(0, 10, 0.3, 0.3), stretch(5, 15, 0.1, 0.9)}}},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE("'" + c.text + "'");
        const RoadSpec road = parse_road_spec(c.text);
        EXPECT_NEAR(road.grade, c.expected.grade, 1e-15);
        EXPECT_NEAR(road.bank_rad, c.expected.bank_rad, 1e-15);
        EXPECT_EQ(road.mu, c.expected.mu);
        EXPECT_EQ(road.stretches, c.expected.stretches);
    }
}

TEST(RoadParse, BadSpecsNameTheItemAndWhatWasExpected) {
    struct Case {
        std::string text;
        std::string item;      // the message names this item
        std::string expected;  // and says this was expected
    };
    const std::vector<Case> cases = {
        {"hill", "'hill'", "KEY=VALUE"},
        {"slope=0.3", "'slope=0.3'", "grade, bank, mu, stretch, split"},
        {"grade", "'grade'", "KEY=VALUE"},
        {"grade=", "'grade='", "a grade"},
        {"grade=steep", "'grade=steep'", "a grade"},
        {"grade=0.3x", "'grade=0.3x'", "a grade"},
        {"grade=nan", "'grade=nan'", "a grade"},
        {"grade=inf", "'grade=inf'", "a grade"},
        {"grade=1.01", "'grade=1.01'", "within [-1, 1]"},
        {"grade=-150%", "'grade=-150%'", "within [-1, 1]"},
        {"bank=45", "'bank=45'", "within (-45, 45)"},
        {"bank=-60", "'bank=-60'", "within (-45, 45)"},
        {"bank=five", "'bank=five'", "a bank angle in degrees"},
        {"mu=0", "'mu=0'", "a friction factor in (0, 3]"},
        {"mu=-0.5", "'mu=-0.5'", "a friction factor in (0, 3]"},
        {"mu=3.5", "'mu=3.5'", "a friction factor in (0, 3]"},
        {"stretch=10:10:0.5", "'stretch=10:10:0.5'", "FROM < TO"},
        {"stretch=20:10:0.5", "'stretch=20:10:0.5'", "FROM < TO"},
        {"stretch=0:10", "'stretch=0:10'", "3 ':'-separated fields FROM:TO:MU, got 2"},
        {"stretch=0:10:0.5:0.5", "'stretch=0:10:0.5:0.5'", "3 ':'-separated fields"},
        {"stretch=0:ten:0.5", "'stretch=0:ten:0.5'", "an end position TO"},
        {"stretch=0:10:0", "'stretch=0:10:0'", "a friction factor"},
        {"split=0:10:0.5", "'split=0:10:0.5'", "4 ':'-separated fields FROM:TO:LEFT:RIGHT, got 3"},
        {"split=0:10:0.5:4", "'split=0:10:0.5:4'", "a friction factor in (0, 3], got '4'"},
        {"grade=0.1,,bank=2", "empty item", "comma-separated items"},
        {"grade=0.1,", "empty item", "comma-separated items"},
        {"grade=0.1,grade=0.2", "'grade=0.2'", "at most once"},
        {"flat,mu=nan", "'mu=nan'", "a friction factor"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE("'" + c.text + "'");
        try {
            parse_road_spec(c.text);
            ADD_FAILURE() << "expected std::invalid_argument";
        } catch (const std::invalid_argument& e) {
            const std::string message = e.what();
            EXPECT_NE(message.find(c.item), std::string::npos) << message;
            EXPECT_NE(message.find(c.expected), std::string::npos) << message;
        }
    }
}
