#pragma once
// Writing an output file so that a failure never leaves a half-written file behind.

#include <filesystem>
#include <string>

namespace tractive::cli {

// Writes `text` to `out` through a uniquely named temporary file in the same folder (mkstemp:
// no clash with a user's file or a concurrent run), renamed over `out` at the end; the temporary
// file is removed on every failure path. Throws std::runtime_error naming the file.
void write_atomically(const std::filesystem::path& out, const std::string& text);

}  // namespace tractive::cli
