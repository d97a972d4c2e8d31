#include "tractive/laws/clutch.hpp"

#include <algorithm>
#include <cmath>

namespace tractive {

double clutch_disc_travel(const ClutchPedalZones& zones, double pedal_travel) {
    const double pedal = std::clamp(pedal_travel, 0.0, 1.0);
    const double into_working = (pedal - zones.free_play) / zones.working_range;
    return std::clamp(1.0 - into_working, 0.0, 1.0);
}

double clutch_clamp_force_n(const ClutchSpec& c, double disc_travel) {
    const double x = std::clamp(disc_travel, 0.0, 1.0);
    const double p = c.clamp_force_travel_factor;
    const double gamma = c.clamp_force_exponent;
    return c.max_force_n * (1.0 - std::pow(1.0 - p * x, gamma)) / (1.0 - std::pow(1.0 - p, gamma));
}

double clutch_friction_coefficient(const ClutchSpec& c, double slip_speed_rad_per_s) {
    const double w = std::abs(slip_speed_rad_per_s);
    return c.mu_static + (c.mu_dynamic - c.mu_static) * std::tanh(c.slip_coefficient_s_per_m * w * c.equivalent_radius_m);
}

double clutch_torque_capacity_nm(const ClutchSpec& c, double disc_travel, double slip_speed_rad_per_s) {
    const double x = std::clamp(disc_travel, 0.0, 1.0);
    if (c.model == ClutchModel::PedalForce) {
        return c.face_count * clutch_friction_coefficient(c, slip_speed_rad_per_s) * c.equivalent_radius_m *
               clutch_clamp_force_n(c, x);
    }
    return x * c.sliding_friction * c.radius_m * c.area_m2 * c.max_pressure_pa;
}

double clutch_static_capacity_nm(const ClutchSpec& c) { return clutch_torque_capacity_nm(c, 1.0, 0.0); }

}  // namespace tractive
