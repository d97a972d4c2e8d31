#include "chassis_correction.hpp"

#include <algorithm>
#include <span>

#include "chassis_implicit.hpp"

namespace tractive::detail {

void chassis_correction(const ChassisCorrectionInput& in, const VehicleState& s, Bodies& b) {
    const std::span<const CornerCoupling> points = in.body.couplings.span();
    bool coupled = !points.empty();
    const WheelFrames& f = in.frames;
    for (int i = 0; i < 4; ++i) coupled = coupled || f.chassis_stiffness[i] > 0.0 || f.chassis_damping[i] > 0.0;
    if (!coupled) return;
    std::array<CornerCoupling, 4 + 16> corners;
    for (int i = 0; i < 4; ++i) {
        const Vec3 normal = lane(f.normal, i);
        corners[i] = {in.rot * in.model.wheels[i].suspension_mount_m, normal, f.chassis_stiffness[i], f.chassis_damping[i],
                      dot(lane(f.surface_velocity, i), normal)};
    }
    std::copy(points.begin(), points.end(), corners.begin() + 4);
    const ChassisVelocityChange d =
        chassis_implicit_correction(inverse(b.inv_mass), in.rot * in.inertia_body * transpose(in.rot), std::span(corners.data(), 4 + points.size()),
                                    b.v, b.omega, s.velocity_m_per_s, s.angular_velocity_rad_per_s, in.h);
    b.v += d.linear_m_per_s;
    b.omega += d.angular_rad_per_s;
}

}  // namespace tractive::detail
