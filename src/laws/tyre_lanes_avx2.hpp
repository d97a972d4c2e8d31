#pragma once
// The four-lane laws (tyre_lanes_avx2.cpp), private to laws/: call them only where the processor
// has AVX2 and FMA (tyre_lanes.cpp). Arrays of four, lane i wheel i.

#include <array>

#include "tractive/laws/tyre_lanes.hpp"

namespace tractive::detail {

// The four tyres' law (lanes.law: the .tir Magic Formula, VDrift's Pacejka '89 or Pacejka 2002)
// as tyre_force gives it, a right-hand wheel's mirrored: tyre_force's guards lane by lane (a lane
// not wanted, without a positive and finite load or friction, with a slip not finite, or for a
// .tir without a positive nominal load gives nothing: zeros, and not valid), the law in its
// own axes (the .tir's ISO inclination and file's pressure, VDrift's 2002's wheel axes), mirrored
// back. Returns the valid lanes (bit i lane i); nothing is computed, or written, where none is.
unsigned tyre_forces_avx2(const TyreLanes& lanes, const TyreLawInputsFour& in, TyreForcesFour& out);
// What four .tir tyres give at their loads (tyres_at_load_four, the file's pressure): the lanes
// `wanted` with a load (positive and finite, and a positive nominal load) and a finite forward
// speed are computed (the bits returned, bit i lane i), their peaks (zero without friction),
// lateral relaxation lengths (the wheel's radius where the file's is not positive) and rolling
// resistance coefficients; the others are left to the caller (one by one: what those functions
// make of such an input). Every lane's inputs are read, computed or not.
unsigned magic_formula_at_load_avx2(const MagicFormulaLanes& lanes, const TyreLoadInputsFour& in, TyresAtLoadFour& out);
// The relaxation weights (slip_relaxation_lanes.hpp) of four z.
void relaxation_weights_avx2(const std::array<double, 4>& z, RelaxationWeightsFour& out);
// The slip angles atan(t) and inclinations -asin(s) of four wheels.
void slip_angles_avx2(const std::array<double, 4>& slip_tangent, const std::array<double, 4>& axle_along_normal,
                      std::array<double, 4>& slip_angle_rad, std::array<double, 4>& inclination_rad);

}  // namespace tractive::detail
