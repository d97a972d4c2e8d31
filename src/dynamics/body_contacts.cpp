#include "body_contacts.hpp"

#include <cmath>
#include <optional>
#include <span>

#include "tractive/laws/body_contact.hpp"

namespace tractive::detail {

void body_contacts(const BodyContactInput& in, const VehicleState& s, Vec3& force, Vec3& torque, BodyContacts& out) {
    const VehicleModel& m = in.model;
    const Mat3& rot = in.rot;
    // The touching points first: their friction shares the stopping of the body between them.
    struct Touch {
        Vec3 arm, normal, surface_velocity;
        double depth, friction_factor;
    };
    FixedList<Touch, kMaxBodyContacts> touching;
    // On a ground that is one plane (Ground::plane), every point's height above it at once, in
    // the body's axes: (x + R p - c) . n = (x - c) . n + p . (R^T n). None within its radius of
    // the plane: none touches (what spheres_clear would find from the world positions), and
    // none is turned into world axes. Else the points are asked as on any ground, below.
    if (const std::optional<GroundPlane> plane = in.ground.plane()) {
        const Vec3 plane_normal_body = transpose(rot) * plane->normal;
        const double origin_height = dot(s.position_m - plane->point_m, plane->normal);
        // Upright, the centres' lowest height bounded from the model first (VehicleModel::
        // body_contact_lowest_z_m): the car well above the plane, by more than the largest radius,
        // none is looked at. (The margin covers the rounding of the bound and of each centre's
        // height, some 1e-15 m.)
        constexpr double kRoundingMargin_m = 1e-9;
        const Vec3& n = plane_normal_body;
        const double lowest = origin_height + n.z * m.body_contact_lowest_z_m - m.body_contact_reach_m * std::sqrt(n.x * n.x + n.y * n.y);
        if (n.z > 0.0 && lowest >= m.body_contact_largest_radius_m + kRoundingMargin_m) return;
        bool clear = true;
        for (std::size_t k = 0; k < m.body_contact_count && clear; ++k) {
            clear = !(m.body_contact_radius_m[k] - (origin_height + dot(m.body_contact_m[k], plane_normal_body)) > 0.0);
        }
        if (clear) return;
    }
    // On its four wheels and upright, a sphere whose bottom is more than 0.4 m above the plane of
    // the tyres' contacts (the roof's, in normal driving) cannot reach the ground between them:
    // not asked.
    bool on_wheels = true;
    Vec3 plane_point{}, plane_normal{};
    for (int i = 0; i < 4; ++i) {
        on_wheels = on_wheels && in.frames.fz[i] > 0.0;
        plane_point += lane(in.frames.contact, i) * 0.25;
        plane_normal += lane(in.frames.normal, i) * 0.25;
    }
    on_wheels = on_wheels && dot(plane_normal, in.body_z) > 0.7;
    // The points to ask about, and the ground asked first whether it can tell at once that none
    // touches (Ground::spheres_clear: a car on its wheels on a road or over a field).
    // (A point's height above the plane, (x + R p - c) . n, as (x - c) . n + p . (R^T n): the
    // points not asked are not turned into world axes.)
    const Vec3 normal_body = transpose(rot) * plane_normal;
    const double origin_height = dot(s.position_m - plane_point, plane_normal);
    FixedList<Vec3, kMaxBodyContacts> centres;
    std::array<std::size_t, kMaxBodyContacts> point;  // (no initialiser: the first centres.size() are set)
    for (std::size_t k = 0; k < m.body_contact_count; ++k) {
        if (on_wheels && origin_height + dot(m.body_contact_m[k], normal_body) - m.body_contact_radius_m[k] > 0.4) continue;
        point[centres.size()] = k;
        centres.add(s.position_m + rot * m.body_contact_m[k]);
    }
    // (Asked with the largest radius: none of that size touching, none of its own does.)
    if (centres.empty() || in.ground.spheres_clear(centres.span(), m.body_contact_largest_radius_m)) return;
    for (std::size_t k = 0; k < centres.size(); ++k) {
        WheelProbe probe;
        probe.hub_m = centres[k];
        // A sphere, not a wheel: no axle, so that a mesh or heightfield carries the point from
        // every side. (With the body's y axis as its axle, a car on its side had its points' contacts
        // taken as beside a tread and dropped, and sank through the ground: random driving on
        // rough ground, e.g. seed 121902.)
        probe.axle = Vec3{};
        probe.up = in.body_z;
        probe.radius_m = m.body_contact_radius_m[point[k]];
        const GroundContact c = in.ground.wheel_contact(probe);
        const double depth = probe.radius_m - c.hub_height_m;
        // The sphere meets the ground where the surface is below its centre: its friction and
        // its velocity there (a large sphere's centre lies well inside the body).
        const Vec3 arm = rot * m.body_contact_m[point[k]] - c.normal * c.hub_height_m;
        if (c.found && depth > 0.0) touching.add({arm, c.normal, c.surface_velocity_m_per_s, depth, c.friction_factor});
    }
    if (touching.empty()) return;
    const BodyContactLaw law = body_contact_law(in.masses.mass_kg);
    const Mat3 inv_inertia = rot * inverse(in.masses.inertia_body_kgm2) * transpose(rot);
    const double n = static_cast<double>(touching.size());
    for (const Touch& t : touching.span()) {
        const Vec3 v_point = s.velocity_m_per_s + cross(s.angular_velocity_rad_per_s, t.arm) - t.surface_velocity;
        const double v_n = dot(v_point, t.normal);
        const double normal_n = body_contact_normal_n(law, t.depth, v_n);
        Vec3 f = t.normal * normal_n;
        const Vec3 v_t = v_point - t.normal * v_n;
        const double sliding = norm(v_t);
        if (sliding > 0.0 && normal_n > 0.0) {
            // The point's effective mass along its sliding, shared by the n touching points.
            const Vec3 dir = v_t / sliding;
            const Vec3 rt = cross(t.arm, dir);
            const double effective_mass = 1.0 / (1.0 / in.masses.mass_kg + dot(rt, inv_inertia * rt)) / n;
            f += dir * -body_contact_friction_n(kBodyFrictionCoefficient * t.friction_factor, normal_n, sliding, effective_mass, in.h);
        }
        force += f;
        torque += cross(t.arm, f);
        out.couplings.add({t.arm, t.normal, law.stiffness_n_per_m, law.damping_ns_per_m, dot(t.surface_velocity, t.normal)});
    }
}

}  // namespace tractive::detail
