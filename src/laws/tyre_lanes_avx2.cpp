// The tyre laws for four tyres side by side (tyre_lanes_avx2.hpp): the lane-generic .tir Magic
// Formula (tyre_magic_formula_lanes.hpp), VDrift Pacejka '89 (tyre_pacejka_lanes.hpp) and Pacejka 2002 (tyre_pacejka2002_lanes.hpp), the
// slip relaxation weights (slip_relaxation_lanes.hpp), and the wheels' slip angles and
// inclinations, with four doubles per lane value. Compiled with -mavx2 -mfma
// -ffp-contract=off (CMakeLists.txt): AVX2 registers and libmvec's calls, and no fused
// multiply-adds the one-tyre code does not have, so that each lane rounds as that code does.
// Everything this file compiles has internal linkage but the functions below (a test checks
// its object file: nothing compiled for AVX2 may stand in for baseline code at link time).

#include "lane_math_avx2.hpp"
#include "slip_relaxation_lanes.hpp"
#include "tyre_lanes_avx2.hpp"
#include "tyre_magic_formula_lanes.hpp"
#include "tyre_pacejka2002_lanes.hpp"
#include "tyre_pacejka_lanes.hpp"

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
    V4 reference_speed_m_per_s() const { return load(l.reference_speed_m_per_s); }
    V4 lateral_stiffness_n_per_m() const { return load(l.lateral_stiffness_n_per_m); }
};

// Four Pacejka '89 tyres as tyre_pacejka_lanes.hpp's accessor.
struct FourPacejka89 {
    using Value = V4;
    const Pacejka89Lanes& l;
    V4 a(std::size_t k) const { return load(l.a[k]); }
    V4 b(std::size_t k) const { return load(l.b[k]); }
    V4 c(std::size_t k) const { return load(l.c[k]); }
    V4 gx1() const { return load(l.gx1); }
    V4 gx2() const { return load(l.gx2); }
    V4 gy1() const { return load(l.gy1); }
    V4 gy2() const { return load(l.gy2); }
};

// Four Pacejka 2002 tyres as tyre_pacejka2002_lanes.hpp's accessor.
struct FourPacejka2002 {
    using Value = V4;
    const Pacejka2002Lanes& l;
    V4 c(mf52::Index k) const { return load(l.c[k]); }
    V4 nominal_load_n() const { return load(l.nominal_load_n); }
};

}  // namespace

void magic_formula_forces_avx2(const MagicFormulaLanes& lanes, const TyreLaneInputs& in, TyreLaneForces& out) {
    const MagicFormulaInputOf<V4> v{load(in.slip_ratio), load(in.slip_angle_rad), load(in.inclination_rad),
                                    load(in.fz_n),       load(in.friction_factor), load(in.pressure_pa)};
    const MagicFormulaForcesOf<V4> f = mfl::forces(FourTyres{lanes}, v);
    store(out.fx_n, f.fx_n);
    store(out.fy_n, f.fy_n);
    store(out.mz_nm, f.mz_nm);
    store(out.dfx_dslip_ratio, f.dfx_dslip_ratio);
    store(out.dfy_dslip_angle_per_rad, f.dfy_dslip_angle_per_rad);
}

// The one-tyre functions' guards lane by lane (tyre_lanes.cpp's tyres_at_load_four before): a
// lane with no load (or no nominal load) or a speed not finite is not computed, one without
// friction has no peak (its stand-in friction, 1, discarded).
void magic_formula_at_load_avx2(const MagicFormulaLanes& lanes, const TyreLaneAtLoadInputs& in, TyreLaneAtLoad& out) {
    const lane::M4 lane_bit = lane::M4{1, 2, 4, 8};
    const lane::M4 wanted = (lane_bit & static_cast<long>(in.wanted)) != 0;
    const V4 fz = load(in.fz_n), friction = load(in.friction_factor), speed = load(in.speed_m_per_s);
    const lane::M4 loaded = wanted && fz > 0.0 && lane::is_finite(fz) && load(lanes.nominal_load_n) > 0.0;
    const lane::M4 with_friction = friction > 0.0 && lane::is_finite(friction);
    const lane::M4 computed = loaded && lane::is_finite(speed);
    out.computed = static_cast<unsigned>(_mm256_movemask_pd(reinterpret_cast<__m256d>(computed)));
    if (!lane::any(loaded)) return;
    const V4 zero{0.0, 0.0, 0.0, 0.0};
    const MagicFormulaAtLoadOf<V4> a = mfl::at_load(FourTyres{lanes}, lane::select(loaded, fz, zero + 1000.0),
                                                    lane::select(with_friction, friction, zero + 1.0), lane::select(lane::is_finite(speed), speed, zero));
    store(out.peak_fx_n, lane::select(with_friction, a.peak_fx_n, zero));
    store(out.peak_fy_n, lane::select(with_friction, a.peak_fy_n, zero));
    store(out.lateral_relaxation_length_m, lane::select(a.lateral_relaxation_length_m > 0.0, a.lateral_relaxation_length_m, load(in.wheel_radius_m)));
    const V4 r0 = load(lanes.unloaded_radius_m);
    store(out.rolling_resistance_coefficient, lane::select(r0 > 0.0, lane::max(zero, -a.rolling_moment_nm / (r0 * fz)), zero));
}

void relaxation_weights_avx2(const std::array<double, 4>& z, RelaxationLanes& out) {
    const RelaxationWeightsOf<V4> w = relaxation_weights_of(load(z));
    store(out.phi, w.phi);
    store(out.decay, w.decay);
    store(out.end_weight, w.end_weight);
}

void slip_angles_avx2(const std::array<double, 4>& slip_tangent, const std::array<double, 4>& axle_along_normal,
                      std::array<double, 4>& slip_angle_rad, std::array<double, 4>& inclination_rad) {
    store(slip_angle_rad, lane::atan(load(slip_tangent)));
    store(inclination_rad, -lane::asin(load(axle_along_normal)));
}

// VDrift's wheel axes (x right, y forward) in and out, as tyre.cpp's pacejka2002_tyre_force:
// the slip angle negated in, the lateral force and aligning moment negated out.
void pacejka2002_forces_avx2(const Pacejka2002Lanes& lanes, const TyreLaneInputs& in, TyreLaneForces& out) {
    const p2002::Force<V4> f = p2002::force(FourPacejka2002{lanes}, load(in.slip_ratio), -load(in.slip_angle_rad),
                                            load(in.inclination_rad), load(in.fz_n), load(in.friction_factor), load(in.size_factor));
    store(out.fx_n, f.fx_n);
    store(out.fy_n, -f.fy_n);
    store(out.mz_nm, -f.mz_nm);
    store(out.dfx_dslip_ratio, f.dfx_dslip_ratio);
    store(out.dfy_dslip_angle_per_rad, f.dfy_dslip_angle_per_rad);
}

void pacejka89_forces_avx2(const Pacejka89Lanes& lanes, const TyreLaneInputs& in, TyreLaneForces& out) {
    const p89::Force<V4> f = p89::force(FourPacejka89{lanes}, load(in.slip_ratio), load(in.slip_angle_rad), load(in.inclination_rad),
                                        load(in.fz_n), load(in.friction_factor), load(in.size_factor));
    store(out.fx_n, f.fx_n);
    store(out.fy_n, f.fy_n);
    store(out.mz_nm, f.mz_nm);
    store(out.dfx_dslip_ratio, f.dfx_dslip_ratio);
    store(out.dfy_dslip_angle_per_rad, f.dfy_dslip_angle_per_rad);
}

}  // namespace tractive::detail
