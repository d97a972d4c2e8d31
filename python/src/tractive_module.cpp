// The Python module's compiled part, `tractive._tractive` (docs/python.md). The package
// `tractive` (python/tractive/__init__.py) re-exports it with a few Python-side conveniences.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <numbers>
#include <sstream>
#include <toml++/toml.h>

#include "tractive/analysis/kinematics.hpp"
#include "tractive/analysis/maneuvers.hpp"
#include "tractive/analysis/standard_tests.hpp"
#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/host/batch.hpp"
#include "tractive/host/vehicle.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/car_parameters.hpp"
#include "tractive/spec/parameter_table.hpp"
#include "tractive/telemetry/controls_csv.hpp"
#include "tractive/telemetry/controls_run.hpp"
#include "tractive/io/ground_loader.hpp"
#include "tractive/telemetry/telemetry_csv.hpp"
#include "tractive/world/road_ground.hpp"

namespace py = pybind11;
using namespace tractive;

namespace {

// A car: its TOML text (so that any parameter can be read and changed by key) and the spec it loads to.
struct Car {
    CarText text;
    VehicleSpec spec;
};

Car load(const std::filesystem::path& path, const std::string& data_root, const std::string& vdrift_tyres) {
    LoadOptions o;
    o.data_root = data_root;
    if (vdrift_tyres == "tiren") o.vdrift_tyre_files = LoadOptions::VDriftTyreFiles::TyreN;
    else if (vdrift_tyres == "tirep") o.vdrift_tyre_files = LoadOptions::VDriftTyreFiles::TyreP;
    else if (vdrift_tyres != "tire") throw std::invalid_argument("vdrift_tyres: expected 'tire', 'tiren' or 'tirep'");
    Car car{car_text(path, o), {}};
    car.spec = load_toml_car(car.text.toml, car.text.path).spec;
    return car;
}

// A TOML value as a Python value: numbers as float, booleans, strings, arrays as lists.
py::object to_python(const toml::node& n) {
    if (const auto* i = n.as_integer()) return py::float_(static_cast<double>(i->get()));
    if (const auto* f = n.as_floating_point()) return py::float_(f->get());
    if (const auto* b = n.as_boolean()) return py::bool_(b->get());
    if (const auto* s = n.as_string()) return py::str(s->get());
    if (const auto* a = n.as_array()) {
        py::list l;
        for (const toml::node& e : *a) l.append(to_python(e));
        return l;
    }
    if (const auto* table = n.as_table()) {
        py::dict d;
        for (const auto& [key, value] : *table) d[py::str(std::string(key.str()))] = to_python(value);
        return d;
    }
    std::ostringstream out;
    n.visit([&](const auto& v) { out << v; });
    return py::str(out.str());
}

// A Python value as TOML value text.
std::string to_toml(const py::handle& v) {
    if (py::isinstance<py::bool_>(v)) return v.cast<bool>() ? "true" : "false";
    if (py::isinstance<py::int_>(v) || py::isinstance<py::float_>(v)) {
        const double x = v.cast<double>();
        if (!std::isfinite(x)) throw std::invalid_argument(fmt::format("expected a finite number, got {}", x));
        return fmt::format("{}", x);
    }
    if (py::isinstance<py::str>(v)) {
        std::ostringstream out;
        out << toml::value<std::string>(v.cast<std::string>());
        return out.str();
    }
    if (py::isinstance<py::sequence>(v)) {
        std::string s = "[";
        bool first = true;
        for (const py::handle e : v.cast<py::sequence>()) {
            s += (first ? "" : ", ") + to_toml(e);
            first = false;
        }
        return s + "]";
    }
    throw std::invalid_argument("expected a number, a bool, a string or a list");
}

// A value, a list, or a table (a dict) as get_car_parameter writes it: a table's text is a TOML
// document of its own, not a value.
py::object get_parameter(const Car& car, const std::string& key) {
    const std::string text = get_car_parameter(car.text, key);
    try {
        const toml::table t = toml::parse("value = " + text);
        return to_python(*t.get("value"));
    } catch (const toml::parse_error&) {
    }
    try {
        return to_python(toml::parse(text));
    } catch (const toml::parse_error& e) {
        throw LoadError({car.text.path.string(), 0}, key, fmt::format("its value could not be read back: {}", e.description()));
    }
}

void set_parameter(Car& car, const std::string& key, const py::handle& value) {
    std::string value_toml;
    try {
        value_toml = to_toml(value);
    } catch (const std::invalid_argument& e) {
        throw LoadError({car.text.path.string(), 0}, key, e.what());
    }
    CarText changed = set_car_parameter(car.text, key, value_toml);
    car.spec = load_toml_car(changed.toml, changed.path).spec;
    car.text = std::move(changed);
}

ShiftMode mode_of(const std::string& m, ShiftMode car_mode) {
    if (m.empty()) return car_mode;
    if (const auto mode = shift_mode_from_string(m)) return *mode;
    throw std::invalid_argument(fmt::format("mode: expected 'manual', 'sequential' or 'automatic', got '{}'", m));
}

ControlSettings settings_for(const VehicleSpec& spec, const std::string& mode, std::optional<bool> abs, std::optional<bool> tcs,
                             std::optional<bool> esc) {
    return {mode_of(mode, spec.transmission.mode),
            {abs.value_or(spec.driver_aids.abs), tcs.value_or(spec.driver_aids.tcs), esc.value_or(spec.driver_aids.esc)}};
}

std::shared_ptr<const Ground> ground_or_road(std::shared_ptr<const Ground> g) { return g ? g : std::make_shared<RoadGround>(RoadSpec{}); }

py::array_t<double> vec(const Vec3& v) { return py::array_t<double>(3, std::array<double, 3>{v.x, v.y, v.z}.data()); }

py::dict state_dict(const Vehicle& v) {
    const VehicleState& s = v.state();
    py::dict d;
    d["time_s"] = s.time_s;
    d["position_m"] = vec(s.position_m);
    d["velocity_m_per_s"] = vec(s.velocity_m_per_s);
    d["orientation_wxyz"] = py::array_t<double>(4, std::array<double, 4>{s.orientation.w, s.orientation.x, s.orientation.y, s.orientation.z}.data());
    d["angular_velocity_rad_per_s"] = vec(s.angular_velocity_rad_per_s);
    const EulerAngles e = euler_zyx(s.orientation);
    d["yaw_rad"] = e.yaw;
    d["pitch_rad"] = e.pitch;
    d["roll_rad"] = e.roll;
    d["speed_m_per_s"] = speed_m_per_s(s);
    d["engine_rpm"] = engine_rpm(s);
    d["engine_running"] = s.engine_running;
    d["gear"] = s.gear;
    d["fuel_l"] = s.fuel_volume_m3 * 1000.0;
    return d;
}

py::dict wheels_dict(const Vehicle& v) {
    const VehicleState& s = v.state();
    const auto column = [&](auto f) {
        py::array_t<double> a(4);
        auto m = a.mutable_unchecked<1>();
        for (int i = 0; i < 4; ++i) m(i) = f(i);
        return a;
    };
    py::dict d;
    d["spin_rad_per_s"] = column([&](int i) { return s.wheels[static_cast<std::size_t>(i)].spin_rad_per_s; });
    d["travel_m"] = column([&](int i) { return s.wheels[static_cast<std::size_t>(i)].travel_m; });
    d["slip_ratio"] = column([&](int i) { return s.wheel_outputs[static_cast<std::size_t>(i)].slip_ratio; });
    d["slip_angle_rad"] = column([&](int i) { return s.wheel_outputs[static_cast<std::size_t>(i)].slip_angle_rad; });
    d["fx_n"] = column([&](int i) { return s.wheel_outputs[static_cast<std::size_t>(i)].fx_n; });
    d["fy_n"] = column([&](int i) { return s.wheel_outputs[static_cast<std::size_t>(i)].fy_n; });
    d["fz_n"] = column([&](int i) { return s.wheel_outputs[static_cast<std::size_t>(i)].fz_n; });
    d["steer_rad"] = column([&](int i) { return s.wheel_outputs[static_cast<std::size_t>(i)].steer_rad; });
    d["steer_torque_nm"] = column([&](int i) { return s.wheel_outputs[static_cast<std::size_t>(i)].steering_axis_torque_nm; });
    return d;
}

InitialConditions start_at(double x, double y, double heading_deg, double speed_kmh, int gear) {
    InitialConditions ic;
    ic.x_m = x;
    ic.y_m = y;
    ic.heading_rad = heading_deg * std::numbers::pi / 180.0;
    ic.speed_m_per_s = speed_kmh / 3.6;
    ic.gear = gear;
    return ic;
}

// Telemetry CSV text as columns: numbers as float arrays, the text column as a list of str.
py::dict columns_of(const std::string& csv) {
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line);
    std::vector<std::string> names;
    for (std::size_t at = 0;;) {
        const auto comma = line.find(',', at);
        names.push_back(line.substr(at, comma - at));
        if (comma == std::string::npos) break;
        at = comma + 1;
    }
    std::vector<std::vector<std::string>> cells(names.size());
    while (std::getline(in, line)) {
        std::size_t at = 0;
        for (std::size_t c = 0; c < names.size(); ++c) {
            const auto comma = line.find(',', at);
            cells[c].push_back(line.substr(at, comma - at));
            at = comma == std::string::npos ? line.size() : comma + 1;
        }
    }
    py::dict d;
    for (std::size_t c = 0; c < names.size(); ++c) {
        if (names[c] == "clutch_phase") {
            d[py::str(names[c])] = py::cast(cells[c]);
            continue;
        }
        py::array_t<double> a(static_cast<py::ssize_t>(cells[c].size()));
        auto m = a.mutable_unchecked<1>();
        for (std::size_t r = 0; r < cells[c].size(); ++r) m(static_cast<py::ssize_t>(r)) = std::stod(cells[c][r]);
        d[py::str(names[c])] = a;
    }
    return d;
}

// A run with time-stamped controls through the control layer: the library's run_controls, as
// `tractive run` drives it (the vehicle, the control layer and the driver's columns).
py::dict run(const Car& car, const std::string& controls_csv, double duration_s, double interval_s, const std::string& mode,
             std::optional<bool> abs, std::optional<bool> tcs, std::optional<bool> esc, std::shared_ptr<const Ground> ground) {
    const std::vector<TimedControls> rows = parse_controls_csv(controls_csv, "controls");
    if (!(interval_s >= StepSettings{}.internal_step_s * (1.0 - 1e-6)) || !std::isfinite(interval_s)) {
        throw std::invalid_argument("interval_s: expected at least the internal step (0.008 s)");
    }
    if (std::isnan(duration_s) || std::isinf(duration_s)) throw std::invalid_argument("duration_s: expected a finite number of seconds");
    const double end_s = duration_s >= 0.0 ? duration_s : rows.back().time_s;
    if (!std::isfinite(end_s)) throw std::invalid_argument("duration_s: expected a finite number of seconds");
    constexpr double kMaxRows = 1e6;  // as the Python side's MAX_RUN_ROWS
    if (end_s / interval_s + 1.0 > kMaxRows) {
        throw std::invalid_argument(fmt::format("duration_s: {} s at {} s a row is {:.0f} rows: expected at most 1,000,000", end_s, interval_s,
                                                end_s / interval_s + 1.0));
    }
    ControlsRunSettings settings;
    settings.control = settings_for(car.spec, mode, abs, tcs, esc);
    settings.duration_s = end_s;
    settings.interval_s = interval_s;
    std::string csv;
    {
        py::gil_scoped_release unlocked;
        run_controls(car.spec, ground_or_road(std::move(ground)), rows, settings, [&](std::string_view text) { csv += text; });
    }
    return columns_of(csv);
}

// A test's or manoeuvre's outcome: {'status', 'passed', 'reason', metric: value, ...}. A failed
// one's figures are not the car's (as `tractive test --json`): None, and what was measured before
// the failure kept apart under 'measured_before_failure'.
py::dict outcome(TestStatus status, bool passed, const std::string& reason, const std::vector<StandardTestMetric>& metrics) {
    py::dict d;
    d["status"] = to_string(status);
    d["passed"] = passed;
    d["reason"] = reason;
    py::dict before;
    for (const StandardTestMetric& m : metrics) {
        // A figure that is not a number is None, as JSON's null in `tractive test --json`.
        const py::object value = std::isfinite(m.value) ? py::object(py::float_(m.value)) : py::object(py::none());
        d[py::str(m.name)] = passed ? value : py::none();
        before[py::str(m.name)] = value;
    }
    if (!passed) d["measured_before_failure"] = before;
    return d;
}

py::dict run_tests(const Car& car, std::optional<std::vector<std::string>> names, std::shared_ptr<const Ground> ground, bool telemetry,
                   double telemetry_interval_s) {
    const std::vector<std::string> tests = names.value_or(standard_test_names());
    for (const std::string& t : tests) {
        if (!is_standard_test(t)) run_standard_test(t, car.spec);  // throws with the valid names
    }
    StandardTestOptions o;
    o.ground = std::move(ground);
    o.record_telemetry = telemetry;
    o.telemetry_interval_s = telemetry_interval_s;
    std::vector<StandardTestResult> results;
    {
        py::gil_scoped_release unlocked;
        for (const std::string& t : tests) results.push_back(run_standard_test(t, car.spec, o));
    }
    py::dict out;
    for (const StandardTestResult& r : results) {
        py::dict d = outcome(r.status, r.passed(), r.reason, r.metrics);
        if (telemetry) {  // each run of the test ("braking", "braking-noabs") as columns
            py::dict runs;
            for (const StandardTestTelemetry& t : r.telemetry) runs[py::str(t.variant)] = columns_of(t.csv);
            d["telemetry"] = runs;
        }
        out[py::str(r.test)] = d;
    }
    return out;
}

// A handling manoeuvre (docs/maneuvers.md), as `tractive run --maneuver` drives it: {'status',
// 'passed', 'reason', metric: value, ..., 'telemetry': columns (with telemetry=True)}.
py::dict run_maneuver_py(const Car& car, const std::string& name, double speed_kmh, double radius_m, bool telemetry,
                         double telemetry_interval_s, std::optional<bool> abs, std::optional<bool> tcs, std::optional<bool> esc) {
    VehicleSpec spec = car.spec;  // the aids the manoeuvre drives with: the car's, or as asked
    spec.driver_aids.abs = abs.value_or(spec.driver_aids.abs);
    spec.driver_aids.tcs = tcs.value_or(spec.driver_aids.tcs);
    spec.driver_aids.esc = esc.value_or(spec.driver_aids.esc);
    ManeuverOptions o;
    o.speed_kmh = speed_kmh;
    o.radius_m = radius_m;
    o.telemetry_interval_s = telemetry_interval_s;
    ManeuverResult r;
    {
        py::gil_scoped_release unlocked;
        r = run_maneuver(name, spec, o);  // std::invalid_argument (ValueError) for an unknown name or option
    }
    py::dict d = outcome(r.status, r.passed(), r.reason, r.metrics);
    if (telemetry) d["telemetry"] = columns_of(r.telemetry_csv);
    return d;
}

// A RuntimeWarning when an update stopped at StepSettings::max_internal_steps_per_call and let
// the rest of dt go (a dt of more than 100 s at the default 8 ms step): time simulated is not time
// asked for, and Python should hear of it.
void warn_of_dropped_time(const char* who, const UpdateResult& r, const StepSettings& s) {
    if (!(r.dropped_time_s > 0.0)) return;
    const std::string message = fmt::format("{}: {:.6g} s of dt not simulated: an update takes at most {} internal steps ({:.6g} s); "
                                            "call it again for the rest",
                                            who, r.dropped_time_s, s.max_internal_steps_per_call,
                                            s.max_internal_steps_per_call * s.internal_step_s);
    if (PyErr_WarnEx(PyExc_RuntimeWarning, message.c_str(), 1) != 0) throw py::error_already_set();
}

// The batch from Python: numpy in and out, the GIL released while the cars step.
std::string shape_text(const py::array& a) {
    std::string s = "(";
    for (py::ssize_t i = 0; i < a.ndim(); ++i) s += fmt::format("{}{}", i ? ", " : "", a.shape(i));
    return s + ")";
}

// update_together's inputs: an (N, 6) array in ACTION_COLUMNS' order (as Batch.step takes), or a
// dict of Vehicle.update's keywords per vehicle.
std::vector<DriverInput> inputs_for(std::size_t n, const py::object& inputs) {
    std::vector<DriverInput> in(n);
    if (py::isinstance<py::array>(inputs)) {
        const auto a = inputs.cast<py::array_t<double, py::array::c_style | py::array::forcecast>>();
        if (a.ndim() != 2 || a.shape(0) != static_cast<py::ssize_t>(n) || a.shape(1) != kBatchActionCount) {
            throw py::value_error(fmt::format("inputs: expected an array of shape ({}, {}) (throttle, brake, clutch, steering, handbrake, gear), "
                                              "got {}", n, static_cast<int>(kBatchActionCount), shape_text(a)));
        }
        for (std::size_t k = 0; k < n; ++k) {
            const double* row = a.data() + k * kBatchActionCount;
            const double gear = std::isfinite(row[kActionGear]) ? std::clamp(row[kActionGear], -1e6, 1e6) : 0.0;
            in[k] = DriverInput{row[kActionThrottle], row[kActionBrake], row[kActionClutch], row[kActionSteering], row[kActionHandbrake],
                                static_cast<int>(std::lround(gear))};
        }
        return in;
    }
    const auto dicts = inputs.cast<py::sequence>();
    if (py::len(dicts) != n) throw py::value_error(fmt::format("inputs: expected one per vehicle ({}), got {}", n, py::len(dicts)));
    for (std::size_t k = 0; k < n; ++k) {
        DriverInput& d = in[k];
        if (!py::isinstance<py::dict>(dicts[k])) {
            throw py::type_error(fmt::format("inputs[{}]: expected a dict of Vehicle.update's keywords, got {}", k,
                                             py::str(py::type::of(dicts[k]).attr("__name__")).cast<std::string>()));
        }
        for (const auto& [key_object, value] : dicts[k].cast<py::dict>()) {
            const std::string key = py::str(key_object);
            // As Vehicle.update's keywords take them (numpy's numbers too): a number, an int for
            // the gear, a bool; anything else a TypeError naming the vehicle and the key.
            const auto as = [&]<class T>(T& out, const char* kind) {
                try {
                    out = value.cast<T>();
                } catch (const py::cast_error&) {
                    throw py::type_error(fmt::format("inputs[{}]['{}']: expected {}, got {}", k, key, kind,
                                                     py::str(py::type::of(value).attr("__name__")).cast<std::string>()));
                }
            };
            if (key == "throttle") as(d.throttle, "a number");
            else if (key == "brake") as(d.brake, "a number");
            else if (key == "clutch") as(d.clutch, "a number");
            else if (key == "steering") as(d.steering, "a number");
            else if (key == "handbrake") as(d.handbrake, "a number");
            else if (key == "gear") as(d.gear_lever, "an int");
            else if (key == "shift_up") as(d.shift_up, "a bool");
            else if (key == "shift_down") as(d.shift_down, "a bool");
            else if (key == "start_engine") as(d.start_engine, "a bool");
            else
                throw py::value_error(fmt::format("inputs[{}]: unknown key '{}' (expected throttle, brake, clutch, steering, handbrake, gear, "
                                                  "shift_up, shift_down, start_engine: Vehicle.update's)", k, key));
        }
    }
    return in;
}

class PyBatch {
public:
    PyBatch(const py::sequence& cars, int threads, std::shared_ptr<const Ground> ground, double target_speed_m_per_s, double horizon_s,
            double control_interval_s, const std::string& mode)
        : batch_(make_batch(cars, std::move(ground), options(threads, target_speed_m_per_s, horizon_s, control_interval_s, mode))) {}

    [[nodiscard]] int num_envs() const { return batch_.size(); }

    // Gymnasium's reset(seed, options): options={"reset_mask": (N,) bools} resets only those cars.
    py::tuple reset(std::optional<std::uint64_t> seed, std::optional<py::dict> options) {
        py::array_t<double> obs({num_envs(), static_cast<int>(kBatchObservationCount)});
        // Gymnasium's seeding: reset(seed=s) starts the stream at s, and each reset without a
        // seed takes the next number of that stream.
        const std::uint64_t s = seed.value_or(next_seed_);
        next_seed_ = s + 1;
        std::vector<std::uint8_t> mask;
        if (options) {
            for (const auto& [key, value] : *options) {
                if (py::str(key).cast<std::string>() != "reset_mask") {
                    throw std::invalid_argument(fmt::format("options: unknown key '{}': expected 'reset_mask'", py::str(key).cast<std::string>()));
                }
                const auto m = py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(value);
                if (!m || m.ndim() != 1 || m.shape(0) != num_envs()) {
                    throw std::invalid_argument(fmt::format("options['reset_mask']: expected {} booleans, one per car", num_envs()));
                }
                for (int i = 0; i < num_envs(); ++i) mask.push_back(m.data()[i] ? 1 : 0);
            }
        }
        {
            py::gil_scoped_release unlocked;
            batch_.reset(s, obs.mutable_data(), mask.empty() ? nullptr : mask.data());
        }
        return py::make_tuple(obs, py::dict());
    }

    py::tuple step(const py::array_t<double, py::array::c_style | py::array::forcecast>& actions) {
        const int n = num_envs();
        if (actions.ndim() != 2 || actions.shape(0) != n || actions.shape(1) != kBatchActionCount) {
            throw std::invalid_argument(fmt::format("actions: expected an array of shape ({}, {}) (throttle, brake, clutch, steering, handbrake, gear), got {}",
                                                    n, static_cast<int>(kBatchActionCount), shape_text(actions)));
        }
        py::array_t<double> obs({n, static_cast<int>(kBatchObservationCount)}), final_obs({n, static_cast<int>(kBatchObservationCount)});
        py::array_t<double> rewards(n);
        py::array_t<bool> terminated(n), truncated(n);
        std::vector<std::uint8_t> term(static_cast<std::size_t>(n)), trunc(static_cast<std::size_t>(n));
        std::fill(final_obs.mutable_data(), final_obs.mutable_data() + final_obs.size(), std::nan(""));
        {
            py::gil_scoped_release unlocked;
            batch_.step(actions.data(), obs.mutable_data(), rewards.mutable_data(), term.data(), trunc.data(), final_obs.mutable_data());
        }
        py::array_t<bool> ended(n);
        for (int i = 0; i < n; ++i) {
            terminated.mutable_data()[i] = term[static_cast<std::size_t>(i)] != 0;
            truncated.mutable_data()[i] = trunc[static_cast<std::size_t>(i)] != 0;
            ended.mutable_data()[i] = term[static_cast<std::size_t>(i)] != 0 || trunc[static_cast<std::size_t>(i)] != 0;
        }
        py::dict infos;
        infos["final_observation"] = final_obs;
        infos["_final_observation"] = ended;
        return py::make_tuple(obs, rewards, terminated, truncated, infos);
    }

    // The C++ loop alone, for the benchmark: `steps` steps with fixed actions, no Python between them.
    double cpp_steps_per_s(const py::array_t<double, py::array::c_style | py::array::forcecast>& actions, int steps) {
        const int n = num_envs();
        std::vector<double> obs(static_cast<std::size_t>(n * kBatchObservationCount)), fin(obs.size()), rewards(static_cast<std::size_t>(n));
        std::vector<std::uint8_t> term(static_cast<std::size_t>(n)), trunc(static_cast<std::size_t>(n));
        py::gil_scoped_release unlocked;
        const auto t0 = std::chrono::steady_clock::now();
        for (int k = 0; k < steps; ++k) batch_.step(actions.data(), obs.data(), rewards.data(), term.data(), trunc.data(), fin.data());
        return steps / std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }

private:
    // The cars as given (Car objects, not copied); one Car N times ([car] * N) is built once.
    static VehicleBatch make_batch(const py::sequence& cars, std::shared_ptr<const Ground> ground, const BatchOptions& o) {
        std::vector<const Car*> given;
        for (const py::handle item : cars) {
            if (!py::isinstance<Car>(item)) throw py::type_error("cars: expected a list of tractive.Car (tractive.load_car)");
            given.push_back(&item.cast<const Car&>());
        }
        if (given.empty()) throw std::invalid_argument("cars: expected at least one car");
        if (std::all_of(given.begin(), given.end(), [&](const Car* c) { return c == given.front(); })) {
            return VehicleBatch(given.front()->spec, static_cast<int>(given.size()), std::move(ground), o);
        }
        std::vector<VehicleSpec> specs;
        for (const Car* c : given) specs.push_back(c->spec);
        return VehicleBatch(specs, std::move(ground), o);
    }
    static BatchOptions options(int threads, double target, double horizon, double interval, const std::string& mode) {
        BatchOptions o;
        o.threads = threads;
        o.task.target_speed_m_per_s = target;
        o.task.horizon_s = horizon;
        o.task.control_interval_s = interval;
        o.control.mode = mode_of(mode, ShiftMode::Automatic);
        return o;
    }
    VehicleBatch batch_;
    std::uint64_t next_seed_ = 0;
};

}  // namespace

PYBIND11_MODULE(_tractive, m) {
    m.doc() = "tractive: vehicle dynamics (docs/python.md)";
    py::register_exception<LoadError>(m, "LoadError", PyExc_ValueError);

    m.def(
        "car_parameters",
        [] {
            py::list out;
            for (const ParameterGroup& g : car_parameter_reference()) {
                for (const ParameterRow& r : g.rows) {
                    py::dict d;
                    d["table"] = g.table;
                    d["when"] = g.when;
                    d["key"] = r.key;
                    d["unit"] = r.unit;
                    d["required"] = r.required;
                    d["default"] = r.default_value;
                    d["accepted"] = r.accepted;
                    d["meaning"] = r.meaning;
                    d["vdrift_key"] = r.vdrift_key;
                    out.append(d);
                }
            }
            return out;
        },
        "Every key of the TOML car format, one dict per key (table, when, key, unit, required, default, accepted, meaning, "
        "vdrift_key): the parameter tables that docs/car-format.md's reference is generated from");

    py::class_<Car>(m, "Car", "A car: its parameters by dotted TOML key (docs/car-format.md) and the spec they load to")
        .def("get", &get_parameter, py::arg("key"), "The value at a dotted key, e.g. 'wheels.front.suspension.spring_n_per_m'")
        .def("set", &set_parameter, py::arg("key"), py::arg("value"), "Sets a dotted key, checked as the loader checks a file (LoadError)")
        .def_property_readonly("toml", [](const Car& c) { return c.text.toml; }, "The car in tractive's TOML format")
        .def_property_readonly("path", [](const Car& c) { return c.text.path; })
        .def_property_readonly("name", [](const Car& c) { return c.spec.name; })
        .def_property_readonly("forward_gears", [](const Car& c) { return c.spec.transmission.forward_ratios.size(); })
        .def("summary", [](const Car& c) {
            const VehicleSummary s = summarize(c.spec);
            py::dict d;
            d["mass_kg"] = s.mass_kg;
            d["front_axle_load_fraction"] = s.front_axle_load_fraction;
            d["wheelbase_m"] = s.wheelbase_m;
            d["peak_torque_nm"] = s.peak_torque_nm;
            d["peak_power_w"] = s.peak_power_w;
            d["redline_rpm"] = s.redline_rpm;
            d["power_limited_top_speed_kmh"] = s.power_limited_top_speed_kmh;
            // The body's collision shape, as `tractive info --json` gives it.
            py::dict shape;
            shape["source"] = s.body_shape_source;
            shape["spheres"] = s.body_sphere_count;
            shape["ground_clearance_m"] = s.body_ground_clearance_m;
            d["body_shape"] = shape;
            return d;
        })
        .def("copy", [](const Car& c) { return c; })
        .def("__repr__", [](const Car& c) { return fmt::format("<tractive.Car '{}' from {}>", c.spec.name, c.text.path.string()); });

    m.def("load_car", &load, py::arg("path"), py::arg("data_root") = "", py::arg("vdrift_tyres") = "tire",
          "A car from a file: tractive TOML, VDrift .car (current or 2009)");
    m.def(
        "car_from_toml",
        [](const std::string& text, const std::filesystem::path& path) {
            Car car{{text, path}, load_toml_car(text, path).spec};
            return car;
        },
        py::arg("text"), py::arg("path") = "car.toml", "A car from TOML text (path anchors its tyre files and names it in errors)");

    py::class_<Ground, std::shared_ptr<Ground>>(m, "Ground", "A ground to drive on (docs/grounds.md)");
    m.def(
        "load_ground", [](const std::filesystem::path& path) { return std::const_pointer_cast<Ground>(load_ground(path).ground); }, py::arg("path"),
        "A ground from a file: .obj mesh, .png/.csv heightfield, .toml description");
    m.def(
        "road", [](const std::string& spec) -> std::shared_ptr<Ground> { return std::make_shared<RoadGround>(parse_road_spec(spec)); },
        py::arg("spec") = "flat", "The analytic road (docs/road.md): 'flat', 'grade=0.1', 'mu=0.5', ...");

    py::class_<Vehicle>(m, "Vehicle", "One car on a ground, stepped through the control layer (the host API)")
        .def(py::init([](const Car& car, std::shared_ptr<Ground> ground, const std::string& mode, std::optional<bool> abs, std::optional<bool> tcs,
                         std::optional<bool> esc, double x, double y, double heading_deg, double speed_kmh, int gear) {
                 VehicleOptions o;
                 o.control = settings_for(car.spec, mode, abs, tcs, esc);
                 o.start = start_at(x, y, heading_deg, speed_kmh, gear);
                 return std::make_unique<Vehicle>(car.spec, ground_or_road(std::move(ground)), o);
             }),
             py::arg("car"), py::arg("ground") = nullptr, py::arg("mode") = "", py::arg("abs") = std::nullopt, py::arg("tcs") = std::nullopt,
             py::arg("esc") = std::nullopt, py::arg("x") = 0.0, py::arg("y") = 0.0, py::arg("heading_deg") = 0.0, py::arg("speed_kmh") = 0.0, py::arg("gear") = 0)
        .def(
            "update",
            [](Vehicle& v, double dt, double throttle, double brake, double clutch, double steering, double handbrake, int gear, bool shift_up,
               bool shift_down, bool start_engine) {
                if (!(dt >= 0.0) || !std::isfinite(dt)) {
                    throw py::value_error(fmt::format("dt: expected a finite number of seconds >= 0, got {}", dt));
                }
                DriverInput in{throttle, brake, clutch, steering, handbrake, gear, shift_up, shift_down, start_engine};
                UpdateResult r;
                {
                    py::gil_scoped_release unlocked;
                    r = v.update(dt, in);
                }
                if (r.step_failed) {
                    throw std::runtime_error(fmt::format("Vehicle.update: an internal step ended in a state no car can have ({}): the "
                                                         "vehicle was kept at its last good state",
                                                         v.last_failure()));
                }
                warn_of_dropped_time("Vehicle.update", r, v.step_settings());
                return r.internal_steps;
            },
            py::arg("dt"), py::arg("throttle") = 0.0, py::arg("brake") = 0.0, py::arg("clutch") = 0.0, py::arg("steering") = 0.0,
            py::arg("handbrake") = 0.0, py::arg("gear") = 0, py::arg("shift_up") = false, py::arg("shift_down") = false,
            py::arg("start_engine") = false, "Advances by dt seconds (whole internal steps); returns how many were taken")
        .def_property_readonly("state", &state_dict)
        .def_property_readonly("wheels", &wheels_dict)
        .def(
            "reset",
            [](Vehicle& v, double x, double y, double heading_deg, double speed_kmh, int gear) { v.reset(start_at(x, y, heading_deg, speed_kmh, gear)); },
            py::arg("x") = 0.0, py::arg("y") = 0.0, py::arg("heading_deg") = 0.0, py::arg("speed_kmh") = 0.0, py::arg("gear") = 0);

    m.def(
        "update_together",
        [](const py::sequence& vehicles, double dt, const py::object& inputs) {
            if (!(dt >= 0.0) || !std::isfinite(dt)) throw py::value_error(fmt::format("dt: expected a finite number of seconds >= 0, got {}", dt));
            // The vehicles held here while the GIL is released: another thread emptying the
            // caller's list cannot free one that is being stepped.
            std::vector<py::object> held;
            std::vector<Vehicle*> cars;
            for (std::size_t k = 0; k < py::len(vehicles); ++k) {
                held.push_back(vehicles[k]);
                if (!py::isinstance<Vehicle>(held.back())) {
                    throw py::type_error(fmt::format("vehicles[{}]: expected a tractive.Vehicle, got {}", k,
                                                     py::str(py::type::of(held.back()).attr("__name__")).cast<std::string>()));
                }
                cars.push_back(&held.back().cast<Vehicle&>());
            }
            const std::vector<DriverInput> in = inputs_for(cars.size(), inputs);
            std::vector<UpdateResult> results(cars.size());
            {
                py::gil_scoped_release unlocked;
                update_together(cars, dt, in, results);
            }
            std::vector<int> steps;
            for (std::size_t k = 0; k < results.size(); ++k) {
                if (results[k].step_failed) {
                    throw std::runtime_error(fmt::format("update_together: an internal step of vehicles[{}] ended in a state no car can "
                                                         "have ({}): it was kept at its last good state (the others were stepped)",
                                                         k, cars[k]->last_failure()));
                }
                steps.push_back(results[k].internal_steps);
            }
            for (std::size_t k = 0; k < results.size(); ++k) {
                if (results[k].dropped_time_s > 0.0) {  // (one warning: dt is every vehicle's)
                    warn_of_dropped_time(fmt::format("update_together, vehicles[{}]", k).c_str(), results[k], cars[k]->step_settings());
                    break;
                }
            }
            return steps;
        },
        py::arg("vehicles"), py::arg("dt"), py::arg("inputs"),
        "Vehicle.update(dt, **inputs[k]) for every vehicle k, faster: their internal steps taken together, four at a time, each "
        "vehicle exactly as its own update would leave it; inputs: a dict of Vehicle.update's keywords per vehicle, or an (N, 6) "
        "array in ACTION_COLUMNS' order; returns each one's internal steps");
    m.def("run", &run, py::arg("car"), py::arg("controls_csv"), py::arg("duration_s") = -1.0, py::arg("interval_s") = 0.01,
          py::arg("mode") = "", py::arg("abs") = std::nullopt, py::arg("tcs") = std::nullopt, py::arg("esc") = std::nullopt,
          py::arg("ground") = nullptr,
          "Drives with time-stamped controls (CSV text, docs/road.md); returns the telemetry columns (docs/telemetry.md)");
    m.def("run_tests", &run_tests, py::arg("car"), py::arg("names") = std::nullopt, py::arg("ground") = nullptr, py::arg("telemetry") = false,
          py::arg("telemetry_interval_s") = 0.05,
          "The standard tests (docs/validation.md): {test: {'status', 'passed', 'reason', metric: value, ..., 'telemetry': {run: columns}}}");
    m.def("standard_test_names", &standard_test_names);
    m.def("run_maneuver", &run_maneuver_py, py::arg("car"), py::arg("name"), py::arg("speed_kmh") = 0.0, py::arg("radius_m") = 100.0,
          py::arg("telemetry") = false, py::arg("telemetry_interval_s") = 0.01, py::arg("abs") = std::nullopt, py::arg("tcs") = std::nullopt,
          py::arg("esc") = std::nullopt,
          "A handling manoeuvre (docs/maneuvers.md: iso3888, sine-dwell, sine-dwell-series, constant-radius, frequency-response, brake-in-turn, power-off, fishhook, split-mu-braking), with the car's aids or those "
          "given (abs, tcs, esc: True, False, None for the car's): {'status', 'passed', 'reason', metric: value, ..., 'telemetry': columns}");
    m.def("maneuver_names", &maneuver_names);
    m.def(
        "kc_json", [](const Car& car) { return kc_report_json(kinematics_and_compliance(car.spec), car.spec.name); }, py::arg("car"),
        "The car's K&C report as the JSON text of `tractive kc --json` (tractive.kc gives it as dicts)");

    py::class_<PyBatch>(m, "Batch", "N cars stepped together in C++ (docs/python.md): Gymnasium vector-environment semantics")
        .def(py::init<const py::sequence&, int, std::shared_ptr<Ground>, double, double, double, const std::string&>(), py::arg("cars"),
             py::arg("threads") = 0, py::arg("ground") = nullptr, py::arg("target_speed_m_per_s") = 20.0, py::arg("horizon_s") = 30.0,
             py::arg("control_interval_s") = 0.05, py::arg("mode") = "automatic")
        .def_property_readonly("num_envs", &PyBatch::num_envs)
        .def("reset", &PyBatch::reset, py::arg("seed") = std::nullopt, py::arg("options") = std::nullopt)
        .def("step", &PyBatch::step, py::arg("actions"))
        .def("_cpp_steps_per_s", &PyBatch::cpp_steps_per_s, py::arg("actions"), py::arg("steps"));
    m.attr("ACTION_COLUMNS") = py::make_tuple("throttle", "brake", "clutch", "steering", "handbrake", "gear");
    m.attr("OBSERVATION_COLUMNS") = py::make_tuple("speed_m_per_s", "speed_error_m_per_s", "lateral_offset_m", "heading_error_rad",
                                                   "yaw_rate_rad_per_s", "lateral_accel_m_per_s2", "engine_krpm", "gear");
}
