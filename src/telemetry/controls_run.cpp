#include "tractive/telemetry/controls_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "tractive/control/driven_step.hpp"
#include "tractive/control/gear_choice.hpp"
#include "tractive/laws/engine_torque.hpp"
#include "tractive/telemetry/telemetry_csv.hpp"

namespace tractive {

namespace {

constexpr std::size_t kChunkBytes = 1 << 20;

void check(const ControlsRunSettings& s, const std::vector<TimedControls>& controls) {
    if (controls.empty()) throw std::invalid_argument("controls: expected at least one row");
    const double h = s.step.internal_step_s;
    if (!(s.interval_s >= h * (1.0 - 1e-6)) || !std::isfinite(s.interval_s)) {
        throw std::invalid_argument(fmt::format(
            "interval {} s: expected a number of seconds at least the internal step of {} s (the state changes only once per "
            "internal step, so shorter rows would repeat it)",
            s.interval_s, h));
    }
    if (!std::isfinite(s.duration_s)) throw std::invalid_argument("duration: expected a finite number of seconds");
    // Without a duration the run lasts until the last controls row's time.
    const bool from_rows = s.duration_s < 0.0;
    const double duration = from_rows ? controls.back().time_s : s.duration_s;
    const std::string whose = from_rows ? "the last controls row's time" : "duration";
    if (duration > kMaxControlsRunDuration_s) {
        throw std::invalid_argument(fmt::format("{} {} s: expected at most {} s (a day)", whose, duration, kMaxControlsRunDuration_s));
    }
    if (from_rows && duration < 0.0) {
        throw std::invalid_argument(fmt::format("{} {} s: expected a time of 0 s or more (the run lasts until it; or give a duration)",
                                                whose, duration));
    }
    if (!(s.start_speed_m_per_s >= 0.0 && s.start_speed_m_per_s <= 1000.0 / 3.6)) {
        throw std::invalid_argument(fmt::format("start speed {} km/h: expected a forward speed within [0, 1000] km/h", s.start_speed_m_per_s * 3.6));
    }
    for (const double v : {s.x_m, s.y_m, s.heading_rad}) {
        if (!std::isfinite(v)) throw std::invalid_argument("start position and heading: expected finite numbers");
    }
}

// Buffers the CSV text and hands it on in chunks.
class ChunkedText {
public:
    explicit ChunkedText(const std::function<void(std::string_view)>& write) : write_(write) {}
    std::string& text() { return text_; }
    void row_done() {
        if (text_.size() > kChunkBytes) flush();
    }
    void flush() {
        write_(text_);
        text_.clear();
    }

private:
    const std::function<void(std::string_view)>& write_;
    std::string text_;
};

}  // namespace

ControlsRunResult run_controls(const VehicleSpec& spec, std::shared_ptr<const Ground> ground, const std::vector<TimedControls>& controls,
                               const ControlsRunSettings& settings, const std::function<void(std::string_view)>& write,
                               const std::function<void(double)>& progress) {
    check(settings, controls);
    const double duration = settings.duration_s >= 0.0 ? settings.duration_s : controls.back().time_s;
    const ControlSettings control_settings = settings.direct ? ControlSettings{settings.control.mode, {}} : settings.control;
    const bool automatic = control_settings.mode == ShiftMode::Automatic && !settings.direct;

    InitialConditions ic;
    ic.speed_m_per_s = settings.start_speed_m_per_s;
    ic.x_m = settings.x_m;
    ic.y_m = settings.y_m;
    ic.heading_rad = settings.heading_rad;
    const DriverInput& first = controls.front().input;
    // The first row's gear, taken to the car's gear count as every row's is (docs/road.md).
    ic.gear = automatic ? 0 : std::clamp(first.gear_lever, -1, static_cast<int>(spec.transmission.forward_ratios.size()));
    if (ic.speed_m_per_s > 0.0 && ic.gear == -1) {
        throw std::invalid_argument(fmt::format("start speed {:.4g} km/h with the first controls row in reverse: a rolling start goes "
                                                "forward: expected a forward gear or neutral in the first row, or a start at rest",
                                                settings.start_speed_m_per_s * 3.6));
    }
    ic.engine_running = true;
    Simulation sim(spec, ground, settings.step, ic);
    if (ic.speed_m_per_s > 0.0) {
        const double wheel_output = gearbox_output_speed_rad_per_s(sim.model(), sim.state());
        const bool forward_selected = automatic ? first.gear_lever > 0 : true;
        if (!settings.direct && control_settings.mode != ShiftMode::Manual && forward_selected) {
            ic.gear = choose_automatic_gear(sim.model(), wheel_output, first.throttle, 0);
            sim.mutable_state() = initial_state(sim.model(), *ground, ic);
        }
        const double rpm = std::abs(gearbox_ratio(spec.transmission, ic.gear) * wheel_output) / kRadPerSecPerRpm;
        if (rpm > spec.engine.rpm_limit) {
            throw std::invalid_argument(fmt::format(
                "start speed {} km/h in gear {}: the engine would turn at {:.0f} rpm, over its limit of {:.0f} rpm: expected a "
                "lower speed or a higher gear in the first controls row",
                settings.start_speed_m_per_s * 3.6, ic.gear, rpm, spec.engine.rpm_limit));
        }
    }

    ControlsRunResult result;
    result.start_gear = ic.gear;
    const long rows = static_cast<long>(std::floor(duration / settings.interval_s + 1e-9));
    result.rows = rows + 1;
    ChunkedText out(write);
    std::string& text = out.text();
    std::size_t cursor = 0;
    const double h = sim.settings().internal_step_s;
    VehicleState& s = sim.mutable_state();
    const VehicleModel& model = sim.model();
    const auto row_time = [&](long k) { return static_cast<double>(k) * settings.interval_s; };
    // A row is due once the step has reached its time, within a millionth of a step's rounding.
    const auto due = [&](long k) { return k <= rows && row_time(k) <= s.time_s + 1e-6 * h; };
    // Every step's state checked: a run whose car goes non-finite, or beyond any car's speeds
    // (state_is_plausible), is a failure, never rows of NaN or of 1e300.
    const auto check_state = [&](bool plausible) {
        if (!plausible) {
            throw std::runtime_error(fmt::format("a step ended in a state no car can have at {:.3f} s ({}): the run is abandoned, "
                                                 "no telemetry written",
                                                 s.time_s, state_implausibility(s)));
        }
    };
    const auto engine_event = [&](bool stopped) {
        if (stopped && result.events.stalls++ == 0) result.events.first_stall_s = s.time_s;
    };
    const auto row_done = [&](long k) {
        out.row_done();
        if (progress) progress(row_time(k));
    };
    result.last_row = s;
    if (settings.direct) {
        text = telemetry_csv_header();
        append_telemetry_csv_row(text, model, s);
        for (long k = 1; k <= rows;) {
            // Controls held between rows: those in force at the start of the row's interval.
            const Controls held = direct_controls(controls_at(controls, row_time(k - 1), cursor));
            const VehicleState before = s;
            const bool running = s.engine_running;
            step_fixed(model, sim.ground(), held, sim.settings(), s);
            check_state(state_is_plausible(s));
            engine_event(running && !s.engine_running);
            for (; due(k); ++k) {
                result.last_row = telemetry_state_at(before, s, row_time(k));
                append_telemetry_csv_row(text, model, result.last_row);
                row_done(k);
            }
        }
    } else {
        ControllerState control = initial_controller_state(model, s, control_settings);
        // Row 0, before the first step: the initial controller state; in manual mode the
        // driver's own pedal.
        const bool manual = control_settings.mode == ShiftMode::Manual;
        Controls applied;
        applied.clutch = manual ? first.clutch : control.clutch_pedal;
        if (manual) control.clutch_pedal = applied.clutch;
        text = telemetry_csv_header(TelemetryColumns::VehicleAndController);
        append_telemetry_csv_row(text, model, s, ControllerTelemetry{control, applied, false, first});
        bool refused = false;  // in any step since the last row
        for (long k = 1; k <= rows;) {
            const DriverInput& input = controls_at(controls, s.time_s, cursor);
            const VehicleState before = s;
            const DrivenStep step = step_driven(model, sim.ground(), sim.settings(), control_settings, input, control, s);
            applied = step.applied;
            refused = refused || step.gear_change_refused;
            if (step.gear_change_refused && result.events.refused_gear_changes++ == 0) result.events.first_refusal_s = before.time_s;
            check_state(step.plausible);
            engine_event(step.engine_stopped);
            for (; due(k); ++k) {
                result.last_row = telemetry_state_at(before, s, row_time(k));
                append_telemetry_csv_row(text, model, result.last_row, ControllerTelemetry{control, applied, refused, input});
                refused = false;
                row_done(k);
            }
        }
    }
    out.flush();
    return result;
}

}  // namespace tractive
