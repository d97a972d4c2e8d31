#include "tractive/io/text_file.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>
#include <system_error>

#include "tractive/io/load_error.hpp"

namespace tractive {

namespace {

// Length of the UTF-8 sequence starting at lead byte c, or 0 if c cannot start one.
int utf8_sequence_length(unsigned char c) {
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) return 2;
    if (c >= 0xE0 && c <= 0xEF) return 3;
    if (c >= 0xF0 && c <= 0xF4) return 4;
    return 0;
}

}  // namespace

void check_text(std::string_view text, const std::string& file_label) {
    int line = 1;
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            ++line;
            ++i;
            continue;
        }
        if (c < 0x20 && c != '\t' && c != '\r') {
            throw LoadError({file_label, line}, "",
                            fmt::format("binary data (byte 0x{:02x}): expected a text file", c));
        }
        const int len = utf8_sequence_length(c);
        bool valid = len > 0 && i + static_cast<std::size_t>(len) <= text.size();
        for (int k = 1; valid && k < len; ++k) {
            valid = (static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]) & 0xC0) == 0x80;
        }
        if (!valid) {
            throw LoadError({file_label, line}, "", "invalid UTF-8: expected a text file");
        }
        i += static_cast<std::size_t>(len);
    }
}

std::string read_text_file(const std::filesystem::path& path, std::size_t max_bytes, std::string_view what) {
    const std::string label = path.string();
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec == std::errc::too_many_symbolic_link_levels) {
        throw LoadError({label, 0}, "", "a loop of symbolic links: expected a link that ends at a file");
    }
    if (ec && ec != std::errc::no_such_file_or_directory) throw LoadError({label, 0}, "", fmt::format("cannot read: {}", ec.message()));
    if (!std::filesystem::exists(status)) {
        throw LoadError({label, 0}, "", "no such file");
    }
    if (!std::filesystem::is_regular_file(status)) {
        throw LoadError({label, 0}, "", "not a regular file");
    }
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) throw LoadError({label, 0}, "", fmt::format("cannot read: {}", ec.message()));
    if (size > max_bytes) {
        throw LoadError({label, 0}, "",
                        fmt::format("file is {} bytes; expected {} of at most {} bytes", size, what, max_bytes));
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) throw LoadError({label, 0}, "", "cannot open the file for reading");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) throw LoadError({label, 0}, "", "read error");
    std::string text = buffer.str();
    if (text.size() > max_bytes) {
        throw LoadError({label, 0}, "", fmt::format("file grew past {} bytes while reading", max_bytes));
    }
    check_text(text, label);
    return text;
}

}  // namespace tractive
