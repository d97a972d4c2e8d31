#pragma once
// The INI-like text that VDrift's .car and .tire files use, parsed into sections of key = value
// entries with their source lines. Both generations share it:
//   [section] or [ section ]     (the current format nests names with dots: [wheel.fl.tire])
//   key = value                  (everything after the first '=', trimmed)
//   # comment, ; comment         (also after a value)
// Keys before the first section belong to the section "" (the 2009 format's "drive = RWD").
// A repeated section continues the earlier one; a repeated key replaces the earlier value and
// is reported as a warning.

#include <string>
#include <string_view>
#include <vector>

#include "tractive/io/load_error.hpp"

namespace tractive {

struct IniEntry {
    std::string key;
    std::string value;
    SourceLocation location;
};

struct IniSection {
    std::string name;
    SourceLocation location;
    std::vector<IniEntry> entries;

    [[nodiscard]] const IniEntry* find(std::string_view key) const;
};

struct IniDocument {
    std::string file;
    std::vector<IniSection> sections;
    std::vector<LoadWarning> warnings;

    [[nodiscard]] const IniSection* find(std::string_view name) const;
};

// Throws LoadError on a line that is neither a section header, an entry nor a comment, on an
// unclosed '[', an empty key or section name.
IniDocument parse_ini(std::string_view text, const std::string& file_label);

}  // namespace tractive
