#include "tractive/laws/slip_relaxation.hpp"

#include "slip_relaxation_lanes.hpp"

namespace tractive {

RelaxationWeights relaxation_weights(double z) {
    const detail::RelaxationWeightsOf<double> w = detail::relaxation_weights_of(z);
    RelaxationWeights r;
    r.phi = w.phi;
    r.decay = w.decay;
    r.end_weight = w.end_weight;
    return r;
}

}  // namespace tractive
