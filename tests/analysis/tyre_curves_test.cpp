// A tyre law looked at from outside (analysis/tyre_curves.hpp): peaks and stiffnesses against
// figures known exactly, points against the law itself, and the right-hand wheel's mirror.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>
#include <filesystem>
#include <numbers>

#include "support/test_paths.hpp"
#include "tractive/analysis/tyre_curves.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/tir_loader.hpp"
#include "tractive/laws/tyre.hpp"

namespace tractive {
namespace {

TyreSpec example_tyre(const char* car, int wheel = FL) {
    return load_car(std::filesystem::path(TRACTIVE_EXAMPLE_CARS) / (std::string(car) + ".toml")).spec.wheels[wheel].tyre;
}

// UC-win/Road's friction curves (the ucwin_sedan): the longitudinal peak is 0.85 at kappa 0.1 and
// the first segment's slope 8.5 per unit slip; the lateral peak 0.80 at tan(alpha) = 0.1 and the
// slope 8 per unit tan(alpha), d tan(alpha) / d alpha = 1 at zero.
TEST(TyreCurves, PeaksAndStiffnessesOfAFrictionCurveTyre) {
    const TyreSpec tyre = example_tyre("ucwin_sedan");
    ASSERT_EQ(tyre.model, TyreModel::FrictionCurve);
    for (const double fz : {2000.0, 4000.0, 6000.0}) {
        const TyreLoadSummary s = summarize_tyre_at_load(tyre, fz);
        EXPECT_NEAR(s.peak_mu_x, 0.85, 1e-6) << fz;
        EXPECT_NEAR(s.slip_ratio_at_peak, 0.1, 1e-4) << fz;
        EXPECT_NEAR(s.peak_mu_y, 0.80, 1e-6) << fz;
        EXPECT_NEAR(s.slip_angle_at_peak_rad, std::atan(0.1), 1e-4) << fz;
        EXPECT_NEAR(s.slip_stiffness_n, 8.5 * fz, 1e-6 * fz) << fz;
        EXPECT_NEAR(s.cornering_stiffness_n_per_rad, 8.0 * fz, 1e-6 * fz) << fz;
        EXPECT_EQ(s.lateral_relaxation_length_m, tyre.radius_m) << fz;  // no relaxation data: the radius
        ASSERT_GT(tyre.radius_m, 0.0);
    }
}

// A .tir tyre's summary gives its lateral relaxation length: MF 5.2's PTY1 sin(2 atan(Fz / (PTY2
// Fz0))) R0 for the PAC2002 test file (PTY1 1.2, PTY2 2.5, R0 0.3175 m, FNOMIN 4800 N).
TEST(TyreCurves, TheRelaxationLengthOfATirTyre) {
    const TyreSpec tyre = load_tir(std::filesystem::path(TRACTIVE_TEST_DATA) / "tir" / "pac2002_195_65R15.tir").tyre;
    for (const double fz : {2400.0, 4800.0, 7200.0}) {
        EXPECT_NEAR(summarize_tyre_at_load(tyre, fz).lateral_relaxation_length_m,
                    1.2 * std::sin(2.0 * std::atan(fz / (2.5 * 4800.0))) * 0.3175, 1e-12) << fz;
    }
}

// The points are the law's own forces (laws/tyre.hpp), mirrored on a right-hand wheel as the step
// mirrors it: Fy and Mz change sign with the slip angle and the camber there.
TEST(TyreCurves, PointsAreTheLawsForcesAndARightWheelIsTheMirrorImage) {
    const TyreSpec tyre = example_tyre("roadster");
    ASSERT_TRUE(tyre_mirrored_on_right(tyre));
    const double deg = std::numbers::pi / 180.0;
    const TyreOperatingPoint p{3500.0, 0.05, 3.0 * deg, -1.5 * deg, 25.0};
    TyreSlip slip;
    slip.slip_ratio = p.slip_ratio;
    slip.slip_angle_rad = p.slip_angle_rad;
    slip.inclination_rad = -p.camber_rad;  // the laws' inclination is ISO's negated
    slip.forward_speed_m_per_s = slip.slip_denominator_m_per_s = 25.0;
    const TyreForce law = tyre_force(tyre, slip, p.fz_n, 1.0);
    const TyrePointForces left = evaluate_tyre(tyre, p);
    EXPECT_DOUBLE_EQ(left.fx_n, law.fx_n);
    EXPECT_DOUBLE_EQ(left.fy_n, law.fy_n);
    EXPECT_DOUBLE_EQ(left.mz_nm, law.mz_nm);
    EXPECT_LT(left.fy_n, 0.0);  // ISO: alpha > 0 pushes right
    TyreOperatingPoint mirrored = p;
    mirrored.slip_angle_rad = -p.slip_angle_rad;
    mirrored.camber_rad = -p.camber_rad;
    const TyrePointForces right = evaluate_tyre(tyre, mirrored, TyreSide::Right);
    EXPECT_DOUBLE_EQ(right.fx_n, left.fx_n);
    EXPECT_DOUBLE_EQ(right.fy_n, -left.fy_n);
    EXPECT_DOUBLE_EQ(right.mz_nm, -left.mz_nm);
}

TEST(TyreCurves, NoLoadNoForceAndDefaultLoads) {
    const TyreSpec tyre = example_tyre("roadster");
    const TyreLoadSummary s = summarize_tyre_at_load(tyre, 0.0);
    EXPECT_EQ(s.peak_mu_x, 0.0);
    EXPECT_EQ(evaluate_tyre(tyre, {-100.0, 0.1, 0.1, 0.0}).fx_n, 0.0);
    EXPECT_EQ(default_tyre_loads_n(4000.0), (std::vector<double>{2000.0, 4000.0, 6000.0}));
    EXPECT_EQ(default_tyre_loads_n(0.0), (std::vector<double>{2000.0, 4000.0, 6000.0}));
}


// Every tyre law is smooth through zero slip with the slope its own parameters give (issue 24):
// the summary's stiffness is the slope `tractive tyre` plots (its grid's first points either side
// of zero, tyre_plot_slip_ratios and tyre_plot_slip_angles_deg) within 1 %, and walking the law
// down to tiny slips (1e-4 to 1e-8) the force changes in proportion to the slip at that slope
// (from 1e-3 never faster)
// (VDrift's brush model as VDrift solves it grows like the root of the slip there: 29, 86 and 651
// N at 1e-4, 1e-3 and 1e-2, and a "stiffness" 30-50 times its plotted slope).
TEST(TyreCurves, EveryLawIsSmoothThroughZeroSlipWithItsOwnStiffness) {
    struct Law {
        std::string name;
        TyreSpec tyre;
    };
    std::vector<Law> laws = {
        {"MF 5.2 (the roadster's .tir)", example_tyre("roadster")},
        {"friction curves (UC-win/Road sedan)", example_tyre("ucwin_sedan")},
        {"MF 6.1 .tir", load_tir(std::filesystem::path(TRACTIVE_TEST_DATA) / "tir" / "mf61_205_55R16.tir").tyre},
        {"PAC2002 .tir", load_tir(std::filesystem::path(TRACTIVE_TEST_DATA) / "tir" / "pac2002_195_65R15.tir").tyre},
    };
    if (test::have_vdrift_data()) {
        for (const char* ending : {".tire", ".tiren", ".tirep"}) {
            TyreSpec t = load_vdrift_tyre(test::vdrift_data() / (std::string("carparts/tire/touring") + ending));
            t.width_m = 0.225;  // the XS's 225/50 R16, as a car's [wheel] gives it
            t.aspect_ratio = 0.5;
            t.rim_diameter_m = 16 * 0.0254;
            t.radius_m = 0.5 * t.rim_diameter_m + t.width_m * t.aspect_ratio;
            laws.push_back({std::string("VDrift touring") + ending, t});
        }
    } else {
        std::printf("VDrift data not found at %s: its '89, 2002 and brush tyres not walked\n", test::vdrift_data().c_str());
    }
    const double deg = std::numbers::pi / 180.0;
    for (const Law& law : laws) {
        for (const double fz : {2000.0, 4000.0, 6000.0}) {
            SCOPED_TRACE(law.name + " at " + std::to_string(fz) + " N");
            const TyreLoadSummary s = summarize_tyre_at_load(law.tyre, fz);
            const auto fx = [&](double kappa) { return evaluate_tyre(law.tyre, {fz, kappa, 0.0, 0.0}).fx_n; };
            const auto fy = [&](double alpha) { return evaluate_tyre(law.tyre, {fz, 0.0, alpha, 0.0}).fy_n; };
            // The plot's slope at zero: its points either side of zero.
            const std::vector<double> kappas = tyre_plot_slip_ratios(), alphas = tyre_plot_slip_angles_deg();
            const std::size_t k0 = kappas.size() / 2, a0 = alphas.size() / 2;
            ASSERT_EQ(kappas[k0], 0.0);
            ASSERT_EQ(alphas[a0], 0.0);
            const double plotted_cx = (fx(kappas[k0 + 1]) - fx(kappas[k0 - 1])) / (kappas[k0 + 1] - kappas[k0 - 1]);
            const double plotted_cy = -(fy(alphas[a0 + 1] * deg) - fy(alphas[a0 - 1] * deg)) / ((alphas[a0 + 1] - alphas[a0 - 1]) * deg);
            ASSERT_GT(s.slip_stiffness_n, 0.0);
            ASSERT_GT(s.cornering_stiffness_n_per_rad, 0.0);
            EXPECT_NEAR(s.slip_stiffness_n / plotted_cx, 1.0, 0.01);
            EXPECT_NEAR(s.cornering_stiffness_n_per_rad / plotted_cy, 1.0, 0.01);
            for (double slip = 1e-3; slip > 1e-8; slip /= 10.0) {
                const double cx = (fx(slip) - fx(-slip)) / (2.0 * slip);
                const double cy = -(fy(slip) - fy(-slip)) / (2.0 * slip);
                if (slip <= 1.001e-4) {  // (at 1e-3 a brush tyre has already bent by 1 %: its sliding zone)
                    EXPECT_NEAR(cx / s.slip_stiffness_n, 1.0, 0.01) << "slip ratio " << slip;
                    EXPECT_NEAR(cy / s.cornering_stiffness_n_per_rad, 1.0, 0.01) << "slip angle " << slip << " rad";
                }
                EXPECT_LE(std::abs(fx(slip) - fx(0.0)), 1.01 * s.slip_stiffness_n * slip) << "slip ratio " << slip;
                EXPECT_LE(std::abs(fy(slip) - fy(0.0)), 1.01 * s.cornering_stiffness_n_per_rad * slip) << "slip angle " << slip << " rad";
            }
        }
    }
}

}  // namespace
}  // namespace tractive
