#include "x86_64_v3.hpp"

#include <cstdlib>
#include <cstring>

namespace tractive::x86_64_v3 {

namespace {
bool switched_off(const char* variable) {
    const char* setting = std::getenv(variable);
    return setting != nullptr && std::strcmp(setting, "0") == 0;
}
}  // namespace

bool in_use() {
#if defined(TRACTIVE_HAS_X86_64_V3_COPY)
    static const bool enabled = [] {
        if (switched_off("TRACTIVE_X86_64_V3") || switched_off("TRACTIVE_VECTOR_MATHS")) return false;
        __builtin_cpu_init();
        return __builtin_cpu_supports("x86-64-v3") != 0;
    }();
    return enabled;
#else
    return false;
#endif
}

}  // namespace tractive::x86_64_v3
