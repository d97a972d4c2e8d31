// Fuzzes the native TOML loader: any input gives a valid spec with finite summary figures, or
// LoadError; a loaded spec written back and loaded again is equal.
#include <cstdint>
#include <string_view>

#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/toml_writer.hpp"
#include "tractive/spec/validate.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto car = tractive::load_car_from_text(text, "fuzz.toml");
        if (!tractive::find_spec_issues(car.spec).empty()) __builtin_trap();
        if (!tractive::first_non_finite_figure(tractive::summarize(car.spec)).empty()) __builtin_trap();
        const auto again = tractive::load_toml_car(tractive::write_toml_car(car.spec), "again.toml");
        if (!(again.spec == car.spec)) __builtin_trap();
    } catch (const tractive::LoadError&) {
    }
    return 0;
}
