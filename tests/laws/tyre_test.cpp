// Tyre laws: Pacejka '89 (VDrift/Genta layout) against ../shared/docs/VALIDATION.md section 2, and
// the tyre_force conventions of laws/tyre.hpp (ISO axes, friction curves, size factor).
#include "tractive/laws/tyre.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/tyre_pacejka.hpp"

using namespace tractive;

namespace {

constexpr double kRadPerDeg = std::numbers::pi / 180.0;

// carparts/tire/touring.tire, typed in (a111, a112, a12, a13 in a[11..14]).
PacejkaCoefficients touring_coefficients() {
    PacejkaCoefficients p;
    p.a = {1.55, -55, 1350, 1400, 7.2, 0.014, -0.24, 1.0, -0.09, 0, 0, -0.90, -0.25, 0, 0};
    p.b = {1.60, -75, 1600, 23.3, 410, 0.075, 0, 0.055, -0.024, 0, 0};
    p.c = {2.2,   -4.3, -4.4, -1.9,  -9.6,   0.0225, 0,    0.044, -0.58,
           0.18,  0.043, 0.048, -0.0035, -0.18, 0.14, -1.029, 0.27, -1.1};
    p.gy1 = 11.14388;
    p.gy2 = 10.14162;
    p.gx1 = 24.8565;
    p.gx2 = 22.43545;
    return p;
}

// The touring tyre without a size reference (size factor 1).
TyreSpec touring_tyre() {
    TyreSpec t;
    t.model = TyreModel::Pacejka89;
    t.pacejka = touring_coefficients();
    t.radius_m = 0.31265;
    t.width_m = 0.215;
    t.aspect_ratio = 0.45;
    return t;
}

TyreSpec curve_tyre() {
    TyreSpec t;
    t.model = TyreModel::FrictionCurve;
    t.friction_curves.longitudinal = PiecewiseLinear({-1.0, -0.15, 0.0, 0.15, 1.0}, {-0.8, -1.0, 0.0, 1.0, 0.8});
    // The seed's example lateral curve (x: tan(alpha)).
    t.friction_curves.lateral = PiecewiseLinear({-0.3, -0.1, 0.0, 0.1, 0.3}, {-0.75, -0.85, 0.0, 0.85, 0.75});
    return t;
}

TyreSpec xs_front_tyre() { return load_car(test::vdrift_data() / "cars/XS/XS.car").spec.wheels[FL].tyre; }

TyreSlip slip(double kappa, double alpha_deg, double gamma_deg = 0.0) {
    return {kappa, alpha_deg * kRadPerDeg, gamma_deg * kRadPerDeg};
}

void expect_rel(double actual, double expected, double rel, const char* what) {
    EXPECT_NEAR(actual, expected, std::abs(expected) * rel) << what;
}

// VDrift's contact-patch friction estimate, written out again independently of src/laws/tyre.cpp.
double patch_mu(double r, double w, double ar, double pt, double fz) {
    const double tread_width = (1.03 - 0.4 * ar) * w;
    const double carcass = 0.28 * std::sqrt(2.0 * tread_width * r);
    const double stiffness = 9.81 * (1e5 * pt * carcass + 3450.0);
    const double deflection = fz / stiffness;
    const double half_length = 0.3 * (deflection + 2.25 * std::sqrt(r * deflection));
    const double pressure = fz / (2.0 * half_length * tread_width);
    return 100.0 * std::pow(pressure, -1.0 / 3.0);
}

double max_fy_over_alpha(const PacejkaCoefficients& p, double fz_kn, double scale) {
    double best = 0.0;
    for (int i = 0; i <= 30000; ++i) best = std::max(best, pacejka_fy_n(p, i * 0.001, fz_kn, 0.0, scale));
    return best;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Pacejka '89 formulas

TEST(PacejkaTouring, LoadedCoefficientsAreTheTouringTyre) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    EXPECT_EQ(xs_front_tyre().pacejka, touring_coefficients());
}

TEST(PacejkaTouring, OracleTable) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const PacejkaCoefficients p = xs_front_tyre().pacejka;
    struct Row {
        double fz_kn, fy1, fy4, fx5, fx10, mz2;
    };
    // Reference evaluation (Python) of the same formulas, for 1e-6 relative.
    const Row exact[] = {
        {3, 968.2460195194371, 2872.940745726726, 3724.3504183227187, 4115.405328258408, -51.8259831546411},
        {4, 1163.772817944237, 3598.0441814205506, 4724.481575434468, 5187.158941669439, -83.64803960464434}};
    for (const Row& r : exact) {
        expect_rel(pacejka_fy_n(p, 1.0, r.fz_kn, 0.0, 1.0), r.fy1, 1e-6, "Fy(1 deg)");
        expect_rel(pacejka_fy_n(p, 4.0, r.fz_kn, 0.0, 1.0), r.fy4, 1e-6, "Fy(4 deg)");
        expect_rel(pacejka_fx_n(p, 5.0, r.fz_kn, 1.0), r.fx5, 1e-6, "Fx(5 %)");
        expect_rel(pacejka_fx_n(p, 10.0, r.fz_kn, 1.0), r.fx10, 1e-6, "Fx(10 %)");
        expect_rel(pacejka_mz_nm(p, 2.0, r.fz_kn, 0.0, 1.0), r.mz2, 1e-6, "Mz(2 deg)");
    }
    // VALIDATION.md section 2 as printed, to the digits it gives.
    const Row table[] = {{3, 968.246, 2872.941, 3724.350, 4115.405, -51.83},
                         {4, 1163.773, 3598.044, 4724.482, 5187.159, -83.648}};
    for (const Row& r : table) {
        EXPECT_NEAR(pacejka_fy_n(p, 1.0, r.fz_kn, 0.0, 1.0), r.fy1, 5e-4);
        EXPECT_NEAR(pacejka_fy_n(p, 4.0, r.fz_kn, 0.0, 1.0), r.fy4, 5e-4);
        EXPECT_NEAR(pacejka_fx_n(p, 5.0, r.fz_kn, 1.0), r.fx5, 5e-4);
        EXPECT_NEAR(pacejka_fx_n(p, 10.0, r.fz_kn, 1.0), r.fx10, 5e-4);
        EXPECT_NEAR(pacejka_mz_nm(p, 2.0, r.fz_kn, 0.0, 1.0), r.mz2, r.fz_kn == 3 ? 5e-3 : 5e-4);
    }
}

TEST(PacejkaTouring, FyPeakEqualsD) {
    // Closed form independent of B and E: max over alpha of Fy is D = (a1 Fz + a2) Fz (C > 1, Sv = 0
    // at zero camber since a12 = a13 = 0).
    const PacejkaCoefficients p = touring_coefficients();
    EXPECT_NEAR(max_fy_over_alpha(p, 4.0, 1.0), 4520.0, 0.5);
    EXPECT_NEAR(max_fy_over_alpha(p, 4.0, 0.6), 0.6 * 4520.0, 0.5) << "friction_factor multiplies D";
}

TEST(PacejkaTouring, LoadClampAndNoLoad) {
    const PacejkaCoefficients p = touring_coefficients();
    EXPECT_EQ(pacejka_fy_n(p, 4.0, 45.0, 0.0, 1.0), pacejka_fy_n(p, 4.0, 30.0, 0.0, 1.0));
    EXPECT_EQ(pacejka_fx_n(p, 5.0, 45.0, 1.0), pacejka_fx_n(p, 5.0, 30.0, 1.0));
    EXPECT_EQ(pacejka_mz_nm(p, 2.0, 45.0, 0.0, 1.0), pacejka_mz_nm(p, 2.0, 30.0, 0.0, 1.0));
    for (const double fz : {0.0, -1.0, std::numeric_limits<double>::quiet_NaN()}) {
        EXPECT_EQ(pacejka_fx_n(p, 5.0, fz, 1.0), 0.0);
        EXPECT_EQ(pacejka_fy_n(p, 4.0, fz, 0.0, 1.0), 0.0);
        EXPECT_EQ(pacejka_mz_nm(p, 2.0, fz, 0.0, 1.0), 0.0);
    }
}

TEST(PacejkaTouring, NoNanForExtremeFiniteInputs) {
    PacejkaCoefficients zero_c = touring_coefficients();
    zero_c.a[0] = zero_c.b[0] = zero_c.c[0] = 0.0;  // C = 0: B would divide by zero
    PacejkaCoefficients zero_d = touring_coefficients();
    zero_d.a[1] = zero_d.a[2] = zero_d.b[1] = zero_d.b[2] = zero_d.c[1] = zero_d.c[2] = 0.0;  // D = 0
    const double big = std::numeric_limits<double>::max();
    for (const PacejkaCoefficients& p : {touring_coefficients(), zero_c, zero_d}) {
        for (const double s : {-big, -1e9, -100.0, 0.0, 1e-300, 3.0, 1e9, big}) {
            for (const double fz : {1e-300, 1e-9, 0.5, 4.0, 30.0, big}) {
                for (const double g : {-big, -5.0, 0.0, 5.0, big}) {
                    for (const double scale : {0.0, 1e-300, 1.0, 1e3}) {
                        EXPECT_TRUE(std::isfinite(pacejka_fx_n(p, s, fz, scale))) << s << ' ' << fz << ' ' << scale;
                        EXPECT_FALSE(std::isnan(pacejka_fy_n(p, s, fz, g, scale))) << s << ' ' << fz << ' ' << g;
                        EXPECT_FALSE(std::isnan(pacejka_mz_nm(p, s, fz, g, scale))) << s << ' ' << fz << ' ' << g;
                    }
                }
            }
        }
    }
    EXPECT_EQ(pacejka_fx_n(zero_c, 5.0, 4.0, 1.0), 0.0);
    EXPECT_EQ(pacejka_fx_n(zero_d, 5.0, 4.0, 1.0), 0.0);
}

TEST(PacejkaTouring, CombinedWeights) {
    const PacejkaCoefficients p = touring_coefficients();
    const CombinedSlipWeights pure = pacejka_combined_weights(p, 0.0, 0.0);
    EXPECT_EQ(pure.gx, 1.0);
    EXPECT_EQ(pure.gy, 1.0);
    const double kappa = 0.1, alpha = 0.05;
    const double bx = p.gx1 / std::sqrt(1.0 + std::pow(p.gx2 * kappa, 2));
    const double by = p.gy1 / std::sqrt(1.0 + std::pow(p.gy2 * alpha, 2));
    const CombinedSlipWeights w = pacejka_combined_weights(p, kappa, alpha);
    EXPECT_NEAR(w.gx, 1.0 / std::sqrt(1.0 + std::pow(bx * alpha, 2)), 1e-15);
    EXPECT_NEAR(w.gy, 1.0 / std::sqrt(1.0 + std::pow(by * kappa, 2)), 1e-15);
    const CombinedSlipWeights none = pacejka_combined_weights(PacejkaCoefficients{}, kappa, alpha);
    EXPECT_EQ(none.gx, 1.0);
    EXPECT_EQ(none.gy, 1.0);
}

// Bakker, Nyborg & Pacejka (1987), SAE 870421, the classic set (as tabulated in Wong, Theory of
// Ground Vehicles): lateral C = 1.30, D = a1 Fz^2 + a2 Fz (-22.1, 1011), BCD = a3 sin(a4 atan(a5 Fz))
// (1078, 1.82, 0.208), E = a6 Fz^2 + a7 Fz + a8 (0, -0.354, 0.707); longitudinal C = 1.65,
// D = b1 Fz^2 + b2 Fz (-21.3, 1144), BCD = (b3 Fz^2 + b4 Fz) exp(-b5 Fz) (49.6, 226, 0.069),
// E = b6 Fz^2 + b7 Fz + b8 (-0.006, 0.056, 0.486). Its longitudinal force is exactly the Genta
// layout. Its lateral BCD has the factor 1.82 where the Genta layout has 2, so Fy maps into the
// layout only at one load: at 4 kN, a4' = 4 / tan(1.82 atan(0.208 * 4) / 2) gives the same BCD.
TEST(PacejkaBakker1987, SecondOracleAt4kN) {
    const double fz = 4.0;
    PacejkaCoefficients p;
    p.a[0] = 1.30;
    p.a[1] = -22.1;
    p.a[2] = 1011;
    p.a[3] = 1078;
    p.a[4] = fz / std::tan(0.5 * 1.82 * std::atan(0.208 * fz));  // valid at 4 kN only
    p.a[6] = -0.354;
    p.a[7] = 0.707;
    p.b = {1.65, -21.3, 1144, 49.6, 226, 0.069, -0.006, 0.056, 0.486, 0, 0};
    expect_rel(pacejka_fy_n(p, 1.0, fz, 0.0, 1.0), 1009.378, 1e-6, "Fy(1 deg)");
    expect_rel(pacejka_fy_n(p, 4.0, fz, 0.0, 1.0), 3096.609, 1e-6, "Fy(4 deg)");
    expect_rel(pacejka_fx_n(p, 5.0, fz, 1.0), 3823.682, 1e-6, "Fx(5 %)");
}

// ---------------------------------------------------------------------------------------------
// tyre_force: Pacejka

TEST(TyrePacejka, SignConventions) {
    const TyreSpec t = touring_tyre();
    EXPECT_GT(tyre_force(t, slip(0.05, 0.0), 4000, 1.0).fx_n, 0.0) << "driving pushes forward";
    EXPECT_LT(tyre_force(t, slip(-0.05, 0.0), 4000, 1.0).fx_n, 0.0) << "braking pushes backward";
    const TyreForce left_slide = tyre_force(t, slip(0.0, 2.0), 4000, 1.0);
    EXPECT_LT(left_slide.fy_n, 0.0) << "patch sliding left: force to the right";
    EXPECT_GT(left_slide.mz_nm, 0.0) << "aligning moment turns the wheel toward its velocity";
    // Exactly VDrift's values with the sign flipped (pure slip: weights 1).
    EXPECT_DOUBLE_EQ(left_slide.fy_n, -pacejka_fy_n(t.pacejka, 2.0, 4.0, 0.0, 1.0));
    EXPECT_DOUBLE_EQ(left_slide.mz_nm, -pacejka_mz_nm(t.pacejka, 2.0, 4.0, 0.0, 1.0));
    EXPECT_DOUBLE_EQ(tyre_force(t, slip(0.05, 0.0), 4000, 1.0).fx_n, pacejka_fx_n(t.pacejka, 5.0, 4.0, 1.0));
}

TEST(TyrePacejka, OddInSlipAngleAtZeroCamber) {
    const TyreSpec t = touring_tyre();
    for (const double kappa : {0.0, 0.03, -0.2}) {
        for (const double a : {0.5, 2.0, 6.0, 20.0}) {
            const double plus = tyre_force(t, slip(kappa, a), 3500, 1.0).fy_n;
            const double minus = tyre_force(t, slip(kappa, -a), 3500, 1.0).fy_n;
            EXPECT_NEAR(minus, -plus, 1e-9 * std::abs(plus)) << "kappa " << kappa << " alpha " << a;
        }
    }
    EXPECT_EQ(tyre_force(t, slip(0.0, 0.0), 3500, 1.0).fy_n, 0.0);
}

TEST(TyrePacejka, CamberThrust) {
    // At alpha = 0, gamma < 0: VDrift's Sh = a8 gamma > 0 and Sv = (a111 Fz + a112) gamma Fz > 0 give
    // VDrift Fy > 0, so fy < 0: a left wheel with negative camber (top leaning toward the car's
    // centre, -y) pushes toward -y, the way it leans.
    const TyreSpec t = touring_tyre();
    const double fy = tyre_force(t, slip(0.0, 0.0, -2.0), 4000, 1.0).fy_n;
    EXPECT_LT(fy, 0.0);
    EXPECT_DOUBLE_EQ(fy, -pacejka_fy_n(t.pacejka, 0.0, 4.0, -2.0, 1.0));
    EXPECT_GT(tyre_force(t, slip(0.0, 0.0, 2.0), 4000, 1.0).fy_n, 0.0) << "right wheel, negative camber";
}

TEST(TyrePacejka, CombinedSlipReducesBothForces) {
    const TyreSpec t = touring_tyre();
    const double fx_pure = tyre_force(t, slip(0.1, 0.0), 4000, 1.0).fx_n;
    const double fy_pure = tyre_force(t, slip(0.0, 4.0), 4000, 1.0).fy_n;
    const TyreForce both = tyre_force(t, slip(0.1, 4.0), 4000, 1.0);
    EXPECT_GT(both.fx_n, 0.0);
    EXPECT_LT(both.fx_n, fx_pure);
    EXPECT_LT(both.fy_n, 0.0);
    EXPECT_LT(std::abs(both.fy_n), std::abs(fy_pure));
    const CombinedSlipWeights w = pacejka_combined_weights(t.pacejka, 0.1, 4.0 * kRadPerDeg);
    EXPECT_DOUBLE_EQ(both.fx_n, w.gx * fx_pure);
    EXPECT_DOUBLE_EQ(both.fy_n, w.gy * fy_pure);
    // Braking and sliding right: the weights use |kappa| and |alpha|.
    const TyreForce mirrored = tyre_force(t, slip(-0.1, -4.0), 4000, 1.0);
    const double fx_brake = tyre_force(t, slip(-0.1, 0.0), 4000, 1.0).fx_n;
    EXPECT_DOUBLE_EQ(mirrored.fx_n, w.gx * fx_brake);
    EXPECT_NEAR(mirrored.fy_n, -both.fy_n, 1e-9 * std::abs(both.fy_n));
}

TEST(TyrePacejka, NoLoadOrNanGivesZeroNeverNan) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    for (const TyreSpec& t : {touring_tyre(), curve_tyre()}) {
        for (const double fz : {0.0, -100.0, nan, inf, -inf}) {
            const TyreForce f = tyre_force(t, slip(0.1, 4.0, -1.0), fz, 1.0);
            EXPECT_EQ(f.fx_n, 0.0);
            EXPECT_EQ(f.fy_n, 0.0);
            EXPECT_EQ(f.mz_nm, 0.0);
            const TyrePeak peak = tyre_peak_force(t, fz, 1.0);
            EXPECT_EQ(peak.fx_n, 0.0);
            EXPECT_EQ(peak.fy_n, 0.0);
        }
        for (const TyreSlip s : {TyreSlip{nan, 0.0, 0.0}, TyreSlip{0.0, nan, 0.0}, TyreSlip{0.0, 0.0, inf}}) {
            const TyreForce f = tyre_force(t, s, 4000, 1.0);
            EXPECT_EQ(f.fx_n, 0.0);
            EXPECT_EQ(f.fy_n, 0.0);
            EXPECT_EQ(f.mz_nm, 0.0);
        }
        EXPECT_EQ(tyre_force(t, slip(0.1, 4.0), 4000, nan).fx_n, 0.0);
        EXPECT_EQ(tyre_force(t, slip(0.1, 4.0), 4000, 0.0).fy_n, 0.0);
        // Extreme but finite slips: finite forces.
        for (const double kappa : {-1.0, 1e6, -1e300}) {
            for (const double a : {-89.9, 0.0, 45.0, 89.999}) {
                const TyreForce f = tyre_force(t, slip(kappa, a, 10.0), 50000, 1.0);
                EXPECT_TRUE(std::isfinite(f.fx_n) && std::isfinite(f.fy_n) && std::isfinite(f.mz_nm));
            }
        }
    }
}

TEST(TyrePacejka, SurfaceFrictionScalesPeakNotStiffness) {
    const TyreSpec t = touring_tyre();
    const double mu = 0.5;
    // Small-slip stiffness (central difference at 0) is unchanged.
    const double h = 1e-5;
    auto fy_slope = [&](double m) {
        return (tyre_force(t, {0.0, h, 0.0}, 4000, m).fy_n - tyre_force(t, {0.0, -h, 0.0}, 4000, m).fy_n) / (2 * h);
    };
    auto fx_slope = [&](double m) {
        return (tyre_force(t, {h, 0.0, 0.0}, 4000, m).fx_n - tyre_force(t, {-h, 0.0, 0.0}, 4000, m).fx_n) / (2 * h);
    };
    expect_rel(fy_slope(mu), fy_slope(1.0), 1e-6, "cornering stiffness");
    expect_rel(fx_slope(mu), fx_slope(1.0), 1e-6, "longitudinal stiffness");
    // The peak scales exactly with the surface friction (D is multiplied by it).
    double fx_peak_dry = 0.0, fx_peak_wet = 0.0, fy_peak_dry = 0.0, fy_peak_wet = 0.0;
    for (int i = 0; i <= 20000; ++i) {
        fx_peak_dry = std::max(fx_peak_dry, tyre_force(t, slip(i * 1e-5, 0.0), 4000, 1.0).fx_n);
        fx_peak_wet = std::max(fx_peak_wet, tyre_force(t, slip(i * 1e-5, 0.0), 4000, mu).fx_n);
        fy_peak_dry = std::max(fy_peak_dry, -tyre_force(t, slip(0.0, i * 1e-3), 4000, 1.0).fy_n);
        fy_peak_wet = std::max(fy_peak_wet, -tyre_force(t, slip(0.0, i * 1e-3), 4000, mu).fy_n);
    }
    EXPECT_NEAR(fx_peak_dry, 5200.0, 0.5);
    EXPECT_NEAR(fx_peak_wet, mu * 5200.0, 0.5);
    EXPECT_NEAR(fy_peak_dry, 4520.0, 0.5);
    EXPECT_NEAR(fy_peak_wet, mu * 4520.0, 0.5);
    // Far past the peak the force is close to mu times the dry force (not exactly: B = BCD / (C D)
    // grows as D shrinks, which moves the curve to smaller slip).
    const double fx_dry = tyre_force(t, slip(1.0, 0.0), 4000, 1.0).fx_n;
    const double fx_wet = tyre_force(t, slip(1.0, 0.0), 4000, mu).fx_n;
    EXPECT_NEAR(fx_wet / fx_dry, mu, 0.15 * mu);
    const double fy_dry = tyre_force(t, slip(0.0, 30.0), 4000, 1.0).fy_n;
    const double fy_wet = tyre_force(t, slip(0.0, 30.0), 4000, mu).fy_n;
    EXPECT_NEAR(fy_wet / fy_dry, mu, 0.15 * mu);
}

TEST(TyrePacejka, PeakForce) {
    const TyreSpec t = touring_tyre();
    const TyrePeak peak = tyre_peak_force(t, 4000, 1.0);
    EXPECT_NEAR(peak.fy_n, 4520.0, 1e-9);            // (a1 Fz + a2) Fz = (-220 + 1350) 4
    EXPECT_NEAR(peak.fx_n, 5200.0, 1e-9);            // (b1 Fz + b2) Fz = (-300 + 1600) 4
    EXPECT_NEAR(tyre_peak_force(t, 4000, 0.7).fy_n, 0.7 * 4520.0, 1e-9);
    const TyrePeak clamped = tyre_peak_force(t, 45000, 1.0);
    EXPECT_EQ(clamped.fx_n, tyre_peak_force(t, 30000, 1.0).fx_n) << "VDrift clamps Fz to 30 kN";
    EXPECT_NEAR(clamped.fy_n, 9000.0, 1e-9);          // |(-55 * 30 + 1350) 30|
}

// ---------------------------------------------------------------------------------------------
// Size factor

TEST(TyreSizeFactor, OneWithoutReferenceOrSize) {
    TyreSpec t = touring_tyre();
    EXPECT_EQ(tyre_size_friction_factor(t), 1.0);
    t.size_reference = TyreSizeReference{0.28, 0.20, 0.45, 2.2, 3500};
    t.width_m = 0.0;
    EXPECT_EQ(tyre_size_friction_factor(t), 1.0) << "size unknown";
    EXPECT_EQ(tyre_size_friction_factor(curve_tyre()), 1.0);
}

TEST(TyreSizeFactor, XsFrontTyre) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const TyreSpec t = xs_front_tyre();
    ASSERT_TRUE(t.size_reference.has_value());
    const TyreSizeReference& ref = *t.size_reference;
    EXPECT_EQ(ref, (TyreSizeReference{0.28, 0.20, 0.45, 2.2, 3500}));
    // 215/45 R17: r = 17 * 0.0254 / 2 + 0.215 * 0.45 = 0.31265 m.
    const double r = 17 * 0.5 * 0.0254 + 0.215 * 0.45;
    const double expected = patch_mu(r, 0.215, 0.45, 2.2, 3500) / patch_mu(0.28, 0.20, 0.45, 2.2, 3500);
    EXPECT_NEAR(expected, 1.0270021279708061, 1e-12);  // Python, same formula
    EXPECT_NEAR(tyre_size_friction_factor(t), expected, 1e-12);

    // Applied to a2 and b2 only, as VDrift does; not the same as scaling D.
    PacejkaCoefficients scaled = t.pacejka;
    scaled.a[2] *= expected;
    scaled.b[2] *= expected;
    const TyreForce f = tyre_force(t, slip(0.0, 4.0), 4000, 1.0);
    EXPECT_NEAR(f.fy_n, -pacejka_fy_n(scaled, 4.0, 4.0, 0.0, 1.0), 1e-9);
    EXPECT_NEAR(tyre_force(t, slip(0.1, 0.0), 4000, 1.0).fx_n, pacejka_fx_n(scaled, 10.0, 4.0, 1.0), 1e-9);
    const TyrePeak peak = tyre_peak_force(t, 4000, 1.0);
    EXPECT_NEAR(peak.fy_n, (-55.0 * 4 + 1350.0 * expected) * 4, 1e-9);
    EXPECT_NEAR(peak.fx_n, (-75.0 * 4 + 1600.0 * expected) * 4, 1e-9);
}

// ---------------------------------------------------------------------------------------------
// tyre_force: friction curves

TEST(TyreFrictionCurve, ValuesAndSigns) {
    const TyreSpec t = curve_tyre();
    const double fz = 3000, mu = 0.8;
    // kappa 0.075: mu_x = 0.5. tan(alpha) = 0.05: mu_y = 0.425, force to the right.
    const TyreForce f = tyre_force(t, {0.075, 0.0, 0.0}, fz, mu);
    EXPECT_NEAR(f.fx_n, 0.5 * fz * mu, 1e-9);
    EXPECT_EQ(f.fy_n, 0.0);
    const TyreForce g = tyre_force(t, {0.0, std::atan(0.05), 0.0}, fz, mu);
    EXPECT_NEAR(g.fy_n, -0.425 * fz * mu, 1e-9);
    EXPECT_EQ(g.mz_nm, 0.0) << "UC-win/Road gives no aligning moment";
    EXPECT_NEAR(tyre_force(t, {0.0, -std::atan(0.05), 0.0}, fz, mu).fy_n, 0.425 * fz * mu, 1e-9);
    EXPECT_NEAR(tyre_force(t, {-0.5, 0.0, 0.0}, fz, mu).fx_n, (-1.0 + 0.2 * 0.35 / 0.85) * fz * mu, 1e-9);
    // Combined, inside the circle: unchanged components.
    const TyreForce small = tyre_force(t, {0.03, std::atan(0.02), 0.0}, fz, mu);
    EXPECT_NEAR(small.fx_n, 0.2 * fz * mu, 1e-9);
    EXPECT_NEAR(small.fy_n, -0.17 * fz * mu, 1e-9);
}

TEST(TyreFrictionCurve, FrictionCircleLimit) {
    const TyreSpec t = curve_tyre();
    const double fz = 3000, mu = 0.8;
    // mu_x = 1.0 and mu_y = 0.85 together exceed the larger peak (1.0): scaled onto the circle,
    // keeping the direction.
    const TyreForce f = tyre_force(t, {0.15, std::atan(0.1), 0.0}, fz, mu);
    EXPECT_NEAR(std::hypot(f.fx_n, f.fy_n), 1.0 * fz * mu, 1e-9);
    EXPECT_NEAR(f.fy_n / f.fx_n, -0.85 / 1.0, 1e-12);
}

TEST(TyreFrictionCurve, PeakForce) {
    const TyrePeak peak = tyre_peak_force(curve_tyre(), 3000, 0.8);
    EXPECT_NEAR(peak.fx_n, 1.0 * 3000 * 0.8, 1e-9);
    EXPECT_NEAR(peak.fy_n, 0.85 * 3000 * 0.8, 1e-9);
}

// The law's slopes (used by the step to treat the tyre force implicitly) against central
// differences of the force, for pure slip, across the curve: before, at and past the peak, both
// signs, with camber (Fy) and on a lower-friction surface.
TEST(TyreSlopes, PacejkaSlopesMatchFiniteDifferences) {
    const TyreSpec t = touring_tyre();
    for (const double surface : {1.0, 0.6}) {
        for (const double kappa : {-0.5, -0.12, -0.03, 0.0, 0.01, 0.05, 0.1, 0.3}) {
            const double d = 1e-6;
            const double numeric = (tyre_force(t, slip(kappa + d, 0.0), 4000, surface).fx_n -
                                    tyre_force(t, slip(kappa - d, 0.0), 4000, surface).fx_n) / (2.0 * d);
            const double analytic = tyre_force(t, slip(kappa, 0.0), 4000, surface).dfx_dslip_ratio;
            EXPECT_NEAR(analytic, numeric, 1e-5 * std::abs(numeric) + 1e-2) << "kappa " << kappa;
        }
        for (const double alpha_deg : {-12.0, -4.0, -1.0, 0.0, 0.5, 2.0, 6.0, 20.0}) {
            for (const double gamma_deg : {0.0, -2.0}) {
                const double d = 1e-7;
                const auto fy = [&](double a) { return tyre_force(t, TyreSlip{0.0, a, gamma_deg * kRadPerDeg}, 4000, surface).fy_n; };
                const double a = alpha_deg * kRadPerDeg;
                const double numeric = (fy(a + d) - fy(a - d)) / (2.0 * d);
                const double analytic =
                    tyre_force(t, TyreSlip{0.0, a, gamma_deg * kRadPerDeg}, 4000, surface).dfy_dslip_angle_per_rad;
                EXPECT_NEAR(analytic, numeric, 1e-5 * std::abs(numeric) + 1.0) << "alpha " << alpha_deg;
            }
        }
    }
    // Cornering stiffness at zero slip is the formula's BCD (per degree) in N/rad, and the force
    // opposes the slip: negative.
    EXPECT_LT(tyre_force(t, slip(0.0, 0.0), 4000, 1.0).dfy_dslip_angle_per_rad, -10000.0);
    EXPECT_GT(tyre_force(t, slip(0.0, 0.0), 4000, 1.0).dfx_dslip_ratio, 10000.0);
}

TEST(TyreSlopes, FrictionCurveSlopesAreTheSegmentSlopes) {
    const TyreSpec t = curve_tyre();
    // mu_x rises 0 -> 1.0 over kappa 0 -> 0.15: slope 1 / 0.15 times the load.
    EXPECT_NEAR(tyre_force(t, slip(0.05, 0.0), 4000, 1.0).dfx_dslip_ratio, 4000.0 / 0.15, 1e-6);
    EXPECT_NEAR(tyre_force(t, slip(0.5, 0.0), 4000, 1.0).dfx_dslip_ratio, 4000.0 * (0.8 - 1.0) / 0.85, 1e-6);
    // mu_y(tan alpha) rises 0 -> 0.85 over tan alpha 0 -> 0.1; Fy = -mu_y Fz, d/dalpha adds 1 + tan^2.
    const double a = std::atan(0.05);
    EXPECT_NEAR(tyre_force(t, TyreSlip{0.0, a, 0.0}, 4000, 1.0).dfy_dslip_angle_per_rad,
                -4000.0 * 8.5 * (1.0 + 0.05 * 0.05), 1e-6);
    EXPECT_EQ(t.friction_curves.longitudinal.slope(2.0), 0.0);  // held beyond the last point
}

TEST(TyreStiction, FullBelowNoneAboveLinearBetween) {
    EXPECT_EQ(tractive::tyre_stiction_weight(0.0), 1.0);
    EXPECT_EQ(tractive::tyre_stiction_weight(tractive::kTyreStictionFull_m_per_s), 1.0);
    EXPECT_DOUBLE_EQ(tractive::tyre_stiction_weight(0.65), 0.5);
    EXPECT_EQ(tractive::tyre_stiction_weight(tractive::kTyreStictionNone_m_per_s), 0.0);
    EXPECT_EQ(tractive::tyre_stiction_weight(30.0), 0.0);
}
