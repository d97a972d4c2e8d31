#pragma once
// Unit quaternion for orientation: rotates body-frame vectors into the world frame.

#include <cmath>

#include "tractive/core/vec3.hpp"

namespace tractive {

struct Quat {
    double w = 1.0;
    double x = 0.0;
    double y = 0.0;
    double z = 0.0;
    friend bool operator==(const Quat&, const Quat&) = default;
};

inline Quat operator*(const Quat& a, const Quat& b) {
    return {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}

inline Quat normalized(const Quat& q) {
    const double n = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    return {q.w / n, q.x / n, q.y / n, q.z / n};
}

inline Quat axis_angle(const Vec3& unit_axis, double angle_rad) {
    const double s = std::sin(0.5 * angle_rad);
    return {std::cos(0.5 * angle_rad), unit_axis.x * s, unit_axis.y * s, unit_axis.z * s};
}

// Rotation matrix (body -> world).
inline Mat3 to_matrix(const Quat& q) {
    Mat3 r;
    const double xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
    const double xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
    const double wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
    r.m[0][0] = 1 - 2 * (yy + zz);
    r.m[0][1] = 2 * (xy - wz);
    r.m[0][2] = 2 * (xz + wy);
    r.m[1][0] = 2 * (xy + wz);
    r.m[1][1] = 1 - 2 * (xx + zz);
    r.m[1][2] = 2 * (yz - wx);
    r.m[2][0] = 2 * (xz - wy);
    r.m[2][1] = 2 * (yz + wx);
    r.m[2][2] = 1 - 2 * (xx + yy);
    return r;
}

// The unit quaternion of a rotation matrix (body -> world), by Shepperd's method: of 4 w^2,
// 4 x^2, 4 y^2, 4 z^2 (each 1 + a signed sum of the diagonal), the largest is taken from the
// diagonal and the other three components from the off-diagonal sums and differences, so the
// square root is never of a number near zero, whatever the rotation (Shepperd 1978, "Quaternion
// from rotation matrix", J. Guidance and Control 1(3)).
inline Quat from_matrix(const Mat3& r) {
    const double m00 = r.m[0][0], m11 = r.m[1][1], m22 = r.m[2][2];
    const double trace = m00 + m11 + m22;
    Quat q;
    if (trace >= m00 && trace >= m11 && trace >= m22) {
        const double s = 2.0 * std::sqrt(1.0 + trace);  // 4 w
        q = {0.25 * s, (r.m[2][1] - r.m[1][2]) / s, (r.m[0][2] - r.m[2][0]) / s, (r.m[1][0] - r.m[0][1]) / s};
    } else if (m00 >= m11 && m00 >= m22) {
        const double s = 2.0 * std::sqrt(1.0 + m00 - m11 - m22);  // 4 x
        q = {(r.m[2][1] - r.m[1][2]) / s, 0.25 * s, (r.m[0][1] + r.m[1][0]) / s, (r.m[0][2] + r.m[2][0]) / s};
    } else if (m11 >= m22) {
        const double s = 2.0 * std::sqrt(1.0 - m00 + m11 - m22);  // 4 y
        q = {(r.m[0][2] - r.m[2][0]) / s, (r.m[0][1] + r.m[1][0]) / s, 0.25 * s, (r.m[1][2] + r.m[2][1]) / s};
    } else {
        const double s = 2.0 * std::sqrt(1.0 - m00 - m11 + m22);  // 4 z
        q = {(r.m[1][0] - r.m[0][1]) / s, (r.m[0][2] + r.m[2][0]) / s, (r.m[1][2] + r.m[2][1]) / s, 0.25 * s};
    }
    return normalized(q.w < 0.0 ? Quat{-q.w, -q.x, -q.y, -q.z} : q);
}

// q advanced by world angular velocity w over h: q' = 0.5 [0, w] q (then renormalised).
inline Quat integrate(const Quat& q, const Vec3& w_world, double h) {
    const Quat dq{0.0, w_world.x, w_world.y, w_world.z};
    const Quat d = dq * q;
    return normalized(Quat{q.w + 0.5 * h * d.w, q.x + 0.5 * h * d.x, q.y + 0.5 * h * d.y, q.z + 0.5 * h * d.z});
}

// Yaw (about z), pitch (about y), roll (about x), ZYX convention, radians.
struct EulerAngles {
    double yaw = 0.0;
    double pitch = 0.0;
    double roll = 0.0;
};
// The yaw of euler_zyx alone (the same number), where the pitch and roll are not wanted.
inline double yaw_of(const Quat& q) { return std::atan2(2 * (q.w * q.z + q.x * q.y), 1 - 2 * (q.y * q.y + q.z * q.z)); }

inline EulerAngles euler_zyx(const Quat& q) {
    EulerAngles e;
    e.yaw = yaw_of(q);
    const double s = 2 * (q.w * q.y - q.z * q.x);
    e.pitch = std::asin(s > 1 ? 1 : (s < -1 ? -1 : s));
    e.roll = std::atan2(2 * (q.w * q.x + q.y * q.z), 1 - 2 * (q.x * q.x + q.y * q.y));
    return e;
}

}  // namespace tractive
