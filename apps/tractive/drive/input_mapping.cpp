#include "input_mapping.hpp"

#include <SDL_keyboard.h>
#include <fmt/format.h>

#include <algorithm>
#include <toml++/toml.h>

#include "tractive/io/load_error.hpp"
#include "tractive/io/text_file.hpp"

namespace tractive::drive {

namespace {

constexpr int kMaxAxis = 63;      // SDL reports at most a few dozen axes
constexpr int kMaxButton = 255;
constexpr int kRawMin = -32768;
constexpr int kRawMax = 32767;

constexpr std::array<std::string_view, 5> kAxisActions = {"steer", "throttle", "brake", "clutch", "handbrake"};

AxisBinding& axis_action(DeviceMapping& d, std::size_t i) {
    std::array<AxisBinding*, 5> all = {&d.steer, &d.throttle, &d.brake, &d.clutch, &d.handbrake};
    return *all[i];
}
const AxisBinding& axis_action(const DeviceMapping& d, std::size_t i) { return axis_action(const_cast<DeviceMapping&>(d), i); }

// The keyboard's one-key actions by their names in the file (the gears and the commands apart),
// for a mapping or a const one.
template <class Keys>
auto keyboard_actions(Keys& k) {
    using Key = decltype(&k.throttle);
    return std::array<std::pair<std::string_view, Key>, 10>{{{"throttle", &k.throttle},
                                                             {"brake", &k.brake},
                                                             {"steer_left", &k.steer_left},
                                                             {"steer_right", &k.steer_right},
                                                             {"clutch", &k.clutch},
                                                             {"handbrake", &k.handbrake},
                                                             {"shift_up", &k.shift_up},
                                                             {"shift_down", &k.shift_down},
                                                             {"reverse", &k.reverse},
                                                             {"neutral", &k.neutral}}};
}

// The file's reader: every node checked, every error with file:line and the dotted key.
class Reader {
public:
    explicit Reader(std::string file) : file_(std::move(file)) {}

    [[nodiscard]] SourceLocation where(const toml::node& n) const { return {file_, static_cast<int>(n.source().begin.line)}; }

    // Refuses keys of `t` not in `known`.
    void only(const toml::table& t, const std::string& prefix, std::initializer_list<std::string_view> known) const {
        for (const auto& [key, node] : t) {
            if (std::find(known.begin(), known.end(), key.str()) == known.end()) {
                std::string list;
                for (const std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
                throw LoadError(where(node), prefix + std::string(key.str()), fmt::format("unknown key: expected one of {}", list));
            }
        }
    }
    const toml::table* table(const toml::table& t, std::string_view key, const std::string& full) const {
        const toml::node* n = t.get(key);
        if (!n) return nullptr;
        if (!n->is_table()) throw LoadError(where(*n), full, "expected a table");
        return n->as_table();
    }
    [[nodiscard]] int integer(const toml::node& n, const std::string& full, int lo, int hi, std::string_view what) const {
        // Only an integer node is asked for its integer (toml++ converts a float one, out of range: UB).
        const auto v = n.is_integer() ? n.value<int64_t>() : std::nullopt;
        if (!v || *v < lo || *v > hi) {
            throw LoadError(where(n), full, fmt::format("expected {}: an integer in [{}, {}]", what, lo, hi));
        }
        return static_cast<int>(*v);
    }
    [[nodiscard]] std::string string(const toml::node& n, const std::string& full) const {
        if (!n.is_string()) throw LoadError(where(n), full, "expected a string (an SDL key name such as \"Up\" or \"Left Shift\")");
        return *n.value<std::string>();
    }
    // A keyboard key by SDL's name for it (SDL_GetScancodeFromName, a table lookup that needs no
    // display), or "" for none.
    [[nodiscard]] std::string key_name(const toml::node& n, const std::string& full) const {
        std::string name = string(n, full);
        if (!name.empty() && SDL_GetScancodeFromName(name.c_str()) == SDL_SCANCODE_UNKNOWN) {
            throw LoadError(where(n), full,
                            fmt::format("expected an SDL key name such as \"Up\", \"Left Shift\", \"A\", \"1\" or \"F2\" (or \"\" for "
                                        "none), got \"{}\"",
                                        name));
        }
        return name;
    }
    [[nodiscard]] bool boolean(const toml::node& n, const std::string& full) const {
        if (!n.is_boolean()) throw LoadError(where(n), full, "expected true or false");
        return *n.value<bool>();
    }
    [[nodiscard]] double number(const toml::node& n, const std::string& full, double lo, double hi, std::string_view what) const {
        const auto v = n.value<double>();
        if (!(n.is_floating_point() || n.is_integer()) || !v || !(*v >= lo && *v <= hi)) {
            throw LoadError(where(n), full, fmt::format("expected {} in [{}, {}]", what, lo, hi));
        }
        return *v;
    }

    void axis(const toml::table& t, const std::string& full, AxisBinding& b) const {
        only(t, full + ".", {"axis", "button", "invert", "dead_zone", "range"});
        if (const toml::node* n = t.get("axis")) {
            b.axis = integer(*n, full + ".axis", 0, kMaxAxis, "an axis number");
            b.button = -1;
        }
        if (const toml::node* n = t.get("button")) {
            b.button = integer(*n, full + ".button", 0, kMaxButton, "a button number");
            if (!t.get("axis")) b.axis = -1;
        }
        if (const toml::node* n = t.get("invert")) b.invert = boolean(*n, full + ".invert");
        if (const toml::node* n = t.get("dead_zone")) b.dead_zone = number(*n, full + ".dead_zone", 0.0, 0.45, "a share of the travel");
        if (const toml::node* n = t.get("range")) {
            const toml::array* a = n->as_array();
            const std::string key = full + ".range";
            if (!a || a->size() != 2) throw LoadError(where(*n), key, "expected [low, high]: the raw readings at the control's two ends");
            b.low = integer(*a->get(0), key, kRawMin, kRawMax, "a raw reading");
            b.high = integer(*a->get(1), key, kRawMin, kRawMax, "a raw reading");
            if (b.low == b.high) throw LoadError(where(*n), key, "expected two different raw readings");
        }
    }

    void device(const toml::table& t, DeviceMapping& d) const {
        only(t, "device.", {"kind", "name", "steer", "throttle", "brake", "clutch", "handbrake", "buttons"});
        if (const toml::node* n = t.get("kind")) {
            const std::string kind = string(*n, "device.kind");
            if (kind == "wheel") d = default_wheel_mapping();
            else if (kind == "gamepad") d = default_gamepad_mapping();
            else throw LoadError(where(*n), "device.kind", fmt::format("expected \"wheel\" or \"gamepad\", got \"{}\"", kind));
        }
        if (const toml::node* n = t.get("name")) d.name_contains = string(*n, "device.name");
        for (std::size_t i = 0; i < kAxisActions.size(); ++i) {
            const std::string full = "device." + std::string(kAxisActions[i]);
            if (const toml::table* a = table(t, kAxisActions[i], full)) axis(*a, full, axis_action(d, i));
        }
        if (const toml::table* b = table(t, "buttons", "device.buttons")) {
            std::vector<std::string_view> known = {"gears", "shift_up", "shift_down"};
            known.insert(known.end(), kCommandNames.begin(), kCommandNames.end());
            for (const auto& [key, node] : *b) {
                const std::string full = "device.buttons." + std::string(key.str());
                if (key.str() == "gears") {
                    const toml::array* a = node.as_array();
                    if (!a) throw LoadError(where(node), full, "expected a list of button numbers: reverse, 1st, 2nd, ...");
                    d.gear_buttons.clear();
                    for (const toml::node& g : *a) d.gear_buttons.push_back(integer(g, full, -1, kMaxButton, "a button number (-1: none)"));
                    continue;
                }
                const int button = integer(node, full, -1, kMaxButton, "a button number (-1: none)");
                if (key.str() == "shift_up") { d.shift_up_button = button; continue; }
                if (key.str() == "shift_down") { d.shift_down_button = button; continue; }
                const auto c = std::find(kCommandNames.begin(), kCommandNames.end(), key.str());
                if (c == kCommandNames.end()) {
                    std::string list;
                    for (const std::string_view k : known) list += (list.empty() ? "" : ", ") + std::string(k);
                    throw LoadError(where(node), full, fmt::format("unknown key: expected one of {}", list));
                }
                d.command_buttons[static_cast<std::size_t>(c - kCommandNames.begin())] = button;
            }
        }
    }

    void keyboard(const toml::table& t, KeyboardMapping& k, KeyboardRates& r) const {
        const auto single = keyboard_actions(k);
        std::vector<std::pair<std::string_view, std::string*>> keys(single.begin(), single.end());
        for (std::size_t i = 0; i < kCommandNames.size(); ++i) keys.emplace_back(kCommandNames[i], &k.commands[i]);
        for (const auto& [key, node] : t) {
            const std::string full = "keyboard." + std::string(key.str());
            if (key.str() == "gears") {
                const toml::array* a = node.as_array();
                if (!a) throw LoadError(where(node), full, "expected a list of key names: 1st, 2nd, ...");
                k.gears.clear();
                for (const toml::node& g : *a) k.gears.push_back(key_name(g, full));
                continue;
            }
            if (key.str() == "rates") {
                const toml::table* rt = node.as_table();
                if (!rt) throw LoadError(where(node), full, "expected a table of seconds for a full travel");
                rates(*rt, r);
                continue;
            }
            const std::string_view name = key.str();  // (clang 14 cannot capture a structured binding)
            const auto found = std::find_if(keys.begin(), keys.end(), [&](const auto& p) { return p.first == name; });
            if (found == keys.end()) {
                std::string list = "gears, rates";
                for (const auto& p : keys) list += ", " + std::string(p.first);
                throw LoadError(where(node), full, fmt::format("unknown key: expected one of {}", list));
            }
            *found->second = key_name(node, full);
        }
    }

    void rates(const toml::table& t, KeyboardRates& r) const {
        const std::array<std::pair<std::string_view, double*>, 6> all = {{{"pedal_press_s", &r.pedal_press_s},
                                                                          {"pedal_release_s", &r.pedal_release_s},
                                                                          {"clutch_press_s", &r.clutch_press_s},
                                                                          {"clutch_release_s", &r.clutch_release_s},
                                                                          {"steer_s", &r.steer_s},
                                                                          {"steer_return_s", &r.steer_return_s}}};
        for (const auto& [key, node] : t) {
            const std::string_view name = key.str();
            const auto found = std::find_if(all.begin(), all.end(), [&](const auto& p) { return p.first == name; });
            const std::string full = "keyboard.rates." + std::string(key.str());
            if (found == all.end()) {
                throw LoadError(where(node), full,
                                "unknown key: expected one of pedal_press_s, pedal_release_s, clutch_press_s, clutch_release_s, steer_s, steer_return_s");
            }
            *found->second = number(node, full, 0.01, 10.0, "seconds for a full travel");
        }
    }

    void force_feedback(const toml::table& t, ForceFeedbackSettings& f) const {
        only(t, "force_feedback.", {"gain", "wheel_range_deg", "device_peak_torque_nm"});
        if (const toml::node* n = t.get("gain")) f.gain = number(*n, "force_feedback.gain", 0.0, 10.0, "a gain");
        if (const toml::node* n = t.get("wheel_range_deg")) {
            f.wheel_range_deg = number(*n, "force_feedback.wheel_range_deg", 90.0, 3600.0, "the hand wheel's lock to lock in degrees");
        }
        if (const toml::node* n = t.get("device_peak_torque_nm")) {
            f.device_peak_torque_nm = number(*n, "force_feedback.device_peak_torque_nm", 0.1, 50.0, "the device's peak torque in N m");
        }
    }

private:
    std::string file_;
};

void format_axis(std::string& out, std::string_view name, const AxisBinding& b) {
    out += fmt::format("\n[device.{}]\n", name);
    if (b.axis >= 0) out += fmt::format("axis = {}\n", b.axis);
    if (b.button >= 0) out += fmt::format("button = {}\n", b.button);
    out += fmt::format("invert = {}\ndead_zone = {}\nrange = [{}, {}]\n", b.invert ? "true" : "false", b.dead_zone, b.low, b.high);
}

// A TOML basic string: quotes, backslashes and control characters escaped.
std::string quoted(const std::string& s) {
    std::string q = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') q += '\\';
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            q += fmt::format("\\u{:04x}", static_cast<unsigned char>(c));
            continue;
        }
        q += c;
    }
    return q + "\"";
}

}  // namespace

DeviceMapping default_wheel_mapping() {
    DeviceMapping d;
    d.kind = DeviceKind::Wheel;
    d.steer = {0, -1, true, 0.0, kRawMin, kRawMax};  // the axis grows to the right; steer + = left
    d.throttle = {1, -1, false, 0.0, kRawMin, kRawMax};
    d.brake = {2, -1, false, 0.0, kRawMin, kRawMax};
    d.clutch = {3, -1, false, 0.0, kRawMin, kRawMax};
    d.handbrake = {4, -1, false, 0.0, kRawMin, kRawMax};
    d.shift_down_button = 0;
    d.shift_up_button = 1;
    d.gear_buttons = {2, 3, 4, 5, 6, 7, 8, 9, 10};  // R, 1..8
    for (std::size_t i = 0; i < d.command_buttons.size(); ++i) d.command_buttons[i] = 11 + static_cast<int>(i);
    return d;
}

DeviceMapping default_gamepad_mapping() {
    // SDL_GameControllerAxis: LEFTX 0, LEFTY 1, RIGHTX 2, RIGHTY 3, TRIGGERLEFT 4, TRIGGERRIGHT 5
    // (triggers 0..32767); SDL_GameControllerButton: A 0, B 1, X 2, Y 3, BACK 4, GUIDE 5, START 6,
    // LEFTSTICK 7, RIGHTSTICK 8, LEFTSHOULDER 9, RIGHTSHOULDER 10, DPAD_UP 11, DOWN 12, LEFT 13, RIGHT 14.
    DeviceMapping d;
    d.kind = DeviceKind::Gamepad;
    d.steer = {0, -1, true, 0.08, kRawMin, kRawMax};
    d.throttle = {5, -1, false, 0.02, 0, kRawMax};
    d.brake = {4, -1, false, 0.02, 0, kRawMax};
    d.clutch = {-1, 2, false, 0.0, kRawMin, kRawMax};
    d.handbrake = {-1, 3, false, 0.0, kRawMin, kRawMax};
    d.shift_up_button = 0;
    d.shift_down_button = 1;
    d.command_buttons[static_cast<int>(Command::Mode)] = 4;
    d.command_buttons[static_cast<int>(Command::Pause)] = 6;
    d.command_buttons[static_cast<int>(Command::Camera)] = 8;
    d.command_buttons[static_cast<int>(Command::Respawn)] = 11;
    d.command_buttons[static_cast<int>(Command::Abs)] = 13;
    d.command_buttons[static_cast<int>(Command::Tcs)] = 14;
    d.command_buttons[static_cast<int>(Command::StartEngine)] = 7;
    return d;
}

void release_button(DeviceMapping& d, int button) {
    for (int& b : d.command_buttons) b = b == button ? -1 : b;
    for (int& b : d.gear_buttons) b = b == button ? -1 : b;
    if (d.shift_up_button == button) d.shift_up_button = -1;
    if (d.shift_down_button == button) d.shift_down_button = -1;
    for (std::size_t i = 0; i < kAxisActions.size(); ++i) {
        if (axis_action(d, i).button == button) axis_action(d, i).button = -1;
    }
}

namespace {

// One button or key and the action bound to it, with the line that bound it (0: the default of
// the device kind or of the keyboard, not the file).
struct Binding {
    std::string input;   // what is compared: "button 12", or a key by SDL's scancode ("a" and "A" are one key)
    std::string shown;   // "button 12", "key \"A\""
    std::string action;  // the dotted key: "device.buttons.abs", "keyboard.gears[0]"
    int line = 0;
};

// The line of root[path...] (an array's element when index >= 0), 0 when the file does not set it.
int line_of(const toml::table& root, std::initializer_list<std::string_view> path, int index = -1) {
    const toml::node* n = &root;
    for (const std::string_view key : path) {
        const toml::table* t = n->as_table();
        n = t ? t->get(key) : nullptr;
        if (!n) return 0;
    }
    if (index >= 0) {
        const toml::array* a = n->as_array();
        n = a ? a->get(static_cast<std::size_t>(index)) : nullptr;
        if (!n) return 0;
    }
    return static_cast<int>(n->source().begin.line);
}

// One button, one action; one key, one action: a second action on the same input (a gear on a
// button the device kind's default gives to ABS) would do both at each press. Refused at the line
// that made the clash, naming the other action and where it was bound.
void refuse_shared_inputs(const InputMapping& m, const toml::table& root, const std::string& file_label) {
    std::vector<Binding> all;
    const DeviceMapping& d = m.device;
    const std::string device_default = d.kind == DeviceKind::Wheel ? "the wheel's default" : "the gamepad's default";
    const auto button = [&](int number, std::string action, int line) {
        if (number < 0) return;
        const std::string shown = fmt::format("button {}", number);
        all.push_back({shown, shown, std::move(action), line});
    };
    for (std::size_t i = 0; i < kAxisActions.size(); ++i) {
        button(axis_action(d, i).button, fmt::format("device.{}.button", kAxisActions[i]), line_of(root, {"device", kAxisActions[i], "button"}));
    }
    for (std::size_t i = 0; i < d.gear_buttons.size(); ++i) {
        button(d.gear_buttons[i], fmt::format("device.buttons.gears[{}]", i), line_of(root, {"device", "buttons", "gears"}, static_cast<int>(i)));
    }
    button(d.shift_up_button, "device.buttons.shift_up", line_of(root, {"device", "buttons", "shift_up"}));
    button(d.shift_down_button, "device.buttons.shift_down", line_of(root, {"device", "buttons", "shift_down"}));
    for (std::size_t i = 0; i < kCommandNames.size(); ++i) {
        button(d.command_buttons[i], fmt::format("device.buttons.{}", kCommandNames[i]), line_of(root, {"device", "buttons", kCommandNames[i]}));
    }
    const std::size_t buttons = all.size();
    const KeyboardMapping& k = m.keys;
    const auto key = [&](const std::string& name, std::string_view action, int line) {
        if (name.empty()) return;
        all.push_back({fmt::format("scancode {}", static_cast<int>(SDL_GetScancodeFromName(name.c_str()))), fmt::format("key \"{}\"", name),
                       "keyboard." + std::string(action), line});
    };
    for (const auto& [action, name] : keyboard_actions(k)) key(*name, action, line_of(root, {"keyboard", action}));
    for (std::size_t i = 0; i < k.gears.size(); ++i) key(k.gears[i], fmt::format("gears[{}]", i), line_of(root, {"keyboard", "gears"}, static_cast<int>(i)));
    for (std::size_t i = 0; i < kCommandNames.size(); ++i) key(k.commands[i], kCommandNames[i], line_of(root, {"keyboard", kCommandNames[i]}));
    for (std::size_t a = 0; a < all.size(); ++a) {
        for (std::size_t b = a + 1; b < all.size(); ++b) {
            if (all[a].input != all[b].input) continue;
            // Reported at the later line of the file (a default has none).
            const Binding& here = all[a].line > all[b].line ? all[a] : all[b];
            const Binding& other = &here == &all[a] ? all[b] : all[a];
            const std::string whose = other.line > 0 ? fmt::format("line {}", other.line) : (b < buttons ? device_default : std::string("the keyboard's default"));
            throw LoadError({file_label, here.line}, here.action,
                            fmt::format("{} is also {} ({}): one {}, one action; give one of them another ({} for none)", here.shown,
                                        other.action, whose, b < buttons ? "button" : "key", b < buttons ? "-1" : "\"\""));
        }
    }
}

}  // namespace

InputMapping parse_input_mapping(std::string_view toml_text, const std::string& file_label) {
    toml::table root;
    try {
        root = toml::parse(toml_text, file_label);
    } catch (const toml::parse_error& e) {
        throw LoadError({file_label, static_cast<int>(e.source().begin.line)}, "", fmt::format("TOML syntax error: {}", e.description()));
    }
    const Reader r(file_label);
    r.only(root, "", {"device", "keyboard", "force_feedback"});
    InputMapping m;
    m.device = default_wheel_mapping();
    if (const toml::table* d = r.table(root, "device", "device")) r.device(*d, m.device);
    if (const toml::table* k = r.table(root, "keyboard", "keyboard")) r.keyboard(*k, m.keys, m.rates);
    if (const toml::table* f = r.table(root, "force_feedback", "force_feedback")) r.force_feedback(*f, m.force_feedback);
    refuse_shared_inputs(m, root, file_label);
    return m;
}

InputMapping read_input_mapping(const std::filesystem::path& path) { return parse_input_mapping(read_text_file(path, kMaxCarFileBytes, "a drive mapping file"), path.string()); }

std::string format_input_mapping(const InputMapping& m) {
    const DeviceMapping& d = m.device;
    std::string out = "# tractive drive input mapping (docs/drive.md)\n[device]\n";
    out += fmt::format("kind = \"{}\"\nname = {}\n", d.kind == DeviceKind::Wheel ? "wheel" : "gamepad", quoted(d.name_contains));
    for (std::size_t i = 0; i < kAxisActions.size(); ++i) format_axis(out, kAxisActions[i], axis_action(d, i));
    out += "\n[device.buttons]\ngears = [";
    for (std::size_t i = 0; i < d.gear_buttons.size(); ++i) out += fmt::format("{}{}", i ? ", " : "", d.gear_buttons[i]);
    out += fmt::format("]\nshift_up = {}\nshift_down = {}\n", d.shift_up_button, d.shift_down_button);
    for (std::size_t i = 0; i < kCommandNames.size(); ++i) out += fmt::format("{} = {}\n", kCommandNames[i], d.command_buttons[i]);
    const KeyboardMapping& k = m.keys;
    out += "\n[keyboard]\n";
    out += fmt::format("throttle = {}\nbrake = {}\nsteer_left = {}\nsteer_right = {}\nclutch = {}\nhandbrake = {}\n", quoted(k.throttle),
                       quoted(k.brake), quoted(k.steer_left), quoted(k.steer_right), quoted(k.clutch), quoted(k.handbrake));
    out += fmt::format("shift_up = {}\nshift_down = {}\nreverse = {}\nneutral = {}\ngears = [", quoted(k.shift_up), quoted(k.shift_down),
                       quoted(k.reverse), quoted(k.neutral));
    for (std::size_t i = 0; i < k.gears.size(); ++i) out += (i ? ", " : "") + quoted(k.gears[i]);
    out += "]\n";
    for (std::size_t i = 0; i < kCommandNames.size(); ++i) out += fmt::format("{} = {}\n", kCommandNames[i], quoted(k.commands[i]));
    const KeyboardRates& r = m.rates;
    out += fmt::format(
        "\n[keyboard.rates]\npedal_press_s = {}\npedal_release_s = {}\nclutch_press_s = {}\nclutch_release_s = {}\nsteer_s = {}\n"
        "steer_return_s = {}\n",
        r.pedal_press_s, r.pedal_release_s, r.clutch_press_s, r.clutch_release_s, r.steer_s, r.steer_return_s);
    const ForceFeedbackSettings& f = m.force_feedback;
    out += fmt::format("\n[force_feedback]\ngain = {}\nwheel_range_deg = {}\ndevice_peak_torque_nm = {}\n", f.gain, f.wheel_range_deg,
                       f.device_peak_torque_nm);
    return out;
}

double read_axis(const AxisBinding& b, const RawInput& raw, bool centred) {
    if (b.axis < 0 || b.axis >= static_cast<int>(raw.axes.size())) return 0.0;
    // Share of the way from `low` to `high`, 0..1.
    const double share = std::clamp((raw.axes[static_cast<std::size_t>(b.axis)] - b.low) / static_cast<double>(b.high - b.low), 0.0, 1.0);
    if (!centred) {
        const double pedal = b.invert ? 1.0 - share : share;
        return pedal <= b.dead_zone ? 0.0 : (pedal - b.dead_zone) / (1.0 - b.dead_zone);
    }
    const double v = 2.0 * share - 1.0;
    const double magnitude = std::abs(v) <= b.dead_zone ? 0.0 : (std::abs(v) - b.dead_zone) / (1.0 - b.dead_zone);
    const double out = std::copysign(magnitude, v);
    return b.invert ? -out : out;
}

}  // namespace tractive::drive
