// The aerodynamics phase of the step (aerodynamics.hpp).

#include "aerodynamics.hpp"

#include <algorithm>
#include <cmath>

#include "tractive/laws/aero.hpp"

namespace tractive::detail {

void aerodynamics(const AerodynamicsInput& in, const VehicleState& s, Vec3& force, Vec3& torque) {
    const VehicleModel& m = in.model;
    const VehicleSpec& spec = m.spec;
    const Mat3& rot = in.rot;
    const Vec3& body_x = in.body_x;
    const Vec3& body_z = in.body_z;
    const double v_forward = dot(s.velocity_m_per_s, body_x);
    const double air_speed = norm(s.velocity_m_per_s);
    for (std::size_t k = 0; k < m.aero_count; ++k) {
        const AeroForce a = aero_force(spec.aero[k], kSeaLevelAirDensity_kg_per_m3, air_speed);
        const AeroForce lift = aero_force(spec.aero[k], kSeaLevelAirDensity_kg_per_m3, std::max(v_forward, 0.0));
        Vec3 fa = body_z * lift.lift_n;
        if (air_speed > 0.0) fa += s.velocity_m_per_s * (-a.drag_n / air_speed);
        force += fa;
        torque += cross(rot * m.aero_position_m[k], fa);
    }
}

}  // namespace tractive::detail
