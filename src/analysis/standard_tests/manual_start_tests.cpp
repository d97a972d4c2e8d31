// Standard tests of a person starting off in manual mode, working the clutch pedal through the
// seed-000 pedal zones of the car's clutch (free play, working range, past disengagement):
// hill-start on a 20 % grade and a level launch.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "harness.hpp"
#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/laws/clutch.hpp"
#include "tractive/laws/engine_torque.hpp"

namespace tractive::standard_tests {

namespace {

void keep(StandardTestResult& r, TestDrive& d, const StandardTestOptions& o) {
    if (o.record_telemetry) r.telemetry.push_back({"", d.take_telemetry()});
}

// Linear ramp from a (at t0) to b (at t1), held outside.
double ramp(double t, double t0, double t1, double a, double b) {
    return a + (b - a) * std::clamp((t - t0) / (t1 - t0), 0.0, 1.0);
}

}  // namespace

// hill-start: manual mode on a 20 % grade (uphill along +x), engine idling, handbrake on (the
// foot brake too, heel and toe, on a car without a handbrake). The
// script (times from the start):
//   0 s      clutch pedal floored, handbrake 1, neutral;   0.5 s  first gear selected;
//   1-2 s    clutch pedal brought to the bite point while the driver holds the revs
//            (rev_holding_throttle); the bite point is the pedal travel at which the clutch
//            carries the torque that holds the car on the grade, T = m g sin(theta) r /
//            (i_1 i_final eta), at a slip of 100 rad/s (found by bisection on the car's clutch law;
//            pedal up when even that is not enough);
//   2 s      handbrake released, and from the bite point the driver lets the pedal up watching
//            the revs (ClutchRelease, harness.hpp: held or pressed back when they sag), still
//            holding them with the throttle;
//   after    (pedal fully up) full throttle, upshifts at 90 % of the rev limit (ManualUpshifter).
// hill_start_ok: reached 10 km/h uphill within 20 s without the engine stopping. rollback_m: how
// far the car rolled back (down the grade) after the handbrake was released, >= 0. hill_grade:
// the grade it started on (rise over run along its heading): the test's 20 % on its own road, the
// ground's under the start on a ground file.
StandardTestResult hill_start_test(const VehicleSpec& spec, const StandardTestOptions& options) {
    double grade = 0.2;
    if (options.ground) {  // the ground's grade under the start, along the heading
        const FramedGround framed(options.ground, options.start_x_m, options.start_y_m, options.start_heading_rad);
        const std::optional<SurfacePoint> below = framed.surface_at(0.0, 0.0);
        grade = below ? -below->normal.x / below->normal.z : kNaN;
    }
    constexpr double kGoal_m_per_s = 10.0 / kKmhPerMps;
    constexpr double kCap_s = 20.0;
    constexpr double kBiteSlip_rad_per_s = 100.0;
    RoadSpec road;
    road.grade = std::isfinite(grade) ? grade : 0.0;
    const VehicleSummary summary = summarize(spec);
    const double sin_theta = std::max(road.grade, 0.0) / std::sqrt(1.0 + road.grade * road.grade);
    const double hold_torque_nm = summary.mass_kg * kGravity_m_per_s2 * sin_theta * summary.driven_wheel_radius_m /
                                  (spec.transmission.forward_ratios.at(0) * summary.overall_final_drive *
                                   spec.transmission.efficiency);
    // Capacity falls as the pedal goes down: bisection for capacity(pedal) = hold torque.
    const auto capacity = [&](double pedal) {
        return clutch_torque_capacity_nm(spec.clutch, clutch_disc_travel(spec.clutch.pedal, pedal), kBiteSlip_rad_per_s);
    };
    double bite = 0.0;
    if (capacity(0.0) > hold_torque_nm) {
        double lo = 0.0, hi = 1.0;  // capacity(lo) > hold >= capacity(hi)
        for (int i = 0; i < 50; ++i) {
            const double mid = 0.5 * (lo + hi);
            (capacity(mid) > hold_torque_nm ? lo : hi) = mid;
        }
        bite = lo;
    }

    TestDrive d(spec, road, settings_in_mode(spec, ShiftMode::Manual), InitialConditions{}, options);
    LaneKeeper lane;
    ManualUpshifter shifter(spec, 1);
    ClutchRelease release(spec, bite);
    bool has_handbrake = false;
    for (const WheelSpec& w : spec.wheels) has_handbrake = has_handbrake || w.brake.handbrake > 0.0;
    double x_release = kNaN, x_min = kNaN;
    bool ok = false;
    while (d.time_s() < kCap_s && !d.failed()) {
        const double t = d.time_s();
        DriverInput in;
        in.steering = lane.steering(d.model(), d.state(), d.h());
        if (t < 2.0) {
            in.gear_lever = t < 0.5 ? 0 : 1;
            in.handbrake = 1.0;
            // A car without a handbrake (VDrift's default is none) is held on the foot brake,
            // heel and toe: the right foot's heel on the brake, its toe holding the revs.
            if (!has_handbrake) in.brake = 1.0;
            in.clutch = ramp(t, 1.0, 2.0, 1.0, bite);
            in.throttle = t < 1.0 ? 0.0 : rev_holding_throttle(spec, d.state());
        } else {
            in = manual_move_off(release, shifter, d.state(), d.h(), in);
        }
        d.step(in);
        const double x = d.state().position_m.x;
        if (d.time_s() >= 2.0) {
            if (std::isnan(x_release)) x_release = x_min = x;
            x_min = std::min(x_min, x);
        }
        if (!d.stalled() && forward_speed_m_per_s(d.state()) >= kGoal_m_per_s) {
            ok = true;
            break;
        }
    }
    StandardTestResult r;
    r.test = "hill-start";
    d.report(r);
    if (!ok) r.fail(TestStatus::NotReached, fmt::format("10 km/h uphill was not reached within {:.0f} s", kCap_s));
    const double rollback = std::isnan(x_release) ? kNaN : std::max(0.0, x_release - x_min);
    r.metrics = {{"hill_start_ok", ok ? 1.0 : 0.0, "bool"}, {"rollback_m", rollback, "m"}, {"hill_grade", grade, "1"}};
    keep(r, d, options);
    return r;
}

// launch: manual mode, level road, engine idling. 0 s clutch floored in neutral; 0.3 s first gear;
// from 0.5 s the driver raises the revs to the move-off speed with the throttle
// (rev_holding_throttle); from 1 s the clutch pedal comes up from the floor as a person lets it
// up watching the revs (ClutchRelease, harness.hpp: quickly to where the clutch bites, then
// through the working range at a pace that slows, stops or reverses when the revs sag), still
// holding the revs; once it is up, full throttle with upshifts at 90 % of the rev limit.
// t_0_50_s: from 1 s (the start of the release) to 50 km/h (NaN if the engine stopped or 50 km/h
// was not reached within 20 s); stalled: the engine stopped at any time.
StandardTestResult launch_test(const VehicleSpec& spec, const StandardTestOptions& options) {
    constexpr double kThrottleStart_s = 0.5;
    constexpr double kStart_s = 1.0;
    constexpr double kGoal_m_per_s = 50.0 / kKmhPerMps;
    constexpr double kCap_s = kStart_s + 20.0;
    TestDrive d(spec, RoadSpec{}, settings_in_mode(spec, ShiftMode::Manual), InitialConditions{}, options);
    LaneKeeper lane;
    ManualUpshifter shifter(spec, 1);
    ClutchRelease release(spec, 1.0);
    double t50 = kNaN;
    double t_prev = d.time_s(), v_prev = 0.0;
    while (d.time_s() < kCap_s && !d.failed()) {
        const double t = d.time_s();
        DriverInput in;
        in.steering = lane.steering(d.model(), d.state(), d.h());
        if (t < kStart_s) {
            in.gear_lever = t < 0.3 ? 0 : 1;
            in.clutch = 1.0;
            in.throttle = t < kThrottleStart_s ? 0.0 : rev_holding_throttle(spec, d.state());
        } else {
            in = manual_move_off(release, shifter, d.state(), d.h(), in);
        }
        d.step(in);
        const double v = forward_speed_m_per_s(d.state());
        if (!d.stalled() && v >= kGoal_m_per_s) {
            t50 = crossing_time_s(t_prev, v_prev, d.time_s(), v, kGoal_m_per_s) - kStart_s;
            break;
        }
        t_prev = d.time_s();
        v_prev = v;
    }
    StandardTestResult r;
    r.test = "launch";
    d.report(r);
    if (std::isnan(t50)) r.fail(TestStatus::NotReached, fmt::format("50 km/h was not reached within {:.0f} s", kCap_s - kStart_s));
    r.metrics = {{"stalled", d.stalled() ? 1.0 : 0.0, "bool"}, {"t_0_50_s", t50, "s"}};
    keep(r, d, options);
    return r;
}

}  // namespace tractive::standard_tests
