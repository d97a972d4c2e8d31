#pragma once
// The ground options `tractive run` and `tractive test` share: --ground FILE (a mesh, a
// heightfield or a ground description, io/ground_loader.hpp), --ground-up, --ground-spacing,
// --ground-scale for bare files, and --at X,Y and --heading DEG for where the car starts (by
// default where the file says, else the origin heading +x).

#include <CLI/CLI.hpp>
#include <cmath>
#include <numbers>
#include <optional>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "tractive/core/number_text.hpp"
#include "tractive/io/ground_loader.hpp"

namespace tractive::cli {

struct GroundCliOptions {
    std::string file;
    std::string up = "z";
    std::optional<double> spacing_m;
    std::optional<double> scale_m;
    std::string at;                     // "X,Y"; empty: the file's start
    std::optional<double> heading_deg;  // none: the file's start
};

inline void add_ground_options(CLI::App& app, GroundCliOptions& o, bool add_heading) {
    app.add_option("--ground", o.file,
                   "Ground to drive on: .obj mesh (metres, z up), .png (16-bit grey) or .csv heightfield, or a .toml ground "
                   "description (docs/grounds.md)");
    app.add_option("--ground-up", o.up, "Up axis of a bare .obj ground: z (default) or y")->check(CLI::IsMember({"z", "y"}));
    app.add_option("--ground-spacing", o.spacing_m, "Sample spacing of a bare .png or .csv heightfield (m)");
    app.add_option("--ground-scale", o.scale_m, "Metres per PNG unit or CSV value of a bare heightfield (default 1)");
    app.add_option("--at", o.at, "Start position X,Y on the ground (m; default: where the ground file says, else 0,0)");
    if (add_heading) app.add_option("--heading", o.heading_deg, "Start heading in degrees about z, 0 = along +x, + = left (default: the ground file's, else 0)");
}

struct CliGround {
    LoadedGround loaded;
    GroundStart start;
};

// Throws LoadError for a ground file it cannot use and std::invalid_argument for a bad --at.
inline CliGround resolve_ground(const GroundCliOptions& o) {
    GroundLoadOptions load;
    load.up = o.up == "y" ? UpAxis::Y : UpAxis::Z;
    load.spacing_m = o.spacing_m;
    load.height_scale_m = o.scale_m;
    if (o.spacing_m && !(*o.spacing_m > 0.0 && std::isfinite(*o.spacing_m))) {
        throw std::invalid_argument(fmt::format("--ground-spacing {}: expected a positive number of metres", *o.spacing_m));
    }
    CliGround g{load_ground(o.file, load), {}};
    g.start = g.loaded.start.value_or(GroundStart{});
    if (!o.at.empty()) {
        const auto comma = o.at.find(',');
        const auto x = comma == std::string::npos ? std::nullopt : parse_finite_number(trim(std::string_view(o.at).substr(0, comma)));
        const auto y = comma == std::string::npos ? std::nullopt : parse_finite_number(trim(std::string_view(o.at).substr(comma + 1)));
        if (!x || !y) throw std::invalid_argument(fmt::format("--at {}: expected X,Y in metres, e.g. --at 12.5,-3", o.at));
        g.start.x_m = *x;
        g.start.y_m = *y;
    }
    if (o.heading_deg) {
        if (!std::isfinite(*o.heading_deg)) throw std::invalid_argument("--heading: expected a finite number of degrees");
        g.start.heading_rad = *o.heading_deg * std::numbers::pi / 180.0;
    }
    if (!g.loaded.ground->surface_at(g.start.x_m, g.start.y_m)) {
        throw std::invalid_argument(fmt::format("{}: no ground under the start position x = {} m, y = {} m: expected --at X,Y on the ground",
                                                o.file, g.start.x_m, g.start.y_m));
    }
    return g;
}

}  // namespace tractive::cli
