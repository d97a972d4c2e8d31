#include "tractive/laws/aero.hpp"

#include <cmath>

namespace tractive {

double drag_area_m2(std::span<const AeroDeviceSpec> devices) {
    double sum = 0.0;
    for (const auto& d : devices) sum += d.drag_coefficient * d.frontal_area_m2;
    return sum;
}

AeroForce aero_force(const AeroDeviceSpec& d, double rho, double v) {
    const double q = 0.5 * rho * v * v;
    AeroForce f;
    f.lift_n = q * d.lift_coefficient * d.surface_area_m2;
    const double induced = std::abs(d.lift_coefficient) * (1.0 - d.lift_efficiency) * std::abs(f.lift_n);
    f.drag_n = q * d.drag_coefficient * d.frontal_area_m2 + induced;
    return f;
}

}  // namespace tractive
