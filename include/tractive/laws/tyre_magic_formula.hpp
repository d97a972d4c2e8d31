#pragma once
// The steady-state Magic Formula of TYDEX .tir files: MF-Tyre 6.1 / 6.2 and MF 5.2 / PAC2002
// (spec/magic_formula_tyre.hpp), in ISO-W axes at the contact point (x forward, y left, z up):
// slip ratio kappa (> 0 driving), slip angle alpha (rad, > 0 when the patch slides left, giving
// Fy < 0 with the files' PKY1 < 0), inclination gamma (rad, ISO: > 0 with the wheel's top leaning
// to -y), load Fz (N), contact speed Vx (m/s, forward) and inflation pressure p (Pa, MF 6.1).
//
// The equations are Pacejka, "Tyre and Vehicle Dynamics", 3rd ed. (2012), section 4.3.2, with
// the corrections of Besselink, Schmeitz and Pacejka (VSD 48 sup. 1, 2010) and the choices that
// make MFeval 4.0 match TNO's MF-Tyre 6.1.2 solver, which fitted the files: for MF 6.1 alpha and
// gamma enter as they are (no tan / sin), A_mu = 1 (LMUV not used), the trail t carries LFZO, and
// the combined moment's Fy' = Gyk (actual gamma) Fy0 (gamma = 0). Every equation, its source and
// each public implementation's disagreement: docs/tyres.md. No turn slip (all zeta = 1), no
// low-speed (VXLOW) reduction, inputs not clipped to the file's ranges. Fz <= 0 gives nothing.
// E <= 1 limits are applied; the small epsilons are 1e-6 with the sign of their neighbour.
//
// The surface's friction scale multiplies LMUX and LMUY (the MF's own friction scaling).

#include "tractive/spec/magic_formula_tyre.hpp"

namespace tractive {

struct MagicFormulaInput {
    double slip_ratio = 0.0;
    double slip_angle_rad = 0.0;
    double inclination_rad = 0.0;  // ISO
    double fz_n = 0.0;
    double speed_m_per_s = 16.7;  // forward contact speed, for My and cos(alpha')
    double friction_factor = 1.0;
    double pressure_pa = 0.0;  // 0: the file's INFLPRES (MF 6.1)
    bool with_moments = true;  // also Mx and My (the step needs neither from here)
};

struct MagicFormulaForces {
    double fx_n = 0.0;
    double fy_n = 0.0;
    double mz_nm = 0.0;
    double mx_nm = 0.0;  // overturning couple (0 unless with_moments)
    double my_nm = 0.0;  // rolling resistance moment (< 0 rolling forwards; 0 unless with_moments)
    // Slopes of the combined forces with the combined-slip weights held: dFx/dkappa, dFy/dalpha
    // (per rad).
    double dfx_dslip_ratio = 0.0;
    double dfy_dslip_angle_per_rad = 0.0;
};

MagicFormulaForces magic_formula_force(const MagicFormulaTyre& tyre, const MagicFormulaInput& in);

// The rolling resistance moment My (N m, < 0 rolling forwards) at the input's load, speed, camber
// and pressure with longitudinal force fx_n: MF 6.1's A48, MF 5.2's eq. 84.
double magic_formula_rolling_moment_nm(const MagicFormulaTyre& tyre, const MagicFormulaInput& in, double fx_n);

// The peaks of the pure-slip curves at this load on this surface, zero inclination (N): |Dx| + |SVx|
// and |Dy| + |SVy|, the static-friction bounds near standstill (no Magic Formula evaluated).
double magic_formula_peak_fx_n(const MagicFormulaTyre& tyre, double fz_n, double friction_factor);
double magic_formula_peak_fy_n(const MagicFormulaTyre& tyre, double fz_n, double friction_factor);

// The lateral relaxation length sigma_alpha (m) at this load, zero inclination and the file's
// pressure: MF 5.2's PTY1 sin(2 atan(Fz / (PTY2 Fz0 LFZO))) R0 LFZO LSGAL where the file gives
// PTY1 (eq. 93 of the MF-Tyre 5.2 equation set, as OpenTyre's PAC2002 numbers it; its camber
// factor 1 - PKY3 |gamma| left out), else MF 6.1's |Kya| / C_Fy LSGAL with the file's
// LATERAL_STIFFNESS C_Fy (the relaxation length as cornering stiffness over lateral carcass
// stiffness, as TyreDyn's MF 6.x relaxation module takes it; PCFY pressure terms left out);
// 0 when the file gives neither.
double magic_formula_lateral_relaxation_length_m(const MagicFormulaTyre& tyre, double fz_n);

}  // namespace tractive
