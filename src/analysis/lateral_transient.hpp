#pragma once
// ISO 7401 lateral transient response tests (docs/maneuvers.md): the frequency response of the
// yaw rate and the lateral acceleration to the steering, against the single-track model's closed
// forms (dynamics/single_track.hpp).

#include "tractive/analysis/maneuvers.hpp"

namespace tractive {

// ISO 7401 sinusoidal input, at discrete frequencies (0.1-2 Hz), 80 km/h, a lateral acceleration
// amplitude of 2 m/s^2 (the linear range). Figures: each frequency's gains and phases; the yaw
// mode's natural frequency and damping of the single-track model fitted to the measured yaw-rate
// and lateral-acceleration responses (its effective axle cornering stiffnesses); and the same
// from the car's single-track model as its tyres give it.
ManeuverResult frequency_response(const VehicleSpec& spec, const ManeuverOptions& options);

}  // namespace tractive
