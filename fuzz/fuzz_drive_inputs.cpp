// Fuzzes `tractive drive`'s input files: any text reads as a mapping or a script or throws
// LoadError; a mapping that reads writes itself back to the same mapping; a script that reads gives
// finite actions through the default wheel.
#include <cmath>
#include <cstdint>
#include <optional>
#include <string_view>

#include "drive/action_mapper.hpp"
#include "drive/drive_script.hpp"
#include "drive/input_mapping.hpp"
#include "tractive/io/load_error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace tractive::drive;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::optional<InputMapping> mapping;
    try {
        mapping = parse_input_mapping(text, "fuzz.toml");
    } catch (const tractive::LoadError&) {
    }
    if (mapping) {  // what was read writes back to a file that reads (an exception here is a finding)
        const std::string again = format_input_mapping(*mapping);
        if (format_input_mapping(parse_input_mapping(again, "again.toml")) != again) __builtin_trap();
    }
    try {
        const auto rows = parse_drive_script(text, "fuzz.csv");
        ActionMapper mapper(InputMapping{}, 6);
        for (const ScriptRow& r : rows) {
            const RawInput raw = device_state_for(r, default_wheel_mapping(), kWheelAxisCount, kWheelButtonCount);
            const DriveActions a = mapper.update(raw, [](std::string_view) { return false; }, 1.0 / 60.0);
            if (!std::isfinite(a.steer) || !std::isfinite(a.throttle) || !std::isfinite(a.clutch) || a.throttle < 0.0 || a.throttle > 1.0) __builtin_trap();
        }
    } catch (const tractive::LoadError&) {
    }
    return 0;
}
