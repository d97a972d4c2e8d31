#pragma once
// The cars every driver-model test runs on (the shipped cars and every shared VDrift car that
// loads), a gear chooser for tests that hold one gear, and a closed loop of driver and car.

#include <functional>
#include <string>
#include <vector>

#include "tractive/driver/driver_model.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive::test {

struct TestCar {
    std::string name;  // for test names: file stem, "_2009" for the old-format folder
    std::string path;
};

// examples/cars/*.toml, then every .car under the shared VDrift data (none when it is absent).
std::vector<TestCar> driver_test_cars();
// The spec of a test car, loaded once per process.
const VehicleSpec& test_car_spec(const TestCar& car);

// The highest forward gear in which the engine turns at least 35 % of its redline at
// speed_m_per_s (no slip): in its torque band, neither lugging nor near the limiter. First gear
// when none does.
int gear_for_speed(const VehicleSpec& spec, double speed_m_per_s);
// Engine speed as a fraction of the redline at speed_m_per_s in `gear` (no slip).
double redline_fraction(const VehicleSpec& spec, int gear, double speed_m_per_s);

// Drives the car with the driver model for duration_s, one driver call per internal step; the
// gear is held at `gear`, clutch engaged. `target(state)` gives the target; `observe(state,
// command)` runs after each step. Returns false when a command had throttle and brake both > 0
// or a value out of range or NaN.
bool drive_closed_loop(Simulation& sim, DriverModelState& driver, int gear, double duration_s,
                       const std::function<DriverTarget(const VehicleState&)>& target,
                       const std::function<void(const VehicleState&, const DriverCommand&)>& observe);

}  // namespace tractive::test
