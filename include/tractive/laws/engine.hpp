#pragma once
// Engine torque at an operating point: combustion (drive) torque and resistive torque, and the
// idle governor. Torques in N m on the crankshaft.

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

struct EngineTorque {
    double drive_nm = 0.0;      // >= 0: combustion torque
    double resistive_nm = 0.0;  // >= 0: magnitude of the friction / pumping torque against rotation
};

// Torque at throttle (0..1, already including the governor) and engine speed.
// With a resistive curve (UC-win/Road, seed 001 II.2), the output interpolates between the
// zero-throttle curve Tr(n) <= 0 and the full-load curve Tf(n): T = Tr + throttle (Tf - Tr); it
// is split into drive = throttle Tf and resistive = (1 - throttle) |Tr|.
// Without one (VDrift), drive = throttle Tf(n) and resistive = (1 - throttle) f(n), f the
// friction polynomial of EngineSpec::friction_torque_nm.
// A stopped engine (running = false) gives no drive torque and its full resistive torque.
// Below the first point of the full-load curve the drive torque falls linearly to zero at
// 0 rpm (an engine makes no torque at standstill; VDrift 2009 adds the point (0, 0) for this).
EngineTorque engine_torque(const EngineSpec& engine, double rpm, double throttle, bool running);

// Full-load torque at rpm with the fall to zero below the curve's first point.
double full_load_torque_nm(const EngineSpec& engine, double rpm);

// The resistive torque at zero throttle (>= 0) at rpm >= 0: |Tr(n)| with a resistive curve,
// else the friction polynomial f(n) (engine_torque's resistive part at throttle 0).
double resistive_at_zero_throttle_nm(const EngineSpec& engine, double rpm);

// Idle governor: the throttle the engine management adds to hold the idle speed (start_rpm) when
// the driver's throttle is lower: idle_throttle + kGain (n_idle - n) / n_idle, clamped to
// [0, authority]; the effective throttle is max(driver, governor). kGain = 10: full authority
// within a few percent below idle, so the idle speed holds within about 1 %. Its authority is
// limited like an idle-air valve's: twice the throttle that balances the resistive torque at
// idle speed (at least idle_throttle). So it keeps a free engine idling but cannot keep one
// running that the clutch is loading: dropping the clutch at idle stalls it.
double governor_throttle(const EngineSpec& engine, double rpm, double authority);

// The governor's authority described above.
double governor_authority(const EngineSpec& engine);

// The engine speed (rpm) of the full-load curve's highest point (the first, if several are
// equal): the automatic's launch speed at full throttle. start_rpm for a curve without points.
// A piecewise-linear curve has its largest value at one of its points, and below the first point
// the torque only falls, so the points suffice. A constant of the engine: VehicleModel keeps it.
double peak_torque_rpm(const EngineSpec& engine);

// The lowest engine speed (rpm) at which the full-load torque comes within 0.1 % of its largest
// value: the start of a flat top (a turbocharged engine's plateau), where peak_torque_rpm may
// lie at its far end. Traction control holds the engine no lower than the torque it can give
// there. 0 for a curve without points. VehicleModel keeps it.
double torque_plateau_start_rpm(const EngineSpec& engine);

// Fuel volume burned over a step of h seconds by the engine's fuel law (EngineSpec::fuel_law):
// seed 002's (2009 VDrift) volume rate c x rpm x throttle, or current VDrift's mass rate
// P / (eta H), P the combustion torque before friction (torque.drive_nm) times the crank speed,
// turned into volume by the fuel's density.
double engine_fuel_used_m3(const EngineSpec& engine, double fuel_density_kg_per_m3, const EngineTorque& torque, double rpm,
                           double throttle, double h);

}  // namespace tractive
