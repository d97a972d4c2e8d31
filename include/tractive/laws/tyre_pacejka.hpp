#pragma once
// Pacejka '89 ("magic formula") in the VDrift / Genta (1997) layout, exactly as VDrift
// evaluates it (seed 002 lists the coefficients; ../shared/docs/VALIDATION.md section 2 has
// oracle values). Units at this edge are the layout's own: Fz in kN, slip in percent, angles
// in degrees; forces in N, moment in N m, in VDrift's sign convention (Fy and Mz > 0 for
// positive slip angle). friction_factor multiplies the peak D (surface friction); size_factor
// multiplies a2 and b2 (the friction at zero load) as VDrift's tyre size scaling does
// (laws/tyre.hpp: tyre_size_friction_factor).

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

// Fx = D sin(C atan(B S - E (B S - atan(B S)))), S = slip_percent + Sh,
// C = b0, D = (b1 Fz + b2) Fz, BCD = (b3 Fz + b4) Fz exp(-b5 Fz), E = b6 Fz^2 + b7 Fz + b8,
// Sh = b9 Fz + b10.
double pacejka_fx_n(const PacejkaCoefficients& p, double slip_percent, double fz_kn, double friction_factor,
                    double size_factor = 1.0);

// A formula's value and its derivative with respect to its own slip input (per percent of slip
// ratio for Fx, per degree of slip angle for Fy):
//   dF/dS = D C cos(C atan x) / (1 + x^2) * B (1 - E + E / (1 + (B S)^2)),
//   x = B S - E (B S - atan(B S)).
struct PacejkaValue {
    double value = 0.0;
    double slope = 0.0;
};
PacejkaValue pacejka_fx(const PacejkaCoefficients& p, double slip_percent, double fz_kn, double friction_factor,
                        double size_factor = 1.0);

// Fy = D sin(C atan(B S - E (B S - atan(B S)))) + Sv, S = alpha_deg + Sh,
// C = a0, D = (a1 Fz + a2) Fz, BCD = a3 sin(2 atan(Fz / a4)) (1 - a5 |gamma|), E = a6 Fz + a7,
// Sh = a8 gamma + a9 Fz + a10, Sv = ((a111 Fz + a112) gamma + a12) Fz + a13.
double pacejka_fy_n(const PacejkaCoefficients& p, double alpha_deg, double fz_kn, double gamma_deg,
                    double friction_factor, double size_factor = 1.0);
PacejkaValue pacejka_fy(const PacejkaCoefficients& p, double alpha_deg, double fz_kn, double gamma_deg,
                        double friction_factor, double size_factor = 1.0);

// Mz = D sin(C atan(B S - E (B S - atan(B S)))) + Sv, S = alpha_deg + Sh,
// C = c0, D = (c1 Fz + c2) Fz, BCD = (c3 Fz + c4) Fz (1 - c6 |gamma|) exp(-c5 Fz),
// E = (c7 Fz^2 + c8 Fz + c9) (1 - c10 |gamma|), Sh = c11 gamma + c12 Fz + c13,
// Sv = (c14 Fz^2 + c15 Fz) gamma + c16 Fz + c17.
double pacejka_mz_nm(const PacejkaCoefficients& p, double alpha_deg, double fz_kn, double gamma_deg,
                     double friction_factor);

// Combined-slip weights (VDrift): Gx = 1 / sqrt(1 + (Bx alpha)^2), Bx = gx1 / sqrt(1 + (gx2 kappa)^2);
// Gy = 1 / sqrt(1 + (By kappa)^2), By = gy1 / sqrt(1 + (gy2 alpha)^2); alpha in radians, kappa a
// ratio. Fx = Gx Fx0, Fy = Gy Fy0. Weights are 1 when the g coefficients are 0.
struct CombinedSlipWeights {
    double gx = 1.0;
    double gy = 1.0;
};
CombinedSlipWeights pacejka_combined_weights(const PacejkaCoefficients& p, double slip_ratio, double alpha_rad);

}  // namespace tractive
