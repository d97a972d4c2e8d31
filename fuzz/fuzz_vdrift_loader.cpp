// Fuzzes the VDrift .car loader (both generations): any input gives a valid spec with finite
// summary figures, or LoadError.
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/spec/validate.hpp"

namespace {

// A data root written once at startup into a fresh temporary folder: carparts/tire/test.tyre,
// a small valid tyre, so that inputs naming "type = tire/test.tire" exercise tyre resolution,
// parsing and includes. Car files are placed (by name only) in its cars/x/ folder. Removed at
// a normal exit; libFuzzer may end with _Exit, so scripts/fuzz.sh points TMPDIR at its own
// temporary folder.
const std::filesystem::path& data_root() {
    static const std::filesystem::path root = [] {
        std::string pattern = (std::filesystem::temp_directory_path() / "tractive-fuzz-XXXXXX").string();
        if (!mkdtemp(pattern.data())) std::abort();
        const std::filesystem::path dir = pattern;
        std::filesystem::create_directories(dir / "carparts/tire");
        std::filesystem::create_directories(dir / "cars/x");
        std::string tyre = "rolling-resistance = 0.012, 5e-6\ntread = 0.1\n";
        for (int i = 0; i <= 10; ++i) tyre += "a" + std::to_string(i) + " = " + (i == 2 ? "1200" : "1.5") + "\n";
        tyre += "a111 = 0\na112 = 0\na12 = 0\na13 = 0\n";
        for (int i = 0; i <= 10; ++i) tyre += "b" + std::to_string(i) + " = " + (i == 2 ? "1500" : "1.6") + "\n";
        for (int i = 0; i <= 17; ++i) tyre += "c" + std::to_string(i) + " = 0.01\n";
        std::ofstream(dir / "carparts/tire/test.tire") << tyre;
        std::ofstream(dir / "carparts/tire/inc.tire") << "tread = 0.2\n";
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(data_root(), ec);
        });
        return dir;
    }();
    return root;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        tractive::LoadOptions options;
        options.data_root = data_root();
        const auto car = tractive::load_car_from_text(text, data_root() / "cars/x/fuzz.car", options);
        if (!tractive::find_spec_issues(car.spec).empty()) __builtin_trap();  // loaders return valid specs only
        if (!tractive::first_non_finite_figure(tractive::summarize(car.spec)).empty()) __builtin_trap();
    } catch (const tractive::LoadError&) {
    }
    return 0;
}
