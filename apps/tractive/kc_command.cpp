#include "kc_command.hpp"

#include <fmt/format.h>

#include <iostream>

#include "tractive/analysis/kinematics.hpp"
#include "tractive/io/car_loader.hpp"

namespace tractive::cli {

void add_kc_options(CLI::App& kc, KcOptions& o) {
    kc.add_option("car", o.car, "Car file (.toml, VDrift .car); default: the project's default car");
    kc.add_flag("--json", o.json, "Print one JSON object");
    add_car_load_options(kc, o.load);
}

int kc_command(const KcOptions& o, const std::string& default_car_path) {
    const std::string path = o.car.empty() ? default_car_path : o.car;
    const LoadedCar car = load_cli_car(path, o.load);  // LoadError: exit 2 in main
    for (const auto& w : car.warnings) std::cerr << "warning: " << w.to_string() << "\n";
    const KcReport r = kinematics_and_compliance(car.spec);
    if (o.json) {
        std::cout << kc_report_json(r, car.spec.name) << "\n";
        return 0;
    }
    fmt::print("{}  ({}), K&C\n", car.spec.name, path);
    fmt::print("mass {:.0f} kg (sprung {:.0f}), centre of mass {:.3f} m over the ground (sprung {:.3f})\n", r.mass_kg, r.sprung_mass_kg,
               r.cg_height_m, r.sprung_cg_height_m);
    fmt::print("roll stiffness split {:.1f} % front; roll gradient {:.2f} deg/g (quasi-static)\n\n", 100.0 * r.roll_stiffness_front_share,
               r.roll_gradient_deg_per_g);
    fmt::print("{:<34} {:>12} {:>12}\n", "", r.axles[0].name, r.axles[1].name);
    const auto row = [&](const char* label, const char* format, auto get) {
        fmt::print("{:<34} {:>12} {:>12}\n", label, fmt::format(fmt::runtime(format), get(r.axles[0])), fmt::format(fmt::runtime(format), get(r.axles[1])));
    };
    row("static load per wheel (N)", "{:.0f}", [](const AxleKc& a) { return a.static_load_n; });
    row("track (m)", "{:.3f}", [](const AxleKc& a) { return a.track_m; });
    row("wheel rate (N/mm)", "{:.1f}", [](const AxleKc& a) { return a.wheel_rate_n_per_m / 1000.0; });
    row("tyre rate (N/mm)", "{:.1f}", [](const AxleKc& a) { return a.tyre_rate_n_per_m / 1000.0; });
    row("ride rate (N/mm)", "{:.1f}", [](const AxleKc& a) { return a.ride_rate_n_per_m / 1000.0; });
    row("ride frequency (Hz)", "{:.2f}", [](const AxleKc& a) { return a.ride_frequency_hz; });
    row("droop / bump travel (mm)", "{}", [](const AxleKc& a) { return fmt::format("{:.0f}/{:.0f}", a.droop_m * 1000.0, a.bump_m * 1000.0); });
    row("roll stiffness, springs+bar (Nm/deg)", "{:.0f}", [](const AxleKc& a) { return a.roll_stiffness_nm_per_deg; });
    row("roll stiffness, tyres (Nm/deg)", "{:.0f}", [](const AxleKc& a) { return a.tyre_roll_stiffness_nm_per_deg; });
    row("force height, roll centre (m)", "{:.3f}", [](const AxleKc& a) { return a.force_height_m; });
    row("anti-dive / anti-squat (%)", "{:.0f}", [](const AxleKc& a) { return a.anti_percent; });
    row("caster (deg)", "{:.2f}", [](const AxleKc& a) { return a.caster_deg; });
    for (const AxleKc& a : r.axles) {
        fmt::print("\n{} wheel against travel\n{:>10} {:>12} {:>9} {:>16} {:>18}\n", a.name, "travel mm", "camber deg", "toe deg", "half track mm",
                   "wheelbase mm");
        for (const TravelPoint& p : a.against_travel) {
            fmt::print("{:>10.0f} {:>12.3f} {:>9.3f} {:>16.2f} {:>18.2f}\n", p.travel_m * 1000.0, p.camber_deg, p.toe_deg,
                       p.half_track_change_m * 1000.0, p.wheelbase_change_m * 1000.0);
        }
        fmt::print("{} camber to the road against body roll\n{:>10} {:>12} {:>12}\n", a.name, "roll deg", "outer deg", "inner deg");
        for (const RollPoint& p : a.against_roll) {
            fmt::print("{:>10.0f} {:>12.3f} {:>12.3f}\n", p.roll_deg, p.outer_camber_to_road_deg, p.inner_camber_to_road_deg);
        }
    }
    return 0;
}

}  // namespace tractive::cli
