#pragma once
// lane_math.hpp's operations for four doubles side by side (one AVX2 register), for the
// translation units compiled with -mavx2 -mfma (tyre_lanes_avx2.cpp) and called only
// where the processor has both (tyre_lanes.cpp checks). Include it before any lane-generic law,
// whose qualified lane:: calls bind to the overloads declared before them. Each operation is
// the scalar one's lane by lane: the same IEEE operations (min and max as std::min and
// std::max, the root correctly rounded), and glibc's libmvec for atan, asin, sin, cos, tan, exp, expm1 and pow
// (AVX2 variants, part of libc6 since 2.35; within one unit in the last place of the scalar
// libm's, which are themselves within one of the exact value).

#include <immintrin.h>

#include <cfloat>

#include "lane_math.hpp"

extern "C" {
__m256d _ZGVdN4v_atan(__m256d);
__m256d _ZGVdN4v_asin(__m256d);
__m256d _ZGVdN4v_sin(__m256d);
__m256d _ZGVdN4v_cos(__m256d);
__m256d _ZGVdN4v_tan(__m256d);
__m256d _ZGVdN4v_exp(__m256d);
__m256d _ZGVdN4v_expm1(__m256d);
__m256d _ZGVdN4vv_pow(__m256d, __m256d);
}

namespace tractive::lane {
namespace {

using V4 = double __attribute__((vector_size(32)));
using M4 = decltype(V4{} < V4{});  // a lane mask: all ones where true

inline V4 select(M4 mask, V4 a, V4 b) { return mask ? a : b; }
// A mask as bits (bit i lane i) and back.
inline unsigned bits(M4 mask) { return static_cast<unsigned>(_mm256_movemask_pd(reinterpret_cast<__m256d>(mask))); }
inline M4 from_bits(unsigned b) { return (M4{1, 2, 4, 8} & static_cast<long>(b)) != 0; }
inline bool any(M4 mask) { return bits(mask) != 0; }
inline V4 min(V4 a, V4 b) { return b < a ? b : a; }  // std::min(a, b)
inline V4 max(V4 a, V4 b) { return a < b ? b : a; }  // std::max(a, b)
inline V4 abs(V4 x) { return reinterpret_cast<V4>(reinterpret_cast<M4>(x) & ~reinterpret_cast<M4>(V4{-0.0, -0.0, -0.0, -0.0})); }  // the sign bit cleared
inline V4 copysign(V4 magnitude, V4 sign) {  // std::copysign: the magnitude's bits with the sign's sign bit
    const M4 sign_bit = reinterpret_cast<M4>(V4{-0.0, -0.0, -0.0, -0.0});
    return reinterpret_cast<V4>((reinterpret_cast<M4>(magnitude) & ~sign_bit) | (reinterpret_cast<M4>(sign) & sign_bit));
}
inline V4 sqrt(V4 x) { return _mm256_sqrt_pd(x); }
inline V4 atan(V4 x) { return _ZGVdN4v_atan(x); }
inline V4 asin(V4 x) { return _ZGVdN4v_asin(x); }
inline V4 sin(V4 x) { return _ZGVdN4v_sin(x); }
inline V4 cos(V4 x) { return _ZGVdN4v_cos(x); }
inline V4 tan(V4 x) { return _ZGVdN4v_tan(x); }
inline V4 pow(V4 x, V4 y) { return _ZGVdN4vv_pow(x, y); }
inline V4 exp(V4 x) { return _ZGVdN4v_exp(x); }
inline V4 expm1(V4 x) { return _ZGVdN4v_expm1(x); }
inline M4 is_nan(V4 x) { return x != x; }
inline M4 is_finite(V4 x) { return abs(x) <= DBL_MAX; }

}  // namespace
}  // namespace tractive::lane
