#pragma once
// Strict parsing of numbers and number lists from text values ("1.5", "0.0, 0.9, -0.3").
// Finite numbers only: "nan", "inf" and trailing garbage are rejected.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tractive/core/number_text.hpp"  // trim, parse_finite_number

namespace tractive {

// Comma-separated finite numbers; nullopt if any item is not one.
std::optional<std::vector<double>> parse_number_list(std::string_view s);

}  // namespace tractive
