#pragma once
// The commands the Python module runs (python/tractive): `tractive sweep SPEC.toml --out DIR
// [--dask ADDRESS] [--workers N]` (docs/sweeps.md) and `tractive report INPUT... -o FILE.html
// [--png DIR]` (docs/reports.md), started with Debian's python3 and the module found next to this
// binary (installed) or in the build tree.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

namespace tractive::cli {

struct SweepOptions {
    std::string spec;
    std::string out;
    std::optional<std::string> dask;
    std::optional<int> workers;
    std::vector<std::string> set;  // --set KEY=VALUE for every car
    std::string data_root;         // --data-root, --vdrift-tyres: how a VDrift .car is read
    std::string vdrift_tyres = "tire";
};

struct ReportOptions {
    std::vector<std::string> inputs;
    std::string output;
    std::string png;
    std::string title;
    std::optional<std::string> tests;  // comma-separated standard tests and manoeuvres; none: every standard test ("" is refused)
    std::string data_root;
    std::string vdrift_tyres = "tire";
};

void add_sweep_options(CLI::App& sweep, SweepOptions& options);
void add_report_options(CLI::App& report, ReportOptions& options);

// Each returns the module's exit status (2 for bad input), or 1 when the module cannot be found
// or started.
int sweep_command(const SweepOptions& options);
int report_command(const ReportOptions& options);

}  // namespace tractive::cli
