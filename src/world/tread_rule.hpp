#pragma once
// The tread rule every ground applies to a wheel's contact (private to world/; docs/physics.md,
// "Body contact"): a direction more than 45 degrees out of the wheel's plane is beside the tread,
// not under it: |d . axle| > cos 45 deg. Never for a body point, whose axle is zero.

#include <cmath>

#include "tractive/core/vec3.hpp"

namespace tractive::detail {

inline bool beside_tread(const Vec3& direction, const Vec3& axle) {
    constexpr double kCos45 = 0.70710678118654752440;  // sqrt(0.5)
    return std::abs(dot(direction, axle)) > kCos45;
}

}  // namespace tractive::detail
