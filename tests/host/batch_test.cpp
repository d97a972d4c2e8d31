// Many cars stepped together: the same results whatever the thread count, episodes that end and
// start again in the same step, and a lane-keeping driver that earns its reward.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support/profile_ground.hpp"
#include "support/test_paths.hpp"
#include "tractive/host/batch.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/world/road_ground.hpp"

using namespace tractive;

namespace {

std::vector<VehicleSpec> shipped_cars(int copies) {
    std::vector<VehicleSpec> cars;
    for (int k = 0; k < copies; ++k)
        for (const auto& f : test::example_car_files()) cars.push_back(load_car(f).spec);
    return cars;
}

// A proportional driver: steer back to the line, throttle up to the target speed.
void lane_keeper(const std::vector<double>& obs, std::vector<double>& actions, int n) {
    for (int i = 0; i < n; ++i) {
        const double* o = &obs[static_cast<std::size_t>(i * kBatchObservationCount)];
        double* a = &actions[static_cast<std::size_t>(i * kBatchActionCount)];
        a[kActionThrottle] = std::clamp(0.3 + 0.2 * o[kObsSpeedError], 0.0, 1.0);
        a[kActionBrake] = std::clamp(-0.1 * o[kObsSpeedError], 0.0, 1.0);
        a[kActionClutch] = 0.0;
        a[kActionSteering] = std::clamp(-0.3 * o[kObsLateralOffset] - 1.5 * o[kObsHeadingError], -1.0, 1.0);
        a[kActionHandbrake] = 0.0;
        a[kActionGear] = 1.0;  // D
    }
}

struct BatchRun {
    std::vector<double> obs, rewards, final_obs;
    std::vector<std::uint8_t> terminated, truncated;
};

BatchRun drive(int threads, int steps, bool wild) {
    BatchOptions o;
    o.threads = threads;
    o.task.horizon_s = 4.0;
    VehicleBatch batch(shipped_cars(3), nullptr, o);
    const int n = batch.size();
    BatchRun r;
    r.obs.resize(static_cast<std::size_t>(n * kBatchObservationCount));
    r.final_obs.assign(r.obs.size(), 0.0);
    r.rewards.resize(static_cast<std::size_t>(n));
    r.terminated.resize(static_cast<std::size_t>(n));
    r.truncated.resize(static_cast<std::size_t>(n));
    std::vector<double> actions(static_cast<std::size_t>(n * kBatchActionCount));
    std::vector<double> total(static_cast<std::size_t>(n), 0.0);
    batch.reset(42, r.obs.data());
    for (int k = 0; k < steps; ++k) {
        lane_keeper(r.obs, actions, n);
        if (wild) {
            for (int i = 0; i < n; ++i) actions[static_cast<std::size_t>(i * kBatchActionCount + kActionSteering)] = (i % 2 ? 1.0 : -1.0);
        }
        batch.step(actions.data(), r.obs.data(), r.rewards.data(), r.terminated.data(), r.truncated.data(), r.final_obs.data());
        for (int i = 0; i < n; ++i) total[static_cast<std::size_t>(i)] += r.rewards[static_cast<std::size_t>(i)];
    }
    r.rewards = total;
    return r;
}

}  // namespace

TEST(VehicleBatch, TheSameResultsWhateverTheThreadCount) {
    const BatchRun one = drive(1, 100, false), two = drive(2, 100, false), five = drive(5, 100, false);
    EXPECT_EQ(one.obs, two.obs);
    EXPECT_EQ(one.obs, five.obs);
    EXPECT_EQ(one.rewards, five.rewards);
    EXPECT_EQ(one.final_obs, two.final_obs);
}

TEST(VehicleBatch, ALaneKeeperHoldsTheLineAndEarnsAboutOneASecond) {
    // 3.9 s: inside the 4 s horizon, so no episode has ended.
    const BatchRun r = drive(2, 78, false);
    const int n = static_cast<int>(r.rewards.size());
    for (int i = 0; i < n; ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(r.terminated[static_cast<std::size_t>(i)], 0);
        EXPECT_LT(std::abs(r.obs[static_cast<std::size_t>(i * kBatchObservationCount + kObsLateralOffset)]), 0.5);
        EXPECT_NEAR(r.obs[static_cast<std::size_t>(i * kBatchObservationCount + kObsSpeed)], 20.0, 4.0);
        EXPECT_GT(r.rewards[static_cast<std::size_t>(i)], 2.5);  // at most 3.9 (the target speed, on the line)
        EXPECT_LT(r.rewards[static_cast<std::size_t>(i)], 4.2);
    }
}

TEST(VehicleBatch, EpisodesEndAndStartAgainInTheSameStep) {
    // Full lock: every car leaves the road within the horizon, is reset, and its last
    // observation is kept.
    BatchOptions o;
    o.threads = 2;
    VehicleBatch batch(shipped_cars(1), nullptr, o);
    const int n = batch.size();
    std::vector<double> obs(static_cast<std::size_t>(n * kBatchObservationCount)), final_obs(obs.size(), 0.0);
    std::vector<double> actions(static_cast<std::size_t>(n * kBatchActionCount), 0.0), rewards(static_cast<std::size_t>(n));
    std::vector<std::uint8_t> terminated(static_cast<std::size_t>(n)), truncated(static_cast<std::size_t>(n));
    batch.reset(7, obs.data());
    std::vector<bool> ended(static_cast<std::size_t>(n), false);
    for (int k = 0; k < 400; ++k) {
        for (int i = 0; i < n; ++i) {
            actions[static_cast<std::size_t>(i * kBatchActionCount + kActionSteering)] = 1.0;
            actions[static_cast<std::size_t>(i * kBatchActionCount + kActionThrottle)] = 0.5;
            actions[static_cast<std::size_t>(i * kBatchActionCount + kActionGear)] = 1.0;
        }
        batch.step(actions.data(), obs.data(), rewards.data(), terminated.data(), truncated.data(), final_obs.data());
        for (int i = 0; i < n; ++i) {
            if (!terminated[static_cast<std::size_t>(i)]) continue;
            ended[static_cast<std::size_t>(i)] = true;
            EXPECT_EQ(rewards[static_cast<std::size_t>(i)], -10.0);
            EXPECT_GT(std::abs(final_obs[static_cast<std::size_t>(i * kBatchObservationCount + kObsLateralOffset)]), 4.0);
            EXPECT_LT(std::abs(obs[static_cast<std::size_t>(i * kBatchObservationCount + kObsLateralOffset)]), 0.51);  // a new start
        }
    }
    for (int i = 0; i < n; ++i) EXPECT_TRUE(ended[static_cast<std::size_t>(i)]) << "car " << i << " never left the road";
}

// A car whose step fails ends its episode (reward -10), as docs/python.md says, and starts again;
// it is not left frozen at its last good state for the rest of the horizon.
TEST(VehicleBatch, ACarWhoseStepFailsEndsItsEpisode) {
    VehicleBatch batch(shipped_cars(1), std::make_shared<test::BrokenAheadGround>());
    const int n = batch.size();
    std::vector<double> obs(static_cast<std::size_t>(n * kBatchObservationCount)), final_obs(obs.size(), 0.0);
    std::vector<double> actions(static_cast<std::size_t>(n * kBatchActionCount), 0.0), rewards(static_cast<std::size_t>(n));
    std::vector<std::uint8_t> terminated(static_cast<std::size_t>(n)), truncated(static_cast<std::size_t>(n));
    batch.reset(3, obs.data());
    std::vector<int> ended(static_cast<std::size_t>(n), 0);
    for (int k = 0; k < 100; ++k) {  // 5 s: every car, at 60-100 % of 20 m/s, passes 20 m in 2 s
        lane_keeper(obs, actions, n);
        batch.step(actions.data(), obs.data(), rewards.data(), terminated.data(), truncated.data(), final_obs.data());
        for (int i = 0; i < n; ++i) {
            const auto u = static_cast<std::size_t>(i);
            if (!terminated[u]) {
                EXPECT_LE(batch.vehicle(i).state().position_m.x, 20.0 + 2.0) << "car " << i << " stepped on past the broken road";
                continue;
            }
            ++ended[u];
            EXPECT_EQ(rewards[u], -10.0);
            EXPECT_LT(std::abs(obs[u * kBatchObservationCount + kObsLateralOffset]), 0.51);  // a new start's observation
            EXPECT_TRUE(std::isfinite(final_obs[u * kBatchObservationCount + kObsSpeed]));    // the last good state's
            EXPECT_LT(batch.vehicle(i).state().position_m.x, 5.0) << "car " << i << " was not started again";
        }
    }
    for (int i = 0; i < n; ++i) EXPECT_GE(ended[static_cast<std::size_t>(i)], 1) << "car " << i << "'s failed steps never ended its episode";
}

TEST(VehicleBatch, BadInputIsRefused) {
    EXPECT_THROW(VehicleBatch({}, nullptr), std::invalid_argument);
    BatchOptions o;
    o.task.control_interval_s = 0.0;
    EXPECT_THROW(VehicleBatch(shipped_cars(1), nullptr, o), std::invalid_argument);
    // NaN and out-of-range actions are clamped, not propagated.
    VehicleBatch batch(shipped_cars(1), nullptr);
    const int n = batch.size();
    std::vector<double> obs(static_cast<std::size_t>(n * kBatchObservationCount)), final_obs(obs.size());
    std::vector<double> actions(static_cast<std::size_t>(n * kBatchActionCount), std::nan("")), rewards(static_cast<std::size_t>(n));
    std::vector<std::uint8_t> terminated(static_cast<std::size_t>(n)), truncated(static_cast<std::size_t>(n));
    batch.reset(1, obs.data());
    for (int k = 0; k < 20; ++k) batch.step(actions.data(), obs.data(), rewards.data(), terminated.data(), truncated.data(), final_obs.data());
    for (const double v : obs) EXPECT_TRUE(std::isfinite(v));
    // An action out of range is taken to its bound; one that is not a number or infinite counts
    // as 0, as the control layer takes a driver's input (docs/python.md, docs/control.md).
    const auto drive_with = [&](double throttle, double gear) {
        VehicleBatch b(shipped_cars(1), nullptr);
        std::vector<double> seen(obs.size()), f(obs.size()), r(rewards.size());
        std::vector<double> a(actions.size(), 0.0);
        for (int i = 0; i < n; ++i) {
            a[static_cast<std::size_t>(i * kBatchActionCount + kActionThrottle)] = throttle;
            a[static_cast<std::size_t>(i * kBatchActionCount + kActionGear)] = gear;
        }
        b.reset(1, seen.data());
        for (int k = 0; k < 20; ++k) b.step(a.data(), seen.data(), r.data(), terminated.data(), truncated.data(), f.data());
        return seen;
    };
    EXPECT_EQ(drive_with(5.0, 1.0), drive_with(1.0, 1.0));
    EXPECT_EQ(drive_with(0.6, 99.0), drive_with(0.6, 1.0));  // the automatic's selector: D
    EXPECT_EQ(drive_with(INFINITY, 1.0), drive_with(0.0, 1.0));
    EXPECT_EQ(drive_with(0.6, INFINITY), drive_with(0.6, 0.0));
    EXPECT_NE(drive_with(1.0, 1.0), drive_with(0.0, 1.0));
}

// Gymnasium's per-environment reset: with a mask only the flagged cars start again, each as a
// full reset with that seed starts it; the others carry on untouched. And a batch of one car N
// times steps as N separately built cars do (their model is shared, not their state).
TEST(Batch, AMaskedResetStartsOnlyTheFlaggedCars) {
    const VehicleSpec roadster = load_car(test::example_car_files().front().parent_path() / "roadster.toml").spec;
    constexpr int n = 6;
    BatchOptions o;
    o.threads = 2;
    VehicleBatch shared(roadster, n, nullptr, o);
    VehicleBatch separate(std::vector<VehicleSpec>(n, roadster), nullptr, o);
    VehicleBatch fresh(roadster, n, nullptr, o);
    const std::size_t size = static_cast<std::size_t>(n * kBatchObservationCount);
    std::vector<double> obs(size), obs_separate(size), obs_fresh(size), final_obs(size), rewards(n), actions(static_cast<std::size_t>(n * kBatchActionCount));
    std::vector<std::uint8_t> term(n), trunc(n);
    shared.reset(3, obs.data());
    separate.reset(3, obs_separate.data());
    for (int k = 0; k < 40; ++k) {
        lane_keeper(obs, actions, n);
        shared.step(actions.data(), obs.data(), rewards.data(), term.data(), trunc.data(), final_obs.data());
        separate.step(actions.data(), obs_separate.data(), rewards.data(), term.data(), trunc.data(), final_obs.data());
    }
    EXPECT_EQ(obs, obs_separate) << "a shared model steps as separate ones";
    const std::vector<double> before = obs;
    const std::uint8_t mask[n] = {1, 0, 0, 1, 0, 1};
    shared.reset(11, obs.data(), mask);
    fresh.reset(11, obs_fresh.data());
    for (int i = 0; i < n; ++i) {
        for (int c = 0; c < kBatchObservationCount; ++c) {
            const std::size_t at = static_cast<std::size_t>(i * kBatchObservationCount + c);
            EXPECT_EQ(obs[at], mask[i] ? obs_fresh[at] : before[at]) << "car " << i << " column " << c;
        }
    }
    EXPECT_NE(obs[kObsSpeed], before[kObsSpeed]) << "car 0 was reset";
}

// A batch built on two threads, then the process forked (Python's multiprocessing does so): the
// child has none of the parent's worker threads, and its steps must not wait for them. The child
// steps the batch 20 times and exits 0 when every observation is finite; the parent waits up to
// 60 s. (Before the pool noticed the fork, the child's first step waited for ever.)
TEST(VehicleBatch, AForkedChildStepsItsCopyOfTheBatch) {
    BatchOptions o;
    o.threads = 2;
    VehicleBatch batch(shipped_cars(1), nullptr, o);
    const int n = batch.size();
    std::vector<double> obs(static_cast<std::size_t>(n * kBatchObservationCount)), final_obs(obs.size()), rewards(static_cast<std::size_t>(n));
    std::vector<std::uint8_t> terminated(static_cast<std::size_t>(n)), truncated(static_cast<std::size_t>(n));
    std::vector<double> actions(static_cast<std::size_t>(n * kBatchActionCount));
    batch.reset(3, obs.data());
    lane_keeper(obs, actions, n);
    batch.step(actions.data(), obs.data(), rewards.data(), terminated.data(), truncated.data(), final_obs.data());  // the workers run
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        for (int k = 0; k < 20; ++k) {
            lane_keeper(obs, actions, n);
            batch.step(actions.data(), obs.data(), rewards.data(), terminated.data(), truncated.data(), final_obs.data());
        }
        const bool finite = std::all_of(obs.begin(), obs.end(), [](double v) { return std::isfinite(v); });
        _exit(finite ? 0 : 1);
    }
    int status = 0;
    pid_t done = 0;
    for (int waited_ms = 0; waited_ms < 60000 && done == 0; waited_ms += 10) {
        done = waitpid(child, &status, WNOHANG);
        if (done == 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (done == 0) {
        kill(child, SIGKILL);
        waitpid(child, &status, 0);
        FAIL() << "the forked child's steps hung";
    }
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    // The parent's batch steps on as before.
    batch.step(actions.data(), obs.data(), rewards.data(), terminated.data(), truncated.data(), final_obs.data());
    EXPECT_TRUE(std::all_of(obs.begin(), obs.end(), [](double v) { return std::isfinite(v); }));
}
