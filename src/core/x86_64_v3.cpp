#include "x86_64_v3.hpp"

#include <cstdlib>
#include <cstring>

namespace tractive {

bool detail::switched_off_in_environment(const char* variable) {
    const char* setting = std::getenv(variable);
    return setting != nullptr && std::strcmp(setting, "0") == 0;
}

namespace x86_64_v3 {

bool in_use() {
#if defined(TRACTIVE_HAS_X86_64_V3_COPY)
    static const bool enabled = [] {
        if (detail::switched_off_in_environment("TRACTIVE_X86_64_V3") || detail::switched_off_in_environment("TRACTIVE_VECTOR_MATHS")) {
            return false;
        }
        __builtin_cpu_init();
        return __builtin_cpu_supports("x86-64-v3") != 0;
    }();
    return enabled;
#else
    return false;
#endif
}

}  // namespace x86_64_v3

}  // namespace tractive
