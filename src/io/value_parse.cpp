#include "tractive/io/value_parse.hpp"


namespace tractive {

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
