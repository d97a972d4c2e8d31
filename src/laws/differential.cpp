#include "tractive/laws/differential.hpp"

#include <algorithm>
#include <cmath>

namespace tractive {

double differential_locking_torque_nm(const DifferentialSpec& d, double input_torque_nm) {
    switch (d.type) {
        case DifferentialType::Open: return 0.0;
        case DifferentialType::Locked: return std::numeric_limits<double>::infinity();
        case DifferentialType::LimitedSlip: break;
        case DifferentialType::Viscous:  // the cap on its torque; 0 = none
            return d.locking_torque_limit_nm > 0.0 ? d.locking_torque_limit_nm : std::numeric_limits<double>::infinity();
    }
    if (d.torque_sensing_ratio > 0.0) {
        double t = d.torque_sensing_ratio * std::abs(input_torque_nm);
        if (input_torque_nm < 0.0) t *= d.torque_sensing_coast_factor;
        return d.locking_torque_limit_nm > 0.0 ? std::min(t, d.locking_torque_limit_nm) : t;
    }
    return d.locking_torque_limit_nm;
}

double differential_viscous_coefficient_nm_s_per_rad(const DifferentialSpec& d, double input_torque_nm) {
    if (d.type != DifferentialType::Viscous) return 0.0;
    double c = d.viscous_coefficient_nm_s_per_rad;
    if (d.torque_sensing_ratio > 0.0) c = d.torque_sensing_ratio * input_torque_nm;
    if (c < 0.0) c *= -d.torque_sensing_coast_factor;
    return std::max(c, 0.0);
}

}  // namespace tractive
