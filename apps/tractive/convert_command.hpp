#pragma once
// tractive convert IN -o OUT.toml | OUT.car: a car in another format.
//   OUT.toml: tractive's format, which holds every car bit for bit.
//   OUT.car: VDrift's current format, with its tyre files beside it (OUT-front.tiren ...); what
//   the format cannot hold is written in its nearest form and each difference is printed as a
//   warning (the car loaded back against the original, parameter by parameter), with how far a
//   converted tyre's forces are from the original's.
// Nothing is written unless every file is complete and the written car loads back.

#include <CLI/CLI.hpp>
#include <string>

#include "load_options.hpp"

namespace tractive::cli {

struct ConvertOptions {
    std::string input;
    std::string output;
    CarLoadOptions load;
};

void add_convert_options(CLI::App& convert, ConvertOptions& options);

// Returns 0, or 1 where the written car does not load back (an internal error); bad input throws
// LoadError (main reports it with status 2).
int convert_command(const ConvertOptions& options);

}  // namespace tractive::cli
