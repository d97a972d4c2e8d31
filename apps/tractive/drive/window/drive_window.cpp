#include "drive_window.hpp"

#include <SDL.h>
#include <cairo.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <iostream>
#include <unordered_map>

#include "../action_mapper.hpp"
#include "../calibration.hpp"
#include "../drive_session.hpp"
#include "../force_feedback.hpp"
#include "../../atomic_write.hpp"
#include "hud.hpp"
#include "scene_renderer.hpp"

namespace tractive::drive {

namespace {

constexpr double kScriptFrame_s = 1.0 / 60.0;
constexpr double kLongestFrame_s = 0.1;  // a stalled window (dragged, debugger) does not fast-forward

// The bound device: a raw joystick (wheel layout) or a game controller, opened with its haptic
// where it has one; or SDL's virtual wheel for a script.
class InputDevice {
public:
    ~InputDevice() { close(); }

    void open_virtual_wheel() {
        close();
        index_ = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_WHEEL, kWheelAxisCount, kWheelButtonCount, 0);
        if (index_ < 0) throw std::runtime_error(fmt::format("tractive drive: SDL could not attach a virtual wheel: {}", SDL_GetError()));
        joystick_ = SDL_JoystickOpen(index_);
        if (!joystick_) throw std::runtime_error(fmt::format("tractive drive: SDL could not open the virtual wheel: {}", SDL_GetError()));
        virtual_ = true;
    }

    // The first device whose name contains `name` (any, when empty), of the mapping's kind.
    void open_first(const DeviceMapping& m) {
        close();
        for (int i = 0; i < SDL_NumJoysticks(); ++i) {
            const char* name = SDL_JoystickNameForIndex(i);
            if (!m.name_contains.empty() && (!name || std::string(name).find(m.name_contains) == std::string::npos)) continue;
            if (m.kind == DeviceKind::Gamepad) {
                if (!SDL_IsGameController(i)) continue;
                controller_ = SDL_GameControllerOpen(i);
                joystick_ = controller_ ? SDL_GameControllerGetJoystick(controller_) : nullptr;
            } else {
                joystick_ = SDL_JoystickOpen(i);
            }
            if (!joystick_) continue;
            std::cerr << fmt::format("tractive drive: using {} \"{}\"\n", m.kind == DeviceKind::Gamepad ? "game controller" : "joystick",
                                     name ? name : "?");
            open_haptic();
            return;
        }
    }

    void set_virtual(const RawInput& raw) {
        for (std::size_t i = 0; i < raw.axes.size(); ++i) SDL_JoystickSetVirtualAxis(joystick_, static_cast<int>(i), static_cast<Sint16>(raw.axes[i]));
        for (std::size_t i = 0; i < raw.buttons.size(); ++i) SDL_JoystickSetVirtualButton(joystick_, static_cast<int>(i), raw.buttons[i] ? 1 : 0);
    }

    [[nodiscard]] RawInput read() const {
        RawInput raw;
        if (controller_) {
            for (int a = 0; a < SDL_CONTROLLER_AXIS_MAX; ++a) raw.axes.push_back(SDL_GameControllerGetAxis(controller_, static_cast<SDL_GameControllerAxis>(a)));
            for (int b = 0; b < SDL_CONTROLLER_BUTTON_MAX; ++b) raw.buttons.push_back(SDL_GameControllerGetButton(controller_, static_cast<SDL_GameControllerButton>(b)) != 0);
        } else if (joystick_) {
            for (int a = 0; a < SDL_JoystickNumAxes(joystick_); ++a) raw.axes.push_back(SDL_JoystickGetAxis(joystick_, a));
            for (int b = 0; b < SDL_JoystickNumButtons(joystick_); ++b) raw.buttons.push_back(SDL_JoystickGetButton(joystick_, b) != 0);
        }
        return raw;
    }

    // Plays a constant force on the steering axis, a share of the device's peak in [-1, 1].
    void force(double level) {
        if (effect_ < 0) return;
        SDL_HapticEffect e{};
        e.type = SDL_HAPTIC_CONSTANT;
        e.constant.direction.type = SDL_HAPTIC_STEERING_AXIS;
        e.constant.length = SDL_HAPTIC_INFINITY;
        e.constant.level = static_cast<Sint16>(std::clamp(level, -1.0, 1.0) * 32767.0);
        SDL_HapticUpdateEffect(haptic_, effect_, &e);
    }
    [[nodiscard]] bool has_force_feedback() const { return effect_ >= 0; }
    [[nodiscard]] bool is_open() const { return joystick_ != nullptr; }
    [[nodiscard]] bool is_virtual() const { return virtual_; }
    [[nodiscard]] SDL_JoystickID id() const { return joystick_ ? SDL_JoystickInstanceID(joystick_) : -1; }

    void close() {
        if (haptic_) SDL_HapticClose(haptic_);
        if (controller_) SDL_GameControllerClose(controller_);
        else if (joystick_) SDL_JoystickClose(joystick_);
        if (virtual_) SDL_JoystickDetachVirtual(index_);
        haptic_ = nullptr, controller_ = nullptr, joystick_ = nullptr, virtual_ = false, effect_ = -1;
    }

private:
    void open_haptic() {
        if (!SDL_JoystickIsHaptic(joystick_)) return;
        haptic_ = SDL_HapticOpenFromJoystick(joystick_);
        if (!haptic_ || !(SDL_HapticQuery(haptic_) & SDL_HAPTIC_CONSTANT)) return;
        SDL_HapticEffect e{};
        e.type = SDL_HAPTIC_CONSTANT;
        e.constant.direction.type = SDL_HAPTIC_STEERING_AXIS;
        e.constant.length = SDL_HAPTIC_INFINITY;
        effect_ = SDL_HapticNewEffect(haptic_, &e);
        if (effect_ >= 0) SDL_HapticRunEffect(haptic_, effect_, 1);
    }

    SDL_Joystick* joystick_ = nullptr;
    SDL_GameController* controller_ = nullptr;
    SDL_Haptic* haptic_ = nullptr;
    int effect_ = -1;
    bool virtual_ = false;
    int index_ = -1;  // the virtual wheel's device index
};

// The keyboard by SDL key names, scancodes looked up once.
class Keyboard {
public:
    bool down(std::string_view name) {
        auto it = codes_.find(std::string(name));
        if (it == codes_.end()) it = codes_.emplace(std::string(name), SDL_GetScancodeFromName(std::string(name).c_str())).first;
        int count = 0;
        const Uint8* state = SDL_GetKeyboardState(&count);
        return enabled && it->second != SDL_SCANCODE_UNKNOWN && it->second < count && state[it->second];
    }
    bool enabled = true;

private:
    std::unordered_map<std::string, SDL_Scancode> codes_;
};

// Where the HUD's panels were drawn in the screenshot's frame, and what is wrong with that
// layout (readouts.hpp: hud_layout_problems), as JSON beside the screenshot.
void write_hud_layout(const std::filesystem::path& path, int width, int height) {
    nlohmann::json j;
    j["window"] = {width, height};
    j["panels"] = nlohmann::json::array();
    for (const HudPanel& p : hud_layout()) j["panels"].push_back({{"name", p.name}, {"x", p.x}, {"y", p.y}, {"width", p.width}, {"height", p.height}});
    j["problems"] = hud_layout_problems(hud_layout(), static_cast<float>(width), static_cast<float>(height));
    cli::write_atomically(path, j.dump(2) + "\n");
}

// The back buffer as a PNG (before the swap), through cairo.
void write_screenshot(const std::filesystem::path& path, int width, int height) {
    std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    cairo_surface_flush(surface);
    unsigned char* data = cairo_image_surface_get_data(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < height; ++y) {
        const std::uint8_t* src = &rgba[static_cast<std::size_t>(height - 1 - y) * static_cast<std::size_t>(width) * 4];  // OpenGL's rows go up
        auto* dst = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
        for (int x = 0; x < width; ++x) {
            const std::uint8_t* p = src + 4 * x;
            dst[x] = (static_cast<std::uint32_t>(p[0]) << 16) | (static_cast<std::uint32_t>(p[1]) << 8) | p[2];
        }
    }
    cairo_surface_mark_dirty(surface);
    // Through a temporary name, renamed at the end: no half-written screenshot.
    const std::filesystem::path temporary = path.string() + ".part";
    const cairo_status_t status = cairo_surface_write_to_png(surface, temporary.c_str());
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS) {
        std::filesystem::remove(temporary);
        throw std::runtime_error(fmt::format("{}: could not write the screenshot: {}", path.string(), cairo_status_to_string(status)));
    }
    std::filesystem::rename(temporary, path);
}

void calibration_window(Calibration& c, const RawInput& raw, bool& open, InputMapping& mapping, ActionMapper& mapper,
                        const std::filesystem::path& save_to) {
    ImGui::SetNextWindowPos({300, 120}, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize({520, 440}, ImGuiCond_FirstUseEver);
    ImGui::Begin("Calibration (F2)", &open);
    ImGui::TextWrapped("%s", c.instruction().c_str());
    if (ImGui::Button("Next")) c.next(raw);
    ImGui::SameLine();
    if (ImGui::Button("Skip")) c.skip();
    ImGui::SameLine();
    if (ImGui::Button(fmt::format("Use and save to {}", save_to.string()).c_str())) {
        mapping = c.mapping();
        mapper.set_mapping(mapping);
        try {
            cli::write_atomically(save_to, format_input_mapping(mapping));
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << "\n";
        }
    }
    ImGui::Separator();
    ImGui::Text("axes (raw)");
    for (std::size_t i = 0; i < raw.axes.size(); ++i) {
        ImGui::ProgressBar(static_cast<float>((raw.axes[i] + 32768) / 65535.0), {300, 0}, fmt::format("axis {}: {}", i, raw.axes[i]).c_str());
    }
    std::string pressed;
    for (std::size_t i = 0; i < raw.buttons.size(); ++i) {
        if (raw.buttons[i]) pressed += fmt::format(" {}", i);
    }
    ImGui::Text("buttons held:%s", pressed.empty() ? " none" : pressed.c_str());
    ImGui::End();
}

}  // namespace

int run_drive_window(const DriveWindowOptions& o) {
    SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
    constexpr const char* kNeedsADisplay = "a window needs a display: run under X11 or Wayland, or xvfb-run for a scripted drive";
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_JOYSTICK | SDL_INIT_GAMECONTROLLER) != 0) {
        std::cerr << fmt::format("error: tractive drive: SDL could not start: {} ({})\n", SDL_GetError(), kNeedsADisplay);
        return kExitNoDisplay;
    }
    // With no display SDL falls back to a window nobody sees (its offscreen or dummy driver), and a
    // live drive would run there until killed: refused, unless asked for by SDL_VIDEODRIVER.
    const char* driver = SDL_GetCurrentVideoDriver();
    const std::string_view video = driver ? driver : "";
    if ((video == "offscreen" || video == "dummy") && !std::getenv("SDL_VIDEODRIVER")) {
        std::cerr << fmt::format("error: tractive drive: no display (SDL found only its '{}' video driver; {})\n", video, kNeedsADisplay);
        SDL_Quit();
        return kExitNoDisplay;
    }
    SDL_InitSubSystem(SDL_INIT_HAPTIC);  // optional: force feedback where the system has it
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
    SDL_Window* window = SDL_CreateWindow(fmt::format("tractive drive: {}", o.car_name).c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                          o.width_px, o.height_px, SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE);
    SDL_GLContext gl = window ? SDL_GL_CreateContext(window) : nullptr;
    if (!gl) {
        std::cerr << fmt::format("error: tractive drive: no OpenGL 3.3 window: {}\n", SDL_GetError());
        if (window) SDL_DestroyWindow(window);
        SDL_Quit();
        return 1;
    }
    const bool scripted = o.script.has_value();
    // Live: paced by the display's refresh (vsync); where there is none, by sleeping to 120 Hz.
    const bool vsync = !scripted && SDL_GL_SetSwapInterval(1) == 0;
    if (scripted) SDL_GL_SetSwapInterval(0);
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini left in the user's folder
    ImGui::StyleColorsDark();
    ImGui::GetStyle().Colors[ImGuiCol_WindowBg].w = 0.72f;  // the world shows through the HUD
    ImGui_ImplSDL2_InitForOpenGL(window, gl);
    ImGui_ImplOpenGL3_Init("#version 330 core");

    int status = 0;
    try {
        InputMapping mapping = o.mapping;
        if (scripted) mapping.device = default_wheel_mapping();  // the script drives the default wheel
        DriveSession session(o.spec, o.ground, o.start, o.control);
        ActionMapper mapper(mapping, static_cast<int>(o.spec.transmission.forward_ratios.size()));
        if (o.replay) session.replay(*o.replay);
        if (!o.record_csv.empty() || !o.record_controls_csv.empty()) session.start_recording(o.record_interval_s);
        SceneRenderer renderer(session.vehicle().model());
        InputDevice device;
        if (scripted) device.open_virtual_wheel();
        else device.open_first(mapping.device);
        Keyboard keyboard;
        keyboard.enabled = !scripted;
        CameraMode camera = CameraMode::Chase;
        std::optional<Calibration> calibration;
        bool calibrating = false;
        const double duration = o.duration_s >= 0.0 ? o.duration_s
                                : scripted   ? o.script->back().time_s + 2.0
                                : o.replay   ? o.replay->back().time_s + 2.0
                                             : -1.0;
        auto last = std::chrono::steady_clock::now();
        const auto started = last;
        double physics_ms = 0.0;
        // A script's own clock: its frames' time, which runs on while the drive is paused (the
        // session's clock stops then, and a script read by it would never reach the row that
        // unpauses it). Its rows and --duration go by it.
        double script_clock_s = 0.0;
        int frames_drawn = 0;
        bool running = true;
        while (running) {
            SDL_Event e;
            while (SDL_PollEvent(&e)) {
                ImGui_ImplSDL2_ProcessEvent(&e);
                if (e.type == SDL_QUIT || (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_ESCAPE)) running = false;
                if (!scripted && (e.type == SDL_JOYDEVICEADDED || e.type == SDL_CONTROLLERDEVICEADDED) && !device.is_open()) device.open_first(mapping.device);
                if (!scripted && e.type == SDL_JOYDEVICEREMOVED && e.jdevice.which == device.id()) device.close();
            }
            const auto now = std::chrono::steady_clock::now();
            const double wall_dt = std::min(std::chrono::duration<double>(now - last).count(), kLongestFrame_s);
            last = now;
            // A script or a replay goes in frames of 1/60 s, so that its drive and its recorded rows
            // do not depend on how fast the machine draws (a replay is then paced below).
            const double dt = scripted || o.replay ? kScriptFrame_s : wall_dt;
            if (scripted) device.set_virtual(device_state_for(script_row_at(*o.script, script_clock_s), mapping.device, kWheelAxisCount, kWheelButtonCount));
            SDL_JoystickUpdate();
            const RawInput raw = device.read();
            keyboard.enabled = !scripted && !ImGui::GetIO().WantCaptureKeyboard;
            const DriveActions actions = mapper.update(raw, [&](std::string_view k) { return keyboard.down(k); }, dt);

            const auto physics_start = std::chrono::steady_clock::now();
            const FrameEvents events = session.frame(actions, dt);
            if (scripted) script_clock_s += dt;
            physics_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - physics_start).count();
            if (events.mode_changed || events.reset) mapper.set_gear_lever(session.vehicle().state().gear);
            if (events.camera) camera = next_camera(camera);
            if (events.calibrate) {
                calibrating = !calibrating;
                if (calibrating) calibration.emplace(mapping, static_cast<int>(o.spec.transmission.forward_ratios.size()));
            }
            if (calibrating && calibration) calibration->observe(raw);
            if (device.has_force_feedback()) {
                const VehicleState& s = session.vehicle().state();
                const double t = hand_wheel_torque_nm({s.wheel_outputs[0].steering_axis_torque_nm, s.wheel_outputs[1].steering_axis_torque_nm},
                                                      o.spec.wheels[0].max_steer_rad, mapping.force_feedback.wheel_range_deg);
                device.force(session.paused() ? 0.0 : force_feedback_level(t, mapping.force_feedback));
            }

            int width = 0, height = 0;
            SDL_GL_GetDrawableSize(window, &width, &height);
            renderer.draw(session.vehicle(), camera, width, height, dt);
            ImGui_ImplOpenGL3_NewFrame();
            ImGui_ImplSDL2_NewFrame();
            ImGui::NewFrame();
            draw_hud(session, o.car_name, scripted || session.replaying());
            // Behind the windows (the F2 calibration screen draws over it), over the scene.
            ImGui::GetBackgroundDrawList()->AddText({240.0f, 124.0f}, IM_COL32(30, 30, 30, 255),
                                                    fmt::format("physics {:.3f} ms/frame  {}  (V camera, F2 calibrate, Esc quit)",
                                                                physics_ms, device.is_open() ? (device.is_virtual() ? "virtual wheel" : "device") : "keyboard")
                                                        .c_str());
            if (calibrating && calibration) calibration_window(*calibration, raw, calibrating, mapping, mapper, o.mapping_path);
            ImGui::Render();
            ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
            // The HUD's panels settle their sizes over the first frames: then a window too small
            // for them (--size, or one made smaller) is said once, not left to be seen.
            if (++frames_drawn == 3) {
                if (const std::vector<std::string> problems = hud_layout_problems(hud_layout(), static_cast<float>(width), static_cast<float>(height));
                    !problems.empty()) {
                    std::cerr << fmt::format("warning: the HUD does not fit the {} x {} window ({}); 1280x720 or larger fits it\n", width, height,
                                             fmt::join(problems, "; "));
                }
            }
            const bool last_frame = !running || (duration >= 0.0 && (scripted ? script_clock_s : session.clock_s()) >= duration - 1e-9);
            if (last_frame && !o.screenshot_png.empty()) {
                write_screenshot(o.screenshot_png, width, height);
                write_hud_layout(o.screenshot_png.string() + ".hud.json", width, height);
            }
            SDL_GL_SwapWindow(window);
            if (last_frame) running = false;
            if (o.replay) {  // in real time: wait while the replay is ahead of the wall clock
                const double ahead_s = session.clock_s() - std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
                if (ahead_s > 0.0 && !session.paused()) SDL_Delay(static_cast<Uint32>(ahead_s * 1000.0));
            } else if (!scripted && !vsync) {
                const double spent_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - now).count();
                if (spent_s < 1.0 / 120.0) SDL_Delay(static_cast<Uint32>((1.0 / 120.0 - spent_s) * 1000.0));
            }
        }
        if (!o.record_csv.empty()) cli::write_atomically(o.record_csv, session.telemetry_csv());
        if (!o.record_controls_csv.empty()) cli::write_atomically(o.record_controls_csv, session.controls_csv());
        const VehicleState& s = session.vehicle().state();
        std::cerr << fmt::format("drove {:.2f} s: {:.1f} km/h in gear {}, at x = {:.1f} m, y = {:.1f} m{}{}\n", s.time_s, speed_m_per_s(s) * 3.6,
                                 s.gear, s.position_m.x, s.position_m.y,
                                 session.stalls() > 0 ? fmt::format("; the engine stalled {} time{}", session.stalls(), session.stalls() == 1 ? "" : "s")
                                                      : "",
                                 session.failed_updates() > 0
                                     ? fmt::format("; the step failed in {} frame{} (the car was held at its last good state)", session.failed_updates(),
                                                   session.failed_updates() == 1 ? "" : "s")
                                     : "");
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        status = 1;
    }
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    SDL_GL_DeleteContext(gl);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return status;
}

}  // namespace tractive::drive
