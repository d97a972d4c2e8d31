#include "readouts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "tractive/analysis/tyre_curves.hpp"
#include "tractive/dynamics/simulation.hpp"
#include "tractive/laws/tyre.hpp"

namespace tractive::drive {

std::string speed_readout(double speed_kmh) {
    const int v = std::clamp(static_cast<int>(std::lround(std::isfinite(speed_kmh) ? speed_kmh : 0.0)), 0, 999);
    return fmt::format("{:>3}", v);
}

char gear_readout(int gear) {
    if (gear < 0) return 'R';
    if (gear == 0) return 'N';
    return gear > 9 ? '9' : static_cast<char>('0' + gear);
}

RpmScale rpm_scale(double rpm_limit) {
    const double limit = std::isfinite(rpm_limit) && rpm_limit > 0.0 ? rpm_limit : 7000.0;
    const double top = limit * 1.15;
    double tick = 1000.0;
    for (double decade = 1000.0;; decade *= 10.0) {
        const double steps[] = {decade, 2.0 * decade, 5.0 * decade};
        const auto fits = std::find_if(std::begin(steps), std::end(steps), [&](double s) { return std::ceil(top / s) <= 10.0; });
        if (fits != std::end(steps)) {
            tick = *fits;
            break;
        }
    }
    return {std::ceil(top / tick) * tick, tick};
}

namespace {

// Whether the tyre's law gives less force with its slips 5 % larger (the same load, camber and
// side): past the peak of its combined slip. Both points by the same law and convention, so only
// their magnitudes are compared.
bool past_peak(const VehicleModel& model, const VehicleState& state, int wheel) {
    const auto i = static_cast<std::size_t>(wheel);
    const WheelOutputs& o = state.wheel_outputs[i];
    const TyreSpec& tyre = model.spec.wheels[i].tyre;
    const TyreSide side = wheel == FR || wheel == RR ? TyreSide::Right : TyreSide::Left;
    const auto magnitude = [&](double scale) {
        const TyrePointForces f =
            evaluate_tyre(tyre, {o.fz_n, scale * o.slip_ratio, scale * o.slip_angle_rad, o.inclination_rad, std::max(speed_m_per_s(state), 1.0)}, side);
        return std::hypot(f.fx_n, f.fy_n);
    };
    return magnitude(1.05) < magnitude(1.0);
}

}  // namespace

FrictionShare friction_share(const VehicleModel& model, const VehicleState& state, int wheel) {
    const WheelOutputs& o = state.wheel_outputs[static_cast<std::size_t>(wheel)];
    if (!(o.fz_n > 1.0) || !(o.friction_factor > 0.0)) return {};
    const TyrePeak peak =
        tyre_peak_force(model.spec.wheels[static_cast<std::size_t>(wheel)].tyre, o.fz_n, o.friction_factor, model.wheels[static_cast<std::size_t>(wheel)].size_friction_factor);
    if (!(peak.fx_n > 0.0) || !(peak.fy_n > 0.0)) return {};
    FrictionShare share{true, o.fx_n / peak.fx_n, o.fy_n / peak.fy_n, false};
    share.sliding = std::hypot(share.longitudinal, share.lateral) > 0.98 || past_peak(model, state, wheel);
    return share;
}

double tyre_grip_g(const VehicleModel& model) {
    double axle_mu[2] = {0.0, 0.0};
    for (int i = 0; i < 4; ++i) {
        const WheelModel& w = model.wheels[static_cast<std::size_t>(i)];
        if (!(w.static_load_n > 0.0)) continue;
        const TyrePeak peak = tyre_peak_force(model.spec.wheels[static_cast<std::size_t>(i)].tyre, w.static_load_n, 1.0, w.size_friction_factor);
        axle_mu[i / 2] += 0.5 * peak.fy_n / w.static_load_n;
    }
    const double grip = std::min(axle_mu[0], axle_mu[1]);
    return std::isfinite(grip) && grip > 0.0 ? grip : 1.0;
}

double gg_scale_g(double grip_g, double largest_seen_g) {
    const double g = std::max({std::isfinite(grip_g) ? grip_g : 1.0, std::isfinite(largest_seen_g) ? largest_seen_g : 0.0, 0.5});
    return std::ceil(g * 4.0 - 1e-9) / 4.0;
}

std::vector<std::string> hud_layout_problems(const std::vector<HudPanel>& panels, float width, float height) {
    std::vector<std::string> problems;
    for (const HudPanel& p : panels) {
        if (p.x < 0 || p.y < 0 || p.x + p.width > width || p.y + p.height > height) {
            problems.push_back(fmt::format("'{}' ({:.0f}, {:.0f}, {:.0f} x {:.0f}) runs beyond the {:.0f} x {:.0f} window", p.name, p.x, p.y, p.width,
                                           p.height, width, height));
        }
    }
    for (std::size_t i = 0; i < panels.size(); ++i) {
        for (std::size_t j = i + 1; j < panels.size(); ++j) {
            const HudPanel& a = panels[i];
            const HudPanel& b = panels[j];
            if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) {
                problems.push_back(fmt::format("'{}' and '{}' overlap", a.name, b.name));
            }
        }
    }
    return problems;
}

}  // namespace tractive::drive
