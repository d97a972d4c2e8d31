#include "tractive/host/batch.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "tractive/control/gear_choice.hpp"
#include "tractive/spec/validate.hpp"
#include "tractive/world/road_ground.hpp"
#include "../dynamics/step_in_range.hpp"
#include "worker_pool.hpp"

namespace tractive {

namespace {

// SplitMix64 (Steele, Lea, Flood 2014): a small, well-mixed generator whose state is one
// integer, so each car's stream is its own and reproducible.
std::uint64_t next(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
double uniform(std::uint64_t& state, double lo, double hi) { return lo + (hi - lo) * (static_cast<double>(next(state) >> 11) * 0x1.0p-53); }

double clamp_finite(double x, double lo, double hi) { return std::isfinite(x) ? std::clamp(x, lo, hi) : 0.0; }


}  // namespace

namespace {

// The task and options within the limits of a world (spec/validate.hpp, plausible::): a target
// speed a car can drive (as a start speed), widths of a road, a horizon and interval of a run.
void check_options(const BatchOptions& o) {
    const LaneKeepTask& t = o.task;
    const std::pair<const char*, std::string> problems[] = {
        {"target_speed_m_per_s", positive_up_to(plausible::kStartSpeedKmh.max / 3.6, "m/s").problem(t.target_speed_m_per_s)},
        {"lane_half_width_m", plausible::kRoadWidth.problem(t.lane_half_width_m)},
        {"off_road_m", plausible::kRoadWidth.problem(t.off_road_m)},
        {"horizon_s", positive_up_to(1e6, "s").problem(t.horizon_s)},                   // 11.6 days of driving
        {"control_interval_s", positive_up_to(60.0, "s").problem(t.control_interval_s)},  // an action held a minute
        {"threads", o.threads >= 0 && o.threads <= 4096 ? "" : fmt::format("expected 0 (the hardware's) to 4096, got {}", o.threads)}};
    for (const auto& [name, problem] : problems) {
        if (!problem.empty()) throw std::invalid_argument(fmt::format("VehicleBatch: {}: {}", name, problem));
    }
}

}  // namespace

VehicleBatch::VehicleBatch(const std::vector<VehicleSpec>& cars, std::shared_ptr<const Ground> ground, const BatchOptions& options)
    : ground_(ground ? std::move(ground) : std::make_shared<RoadGround>(RoadSpec{})), options_(options) {
    if (cars.empty()) throw std::invalid_argument("VehicleBatch: expected at least one car");
    check_options(options_);
    VehicleOptions vo;
    vo.control = options_.control;
    // A car the same as the one before it is that vehicle copied: the model (shared) and the
    // tyre constants are built once.
    cars_.reserve(cars.size());
    for (std::size_t i = 0; i < cars.size(); ++i) {
        cars_.push_back({i > 0 && cars[i] == cars[i - 1] ? std::make_unique<Vehicle>(*cars_.back().vehicle)
                                                         : std::make_unique<Vehicle>(cars[i], ground_, vo)});
    }
    start_threads();
}

VehicleBatch::VehicleBatch(const VehicleSpec& car, int count, std::shared_ptr<const Ground> ground, const BatchOptions& options)
    : ground_(ground ? std::move(ground) : std::make_shared<RoadGround>(RoadSpec{})), options_(options) {
    if (count < 1) throw std::invalid_argument("VehicleBatch: expected at least one car");
    check_options(options_);
    VehicleOptions vo;
    vo.control = options_.control;
    cars_.reserve(static_cast<std::size_t>(count));
    cars_.push_back({std::make_unique<Vehicle>(car, ground_, vo)});
    for (int i = 1; i < count; ++i) cars_.push_back({std::make_unique<Vehicle>(*cars_.front().vehicle)});
    start_threads();
}

VehicleBatch::~VehicleBatch() = default;
VehicleBatch::VehicleBatch(VehicleBatch&&) noexcept = default;
VehicleBatch& VehicleBatch::operator=(VehicleBatch&&) noexcept = default;

// The thread count asked for (0: the hardware's, read once here), at most one per car.
void VehicleBatch::start_threads() {
    const int hardware = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    const int threads = std::clamp(options_.threads > 0 ? options_.threads : hardware, 1, size());
    if (threads > 1) pool_ = std::make_unique<detail::WorkerPool>(threads);
}

template <class F>
void VehicleBatch::for_each_slice(F&& f) {
    if (pool_ && !pool_->threads_alive()) {
        // A child process forked from the one that built the batch (Python's multiprocessing,
        // a fork server): the parent's workers are not here. Their pool is left as it is (it can
        // be neither joined nor freed) and this process starts its own.
        (void)pool_.release();
        start_threads();
    }
    if (!pool_) {
        f(0, size());
        return;
    }
    // Contiguous slices: each car is stepped by exactly one thread, so the order does not matter.
    const int threads = pool_->threads();
    auto slice = [&](int k) { f(size() * k / threads, size() * (k + 1) / threads); };
    pool_->run(slice);
}

template <class F>
void VehicleBatch::for_each_car(F&& f) {
    for_each_slice([&](int first, int last) {
        for (int i = first; i < last; ++i) f(i);
    });
}

void VehicleBatch::start_episode(Car& car) {
    const LaneKeepTask& t = options_.task;
    InitialConditions ic;
    ic.y_m = uniform(car.rng, -0.5, 0.5);
    ic.heading_rad = uniform(car.rng, -2.0, 2.0) * std::numbers::pi / 180.0;
    ic.speed_m_per_s = t.target_speed_m_per_s * uniform(car.rng, 0.6, 1.0);
    Vehicle& v = *car.vehicle;
    v.reset(ic);
    // Rolling in the gear the automatic would choose at that speed (any mode: a driver who starts
    // rolling has a suitable gear in).
    ic.gear = choose_automatic_gear(v.model(), gearbox_output_speed_rad_per_s(v.model(), v.state()), 0.3, 0);
    v.reset(ic);
    car.episode_time_s = 0.0;
    car.last_x_m = v.state().position_m.x;
}

void VehicleBatch::observe(const Car& car, double* row) const {
    const VehicleState& s = car.vehicle->state();
    const Mat3 r = to_matrix(s.orientation);
    const Vec3 v_body = transpose(r) * s.velocity_m_per_s;
    const Vec3 a_body = transpose(r) * s.acceleration_m_per_s2;
    row[kObsSpeed] = v_body.x;
    row[kObsSpeedError] = options_.task.target_speed_m_per_s - v_body.x;
    row[kObsLateralOffset] = s.position_m.y;
    row[kObsHeadingError] = yaw_of(s.orientation);
    row[kObsYawRate] = s.angular_velocity_rad_per_s.z;
    row[kObsLateralAccel] = a_body.y;
    row[kObsEngineKrpm] = engine_rpm(s) / 1000.0;
    row[kObsGear] = s.gear;
}

void VehicleBatch::reset(std::uint64_t seed, double* observations, const std::uint8_t* mask) {
    for_each_car([&](int i) {
        Car& car = cars_[static_cast<std::size_t>(i)];
        if (!mask || mask[i] != 0) {
            car.rng = seed ^ (0x9e3779b97f4a7c15ull * (static_cast<std::uint64_t>(i) + 1));
            next(car.rng);
            start_episode(car);
        }
        observe(car, observations + static_cast<std::ptrdiff_t>(i) * kBatchObservationCount);
    });
}

void VehicleBatch::step(const double* actions, double* observations, double* rewards, std::uint8_t* terminated, std::uint8_t* truncated,
                        double* final_observations) {
    const LaneKeepTask& t = options_.task;
    // Each thread's slice of cars four at a time, their internal steps together (update_together:
    // each car exactly as its own update leaves it, so the results do not depend on how the cars
    // are sliced or grouped).
    for_each_slice([&](int first, int last) {
        for (int group = first; group < last; group += detail::kCarsInGroup) {
            const int n = std::min(last - group, detail::kCarsInGroup);
            std::array<Vehicle*, detail::kCarsInGroup> vehicles;
            std::array<DriverInput, detail::kCarsInGroup> inputs;
            std::array<UpdateResult, detail::kCarsInGroup> results;
            for (int k = 0; k < n; ++k) {
                const int i = group + k;
                Car& car = cars_[static_cast<std::size_t>(i)];
                const double* a = actions + static_cast<std::ptrdiff_t>(i) * kBatchActionCount;
                DriverInput& in = inputs[static_cast<std::size_t>(k)];
                in = DriverInput{};
                in.throttle = clamp_finite(a[kActionThrottle], 0.0, 1.0);
                in.brake = clamp_finite(a[kActionBrake], 0.0, 1.0);
                in.clutch = clamp_finite(a[kActionClutch], 0.0, 1.0);
                in.steering = clamp_finite(a[kActionSteering], -1.0, 1.0);
                in.handbrake = clamp_finite(a[kActionHandbrake], 0.0, 1.0);
                const int gears = static_cast<int>(car.vehicle->model().spec.transmission.forward_ratios.size());
                in.gear_lever = static_cast<int>(std::lround(clamp_finite(a[kActionGear], -1.0, gears)));
                vehicles[static_cast<std::size_t>(k)] = car.vehicle.get();
            }
            const std::size_t count = static_cast<std::size_t>(n);
            update_together(std::span(vehicles.data(), count), t.control_interval_s, std::span(inputs.data(), count),
                            std::span(results.data(), count));
            for (int k = 0; k < n; ++k)
                finish_step(group + k, results[static_cast<std::size_t>(k)].step_failed, observations, rewards, terminated, truncated,
                            final_observations);
        }
    });
}

// A car's observation, reward and episode's end after its control interval.
void VehicleBatch::finish_step(int i, bool step_failed, double* observations, double* rewards, std::uint8_t* terminated,
                               std::uint8_t* truncated, double* final_observations) {
    const LaneKeepTask& t = options_.task;
    Car& car = cars_[static_cast<std::size_t>(i)];
    double* obs = observations + static_cast<std::ptrdiff_t>(i) * kBatchObservationCount;
    car.episode_time_s += t.control_interval_s;
    const VehicleState& s = car.vehicle->state();
    observe(car, obs);
    // Progress along the line at the target speed earns 1 a second; the offset costs its
    // square in lane half-widths; leaving the road ends the episode with a penalty.
    const double progress = (s.position_m.x - car.last_x_m) / (t.target_speed_m_per_s * t.control_interval_s);
    car.last_x_m = s.position_m.x;
    const double offset = s.position_m.y / t.lane_half_width_m;
    // (The heading error is the observation's yaw, just computed by observe().) A failed step left
    // the state at its last good value, finite: the update's report says it failed.
    const bool failed = step_failed || !state_is_finite(s) || std::abs(s.position_m.y) > t.off_road_m ||
                        std::abs(obs[kObsHeadingError]) > std::numbers::pi / 2.0;
    rewards[i] = failed ? -10.0 : t.control_interval_s * (progress - offset * offset);
    terminated[i] = failed ? 1 : 0;
    truncated[i] = !failed && car.episode_time_s >= t.horizon_s - 1e-9 ? 1 : 0;
    if (terminated[i] || truncated[i]) {
        std::copy(obs, obs + kBatchObservationCount, final_observations + static_cast<std::ptrdiff_t>(i) * kBatchObservationCount);
        start_episode(car);
        observe(car, obs);
    }
}

}  // namespace tractive
