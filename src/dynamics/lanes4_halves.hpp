#pragma once
// Lanes4 and Mask4 (lanes4.hpp) where the processor has no 32-byte vectors (the baseline x86-64
// build, SSE2; a non-x86 build): each two halves of two lanes, GCC vectors of 16 bytes, which the
// compiler keeps in registers and whose selects are masks (and, and-not, or). GCC's own 32-byte
// vector on SSE2 is split through memory, and its selects become a compare and a branch per lane:
// the step's baseline code took 17 % more time with it than with these (docs/performance.md). The
// same operations as the 32-byte vector's, lane by lane: each lane's numbers have the bits one
// number's code gives them.
// (Included by lanes4.hpp only.)

#include <type_traits>

namespace tractive::detail {

namespace lanes4_halves {
using Numbers = double __attribute__((vector_size(16)));
using Mask = decltype(Numbers{} < Numbers{});
}  // namespace lanes4_halves

// All ones in a lane where true.
struct Mask4 {
    using Half = lanes4_halves::Mask;
    using Element = std::remove_cvref_t<decltype(Half{}[0])>;
    Half lo, hi;

    Mask4() = default;  // (Mask4{}: all false)
    Mask4(Element a, Element b, Element c, Element d) : lo{a, b}, hi{c, d} {}
    Mask4(Half low, Half high) : lo(low), hi(high) {}
    // Lane i (GCC lets a vector's element type alias it).
    Element& operator[](int i) { return reinterpret_cast<Element*>(this)[i]; }
    Element operator[](int i) const { return i < 2 ? lo[i] : hi[i - 2]; }
};

inline Mask4 operator&(Mask4 a, Mask4 b) { return {a.lo & b.lo, a.hi & b.hi}; }
inline Mask4 operator|(Mask4 a, Mask4 b) { return {a.lo | b.lo, a.hi | b.hi}; }
inline Mask4 operator~(Mask4 a) { return {~a.lo, ~a.hi}; }
inline Mask4 operator==(Mask4 a, Mask4 b) { return {a.lo == b.lo, a.hi == b.hi}; }
inline Mask4 operator!=(Mask4 a, Mask4 b) { return {a.lo != b.lo, a.hi != b.hi}; }

struct Lanes4 {
    using Half = lanes4_halves::Numbers;
    Half lo, hi;

    Lanes4() = default;  // (Lanes4{}: +0 in every lane)
    Lanes4(double a, double b, double c, double d) : lo{a, b}, hi{c, d} {}
    Lanes4(Half low, Half high) : lo(low), hi(high) {}
    // Lane i (GCC lets a vector's element type alias it).
    double& operator[](int i) { return reinterpret_cast<double*>(this)[i]; }
    double operator[](int i) const { return i < 2 ? lo[i] : hi[i - 2]; }

    Lanes4& operator+=(Lanes4 o) { return lo += o.lo, hi += o.hi, *this; }
    Lanes4& operator-=(Lanes4 o) { return lo -= o.lo, hi -= o.hi, *this; }
    Lanes4& operator*=(Lanes4 o) { return lo *= o.lo, hi *= o.hi, *this; }
    Lanes4& operator/=(Lanes4 o) { return lo /= o.lo, hi /= o.hi, *this; }
    Lanes4& operator+=(double s) { return lo += s, hi += s, *this; }
    Lanes4& operator-=(double s) { return lo -= s, hi -= s, *this; }
    Lanes4& operator*=(double s) { return lo *= s, hi *= s, *this; }
    Lanes4& operator/=(double s) { return lo /= s, hi /= s, *this; }
};

inline Lanes4 operator-(Lanes4 a) { return {-a.lo, -a.hi}; }
// The arithmetic and comparisons with a Lanes4 or a number (in every lane) on either side.
#define TRACTIVE_LANES4_OPERATOR(op, Result)                                                                   \
    inline Result operator op(Lanes4 a, Lanes4 b) { return {a.lo op b.lo, a.hi op b.hi}; }                     \
    inline Result operator op(Lanes4 a, double s) { return {a.lo op s, a.hi op s}; }                           \
    inline Result operator op(double s, Lanes4 b) { return {s op b.lo, s op b.hi}; }
TRACTIVE_LANES4_OPERATOR(+, Lanes4)
TRACTIVE_LANES4_OPERATOR(-, Lanes4)
TRACTIVE_LANES4_OPERATOR(*, Lanes4)
TRACTIVE_LANES4_OPERATOR(/, Lanes4)
TRACTIVE_LANES4_OPERATOR(<, Mask4)
TRACTIVE_LANES4_OPERATOR(>, Mask4)
TRACTIVE_LANES4_OPERATOR(<=, Mask4)
TRACTIVE_LANES4_OPERATOR(>=, Mask4)
TRACTIVE_LANES4_OPERATOR(==, Mask4)
TRACTIVE_LANES4_OPERATOR(!=, Mask4)
#undef TRACTIVE_LANES4_OPERATOR

inline Lanes4 where(Mask4 mask, Lanes4 a, Lanes4 b) { return {mask.lo ? a.lo : b.lo, mask.hi ? a.hi : b.hi}; }
inline bool any(Mask4 mask) {
    const Mask4::Half either_half = mask.lo | mask.hi;
    return (either_half[0] | either_half[1]) != 0;
}
inline Lanes4 abs_of(Lanes4 x) {  // std::abs: the sign bit cleared
    const Mask4::Half magnitude = ~reinterpret_cast<Mask4::Half>(Lanes4::Half{-0.0, -0.0});
    return {reinterpret_cast<Lanes4::Half>(reinterpret_cast<Mask4::Half>(x.lo) & magnitude),
            reinterpret_cast<Lanes4::Half>(reinterpret_cast<Mask4::Half>(x.hi) & magnitude)};
}
// Lane i: x[i - 1] (lane 0: x[0]).
inline Lanes4 lanes_shifted_up(Lanes4 x) {
#if defined(__clang__)
    return {__builtin_shufflevector(x.lo, x.lo, 0, 0), __builtin_shufflevector(x.lo, x.hi, 1, 2)};
#else
    return {__builtin_shuffle(x.lo, Mask4::Half{0, 0}), __builtin_shuffle(x.lo, x.hi, Mask4::Half{1, 2})};
#endif
}

}  // namespace tractive::detail
