#include "tractive/io/timed_csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "tractive/core/number_text.hpp"
#include "tractive/io/load_error.hpp"

namespace tractive {

namespace {

std::vector<std::string_view> split_cells(std::string_view line) {
    std::vector<std::string_view> cells;
    while (true) {
        const auto comma = line.find(',');
        cells.push_back(trim(line.substr(0, comma)));
        if (comma == std::string_view::npos) return cells;
        line.remove_prefix(comma + 1);
    }
}

std::string joined(std::span<const std::string_view> names) {
    std::string list;
    for (const std::string_view n : names) list += (list.empty() ? "" : ", ") + std::string(n);
    return list;
}

// The columns of the header line as indices into `names`, checked: known, not repeated, time present.
std::vector<std::size_t> parse_header(std::string_view line, const std::string& file, int line_no,
                                      std::span<const std::string_view> names) {
    std::vector<std::size_t> columns;
    for (const std::string_view name : split_cells(line)) {
        if (name.empty()) {
            throw LoadError({file, line_no}, "",
                            fmt::format("empty column name in column {}: expected one of {}", columns.size() + 1, joined(names)));
        }
        const auto known = std::find(names.begin(), names.end(), name);
        if (known == names.end()) {
            throw LoadError({file, line_no}, std::string(name), fmt::format("unknown column: expected one of {}", joined(names)));
        }
        const auto index = static_cast<std::size_t>(known - names.begin());
        if (std::find(columns.begin(), columns.end(), index) != columns.end()) {
            throw LoadError({file, line_no}, std::string(name), "repeated column: expected each column once");
        }
        columns.push_back(index);
    }
    if (std::none_of(columns.begin(), columns.end(), [&](std::size_t i) { return names[i] == "time"; })) {
        throw LoadError({file, line_no}, "time", "missing column: the header must name a time column (s)");
    }
    return columns;
}

}  // namespace

void TimedCsvCell::fail(std::string_view expected) const {
    throw LoadError({file, line}, std::string(column), fmt::format("expected {}, got '{}'", expected, text));
}

double TimedCsvCell::number_in(double lo, double hi) const {
    const auto value = parse_finite_number(text);
    if (!value || *value < lo || *value > hi) fail(fmt::format("a number in [{}, {}]", lo, hi));
    return *value;
}

bool TimedCsvCell::flag() const {
    if (text != "0" && text != "1") fail("0 or 1");
    return text == "1";
}

int TimedCsvCell::gear(int max_gear) const {
    if (text == "R" || text == "r") return -1;
    if (text == "N" || text == "n") return 0;
    int g = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), g);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || g < -1 || g > max_gear) {
        fail(fmt::format("a gear: R, N, -1, 0 or 1..{}", max_gear));
    }
    return g;
}

std::vector<TimedCsvRow> parse_timed_csv(std::string_view text, const std::string& file_label,
                                         std::span<const std::string_view> names, std::string_view what_rows) {
    constexpr std::string_view kBom = "\xEF\xBB\xBF";
    if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());

    std::vector<std::size_t> columns;  // empty until the header is read
    std::vector<TimedCsvRow> rows;
    int line_no = 0;
    while (!text.empty()) {
        const auto newline = text.find('\n');
        std::string_view line = text.substr(0, newline);
        text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
        ++line_no;
        line = trim(line);  // also drops the CR of CRLF
        if (line.empty() || line.front() == '#') continue;

        if (columns.empty()) {
            columns = parse_header(line, file_label, line_no, names);
            continue;
        }
        const auto cells = split_cells(line);
        if (cells.size() < columns.size()) {
            throw LoadError({file_label, line_no}, std::string(names[columns[cells.size()]]),
                            fmt::format("missing cell: expected {} cells (one per column), got {}", columns.size(), cells.size()));
        }
        if (cells.size() > columns.size()) {
            std::string header;
            for (const std::size_t c : columns) header += (header.empty() ? "" : ", ") + std::string(names[c]);
            throw LoadError({file_label, line_no}, "",
                            fmt::format("{} cells: expected {}, one per header column ({})", cells.size(), columns.size(), header));
        }
        TimedCsvRow row;
        row.line = line_no;
        row.cells.assign(names.size(), std::nullopt);
        for (std::size_t i = 0; i < cells.size(); ++i) row.cells[columns[i]] = cells[i];
        const auto time_index = static_cast<std::size_t>(std::find(names.begin(), names.end(), "time") - names.begin());
        const TimedCsvCell time_cell{file_label, line_no, "time", *row.cells[time_index]};
        const auto t = parse_finite_number(time_cell.text);
        if (!t) time_cell.fail("a time in seconds");
        row.time_s = *t;
        if (!rows.empty() && !(row.time_s > rows.back().time_s)) {
            throw LoadError({file_label, line_no}, "time",
                            fmt::format("expected a time after the previous row's {} s, got {} s", rows.back().time_s, row.time_s));
        }
        rows.push_back(std::move(row));
    }
    if (rows.empty()) {
        throw LoadError({file_label, 0}, "",
                        fmt::format("no {}: expected a header line naming the columns ({}) and at least one row", what_rows,
                                    joined(names)));
    }
    return rows;
}

}  // namespace tractive
