#include "hud.hpp"

#include <fmt/format.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "../seven_segment.hpp"
#include "tractive/laws/clutch.hpp"
#include "tractive/laws/engine_torque.hpp"

namespace tractive::drive {

namespace {

constexpr double kG = 9.80665;

ImU32 rgb(int r, int g, int b, int a = 255) { return IM_COL32(r, g, b, a); }

void draw_digits(ImDrawList* dl, const std::string& text, float x, float y) {
    using L = ReadoutLayout;
    const ImU32 lit = rgb(L::kLit[0], L::kLit[1], L::kLit[2]);
    const ImU32 dark = rgb(L::kLit[0] / 10, L::kLit[1] / 10, L::kLit[2] / 10);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const std::uint8_t pattern = segment_pattern(text[i]);
        const auto rects = segment_rects(x + static_cast<float>(i) * L::kPitch, y, L::kDigitWidth, L::kDigitHeight);
        for (int s = 0; s < 7; ++s) {
            const SegmentRect& r = rects[static_cast<std::size_t>(s)];
            dl->AddRectFilled({r.x0 + 1, r.y0 + 1}, {r.x1 - 1, r.y1 - 1}, (pattern >> s) & 1u ? lit : dark);
        }
    }
}

void readouts(const DriveSession& session) {
    using L = ReadoutLayout;
    ImDrawList* dl = ImGui::GetForegroundDrawList();
    const VehicleState& s = session.vehicle().state();
    dl->AddRectFilled({10, 10}, {232, 104}, rgb(12, 12, 14, 235), 6.0f);
    draw_digits(dl, speed_readout(speed_m_per_s(s) * 3.6), L::kSpeedX, L::kSpeedY);
    draw_digits(dl, std::string(1, gear_readout(s.gear)), L::kGearX, L::kGearY);
    dl->AddText({L::kSpeedX + 2, L::kSpeedY + L::kDigitHeight + 4}, rgb(200, 200, 200), "km/h");
    dl->AddText({L::kGearX - 2, L::kGearY + L::kDigitHeight + 4}, rgb(200, 200, 200), "gear");
}

// The rpm gauge: a 240 degree arc from 0 to above the limiter, red past the redline.
void rpm_gauge(const DriveSession& session) {
    const VehicleModel& m = session.vehicle().model();
    const VehicleState& s = session.vehicle().state();
    const double redline = m.spec.engine.rpm_limit > 0.0 ? m.spec.engine.rpm_limit : 7000.0;
    const double full = std::ceil(redline * 1.15 / 1000.0) * 1000.0;
    ImGui::SetNextWindowPos({10, 112}, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize({222, 200}, ImGuiCond_FirstUseEver);
    ImGui::Begin("Engine", nullptr, ImGuiWindowFlags_NoCollapse);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const ImVec2 c{p.x + 100, p.y + 95};
    const float radius = 85.0f;
    const auto angle = [&](double rpm) { return static_cast<float>((150.0 + 240.0 * std::clamp(rpm / full, 0.0, 1.0)) * std::numbers::pi / 180.0); };
    dl->PathArcTo(c, radius, angle(0), angle(redline), 32);
    dl->PathStroke(rgb(220, 220, 220), 0, 3.0f);
    dl->PathArcTo(c, radius, angle(redline), angle(full), 16);
    dl->PathStroke(rgb(230, 40, 30), 0, 6.0f);
    for (double k = 0; k <= full + 1; k += 1000.0) {
        const float a = angle(k);
        dl->AddLine({c.x + std::cos(a) * (radius - 10), c.y + std::sin(a) * (radius - 10)}, {c.x + std::cos(a) * radius, c.y + std::sin(a) * radius},
                    rgb(220, 220, 220), 2.0f);
        dl->AddText({c.x + std::cos(a) * (radius - 24) - 4, c.y + std::sin(a) * (radius - 24) - 6}, rgb(200, 200, 200),
                    fmt::format("{}", static_cast<int>(k / 1000)).c_str());
    }
    const double rpm = engine_rpm(s);
    const float a = angle(rpm);
    dl->AddLine(c, {c.x + std::cos(a) * (radius - 6), c.y + std::sin(a) * (radius - 6)}, rgb(255, 120, 0), 3.0f);
    dl->AddText({c.x - 30, c.y + 30}, rgb(255, 255, 255), fmt::format("{:5.0f} rpm", rpm).c_str());
    if (!s.engine_running) dl->AddText({c.x - 40, c.y + 48}, rgb(255, 60, 40), "STALLED (S: start)");
    ImGui::Dummy({200, 180});
    ImGui::End();
}

// One pedal as a vertical bar filled by its travel (top = up); `zones` marks the clutch's.
void pedal_bar(ImDrawList* dl, ImVec2 at, const char* name, double travel, ImU32 colour, const ClutchPedalZones* zones) {
    const float w = 26, h = 120;
    if (zones) {  // free play (pale), working range (amber), past disengagement (grey)
        const auto y = [&](double t) { return at.y + static_cast<float>(t) * h; };
        dl->AddRectFilled({at.x - 6, y(0)}, {at.x - 2, y(zones->free_play)}, rgb(120, 200, 120));
        dl->AddRectFilled({at.x - 6, y(zones->free_play)}, {at.x - 2, y(zones->free_play + zones->working_range)}, rgb(240, 170, 0));
        dl->AddRectFilled({at.x - 6, y(zones->free_play + zones->working_range)}, {at.x - 2, y(1.0)}, rgb(110, 110, 110));
    }
    dl->AddRect(at, {at.x + w, at.y + h}, rgb(200, 200, 200));
    dl->AddRectFilled(at, {at.x + w, at.y + static_cast<float>(std::clamp(travel, 0.0, 1.0)) * h}, colour);
    dl->AddText({at.x - 2, at.y + h + 4}, rgb(220, 220, 220), name);
}

void pedals(const DriveSession& session) {
    const Vehicle& car = session.vehicle();
    const DriverInput& in = session.input();
    const Controls& applied = car.applied_controls();
    const ClutchSpec& clutch = car.model().spec.clutch;
    ImGui::SetNextWindowPos({10, 320}, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize({222, 260}, ImGuiCond_FirstUseEver);
    ImGui::Begin("Pedals", nullptr, ImGuiWindowFlags_NoCollapse);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    // The clutch bar shows the pedal the clutch gets (the driver's in manual, the automation's otherwise).
    pedal_bar(dl, {p.x + 10, p.y}, "C", applied.clutch, rgb(80, 160, 255), &clutch.pedal);
    pedal_bar(dl, {p.x + 50, p.y}, "B", in.brake, rgb(230, 60, 50), nullptr);
    pedal_bar(dl, {p.x + 90, p.y}, "T", in.throttle, rgb(60, 200, 80), nullptr);
    // Capacity at this disc travel and slip, against the torque passed (seed 000: T = n mu Req F).
    const VehicleState& s = car.state();
    const double disc = clutch_disc_travel(clutch.pedal, applied.clutch);
    const double capacity = clutch_torque_capacity_nm(clutch, disc, std::abs(s.driveline.clutch_slip_rad_per_s));
    const double full = std::max(clutch_static_capacity_nm(clutch), 1.0);
    const float x = p.x + 140, h = 120;
    const auto bar = [&](float bx, double value, ImU32 colour) {
        const float top = p.y + h - static_cast<float>(std::clamp(value / full, 0.0, 1.0)) * h;
        dl->AddRectFilled({bx, top}, {bx + 14, p.y + h}, colour);
        dl->AddRect({bx, p.y}, {bx + 14, p.y + h}, rgb(200, 200, 200));
    };
    bar(x, capacity, rgb(80, 160, 255));
    bar(x + 20, std::abs(s.driveline.clutch_torque_nm), rgb(255, 200, 60));
    dl->AddText({x - 4, p.y + h + 4}, rgb(220, 220, 220), "cap Nm");
    ImGui::Dummy({200, h + 22});
    ImGui::Text("clutch %4.0f / %4.0f N m %s", std::abs(s.driveline.clutch_torque_nm), capacity, s.driveline.clutch_locked ? "locked" : "slipping");
    ImGui::Text("steer %+.2f  handbrake %.2f", in.steering, in.handbrake);
    ImGui::End();
}

void status(const DriveSession& session, bool script_running) {
    const Vehicle& car = session.vehicle();
    const ControlSettings& c = car.control_settings();
    const ControllerState& cs = car.controller();
    ImGui::SetNextWindowPos({240, 10}, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize({330, 94}, ImGuiCond_FirstUseEver);
    ImGui::Begin("Transmission and aids", nullptr, ImGuiWindowFlags_NoCollapse);
    ImGui::Text("mode %s (M)   lever %d", to_string(c.mode), session.input().gear_lever);
    const bool abs_active = std::any_of(cs.abs_active.begin(), cs.abs_active.end(), [](bool a) { return a; });
    ImGui::TextColored(c.aids.abs ? (abs_active ? ImVec4(1, 0.6f, 0, 1) : ImVec4(0.4f, 1, 0.4f, 1)) : ImVec4(0.5f, 0.5f, 0.5f, 1), "ABS %s (B)",
                       c.aids.abs ? (abs_active ? "ACTIVE" : "on") : "off");
    ImGui::SameLine();
    ImGui::TextColored(c.aids.tcs ? (cs.tcs_active ? ImVec4(1, 0.6f, 0, 1) : ImVec4(0.4f, 1, 0.4f, 1)) : ImVec4(0.5f, 0.5f, 0.5f, 1), "   TCS %s (T)",
                       c.aids.tcs ? (cs.tcs_active ? "ACTIVE" : "on") : "off");
    ImGui::Text("%s%s  t = %.1f s", session.paused() ? "PAUSED  " : "", script_running ? "script" : "live", car.state().time_s);
    ImGui::End();
}

// Each wheel's force over its load in a circle (the ring is a friction coefficient of 1), laid
// out as the wheels are on the car; the load and the slips beside it.
void wheels(const DriveSession& session) {
    const VehicleState& s = session.vehicle().state();
    ImGui::SetNextWindowPos({ImGui::GetIO().DisplaySize.x - 270, 10}, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize({260, 300}, ImGuiCond_FirstUseEver);
    ImGui::Begin("Tyres", nullptr, ImGuiWindowFlags_NoCollapse);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const char* names[4] = {"FL", "FR", "RL", "RR"};
    for (int i = 0; i < 4; ++i) {
        const WheelOutputs& o = s.wheel_outputs[static_cast<std::size_t>(i)];
        const ImVec2 c{p.x + 55 + static_cast<float>(i % 2) * 120.0f, p.y + 55 + static_cast<float>(i / 2) * 130.0f};
        const float r = 40.0f;
        dl->AddCircle(c, r, rgb(200, 200, 200), 32, 1.5f);
        dl->AddCircle(c, r * 1.5f, rgb(90, 90, 90), 32, 1.0f);
        if (o.fz_n > 1.0) {
            // Screen: up = force along the wheel's heading, left = to its left.
            const float fx = static_cast<float>(std::clamp(o.fx_n / o.fz_n, -1.5, 1.5)), fy = static_cast<float>(std::clamp(o.fy_n / o.fz_n, -1.5, 1.5));
            const bool sliding = std::abs(o.slip_ratio) > 0.15 || std::abs(o.slip_angle_rad) > 0.14;
            dl->AddCircleFilled({c.x - fy * r, c.y - fx * r}, 5.0f, sliding ? rgb(255, 60, 40) : rgb(80, 220, 90));
        }
        dl->AddText({c.x - r, c.y + r + 2}, rgb(220, 220, 220),
                    fmt::format("{} {:4.1f} kN\nk {:+.2f} a {:+.1f}", names[i], o.fz_n / 1000.0, o.slip_ratio, o.slip_angle_rad * 180.0 / std::numbers::pi).c_str());
    }
    ImGui::Dummy({240, 265});
    ImGui::End();
}

void traces(const DriveSession& session) {
    const auto& trace = session.trace();
    ImGui::SetNextWindowPos({ImGui::GetIO().DisplaySize.x - 270, 318}, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize({260, 390}, ImGuiCond_FirstUseEver);
    ImGui::Begin("Traces", nullptr, ImGuiWindowFlags_NoCollapse);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    // g-g: lateral (left = left) against longitudinal (up = accelerating), rings at 0.5 and 1 g.
    const ImVec2 c{p.x + 120, p.y + 80};
    const float r = 70.0f;
    dl->AddCircle(c, r, rgb(150, 150, 150), 32);
    dl->AddCircle(c, r / 2, rgb(90, 90, 90), 32);
    dl->AddLine({c.x - r, c.y}, {c.x + r, c.y}, rgb(90, 90, 90));
    dl->AddLine({c.x, c.y - r}, {c.x, c.y + r}, rgb(90, 90, 90));
    for (const TracePoint& t : trace) {
        dl->AddCircleFilled({c.x - static_cast<float>(t.ay_m_per_s2 / kG) * r, c.y - static_cast<float>(t.ax_m_per_s2 / kG) * r}, 1.5f, rgb(255, 190, 60, 160));
    }
    dl->AddText({c.x + r - 20, c.y - r}, rgb(200, 200, 200), "1 g");
    ImGui::Dummy({240, 165});
    std::vector<float> rpm, speed, slip;
    for (const TracePoint& t : trace) {
        rpm.push_back(static_cast<float>(t.engine_rpm));
        speed.push_back(static_cast<float>(t.speed_kmh));
        slip.push_back(static_cast<float>(t.clutch_slip_rad_per_s));
    }
    const auto strip = [](const char* label, const std::vector<float>& v) {
        const float last = v.empty() ? 0.0f : v.back();
        ImGui::PlotLines(label, v.data(), static_cast<int>(v.size()), 0, fmt::format("{:.0f}", last).c_str(), FLT_MAX, FLT_MAX, {170, 60});
    };
    strip("rpm", rpm);
    strip("km/h", speed);
    strip("clutch slip\nrad/s", slip);
    ImGui::End();
}

}  // namespace

void draw_hud(const DriveSession& session, const std::string& car_name, bool script_running) {
    readouts(session);
    rpm_gauge(session);
    pedals(session);
    status(session, script_running);
    wheels(session);
    traces(session);
    ImGui::GetForegroundDrawList()->AddText({240, 108}, rgb(30, 30, 30), car_name.c_str());
}

}  // namespace tractive::drive
