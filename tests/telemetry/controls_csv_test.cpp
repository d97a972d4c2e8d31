// The --controls CSV of `tractive run`: parsing, defaults, lookups in time, and bad files.
#include "tractive/telemetry/controls_csv.hpp"

#include <gtest/gtest.h>

#include <string>

#include "support/test_paths.hpp"
#include "tractive/io/load_error.hpp"

using namespace tractive;

TEST(ControlsCsv, AllColumns) {
    const auto rows = parse_controls_csv(
        "time,throttle,brake,clutch,steering,handbrake,gear,start\n"
        "0,0,0,1,0,0,N,1\n"
        "0.5, 0.25, 0.1, 0.5, -0.75, 1, 1, 0\n"
        "2,1,0,0,1,0,R,0\n",
        "c.csv");
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0], (TimedControls{0.0, DriverInput{0.0, 0.0, 1.0, 0.0, 0.0, 0, false, false, true}}));
    EXPECT_EQ(rows[1], (TimedControls{0.5, DriverInput{0.25, 0.1, 0.5, -0.75, 1.0, 1, false, false, false}}));
    EXPECT_EQ(rows[2], (TimedControls{2.0, DriverInput{1.0, 0.0, 0.0, 1.0, 0.0, -1, false, false, false}}));
}

TEST(ControlsCsv, MissingColumnsTakeDefaultsAndColumnsMayComeInAnyOrder) {
    const auto rows = parse_controls_csv("gear,time,throttle\n2,1.5,0.8\n", "c.csv");
    ASSERT_EQ(rows.size(), 1u);
    DriverInput expected;
    expected.throttle = 0.8;
    expected.gear_lever = 2;
    EXPECT_EQ(rows[0], (TimedControls{1.5, expected}));

    const auto time_only = parse_controls_csv("time\n0\n", "c.csv");
    EXPECT_EQ(time_only, (std::vector<TimedControls>{{0.0, DriverInput{}}}));
}

TEST(ControlsCsv, GearSpellings) {
    struct Case {
        std::string cell;
        int gear;
    };
    for (const Case& c : {Case{"R", -1}, Case{"r", -1}, Case{"-1", -1}, Case{"N", 0}, Case{"n", 0}, Case{"0", 0},
                         Case{"1", 1}, Case{"6", 6}, Case{" 3 ", 3}}) {
        SCOPED_TRACE(c.cell);
        EXPECT_EQ(parse_controls_csv("time,gear\n0," + c.cell + "\n", "c.csv").at(0).input.gear_lever, c.gear);
    }
}

// The sequential paddles: 0/1 per row, false when the column is absent.
TEST(ControlsCsv, ShiftPaddles) {
    const auto rows = parse_controls_csv("time,shift_up,shift_down\n0,0,0\n1,1,0\n2,0,1\n", "c.csv");
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_FALSE(rows[0].input.shift_up);
    EXPECT_FALSE(rows[0].input.shift_down);
    EXPECT_TRUE(rows[1].input.shift_up);
    EXPECT_FALSE(rows[1].input.shift_down);
    EXPECT_FALSE(rows[2].input.shift_up);
    EXPECT_TRUE(rows[2].input.shift_down);
    const auto without = parse_controls_csv("time,gear\n0,1\n", "c.csv");
    EXPECT_FALSE(without.at(0).input.shift_up);
    EXPECT_FALSE(without.at(0).input.shift_down);
}

TEST(ControlsCsv, CommentsBlankLinesCrlfAndBom) {
    const auto rows = parse_controls_csv(
        "\xEF\xBB\xBF# launch test\r\n"
        "\r\n"
        "time,throttle\r\n"
        "   # holding still\r\n"
        "0,0\r\n"
        "\r\n"
        "1,1",  // no final newline
        "c.csv");
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[1].time_s, 1.0);
    EXPECT_EQ(rows[1].input.throttle, 1.0);
}

TEST(ControlsCsv, ControlsAtHoldsEachRowUntilTheNext) {
    const auto rows = parse_controls_csv("time,throttle\n1,0.1\n2,0.2\n4,0.4\n", "c.csv");
    struct Case {
        double t;
        double throttle;
    };
    const Case cases[] = {{-5.0, 0.1}, {0.0, 0.1}, {1.0, 0.1}, {1.999, 0.1}, {2.0, 0.2},
                          {3.5, 0.2},  {4.0, 0.4}, {100.0, 0.4}};
    // Monotone queries with one cursor, then each query with a fresh cursor, then backwards.
    std::size_t cursor = 0;
    for (const Case& c : cases) {
        SCOPED_TRACE(c.t);
        EXPECT_EQ(controls_at(rows, c.t, cursor).throttle, c.throttle);
        std::size_t fresh = 0;
        EXPECT_EQ(controls_at(rows, c.t, fresh).throttle, c.throttle);
    }
    for (auto it = std::rbegin(cases); it != std::rend(cases); ++it) {
        SCOPED_TRACE(it->t);
        EXPECT_EQ(controls_at(rows, it->t, cursor).throttle, it->throttle);
    }
    std::size_t stale = 99;  // a cursor past the end is recovered from
    EXPECT_EQ(controls_at(rows, 3.0, stale).throttle, 0.2);
    EXPECT_EQ(stale, 1u);
}

TEST(ControlsCsv, ControlsAtSingleRow) {
    const std::vector<TimedControls> rows = {{0.5, DriverInput{0.7, 0, 0, 0, 0, 1, false, false, false}}};
    std::size_t cursor = 0;
    EXPECT_EQ(controls_at(rows, 0.0, cursor).throttle, 0.7);
    EXPECT_EQ(controls_at(rows, 10.0, cursor).throttle, 0.7);
}

TEST(ControlsCsv, BadFilesNameFileLineAndColumn) {
    struct Case {
        std::string name;
        std::string text;
        std::string prefix;    // "file:line: 'column': " or the start of it
        std::string expected;  // what was expected, in the message
    };
    const std::string header = "time,throttle,brake,steering,gear,start\n";
    const std::string good = "0,0,0,0,N,0\n";
    const std::vector<Case> cases = {
        {"non-numeric", header + good + "1,full,0,0,1,0\n", "c.csv:3: 'throttle': ",
         "expected a number in [0, 1], got 'full'"},
        {"nan", header + good + "1,0,nan,0,1,0\n", "c.csv:3: 'brake': ", "expected a number in [0, 1], got 'nan'"},
        {"inf time", header + "inf,0,0,0,1,0\n", "c.csv:2: 'time': ", "expected a time in seconds, got 'inf'"},
        {"throttle above 1", header + good + "\n# c\n1,1.5,0,0,1,0\n", "c.csv:5: 'throttle': ",
         "expected a number in [0, 1], got '1.5'"},
        {"brake below 0", header + "0,0,-0.1,0,1,0\n", "c.csv:2: 'brake': ", "expected a number in [0, 1]"},
        {"steering out of range", header + "0,0,0,-1.2,1,0\n", "c.csv:2: 'steering': ",
         "expected a number in [-1, 1], got '-1.2'"},
        {"empty cell", header + "0,,0,0,1,0\n", "c.csv:2: 'throttle': ", "expected a number in [0, 1], got ''"},
        {"unknown column", "time,throttle,boost\n", "c.csv:1: 'boost': ", "unknown column: expected one of time,"},
        {"column name case", "Time\n0\n", "c.csv:1: 'Time': ", "unknown column"},
        {"empty column name", "time,,brake\n", "c.csv:1: ", "empty column name in column 2"},
        {"repeated column", "# x\ntime,brake,brake\n", "c.csv:2: 'brake': ", "repeated column"},
        {"missing time column", "throttle,brake\n0,0\n", "c.csv:1: 'time': ", "missing column"},
        {"equal times", header + good + "0,0,0,0,1,0\n", "c.csv:3: 'time': ",
         "expected a time after the previous row's 0 s, got 0 s"},
        {"decreasing times", header + "2,0,0,0,1,0\n1.5,0,0,0,1,0\n", "c.csv:3: 'time': ",
         "expected a time after the previous row's 2 s, got 1.5 s"},
        {"bad gear letter", header + "0,0,0,0,D,0\n", "c.csv:2: 'gear': ", "expected a gear: R, N, -1, 0 or 1..99"},
        {"gear below reverse", header + "0,0,0,0,-2,0\n", "c.csv:2: 'gear': ", "expected a gear"},
        {"fractional gear", header + "0,0,0,0,1.5,0\n", "c.csv:2: 'gear': ", "got '1.5'"},
        {"bad start", header + "0,0,0,0,1,yes\n", "c.csv:2: 'start': ", "expected 0 or 1, got 'yes'"},
        {"shift_up not 0/1", "time,shift_up\n0,0\n1,2\n", "c.csv:3: 'shift_up': ", "expected 0 or 1, got '2'"},
        {"shift_down empty", "time,shift_down,gear\n0,,1\n", "c.csv:2: 'shift_down': ", "expected 0 or 1, got ''"},
        {"shift_down spelled", "time,shift_down\n0,true\n", "c.csv:2: 'shift_down': ", "expected 0 or 1, got 'true'"},
        {"paddle column name", "time,shift-up\n0,1\n", "c.csv:1: 'shift-up': ",
         "unknown column: expected one of time, throttle, brake, clutch, steering, handbrake, gear, shift_up, shift_down, start"},
        {"extra cells", header + good + "1,0,0,0,1,0,7\n", "c.csv:3: ",
         "7 cells: expected 6, one per header column (time, throttle, brake, steering, gear, start)"},
        {"too few cells", header + "0,0,0\n", "c.csv:2: 'steering': ",
         "missing cell: expected 6 cells (one per column), got 3"},
        {"empty file", "", "c.csv: ", "no control rows"},
        {"comments only", "# nothing\n\n", "c.csv: ", "no control rows"},
        {"header only", header, "c.csv: ", "no control rows"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        try {
            parse_controls_csv(c.text, "c.csv");
            ADD_FAILURE() << "expected LoadError";
        } catch (const LoadError& e) {
            const std::string message = e.what();
            EXPECT_EQ(message.rfind(c.prefix, 0), 0u) << message;
            EXPECT_NE(message.find(c.expected), std::string::npos) << message;
        }
    }
}

TEST(ControlsCsv, ReadFromFile) {
    const test::TempDir dir;
    const auto path = dir.write("launch.csv", "time,throttle,gear\n0,0,1\n0.5,1,1\n");
    const auto rows = read_controls_csv(path);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[1].input.throttle, 1.0);

    const auto bad = dir.write("bad.csv", "time,throttle\n0,2\n");
    try {
        read_controls_csv(bad);
        FAIL() << "expected LoadError";
    } catch (const LoadError& e) {
        EXPECT_EQ(e.location().file, bad.string());
        EXPECT_EQ(e.location().line, 2);
        EXPECT_EQ(e.key(), "throttle");
    }
    EXPECT_THROW(read_controls_csv(dir.path() / "missing.csv"), LoadError);
    const auto binary = dir.write("binary.csv", std::string("time\n0\n\0\n", 9));
    EXPECT_THROW(read_controls_csv(binary), LoadError);
}
