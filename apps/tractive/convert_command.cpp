#include "convert_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <stdlib.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "atomic_write.hpp"
#include "tractive/analysis/tyre_curves.hpp"
#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/io/text_file.hpp"
#include "tractive/io/toml_writer.hpp"
#include "tractive/io/vdrift_writer.hpp"

namespace fs = std::filesystem;

namespace tractive::cli {

namespace {

// A hidden folder beside the output, removed with everything in it unless released: the files
// are written and checked there, then renamed into place one by one.
class StagingFolder {
public:
    explicit StagingFolder(const fs::path& out) {
        const fs::path folder = out.parent_path().empty() ? fs::path(".") : out.parent_path();
        std::string pattern = (folder / ("." + out.filename().string() + ".tmp-XXXXXX")).string();
        if (!mkdtemp(pattern.data())) {
            throw OutputPathError(fmt::format("{}: cannot create a temporary folder for -o: {}", folder.string(), std::strerror(errno)));
        }
        path_ = pattern;
    }
    ~StagingFolder() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    StagingFolder(const StagingFolder&) = delete;
    StagingFolder& operator=(const StagingFolder&) = delete;
    [[nodiscard]] const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

void refuse_output_over_input(const fs::path& in, const fs::path& out) {
    std::error_code ec;
    if (fs::exists(out, ec) && fs::equivalent(in, out, ec)) {
        throw LoadError({out.string(), 0}, "-o", "is the input file: expected another output file");
    }
}

int convert_to_toml(const ConvertOptions& o, const LoadedCar& car) {
    const std::string text = write_toml_car(car.spec, fmt::format("Converted by `tractive convert` from {} ({} format).",
                                                                  fs::path(o.input).filename().string(), to_string(car.format)));
    // The converted text must load back to the same spec; check before writing.
    const LoadedCar again = load_car_from_text(text, o.output);
    if (!(again.spec == car.spec)) {
        std::cerr << "error: internal: the converted car does not load back to the same spec\n";
        return 1;
    }
    write_atomically(o.output, text);
    std::cerr << fmt::format("wrote {}\n", o.output);
    return 0;
}

// How far each converted tyre's forces are from the original's, at the wheel's static load.
std::vector<std::string> tyre_differences(const VehicleSpec& original, const VehicleSpec& written) {
    const VehicleSummary summary = summarize(original);
    std::vector<std::string> lines;
    for (int i = 0; i < 4; ++i) {
        const TyreSpec& a = original.wheels[i].tyre;
        const TyreSpec& b = written.wheels[i].tyre;
        if (a.model == b.model) continue;
        const TyreSide side = (i == FR || i == RR) ? TyreSide::Right : TyreSide::Left;
        const TyreForceDifference d = tyre_force_difference(a, b, summary.wheel_loads_n[i], side);
        lines.push_back(fmt::format("wheels.{}.tyre: at its static load, {:.0f} N, the written tyre's Fx differs from the "
                                    "original's by up to {:.1f} % of its peak (slip ratios -0.3..0.3), Fy by up to {:.1f} % and Mz by up "
                                    "to {:.1f} % (slip angles -12..12 deg)",
                                    kWheelNames[i], summary.wheel_loads_n[i], 100.0 * d.fx_fraction, 100.0 * d.fy_fraction,
                                    100.0 * d.mz_fraction));
    }
    return lines;
}

int convert_to_vdrift(const ConvertOptions& o, const LoadedCar& car) {
    const fs::path out(o.output);
    const std::string stem = out.stem().string();
    const VDriftCarFiles files =
        write_vdrift_car(car.spec, stem,
                         fmt::format("Converted by `tractive convert` from {} ({} format).", fs::path(o.input).filename().string(),
                                     to_string(car.format)),
                         o.input);
    // A tyre file beside the output that is not this car's own earlier conversion (no NAME.car
    // there) and says something else may be another car's (a VDrift carparts folder's): it is
    // not replaced.
    std::error_code ec;
    if (!fs::exists(out, ec)) {
        for (const auto& t : files.tyres) {
            const fs::path target = out.parent_path() / t.name;
            if (fs::exists(target, ec) && read_text_file(target) != t.text) {
                throw LoadError({target.string(), 0}, "-o",
                                fmt::format("a different tyre file is already there, and other cars may load it: expected an output name "
                                            "or folder where {} is new (or this car's own earlier conversion)",
                                            t.name));
            }
        }
    }
    const StagingFolder staging(out);
    for (const auto& t : files.tyres) write_atomically(staging.path() / t.name, t.text);
    write_atomically(staging.path() / out.filename(), files.car);
    LoadedCar again;
    try {
        again = load_car(staging.path() / out.filename());
    } catch (const LoadError& e) {
        std::cerr << "error: internal: the written VDrift car does not load: " << e.what() << "\n";
        return 1;
    }
    for (const std::string& note : files.notes) std::cerr << fmt::format("warning: {}: {}\n", out.string(), note);
    for (const std::string& line : tyre_differences(car.spec, again.spec)) std::cerr << fmt::format("warning: {}: {}\n", out.string(), line);
    for (const ParameterChange& c : changed_parameters(car.spec, again.spec)) {
        std::cerr << fmt::format("warning: {}: {} = {} in the original, {} as written\n", out.string(), c.key, c.from, c.to);
    }
    for (const auto& w : again.warnings) std::cerr << fmt::format("warning: {}: loading it back: {}\n", out.string(), w.to_string());
    // Into place: the tyres first, so that the car never names a file not yet there.
    for (const auto& t : files.tyres) refuse_output_over_input(o.input, out.parent_path() / t.name);
    std::vector<std::string> written;
    for (const auto& t : files.tyres) {
        const fs::path target = out.parent_path() / t.name;
        fs::rename(staging.path() / t.name, target);
        written.push_back(target.string());
    }
    fs::rename(staging.path() / out.filename(), out);
    written.insert(written.begin(), out.string());
    std::cerr << fmt::format("wrote {}\n", fmt::join(written, ", "));
    return 0;
}

}  // namespace

void add_convert_options(CLI::App& convert, ConvertOptions& o) {
    convert.add_option("input", o.input, "Car file to read")->required();
    convert.add_option("-o,--output", o.output,
                       "File to write: NAME.toml (tractive's format) or NAME.car (VDrift's, its tyre files beside it)")
        ->required();
    add_car_load_options(convert, o.load);
}

int convert_command(const ConvertOptions& o) {
    const fs::path out(o.output);
    if (out.extension() != ".toml" && out.extension() != ".car") {
        throw LoadError({o.output, 0}, "-o",
                        "expected an output file name ending in .toml (tractive's format) or .car (VDrift's)");
    }
    refuse_output_over_input(o.input, out);
    const LoadedCar car = load_cli_car(o.input, o.load);
    for (const auto& w : car.warnings) std::cerr << "warning: " << w.to_string() << "\n";
    return out.extension() == ".toml" ? convert_to_toml(o, car) : convert_to_vdrift(o, car);
}

}  // namespace tractive::cli
