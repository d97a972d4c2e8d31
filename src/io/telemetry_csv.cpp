#include "tractive/io/telemetry_csv.hpp"

#include <fmt/format.h>

#include <iterator>

#include "tractive/core/quat.hpp"
#include "tractive/dynamics/simulation.hpp"

namespace tractive {

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
        h += ",throttle_applied,clutch_pedal,clutch_phase,gear_change_refused,tcs_active,tcs_throttle_limit";
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
    fmt::format_to(it, ",{:.4f},{:.4f},{},{},{},{:.4f}", controller.applied.throttle, controller.applied.clutch,
                   to_string(c.clutch_phase), controller.gear_change_refused ? 1 : 0, c.tcs_active ? 1 : 0,
                   c.tcs_throttle_limit);
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
