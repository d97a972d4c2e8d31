#pragma once
// Grounds from files (`tractive run|test --ground FILE`, docs/grounds.md):
//   - FILE.obj: a triangle mesh (io/obj_reader.hpp), z up unless the options say y;
//   - FILE.png (16-bit grey) or FILE.csv: a heightfield, its spacing and height scale in the
//     options or in FILE.toml beside it;
//   - FILE.toml: a ground description: one of [mesh] (file, up), [heightfield] (file, spacing_m,
//     height_scale_m, height_offset_m, origin_m),
//     [surfaces.NAME] (friction, friction_off_road_tyre, rolling_resistance) for the mesh's
//     materials or [surface] for a heightfield's, and [start] (x_m, y_m, heading_deg) where a car
//     starts.
// Heightfield files are read as an image is seen from above: the first row is the north edge
// (the largest y), the first column the west edge (the smallest x); origin_m is the south-west
// sample.

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "tractive/io/obj_reader.hpp"
#include "tractive/world/ground.hpp"
#include "tractive/world/heightfield_ground.hpp"

namespace tractive {

struct GroundStart {
    double x_m = 0.0;
    double y_m = 0.0;
    double heading_rad = 0.0;
};

struct LoadedGround {
    std::shared_ptr<const Ground> ground;
    std::optional<GroundStart> start;  // where the file says a car starts
    std::string summary;               // "mesh of 1,234 triangles (3 surfaces)", for people
};

struct GroundLoadOptions {
    UpAxis up = UpAxis::Z;                  // a bare .obj's up axis
    std::optional<double> spacing_m;        // a bare .png or .csv heightfield's sample spacing
    std::optional<double> height_scale_m;   // metres per PNG unit or CSV value (CSV default 1)
};

// Throws LoadError (file:line, key, what was expected) for anything it cannot use.
LoadedGround load_ground(const std::filesystem::path& file, const GroundLoadOptions& options = {});

// Heightfield samples from a 16-bit (or 8-bit) grey PNG or a CSV table, as read (rows north to
// south), without spacing or scale: columns, rows and the raw values row by row; a CSV's rows'
// lines in its file (blank and comment lines skipped), for what is said of a sample.
struct HeightSamples {
    std::uint32_t columns = 0, rows = 0;
    std::vector<double> values;
    std::vector<int> row_lines;  // empty for a PNG
};
HeightSamples read_height_csv(std::string_view text, const std::string& file_label);
HeightSamples read_height_png(const std::filesystem::path& file);

}  // namespace tractive
