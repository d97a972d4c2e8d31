#include "tractive/world/road.hpp"

#include "tractive/core/number_text.hpp"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <stdexcept>

namespace tractive {

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kMaxGrade = 1.0;     // rise over run; 1 = 45 degrees
constexpr double kMaxBankDeg = 45.0;  // exclusive
constexpr double kMaxMu = 3.0;

[[noreturn]] void fail(std::string_view item, std::string_view expected) {
    throw std::invalid_argument(fmt::format("--road item '{}': expected {}", item, expected));
}

double number_or_fail(std::string_view item, std::string_view text, std::string_view expected) {
    const auto value = parse_finite_number(text);
    if (!value) fail(item, fmt::format("{}, got '{}'", expected, text));
    return *value;
}

double mu_or_fail(std::string_view item, std::string_view text) {
    const double mu = number_or_fail(item, text, "a friction factor in (0, 3]");
    if (!(mu > 0.0 && mu <= kMaxMu)) fail(item, fmt::format("a friction factor in (0, 3], got '{}'", text));
    return mu;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> parts;
    while (true) {
        const auto pos = s.find(sep);
        parts.push_back(s.substr(0, pos));
        if (pos == std::string_view::npos) return parts;
        s.remove_prefix(pos + 1);
    }
}

// stretch=FROM:TO:MU (fields == 3) or split=FROM:TO:LEFT:RIGHT (fields == 4).
FrictionStretch parse_stretch(std::string_view item, std::string_view value, std::size_t fields) {
    const char* form = fields == 3 ? "FROM:TO:MU" : "FROM:TO:LEFT:RIGHT";
    const auto parts = split(value, ':');
    if (parts.size() != fields) {
        fail(item, fmt::format("{} ':'-separated fields {}, got {}", fields, form, parts.size()));
    }
    FrictionStretch s;
    s.from_x_m = number_or_fail(item, parts[0], "a start position FROM in metres");
    s.to_x_m = number_or_fail(item, parts[1], "an end position TO in metres");
    if (!(s.from_x_m < s.to_x_m)) fail(item, fmt::format("FROM < TO in {}", form));
    s.mu_left = mu_or_fail(item, parts[2]);
    s.mu_right = fields == 3 ? s.mu_left : mu_or_fail(item, parts[3]);
    return s;
}

}  // namespace

double road_height_m(const RoadSpec& road, double x_m, double y_m) {
    return road.grade * x_m + std::tan(road.bank_rad) * y_m;
}

Vec3 road_normal(const RoadSpec& road) {
    // Gradient of f = z - grade*x - tan(bank)*y, normalised; its z component is positive.
    const Vec3 n{-road.grade, -std::tan(road.bank_rad), 1.0};
    return n / norm(n);
}

double road_friction(const RoadSpec& road, double x_m, double y_m) {
    for (auto it = road.stretches.rbegin(); it != road.stretches.rend(); ++it) {  // last wins
        if (it->from_x_m <= x_m && x_m < it->to_x_m) return y_m >= 0.0 ? it->mu_left : it->mu_right;
    }
    return road.mu;
}

RoadSpec parse_road_spec(std::string_view text) {
    RoadSpec road;
    if (trim(text).empty()) return road;
    bool seen_grade = false, seen_bank = false, seen_mu = false;
    for (const std::string_view raw : split(text, ',')) {
        const std::string_view item = trim(raw);
        if (item.empty()) {
            throw std::invalid_argument(
                "--road: empty item: expected comma-separated items such as grade=0.1,bank=5");
        }
        if (item == "flat") continue;
        const auto eq = item.find('=');
        if (eq == std::string_view::npos) {
            fail(item, "flat or KEY=VALUE with KEY one of grade, bank, mu, stretch, split");
        }
        const std::string_view key = trim(item.substr(0, eq));
        const std::string_view value = trim(item.substr(eq + 1));
        const auto once = [&](bool& seen) {
            if (seen) fail(item, fmt::format("'{}' at most once", key));
            seen = true;
        };
        if (key == "grade") {
            once(seen_grade);
            const bool percent = !value.empty() && value.back() == '%';
            const double g = number_or_fail(item, percent ? value.substr(0, value.size() - 1) : value,
                                            "a grade (rise over run, e.g. 0.3 or 30%)");
            road.grade = percent ? g / 100.0 : g;
            if (!(std::abs(road.grade) <= kMaxGrade)) fail(item, "a grade within [-1, 1] (at most 45 degrees)");
        } else if (key == "bank") {
            once(seen_bank);
            const double deg = number_or_fail(item, value, "a bank angle in degrees");
            if (!(std::abs(deg) < kMaxBankDeg)) fail(item, "a bank angle in degrees within (-45, 45)");
            road.bank_rad = deg * kPi / 180.0;
        } else if (key == "mu") {
            once(seen_mu);
            road.mu = mu_or_fail(item, value);
        } else if (key == "stretch") {
            road.stretches.push_back(parse_stretch(item, value, 3));
        } else if (key == "split") {
            road.stretches.push_back(parse_stretch(item, value, 4));
        } else {
            fail(item, "flat or KEY=VALUE with KEY one of grade, bank, mu, stretch, split");
        }
    }
    return road;
}

}  // namespace tractive
