#pragma once
// VDrift's physical brush tyre (CarTire3; `.tirep` files, VDrift built with VDRIFTP). The tread is
// a row of bristles of stiffness ktx, kty (stress per deflection, bar/m) on a carcass that bends
// sideways as a parabola yb (1 - u^2) with yb = Fy / kcb + ym; they stick to the road from the
// leading edge back to the slip point uc and slide behind it, where the stress is the friction
// times the contact pressure. The model is evaluated in VDrift's wheel axes (x to the wheel's
// right, y forward, z up) from velocities, as VDrift does:
//
// Patch, at load Fz (N, clamped to 20 kN) for radius R, width w, aspect ratio ar:
//   kz = 9.81 (1e5 pt cf + 3450) N/m, cf = 0.28 sqrt(2 (1.03 - 0.4 ar) w R)   vertical stiffness
//   dz = Fz / kz                                                               deflection
//   w_p = w, or w sqrt(1 - (1 - dz/dz0)^2) below dz0                          patch width
//   a = 0.3 (dz + 2.25 sqrt(R dz))                                             half length
//   W = 1e5 w_p a,  p = 0.75 Fz / W  (bar)                                     mean pressure scale,
//   with the pressure profile p(u) = p (1 - u^2)(1 + u / 4), u = x / a (1 at the leading edge)
// Friction, with v_r the sliding speed and mu_s the surface's factor:
//   mu = [muc + (mus - muc) exp(-sqrt(v_r / vs))] (p / p0)^(-1/3) mu_s
// Slip: v_rx = v_forward - v_rolling, v_ry = v_right; theoretical slips sigma = -v_r{x,y} /
// v_rolling; q{x,y} = kt{x,y} sigma a; sliding direction n = -(v_rx, v_ry) / v_r.
// The slip point solves (qy - qb (1 + u))^2 + qx^2 = (mu p)^2 (1 + u)^2 (1 + u/4)^2 (Newton from
// the leading edge; uc = -1 all sticking, +1 all sliding), and with d = uc + 1, e = uc - 1:
//   ts = W e^2 / 2,  tb = W kty (uc^3 - 3 uc + 2) / 3,  Fc = mu p W d^2 (7/9 - (3 uc + 5)^2 / 144)
//   Fy = cfy (ts qy - tb ym + Fc n_y) / (1 + tb / kcb),   ym = ccb dz sin(camber)
//   Fx = ts qx + Fc n_x
// Fy is found by three damped fixed-point passes (the carcass bend depends on Fy). Mz is the
// moment of the sticking and sliding stresses about the patch centre. Fully sliding, the force
// is mu Fz along the sliding direction. With no slip velocity at all there is no force (camber
// thrust included), as in VDrift.

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

inline constexpr double kBrushMaxLoad_n = 20000.0;  // VDrift's clamp

struct BrushForce {
    double fx_n = 0.0;   // forward
    double fy_n = 0.0;   // to the wheel's right (VDrift's x)
    double mz_nm = 0.0;  // about z, up
};

struct BrushVelocities {
    double rolling_m_per_s = 0.0;  // omega R, + rolling forward
    double forward_m_per_s = 0.0;  // the wheel's velocity along its heading
    double right_m_per_s = 0.0;    // and to its right
};

// camber_sine: sin of the camber, > 0 with the wheel's top leaning to the vehicle's left (either
// side), clamped to +-0.3 as VDrift does.
BrushForce brush_force(const BrushTyreParameters& p, double radius_m, double width_m, double aspect_ratio,
                       double fz_n, const BrushVelocities& v, double camber_sine, double friction_factor);

// The static friction force at this load: mus (p / p0)^(-1/3) mu_s Fz, the most the tread can
// give without sliding (N); the lateral one is scaled by cfy, as the lateral force is.
struct BrushPeak {
    double fx_n = 0.0;
    double fy_n = 0.0;
};
BrushPeak brush_peak_force(const BrushTyreParameters& p, double radius_m, double width_m, double aspect_ratio,
                           double fz_n, double friction_factor);

}  // namespace tractive
