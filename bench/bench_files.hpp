#pragma once
// Data files a benchmark reads: the shared VDrift set may be absent on a machine, and a
// benchmark of it then says so instead of failing.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

namespace tractive::bench {

// True when the file is there; otherwise marks the benchmark skipped, naming the file.
inline bool file_present_or_skip(benchmark::State& bs, const std::filesystem::path& file) {
    std::error_code ec;
    if (std::filesystem::exists(file, ec)) return true;
    bs.SkipWithError(("file not found: " + file.string()).c_str());
    return false;
}

}  // namespace tractive::bench
