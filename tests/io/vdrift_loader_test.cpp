// Loading the real VDrift files in ../shared/vdrift-data (skipped when absent).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <fstream>
#include <sstream>
#include <cstdio>
#include <fmt/format.h>

#include "support/test_paths.hpp"
#include "tractive/io/car_loader.hpp"
#include "tractive/laws/brake.hpp"
#include "tractive/laws/clutch.hpp"

using namespace tractive;

namespace {
constexpr double kDeg = std::numbers::pi / 180.0;

void expect_vec(const Vec3& v, double x, double y, double z) {
    EXPECT_DOUBLE_EQ(v.x, x);
    EXPECT_DOUBLE_EQ(v.y, y);
    EXPECT_DOUBLE_EQ(v.z, z);
}
}  // namespace

TEST(VDriftLoader, EveryCarLoadsWithoutUnknownKeys) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const auto cars = test::vdrift_car_files();
    ASSERT_EQ(cars.size(), 4u);
    for (const auto& p : cars) {
        const LoadedCar car = load_car(p);
        for (const auto& w : car.warnings) {
            EXPECT_EQ(w.message.find("unknown key"), std::string::npos) << w.to_string();
        }
    }
}

TEST(VDriftLoader, CurrentFormatXS) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const LoadedCar car = load_car(test::vdrift_data() / "cars/XS/XS.car");
    const VehicleSpec& s = car.spec;
    EXPECT_EQ(car.format, CarFormat::VDrift);
    // Axes: file (x right, y forward, z up) -> ISO (x forward, y left, z up).
    ASSERT_EQ(s.masses.front().role, MassRole::Engine);
    expect_vec(s.masses.front().position_m, 0.9, -0.0, -0.3);
    expect_vec(s.wheels[FL].position_m, 1.14, 0.736, -0.41);
    expect_vec(s.wheels[RR].position_m, -1.26, -0.755, -0.41);
    EXPECT_EQ(s.engine.torque_curve_nm.size(), 22u);
    EXPECT_EQ(s.engine.torque_curve_nm(6500.0), 195.92);
    EXPECT_FALSE(s.engine.torque_curve_from_power);
    EXPECT_EQ(s.engine.rpm_limit, 9000.0);
    EXPECT_EQ(s.engine.max_power_w, 1.79e5);
    // No torque-friction key: VDrift's default from displacement (Heywood fmep).
    EXPECT_NEAR(s.engine.friction_torque_nm[0], 97000.0 * 2.0e-3 / (4 * std::numbers::pi), 1e-9);
    EXPECT_NEAR(clutch_static_capacity_nm(s.clutch), 336.5325225, 1e-6);
    ASSERT_EQ(s.transmission.forward_ratios.size(), 6u);
    EXPECT_EQ(s.transmission.forward_ratios[0], 3.133);
    EXPECT_EQ(s.transmission.reverse_ratio, -2.8);
    EXPECT_EQ(s.transmission.shift_time_s, 0.08);
    ASSERT_TRUE(s.driveline.rear.has_value());
    EXPECT_FALSE(s.driveline.front.has_value());
    EXPECT_EQ(s.driveline.rear->final_drive, 4.9528);
    EXPECT_EQ(s.driveline.rear->type, DifferentialType::Viscous);  // VDrift's speed-sensitive limited slip
    EXPECT_EQ(drive_layout(s.driveline), DriveLayout::RWD);
    // Tyre 215/45 R17: r = 17 * 0.0127 + 0.215 * 0.45.
    EXPECT_NEAR(s.wheels[FL].tyre.radius_m, 0.2159 + 0.09675, 1e-12);
    EXPECT_NEAR(s.wheels[RL].tyre.radius_m, 0.2159 + 0.098, 1e-12);
    EXPECT_EQ(s.wheels[FL].tyre.pacejka.a[0], 1.55);
    EXPECT_EQ(s.wheels[FL].tyre.pacejka.a[11], -0.90);  // a111
    EXPECT_EQ(s.wheels[FL].tyre.pacejka.b[4], 410.0);
    EXPECT_EQ(s.wheels[FL].tyre.pacejka.c[17], -1.1);
    EXPECT_EQ(s.wheels[FL].tyre.pacejka.gx1, 24.8565);
    ASSERT_TRUE(s.wheels[FL].tyre.size_reference.has_value());
    EXPECT_EQ(s.wheels[FL].tyre.size_reference->load_n, 3500.0);
    EXPECT_EQ(s.wheels[FL].tyre.rolling_resistance.constant, 1.3e-2);
    // Alignment: the right wheel's values are mirrored in the file; both are negative camber.
    EXPECT_NEAR(s.wheels[FL].camber_rad, -0.5 * kDeg, 1e-15);
    EXPECT_NEAR(s.wheels[FR].camber_rad, -0.5 * kDeg, 1e-15);
    EXPECT_NEAR(s.wheels[FL].toe_rad, 0.16 * kDeg, 1e-15);
    EXPECT_NEAR(s.wheels[FR].toe_rad, 0.16 * kDeg, 1e-15);
    EXPECT_NEAR(s.wheels[FL].ackermann_rad, 8.46 * kDeg, 1e-15);
    EXPECT_NEAR(s.wheels[FR].ackermann_rad, 8.46 * kDeg, 1e-15);
    EXPECT_NEAR(s.wheels[FL].max_steer_rad, 30.0 * kDeg, 1e-15);
    EXPECT_EQ(s.wheels[RL].max_steer_rad, 0.0);
    EXPECT_EQ(s.wheels[FL].suspension.spring_n_per_m, 49131.9);
    EXPECT_EQ(s.wheels[FL].suspension.rebound_damping_ns_per_m, 7900.0);
    ASSERT_TRUE(s.wheels[FL].suspension.double_wishbone.has_value());
    expect_vec(s.wheels[FL].suspension.double_wishbone->lower_hub_m, 1.14, 0.736, -0.55);
    // Brakes: friction * area * bias * pressure * radius; handbrake on the rear.
    EXPECT_NEAR(max_brake_torque_nm(s, FL), 0.4 * 0.015 * 0.57 * 7.4e6 * 0.14, 1e-9);
    EXPECT_EQ(s.wheels[RL].brake.handbrake, 1.0);
    EXPECT_EQ(s.wheels[FL].brake.handbrake, 0.0);
    // Wheel mass and inertia estimated from the size (no keys in the file).
    EXPECT_NEAR(s.wheels[FL].mass_kg, 16.3, 0.1);
    EXPECT_NEAR(s.wheels[FL].tyre.rotational_inertia_kgm2, 4.63 / 4.0, 0.02);
    // Aero: three devices, the body drag device first.
    ASSERT_EQ(s.aero.size(), 3u);
    EXPECT_EQ(s.aero[0].drag_coefficient, 0.3);
    EXPECT_EQ(s.aero[2].lift_coefficient, -0.7);
    EXPECT_EQ(s.aero[2].lift_efficiency, 0.95);
    EXPECT_NEAR(s.fuel_tank.volume_m3 * s.fuel_tank.density_kg_per_m3, 0.0492 * 730.0, 1e-12);
}

TEST(VDriftLoader, FrontAndAllWheelDrive) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const VehicleSpec s3 = load_car(test::vdrift_data() / "cars/3S/3S.car").spec;
    EXPECT_EQ(drive_layout(s3.driveline), DriveLayout::FWD);
    EXPECT_TRUE(s3.wheels[FL].suspension.macpherson_strut.has_value());
    // Litres and kg/L in this file: the mass is the same, 100 L * 0.8 kg/L.
    EXPECT_NEAR(s3.fuel_tank.volume_m3 * s3.fuel_tank.density_kg_per_m3, 80.0, 1e-9);
    EXPECT_NEAR(s3.fuel_tank.capacity_m3, 0.1, 1e-15);

    const VehicleSpec rs2 = load_car(test::vdrift_data() / "cars/RS2/RS2.car").spec;
    EXPECT_EQ(drive_layout(rs2.driveline), DriveLayout::AWD);
    ASSERT_TRUE(rs2.driveline.centre.has_value());
    EXPECT_EQ(rs2.driveline.centre->final_drive, 4.111);
    EXPECT_EQ(rs2.driveline.front->final_drive, 1.0);
    EXPECT_EQ(rs2.engine.torque_curve_nm.size(), 51u);
}

TEST(VDriftLoader, OldFormat2009) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const LoadedCar car = load_car(test::vdrift_data() / "old-format-2009/XS.car");
    const VehicleSpec& s = car.spec;
    EXPECT_EQ(car.format, CarFormat::VDrift2009);
    // Version 1 axes are already x forward, y left, z up.
    expect_vec(s.wheels[FL].position_m, 1.14, 0.76, -0.47);
    expect_vec(s.wheels[RR].position_m, -1.28, -0.76, -0.48);
    ASSERT_TRUE(s.wheels[RL].suspension.hinge_m.has_value());
    expect_vec(*s.wheels[RL].suspension.hinge_m, -0.85, 0.0, 0.0);
    EXPECT_EQ(s.wheels[FL].mass_kg, 18.14);
    EXPECT_EQ(s.wheels[RL].tyre.radius_m, 0.2935);
    EXPECT_EQ(s.wheels[FL].tyre.rotational_inertia_kgm2, 10.0);
    EXPECT_EQ(s.wheels[FL].tyre.pacejka.a[3], 1914.0);
    EXPECT_NEAR(s.wheels[FR].max_steer_rad, 33.19 * kDeg, 1e-15);
    EXPECT_NEAR(s.wheels[FR].camber_rad, -1.33 * kDeg, 1e-15);
    EXPECT_EQ(s.wheels[RL].suspension.max_compression_velocity_m_per_s, 10.0);
    EXPECT_EQ(s.engine.friction_torque_nm[0], 0.0003);
    EXPECT_EQ(s.transmission.shift_time_s, 0.08);  // from shift-delay
    EXPECT_EQ(drive_layout(s.driveline), DriveLayout::RWD);
    EXPECT_EQ(s.driveline.rear->final_drive, 4.1);
    // 8 contact points of 0.05 kg each are point masses.
    int contact_points = 0;
    for (const auto& m : s.masses) contact_points += m.name.starts_with("contact-point") ? 1 : 0;
    EXPECT_EQ(contact_points, 8);
    ASSERT_EQ(s.aero.size(), 3u);
    EXPECT_EQ(s.aero[2].lift_coefficient, -2.0);
    EXPECT_EQ(s.aero[2].lift_efficiency, 0.95);  // "efficiency" in this format
}

TEST(VDriftLoader, Version2FlatFileUsesCurrentAxes) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    // The 2009 file with version = 2 and its vectors rewritten in version-2 axes (x right,
    // y forward) must give the same spec.
    const auto original = test::vdrift_data() / "old-format-2009/XS.car";
    std::ifstream in(original);
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    std::string converted = "version = 2\n";
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        double x, y, z;
        const auto eq = line.find('=');
        if ((line.starts_with("position") || line.starts_with("hinge")) && eq != std::string::npos &&
            std::sscanf(line.c_str() + eq + 1, "%lf , %lf , %lf", &x, &y, &z) == 3) {
            converted += fmt::format("{} = {}, {}, {}\n", line.substr(0, eq - 1), -y, x, z);
        } else {
            converted += line + "\n";
        }
    }
    const test::TempDir dir;
    const auto path = dir.write("XS.car", converted);
    const VehicleSpec v2 = load_car(path).spec;
    VehicleSpec v1 = load_car(original).spec;
    v1.name = v2.name;
    EXPECT_TRUE(v1 == v2);
    expect_vec(v2.wheels[FL].position_m, 1.14, 0.76, -0.47);
}

TEST(VDriftLoader, EveryStandaloneTyreFileLoads) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    int count = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(test::vdrift_data())) {
        if (e.path().extension() != ".tire") continue;
        const TyreSpec t = load_vdrift_tyre(e.path());
        EXPECT_EQ(t.model, TyreModel::Pacejka89) << e.path();
        EXPECT_NE(t.pacejka.a[0], 0.0) << e.path();
        EXPECT_GT(t.rolling_resistance.constant, 0.0) << e.path();
        EXPECT_EQ(t.radius_m, 0.0) << e.path();  // the car's size gives it
        EXPECT_EQ(t.rotational_inertia_kgm2, 0.0) << e.path();
        ++count;
    }
    EXPECT_GE(count, 3);
    const TyreSpec touring = load_vdrift_tyre(test::vdrift_data() / "carparts/tire/touring.tire");
    ASSERT_TRUE(touring.size_reference.has_value());
    EXPECT_EQ(touring.size_reference->load_n, 3500.0);
    EXPECT_EQ(touring.tread, 0.25);
}

// VDrift's other tyre files load, their model told by their keys: the .tiren's Pacejka 2002
// coefficients, the .tirep's brush parameters, each with its tread and rolling resistance.
TEST(VDriftLoader, SplitTyreFilesLoad) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const TyreSpec mf = load_vdrift_tyre(test::vdrift_data() / "carparts/tire/touring.tiren");
    EXPECT_EQ(mf.model, TyreModel::Pacejka2002);
    EXPECT_EQ(mf.pacejka2002.nominal_load_n, 4500.0);
    EXPECT_EQ(mf.pacejka2002.c[mf52::PKY1], -17.36);
    EXPECT_EQ(mf.pacejka2002.c[mf52::RHX1], 0.0034);
    EXPECT_EQ(mf.pacejka2002.c[mf52::QBZ10], 5.66);
    EXPECT_EQ(mf.tread, 0.25);
    EXPECT_EQ(mf.rolling_resistance.constant, 1.3e-2);
    EXPECT_EQ(mf.rolling_resistance.v2_coefficient_s2_per_m2, 6.5e-6);
    ASSERT_TRUE(mf.size_reference.has_value());
    EXPECT_EQ(mf.size_reference->pressure_bar, 2.2);
    const TyreSpec brush = load_vdrift_tyre(test::vdrift_data() / "carparts/tire/touring.tirep");
    EXPECT_EQ(brush.model, TyreModel::Brush);
    EXPECT_EQ(brush.brush.tread_stiffness_x_bar_per_m, 900.0);
    EXPECT_EQ(brush.brush.carcass_stiffness_n_per_m, 2e6);
    EXPECT_EQ(brush.brush.static_friction, 1.65);
    EXPECT_EQ(brush.brush.sliding_friction, 0.96);
    EXPECT_EQ(brush.brush.stribeck_speed_m_per_s, 3.0);
    EXPECT_EQ(brush.rolling_resistance.constant, 1.3e-2);
    EXPECT_EQ(brush.rolling_resistance.v2_coefficient_s2_per_m2, 6.5e-6);
    EXPECT_EQ(brush.radius_m, 0.0);  // the file's radius is not read: the car's size gives it
}

// A car picks them as VDrift's builds do (LoadOptions::vdrift_tyre_files appends n or p to a
// type = tire/NAME.tire), or names them itself. A .tiren on a wheel without tyre.facing has its
// side-dependent coefficients at 0, as in VDrift; facing = left flips them, any other value
// keeps them.
TEST(VDriftLoader, ACarPicksItsTyreFilesAsVDriftsBuildsDo) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const auto xs = test::vdrift_data() / "cars/XS/XS.car";
    LoadOptions n;
    n.vdrift_tyre_files = LoadOptions::VDriftTyreFiles::TyreN;
    const LoadedCar with_mf = load_car(xs, n);
    for (const auto& w : with_mf.spec.wheels) {
        EXPECT_EQ(w.tyre.model, TyreModel::Pacejka2002);
        EXPECT_EQ(w.tyre.pacejka2002.c[mf52::PKY1], -17.36);
        for (const mf52::Index i : kPacejka2002SidedCoefficients) EXPECT_EQ(w.tyre.pacejka2002.c[i], 0.0) << kPacejka2002Names[i];
        EXPECT_GT(w.tyre.radius_m, 0.2);  // from the car's size
    }
    LoadOptions p;
    p.vdrift_tyre_files = LoadOptions::VDriftTyreFiles::TyreP;
    for (const auto& w : load_car(xs, p).spec.wheels) EXPECT_EQ(w.tyre.model, TyreModel::Brush);
    for (const auto& w : load_car(xs).spec.wheels) EXPECT_EQ(w.tyre.model, TyreModel::Pacejka89);

    std::ifstream in(xs);
    std::stringstream text;
    text << in.rdbuf();
    std::string car = text.str();
    const std::string fl = "[wheel.fl.tire]\n";
    const std::string fr = "[wheel.fr.tire]\n";
    ASSERT_NE(car.find(fl), std::string::npos);
    car.insert(car.find(fl) + fl.size(), "facing = left\n");
    car.insert(car.find(fr) + fr.size(), "facing = right\n");
    const LoadedCar faced = load_car_from_text(car, xs, n);
    for (const auto& w : faced.warnings) EXPECT_EQ(w.key, "wing-center.position") << w.to_string();  // (AnAeroDeviceBeyondTheTrackIsSaid)
    EXPECT_EQ(faced.spec.wheels[FL].tyre.pacejka2002.c[mf52::PEY3], -0.1789);
    EXPECT_EQ(faced.spec.wheels[FR].tyre.pacejka2002.c[mf52::PEY3], 0.1789);
    EXPECT_EQ(faced.spec.wheels[RL].tyre.pacejka2002.c[mf52::PEY3], 0.0);
}

// Every key VDrift requires of these files is required here, with the file, line and key.
TEST(VDriftLoader, ASplitTyreFileMissingAKeyIsRefused) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const test::TempDir dir;
    for (const auto& [file, key] : {std::pair{"touring.tiren", "PKY1"}, std::pair{"touring.tirep", "mus"}}) {
        std::ifstream in(test::vdrift_data() / "carparts/tire" / file);
        std::string kept, line;
        while (std::getline(in, line)) {
            if (line.rfind(std::string(key) + "=", 0) != 0) kept += line + "\n";
        }
        const auto path = dir.write(file, kept);
        try {
            load_vdrift_tyre(path);
            ADD_FAILURE() << file << " without " << key << " loaded";
        } catch (const LoadError& e) {
            const std::string m = e.what();
            EXPECT_NE(m.find(key), std::string::npos) << m;
            EXPECT_NE(m.find(file), std::string::npos) << m;
        }
    }
}

TEST(VDriftLoader, OptionalKeysTakeVDriftsDefaults) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    // What VDrift itself accepts loads: a [body] mass without a position (at the body origin), a
    // zero-mass particle (nothing), a handbrake stronger than the pedal (2), and a position with
    // a stray decimal comma (the first three numbers, with a warning).
    const auto original = test::vdrift_data() / "cars/XS/XS.car";
    std::ifstream in(original);
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    const auto swap = [&](const std::string& from, const std::string& to) {
        const auto at = text.find(from);
        ASSERT_NE(at, std::string::npos) << from;
        text.replace(at, from.size(), to);
    };
    swap("[body]\n", "[body]\nmass = 100.0\n");
    swap("[particle-00]\nmass = 30.0", "[particle-00]\nmass = 0");
    swap("handbrake = 1.0", "handbrake = 2.0");
    swap("[fuel-tank]\nposition = 0.0, -1.0, -0.25", "[fuel-tank]\nposition = 0.0, -1.0, -0,25");
    // A clutch, a differential and a brake that give none of their keys take VDrift's defaults.
    swap("sliding = 0.27\nradius = 0.15\narea = 0.75\nmax-pressure = 11079.26\n", "");
    swap("final-drive = 4.9528\t# 4.100 * 1.208 final drive plus secondary gear reduction\nanti-slip = 600.0\n", "");
    swap("friction = 0.4\nmax-pressure = 7.4e6\nbias = 0.57\nradius = 0.14\narea = 0.015\n", "");
    const test::TempDir dir;
    const auto path = dir.write("cars/XS/XS.car", text);
    LoadOptions options;
    options.data_root = test::vdrift_data();
    const LoadedCar changed = load_car(path, options);
    const LoadedCar base = load_car(original);
    const auto find = [](const VehicleSpec& s, const std::string& name) -> const PointMass* {
        for (const auto& m : s.masses) {
            if (m.name == name) return &m;
        }
        return nullptr;
    };
    const PointMass* body = find(changed.spec, "body");
    ASSERT_NE(body, nullptr);
    EXPECT_EQ(body->mass_kg, 100.0);
    expect_vec(body->position_m, 0.0, 0.0, 0.0);
    EXPECT_EQ(find(changed.spec, "particle-00"), nullptr);
    ASSERT_NE(find(base.spec, "particle-00"), nullptr);
    EXPECT_EQ(changed.spec.wheels[RL].brake.handbrake, 2.0);
    // x right, y forward, z up in the file: -0,25 reads as -0 (VDrift's reading), not -0.25.
    EXPECT_EQ(changed.spec.fuel_tank.position_m.z, 0.0);
    EXPECT_NEAR(base.spec.fuel_tank.position_m.z, -0.25, 1e-12);
    bool warned = false;
    for (const auto& w : changed.warnings) warned = warned || w.to_string().find("the first 3 are used, as VDrift does") != std::string::npos;
    EXPECT_TRUE(warned);
    const ClutchSpec& clutch = changed.spec.clutch;
    EXPECT_EQ(clutch.sliding_friction, 0.4);
    EXPECT_EQ(clutch.radius_m, 0.09);
    EXPECT_EQ(clutch.area_m2, 0.04);
    EXPECT_EQ(clutch.max_pressure_pa, 250000.0);
    ASSERT_TRUE(changed.spec.driveline.rear.has_value());
    EXPECT_EQ(changed.spec.driveline.rear->final_drive, 4.1);
    EXPECT_EQ(changed.spec.driveline.rear->locking_torque_limit_nm, 600.0);
    EXPECT_EQ(changed.spec.driveline.rear->viscous_coefficient_nm_s_per_rad, 600.0);
    const WheelBrakeSpec& brake = changed.spec.wheels[FL].brake;
    EXPECT_EQ(brake.friction, 0.73);
    EXPECT_EQ(brake.max_pressure_pa, 4.0e6);
    EXPECT_EQ(brake.bias, 1.0);
    EXPECT_EQ(brake.radius_m, 0.14);
    EXPECT_EQ(brake.area_m2, 0.015);
    EXPECT_EQ(base.spec.wheels[FL].brake.friction, 0.4);
}

// The shared XS puts its 'wing-center' (lift -0.5) at x = 1.9 m, 1.9 m to the right of a car
// 1.5 m wide: it acts there in VDrift as here, and the load says so at the line.
TEST(VDriftLoader, AnAeroDeviceBeyondTheTrackIsSaid) {
    TRACTIVE_REQUIRE_VDRIFT_DATA();
    const LoadedCar car = load_car(test::vdrift_data() / "cars/XS/XS.car");
    int said = 0;
    for (const auto& w : car.warnings) {
        if (w.key != "wing-center.position") continue;
        ++said;
        EXPECT_NE(w.message.find("1.90 m to the right of the centre line, beyond the wheels (0.76 m)"), std::string::npos) << w.to_string();
        EXPECT_EQ(w.location.line, 71) << w.to_string();
    }
    EXPECT_EQ(said, 1);
    for (const auto& w : load_car(test::vdrift_data() / "cars/RS2/RS2.car").warnings) {
        EXPECT_EQ(w.message.find("beyond the wheels"), std::string::npos) << w.to_string();
    }
}
