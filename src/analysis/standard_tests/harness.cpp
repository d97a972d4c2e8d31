#include "harness.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>

#include "tractive/control/driven_step.hpp"
#include "tractive/driver/driver_vehicle_figures.hpp"
#include "tractive/telemetry/telemetry_csv.hpp"
#include "tractive/laws/engine_torque.hpp"

namespace tractive::standard_tests {

namespace {

std::shared_ptr<const FramedGround> framed(const StandardTestOptions& o) {
    return o.ground ? std::make_shared<FramedGround>(o.ground, o.start_x_m, o.start_y_m, o.start_heading_rad) : nullptr;
}

}  // namespace

TestDrive::TestDrive(const VehicleSpec& spec, const RoadSpec& road, const ControlSettings& settings,
                     const InitialConditions& ic, const StandardTestOptions& options)
    : framed_(framed(options)),
      sim_(framed_ ? Simulation(spec, framed_, options.step, ic) : Simulation(spec, road, options.step, ic)),
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
    if (framed_) {  // positions, orientation and velocities in the ground's world axes
        VehicleState world = sim_.state();
        world.position_m = framed_->to_world_point(world.position_m);
        world.orientation = framed_->to_world(world.orientation);
        world.velocity_m_per_s = framed_->to_world_direction(world.velocity_m_per_s);
        world.angular_velocity_rad_per_s = framed_->to_world_direction(world.angular_velocity_rad_per_s);
        world.acceleration_m_per_s2 = framed_->to_world_direction(world.acceleration_m_per_s2);
        append_telemetry_csv_row(csv_, sim_.model(), world, ControllerTelemetry{control_, applied_, refused_in_interval_, input_});
        refused_in_interval_ = false;
        return;
    }
    append_telemetry_csv_row(csv_, sim_.model(), sim_.state(), ControllerTelemetry{control_, applied_, refused_in_interval_, input_});
    refused_in_interval_ = false;
}

void TestDrive::step(const DriverInput& input) {
    if (failed()) return;
    input_ = input;
    const DrivenStep step = step_driven(sim_.model(), sim_.ground(), sim_.settings(), settings_, input, control_, sim_.mutable_state());
    applied_ = step.applied;
    refused_in_interval_ = refused_in_interval_ || step.gear_change_refused;
    ++steps_;
    distance_m_ += speed_m_per_s(sim_.state()) * h();
    if (!sim_.state().engine_running) stalled_ = true;
    check(step);
    if (record_ && (steps_ % interval_steps_ == 0 || failed())) record_row();
}

double TestDrive::airborne_for_s(const VehicleState& s) {
    bool on_ground = false;
    for (const WheelOutputs& w : s.wheel_outputs) on_ground = on_ground || w.fz_n > 0.0;
    if (on_ground) {
        airborne_since_s_ = -1.0;
        return 0.0;
    }
    if (airborne_since_s_ < 0.0) airborne_since_s_ = s.time_s - h();
    return s.time_s - airborne_since_s_;
}

void TestDrive::check(const DrivenStep& step) {
    const VehicleState& s = sim_.state();
    const auto fail = [&](TestStatus why, const std::string& what) {
        failure_ = why;
        failure_reason_ = what + fmt::format(" at {:.2f} s", s.time_s);
    };
    const Mat3 rot = to_matrix(s.orientation);
    const Vec3 body_x{rot.m[0][0], rot.m[1][0], rot.m[2][0]};
    const Vec3 body_y{rot.m[0][1], rot.m[1][1], rot.m[2][1]};
    const Vec3 body_z{rot.m[0][2], rot.m[1][2], rot.m[2][2]};
    const double speed = speed_m_per_s(s);
    if (!step.plausible) {
        fail(TestStatus::Diverged, "the step failed: " + state_implausibility(s));
    } else if (step.engine_stopped) {
        if (s.fuel_volume_m3 <= 0.0) {
            fail(TestStatus::OutOfFuel, "the tank ran dry");
        } else {
            fail(TestStatus::Stalled, fmt::format("the engine stalled (below {:.0f} rpm)", sim_.model().spec.engine.stall_rpm));
        }
    } else if (const std::optional<SurfacePoint> below = sim_.ground().surface_at(s.position_m.x, s.position_m.y); !below) {
        const Vec3 at = framed_ ? framed_->to_world_point(s.position_m) : s.position_m;  // where the user's ground file has it
        fail(TestStatus::LeftGround, fmt::format("the car left the ground: no surface under it at x = {:.1f} m, y = {:.1f} m", at.x, at.y));
    } else if (airborne_for_s(s) > kAirborne_s) {
        fail(TestStatus::LeftGround, fmt::format("the car left the ground: no wheel on it for {:.1f} s since {:.2f} s", kAirborne_s,
                                                 airborne_since_s_));
    } else if (dot(body_z, below->normal) < kRolledOverCos) {
        fail(TestStatus::RolledOver, "the body tilted more than 60 degrees");
    } else if (speed > kSpinMinSpeed_m_per_s && std::atan2(std::abs(dot(s.velocity_m_per_s, body_y)),
                                                           std::abs(dot(s.velocity_m_per_s, body_x))) > kSpinSideslip_rad) {
        fail(TestStatus::Spun, "the sideslip passed 30 degrees");
    } else if (lane_half_width_m_ > 0.0 && std::abs(s.position_m.y) > lane_half_width_m_) {
        fail(TestStatus::LeftRoad, fmt::format("the car ran {:.1f} m off its line", std::abs(s.position_m.y)));
    }
}

void TestDrive::report(StandardTestResult& r, const char* variant) const {
    if (!failed()) return;
    const std::string run = variant[0] != '\0' ? fmt::format(" (run '{}')", variant) : std::string();
    r.fail(failure_, failure_reason_ + run);
}

SpeedSettling::SpeedSettling(double h_s) {
    constexpr double kSample_s = 0.1;
    constexpr double kWindow_s = 5.0;
    sample_steps_ = std::max(1L, std::lround(kSample_s / h_s));
    window_samples_ = static_cast<std::size_t>(std::lround(kWindow_s / kSample_s)) + 1;
}

bool SpeedSettling::after_step(const TestDrive& drive) {
    constexpr double kWindow_s = 5.0;
    constexpr double kSettledAcceleration_m_per_s2 = 0.01;
    const VehicleState& s = drive.state();
    if (steps_ == 0) last_gear_ = s.gear;
    if (s.gear != last_gear_) {
        last_gear_ = s.gear;
        last_gear_change_s_ = s.time_s;
    }
    if (++steps_ % sample_steps_ != 0 || settled_) return settled_;
    window_.push_back(forward_speed_m_per_s(s));
    if (window_.size() > window_samples_) window_.pop_front();
    if (window_.size() < window_samples_) return false;
    constexpr std::size_t kSecond = 10;  // samples
    double first_mean = 0.0, last_mean = 0.0;
    for (std::size_t i = 0; i < kSecond; ++i) {
        first_mean += window_[i];
        last_mean += window_[window_.size() - 1 - i];
    }
    const double drift = std::abs(last_mean - first_mean) / static_cast<double>(kSecond);
    constexpr double kMoving_m_per_s = 1.0;
    settled_ = drift < kSettledAcceleration_m_per_s2 * (kWindow_s - 1.0) && s.time_s - last_gear_change_s_ >= kWindow_s &&
               last_mean / static_cast<double>(kSecond) >= kMoving_m_per_s;
    return settled_;
}

double SpeedSettling::mean_speed_m_per_s() const {
    if (window_.empty()) return kNaN;
    double sum = 0.0;
    for (const double v : window_) sum += v;
    return sum / static_cast<double>(window_.size());
}

double FeatheringFoot::throttle(const TestDrive& drive, double wanted, double h_s) {
    constexpr double kFullPedalTime_s = 0.2;
    constexpr double kSpinFull = 2.0;  // slip / peak slip up to which the throttle stays full
    constexpr double kSpinNone = 4.0;  // and where it is closed
    constexpr double kFrontLoadNone = 0.1;  // front tyres' load / static load where it is closed
    constexpr double kFrontLoadFull = 0.3;  // and from which it stays full (a wheelie coming)
    if (drive.control_settings().aids.tcs) return wanted;
    const VehicleModel& m = drive.model();
    const VehicleState& s = drive.state();
    double spin = 0.0;  // slip over peak slip, driven wheels
    double front_load = 0.0, front_static = 0.0;
    const std::array<double, 4> slip_now = wheel_slip_ratios_now(m, s);
    for (int i = 0; i < 4; ++i) {
        if (m.wheels[i].front) {
            front_load += s.wheel_outputs[i].fz_n;
            front_static += m.wheels[i].static_load_n;
        }
        if (m.wheels[i].drive_coefficient == 0.0) continue;
        const double peak = drive.controller().peak_driving_slip[i];
        if (peak > 0.0) spin = std::max(spin, slip_now[static_cast<std::size_t>(i)] / peak);
    }
    double target = wanted * std::clamp((kSpinNone - spin) / (kSpinNone - kSpinFull), 0.0, 1.0);
    if (front_static > 0.0) {
        target *= std::clamp((front_load / front_static - kFrontLoadNone) / (kFrontLoadFull - kFrontLoadNone), 0.0, 1.0);
    }
    const double step = h_s / kFullPedalTime_s;
    if (!started_) {
        pedal_ = wanted;  // floored at the start, as the test asks
        started_ = true;
    }
    pedal_ = std::clamp(target, pedal_ - step, pedal_ + step);
    return pedal_;
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

double move_off_hold_rpm(const EngineSpec& engine) { return std::max(0.3 * engine.rpm_limit, 1.5 * engine.start_rpm); }

double rev_holding_throttle(const VehicleSpec& spec, const VehicleState& state) {
    const double hold_rpm = move_off_hold_rpm(spec.engine);
    return std::clamp((hold_rpm - engine_rpm(state)) / (0.2 * hold_rpm), 0.0, 1.0);
}

ClutchRelease::Feet ClutchRelease::apply(const VehicleState& state, double h_s) {
    const ClutchPedalZones& zones = spec_.clutch.pedal;
    const double bite_edge = zones.free_play + zones.working_range;  // disc travel 0 from here down
    const double working_rate = zones.working_range / kWorkingRangeTime_s;
    switch (phase_) {
        case Phase::DeadTravel:
            if (pedal_ > bite_edge) pedal_ = std::max(bite_edge, pedal_ - h_s / kDeadTravelTime_s);
            if (pedal_ <= bite_edge) phase_ = Phase::Working;
            break;
        case Phase::Working: {
            const double hold_rpm = move_off_hold_rpm(spec_.engine);
            const double sag_rpm = 0.5 * (spec_.engine.start_rpm + hold_rpm);
            // The revs the driver expects a moment ahead: n + T_lead dn/dt.
            const double rpm = engine_rpm(state);
            const double rate_rpm_per_s = std::isnan(last_rpm_) ? 0.0 : (rpm - last_rpm_) / h_s;
            last_rpm_ = rpm;
            const double seen_rpm = rpm + kRevAnticipation_s * rate_rpm_per_s;
            const double k = std::clamp((seen_rpm - sag_rpm) / (hold_rpm - sag_rpm), -1.0, 1.0);
            pedal_ = std::clamp(pedal_ - k * working_rate * h_s, zones.free_play, bite_edge);
            if (state.driveline.clutch_locked || pedal_ <= zones.free_play) phase_ = Phase::TakenUp;
            break;
        }
        case Phase::TakenUp:
            pedal_ = std::max(0.0, pedal_ - zones.working_range / kTakenUpTime_s * h_s);
            if (pedal_ <= 0.0) phase_ = Phase::Done;
            break;
        case Phase::Done: pedal_ = 0.0; break;
    }
    return {pedal_, rev_holding_throttle(spec_, state)};
}

DriverInput manual_move_off(ClutchRelease& release, ManualUpshifter& shifter, const VehicleState& state, double h_s,
                            DriverInput in) {
    if (!release.done()) {
        in.gear_lever = 1;
        const ClutchRelease::Feet feet = release.apply(state, h_s);
        in.clutch = feet.clutch;
        in.throttle = feet.throttle;
        return in;
    }
    in.throttle = 1.0;
    return shifter.apply(in, state, h_s);
}

ControlSettings settings_in_mode(const VehicleSpec& spec, ShiftMode mode) {
    ControlSettings s = control_settings_for(spec);
    s.mode = mode;
    return s;
}

int top_gear(const VehicleSpec& spec) { return static_cast<int>(spec.transmission.forward_ratios.size()); }

void apply_driver(const TestDrive& d, const DriverTarget& target, DriverModelState& driver, DriverInput& in) {
    const DriverCommand cmd = drive(target, d.model(), d.state(), d.h(), driver);
    in.throttle = cmd.throttle;
    in.brake = cmd.brake;
    in.steering = cmd.steering;
}

int gear_for(const VehicleSpec& spec, double v) {
    const DriverVehicleFigures f = driver_vehicle_figures(spec);
    int chosen = 1;
    for (int g = 1; g <= top_gear(spec); ++g) {
        const double rpm = v / f.driven_radius_m * spec.transmission.forward_ratios[static_cast<std::size_t>(g - 1)] *
                           f.overall_final_drive / kRadPerSecPerRpm;
        if (rpm >= 0.35 * spec.engine.rpm_limit) chosen = g;
    }
    return chosen;
}

}  // namespace tractive::standard_tests
