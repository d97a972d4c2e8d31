#pragma once
// The four-lane laws (tyre_lanes_avx2.cpp), private to laws/: call them only where the processor
// has AVX2 and FMA (tyre_lanes.cpp). Arrays of four, lane i wheel i, in each law's own axes;
// every lane valid (a positive load and friction, finite slips, and for the .tir law a positive
// nominal load).

#include <array>

#include "tractive/laws/tyre_lanes.hpp"

namespace tractive::detail {

struct TyreLaneInputs {
    std::array<double, 4> slip_ratio{}, slip_angle_rad{}, inclination_rad{}, fz_n{}, friction_factor{}, size_factor{}, pressure_pa{};
};
// (Outputs without initialisers: the four-lane functions write every lane.)
struct TyreLaneForces {
    std::array<double, 4> fx_n, fy_n, mz_nm, dfx_dslip_ratio, dfy_dslip_angle_per_rad;
};

// The .tir law (ISO inclination, the file's pressure where pressure_pa is 0; no size factor).
void magic_formula_forces_avx2(const MagicFormulaLanes& lanes, const TyreLaneInputs& in, TyreLaneForces& out);
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
// VDrift's Pacejka 2002 (our axes, as tyre_force: tyre.cpp's pacejka2002_tyre_force).
void pacejka2002_forces_avx2(const Pacejka2002Lanes& lanes, const TyreLaneInputs& in, TyreLaneForces& out);
// VDrift's Pacejka '89 (our axes, as tyre_force).
void pacejka89_forces_avx2(const Pacejka89Lanes& lanes, const TyreLaneInputs& in, TyreLaneForces& out);

}  // namespace tractive::detail
