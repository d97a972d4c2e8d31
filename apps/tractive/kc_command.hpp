#pragma once
// `tractive kc [CAR] [--json]`: the car's K&C report (tractive/analysis/kinematics.hpp,
// docs/maneuvers.md "K&C"): per axle rates, ride frequency, travel, camber and toe against travel
// and roll, roll stiffness, force height and anti-dive / anti-squat; the roll stiffness split
// and the roll gradient.

#include <CLI/CLI.hpp>
#include <string>

#include "load_options.hpp"

namespace tractive::cli {

struct KcOptions {
    std::string car;
    bool json = false;
    CarLoadOptions load;
};

void add_kc_options(CLI::App& kc, KcOptions& options);

// Returns the process exit status (0; a car that cannot be loaded throws LoadError: exit 2 in main).
int kc_command(const KcOptions& options, const std::string& default_car_path);

}  // namespace tractive::cli
