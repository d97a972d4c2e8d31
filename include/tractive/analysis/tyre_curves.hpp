#pragma once
// A tyre law looked at from outside, as `tractive tyre` shows it: the steady-state forces at
// chosen loads, slips and cambers in ISO axes (x forward, y left, z up; slip ratio kappa > 0
// driving, slip angle alpha = atan(v_y / |v_x|) > 0 giving Fy < 0, inclination gamma > 0 with the
// wheel's top leaning to -y), and per load the peak friction and the slip stiffnesses at zero
// slip.

#include <vector>

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

// Which side the tyre sits on: a right-hand wheel's tyre is evaluated as the step evaluates it
// there (mirrored for the laws that mirror: laws/tyre.hpp, tyre_mirrored_on_right).
enum class TyreSide { Left, Right };

struct TyreOperatingPoint {
    double fz_n = 0.0;
    double slip_ratio = 0.0;
    double slip_angle_rad = 0.0;
    double camber_rad = 0.0;
    double speed_m_per_s = 20.0;  // the contact's forward speed (the brush law works from velocities)
};

struct TyrePointForces {
    double fx_n = 0.0;
    double fy_n = 0.0;
    double mz_nm = 0.0;
};

// The law at one point, on the nominal surface (friction scale 1), with the tyre's own size
// scaling (tyre_size_friction_factor).
TyrePointForces evaluate_tyre(const TyreSpec& tyre, const TyreOperatingPoint& point, TyreSide side = TyreSide::Left);

struct TyreLoadSummary {
    double fz_n = 0.0;
    double peak_mu_x = 0.0;           // max |Fx| / Fz over driving slip ratios 0..1
    double slip_ratio_at_peak = 0.0;
    double peak_mu_y = 0.0;           // max |Fy| / Fz over slip angles 0..30 deg
    double slip_angle_at_peak_rad = 0.0;
    double slip_stiffness_n = 0.0;            // dFx/dkappa at zero slip (N per unit slip)
    double cornering_stiffness_n_per_rad = 0.0;  // -dFy/dalpha at zero slip (N/rad)
    // The rolled distance over which the step's lateral force builds to the law's
    // (tyre_lateral_relaxation_length_m: the .tir file's, else the tyre's radius); NaN for a tyre
    // file that gives neither (a VDrift .tire: its car's wheel gives the radius).
    double lateral_relaxation_length_m = 0.0;
};

// Peaks found on a grid (0.0005 in kappa, 0.01 deg in alpha) and refined; stiffnesses by central
// differences of 1e-5 about zero slip. Zero camber.
TyreLoadSummary summarize_tyre_at_load(const TyreSpec& tyre, double fz_n, TyreSide side = TyreSide::Left);

// The loads a user looks at first: 0.5, 1 and 1.5 times the tyre's nominal load.
std::vector<double> default_tyre_loads_n(double nominal_load_n);

// The slips `tractive tyre --png` draws its curves through: slip ratios -1..1 by 0.005 and slip
// angles -20..20 degrees by 0.1, ten times finer within 0.01 and 0.5 degrees of zero, so that the
// curve's slope at zero slip shows as the law has it (a brush tyre's force bends from its first
// thousandths of slip: its secant over 0.005 is 4-5 % below its stiffness).
std::vector<double> tyre_plot_slip_ratios();
std::vector<double> tyre_plot_slip_angles_deg();

// How far one tyre's forces are from another's at a load: the largest differences over pure
// slip ratios -0.3..0.3 (by 0.005) and pure slip angles -12..12 degrees (by 0.1), as fractions of
// the first tyre's largest force (moment) there. How a converted tyre (`tractive convert` to a format
// with another law) compares with the original.
struct TyreForceDifference {
    double fx_fraction = 0.0;  // max |Fx_b - Fx_a| / max |Fx_a|
    double fy_fraction = 0.0;  // max |Fy_b - Fy_a| / max |Fy_a|
    double mz_fraction = 0.0;  // max |Mz_b - Mz_a| / max |Mz_a| over the slip angles
};
TyreForceDifference tyre_force_difference(const TyreSpec& a, const TyreSpec& b, double fz_n, TyreSide side = TyreSide::Left);

}  // namespace tractive
