#include "tractive/io/car_loader.hpp"

#include "tractive/io/ini_document.hpp"
#include "tractive/io/text_file.hpp"
#include "tractive/io/value_parse.hpp"

namespace tractive {

const char* to_string(CarFormat format) {
    switch (format) {
        case CarFormat::VDrift: return "vdrift";
        case CarFormat::VDrift2009: return "vdrift-2009";
        case CarFormat::Toml: return "toml";
    }
    return "?";
}

CarFormat detect_car_format(const std::filesystem::path& path, std::string_view text) {
    if (path.extension() == ".toml") return CarFormat::Toml;
    // The 2009 format has flat sections such as [ tire-front ] and [ wheel-FL ] and a top-level
    // "drive" key; the current format nests wheels as [wheel.fl...].
    std::string_view rest = skip_utf8_bom(text);
    while (!rest.empty()) {
        const auto eol = rest.find('\n');
        const std::string_view line = trim(rest.substr(0, eol));
        rest.remove_prefix(eol == std::string_view::npos ? rest.size() : eol + 1);
        if (line.starts_with("[")) {
            const auto close = line.find(']');
            const std::string_view name = trim(line.substr(1, close == std::string_view::npos ? line.size() - 1 : close - 1));
            if (name.starts_with("wheel.")) return CarFormat::VDrift;
            if (name == "tire-front" || name == "tire-rear" || name.starts_with("wheel-")) return CarFormat::VDrift2009;
        }
    }
    return CarFormat::VDrift;
}

LoadedCar load_car_from_text(std::string_view text, const std::filesystem::path& path, const LoadOptions& options) {
    text = skip_utf8_bom(text);  // once; line numbers are unchanged
    check_text(text, path.string());
    if (detect_car_format(path, text) == CarFormat::Toml) return load_toml_car(text, path);
    return load_vdrift_car(text, path, options);
}

LoadedCar load_car(const std::filesystem::path& path, const LoadOptions& options) {
    const std::string text = read_text_file(path);
    return load_car_from_text(text, path, options);
}

void SpecSources::note(std::string spec_path, SourceLocation location, std::string file_key) {
    sources_.insert_or_assign(std::move(spec_path), SpecSource{std::move(location), std::move(file_key)});
}

const SpecSource* SpecSources::find(std::string_view spec_path) const {
    while (true) {
        if (const auto it = sources_.find(spec_path); it != sources_.end()) return &it->second;
        // Drop the last ".name" or "[i]" component.
        const auto cut = spec_path.find_last_of(".[");
        if (cut == std::string_view::npos || cut == 0) return nullptr;
        spec_path = spec_path.substr(0, cut);
    }
}

LoadError spec_issue_error(const SpecIssue& issue, const SpecSources& sources, const std::string& file) {
    if (const SpecSource* source = sources.find(issue.path)) {
        return LoadError(source->location, source->key, issue.message);
    }
    return LoadError({file, 0}, issue.path, issue.message);
}

}  // namespace tractive
