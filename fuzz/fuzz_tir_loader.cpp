// Fuzzes the .tir reader: any input loads or throws LoadError, and a tyre that loads gives finite
// forces (or none) at slips and loads far past any file's range.
#include <cmath>
#include <cstdint>
#include <string_view>

#include "tractive/io/text_file.hpp"
#include "tractive/io/tir_loader.hpp"
#include "tractive/laws/tyre_magic_formula.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        tractive::check_text(text, "fuzz.tir");
        const tractive::LoadedTir tir = tractive::load_tir_from_text(text, "fuzz.tir");
        for (const double fz : {0.0, 1.0, 4000.0, 1e6})
            for (const double kappa : {-1.0, 0.0, 0.1, 10.0})
                for (const double alpha : {-1.5, 0.0, 0.2}) {
                    tractive::MagicFormulaInput in;
                    in.fz_n = fz;
                    in.slip_ratio = kappa;
                    in.slip_angle_rad = alpha;
                    in.inclination_rad = 0.1;
                    const auto f = tractive::magic_formula_force(tir.tyre.magic_formula, in);
                    // Finite, or NaN only where the file's own coefficients overflow: not allowed either.
                    if (!std::isfinite(f.fx_n) || !std::isfinite(f.fy_n) || !std::isfinite(f.mz_nm)) __builtin_trap();
                }
    } catch (const tractive::LoadError&) {
    }
    return 0;
}
