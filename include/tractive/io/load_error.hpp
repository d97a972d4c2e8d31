#pragma once
// Errors and warnings from loading a car file. Every message names the file, the line (when the
// problem sits on one), the key, and what was expected.

#include <stdexcept>
#include <string>
#include <vector>

namespace tractive {

struct SourceLocation {
    std::string file;
    int line = 0;  // 1-based; 0 = the whole file
};

class LoadError : public std::runtime_error {
public:
    LoadError(SourceLocation location, std::string key, const std::string& message);
    [[nodiscard]] const SourceLocation& location() const { return location_; }
    [[nodiscard]] const std::string& key() const { return key_; }
    [[nodiscard]] const std::string& message() const { return message_; }  // without the location and key

private:
    SourceLocation location_;
    std::string key_;
    std::string message_;
};

struct LoadWarning {
    SourceLocation location;
    std::string key;
    std::string message;
    [[nodiscard]] std::string to_string() const;
};

// "file:line: key: message" (line and key left out when unknown).
std::string format_diagnostic(const SourceLocation& location, const std::string& key,
                              const std::string& message);

}  // namespace tractive
