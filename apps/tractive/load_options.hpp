#pragma once
// The car-loading options every command takes: --data-root DIR and --vdrift-tyres
// tire|tiren|tirep (which of VDrift's tyre files a car's `type = tire/NAME.tire` names; see
// tractive/io/car_loader.hpp: LoadOptions).

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "tractive/io/car_loader.hpp"
#include "tractive/io/car_parameters.hpp"

namespace tractive::cli {

struct CarLoadOptions {
    std::string data_root;
    std::string vdrift_tyres = "tire";
    std::vector<std::string> set;  // --set KEY=VALUE, in order
};

inline void add_car_load_options(CLI::App& app, CarLoadOptions& o) {
    app.add_option("--data-root", o.data_root, "VDrift data folder holding carparts/ (default: found from the car's path)");
    app.add_option("--vdrift-tyres,--vdrift-tires", o.vdrift_tyres,
                   "VDrift tyre files a car's 'type = tire/NAME.tire' names, as VDrift's builds pick them: tire "
                   "(Pacejka '89, default), tiren (NAME.tiren, Pacejka 2002) or tirep (NAME.tirep, brush model); --vdrift-tires: its former name")
        ->check(CLI::IsMember({"tire", "tiren", "tirep"}));
    app.add_option("--set", o.set,
                   "Change a car parameter by its dotted key in the TOML car format, e.g. --set wheels.front.suspension.spring_n_per_m=32000 "
                   "(repeatable; docs/car-format.md)")
        ->take_all()
        ->allow_extra_args(false);
}

inline LoadOptions to_load_options(const CarLoadOptions& o) {
    LoadOptions options;
    options.data_root = o.data_root;
    if (o.vdrift_tyres == "tiren") options.vdrift_tyre_files = LoadOptions::VDriftTyreFiles::TyreN;
    if (o.vdrift_tyres == "tirep") options.vdrift_tyre_files = LoadOptions::VDriftTyreFiles::TyreP;
    return options;
}

// The car at path, with the --set changes applied in order (each checked by the loader).
inline LoadedCar load_cli_car(const std::filesystem::path& path, const CarLoadOptions& o) {
    if (o.set.empty()) return load_car(path, to_load_options(o));
    CarText car = car_text(path, to_load_options(o));
    for (const std::string& assignment : o.set) {
        const auto [key, value] = split_assignment(assignment);
        car = set_car_parameter(car, key, value);
    }
    return load_toml_car(car.toml, car.path);
}

}  // namespace tractive::cli
