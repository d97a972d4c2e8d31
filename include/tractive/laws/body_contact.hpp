#pragma once
// The body's contact with the ground when it is not on its wheels: a roll-over, a crest or a kerb
// under the floor (docs/physics.md, "Body contact"). Each contact point is a compliant, damped,
// frictional contact:
//   normal    N = max(0, k d - c v_n): d the depth into the ground, v_n the point's speed along
//             the ground's normal (+ = leaving), k and c per point from the car's weight (below);
//   friction  Coulomb, |F_t| = min(mu N, m_t |v_t| / h) against the sliding velocity v_t: at most
//             the force that stops the point's sliding within the step (m_t its effective mass
//             along v_t), so friction slows a sliding body to rest and never drives it back.

namespace tractive {

// Body panel on asphalt: a steel or plastic shell sliding on the road (0.5, Hutchins and others'
// measurements of cars sliding on their sides and roofs, used in accident reconstruction: 0.3-0.6).
inline constexpr double kBodyFrictionCoefficient = 0.5;

// The contact's stiffness and damping per point: the car resting on four points sinks 10 mm,
// critically damped on a quarter of its mass: k = m g / (4 x 0.01 m), c = 2 sqrt(k m / 4).
struct BodyContactLaw {
    double stiffness_n_per_m = 0.0;
    double damping_ns_per_m = 0.0;
};
BodyContactLaw body_contact_law(double mass_kg);

// N (>= 0) at depth d (> 0: into the ground) and normal speed v_n (+ = leaving the ground).
double body_contact_normal_n(const BodyContactLaw& law, double depth_m, double normal_speed_m_per_s);

// |F_t| against sliding speed v_t (>= 0) for friction coefficient mu, normal force N, the point's
// effective mass along the sliding direction and the step h.
double body_contact_friction_n(double mu, double normal_n, double sliding_speed_m_per_s, double effective_mass_kg, double h_s);

}  // namespace tractive
