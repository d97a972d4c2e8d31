#pragma once
// The four-lane laws (tyre_lanes_avx2.cpp), private to laws/: call them only where the processor
// has AVX2 and FMA (tyre_lanes.cpp). Arrays of four, lane i wheel i.

#include <array>

#include "tractive/laws/tyre_lanes.hpp"

namespace tractive::detail {

// Four wheels' law inputs as tyre_forces_four has them (TyreLawInput, our axes): `mirrored` and
// `wanted` bit i for lane i.
struct TyreLaneLawInputs {
    std::array<double, 4> slip_ratio, slip_angle_rad, inclination_rad, fz_n, friction_factor, size_factor;
    unsigned mirrored, wanted;
};
// (Outputs without initialisers: `valid` is always written, the lanes where any is valid.)
struct TyreLaneForces {
    std::array<double, 4> fx_n, fy_n, mz_nm, dfx_dslip_ratio, dfy_dslip_angle_per_rad;
    unsigned valid;
};
// The four tyres' law (lanes.law: the .tir Magic Formula, VDrift's Pacejka '89 or Pacejka 2002)
// as tyre_force gives it, a right-hand wheel's mirrored: tyre_force's guards lane by lane (a lane
// not wanted, without a positive and finite load or friction, with a slip not finite, or for a
// .tir without a positive nominal load gives nothing: zeros, and not `valid`), the law in its
// own axes (the .tir's ISO inclination and file's pressure, VDrift's 2002's wheel axes), mirrored
// back. Nothing is computed where no lane is valid.
void tyre_forces_avx2(const TyreLanes& lanes, const TyreLaneLawInputs& in, TyreLaneForces& out);
// What four .tir tyres give at their loads (tyres_at_load_four, the file's pressure): the lanes
// `wanted` (bit i lane i) with a load (positive and finite, and a positive nominal load) and a
// finite forward speed are `computed` (bit i), their peaks (zero without friction), lateral
// relaxation lengths (the wheel's radius where the file's is not positive) and rolling
// resistance coefficients; the others are left to the caller (one by one: what those functions
// make of such an input). Every lane's inputs are read, computed or not.
struct TyreLaneAtLoadInputs {
    std::array<double, 4> fz_n, friction_factor, speed_m_per_s, wheel_radius_m;
    unsigned wanted;
};
struct TyreLaneAtLoad {
    std::array<double, 4> peak_fx_n, peak_fy_n, lateral_relaxation_length_m, rolling_resistance_coefficient;
    unsigned computed;
};
void magic_formula_at_load_avx2(const MagicFormulaLanes& lanes, const TyreLaneAtLoadInputs& in, TyreLaneAtLoad& out);
// The relaxation weights (slip_relaxation_lanes.hpp) of four z.
struct RelaxationLanes {
    std::array<double, 4> phi, decay, end_weight;
};
void relaxation_weights_avx2(const std::array<double, 4>& z, RelaxationLanes& out);
// The slip angles atan(t) and inclinations -asin(s) of four wheels.
void slip_angles_avx2(const std::array<double, 4>& slip_tangent, const std::array<double, 4>& axle_along_normal,
                      std::array<double, 4>& slip_angle_rad, std::array<double, 4>& inclination_rad);

}  // namespace tractive::detail
