#include "tractive/io/tir_document.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "tractive/core/number_text.hpp"

namespace tractive {

std::string tir_upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

namespace {

// The line without its comment: from the first '$' or '!' outside a quoted string.
std::string_view strip_comment(std::string_view line) {
    char quote = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quote != 0) {
            if (c == quote) quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '$' || c == '!') {
            return line.substr(0, i);
        }
    }
    return line;
}

// A number as TYDEX files write it; Fortran's D exponent is read as E.
std::optional<double> tir_number(std::string_view text) {
    std::string s(text);
    for (char& c : s) {
        if (c == 'D' || c == 'd') c = 'E';
    }
    return parse_finite_number(s);
}

// Whitespace-separated numbers, or nullopt.
std::optional<std::vector<double>> number_row(std::string_view line) {
    std::vector<double> row;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        if (i >= line.size()) break;
        std::size_t j = i;
        while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j]))) ++j;
        const auto v = tir_number(line.substr(i, j - i));
        if (!v) return std::nullopt;
        row.push_back(*v);
        i = j;
    }
    if (row.empty()) return std::nullopt;
    return row;
}

}  // namespace

const TirEntry* TirSection::find(std::string_view key_upper) const {
    const auto it = std::find_if(entries.begin(), entries.end(), [&](const TirEntry& e) { return e.key == key_upper; });
    return it == entries.end() ? nullptr : &*it;
}

const TirSection* TirDocument::find(std::string_view name_upper) const {
    const auto it = std::find_if(sections.begin(), sections.end(), [&](const TirSection& s) { return s.name == name_upper; });
    return it == sections.end() ? nullptr : &*it;
}

TirDocument parse_tir(std::string_view text, const std::string& file_label) {
    TirDocument doc;
    doc.file = file_label;
    constexpr std::string_view kBom = "\xEF\xBB\xBF";
    if (text.starts_with(kBom)) text.remove_prefix(kBom.size());
    TirSection* current = nullptr;
    bool in_table = false;
    int line_number = 0;
    while (!text.empty()) {
        ++line_number;
        const auto eol = text.find('\n');
        const std::string_view raw = text.substr(0, eol);
        text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
        const std::string_view line = trim(strip_comment(raw));
        if (line.empty()) continue;
        const SourceLocation here{file_label, line_number};
        if (line.front() == '[') {
            if (line.back() != ']') throw LoadError(here, "", "unclosed section header: expected '[NAME]'");
            const std::string name = tir_upper(trim(line.substr(1, line.size() - 2)));
            if (name.empty()) throw LoadError(here, "", "empty section name: expected '[NAME]'");
            const auto it = std::find_if(doc.sections.begin(), doc.sections.end(), [&](const TirSection& s) { return s.name == name; });
            if (it == doc.sections.end()) {
                doc.sections.push_back(TirSection{name, here, {}, {}});
                current = &doc.sections.back();
            } else {
                current = &*it;
            }
            in_table = false;
            continue;
        }
        if (line.front() == '{') {  // a table header: the rows of numbers below belong to it
            if (line.back() != '}') throw LoadError(here, "", "unclosed table header: expected '{column names}'");
            in_table = true;
            continue;
        }
        const auto eq = line.find('=');
        if (eq == std::string_view::npos) {
            if (in_table && current != nullptr) {
                if (auto row = number_row(line)) {
                    current->table_rows.push_back(std::move(*row));
                    continue;
                }
            }
            throw LoadError(here, "",
                            fmt::format("cannot read '{}': expected 'KEY = value', '[SECTION]', a table row or a comment",
                                        line.substr(0, 60)));
        }
        in_table = false;
        const std::string key = tir_upper(trim(line.substr(0, eq)));
        if (key.empty()) throw LoadError(here, "", "empty key: expected 'KEY = value'");
        if (current == nullptr) throw LoadError(here, key, "a key before the first [SECTION]");
        const std::string full_key = current->name + "." + key;
        const std::string_view value_text = trim(line.substr(eq + 1));
        TirEntry entry{key, 0.0, here};
        if (!value_text.empty() && (value_text.front() == '\'' || value_text.front() == '"')) {
            const char quote = value_text.front();
            if (value_text.size() < 2 || value_text.back() != quote) {
                throw LoadError(here, full_key, fmt::format("unclosed string {}: expected {}text{}", value_text, quote, quote));
            }
            entry.value = std::string(value_text.substr(1, value_text.size() - 2));
        } else if (const auto number = tir_number(value_text)) {
            entry.value = *number;
        } else {
            throw LoadError(here, full_key, fmt::format("'{}' is not a number or a quoted string", value_text));
        }
        auto& entries = current->entries;
        const auto existing = std::find_if(entries.begin(), entries.end(), [&](const TirEntry& e) { return e.key == key; });
        if (existing != entries.end()) {
            doc.warnings.push_back({here, full_key, fmt::format("repeated key replaces the value from line {}", existing->location.line)});
            *existing = std::move(entry);
        } else {
            entries.push_back(std::move(entry));
        }
    }
    return doc;
}

}  // namespace tractive
