// Building a triangle-mesh ground (world/mesh_ground.hpp): checking the triangles, their edge
// neighbours and the bounding-volume tree, for a plane of about a million triangles (a 40 km
// stretch of road two lanes wide at 0.1 m by 0.4 m cells is some 4 million).
#include <benchmark/benchmark.h>

#include "support/grounds.hpp"
#include "tractive/world/mesh_ground.hpp"

namespace {

void BM_MeshGroundBuild(benchmark::State& state) {
    const double cells = static_cast<double>(state.range(0));  // along each side
    const tractive::TriangleMesh mesh = tractive::test::plane_grid(0.0, cells, 0.0, cells, 1.0, 0.02, 0.01);
    for (auto _ : state) {
        state.PauseTiming();
        tractive::TriangleMesh copy = mesh;
        state.ResumeTiming();
        const tractive::MeshGround ground(std::move(copy));
        benchmark::DoNotOptimize(ground.upper_corner_m());
    }
    state.counters["triangles"] = static_cast<double>(mesh.triangles.size());
}
BENCHMARK(BM_MeshGroundBuild)->Arg(708)->Unit(benchmark::kMillisecond);  // 1,002,528 triangles

}  // namespace
