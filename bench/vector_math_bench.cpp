// Vector maths for the tyre law (issue 27, item 1: "choose with measurements"): the
// throughput of atan, the Magic Formula's most called function (about 47 calls a step), one
// value at a time through glibc's scalar atan against four at a time through glibc's libmvec
// (_ZGVdN4v_atan, AVX2) and xsimd's own AVX2 atan (Debian libxsimd-dev), over the same 4,096
// arguments (slips of a tyre times its stiffness factor: -40..40). Each vector result is also
// compared with the scalar one: the largest relative difference is reported as a counter
// (`max_rel_diff`). This file is built with -mavx2 -mfma; the vector cases skip themselves on a
// CPU without AVX2 and FMA. Run: ./build/bench/tractive_vector_math_bench
#include <benchmark/benchmark.h>
#include <immintrin.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include <xsimd/xsimd.hpp>

extern "C" __m256d _ZGVdN4v_atan(__m256d);  // glibc libmvec, AVX2 variant (GLIBC_2.35)

namespace {

const std::vector<double>& arguments() {
    static const std::vector<double> xs = [] {
        std::vector<double> v(4096);
        for (std::size_t i = 0; i < v.size(); ++i) v[i] = 80.0 * (std::fmod(0.5 + 0.6180339887 * static_cast<double>(i), 1.0) - 0.5);
        return v;
    }();
    return xs;
}

bool has_avx2_fma() { return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"); }

double max_relative_difference(const std::vector<double>& got) {
    const std::vector<double>& xs = arguments();
    double worst = 0.0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
        const double want = std::atan(xs[i]);
        if (want != 0.0) worst = std::max(worst, std::abs(got[i] - want) / std::abs(want));
    }
    return worst;
}

void BM_AtanScalar(benchmark::State& state) {
    const std::vector<double>& xs = arguments();
    std::vector<double> out(xs.size());
    for (auto _ : state) {
        for (std::size_t i = 0; i < xs.size(); ++i) out[i] = std::atan(xs[i]);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(state.iterations() * static_cast<long>(xs.size()));
}

void BM_AtanLibmvec4(benchmark::State& state) {
    if (!has_avx2_fma()) return state.SkipWithError("no AVX2 and FMA on this CPU");
    const std::vector<double>& xs = arguments();
    std::vector<double> out(xs.size());
    for (auto _ : state) {
        for (std::size_t i = 0; i < xs.size(); i += 4) _mm256_storeu_pd(&out[i], _ZGVdN4v_atan(_mm256_loadu_pd(&xs[i])));
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(state.iterations() * static_cast<long>(xs.size()));
    state.counters["max_rel_diff"] = max_relative_difference(out);
}

void BM_AtanXsimd4(benchmark::State& state) {
    if (!has_avx2_fma()) return state.SkipWithError("no AVX2 and FMA on this CPU");
    using batch = xsimd::batch<double, xsimd::avx2>;
    const std::vector<double>& xs = arguments();
    std::vector<double> out(xs.size());
    for (auto _ : state) {
        for (std::size_t i = 0; i < xs.size(); i += batch::size) xsimd::atan(batch::load_unaligned(&xs[i])).store_unaligned(&out[i]);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(state.iterations() * static_cast<long>(xs.size()));
    state.counters["max_rel_diff"] = max_relative_difference(out);
}

}  // namespace

BENCHMARK(BM_AtanScalar);
BENCHMARK(BM_AtanLibmvec4);
BENCHMARK(BM_AtanXsimd4);
BENCHMARK_MAIN();
