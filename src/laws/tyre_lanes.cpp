// The four wheels' tyre laws in one call (laws/tyre_lanes.hpp).

#include "tractive/laws/tyre_lanes.hpp"

#include <algorithm>
#include <cmath>
#include "tyre_lanes_avx2.hpp"
#include "../core/step_copies.hpp"

namespace tractive {

namespace {

// Whether the processor runs the AVX2 lanes (AVX2 for the registers, FMA because libmvec's
// AVX2 variants use it), and the environment does not ask for the one-by-one path. Asked once.
// (Built for x86-64 only: elsewhere the one-by-one path.)
bool lanes_enabled() {
#ifdef TRACTIVE_AVX2_LANES
    static const bool enabled = [] {
        if (detail::switched_off_in_environment("TRACTIVE_VECTOR_MATHS")) return false;
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    }();
    return enabled;
#else
    return false;
#endif
}

TyreForce one_tyre(const TyreSpec& tyre, const TyreLawInput& in) {
    if (!in.wanted) return {};
    if (!in.mirrored) return tyre_force(tyre, in.slip, in.fz_n, in.friction_factor, in.size_factor);
    TyreSlip mirrored = in.slip;
    mirrored.slip_angle_rad = -in.slip.slip_angle_rad;
    mirrored.inclination_rad = -in.slip.inclination_rad;
    TyreForce f = tyre_force(tyre, mirrored, in.fz_n, in.friction_factor, in.size_factor);
    f.fy_n = -f.fy_n;
    f.mz_nm = -f.mz_nm;
    return f;
}

TyreAtLoad one_tyre_at_load(const TyreSpec& tyre, const TyreLoadInput& in) {
    if (!in.wanted) return {};
    TyreAtLoad out;
    out.peak = tyre_peak_force(tyre, in.fz_n, in.friction_factor, in.size_factor);
    out.lateral_relaxation_length_m = tyre_lateral_relaxation_length_m(tyre, in.fz_n, in.wheel_radius_m);
    out.rolling_resistance_coefficient = tyre_rolling_resistance_coefficient(tyre, in.fz_n, in.speed_m_per_s);
    return out;
}

}  // namespace

std::shared_ptr<const TyreLanes> tyre_lanes(const std::array<const TyreSpec*, 4>& tyres) {
    for (const TyreSpec* t : tyres) {
        if (t == nullptr || t->model != tyres[0]->model) return nullptr;
    }
    auto lanes = std::make_shared<TyreLanes>();
    lanes->law = tyres[0]->model;
    if (lanes->law == TyreModel::MagicFormula) {
        MagicFormulaLanes& l = lanes->magic_formula;
        l.mf61 = tyres[0]->magic_formula.family == MagicFormulaFamily::Mf61;
        for (std::size_t i = 0; i < 4; ++i) {
            const MagicFormulaTyre& t = tyres[i]->magic_formula;
            if (t.family != tyres[0]->magic_formula.family) return nullptr;
            for (std::size_t k = 0; k < mf::kCount; ++k) l.c[k][i] = t.c[k];
            l.nominal_load_n[i] = t.nominal_load_n;
            l.unloaded_radius_m[i] = t.unloaded_radius_m;
            l.nominal_pressure_pa[i] = t.nominal_pressure_pa;
            l.inflation_pressure_pa[i] = t.inflation_pressure_pa;
            l.reference_speed_m_per_s[i] = t.reference_speed_m_per_s;
            l.lateral_stiffness_n_per_m[i] = t.lateral_stiffness_n_per_m;
        }
        return lanes;
    }
    if (lanes->law == TyreModel::Pacejka89) {
        Pacejka89Lanes& l = lanes->pacejka89;
        for (std::size_t i = 0; i < 4; ++i) {
            const PacejkaCoefficients& p = tyres[i]->pacejka;
            for (std::size_t k = 0; k < p.a.size(); ++k) l.a[k][i] = p.a[k];
            for (std::size_t k = 0; k < p.b.size(); ++k) l.b[k][i] = p.b[k];
            for (std::size_t k = 0; k < p.c.size(); ++k) l.c[k][i] = p.c[k];
            l.gx1[i] = p.gx1;
            l.gx2[i] = p.gx2;
            l.gy1[i] = p.gy1;
            l.gy2[i] = p.gy2;
        }
        return lanes;
    }
    if (lanes->law == TyreModel::Pacejka2002) {
        Pacejka2002Lanes& l = lanes->pacejka2002;
        for (std::size_t i = 0; i < 4; ++i) {
            const Pacejka2002Coefficients& p = tyres[i]->pacejka2002;
            for (std::size_t k = 0; k < mf52::kCount; ++k) l.c[k][i] = p.c[k];
            l.nominal_load_n[i] = p.nominal_load_n;
        }
        return lanes;
    }
    return nullptr;
}

bool tyre_lanes_in_use() { return lanes_enabled(); }

WheelAnglesFour slip_angles_four(const std::array<double, 4>& slip_tangent, const std::array<double, 4>& axle_along_normal,
                                 TyreLanePath path) {
    WheelAnglesFour out;
    if (path == TyreLanePath::OneByOne || !lanes_enabled()) {
        for (std::size_t i = 0; i < 4; ++i) {
            out.slip_angle_rad[i] = std::atan(slip_tangent[i]);
            out.inclination_rad[i] = -std::asin(axle_along_normal[i]);
        }
        return out;
    }
#ifdef TRACTIVE_AVX2_LANES
    detail::slip_angles_avx2(slip_tangent, axle_along_normal, out.slip_angle_rad, out.inclination_rad);
#endif
    return out;
}

TyreLawInput TyreLawInputsFour::wheel(std::size_t i) const {
    TyreLawInput w;
    w.slip = {slip_ratio[i], slip_angle_rad[i], inclination_rad[i], forward_speed_m_per_s[i], slip_denominator_m_per_s[i]};
    w.fz_n = fz_n[i];
    w.friction_factor = friction_factor[i];
    w.size_factor = size_factor[i];
    w.mirrored = (mirrored >> i & 1u) != 0;
    w.wanted = (wanted >> i & 1u) != 0;
    return w;
}

void TyreLawInputsFour::set_wheel(std::size_t i, const TyreLawInput& in) {
    slip_ratio[i] = in.slip.slip_ratio;
    slip_angle_rad[i] = in.slip.slip_angle_rad;
    inclination_rad[i] = in.slip.inclination_rad;
    forward_speed_m_per_s[i] = in.slip.forward_speed_m_per_s;
    slip_denominator_m_per_s[i] = in.slip.slip_denominator_m_per_s;
    fz_n[i] = in.fz_n;
    friction_factor[i] = in.friction_factor;
    size_factor[i] = in.size_factor;
    const unsigned bit = 1u << i;
    mirrored = in.mirrored ? mirrored | bit : mirrored & ~bit;
    wanted = in.wanted ? wanted | bit : wanted & ~bit;
}

TyreForce TyreForcesFour::wheel(std::size_t i) const { return {fx_n[i], fy_n[i], mz_nm[i], dfx_dslip_ratio[i], dfy_dslip_angle_per_rad[i]}; }

TyreLoadInput TyreLoadInputsFour::wheel(std::size_t i) const {
    return {fz_n[i], friction_factor[i], size_factor[i], speed_m_per_s[i], wheel_radius_m[i], (wanted >> i & 1u) != 0};
}

void TyreLoadInputsFour::set_wheel(std::size_t i, const TyreLoadInput& in) {
    fz_n[i] = in.fz_n;
    friction_factor[i] = in.friction_factor;
    size_factor[i] = in.size_factor;
    speed_m_per_s[i] = in.speed_m_per_s;
    wheel_radius_m[i] = in.wheel_radius_m;
    const unsigned bit = 1u << i;
    wanted = in.wanted ? wanted | bit : wanted & ~bit;
}

TyreAtLoad TyresAtLoadFour::wheel(std::size_t i) const {
    return {{peak_fx_n[i], peak_fy_n[i]}, lateral_relaxation_length_m[i], rolling_resistance_coefficient[i]};
}

void TyresAtLoadFour::set_wheel(std::size_t i, const TyreAtLoad& at_load) {
    peak_fx_n[i] = at_load.peak.fx_n;
    peak_fy_n[i] = at_load.peak.fy_n;
    lateral_relaxation_length_m[i] = at_load.lateral_relaxation_length_m;
    rolling_resistance_coefficient[i] = at_load.rolling_resistance_coefficient;
}

TyreForcesFour tyre_forces_four(const std::array<const TyreSpec*, 4>& tyres, const TyreLanes* lanes, const TyreLawInputsFour& in,
                                TyreLanePath path) {
    TyreForcesFour out;
    if (lanes == nullptr || path == TyreLanePath::OneByOne || !lanes_enabled()) {
        for (std::size_t i = 0; i < 4; ++i) {
            const TyreForce f = one_tyre(*tyres[i], in.wheel(i));
            out.fx_n[i] = f.fx_n;
            out.fy_n[i] = f.fy_n;
            out.mz_nm[i] = f.mz_nm;
            out.dfx_dslip_ratio[i] = f.dfx_dslip_ratio;
            out.dfy_dslip_angle_per_rad[i] = f.dfy_dslip_angle_per_rad;
        }
        return out;
    }
    // tyre_force's guards lane by lane, the mirror image of a right-hand wheel and the law's own
    // axes, in the lanes (tyre_forces_avx2): zeros in a lane that gives nothing, where any gives.
#ifdef TRACTIVE_AVX2_LANES
    if (detail::tyre_forces_avx2(*lanes, in, out) == 0) out = TyreForcesFour{};
#endif
    return out;
}

TyresAtLoadFour tyres_at_load_four(const std::array<const TyreSpec*, 4>& tyres, const TyreLanes* lanes, const TyreLoadInputsFour& in,
                                   TyreLanePath path) {
    TyresAtLoadFour out;
    unsigned computed = 0;
    // The one-by-one functions' guards lane by lane, in the lanes (magic_formula_at_load_avx2): a
    // lane not computed there (no load, or a speed not finite) gets what the one-by-one functions
    // make of it.
#ifdef TRACTIVE_AVX2_LANES
    if (lanes != nullptr && lanes->law == TyreModel::MagicFormula && path == TyreLanePath::Fastest && lanes_enabled())
        computed = detail::magic_formula_at_load_avx2(lanes->magic_formula, in, out);
#else
    (void)lanes;
    (void)path;
#endif
    for (std::size_t i = 0; i < 4; ++i) {
        if ((computed >> i & 1u) != 0) continue;
        out.set_wheel(i, one_tyre_at_load(*tyres[i], in.wheel(i)));
    }
    return out;
}

RelaxationWeightsFour relaxation_weights_four(const std::array<double, 4>& z, TyreLanePath path) {
    RelaxationWeightsFour out;
    if (path == TyreLanePath::OneByOne || !lanes_enabled()) {
        for (std::size_t i = 0; i < 4; ++i) {
            const RelaxationWeights w = relaxation_weights(z[i]);
            out.phi[i] = w.phi;
            out.decay[i] = w.decay;
            out.end_weight[i] = w.end_weight;
        }
        return out;
    }
#ifdef TRACTIVE_AVX2_LANES
    detail::relaxation_weights_avx2(z, out);
#endif
    return out;
}

}  // namespace tractive
