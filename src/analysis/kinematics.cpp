// The K&C report (analysis/kinematics.hpp), from the car's model.

#include "tractive/analysis/kinematics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include <nlohmann/json.hpp>

#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/spec/mass_properties.hpp"

namespace tractive {

namespace {

constexpr double kDeg = 180.0 / std::numbers::pi;

// The linkage's camber change at a travel (0 when the wheel plane follows the body).
double camber_change_rad(const WheelModel& w, double travel_m) { return w.camber_change_rad.empty() ? 0.0 : w.camber_change_rad(travel_m); }

AxleKc axle_kc(const VehicleModel& model, int left, double cg_height_m) {
    const WheelModel& wl = model.wheels[static_cast<std::size_t>(left)];
    const WheelModel& wr = model.wheels[static_cast<std::size_t>(left + 1)];
    const WheelSpec& sl = model.spec.wheels[static_cast<std::size_t>(left)];
    const SuspensionSpec& s = sl.suspension;
    AxleKc a;
    a.name = wl.front ? "front" : "rear";
    a.static_load_n = 0.5 * (wl.static_load_n + wr.static_load_n);
    a.sprung_corner_mass_kg = a.static_load_n / kStandardGravity_m_per_s2 - 0.5 * (sl.mass_kg + model.spec.wheels[static_cast<std::size_t>(left + 1)].mass_kg);
    a.track_m = std::abs(wl.design_position_m.y) + std::abs(wr.design_position_m.y);
    a.wheel_rate_n_per_m = s.spring_n_per_m;
    a.tyre_rate_n_per_m = wl.tyre_stiffness_n_per_m;
    a.ride_rate_n_per_m = a.wheel_rate_n_per_m > 0.0 && a.tyre_rate_n_per_m > 0.0
                              ? 1.0 / (1.0 / a.wheel_rate_n_per_m + 1.0 / a.tyre_rate_n_per_m)
                              : 0.0;
    a.ride_frequency_hz = a.sprung_corner_mass_kg > 0.0 ? std::sqrt(a.ride_rate_n_per_m / a.sprung_corner_mass_kg) / (2.0 * std::numbers::pi) : 0.0;
    a.droop_m = wl.droop_limit_m;
    a.bump_m = s.travel_m;
    a.caster_deg = sl.caster_rad * kDeg;
    const double t2 = a.track_m * a.track_m;
    a.roll_stiffness_nm_per_deg = (s.spring_n_per_m / 2.0 + s.anti_roll_n_per_m) * t2 / kDeg;
    a.tyre_roll_stiffness_nm_per_deg = a.tyre_rate_n_per_m * t2 / 2.0 / kDeg;
    a.force_height_m = wl.force_point_height_m;
    a.anti_percent = cg_height_m > 0.0 ? 100.0 * a.force_height_m / cg_height_m : 0.0;
    // Every 20 mm from full droop to the bump stop, design ride height (0) among them.
    constexpr double kStep_m = 0.02;
    for (int k = static_cast<int>(std::ceil(a.droop_m / kStep_m - 1e-9)); k * kStep_m <= a.bump_m + 1e-9; ++k) {
        TravelPoint p;
        p.travel_m = k * kStep_m;
        p.camber_deg = (sl.camber_rad + camber_change_rad(wl, p.travel_m)) * kDeg;
        p.toe_deg = sl.toe_rad * kDeg;  // the car format has no bump steer: the toe stays static
        if (!wl.hinge_offset_y_m.empty()) {
            p.half_track_change_m = wl.hinge_offset_y_m(p.travel_m) * (wl.left ? 1.0 : -1.0);
            p.wheelbase_change_m = wl.hinge_offset_x_m(p.travel_m) * (wl.front ? 1.0 : -1.0);
        }
        a.against_travel.push_back(p);
    }
    for (int deg = 0; deg <= 5; ++deg) {
        // The body rolled by phi towards the outside: the outer wheel in bump by t/2 sin(phi), its
        // top tilted outwards by phi with the body; the inner one the other way.
        const double phi = deg / kDeg, s_outer = 0.5 * a.track_m * std::sin(phi);
        RollPoint r;
        r.roll_deg = deg;
        r.outer_camber_to_road_deg = (sl.camber_rad + camber_change_rad(wl, std::min(s_outer, a.bump_m)) + phi) * kDeg;
        r.inner_camber_to_road_deg = (sl.camber_rad + camber_change_rad(wl, std::max(-s_outer, a.droop_m)) - phi) * kDeg;
        a.against_roll.push_back(r);
    }
    return a;
}

}  // namespace

KcReport kinematics_and_compliance(const VehicleSpec& spec) {
    const VehicleModel model = build_vehicle_model(spec);
    KcReport r;
    r.mass_kg = mass_properties(spec).mass_kg;
    double unsprung_kg = 0.0, unsprung_moment = 0.0;
    for (int i = 0; i < 4; ++i) {
        unsprung_kg += spec.wheels[static_cast<std::size_t>(i)].mass_kg;
        unsprung_moment += spec.wheels[static_cast<std::size_t>(i)].mass_kg * model.wheels[static_cast<std::size_t>(i)].design_position_m.z;
    }
    // The body's origin is the car's centre of mass (with the initial fuel): the sprung mass's
    // centre sits the unsprung masses' moment above it.
    r.sprung_mass_kg = r.mass_kg - unsprung_kg;
    r.cg_height_m = centre_of_mass_height_m(model);
    r.sprung_cg_height_m = r.sprung_mass_kg > 0.0 ? -unsprung_moment / r.sprung_mass_kg + r.cg_height_m : 0.0;
    r.axles = {axle_kc(model, FL, r.cg_height_m), axle_kc(model, RL, r.cg_height_m)};
    const double k_front = r.axles[0].roll_stiffness_nm_per_deg, k_rear = r.axles[1].roll_stiffness_nm_per_deg;
    r.roll_stiffness_front_share = k_front + k_rear > 0.0 ? k_front / (k_front + k_rear) : 0.0;
    // Quasi-static roll gradient, the roll axis through the axles' force heights at the sprung
    // centre of mass (interpolated along the wheelbase), the suspension in series with the tyres.
    const double suspension = (k_front + k_rear) * kDeg;
    const double tyres = (r.axles[0].tyre_roll_stiffness_nm_per_deg + r.axles[1].tyre_roll_stiffness_nm_per_deg) * kDeg;
    const double k_roll = suspension > 0.0 && tyres > 0.0 ? 1.0 / (1.0 / suspension + 1.0 / tyres) : 0.0;
    const double xf = model.wheels[FL].design_position_m.x, xr = model.wheels[RL].design_position_m.x;
    const double share_front = xf != xr ? (0.0 - xr) / (xf - xr) : 0.5;  // the centre of mass at x = 0
    const double axis_height = share_front * r.axles[0].force_height_m + (1.0 - share_front) * r.axles[1].force_height_m;
    const double arm = r.sprung_cg_height_m - axis_height;
    const double g = kStandardGravity_m_per_s2;
    r.roll_gradient_deg_per_g = k_roll > r.sprung_mass_kg * g * arm ? r.sprung_mass_kg * arm / (k_roll - r.sprung_mass_kg * g * arm) * g * kDeg : std::numeric_limits<double>::quiet_NaN();
    return r;
}

std::string kc_report_json(const KcReport& r, const std::string& car_name) {
    nlohmann::json j = {{"car", car_name},
                        {"mass_kg", r.mass_kg},
                        {"sprung_mass_kg", r.sprung_mass_kg},
                        {"cg_height_m", r.cg_height_m},
                        {"sprung_cg_height_m", r.sprung_cg_height_m},
                        {"roll_stiffness_front_share", r.roll_stiffness_front_share},
                        {"roll_gradient_deg_per_g", r.roll_gradient_deg_per_g}};
    for (const AxleKc& a : r.axles) {
        nlohmann::json x = {{"static_load_n", a.static_load_n},
                            {"sprung_corner_mass_kg", a.sprung_corner_mass_kg},
                            {"track_m", a.track_m},
                            {"wheel_rate_n_per_m", a.wheel_rate_n_per_m},
                            {"tyre_rate_n_per_m", a.tyre_rate_n_per_m},
                            {"ride_rate_n_per_m", a.ride_rate_n_per_m},
                            {"ride_frequency_hz", a.ride_frequency_hz},
                            {"droop_m", a.droop_m},
                            {"bump_m", a.bump_m},
                            {"caster_deg", a.caster_deg},
                            {"roll_stiffness_nm_per_deg", a.roll_stiffness_nm_per_deg},
                            {"tyre_roll_stiffness_nm_per_deg", a.tyre_roll_stiffness_nm_per_deg},
                            {"force_height_m", a.force_height_m},
                            {"anti_percent", a.anti_percent}};
        for (const TravelPoint& p : a.against_travel) {
            x["against_travel"].push_back({{"travel_m", p.travel_m}, {"camber_deg", p.camber_deg}, {"toe_deg", p.toe_deg},
                                           {"half_track_change_m", p.half_track_change_m}, {"wheelbase_change_m", p.wheelbase_change_m}});
        }
        for (const RollPoint& p : a.against_roll) {
            x["against_roll"].push_back({{"roll_deg", p.roll_deg},
                                         {"outer_camber_to_road_deg", p.outer_camber_to_road_deg},
                                         {"inner_camber_to_road_deg", p.inner_camber_to_road_deg}});
        }
        j["axles"][a.name] = std::move(x);
    }
    return j.dump(2);
}

}  // namespace tractive

