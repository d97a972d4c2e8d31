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
EngineTorque engine_torque(const EngineSpec& engine, double rpm, double throttle, bool running);

// Idle governor: the throttle the engine management adds to hold the idle speed (start_rpm) when
// the driver's throttle is lower: idle_throttle + kGain (n_idle - n) / n_idle, clamped to
// [0, 1]; the effective throttle is max(driver, governor). kGain = 10: full throttle 10 % below
// idle, so the idle speed holds within about 1 % against typical friction.
double governor_throttle(const EngineSpec& engine, double rpm);

}  // namespace tractive
