#pragma once
// Lane operations: code written once over its number type T runs for one number (T = double, a
// mask a bool) or for four side by side (T = Lanes4, a mask a Mask4), with each lane's bits as
// one number's (the step's solve, row_solver.hpp; its wheels' frames and the contact and tyre
// phases, wheel_frame.hpp).

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "tractive/core/vec3.hpp"
#if !defined(__AVX__)
#include "lanes4_halves.hpp"  // Lanes4 and Mask4 without 32-byte vectors
#endif

// GCC warns that passing a vector of four doubles (Lanes4 below) by value without AVX differs
// from passing it with AVX (-Wpsabi). Every function here is inline, and the library's copies
// compiled for x86-64-v3 and v4 are local to it (core/step_copies.hpp): no call crosses from one to the
// other. (So the two kinds of Lanes4, one in each, never meet either.)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace tractive::detail {

// One number's forms of the lane operations (Lanes4 below gives four's): a mask is a bool,
// where() the branch it stands for.
inline double clamp_to(double x, double lo, double hi) { return x < lo ? lo : (x > hi ? hi : x); }
inline double clamp_between(double x, double lo, double hi) { return std::clamp(x, lo, hi); }
inline bool both(bool a, bool b) { return a && b; }
inline bool either(bool a, bool b) { return a || b; }
inline bool and_not(bool a, bool b) { return a && !b; }
inline bool neither(bool a, bool b) { return !a && !b; }
inline bool any(bool mask) { return mask; }
inline bool is_nan_of(double x) { return std::isnan(x); }
inline double sqrt_of(double x) { return std::sqrt(x); }
template <class T>
T where(bool mask, const T& a, const T& b) {
    return mask ? a : b;
}
// x as computed: no multiplication fused into a multiply-add across it, where the code is built
// with FMA (the step's x86-64-v3 copy), so that a value chosen by where() rounds the same for one
// car (where the choice is a branch) and for four (where it is a select, which no fusion
// crosses). Without FMA nothing is fused, and it is x.
template <class T>
inline T settled(T x) {
#if defined(__FMA__)
    asm("" : "+x"(x));
#endif
    return x;
}

// Four numbers side by side: four cars' in the solves of a group of four (row_lanes.hpp), a car's
// four wheels' in its frames (wheel_frame.hpp) and the phases that fill and read them. Every
// operation is the scalar one's, lane by lane: the same IEEE operations, so each lane's numbers
// come out with the bits they have alone. With AVX (the step's x86-64-v3 copy) GCC's vector of
// four doubles, one register; without (the baseline build, SSE2, or another processor), two
// halves of two lanes (lanes4_halves.hpp).
#if defined(__AVX__)
using Lanes4 = double __attribute__((vector_size(32)));
using Mask4 = decltype(Lanes4{} < Lanes4{});  // all ones in a lane where true
inline Lanes4 where(Mask4 mask, Lanes4 a, Lanes4 b) { return mask ? a : b; }
inline bool any(Mask4 mask) { return (mask[0] | mask[1] | mask[2] | mask[3]) != 0; }
inline Lanes4 abs_of(Lanes4 x) {  // std::abs: the sign bit cleared
    return reinterpret_cast<Lanes4>(reinterpret_cast<Mask4>(x) & ~reinterpret_cast<Mask4>(Lanes4{-0.0, -0.0, -0.0, -0.0}));
}
// Lane i: x[i - 1] (lane 0: x[0]); one permutation.
inline Lanes4 lanes_shifted_up(Lanes4 x) {
#if defined(__clang__)
    return __builtin_shufflevector(x, x, 0, 0, 1, 2);
#else
    return __builtin_shuffle(x, Mask4{0, 0, 1, 2});
#endif
}
#endif
inline Lanes4 clamp_to(Lanes4 x, Lanes4 lo, Lanes4 hi) { return where(x < lo, lo, where(x > hi, hi, x)); }
inline Lanes4 splat(double x) { return Lanes4{x, x, x, x}; }  // x in every lane (its sign of zero too)
// std::clamp(v, lo, hi) where v is finite, else 0, lane by lane (the same comparisons): a
// control's four pedals or shares taken into their ranges at once.
inline Lanes4 clamp_or_zero(Lanes4 v, Lanes4 lo, Lanes4 hi) {
    return where(abs_of(v) <= std::numeric_limits<double>::max(), clamp_to(v, lo, hi), Lanes4{});
}
// A DriverInput's or a Controls' throttle, brake, clutch (0..1) and steering (-1..1), `from`'s
// taken into their ranges side by side by clamp_or_zero, into `p`.
template <class Pedals>
void pedals_in_range(const Pedals& from, Pedals& p) {
    const Lanes4 in_range =
        clamp_or_zero(Lanes4{from.throttle, from.brake, from.clutch, from.steering}, Lanes4{0.0, 0.0, 0.0, -1.0}, splat(1.0));
    p.throttle = in_range[0];
    p.brake = in_range[1];
    p.clutch = in_range[2];
    p.steering = in_range[3];
}
inline Lanes4 clamp_between(Lanes4 x, double lo, double hi) {  // std::clamp
    return where(x < lo, splat(lo), where(hi < x, splat(hi), x));
}
inline Mask4 both(Mask4 a, Mask4 b) { return a & b; }
inline Mask4 either(Mask4 a, Mask4 b) { return a | b; }
inline Mask4 and_not(Mask4 a, Mask4 b) { return a & ~b; }
inline Mask4 neither(Mask4 a, Mask4 b) { return ~(a | b); }
inline Mask4 is_nan_of(Lanes4 x) { return x != x; }
inline Lanes4 sqrt_of(Lanes4 x) { return Lanes4{std::sqrt(x[0]), std::sqrt(x[1]), std::sqrt(x[2]), std::sqrt(x[3])}; }

inline Lanes4 min_of(Lanes4 a, Lanes4 b) { return where(b < a, b, a); }  // std::min, lane by lane
inline Lanes4 max_of(Lanes4 a, Lanes4 b) { return where(a < b, b, a); }  // std::max, lane by lane
inline Mask4 lanes_of(const std::array<bool, 4>& b) { return Mask4{-b[0], -b[1], -b[2], -b[3]}; }
// A mask as bits, bit i lane i.
inline unsigned bits_of(Mask4 m) {
    return static_cast<unsigned>((m[0] & 1) | (m[1] & 2) | (m[2] & 4) | (m[3] & 8));
}
// Lane i: value_of(i), i = 0 to 3.
template <class F>
inline Lanes4 lanes_from(F&& value_of) {
    return Lanes4{value_of(0), value_of(1), value_of(2), value_of(3)};
}
// Four values as an array and back (one store, one load).
inline std::array<double, 4> array_of(Lanes4 x) { return {x[0], x[1], x[2], x[3]}; }
inline Lanes4 lanes_of(const std::array<double, 4>& a) { return Lanes4{a[0], a[1], a[2], a[3]}; }

// Four 3-vectors side by side: vec3.hpp's operations, operation for operation.
struct Vec3Lanes {
    Lanes4 x, y, z;

    Vec3Lanes operator+(const Vec3Lanes& o) const { return {x + o.x, y + o.y, z + o.z}; }
    Vec3Lanes operator-(const Vec3Lanes& o) const { return {x - o.x, y - o.y, z - o.z}; }
    Vec3Lanes operator*(Lanes4 s) const { return {x * s, y * s, z * s}; }
    Vec3Lanes& operator+=(const Vec3Lanes& o) {
        x += o.x;
        y += o.y;
        z += o.z;
        return *this;
    }
};
inline Lanes4 dot(const Vec3Lanes& a, const Vec3Lanes& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Vec3Lanes cross(const Vec3Lanes& a, const Vec3Lanes& b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
// One vector in every lane.
inline Vec3Lanes broadcast(const Vec3& v) { return {splat(v.x), splat(v.y), splat(v.z)}; }
// Lane i: v[i].
inline Vec3Lanes lanes_of(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
    return {Lanes4{a.x, b.x, c.x, d.x}, Lanes4{a.y, b.y, c.y, d.y}, Lanes4{a.z, b.z, c.z, d.z}};
}
template <class F>
inline Vec3Lanes vec3_lanes_from(F&& value_of) {
    return lanes_of(value_of(0), value_of(1), value_of(2), value_of(3));
}
inline Vec3 lane(const Vec3Lanes& v, int i) { return {v.x[i], v.y[i], v.z[i]}; }
// A matrix (the same in every lane) times each lane's vector, as vec3.hpp's Mat3 * Vec3.
inline Vec3Lanes operator*(const Mat3& a, const Vec3Lanes& v) {
    return {a.m[0][0] * v.x + a.m[0][1] * v.y + a.m[0][2] * v.z, a.m[1][0] * v.x + a.m[1][1] * v.y + a.m[1][2] * v.z,
            a.m[2][0] * v.x + a.m[2][1] * v.y + a.m[2][2] * v.z};
}
// vec3.hpp's normalized: v / |v|, or v where |v| is not positive.
inline Vec3Lanes normalized(const Vec3Lanes& v) {
    const Lanes4 n = sqrt_of(dot(v, v));
    const Mask4 positive = n > 0.0;
    return {where(positive, v.x / n, v.x), where(positive, v.y / n, v.y), where(positive, v.z / n, v.z)};
}

}  // namespace tractive::detail

#pragma GCC diagnostic pop
