#include "tractive/spec/mass_properties.hpp"

#include <vector>

namespace tractive {

namespace {

struct Particle {
    double mass_kg;
    Vec3 position_m;
};

std::vector<Particle> particles(const VehicleSpec& spec, double fuel_volume_m3) {
    std::vector<Particle> out;
    out.reserve(spec.masses.size() + 5);
    for (const auto& m : spec.masses) out.push_back({m.mass_kg, m.position_m});
    const double volume = fuel_volume_m3 < 0.0 ? spec.fuel_tank.volume_m3 : fuel_volume_m3;
    const double fuel_mass = volume * spec.fuel_tank.density_kg_per_m3;
    if (fuel_mass > 0.0) out.push_back({fuel_mass, spec.fuel_tank.position_m});
    for (const auto& w : spec.wheels) out.push_back({w.mass_kg, w.position_m});
    return out;
}

}  // namespace

void add_point_inertia(Mat3& inertia, double mass, const Vec3& r) {
    const double rr = dot(r, r);
    const double c[3] = {r.x, r.y, r.z};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) inertia.m[i][j] += mass * ((i == j ? rr : 0.0) - c[i] * c[j]);
}

MassProperties mass_properties(const VehicleSpec& spec, double fuel_volume_m3) {
    MassProperties out;
    const auto ps = particles(spec, fuel_volume_m3);
    Vec3 moment;
    for (const auto& p : ps) {
        out.mass_kg += p.mass_kg;
        moment += p.position_m * p.mass_kg;
    }
    if (out.mass_kg <= 0.0) return out;
    out.cg_m = moment / out.mass_kg;
    for (const auto& p : ps) add_point_inertia(out.inertia_kgm2, p.mass_kg, p.position_m - out.cg_m);
    return out;
}

StaticWheelLoads static_wheel_loads(const VehicleSpec& spec, const MassProperties& mass,
                                    double gravity_m_per_s2) {
    StaticWheelLoads out;
    const auto& w = spec.wheels;
    const double weight = mass.mass_kg * gravity_m_per_s2;
    const double x_front = 0.5 * (w[FL].position_m.x + w[FR].position_m.x);
    const double x_rear = 0.5 * (w[RL].position_m.x + w[RR].position_m.x);
    const double wheelbase = x_front - x_rear;
    out.front_axle_fraction = (mass.cg_m.x - x_rear) / wheelbase;
    const double axle_load[2] = {weight * out.front_axle_fraction, weight * (1.0 - out.front_axle_fraction)};
    const int left[2] = {FL, RL};
    const int right[2] = {FR, RR};
    for (int axle = 0; axle < 2; ++axle) {
        const double y_left = w[left[axle]].position_m.y;
        const double y_right = w[right[axle]].position_m.y;
        const double left_fraction = (mass.cg_m.y - y_right) / (y_left - y_right);
        out.load_n[left[axle]] = axle_load[axle] * left_fraction;
        out.load_n[right[axle]] = axle_load[axle] * (1.0 - left_fraction);
    }
    return out;
}

}  // namespace tractive
