// `tractive drive` as CI runs it: under Xvfb with Mesa's software OpenGL, the CI script fed
// through SDL's virtual wheel. Checks the recorded telemetry (a launch on the clutch pedal without
// stalling, second gear, a stop), that the window's drive is the plain session's to the last digit,
// and the screenshot: not blank, and its readouts show the recorded speed and gear.
#include <cairo.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "drive/drive_script.hpp"
#include "drive/drive_session.hpp"
#include "drive/readouts.hpp"
#include "drive/seven_segment.hpp"
#include "support/cli_run.hpp"
#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/world/road_ground.hpp"

namespace tractive::drive {
namespace {

std::filesystem::path script_path() { return std::filesystem::path(TRACTIVE_TEST_DATA) / "drive" / "launch_shift_stop.csv"; }
std::filesystem::path roadster() { return test::example_car_files().front().parent_path() / "roadster.toml"; }

// Runs `tractive drive ARGS` in a virtual X display; returns the exit status and stderr.
std::pair<int, std::string> drive(const std::string& args, const test::TempDir& dir) {
    const auto log = dir.path() / "drive.log";
    const bool have_xvfb = std::system("command -v xvfb-run >/dev/null 2>&1") == 0;
    if (!have_xvfb) return {-1, "xvfb-run not found: scripts/setup.sh installs xvfb"};
    const std::string command = fmt::format("xvfb-run -a -s '-screen 0 1280x720x24' {} drive {} >{} 2>&1", test::quoted(test::cli_binary()), args,
                                            test::quoted(log));
    const int status = std::system(command.c_str());
    std::ifstream f(log);
    std::stringstream text;
    text << f.rdbuf();
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text.str()};
}

struct Telemetry {
    std::vector<std::string> names;
    std::vector<std::vector<std::string>> rows;
    [[nodiscard]] std::size_t column(const std::string& name) const {
        const auto it = std::find(names.begin(), names.end(), name);
        if (it == names.end()) throw std::runtime_error("no column " + name);
        return static_cast<std::size_t>(it - names.begin());
    }
    [[nodiscard]] double number(std::size_t row, const std::string& name) const { return std::stod(rows[row][column(name)]); }
};

std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> cells;
    std::stringstream s(line);
    std::string cell;
    while (std::getline(s, cell, ',')) cells.push_back(cell);
    return cells;
}

Telemetry read_telemetry(const std::filesystem::path& path) {
    std::ifstream f(path);
    Telemetry t;
    std::string line;
    std::getline(f, line);
    t.names = split(line);
    while (std::getline(f, line)) t.rows.push_back(split(line));
    return t;
}

// The screenshot's pixels, and what its readouts show.
struct Screenshot {
    cairo_surface_t* surface = nullptr;
    explicit Screenshot(const std::filesystem::path& p) : surface(cairo_image_surface_create_from_png(p.c_str())) {}
    ~Screenshot() { cairo_surface_destroy(surface); }
    [[nodiscard]] bool ok() const { return cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS; }
    [[nodiscard]] int width() const { return cairo_image_surface_get_width(surface); }
    [[nodiscard]] int height() const { return cairo_image_surface_get_height(surface); }
    [[nodiscard]] std::array<int, 3> rgb(int x, int y) const {
        const auto* row = reinterpret_cast<const std::uint32_t*>(cairo_image_surface_get_data(surface) + static_cast<std::ptrdiff_t>(y) * cairo_image_surface_get_stride(surface));
        const std::uint32_t p = row[x];
        return {static_cast<int>((p >> 16) & 0xff), static_cast<int>((p >> 8) & 0xff), static_cast<int>(p & 0xff)};
    }
    // A segment is lit when it has the readouts' lit colour (unlit ones are a tenth of it).
    [[nodiscard]] bool lit(int x, int y) const {
        const auto c = rgb(x, y);
        const auto* want = ReadoutLayout::kLit;
        return std::abs(c[0] - want[0]) < 40 && std::abs(c[1] - want[1]) < 40 && std::abs(c[2] - want[2]) < 40;
    }
    [[nodiscard]] std::optional<std::string> speed() const {
        using L = ReadoutLayout;
        return read_seven_segment([this](int x, int y) { return lit(x, y); }, L::kSpeedX, L::kSpeedY, L::kDigitWidth, L::kDigitHeight, L::kPitch, L::kSpeedDigits);
    }
    [[nodiscard]] std::optional<std::string> gear() const {
        using L = ReadoutLayout;
        return read_seven_segment([this](int x, int y) { return lit(x, y); }, L::kGearX, L::kGearY, L::kDigitWidth, L::kDigitHeight, L::kPitch, 1);
    }
    // Distinct colours over a coarse grid: a blank or one-colour frame has a handful.
    [[nodiscard]] std::size_t colours() const {
        std::set<std::array<int, 3>> seen;
        for (int y = 0; y < height(); y += 7)
            for (int x = 0; x < width(); x += 7) seen.insert(rgb(x, y));
        return seen.size();
    }
};

TEST(DriveWindow, TheScriptedLaunchShiftAndStopRunUnderXvfbAndTheScreenshotShowsGearAndSpeed) {
    test::TempDir dir;
    const auto shot = dir.path() / "stop.png";
    const auto record = dir.path() / "stop.csv";
    const auto [status, log] = drive(fmt::format("{} --script {} --screenshot {} --record {} --size 960x540", test::quoted(roadster()),
                                                 test::quoted(script_path()), test::quoted(shot), test::quoted(record)),
                                     dir);
    ASSERT_EQ(status, 0) << log;
    const Telemetry t = read_telemetry(record);
    ASSERT_GT(t.rows.size(), 1500u) << log;
    double top_kmh = 0.0;
    bool moved_on_the_pedal = false, second = false;
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        ASSERT_EQ(t.number(i, "engine_running"), 1.0) << "stalled at " << t.rows[i][0] << " s";
        top_kmh = std::max(top_kmh, 3.6 * t.number(i, "speed_m_per_s"));
        second = second || t.number(i, "gear") == 2.0;
        const double pedal = t.number(i, "driver_clutch");
        // Moving off in first with the pedal in the clutch's working range (seed 000's zones:
        // free play 0.15, working range to 0.75).
        if (t.number(i, "gear") == 1.0 && pedal > 0.15 && pedal < 0.75 && t.number(i, "speed_m_per_s") > 1.0) moved_on_the_pedal = true;
    }
    EXPECT_TRUE(moved_on_the_pedal);
    EXPECT_TRUE(second);
    EXPECT_GT(top_kmh, 50.0);
    const std::size_t last = t.rows.size() - 1;
    EXPECT_LT(t.number(last, "speed_m_per_s"), 0.05);
    EXPECT_EQ(t.number(last, "gear"), 2.0);

    const Screenshot s(shot);
    ASSERT_TRUE(s.ok()) << shot;
    EXPECT_EQ(s.width(), 960);
    EXPECT_EQ(s.height(), 540);
    EXPECT_GT(s.colours(), 100u) << "the frame looks blank";
    EXPECT_EQ(s.gear(), std::optional<std::string>("2"));
    EXPECT_EQ(s.speed(), std::optional<std::string>(speed_readout(3.6 * t.number(last, "speed_m_per_s"))));
}

TEST(DriveWindow, MidDriveTheReadoutsShowTheSpeedAndGearTheDriveIsThePlainSessionsAndItsRecordingReplays) {
    test::TempDir dir;
    const auto shot = dir.path() / "second.png";
    const auto record = dir.path() / "second.csv";
    const auto controls = dir.path() / "controls.csv";
    const auto [status, log] = drive(fmt::format("{} --script {} --duration 7 --screenshot {} --record {} --record-controls {} --size 960x540",
                                                 test::quoted(roadster()), test::quoted(script_path()), test::quoted(shot), test::quoted(record),
                                                 test::quoted(controls)),
                                     dir);
    ASSERT_EQ(status, 0) << log;
    const Telemetry t = read_telemetry(record);
    ASSERT_FALSE(t.rows.empty());
    const std::size_t last = t.rows.size() - 1;
    const double kmh = 3.6 * t.number(last, "speed_m_per_s");
    EXPECT_GT(kmh, 30.0);
    const Screenshot s(shot);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s.gear(), std::optional<std::string>(std::string(1, gear_readout(static_cast<int>(t.number(last, "gear"))))));
    EXPECT_EQ(s.gear(), std::optional<std::string>("2"));
    EXPECT_EQ(s.speed(), std::optional<std::string>(speed_readout(kmh)));

    // The same script through the plain session, frame by frame, to the same telemetry: the
    // virtual wheel's readings are exactly the mapping's.
    const VehicleSpec spec = load_car(roadster()).spec;
    DriveSession session(spec, std::make_shared<RoadGround>(RoadSpec{}), InitialConditions{}, control_settings_for(spec));
    ActionMapper mapper(InputMapping{}, static_cast<int>(spec.transmission.forward_ratios.size()));
    session.start_recording(0.01);
    const auto rows = read_drive_script(script_path());
    while (session.clock_s() < 7.0 - 1e-9) {
        const RawInput raw = device_state_for(script_row_at(rows, session.clock_s()), default_wheel_mapping(), kWheelAxisCount, kWheelButtonCount);
        session.frame(mapper.update(raw, [](std::string_view) { return false; }, 1.0 / 60.0), 1.0 / 60.0);
    }
    std::ifstream f(record);
    std::stringstream window_csv;
    window_csv << f.rdbuf();
    EXPECT_EQ(window_csv.str(), session.telemetry_csv());

    // The recorded controls replayed in the window: the same drive again.
    const auto replayed = dir.path() / "replayed.csv";
    const auto [replay_status, replay_log] = drive(fmt::format("{} --replay {} --mode manual --duration 7 --record {} --size 640x360", test::quoted(roadster()),
                                                               test::quoted(controls), test::quoted(replayed)),
                                                   dir);
    ASSERT_EQ(replay_status, 0) << replay_log;
    std::ifstream g(replayed);
    std::stringstream replay_csv;
    replay_csv << g.rdbuf();
    EXPECT_EQ(replay_csv.str(), window_csv.str());
}

// A script that pauses the drive and lets it go again ends at its --duration, as docs/drive.md
// says: the script's rows and its duration go by its frames' time, which runs on while paused.
// Before, both read the session's clock, which stops while paused: the drive never ended.
TEST(DriveWindow, AScriptThatPausesTheDriveEnds) {
    test::TempDir dir;
    const auto script = dir.write("pause.csv", "time,gear,throttle,pause\n0,1,0.5,0\n1,1,0.5,1\n1.1,1,0.5,0\n2,1,0.5,1\n2.1,1,0.5,0\n");
    const auto record = dir.path() / "pause_rec.csv";
    auto [status, log] = drive(fmt::format("{} --mode automatic --script {} --duration 3 --record {}", test::quoted(roadster()),
                                           test::quoted(script), test::quoted(record)),
                               dir);
    if (status == -1) GTEST_SKIP() << log;
    ASSERT_EQ(status, 0) << log;
    // Paused from the frame after 1 s to the one after 2 s (each button press toggles): about a
    // second of the three not driven.
    const auto drove = log.find("drove ");
    ASSERT_NE(drove, std::string::npos) << log;
    const double driven_s = std::stod(log.substr(drove + 6));
    EXPECT_GT(driven_s, 1.8) << log;
    EXPECT_LT(driven_s, 2.2) << log;
}

// A window too small for the HUD is said (before, only the screenshot's layout file knew), and
// one that fits it is not.
TEST(DriveWindow, AWindowTooSmallForTheHudIsSaid) {
    test::TempDir dir;
    auto [status, log] = drive(fmt::format("{} --size 800x600 --duration 0.2", test::quoted(roadster())), dir);
    if (status == -1) GTEST_SKIP() << log;
    EXPECT_EQ(status, 0) << log;
    EXPECT_NE(log.find("warning: the HUD does not fit the 800 x 600 window ('Traces'"), std::string::npos) << log;
    std::tie(status, log) = drive(fmt::format("{} --duration 0.2", test::quoted(roadster())), dir);
    EXPECT_EQ(status, 0) << log;
    EXPECT_EQ(log.find("does not fit"), std::string::npos) << log;
}

TEST(DriveWindow, BadInputIsRefusedBeforeAWindowOpens) {
    test::TempDir dir;
    const auto bad_script = dir.write("bad.csv", "time,steer\n0,2\n");
    auto [status, log] = drive(fmt::format("{} --script {}", test::quoted(roadster()), test::quoted(bad_script)), dir);
    EXPECT_EQ(status, 2) << log;
    EXPECT_NE(log.find("bad.csv:2: 'steer': expected a number in [-1, 1]"), std::string::npos) << log;
    const auto bad_map = dir.write("map.toml", "[device.steer]\naxis = -3\n");
    std::tie(status, log) = drive(fmt::format("{} --mapping {}", test::quoted(roadster()), test::quoted(bad_map)), dir);
    EXPECT_EQ(status, 2) << log;
    EXPECT_NE(log.find("map.toml:2: 'device.steer.axis'"), std::string::npos) << log;
    std::tie(status, log) = drive(fmt::format("{} --size 10x10", test::quoted(roadster())), dir);
    EXPECT_EQ(status, 2) << log;
    EXPECT_NE(log.find("--size 10x10"), std::string::npos) << log;
    std::tie(status, log) = drive(fmt::format("{} --duration -1", test::quoted(roadster())), dir);  // -1 was taken as "not given"
    EXPECT_EQ(status, 2) << log;
    EXPECT_NE(log.find("--duration -1: expected a number of seconds of at least 0"), std::string::npos) << log;
}

// At 1280x720 the HUD's panels lie within the window and apart (the layout written beside the
// screenshot, readouts.hpp's hud_layout_problems, which HudScales shows failing on a bad one),
// for the roadster and for a car revving to 20,000 rpm as a single-seater does (its gauge
// labelled 0-25, not 0-23 on top of each other); and the frame is not blank.
TEST(DriveWindow, TheHudFitsAt1280x720ForARoadCarAndAHighRevvingOne) {
    test::TempDir dir;
    const std::string high_revving = "--set engine.rpm_limit=20000 --set 'engine.torque_curve=[[1000,40],[5000,80],[10000,110],[15000,120],[20000,100]]' "
                                     "--set engine.start_rpm=3000 --set engine.stall_rpm=1500";
    for (const std::string& car : {std::string(), high_revving}) {
        const auto shot = dir.path() / (car.empty() ? "roadster.png" : "revving.png");
        const auto [status, log] = drive(fmt::format("{} {} --script {} --screenshot {}", test::quoted(roadster()), car, test::quoted(script_path()),
                                                     test::quoted(shot)),
                                         dir);
        ASSERT_EQ(status, 0) << log;
        std::ifstream f(shot.string() + ".hud.json");
        ASSERT_TRUE(f) << "no layout beside the screenshot";
        const nlohmann::json layout = nlohmann::json::parse(f);
        EXPECT_EQ(layout["window"], nlohmann::json::array({1280, 720}));
        EXPECT_EQ(layout["problems"].size(), 0u) << layout["problems"].dump();
        std::set<std::string> names;
        for (const auto& p : layout["panels"]) names.insert(p["name"].get<std::string>());
        EXPECT_EQ(names, (std::set<std::string>{"Readouts", "Engine", "Pedals", "Transmission and aids", "Tyres", "Traces"}));
        const Screenshot s(shot);
        ASSERT_TRUE(s.ok());
        EXPECT_GT(s.colours(), 100u) << "the frame looks blank";
        EXPECT_EQ(s.gear(), std::optional<std::string>("2"));
    }
}

// The screenshot check itself fails on a blank frame: few colours and no readout to read.
TEST(DriveWindow, TheScreenshotCheckFailsOnABlankFrame) {
    test::TempDir dir;
    const auto blank = dir.path() / "blank.png";
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1280, 720);
    cairo_t* cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_paint(cr);
    cairo_destroy(cr);
    ASSERT_EQ(cairo_surface_write_to_png(surface, blank.c_str()), CAIRO_STATUS_SUCCESS);
    cairo_surface_destroy(surface);
    const Screenshot s(blank);
    ASSERT_TRUE(s.ok());
    EXPECT_LE(s.colours(), 100u);
    EXPECT_NE(s.gear(), std::optional<std::string>("2"));  // no lit segment: no gear to read
    EXPECT_EQ(s.speed().value_or("   "), "   ");
}

// With no display `tractive drive` says so and stops (exit 2) within seconds, rather than run a
// window nobody sees (SDL's offscreen driver) until killed.
TEST(DriveWindow, NoDisplayIsAClearErrorWithinSeconds) {
    const auto start = std::chrono::steady_clock::now();
    const test::CliRun r = test::run_shell(
        "env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER " + test::quoted(test::cli_binary()) + " drive " + test::quoted(roadster()), true);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_NE(r.out.find("error: tractive drive:"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("a window needs a display"), std::string::npos) << r.out;
    EXPECT_LT(seconds, 5.0);
}

}  // namespace
}  // namespace tractive::drive
