#pragma once
// Gear arithmetic and the automatic gearbox's choice of gear (seed 001 III.3.2: "The
// transmission tries to always be on the gear allowing the maximum torque at the current speed").

#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive {

// Gearbox ratio (input / output speed) of a gear: forward ratios for 1..n, the reverse ratio for
// -1, 0 for neutral or a gear the car does not have.
double gearbox_ratio(const TransmissionSpec& transmission, int gear);

// Speed of the gearbox output shaft from the driven wheels' spin through the differentials:
// sum over wheels of drive_coefficient * spin (dynamics/vehicle_model.hpp).
double gearbox_output_speed_rad_per_s(const VehicleModel& model, const VehicleState& state);

// Engine speed at which the full-load torque curve peaks (rpm): the launch speed at full throttle.
double peak_torque_rpm(const EngineSpec& engine);

// Lowest engine speed the automatic gearbox drives at: 1.25 x idle. Below about that a petrol
// engine under load lugs and the idle governor has no reserve; automatic gearboxes hold their
// lowest cruise speed near 1.2-1.5 x idle. (A design value, not fitted to any test.)
double lowest_drive_rpm(const EngineSpec& engine);

// The automatic gearbox's gear at this gearbox output speed and throttle.
// For each forward gear g inside the rev range [lowest_drive_rpm, rpm_limit], the full-load wheel
// torque is W_g = T_full(n_g) i_g (times the common final drive and efficiency), n_g = i_g w_out.
// At a fixed road speed W_g is proportional to the engine power at n_g, so the largest W_g is
// the gear nearest the power peak. The driver's throttle asks for D = throttle * max_g W_g; the
// choice is the highest gear with W_g >= D: at full throttle the gear of maximum wheel torque
// (seed 001 III.3.2), at part throttle a higher gear that can still deliver what is asked (lower
// revs), and pressing the pedal down raises D and so selects a lower gear (kick-down).
// Hysteresis: the current gear is kept while W_current >= 0.95 D (a 5 % torque band before a
// downshift), so a speed on a boundary does not make the gearbox hunt.
// No gear in range: 1 when the car is too slow for first, the top gear when too fast for all.
int choose_automatic_gear(const VehicleModel& model, double gearbox_output_speed_rad_per_s, double throttle,
                          int current_gear);

}  // namespace tractive
