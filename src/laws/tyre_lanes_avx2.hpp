#pragma once
// The four-lane .tir law (tyre_magic_formula_avx2.cpp), private to laws/: call it only where the
// processor has AVX2 and FMA (tyre_lanes.cpp). Arrays of four, lane i wheel i; every lane valid
// (a positive load and friction, a positive nominal load, finite slips).

#include <array>

#include "tractive/laws/tyre_lanes.hpp"

namespace tractive::detail {

struct MagicFormulaLaneInputs {
    std::array<double, 4> slip_ratio{}, slip_angle_rad{}, inclination_rad{}, fz_n{}, friction_factor{}, pressure_pa{};
};
struct MagicFormulaLaneForces {
    std::array<double, 4> fx_n{}, fy_n{}, mz_nm{}, dfx_dslip_ratio{}, dfy_dslip_angle_per_rad{};
};

void magic_formula_forces_avx2(const MagicFormulaLanes& lanes, const MagicFormulaLaneInputs& in, MagicFormulaLaneForces& out);

}  // namespace tractive::detail
