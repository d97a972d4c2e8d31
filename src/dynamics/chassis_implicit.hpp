#pragma once
// The chassis' suspension taken linearly implicitly (backward Euler on its stiffness and
// damping, linearised), so that a light, stiff or heavily damped car (a 140 kg kart, whose roll
// damping alone would need h < 2 ms explicitly; a car riding on its bump stops under downforce)
// is stable and damped at any step instead of gaining energy from the explicit update.
//
// The body's contact points (laws/body_contact.hpp) join the same way while they touch: their
// spring and damper act straight along the ground's normal at the point.
//
// Corner i pushes on the chassis at its mount r_i, along the body's z axis, and its spring is
// compressed as the mount moves along the ground's normal n_i under its wheel (the wheel rests on the ground; the body's
// own forward speed along a pitched z axis compresses nothing). Within the small angle between
// the two, J_i = [n; r_i x n] serves both (symmetric). Over the step the mount moves by
// h J_i^T u' (u' the chassis velocity after the step) and the corner's force changes by
//   dF_i = -K_i h J_i^T u' - C_i J_i^T (u' - u),
// with K_i, C_i the stiffness and damping the chassis feels through the corner while the wheel
// rests on the road: spring (and bump stop) in series with the tyre, K = k_s k_t / (k_s + k_t),
// and the damper through the same divider, C = c (k_t / (k_s + k_t))^2.
// The step's explicit update and the row solve give u* = u + M^-1 (h f + R) (f the explicit
// generalised force, R the rows' impulses); the implicit terms then correct it by D = u' - u*:
//   M D = h sum_i J_i dF_i
//   (M + sum_i (h^2 K_i + h C_i) J_i J_i^T) D = -sum_i J_i (h^2 K_i J_i^T u* + h C_i J_i^T (u* - u)),
// a symmetric positive definite 6 x 6 system, solved by Cholesky. A correction after the rows,
// not a different mass in the explicit update: in a steady state (u* = u, mounts not moving) it
// is zero, so equilibria (a parked car, steady cornering) are exactly those of the explicit step.

#include <array>
#include <cmath>
#include <span>

#include "tractive/core/vec3.hpp"

namespace tractive::detail {

struct CornerCoupling {
    Vec3 mount_m;  // from the chassis origin, world axes
    Vec3 normal;   // unit, the ground's normal under the corner's wheel
    double stiffness_n_per_m = 0.0;
    double damping_ns_per_m = 0.0;
    double surface_speed_m_per_s = 0.0;  // the ground's own speed along normal (a platform): the mount moves relative to it
};

struct ChassisVelocityChange {
    Vec3 linear_m_per_s;
    Vec3 angular_rad_per_s;
};

// mass, inertia: the chassis' 3 x 3 mass (the inverse of the step's inverse mass, which carries
// only the sprung mass along z) and inertia tensor, world axes; u_after: u* (v, omega after the
// rows); v, omega: the velocities at the start of the step.
inline ChassisVelocityChange chassis_implicit_correction(const Mat3& mass, const Mat3& inertia,
                                                         std::span<const CornerCoupling> corners,
                                                         const Vec3& v_after, const Vec3& omega_after, const Vec3& v,
                                                         const Vec3& omega, double h) {
    double a[6][6] = {};
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            a[r][c] = mass.m[r][c];
            a[r + 3][c + 3] = inertia.m[r][c];
        }
    }
    double rhs[6] = {};
    for (const CornerCoupling& c : corners) {
        const double w = h * h * c.stiffness_n_per_m + h * c.damping_ns_per_m;
        if (!(w > 0.0)) continue;
        const Vec3& normal = c.normal;
        const Vec3 arm = cross(c.mount_m, normal);
        const double j[6] = {normal.x, normal.y, normal.z, arm.x, arm.y, arm.z};
        const double ju_world = dot(normal, v_after) + dot(arm, omega_after);
        const double ju_change = ju_world - dot(normal, v) - dot(arm, omega);  // (a steady platform's speed cancels here)
        const double ju_after = ju_world - c.surface_speed_m_per_s;            // relative to the ground
        const double pull = h * h * c.stiffness_n_per_m * ju_after + h * c.damping_ns_per_m * ju_change;
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
