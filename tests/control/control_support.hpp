#pragma once
// Helpers for the control-layer tests: a car with its controller, driven by a person's inputs.

#include <functional>
#include <string>
#include <vector>

#include "dynamics/dynamics_support.hpp"
#include "tractive/control/controller.hpp"
#include "tractive/control/driven_step.hpp"

namespace tractive::test {

// A simulation with the driver-side controller in front of the step.
struct ControlledCar {
    Simulation sim;
    ControlSettings settings;
    ControllerState control;
    Controls last_controls;  // what the controller gave the step last

    ControlledCar(const VehicleSpec& spec, const RoadSpec& road, const ControlSettings& s, const InitialConditions& ic = {},
                  const StepSettings& step_settings = {})
        : sim(spec, road, step_settings, ic), settings(s), control(initial_controller_state(sim.model(), sim.state(), s)) {}

    [[nodiscard]] const VehicleState& state() const { return sim.state(); }
    [[nodiscard]] double time_s() const { return sim.state().time_s; }

    // One internal step: control_step, then step_fixed (step_driven).
    void step(const DriverInput& input) {
        last_controls = step_driven(sim.model(), sim.ground(), sim.settings(), settings, input, control, sim.mutable_state()).applied;
    }

    // Steps for duration_s with inputs from drive(*this); observe(*this) after each step; stops
    // early when observe returns false.
    void drive(double duration_s, const std::function<DriverInput(const ControlledCar&)>& input,
               const std::function<bool(const ControlledCar&)>& observe = {}) {
        const auto steps = static_cast<long>(std::llround(duration_s / sim.settings().internal_step_s));
        for (long k = 0; k < steps; ++k) {
            step(input(*this));
            if (observe && !observe(*this)) return;
        }
    }
};

inline ControlSettings settings_with(ShiftMode mode, bool abs = false, bool tcs = false) {
    return ControlSettings{mode, DriverAidSettings{abs, tcs}};
}

// The shipped cars, and the shared VDrift cars when their data is present (name, spec).
inline std::vector<std::pair<std::string, VehicleSpec>> all_cars() {
    std::vector<std::pair<std::string, VehicleSpec>> cars;
    for (const char* name : {"roadster", "hatchback", "sedan_awd", "ucwin_sedan"}) cars.emplace_back(name, example_car(name));
    for (const auto& path : vdrift_car_files()) cars.emplace_back(path.parent_path().filename().string() + "/" + path.filename().string(), load_car(path).spec);
    return cars;
}

// Counts the reversals of a signal whose swing between consecutive turning points exceeds
// `band` (a turning-point count with hysteresis): a smooth rise or fall counts 0, one bump up and
// down 1, an oscillation about 2 per period.
class ReversalCounter {
public:
    explicit ReversalCounter(double band) : band_(band) {}
    void add(double v) {
        if (!started_) {
            started_ = true;
            high_ = low_ = v;
            return;
        }
        if (direction_ >= 0) {
            if (v > high_) high_ = v;
            if (high_ - v > band_) {
                if (direction_ > 0) ++reversals_;
                direction_ = -1;
                low_ = v;
            }
        }
        if (direction_ <= 0) {
            if (v < low_) low_ = v;
            if (v - low_ > band_) {
                if (direction_ < 0) ++reversals_;
                direction_ = 1;
                high_ = v;
            }
        }
    }
    [[nodiscard]] int reversals() const { return reversals_; }

private:
    double band_;
    bool started_ = false;
    int direction_ = 0;
    double high_ = 0.0, low_ = 0.0;
    int reversals_ = 0;
};

}  // namespace tractive::test
