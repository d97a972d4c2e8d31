#pragma once
// Time-stamped rows from CSV: the shared reader of the files whose rows hold until the next
// row's time (`tractive run --controls`, `tractive drive --script`).
//
// The first line names the columns, each one of the caller's names and each once; `time` (s) is
// required. Times increase strictly. '#' starts a comment line; blank lines and a UTF-8 byte order
// mark are skipped; cells are trimmed (so CRLF files read). Every error is a LoadError naming the
// file, the line, the column and what was expected.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tractive {

// One cell's place, for its error message.
struct TimedCsvCell {
    const std::string& file;
    int line;
    std::string_view column;
    std::string_view text;

    [[noreturn]] void fail(std::string_view expected) const;
    [[nodiscard]] double number_in(double lo, double hi) const;  // a finite number in [lo, hi]
    [[nodiscard]] bool flag() const;                             // 0 or 1
    [[nodiscard]] int gear(int max_gear) const;                  // R, N, -1, 0 or 1..max_gear
};

struct TimedCsvRow {
    double time_s = 0.0;
    int line = 0;
    std::vector<std::optional<std::string_view>> cells;  // by index into the caller's names; none = no such column
};

// `names` lists the columns a file may have ("time" among them). The rows' cells point into
// `text`, which must outlive them. Throws LoadError for an unknown, empty or repeated column, a
// missing time column, a row with too few or too many cells, a time that is not a finite number
// or does not increase, and a file without rows (`what_rows` names them: "control rows").
std::vector<TimedCsvRow> parse_timed_csv(std::string_view text, const std::string& file_label,
                                         std::span<const std::string_view> names, std::string_view what_rows);

}  // namespace tractive
