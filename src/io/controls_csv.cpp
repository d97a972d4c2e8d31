#include "tractive/io/controls_csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>

#include "tractive/io/load_error.hpp"
#include "tractive/io/text_file.hpp"
#include "tractive/io/value_parse.hpp"

namespace tractive {

namespace {

// The columns a controls file may have, in the order the error messages list them.
enum class Column { time, throttle, brake, clutch, steering, handbrake, gear, shift_up, shift_down, start };
constexpr std::array<std::string_view, 10> kColumnNames = {"time",     "throttle",  "brake", "clutch",   "steering",
                                                           "handbrake", "gear",     "shift_up", "shift_down", "start"};
constexpr std::string_view kColumnList =
    "time, throttle, brake, clutch, steering, handbrake, gear, shift_up, shift_down, start";
constexpr int kMaxGear = 99;  // the car clamps to its own gear count

std::optional<Column> column_named(std::string_view name) {
    for (std::size_t i = 0; i < kColumnNames.size(); ++i) {
        if (kColumnNames[i] == name) return static_cast<Column>(i);
    }
    return std::nullopt;
}

std::vector<std::string_view> split_cells(std::string_view line) {
    std::vector<std::string_view> cells;
    while (true) {
        const auto comma = line.find(',');
        cells.push_back(trim(line.substr(0, comma)));
        if (comma == std::string_view::npos) return cells;
        line.remove_prefix(comma + 1);
    }
}

struct CellContext {
    const std::string& file;
    int line;
    std::string_view column;
    [[noreturn]] void fail(std::string_view expected, std::string_view cell) const {
        throw LoadError({file, line}, std::string(column), fmt::format("expected {}, got '{}'", expected, cell));
    }
};

double number_in(const CellContext& at, std::string_view cell, double lo, double hi) {
    const auto expected = fmt::format("a number in [{}, {}]", lo, hi);
    const auto value = parse_finite_number(cell);
    if (!value || *value < lo || *value > hi) at.fail(expected, cell);
    return *value;
}

bool parse_flag(const CellContext& at, std::string_view cell) {
    if (cell != "0" && cell != "1") at.fail("0 or 1", cell);
    return cell == "1";
}

int parse_gear(const CellContext& at, std::string_view cell) {
    if (cell == "R" || cell == "r") return -1;
    if (cell == "N" || cell == "n") return 0;
    int gear = 0;
    const auto [end, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), gear);
    if (cell.empty() || ec != std::errc() || end != cell.data() + cell.size() || gear < -1 || gear > kMaxGear) {
        at.fail(fmt::format("a gear: R, N, -1, 0 or 1..{}", kMaxGear), cell);
    }
    return gear;
}

// Sets the field of `row` that `column` names from one cell.
void apply_cell(TimedControls& row, Column column, const CellContext& at, std::string_view cell) {
    DriverInput& c = row.input;
    switch (column) {
        case Column::time: {
            const auto t = parse_finite_number(cell);
            if (!t) at.fail("a time in seconds", cell);
            row.time_s = *t;
            break;
        }
        case Column::throttle: c.throttle = number_in(at, cell, 0.0, 1.0); break;
        case Column::brake: c.brake = number_in(at, cell, 0.0, 1.0); break;
        case Column::clutch: c.clutch = number_in(at, cell, 0.0, 1.0); break;
        case Column::steering: c.steering = number_in(at, cell, -1.0, 1.0); break;
        case Column::handbrake: c.handbrake = number_in(at, cell, 0.0, 1.0); break;
        case Column::gear: c.gear_lever = parse_gear(at, cell); break;
        case Column::shift_up: c.shift_up = parse_flag(at, cell); break;
        case Column::shift_down: c.shift_down = parse_flag(at, cell); break;
        case Column::start: c.start_engine = parse_flag(at, cell); break;
    }
}

// The columns of the header line, checked: known, not repeated, time present.
std::vector<Column> parse_header(std::string_view line, const std::string& file, int line_no) {
    std::vector<Column> columns;
    for (const std::string_view name : split_cells(line)) {
        if (name.empty()) {
            throw LoadError({file, line_no}, "",
                            fmt::format("empty column name in column {}: expected one of {}", columns.size() + 1,
                                        kColumnList));
        }
        const auto column = column_named(name);
        if (!column) {
            throw LoadError({file, line_no}, std::string(name),
                            fmt::format("unknown column: expected one of {}", kColumnList));
        }
        if (std::find(columns.begin(), columns.end(), *column) != columns.end()) {
            throw LoadError({file, line_no}, std::string(name), "repeated column: expected each column once");
        }
        columns.push_back(*column);
    }
    if (std::find(columns.begin(), columns.end(), Column::time) == columns.end()) {
        throw LoadError({file, line_no}, "time", "missing column: the header must name a time column (s)");
    }
    return columns;
}

}  // namespace

std::vector<TimedControls> parse_controls_csv(std::string_view text, const std::string& file_label) {
    constexpr std::string_view kBom = "\xEF\xBB\xBF";
    if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());

    std::vector<Column> columns;  // empty until the header is read
    std::vector<TimedControls> rows;
    int line_no = 0;
    while (!text.empty()) {
        const auto newline = text.find('\n');
        std::string_view line = text.substr(0, newline);
        text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
        ++line_no;
        line = trim(line);  // also drops the CR of CRLF
        if (line.empty() || line.front() == '#') continue;

        if (columns.empty()) {
            columns = parse_header(line, file_label, line_no);
            continue;
        }
        const auto cells = split_cells(line);
        if (cells.size() < columns.size()) {
            const auto missing = kColumnNames[static_cast<std::size_t>(columns[cells.size()])];
            throw LoadError({file_label, line_no}, std::string(missing),
                            fmt::format("missing cell: expected {} cells (one per column), got {}",
                                        columns.size(), cells.size()));
        }
        if (cells.size() > columns.size()) {
            std::string names;
            for (const Column c : columns) {
                names += (names.empty() ? "" : ", ") + std::string(kColumnNames[static_cast<std::size_t>(c)]);
            }
            throw LoadError({file_label, line_no}, "",
                            fmt::format("{} cells: expected {}, one per header column ({})", cells.size(),
                                        columns.size(), names));
        }
        TimedControls row;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            const CellContext at{file_label, line_no, kColumnNames[static_cast<std::size_t>(columns[i])]};
            apply_cell(row, columns[i], at, cells[i]);
        }
        if (!rows.empty() && !(row.time_s > rows.back().time_s)) {
            throw LoadError({file_label, line_no}, "time",
                            fmt::format("expected a time after the previous row's {} s, got {} s",
                                        rows.back().time_s, row.time_s));
        }
        rows.push_back(row);
    }
    if (rows.empty()) {
        throw LoadError({file_label, 0}, "",
                        fmt::format("no control rows: expected a header line naming the columns ({}) and "
                                    "at least one row",
                                    kColumnList));
    }
    return rows;
}

std::vector<TimedControls> read_controls_csv(const std::filesystem::path& path) {
    return parse_controls_csv(read_text_file(path), path.string());
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
