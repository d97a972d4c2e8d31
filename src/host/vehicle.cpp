#include "tractive/host/vehicle.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "tractive/control/driven_step.hpp"
#include "../control/driven_step_together.hpp"
#include "../dynamics/step_in_range.hpp"

namespace tractive {

namespace {

Vec3 lerp(const Vec3& a, const Vec3& b, double t) { return a + (b - a) * t; }

// Normalised linear interpolation of unit quaternions, the shorter way round (a frame's step
// turns the car by a few milliradians: indistinguishable from slerp there).
Quat nlerp(const Quat& a, Quat b, double t) {
    if (a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z < 0.0) b = {-b.w, -b.x, -b.y, -b.z};
    return normalized({a.w + (b.w - a.w) * t, a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t});
}

ExternalLoad load_at(const VehicleState& s, const Vec3& force, const Vec3& point) {
    return {force, cross(point - s.position_m, force)};
}

}  // namespace

Vehicle::Vehicle(const VehicleSpec& spec, std::shared_ptr<const Ground> ground, const VehicleOptions& options)
    : model_(std::make_shared<const VehicleModel>(build_vehicle_model(spec))),
      ground_(ground ? std::move(ground) : throw std::invalid_argument("Vehicle: no ground")),
      options_(options),
      control_settings_(options.control.value_or(control_settings_for(spec))),
      aid_constants_(aid_constants(*model_)) {
    validate_step_settings(options_.step);
    reset(options.start);
}

void Vehicle::reset(const InitialConditions& start) {
    state_ = initial_state(*model_, *ground_, start);
    previous_ = state_;
    control_ = initial_controller_state(*model_, state_, control_settings_, aid_constants_);
    applied_ = Controls{};
    applied_.gear = state_.gear;
    held_ = impulse_ = ExternalLoad{};
    loads_added_ = false;
    last_failure_.clear();
}

void Vehicle::reset_to_wheels() {
    InitialConditions here;
    here.x_m = state_.position_m.x;
    here.y_m = state_.position_m.y;
    // The heading of the body's x axis over the ground (upside down, the nose still points there).
    const Mat3 r = to_matrix(state_.orientation);
    const double fx = r.m[0][0], fy = r.m[1][0];
    here.heading_rad = std::hypot(fx, fy) > 1e-9 ? std::atan2(fy, fx) : yaw_of(state_.orientation);
    here.gear = state_.gear;
    here.engine_running = state_.engine_running;
    reset(here);
}

void Vehicle::set_control_settings(const ControlSettings& settings) {
    control_settings_ = settings;
    control_ = initial_controller_state(*model_, state_, control_settings_, aid_constants_);
}

void Vehicle::restore(const Snapshot& s) {
    state_ = s.state;
    previous_ = s.previous;
    control_ = s.control;
    applied_ = s.applied;
    held_ = impulse_ = ExternalLoad{};
    loads_added_ = false;
    last_failure_.clear();
}

void Vehicle::add_force(const Vec3& force_n, const Vec3& world_point_m) {
    const ExternalLoad l = load_at(state_, force_n, world_point_m);
    held_.force_n += l.force_n;
    held_.torque_nm += l.torque_nm;
    loads_added_ = true;
}

void Vehicle::add_impulse(const Vec3& impulse_ns, const Vec3& world_point_m) {
    const double h = options_.step.internal_step_s;
    const ExternalLoad l = load_at(state_, impulse_ns / h, world_point_m);
    impulse_.force_n += l.force_n;
    impulse_.torque_nm += l.torque_nm;
    loads_added_ = true;
}

UpdateResult Vehicle::update(double dt_s, const DriverInput& input) {
    return update_with(dt_s, [&input](double) -> const DriverInput& { return input; });
}

UpdateResult Vehicle::update(double dt_s, const std::function<DriverInput(double step_start_s)>& input_at) {
    return update_with(dt_s, input_at);
}

template <class InputAt>
UpdateResult Vehicle::update_with(double dt_s, const InputAt& input_at) {
    UpdateResult result;
    if (!(dt_s >= 0.0) || !std::isfinite(dt_s)) {
        result.dropped_time_s = dt_s;
        return result;
    }
    const double start_s = state_.time_s;
    const StepResult steps = step_in_internal_steps(state_, options_.step, dt_s, [&] {
        if (result.step_failed) return;  // kept at the last good state
        ExternalLoad storage;
        const ExternalLoad* load = begin_internal_step(storage);
        const DrivenStep step = step_driven(*model_, *ground_, options_.step, control_settings_, input_at(state_.time_s), control_, state_, load);
        end_internal_step(step, result);
    });
    result.internal_steps = steps.internal_steps;
    result.dropped_time_s = steps.dropped_time_s;
    if (result.step_failed) count_steps_that_stand(start_s, result);
    held_ = ExternalLoad{};
    loads_added_ = impulse_.force_n != Vec3{} || impulse_.torque_nm != Vec3{};  // (an impulse waits for the next step)
    return result;
}

const ExternalLoad* Vehicle::begin_internal_step(ExternalLoad& storage) {
    previous_ = state_;
    if (!loads_added_) return nullptr;
    const bool pushed = held_.force_n != Vec3{} || held_.torque_nm != Vec3{} || impulse_.force_n != Vec3{} || impulse_.torque_nm != Vec3{};
    storage = {held_.force_n + impulse_.force_n, held_.torque_nm + impulse_.torque_nm};
    impulse_ = ExternalLoad{};
    return pushed ? &storage : nullptr;
}

void Vehicle::count_steps_that_stand(double start_s, UpdateResult& result) const {
    // The steps before the failed one stand (the state's time went on by one step each); it and
    // those after it are not taken, their time dropped.
    const double h = options_.step.internal_step_s;
    const int taken = static_cast<int>(std::llround((state_.time_s - start_s) / h));
    result.dropped_time_s += (result.internal_steps - taken) * h;
    result.internal_steps = taken;
}

void Vehicle::end_internal_step(const DrivenStep& step, UpdateResult& result) {
    applied_ = step.applied;
    result.gear_change_refused = result.gear_change_refused || step.gear_change_refused;
    if (!step.plausible) [[unlikely]] undo_failed_step(result);
}

[[gnu::cold, gnu::noinline]] void Vehicle::undo_failed_step(UpdateResult& result) {
    last_failure_ = state_implausibility(state_);  // (said before the state is undone)
    state_ = previous_;
    result.step_failed = true;
}

namespace {

bool same_step_settings(const StepSettings& a, const StepSettings& b) {
    return a.internal_step_s == b.internal_step_s && a.solver_iterations == b.solver_iterations &&
           a.coupling_extra_iterations == b.coupling_extra_iterations && a.max_internal_steps_per_call == b.max_internal_steps_per_call;
}

}  // namespace

void update_together(std::span<Vehicle* const> cars, double dt_s, std::span<const DriverInput> inputs, std::span<UpdateResult> results) {
    if (inputs.size() != cars.size() || results.size() != cars.size())
        throw std::invalid_argument("update_together: expected one input and one result for every car");
    for (std::size_t k = 0; k < cars.size(); ++k) {
        if (!cars[k]) throw std::invalid_argument("update_together: a car is null");
        for (std::size_t j = k - k % detail::kCarsInGroup; j < k; ++j)
            if (cars[j] == cars[k]) throw std::invalid_argument("update_together: a car twice in one four (cars[4k] to cars[4k + 3])");
    }
    if (!(dt_s >= 0.0) || !std::isfinite(dt_s)) {  // as update(): nothing stepped, the forces held on
        for (UpdateResult& result : results) result = UpdateResult{.dropped_time_s = dt_s};
        return;
    }
    for (std::size_t first = 0; first < cars.size(); first += detail::kCarsInGroup) {
        const std::size_t n = std::min(cars.size() - first, static_cast<std::size_t>(detail::kCarsInGroup));
        Vehicle* const* group = cars.data() + first;
        UpdateResult* group_results = results.data() + first;
        // As update(): the time each car takes, then its internal steps; the cars that take
        // their n-th step take it together.
        int most_steps = 0;
        std::array<double, detail::kCarsInGroup> start_s{};
        for (std::size_t k = 0; k < n; ++k) {
            Vehicle& car = *group[k];
            UpdateResult& result = group_results[k];
            result = UpdateResult{};
            start_s[k] = car.state_.time_s;
            const StepResult due = take_time(car.state_, car.options_.step, dt_s);
            result.internal_steps = due.internal_steps;
            result.dropped_time_s = due.dropped_time_s;
            most_steps = std::max(most_steps, due.internal_steps);
        }
        for (int step = 0; step < most_steps; ++step) {
            std::array<detail::DrivenCar, detail::kCarsInGroup> together;
            std::array<std::size_t, detail::kCarsInGroup> which;
            std::array<ExternalLoad, detail::kCarsInGroup> loads;
            std::size_t count = 0;
            const StepSettings* settings = nullptr;
            for (std::size_t k = 0; k < n; ++k) {
                Vehicle& car = *group[k];
                if (step >= group_results[k].internal_steps || group_results[k].step_failed) continue;
                const ExternalLoad* load = car.begin_internal_step(loads[k]);
                const detail::DrivenCar driven{car.model_.get(), car.ground_.get(), &car.control_settings_, &inputs[first + k], &car.control_, &car.state_, load};
                if (!settings) settings = &car.options_.step;
                if (same_step_settings(*settings, car.options_.step)) {
                    together[count] = driven;
                    which[count] = k;
                    ++count;
                } else {  // another internal step or sweep count: alone
                    const DrivenStep alone =
                        step_driven(*car.model_, *car.ground_, car.options_.step, car.control_settings_, inputs[first + k], car.control_, car.state_, load);
                    car.end_internal_step(alone, group_results[k]);
                }
            }
            std::array<DrivenStep, detail::kCarsInGroup> out;
            if (count > 0) detail::step_driven_together(std::span(together.data(), count), *settings, std::span(out.data(), count));
            for (std::size_t j = 0; j < count; ++j) group[which[j]]->end_internal_step(out[j], group_results[which[j]]);
            for (std::size_t k = 0; k < n; ++k)
                if (step < group_results[k].internal_steps) group[k]->state_.pending_time_s -= group[k]->options_.step.internal_step_s;
        }
        for (std::size_t k = 0; k < n; ++k) {
            Vehicle& car = *group[k];
            if (car.state_.pending_time_s < 0.0) car.state_.pending_time_s = 0.0;
            if (group_results[k].step_failed) car.count_steps_that_stand(start_s[k], group_results[k]);  // as update()
            car.held_ = ExternalLoad{};
            car.loads_added_ = car.impulse_.force_n != Vec3{} || car.impulse_.torque_nm != Vec3{};
        }
    }
}

Pose Vehicle::body_pose_of(const VehicleState& s) const { return {s.position_m, s.orientation}; }

WheelPose Vehicle::wheel_pose_of(const VehicleState& s, int i) const {
    const WheelOutputs& out = s.wheel_outputs[i];
    WheelPose w;
    w.pose.position_m = wheel_hub_position_m(*model_, s, i);
    // Axes from the step's axle and the body's z axis, then the spin about the axle.
    const Mat3 rot = to_matrix(s.orientation);
    const Vec3 up{rot.m[0][2], rot.m[1][2], rot.m[2][2]};
    const Vec3 axle = norm(out.axle) > 0.0 ? out.axle / norm(out.axle) : Vec3{rot.m[0][1], rot.m[1][1], rot.m[2][1]};
    Vec3 forward = cross(axle, up);
    forward = norm(forward) > 0.0 ? forward / norm(forward) : Vec3{rot.m[0][0], rot.m[1][0], rot.m[2][0]};
    const Vec3 wheel_up = cross(forward, axle);
    Mat3 frame;
    const Vec3 columns[3] = {forward, axle, wheel_up};
    for (int j = 0; j < 3; ++j) {
        frame.m[0][j] = columns[j].x;
        frame.m[1][j] = columns[j].y;
        frame.m[2][j] = columns[j].z;
    }
    // Rolling forward (spin > 0) turns the wheel by +angle about its axle y: x (forward) towards
    // -z, as a rolling wheel's front goes down.
    w.pose.orientation = normalized(from_matrix(frame) * axis_angle(Vec3{0.0, 1.0, 0.0}, s.wheels[i].spin_angle_rad));
    w.contact_point_m = out.contact_point_m;
    w.contact_normal = out.contact_normal;
    w.in_contact = out.in_contact;
    return w;
}

Pose Vehicle::body_pose(bool interpolated) const {
    if (!interpolated) return body_pose_of(state_);
    const double t = std::clamp(state_.pending_time_s / options_.step.internal_step_s, 0.0, 1.0);
    return {lerp(previous_.position_m, state_.position_m, t), nlerp(previous_.orientation, state_.orientation, t)};
}

WheelPose Vehicle::wheel_pose(int wheel, bool interpolated) const {
    if (wheel < 0 || wheel > 3) throw std::out_of_range("Vehicle::wheel_pose: wheel 0..3 (FL, FR, RL, RR)");
    const WheelPose now = wheel_pose_of(state_, wheel);
    if (!interpolated) return now;
    const WheelPose before = wheel_pose_of(previous_, wheel);
    const double t = std::clamp(state_.pending_time_s / options_.step.internal_step_s, 0.0, 1.0);
    WheelPose w = now;
    w.pose.position_m = lerp(before.pose.position_m, now.pose.position_m, t);
    w.pose.orientation = nlerp(before.pose.orientation, now.pose.orientation, t);
    return w;
}

}  // namespace tractive
