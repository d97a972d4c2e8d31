#include "step_copies.hpp"

#include <cstdlib>
#include <cstring>

namespace tractive::detail {

bool switched_off_in_environment(const char* variable) {
    const char* setting = std::getenv(variable);
    return setting != nullptr && std::strcmp(setting, "0") == 0;
}

StepCopy step_copy_in_use() {
#if defined(TRACTIVE_HAS_STEP_COPIES)
    static const StepCopy in_use = [] {
        if (switched_off_in_environment("TRACTIVE_X86_64_V3") || switched_off_in_environment("TRACTIVE_VECTOR_MATHS")) {
            return StepCopy::baseline;
        }
        __builtin_cpu_init();
        if (__builtin_cpu_supports("x86-64-v4") && !switched_off_in_environment("TRACTIVE_X86_64_V4")) return StepCopy::x86_64_v4;
        return __builtin_cpu_supports("x86-64-v3") ? StepCopy::x86_64_v3 : StepCopy::baseline;
    }();
    return in_use;
#else
    return StepCopy::baseline;
#endif
}

}  // namespace tractive::detail
