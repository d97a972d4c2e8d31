#pragma once
// tractive's public C++ API in one header: cars from files (io/car_loader.hpp), grounds
// (world/ground.hpp and the built-in ones, io/ground_loader.hpp), a vehicle a host steps per
// frame through the control layer (host/vehicle.hpp), the standard tests
// (analysis/standard_tests.hpp) and the telemetry CSV (io/telemetry_csv.hpp). The C interface is
// tractive.h.

#include "tractive/analysis/standard_tests.hpp"
#include "tractive/control/controller.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/host/vehicle.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/ground_loader.hpp"
#include "tractive/io/telemetry_csv.hpp"
#include "tractive/road/road_ground.hpp"
#include "tractive/world/framed_ground.hpp"
#include "tractive/world/ground.hpp"
#include "tractive/world/heightfield_ground.hpp"
#include "tractive/world/mesh_ground.hpp"
