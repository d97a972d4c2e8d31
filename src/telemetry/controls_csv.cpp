#include "tractive/telemetry/controls_csv.hpp"

#include <algorithm>
#include <array>

#include "tractive/io/text_file.hpp"
#include "tractive/io/timed_csv.hpp"

namespace tractive {

namespace {

// The columns a controls file may have, in the order the error messages list them.
enum class Column { time, throttle, brake, clutch, steering, handbrake, gear, shift_up, shift_down, start };
constexpr std::array<std::string_view, 10> kColumnNames = {"time",     "throttle",  "brake", "clutch",   "steering",
                                                           "handbrake", "gear",     "shift_up", "shift_down", "start"};
constexpr int kMaxGear = 99;  // the car clamps to its own gear count

// Sets the field of `row` that `column` names from one cell.
void apply_cell(DriverInput& c, Column column, const TimedCsvCell& cell) {
    switch (column) {
        case Column::time: break;  // read by parse_timed_csv
        case Column::throttle: c.throttle = cell.number_in(0.0, 1.0); break;
        case Column::brake: c.brake = cell.number_in(0.0, 1.0); break;
        case Column::clutch: c.clutch = cell.number_in(0.0, 1.0); break;
        case Column::steering: c.steering = cell.number_in(-1.0, 1.0); break;
        case Column::handbrake: c.handbrake = cell.number_in(0.0, 1.0); break;
        case Column::gear: c.gear_lever = cell.gear(kMaxGear); break;
        case Column::shift_up: c.shift_up = cell.flag(); break;
        case Column::shift_down: c.shift_down = cell.flag(); break;
        case Column::start: c.start_engine = cell.flag(); break;
    }
}

}  // namespace

std::vector<TimedControls> parse_controls_csv(std::string_view text, const std::string& file_label) {
    std::vector<TimedControls> rows;
    for (const TimedCsvRow& r : parse_timed_csv(text, file_label, kColumnNames, "control rows")) {
        TimedControls row;
        row.time_s = r.time_s;
        for (std::size_t i = 0; i < r.cells.size(); ++i) {
            if (r.cells[i]) apply_cell(row.input, static_cast<Column>(i), TimedCsvCell{file_label, r.line, kColumnNames[i], *r.cells[i]});
        }
        rows.push_back(row);
    }
    return rows;
}

std::vector<TimedControls> read_controls_csv(const std::filesystem::path& path) {
    return parse_controls_csv(read_text_file(path, kMaxControlsFileBytes, "a controls CSV"), path.string());
}

const DriverInput& controls_at(const std::vector<TimedControls>& rows, double t, std::size_t& cursor) {
    // Row i is in force for rows[i].time_s <= t < rows[i + 1].time_s; row 0 also before its time.
    const auto in_force = [&](std::size_t i) {
        return i < rows.size() && (i == 0 || rows[i].time_s <= t) &&
               (i + 1 == rows.size() || t < rows[i + 1].time_s);
    };
    if (in_force(cursor)) return rows[cursor].input;
    if (in_force(cursor + 1)) return rows[++cursor].input;  // the usual step forward
    const auto after = std::upper_bound(rows.begin(), rows.end(), t,
                                        [](double time, const TimedControls& r) { return time < r.time_s; });
    cursor = static_cast<std::size_t>(std::max<std::ptrdiff_t>(after - rows.begin(), 1) - 1);
    return rows[cursor].input;
}

}  // namespace tractive
