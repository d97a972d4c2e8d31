#pragma once
// Reading a car file as text, treating it as hostile: size limit, no binary data.

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace tractive {

// Car and tyre files are a few kilobytes; anything beyond this is not a car file.
inline constexpr std::size_t kMaxCarFileBytes = 4u * 1024u * 1024u;

// A controls CSV: an hour at 1 kHz is about 40 MB.
inline constexpr std::size_t kMaxControlsFileBytes = 64u * 1024u * 1024u;

// Reads the whole file. Throws LoadError when it is missing ("no such file"), a link that loops,
// unreadable, not a regular file, larger than max_bytes ("expected WHAT of at most N bytes"), or
// holds binary data (see check_text).
std::string read_text_file(const std::filesystem::path& path, std::size_t max_bytes = kMaxCarFileBytes,
                           std::string_view what = "a car or tyre file");

// Throws LoadError (naming the line) when text holds a NUL byte or a control character other
// than tab, CR, LF, or is not valid UTF-8.
void check_text(std::string_view text, const std::string& file_label);

}  // namespace tractive
