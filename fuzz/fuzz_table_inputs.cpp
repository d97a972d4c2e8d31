// Fuzzes the CSV tables a run reads: time-stamped controls (telemetry/controls_csv.hpp, `tractive
// run --controls`) and heightfield samples (io/ground_loader.hpp, read_height_csv). Any text reads
// or throws LoadError; controls that read give finite, in-range inputs at any time; a heightfield
// that reads has finite samples, as many as its columns times its rows.
#include <cmath>
#include <cstdint>
#include <string_view>

#include "tractive/io/ground_loader.hpp"
#include "tractive/io/load_error.hpp"
#include "tractive/telemetry/controls_csv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto rows = tractive::parse_controls_csv(text, "fuzz.csv");
        std::size_t cursor = 0;
        for (const double t : {-1.0, 0.0, 0.5, 3.0, 1e6}) {
            const tractive::DriverInput& in = tractive::controls_at(rows, t, cursor);
            for (const double v : {in.throttle, in.brake, in.clutch, in.handbrake}) {
                if (!(v >= 0.0 && v <= 1.0)) __builtin_trap();
            }
            if (!(in.steering >= -1.0 && in.steering <= 1.0)) __builtin_trap();
        }
    } catch (const tractive::LoadError&) {
    }
    try {
        const tractive::HeightSamples h = tractive::read_height_csv(text, "fuzz.csv");
        if (h.values.size() != static_cast<std::size_t>(h.columns) * h.rows) __builtin_trap();
        for (const double v : h.values) {
            if (!std::isfinite(v)) __builtin_trap();
        }
    } catch (const tractive::LoadError&) {
    }
    return 0;
}
