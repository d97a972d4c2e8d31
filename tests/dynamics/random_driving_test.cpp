// Random driving that never explodes (issue 14): runs of 30 simulated seconds with random pedals,
// steering, lever and paddles, over every shipped and shared car, all three transmission modes,
// ABS and TCS on and off, grades up to the steepest the road takes, banks, and split and patchy
// friction. Every internal step must keep the state finite; the speed stays below 1.5 times the
// car's power-limited top speed on level ground (on a slope, plus what gravity can add in 30 s),
// and no wheel's centre stays more than its radius under the road (along the road's normal) for
// more than 0.1 s, nor goes a metre beyond it. (A car landing on its side at speed sinks in as its
// body points' law lets it: critically damped, about 12 mm per m/s of speed into the ground. The
// CT tumbling down a 41 degree slope hit it at some 30 m/s, seed 1124530, and a wheel beside
// those points was 0.343 m under, its radius 0.319 m, for 3 steps before the body bounced off.)
//
// A third of the runs provoke what rolls a car: a rough ground (ramps up to a metre, kerbs, bumps
// and ditches on a heightfield) or steering reversals at speed; a run ends early, as a pass, when
// the car leaves the rough ground's edge. A car upside down, tumbling or airborne must stay
// finite like any other.
//
// TRACTIVE_RANDOM_RUNS (default 10,000) sets the number of runs, TRACTIVE_RANDOM_SEED the first
// run's seed (run i has seed + i); a failing run prints its seed and the command that repeats it;
// TRACTIVE_RANDOM_TRACE=1 prints each run's state every 0.25 s. TRACTIVE_RANDOM_CARS adds the
// cars under each folder of a colon-separated list (every *.car and *.toml below it, e.g. a
// public VDrift data tree); without it the public cars in ../shared/vdrift-public/cars are added
// when present (CMake's TRACTIVE_PUBLIC_VDRIFT_CARS).
// scripts/random_driving.sh runs a million.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <numbers>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "dynamics/dynamics_support.hpp"
#include "support/seeded_random.hpp"
#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/host/vehicle.hpp"
#include "tractive/world/heightfield_ground.hpp"
#include "tractive/world/road_ground.hpp"

using namespace tractive;

namespace {

using Random = test::SeededRandom;

struct Car {
    std::string name;
    VehicleSpec spec;
    double top_speed_m_per_s;  // power-limited, level ground
};

// The car files under each folder of TRACTIVE_RANDOM_CARS or, without it, under the public VDrift
// cars' folder the build names when it is there; sorted (a run's seed picks the same car on every
// machine).
std::vector<std::filesystem::path> extra_car_files() {
    std::vector<std::filesystem::path> files;
    const char* list = std::getenv("TRACTIVE_RANDOM_CARS");
    std::error_code ec;
    const std::string fallback = std::filesystem::is_directory(TRACTIVE_PUBLIC_VDRIFT_CARS, ec) ? TRACTIVE_PUBLIC_VDRIFT_CARS : "";
    std::stringstream folders(list ? std::string(list) : fallback);
    for (std::string folder; std::getline(folders, folder, ':');) {
        if (folder.empty()) continue;
        for (const auto& e : std::filesystem::recursive_directory_iterator(folder)) {
            if (e.is_regular_file() && (e.path().extension() == ".car" || e.path().extension() == ".toml")) files.push_back(e.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

// Rough grounds, made once: a square of 1.2 km at 0.5 m spacing around the origin with ramps up
// to 1 m over 2-6 m (kickers that launch a car), kerbs of 0.1-0.25 m, bumps and ditches, placed
// by a fixed seed.
const std::vector<std::shared_ptr<const Ground>>& rough_grounds() {
    static const std::vector<std::shared_ptr<const Ground>> all = [] {
        std::vector<std::shared_ptr<const Ground>> v;
        for (std::uint64_t kind = 0; kind < 3; ++kind) {
            Random r{0x5eed0000 + kind};
            Heightfield f;
            f.spacing_x_m = f.spacing_y_m = 0.5;
            f.columns = f.rows = 2401;
            f.origin_x_m = f.origin_y_m = -600.0;
            f.heights_m.assign(static_cast<std::size_t>(f.columns) * f.rows, 0.0);
            const auto at = [&](std::uint32_t i, std::uint32_t j) -> double& { return f.heights_m[static_cast<std::size_t>(j) * f.columns + i]; };
            for (int n = 0; n < 6000; ++n) {
                const double cx = r.uniform(-590.0, 590.0), cy = r.uniform(-590.0, 590.0);
                const double heading = r.uniform(0.0, 2.0 * std::numbers::pi);
                const double length = r.uniform(2.0, 6.0), width = r.uniform(1.0, 8.0);
                const double height = kind == 0 ? r.uniform(0.2, 1.0) : kind == 1 ? r.uniform(0.1, 0.25) : r.uniform(-0.6, 0.6);
                const double reach = std::max(length, width) + 1.0;
                const auto lo_i = static_cast<std::uint32_t>(std::max(0.0, (cx - reach + 600.0) / 0.5));
                const auto lo_j = static_cast<std::uint32_t>(std::max(0.0, (cy - reach + 600.0) / 0.5));
                for (std::uint32_t j = lo_j; j < f.rows && f.origin_y_m + 0.5 * j < cy + reach; ++j) {
                    for (std::uint32_t i = lo_i; i < f.columns && f.origin_x_m + 0.5 * i < cx + reach; ++i) {
                        const double dx = f.origin_x_m + 0.5 * i - cx, dy = f.origin_y_m + 0.5 * j - cy;
                        const double u = dx * std::cos(heading) + dy * std::sin(heading);   // along the ramp
                        const double w = -dx * std::sin(heading) + dy * std::cos(heading);  // across
                        if (std::abs(w) > width / 2 || u < 0.0 || u > length) continue;
                        // A ramp rises along u and drops at its end (a kicker); a kerb is a step
                        // for its whole length; a bump or ditch is a half sine.
                        const double z = kind == 0 ? height * u / length : kind == 1 ? height : height * std::sin(std::numbers::pi * u / length);
                        at(i, j) = std::abs(z) > std::abs(at(i, j)) ? z : at(i, j);
                    }
                }
            }
            f.surface.friction_road_tyre = 1.0;
            v.push_back(std::make_shared<HeightfieldGround>(std::move(f)));
        }
        return v;
    }();
    return all;
}

const std::vector<Car>& cars() {
    static const std::vector<Car> all = [] {
        std::vector<Car> v;
        const auto add = [&](std::string name, VehicleSpec spec) {
            const VehicleSummary s = summarize(spec);
            const double top = s.power_limited_top_speed_unbounded ? 150.0 : s.power_limited_top_speed_kmh / 3.6;
            v.push_back({std::move(name), std::move(spec), top});
        };
        for (const auto& f : test::example_car_files()) add(f.stem().string(), load_car(f).spec);
        for (const auto& f : test::vdrift_car_files()) add(f.stem().string(), load_car(f).spec);
        for (const auto& f : extra_car_files()) add(f.parent_path().filename().string() + "/" + f.filename().string(), load_car(f).spec);
        return v;
    }();
    return all;
}

// One run: returns an empty string, or what went wrong (with the time).
std::string run(std::uint64_t seed, bool trace = false) {
    Random r{seed};
    const Car& car = cars()[static_cast<std::size_t>(r.pick(static_cast<int>(cars().size())))];
    RoadSpec road;
    // Grades up to the steepest the road takes (1: 45 degrees), banks up to its 45 degrees too.
    road.grade = r.chance(0.5) ? r.uniform(-1.0, 1.0) : 0.0;
    road.bank_rad = r.chance(0.3) ? r.uniform(-45.0, 45.0) * std::numbers::pi / 180.0 : 0.0;
    road.mu = r.uniform(0.3, 1.2);
    for (int k = 0, n = r.pick(4); k < n; ++k) {  // patches and split friction ahead and behind
        const double from = r.uniform(-200.0, 300.0);
        road.stretches.push_back({from, from + r.uniform(5.0, 80.0), r.uniform(0.05, 1.3), r.chance(0.5) ? r.uniform(0.05, 1.3) : -1.0});
        if (road.stretches.back().mu_right < 0.0) road.stretches.back().mu_right = road.stretches.back().mu_left;
    }
    VehicleOptions o;
    o.control = ControlSettings{static_cast<ShiftMode>(r.pick(3)), {r.chance(0.5), r.chance(0.5)}};
    o.start.speed_m_per_s = r.chance(0.5) ? r.uniform(0.0, 40.0) : 0.0;
    // Neutral, first or second (first on a car with one forward gear, a kart's).
    o.start.gear = r.pick(std::min(3, static_cast<int>(car.spec.transmission.forward_ratios.size()) + 1));
    o.start.heading_rad = r.uniform(-std::numbers::pi, std::numbers::pi);
    // What rolls a car, provoked: a rough ground (level, its features up to a metre) or, on the
    // road, full steering reversals at speed.
    const bool rough = r.chance(0.2);
    const bool reversals = !rough && r.chance(0.2);
    std::shared_ptr<const Ground> ground;
    if (rough) {
        road = RoadSpec{};
        ground = rough_grounds()[static_cast<std::size_t>(r.pick(static_cast<int>(rough_grounds().size())))];
    } else {
        ground = std::make_shared<RoadGround>(road);
    }
    // Reversals start fast, but no faster than the car goes on level ground (a start beyond it
    // slows from the first step, and the speed check would read a settling suspension's
    // 0.1 mm/s as a gain).
    if (reversals) o.start.speed_m_per_s = std::min(r.uniform(20.0, 60.0), car.top_speed_m_per_s);
    o.control->aids.esc = r.chance(0.5);  // drawn last, so that the draws above are as they were
    if (trace) std::printf("%s grade %.3f bank %.1f deg mu %.2f, %zu stretches, rough %d reversals %d, mode %s abs %d tcs %d esc %d, start %.1f m/s gear %d\n",
                           car.name.c_str(), road.grade, road.bank_rad * 180 / std::numbers::pi, road.mu, road.stretches.size(), rough, reversals,
                           to_string(o.control->mode), o.control->aids.abs, o.control->aids.tcs, o.control->aids.esc, o.start.speed_m_per_s, o.start.gear);
    Vehicle v(car.spec, ground, o);
    // The slope adds at most g sin(theta) x 30 s to the start and what the engine gives, theta the
    // steepest descent of the graded and banked road (its normal's tilt).
    const Vec3 n = road_normal(road);
    const double slope_sin = std::sqrt(std::max(0.0, 1.0 - n.z * n.z));
    // On level ground 1.5 times the power-limited top speed (a rolling start is below it).
    const double speed_limit = std::max(1.5 * car.top_speed_m_per_s, o.start.speed_m_per_s) + 9.80665 * slope_sin * 30.0;
    const int gears = static_cast<int>(car.spec.transmission.forward_ratios.size());
    DriverInput in;
    double next_change_s = 0.0;
    const double h = v.step_settings().internal_step_s;
    std::array<double, 4> deep_since_s{-1.0, -1.0, -1.0, -1.0};  // since when a hub is deeper than its radius (-1: it is not)
    while (v.state().time_s < 30.0) {
        if (v.state().time_s >= next_change_s) {  // new controls for 0.1-3 s
            in.throttle = r.chance(0.3) ? 0.0 : r.uniform(0.0, 1.0);
            in.brake = r.chance(0.6) ? 0.0 : r.uniform(0.0, 1.0);
            in.clutch = r.chance(0.6) ? 0.0 : r.uniform(0.0, 1.0);
            in.steering = r.chance(0.3) ? 0.0 : r.uniform(-1.0, 1.0);
            in.handbrake = r.chance(0.85) ? 0.0 : r.uniform(0.0, 1.0);
            in.gear_lever = r.pick(gears + 2) - 1;
            in.shift_up = r.chance(0.15);
            in.shift_down = r.chance(0.1);
            in.start_engine = r.chance(0.05);
            next_change_s = v.state().time_s + r.uniform(0.1, 3.0);
            if (reversals) {  // full lock one way, then the other, with the throttle held
                in.steering = in.steering >= 0.0 ? -r.uniform(0.7, 1.0) : r.uniform(0.7, 1.0);
                in.brake = 0.0;
                in.handbrake = 0.0;
                next_change_s = v.state().time_s + r.uniform(0.3, 1.5);
            }
        }
        const UpdateResult u = v.update(h, in);
        const VehicleState& s = v.state();
        if (trace && std::fmod(s.time_s + 1e-9, 0.25) < h) {
            const EulerAngles e = euler_zyx(s.orientation);
            std::printf("t %.2f v %.2f z %.2f roll %.2f pitch %.2f w %.1f gear %d fz %.0f %.0f %.0f %.0f in thr %.2f brk %.2f st %.2f hb %.2f lever %d\n", s.time_s,
                        speed_m_per_s(s), s.position_m.z - ground->surface_at(s.position_m.x, s.position_m.y).value_or(SurfacePoint{}).z_m, e.roll, e.pitch,
                        norm(s.angular_velocity_rad_per_s), s.gear, s.wheel_outputs[0].fz_n, s.wheel_outputs[1].fz_n, s.wheel_outputs[2].fz_n,
                        s.wheel_outputs[3].fz_n, in.throttle, in.brake, in.steering, in.handbrake, in.gear_lever);
        }
        std::ostringstream at;
        at << " at " << s.time_s << " s (" << car.name << ", " << to_string(o.control->mode) << ")";
        if (u.step_failed) return "a step ended in a state no car can have: " + v.last_failure() + at.str();
        const double speed = speed_m_per_s(s);
        if (!(speed <= speed_limit)) return "speed " + std::to_string(speed) + " m/s above " + std::to_string(speed_limit) + at.str();
        if (rough && !ground->surface_at(s.position_m.x, s.position_m.y)) return {};  // off the rough ground's edge: done
        for (int i = 0; i < 4; ++i) {
            const Vec3 hub = v.wheel_pose(i).pose.position_m;
            const std::optional<SurfacePoint> below = ground->surface_at(hub.x, hub.y);
            if (!below) continue;
            // How far the hub is under the surface, along its normal (on a 45 degree road the
            // height straight down is 1.4 times that).
            const double under = (below->z_m - hub.z) * below->normal.z;
            // On the rough ground the surface under a hub may be a feature's top the wheel is
            // beside (a ramp's side): its height, at most 1 m, is allowed.
            const double allowed = v.model().wheels[static_cast<std::size_t>(i)].radius_m + (rough ? 1.0 : 0.0);
            double& since = deep_since_s[static_cast<std::size_t>(i)];
            if (under <= allowed) {
                since = -1.0;
                continue;
            }
            if (since < 0.0) since = s.time_s;
            if (!(under <= allowed + 1.0) || s.time_s - since > 0.1) {
                return fmt::format("wheel {} {:.3f} m under the road for {:.3f} s (hub at x {:.2f}, y {:.2f}, z {:.3f}; road {:.3f}; body z "
                                   "{:.3f}, roll {:.2f}, pitch {:.2f}; {} ground)",
                                   i, under, s.time_s - since, hub.x, hub.y, hub.z, below->z_m, s.position_m.z, euler_zyx(s.orientation).roll,
                                   euler_zyx(s.orientation).pitch, rough ? "rough" : "road") +
                       at.str();
            }
        }
    }
    return {};
}

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
    const char* text = std::getenv(name);
    return text && *text ? std::strtoull(text, nullptr, 10) : fallback;
}

}  // namespace

TEST(RandomDriving, NeverExplodes) {
    const std::uint64_t runs = env_number("TRACTIVE_RANDOM_RUNS", 10000);
    const std::uint64_t first = env_number("TRACTIVE_RANDOM_SEED", 1);
    const bool trace = env_number("TRACTIVE_RANDOM_TRACE", 0) != 0;  // print each run's state every 0.25 s
    ASSERT_FALSE(cars().empty());
    std::mutex lock;
    std::vector<std::string> failures;
    std::vector<std::thread> pool;
    const unsigned threads = std::max(1u, std::min(2u, std::thread::hardware_concurrency()));
    for (unsigned t = 0; t < threads; ++t) {
        pool.emplace_back([&, t] {
            for (std::uint64_t i = t; i < runs; i += threads) {
                const std::uint64_t seed = first + i;
                std::string why;
                try {
                    why = run(seed, trace);
                } catch (const std::exception& e) {  // a refused start or an engine throw: this run's failure
                    why = std::string("threw: ") + e.what();
                }
                if (why.empty()) continue;
                std::lock_guard<std::mutex> g(lock);
                failures.push_back("seed " + std::to_string(seed) + ": " + why + "\n  repeat: TRACTIVE_RANDOM_SEED=" + std::to_string(seed) +
                                   " TRACTIVE_RANDOM_RUNS=1 build/tests/tractive_dynamics_tests --gtest_filter=RandomDriving.NeverExplodes");
            }
        });
    }
    for (std::thread& t : pool) t.join();
    for (const std::string& f : failures) ADD_FAILURE() << f;
    EXPECT_TRUE(failures.empty()) << failures.size() << " of " << runs << " runs failed";
}
