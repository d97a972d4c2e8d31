#pragma once
// tractive tyre FILE: what a tyre law gives, from a tyre file or a car file's wheel.
//   tractive tyre FILE [--wheel fl|fr|rl|rr] [--json] [--png OUT.png] [--pressure-kpa P]
//   tractive tyre FILE --load N[,N...] --slip-ratio K[,...] --slip-angle-deg A[,...]
//                      --camber-deg G[,...] [--speed V] --json
// The first form prints, per load, the peak friction and the slip stiffnesses, and the curves
// Fx(kappa), Fy(alpha) and Mz(alpha); the second evaluates every combination of the lists and
// prints {"points": [{"fz_n", "kappa", "alpha_deg", "gamma_deg", "fx_n", "fy_n", "mz_nm"}]} in
// ISO axes at steady state.

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "load_options.hpp"

namespace tractive::cli {

struct TyreOptions {
    std::string file;
    std::string wheel = "fl";
    bool json = false;
    std::vector<double> loads_n;
    std::vector<double> slip_ratios;
    std::vector<double> slip_angles_deg;
    std::vector<double> cambers_deg;
    double speed_m_per_s = 20.0;
    double pressure_kpa = 0.0;  // 0: the file's operating pressure (MF 6.1 .tir files)
    std::string png;  // also draw the curves to this PNG
    CarLoadOptions load;
};

void add_tyre_options(CLI::App& tyre, TyreOptions& options);

// Returns 0; a file that does not load throws LoadError (main reports it with status 2).
int tyre_command(const TyreOptions& options);

}  // namespace tractive::cli
