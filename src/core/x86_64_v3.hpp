#pragma once
// The step compiled a second time for x86-64-v3 (AVX2, FMA, BMI1/2, ...), private to the library
// (docs/performance.md, "The step compiled for x86-64-v3"). The core, laws, dynamics and control
// sources are compiled again with -march=x86-64-v3 -ffp-contract=off, optimised across their
// files at a relocatable link (-flto), into one object whose only global symbols are its entry
// points, tractive::x86_64_v3::step_fixed and ::step_driven (the rest made local with objcopy, so
// that the linker can never give baseline code a function compiled for AVX2; CMakeLists.txt). No contraction into fused multiply-adds and no reassociation: the copy
// rounds every operation as the baseline code does, and its results are bit-identical (checked
// on the telemetry record). The baseline step_fixed and step_driven call the copy where
// in_use() says so.
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
