#pragma once
// The four wheels' tyre laws in one call (the step's tyre phase, dynamics/tyre_forces.hpp).
// Four .tir Magic Formula tyres of one family, or four VDrift Pacejka '89 or Pacejka 2002 tyres,
// go side by side, one wheel per lane of an AVX2 register (laws written once for a lane type:
// src/laws/tyre_magic_formula_lanes.hpp, tyre_pacejka_lanes.hpp, tyre_pacejka2002_lanes.hpp), where the processor has AVX2
// and FMA (checked once at run time: one binary for any x86-64); any other tyres, or another
// processor, one after another through tyre_force. Each path is deterministic. The lanes compute
// each tyre's own equations, operation by operation, but for their atan, sin, cos, tan, exp,
// expm1 and pow (glibc's libmvec against its libm: each within a unit or so in the last place),
// so the two paths agree to about 1e-15 relative in force, not bit for bit (docs/tyres.md, "Four
// tyres side by side", gives the measured figures). TRACTIVE_VECTOR_MATHS=0 in the environment takes the
// one-by-one path everywhere (to compare, or to reproduce a run from another machine).

#include <array>
#include <memory>

#include "tractive/laws/slip_relaxation.hpp"
#include "tractive/laws/tyre.hpp"
#include "tractive/spec/magic_formula_tyre.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

// Four .tir tyres' coefficients laid out across lanes (lane i: wheel i, FL FR RL RR).
struct MagicFormulaLanes {
    bool mf61 = true;  // the family, one for all four
    std::array<std::array<double, 4>, mf::kCount> c{};
    std::array<double, 4> nominal_load_n{}, unloaded_radius_m{}, nominal_pressure_pa{}, inflation_pressure_pa{};
    std::array<double, 4> reference_speed_m_per_s{}, lateral_stiffness_n_per_m{};
};

// Four VDrift Pacejka '89 tyres' coefficients laid out across lanes.
struct Pacejka89Lanes {
    std::array<std::array<double, 4>, 15> a{};
    std::array<std::array<double, 4>, 11> b{};
    std::array<std::array<double, 4>, 18> c{};
    std::array<double, 4> gx1{}, gx2{}, gy1{}, gy2{};
};

// Four VDrift Pacejka 2002 tyres' coefficients laid out across lanes (each wheel's own: the
// sided coefficients differ left and right).
struct Pacejka2002Lanes {
    std::array<std::array<double, 4>, mf52::kCount> c{};
    std::array<double, 4> nominal_load_n{};
};

// The four tyres of a car across lanes: one law for all four.
struct TyreLanes {
    TyreModel law = TyreModel::MagicFormula;  // MagicFormula, Pacejka89 or Pacejka2002
    MagicFormulaLanes magic_formula;          // (law MagicFormula)
    Pacejka89Lanes pacejka89;                 // (law Pacejka89)
    Pacejka2002Lanes pacejka2002;             // (law Pacejka2002)
};

// The lanes of four tyres, or null when they cannot share them (not all .tir tyres of one
// family, nor all VDrift Pacejka '89 tyres).
std::shared_ptr<const TyreLanes> tyre_lanes(const std::array<const TyreSpec*, 4>& tyres);

// One wheel's law: tyre_force(tyre, slip, fz_n, friction_factor, size_factor), or where
// `mirrored` the mirror image of it (a right-hand wheel's, tyre_mirrored_on_right: slip angle
// and inclination negated in, lateral force and aligning moment negated out), or nothing where
// not `wanted`.
struct TyreLawInput {
    TyreSlip slip;
    double fz_n = 0.0;
    double friction_factor = 1.0;
    double size_factor = 1.0;
    bool mirrored = false;
    bool wanted = true;
};
// The four wheels' TyreLawInput laid out across lanes, as the step's tyre phase holds them: lane
// i wheel i (FL FR RL RR), `mirrored` and `wanted` bit i for lane i.
struct TyreLawInputsFour {
    std::array<double, 4> slip_ratio{}, slip_angle_rad{}, inclination_rad{}, forward_speed_m_per_s{}, slip_denominator_m_per_s{};
    std::array<double, 4> fz_n{}, friction_factor{}, size_factor{};
    unsigned mirrored = 0, wanted = 0;
    [[nodiscard]] TyreLawInput wheel(std::size_t i) const;
    void set_wheel(std::size_t i, const TyreLawInput& in);
};
// The four wheels' TyreForce across lanes; zeros in a lane that gives nothing.
struct TyreForcesFour {
    std::array<double, 4> fx_n{}, fy_n{}, mz_nm{}, dfx_dslip_ratio{}, dfy_dslip_angle_per_rad{};
    [[nodiscard]] TyreForce wheel(std::size_t i) const;
};

enum class TyreLanePath {
    Fastest,   // the lanes where the tyres and the processor allow (and TRACTIVE_VECTOR_MATHS is not 0)
    OneByOne,  // tyre_force for each wheel in turn
};

TyreForcesFour tyre_forces_four(const std::array<const TyreSpec*, 4>& tyres, const TyreLanes* lanes, const TyreLawInputsFour& in,
                                TyreLanePath path = TyreLanePath::Fastest);

// What one wheel's tyre gives at its load, apart from its slip (the step's friction bounds,
// relaxation and rolling resistance): tyre_peak_force(tyre, fz_n, friction_factor, size_factor),
// tyre_lateral_relaxation_length_m(tyre, fz_n, wheel_radius_m) and
// tyre_rolling_resistance_coefficient(tyre, fz_n, speed_m_per_s), or nothing (zeros) where not
// `wanted`. Four .tir tyres of one family go side by side (their peaks bit for bit as one by one,
// the MF 6.1 relaxation length and the rolling resistance within libmvec's last bits); any others
// one after another.
struct TyreLoadInput {
    double fz_n = 0.0;
    double friction_factor = 1.0;
    double size_factor = 1.0;
    double speed_m_per_s = 0.0;  // forward, for the rolling resistance
    double wheel_radius_m = 0.0;
    bool wanted = true;
};
struct TyreAtLoad {
    TyrePeak peak;
    double lateral_relaxation_length_m = 0.0;
    double rolling_resistance_coefficient = 0.0;
};
// The four wheels' across lanes (lane i wheel i, `wanted` bit i).
struct TyreLoadInputsFour {
    std::array<double, 4> fz_n{}, friction_factor{}, size_factor{}, speed_m_per_s{}, wheel_radius_m{};
    unsigned wanted = 0;
    [[nodiscard]] TyreLoadInput wheel(std::size_t i) const;
    void set_wheel(std::size_t i, const TyreLoadInput& in);
};
struct TyresAtLoadFour {
    std::array<double, 4> peak_fx_n{}, peak_fy_n{}, lateral_relaxation_length_m{}, rolling_resistance_coefficient{};
    [[nodiscard]] TyreAtLoad wheel(std::size_t i) const;
    void set_wheel(std::size_t i, const TyreAtLoad& at_load);
};

TyresAtLoadFour tyres_at_load_four(const std::array<const TyreSpec*, 4>& tyres, const TyreLanes* lanes, const TyreLoadInputsFour& in,
                                   TyreLanePath path = TyreLanePath::Fastest);

// The four wheels' slip relaxation weights (relaxation_weights of each z), side by side where
// the processor allows (e^-z and 1 - e^-z from libmvec: within its last bits).
struct RelaxationWeightsFour {
    std::array<double, 4> phi, decay, end_weight;
    [[nodiscard]] RelaxationWeights wheel(std::size_t i) const { return {phi[i], decay[i], end_weight[i]}; }
};
RelaxationWeightsFour relaxation_weights_four(const std::array<double, 4>& z, TyreLanePath path = TyreLanePath::Fastest);

// The four wheels' slip angles atan(v_y / D) from their tangents v_y / D, and inclinations
// -asin(s) from their axles' components s along the ground's normal (in [-1, 1]), side by side
// where the processor allows (libmvec's atan and asin: within their last bits); std::atan and
// std::asin one by one otherwise.
struct WheelAnglesFour {
    std::array<double, 4> slip_angle_rad;
    std::array<double, 4> inclination_rad;
};
WheelAnglesFour slip_angles_four(const std::array<double, 4>& slip_tangent, const std::array<double, 4>& axle_along_normal,
                                 TyreLanePath path = TyreLanePath::Fastest);

// Whether TyreLanePath::Fastest takes the lanes on this processor in this process.
bool tyre_lanes_in_use();

}  // namespace tractive
