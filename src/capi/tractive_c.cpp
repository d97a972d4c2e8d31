// The C interface (include/tractive.h) over the C++ API: handles own C++ objects, every entry
// point catches what the C++ side throws and turns it into a status and a thread-local message.
#include "tractive.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cctype>
#include <cstring>
#include <string_view>
#include <exception>
#include <memory>
#include <new>
#include <numbers>
#include <optional>
#include <stdexcept>
#include <span>
#include <string>

#include "tractive/host/vehicle.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/car_parameters.hpp"
#include "tractive/io/ground_loader.hpp"
#include "tractive/io/load_error.hpp"
#include "tractive/world/road_ground.hpp"
#include "../dynamics/step_in_range.hpp"

struct tractive_car {
    tractive::CarText text;  // the car as TOML text, for its parameters by key
    tractive::VehicleSpec spec;
};

struct tractive_ground {
    std::shared_ptr<const tractive::Ground> ground;
    std::optional<tractive::GroundStart> start;
};

struct tractive_vehicle {
    std::unique_ptr<tractive::Vehicle> vehicle;
};

namespace {

thread_local std::string g_last_error;

constexpr double kDegToRad = std::numbers::pi / 180.0;

tractive_status fail(tractive_status status, std::string message) {
    g_last_error = std::move(message);
    return status;
}

// Runs f, turning exceptions into statuses.
template <typename F>
tractive_status guarded(F&& f) {
    try {
        return f();
    } catch (const tractive::LoadError& e) {
        return fail(TRACTIVE_BAD_INPUT, e.what());
    } catch (const std::invalid_argument& e) {
        return fail(TRACTIVE_BAD_INPUT, e.what());
    } catch (const std::out_of_range& e) {
        return fail(TRACTIVE_BAD_INPUT, e.what());
    } catch (const std::bad_alloc&) {
        return fail(TRACTIVE_FAILED, "out of memory");
    } catch (const std::exception& e) {
        return fail(TRACTIVE_FAILED, e.what());
    } catch (...) {
        return fail(TRACTIVE_FAILED, "unknown error");
    }
}

tractive::DriverInput driver_input(const tractive_input& input) {
    tractive::DriverInput in;
    in.throttle = input.throttle;
    in.brake = input.brake;
    in.clutch = input.clutch;
    in.steering = input.steering;
    in.handbrake = input.handbrake;
    in.gear_lever = input.gear_lever;
    in.shift_up = input.shift_up != 0;
    in.shift_down = input.shift_down != 0;
    in.start_engine = input.start_engine != 0;
    return in;
}

tractive::Vec3 vec(const double v[3]) { return {v[0], v[1], v[2]}; }
void put(const tractive::Vec3& v, double out[3]) {
    out[0] = v.x;
    out[1] = v.y;
    out[2] = v.z;
}
void put(const tractive::Quat& q, double out[4]) {
    out[0] = q.w;
    out[1] = q.x;
    out[2] = q.y;
    out[3] = q.z;
}

// Structs carry their size (tractive.h, "Stability"). The first sized version is 2: every caller's
// struct is at least as large as version 2's, which is this library's (a later library keeps each
// struct's version-2 size here as its minimum and reads or writes only the members both know).
template <class T>
constexpr std::size_t kVersion2Size = sizeof(T);
constexpr std::size_t kLargestStruct = 1 << 16;

// "TRACTIVE_INPUT_INIT" for "tractive_input": the macro that sets a struct's size.
std::string init_macro(std::string_view type) {
    std::string name(type);
    for (char& ch : name) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return name + "_INIT";
}

// The caller's struct as this library knows it: the members within its size, the others zero.
template <class T>
bool read_sized(const T* in, T& out, const char* function, const char* type) {
    if (in->size < kVersion2Size<T> || in->size > kLargestStruct) {
        fail(TRACTIVE_BAD_INPUT, fmt::format("{}: {}.size is {}: expected sizeof({}) as your tractive.h has it ({} in version 2; "
                                             "set it with {})",
                                             function, type, in->size, type, kVersion2Size<T>, init_macro(type)));
        return false;
    }
    out = T{};
    std::memcpy(&out, in, std::min(in->size, sizeof(T)));
    out.size = sizeof(T);
    return true;
}

template <class T>
bool out_size_ok(const T* out, const char* function, const char* type) {
    if (out->size >= kVersion2Size<T> && out->size <= kLargestStruct) return true;
    fail(TRACTIVE_BAD_INPUT, fmt::format("{}: out->size is {}: expected sizeof({}) as your tractive.h has it (set it with {})",
                                         function, out->size, type, init_macro(type)));
    return false;
}

// Writes `value` into the caller's struct: the members within its size, its size kept.
template <class T>
void write_sized(const T& value, T* out) {
    const std::size_t size = out->size;
    std::memcpy(out, &value, std::min(size, sizeof(T)));
    out->size = size;
}

tractive::InitialConditions initial(const tractive_start* s) {
    tractive::InitialConditions ic;
    if (!s) return ic;
    ic.x_m = s->x_m;
    ic.y_m = s->y_m;
    ic.heading_rad = s->heading_deg * kDegToRad;
    ic.speed_m_per_s = s->speed_kmh / 3.6;
    ic.gear = s->gear;
    return ic;
}

// A host's ground through its callbacks.
class CallbackGround final : public tractive::Ground {
public:
    CallbackGround(tractive_contact_fn contact, tractive_surface_fn surface, tractive_spheres_clear_fn clear, void* user_data)
        : contact_(contact), surface_(surface), spheres_clear_(clear), user_data_(user_data) {}

    // The host's answer when it gave one; the centres as x, y, z of each in turn (Vec3 is three
    // doubles, no padding).
    [[nodiscard]] bool spheres_clear(std::span<const tractive::Vec3> centres_m, double radius_m) const override {
        static_assert(sizeof(tractive::Vec3) == 3 * sizeof(double));
        return spheres_clear_ && spheres_clear_(user_data_, reinterpret_cast<const double*>(centres_m.data()), centres_m.size(), radius_m) != 0;
    }

    [[nodiscard]] tractive::GroundContact wheel_contact(const tractive::WheelProbe& w) const override {
        tractive_wheel_probe probe{};
        probe.size = sizeof probe;
        put(w.hub_m, probe.hub_m);
        put(w.axle, probe.axle);
        put(w.up, probe.up);
        probe.radius_m = w.radius_m;
        probe.width_m = w.width_m;
        probe.tread = w.tread;
        tractive_contact c{};
        c.size = sizeof c;
        c.friction = 1.0;
        c.rolling_resistance_factor = 1.0;
        c.normal[2] = 1.0;
        contact_(user_data_, &probe, &c);
        tractive::GroundContact out;
        out.found = c.found != 0;
        out.normal = vec(c.normal);
        const double n = tractive::norm(out.normal);
        // A contact the step cannot use (a normal that is not a direction, a height or a point that
        // is not a number) is no contact: the wheel is off the ground for this step.
        if (out.found && (!(n > 0.0) || !std::isfinite(n) || !std::isfinite(c.hub_height_m) || !std::isfinite(c.friction) ||
                          !(c.friction >= 0.0) || !std::isfinite(c.rolling_resistance_factor))) {
            return {};
        }
        if (out.found) out.normal = out.normal / n;
        out.hub_height_m = c.hub_height_m;
        out.point_m = vec(c.point_m);
        out.friction_factor = c.friction;
        out.rolling_resistance_factor = c.rolling_resistance_factor;
        out.surface_velocity_m_per_s = vec(c.surface_velocity_m_per_s);
        for (const double v : {out.point_m.x, out.point_m.y, out.point_m.z, out.surface_velocity_m_per_s.x, out.surface_velocity_m_per_s.y,
                               out.surface_velocity_m_per_s.z}) {
            if (!std::isfinite(v)) return {};
        }
        return out;
    }

    [[nodiscard]] std::optional<tractive::SurfacePoint> surface_at(double x_m, double y_m) const override {
        if (!surface_) return std::nullopt;
        double z = 0.0;
        double n[3] = {0.0, 0.0, 1.0};
        if (!surface_(user_data_, x_m, y_m, &z, n)) return std::nullopt;
        const tractive::Vec3 normal = vec(n);
        const double length = tractive::norm(normal);
        if (!std::isfinite(z) || !(length > 0.0) || !std::isfinite(length)) return std::nullopt;
        return tractive::SurfacePoint{z, normal / length, 1.0};
    }

private:
    tractive_contact_fn contact_;
    tractive_surface_fn surface_;
    tractive_spheres_clear_fn spheres_clear_;
    void* user_data_;
};

// add_force and add_impulse: a vector at a world point, both finite.
template <typename Add>
tractive_status add_at(tractive_vehicle* vehicle, const double value[3], const double point_m[3], const char* function, Add add) {
    if (!vehicle || !value || !point_m) return fail(TRACTIVE_BAD_INPUT, std::string(function) + ": no argument may be NULL");
    for (int k = 0; k < 3; ++k) {
        if (!std::isfinite(value[k]) || !std::isfinite(point_m[k])) return fail(TRACTIVE_BAD_INPUT, std::string(function) + ": finite numbers");
    }
    add(*vehicle->vehicle, vec(value), vec(point_m));
    return TRACTIVE_OK;
}

}  // namespace

extern "C" {

const char* tractive_last_error(void) { return g_last_error.c_str(); }

int tractive_api_version(void) { return TRACTIVE_C_API_VERSION; }

tractive_status tractive_car_load_file(const char* path, tractive_car** out) {
    if (!path || !out) return fail(TRACTIVE_BAD_INPUT, "tractive_car_load_file: path and out must not be NULL");
    *out = nullptr;
    return guarded([&] {
        // The spec from the car's TOML text, as Python's load_car does: bit for bit the file's own.
        tractive::CarText text = tractive::car_text(path);
        tractive::VehicleSpec spec = tractive::load_toml_car(text.toml, text.path).spec;
        *out = new tractive_car{std::move(text), std::move(spec)};
        return TRACTIVE_OK;
    });
}

tractive_status tractive_car_load_toml(const char* text, const char* label, tractive_car** out) {
    if (!text || !out) return fail(TRACTIVE_BAD_INPUT, "tractive_car_load_toml: text and out must not be NULL");
    *out = nullptr;
    return guarded([&] {
        const std::string name = label ? label : "car.toml";
        const std::string label_toml = name.ends_with(".toml") ? name : name + ".toml";
        *out = new tractive_car{{text, label_toml}, tractive::load_car_from_text(text, label_toml).spec};
        return TRACTIVE_OK;
    });
}

void tractive_car_free(tractive_car* car) { delete car; }

tractive_status tractive_car_get_parameter(const tractive_car* car, const char* key, char* out, size_t size) {
    if (!car || !key || !out) return fail(TRACTIVE_BAD_INPUT, "tractive_car_get_parameter: car, key and out must not be NULL");
    return guarded([&] {
        const std::string value = tractive::get_car_parameter(car->text, key);
        if (value.size() + 1 > size) {
            return fail(TRACTIVE_BAD_INPUT, fmt::format("tractive_car_get_parameter: {} needs {} bytes, out has {}", key, value.size() + 1, size));
        }
        std::memcpy(out, value.c_str(), value.size() + 1);
        return TRACTIVE_OK;
    });
}

tractive_status tractive_car_set_parameter(tractive_car* car, const char* key, const char* value_toml) {
    if (!car || !key || !value_toml) return fail(TRACTIVE_BAD_INPUT, "tractive_car_set_parameter: car, key and value_toml must not be NULL");
    return guarded([&] {
        tractive::CarText changed = tractive::set_car_parameter(car->text, key, value_toml);
        tractive::VehicleSpec spec = tractive::load_toml_car(changed.toml, changed.path).spec;
        car->text = std::move(changed);
        car->spec = std::move(spec);
        return TRACTIVE_OK;
    });
}

tractive_status tractive_ground_road(double grade, double bank_deg, double friction, tractive_ground** out) {
    if (!out) return fail(TRACTIVE_BAD_INPUT, "tractive_ground_road: out must not be NULL");
    *out = nullptr;
    if (!(std::abs(grade) <= 1.0)) return fail(TRACTIVE_BAD_INPUT, "tractive_ground_road: grade within [-1, 1] (45 degrees)");
    if (!(std::abs(bank_deg) < 45.0)) return fail(TRACTIVE_BAD_INPUT, "tractive_ground_road: bank_deg within (-45, 45)");
    if (!(friction > 0.0 && friction <= 3.0)) return fail(TRACTIVE_BAD_INPUT, "tractive_ground_road: friction in (0, 3]");
    return guarded([&] {
        tractive::RoadSpec road;
        road.grade = grade;
        road.bank_rad = bank_deg * kDegToRad;
        road.mu = friction;
        *out = new tractive_ground{std::make_shared<tractive::RoadGround>(road), std::nullopt};
        return TRACTIVE_OK;
    });
}

tractive_status tractive_ground_load_file(const char* path, tractive_ground** out) {
    if (!path || !out) return fail(TRACTIVE_BAD_INPUT, "tractive_ground_load_file: path and out must not be NULL");
    *out = nullptr;
    return guarded([&] {
        tractive::LoadedGround g = tractive::load_ground(path);
        *out = new tractive_ground{std::move(g.ground), g.start};
        return TRACTIVE_OK;
    });
}

tractive_status tractive_ground_callback(tractive_contact_fn contact, tractive_surface_fn surface, void* user_data, tractive_ground** out) {
    if (!contact || !surface || !out) return fail(TRACTIVE_BAD_INPUT, "tractive_ground_callback: contact, surface and out must not be NULL");
    *out = nullptr;
    return guarded([&] {
        *out = new tractive_ground{std::make_shared<CallbackGround>(contact, surface, nullptr, user_data), std::nullopt};
        return TRACTIVE_OK;
    });
}

tractive_status tractive_ground_from_callbacks(const tractive_ground_callbacks* callbacks, void* user_data, tractive_ground** out) {
    if (!callbacks || !out) return fail(TRACTIVE_BAD_INPUT, "tractive_ground_from_callbacks: callbacks and out must not be NULL");
    *out = nullptr;
    tractive_ground_callbacks c{};
    if (!read_sized(callbacks, c, "tractive_ground_from_callbacks", "tractive_ground_callbacks")) return TRACTIVE_BAD_INPUT;
    if (!c.contact || !c.surface) return fail(TRACTIVE_BAD_INPUT, "tractive_ground_from_callbacks: callbacks->contact and ->surface must not be NULL");
    return guarded([&] {
        *out = new tractive_ground{std::make_shared<CallbackGround>(c.contact, c.surface, c.spheres_clear, user_data), std::nullopt};
        return TRACTIVE_OK;
    });
}

int tractive_ground_start(const tractive_ground* ground, double* x_m, double* y_m, double* heading_deg) {
    const bool said = ground && ground->start;
    if (x_m) *x_m = said ? ground->start->x_m : 0.0;
    if (y_m) *y_m = said ? ground->start->y_m : 0.0;
    if (heading_deg) *heading_deg = said ? ground->start->heading_rad / kDegToRad : 0.0;
    return said ? 1 : 0;
}

void tractive_ground_free(tractive_ground* ground) { delete ground; }

tractive_status tractive_vehicle_create(const tractive_car* car, const tractive_ground* ground, const tractive_start* start,
                                        tractive_transmission transmission, tractive_vehicle** out) {
    if (!car || !ground || !out) return fail(TRACTIVE_BAD_INPUT, "tractive_vehicle_create: car, ground and out must not be NULL");
    *out = nullptr;
    if (transmission < TRACTIVE_TRANSMISSION_OF_CAR || transmission > TRACTIVE_TRANSMISSION_AUTOMATIC) {
        return fail(TRACTIVE_BAD_INPUT, "tractive_vehicle_create: transmission TRACTIVE_TRANSMISSION_OF_CAR, _MANUAL, _SEQUENTIAL or _AUTOMATIC (0-3)");
    }
    tractive_start start_known{};
    if (start && !read_sized(start, start_known, "tractive_vehicle_create", "tractive_start")) return TRACTIVE_BAD_INPUT;
    return guarded([&] {
        tractive::VehicleOptions options;
        options.start = initial(start ? &start_known : nullptr);
        if (transmission != TRACTIVE_TRANSMISSION_OF_CAR) {
            tractive::ControlSettings c = tractive::control_settings_for(car->spec);
            c.mode = transmission == TRACTIVE_TRANSMISSION_MANUAL
                         ? tractive::ShiftMode::Manual
                         : (transmission == TRACTIVE_TRANSMISSION_SEQUENTIAL ? tractive::ShiftMode::Sequential : tractive::ShiftMode::Automatic);
            options.control = c;
        }
        *out = new tractive_vehicle{std::make_unique<tractive::Vehicle>(car->spec, ground->ground, options)};
        return TRACTIVE_OK;
    });
}

void tractive_vehicle_free(tractive_vehicle* vehicle) { delete vehicle; }

tractive_status tractive_vehicle_update(tractive_vehicle* vehicle, double dt_s, const tractive_input* caller_input, int* internal_steps) {
    if (internal_steps) *internal_steps = 0;
    if (!vehicle || !caller_input) return fail(TRACTIVE_BAD_INPUT, "tractive_vehicle_update: vehicle and input must not be NULL");
    if (!(dt_s >= 0.0) || !std::isfinite(dt_s)) return fail(TRACTIVE_BAD_INPUT, "tractive_vehicle_update: dt_s must be a finite number >= 0");
    tractive_input known{};
    if (!read_sized(caller_input, known, "tractive_vehicle_update", "tractive_input")) return TRACTIVE_BAD_INPUT;
    return guarded([&] {
        const tractive::UpdateResult r = vehicle->vehicle->update(dt_s, driver_input(known));
        if (internal_steps) *internal_steps = r.internal_steps;
        if (r.step_failed) {
            return fail(TRACTIVE_FAILED, fmt::format("tractive_vehicle_update: an internal step ended in a state no car can have ({}: a "
                                                     "force or impulse the car cannot take?): the vehicle was kept at its last good state",
                                                     vehicle->vehicle->last_failure()));
        }
        return TRACTIVE_OK;
    });
}

tractive_status tractive_vehicles_update(tractive_vehicle* const* vehicles, size_t count, double dt_s, const tractive_input* const* inputs,
                                        int* internal_steps) {
    if (internal_steps)
        for (std::size_t k = 0; k < count; ++k) internal_steps[k] = 0;
    if (count > 0 && (!vehicles || !inputs)) return fail(TRACTIVE_BAD_INPUT, "tractive_vehicles_update: vehicles and inputs must not be NULL");
    if (!(dt_s >= 0.0) || !std::isfinite(dt_s)) return fail(TRACTIVE_BAD_INPUT, "tractive_vehicles_update: dt_s must be a finite number >= 0");
    // Everything checked before any vehicle steps.
    for (std::size_t k = 0; k < count; ++k) {
        if (!vehicles[k] || !inputs[k])
            return fail(TRACTIVE_BAD_INPUT, fmt::format("tractive_vehicles_update: vehicles[{}] and inputs[{}] must not be NULL", k, k));
        tractive_input known{};
        if (!read_sized(inputs[k], known, "tractive_vehicles_update", "tractive_input")) return TRACTIVE_BAD_INPUT;
        for (std::size_t j = k - k % tractive::detail::kCarsInGroup; j < k; ++j)
            if (vehicles[j] == vehicles[k])
                return fail(TRACTIVE_BAD_INPUT, fmt::format("tractive_vehicles_update: vehicles[{}] is vehicles[{}] (a vehicle twice in one four of "
                                                            "vehicles[4k] to vehicles[4k + 3])", k, j));
    }
    return guarded([&] {
        // Four at a time, on the stack (no allocation): update_together takes them so.
        constexpr std::size_t kFour = tractive::detail::kCarsInGroup;
        std::string failed;  // "vehicles[2], vehicles[5]": every vehicle whose step failed
        for (std::size_t first = 0; first < count; first += kFour) {
            const std::size_t n = std::min(count - first, kFour);
            std::array<tractive::Vehicle*, kFour> cars;
            std::array<tractive::DriverInput, kFour> in;
            std::array<tractive::UpdateResult, kFour> results;
            for (std::size_t k = 0; k < n; ++k) {
                tractive_input known{};
                read_sized(inputs[first + k], known, "tractive_vehicles_update", "tractive_input");
                cars[k] = vehicles[first + k]->vehicle.get();
                in[k] = driver_input(known);
            }
            tractive::update_together(std::span(cars.data(), n), dt_s, std::span(in.data(), n), std::span(results.data(), n));
            for (std::size_t k = 0; k < n; ++k) {
                if (internal_steps) internal_steps[first + k] = results[k].internal_steps;
                if (results[k].step_failed)
                    failed += fmt::format("{}vehicles[{}] ({})", failed.empty() ? "" : ", ", first + k, cars[k]->last_failure());
            }
        }
        if (!failed.empty()) {
            return fail(TRACTIVE_FAILED, fmt::format("tractive_vehicles_update: an internal step of {} ended in a state no car can "
                                                     "have (a force or impulse the car cannot take?): each was kept at its last good state",
                                                     failed));
        }
        return TRACTIVE_OK;
    });
}

namespace {
// A pose the enumeration names (a cast integer may not).
bool pose_ok(tractive_pose pose, const char* function) {
    if (pose == TRACTIVE_POSE_LAST_STEP || pose == TRACTIVE_POSE_INTERPOLATED) return true;
    fail(TRACTIVE_BAD_INPUT, fmt::format("{}: pose TRACTIVE_POSE_LAST_STEP or TRACTIVE_POSE_INTERPOLATED (0-1), not {}", function,
                                         static_cast<int>(pose)));
    return false;
}
}  // namespace

tractive_status tractive_vehicle_state(const tractive_vehicle* vehicle, tractive_pose pose, tractive_body_state* caller_out) {
    if (!vehicle || !caller_out) return fail(TRACTIVE_BAD_INPUT, "tractive_vehicle_state: vehicle and out must not be NULL");
    if (!pose_ok(pose, "tractive_vehicle_state")) return TRACTIVE_BAD_INPUT;
    if (!out_size_ok(caller_out, "tractive_vehicle_state", "tractive_body_state")) return TRACTIVE_BAD_INPUT;
    return guarded([&] {
        tractive_body_state state{};
        tractive_body_state* out = &state;
        const tractive::Vehicle& v = *vehicle->vehicle;
        const tractive::VehicleState& s = v.state();
        const tractive::Pose p = v.body_pose(pose != TRACTIVE_POSE_LAST_STEP);
        out->time_s = s.time_s;
        put(p.position_m, out->position_m);
        put(p.orientation, out->orientation_wxyz);
        put(s.velocity_m_per_s, out->velocity_m_per_s);
        put(s.angular_velocity_rad_per_s, out->angular_velocity_rad_per_s);
        out->speed_kmh = 3.6 * tractive::speed_m_per_s(s);
        out->engine_rpm = tractive::engine_rpm(s);
        out->gear = s.gear;
        out->engine_running = s.engine_running ? 1 : 0;
        write_sized(state, caller_out);
        return TRACTIVE_OK;
    });
}

tractive_status tractive_vehicle_wheel(const tractive_vehicle* vehicle, tractive_wheel wheel, tractive_pose pose,
                                       tractive_wheel_state* caller_out) {
    if (!vehicle || !caller_out) return fail(TRACTIVE_BAD_INPUT, "tractive_vehicle_wheel: vehicle and out must not be NULL");
    if (wheel < TRACTIVE_WHEEL_FRONT_LEFT || wheel > TRACTIVE_WHEEL_REAR_RIGHT) {
        return fail(TRACTIVE_BAD_INPUT, "tractive_vehicle_wheel: wheel TRACTIVE_WHEEL_FRONT_LEFT, _FRONT_RIGHT, _REAR_LEFT or _REAR_RIGHT (0-3)");
    }
    if (!pose_ok(pose, "tractive_vehicle_wheel")) return TRACTIVE_BAD_INPUT;
    if (!out_size_ok(caller_out, "tractive_vehicle_wheel", "tractive_wheel_state")) return TRACTIVE_BAD_INPUT;
    return guarded([&] {
        tractive_wheel_state state{};
        tractive_wheel_state* out = &state;
        const tractive::Vehicle& v = *vehicle->vehicle;
        const tractive::WheelPose w = v.wheel_pose(wheel, pose != TRACTIVE_POSE_LAST_STEP);
        const tractive::WheelOutputs& o = v.state().wheel_outputs[wheel];
        put(w.pose.position_m, out->position_m);
        put(w.pose.orientation, out->orientation_wxyz);
        put(w.contact_point_m, out->contact_point_m);
        put(w.contact_normal, out->contact_normal);
        out->in_contact = w.in_contact ? 1 : 0;
        out->load_n = o.fz_n;
        out->slip_ratio = o.slip_ratio;
        out->slip_angle_rad = o.slip_angle_rad;
        out->steer_rad = o.steer_rad;
        out->spin_rad_per_s = v.state().wheels[wheel].spin_rad_per_s;
        write_sized(state, caller_out);
        return TRACTIVE_OK;
    });
}

tractive_status tractive_vehicle_add_force(tractive_vehicle* vehicle, const double force_n[3], const double point_m[3]) {
    return add_at(vehicle, force_n, point_m, "tractive_vehicle_add_force",
                  [](tractive::Vehicle& v, const tractive::Vec3& f, const tractive::Vec3& p) { v.add_force(f, p); });
}

tractive_status tractive_vehicle_add_impulse(tractive_vehicle* vehicle, const double impulse_ns[3], const double point_m[3]) {
    return add_at(vehicle, impulse_ns, point_m, "tractive_vehicle_add_impulse",
                  [](tractive::Vehicle& v, const tractive::Vec3& j, const tractive::Vec3& p) { v.add_impulse(j, p); });
}

tractive_status tractive_vehicle_reset(tractive_vehicle* vehicle, const tractive_start* start) {
    if (!vehicle) return fail(TRACTIVE_BAD_INPUT, "tractive_vehicle_reset: vehicle must not be NULL");
    tractive_start known{};
    if (start && !read_sized(start, known, "tractive_vehicle_reset", "tractive_start")) return TRACTIVE_BAD_INPUT;
    return guarded([&] {
        vehicle->vehicle->reset(initial(start ? &known : nullptr));
        return TRACTIVE_OK;
    });
}

}  // extern "C"
