#pragma once
// The step compiled again for newer x86-64 processors, private to the library
// (docs/performance.md, "the step compiled for x86-64-v3" and "for x86-64-v4 too"). The core,
// laws, dynamics and control sources are compiled a second time with -march=x86-64-v3 (AVX2,
// FMA, BMI1/2, ...) and a third with -march=x86-64-v4 (those and AVX-512: 32 vector registers,
// mask registers for the selects), both with -ffp-contract=fast, each optimised across its files
// at a relocatable link (-flto) into one object whose only global symbols are its entry points,
// tractive::x86_64_v3::step_fixed, ::step_driven, ::step_driven_together and ::control_step (and
// the same in x86_64_v4; the rest made local with objcopy, so that the linker can never give
// baseline code a function compiled for AVX2; CMakeLists.txt). Fused multiply-adds, no
// reassociation: a multiplication and an addition round once where the baseline code rounds
// twice, so a copy's results are deterministic and within 1e-12 relative of the baseline's on
// every standard test of the shipped and shared cars (tests/reference/check_vector_paths.py
// --switch TRACTIVE_X86_64_V3), not the same bits. The two copies are one source compiled with
// the same rounding, and give the same bits: every standard test of those cars agrees to the bit
// (--switch TRACTIVE_X86_64_V4 --tolerance 0). The baseline step_fixed, step_driven and
// control_step call the copy step_copy_in_use() names (the control layer too, so that
// control_step then step_fixed by hand is step_driven to the bit).
//
// TRACTIVE_HAS_STEP_COPIES is defined where the library holds the copies (GCC on x86-64);
// TRACTIVE_STEP_COPY, while a copy itself is compiled, names its entry points' namespace
// (x86_64_v3 or x86_64_v4).

namespace tractive::detail {

enum class StepCopy { baseline, x86_64_v3, x86_64_v4 };

// Which compilation of the step runs here: the newest copy the library holds and the processor
// runs, unless the environment switches it off: TRACTIVE_X86_64_V4=0 (no x86-64-v4 copy: the
// path of a processor without AVX-512), TRACTIVE_X86_64_V3=0 (no copy) or TRACTIVE_VECTOR_MATHS=0
// (the path of a processor without AVX2: no copy, and the tyre laws one by one). Valgrind's
// processor has no AVX-512, so under it the x86-64-v3 copy runs. Asked once per process.
StepCopy step_copy_in_use();

// Whether `variable`=0 is set in the environment: a processor path switched off
// (TRACTIVE_VECTOR_MATHS for the tyre lanes and the copies, TRACTIVE_X86_64_V3 for the copies,
// TRACTIVE_X86_64_V4 for the x86-64-v4 copy).
bool switched_off_in_environment(const char* variable);

}  // namespace tractive::detail
