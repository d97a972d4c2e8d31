// Writing a car as VDrift's .car (tractive convert X -o Y.car): what the format holds comes back
// bit for bit, what it cannot hold is listed, and a converted tyre's forces are measured against
// the original's.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "support/test_paths.hpp"
#include "tractive/analysis/tyre_curves.hpp"
#include "tractive/analysis/vehicle_summary.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/io/car_parameters.hpp"
#include "tractive/io/load_error.hpp"
#include "tractive/io/vdrift_writer.hpp"
#include "tractive/laws/brake.hpp"

using namespace tractive;
namespace fs = std::filesystem;

namespace {

// The spec written as a .car with its tyre files in a fresh folder, loaded back.
struct Written {
    VDriftCarFiles files;
    LoadedCar again;
};

Written write_and_load(const VehicleSpec& spec, const test::TempDir& dir, const std::string& stem = "car") {
    Written w;
    w.files = write_vdrift_car(spec, stem, "test", "source.toml");
    for (const auto& t : w.files.tyres) dir.write(t.name, t.text);
    w.again = load_car(dir.write(stem + ".car", w.files.car));
    return w;
}

std::set<std::string> changed_keys(const VehicleSpec& a, const VehicleSpec& b) {
    std::set<std::string> keys;
    for (const auto& c : changed_parameters(a, b)) keys.insert(c.key);
    return keys;
}

const fs::path& shipped(const std::string& name) {
    static std::map<std::string, fs::path> paths;
    if (!paths.contains(name)) {
        for (const auto& p : test::example_car_files()) paths[p.stem().string()] = p;
    }
    return paths.at(name);
}

}  // namespace

// Every current-format shared car, with each of VDrift's three tyre files, comes back bit for
// bit: written, loaded, nothing changed but the name (a .car's name is its file's).
TEST(VDriftWriter, EveryCurrentFormatSharedCarComesBackBitForBit) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    int checked = 0;
    for (const auto& path : test::vdrift_car_files()) {
        const LoadedCar original = load_car(path);
        if (original.format != CarFormat::VDrift) continue;
        for (const auto tyres : {LoadOptions::VDriftTyreFiles::Tyre, LoadOptions::VDriftTyreFiles::TyreN,
                                 LoadOptions::VDriftTyreFiles::TyreP}) {
            SCOPED_TRACE(path.string() + " tyres " + std::to_string(static_cast<int>(tyres)));
            LoadOptions options;
            options.vdrift_tyre_files = tyres;
            const VehicleSpec spec = load_car(path, options).spec;
            const test::TempDir dir;
            const Written w = write_and_load(spec, dir);
            VehicleSpec again = w.again.spec;
            EXPECT_EQ(again.name, "car");
            again.name = spec.name;
            EXPECT_TRUE(again == spec);
            EXPECT_TRUE(changed_parameters(spec, w.again.spec).empty()) << changed_parameters(spec, w.again.spec).front().key;
            EXPECT_TRUE(w.files.notes.empty()) << w.files.notes.front();
            // No warning the original had not (the XS's wing beyond its track is said again).
            for (const LoadWarning& warning : w.again.warnings) {
                const bool had = std::any_of(original.warnings.begin(), original.warnings.end(), [&](const LoadWarning& o) {
                    return o.key == warning.key && o.message == warning.message;
                });
                EXPECT_TRUE(had) << warning.to_string();
            }
            // Written again, the same text: a fixed point.
            EXPECT_EQ(write_vdrift_car(w.again.spec, "car", "test", "source.toml").car, w.files.car);
            ++checked;
        }
    }
    EXPECT_GE(checked, 9);
}

// The 2009 car: what the current format has no key for is listed, and only that.
TEST(VDriftWriter, The2009CarListsWhatTheCurrentFormatLacks) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const VehicleSpec spec = load_car(test::vdrift_data() / "old-format-2009/XS.car").spec;
    const test::TempDir dir;
    const Written w = write_and_load(spec, dir);
    std::set<std::string> expected = {"engine.fuel_law", "engine.fuel_consumption_m3_per_rpm_s"};
    for (const char* wheel : kWheelNames) {
        for (const char* key : {"roll_height_m", "suspension.position_m", "tyre.width_m", "tyre.aspect_ratio", "tyre.rim_diameter_m"})
            expected.insert(std::string("wheels.") + wheel + "." + key);
    }
    EXPECT_EQ(changed_keys(spec, w.again.spec), expected);
    // The invented section keeps the radius.
    for (int i = 0; i < 4; ++i) EXPECT_DOUBLE_EQ(w.again.spec.wheels[i].tyre.radius_m, spec.wheels[i].tyre.radius_m);
}

// A shipped car's Magic Formula (.tir, MF 5.2) tyre becomes VDrift's .tiren with the same pure-slip
// forces: Fx and Fy to rounding (the same equations once the scale factors are folded in and
// VDrift's sign of PKX3 is taken), Mz within 10 % (VDrift's fixed moment arm: measured 2.6-6.7 %).
TEST(VDriftWriter, AMagicFormulaTyreBecomesATyrenWithTheSameForces) {
    const VehicleSpec spec = load_car(shipped("roadster")).spec;
    ASSERT_EQ(spec.wheels[FL].tyre.model, TyreModel::MagicFormula);
    const test::TempDir dir;
    const Written w = write_and_load(spec, dir);
    ASSERT_EQ(w.files.tyres.size(), 1u);  // one file for all four: the facing mirrors the right ones
    const VehicleSummary summary = summarize(spec);
    for (int i = 0; i < 4; ++i) {
        SCOPED_TRACE(kWheelNames[i]);
        ASSERT_EQ(w.again.spec.wheels[i].tyre.model, TyreModel::Pacejka2002);
        const TyreSide side = (i == FR || i == RR) ? TyreSide::Right : TyreSide::Left;
        for (const double scale : {0.5, 1.0, 1.5}) {
            const TyreForceDifference d =
                tyre_force_difference(spec.wheels[i].tyre, w.again.spec.wheels[i].tyre, scale * summary.wheel_loads_n[i], side);
            EXPECT_LT(d.fx_fraction, 1e-9);
            EXPECT_LT(d.fy_fraction, 1e-9);
            EXPECT_LT(d.mz_fraction, 0.10);
        }
    }
    // What the format has no key for is listed: the tyres' model, and their radius, which
    // VDrift's size gives only to its rounding (0.3081 m written as 0.30815 m), the description,
    // the driver aids, the limited-slip differential (read back as viscous, anti-slip its
    // coefficient too), the gearbox's efficiency and inertia, the 2009-style fuel law.
    const std::set<std::string> expected = {"wheels.fl.tyre.model", "wheels.fr.tyre.model", "wheels.rl.tyre.model",
                                            "wheels.rr.tyre.model", "wheels.fl.tyre.radius_m", "wheels.fr.tyre.radius_m",
                                            "wheels.rl.tyre.radius_m", "wheels.rr.tyre.radius_m", "description", "differential.rear.type",
                                            "differential.rear.viscous_coefficient_nm_s_per_rad",
                                            "driver_aids.abs", "driver_aids.tcs", "driver_aids.esc", "engine.fuel_consumption_m3_per_rpm_s",
                                            "engine.fuel_law", "transmission.efficiency", "transmission.inertia_kgm2"};
    EXPECT_EQ(changed_keys(spec, w.again.spec), expected);
}

// A gearbox-side final drive goes into the differential next to the gearbox; UC-win/Road's
// brakes and seed 000's pedal clutch become VDrift's with the same torques at every wheel.
TEST(VDriftWriter, RatiosBrakesAndClutchKeepTheirTorques) {
    VehicleSpec spec = load_car(shipped("ucwin_sedan")).spec;
    ASSERT_EQ(spec.brakes.form, BrakeForm::MaxTorque);
    ASSERT_EQ(spec.clutch.model, ClutchModel::PedalForce);
    for (int i = 0; i < 4; ++i) spec.wheels[i].tyre = load_car(shipped("hatchback")).spec.wheels[i].tyre;  // one a .car holds
    const test::TempDir dir;
    const Written w = write_and_load(spec, dir);
    const VehicleSpec& again = w.again.spec;
    for (int i = 0; i < 4; ++i) {
        EXPECT_NEAR(max_brake_torque_nm(again, static_cast<WheelIndex>(i)), max_brake_torque_nm(spec, static_cast<WheelIndex>(i)),
                    1e-9 * max_brake_torque_nm(spec, static_cast<WheelIndex>(i)));
    }
    EXPECT_NEAR(summarize(again).clutch_capacity_nm, summarize(spec).clutch_capacity_nm, 1e-9 * summarize(spec).clutch_capacity_nm);
    EXPECT_NEAR(summarize(again).overall_final_drive, summarize(spec).overall_final_drive, 1e-12 * summarize(spec).overall_final_drive);
    EXPECT_EQ(again.transmission.final_drive, 1.0);
    EXPECT_GE(w.files.notes.size(), 3u);  // final drive, brakes, clutch: each said
}

// A tyre given by its radius alone is written as a size of that radius: 205/55 on a road car's,
// a section whose sidewall is half the radius on a small one (a 0.1 m wheel's rim came out
// negative before, and nothing could be written).
TEST(VDriftWriter, ATyreGivenByItsRadiusAloneIsWrittenAsASizeOfThatRadius) {
    for (const double radius_m : {0.3, 0.1}) {
        VehicleSpec spec = load_car(shipped("ucwin_sedan")).spec;
        for (int i = 0; i < 4; ++i) {
            spec.wheels[i].tyre = load_car(shipped("hatchback")).spec.wheels[i].tyre;
            TyreSpec& t = spec.wheels[i].tyre;
            t.radius_m = radius_m;
            t.width_m = t.aspect_ratio = t.rim_diameter_m = 0.0;
        }
        const test::TempDir dir;
        const Written w = write_and_load(spec, dir);
        for (int i = 0; i < 4; ++i) EXPECT_NEAR(w.again.spec.wheels[i].tyre.radius_m, radius_m, 1e-12) << radius_m;
        const auto said = std::find_if(w.files.notes.begin(), w.files.notes.end(), [](const std::string& n) { return n.find("has none") != std::string::npos; });
        EXPECT_NE(said, w.files.notes.end()) << "the size chosen is said";
        const TyreSpec& back = w.again.spec.wheels[0].tyre;
        EXPECT_NEAR(back.aspect_ratio, 0.55, 1e-12);
        EXPECT_NEAR(back.width_m, radius_m > 0.2255 ? 0.205 : 0.5 * radius_m / 0.55, 1e-12);
    }
}

// A friction-curve tyre has no form in the format: an error naming the wheel's tyre, not a file.
TEST(VDriftWriter, AFrictionCurveTyreIsRefused) {
    const VehicleSpec spec = load_car(shipped("ucwin_sedan")).spec;
    try {
        (void)write_vdrift_car(spec, "car", "", "ucwin_sedan.toml");
        FAIL() << "written";
    } catch (const LoadError& e) {
        EXPECT_EQ(e.key(), "wheels.fl.tyre");
        EXPECT_NE(e.message().find("friction-curve"), std::string::npos) << e.what();
    }
}

// changed_parameters: the keys that differ, numbers as numbers, masses matched by name.
TEST(VDriftWriter, ChangedParametersListsExactlyWhatDiffers) {
    const VehicleSpec spec = load_car(shipped("roadster")).spec;
    EXPECT_TRUE(changed_parameters(spec, spec).empty());
    VehicleSpec other = spec;
    std::reverse(other.masses.begin(), other.masses.end());  // the same masses in another order
    EXPECT_TRUE(changed_parameters(spec, other).empty());
    other.wheels[RR].suspension.spring_n_per_m *= 1.5;
    other.masses.back().mass_kg += 1.0;  // the first mass of the original
    const auto changes = changed_parameters(spec, other);
    ASSERT_EQ(changes.size(), 2u);
    EXPECT_EQ(changes[0].key, "mass[0].mass_kg");
    EXPECT_EQ(changes[1].key, "wheels.rr.suspension.spring_n_per_m");
    EXPECT_EQ(changes[1].from, fmt::format("{}", spec.wheels[RR].suspension.spring_n_per_m));
    // A renamed mass (the VDrift writer makes 'the driver' a section 'driver-the-driver') is
    // compared where it was: its name is the one change, though it comes last in the new list;
    // the masses after it are not compared with their neighbours.
    VehicleSpec renamed = spec;
    renamed.masses[1].name = "driver-the-driver";
    std::rotate(renamed.masses.begin() + 1, renamed.masses.begin() + 2, renamed.masses.end());
    const auto renaming = changed_parameters(spec, renamed);
    ASSERT_EQ(renaming.size(), 1u) << renaming.back().key;
    EXPECT_EQ(renaming[0].key, "mass[1].name");
    EXPECT_EQ(renaming[0].to, "'driver-the-driver'");
}

// A wing that carries its own mass, as VDrift's sections may (the public F1-02's [wing-front] has
// frontal-area ... and mass = 20 at one position): written in one section, it comes back under
// its own name. Written as a section of its own, the mass came back as 'wing-front-2', and
// tractive convert warned of a changed name. A mass of the wing's name elsewhere keeps a section
// of its own.
TEST(VDriftWriter, AWingsOwnMassIsWrittenInTheWingsSection) {
    VehicleSpec spec = load_car(shipped("roadster")).spec;
    AeroDeviceSpec wing;
    wing.name = "wing-front";
    wing.position_m = {2.25, 0.0, -0.44};
    wing.frontal_area_m2 = 0.2;
    wing.drag_coefficient = 0.5;
    wing.surface_area_m2 = 1.25;
    wing.lift_coefficient = -2.0;
    spec.aero.push_back(wing);
    spec.masses.push_back({"wing-front", MassRole::Body, 20.0, wing.position_m});
    const test::TempDir dir;
    const Written w = write_and_load(spec, dir);
    EXPECT_NE(w.files.car.find("lift-efficiency = 1\nmass = 20\n"), std::string::npos) << w.files.car;
    EXPECT_EQ(w.files.car.find("wing-front-2"), std::string::npos);
    // (What the format cannot hold of the roadster, its .tir tyre and its differential, changes; no
    // mass or aero device does.)
    for (const auto& c : changed_parameters(spec, w.again.spec)) {
        EXPECT_FALSE(c.key.starts_with("mass") || c.key.starts_with("aero")) << c.key << ": " << c.from << " -> " << c.to;
    }
    EXPECT_EQ(w.again.spec.masses.size(), spec.masses.size());
    EXPECT_TRUE(std::is_permutation(spec.masses.begin(), spec.masses.end(), w.again.spec.masses.begin(), w.again.spec.masses.end()));
    EXPECT_TRUE(w.again.spec.aero == spec.aero);
    // Elsewhere than the wing: a section of its own (the mass is not moved to the wing).
    spec.masses.back().position_m.z += 0.1;
    const test::TempDir dir2;
    const Written apart = write_and_load(spec, dir2);
    EXPECT_NE(apart.files.car.find("[wing-front-2]"), std::string::npos) << apart.files.car;
}
