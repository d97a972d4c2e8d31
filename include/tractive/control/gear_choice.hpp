#pragma once
// Gear arithmetic and the automatic gearbox's choice of gear (seed 001 III.3.2: "The
// transmission tries to always be on the gear allowing the maximum torque at the current speed").

#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"
#include "tractive/laws/gearbox.hpp"  // gearbox_ratio

namespace tractive {

// Speed of the gearbox output shaft from the driven wheels' spin through the differentials:
// sum over wheels of drive_coefficient * spin (dynamics/vehicle_model.hpp).
double gearbox_output_speed_rad_per_s(const VehicleModel& model, const VehicleState& state);

// The gearbox output speed the automatic chooses its gear by: the driven wheels' (the engine's
// speed in each gear follows it), but no faster than the road speed allows with the driven
// wheels at their tyres' peak slip (max_slip, a ratio): wheelspin beyond that is not speed.
// The road speed is read as a gearbox controller gets it from the anti-lock unit's wheel
// sensors: the undriven wheels' mean rolling speed (omega r), or on a car with every wheel
// driven the slowest wheel's. Read as speed, a launch's wheelspin shifted the F40 from first to
// third at 5 km/h, and it then slipped its clutch for five seconds.
double gear_choice_output_speed_rad_per_s(const VehicleModel& model, const VehicleState& state, double max_slip);

// Lowest engine speed the automatic gearbox drives at: 1.25 x idle. Below about that a petrol
// engine under load lugs and the idle governor has no reserve; automatic gearboxes hold their
// lowest cruise speed near 1.2-1.5 x idle. (A design value, not fitted to any test.)
double lowest_drive_rpm(const EngineSpec& engine);

// The automatic's full-throttle upshift speed: 0.97 x rpm_limit. The gear choice below compares
// full-load torque curves, which do not know the rev limiter: where the next gear's wheel torque
// stays below the current one's up to the limit (a long ratio step, a torque curve still high at
// the limit), the "maximum torque" gear is the current one until the limiter cuts the fuel, and
// the car sat on the limiter (sedan_awd in 2nd at 6,610 rpm from 100 km/h). An automatic leaves
// the gear before the cut: production automatics' full-throttle upshift points lie some 150-300
// rpm below the limiter (2-5 % of a 6,000-7,500 rpm limit); 3 % leaves 190-225 rpm on the shipped
// cars, more than the limiter's own 100 rpm hysteresis band (dynamics/step.cpp), so the decision
// comes before the engine reaches the cut. (A design value, not fitted to any test.)
inline constexpr double kAutomaticUpshiftShareOfLimit = 0.97;
// A downshift is taken only into a gear whose engine speed is at most 0.95 x the upshift speed:
// the 5 % band of the torque hysteresis, in speed, so a car whose speed hovers at an upshift
// point (at its top speed) does not shift up and straight back down. (A design value.)
inline constexpr double kDownshiftBandShare = 0.95;

double automatic_upshift_rpm(const EngineSpec& engine);

// The automatic gearbox's gear at this gearbox output speed and throttle.
// For each forward gear g inside the rev range [lowest_drive_rpm, automatic_upshift_rpm] (for a
// gear below the current one [lowest_drive_rpm, 0.95 automatic_upshift_rpm]), the full-load wheel
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

// Whether gear g turns the engine within the automatic's range at this gearbox output speed:
// [lowest_drive_rpm, automatic_upshift_rpm] (the range choose_automatic_gear gives the current
// gear).
bool automatic_gear_in_range(const VehicleModel& model, double gearbox_output_speed_rad_per_s, int gear);

// The resistance the car meets now, from the power the gearbox passed in the last step and the
// car's forward acceleration, at forward speed v (N):
//   R = T_gearbox w_gearbox / v - m a_x
// (T_gearbox is the torque the gear mesh passes, after the gearbox's loss). NaN
// below 5 m/s. One step's sample swings with the driveline's own motion (a rev limiter's cut
// leaves the gearbox torque near zero for a step while the tyres still push): the controller
// low-passes it (ControllerState::road_load_n).
double road_load_sample_n(const VehicleModel& model, const VehicleState& state);

// Whether shifting up to `next_gear` at this throttle would leave the car slower than it is: the
// drive force the next gear passes on at the current speed v,
//   F_next = (T_net - (1 - eta) |T_net|) w_next / v,  T_net = T_net(n_next, throttle),
//   w_next = i_next w_out,
// eta the transmission's efficiency (the gearbox loss, which the measured resistance is taken
// after), is below the resistance R the car meets (road_load_n, road_load_sample_n low-passed).
// At full throttle this is only ever true at the top speed of a car whose next gear is too long
// for its power (the car accelerates in the current gear up to its rev limit and would slow in
// the next): the automatic then holds the gear on the limiter, so it never sits in a gear where
// the car is slower than in the one below (seed 001 III.3.2, "the gear allowing the maximum
// torque at the current speed": the rev limiter's cut is a torque the full-load curve does not
// show). (Until 2026-11-24 F_next left the gearbox loss out, which let an upshift into a gear
// with up to 1 - eta less power through: the MX-5 on its public-data tyres changed up at
// 225.4 km/h and settled at 224.7 km/h in sixth with 232.9 within fifth's reach.) False below
// 5 m/s or while R is unknown (NaN).
bool upshift_would_lose_speed(const VehicleModel& model, const VehicleState& state, int next_gear, double throttle,
                              double road_load_n);

}  // namespace tractive
