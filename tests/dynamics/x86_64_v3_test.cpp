// The step's copy compiled for x86-64-v3 (src/core/x86_64_v3.hpp): chosen exactly where the
// library holds it, the processor runs it and the environment does not switch it off, so that
// tests/reference/check_vector_paths.py --switch TRACTIVE_X86_64_V3 compares two paths that both
// ran. Its results against the baseline code's are that script's (every standard test within
// 1e-12 relative).

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "core/x86_64_v3.hpp"
#include "tractive/control/driven_step.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/world/road_ground.hpp"

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

// An exception thrown inside the step (here the control layer's, for a step of no length) leaves
// it and is caught by its type, on the path this processor takes (the copy, where it runs: its
// unwinding tables and personality routine are its own local copies).
TEST(X86_64V3, AnExceptionLeavesTheStepAndIsCaughtByItsType) {
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
    EXPECT_TRUE(after.finite);
}
