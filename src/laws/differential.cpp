#include "tractive/laws/differential.hpp"

#include <algorithm>
#include <cmath>

namespace tractive {

double differential_locking_torque_nm(const DifferentialSpec& d, double input_torque_nm) {
    switch (d.type) {
        case DifferentialType::Open: return 0.0;
        case DifferentialType::Locked: return std::numeric_limits<double>::infinity();
        case DifferentialType::LimitedSlip: break;
        case DifferentialType::Viscous: return d.anti_slip_nm;  // the cap on its torque
    }
    if (d.anti_slip_torque > 0.0) {
        double t = d.anti_slip_torque * std::abs(input_torque_nm);
        if (input_torque_nm < 0.0) t *= d.anti_slip_torque_deceleration_factor;
        return d.anti_slip_nm > 0.0 ? std::min(t, d.anti_slip_nm) : t;
    }
    return d.anti_slip_nm;
}

double differential_viscous_coefficient_nm_s_per_rad(const DifferentialSpec& d, double input_torque_nm) {
    if (d.type != DifferentialType::Viscous) return 0.0;
    double c = d.anti_slip_nm;
    if (d.anti_slip_torque > 0.0) c = d.anti_slip_torque * input_torque_nm;
    if (c < 0.0) c *= -d.anti_slip_torque_deceleration_factor;
    return std::max(c, 0.0);
}

}  // namespace tractive
