#pragma once
// A standalone tyre file, its format told by its extension: a TYDEX .tir (MF 5.2 / PAC2002 or
// MF-Tyre 6.1, tir_loader.hpp) or one of VDrift's .tire (Pacejka '89), .tiren (Pacejka 2002) and
// .tirep (brush) files (car_loader.hpp: load_vdrift_tyre). `tractive tyre FILE` reads one.

#include <filesystem>
#include <string>
#include <vector>

#include "tractive/io/car_loader.hpp"

namespace tractive {

struct LoadedTyreFile {
    TyreSpec tyre;
    double nominal_load_n = 0.0;  // the load its coefficients are fitted at (FNOMIN, FZ0); 0 when the file gives none
    std::string format;           // e.g. "MF-Tyre 6.1, FITTYP 61", "pacejka89 tyre file"
    std::vector<LoadWarning> warnings;
};

// True for the extensions above (.tir in either case).
bool is_tyre_file(const std::filesystem::path& path);

// Throws LoadError naming the file for any other extension, and for what the loaders refuse.
LoadedTyreFile load_tyre_file(const std::filesystem::path& path, const LoadOptions& options = {});

}  // namespace tractive
