#pragma once
// tractive's public C++ API in one header, and the only headers installed are this one and what
// it includes (CMakeLists.txt: tractive_public_headers): cars from files (io/car_loader.hpp) and
// their static figures (analysis/vehicle_summary.hpp), grounds (world/ground.hpp and the
// built-in ones, io/ground_loader.hpp), a vehicle a host steps per frame through the control
// layer (host/vehicle.hpp) and many side by side (host/batch.hpp), one internal step through the
// control layer by hand (control/driven_step.hpp), the standard tests
// (analysis/standard_tests.hpp) and the telemetry CSV (telemetry/telemetry_csv.hpp). The C
// interface is tractive.h (docs/c-api.md). Include this header, not the others one by one: the
// set of headers behind it may change.

#include "tractive/analysis/standard_tests.hpp"
#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/control/controller.hpp"
#include "tractive/control/driven_step.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/host/batch.hpp"
#include "tractive/host/vehicle.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/ground_loader.hpp"
#include "tractive/telemetry/telemetry_csv.hpp"
#include "tractive/world/framed_ground.hpp"
#include "tractive/world/ground.hpp"
#include "tractive/world/heightfield_ground.hpp"
#include "tractive/world/mesh_ground.hpp"
#include "tractive/world/road_ground.hpp"
