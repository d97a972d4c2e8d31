// The .tir Magic Formula for four tyres side by side (tyre_lanes_avx2.hpp): the lane-generic law
// (tyre_magic_formula_lanes.hpp) with four doubles per lane value. Compiled with -mavx2 -mfma
// -ffp-contract=off (CMakeLists.txt): AVX2 registers and libmvec's calls, and no fused
// multiply-adds the one-tyre code does not have, so that each lane rounds as that code does.
// Everything this file compiles has internal linkage but the one function below (a test checks
// its object file: nothing compiled for AVX2 may stand in for baseline code at link time).

#include "lane_math_avx2.hpp"
#include "tyre_lanes_avx2.hpp"
#include "tyre_magic_formula_lanes.hpp"

namespace tractive::detail {

namespace {

using lane::V4;

V4 load(const std::array<double, 4>& a) { return reinterpret_cast<V4>(_mm256_loadu_pd(a.data())); }
void store(std::array<double, 4>& a, V4 v) { _mm256_storeu_pd(a.data(), reinterpret_cast<__m256d>(v)); }

// Four tyres as tyre_magic_formula_lanes.hpp's accessor.
struct FourTyres {
    using Value = V4;
    const MagicFormulaLanes& l;
    V4 c(mf::Coefficient k) const { return load(l.c[k]); }
    bool mf61() const { return l.mf61; }
    V4 nominal_load_n() const { return load(l.nominal_load_n); }
    V4 unloaded_radius_m() const { return load(l.unloaded_radius_m); }
    V4 nominal_pressure_pa() const { return load(l.nominal_pressure_pa); }
    V4 inflation_pressure_pa() const { return load(l.inflation_pressure_pa); }
};

}  // namespace

void magic_formula_forces_avx2(const MagicFormulaLanes& lanes, const MagicFormulaLaneInputs& in, MagicFormulaLaneForces& out) {
    const MagicFormulaInputOf<V4> v{load(in.slip_ratio), load(in.slip_angle_rad), load(in.inclination_rad),
                                    load(in.fz_n),       load(in.friction_factor), load(in.pressure_pa)};
    const MagicFormulaForcesOf<V4> f = mfl::forces(FourTyres{lanes}, v);
    store(out.fx_n, f.fx_n);
    store(out.fy_n, f.fy_n);
    store(out.mz_nm, f.mz_nm);
    store(out.dfx_dslip_ratio, f.dfx_dslip_ratio);
    store(out.dfy_dslip_angle_per_rad, f.dfy_dslip_angle_per_rad);
}

}  // namespace tractive::detail
