#pragma once
// The step's first phase (private to dynamics/; docs/architecture.md, "The step"): the car's mass
// now, with the fuel left in its tank, and the sprung part's (everything but the wheels) centre
// of mass and inertia about the body origin, the fuel a point mass at the tank.

#include "tractive/core/vec3.hpp"
#include "tractive/dynamics/vehicle_model.hpp"

namespace tractive::detail {

struct MassNow {
    double fuel_mass_kg = 0.0;
    double mass_kg = 0.0;         // the whole car
    double sprung_mass_kg = 0.0;  // without the wheels' unsprung masses
    Vec3 sprung_cg_m;             // from the body origin, body axes
    Mat3 inertia_body_kgm2;       // the car's, body axes about the origin, the fuel added
};

MassNow mass_now(const VehicleModel& model, double fuel_volume_m3);

}  // namespace tractive::detail
