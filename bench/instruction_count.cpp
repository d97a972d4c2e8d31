// The instruction budget's fixed runs (docs/performance.md, "The instruction budget"): the
// default car (examples/cars/roadster.toml, or the car given) at full throttle in D with its own
// driver aids (the roadster's ABS, TCS and ESC), 5 simulated seconds at 60 Hz: alone through Vehicle::update from rest, or as 64 copies in
// a VehicleBatch on one thread (each starting its lane-keeping episode rolling). Run under valgrind's callgrind with --collect-atstart=no:
// only the stepping loop is counted (CALLGRIND_TOGGLE_COLLECT around it), so loading the car and
// building the batch do not count. scripts/check_instruction_budget.py runs it and compares the
// count with bench/instruction_budget.json.
//
//   tractive_instruction_count single|batch64 [CAR]
#include <valgrind/callgrind.h>

#include <cstdio>
#include <memory>
#include <string>

#include "support/batch_drive.hpp"
#include "tractive/control/driver_input.hpp"
#include "tractive/host/batch.hpp"
#include "tractive/host/vehicle.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/world/road_ground.hpp"

namespace {

constexpr double kFrame_s = 1.0 / 60.0;
constexpr int kFrames = 300;  // 5 s

int single(const tractive::VehicleSpec& spec) {
    tractive::VehicleOptions o;
    tractive::ControlSettings control = tractive::control_settings_for(spec);
    control.mode = tractive::ShiftMode::Automatic;
    o.control = control;
    tractive::Vehicle v(spec, std::make_shared<tractive::RoadGround>(tractive::RoadSpec{}), o);
    tractive::DriverInput in;
    in.throttle = 1.0;
    in.gear_lever = 1;
    CALLGRIND_TOGGLE_COLLECT;
    for (int k = 0; k < kFrames; ++k) v.update(kFrame_s, in);
    CALLGRIND_TOGGLE_COLLECT;
    std::printf("single: %.2f m/s after %.1f s\n", v.state().velocity_m_per_s.x, v.state().time_s);
    return v.state().velocity_m_per_s.x > 5.0 ? 0 : 1;  // a car that did not launch is no measure
}

int batch64(const tractive::VehicleSpec& spec) {
    constexpr int kCars = 64;
    tractive::BatchOptions o;
    o.threads = 1;  // the batch's default control: the automatic, ABS and TCS on
    o.task.control_interval_s = kFrame_s;
    tractive::VehicleBatch batch(spec, kCars, nullptr, o);
    tractive::test::BatchDrive drive(kCars, 1.0);
    batch.reset(1, drive.observations.data());
    CALLGRIND_TOGGLE_COLLECT;
    for (int k = 0; k < kFrames; ++k) drive.step(batch);
    CALLGRIND_TOGGLE_COLLECT;
    std::printf("batch64: car 0 at %.2f m/s\n", drive.speed(0));
    return drive.speed(0) > 5.0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    const std::string car = argc > 2 ? argv[2] : std::string(TRACTIVE_EXAMPLE_CARS) + "/roadster.toml";
    const tractive::VehicleSpec spec = tractive::load_car(car).spec;
    if (mode == "single") return single(spec);
    if (mode == "batch64") return batch64(spec);
    std::fprintf(stderr, "usage: tractive_instruction_count single|batch64 [CAR]\n");
    return 2;
}
