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

// tyre_force's guards lane by lane (tyre_lanes.cpp's tyre_forces_four before): a lane that gives
// nothing computes a harmless stand-in (a load of 1,000 N, friction 1, no slip), discarded. A
// right-hand wheel's mirror image: the slip angle and inclination negated in, Fy and Mz out.
unsigned tyre_forces_avx2(const TyreLanes& lanes, const TyreLawInputsFour& in, TyreForcesFour& out) {
    const lane::M4 wanted = lane::from_bits(in.wanted);
    const lane::M4 mirrored = lane::from_bits(in.mirrored);
    const V4 zero{0.0, 0.0, 0.0, 0.0};
    const V4 one = zero + 1.0;
    const V4 sign = lane::select(mirrored, zero - 1.0, one);
    const V4 kappa = load(in.slip_ratio), alpha = load(in.slip_angle_rad), gamma = load(in.inclination_rad);
    const V4 fz = load(in.fz_n), friction = load(in.friction_factor);
    const bool tir = lanes.law == TyreModel::MagicFormula;
    lane::M4 valid = wanted && fz > 0.0 && lane::is_finite(fz) && friction > 0.0 && lane::is_finite(friction) && lane::is_finite(kappa) &&
                     lane::is_finite(alpha) && lane::is_finite(gamma);
    if (tir) valid = valid && load(lanes.magic_formula.nominal_load_n) > 0.0;  // (magic_formula_force's guard)
    if (!lane::any(valid)) return 0;
    const V4 slip_ratio = lane::select(valid, kappa, zero);
    const V4 slip_angle = lane::select(valid, sign * alpha, zero);
    const V4 signed_inclination = sign * gamma;
    // (The .tir law takes ISO's inclination, ours negated, as tyre.cpp's magic_formula_tyre_force.)
    const V4 inclination = lane::select(valid, tir ? -signed_inclination : signed_inclination, zero);
    const V4 load_n = lane::select(valid, fz, zero + 1000.0);
    const V4 friction_factor = lane::select(valid, friction, one);
    const V4 size_factor = lane::select(valid, load(in.size_factor), one);
    const auto finish = [&](V4 fx, V4 fy, V4 mz, V4 dfx, V4 dfy) {
        store(out.fx_n, lane::select(valid, fx, zero));
        store(out.fy_n, lane::select(valid, sign * fy, zero));
        store(out.mz_nm, lane::select(valid, sign * mz, zero));
        store(out.dfx_dslip_ratio, lane::select(valid, dfx, zero));
        store(out.dfy_dslip_angle_per_rad, lane::select(valid, dfy, zero));
    };
    if (tir) {
        // (No size factor; the file's pressure: pressure 0.)
        const MagicFormulaInputOf<V4> v{slip_ratio, slip_angle, inclination, load_n, friction_factor, zero};
        const MagicFormulaForcesOf<V4> f = mfl::forces(FourTyres{lanes.magic_formula}, v);
        finish(f.fx_n, f.fy_n, f.mz_nm, f.dfx_dslip_ratio, f.dfy_dslip_angle_per_rad);
    } else if (lanes.law == TyreModel::Pacejka2002) {
        // VDrift's wheel axes (x right, y forward) in and out, as tyre.cpp's pacejka2002_tyre_force:
        // the slip angle negated in, the lateral force and aligning moment negated out.
        const p2002::Force<V4> f =
            p2002::force(FourPacejka2002{lanes.pacejka2002}, slip_ratio, -slip_angle, inclination, load_n, friction_factor, size_factor);
        finish(f.fx_n, -f.fy_n, -f.mz_nm, f.dfx_dslip_ratio, f.dfy_dslip_angle_per_rad);
    } else {
        const p89::Force<V4> f = p89::force(FourPacejka89{lanes.pacejka89}, slip_ratio, slip_angle, inclination, load_n, friction_factor, size_factor);
        finish(f.fx_n, f.fy_n, f.mz_nm, f.dfx_dslip_ratio, f.dfy_dslip_angle_per_rad);
    }
    return lane::bits(valid);
}

// The one-tyre functions' guards lane by lane (tyre_lanes.cpp's tyres_at_load_four before): a
// lane with no load (or no nominal load) or a speed not finite is not computed, one without
// friction has no peak (its stand-in friction, 1, discarded).
unsigned magic_formula_at_load_avx2(const MagicFormulaLanes& lanes, const TyreLoadInputsFour& in, TyresAtLoadFour& out) {
    const lane::M4 wanted = lane::from_bits(in.wanted);
    const V4 fz = load(in.fz_n), friction = load(in.friction_factor), speed = load(in.speed_m_per_s);
    const lane::M4 loaded = wanted && fz > 0.0 && lane::is_finite(fz) && load(lanes.nominal_load_n) > 0.0;
    const lane::M4 with_friction = friction > 0.0 && lane::is_finite(friction);
    const lane::M4 computed = loaded && lane::is_finite(speed);
    if (!lane::any(loaded)) return lane::bits(computed);
    const V4 zero{0.0, 0.0, 0.0, 0.0};
    const MagicFormulaAtLoadOf<V4> a = mfl::at_load(FourTyres{lanes}, lane::select(loaded, fz, zero + 1000.0),
                                                    lane::select(with_friction, friction, zero + 1.0), lane::select(lane::is_finite(speed), speed, zero));
    store(out.peak_fx_n, lane::select(with_friction, a.peak_fx_n, zero));
    store(out.peak_fy_n, lane::select(with_friction, a.peak_fy_n, zero));
    store(out.lateral_relaxation_length_m, lane::select(a.lateral_relaxation_length_m > 0.0, a.lateral_relaxation_length_m, load(in.wheel_radius_m)));
    const V4 r0 = load(lanes.unloaded_radius_m);
    store(out.rolling_resistance_coefficient, lane::select(r0 > 0.0, lane::max(zero, -a.rolling_moment_nm / (r0 * fz)), zero));
    return lane::bits(computed);
}

void relaxation_weights_avx2(const std::array<double, 4>& z, RelaxationWeightsFour& out) {
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

}  // namespace tractive::detail
