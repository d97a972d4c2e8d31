#include "tractive/laws/slip_relaxation.hpp"

#include <cmath>

namespace tractive {

RelaxationWeights relaxation_weights(double z) {
    RelaxationWeights r;
    r.decay = std::exp(-z);
    if (z < 1e-3) {  // series: 1 - phi / z cancels
        r.phi = 1.0 - z / 2.0 + z * z / 6.0;
        r.end_weight = z / 6.0 - z * z / 24.0 + z * z * z / 120.0;
    } else {
        r.phi = (1.0 - r.decay) / z;  // (1 - e^-z loses at most 1e-13 relative for z >= 1e-3)
        r.end_weight = 0.5 - (1.0 - r.phi) / z;
    }
    return r;
}

}  // namespace tractive
