// VDrift's two other tyre models: its Pacejka 2002 subset (.tiren, laws/tyre_pacejka2002.hpp)
// and its brush model (.tirep, laws/tyre_brush.hpp), on the shared data's touring tyres.
//
// The Pacejka 2002 reference values were computed by a separate implementation (Python, from the
// equations as VDrift's CarTire2 states them, written independently of the C++) with the
// touring.tiren coefficients and no tyre.facing (the 11 side-dependent coefficients zero). The
// brush model is checked against what holds in closed form: a sliding tyre gives mu Fz along the
// slide with mu from the file's friction law at the sliding speed, and the signs of every force.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/tyre.hpp"
#include "tractive/laws/tyre_brush.hpp"
#include "tractive/laws/tyre_pacejka2002.hpp"

using namespace tractive;

namespace {

TyreSpec touring(const char* ending) {
    TyreSpec t = load_vdrift_tyre(test::vdrift_data() / (std::string("carparts/tire/touring") + ending));
    // The XS's size, 225/50 R16 (as a car's [wheel] would give it).
    t.width_m = 0.225;
    t.aspect_ratio = 0.5;
    t.rim_diameter_m = 16 * 0.0254;
    t.radius_m = 0.5 * t.rim_diameter_m + t.width_m * t.aspect_ratio;
    return t;
}

// No tyre.facing: VDrift's side factor 0 on the asymmetric coefficients.
Pacejka2002Coefficients symmetric(const TyreSpec& t) {
    Pacejka2002Coefficients p = t.pacejka2002;
    for (const mf52::Index i : kPacejka2002SidedCoefficients) p.c[i] = 0.0;
    return p;
}

}  // namespace

TEST(Pacejka2002, MatchesAnIndependentEvaluationOfVDriftsEquations) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const TyreSpec t = touring(".tiren");
    ASSERT_EQ(t.model, TyreModel::Pacejka2002);
    const Pacejka2002Coefficients p = symmetric(t);
    struct Point {
        double kappa, alpha, gamma, fz, mu, fx, fy, mz;
    };
    // kappa, alpha and gamma (rad) in VDrift's axes, Fz (N; 12 kN is clamped to 10 kN), mu_s.
    const Point points[] = {
        {0.05, 0.0, 0.0, 4500, 1.0, 4.683666450822e+03, 0.000000000000e+00, -6.750000000000e-01},
        {-0.1, 0.05, 0.02, 6000, 1.0, -5.301033810382e+03, -2.207220934424e+03, 1.081583723606e+02},
        {0.2, -0.1, -0.03, 12000, 0.8, 5.475004726949e+03, 2.634296694672e+03, -2.955617868685e+02},
        {0.0, 0.08, 0.0, 2500, 1.0, -2.979414081055e+01, -2.187210009230e+03, 1.665489546769e+01},
    };
    for (const Point& q : points) {
        const Pacejka2002Force f = pacejka2002_force(p, q.kappa, q.alpha, q.gamma, q.fz, q.mu);
        SCOPED_TRACE(::testing::Message() << "kappa " << q.kappa << " alpha " << q.alpha << " Fz " << q.fz);
        EXPECT_NEAR(f.fx_n, q.fx, 1e-9 * std::abs(q.fx) + 1e-9);
        EXPECT_NEAR(f.fy_n, q.fy, 1e-9 * std::abs(q.fy) + 1e-9);
        EXPECT_NEAR(f.mz_nm, q.mz, 1e-9 * std::abs(q.mz) + 1e-9);
    }
}

TEST(Pacejka2002, SlopesAreTheFormulasDerivatives) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const Pacejka2002Coefficients p = symmetric(touring(".tiren"));
    // Pure slip (the other slip zero: the combined weights are 1 and do not change).
    for (const double kappa : {-0.3, -0.05, 0.0, 0.02, 0.1}) {
        const double h = 1e-6;
        const double numeric = (pacejka2002_force(p, kappa + h, 0.0, 0.0, 4000, 1.0).fx_n -
                                pacejka2002_force(p, kappa - h, 0.0, 0.0, 4000, 1.0).fx_n) / (2 * h);
        EXPECT_NEAR(pacejka2002_force(p, kappa, 0.0, 0.0, 4000, 1.0).dfx_dslip_ratio, numeric, 1e-5 * std::abs(numeric) + 1e-3) << kappa;
    }
    for (const double alpha : {-0.2, -0.02, 0.01, 0.15}) {
        const double h = 1e-7;
        const double numeric = (pacejka2002_force(p, 0.0, alpha + h, 0.0, 4000, 1.0).fy_n -
                                pacejka2002_force(p, 0.0, alpha - h, 0.0, 4000, 1.0).fy_n) / (2 * h);
        EXPECT_NEAR(pacejka2002_force(p, 0.0, alpha, 0.0, 4000, 1.0).dfy_dslip_angle_per_rad, numeric, 1e-5 * std::abs(numeric) + 1e-3) << alpha;
    }
    // At the nominal load the cornering stiffness is PKY1 FZ0 sin(2 atan(1 / PKY2)) (N/rad).
    const double ky = p.c[mf52::PKY1] * 4500 * std::sin(2 * std::atan(1 / p.c[mf52::PKY2]));
    EXPECT_NEAR(pacejka2002_force(p, 0.0, -p.c[mf52::PHY1], 0.0, 4500, 1.0).dfy_dslip_angle_per_rad, ky, 1e-9 * std::abs(ky));
}

// In ISO axes (tractive's): a driven wheel pulls forward, a wheel sliding left is pushed right and
// turned left (the moment aligns it with its path), a wheel leaning left is pushed left; the peak
// forces are Fz (PDX1 +- PVX1) at the nominal load (mu 1.16 driving, 1.04 braking, the shift
// SVx = Fz PVX1 adding to one and taking from the other). Mirror symmetry of a tyre without
// facing: Fy(-alpha, -gamma) = -Fy(alpha, gamma).
TEST(Pacejka2002, PhysicalSignsInTractivesAxes) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    TyreSpec t = touring(".tiren");
    t.pacejka2002 = symmetric(t);
    const auto at = [&](double kappa, double alpha, double gamma) {
        TyreSlip s;
        s.slip_ratio = kappa;
        s.slip_angle_rad = alpha;
        s.inclination_rad = gamma;
        return tyre_force(t, s, 4500, 1.0);
    };
    EXPECT_GT(at(0.05, 0, 0).fx_n, 0.0);
    EXPECT_LT(at(-0.05, 0, 0).fx_n, 0.0);
    EXPECT_LT(at(0, 0.03, 0).fy_n, 0.0);
    EXPECT_GT(at(0, 0.03, 0).mz_nm, 0.0);
    EXPECT_LT(at(0, 0.03, 0).dfy_dslip_angle_per_rad, 0.0);
    EXPECT_GT(at(0, 0.0, 0.05).fy_n, 0.0);
    EXPECT_NEAR(at(0, -0.04, -0.03).fy_n, -at(0, 0.04, 0.03).fy_n, 1e-9 * std::abs(at(0, 0.04, 0.03).fy_n));
    double driving = 0.0, braking = 0.0;
    for (double kappa = 1e-4; kappa < 0.5; kappa += 1e-4) {
        driving = std::max(driving, at(kappa, 0, 0).fx_n);
        braking = std::max(braking, -at(-kappa, 0, 0).fx_n);
    }
    const double size = tyre_size_friction_factor(t);
    const double d = 4500 * t.pacejka2002.c[mf52::PDX1] * size;
    const double sv = 4500 * t.pacejka2002.c[mf52::PVX1];
    EXPECT_NEAR(driving, d + sv, 1e-6 * d);
    EXPECT_NEAR(braking, d - sv, 1e-6 * d);
    EXPECT_NEAR(tyre_peak_force(t, 4500, 1.0).fx_n, d + sv, 1e-9 * d);  // VDrift's getMaxFx
}

TEST(BrushTyre, ASlidingTyreGivesMuFzAlongTheSlide) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const TyreSpec t = touring(".tirep");
    ASSERT_EQ(t.model, TyreModel::Brush);
    const BrushTyreParameters& b = t.brush;
    // A locked wheel at 20 m/s, 4 kN: all sliding. mu from the file's law at v_r = 20 m/s and the
    // patch's pressure, worked by hand from laws/tyre_brush.hpp's patch equations.
    const double fz = 4000;
    const double cf = 0.28 * std::sqrt(2 * (1.03 - 0.4 * t.aspect_ratio) * t.width_m * t.radius_m);
    const double kz = 9.81 * (1e5 * b.pressure_bar * cf + 3450);
    const double dz = fz / kz;
    ASSERT_GT(dz, b.reference_deflection_m);  // full width
    const double a = 0.3 * (dz + 2.25 * std::sqrt(t.radius_m * dz));
    const double p = 0.75 * fz / (t.width_m * a * 1e5);
    const double mu = (b.sliding_friction + (b.static_friction - b.sliding_friction) * std::exp(-std::sqrt(20 / b.stribeck_speed_m_per_s))) *
                      std::cbrt(b.reference_pressure_bar / p);
    const BrushForce locked = brush_force(b, t.radius_m, t.width_m, t.aspect_ratio, fz, {0.0, 20.0, 0.0}, 0.0, 1.0);
    EXPECT_NEAR(locked.fx_n, -mu * fz, 1e-9 * mu * fz);
    EXPECT_NEAR(locked.fy_n, 0.0, 1e-9);
    // Sliding sideways at 45 degrees (wheel locked): the force lies along the slide, its lateral
    // part scaled by cfy.
    const double v = 20.0 / std::sqrt(2.0);
    const double mu45 = (b.sliding_friction + (b.static_friction - b.sliding_friction) * std::exp(-std::sqrt(20 / b.stribeck_speed_m_per_s))) *
                        std::cbrt(b.reference_pressure_bar / p);
    const BrushForce slide = brush_force(b, t.radius_m, t.width_m, t.aspect_ratio, fz, {0.0, v, v}, 0.0, 1.0);
    EXPECT_NEAR(slide.fx_n, -mu45 * fz / std::sqrt(2.0), 1e-9 * fz);
    EXPECT_NEAR(slide.fy_n, -b.lateral_force_factor * mu45 * fz / std::sqrt(2.0), 1e-6 * fz);
    // The static peak: mus (p / p0)^(-1/3) Fz.
    EXPECT_NEAR(tyre_peak_force(t, fz, 1.0).fx_n, b.static_friction * std::cbrt(b.reference_pressure_bar / p) * fz, 1e-9 * fz);
}

TEST(BrushTyre, PhysicalSignsInTractivesAxes) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const TyreSpec t = touring(".tirep");
    const auto at = [&](double kappa, double alpha, double gamma) {
        TyreSlip s;
        s.slip_ratio = kappa;
        s.slip_angle_rad = alpha;
        s.inclination_rad = gamma;
        s.forward_speed_m_per_s = 20.0;
        s.slip_denominator_m_per_s = 20.0;
        return tyre_force(t, s, 4000, 1.0);
    };
    EXPECT_GT(at(0.03, 0, 0).fx_n, 0.0);
    EXPECT_LT(at(-0.03, 0, 0).fx_n, 0.0);
    EXPECT_GT(at(0.0, 0, 0).dfx_dslip_ratio, 0.0);
    EXPECT_LT(at(0, 0.03, 0).fy_n, 0.0);
    EXPECT_LT(at(0, 0.0, 0).dfy_dslip_angle_per_rad, 0.0);
    EXPECT_GT(at(0, 0.03, 0).mz_nm, 0.0);  // aligning
    EXPECT_GT(at(0, 0.001, 0.05).fy_n, at(0, 0.001, 0.0).fy_n);  // leaning left pushes left
    // Mirror symmetric: Fy(-alpha, -gamma) = -Fy(alpha, gamma).
    EXPECT_NEAR(at(0.02, -0.04, -0.03).fy_n, -at(0.02, 0.04, 0.03).fy_n, 1e-9 * std::abs(at(0.02, 0.04, 0.03).fy_n));
    // The force grows with slip to a peak below the static friction force, then falls as the
    // tread slides faster (mus 1.65 over muc 0.96): at kappa = 1 (20 m/s of sliding) it is the
    // sliding force mu(20 m/s) Fz.
    double peak = 0.0;
    for (double kappa = 0.0; kappa < 1.0; kappa += 0.005) peak = std::max(peak, at(kappa, 0, 0).fx_n);
    EXPECT_LE(peak, tyre_peak_force(t, 4000, 1.0).fx_n * (1 + 1e-9));
    const double spinning = at(1.0, 0, 0).fx_n;
    EXPECT_LT(spinning, 0.9 * peak);
    const BrushForce locked = brush_force(t.brush, t.radius_m, t.width_m, t.aspect_ratio, 4000, {0.0, 20.0, 0.0}, 0.0, 1.0);
    EXPECT_NEAR(spinning, -locked.fx_n, 1e-6 * spinning);
}

// Any slip, load, camber and speed gives finite forces and slopes (never NaN), and no force
// without load: slips from locked to spinning at ten times the road speed, reversing, near
// standstill, loads from 0 to 100 kN, camber to 30 degrees.
TEST(VDriftTyreModels, FiniteForEveryInput) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    for (const char* ending : {".tiren", ".tirep"}) {
        const TyreSpec t = touring(ending);
        for (const double speed : {-30.0, -1.0, 0.0, 0.2, 1.0, 40.0, 150.0}) {
            for (const double kappa : {-1.0, -0.3, -1e-9, 0.0, 0.05, 1.0, 10.0}) {
                for (const double alpha : {-1.5, -0.2, 0.0, 1e-6, 0.3, 1.5}) {
                    for (const double gamma : {-0.5, 0.0, 0.1}) {
                        for (const double fz : {0.0, 1.0, 4000.0, 1e5}) {
                            TyreSlip s;
                            s.slip_ratio = kappa;
                            s.slip_angle_rad = alpha;
                            s.inclination_rad = gamma;
                            s.forward_speed_m_per_s = speed;
                            s.slip_denominator_m_per_s = std::max(std::abs(speed), 1.0);
                            const TyreForce f = tyre_force(t, s, fz, 1.0);
                            const TyrePeak p = tyre_peak_force(t, fz, 1.0);
                            const bool finite = std::isfinite(f.fx_n) && std::isfinite(f.fy_n) && std::isfinite(f.mz_nm) &&
                                                std::isfinite(f.dfx_dslip_ratio) && std::isfinite(f.dfy_dslip_angle_per_rad) &&
                                                std::isfinite(p.fx_n) && std::isfinite(p.fy_n);
                            ASSERT_TRUE(finite) << ending << " v " << speed << " kappa " << kappa << " alpha " << alpha
                                                << " gamma " << gamma << " fz " << fz;
                            if (fz == 0.0) {
                                EXPECT_EQ(f.fx_n, 0.0);
                            }
                        }
                    }
                }
            }
        }
    }
}

// Through zero slip the brush tyre has the stiffness its own parameters give (issue 24; VDrift's
// four Newton steps gave a force growing like the root of the slip there): with the whole patch
// sticking, Fx = 2 W ktx a kappa with W = width a 1e5 (the patch's area scale), and
// Fy = -cfy 2 W kty a alpha / (1 + (4/3) W kty / kcb), the carcass giving way under it.
TEST(BrushTyre, ThroughZeroSlipItHasTheStiffnessOfItsBristles) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const TyreSpec t = touring(".tirep");
    const BrushTyreParameters& b = t.brush;
    const double fz = 4000;
    const double cf = 0.28 * std::sqrt(2 * (1.03 - 0.4 * t.aspect_ratio) * t.width_m * t.radius_m);
    const double dz = fz / (9.81 * (1e5 * b.pressure_bar * cf + 3450));
    ASSERT_GT(dz, b.reference_deflection_m);  // the full width in contact
    const double a = 0.3 * (dz + 2.25 * std::sqrt(t.radius_m * dz));
    const double w = t.width_m * a * 1e5;
    const double cx = 2.0 * w * b.tread_stiffness_x_bar_per_m * a;
    const double cy = b.lateral_force_factor * 2.0 * w * b.tread_stiffness_y_bar_per_m * a /
                      (1.0 + 4.0 / 3.0 * w * b.tread_stiffness_y_bar_per_m / b.carcass_stiffness_n_per_m);
    for (const double slip : {1e-4, 1e-5, 1e-6}) {
        TyreSlip s;
        s.forward_speed_m_per_s = s.slip_denominator_m_per_s = 20.0;
        s.slip_ratio = slip;
        EXPECT_NEAR(tyre_force(t, s, fz, 1.0).fx_n / slip, cx, 2e-3 * cx) << slip;
        s.slip_ratio = 0.0;
        s.slip_angle_rad = slip;
        EXPECT_NEAR(-tyre_force(t, s, fz, 1.0).fy_n / slip, cy, 2e-3 * cy) << slip;
    }
}
