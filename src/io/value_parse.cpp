#include "tractive/io/value_parse.hpp"

#include <charconv>
#include <cmath>

namespace tractive {

std::string_view trim(std::string_view s) {
    const auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

std::optional<double> parse_finite_number(std::string_view s) {
    s = trim(s);
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    if (s.empty()) return std::nullopt;
    double value = 0.0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::optional<std::vector<double>> parse_number_list(std::string_view s) {
    std::vector<double> out;
    while (true) {
        const auto comma = s.find(',');
        const auto item = parse_finite_number(s.substr(0, comma));
        if (!item) return std::nullopt;
        out.push_back(*item);
        if (comma == std::string_view::npos) break;
        s.remove_prefix(comma + 1);
    }
    return out;
}

}  // namespace tractive
