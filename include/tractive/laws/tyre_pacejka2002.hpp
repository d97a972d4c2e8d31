#pragma once
// Pacejka 2002 (Magic Formula 5.2) as VDrift's CarTire2 evaluates it: the `.tiren` tyre files
// (VDrift built with VDRIFTN). A subset of MF 5.2 with VDrift's own choices, which are the
// format's meaning (its files are fitted to them):
//   - every scaling factor lambda is 1; no PDX3, no E <= 1 clamp, no REX/REY, RHY2 or QBZ9 terms;
//   - K_x = Fz (PKX1 + PKX2 dfz) exp(-PKX3 dfz) (MF 5.2 has exp(+PKX3 dfz));
//   - the surface friction mu_s scales the whole pure force, shifts included; the combined-slip
//     shift SVyk is not scaled;
//   - the aligning moment is the pure-slip one (no combined-slip terms), with R0 = 0.3 m, and
//     E_t without the 2/pi factor;
//   - the load is clamped to 10 kN.
// Coefficients are those of the TNO/adapted-ISO sign convention (PKY1 < 0). The inputs and
// outputs here are in VDrift's wheel axes (x to the wheel's right, y forward, z up): slip
// ratio kappa (a ratio, > 0 driving), slip angle alpha = atan(v_right / |v_forward|) (rad),
// camber gamma (rad, > 0 with the wheel's top leaning to the vehicle's left, either side), load
// Fz (N); Fx forward, Fy to the right, Mz about z (N m). laws/tyre.cpp maps them to ISO axes.
//
// With dfz = (Fz - FZ0) / FZ0 and F(x) = D sin(C atan(B x - E (B x - atan(B x)))):
//   Fx0 = mu_s [Dx F(kappa + SHx) + SVx], SHx = PHX1 + PHX2 dfz, SVx = Fz (PVX1 + PVX2 dfz),
//         Cx = PCX1, Dx = Fz (PDX1 + PDX2 dfz), Ex = (PEX1 + PEX2 dfz + PEX3 dfz^2)(1 - PEX4 sgn x),
//         Bx = Kx / (Cx Dx)
//   Fy0 = mu_s [Dy F(alpha + SHy) + SVy], SHy = PHY1 + PHY2 dfz + PHY3 gamma,
//         SVy = Fz (PVY1 + PVY2 dfz + (PVY3 + PVY4 dfz) gamma), Cy = PCY1,
//         Dy = Fz (PDY1 + PDY2 dfz)(1 - PDY3 gamma^2), Ey = (PEY1 + PEY2 dfz)(1 - (PEY3 + PEY4 gamma) sgn y),
//         Ky = PKY1 FZ0 sin(2 atan(Fz / (PKY2 FZ0))) (1 - PKY3 |gamma|), By = Ky / (Cy Dy)
//   Mz  = Mzt + Mzr (trail and residual moments, in the source file's comments)
//   Fx  = Gxa Fx0,  Gxa = cos(RCX1 atan(Bxa (alpha + RHX1))) / cos(RCX1 atan(Bxa RHX1)),
//         Bxa = RBX1 cos(atan(RBX2 kappa))
//   Fy  = Gyk Fy0 + SVyk, Gyk = cos(RCY1 atan(Byk (kappa + RHY1))) / cos(RCY1 atan(Byk RHY1)),
//         Byk = RBY1 cos(atan(RBY2 (alpha - RBY3))),
//         SVyk = Dy (RVY1 + RVY2 dfz + RVY3 gamma) cos(atan(RVY4 alpha)) sin(RVY5 atan(RVY6 kappa))
// sgn(0) = +1, as in VDrift.

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

inline constexpr double kPacejka2002MaxLoad_n = 10000.0;      // VDrift's max_load
inline constexpr double kPacejka2002MomentRadius_m = 0.3;    // VDrift's R0 in Mz

struct Pacejka2002Force {
    double fx_n = 0.0;
    double fy_n = 0.0;
    double mz_nm = 0.0;
    // Slopes of the combined forces, the combined-slip weights held: dFx/dkappa and dFy/dalpha
    // (per rad).
    double dfx_dslip_ratio = 0.0;
    double dfy_dslip_angle_per_rad = 0.0;
};

// In VDrift's axes (above). Loads <= 0 or a surface friction <= 0 give no force. size_factor
// multiplies PDX1 and PDY1, as VDrift's tyre size scaling does (laws/tyre.hpp:
// tyre_size_friction_factor).
Pacejka2002Force pacejka2002_force(const Pacejka2002Coefficients& p, double slip_ratio, double slip_angle_rad,
                                   double camber_rad, double fz_n, double friction_factor, double size_factor = 1.0);

// The peaks VDrift reports (getMaxFx, getMaxFy): |Dx + SVx| and |Dy + SVy| at zero camber, at
// the clamped load, times the surface friction (N).
double pacejka2002_peak_fx_n(const Pacejka2002Coefficients& p, double fz_n, double friction_factor, double size_factor = 1.0);
double pacejka2002_peak_fy_n(const Pacejka2002Coefficients& p, double fz_n, double friction_factor, double size_factor = 1.0);

}  // namespace tractive
