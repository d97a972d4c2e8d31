// The step's copy compiled for x86-64-v3 (src/core/x86_64_v3.hpp): chosen exactly where the
// library holds it, the processor runs it and the environment does not switch it off, so that
// tests/reference/check_x86_64_v3_copy.sh compares two paths that both ran. Its results against
// the baseline code's are that script's (byte-identical telemetry).

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#include "core/x86_64_v3.hpp"

namespace {
bool set_to_zero(const char* variable) {
    const char* v = std::getenv(variable);
    return v != nullptr && std::strcmp(v, "0") == 0;
}
}  // namespace

TEST(X86_64V3, TheCopyRunsWhereTheProcessorHasIt) {
#if defined(TRACTIVE_TEST_HAS_X86_64_V3_COPY)
    __builtin_cpu_init();
    const bool expected = __builtin_cpu_supports("x86-64-v3") && !set_to_zero("TRACTIVE_X86_64_V3") &&
                          !set_to_zero("TRACTIVE_VECTOR_MATHS");
    EXPECT_EQ(tractive::x86_64_v3::in_use(), expected);
#else
    EXPECT_FALSE(tractive::x86_64_v3::in_use()) << "a library built without the copy cannot choose it";
#endif
}
