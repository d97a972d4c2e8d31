#pragma once
// Numbers in text, strictly: the whole string (surrounding blanks allowed) must be one finite
// number; "nan", "inf" and trailing garbage are rejected. Shared by the road spec parser and the
// file loaders.

#include <optional>
#include <string_view>

namespace tractive {

// s without leading and trailing spaces, tabs, CR and LF.
std::string_view trim(std::string_view s);

// The number in s (a leading '+' allowed), or nullopt.
std::optional<double> parse_finite_number(std::string_view s);

}  // namespace tractive
