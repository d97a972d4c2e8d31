// The step's copies compiled for x86-64-v3 and x86-64-v4 (src/core/step_copies.hpp): the newest
// the library holds and the processor runs chosen, unless the environment switches it off, so
// that tests/reference/check_vector_paths.py --switch TRACTIVE_X86_64_V3 (or _V4) compares two
// paths that both ran. Their results against the baseline code's, and against each other, are
// that script's (every standard test within 1e-12 relative; the two copies to the bit).

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "core/step_copies.hpp"
#include "tractive/control/driven_step.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/world/road_ground.hpp"

namespace {
bool set_to_zero(const char* variable) {
    const char* v = std::getenv(variable);
    return v != nullptr && std::strcmp(v, "0") == 0;
}
}  // namespace

TEST(StepCopies, TheNewestThatRunsHereIsChosen) {
    using tractive::detail::StepCopy;
#if defined(TRACTIVE_TEST_HAS_STEP_COPIES)
    __builtin_cpu_init();
    StepCopy expected = StepCopy::baseline;
    if (!set_to_zero("TRACTIVE_X86_64_V3") && !set_to_zero("TRACTIVE_VECTOR_MATHS")) {
        if (__builtin_cpu_supports("x86-64-v3")) expected = StepCopy::x86_64_v3;
        if (__builtin_cpu_supports("x86-64-v4") && !set_to_zero("TRACTIVE_X86_64_V4")) expected = StepCopy::x86_64_v4;
    }
    EXPECT_EQ(tractive::detail::step_copy_in_use(), expected);
#else
    EXPECT_EQ(tractive::detail::step_copy_in_use(), StepCopy::baseline) << "a library built without the copies cannot choose one";
#endif
}

// An exception thrown inside the step (here the control layer's, for a step of no length) leaves
// it and is caught by its type, on the path this processor takes (a copy, where one runs: its
// unwinding tables and personality routine are its own local copies).
TEST(StepCopies, AnExceptionLeavesTheStepAndIsCaughtByItsType) {
    const tractive::VehicleSpec spec =
        tractive::load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / "roadster.toml").spec;
    const tractive::VehicleModel model = tractive::build_vehicle_model(spec);
    const tractive::RoadGround ground{tractive::RoadSpec{}};
    tractive::VehicleState state = tractive::initial_state(model, ground, {});
    tractive::ControllerState controller;
    tractive::StepSettings step;
    step.internal_step_s = 0.0;
    EXPECT_THROW(tractive::step_driven(model, ground, step, tractive::control_settings_for(spec), tractive::DriverInput{},
                                       controller, state),
                 std::invalid_argument);
    step.internal_step_s = 0.008;  // and the step goes on afterwards
    const tractive::DrivenStep after =
        tractive::step_driven(model, ground, step, tractive::control_settings_for(spec), tractive::DriverInput{}, controller, state);
    EXPECT_TRUE(after.plausible);
}
