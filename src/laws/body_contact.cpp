#include "tractive/laws/body_contact.hpp"

#include <algorithm>
#include <cmath>

#include "tractive/spec/mass_properties.hpp"

namespace tractive {

namespace {
constexpr double kRestingDepth_m = 0.01;  // on four points
}  // namespace

BodyContactLaw body_contact_law(double mass_kg) {
    const double k = mass_kg * kStandardGravity_m_per_s2 / (4.0 * kRestingDepth_m);
    return {k, 2.0 * std::sqrt(k * 0.25 * mass_kg)};
}

double body_contact_normal_n(const BodyContactLaw& law, double depth_m, double normal_speed_m_per_s) {
    if (!(depth_m > 0.0)) return 0.0;
    return std::max(0.0, law.stiffness_n_per_m * depth_m - law.damping_ns_per_m * normal_speed_m_per_s);
}

double body_contact_friction_n(double mu, double normal_n, double sliding_speed_m_per_s, double effective_mass_kg, double h_s) {
    if (!(normal_n > 0.0) || !(sliding_speed_m_per_s > 0.0)) return 0.0;
    return std::min(mu * normal_n, effective_mass_kg * sliding_speed_m_per_s / h_s);
}

}  // namespace tractive
