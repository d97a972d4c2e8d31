// The four wheels' tyre laws in one call (laws/tyre_lanes.hpp): four .tir, VDrift Pacejka '89 or
// Pacejka 2002 tyres side by side in AVX2 lanes against the same four one by one; the slip angles,
// relaxation weights and what the tyres give at their loads alike.
#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <filesystem>
#include <cstdlib>
#include <random>
#include <utility>
#include <vector>

#include "tractive/io/car_loader.hpp"
#include "tractive/io/tir_loader.hpp"
#include "tractive/laws/tyre_lanes.hpp"

namespace tractive {
namespace {

namespace fs = std::filesystem;

// Every .tir tyre the project has: the test data and the shipped cars' tyres.
std::vector<TyreSpec> all_tir_tyres() {
    std::vector<TyreSpec> tyres;
    for (const fs::path& dir : {fs::path(TRACTIVE_TEST_DATA) / "tir", fs::path(TRACTIVE_EXAMPLE_CARS) / "tyres"}) {
        for (const auto& entry : fs::directory_iterator(dir)) {
            if (entry.path().extension() == ".tir") tyres.push_back(load_tir(entry.path()).tyre);
        }
    }
    return tyres;
}

// The largest difference between the lanes and one by one, relative to the value's own size or,
// for a value near 0, to the size of its kind (the load for forces and slopes per unit slip,
// load times radius for the moment): the difference of a unit in the last place of the
// transcendental functions, carried through the formula.
struct Agreement {
    double worst = 0.0;
    int compared = 0;
    void add(double lanes, double one, double scale) {
        const double denominator = std::max(std::abs(one), scale);
        worst = std::max(worst, std::abs(lanes - one) / denominator);
        ++compared;
    }
};

// Four wheels' inputs (one per wheel) laid across lanes (`Across`), evaluated on both paths by
// `evaluate(across, path)`, and each path's results wheel by wheel: {side by side, one by one}.
template <class Across, class One, class Evaluate>
auto on_both_paths(const std::array<One, 4>& in, Evaluate evaluate) {
    Across across;
    for (std::size_t i = 0; i < 4; ++i) across.set_wheel(i, in[i]);
    const auto side_lanes = evaluate(across, TyreLanePath::Fastest);
    const auto one_lanes = evaluate(across, TyreLanePath::OneByOne);
    std::array<decltype(side_lanes.wheel(0)), 4> side, one;
    for (std::size_t i = 0; i < 4; ++i) {
        side[i] = side_lanes.wheel(i);
        one[i] = one_lanes.wheel(i);
    }
    return std::pair{side, one};
}

// Every VDrift tyre of `model` the shared VDrift cars (and the cars in TRACTIVE_RANDOM_CARS, e.g.
// the public VDrift set, when set) have with their `files` (.tire: Pacejka '89, .tiren: Pacejka
// 2002): each car's four.
std::vector<TyreSpec> all_vdrift_tyres(TyreModel model, LoadOptions::VDriftTyreFiles files) {
    std::vector<fs::path> dirs{fs::path(TRACTIVE_VDRIFT_DATA) / "cars"};
    if (const char* more = std::getenv("TRACTIVE_RANDOM_CARS")) dirs.emplace_back(more);
    std::vector<TyreSpec> tyres;
    for (const fs::path& dir : dirs) {
        if (!fs::is_directory(dir)) continue;
        for (const auto& entry : fs::recursive_directory_iterator(dir)) {
            if (entry.path().extension() != ".car") continue;
            try {
                LoadOptions options;
                options.vdrift_tyre_files = files;
                const LoadedCar car = load_car(entry.path(), options);
                for (const WheelSpec& w : car.spec.wheels) {
                    if (w.tyre.model == model) tyres.push_back(w.tyre);
                }
            } catch (const std::exception&) {
                // (a car this project refuses is tested elsewhere)
            }
        }
    }
    return tyres;
}

// Random sets of four tyres drawn from `tyres` (of one law; for .tir tyres of one family), at
// random slips, loads up to three times `load_n` and surfaces, some lanes giving nothing: the
// lanes against one by one.
void expect_side_by_side_agrees(const std::vector<TyreSpec>& tyres, double load_n, int trials) {
    std::mt19937_64 random(27);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    Agreement forces, slopes;
    const auto same_law = [](const TyreSpec& a, const TyreSpec& b) {
        return a.model == b.model && (a.model != TyreModel::MagicFormula || a.magic_formula.family == b.magic_formula.family);
    };
    for (int trial = 0; trial < trials; ++trial) {
        std::array<const TyreSpec*, 4> four{};
        four[0] = &tyres[random() % tyres.size()];
        for (int i = 1; i < 4; ++i) {
            do four[i] = &tyres[random() % tyres.size()];
            while (!same_law(*four[i], *four[0]));
        }
        const auto lanes = tyre_lanes(four);
        ASSERT_NE(lanes, nullptr);
        std::array<TyreLawInput, 4> in{};
        for (int i = 0; i < 4; ++i) {
            TyreLawInput& w = in[i];
            // Slips from rolling to locked or spinning, slip angles to 40 deg, camber to 8 deg,
            // loads from a touch to three times the nominal, wet to grippy surfaces.
            w.slip.slip_ratio = (unit(random) - 0.5) * (trial % 3 == 0 ? 2.0 : 0.3);
            w.slip.slip_angle_rad = (unit(random) - 0.5) * (trial % 4 == 0 ? 1.4 : 0.2);
            w.slip.inclination_rad = (unit(random) - 0.5) * 0.28;
            w.fz_n = unit(random) * 3.0 * (four[i]->model == TyreModel::MagicFormula ? four[i]->magic_formula.nominal_load_n : load_n);
            w.friction_factor = 0.3 + unit(random);
            w.size_factor = 0.9 + 0.2 * unit(random);
            w.mirrored = i % 2 == 1;
            // Some lanes give nothing: a wheel in the air, a stuck contact (not wanted), a slip
            // that is not finite.
            const double odd = unit(random);
            if (odd < 0.05) w.fz_n = 0.0;
            else if (odd < 0.10) w.wanted = false;
            else if (odd < 0.12) w.slip.slip_ratio = std::nan("");
        }
        const auto [side, one] = on_both_paths<TyreLawInputsFour>(
            in, [&](const TyreLawInputsFour& across, TyreLanePath path) { return tyre_forces_four(four, lanes.get(), across, path); });
        for (int i = 0; i < 4; ++i) {
            const double load = std::max(in[i].fz_n, 1.0);
            const double r0 = four[i]->radius_m > 0.0 ? four[i]->radius_m : 0.3;
            forces.add(side[i].fx_n, one[i].fx_n, load);
            forces.add(side[i].fy_n, one[i].fy_n, load);
            forces.add(side[i].mz_nm, one[i].mz_nm, load * r0);
            slopes.add(side[i].dfx_dslip_ratio, one[i].dfx_dslip_ratio, load);
            slopes.add(side[i].dfy_dslip_angle_per_rad, one[i].dfy_dslip_angle_per_rad, load);
            const bool gives_nothing = !(in[i].fz_n > 0.0) || !in[i].wanted || std::isnan(in[i].slip.slip_ratio);
            if (gives_nothing) {
                EXPECT_EQ(side[i].fx_n, 0.0);
                EXPECT_EQ(side[i].fy_n, 0.0);
                EXPECT_EQ(side[i].mz_nm, 0.0);
            }
        }
    }
    std::printf("%zu tyres, %d sets of four: largest relative difference %.3g in %d forces and moments, %.3g in %d slopes\n",
                tyres.size(), trials, forces.worst, forces.compared, slopes.worst, slopes.compared);
    EXPECT_LE(forces.worst, 1e-12);
    // The slopes near a curve's peak take cos(C atan x) from the sine (laws/magic_formula.hpp),
    // whose own rounding there is up to about 1e-8 of the curve's stiffness B C D (10-30 loads
    // per unit slip): a unit in the last place of the sine, the one difference between the
    // paths, moves the slope, nearly 0 at the peak, by a few 1e-11 of the load per unit slip,
    // four orders below that.
    EXPECT_LE(slopes.worst, 1e-10);
}

TEST(TyreLanes, FourTirTyresSideBySideAgreeWithOneByOne) {
    if (!tyre_lanes_in_use()) GTEST_SKIP() << "this processor has no AVX2 and FMA (or TRACTIVE_VECTOR_MATHS=0): one path only";
    const std::vector<TyreSpec> tyres = all_tir_tyres();
    ASSERT_GE(tyres.size(), 5u);
    expect_side_by_side_agrees(tyres, 0.0, 4000);
}

TEST(TyreLanes, FourPacejka89TyresSideBySideAgreeWithOneByOne) {
    if (!tyre_lanes_in_use()) GTEST_SKIP() << "this processor has no AVX2 and FMA (or TRACTIVE_VECTOR_MATHS=0): one path only";
    const std::vector<TyreSpec> tyres = all_vdrift_tyres(TyreModel::Pacejka89, LoadOptions::VDriftTyreFiles::Tyre);
    if (tyres.empty()) GTEST_SKIP() << "no VDrift cars at " << TRACTIVE_VDRIFT_DATA << " (../shared/vdrift-data)";
    expect_side_by_side_agrees(tyres, 4000.0, 4000);
}

// The shared VDrift cars' Pacejka 2002 tyres (their .tiren files, each wheel's own sided
// coefficients), as the '89's: VDrift's wheel axes in and out on both paths.
TEST(TyreLanes, FourPacejka2002TyresSideBySideAgreeWithOneByOne) {
    if (!tyre_lanes_in_use()) GTEST_SKIP() << "this processor has no AVX2 and FMA (or TRACTIVE_VECTOR_MATHS=0): one path only";
    const std::vector<TyreSpec> tyres = all_vdrift_tyres(TyreModel::Pacejka2002, LoadOptions::VDriftTyreFiles::TyreN);
    if (tyres.empty()) GTEST_SKIP() << "no VDrift cars at " << TRACTIVE_VDRIFT_DATA << " (../shared/vdrift-data)";
    expect_side_by_side_agrees(tyres, 4000.0, 4000);
}

// What four .tir tyres give at their loads (peaks, relaxation lengths, rolling resistance), side
// by side against one by one: random sets of one family at loads to three times the nominal,
// speeds to 90 m/s either way, some lanes with no load, no friction, not wanted or a speed
// that is not finite. The peaks are polynomials in the load, the same operations on either
// path: equal bit for bit. The relaxation length (MF 6.1's sin(PKY4 atan(..)) where PKY4 is not
// 2) and the rolling resistance (pow of load and pressure) use libmvec's functions.
TEST(TyreLanes, FourTirTyresAtTheirLoadsAgreeWithOneByOne) {
    if (!tyre_lanes_in_use()) GTEST_SKIP() << "this processor has no AVX2 and FMA (or TRACTIVE_VECTOR_MATHS=0): one path only";
    const std::vector<TyreSpec> tyres = all_tir_tyres();
    ASSERT_GE(tyres.size(), 5u);
    std::mt19937_64 random(28);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    Agreement relaxation, rolling;
    int peaks = 0, relaxations_from_file = 0;
    for (int trial = 0; trial < 4000; ++trial) {
        std::array<const TyreSpec*, 4> four{};
        four[0] = &tyres[random() % tyres.size()];
        for (int i = 1; i < 4; ++i) {
            do four[i] = &tyres[random() % tyres.size()];
            while (four[i]->magic_formula.family != four[0]->magic_formula.family);
        }
        const auto lanes = tyre_lanes(four);
        ASSERT_NE(lanes, nullptr);
        std::array<TyreLoadInput, 4> in{};
        for (int i = 0; i < 4; ++i) {
            TyreLoadInput& w = in[i];
            w.fz_n = unit(random) * 3.0 * four[i]->magic_formula.nominal_load_n;
            w.friction_factor = 0.3 + unit(random);
            w.speed_m_per_s = (unit(random) - 0.3) * 130.0;
            w.wheel_radius_m = 0.25 + 0.1 * unit(random);
            const double odd = unit(random);
            if (odd < 0.05) w.fz_n = 0.0;
            else if (odd < 0.08) w.friction_factor = 0.0;
            else if (odd < 0.11) w.wanted = false;
            else if (odd < 0.13) w.speed_m_per_s = std::nan("");
        }
        const auto [side, one] = on_both_paths<TyreLoadInputsFour>(
            in, [&](const TyreLoadInputsFour& across, TyreLanePath path) { return tyres_at_load_four(four, lanes.get(), across, path); });
        for (int i = 0; i < 4; ++i) {
            if (!in[i].wanted) {  // nothing: zeros on either path
                EXPECT_EQ(side[i].peak.fx_n, 0.0);
                EXPECT_EQ(side[i].lateral_relaxation_length_m, 0.0);
                EXPECT_EQ(one[i].rolling_resistance_coefficient, 0.0);
            }
            EXPECT_EQ(side[i].peak.fx_n, one[i].peak.fx_n);
            EXPECT_EQ(side[i].peak.fy_n, one[i].peak.fy_n);
            peaks += one[i].peak.fx_n > 0.0 ? 1 : 0;
            relaxation.add(side[i].lateral_relaxation_length_m, one[i].lateral_relaxation_length_m, 1e-3);
            relaxations_from_file += one[i].lateral_relaxation_length_m != in[i].wheel_radius_m ? 1 : 0;
            rolling.add(side[i].rolling_resistance_coefficient, one[i].rolling_resistance_coefficient, 1e-4);
            if (std::isnan(side[i].rolling_resistance_coefficient) != std::isnan(one[i].rolling_resistance_coefficient)) ADD_FAILURE();
        }
    }
    std::printf("%d peaks equal; %d relaxation lengths from the files within %.3g relative; rolling resistance within %.3g\n", peaks,
                relaxations_from_file, relaxation.worst, rolling.worst);
    EXPECT_GT(peaks, 10000);
    EXPECT_GT(relaxations_from_file, 10000);
    EXPECT_LE(relaxation.worst, 1e-14);
    EXPECT_LE(rolling.worst, 1e-14);
}

// The four wheels' relaxation weights side by side against one by one, over z from a parked
// wheel's 0 through the series' range (below 1e-3) to a fast wheel's tens: e^-z and expm1 from
// libmvec, within its last bits.
TEST(TyreLanes, FourRelaxationWeightsAgreeWithOneByOne) {
    if (!tyre_lanes_in_use()) GTEST_SKIP() << "this processor has no AVX2 and FMA (or TRACTIVE_VECTOR_MATHS=0): one path only";
    std::mt19937_64 random(29);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    Agreement phi_and_decay, end_weight;
    double worst_z = 0.0;
    for (int trial = 0; trial < 20000; ++trial) {
        std::array<double, 4> z{};
        for (double& x : z) {
            const double kind = unit(random);
            x = kind < 0.1 ? 0.0 : kind < 0.3 ? 2e-3 * unit(random) : kind < 0.35 ? 1e-3 : 60.0 * unit(random) * unit(random);
        }
        const RelaxationWeightsFour side_lanes = relaxation_weights_four(z, TyreLanePath::Fastest);
        const RelaxationWeightsFour one_lanes = relaxation_weights_four(z, TyreLanePath::OneByOne);
        for (std::size_t i = 0; i < 4; ++i) {
            const RelaxationWeights side = side_lanes.wheel(i), one = one_lanes.wheel(i);
            EXPECT_EQ(one.phi, relaxation_weights(z[i]).phi);
            phi_and_decay.add(side.phi, one.phi, 1e-300);
            phi_and_decay.add(side.decay, one.decay, 1e-300);
            const double before = end_weight.worst;
            end_weight.add(side.end_weight, one.end_weight, 1e-300);
            if (end_weight.worst > before) worst_z = z[i];
        }
    }
    std::printf("phi and e^-z within %.3g relative; end_weight within %.3g (at z = %.4g)\n", phi_and_decay.worst, end_weight.worst, worst_z);
    EXPECT_LE(phi_and_decay.worst, 1e-15);
    // end_weight = 1/2 - (1 - phi) / z cancels as z falls to the series' 1e-3: a last bit of
    // expm1 moves it by about 1e-16 / z^2 of its size z / 6 there (both paths alike; the series
    // below 1e-3 has no such cancellation).
    EXPECT_LE(end_weight.worst, 1e-16 * 6.0 / (1e-3 * 1e-3 * 1e-3) * 4.0);
}

TEST(TyreLanes, OnlyFourTyresOfOneLawShareLanes) {
    const std::vector<TyreSpec> tyres = all_tir_tyres();
    const auto family = [](const TyreSpec& t) { return t.magic_formula.family; };
    const auto mf61 = std::find_if(tyres.begin(), tyres.end(), [&](const TyreSpec& t) { return family(t) == MagicFormulaFamily::Mf61; });
    const auto mf52 = std::find_if(tyres.begin(), tyres.end(), [&](const TyreSpec& t) { return family(t) == MagicFormulaFamily::Pac2002; });
    ASSERT_NE(mf61, tyres.end());
    ASSERT_NE(mf52, tyres.end());
    EXPECT_NE(tyre_lanes({&*mf52, &*mf52, &*mf52, &*mf52}), nullptr);
    EXPECT_EQ(tyre_lanes({&*mf52, &*mf52, &*mf61, &*mf61}), nullptr);
    TyreSpec vdrift;  // a VDrift Pacejka '89 tyre: four of them share lanes, not with a .tir
    vdrift.model = TyreModel::Pacejka89;
    EXPECT_EQ(tyre_lanes({&*mf52, &*mf52, &vdrift, &vdrift}), nullptr);
    EXPECT_NE(tyre_lanes({&vdrift, &vdrift, &vdrift, &vdrift}), nullptr);
    TyreSpec vdrift2002;  // VDrift's Pacejka 2002 tyres share lanes too, with no other law
    vdrift2002.model = TyreModel::Pacejka2002;
    EXPECT_NE(tyre_lanes({&vdrift2002, &vdrift2002, &vdrift2002, &vdrift2002}), nullptr);
    EXPECT_EQ(tyre_lanes({&vdrift2002, &vdrift2002, &vdrift, &vdrift}), nullptr);
    TyreSpec brush;  // VDrift's brush tyre: one by one
    brush.model = TyreModel::Brush;
    EXPECT_EQ(tyre_lanes({&brush, &brush, &brush, &brush}), nullptr);
    // Without lanes the call is tyre_force wheel by wheel, mirrored on the right.
    TyreLawInputsFour in;
    TyreLawInput w;
    w.slip.slip_angle_rad = 0.05;
    w.fz_n = 4000.0;
    for (std::size_t i = 0; i < 4; ++i) in.set_wheel(i, w);
    in.mirrored = 0b0010u;
    const TyreForcesFour f = tyre_forces_four({&*mf52, &*mf52, &*mf52, &*mf52}, nullptr, in);
    const TyreForce left = tyre_force(*mf52, w.slip, 4000.0, 1.0);
    EXPECT_EQ(f.fy_n[0], left.fy_n);
    TyreSlip mirrored = w.slip;
    mirrored.slip_angle_rad = -0.05;
    EXPECT_EQ(f.fy_n[1], -tyre_force(*mf52, mirrored, 4000.0, 1.0).fy_n);
}

// The wheels' slip angles and inclinations side by side (libmvec's atan and asin) against
// std::atan and std::asin one by one: within a unit or two in the last place, over tangents from
// creep to a wheel sliding sideways at walking pace, and sines over the whole of [-1, 1]
// (exactly +-1, a wheel flat on its side, too); the one-by-one path is std's to the bit.
TEST(TyreLanes, FourSlipAnglesAgreeWithOneByOne) {
    if (!tyre_lanes_in_use()) GTEST_SKIP() << "this processor has no AVX2 and FMA (or TRACTIVE_VECTOR_MATHS=0): one path only";
    std::mt19937_64 random(31);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    Agreement slip_angle, inclination;
    for (int trial = 0; trial < 20000; ++trial) {
        std::array<double, 4> tangent{}, along_normal{};
        for (int i = 0; i < 4; ++i) {
            const double kind = unit(random);
            const double magnitude = kind < 0.1 ? 0.0 : kind < 0.5 ? 1e-3 * unit(random) : kind < 0.9 ? unit(random) : 50.0 * unit(random);
            tangent[i] = unit(random) < 0.5 ? -magnitude : magnitude;
            along_normal[i] = kind < 0.05 ? (i % 2 == 0 ? 1.0 : -1.0) : 2.0 * unit(random) - 1.0;
        }
        const WheelAnglesFour side = slip_angles_four(tangent, along_normal, TyreLanePath::Fastest);
        const WheelAnglesFour one = slip_angles_four(tangent, along_normal, TyreLanePath::OneByOne);
        for (int i = 0; i < 4; ++i) {
            EXPECT_EQ(one.slip_angle_rad[i], std::atan(tangent[i]));
            EXPECT_EQ(one.inclination_rad[i], -std::asin(along_normal[i]));
            slip_angle.add(side.slip_angle_rad[i], one.slip_angle_rad[i], 1e-300);
            inclination.add(side.inclination_rad[i], one.inclination_rad[i], 1e-300);
        }
    }
    std::printf("slip angles within %.3g relative, inclinations within %.3g\n", slip_angle.worst, inclination.worst);
    // libmvec's stated bound is 4 units in the last place (glibc's manual, "Errors in Math
    // Functions"); measured: 2 at most.
    EXPECT_LE(slip_angle.worst, 4 * DBL_EPSILON);
    EXPECT_LE(inclination.worst, 4 * DBL_EPSILON);
}

}  // namespace
}  // namespace tractive
