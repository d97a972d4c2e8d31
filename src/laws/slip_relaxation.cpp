#include "tractive/laws/slip_relaxation.hpp"

#include <cmath>

namespace tractive {

RelaxationWeights relaxation_weights(double z) {
    RelaxationWeights r;
    r.decay = std::exp(-z);
    if (z < 1e-3) {
        // Series, each to its first neglected term below 1e-15 at z = 1e-3: phi = 1 - z/2 + z^2/6
        // - z^3/24 + ..., end_weight = z/6 - z^2/24 + z^3/120 - ... (the closed form's 1 - phi
        // over z cancels there).
        r.phi = 1.0 - z / 2.0 + z * z / 6.0 - z * z * z / 24.0;
        r.end_weight = z / 6.0 - z * z / 24.0 + z * z * z / 120.0 - z * z * z * z / 720.0;
    } else {
        // 1 - e^-z as -expm1(-z): to rounding, where 1 - exp(-z) would lose 1e-13 relative and
        // end_weight's 1 - phi over z a thousand times that near z = 1e-3.
        const double one_minus_decay = -std::expm1(-z);
        r.phi = one_minus_decay / z;
        r.end_weight = 0.5 - (1.0 - r.phi) / z;
    }
    return r;
}

}  // namespace tractive
