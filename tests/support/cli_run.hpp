#pragma once
// Running the tractive binary from a test, as a user would.

#include <filesystem>
#include <string>

namespace tractive::test {

struct CliRun {
    int status = -1;
    std::string out;  // stdout, or stdout and stderr when asked
};

// Runs `tractive ARGS` through the shell (ARGS as typed on a command line) and collects its exit
// status and output.
CliRun run_cli(const std::string& args, bool with_stderr = false);
// Any shell command line, the same way.
CliRun run_shell(const std::string& command, bool with_stderr = false);

// A path as one shell word for run_cli's ARGS (single-quoted).
inline std::string quoted(const std::filesystem::path& p) { return "'" + p.string() + "'"; }

}  // namespace tractive::test
