// The four wheels' tyre laws in one call (laws/tyre_lanes.hpp).

#include "tractive/laws/tyre_lanes.hpp"

#include <algorithm>
#include <cmath>
#include "tyre_lanes_avx2.hpp"
#include "../core/x86_64_v3.hpp"

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

std::array<TyreForce, 4> tyre_forces_four(const std::array<const TyreSpec*, 4>& tyres, const TyreLanes* lanes,
                                          const std::array<TyreLawInput, 4>& in, TyreLanePath path) {
    std::array<TyreForce, 4> out{};
    if (lanes == nullptr || path == TyreLanePath::OneByOne || !lanes_enabled()) {
        for (std::size_t i = 0; i < 4; ++i) out[i] = one_tyre(*tyres[i], in[i]);
        return out;
    }
    // tyre_force's guards lane by lane, the mirror image of a right-hand wheel and the law's own
    // axes, in the lanes (tyre_forces_avx2); a lane that gives nothing is not `valid` there.
    detail::TyreLaneLawInputs v;
    v.mirrored = 0;
    v.wanted = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        const TyreLawInput& w = in[i];
        v.slip_ratio[i] = w.slip.slip_ratio;
        v.slip_angle_rad[i] = w.slip.slip_angle_rad;
        v.inclination_rad[i] = w.slip.inclination_rad;
        v.fz_n[i] = w.fz_n;
        v.friction_factor[i] = w.friction_factor;
        v.size_factor[i] = w.size_factor;
        v.mirrored |= w.mirrored ? 1u << i : 0u;
        v.wanted |= w.wanted ? 1u << i : 0u;
    }
    detail::TyreLaneForces f;
    f.valid = 0;
#ifdef TRACTIVE_AVX2_LANES
    detail::tyre_forces_avx2(*lanes, v, f);
#endif
    for (std::size_t i = 0; i < 4; ++i) {
        if ((f.valid >> i & 1u) == 0) continue;
        out[i] = {f.fx_n[i], f.fy_n[i], f.mz_nm[i], f.dfx_dslip_ratio[i], f.dfy_dslip_angle_per_rad[i]};
    }
    return out;
}

std::array<TyreAtLoad, 4> tyres_at_load_four(const std::array<const TyreSpec*, 4>& tyres, const TyreLanes* lanes,
                                             const std::array<TyreLoadInput, 4>& in, TyreLanePath path) {
    std::array<TyreAtLoad, 4> out{};
    if (lanes == nullptr || lanes->law != TyreModel::MagicFormula || path == TyreLanePath::OneByOne || !lanes_enabled()) {
        for (std::size_t i = 0; i < 4; ++i) out[i] = one_tyre_at_load(*tyres[i], in[i]);
        return out;
    }
    // The one-by-one functions' guards lane by lane, in the lanes (magic_formula_at_load_avx2): a
    // lane not computed there (no load, or a speed not finite) gets what the one-by-one functions
    // make of it.
    detail::TyreLaneAtLoadInputs v;
    v.wanted = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        const TyreLoadInput& w = in[i];
        v.fz_n[i] = w.fz_n;
        v.friction_factor[i] = w.friction_factor;
        v.speed_m_per_s[i] = w.speed_m_per_s;
        v.wheel_radius_m[i] = w.wheel_radius_m;
        v.wanted |= w.wanted ? 1u << i : 0u;
    }
    detail::TyreLaneAtLoad a;
    a.computed = 0;
#ifdef TRACTIVE_AVX2_LANES
    detail::magic_formula_at_load_avx2(lanes->magic_formula, v, a);
#endif
    for (std::size_t i = 0; i < 4; ++i) {
        if (!in[i].wanted) continue;
        if ((a.computed >> i & 1u) == 0) {
            out[i] = one_tyre_at_load(*tyres[i], in[i]);
            continue;
        }
        out[i].peak = {a.peak_fx_n[i], a.peak_fy_n[i]};
        out[i].lateral_relaxation_length_m = a.lateral_relaxation_length_m[i];
        out[i].rolling_resistance_coefficient = a.rolling_resistance_coefficient[i];
    }
    return out;
}

std::array<RelaxationWeights, 4> relaxation_weights_four(const std::array<double, 4>& z, TyreLanePath path) {
    std::array<RelaxationWeights, 4> out;
    if (path == TyreLanePath::OneByOne || !lanes_enabled()) {
        for (std::size_t i = 0; i < 4; ++i) out[i] = relaxation_weights(z[i]);
        return out;
    }
#ifdef TRACTIVE_AVX2_LANES
    detail::RelaxationLanes w;
    detail::relaxation_weights_avx2(z, w);
    for (std::size_t i = 0; i < 4; ++i) out[i] = {w.phi[i], w.decay[i], w.end_weight[i]};
#endif
    return out;
}

}  // namespace tractive
