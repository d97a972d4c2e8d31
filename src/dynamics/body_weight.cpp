// The step's body-weight phase (body_weight.hpp).

#include "body_weight.hpp"

namespace tractive::detail {

BodyWeight body_weight(const BodyWeightInput& in, const VehicleState& s) {
    const VehicleModel& m = in.model;
    const Mat3& rot = in.rot;
    const Vec3& body_z = in.body_z;
    const Vec3& g_vec = in.g_vec;
    const double sprung_mass = in.masses.sprung_mass_kg;
    const Vec3& sprung_cg = in.masses.sprung_cg_m;
    BodyWeight out;
    Vec3& force = out.force_n;
    Vec3& torque = out.torque_nm;
    force = g_vec * sprung_mass;
    torque = cross(rot * sprung_cg, g_vec * sprung_mass);
    // The wheels' weight across the body's z axis is carried by the body (they move with it
    // sideways and lengthways); along z it acts on the wheels' own travel.
    const Vec3 g_across = g_vec - body_z * dot(g_vec, body_z);
    // Wheel mounts (hubs at design ride height) from the body origin, world axes: used here, for
    // the suspension forces and again for the travel integration (with this step's rotation).
    const VehicleModel::WheelsSideBySide& across = m.wheels_side_by_side;
    out.mount_rel = rot * Vec3Lanes{lanes_of(across.design_position_x_m), lanes_of(across.design_position_y_m), lanes_of(across.design_position_z_m)};
    {
        // sum_i r_i x (m_i g) = (sum_i m_i r_i) x g.
        Vec3 moment_arm;
        for (int i = 0; i < 4; ++i) moment_arm += lane(out.mount_rel, i) * m.wheels[i].unsprung_mass_kg;
        force += g_across * m.unsprung_mass_kg;
        torque += cross(moment_arm, g_across);
    }
    out.anti_roll_travel_m = {s.wheels[FL].travel_m - s.wheels[FR].travel_m, s.wheels[RL].travel_m - s.wheels[RR].travel_m};
    return out;
}

}  // namespace tractive::detail
