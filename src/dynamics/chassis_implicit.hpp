#pragma once
// The chassis' velocity change over one internal step with its suspension taken linearly
// implicitly (backward Euler on the suspension's stiffness and damping, linearised), so that a
// stiff corner (a car riding on its bump stops under downforce, a stiff single-seater) is stable
// and damped at any step instead of gaining energy from the explicit update.
//
// Corner i pushes on the chassis along the body's z axis at its mount r_i: its generalised
// direction is J_i = [z; r_i x z] (force, torque). Over the step the mount moves by h J_i^T u'
// (u' the chassis velocity after the step) and the corner's force changes by
//   dF_i = -K_i h J_i^T u' - C_i J_i^T (u' - u),
// with K_i, C_i the stiffness and damping the chassis feels through the corner while the wheel
// rests on the road: spring (and bump stop) in series with the tyre, K = k_s k_t / (k_s + k_t),
// and the damper through the same divider, C = c (k_t / (k_s + k_t))^2. With the explicit
// generalised force f (gravity, suspension at the step's start, aero, tyre normal components):
//   M (u' - u) = h f + h sum_i J_i dF_i
//   (M + sum_i (h^2 K_i + h C_i) J_i J_i^T) du = h f - h^2 sum_i K_i J_i (J_i^T u),
// a symmetric positive definite 6 x 6 system, solved by Cholesky. With no corner coupled
// (K = C = 0) it is the explicit update du = h M^-1 f.

#include <array>
#include <cmath>

#include "tractive/core/vec3.hpp"

namespace tractive::detail {

struct CornerCoupling {
    Vec3 mount_m;  // from the chassis origin, world axes
    double stiffness_n_per_m = 0.0;
    double damping_ns_per_m = 0.0;
};

struct ChassisVelocityChange {
    Vec3 linear_m_per_s;
    Vec3 angular_rad_per_s;
};

// inv_mass: the chassis' 3 x 3 inverse mass (world axes); inertia, inv_inertia: its inertia
// tensor and inverse (world axes); force, torque: the explicit generalised force; v, omega: the
// velocities at the start of the step.
inline ChassisVelocityChange chassis_velocity_change(const Mat3& inv_mass, const Mat3& inertia, const Mat3& inv_inertia,
                                                     const Vec3& body_z, const std::array<CornerCoupling, 4>& corners,
                                                     const Vec3& force, const Vec3& torque, const Vec3& v,
                                                     const Vec3& omega, double h) {
    bool coupled = false;
    for (const CornerCoupling& c : corners) coupled = coupled || c.stiffness_n_per_m > 0.0 || c.damping_ns_per_m > 0.0;
    if (!coupled) return {inv_mass * (force * h), inv_inertia * (torque * h)};

    // A = M + sum w_i J_i J_i^T (lower triangle used), rhs = h f - h^2 sum K_i J_i (J_i^T u).
    double a[6][6] = {};
    const Mat3 mass = inverse(inv_mass);
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            a[r][c] = mass.m[r][c];
            a[r + 3][c + 3] = inertia.m[r][c];
        }
    }
    double rhs[6] = {force.x * h, force.y * h, force.z * h, torque.x * h, torque.y * h, torque.z * h};
    for (const CornerCoupling& c : corners) {
        const double w = h * h * c.stiffness_n_per_m + h * c.damping_ns_per_m;
        if (!(w > 0.0)) continue;
        const Vec3 arm = cross(c.mount_m, body_z);
        const double j[6] = {body_z.x, body_z.y, body_z.z, arm.x, arm.y, arm.z};
        const double ju = dot(body_z, v) + dot(arm, omega);
        const double pull = h * h * c.stiffness_n_per_m * ju;
        for (int r = 0; r < 6; ++r) {
            rhs[r] -= pull * j[r];
            for (int k = 0; k <= r; ++k) a[r][k] += w * j[r] * j[k];
        }
    }
    // Cholesky A = L L^T in place (lower triangle), then forward and back substitution.
    for (int r = 0; r < 6; ++r) {
        for (int k = 0; k <= r; ++k) {
            double sum = a[r][k];
            for (int p = 0; p < k; ++p) sum -= a[r][p] * a[k][p];
            a[r][k] = r == k ? std::sqrt(sum) : sum / a[k][k];
        }
    }
    double y[6];
    for (int r = 0; r < 6; ++r) {
        double sum = rhs[r];
        for (int p = 0; p < r; ++p) sum -= a[r][p] * y[p];
        y[r] = sum / a[r][r];
    }
    double x[6];
    for (int r = 5; r >= 0; --r) {
        double sum = y[r];
        for (int p = r + 1; p < 6; ++p) sum -= a[p][r] * x[p];
        x[r] = sum / a[r][r];
    }
    return {Vec3{x[0], x[1], x[2]}, Vec3{x[3], x[4], x[5]}};
}

}  // namespace tractive::detail
