// The .tir Magic Formula tyre (io/tir_loader.hpp, laws/tyre_magic_formula.hpp). Its values are
// checked against an independent evaluation of the published equations by the ctest
// MagicFormula.MatchesTheIndependentReference (tests/reference); here: loading, units, defaults,
// refusals, and the law's properties.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <numbers>
#include <string>

#include "tractive/io/tir_loader.hpp"
#include "tractive/io/text_file.hpp"
#include "tractive/laws/tyre.hpp"
#include "tractive/laws/tyre_magic_formula.hpp"

namespace tractive {
namespace {

namespace fs = std::filesystem;
const fs::path kTir = fs::path(TRACTIVE_TEST_DATA) / "tir";
constexpr double kDeg = std::numbers::pi / 180.0;

MagicFormulaTyre mf61() { return load_tir(kTir / "mf61_205_55R16.tir").tyre.magic_formula; }
MagicFormulaTyre pac2002() { return load_tir(kTir / "pac2002_195_65R15.tir").tyre.magic_formula; }

TEST(TirLoader, ReadsTheFamilyDimensionsAndCoefficients) {
    const LoadedTir t = load_tir(kTir / "mf61_205_55R16.tir");
    EXPECT_EQ(t.tyre.model, TyreModel::MagicFormula);
    const MagicFormulaTyre& m = t.tyre.magic_formula;
    EXPECT_EQ(m.family, MagicFormulaFamily::Mf61);
    EXPECT_EQ(m.fit_type, 61);
    EXPECT_DOUBLE_EQ(m.unloaded_radius_m, 0.3165);
    EXPECT_DOUBLE_EQ(t.tyre.radius_m, 0.3165);
    EXPECT_DOUBLE_EQ(m.nominal_load_n, 4500.0);
    EXPECT_DOUBLE_EQ(m.nominal_pressure_pa, 230000.0);
    EXPECT_DOUBLE_EQ(m.inflation_pressure_pa, 250000.0);
    EXPECT_DOUBLE_EQ(t.tyre.rotational_inertia_kgm2, 0.71);
    EXPECT_DOUBLE_EQ(m.c[mf::LMUX], 0.95);
    EXPECT_DOUBLE_EQ(m.c[mf::PKY1], -18.5);
    const MagicFormulaTyre p = pac2002();
    EXPECT_EQ(p.family, MagicFormulaFamily::Pac2002);
    EXPECT_EQ(p.fit_type, 0);  // PROPERTY_FILE_FORMAT 'PAC2002', no FITTYP
}

// The same tyre in millimetres: the dimensional keys convert, the coefficients do not.
TEST(TirLoader, ConvertsTheFilesUnits) {
    const MagicFormulaTyre m = pac2002();
    const MagicFormulaTyre mm = load_tir(kTir / "pac2002_195_65R15_mm.tir").tyre.magic_formula;
    EXPECT_NEAR(mm.unloaded_radius_m, m.unloaded_radius_m, 1e-12);
    EXPECT_NEAR(mm.width_m, m.width_m, 1e-12);
    EXPECT_NEAR(mm.reference_speed_m_per_s, m.reference_speed_m_per_s, 1e-12);
    EXPECT_NEAR(mm.vertical_stiffness_n_per_m, m.vertical_stiffness_n_per_m, 1e-6);
    EXPECT_EQ(mm.c, m.c);
}

std::string minimal(const std::string& extra_model, const std::string& extra = "") {
    return "[MODEL]\nFITTYP = 61\n" + extra_model + "[DIMENSION]\nUNLOADED_RADIUS = 0.3\n[VERTICAL]\nFNOMIN = 4000\n" + extra;
}

TEST(TirLoader, AbsentCoefficientsAreZeroScaleFactorsOneAndPky4Two) {
    const MagicFormulaTyre m = load_tir_from_text(minimal(""), "m.tir").tyre.magic_formula;
    EXPECT_EQ(m.c[mf::PDX1], 0.0);
    EXPECT_EQ(m.c[mf::LMUY], 1.0);
    EXPECT_EQ(m.c[mf::PKY4], 2.0);
    EXPECT_DOUBLE_EQ(m.reference_speed_m_per_s, 16.7);
    const MagicFormulaTyre p = load_tir_from_text("[MODEL]\nFITTYP = 6\n[DIMENSION]\nUNLOADED_RADIUS = 0.3\nFNOMIN = 4000\n", "p.tir")
                                   .tyre.magic_formula;
    EXPECT_EQ(p.c[mf::PKY4], 0.0);  // not an MF 5.2 coefficient
}

// Refused with the file, the line where there is one, and the key.
TEST(TirLoader, RefusesWhatItCannotEvaluate) {
    const struct {
        std::string text;
        const char* key;
        int line;
        const char* needle;
    } cases[] = {
        {"[MODEL]\nFITTYP = 5\n[DIMENSION]\nUNLOADED_RADIUS = 0.3\nFNOMIN = 4000\n", "FITTYP", 2, "expected 61 or 62"},
        {"[MODEL]\nPROPERTY_FILE_FORMAT = 'PAC89'\n[DIMENSION]\nUNLOADED_RADIUS = 0.3\nFNOMIN = 4000\n", "FITTYP", 2,
         "PROPERTY_FILE_FORMAT 'PAC89'"},
        {"[MODEL]\nFITTYP = 61\n[VERTICAL]\nFNOMIN = 4000\n", "UNLOADED_RADIUS", 0, "missing"},
        {"[MODEL]\nFITTYP = 61\n[DIMENSION]\nUNLOADED_RADIUS = 0.3\n", "FNOMIN", 0, "missing"},
        {"[UNITS]\nANGLE = 'degrees'\n" + minimal(""), "UNITS.ANGLE", 2, "only radians"},
        {"[UNITS]\nLENGTH = 'furlong'\n" + minimal(""), "UNITS.LENGTH", 2, "unknown unit"},
        {minimal("LONGVL = 'fast'\n"), "LONGVL", 3, "expected a number"},
        {minimal("", "[LATERAL_COEFFICIENTS]\nPPY1 = 0.5\n"), "NOMPRES", 0, "missing: the file has pressure coefficients"},
        {minimal("NOMPRES = 0\n", "[LATERAL_COEFFICIENTS]\nPPY1 = 0.5\n"), "NOMPRES", 3, "0: the file has pressure coefficients"},
        {minimal("", "[SCALING_COEFFICIENTS]\nLMUY = 0\n"), "LMUY", 8, "positive scale factor"},
        {minimal("", "[LATERAL_COEFFICIENTS]\nPKY1 = -3e7\n"), "PKY1", 8, "finite number"},
        {minimal("", "[ROLLING_COEFFICIENTS]\nQSY7 = 40\n"), "QSY7", 8, "exponent between 0 and 10"},
        {"[MODEL]\nFITTYP = 61\n[DIMENSION]\nUNLOADED_RADIUS = 0.3\n[VERTICAL]\nFNOMIN = 4e7\n", "FNOMIN", 6, "SI units"},
        {minimal("", "[LATERAL_COEFFICIENTS]\nPTY1 = -2\n"), "PTY1", 8, "expected a number >= 0"},
        {minimal("", "[LATERAL_COEFFICIENTS]\nPTY1 = 2\nPTY2 = 0\n"), "PTY2", 9, "PTY2 divides the load"},
        {minimal("", "[SCALING_COEFFICIENTS]\nLSGAL = 0\n"), "LSGAL", 8, "positive scale factor"},
        {minimal("VERTICAL_STIFFNESS = 1e20\n"), "VERTICAL_STIFFNESS", 3, "at most 1000000000 N/m, got 1e+20 (plausible range) (in SI units)"},
        {minimal("VERTICAL_DAMPING = 1e308\n"), "VERTICAL_DAMPING", 3, "at most 1000000000 N s/m"},
        {minimal("NOMPRES = 2e5\nINFLPRES = 0\n"), "INFLPRES", 4, "expected a positive pressure"},
        // MF 6.1's My grows with the load as (Fz / FNOMIN)^QSY7: below 0 it grew without bound
        // as the load went to 0 (1.6e38 N m at 1 N with -10).
        {minimal("", "[ROLLING_COEFFICIENTS]\nQSY1 = 0.01\nQSY7 = -0.5\n"), "QSY7", 9, "exponent between 0 and 10"},
    };
    for (const auto& c : cases) {
        try {
            (void)load_tir_from_text(c.text, "bad.tir");
            ADD_FAILURE() << "accepted:\n" << c.text;
        } catch (const LoadError& e) {
            EXPECT_EQ(e.key(), c.key) << e.what();
            EXPECT_EQ(e.location().file, "bad.tir");
            EXPECT_EQ(e.location().line, c.line) << e.what();
            EXPECT_NE(std::string(e.what()).find(c.needle), std::string::npos) << e.what();
        }
    }
    // A load that is not positive, on its line.
    try {
        (void)load_tir_from_text("[MODEL]\nFITTYP = 61\n[DIMENSION]\nUNLOADED_RADIUS = 0.3\n[VERTICAL]\nFNOMIN = -3\n", "bad.tir");
        ADD_FAILURE() << "accepted a negative FNOMIN";
    } catch (const LoadError& e) {
        EXPECT_EQ(e.key(), "FNOMIN");
        EXPECT_EQ(e.location().line, 6);
    }
}

// What a file holds that is not used is said, at its line: a key in a second section (the first
// is used: coefficients are found by name in any section), and MF 6.1's terms in an MF 5.2 file,
// whose equations have no place for them. An MF 5.2 file's QSY7 (unused) may be negative.
TEST(TirLoader, SaysWhatItDoesNotUse) {
    const LoadedTir twice = load_tir_from_text(minimal("", "[LONGITUDINAL_COEFFICIENTS]\nPDY1 = 5\n[LATERAL_COEFFICIENTS]\nPDY1 = 1.1\n"), "twice.tir");
    EXPECT_EQ(twice.tyre.magic_formula.c[mf::PDY1], 5.0);
    ASSERT_EQ(twice.warnings.size(), 1u);
    EXPECT_EQ(twice.warnings[0].location.line, 10);
    EXPECT_EQ(twice.warnings[0].to_string(), "twice.tir:10: 'PDY1': also in [LONGITUDINAL_COEFFICIENTS] at line 8: that first one is used, this one ignored");
    const std::string pac2002 = "[MODEL]\nFITTYP = 6\n[DIMENSION]\nUNLOADED_RADIUS = 0.3\n[VERTICAL]\nFNOMIN = 4000\n";
    const LoadedTir extended = load_tir_from_text(pac2002 + "NOMPRES = 2e5\n[LATERAL_COEFFICIENTS]\nPPY3 = 0.1\n[ROLLING_COEFFICIENTS]\nQSY7 = -0.8\n", "p.tir");
    ASSERT_EQ(extended.warnings.size(), 1u);
    EXPECT_EQ(extended.warnings[0].to_string(),
              "p.tir:9: 'PPY3': PPY3, QSY7, NOMPRES: MF 6.1 terms in an MF 5.2 (PAC2002) file, whose equations have no place for them: "
              "read and not used (the tyre has no pressure dependence)");
    EXPECT_TRUE(load_tir_from_text(pac2002, "plain.tir").warnings.empty());
    EXPECT_TRUE(load_tir(kTir / "pac2002_195_65R15.tir").warnings.empty()) << load_tir(kTir / "pac2002_195_65R15.tir").warnings[0].to_string();
    EXPECT_TRUE(load_tir(kTir / "mf61_205_55R16.tir").warnings.empty()) << load_tir(kTir / "mf61_205_55R16.tir").warnings[0].to_string();
}

// The lateral relaxation length: MF 5.2's PTY1 sin(2 atan(Fz / (PTY2 Fz0))) R0 where the file
// gives PTY1 (the PAC2002 test file: PTY1 1.2, PTY2 2.5, R0 0.3175 m, FNOMIN 4800 N, LFZO and
// LSGAL 1), MF 6.1's |Kya| / C_Fy with its LATERAL_STIFFNESS otherwise (the MF 6.1 test file:
// PKY1 -18.5, PKY2 1.75, PKY4 2, PPY1 0.45, PPY2 1.1, LKY 0.98 at INFLPRES 250 kPa against
// NOMPRES 230 kPa, C_Fy 160 kN/m), and 0 from neither (the step then takes the wheel's radius).
TEST(MagicFormulaLaw, LateralRelaxationLengthFromTheFile) {
    const MagicFormulaTyre p = pac2002();
    for (const double fz : {1500.0, 4800.0, 9000.0}) {
        const double expected = 1.2 * std::sin(2.0 * std::atan(fz / (2.5 * 4800.0))) * 0.3175;
        EXPECT_NEAR(magic_formula_lateral_relaxation_length_m(p, fz), expected, 1e-12) << fz;
    }
    const MagicFormulaTyre m = mf61();
    const double dpi = (250000.0 - 230000.0) / 230000.0;
    for (const double fz : {1500.0, 4500.0, 9000.0}) {
        const double kya = 18.5 * 4500.0 * (1.0 + 0.45 * dpi) *
                           std::sin(2.0 * std::atan(fz / 4500.0 / (1.75 * (1.0 + 1.1 * dpi)))) * 0.98;
        EXPECT_NEAR(magic_formula_lateral_relaxation_length_m(m, fz), kya / 160000.0, 1e-12) << fz;
    }
    MagicFormulaTyre neither = m;
    neither.lateral_stiffness_n_per_m = 0.0;
    EXPECT_EQ(magic_formula_lateral_relaxation_length_m(neither, 4500.0), 0.0);
    EXPECT_EQ(magic_formula_lateral_relaxation_length_m(p, 0.0), 0.0);
    TyreSpec tyre;
    tyre.model = TyreModel::MagicFormula;
    tyre.magic_formula = neither;
    EXPECT_EQ(tyre_lateral_relaxation_length_m(tyre, 4500.0, 0.31), 0.31);
}

// No load, no force; any finite input gives finite output (slips far past the data, loads far
// past FNOMIN, inclinations of 40 degrees).
TEST(MagicFormulaLaw, NoLoadNoForceAndFiniteForAnyInput) {
    for (const MagicFormulaTyre& t : {mf61(), pac2002()}) {
        MagicFormulaInput in;
        in.slip_ratio = 0.2;
        in.slip_angle_rad = 0.1;
        for (const double fz : {0.0, -100.0}) {
            in.fz_n = fz;
            const MagicFormulaForces f = magic_formula_force(t, in);
            EXPECT_EQ(f.fx_n, 0.0);
            EXPECT_EQ(f.fy_n, 0.0);
            EXPECT_EQ(f.mz_nm, 0.0);
        }
        for (const double fz : {1.0, 4000.0, 60000.0})
            for (const double kappa : {-50.0, -1.0, 0.0, 1e-12, 3.0, 50.0})
                for (const double alpha : {-89.0, -30.0, 0.0, 5.0, 89.0})
                    for (const double gamma : {-40.0, 0.0, 40.0}) {
                        in.fz_n = fz;
                        in.slip_ratio = kappa;
                        in.slip_angle_rad = alpha * kDeg;
                        in.inclination_rad = gamma * kDeg;
                        const MagicFormulaForces f = magic_formula_force(t, in);
                        for (const double v : {f.fx_n, f.fy_n, f.mz_nm, f.mx_nm, f.my_nm, f.dfx_dslip_ratio, f.dfy_dslip_angle_per_rad})
                            ASSERT_TRUE(std::isfinite(v)) << fz << " " << kappa << " " << alpha << " " << gamma;
                    }
    }
}

// Steady-state forces do not depend on the contact's speed (cos(alpha') is taken from alpha, so a
// standing tyre's moment is not lost); only the rolling resistance moment does, through
// QSY3 |Vx| / LONGVL + QSY4 (Vx / LONGVL)^4.
TEST(MagicFormulaLaw, ZeroSpeedGivesTheSteadyStateForces) {
    for (const MagicFormulaTyre& t : {mf61(), pac2002()}) {
        MagicFormulaInput in;
        in.fz_n = 4500.0;
        in.slip_ratio = 0.05;
        in.slip_angle_rad = 4.0 * kDeg;
        in.inclination_rad = 1.0 * kDeg;
        in.speed_m_per_s = 16.7;
        const MagicFormulaForces moving = magic_formula_force(t, in);
        in.speed_m_per_s = 0.0;
        const MagicFormulaForces standing = magic_formula_force(t, in);
        EXPECT_EQ(standing.fx_n, moving.fx_n);
        EXPECT_EQ(standing.fy_n, moving.fy_n);
        EXPECT_EQ(standing.mz_nm, moving.mz_nm);
        EXPECT_TRUE(std::isfinite(standing.my_nm));
        EXPECT_GT(std::abs(moving.my_nm), std::abs(standing.my_nm));  // QSY3, QSY4 > 0 in both files
    }
}

// A coefficient that divides by zero (PKY2 = 0: the cornering stiffness's load term becomes
// atan(infinity)) still gives finite forces, in both families. (The fuzzer found the NaN once
// sin(2 atan x) became 2 x / (1 + x^2).)
TEST(MagicFormulaLaw, FiniteWhenACoefficientDividesByZero) {
    for (const char* fittyp : {"61", "6"}) {
        const std::string text = std::string("[MODEL]\nFITTYP = ") + fittyp +
                                 "\n[DIMENSION]\nUNLOADED_RADIUS = 0.3\n[VERTICAL]\nFNOMIN = 4000\n"
                                 "[LATERAL_COEFFICIENTS]\nPCY1 = 1.3\nPDY1 = 1.0\nPKY1 = -15\nPKY2 = 0\n"
                                 "[ALIGNING_COEFFICIENTS]\nQBZ1 = 10\nQCZ1 = 1.1\nQDZ1 = 0.1\nQBZ10 = 0.5\nQDZ6 = 0.01\n";
        const MagicFormulaTyre t = load_tir_from_text(text, "zero.tir").tyre.magic_formula;
        MagicFormulaInput in;
        in.fz_n = 4000.0;
        in.slip_ratio = 0.1;
        in.slip_angle_rad = 0.2;
        in.inclination_rad = 0.05;
        const MagicFormulaForces f = magic_formula_force(t, in);
        EXPECT_TRUE(std::isfinite(f.fx_n) && std::isfinite(f.fy_n) && std::isfinite(f.mz_nm)) << fittyp;
    }
}

// The slopes the step's implicit rows use: dFx/dkappa and dFy/dalpha of the pure-slip curves (no
// combined-slip weight at zero of the other slip) against central differences.
TEST(MagicFormulaLaw, SlopesMatchTheCurves) {
    for (const MagicFormulaTyre& t : {mf61(), pac2002()}) {
        for (const double fz : {2000.0, 4500.0, 7000.0}) {
            for (const double s : {-0.3, -0.05, 0.0, 0.02, 0.1, 0.5}) {
                MagicFormulaInput in;
                in.fz_n = fz;
                const double h = 1e-6;
                const auto fx = [&](double k) { in.slip_ratio = k; return magic_formula_force(t, in); };
                const double numeric = (fx(s + h).fx_n - fx(s - h).fx_n) / (2 * h);
                EXPECT_NEAR(fx(s).dfx_dslip_ratio, numeric, 1e-5 * std::abs(numeric) + 1e-3) << fz << " " << s;
                in.slip_ratio = 0.0;
                const auto fy = [&](double a) { in.slip_angle_rad = a; return magic_formula_force(t, in); };
                const double numeric_y = (fy(s + h).fy_n - fy(s - h).fy_n) / (2 * h);
                EXPECT_NEAR(fy(s).dfy_dslip_angle_per_rad, numeric_y, 1e-5 * std::abs(numeric_y) + 1e-3) << fz << " " << s;
            }
        }
    }
}

// In tractive's axes (laws/tyre.hpp) a .tir tyre gives Fy < 0 for a positive slip angle, an
// aligning moment that turns the wheel towards its path, rolling resistance from QSY1, its
// surface's friction through LMUX / LMUY, and the peaks the static-friction bounds use.
TEST(MagicFormulaLaw, InTractivesAxes) {
    const TyreSpec tyre = load_tir(kTir / "mf61_205_55R16.tir").tyre;
    TyreSlip slip;
    slip.slip_angle_rad = 3.0 * kDeg;
    const TyreForce f = tyre_force(tyre, slip, 4500.0, 1.0);
    EXPECT_LT(f.fy_n, -2000.0);
    EXPECT_GT(f.mz_nm, 0.0);
    EXPECT_LT(f.dfy_dslip_angle_per_rad, 0.0);
    const TyreForce wet = tyre_force(tyre, slip, 4500.0, 0.5);
    EXPECT_GT(wet.fy_n, f.fy_n);  // less grip
    EXPECT_TRUE(tyre_mirrored_on_right(tyre));
    const double crr = tyre_rolling_resistance_coefficient(tyre, 4500.0, 1.0);
    EXPECT_NEAR(crr, tyre.magic_formula.c[mf::QSY1] * tyre.magic_formula.c[mf::LMY], 0.1 * tyre.magic_formula.c[mf::QSY1]);
    EXPECT_GT(crr, 0.0);
    const TyrePeak peak = tyre_peak_force(tyre, 4500.0, 1.0);
    EXPECT_GT(peak.fx_n, 0.8 * 4500.0);
    EXPECT_LT(peak.fx_n, 1.5 * 4500.0);
    EXPECT_GT(peak.fy_n, 0.8 * 4500.0);
}

}  // namespace
}  // namespace tractive
