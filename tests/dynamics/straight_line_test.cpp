// Straight-line runs against closed forms (../shared/docs/VALIDATION.md section 3).
#include <gtest/gtest.h>

#include <cmath>

#include "dynamics/dynamics_support.hpp"
#include "tractive/laws/aero.hpp"
#include "tractive/spec/mass_properties.hpp"

using namespace tractive;

namespace {

constexpr double kG = kStandardGravity_m_per_s2;
constexpr double kRho = kSeaLevelAirDensity_kg_per_m3;

// The roadster set up for a coast-down: one drag device (CdA 0.6 m^2, no lift), constant
// rolling resistance 0.013 on every tyre.
VehicleSpec coastdown_car() {
    VehicleSpec s = test::example_car("roadster");
    s.aero = {AeroDeviceSpec{"body", {0.0, 0.0, 0.0}, 2.0, 0.3, 0.0, 0.0, 1.0}};
    for (auto& w : s.wheels) w.tire.rolling_resistance = {RollingResistanceForm::VDrift, 0.013, 0.0, 0.0};
    return s;
}

struct Coast {
    double time_s = 0.0;
    double distance_m = 0.0;
};

Coast coast_down(const VehicleSpec& spec, double v0, double v1, double h) {
    StepSettings settings;
    settings.internal_step_s = h;
    InitialConditions ic;
    ic.speed_m_per_s = v0;
    ic.gear = 0;
    Simulation sim(spec, RoadSpec{}, settings, ic);
    const double x0 = sim.state().position_m.x;
    Coast c;
    test::drive_for(sim, 400.0, [](const VehicleState&) { return Controls{}; },
                    [&](const VehicleState& s) { return forward_speed_m_per_s(s) > v1; });
    c.time_s = sim.state().time_s;
    c.distance_m = sim.state().position_m.x - x0;
    return c;
}

}  // namespace

// t = (atan(v0 k) - atan(v1 k)) / sqrt(a b), x = ln((a + b v0^2) / (a + b v1^2)) / (2 b),
// a = g Crr (m / m_eff), b = rho CdA / (2 m_eff), k = sqrt(b / a); m_eff adds the spinning
// wheels' inertia I / r^2 (in neutral the gearbox input turns with them only through its
// own tiny inertia, which the model leaves disconnected).
TEST(StraightLine, CoastDownInNeutralMatchesClosedForm) {
    const VehicleSpec spec = coastdown_car();
    const double m = mass_properties(spec).mass_kg;
    double rotating = 0.0;
    for (const auto& w : spec.wheels) rotating += w.tire.rotational_inertia_kgm2 / (w.tire.radius_m * w.tire.radius_m);
    const double m_eff = m + rotating;
    const double a = kG * 0.013 * m / m_eff;
    const double b = kRho * 0.6 / (2.0 * m_eff);
    const double k = std::sqrt(b / a);
    const double v0 = 100.0 / 3.6;
    const double v1 = 20.0 / 3.6;
    const double t_expected = (std::atan(v0 * k) - std::atan(v1 * k)) / std::sqrt(a * b);
    const double x_expected = std::log((a + b * v0 * v0) / (a + b * v1 * v1)) / (2.0 * b);
    const Coast c = coast_down(spec, v0, v1, StepSettings{}.internal_step_s);
    EXPECT_NEAR(c.time_s, t_expected, 0.01 * t_expected);
    EXPECT_NEAR(c.distance_m, x_expected, 0.01 * x_expected);
    RecordProperty("coastdown_time_s", std::to_string(c.time_s));
}
