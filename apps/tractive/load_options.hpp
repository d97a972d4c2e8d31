#pragma once
// The car-loading options every command takes: --data-root DIR and --vdrift-tires
// tire|tiren|tirep (which of VDrift's tyre files a car's `type = tire/NAME.tire` names; see
// tractive/io/car_loader.hpp: LoadOptions).

#include <CLI/CLI.hpp>
#include <string>

#include "tractive/io/car_loader.hpp"

namespace tractive::cli {

struct CarLoadOptions {
    std::string data_root;
    std::string vdrift_tires = "tire";
};

inline void add_car_load_options(CLI::App& app, CarLoadOptions& o) {
    app.add_option("--data-root", o.data_root, "VDrift data folder holding carparts/ (default: found from the car's path)");
    app.add_option("--vdrift-tires", o.vdrift_tires,
                   "VDrift tyre files a car's 'type = tire/NAME.tire' names, as VDrift's builds pick them: tire "
                   "(Pacejka '89, default), tiren (NAME.tiren, Pacejka 2002) or tirep (NAME.tirep, brush model)")
        ->check(CLI::IsMember({"tire", "tiren", "tirep"}));
}

inline LoadOptions to_load_options(const CarLoadOptions& o) {
    LoadOptions options;
    options.data_root = o.data_root;
    if (o.vdrift_tires == "tiren") options.vdrift_tire_files = LoadOptions::VDriftTireFiles::TireN;
    if (o.vdrift_tires == "tirep") options.vdrift_tire_files = LoadOptions::VDriftTireFiles::TireP;
    return options;
}

}  // namespace tractive::cli
