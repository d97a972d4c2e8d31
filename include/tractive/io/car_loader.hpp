#pragma once
// Loading a car from a file: VDrift's current INI format, VDrift's 2009 flat format (seed 002),
// or tractive's native TOML format (docs/car-format.md). Every loader returns a validated spec
// or throws LoadError naming file:line, key and what was expected; nothing half-built escapes.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "tractive/io/load_error.hpp"
#include "tractive/io/spec_sources.hpp"
#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

enum class CarFormat { VDrift, VDrift2009, Toml };
const char* to_string(CarFormat format);

struct LoadOptions {
    // Folder that holds VDrift's carparts/ (tyre files) and bounds every include. Empty: found by
    // walking up from the car file to the first folder with a carparts/ subfolder; if there is
    // none, the car's own folder.
    std::filesystem::path data_root;
    // Which of VDrift's tyre files a car's `type = tire/NAME.tire` names, as VDrift's builds pick
    // them: the .tire itself (Pacejka '89, the default build), NAME.tiren (Pacejka 2002, a VDRIFTN
    // build) or NAME.tirep (the brush model, a VDRIFTP build). A type naming another file is read
    // as it is; the model is told by the file's keys either way.
    enum class VDriftTyreFiles { Tyre, TyreN, TyreP };
    VDriftTyreFiles vdrift_tyre_files = VDriftTyreFiles::Tyre;
};

struct LoadedCar {
    VehicleSpec spec;
    CarFormat format = CarFormat::Toml;
    std::vector<LoadWarning> warnings;  // unknown keys, repeated keys, unit guesses
    SpecSources sources;                // where each part of the spec was read
};

// Picks the format from the extension (.toml) or, for .car files, from the content (a leading
// UTF-8 byte order mark is skipped).
CarFormat detect_car_format(const std::filesystem::path& path, std::string_view text);

LoadedCar load_car(const std::filesystem::path& path, const LoadOptions& options = {});

// The same, from text already in memory; `path` names it in messages and anchors relative
// includes and tyre files. A leading UTF-8 byte order mark is skipped.
LoadedCar load_car_from_text(std::string_view text, const std::filesystem::path& path,
                             const LoadOptions& options = {});

LoadedCar load_vdrift_car(std::string_view text, const std::filesystem::path& path, const LoadOptions& options);
LoadedCar load_toml_car(std::string_view text, const std::filesystem::path& path);

// A standalone VDrift tyre file (carparts/tire/*.tire): Pacejka '89 coefficients, combined-slip
// weights, tread, rolling resistance and the size reference (R0, W0, AR0, PT0, FZ0). The size,
// radius and inertia are left at 0: a car's [wheel.xx.tire] size gives them. Includes ("&file")
// resolve next to the tyre file and under options.data_root. A Pacejka 2002 (.tiren) or
// brush-model (.tirep) file gives that model (chosen from its keys).
TyreSpec load_vdrift_tyre(const std::filesystem::path& path, const LoadOptions& options = {});

}  // namespace tractive
