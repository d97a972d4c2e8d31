#include "tractive/telemetry/telemetry_csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "tractive/core/quat.hpp"
#include "tractive/dynamics/simulation.hpp"

namespace tractive {

namespace {

double lerp(double a, double b, double w) { return a + (b - a) * w; }
Vec3 lerp(const Vec3& a, const Vec3& b, double w) { return a + (b - a) * w; }

}  // namespace

VehicleState telemetry_state_at(const VehicleState& before, const VehicleState& after, double t_s) {
    const double span = after.time_s - before.time_s;
    const double w = span > 0.0 ? std::clamp((t_s - before.time_s) / span, 0.0, 1.0) : 1.0;
    // A row on a step's end (within a millionth of a step: 5.08 s is 635 steps of 8 ms only to
    // rounding) is that step's state itself, as a run at the step shows it.
    constexpr double kOnStep = 1e-6;
    if (w >= 1.0 - kOnStep) return after;
    if (w <= kOnStep) return before;
    VehicleState s = before;  // the discrete state in force until the step ends
    s.time_s = t_s;
    s.position_m = lerp(before.position_m, after.position_m, w);
    Quat q = after.orientation;
    const Quat& p = before.orientation;
    if (p.w * q.w + p.x * q.x + p.y * q.y + p.z * q.z < 0.0) q = {-q.w, -q.x, -q.y, -q.z};
    s.orientation = normalized({lerp(p.w, q.w, w), lerp(p.x, q.x, w), lerp(p.y, q.y, w), lerp(p.z, q.z, w)});
    s.velocity_m_per_s = lerp(before.velocity_m_per_s, after.velocity_m_per_s, w);
    s.angular_velocity_rad_per_s = lerp(before.angular_velocity_rad_per_s, after.angular_velocity_rad_per_s, w);
    s.acceleration_m_per_s2 = lerp(before.acceleration_m_per_s2, after.acceleration_m_per_s2, w);
    s.engine_speed_rad_per_s = lerp(before.engine_speed_rad_per_s, after.engine_speed_rad_per_s, w);
    s.gearbox_speed_rad_per_s = lerp(before.gearbox_speed_rad_per_s, after.gearbox_speed_rad_per_s, w);
    s.fuel_volume_m3 = lerp(before.fuel_volume_m3, after.fuel_volume_m3, w);
    const DrivelineOutputs& a = before.driveline;
    const DrivelineOutputs& b = after.driveline;
    s.driveline.throttle_effective = lerp(a.throttle_effective, b.throttle_effective, w);
    s.driveline.clutch_slip_rad_per_s = lerp(a.clutch_slip_rad_per_s, b.clutch_slip_rad_per_s, w);
    s.driveline.clutch_torque_nm = lerp(a.clutch_torque_nm, b.clutch_torque_nm, w);
    for (std::size_t i = 0; i < 4; ++i) {
        s.wheels[i].spin_rad_per_s = lerp(before.wheels[i].spin_rad_per_s, after.wheels[i].spin_rad_per_s, w);
        s.wheels[i].travel_m = lerp(before.wheels[i].travel_m, after.wheels[i].travel_m, w);
        const WheelOutputs& o0 = before.wheel_outputs[i];
        const WheelOutputs& o1 = after.wheel_outputs[i];
        WheelOutputs& o = s.wheel_outputs[i];
        o.slip_ratio = lerp(o0.slip_ratio, o1.slip_ratio, w);
        o.slip_angle_rad = lerp(o0.slip_angle_rad, o1.slip_angle_rad, w);
        o.fx_n = lerp(o0.fx_n, o1.fx_n, w);
        o.fy_n = lerp(o0.fy_n, o1.fy_n, w);
        o.fz_n = lerp(o0.fz_n, o1.fz_n, w);
        o.steer_rad = lerp(o0.steer_rad, o1.steer_rad, w);
        o.inclination_rad = lerp(o0.inclination_rad, o1.inclination_rad, w);
        o.steering_axis_torque_nm = lerp(o0.steering_axis_torque_nm, o1.steering_axis_torque_nm, w);
    }
    return s;
}

std::string telemetry_csv_header(TelemetryColumns columns) {
    std::string h =
        "time_s,x_m,y_m,z_m,vx_m_per_s,vy_m_per_s,vz_m_per_s,speed_m_per_s,yaw_rad,pitch_rad,roll_rad,"
        "yaw_rate_rad_per_s,ax_m_per_s2,ay_m_per_s2,engine_rpm,engine_running,gear,throttle_effective,"
        "clutch_slip_rad_per_s,clutch_torque_nm,clutch_locked,fuel_l";
    for (const char* w : kWheelNames) {
        h += fmt::format(
            ",{0}_spin_rad_per_s,{0}_slip_ratio,{0}_slip_angle_rad,{0}_fx_n,{0}_fy_n,{0}_fz_n,{0}_travel_m,{0}_steer_rad,"
            "{0}_inclination_rad,{0}_steer_torque_nm",
            w);
    }
    if (columns == TelemetryColumns::VehicleAndController) {
        h += ",throttle_applied,clutch_pedal,clutch_phase,gear_change_refused,tcs_active,tcs_throttle_limit,esc_active,esc_throttle_limit,"
             "esc_reference_yaw_rate_rad_per_s";
        for (const char* w : kWheelNames) h += fmt::format(",{0}_abs_active,{0}_brake_factor,{0}_aid_brake", w);
        h += ",driver_throttle,driver_brake,driver_clutch,driver_steering,driver_handbrake,driver_gear_lever,driver_shift_up,"
             "driver_shift_down";
    }
    return h + "\n";
}

namespace {

void append_vehicle_cells(std::string& out, const VehicleState& s) {
    const EulerAngles e = euler_zyx(s.orientation);
    const Mat3 r = to_matrix(s.orientation);
    // Accelerations in the body's x (forward) and y (left) axes.
    const Vec3 a_body = transpose(r) * s.acceleration_m_per_s2;
    auto it = std::back_inserter(out);
    fmt::format_to(it, "{:.4f},{:.4f},{:.4f},{:.4f},{:.5f},{:.5f},{:.5f},{:.5f},{:.6f},{:.6f},{:.6f},{:.6f},{:.4f},{:.4f},{:.1f},{},{},{:.4f},{:.4f},{:.3f},{},{:.4f}",
                   s.time_s, s.position_m.x, s.position_m.y, s.position_m.z, s.velocity_m_per_s.x, s.velocity_m_per_s.y,
                   s.velocity_m_per_s.z, speed_m_per_s(s), e.yaw, e.pitch, e.roll, s.angular_velocity_rad_per_s.z, a_body.x,
                   a_body.y, engine_rpm(s), s.engine_running ? 1 : 0, s.gear, s.driveline.throttle_effective,
                   s.driveline.clutch_slip_rad_per_s, s.driveline.clutch_torque_nm, s.driveline.clutch_locked ? 1 : 0,
                   s.fuel_volume_m3 * 1000.0);
    for (int i = 0; i < 4; ++i) {
        const auto& w = s.wheels[i];
        const auto& o = s.wheel_outputs[i];
        fmt::format_to(it, ",{:.4f},{:.5f},{:.5f},{:.1f},{:.1f},{:.1f},{:.5f},{:.5f},{:.5f},{:.2f}", w.spin_rad_per_s, o.slip_ratio,
                       o.slip_angle_rad, o.fx_n, o.fy_n, o.fz_n, w.travel_m, o.steer_rad, o.inclination_rad,
                       o.steering_axis_torque_nm);
    }
}

}  // namespace

void append_telemetry_csv_row(std::string& out, const VehicleModel& model, const VehicleState& s) {
    (void)model;
    append_vehicle_cells(out, s);
    out += '\n';
}

void append_telemetry_csv_row(std::string& out, const VehicleModel& model, const VehicleState& s,
                              const ControllerTelemetry& controller) {
    (void)model;
    append_vehicle_cells(out, s);
    const ControllerState& c = controller.state;
    auto it = std::back_inserter(out);
    fmt::format_to(it, ",{:.4f},{:.4f},{},{},{},{:.4f},{},{:.4f},{:.5f}", controller.applied.throttle, controller.applied.clutch,
                   to_string(c.clutch_phase), controller.gear_change_refused ? 1 : 0, c.tcs_active ? 1 : 0,
                   c.tcs_throttle_limit, c.esc_active ? 1 : 0, c.esc_throttle_limit, c.esc_reference_yaw_rate_rad_per_s);
    for (int i = 0; i < 4; ++i) {
        fmt::format_to(it, ",{},{:.4f},{:.4f}", c.abs_active[i] ? 1 : 0, controller.applied.wheel_brake_factor[i],
                       controller.applied.wheel_aid_brake[i]);
    }
    const DriverInput& d = controller.driver;
    fmt::format_to(it, ",{:.4f},{:.4f},{:.4f},{:.4f},{:.4f},{},{},{}", d.throttle, d.brake, d.clutch, d.steering, d.handbrake,
                   d.gear_lever, d.shift_up ? 1 : 0, d.shift_down ? 1 : 0);
    out += '\n';
}

}  // namespace tractive
