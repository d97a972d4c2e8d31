#pragma once
// Clutch laws: seed 000 (pedal zones, clamp force F(x), friction mu(w), T = n mu Req F) and
// VDrift's capacity (seed 002).

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

// Disc travel x in [0, 1] (1 = fully clamped) from pedal travel in [0, 1] (0 = pedal up), by the
// seed-000 zones: x = 1 through the free play, falls linearly to 0 across the working range, and
// stays 0 past disengagement.
double clutch_disc_travel(const ClutchPedalZones& zones, double pedal_travel);

// Seed 000 section 2: F(x) = Fmax (1 - (1 - p x)^gamma) / (1 - (1 - p)^gamma), in N.
double clutch_clamp_force_n(const ClutchSpec& clutch, double disc_travel);

// Seed 000 section 3: mu(w) = mu_s + (mu_d - mu_s) tanh(g w Req), w = |w_engine - w_clutch| rad/s.
double clutch_friction_coefficient(const ClutchSpec& clutch, double slip_speed_rad_per_s);

// Torque the clutch can carry (N m) at disc travel x and slip speed w.
// PedalForce: T = n mu(w) Req F(x). VDrift: T = x * sliding * radius * area * max_pressure (the
// product VDrift's code uses; seed 002's prose says "divide by area", its code multiplies).
double clutch_torque_capacity_nm(const ClutchSpec& clutch, double disc_travel, double slip_speed_rad_per_s);

// Capacity of the fully engaged clutch while it sticks (slip speed 0): the torque it can hold
// without slipping.
double clutch_static_capacity_nm(const ClutchSpec& clutch);

}  // namespace tractive
