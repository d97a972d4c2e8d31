#include "tractive/io/ini_document.hpp"

#include <fmt/format.h>

#include "tractive/io/value_parse.hpp"

namespace tractive {

const IniEntry* IniSection::find(std::string_view key) const {
    for (const auto& e : entries) {
        if (e.key == key) return &e;
    }
    return nullptr;
}

const IniSection* IniDocument::find(std::string_view name) const {
    for (const auto& s : sections) {
        if (s.name == name) return &s;
    }
    return nullptr;
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
    doc.sections.push_back({"", {file_label, 0}, {}});
    std::size_t current = 0;
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
            current = doc.sections.size();
            for (std::size_t i = 0; i < doc.sections.size(); ++i) {
                if (doc.sections[i].name == name) current = i;
            }
            if (current == doc.sections.size()) doc.sections.push_back({name, here, {}});
            continue;
        }
        const auto eq = line.find('=');
        if (eq == std::string_view::npos) {
            throw LoadError(here, "",
                            fmt::format("cannot read '{}': expected 'key = value', '[section]' or a comment",
                                        line.substr(0, 60)));
        }
        const std::string key(trim(line.substr(0, eq)));
        if (key.empty()) throw LoadError(here, "", "empty key: expected 'key = value'");
        std::string value(trim(line.substr(eq + 1)));
        auto& section = doc.sections[current];
        const std::string full_key = section.name.empty() ? key : section.name + "." + key;
        bool replaced = false;
        for (auto& e : section.entries) {
            if (e.key == key) {
                doc.warnings.push_back({here, full_key,
                                        fmt::format("repeated key replaces the value from line {}",
                                                    e.location.line)});
                e.value = value;
                e.location = here;
                replaced = true;
            }
        }
        if (!replaced) section.entries.push_back({key, std::move(value), here});
    }
    return doc;
}

}  // namespace tractive
