// Fuzzes the VDrift .car loader (both generations): any input gives a valid spec or LoadError.
#include <cstdint>
#include <string_view>

#include "tractive/io/car_loader.hpp"
#include "tractive/spec/validate.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        // Tyre files and includes resolve inside a folder that does not exist: nothing is read
        // from disk, and every reference ends in a LoadError.
        tractive::LoadOptions options;
        options.data_root = "/nonexistent-tractive-fuzz-root";
        const auto car = tractive::load_car_from_text(text, "/nonexistent-tractive-fuzz-root/cars/x/fuzz.car", options);
        if (!tractive::find_spec_issues(car.spec).empty()) __builtin_trap();  // loaders return valid specs only
    } catch (const tractive::LoadError&) {
    }
    return 0;
}
