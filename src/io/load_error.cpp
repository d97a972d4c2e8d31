#include "tractive/io/load_error.hpp"

#include <fmt/format.h>

namespace tractive {

std::string format_diagnostic(const SourceLocation& location, const std::string& key,
                              const std::string& message) {
    std::string out = location.file;
    if (location.line > 0) out += fmt::format(":{}", location.line);
    out += ": ";
    if (!key.empty()) out += fmt::format("'{}': ", key);
    out += message;
    return out;
}

LoadError::LoadError(SourceLocation location, std::string key, const std::string& message)
    : std::runtime_error(format_diagnostic(location, key, message)),
      location_(std::move(location)),
      key_(std::move(key)),
      message_(message) {}

std::string LoadWarning::to_string() const { return format_diagnostic(location, key, message); }

}  // namespace tractive
