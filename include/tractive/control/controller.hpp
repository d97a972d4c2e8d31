#pragma once
// The driver-side control layer: from what a person does (DriverInput) to the raw Controls the
// dynamics step takes, through the transmission mode (Manual, Sequential, Automatic; seed 001
// III), the automated clutch, and the driver aids (ABS, traction control). docs/control.md.
//
// Use, once per internal step (or per control interval) before step_fixed:
//   ControllerState cs = initial_controller_state(model, state, settings);
//   const Controls c = control_step(model, state, input, settings, h, cs);
//   step_fixed(model, road, c, step_settings, state);

#include <array>

#include "tractive/control/controller_state.hpp"
#include "tractive/control/driver_input.hpp"
#include "tractive/dynamics/controls.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive {

// The constants the aids use: the tyres' peak and near-peak slips (ControllerState's; the tyre law
// sampled at 0.25 % slip steps at each wheel's static load on the nominal surface) and the
// stability control's reference (stability_control.hpp). They depend on the model alone and cost
// about 4,000 tyre evaluations: a host that starts many episodes computes them once (Vehicle does).
struct AidConstants {
    std::array<double, 4> peak_braking_slip{};
    std::array<double, 4> peak_driving_slip{};
    std::array<double, 4> near_peak_braking_slip{};
    std::array<double, 4> near_peak_driving_slip{};
    StabilityReference stability;
};
AidConstants aid_constants(const VehicleModel& model);

// A controller state for this vehicle state: the gear it has in, the clutch phase that fits
// (pedal up when rolling in gear with the engine running, else open), and the aids' constants
// (computed here, or given).
ControllerState initial_controller_state(const VehicleModel& model, const VehicleState& vehicle,
                                         const ControlSettings& settings);
ControllerState initial_controller_state(const VehicleModel& model, const VehicleState& vehicle,
                                         const ControlSettings& settings, const AidConstants& constants);

// The driver's input passed to the step as it is, without the control layer (`tractive run
// --mode direct`): pedals, steering, handbrake, starter, and the lever's gear; full brake pressure
// at every wheel and no aid brake. shift_up / shift_down have no meaning there.
Controls direct_controls(const DriverInput& input);

// One control step of dt_s seconds. Out-of-range or NaN inputs are clamped as Controls are
// (NaN read as 0); throws std::invalid_argument when dt_s is not a positive finite number.
Controls control_step(const VehicleModel& model, const VehicleState& vehicle, const DriverInput& input,
                      const ControlSettings& settings, double dt_s, ControllerState& state);

}  // namespace tractive
