#pragma once
// The four wheels' tyre laws in one call (the step's tyre phase, dynamics/tyre_forces.hpp).
// Four .tir Magic Formula tyres of one family, or four VDrift Pacejka '89 tyres, go side by side,
// one wheel per lane of an AVX2 register (laws written once for a lane type:
// src/laws/tyre_magic_formula_lanes.hpp, tyre_pacejka_lanes.hpp), where the processor has AVX2
// and FMA (checked once at run time: one binary for any x86-64); any other tyres, or another
// processor, one after another through tyre_force. Each path is deterministic. The lanes compute
// each tyre's own equations, operation by operation, but for their atan, sin, cos, tan and exp
// (glibc's libmvec against its libm: each within one unit in the last place), so the two paths
// agree to about 1e-15 relative in force, not bit for bit (docs/tyres.md, "Four tyres side by
// side", gives the measured figures). TRACTIVE_VECTOR_MATHS=0 in the environment takes the
// one-by-one path everywhere (to compare, or to reproduce a run from another machine).

#include <array>
#include <memory>

#include "tractive/laws/tyre.hpp"
#include "tractive/spec/magic_formula_tyre.hpp"

namespace tractive {

// Four .tir tyres' coefficients laid out across lanes (lane i: wheel i, FL FR RL RR).
struct MagicFormulaLanes {
    bool mf61 = true;  // the family, one for all four
    std::array<std::array<double, 4>, mf::kCount> c{};
    std::array<double, 4> nominal_load_n{}, unloaded_radius_m{}, nominal_pressure_pa{}, inflation_pressure_pa{};
};

// Four VDrift Pacejka '89 tyres' coefficients laid out across lanes.
struct Pacejka89Lanes {
    std::array<std::array<double, 4>, 15> a{};
    std::array<std::array<double, 4>, 11> b{};
    std::array<std::array<double, 4>, 18> c{};
    std::array<double, 4> gx1{}, gx2{}, gy1{}, gy2{};
};

// The four tyres of a car across lanes: one law for all four.
struct TyreLanes {
    TyreModel law = TyreModel::MagicFormula;  // MagicFormula or Pacejka89
    MagicFormulaLanes magic_formula;          // (law MagicFormula)
    Pacejka89Lanes pacejka89;                 // (law Pacejka89)
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

enum class TyreLanePath {
    Fastest,   // the lanes where the tyres and the processor allow (and TRACTIVE_VECTOR_MATHS is not 0)
    OneByOne,  // tyre_force for each wheel in turn
};

std::array<TyreForce, 4> tyre_forces_four(const std::array<const TyreSpec*, 4>& tyres, const TyreLanes* lanes,
                                          const std::array<TyreLawInput, 4>& in, TyreLanePath path = TyreLanePath::Fastest);

// Whether TyreLanePath::Fastest takes the lanes on this processor in this process.
bool tyre_lanes_in_use();

}  // namespace tractive
