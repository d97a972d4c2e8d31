#pragma once
// Lateral slip relaxation over one step (docs/physics.md, "Slip relaxation"). The relaxed slip
// angle alpha' follows the kinematic one over the rolled distance, d alpha'/ds = (alpha -
// alpha') / sigma (sigma the relaxation length; Pacejka 2012, ch. 7). With alpha linear in time
// over the step (alpha_0 at its start, alpha_1 at the next step's) and z = h D / sigma (D the
// slip denominator, the rolling speed), the exact solution gives alpha' 's mean over the step,
// phi alpha'_0 + (1 - phi) alpha_0 + end_weight (alpha_1 - alpha_0), and its value at the step's
// end, e^-z alpha'_0 + (phi - e^-z) alpha_0 + (1 - phi) alpha_1, with phi = (1 - e^-z) / z and
// end_weight = 1/2 - (1 - phi) / z (z / 6 for a short step, 1/2 without relaxation).

namespace tractive {

struct RelaxationWeights {
    double phi = 1.0;
    double decay = 1.0;  // e^-z
    double end_weight = 0.0;
};

// z >= 0; below 1e-3 by their series (1 - phi / z cancels there).
RelaxationWeights relaxation_weights(double z);

}  // namespace tractive
