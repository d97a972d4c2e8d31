#pragma once
// The driver's input in its ranges, as the control layer takes it (controller.cpp; private to
// control/): the throttle, brake, clutch and handbrake clamped to 0..1 and the steering to -1..1,
// each with std::clamp; a number that is not finite taken as 0. The rest as given.

#include "tractive/control/driver_input.hpp"

namespace tractive::detail {

DriverInput sanitized(const DriverInput& in);

}  // namespace tractive::detail
