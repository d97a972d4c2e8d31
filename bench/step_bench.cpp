// Cost of one internal vehicle step, and the real-time factor (simulated seconds per CPU
// second), at the default internal step: the default car and the XS driving, the default car
// parked, and the default car on a .tir Magic Formula tyre (MF 6.1) driving; and one 60 Hz
// frame of the default car through Vehicle::update with its control layer. Run:
// ./build/bench/tractive_bench
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <new>

#include "bench_files.hpp"
#include "support/allocation_counter.hpp"
#include "support/grounds.hpp"
#include "tractive/control/driver_input.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/host/vehicle.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/tir_loader.hpp"
#include "tractive/world/mesh_ground.hpp"
#include "tractive/world/road_ground.hpp"

using namespace tractive;

namespace {

// A drive that exercises everything: cruising in 3rd with steering and throttle changes.
Controls drive(double t) {
    Controls c;
    c.gear = 3;
    c.throttle = 0.4 + 0.3 * std::sin(0.7 * t);
    c.steering = 0.15 * std::sin(0.5 * t);
    return c;
}

// Parked: engine idling in neutral, handbrake on (the tyres' stiction regime, with the tread's
// spring, and the brakes as rows: what most cars of a traffic scene do).
Controls park(double) {
    Controls c;
    c.handbrake = 1.0;
    return c;
}

void bench_spec(benchmark::State& bs, const VehicleSpec& spec, Controls (*controls)(double) = drive, bool parked = false,
                const Ground& ground = RoadGround(RoadSpec{}), long restart_steps = 600000) {
    StepSettings settings;
    InitialConditions ic;
    ic.gear = parked ? 0 : 3;
    ic.speed_m_per_s = parked ? 0.0 : 20.0;
    const VehicleModel model = build_vehicle_model(spec);
    VehicleState state = initial_state(model, ground, ic);
    const VehicleState start = state;
    long steps = 0;
    const long allocations_before = test::g_allocations.load();
    for (auto _ : bs) {
        step_fixed(model, ground, controls(state.time_s), settings, state);
        benchmark::DoNotOptimize(state);
        if (++steps % restart_steps == 0) state = start;  // keep driving in the same regime
    }
    bs.counters["allocations_per_step"] =
        static_cast<double>(test::g_allocations.load() - allocations_before) / static_cast<double>(bs.iterations());
    // Simulated seconds per CPU second.
    bs.counters["real_time_factor"] = benchmark::Counter(static_cast<double>(bs.iterations()) * settings.internal_step_s,
                                                         benchmark::Counter::kIsRate);
}

void bench_car(benchmark::State& bs, const std::filesystem::path& car, Controls (*controls)(double) = drive,
               bool parked = false) {
    if (!bench::file_present_or_skip(bs, car)) return;
    bench_spec(bs, load_car(car).spec, controls, parked);
}

// The default car: the roadster on its MF 5.2 (PAC2002) .tir tyre.
void BM_StepDefaultCar(benchmark::State& bs) { bench_car(bs, std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml"); }
// The roadster on the VDrift XS's Pacejka '89 tyres: the '89 law's cost on the same chassis, the
// reference the .tir laws are measured against (docs/performance.md).
void BM_StepDefaultCarOnPacejka89(benchmark::State& bs) {
    const std::filesystem::path xs = std::filesystem::path(TRACTIVE_VDRIFT_DATA) / "cars/XS/XS.car";
    if (!bench::file_present_or_skip(bs, xs)) return;
    VehicleSpec spec = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    const VehicleSpec xs_spec = load_car(xs).spec;
    for (std::size_t i = 0; i < spec.wheels.size(); ++i) spec.wheels[i].tyre = xs_spec.wheels[i].tyre;
    bench_spec(bs, spec);
}
// The roadster on the MF 6.1 test tyre (tests/data/tir).
void BM_StepDefaultCarOnTir(benchmark::State& bs) {
    VehicleSpec spec = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    const TyreSpec tir = load_tir(std::filesystem::path(TRACTIVE_TEST_DATA) / "tir" / "mf61_205_55R16.tir").tyre;
    for (WheelSpec& w : spec.wheels) w.tyre = tir;
    bench_spec(bs, spec);
}
// The default car on a flat triangle mesh of 1 m cells, 360 m x 320 m (230,000 triangles), the
// drive (which turns through about 90 degrees in 16 s) restarted every 16 s so that it stays on
// the mesh: the mesh ground's query against the analytic road's (BM_StepDefaultCar).
void BM_StepDefaultCarOnMesh(benchmark::State& bs) {
    static const MeshGround mesh(test::plane_grid(-40.0, 320.0, -40.0, 280.0, 1.0));
    bench_spec(bs, load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec, drive, false, mesh, 2000);
}
void BM_StepXS(benchmark::State& bs) { bench_car(bs, std::filesystem::path(TRACTIVE_VDRIFT_DATA) / "cars/XS/XS.car"); }
void BM_StepDefaultCarParked(benchmark::State& bs) {
    bench_car(bs, std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml", park, true);
}

// The real-time factor as it is defined (docs/performance.md): the default car through
// Vehicle::update at 60 Hz with its control layer (the automatic, ABS, TCS, ESC), the instruction
// budget's single run (bench/instruction_count.cpp): full throttle in D from rest for 5 s, then
// back to the start (Vehicle::restore of a snapshot taken there). One iteration is one 60 Hz
// frame (about two internal steps).
void BM_VehicleUpdateDefaultCar60Hz(benchmark::State& bs) {
    constexpr double kFrame_s = 1.0 / 60.0;
    constexpr long kFrames = 300;  // 5 s
    const VehicleSpec spec = load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    VehicleOptions options;
    ControlSettings control = control_settings_for(spec);
    control.mode = ShiftMode::Automatic;
    options.control = control;
    Vehicle vehicle(spec, std::make_shared<RoadGround>(RoadSpec{}), options);
    const Vehicle::Snapshot start = vehicle.snapshot();
    DriverInput input;
    input.throttle = 1.0;
    input.gear_lever = 1;
    long frames = 0, internal_steps = 0;
    bool launched = true;  // every 5 s run ended above 5 m/s (the budget's single run asks the same)
    const long allocations_before = test::g_allocations.load();
    for (auto _ : bs) {
        internal_steps += vehicle.update(kFrame_s, input).internal_steps;
        benchmark::DoNotOptimize(vehicle.state());
        if (++frames % kFrames == 0) {
            launched = launched && vehicle.state().velocity_m_per_s.x > 5.0;
            vehicle.restore(start);
        }
    }
    // (Per internal step, as the others count: a CSV report needs the same counters in every run.)
    bs.counters["allocations_per_step"] =
        static_cast<double>(test::g_allocations.load() - allocations_before) / static_cast<double>(std::max(internal_steps, 1L));
    bs.counters["real_time_factor"] = benchmark::Counter(static_cast<double>(bs.iterations()) * kFrame_s, benchmark::Counter::kIsRate);
    // A car that did not launch (or ran to NaN) is no measure of one that drives.
    if (!launched || !std::isfinite(vehicle.state().velocity_m_per_s.x)) {
        bs.SkipWithError("the car did not launch: below 5 m/s after 5 s, or its speed not finite");
    }
}

}  // namespace

BENCHMARK(BM_StepDefaultCar);
BENCHMARK(BM_StepDefaultCarOnPacejka89);
BENCHMARK(BM_StepXS);
BENCHMARK(BM_StepDefaultCarParked);
BENCHMARK(BM_StepDefaultCarOnTir);
BENCHMARK(BM_StepDefaultCarOnMesh);
BENCHMARK(BM_VehicleUpdateDefaultCar60Hz);
BENCHMARK_MAIN();
