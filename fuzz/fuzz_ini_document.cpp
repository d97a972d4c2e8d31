// Fuzzes the INI parser shared by both VDrift formats: any input parses or throws LoadError;
// the text, loaded as a car (no files on disk to include), gives a valid spec with finite
// summary figures or LoadError.
#include <cstdint>
#include <string_view>

#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/ini_document.hpp"
#include "tractive/io/text_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        tractive::check_text(text, "fuzz.car");
        (void)tractive::parse_ini(text, "fuzz.car");
        tractive::LoadOptions options;
        options.data_root = "/nonexistent-tractive-fuzz-root";
        const auto car = tractive::load_car_from_text(text, "/nonexistent-tractive-fuzz-root/cars/x/fuzz.car", options);
        if (!tractive::first_non_finite_figure(tractive::summarize(car.spec)).empty()) __builtin_trap();
    } catch (const tractive::LoadError&) {
    }
    return 0;
}
