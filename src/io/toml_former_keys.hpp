#pragma once
// Keys the TOML car format once spelled differently (docs/car-format.md, "Former key names"). A
// file written before a rename still loads: each former key is moved to its present name, keeping
// its line, and a warning says which name to write now. A table holding both names is refused.

#include <string>
#include <vector>

#include <toml++/toml.h>

#include "tractive/io/load_error.hpp"

namespace tractive {

// Renames every former key of a parsed car file in place; label is the file's name for messages.
void rename_former_keys(toml::table& root, const std::string& label, std::vector<LoadWarning>& warnings);

}  // namespace tractive
