#pragma once
// The control-layer options `tractive run` and `tractive drive` share: --mode
// manual|sequential|automatic and --abs / --tcs on|off, each empty for the car's own setting.

#include <optional>
#include <string>

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive::cli {

// --mode: a transmission mode, or the car's when empty; nullopt for any other word.
inline std::optional<ShiftMode> parse_shift_mode(const std::string& text, ShiftMode car_mode) {
    if (text.empty()) return car_mode;
    return shift_mode_from_string(text);
}

// --abs / --tcs: on, off, or the car's equipment when empty; nullopt for any other word.
inline std::optional<bool> parse_switch(const std::string& text, bool car_value) {
    if (text.empty()) return car_value;
    if (text == "on") return true;
    if (text == "off") return false;
    return std::nullopt;
}

}  // namespace tractive::cli
