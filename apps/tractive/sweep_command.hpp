#pragma once
// `tractive sweep SPEC.toml --out DIR [--dask ADDRESS] [--workers N]`: a parameter sweep
// (docs/sweeps.md), run by the Python module's sweep runner (tractive.sweep), locally on threads
// or on a Dask cluster.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace tractive::cli {

struct SweepOptions {
    std::string spec;
    std::string out;
    std::string dask;
    int workers = 0;
};

void add_sweep_options(CLI::App& sweep, SweepOptions& options);

// Runs the sweep through Debian's python3 and the tractive module found next to this binary
// (installed) or in the build tree; returns its exit status (2 for a bad spec), or 1 when the
// module cannot be found or started.
int sweep_command(const SweepOptions& options);

}  // namespace tractive::cli
