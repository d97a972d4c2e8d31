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

// The panels: each sized to its contents (nothing clipped) and placed in two columns, the left
// one under the readouts and the right one against the window's right edge, stacked from the
// top with a gap; where each was drawn is kept for hud_layout().
constexpr float kGap = 8.0f;
constexpr float kReadoutsBottom = 104.0f;
constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize;

std::vector<HudPanel>& layout() {
    static std::vector<HudPanel> panels;
    return panels;
}

// Begins a panel at (x, y); `right`: x is its right edge. Returns its bottom after End().
void begin_panel(const char* name, float x, float y, bool right = false) {
    ImGui::SetNextWindowPos({x, y}, ImGuiCond_Always, {right ? 1.0f : 0.0f, 0.0f});
    ImGui::Begin(name, nullptr, kPanelFlags);
}
float end_panel(const char* name) {
    const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    layout().push_back({name, at.x, at.y, size.x, size.y});
    ImGui::End();
    return at.y + size.y;
}

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

// The rpm gauge: a 240 degree arc from 0 to above the limiter, red past the redline, its ticks
// and labels spaced for the car's limiter (rpm_scale).
float rpm_gauge(const DriveSession& session, float top) {
    const VehicleModel& m = session.vehicle().model();
    const VehicleState& s = session.vehicle().state();
    const double redline = m.spec.engine.rpm_limit > 0.0 ? m.spec.engine.rpm_limit : 7000.0;
    const RpmScale scale = rpm_scale(redline);
    const double full = scale.full_rpm;
    begin_panel("Engine", 10, top);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const ImVec2 c{p.x + 100, p.y + 88};
    const float radius = 80.0f;
    const auto angle = [&](double rpm) { return static_cast<float>((150.0 + 240.0 * std::clamp(rpm / full, 0.0, 1.0)) * std::numbers::pi / 180.0); };
    dl->PathArcTo(c, radius, angle(0), angle(redline), 32);
    dl->PathStroke(rgb(220, 220, 220), 0, 3.0f);
    dl->PathArcTo(c, radius, angle(redline), angle(full), 16);
    dl->PathStroke(rgb(230, 40, 30), 0, 6.0f);
    for (double k = 0; k <= full + 1; k += scale.tick_rpm) {
        const float a = angle(k);
        dl->AddLine({c.x + std::cos(a) * (radius - 10), c.y + std::sin(a) * (radius - 10)}, {c.x + std::cos(a) * radius, c.y + std::sin(a) * radius},
                    rgb(220, 220, 220), 2.0f);
        const std::string label = fmt::format("{:g}", k / 1000.0);
        const ImVec2 size = ImGui::CalcTextSize(label.c_str());
        dl->AddText({c.x + std::cos(a) * (radius - 24) - size.x / 2, c.y + std::sin(a) * (radius - 24) - size.y / 2}, rgb(200, 200, 200), label.c_str());
    }
    // Below the hub, where the needle never sweeps (it turns over the top from lower left to
    // lower right): above it the needle crossed the label at 2,000-3,000 rpm.
    dl->AddText({c.x - ImGui::CalcTextSize("x1000").x / 2, c.y + 12}, rgb(150, 150, 150), "x1000");
    const double rpm = engine_rpm(s);
    const float a = angle(rpm);
    dl->AddLine(c, {c.x + std::cos(a) * (radius - 6), c.y + std::sin(a) * (radius - 6)}, rgb(255, 120, 0), 3.0f);
    dl->AddText({c.x - 30, c.y + 30}, rgb(255, 255, 255), fmt::format("{:5.0f} rpm", rpm).c_str());
    if (!s.engine_running) dl->AddText({c.x - 40, c.y + 48}, rgb(255, 60, 40), "STALLED (S: start)");
    ImGui::Dummy({200, 165});
    return end_panel("Engine");
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

float pedals(const DriveSession& session, float top) {
    const Vehicle& car = session.vehicle();
    const DriverInput& in = session.input();
    const Controls& applied = car.applied_controls();
    const ClutchSpec& clutch = car.model().spec.clutch;
    begin_panel("Pedals", 10, top);
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
        const float bar_top = p.y + h - static_cast<float>(std::clamp(value / full, 0.0, 1.0)) * h;
        dl->AddRectFilled({bx, bar_top}, {bx + 14, p.y + h}, colour);
        dl->AddRect({bx, p.y}, {bx + 14, p.y + h}, rgb(200, 200, 200));
    };
    bar(x, capacity, rgb(80, 160, 255));
    bar(x + 20, std::abs(s.driveline.clutch_torque_nm), rgb(255, 200, 60));
    dl->AddText({x - 4, p.y + h + 4}, rgb(220, 220, 220), "cap Nm");
    ImGui::Dummy({200, h + 22});
    ImGui::Text("clutch %4.0f / %4.0f N m %s", std::abs(s.driveline.clutch_torque_nm), capacity, s.driveline.clutch_locked ? "locked" : "slipping");
    ImGui::Text("steer %+.2f  handbrake %.2f", in.steering, in.handbrake);
    return end_panel("Pedals");
}

void status(const DriveSession& session, bool script_running) {
    const Vehicle& car = session.vehicle();
    const ControlSettings& c = car.control_settings();
    const ControllerState& cs = car.controller();
    begin_panel("Transmission and aids", 240, 10);
    ImGui::Text("mode %s (M)   lever %d", to_string(c.mode), session.input().gear_lever);
    const bool abs_active = std::any_of(cs.abs_active.begin(), cs.abs_active.end(), [](bool a) { return a; });
    ImGui::TextColored(c.aids.abs ? (abs_active ? ImVec4(1, 0.6f, 0, 1) : ImVec4(0.4f, 1, 0.4f, 1)) : ImVec4(0.5f, 0.5f, 0.5f, 1), "ABS %s (B)",
                       c.aids.abs ? (abs_active ? "ACTIVE" : "on") : "off");
    ImGui::SameLine();
    ImGui::TextColored(c.aids.tcs ? (cs.tcs_active ? ImVec4(1, 0.6f, 0, 1) : ImVec4(0.4f, 1, 0.4f, 1)) : ImVec4(0.5f, 0.5f, 0.5f, 1), "   TCS %s (T)",
                       c.aids.tcs ? (cs.tcs_active ? "ACTIVE" : "on") : "off");
    ImGui::SameLine();
    ImGui::TextColored(c.aids.esc ? (cs.esc_active ? ImVec4(1, 0.6f, 0, 1) : ImVec4(0.4f, 1, 0.4f, 1)) : ImVec4(0.5f, 0.5f, 0.5f, 1), "   ESC %s (E)",
                       c.aids.esc ? (cs.esc_active ? "ACTIVE" : "on") : "off");
    ImGui::Text("%s%s  t = %.1f s", session.paused() ? "PAUSED  " : "", script_running ? "script" : "live", car.state().time_s);
    if (session.step_failed())
        ImGui::TextColored(ImVec4(1, 0.25f, 0.2f, 1), "STEP FAILED: the car is held where it was (Backspace reset, F respawn)");
    end_panel("Transmission and aids");
}

// Each wheel's force in its friction circle (friction_share: the ring is what the tyre gives at
// its present load on its present surface), laid out as the wheels are on the car; the load and
// the slips beside it.
float wheels(const DriveSession& session, float right, float top) {
    const Vehicle& car = session.vehicle();
    const VehicleState& s = car.state();
    begin_panel("Tyres", right, top, true);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const char* names[4] = {"FL", "FR", "RL", "RR"};
    for (int i = 0; i < 4; ++i) {
        const WheelOutputs& o = s.wheel_outputs[static_cast<std::size_t>(i)];
        const ImVec2 c{p.x + 55 + static_cast<float>(i % 2) * 120.0f, p.y + 55 + static_cast<float>(i / 2) * 130.0f};
        const float r = 36.0f;
        dl->AddCircle(c, r, rgb(200, 200, 200), 32, 1.5f);
        dl->AddCircle(c, r * 1.4f, rgb(90, 90, 90), 32, 1.0f);
        const FrictionShare f = friction_share(car.model(), s, i);
        if (f.loaded) {
            // Screen: up = force along the wheel's heading, left = to its left; beyond the outer
            // ring (1.4 times the peak) drawn on it.
            const float fx = static_cast<float>(std::clamp(f.longitudinal, -1.4, 1.4)), fy = static_cast<float>(std::clamp(f.lateral, -1.4, 1.4));
            dl->AddCircleFilled({c.x - fy * r, c.y - fx * r}, 5.0f, f.sliding ? rgb(255, 60, 40) : rgb(80, 220, 90));
        }
        dl->AddText({c.x - r - 14, c.y + r * 1.4f + 2}, rgb(220, 220, 220),
                    fmt::format("{} {:4.1f} kN\nk {:+.2f} a {:+.1f}", names[i], o.fz_n / 1000.0, o.slip_ratio, o.slip_angle_rad * 180.0 / std::numbers::pi).c_str());
    }
    ImGui::Dummy({235, 262});
    ImGui::TextColored({0.6f, 0.6f, 0.6f, 1}, "ring: the tyre's peak at its load");
    return end_panel("Tyres");
}

float traces(const DriveSession& session, float right, float top) {
    const auto& trace = session.trace();
    begin_panel("Traces", right, top, true);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    // g-g: lateral (left = left) against longitudinal (up = accelerating); the outer ring at the
    // car's grip or the largest acceleration seen (gg_scale_g), the inner at half of it.
    double largest = 0.0;
    for (const TracePoint& t : trace) largest = std::max(largest, std::hypot(t.ax_m_per_s2, t.ay_m_per_s2) / kG);
    const double scale_g = gg_scale_g(tyre_grip_g(session.vehicle().model()), largest);  // (four tyre evaluations a frame)
    const ImVec2 c{p.x + 120, p.y + 66};
    const float r = 60.0f;
    dl->AddCircle(c, r, rgb(150, 150, 150), 32);
    dl->AddCircle(c, r / 2, rgb(90, 90, 90), 32);
    dl->AddLine({c.x - r, c.y}, {c.x + r, c.y}, rgb(90, 90, 90));
    dl->AddLine({c.x, c.y - r}, {c.x, c.y + r}, rgb(90, 90, 90));
    const float per_g = r / static_cast<float>(scale_g);
    for (const TracePoint& t : trace) {
        dl->AddCircleFilled({c.x - static_cast<float>(t.ay_m_per_s2 / kG) * per_g, c.y - static_cast<float>(t.ax_m_per_s2 / kG) * per_g}, 1.5f,
                            rgb(255, 190, 60, 160));
    }
    dl->AddText({c.x + r - 20, c.y - r}, rgb(200, 200, 200), fmt::format("{:g} g", scale_g).c_str());
    ImGui::Dummy({240, 136});
    std::vector<float> rpm, speed, slip;
    for (const TracePoint& t : trace) {
        rpm.push_back(static_cast<float>(t.engine_rpm));
        speed.push_back(static_cast<float>(t.speed_kmh));
        slip.push_back(static_cast<float>(t.clutch_slip_rad_per_s));
    }
    const auto strip = [](const char* label, const std::vector<float>& v) {
        const float last = v.empty() ? 0.0f : v.back();
        ImGui::PlotLines(label, v.data(), static_cast<int>(v.size()), 0, fmt::format("{:.0f}", last).c_str(), FLT_MAX, FLT_MAX, {170, 44});
    };
    strip("rpm", rpm);
    strip("km/h", speed);
    strip("clutch\nslip", slip);
    return end_panel("Traces");
}

}  // namespace

void draw_hud(const DriveSession& session, const std::string& car_name, bool script_running) {
    layout().clear();
    readouts(session);
    layout().push_back({"Readouts", 10, 10, 222, kReadoutsBottom - 10});
    const float engine_bottom = rpm_gauge(session, kReadoutsBottom + kGap);
    pedals(session, engine_bottom + kGap);
    status(session, script_running);
    const float right = ImGui::GetIO().DisplaySize.x - 10.0f;
    const float tyres_bottom = wheels(session, right, 10.0f);
    traces(session, right, tyres_bottom + kGap);
    ImGui::GetBackgroundDrawList()->AddText({240, 108}, rgb(30, 30, 30), car_name.c_str());
}

const std::vector<HudPanel>& hud_layout() { return layout(); }

}  // namespace tractive::drive
