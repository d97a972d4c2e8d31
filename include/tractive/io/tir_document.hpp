#pragma once
// The TYDEX tyre property file (.tir) as text: sections of key = value entries with their lines.
// The layout MF-Tyre, Adams, CarSim and Chrono write:
//   [SECTION]                  upper case by convention; matched without regard to case
//   KEY = value                a number (1.0, -2.5e-3, 1e+000; Fortran's 1.0D+00 too) or a
//                              quoted string ('meter', "PAC2002")
//   $ comment, ! comment       anywhere outside a quoted string
//   {radial width}             a table header in the shape sections; the rows of numbers that
//                              follow belong to it and are kept as rows
// Keys and section names are stored upper case. A repeated key replaces the earlier value and is
// reported as a warning; a repeated section continues the earlier one. A line that is none of
// these is an error naming its line.

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

#include "tractive/io/load_error.hpp"

namespace tractive {

struct TirEntry {
    std::string key;                          // upper case
    std::variant<double, std::string> value;  // a number, or the text of a quoted string
    SourceLocation location;
};

struct TirSection {
    std::string name;  // upper case, without brackets
    SourceLocation location;
    std::vector<TirEntry> entries;
    std::vector<std::vector<double>> table_rows;  // rows of numbers after a {header} line

    [[nodiscard]] const TirEntry* find(std::string_view key_upper) const;
};

struct TirDocument {
    std::string file;
    std::vector<TirSection> sections;
    std::vector<LoadWarning> warnings;

    [[nodiscard]] const TirSection* find(std::string_view name_upper) const;
};

// Throws LoadError (file:line, what was expected) on a malformed line.
TirDocument parse_tir(std::string_view text, const std::string& file_label);

// ASCII upper case: TYDEX names and string values compare without regard to case.
std::string tir_upper(std::string_view s);

}  // namespace tractive
