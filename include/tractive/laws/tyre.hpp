#pragma once
// Tyre force laws behind one interface: Pacejka '89 in the VDrift/Genta layout
// (laws/tyre_pacejka.hpp), UC-win/Road piecewise-linear friction curves, and VDrift's two other
// tyre models: its Pacejka 2002 subset (.tiren, laws/tyre_pacejka2002.hpp) and its brush model
// (.tirep, laws/tyre_brush.hpp).
//
// Axes: ISO wheel axes on the road plane: x along the wheel's heading, y to its left, z along
// the road normal. Forces act on the tyre from the road.

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

struct TyreSlip {
    // kappa = (omega r - v_x) / max(|v_x|, v_ref): > 0 when driving (the tread moves backwards
    // faster than the road), < 0 when braking, -1 for a locked wheel.
    double slip_ratio = 0.0;
    // alpha = atan(v_y / |v_x|): > 0 when the contact patch slides to the wheel's left, which
    // gives a force to the right (Fy < 0).
    double slip_angle_rad = 0.0;
    // Inclination as Pacejka/VDrift's gamma: -asin(axle_left . road_normal), where axle_left is
    // the wheel's spin axis pointing to the vehicle's left. Negative camber on either side
    // gives gamma < 0 on the left wheel and > 0 on the right wheel.
    double inclination_rad = 0.0;
    // The contact's forward speed v_x (m/s, signed) and the denominator D = max(|v_x|, v_ref) the
    // slips were formed with, so that a law working from velocities (the brush model) can
    // recover them: omega r = v_x + kappa D, v_y = D tan(alpha). Callers that scan a law at
    // standstill-free slips may leave the defaults, a car at 20 m/s.
    double forward_speed_m_per_s = 20.0;
    double slip_denominator_m_per_s = 20.0;
};

struct TyreForce {
    double fx_n = 0.0;   // longitudinal, + forward
    double fy_n = 0.0;   // lateral, + left
    double mz_nm = 0.0;  // aligning moment about the road normal, + turning left
    // Slopes of the law at this slip, for a step that treats the force implicitly: dFx/dkappa
    // (N per unit slip ratio) and dFy/dalpha (N/rad), each with the other slip and the
    // combined-slip weight held (exact for pure slip).
    double dfx_dslip_ratio = 0.0;
    double dfy_dslip_angle_per_rad = 0.0;
};

// Forces at vertical load fz_n (N, <= 0 gives no force) on a surface whose friction is
// friction_factor times the one the tyre was fitted on (1 = nominal dry road).
TyreForce tyre_force(const TyreSpec& tyre, const TyreSlip& slip, double fz_n, double friction_factor);

// The same with the size factor (tyre_size_friction_factor) computed once by the caller: the
// form for the per-step hot path.
TyreForce tyre_force(const TyreSpec& tyre, const TyreSlip& slip, double fz_n, double friction_factor, double size_factor);

// Largest longitudinal and lateral force the tyre can give at this load and surface (N): the
// peak of each curve. Used as the static-friction bound near standstill.
struct TyrePeak {
    double fx_n = 0.0;
    double fy_n = 0.0;
};
TyrePeak tyre_peak_force(const TyreSpec& tyre, double fz_n, double friction_factor);
TyrePeak tyre_peak_force(const TyreSpec& tyre, double fz_n, double friction_factor, double size_factor);

// Whether the step evaluates this tyre on a right-hand wheel in the mirrored frame (slip angle and
// inclination negated, lateral force and aligning moment negated back): the Pacejka '89 and the
// friction curves, whose coefficients describe the left-hand tyre. VDrift's Pacejka 2002 and
// brush tyres are evaluated on every wheel as they are, as VDrift does (the Pacejka 2002 file's
// side-dependent coefficients are set per wheel from its tyre.facing when the car is loaded).
bool tyre_mirrored_on_right(const TyreSpec& tyre);

// The rolling resistance coefficient Crr (rolling torque = Crr Fz r) at this load and forward
// speed: the tyre's RollingResistanceSpec, or for a .tir Magic Formula tyre its QSY terms (My at
// no longitudinal force over -R0 Fz).
double tyre_rolling_resistance_coefficient(const TyreSpec& tyre, double fz_n, double speed_m_per_s);

// The lateral relaxation length sigma_alpha (m) at this load: the rolled distance over which the
// tyre's lateral force builds towards the law's at a new slip angle (dalpha'/ds = (alpha -
// alpha') / sigma). A .tir file's own (PTY1, PTY2 or LATERAL_STIFFNESS), else the wheel's
// radius: a tyre's relaxation length is of the order of its radius near its nominal load
// (Pacejka 2012, chapter 7, single-contact-point transient models; docs/tyres.md).
double tyre_lateral_relaxation_length_m(const TyreSpec& tyre, double fz_n, double wheel_radius_m);
// VDrift's size scaling: when the tyre has a size reference (R0, W0, AR0, PT0, FZ0), a2 and b2
// (the friction at zero load) are multiplied by mu(this size) / mu(reference size), with mu from
// VDrift's contact-patch pressure estimate; 1 when there is no reference.
double tyre_size_friction_factor(const TyreSpec& tyre);

// How much a tyre contact sliding at `speed` (m/s) holds like static friction: 1 at or below
// kTyreStictionFull (the step's tyre rows hold the contact without slip up to the tyre's peak
// force), 0 at or above kTyreStictionNone (they follow the tyre law, linearised in the slip
// velocity), linear between (docs/physics.md, "Tyre rows").
inline constexpr double kTyreStictionFull_m_per_s = 0.3;
inline constexpr double kTyreStictionNone_m_per_s = 1.0;
double tyre_stiction_weight(double speed_m_per_s);

}  // namespace tractive
