#pragma once
// The physics side of `tractive drive` (docs/drive.md): one car on one ground, stepped by frames
// of simulated time with a driver's actions. Handles the driver's commands (transmission mode,
// ABS and TCS switches, pause, reset to the start, respawn where the car is, starter), records
// the telemetry CSV of `tractive run` (with the driver's inputs) and the controls CSV that `tractive
// run --controls` replays, and keeps the traces the HUD draws. No window, no SDL: tested as plain
// code.

#include <deque>
#include <memory>
#include <string>

#include "action_mapper.hpp"
#include "tractive/telemetry/controls_csv.hpp"
#include "tractive/host/vehicle.hpp"

namespace tractive::drive {

struct TracePoint {
    double time_s;
    double engine_rpm;
    double speed_kmh;
    double clutch_slip_rad_per_s;
    double ax_m_per_s2;  // body axes: forward
    double ay_m_per_s2;  // left
};

struct FrameEvents {
    bool mode_changed = false;
    bool reset = false;      // reset to the start or respawned
    bool camera = false;     // the camera key was pressed (the window switches)
    bool calibrate = false;  // the calibration screen was asked for
};

class DriveSession {
public:
    // Throws std::invalid_argument for a car that does not validate or no ground under the start.
    DriveSession(const VehicleSpec& spec, std::shared_ptr<const Ground> ground, const InitialConditions& start,
                 const ControlSettings& settings);

    // One frame of dt seconds of simulated time (0 or anything not a finite number >= 0: nothing
    // moves). While paused, only the commands act.
    FrameEvents frame(const DriveActions& actions, double dt_s);

    [[nodiscard]] const Vehicle& vehicle() const { return vehicle_; }
    [[nodiscard]] const DriverInput& input() const { return input_; }
    [[nodiscard]] bool paused() const { return paused_; }
    [[nodiscard]] double clock_s() const { return clock_s_; }  // simulated time of the frame's end
    [[nodiscard]] const std::deque<TracePoint>& trace() const { return trace_; }
    [[nodiscard]] int stalls() const { return stalls_; }
    // The last frame's update failed (an internal step would have ended in a state no car can
    // have: Vehicle::update's step_failed), so the car stands at its last good state until a
    // reset or respawn; and how many frames' updates have failed.
    [[nodiscard]] bool step_failed() const { return step_failed_; }
    [[nodiscard]] int failed_updates() const { return failed_updates_; }

    // Replays time-stamped controls (a --record-controls file, or any `tractive run --controls`
    // file) instead of the driver's pedals, steering and lever: each internal step takes the row in
    // force at its start, as `tractive run` does. The driver's commands (pause, reset, camera,
    // ...) still act; a reset starts the replay again.
    void replay(std::vector<TimedControls> rows);
    [[nodiscard]] bool replaying() const { return !replay_.empty(); }

    // Telemetry rows every interval (at least the internal step) and controls rows whenever the
    // driver's inputs change, from now on.
    void start_recording(double interval_s);
    [[nodiscard]] const std::string& telemetry_csv() const { return telemetry_; }
    [[nodiscard]] const std::string& controls_csv() const { return controls_; }

    static constexpr double kTraceSpan_s = 20.0;  // how much the strip charts and the g-g trace keep

private:
    void command(const DriveActions& a, FrameEvents& events);
    void advance(double dt_s);
    void record_telemetry_row(const VehicleState& state);
    void record_rows_due();  // the rows whose times the vehicle's last step has passed
    void record_controls_row();

    InitialConditions start_;
    Vehicle vehicle_;
    DriverInput input_;
    DriverInput last_step_input_;  // what the last internal step took (the telemetry's driver columns)
    bool paused_ = false;
    double clock_s_ = 0.0;
    std::deque<TracePoint> trace_;
    int stalls_ = 0;
    bool step_failed_ = false;
    int failed_updates_ = 0;
    bool recording_ = false;
    double record_interval_s_ = 0.01;
    double next_row_s_ = 0.0;
    double record_start_s_ = 0.0;  // the vehicle's time at row 0
    long rows_recorded_ = 0;
    VehicleState row_before_;      // the end of the step before the vehicle's last (rows between them are interpolated)
    bool refused_since_row_ = false;
    std::string telemetry_;
    std::string controls_;
    DriverInput recorded_input_;
    bool controls_started_ = false;
    std::vector<TimedControls> replay_;
    std::size_t replay_cursor_ = 0;
    double last_controls_time_s_ = 0.0;
    std::size_t last_controls_row_at_ = 0;
};

}  // namespace tractive::drive
