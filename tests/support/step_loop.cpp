// Steps the default car (or the car given) for a number of 60 Hz frames, for
// tests/reference/check_system_calls_per_step.sh, which counts the system calls of two runs of
// different lengths under strace: what the longer run makes more is what the steps make.
//   tractive_step_loop MODE FRAMES CAR
// MODE: single (Vehicle::update), batch1 or batch2 (a VehicleBatch of 16 cars on one thread or
// two), or getppid (single plus one system call a frame: the case the check must refuse).
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <string>

#include "support/batch_drive.hpp"
#include "tractive/host/batch.hpp"
#include "tractive/host/vehicle.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/world/road_ground.hpp"

namespace {

constexpr double kFrame_s = 1.0 / 60.0;

int single(const tractive::VehicleSpec& spec, int frames, bool call_each_frame) {
    tractive::ControlSettings control = tractive::control_settings_for(spec);
    control.mode = tractive::ShiftMode::Automatic;
    tractive::VehicleOptions o;
    o.control = control;
    tractive::Vehicle v(spec, std::make_shared<tractive::RoadGround>(tractive::RoadSpec{}), o);
    tractive::DriverInput in;
    in.throttle = 1.0;
    in.gear_lever = 1;
    for (int k = 0; k < frames; ++k) {
        v.update(kFrame_s, in);
        if (call_each_frame) (void)syscall(SYS_getppid);
    }
    if (v.state().velocity_m_per_s.x > 1.0) return 0;
    std::fprintf(stderr, "the car did not drive off: %.2f m/s\n", v.state().velocity_m_per_s.x);
    return 1;
}

int batch(const tractive::VehicleSpec& spec, int frames, int threads) {
    constexpr int kCars = 16;
    tractive::BatchOptions o;
    o.threads = threads;
    tractive::VehicleBatch b(spec, kCars, nullptr, o);
    tractive::test::BatchDrive drive(kCars, 0.3);
    b.reset(1, drive.observations.data());
    for (int k = 0; k < frames; ++k) drive.step(b);
    if (drive.speed(0) > 1.0) return 0;
    std::fprintf(stderr, "car 0 is not moving: %.2f m/s\n", drive.speed(0));
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: tractive_step_loop single|batch1|batch2|getppid FRAMES CAR\n");
        return 2;
    }
    const std::string mode = argv[1];
    const int frames = std::stoi(argv[2]);
    const tractive::VehicleSpec spec = tractive::load_car(argv[3]).spec;
    if (mode == "single") return single(spec, frames, false);
    if (mode == "getppid") return single(spec, frames, true);
    if (mode == "batch1") return batch(spec, frames, 1);
    if (mode == "batch2") return batch(spec, frames, 2);
    std::fprintf(stderr, "unknown mode %s\n", mode.c_str());
    return 2;
}
