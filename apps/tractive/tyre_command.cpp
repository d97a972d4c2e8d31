#include "tyre_command.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <numbers>

#include "tractive/analysis/tyre_curves.hpp"
#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/tyre_file.hpp"
#include "tractive/spec/validate.hpp"
#include "tyre_plot.hpp"

namespace fs = std::filesystem;

namespace tractive::cli {

namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

// The tyre to show and the loads to show it at.
struct LoadedTyre {
    TyreSpec tyre;
    TyreSide side = TyreSide::Left;
    double nominal_load_n = 0.0;
    std::string description;
};

// An inflation pressure for the tyre (--pressure-kpa), which only an MF 6.1 tyre with NOMPRES
// has a law for.
void set_pressure(TyreSpec& tyre, double pressure_kpa, const std::string& where) {
    if (!(pressure_kpa > 0.0)) return;
    if (tyre.model != TyreModel::MagicFormula || tyre.magic_formula.family != MagicFormulaFamily::Mf61 || !(tyre.magic_formula.nominal_pressure_pa > 0.0)) {
        throw LoadError({where, 0}, "--pressure-kpa", "the tyre has no pressure dependence (an MF 6.1 .tir file with NOMPRES)");
    }
    tyre.magic_formula.inflation_pressure_pa = 1000.0 * pressure_kpa;
}

LoadedTyre load_tyre(const TyreOptions& o) {
    const fs::path path(o.file);
    const LoadOptions load = to_load_options(o.load);
    LoadedTyre t;
    if (is_tyre_file(path)) {
        if (!o.load.set.empty()) {
            throw LoadError({path.string(), 0}, "--set", "changes a car's parameters: expected a car file, not a tyre file");
        }
        LoadedTyreFile file = load_tyre_file(path, load);
        for (const auto& w : file.warnings) std::cerr << "warning: " << w.to_string() << "\n";
        t.tyre = std::move(file.tyre);
        if (t.tyre.model == TyreModel::Brush) {
            throw LoadError({path.string(), 0}, "",
                            "a VDrift brush-model tyre takes its size from a car's wheel: show it with `tractive tyre "
                            "CAR --wheel fl`");
        }
        set_pressure(t.tyre, o.pressure_kpa, path.string());
        // A bare tyre is shown as a left one unless --wheel puts it on the right (mirrored, as
        // the step evaluates a right-hand wheel's tyre).
        t.side = (o.wheel == "fr" || o.wheel == "rr") ? TyreSide::Right : TyreSide::Left;
        t.nominal_load_n = file.nominal_load_n;
        t.description = fmt::format("{} ({}{})", path.string(), file.format, t.side == TyreSide::Right ? ", on a right-hand wheel" : "");
        return t;
    }
    const LoadedCar car = load_cli_car(path, o.load);
    for (const auto& w : car.warnings) std::cerr << "warning: " << w.to_string() << "\n";
    int wheel = -1;
    for (int i = 0; i < 4; ++i) {
        if (o.wheel == kWheelNames[i]) wheel = i;
    }
    if (wheel < 0) throw LoadError({}, "--wheel", fmt::format("'{}': expected fl, fr, rl or rr", o.wheel));
    t.tyre = car.spec.wheels[wheel].tyre;
    set_pressure(t.tyre, o.pressure_kpa, path.string());
    t.side = (wheel == FR || wheel == RR) ? TyreSide::Right : TyreSide::Left;
    t.nominal_load_n = summarize(car.spec).wheel_loads_n[wheel];
    t.description = fmt::format("{} wheel {} ({} tyre; static load {:.0f} N{})", path.string(), o.wheel, to_string(t.tyre.model),
                                t.nominal_load_n, o.pressure_kpa > 0.0 ? fmt::format("; at {:g} kPa", o.pressure_kpa) : "");
    return t;
}

std::vector<double> or_default(const std::vector<double>& v, double fallback) {
    return v.empty() ? std::vector<double>{fallback} : v;
}

int print_points(const LoadedTyre& t, const TyreOptions& o) {
    nlohmann::json points = nlohmann::json::array();
    for (const double fz : or_default(o.loads_n, t.nominal_load_n > 0.0 ? t.nominal_load_n : 4000.0))
        for (const double kappa : or_default(o.slip_ratios, 0.0))
            for (const double alpha_deg : or_default(o.slip_angles_deg, 0.0))
                for (const double gamma_deg : or_default(o.cambers_deg, 0.0)) {
                    const TyrePointForces f =
                        evaluate_tyre(t.tyre, {fz, kappa, alpha_deg * kDeg, gamma_deg * kDeg, o.speed_m_per_s}, t.side);
                    points.push_back({{"fz_n", fz},
                                      {"kappa", kappa},
                                      {"alpha_deg", alpha_deg},
                                      {"gamma_deg", gamma_deg},
                                      {"fx_n", f.fx_n},
                                      {"fy_n", f.fy_n},
                                      {"mz_nm", f.mz_nm}});
                }
    if (o.json) {
        std::cout << nlohmann::json{{"points", points}}.dump(2) << "\n";
    } else {
        std::cout << fmt::format("{:>9} {:>8} {:>10} {:>10} {:>10} {:>10} {:>10}\n", "fz_n", "kappa", "alpha_deg",
                                 "gamma_deg", "fx_n", "fy_n", "mz_nm");
        for (const auto& p : points) {
            std::cout << fmt::format("{:9.1f} {:8.4f} {:10.3f} {:10.3f} {:10.1f} {:10.1f} {:10.2f}\n", p["fz_n"].get<double>(),
                                     p["kappa"].get<double>(), p["alpha_deg"].get<double>(), p["gamma_deg"].get<double>(),
                                     p["fx_n"].get<double>(), p["fy_n"].get<double>(), p["mz_nm"].get<double>());
        }
    }
    return 0;
}

std::vector<double> grid(double lo, double hi, double step) {
    std::vector<double> v;
    const int n = static_cast<int>(std::lround((hi - lo) / step));
    for (int i = 0; i <= n; ++i) v.push_back(lo + step * i);
    return v;
}

int print_summary(const LoadedTyre& t, const TyreOptions& o) {
    const std::vector<double> loads = o.loads_n.empty() ? default_tyre_loads_n(t.nominal_load_n) : o.loads_n;
    const std::vector<double> kappas = grid(-0.5, 0.5, 0.05);
    const std::vector<double> alphas_deg = grid(-15.0, 15.0, 1.0);
    std::vector<TyreLoadSummary> summaries;
    for (const double fz : loads) summaries.push_back(summarize_tyre_at_load(t.tyre, fz, t.side));
    const auto force = [&](double fz, double kappa, double alpha_deg) {
        return evaluate_tyre(t.tyre, {fz, kappa, alpha_deg * kDeg, 0.0, o.speed_m_per_s}, t.side);
    };
    if (!o.png.empty()) {
        TyrePlot plot;
        plot.title = t.description;
        plot.slip_ratio = tyre_plot_slip_ratios();
        plot.slip_angle_deg = tyre_plot_slip_angles_deg();
        for (const double fz : loads) {
            TyrePlotSeries s;
            s.fz_n = fz;
            for (const double k : plot.slip_ratio) s.fx_n.push_back(force(fz, k, 0.0).fx_n);
            for (const double a : plot.slip_angle_deg) {
                const TyrePointForces f = force(fz, 0.0, a);
                s.fy_n.push_back(f.fy_n);
                s.mz_nm.push_back(f.mz_nm);
            }
            plot.series.push_back(std::move(s));
        }
        write_tyre_plot_png(plot, o.png);
        std::cerr << fmt::format("wrote {}\n", o.png);
    }
    if (o.json) {
        nlohmann::json j;
        j["tyre"] = t.description;
        j["model"] = to_string(t.tyre.model);
        nlohmann::json per_load = nlohmann::json::array();
        for (const TyreLoadSummary& s : summaries) {
            nlohmann::json fx = nlohmann::json::array(), fy = nlohmann::json::array(), mz = nlohmann::json::array();
            for (const double k : kappas) fx.push_back(force(s.fz_n, k, 0.0).fx_n);
            for (const double a : alphas_deg) {
                const TyrePointForces f = force(s.fz_n, 0.0, a);
                fy.push_back(f.fy_n);
                mz.push_back(f.mz_nm);
            }
            per_load.push_back({{"fz_n", s.fz_n},
                                {"peak_mu_x", s.peak_mu_x},
                                {"slip_ratio_at_peak", s.slip_ratio_at_peak},
                                {"peak_mu_y", s.peak_mu_y},
                                {"slip_angle_at_peak_deg", s.slip_angle_at_peak_rad / kDeg},
                                {"slip_stiffness_n", s.slip_stiffness_n},
                                {"cornering_stiffness_n_per_deg", s.cornering_stiffness_n_per_rad * kDeg},
                                {"lateral_relaxation_length_m", s.lateral_relaxation_length_m},
                                {"fx_n", fx},
                                {"fy_n", fy},
                                {"mz_nm", mz}});
        }
        j["slip_ratio"] = kappas;
        j["slip_angle_deg"] = alphas_deg;
        j["loads"] = per_load;
        std::cout << j.dump(2) << "\n";
        return 0;
    }
    std::cout << t.description << "\n\n";
    std::cout << fmt::format("{:>8} {:>9} {:>8} {:>9} {:>11} {:>12} {:>14} {:>10}\n", "load_n", "peak_mu_x", "at_kappa",
                             "peak_mu_y", "at_alpha_deg", "C_kappa_n", "C_alpha_n/deg", "sigma_y_m");
    for (const TyreLoadSummary& s : summaries) {
        const std::string sigma =
            std::isfinite(s.lateral_relaxation_length_m) ? fmt::format("{:.3f}", s.lateral_relaxation_length_m) : "-";
        std::cout << fmt::format("{:8.0f} {:9.3f} {:8.3f} {:9.3f} {:11.2f} {:12.0f} {:14.0f} {:>10}\n", s.fz_n, s.peak_mu_x,
                                 s.slip_ratio_at_peak, s.peak_mu_y, s.slip_angle_at_peak_rad / kDeg, s.slip_stiffness_n,
                                 s.cornering_stiffness_n_per_rad * kDeg, sigma);
    }
    std::cout << "\nFx (N) against slip ratio, no slip angle\n" << fmt::format("{:>8}", "kappa");
    for (const double fz : loads) std::cout << fmt::format(" {:>10}", fmt::format("{:.0f} N", fz));
    std::cout << "\n";
    for (const double k : kappas) {
        std::cout << fmt::format("{:8.2f}", k);
        for (const double fz : loads) std::cout << fmt::format(" {:10.0f}", force(fz, k, 0.0).fx_n);
        std::cout << "\n";
    }
    std::cout << "\nFy (N) and Mz (N m) against slip angle, no slip ratio\n" << fmt::format("{:>9}", "alpha_deg");
    for (const double fz : loads) std::cout << fmt::format(" {:>10}", fmt::format("Fy {:.0f}", fz));
    for (const double fz : loads) std::cout << fmt::format(" {:>10}", fmt::format("Mz {:.0f}", fz));
    std::cout << "\n";
    for (const double a : alphas_deg) {
        std::cout << fmt::format("{:9.1f}", a);
        for (const double fz : loads) std::cout << fmt::format(" {:10.0f}", force(fz, 0.0, a).fy_n);
        for (const double fz : loads) std::cout << fmt::format(" {:10.1f}", force(fz, 0.0, a).mz_nm);
        std::cout << "\n";
    }
    return 0;
}

}  // namespace

void add_tyre_options(CLI::App& tyre, TyreOptions& o) {
    // CLI11's ranges let a NaN through (every comparison with it is false): refused first.
    const CLI::Validator number([](std::string& text) -> std::string {
        const double v = std::strtod(text.c_str(), nullptr);
        return std::isnan(v) ? fmt::format("expected a number, got {}", text) : std::string();
    }, "NUMBER");
    // A tyre load in the car format's range (plausible::kTyreLoad: above 0, at most 1 MN).
    const CLI::Validator load([](std::string& text) -> std::string {
        const double v = std::strtod(text.c_str(), nullptr);
        return plausible::kTyreLoad.contains(v) ? std::string()
                                                : fmt::format("expected a load above 0 N and at most {:.0f} N, got {}", plausible::kTyreLoad.max, text);
    }, "LOAD");
    tyre.add_option("file", o.file, "A tyre file (TYDEX .tir, VDrift .tire, .tiren) or a car file (then --wheel picks the tyre)")
        ->required();
    tyre.add_option("--wheel", o.wheel, "The car's wheel whose tyre to show: fl, fr, rl or rr (default fl); for a tyre file, fr or rr shows it on a right-hand wheel (mirrored)")
        ->check(CLI::IsMember({"fl", "fr", "rl", "rr"}));
    tyre.add_flag("--json", o.json, "Print JSON");
    tyre.add_option("--load", o.loads_n, "Vertical load(s), N, comma-separated")->delimiter(',')->check(load);
    tyre.add_option("--slip-ratio", o.slip_ratios, "Slip ratio(s) kappa, comma-separated (evaluates points)")
        ->delimiter(',')
        ->check(number & CLI::Range(-10.0, 10.0));
    tyre.add_option("--slip-angle-deg", o.slip_angles_deg, "Slip angle(s), degrees, comma-separated (evaluates points)")
        ->delimiter(',')
        ->check(number & CLI::Range(-89.0, 89.0));
    tyre.add_option("--camber-deg", o.cambers_deg, "Camber (inclination) angle(s), degrees, comma-separated (evaluates points)")
        ->delimiter(',')
        ->check(number & CLI::Range(-45.0, 45.0));
    tyre.add_option("--png", o.png, "Also draw Fx(kappa), Fy(alpha) and Mz(alpha) per load to this PNG file");
    tyre.add_option("--pressure-kpa", o.pressure_kpa, "Inflation pressure, kPa (an MF 6.1 .tir tyre, a file's or a car's; default the file's INFLPRES or the car's inflation_pressure_kpa)")
        ->check(number & CLI::Range(1.0, 10000.0));
    tyre.add_option("--speed", o.speed_m_per_s, "The contact's forward speed, m/s (default 20)")->check(number & CLI::Range(0.1, 200.0));
    add_car_load_options(tyre, o.load);
}

int tyre_command(const TyreOptions& o) {
    const LoadedTyre t = load_tyre(o);
    const bool points = !o.slip_ratios.empty() || !o.slip_angles_deg.empty() || !o.cambers_deg.empty();
    return points ? print_points(t, o) : print_summary(t, o);
}

}  // namespace tractive::cli
