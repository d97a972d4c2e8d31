#include "drive_script.hpp"

#include <algorithm>
#include <cmath>

#include "tractive/io/text_file.hpp"
#include "tractive/io/timed_csv.hpp"

namespace tractive::drive {

namespace {

constexpr int kMaxGear = 8;  // the default wheel's shifter: R, 1..8
constexpr std::size_t kFirstCommandColumn = 9;  // then the commands, in kCommandNames' order
constexpr std::array<std::string_view, kFirstCommandColumn + kCommandNames.size()> kColumns = {
    "time",   "steer", "throttle", "brake", "clutch", "handbrake", "gear",         "shift_up",  "shift_down",
    "mode",   "abs",   "tcs",      "pause", "reset",  "respawn",   "camera",       "start_engine", "calibrate", "esc"};
static_assert(kColumns[kFirstCommandColumn] == kCommandNames[0] && kColumns.back() == kCommandNames.back());

// The raw reading for an action's value on a binding (the inverse of read_axis without its dead
// zone).
int raw_for(const AxisBinding& b, double value, bool centred) {
    double share;
    if (centred) share = ((b.invert ? -value : value) + 1.0) / 2.0;
    else share = b.invert ? 1.0 - value : value;
    return static_cast<int>(std::lround(b.low + share * (b.high - b.low)));
}

void set_button(RawInput& raw, int index, bool down) {
    if (index >= 0 && index < static_cast<int>(raw.buttons.size())) raw.buttons[static_cast<std::size_t>(index)] = down;
}

}  // namespace

std::vector<ScriptRow> parse_drive_script(std::string_view text, const std::string& file_label) {
    const std::span<const std::string_view> names(kColumns);
    std::vector<ScriptRow> rows;
    for (const TimedCsvRow& r : parse_timed_csv(text, file_label, names, "script rows")) {
        ScriptRow row;
        row.time_s = r.time_s;
        const auto cell = [&](std::size_t i) { return TimedCsvCell{file_label, r.line, names[i], *r.cells[i]}; };
        for (std::size_t i = 1; i < names.size(); ++i) {
            if (!r.cells[i]) continue;
            switch (i) {
                case 1: row.steer = cell(i).number_in(-1.0, 1.0); break;
                case 2: row.throttle = cell(i).number_in(0.0, 1.0); break;
                case 3: row.brake = cell(i).number_in(0.0, 1.0); break;
                case 4: row.clutch = cell(i).number_in(0.0, 1.0); break;
                case 5: row.handbrake = cell(i).number_in(0.0, 1.0); break;
                case 6: row.gear = cell(i).gear(kMaxGear); break;
                case 7: row.shift_up = cell(i).flag(); break;
                case 8: row.shift_down = cell(i).flag(); break;
                default: row.commands[i - kFirstCommandColumn] = cell(i).flag(); break;
            }
        }
        rows.push_back(row);
    }
    return rows;
}

std::vector<ScriptRow> read_drive_script(const std::filesystem::path& path) { return parse_drive_script(read_text_file(path, kMaxControlsFileBytes, "a drive script"), path.string()); }

const ScriptRow& script_row_at(const std::vector<ScriptRow>& rows, double t_s) {
    const auto after = std::upper_bound(rows.begin(), rows.end(), t_s, [](double t, const ScriptRow& r) { return t < r.time_s; });
    return after == rows.begin() ? rows.front() : *(after - 1);
}

RawInput device_state_for(const ScriptRow& row, const DeviceMapping& m, int axis_count, int button_count) {
    RawInput raw;
    raw.axes.assign(static_cast<std::size_t>(std::max(axis_count, 0)), 0);
    raw.buttons.assign(static_cast<std::size_t>(std::max(button_count, 0)), false);
    const auto set_axis = [&](const AxisBinding& b, double value, bool centred) {
        if (b.axis >= 0 && b.axis < axis_count) raw.axes[static_cast<std::size_t>(b.axis)] = raw_for(b, value, centred);
        set_button(raw, b.button, value > 0.5);
    };
    // Unbound axes rest at their low end (released pedals read -32768 on the default wheel).
    for (const AxisBinding* b : {&m.throttle, &m.brake, &m.clutch, &m.handbrake}) set_axis(*b, 0.0, false);
    set_axis(m.steer, row.steer, true);
    set_axis(m.throttle, row.throttle, false);
    set_axis(m.brake, row.brake, false);
    set_axis(m.clutch, row.clutch, false);
    set_axis(m.handbrake, row.handbrake, false);
    if (row.gear != 0 && !m.gear_buttons.empty()) {
        const std::size_t slot = row.gear < 0 ? 0 : static_cast<std::size_t>(row.gear);
        if (slot < m.gear_buttons.size()) set_button(raw, m.gear_buttons[slot], true);
    }
    set_button(raw, m.shift_up_button, row.shift_up);
    set_button(raw, m.shift_down_button, row.shift_down);
    for (std::size_t i = 0; i < row.commands.size(); ++i) set_button(raw, m.command_buttons[i], row.commands[i]);
    return raw;
}

}  // namespace tractive::drive
