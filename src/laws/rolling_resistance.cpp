#include "tractive/laws/rolling_resistance.hpp"

#include <cmath>

namespace tractive {

double rolling_resistance_coefficient(const RollingResistanceSpec& rr, double speed_m_per_s) {
    const double v = std::abs(speed_m_per_s);
    if (rr.form == RollingResistanceForm::Speed) {
        return rr.constant + rr.speed_coefficient_s_per_km * 1e-3 * v;
    }
    return rr.constant + rr.v2_coefficient_s2_per_m2 * v * v;
}

}  // namespace tractive
