// Cost of one tyre-law evaluation (tyre_force) at combined slip, camber and load varying over a
// fixed set of 256 points like those a cornering, braking car visits: the Pacejka '89 law (the
// VDrift XS's tyre), the default car's MF 5.2 (PAC2002) .tir and the full MF 6.1 test .tir.
// The step evaluates the law once per wheel per step (BM_Step* in step_bench.cpp). Run:
// ./build/bench/tractive_bench --benchmark_filter=BM_TyreLaw
#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <filesystem>

#include "bench_files.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/tir_loader.hpp"
#include "tractive/laws/tyre.hpp"

using namespace tractive;

namespace {

struct LawPoint {
    TyreSlip slip;
    double fz_n;
};

// Slip ratios within +-0.15, slip angles within +-8 degrees, inclinations of +-2 degrees and
// loads of 2-5 kN, spread by a fixed low-discrepancy sequence (no random state in the loop).
std::array<LawPoint, 256> law_points() {
    std::array<LawPoint, 256> points{};
    for (std::size_t i = 0; i < points.size(); ++i) {
        const double u = std::fmod(0.5 + 0.6180339887 * static_cast<double>(i), 1.0);
        const double v = std::fmod(0.5 + 0.7548776662 * static_cast<double>(i), 1.0);
        const double w = std::fmod(0.5 + 0.5698402910 * static_cast<double>(i), 1.0);
        LawPoint& p = points[i];
        p.slip.slip_ratio = 0.3 * (u - 0.5);
        p.slip.slip_angle_rad = 0.28 * (v - 0.5);
        p.slip.inclination_rad = 0.035 * (2.0 * w - 1.0);
        p.fz_n = 2000.0 + 3000.0 * std::fmod(u + v, 1.0);
    }
    return points;
}

void bench_law(benchmark::State& bs, const TyreSpec& tyre) {
    const std::array<LawPoint, 256> points = law_points();
    const double size_factor = tyre_size_friction_factor(tyre);
    std::size_t i = 0;
    for (auto _ : bs) {
        const LawPoint& p = points[i++ & 255u];
        benchmark::DoNotOptimize(tyre_force(tyre, p.slip, p.fz_n, 1.0, size_factor));
    }
}

void BM_TyreLawPacejka89(benchmark::State& bs) {
    const std::filesystem::path xs = std::filesystem::path(TRACTIVE_VDRIFT_DATA) / "cars/XS/XS.car";
    if (!bench::file_present_or_skip(bs, xs)) return;
    bench_law(bs, load_car(xs).spec.wheels[0].tyre);
}
void BM_TyreLawMf52DefaultCar(benchmark::State& bs) {
    bench_law(bs, load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec.wheels[0].tyre);
}
void BM_TyreLawMf61(benchmark::State& bs) {
    bench_law(bs, load_tir(std::filesystem::path(TRACTIVE_TEST_DATA) / "tir" / "mf61_205_55R16.tir").tyre);
}

}  // namespace

BENCHMARK(BM_TyreLawPacejka89);
BENCHMARK(BM_TyreLawMf52DefaultCar);
BENCHMARK(BM_TyreLawMf61);
