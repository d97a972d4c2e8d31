// Fuzzes the OBJ ground reader: any input reads or throws LoadError, and a mesh that reads builds
// a ground (or is refused with std::invalid_argument) whose queries give finite contacts.
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "tractive/io/load_error.hpp"
#include "tractive/io/obj_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const tractive::MeshGround ground(tractive::parse_obj(text, "fuzz.obj"));
        const tractive::Vec3 lo = ground.lower_corner_m(), hi = ground.upper_corner_m();
        for (const double fx : {0.0, 0.3, 0.5, 0.9}) {
            tractive::WheelProbe w;
            w.hub_m = lo + (hi - lo) * fx;
            w.axle = {0.0, 1.0, 0.0};
            w.up = {0.0, 0.0, 1.0};
            w.radius_m = 0.3 + (hi.z - lo.z);
            w.width_m = 0.2;
            const tractive::GroundContact c = ground.wheel_contact(w);
            if (c.found && (!std::isfinite(c.hub_height_m) || !std::isfinite(c.normal.x) || !std::isfinite(c.normal.z))) __builtin_trap();
            const auto s = ground.surface_at(w.hub_m.x, w.hub_m.y);
            if (s && !std::isfinite(s->z_m)) __builtin_trap();
        }
    } catch (const tractive::LoadError&) {
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
