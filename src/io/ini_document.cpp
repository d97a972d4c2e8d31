#include "tractive/io/ini_document.hpp"

#include <fmt/format.h>

#include "tractive/io/value_parse.hpp"

namespace tractive {

const IniEntry* IniSection::find(std::string_view key) const {
    const auto it = index_.find(key);
    return it == index_.end() ? nullptr : &entries_[it->second];
}

IniEntry* IniSection::find(std::string_view key) {
    const auto it = index_.find(key);
    return it == index_.end() ? nullptr : &entries_[it->second];
}

std::optional<int> IniSection::set(IniEntry entry) {
    if (IniEntry* existing = find(entry.key)) {
        const int previous_line = existing->location.line;
        *existing = std::move(entry);
        return previous_line;
    }
    index_.emplace(entry.key, entries_.size());
    entries_.push_back(std::move(entry));
    return std::nullopt;
}

const IniSection* IniDocument::find(std::string_view name) const {
    const auto it = index_.find(name);
    return it == index_.end() ? nullptr : &sections_[it->second];
}

IniSection* IniDocument::find(std::string_view name) {
    const auto it = index_.find(name);
    return it == index_.end() ? nullptr : &sections_[it->second];
}

IniSection& IniDocument::section(const std::string& name, const SourceLocation& where) {
    if (IniSection* s = find(name)) return *s;
    index_.emplace(name, sections_.size());
    sections_.emplace_back(name, where);
    return sections_.back();
}

void IniDocument::reindex() {
    index_.clear();
    for (std::size_t i = 0; i < sections_.size(); ++i) index_.emplace(sections_[i].name, i);
}

std::string_view skip_utf8_bom(std::string_view text) {
    constexpr std::string_view kBom = "\xEF\xBB\xBF";
    if (text.starts_with(kBom)) text.remove_prefix(kBom.size());
    return text;
}

namespace {

std::string_view strip_comment(std::string_view line) {
    const auto pos = line.find_first_of("#;");
    return pos == std::string_view::npos ? line : line.substr(0, pos);
}

}  // namespace

IniDocument parse_ini(std::string_view text, const std::string& file_label) {
    IniDocument doc;
    doc.file = file_label;
    text = skip_utf8_bom(text);
    IniSection* current = &doc.section("", {file_label, 0});
    int line_number = 0;
    while (!text.empty()) {
        ++line_number;
        const auto eol = text.find('\n');
        std::string_view raw = text.substr(0, eol);
        text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
        const std::string_view line = trim(strip_comment(raw));
        if (line.empty()) continue;
        const SourceLocation here{file_label, line_number};
        if (line.front() == '[') {
            if (line.back() != ']') {
                throw LoadError(here, "", "unclosed section header: expected '[name]'");
            }
            const std::string name(trim(line.substr(1, line.size() - 2)));
            if (name.empty()) throw LoadError(here, "", "empty section name: expected '[name]'");
            current = &doc.section(name, here);  // a repeated section continues the earlier one
            continue;
        }
        const auto eq = line.find('=');
        if (eq == std::string_view::npos) {
            throw LoadError(here, "",
                            fmt::format("cannot read '{}': expected 'key = value', '[section]' or a comment",
                                        line.substr(0, 60)));
        }
        std::string key(trim(line.substr(0, eq)));
        if (key.empty()) throw LoadError(here, "", "empty key: expected 'key = value'");
        const std::string full_key = current->name.empty() ? key : current->name + "." + key;
        if (const auto previous = current->set({std::move(key), std::string(trim(line.substr(eq + 1))), here})) {
            doc.warnings.push_back({here, full_key, fmt::format("repeated key replaces the value from line {}", *previous)});
        }
    }
    return doc;
}

}  // namespace tractive
