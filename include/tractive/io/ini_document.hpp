#pragma once
// The INI-like text that VDrift's .car and .tire files use, parsed into sections of key = value
// entries with their source lines. Both generations share it:
//   [section] or [ section ]     (the current format nests names with dots: [wheel.fl.tire])
//   key = value                  (everything after the first '=', trimmed)
//   # comment, ; comment         (also after a value)
// Keys before the first section belong to the section "" (the 2009 format's "drive = RWD").
// A repeated section continues the earlier one; a repeated key replaces the earlier value and
// is reported as a warning. A UTF-8 byte order mark at the start of the text is skipped.
//
// Sections and entries keep their file order in vectors; hash indexes beside them make find()
// O(1), so that files of many keys or many sections load in linear time. Change sections and
// entries only through the member functions, which keep the indexes in step.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tractive/io/load_error.hpp"

namespace tractive {

struct IniEntry {
    std::string key;
    std::string value;
    SourceLocation location;
    // True for "key = &file" once the include has been expanded: the key named a file whose tree
    // now sits under it, and is not data itself.
    bool consumed_include = false;
};

// Hash for string keys that also accepts string_view lookups without a copy.
struct StringHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

class IniSection {
public:
    IniSection() = default;
    IniSection(std::string section_name, SourceLocation where)
        : name(std::move(section_name)), location(std::move(where)) {}

    std::string name;
    SourceLocation location;

    [[nodiscard]] const std::vector<IniEntry>& entries() const { return entries_; }
    [[nodiscard]] std::vector<IniEntry>& mutable_entries() { return entries_; }

    [[nodiscard]] const IniEntry* find(std::string_view key) const;
    [[nodiscard]] IniEntry* find(std::string_view key);

    // Adds the entry, or replaces the value and location of the entry with the same key. Returns
    // the replaced entry's line when it replaced one.
    std::optional<int> set(IniEntry entry);

private:
    std::vector<IniEntry> entries_;
    std::unordered_map<std::string, std::size_t, StringHash, std::equal_to<>> index_;
};

class IniDocument {
public:
    std::string file;
    std::vector<LoadWarning> warnings;

    [[nodiscard]] const std::vector<IniSection>& sections() const { return sections_; }
    [[nodiscard]] std::vector<IniSection>& mutable_sections() { return sections_; }

    [[nodiscard]] const IniSection* find(std::string_view name) const;
    [[nodiscard]] IniSection* find(std::string_view name);

    // The section of that name, added at the end (at `where`) if there is none yet.
    IniSection& section(const std::string& name, const SourceLocation& where);

    // Rebuilds the name index; call after renaming sections through mutable_sections().
    void reindex();

private:
    std::vector<IniSection> sections_;
    std::unordered_map<std::string, std::size_t, StringHash, std::equal_to<>> index_;
};

// The text without a leading UTF-8 byte order mark (EF BB BF), if it has one.
std::string_view skip_utf8_bom(std::string_view text);

// Throws LoadError on a line that is neither a section header, an entry nor a comment, on an
// unclosed '[', an empty key or section name.
IniDocument parse_ini(std::string_view text, const std::string& file_label);

}  // namespace tractive
