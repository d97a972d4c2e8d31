#pragma once
// Tyre size code (e.g. 215/45 R17) to dimensions, and VDrift's estimate of wheel mass and spin
// inertia from the size, for files that give the size but not the mass or inertia.

namespace tractive {

struct TyreSize {
    double width_m = 0.0;         // section width: 215 mm -> 0.215
    double aspect_ratio = 0.0;    // 45 % -> 0.45
    double rim_diameter_m = 0.0;  // 17 in -> 0.4318
};

// Unloaded radius = rim radius + sidewall height = D / 2 + W * AR.
double tyre_radius_m(const TyreSize& size);

struct WheelMassEstimate {
    double mass_kg = 0.0;
    double spin_inertia_kgm2 = 0.0;
};

// VDrift's estimate (cardynamics LoadWheel): tyre and rim as thin tubes of the section width,
// the tyre 0.05 m thick with density constant 8e3, the rim 0.01 m thick with density constant
// 3e5, each of mass rho * pi * W * t^2 * (2 r - t) (VDrift's volume expression, constants
// fitted by VDrift to give plausible wheel masses: 16.3 kg for 215/45 R17).
// Spin inertia = m_tyre R^2 + m_rim r_rim^2 (1.16 kg m^2 for 215/45 R17, in the range measured
// for such wheels); VDrift's code multiplies this by 4 with a "fixme" note, which we do not.
WheelMassEstimate estimate_wheel_mass(const TyreSize& size);

}  // namespace tractive
