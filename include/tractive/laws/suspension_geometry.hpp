#pragma once
// Camber change with suspension travel from double-wishbone or MacPherson-strut geometry (the
// points of VDrift's [wheel.xx.double-wishbone] and [wheel.xx.macpherson-strut]).
//
// The linkage is solved in the front view (the y-z plane): each arm turns about the midpoint of
// its two chassis points, the upright (lower hub to upper hub) keeps its length. For a hub
// travel s (m, + = up relative to the body) the lower arm turns until its hub point has risen by
// s, and the upper hub point is where the upper arm's circle meets the upright's circle (the
// intersection nearer its design position). The camber change is the upright's rotation in the
// front view, + = top of the wheel outwards.

#include "tractive/core/piecewise_linear.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

// Camber change (rad) at travel s for the wheel on the left (y > 0 outwards) or right side.
// Returns NaN when the linkage cannot reach that travel.
double double_wishbone_camber_change_rad(const DoubleWishbone& g, bool left_side, double travel_m);

// The same sampled at 41 points over [min_travel_m, max_travel_m] for lookup in the step; points
// the linkage cannot reach repeat the last reachable value.
PiecewiseLinear double_wishbone_camber_curve(const DoubleWishbone& g, bool left_side, double min_travel_m,
                                             double max_travel_m);

// MacPherson strut, solved in the front view: the lower arm turns about `hinge` carrying the
// strut's lower end (`strut_end`, at the hub); the strut slides through its fixed top mount
// (`strut_top`), and the upright turns with it. For hub travel s the lower end rises by s on its
// arc; the camber change is the strut's rotation, + = top of the wheel outwards. NaN when the arm
// cannot reach that travel.
double macpherson_camber_change_rad(const MacPhersonStrut& g, bool left_side, double travel_m);
PiecewiseLinear macpherson_camber_curve(const MacPhersonStrut& g, bool left_side, double min_travel_m,
                                        double max_travel_m);

// A hinge (VDrift's hinge suspension; the 2009 format's suspension hinge): the wheel centre W
// moves on the sphere of radius L = |W - H| about the hinge point H. At travel s (m, + = up
// relative to the body) it has risen by s, a_z' = a_z + s with a = W - H, and its horizontal part
// keeps the direction of a's and the length sqrt(L^2 - a_z'^2) (VDrift's construction). Returns
// the wheel centre's horizontal displacement from straight travel (x, y in body axes, z = 0):
//   (a_xy / |a_xy|) (sqrt(L^2 - (a_z + s)^2) - |a_xy|);
// zero for a hinge straight above or below the wheel; the largest reachable rise where the arm
// cannot reach the travel. Positions in the spec's axes (x forward, y left, z up).
Vec3 hinge_arc_offset_m(const Vec3& hinge_m, const Vec3& wheel_m, double travel_m);

}  // namespace tractive
