#include "harness.hpp"

#include <algorithm>

#include "tractive/io/telemetry_csv.hpp"

namespace tractive::standard_tests {

TestDrive::TestDrive(const VehicleSpec& spec, const RoadSpec& road, const ControlSettings& settings,
                     const InitialConditions& ic, const StandardTestOptions& options)
    : sim_(spec, road, options.step, ic),
      settings_(settings),
      control_(initial_controller_state(sim_.model(), sim_.state(), settings)),
      record_(options.record_telemetry) {
    interval_steps_ = std::max(1L, std::lround(options.telemetry_interval_s / sim_.settings().internal_step_s));
    if (record_) {
        csv_ = telemetry_csv_header(TelemetryColumns::VehicleAndController);
        record_row();
    }
}

void TestDrive::record_row() {
    append_telemetry_csv_row(csv_, sim_.model(), sim_.state(), ControllerTelemetry{control_, applied_, refused_in_interval_});
    refused_in_interval_ = false;
}

void TestDrive::step(const DriverInput& input) {
    applied_ = control_step(sim_.model(), sim_.state(), input, settings_, h(), control_);
    refused_in_interval_ = refused_in_interval_ || control_.gear_change_refused;
    step_fixed(sim_.model(), sim_.road(), applied_, sim_.settings(), sim_.mutable_state());
    ++steps_;
    distance_m_ += speed_m_per_s(sim_.state()) * h();
    if (!sim_.state().engine_running) stalled_ = true;
    if (record_ && steps_ % interval_steps_ == 0) record_row();
}

DriverInput ManualUpshifter::apply(DriverInput wanted, const VehicleState& state, double h_s) {
    const int gears = static_cast<int>(spec_.transmission.forward_ratios.size());
    phase_time_s_ += h_s;
    switch (phase_) {
        case Phase::Driving:
            if (gear_ < gears && engine_rpm(state) >= kShiftRpmFraction * spec_.engine.rpm_limit) {
                phase_ = Phase::ClutchDown;
                phase_time_s_ = 0.0;
            }
            break;
        case Phase::ClutchDown:
            if (phase_time_s_ >= kShiftClutchDown_s) {
                phase_ = Phase::Select;
                phase_time_s_ = 0.0;
                ++gear_;
            }
            break;
        case Phase::Select:
            if (phase_time_s_ >= kShiftSelect_s) {
                phase_ = Phase::ClutchUp;
                phase_time_s_ = 0.0;
            }
            break;
        case Phase::ClutchUp:
            if (phase_time_s_ >= kShiftClutchUp_s) phase_ = Phase::Driving;
            break;
    }
    wanted.gear_lever = gear_;
    switch (phase_) {
        case Phase::Driving: break;
        case Phase::ClutchDown:
        case Phase::Select:
            wanted.clutch = 1.0;
            wanted.throttle = 0.0;
            break;
        case Phase::ClutchUp: {
            const double up = std::clamp(phase_time_s_ / kShiftClutchUp_s, 0.0, 1.0);
            wanted.clutch = 1.0 - up;
            wanted.throttle *= up;
            break;
        }
    }
    return wanted;
}

ControlSettings settings_in_mode(const VehicleSpec& spec, ShiftMode mode) {
    ControlSettings s = control_settings_for(spec);
    s.mode = mode;
    return s;
}

int top_gear(const VehicleSpec& spec) { return static_cast<int>(spec.transmission.forward_ratios.size()); }

}  // namespace tractive::standard_tests
