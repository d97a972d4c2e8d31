#include "toml_former_keys.hpp"

#include <array>
#include <string_view>

#include <fmt/format.h>

namespace tractive {
namespace {

struct FormerKey {
    std::string_view former;
    std::string_view present;
};

// Renamed on 2026-11-27 (one spelling of tyre; names that say their quantity and unit).
constexpr std::array kTopLevel = {FormerKey{"tires", "tyres"}};
constexpr std::array kWheel = {FormerKey{"tire", "tyre"}};
constexpr std::array kClutch = {FormerKey{"gamma", "clamp_force_exponent"}, FormerKey{"p", "clamp_force_travel_factor"}};
constexpr std::array kDifferential = {FormerKey{"anti_slip_nm", "locking_torque_limit_nm"},
                                      FormerKey{"anti_slip_torque", "torque_sensing_ratio"},
                                      FormerKey{"anti_slip_torque_deceleration_factor", "torque_sensing_coast_factor"}};

class Renamer {
public:
    Renamer(std::string label, std::vector<LoadWarning>& warnings) : label_(std::move(label)), warnings_(warnings) {}

    template <std::size_t N>
    void rename(toml::table* t, const std::string& path, const std::array<FormerKey, N>& keys) {
        if (!t) return;
        for (const FormerKey& k : keys) move(*t, path, k.former, k.present);
    }

    // The former key's node moved under the present name (toml++ keeps a moved node's line).
    void move(toml::table& t, const std::string& path, std::string_view former, std::string_view present) {
        toml::node* n = t.get(former);
        if (!n) return;
        const SourceLocation at{label_, static_cast<int>(n->source().begin.line)};
        if (t.contains(present)) {
            throw LoadError(at, path + std::string(former),
                            fmt::format("expected one of '{}' and its former name '{}', not both", present, former));
        }
        warnings_.push_back({at, path + std::string(former), fmt::format("former name of '{}{}': read as it; write '{}' now", path, present, present)});
        t.insert(present, std::move(*n));
        t.erase(former);
    }

private:
    std::string label_;
    std::vector<LoadWarning>& warnings_;
};

}  // namespace

void rename_former_keys(toml::table& root, const std::string& label, std::vector<LoadWarning>& warnings) {
    Renamer r(label, warnings);
    r.rename(&root, "", kTopLevel);
    if (toml::table* wheels = root.get_as<toml::table>("wheels")) {
        for (auto& [name, wheel] : *wheels) r.rename(wheel.as_table(), fmt::format("wheels.{}.", name.str()), kWheel);
    }
    r.rename(root.get_as<toml::table>("clutch"), "clutch.", kClutch);
    if (toml::table* diffs = root.get_as<toml::table>("differential")) {
        for (auto& [name, diff] : *diffs) {
            toml::table* d = diff.as_table();
            if (!d) continue;
            const std::string path = fmt::format("differential.{}.", name.str());
            // The former anti_slip_nm of a viscous coupling was both its cap and its coefficient
            // (VDrift's anti-slip): the coefficient keeps the value when the file gives none.
            const toml::node* type = d->get("type");
            const toml::node* former = d->get("anti_slip_nm");
            if (former && type && type->value_or(std::string_view{}) == "viscous" && !d->contains("viscous_coefficient_nm_s_per_rad")) {
                if (const auto v = former->value<double>()) d->insert("viscous_coefficient_nm_s_per_rad", *v);
            }
            r.rename(d, path, kDifferential);
        }
    }
}

}  // namespace tractive
