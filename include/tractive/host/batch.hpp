#pragma once
// Many cars stepped together (docs/python.md, "Batches"): N vehicles, the same car or different
// ones, each an episode of a task, stepped in C++ across threads (started with the batch and
// reused by every step: no thread created and no allocation per step) with actions in and
// observations out as flat row-major arrays (N x k), as a reinforcement-learning vector
// environment takes them (Gymnasium's reset/step semantics; gymnasium itself is not needed).
//
// Every car steps on its own state with its own random stream (seeded by the reset seed and its
// index), so results are bit for bit the same whatever the thread count.
//
// The task: lane keeping. Each car starts rolling on a straight line along +x (the ground's x
// axis through y = 0: the flat road, or the proving ground's straight), off the line by up to
// 0.5 m and 2 deg, at 60-100 % of the target speed, and is asked to hold the line and the speed.

#include <cstdint>
#include <memory>
#include <vector>

#include "tractive/host/vehicle.hpp"

namespace tractive {

namespace detail {
class WorkerPool;  // src/host/worker_pool.hpp
}

// Columns of the action array: pedals 0..1, steering -1..1 (+ = left), the gear lever (rounded:
// -1 R, 0 N, 1..n; in the automatic the selector, >= 1 = D). Values outside their range are clamped.
enum BatchAction : int { kActionThrottle, kActionBrake, kActionClutch, kActionSteering, kActionHandbrake, kActionGear, kBatchActionCount };

// Columns of the observation array.
enum BatchObservation : int {
    kObsSpeed,           // m/s, forward speed
    kObsSpeedError,      // m/s, target - forward speed
    kObsLateralOffset,   // m, y of the body origin (+ = left of the line)
    kObsHeadingError,    // rad, yaw (+ = pointing left of +x)
    kObsYawRate,         // rad/s
    kObsLateralAccel,    // m/s^2, body y
    kObsEngineKrpm,      // engine speed / 1000 rpm
    kObsGear,            // -1, 0, 1..n
    kBatchObservationCount
};

struct LaneKeepTask {
    double target_speed_m_per_s = 20.0;
    double lane_half_width_m = 1.75;  // the reward's scale for the offset
    double off_road_m = 4.0;          // |offset| beyond this terminates the episode
    double horizon_s = 30.0;          // truncation
    double control_interval_s = 0.05; // one step() of the batch: the actions hold this long
};

struct BatchOptions {
    LaneKeepTask task;
    ControlSettings control{ShiftMode::Automatic, {true, true}};
    int threads = 0;  // 0: the hardware's
};

class VehicleBatch {
public:
    // One car per spec, on one ground (the flat road when null). Throws std::invalid_argument for
    // no cars, a car that does not validate, or no ground under the start.
    VehicleBatch(const std::vector<VehicleSpec>& cars, std::shared_ptr<const Ground> ground, const BatchOptions& options = {});
    // `count` of one car: its model and tyre constants built once and shared (building 1,000 costs
    // about what building one does).
    VehicleBatch(const VehicleSpec& car, int count, std::shared_ptr<const Ground> ground, const BatchOptions& options = {});
    ~VehicleBatch();
    VehicleBatch(VehicleBatch&&) noexcept;
    VehicleBatch& operator=(VehicleBatch&&) noexcept;

    [[nodiscard]] int size() const { return static_cast<int>(cars_.size()); }
    [[nodiscard]] const BatchOptions& options() const { return options_; }
    [[nodiscard]] const Vehicle& vehicle(int i) const { return *cars_[static_cast<std::size_t>(i)].vehicle; }

    // Starts every episode afresh, or with a mask (N flags, Gymnasium's per-environment
    // "reset_mask") only those of the cars whose flag is set, the others carrying on; writes N x
    // kBatchObservationCount observations (the carrying-on cars' current ones). A car reset with
    // a seed starts the same whichever others are reset with it.
    void reset(std::uint64_t seed, double* observations, const std::uint8_t* mask = nullptr);

    // One control interval for every car. actions: N x kBatchActionCount. Writes observations
    // (N x kBatchObservationCount), rewards, terminations and truncations (N each). A car whose
    // episode ended is reset in the same call (its next episode's start in `observations`), and
    // its last observation goes to final_observations (N x kBatchObservationCount, untouched for
    // the others), as Gymnasium's vector environments did up to 0.29 ("final_observation").
    void step(const double* actions, double* observations, double* rewards, std::uint8_t* terminated, std::uint8_t* truncated,
              double* final_observations);

private:
    struct Car {
        std::unique_ptr<Vehicle> vehicle;
        std::uint64_t rng = 0;
        double episode_time_s = 0.0;
        double last_x_m = 0.0;
    };
    void start_episode(Car& car);
    void observe(const Car& car, double* row) const;
    // step_failed: the car's update said a step failed (it is kept at its last good state).
    void finish_step(int i, bool step_failed, double* observations, double* rewards, std::uint8_t* terminated, std::uint8_t* truncated,
                     double* final_observations);
    void start_threads();
    // f(first, last) for contiguous slices of the cars [first, last), one slice a thread.
    template <class F>
    void for_each_slice(F&& f);
    template <class F>
    void for_each_car(F&& f);

    std::vector<Car> cars_;
    std::shared_ptr<const Ground> ground_;
    BatchOptions options_;
    // The threads that step the cars, started once (none when one thread steps them all).
    std::unique_ptr<detail::WorkerPool> pool_;
};

}  // namespace tractive
