#pragma once
// Small car files written for the tests (values made up, not taken from any data set): a
// current-format VDrift car with its tyre file, and a native TOML car.

#include <string>

namespace tractive::test {

// The VDrift car; its wheels use "type = tire/test.tire".
std::string vdrift_car_text();
// The tyre file for it (Pacejka '89 layout).
std::string tyre_text();
// A native TOML car using the axle shorthand and UC-win/Road friction-curve tyres.
extern const char* const kTomlCar;

}  // namespace tractive::test
