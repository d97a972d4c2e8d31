#pragma once
// What a person does at the controls, before any automation (control layer, docs/control.md),
// and which transmission mode and driver aids a run uses.

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

// Which fields matter depends on the transmission mode:
//   Manual:     throttle, brake, clutch pedal and gear lever act as given (the lever's gear goes
//               in only when the gearbox allows it: transmission_control.hpp).
//   Sequential: clutch is ignored (automated); shift_up / shift_down ask for the next or the
//               previous gear on their rising edge; gear_lever is ignored.
//   Automatic:  clutch, shift_up and shift_down are ignored; gear_lever is the selector:
//               -1 = R, 0 = N, >= 1 = D (the controller chooses the gear).
struct DriverInput {
    double throttle = 0.0;   // 0..1
    double brake = 0.0;      // 0..1, foot-brake pedal travel
    double clutch = 0.0;     // 0..1, pedal travel: 0 = up (engaged), 1 = floored
    double steering = 0.0;   // -1..1, + = left
    double handbrake = 0.0;  // 0..1
    int gear_lever = 0;      // -1 R, 0 N, 1..n (Automatic: >= 1 = D)
    bool shift_up = false;
    bool shift_down = false;
    bool start_engine = false;
    friend bool operator==(const DriverInput&, const DriverInput&) = default;
};

// Driver aids in use for one run: the car's equipment (VehicleSpec::driver_aids), which a run may
// override either way.
struct DriverAidSettings {
    bool abs = false;
    bool tcs = false;
    bool esc = false;
    friend bool operator==(const DriverAidSettings&, const DriverAidSettings&) = default;
};

// How the controller runs: the transmission mode and the aids.
struct ControlSettings {
    ShiftMode mode = ShiftMode::Manual;
    DriverAidSettings aids;
    friend bool operator==(const ControlSettings&, const ControlSettings&) = default;
};

// The car's own settings: its transmission mode and the aids it is fitted with.
ControlSettings control_settings_for(const VehicleSpec& spec);

}  // namespace tractive
