// Fuzzes the ground loader (io/ground_loader.hpp) with ground description files: any input loads
// a ground whose queries give finite contacts and a finite start, or throws LoadError. The input
// is written as ground.toml into a folder that also holds a small heightfield (hf.csv) and a mesh
// (piece.obj), so that inputs naming them exercise [heightfield] and [mesh] as well as [road].
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "tractive/io/ground_loader.hpp"
#include "tractive/io/load_error.hpp"

namespace {

// Written once at startup into a fresh temporary folder, removed at a normal exit (libFuzzer may
// end with _Exit: scripts/fuzz.sh points TMPDIR at its own temporary folder).
const std::filesystem::path& folder() {
    static const std::filesystem::path dir = [] {
        std::string pattern = (std::filesystem::temp_directory_path() / "tractive-fuzz-ground-XXXXXX").string();
        if (!mkdtemp(pattern.data())) std::abort();
        const std::filesystem::path d = pattern;
        std::ofstream(d / "hf.csv") << "0,0.1,0.2\n0.1,0.3,0.1\n0,0,0.05\n";
        std::ofstream(d / "piece.obj") << "v -50 -50 0\nv 50 -50 0\nv 50 50 1\nv -50 50 1\nusemtl asphalt\nf 1 2 3 4\n";
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(folder(), ec);
        });
        return d;
    }();
    return dir;
}

bool finite(const tractive::Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::filesystem::path file = folder() / "ground.toml";
    std::ofstream(file, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    try {
        const tractive::LoadedGround loaded = tractive::load_ground(file);
        if (loaded.start && !(std::isfinite(loaded.start->x_m) && std::isfinite(loaded.start->y_m) && std::isfinite(loaded.start->heading_rad))) {
            __builtin_trap();
        }
        const double x0 = loaded.start ? loaded.start->x_m : 0.0, y0 = loaded.start ? loaded.start->y_m : 0.0;
        for (const double dx : {0.0, 3.0, -7.5, 40.0}) {
            const auto s = loaded.ground->surface_at(x0 + dx, y0 + 0.5 * dx);
            if (!s) continue;
            if (!std::isfinite(s->z_m) || !finite(s->normal)) __builtin_trap();
            tractive::WheelProbe w;
            w.hub_m = {x0 + dx, y0 + 0.5 * dx, s->z_m + 0.25};
            w.axle = {0.0, 1.0, 0.0};
            w.up = {0.0, 0.0, 1.0};
            w.radius_m = 0.3;
            w.width_m = 0.2;
            const tractive::GroundContact c = loaded.ground->wheel_contact(w);
            if (c.found && (!std::isfinite(c.hub_height_m) || !finite(c.normal))) __builtin_trap();
        }
    } catch (const tractive::LoadError&) {
    }
    return 0;
}
