#include "drive_session.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "tractive/core/quat.hpp"
#include "tractive/telemetry/telemetry_csv.hpp"
#include "tractive/laws/engine_torque.hpp"

namespace tractive::drive {

namespace {

ShiftMode next_mode(ShiftMode m) {
    switch (m) {
        case ShiftMode::Manual: return ShiftMode::Sequential;
        case ShiftMode::Sequential: return ShiftMode::Automatic;
        case ShiftMode::Automatic: return ShiftMode::Manual;
    }
    return ShiftMode::Manual;
}

}  // namespace

DriveSession::DriveSession(const VehicleSpec& spec, std::shared_ptr<const Ground> ground, const InitialConditions& start,
                           const ControlSettings& settings)
    : start_(start), vehicle_(spec, std::move(ground), VehicleOptions{{}, settings, start}) {
    input_.gear_lever = start.gear;
    last_step_input_ = input_;
}

void DriveSession::command(const DriveActions& a, FrameEvents& events) {
    ControlSettings settings = vehicle_.control_settings();
    if (a.command(Command::Mode)) settings.mode = next_mode(settings.mode);
    if (a.command(Command::Abs)) settings.aids.abs = !settings.aids.abs;
    if (a.command(Command::Tcs)) settings.aids.tcs = !settings.aids.tcs;
    if (a.command(Command::Esc)) settings.aids.esc = !settings.aids.esc;
    if (!(settings == vehicle_.control_settings())) {
        events.mode_changed = settings.mode != vehicle_.control_settings().mode;
        vehicle_.set_control_settings(settings);
    }
    if (a.command(Command::Pause)) paused_ = !paused_;
    if (a.command(Command::Reset)) {
        vehicle_.reset(start_);
        step_failed_ = false;
        events.reset = true;
    }
    if (a.command(Command::Respawn)) {
        // Back on its wheels where it lies (Vehicle::reset_to_wheels).
        try {
            vehicle_.reset_to_wheels();
        } catch (const std::invalid_argument&) {
            vehicle_.reset(start_);  // off the ground's edge: back to the start
        }
        step_failed_ = false;
        events.reset = true;
    }
    events.camera = a.command(Command::Camera);
    events.calibrate = a.command(Command::Calibrate);
}

FrameEvents DriveSession::frame(const DriveActions& a, double dt_s) {
    FrameEvents events;
    command(a, events);
    if (replaying()) {  // the inputs come from the rows, step by step (advance)
        if (paused_ || !(dt_s > 0.0) || !std::isfinite(dt_s)) return events;
        advance(dt_s);
        return events;
    }
    input_.throttle = a.throttle;
    input_.brake = a.brake;
    input_.clutch = a.clutch;
    input_.steering = a.steer;
    input_.handbrake = a.handbrake;
    input_.gear_lever = a.gear_lever;
    input_.shift_up = a.shift_up;
    input_.shift_down = a.shift_down;
    input_.start_engine = a.command(Command::StartEngine);
    if (paused_ || !(dt_s > 0.0) || !std::isfinite(dt_s)) return events;
    advance(dt_s);
    return events;
}

void DriveSession::advance(double dt_s) {
    if (recording_ && !replaying()) record_controls_row();  // a replay's controls are its file
    // Each internal step's input through the callback, at the step's start: the previous step
    // has ended then, and the telemetry rows due within it are written (at exactly their times,
    // as `tractive run` writes them: telemetry_state_at).
    const bool was_running = vehicle_.state().engine_running;
    const UpdateResult update = vehicle_.update(dt_s, [this](double step_start_s) -> const DriverInput& {
        record_rows_due();
        if (replaying()) input_ = controls_at(replay_, step_start_s, replay_cursor_);
        last_step_input_ = input_;
        return input_;
    });
    record_rows_due();
    step_failed_ = update.step_failed;
    if (update.step_failed) ++failed_updates_;
    if (was_running && !vehicle_.state().engine_running) ++stalls_;
    clock_s_ += dt_s;
    const VehicleState& s = vehicle_.state();
    const Vec3 a_body = transpose(to_matrix(s.orientation)) * s.acceleration_m_per_s2;
    trace_.push_back({s.time_s, engine_rpm(s), speed_m_per_s(s) * 3.6, s.driveline.clutch_slip_rad_per_s, a_body.x, a_body.y});
    while (!trace_.empty() && trace_.front().time_s < s.time_s - kTraceSpan_s) trace_.pop_front();
}

void DriveSession::replay(std::vector<TimedControls> rows) {
    replay_ = std::move(rows);
    replay_cursor_ = 0;
    if (!replay_.empty()) input_ = replay_.front().input;
}

void DriveSession::start_recording(double interval_s) {
    recording_ = true;
    record_interval_s_ = std::max(interval_s, vehicle_.step_settings().internal_step_s);
    telemetry_ = telemetry_csv_header(TelemetryColumns::VehicleAndController);
    controls_ = "time,throttle,brake,clutch,steering,handbrake,gear,shift_up,shift_down,start\n";
    controls_started_ = false;
    // Row 0 now, then one every interval of the vehicle's own time.
    record_telemetry_row(vehicle_.state());
    row_before_ = vehicle_.state();
    record_start_s_ = vehicle_.state().time_s;
    rows_recorded_ = 1;
    next_row_s_ = record_start_s_ + record_interval_s_;
}

void DriveSession::record_telemetry_row(const VehicleState& state) {
    append_telemetry_csv_row(telemetry_, vehicle_.model(), state,
                             ControllerTelemetry{vehicle_.controller(), vehicle_.applied_controls(), refused_since_row_, last_step_input_});
    refused_since_row_ = false;
}

void DriveSession::record_rows_due() {
    const VehicleState& now = vehicle_.state();
    if (!recording_ || now.time_s == row_before_.time_s) return;
    refused_since_row_ = refused_since_row_ || vehicle_.controller().gear_change_refused;  // the step that just ended
    const double tolerance_s = 1e-6 * vehicle_.step_settings().internal_step_s;
    for (; next_row_s_ <= now.time_s + tolerance_s; next_row_s_ = record_start_s_ + record_interval_s_ * static_cast<double>(++rows_recorded_)) {
        record_telemetry_row(telemetry_state_at(row_before_, now, next_row_s_));
    }
    row_before_ = now;
}

void DriveSession::record_controls_row() {
    if (controls_started_ && input_ == recorded_input_) return;
    // Stamped with the start of the first internal step that takes these inputs, so that `tractive
    // run --controls` (which takes the row in force at each step's start) applies them to the
    // same steps. Shortest round-trip numbers: the times compare equal there.
    const double t = vehicle_.state().time_s;
    // Inputs changed again before any step took the last row's: that row is replaced.
    if (controls_started_ && t == last_controls_time_s_) controls_.resize(last_controls_row_at_);
    last_controls_time_s_ = t;
    last_controls_row_at_ = controls_.size();
    const DriverInput& in = input_;
    controls_ += fmt::format("{},{},{},{},{},{},{},{},{},{}\n", t, in.throttle, in.brake, in.clutch, in.steering, in.handbrake, in.gear_lever,
                             in.shift_up ? 1 : 0, in.shift_down ? 1 : 0, in.start_engine ? 1 : 0);
    recorded_input_ = input_;
    controls_started_ = true;
}

}  // namespace tractive::drive
