#pragma once
// The step compiled a second time for x86-64-v3 (AVX2, FMA, BMI1/2, ...), private to the library
// (docs/performance.md, "The step compiled for x86-64-v3"). The core, laws, dynamics and control
// sources are compiled again with -march=x86-64-v3 -ffp-contract=fast, optimised across their
// files at a relocatable link (-flto), into one object whose only global symbols are its entry
// points, tractive::x86_64_v3::step_fixed, ::step_driven, ::step_driven_together and ::control_step (the rest made local
// with objcopy, so that the linker can never give baseline code a function compiled for AVX2;
// CMakeLists.txt). Fused multiply-adds, no reassociation: a multiplication and an addition round
// once where the baseline code rounds twice, so the copy's results are deterministic and within
// 1e-12 relative of the baseline's on every standard test of the shipped and shared cars
// (tests/reference/check_vector_paths.py --switch TRACTIVE_X86_64_V3), not the same bits. The
// baseline step_fixed, step_driven and control_step call the copy where in_use() says so (the
// control layer too, so that control_step then step_fixed by hand is step_driven to the bit).
//
// TRACTIVE_HAS_X86_64_V3_COPY is defined where the library holds the copy (GCC on x86-64);
// TRACTIVE_X86_64_V3_COPY while the copy itself is compiled.

namespace tractive::x86_64_v3 {

// Whether the copy runs here: built in, the processor has x86-64-v3, and neither
// TRACTIVE_X86_64_V3=0 (the copy off) nor TRACTIVE_VECTOR_MATHS=0 (the path of a processor
// without AVX2) is set in the environment. Asked once per process.
bool in_use();

}  // namespace tractive::x86_64_v3

namespace tractive::detail {

// Whether `variable`=0 is set in the environment: a processor path switched off
// (TRACTIVE_VECTOR_MATHS for the tyre lanes and the copy, TRACTIVE_X86_64_V3 for the copy).
bool switched_off_in_environment(const char* variable);

}  // namespace tractive::detail
