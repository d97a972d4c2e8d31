#include "support/cli_run.hpp"

#include <sys/wait.h>

#include <array>
#include <cstdio>

#include "support/test_paths.hpp"

namespace tractive::test {

CliRun run_cli(const std::string& args, bool with_stderr) { return run_shell("'" + cli_binary().string() + "' " + args, with_stderr); }

CliRun run_shell(const std::string& command, bool with_stderr) {
    const std::string cmd = command + (with_stderr ? " 2>&1" : " 2>/dev/null");
    CliRun r;
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buf{};
    std::size_t n = 0;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
    const int raw = pclose(pipe);
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return r;
}

}  // namespace tractive::test
