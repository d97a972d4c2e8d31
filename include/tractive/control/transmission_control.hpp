#pragma once
// The transmission controller (seed 001 III): the three modes.
//
// Manual: the driver works pedal and lever. The lever's gear goes in only when the gearbox
//   allows it; otherwise the change is refused (the engaged gear stays, gear_change_refused is
//   set) and retried every step while the lever asks for it:
//   - not while the clutch can transmit torque: disc travel > 0 (the pedal not past the working
//     range, laws/clutch.hpp) with the engine running or the car moving (a synchromesh cannot
//     match speeds against the engine);
//   - reverse only near standstill, |v| <= 3 km/h (reverse is unsynchronised on most gearboxes).
// Sequential: the driver asks for the next or previous gear (rising edge of shift_up /
//   shift_down); N lies between 1 and R. Refused (and flagged): a request during a shift, above
//   the top gear, into R above 3 km/h, or a downshift that would put the engine past its rev
//   limit. The clutch is automated as in Automatic (seed 001 III.3.1: "In sequential mode, the
//   clutch is operated in the same way").
// Automatic: the selector (gear_lever) is R, N or D; in D the gear is chosen by
//   choose_automatic_gear (gear_choice.hpp), at most one shift per 0.5 s after the previous one
//   ended, and the gearbox goes to neutral when the car stands (|v| < 0.5 m/s) with the throttle
//   released (seed 001 III.3.2: "When the car stops, it goes to neutral").
//
// The automated clutch (ClutchPhase in controller_state.hpp):
//   Open: pedal floored (neutral, standing, engine stopped).
//   Start (seed 001 III.3.1 start phase): while the engine turns faster than the gearbox input
//     the clutch torque follows the engine speed (the launch map of automated manual gearboxes):
//     T_clutch = T_full(n_launch) ((w_e - w_idle) / (w_launch - w_idle))^2, n_launch the speed
//     of peak torque; the engine settles where its torque meets the map (near n_launch at full
//     throttle), is never dragged below idle (no stall), and the slip falls to zero as the car
//     gains speed without changing sign (no shudder). With the gearbox input at or above the
//     engine or the launch speed, the clutch brings the engine to it:
//     T_clutch = T_engine + J (w_e - w_in) / 0.25 s (clutch_control.hpp). The clutch torque is
//     turned into pedal travel through the car's own clutch law. When the clutch sticks the
//     phase ends: pedal up (Engaged).
//   Engaged: pedal up. If the gearbox input falls below 0.9 x idle (braking to a stop) the
//     Start phase takes over, so the engine does not stall.
//   Shift (seed 001 III.3.1 shift phase), within the car's shift_time T: ShiftDisengage lifts
//     the throttle and floors the pedal in T/4, then the new gear goes in; ShiftEngage matches
//     the revs: the throttle is set to raise the engine to the new gear's input speed w_new
//     (throttle = (w_new - w_e) / (0.1 w_new), clamped to [0, 1]: a blip on a downshift, closed on
//     an upshift) while the clutch holds T_clutch = T_engine + J (w_e - w_new) / (T/6), which
//     brings the engine to w_new in the remaining 3T/4 (to e^-4.5). When the clutch sticks the
//     shift is over; at T the pedal comes fully up if the slip is below 10 % of the engine speed
//     (else the Start phase continues the engagement).

#include "tractive/control/controller_state.hpp"
#include "tractive/control/driver_input.hpp"
#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive {

inline constexpr double kReverseEngageSpeed_m_per_s = 3.0 / 3.6;
inline constexpr double kStandstillSpeed_m_per_s = 0.5;
inline constexpr double kLaunchTimeConstant_s = 0.25;
inline constexpr double kAutomaticShiftDwell_s = 0.5;
// The start phase closes the clutch's slip within this time once the gearbox input turns at the
// lowest drive speed: the allowed slip falls from the launch speed's slip over idle to zero
// over 3 s, a slow automated-manual engagement. A full-throttle launch closes faster by itself
// (the car's speed catches the engine at its launch speed); a part-throttle launch, or the
// engagement left over from a shift whose revs did not match, is closed by pulling the engine
// down to the gearbox input. (A design value, not fitted to a test.)
inline constexpr double kStartSlipCloseTime_s = 3.0;

struct TransmissionCommand {
    int gear = 0;
    double clutch_pedal = 0.0;
    double throttle = 0.0;
};

// One step of the transmission controller in the given mode; `throttle` is the driver's
// throttle after traction control. Updates the gear, phase and flags in `state`.
TransmissionCommand transmission_step(const VehicleModel& model, const VehicleState& vehicle, const DriverInput& input,
                                      ShiftMode mode, double throttle, double dt_s, ControllerState& state);

}  // namespace tractive
