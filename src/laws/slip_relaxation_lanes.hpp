#pragma once
// The relaxation weights (laws/slip_relaxation.hpp) written once for a lane type T: one wheel
// (T = double, slip_relaxation.cpp) or four side by side (tyre_lanes_avx2.cpp). Internal
// linkage on purpose (lane_math.hpp).

#include "lane_math.hpp"

namespace tractive::detail {
namespace {

template <class T>
struct RelaxationWeightsOf {
    T phi, decay, end_weight;
};

template <class T>
RelaxationWeightsOf<T> relaxation_weights_of(T z) {
    using lane::splat;
    RelaxationWeightsOf<T> r{};
    r.decay = lane::exp(-z);
    // Series, each to its first neglected term below 1e-15 at z = 1e-3: phi = 1 - z/2 + z^2/6
    // - z^3/24 + ..., end_weight = z/6 - z^2/24 + z^3/120 - ... (the closed form's 1 - phi over z
    // cancels there).
    const auto short_step = z < 1e-3;
    T phi = splat<T>(0.0), end_weight = splat<T>(0.0);
    if (lane::any(short_step)) {
        phi = 1.0 - z / 2.0 + z * z / 6.0 - z * z * z / 24.0;
        end_weight = z / 6.0 - z * z / 24.0 + z * z * z / 120.0 - z * z * z * z / 720.0;
    }
    if (lane::any(!short_step)) {
        // 1 - e^-z as -expm1(-z): to rounding, where 1 - exp(-z) would lose 1e-13 relative and
        // end_weight's 1 - phi over z a thousand times that near z = 1e-3.
        const T one_minus_decay = -lane::expm1(-z);
        const T closed_phi = one_minus_decay / z;
        phi = lane::select(short_step, phi, closed_phi);
        end_weight = lane::select(short_step, end_weight, 0.5 - (1.0 - closed_phi) / z);
    }
    r.phi = phi;
    r.end_weight = end_weight;
    return r;
}

}  // namespace
}  // namespace tractive::detail
