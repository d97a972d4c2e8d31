#include "tractive/io/tyre_file.hpp"

#include <fmt/format.h>

#include "tractive/io/tir_loader.hpp"

namespace tractive {
namespace {

bool is_tir(const std::filesystem::path& p) { return p.extension() == ".tir" || p.extension() == ".TIR"; }

bool is_vdrift_tyre(const std::filesystem::path& p) {
    const std::string ext = p.extension().string();
    return ext == ".tire" || ext == ".tiren" || ext == ".tirep";
}

}  // namespace

bool is_tyre_file(const std::filesystem::path& path) { return is_tir(path) || is_vdrift_tyre(path); }

LoadedTyreFile load_tyre_file(const std::filesystem::path& path, const LoadOptions& options) {
    LoadedTyreFile out;
    if (is_tir(path)) {
        LoadedTir tir = load_tir(path);
        out.tyre = std::move(tir.tyre);
        out.warnings = std::move(tir.warnings);
        const MagicFormulaTyre& mf = out.tyre.magic_formula;
        out.nominal_load_n = mf.nominal_load_n;
        out.format = fmt::format("{}, FITTYP {}", mf.family == MagicFormulaFamily::Mf61 ? "MF-Tyre 6.1" : "MF 5.2 / PAC2002", mf.fit_type);
        return out;
    }
    if (!is_vdrift_tyre(path)) {
        throw LoadError({path.string(), 0}, "", "expected a tyre file: a TYDEX .tir or a VDrift .tire, .tiren or .tirep");
    }
    out.tyre = load_vdrift_tyre(path, options);
    if (out.tyre.model == TyreModel::Pacejka2002) {
        out.nominal_load_n = out.tyre.pacejka2002.nominal_load_n;
    } else if (out.tyre.size_reference) {
        out.nominal_load_n = out.tyre.size_reference->load_n;
    }
    out.format = fmt::format("{} tyre file", to_string(out.tyre.model));
    return out;
}

}  // namespace tractive
