#pragma once
// The arrays a VehicleBatch steps through, for N cars all driving off in D at one throttle: the
// benches' and the step loop's batch (bench/batch_bench.cpp, bench/instruction_count.cpp,
// tests/support/step_loop.cpp).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "tractive/host/batch.hpp"

namespace tractive::test {

struct BatchDrive {
    std::vector<double> observations, final_observations, rewards, actions;
    std::vector<std::uint8_t> terminated, truncated;

    BatchDrive(int cars, double throttle)
        : observations(static_cast<std::size_t>(cars) * kBatchObservationCount),
          final_observations(observations.size()),
          rewards(static_cast<std::size_t>(cars)),
          actions(static_cast<std::size_t>(cars) * kBatchActionCount, 0.0),
          terminated(static_cast<std::size_t>(cars)),
          truncated(static_cast<std::size_t>(cars)) {
        for (std::size_t i = 0; i < rewards.size(); ++i) {
            actions[i * kBatchActionCount + kActionThrottle] = throttle;
            actions[i * kBatchActionCount + kActionGear] = 1.0;  // D, or first
        }
    }

    void step(VehicleBatch& batch) {
        batch.step(actions.data(), observations.data(), rewards.data(), terminated.data(), truncated.data(),
                   final_observations.data());
    }

    // Car i's forward speed (m/s) in the last observations.
    [[nodiscard]] double speed(std::size_t i) const { return observations[i * kBatchObservationCount + kObsSpeed]; }
};

}  // namespace tractive::test
