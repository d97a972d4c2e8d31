#include "tractive/control/transmission_control.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "tractive/control/clutch_control.hpp"
#include "tractive/control/gear_choice.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/laws/clutch.hpp"
#include "tractive/laws/engine.hpp"
#include "tractive/laws/engine_torque.hpp"
#include "tractive/spec/mass_properties.hpp"

namespace tractive {

namespace {

// Share of the shift time spent taking the clutch out; the rest re-engages it.
constexpr double kDisengageShare = 0.25;
// Re-engagement after a shift: the engine is brought to the new gear's speed with time constant
// T/6, so within the 3T/4 left it gets to e^-4.5 (1 %) of the gap.
constexpr double kEngageTimeConstantShare = 1.0 / 6.0;
// At the end of the shift time the clutch is let fully in if the slip is below this share of
// the engine speed.
constexpr double kFinalEngageSlipShare = 0.1;
// Rev matching: full throttle when the engine is this fraction of the target below it.
constexpr double kRevMatchBand = 0.1;
// Engaged -> Start when the gearbox input falls below this fraction of idle.
constexpr double kStallGuardShare = 0.9;
// Brake pedal travel from which the automated clutch opens and stays open: a hard stop. With the
// clutch closed the engine's inertia and drag act on the driven wheels, and the automatic's
// downshifts towards first made the engine set the driven wheels' slip under the ABS (an ABS
// stop could come out longer than one with locked wheels). Automated manuals open the clutch
// under hard braking, as a torque converter lets the wheels go. (A design value.)
constexpr double kHardBrakePedal = 0.5;
// Time constant of the automatic's shift demand as the pedal falls (a design value: lift-off
// upshifts of automatics come about half a second to a second after the foot comes off).
constexpr double kShiftDemandTimeConstant_s = 0.5;
// Time constant of the road-load estimate the upshift check uses (a design value: several
// cycles of a rev limiter's cut, a fraction of the car's own speed change).
constexpr double kRoadLoadTimeConstant_s = 0.5;
// Lateral acceleration above which the automatic holds its gear while the engine stays in range
// (a design value: automatics' curve recognition acts from about 2-3 m/s^2).
constexpr double kCornerHoldLateral_g = 0.25;

// exp(-dt_s / time_constant_s), the share of a first-order filter's gap left after dt_s. The last
// one worked out is kept (per thread): the step, and so dt_s, almost never changes, and the same
// exponential is the same number.
double filter_decay(double dt_s, double time_constant_s) {
    thread_local double last_dt_s = std::numeric_limits<double>::quiet_NaN(), last_time_constant_s = 0.0, last_decay = 0.0;
    if (dt_s != last_dt_s || time_constant_s != last_time_constant_s) {
        last_decay = std::exp(-dt_s / time_constant_s);
        last_dt_s = dt_s;
        last_time_constant_s = time_constant_s;
    }
    return last_decay;
}

void enter(ControllerState& c, ClutchPhase phase) {
    if (c.clutch_phase == ClutchPhase::ShiftEngage && phase != ClutchPhase::ShiftEngage) c.time_since_shift_s = 0.0;
    c.clutch_phase = phase;
    c.phase_time_s = 0.0;
    c.start_slip_limit_rad_per_s = 1.0e300;
}

struct Context {
    const VehicleModel& model;
    const VehicleState& vehicle;
    double throttle;
    double brake;  // the driver's brake pedal
    double dt_s;
    double speed_m_per_s;        // forward
    double output_rad_per_s;     // gearbox output
    // The gearbox output the gear is chosen by: gear_choice.hpp's, wheelspin capped, unless the
    // driver brakes (no wheelspin then; the undriven wheels, locking first, would read the road
    // speed as zero).
    double choice_output_rad_per_s;
    double idle_rad_per_s;
    int gear_count;
    double lateral_acceleration_m_per_s2;  // magnitude, across the body

    [[nodiscard]] double input_speed(int gear) const {
        return gearbox_ratio(model.spec.transmission, gear) * output_rad_per_s;
    }
    [[nodiscard]] bool standing() const { return std::abs(speed_m_per_s) < kStandstillSpeed_m_per_s; }
};

// Manual: the lever's gear goes in unless the gearbox refuses it.
TransmissionCommand manual_step(const Context& x, const DriverInput& in, ControllerState& c) {
    c.clutch_phase = ClutchPhase::Driver;
    c.clutch_pedal = in.clutch;
    const int requested = std::clamp(in.gear_lever, -1, x.gear_count);
    if (requested != c.engaged_gear) {
        const double disc = clutch_disc_travel(x.model.spec.clutch.pedal, in.clutch);
        const bool clutch_transmits = disc > 0.0 && (x.vehicle.engine_running || !x.standing());
        const bool reverse_too_fast = requested == -1 && std::abs(x.speed_m_per_s) > kReverseEngageSpeed_m_per_s;
        if (clutch_transmits || reverse_too_fast) {
            c.gear_change_refused = true;
        } else {
            c.engaged_gear = requested;
        }
    }
    return {c.engaged_gear, in.clutch, x.throttle};
}

// Starts a shift to `target`: with the clutch already open the gear goes in at once. Either way
// `target` is the shift's gear for as long as it lasts (the stall guard reads it: a stale 0, the
// last shift's to neutral, took the gear out again at once, and D selected while rolling
// backwards never went in).
void begin_shift(const Context& x, ControllerState& c, int target) {
    c.shift_target_gear = target;
    if (c.clutch_phase == ClutchPhase::Open) {
        c.engaged_gear = target;
        if (target != 0 && !x.standing() && x.vehicle.engine_running) enter(c, ClutchPhase::ShiftEngage);
        return;
    }
    enter(c, ClutchPhase::ShiftDisengage);
}

bool shifting(const ControllerState& c) {
    return c.clutch_phase == ClutchPhase::ShiftDisengage || c.clutch_phase == ClutchPhase::ShiftEngage;
}

// Sequential: rising edges of the paddles ask for the next or previous gear.
void sequential_requests(const Context& x, const DriverInput& in, ControllerState& c) {
    const bool up = in.shift_up && !c.shift_up_was_pressed;
    const bool down = in.shift_down && !c.shift_down_was_pressed;
    c.shift_up_was_pressed = in.shift_up;
    c.shift_down_was_pressed = in.shift_down;
    if (up == down) return;  // neither, or both at once (ignored)
    if (shifting(c)) {
        c.gear_change_refused = true;
        return;
    }
    const int g = c.engaged_gear;
    const int target = up ? (g == -1 ? 0 : g + 1) : (g == 0 ? -1 : g - 1);
    bool refused = target > x.gear_count;
    if (target == -1 && std::abs(x.speed_m_per_s) > kReverseEngageSpeed_m_per_s) refused = true;
    if (target >= 1 && std::abs(x.input_speed(target)) / kRadPerSecPerRpm > x.model.spec.engine.rpm_limit) refused = true;
    if (refused) {
        c.gear_change_refused = true;
        return;
    }
    begin_shift(x, c, target);
}

// Automatic: the selector and the gear choice.
void automatic_requests(const Context& x, const DriverInput& in, ControllerState& c) {
    if (shifting(c)) return;
    const int selector = in.gear_lever < 0 ? -1 : (in.gear_lever > 0 ? 1 : 0);
    int wanted = c.engaged_gear;
    if (selector == 0 || !x.vehicle.engine_running) {
        wanted = 0;
    } else if (selector == -1) {
        wanted = -1;
        if (c.engaged_gear != -1 && std::abs(x.speed_m_per_s) > kReverseEngageSpeed_m_per_s) {
            c.gear_change_refused = true;
            wanted = c.engaged_gear;
        }
    } else if (x.standing() && x.throttle <= 0.0) {
        wanted = 0;  // seed 001 III.3.2: when the car stops, it goes to neutral
    } else if (c.engaged_gear <= 0) {
        wanted = choose_automatic_gear(x.model, x.choice_output_rad_per_s, in.throttle, 0);
    } else if (c.clutch_phase == ClutchPhase::Open && x.brake >= kHardBrakePedal) {
        // The clutch is held open under hard braking: the gear follows the road speed at once
        // (nothing to shift through), so the car leaves the stop in a gear that suits it.
        c.engaged_gear = choose_automatic_gear(x.model, x.choice_output_rad_per_s, in.throttle, 0);
        return;
    } else if (c.clutch_phase == ClutchPhase::Engaged) {
        if (c.time_since_shift_s >= kAutomaticShiftDwell_s) {
            // The driver's demand, not the throttle traction control leaves: a TCS cut must not
            // read as a request for a higher gear.
            wanted = choose_automatic_gear(x.model, x.choice_output_rad_per_s, c.shift_demand, c.engaged_gear);
            // Cornering: the gear is held while the engine stays in its range (no shift that
            // would jolt the driven wheels' torque mid-corner), as automatics' curve recognition
            // holds the gear above a lateral acceleration.
            if (x.lateral_acceleration_m_per_s2 > kCornerHoldLateral_g * kStandardGravity_m_per_s2 &&
                automatic_gear_in_range(x.model, x.choice_output_rad_per_s, c.engaged_gear)) {
                wanted = c.engaged_gear;
            }
            // An upshift that would leave the car slower (a next gear too long for the power at
            // this speed) is not taken: the gear is held, on the rev limiter if need be.
            if (wanted > c.engaged_gear && upshift_would_lose_speed(x.model, x.vehicle, c.engaged_gear + 1, c.shift_demand, c.road_load_n)) {
                wanted = c.engaged_gear;
            }
        }
    } else if (c.clutch_phase == ClutchPhase::Start && c.time_since_shift_s >= kAutomaticShiftDwell_s) {
        // Kick-down while the clutch slips on a start with the car rolling (in a gear chosen at a
        // lift-off, or left in by the stall guard): the start phase must not take the car away
        // in a gear where a lower one has more wheel torque at this speed. The slipping clutch's
        // torque follows the engine speed (the launch map), not the gear, so the lower gear goes
        // in at once, as with the clutch open; a shift through ShiftDisengage would be abandoned
        // by the stall guard while the old gear's input turns below idle.
        const int best = choose_automatic_gear(x.model, x.choice_output_rad_per_s, c.shift_demand, c.engaged_gear);
        if (best >= 1 && best < c.engaged_gear) {
            c.engaged_gear = best;
            c.time_since_shift_s = 0.0;
            return;
        }
    }
    if (wanted != c.engaged_gear) begin_shift(x, c, wanted);
}

// Pedal travel for the clutch to hold the engine on w_ref with time constant tau.
double hold_engine_pedal(const Context& x, double throttle, double w_ref, double tau_s) {
    const double w_e = x.vehicle.engine_speed_rad_per_s;
    const double torque = engine_speed_hold_torque_nm(engine_net_torque_nm(x.model, x.vehicle, throttle),
                                                      x.model.engine_inertia_kgm2, w_e, w_ref, tau_s);
    const double slip = w_e - x.vehicle.gearbox_speed_rad_per_s;
    return clutch_pedal_for_torque(x.model.spec.clutch, torque, slip);
}

// Start phase. While the engine turns faster than the gearbox input, the clutch torque follows
// the engine speed (the engine-speed launch map of automated manual gearboxes):
//   T_clutch = T_full(n_launch) ((w_e - w_idle) / (w_launch - w_idle))^2, zero at or below idle,
// with n_launch the speed of peak full-load torque. The engine settles where its torque meets
// the map: at full throttle near n_launch, at part throttle lower (about idle + sqrt(throttle)
// (n_launch - idle)); it is never dragged below idle, and the clutch starts to bite as soon as
// the engine rises above idle. When the gearbox input turns faster than the engine (the car
// rolling in gear), or already above the launch speed, the clutch brings the engine to it:
// T_clutch = T_engine + J (w_e - w_in) / 0.25 s.
// Once the gearbox input turns at the lowest drive speed the slip must also close: the allowed
// slip starts at the launch speed's, w_launch - w_in, and falls at (w_launch - w_idle) /
// kStartSlipCloseTime_s (so it is gone within that time), and where the engine turns faster
// than w_in + that limit the clutch takes at least the torque that brings it there with the
// launch time constant. Without this a part-throttle start (the engine held low on the map, little
// torque to accelerate the car) or an engagement left over from a shift slipped for tens of
// seconds.
double start_phase_pedal(const Context& x, ControllerState& c, double throttle, double w_in) {
    const EngineSpec& e = x.model.spec.engine;
    const double w_e = x.vehicle.engine_speed_rad_per_s;
    const double slip = w_e - x.vehicle.gearbox_speed_rad_per_s;
    const double launch_rpm = std::max(x.model.peak_torque_rpm, 1.5 * e.start_rpm);
    const double w_launch = launch_rpm * kRadPerSecPerRpm;
    if (w_in >= w_e || w_in >= w_launch) return hold_engine_pedal(x, throttle, w_in, kLaunchTimeConstant_s);
    const double share = std::max(0.0, w_e - x.idle_rad_per_s) / (w_launch - x.idle_rad_per_s);
    double torque = full_load_torque_nm(e, launch_rpm) * share * share;
    if (w_in >= lowest_drive_rpm(e) * kRadPerSecPerRpm) {
        const double close_rate = (w_launch - x.idle_rad_per_s) / kStartSlipCloseTime_s;
        c.start_slip_limit_rad_per_s = std::max(0.0, std::min(c.start_slip_limit_rad_per_s, w_launch - w_in) - close_rate * x.dt_s);
        const double closing = engine_speed_hold_torque_nm(engine_net_torque_nm(x.model, x.vehicle, throttle),
                                                           x.model.engine_inertia_kgm2, w_e,
                                                           w_in + c.start_slip_limit_rad_per_s, kLaunchTimeConstant_s);
        torque = std::max(torque, closing);
    }
    return clutch_pedal_for_torque(x.model.spec.clutch, torque, slip);
}

// The automated clutch's phases.
TransmissionCommand automated_clutch(const Context& x, ControllerState& c) {
    const double shift_time = x.model.spec.transmission.shift_time_s;
    double throttle = x.throttle;
    double pedal = 1.0;

    if (!x.vehicle.engine_running && c.clutch_phase != ClutchPhase::ShiftDisengage) enter(c, ClutchPhase::Open);
    // Gearbox input speed in the engaged gear, + when it turns the way the gear drives the car.
    const double w_in = x.input_speed(c.engaged_gear);

    // Stall guard, in every phase that can have the clutch closed on a gear: when the gearbox
    // input falls below 0.9 x idle (driven wheels locking under the brakes, braking to a stop)
    // the clutch is opened at once, as a real automatic opens its clutch or converter lock-up
    // when the input shaft falls towards idle. A shift in progress is abandoned: its
    // ShiftDisengage floors the pedal only in T/4 (75 ms at T = 0.3 s), while locking wheels
    // take the input shaft from cruising speed to zero in about 0.15 s and would drag the engine
    // below its stall speed first. A shift to neutral just completes (gear out, clutch open);
    // otherwise the Start phase takes over, which with the input below the engine asks the clutch
    // for no more than the launch map allows (nothing at idle) and re-engages once the wheels
    // turn again.
    const bool clutch_may_be_closed = c.clutch_phase == ClutchPhase::Engaged || shifting(c);
    if (clutch_may_be_closed && x.vehicle.engine_running && c.engaged_gear != 0 &&
        w_in < kStallGuardShare * x.idle_rad_per_s) {
        if (shifting(c) && c.shift_target_gear == 0) {
            c.engaged_gear = 0;
            enter(c, ClutchPhase::Open);
        } else {
            enter(c, ClutchPhase::Start);
        }
    }

    const bool hard_braking = x.brake >= kHardBrakePedal;
    if (hard_braking && (c.clutch_phase == ClutchPhase::Engaged || c.clutch_phase == ClutchPhase::Start)) {
        enter(c, ClutchPhase::Open);
    }

    switch (c.clutch_phase) {
        case ClutchPhase::Driver:  // switched from Manual: take the clutch over, open
            enter(c, ClutchPhase::Open);
            break;
        case ClutchPhase::Open:
            if (!hard_braking && c.engaged_gear != 0 && x.vehicle.engine_running && (x.throttle > 0.0 || w_in > x.idle_rad_per_s)) {
                enter(c, ClutchPhase::Start);
            }
            break;
        case ClutchPhase::Engaged:
            if (c.engaged_gear == 0) enter(c, ClutchPhase::Open);  // (input too slow: the stall guard above)
            break;
        case ClutchPhase::Start:
            if (x.standing() && x.throttle <= 0.0 && w_in < x.idle_rad_per_s) enter(c, ClutchPhase::Open);
            break;
        default: break;
    }

    switch (c.clutch_phase) {
        case ClutchPhase::Driver:
        case ClutchPhase::Open: pedal = 1.0; break;
        case ClutchPhase::Engaged: pedal = 0.0; break;
        case ClutchPhase::Start: {
            // The clutch stuck in the last step: the start is over, pedal up (a stuck clutch
            // passes the same torque at any larger capacity, so this adds no jolt).
            if (x.vehicle.driveline.clutch_locked && c.clutch_pedal < 1.0 && w_in >= kStallGuardShare * x.idle_rad_per_s) {
                enter(c, ClutchPhase::Engaged);
                pedal = 0.0;
            } else {
                pedal = start_phase_pedal(x, c, throttle, w_in);
            }
            break;
        }
        case ClutchPhase::ShiftDisengage: {
            throttle = 0.0;
            pedal = std::min(1.0, c.clutch_pedal + x.dt_s / (kDisengageShare * shift_time));
            if (pedal >= 1.0) {
                c.engaged_gear = c.shift_target_gear;
                enter(c, c.engaged_gear == 0 ? ClutchPhase::Open : ClutchPhase::ShiftEngage);
            }
            break;
        }
        case ClutchPhase::ShiftEngage: {
            if (x.vehicle.driveline.clutch_locked && c.clutch_pedal < 1.0 && c.phase_time_s > x.dt_s) {
                enter(c, ClutchPhase::Engaged);  // revs matched and the clutch stuck: shift over
                pedal = 0.0;
                break;
            }
            const double w_new = std::max(w_in, x.idle_rad_per_s);
            const double w_e = x.vehicle.engine_speed_rad_per_s;
            throttle = std::clamp((w_new - w_e) / (kRevMatchBand * w_new), 0.0, 1.0);
            pedal = hold_engine_pedal(x, throttle, w_new, kEngageTimeConstantShare * shift_time);
            if (c.phase_time_s >= (1.0 - kDisengageShare) * shift_time - 0.5 * x.dt_s) {
                // Time is up: with the revs matched to within 10 % the clutch is let fully in
                // (the stick/slip clutch takes up the rest in a step or two); otherwise the
                // start phase goes on engaging it.
                const double slip = std::abs(w_e - x.vehicle.gearbox_speed_rad_per_s);
                if (slip < kFinalEngageSlipShare * std::abs(w_e)) {
                    enter(c, ClutchPhase::Engaged);
                    pedal = 0.0;
                    throttle = x.throttle;
                } else {
                    enter(c, ClutchPhase::Start);
                }
            }
            break;
        }
    }
    c.clutch_pedal = pedal;
    return {c.engaged_gear, pedal, throttle};
}

// The largest peak driving slip of the driven wheels' tyres (ControllerState::peak_driving_slip).
double largest_driven_peak_slip(const VehicleModel& model, const ControllerState& state) {
    double slip = 0.0;
    for (int i = 0; i < 4; ++i) {
        if (model.wheels[i].drive_coefficient != 0.0) slip = std::max(slip, state.peak_driving_slip[i]);
    }
    return slip;
}

}  // namespace

TransmissionCommand transmission_step(const VehicleModel& model, const VehicleState& vehicle, const DriverInput& input,
                                      ShiftMode mode, double throttle, double dt_s, ControllerState& state) {
    const Context x{model,
                    vehicle,
                    throttle,
                    input.brake,
                    dt_s,
                    forward_speed_m_per_s(vehicle),
                    gearbox_output_speed_rad_per_s(model, vehicle),
                    input.brake > 0.0 ? gearbox_output_speed_rad_per_s(model, vehicle)
                                      : gear_choice_output_speed_rad_per_s(model, vehicle, largest_driven_peak_slip(model, state)),
                    model.spec.engine.start_rpm * kRadPerSecPerRpm,
                    static_cast<int>(model.spec.transmission.forward_ratios.size()),
                    std::abs(lateral_acceleration_m_per_s2(vehicle))};
    state.phase_time_s += dt_s;
    state.time_since_shift_s += dt_s;
    // The demand the automatic shifts on: the driver's pedal (not what traction control leaves),
    // taken at once when it rises (a kick-down is immediate) and followed with time constant
    // kShiftDemandTimeConstant_s when it falls, exactly for any dt: a foot lifted for a moment
    // (feathering wheelspin, a wheelie) does not change up, a foot that stays off does within
    // about a second, as a transmission control unit filters the pedal.
    const double pedal = std::clamp(input.throttle, 0.0, 1.0);
    state.shift_demand = pedal >= state.shift_demand
                             ? pedal
                             : pedal + (state.shift_demand - pedal) * filter_decay(dt_s, kShiftDemandTimeConstant_s);
    // The road load the upshift check compares with, low-passed exactly for any dt (a sample
    // swings with the driveline's motion: road_load_sample_n); unknown below 5 m/s.
    const double load_sample = road_load_sample_n(model, vehicle);
    if (!std::isfinite(load_sample)) {
        state.road_load_n = load_sample;
    } else if (!std::isfinite(state.road_load_n)) {
        state.road_load_n = load_sample;
    } else {
        state.road_load_n = load_sample + (state.road_load_n - load_sample) * filter_decay(dt_s, kRoadLoadTimeConstant_s);
    }
    if (mode == ShiftMode::Manual) return manual_step(x, input, state);
    if (mode == ShiftMode::Sequential) {
        sequential_requests(x, input, state);
    } else {
        automatic_requests(x, input, state);
    }
    return automated_clutch(x, state);
}

const char* to_string(ClutchPhase phase) {
    switch (phase) {
        case ClutchPhase::Driver: return "driver";
        case ClutchPhase::Open: return "open";
        case ClutchPhase::Start: return "start";
        case ClutchPhase::Engaged: return "engaged";
        case ClutchPhase::ShiftDisengage: return "shift-disengage";
        case ClutchPhase::ShiftEngage: return "shift-engage";
    }
    return "?";
}

}  // namespace tractive
