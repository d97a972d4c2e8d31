// Building and resetting a batch of cars (tractive::VehicleBatch, the Python Batch's C++ side),
// beside one batch step for scale: a reset (a new episode) should cost no more than a few steps,
// and building 1,000 copies of one car about what building one does.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <vector>

#include "support/batch_drive.hpp"
#include "tractive/host/batch.hpp"
#include "tractive/io/car_loader.hpp"

namespace {

const tractive::VehicleSpec& roadster() {
    static const tractive::VehicleSpec spec = tractive::load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    return spec;
}

tractive::BatchOptions one_thread() {
    tractive::BatchOptions o;
    o.threads = 1;
    return o;
}

// 1,000 roadsters, one car given N times.
void BM_BatchBuild1000(benchmark::State& state) {
    for (auto _ : state) {
        tractive::VehicleBatch batch(roadster(), 1000, nullptr, one_thread());
        benchmark::DoNotOptimize(batch.size());
    }
}

// A new episode for each of 1,000 cars (per iteration: all of them).
void BM_BatchReset1000(benchmark::State& state) {
    tractive::VehicleBatch batch(roadster(), 1000, nullptr, one_thread());
    std::vector<double> obs(1000 * tractive::kBatchObservationCount);
    std::uint64_t seed = 0;
    for (auto _ : state) batch.reset(++seed, obs.data());
}

// One control interval (50 ms: six or seven internal steps) for each of N cars (the first
// argument) on T threads (the second): the threads start with the batch and every step reuses
// them, so a small batch on two threads should take about half its one-thread time.
void BM_BatchStep(benchmark::State& state) {
    const int cars = static_cast<int>(state.range(0));
    tractive::BatchOptions o;
    o.threads = static_cast<int>(state.range(1));
    tractive::VehicleBatch batch(roadster(), cars, nullptr, o);
    tractive::test::BatchDrive drive(cars, 0.3);
    batch.reset(1, drive.observations.data());
    for (auto _ : state) drive.step(batch);
    state.SetItemsProcessed(state.iterations() * cars);
}

}  // namespace

BENCHMARK(BM_BatchBuild1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BatchReset1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BatchStep)->Args({1000, 1})->Args({1000, 2})->Args({4, 1})->Args({4, 2})->Unit(benchmark::kMicrosecond);
