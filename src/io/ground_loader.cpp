#include "tractive/io/ground_loader.hpp"

#include <png.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <csetjmp>
#include <cstdio>
#include <limits>
#include <tuple>
#include <numbers>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "tractive/spec/validate.hpp"

#include "tractive/core/number_text.hpp"
#include "tractive/io/load_error.hpp"
#include "tractive/io/text_file.hpp"
#include "tractive/world/road_builder.hpp"
#include "tractive/world/mesh_ground.hpp"

namespace tractive {

namespace {

constexpr std::size_t kMaxHeightfieldSamples = 64u * 1024u * 1024u;

std::string lower_extension(const std::filesystem::path& p) {
    std::string e = p.extension().string();
    for (char& c : e) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return e;
}

// The few TOML reads a ground description needs, each naming the file, line and key.
class Description {
public:
    Description(const toml::table& root, std::string file) : root_(root), file_(std::move(file)) {}

    [[nodiscard]] SourceLocation where(const toml::node* n) const { return {file_, n ? static_cast<int>(n->source().begin.line) : 0}; }

    [[nodiscard]] const toml::table* table(std::string_view key) const {
        const toml::node* n = root_.get(key);
        if (!n) return nullptr;
        if (!n->is_table()) throw LoadError(where(n), std::string(key), "expected a table");
        return n->as_table();
    }

    // A key of `t` that is none of `known` (a misspelt `widthh_m` or `spacing`) is refused,
    // naming it and the keys the table takes: a ground left with a default it was not meant to
    // have would drive without a word.
    void only(const toml::table& t, std::string_view table_key, std::initializer_list<std::string_view> known) const {
        for (const auto& [key, node] : t) {
            if (std::find(known.begin(), known.end(), key.str()) != known.end()) continue;
            std::string expected;
            for (const std::string_view k : known) expected += fmt::format("{}{}", expected.empty() ? "" : ", ", k);
            const std::string full = table_key.empty() ? std::string(key.str()) : fmt::format("{}.{}", table_key, key.str());
            throw LoadError(where(&node), full, fmt::format("not a key of {}: expected {}", table_key.empty() ? std::string("a ground description") : fmt::format("[{}]", table_key),
                                                            expected));
        }
    }

    // The lowest a number may be: any, 0 or more, or more than 0.
    // A number in `range` (spec/validate.hpp, plausible::: the limits of a world), or the fallback.
    [[nodiscard]] double number(const toml::table& t, std::string_view table_key, std::string_view key, std::optional<double> fallback,
                                const Range& range) const {
        const std::string full = fmt::format("{}.{}", table_key, key);
        const toml::node* n = t.get(key);
        if (!n) {
            if (fallback) return *fallback;
            throw LoadError(where(&t), full, "missing required key");
        }
        std::optional<double> v;
        if (const auto* f = n->as_floating_point()) v = f->get();
        if (const auto* i = n->as_integer()) v = static_cast<double>(i->get());
        if (!v) throw LoadError(where(n), full, fmt::format("expected {}", range.kind));
        if (const std::string problem = range.problem(*v); !problem.empty()) throw LoadError(where(n), full, problem);
        return *v;
    }

    [[nodiscard]] std::string text(const toml::table& t, std::string_view table_key, std::string_view key, std::optional<std::string> fallback) const {
        const toml::node* n = t.get(key);
        if (!n) {
            if (fallback) return *fallback;
            throw LoadError(where(&t), fmt::format("{}.{}", table_key, key), "missing required key");
        }
        if (!n->is_string()) throw LoadError(where(n), fmt::format("{}.{}", table_key, key), "expected a string");
        return std::string(n->as_string()->get());
    }

    // A surface's table, what it leaves out taken from `base` (a road's verge: its own friction,
    // off-road friction and rolling resistance); an off-road friction the base does not set apart
    // follows the table's friction.
    [[nodiscard]] GroundSurface surface(const toml::table& t, const std::string& table_key, const GroundSurface& base = {}) const {
        only(t, table_key, {"friction", "friction_off_road_tyre", "rolling_resistance"});
        GroundSurface s = base;
        s.friction_road_tyre = number(t, table_key, "friction", base.friction_road_tyre, plausible::kGroundFriction);
        const double off_road = base.friction_off_road_tyre == base.friction_road_tyre ? s.friction_road_tyre : base.friction_off_road_tyre;
        s.friction_off_road_tyre = number(t, table_key, "friction_off_road_tyre", off_road, plausible::kGroundFriction);
        s.rolling_resistance = number(t, table_key, "rolling_resistance", base.rolling_resistance, plausible::kGroundRollingResistance);
        return s;
    }

    [[nodiscard]] std::filesystem::path file(const toml::table& t, std::string_view table_key, const std::filesystem::path& directory) const {
        const std::filesystem::path p = text(t, table_key, "file", std::nullopt);
        return p.is_absolute() ? p : directory / p;
    }

private:
    const toml::table& root_;
    std::string file_;
};

// Each height (offset + scale x the sample) is a coordinate of the world, within 1e7 m
// (plausible::kWorldCoordinate, as a mesh's vertices are): one beyond is refused at its place in
// the file (a CSV's line and column, a PNG's row from the top and column).
Heightfield heightfield_from(const HeightSamples& s, double spacing_x, double spacing_y, double scale, double offset, double origin_x,
                             double origin_y, const std::string& file_label) {
    Heightfield f;
    f.columns = s.columns;
    f.rows = s.rows;
    f.spacing_x_m = spacing_x;
    f.spacing_y_m = spacing_y;
    f.origin_x_m = origin_x;
    f.origin_y_m = origin_y;
    f.heights_m.resize(s.values.size());
    for (std::uint32_t j = 0; j < s.rows; ++j) {  // file row 0 is the north edge: grid row rows - 1
        for (std::uint32_t i = 0; i < s.columns; ++i) {
            const double sample = s.values[static_cast<std::size_t>(j) * s.columns + i];
            const double height_m = offset + scale * sample;
            if (!plausible::kWorldCoordinate.contains(height_m)) {
                const bool csv = j < s.row_lines.size();
                throw LoadError({file_label, csv ? s.row_lines[j] : 0}, csv ? fmt::format("column {}", i + 1) : fmt::format("row {} from the top, column {}", j + 1, i + 1),
                                fmt::format("the sample {:g} makes a height of {:g} m (offset {:g} m + scale {:g} m x the sample): expected "
                                            "heights within 1e7 m, as every coordinate of a world",
                                            sample, height_m, offset, scale));
            }
            f.heights_m[static_cast<std::size_t>(s.rows - 1 - j) * s.columns + i] = height_m;
        }
    }
    return f;
}

HeightSamples read_samples(const std::filesystem::path& file) {
    const std::string ext = lower_extension(file);
    if (ext == ".png") return read_height_png(file);
    if (ext == ".csv") return read_height_csv(read_text_file(file, kMaxMeshFileBytes, "a heightfield CSV"), file.string());
    throw LoadError({file.string(), 0}, "heightfield.file", "expected a .png (16-bit grey) or .csv heightfield");
}

std::string thousands(std::size_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t k = 0; k < digits.size(); ++k) {
        if (k > 0 && (digits.size() - k) % 3 == 0) out.push_back(',');
        out.push_back(digits[k]);
    }
    return out;
}

LoadedGround mesh_ground(TriangleMesh mesh, const std::string& label) {
    const std::size_t triangles = mesh.triangles.size(), surfaces = mesh.surfaces.size();
    try {
        return {std::make_shared<MeshGround>(std::move(mesh)), std::nullopt,
                fmt::format("mesh of {} triangles ({} surface{})", thousands(triangles), surfaces, surfaces == 1 ? "" : "s")};
    } catch (const std::invalid_argument& e) {
        throw LoadError({label, 0}, "", e.what());
    }
}

// A car starts, unless the description says otherwise, at the field's middle heading +x: its
// origin is the south-west corner sample, where a car would hang over the edge.
LoadedGround heightfield_ground(Heightfield field, const std::string& label) {
    const std::string summary = fmt::format("heightfield of {} x {} samples, {} x {} m apart", field.columns, field.rows, field.spacing_x_m, field.spacing_y_m);
    const GroundStart middle{field.origin_x_m + 0.5 * field.spacing_x_m * (field.columns - 1.0),
                             field.origin_y_m + 0.5 * field.spacing_y_m * (field.rows - 1.0), 0.0};
    try {
        return {std::make_shared<HeightfieldGround>(std::move(field)), middle, summary};
    } catch (const std::invalid_argument& e) {
        throw LoadError({label, 0}, "", e.what());
    }
}

// [road]: the centreline's start, widths and step, and its [[road.section]]s (road_builder.hpp);
// [surfaces.asphalt] and [surfaces.verge] for its two surfaces. A car starts 10 m along the
// centreline unless [start] says otherwise.
LoadedGround road_ground(const Description& d, const toml::table& t, const std::string& label) {
    d.only(t, "road", {"start_m", "heading_deg", "grade", "bank_deg", "width_m", "verge_m", "step_m", "section"});
    RoadDescription r;
    const double deg = std::numbers::pi / 180.0;
    if (const toml::node* n = t.get("start_m")) {
        const auto* a = n->as_array();
        if (!a || a->size() != 3) throw LoadError(d.where(n), "road.start_m", "expected [x, y, z] in metres");
        double v[3];
        for (int k = 0; k < 3; ++k) {
            const auto value = a->get(k)->value<double>();
            if (!value || !plausible::kWorldCoordinate.contains(*value)) {
                throw LoadError(d.where(n), "road.start_m", "expected [x, y, z] in metres, each of magnitude at most 1e7");
            }
            v[k] = *value;
        }
        r.start_x_m = v[0];
        r.start_y_m = v[1];
        r.start_z_m = v[2];
    }
    r.start_heading_rad = d.number(t, "road", "heading_deg", 0.0, plausible::kHeadingDeg) * deg;
    r.start_grade = d.number(t, "road", "grade", 0.0, plausible::kGrade);
    r.start_bank_rad = d.number(t, "road", "bank_deg", 0.0, plausible::kBankDeg) * deg;
    r.width_m = d.number(t, "road", "width_m", r.width_m, plausible::kRoadWidth);
    r.verge_m = d.number(t, "road", "verge_m", r.verge_m, plausible::kRoadWidthOrZero);
    r.step_m = d.number(t, "road", "step_m", r.step_m, plausible::kGridSpacing);
    const toml::node* sections = t.get("section");
    const auto* list = sections ? sections->as_array() : nullptr;
    if (!list || !list->is_array_of_tables() || list->empty()) {
        throw LoadError(d.where(sections ? sections : &t), "road.section", "expected one or more [[road.section]] tables");
    }
    for (std::size_t k = 0; k < list->size(); ++k) {
        const toml::table& s = *list->get(k)->as_table();
        const std::string key = fmt::format("road.section[{}]", k);
        d.only(s, key, {"length_m", "radius_m", "grade_end", "bank_end_deg", "width_end_m"});
        RoadSection sec;
        sec.length_m = d.number(s, key, "length_m", std::nullopt, plausible::kGroundLength);
        sec.radius_m = d.number(s, key, "radius_m", 0.0, plausible::kCurveRadius);
        const double grade_before = k == 0 ? r.start_grade : r.sections.back().grade_end;
        sec.grade_end = d.number(s, key, "grade_end", grade_before, plausible::kGrade);
        const double bank_before = k == 0 ? r.start_bank_rad : r.sections.back().bank_end_rad;
        sec.bank_end_rad = d.number(s, key, "bank_end_deg", bank_before / deg, plausible::kBankDeg) * deg;
        if (s.get("width_end_m")) sec.width_end_m = d.number(s, key, "width_end_m", std::nullopt, plausible::kRoadWidth);
        r.sections.push_back(sec);
    }
    if (const toml::table* surfaces = d.table("surfaces")) {
        for (const auto& [name, node] : *surfaces) {
            const std::string key = fmt::format("surfaces.{}", name.str());
            if (!node.is_table()) throw LoadError(d.where(&node), key, "expected a table");
            if (name.str() != "asphalt" && name.str() != "verge") throw LoadError(d.where(&node), key, "expected surfaces.asphalt or surfaces.verge for a road");
            GroundSurface& target = name.str() == "asphalt" ? r.paved : r.verge;
            target = d.surface(*node.as_table(), key, target);
            target.name = std::string(name.str());
        }
    }
    TriangleMesh mesh;
    try {
        mesh = build_road_mesh(r);
    } catch (const std::invalid_argument& e) {
        throw LoadError(d.where(&t), "road", e.what());
    }
    double length = 0.0;
    for (const RoadSection& s : r.sections) length += s.length_m;
    LoadedGround out = mesh_ground(std::move(mesh), label);
    out.summary = fmt::format("road of {} sections, {:.0f} m, {}", r.sections.size(), length, out.summary);
    // Unless [start] says otherwise, a car starts 10 m along the centreline (half the road where
    // it is shorter), heading along it: at the centreline's start itself its rear wheels would be
    // beyond the road's end. Along the sections: straight, or an arc of radius R (> 0 left), the
    // heading turning by ds / R.
    double x = r.start_x_m, y = r.start_y_m, heading = r.start_heading_rad, left = std::min(10.0, 0.5 * length);
    for (const RoadSection& s : r.sections) {
        const double ds = std::min(left, s.length_m);
        if (s.radius_m == 0.0) {
            x += ds * std::cos(heading);
            y += ds * std::sin(heading);
        } else {
            const double turned = heading + ds / s.radius_m;
            x += s.radius_m * (std::sin(turned) - std::sin(heading));
            y -= s.radius_m * (std::cos(turned) - std::cos(heading));
            heading = turned;
        }
        left -= ds;
        if (!(left > 0.0)) break;
    }
    out.start = GroundStart{x, y, heading};
    return out;
}

LoadedGround load_description(const std::filesystem::path& file, const GroundLoadOptions& options) {
    const std::string text = read_text_file(file, kMaxCarFileBytes, "a ground description");
    toml::table root;
    try {
        root = toml::parse(text, file.string());
    } catch (const toml::parse_error& e) {
        throw LoadError({file.string(), static_cast<int>(e.source().begin.line)}, "", fmt::format("TOML syntax error: {}", e.description()));
    }
    const Description d(root, file.string());
    const std::filesystem::path directory = file.parent_path();
    const toml::table* mesh = d.table("mesh");
    const toml::table* field = d.table("heightfield");
    const toml::table* road = d.table("road");
    if ((mesh != nullptr) + (field != nullptr) + (road != nullptr) != 1) {
        throw LoadError({file.string(), 0}, "", "expected exactly one of the tables [mesh], [heightfield] and [road]");
    }
    d.only(root, "", {"mesh", "heightfield", "road", "surfaces", "surface", "start"});
    if (mesh) d.only(*mesh, "mesh", {"file", "up"});
    if (field) {
        d.only(*field, "heightfield", {"file", "spacing_m", "spacing_x_m", "spacing_y_m", "height_scale_m", "height_offset_m", "origin_m"});
    }
    if (const toml::table* start = d.table("start")) d.only(*start, "start", {"x_m", "y_m", "heading_deg"});
    LoadedGround out;
    if (road) {
        out = road_ground(d, *road, file.string());
    } else if (mesh) {
        ObjOptions obj;
        const std::string up = d.text(*mesh, "mesh", "up", options.up == UpAxis::Y ? "y" : "z");
        if (up != "z" && up != "y") throw LoadError(d.where(mesh->get("up")), "mesh.up", fmt::format("expected 'z' or 'y', got '{}'", up));
        obj.up = up == "y" ? UpAxis::Y : UpAxis::Z;
        if (const toml::table* surfaces = d.table("surfaces")) {
            for (const auto& [name, node] : *surfaces) {
                const std::string key = fmt::format("surfaces.{}", name.str());
                if (!node.is_table()) throw LoadError(d.where(&node), key, "expected a table");
                GroundSurface s = d.surface(*node.as_table(), key);
                s.name = std::string(name.str());
                obj.surfaces.emplace(s.name, s);
            }
        }
        const std::filesystem::path obj_file = d.file(*mesh, "mesh", directory);
        out = mesh_ground(read_obj(obj_file, obj), obj_file.string());
    } else {
        const double spacing = d.number(*field, "heightfield", "spacing_m", options.spacing_m.value_or(1.0), plausible::kGridSpacing);
        const double spacing_x = d.number(*field, "heightfield", "spacing_x_m", spacing, plausible::kGridSpacing);
        const double spacing_y = d.number(*field, "heightfield", "spacing_y_m", spacing, plausible::kGridSpacing);
        const std::filesystem::path samples_file = d.file(*field, "heightfield", directory);
        const double scale = d.number(*field, "heightfield", "height_scale_m", options.height_scale_m.value_or(1.0), plausible::kHeightScale);
        const double offset = d.number(*field, "heightfield", "height_offset_m", 0.0, plausible::kWorldCoordinate);
        double origin[2] = {0.0, 0.0};
        if (const toml::node* n = field->get("origin_m")) {
            const auto* a = n->as_array();
            if (!a || a->size() != 2 || !a->get(0)->is_number() || !a->get(1)->is_number()) {
                throw LoadError(d.where(n), "heightfield.origin_m", "expected [x, y] in metres");
            }
            for (int k = 0; k < 2; ++k) {
                origin[k] = a->get(k)->value<double>().value_or(0.0);
                if (!plausible::kWorldCoordinate.contains(origin[k])) {
                    throw LoadError(d.where(n), "heightfield.origin_m", "expected [x, y] in metres, each of magnitude at most 1e7");
                }
            }
        }
        Heightfield f = heightfield_from(read_samples(samples_file), spacing_x, spacing_y, scale, offset, origin[0], origin[1], samples_file.string());
        if (const toml::table* surface = d.table("surface")) f.surface = d.surface(*surface, "surface");
        out = heightfield_ground(std::move(f), samples_file.string());
    }
    if (const toml::table* start = d.table("start")) {
        out.start = GroundStart{d.number(*start, "start", "x_m", 0.0, plausible::kWorldCoordinate), d.number(*start, "start", "y_m", 0.0, plausible::kWorldCoordinate),
                                d.number(*start, "start", "heading_deg", 0.0, plausible::kHeadingDeg) * std::numbers::pi / 180.0};
    }
    return out;
}

// libpng reports errors by longjmp: no object with a destructor lives in this frame between
// setjmp and the read's end; the rows go into a buffer sized before it.
struct PngReadResult {
    bool ok = false;
    char message[200] = {};
};

void png_error_to_result(png_structp png, png_const_charp message) {
    auto* r = static_cast<PngReadResult*>(png_get_error_ptr(png));
    std::snprintf(r->message, sizeof r->message, "%s", message);
    png_longjmp(png, 1);
}
void png_warning_ignored(png_structp, png_const_charp) {}

}  // namespace

HeightSamples read_height_csv(std::string_view text, const std::string& file_label) {
    check_text(text, file_label);
    HeightSamples s;
    int line_number = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (trim(line).empty() || trim(line).front() == '#') continue;
        std::uint32_t count = 0;
        std::size_t start = 0;
        while (true) {
            const std::size_t comma = line.find(',', start);
            const std::string_view cell = trim(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
            const auto value = parse_finite_number(cell);
            if (!value) {
                throw LoadError({file_label, line_number}, fmt::format("column {}", count + 1), fmt::format("expected a finite height, got '{}'", cell.substr(0, 40)));
            }
            s.values.push_back(*value);
            ++count;
            if (s.values.size() > kMaxHeightfieldSamples) throw LoadError({file_label, line_number}, "", "more than 64 Mi samples");
            if (comma == std::string_view::npos) break;
            start = comma + 1;
        }
        if (s.rows == 0) s.columns = count;
        if (count != s.columns) {
            throw LoadError({file_label, line_number}, "", fmt::format("expected {} values as in the first row, got {}", s.columns, count));
        }
        ++s.rows;
        s.row_lines.push_back(line_number);
    }
    if (s.rows < 2 || s.columns < 2) {
        throw LoadError({file_label, 0}, "", fmt::format("expected at least 2 rows of at least 2 heights, got {} x {}", s.rows, s.columns));
    }
    return s;
}

HeightSamples read_height_png(const std::filesystem::path& file) {
    const std::string label = file.string();
    std::FILE* fp = std::fopen(label.c_str(), "rb");
    if (!fp) throw LoadError({label, 0}, "", "cannot open the file");
    PngReadResult result;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &result, png_error_to_result, png_warning_ignored);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0;
    std::vector<std::uint16_t> pixels;  // sized below, before any row is read
    std::vector<png_bytep> rows;
    if (png && info && setjmp(png_jmpbuf(png)) == 0) {
        png_init_io(png, fp);
        png_set_user_limits(png, 1u << 15, 1u << 15);
        png_read_info(png, info);
        png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, nullptr, nullptr, nullptr);
        if (static_cast<std::size_t>(width) * height > kMaxHeightfieldSamples) {
            std::snprintf(result.message, sizeof result.message, "%u x %u samples, more than 64 Mi", static_cast<unsigned>(width),
                          static_cast<unsigned>(height));
        } else if (color_type == PNG_COLOR_TYPE_GRAY && (bit_depth == 16 || bit_depth == 8)) {
            if (bit_depth == 16) png_set_swap(png);  // PNG is big-endian; rows as host uint16
            pixels.resize(static_cast<std::size_t>(width) * height);
            rows.resize(height);
            for (png_uint_32 j = 0; j < height; ++j) {
                rows[j] = reinterpret_cast<png_bytep>(pixels.data() + static_cast<std::size_t>(j) * width);
            }
            // (An 8-bit image's row fills the first half of its 16-bit row; widened below.)
            png_read_image(png, rows.data());
            result.ok = true;
        } else {
            std::snprintf(result.message, sizeof result.message, "expected a grey PNG of 16 (or 8) bits, got colour type %d at %d bits",
                          color_type, bit_depth);
        }
    } else if (!png || !info) {
        std::snprintf(result.message, sizeof result.message, "out of memory");
    }
    png_destroy_read_struct(&png, &info, nullptr);
    std::fclose(fp);
    if (!result.ok) throw LoadError({label, 0}, "", fmt::format("not a heightfield PNG: {}", result.message));
    HeightSamples s;
    s.columns = width;
    s.rows = height;
    s.values.resize(pixels.size());
    for (std::size_t j = 0; j < height; ++j) {
        const std::uint16_t* row16 = pixels.data() + j * width;
        const auto* row8 = reinterpret_cast<const std::uint8_t*>(row16);
        for (std::size_t i = 0; i < width; ++i) s.values[j * width + i] = bit_depth == 16 ? row16[i] : row8[i];
    }
    if (s.rows < 2 || s.columns < 2) throw LoadError({label, 0}, "", fmt::format("expected at least 2 x 2 samples, got {} x {}", s.columns, s.rows));
    return s;
}

LoadedGround load_ground(const std::filesystem::path& file, const GroundLoadOptions& options) {
    const std::string ext = lower_extension(file);
    const std::string label = file.string();
    // The caller's spacing and scale (--ground-spacing, --ground-scale, Python's) in the same
    // limits as a file's own.
    for (const auto& [name, value, range] : {std::tuple{"spacing", options.spacing_m, plausible::kGridSpacing},
                                             std::tuple{"height scale", options.height_scale_m, plausible::kHeightScale}}) {
        if (value) {
            if (const std::string problem = range.problem(*value); !problem.empty()) {
                throw LoadError({label, 0}, "", fmt::format("ground {} {}: {}", name, *value, problem));
            }
        }
    }
    if (ext == ".toml") return load_description(file, options);
    if (ext == ".obj") {
        ObjOptions obj;
        obj.up = options.up;
        return mesh_ground(read_obj(file, obj), label);
    }
    if (ext == ".png" || ext == ".csv") {
        std::filesystem::path beside = file;
        beside.replace_extension(".toml");
        std::error_code ec;
        if (std::filesystem::exists(beside, ec)) {
            // The description beside a heightfield is its own: a [heightfield] naming this file,
            // not another ground that would be loaded in its place.
            const LoadedGround described = load_description(beside, options);
            const toml::table root = toml::parse(read_text_file(beside, kMaxCarFileBytes, "a ground description"));
            const toml::node* named = root.at_path("heightfield.file").node();
            std::error_code same_ec;
            if (!named || !named->is_string() ||
                !std::filesystem::equivalent(beside.parent_path() / named->as_string()->get(), file, same_ec)) {
                throw LoadError({beside.string(), 0}, "heightfield.file",
                                fmt::format("the description beside {} is not of it: expected a [heightfield] whose file is {}",
                                            file.filename().string(), file.filename().string()));
            }
            return described;
        }
        if (!std::filesystem::exists(file, ec)) throw LoadError({label, 0}, "", "no such file");
        if (!options.spacing_m) {
            throw LoadError({label, 0}, "", fmt::format("a heightfield needs its sample spacing: write {} beside it with a [heightfield] "
                                                        "table (docs/grounds.md), or give the spacing (tractive's --ground-spacing)",
                                                        beside.filename().string()));
        }
        return heightfield_ground(heightfield_from(read_samples(file), *options.spacing_m, *options.spacing_m, options.height_scale_m.value_or(1.0),
                                                   0.0, 0.0, 0.0, label),
                                  label);
    }
    throw LoadError({label, 0}, "", "expected a ground file: .obj (mesh), .png or .csv (heightfield), or .toml (ground description)");
}

}  // namespace tractive
