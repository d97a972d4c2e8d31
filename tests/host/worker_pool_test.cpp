// The batch's worker threads (src/host/worker_pool.hpp): every slice of every job runs exactly
// once, on threads started once; an exception in a slice reaches the caller after the others end,
// and the pool goes on working.
#include "host/worker_pool.hpp"

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <string>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

using tractive::detail::WorkerPool;

// 5,000 jobs on 3 threads, each slice adding its index + 1 to its own counter: each counter is
// (k + 1) x jobs at the end, so no slice was skipped or run twice; and the slices ran on the same
// three threads throughout (the caller's and two workers').
TEST(WorkerPool, RunsEverySliceOfEveryJobOnceOnThreadsStartedOnce) {
    WorkerPool pool(3);
    ASSERT_EQ(pool.threads(), 3);
    std::array<long, 3> sums{};
    std::array<std::set<std::thread::id>, 3> ids;
    constexpr int kJobs = 5000;
    for (int job = 0; job < kJobs; ++job) {
        auto slice = [&](int k) {
            sums[static_cast<std::size_t>(k)] += k + 1;
            if (job % 500 == 0) ids[static_cast<std::size_t>(k)].insert(std::this_thread::get_id());
        };
        pool.run(slice);
    }
    for (int k = 0; k < 3; ++k) {
        EXPECT_EQ(sums[static_cast<std::size_t>(k)], static_cast<long>(k + 1) * kJobs) << "slice " << k;
        EXPECT_EQ(ids[static_cast<std::size_t>(k)].size(), 1u) << "slice " << k;
    }
    EXPECT_EQ(*ids[0].begin(), std::this_thread::get_id());
    EXPECT_NE(*ids[1].begin(), *ids[2].begin());
}

// A job after the workers have gone to sleep (a pause far longer than their spin) still runs.
TEST(WorkerPool, WakesSleepingWorkers) {
    WorkerPool pool(2);
    std::atomic<int> ran{0};
    auto slice = [&](int) { ran.fetch_add(1); };
    for (int job = 0; job < 3; ++job) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        pool.run(slice);
    }
    EXPECT_EQ(ran.load(), 6);
}

// A slice that throws: the caller gets the exception once every slice has ended (the other
// slices' work is done), and the next job runs normally.
TEST(WorkerPool, AnExceptionInASliceReachesTheCaller) {
    WorkerPool pool(4);
    std::atomic<int> ended{0};
    auto failing = [&](int k) {
        if (k == 2) throw std::runtime_error("slice 2 failed");
        ended.fetch_add(1);
    };
    EXPECT_THROW(
        {
            try {
                pool.run(failing);
            } catch (const std::runtime_error& e) {
                EXPECT_STREQ(e.what(), "slice 2 failed");
                EXPECT_EQ(ended.load(), 3);
                throw;
            }
        },
        std::runtime_error);
    std::atomic<int> ran{0};
    auto fine = [&](int) { ran.fetch_add(1); };
    pool.run(fine);
    EXPECT_EQ(ran.load(), 4);
    EXPECT_THROW(WorkerPool(1), std::invalid_argument);
}

// The caller's own slice (0) throwing, and several slices throwing at once: one exception reaches
// the caller, after every slice has ended, and the pool goes on.
TEST(WorkerPool, TheCallersSliceOrSeveralThrowing) {
    WorkerPool pool(3);
    std::atomic<int> ended{0};
    auto caller_fails = [&](int k) {
        if (k == 0) throw std::runtime_error("caller's slice");
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        ended.fetch_add(1);
    };
    EXPECT_THROW(pool.run(caller_fails), std::runtime_error);
    EXPECT_EQ(ended.load(), 2);
    auto all_fail = [&](int k) { throw std::runtime_error("slice " + std::to_string(k)); };
    EXPECT_THROW(pool.run(all_fail), std::runtime_error);
    std::atomic<int> ran{0};
    auto fine = [&](int) { ran.fetch_add(1); };
    pool.run(fine);
    EXPECT_EQ(ran.load(), 3);
}

// Two host threads running jobs on one pool at once take turns: every slice of every job runs.
TEST(WorkerPool, JobsFromTwoThreadsAtOnceTakeTurns) {
    WorkerPool pool(2);
    std::atomic<long> slices{0};
    const auto many = [&] {
        auto slice = [&](int) { slices.fetch_add(1); };
        for (int job = 0; job < 500; ++job) pool.run(slice);
    };
    std::thread other(many);
    many();
    other.join();
    EXPECT_EQ(slices.load(), 2 * 500 * 2);
}
