#include "python_commands.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>

namespace fs = std::filesystem;

namespace tractive::cli {

namespace {

// The folder holding the `tractive` package: the install's (relative to this binary, wherever
// the prefix was moved), else the build tree's.
std::optional<fs::path> module_folder() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    std::vector<fs::path> candidates;
    if (!ec) candidates.push_back(exe.parent_path() / ".." / TRACTIVE_PYTHON_INSTALL_DIR);
    candidates.emplace_back(TRACTIVE_PYTHON_BUILD_DIR);
    for (const fs::path& c : candidates) {
        if (fs::exists(c / "tractive" / "sweep.py", ec)) return c.lexically_normal();
    }
    return std::nullopt;
}

// Replaces this process with `python3 -m MODULE ARGS...`, the module's folder first on PYTHONPATH.
int run_python_module(const std::string& module, std::vector<std::string> args) {
    const auto folder = module_folder();
    if (!folder) {
        std::cerr << "error: the Python module was not found (build it with TRACTIVE_BUILD_PYTHON=ON, or install it)\n";
        return 1;
    }
    std::string path = folder->string();
    if (const char* before = std::getenv("PYTHONPATH"); before && *before) path += std::string(":") + before;
    setenv("PYTHONPATH", path.c_str(), 1);
    args.insert(args.begin(), {TRACTIVE_PYTHON, "-m", module});
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::cout.flush();
    execv(TRACTIVE_PYTHON, argv.data());
    std::cerr << fmt::format("error: could not start {}: {}\n", TRACTIVE_PYTHON, std::strerror(errno));
    return 1;
}

// --data-root and --vdrift-tyres as every command that loads a car takes them (load_options.hpp).
void add_vdrift_options(CLI::App& app, std::string& data_root, std::string& vdrift_tyres) {
    app.add_option("--data-root", data_root, "VDrift data folder holding carparts/ (default: found from the car's path)");
    app.add_option("--vdrift-tyres,--vdrift-tires", vdrift_tyres, "VDrift tyre files a car's 'type = tire/NAME.tire' names: tire, tiren or tirep (--vdrift-tires: its former name)")
        ->check(CLI::IsMember({"tire", "tiren", "tirep"}));
}

}  // namespace

void add_sweep_options(CLI::App& sweep, SweepOptions& o) {
    sweep.add_option("spec", o.spec, "Sweep specification (TOML, docs/sweeps.md)")->required();
    sweep.add_option("--out", o.out, "Folder for results.csv, results.json and the run journal (a stopped sweep resumes there)")->required();
    sweep.add_option("--dask", o.dask, "Run on a Dask distributed cluster: the scheduler's address, e.g. tcp://127.0.0.1:8786");
    sweep.add_option("--workers", o.workers, "Local threads (default: all cores)");
    sweep.add_option("--set", o.set, "Change every car first: KEY=VALUE, a dotted key of the TOML car format (repeatable)")
        ->take_all()
        ->allow_extra_args(false);
    add_vdrift_options(sweep, o.data_root, o.vdrift_tyres);
}

void add_report_options(CLI::App& report, ReportOptions& o) {
    report.add_option("inputs", o.inputs, "CAR[@KEY=VALUE...] (the standard tests are run on it), RUN.csv (tractive run's telemetry) or SWEEP_DIR")
        ->required();
    report.add_option("-o,--output", o.output, "The HTML file to write (self-contained)")->required();
    report.add_option("--png", o.png, "Also draw every plot as a PNG in this folder (matplotlib)");
    report.add_option("--title", o.title, "The report's title");
    report.add_option("--tests", o.tests,
                      "What the cars run, comma-separated: standard tests and handling manoeuvres (iso3888, sine-dwell, constant-radius); "
                      "default every standard test");
    add_vdrift_options(report, o.data_root, o.vdrift_tyres);
}

int sweep_command(const SweepOptions& o) {
    std::vector<std::string> args = {o.spec, "--out", o.out};
    // (Passed on as given, so that the sweep refuses an empty address or a thread count below 1.)
    if (o.dask) args.insert(args.end(), {"--dask", *o.dask});
    if (o.workers) args.insert(args.end(), {"--workers", std::to_string(*o.workers)});
    for (const std::string& s : o.set) args.insert(args.end(), {"--set", s});
    if (!o.data_root.empty()) args.insert(args.end(), {"--data-root", o.data_root});
    args.insert(args.end(), {"--vdrift-tyres", o.vdrift_tyres});
    return run_python_module("tractive.sweep", args);
}

int report_command(const ReportOptions& o) {
    std::vector<std::string> args = o.inputs;
    args.insert(args.end(), {"-o", o.output});
    if (!o.png.empty()) args.insert(args.end(), {"--png", o.png});
    if (!o.title.empty()) args.insert(args.end(), {"--title", o.title});
    if (o.tests) args.insert(args.end(), {"--tests", *o.tests});  // "" too: the report refuses an empty list
    if (!o.data_root.empty()) args.insert(args.end(), {"--data-root", o.data_root});
    args.insert(args.end(), {"--vdrift-tyres", o.vdrift_tyres});
    return run_python_module("tractive.report", args);
}

}  // namespace tractive::cli
