#pragma once
// VehicleSpec: the constants of one vehicle, in SI units and ISO 8855 vehicle axes
// (x forward, y left, z up; origin = the car file's origin). Angles are radians.
// Built once by a loader (io/), checked by validate(), then only read.
//
// It can express the three seeds: the clutch pedal of seed 000, UC-win/Road 5.1 (seed 001:
// resistive torque curve, friction-curve tyres, brake torque with repartition, transmission modes)
// and VDrift's .car format (seed 002: Pacejka '89 tyres, VDrift clutch and brakes, wings).

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tractive/core/piecewise_linear.hpp"
#include "tractive/core/vec3.hpp"
#include "tractive/spec/magic_formula_tyre.hpp"

namespace tractive {

// ---------------------------------------------------------------------------------------------
// Masses

enum class MassRole { Body, Engine, Driver, Ballast };

// One point mass rigidly attached to the body. Fuel and wheels are not listed here: their mass
// comes from FuelTankSpec and WheelSpec (fuel mass changes while driving).
struct PointMass {
    std::string name;
    MassRole role = MassRole::Body;
    double mass_kg = 0.0;
    Vec3 position_m;
    friend bool operator==(const PointMass&, const PointMass&) = default;
};

struct FuelTankSpec {
    Vec3 position_m;
    double capacity_m3 = 0.0;  // largest volume the tank holds
    double volume_m3 = 0.0;    // initial fuel volume
    double density_kg_per_m3 = 730.0;
    friend bool operator==(const FuelTankSpec&, const FuelTankSpec&) = default;
};

// ---------------------------------------------------------------------------------------------
// Engine

enum class FuelLaw { RpmThrottle, CombustionPower };

struct EngineSpec {
    // Full-throttle torque against engine speed (x: rpm, y: N m). Always present after loading:
    // when a file gives only max-power and peak-engine-rpm, the loader builds it with the Genta
    // (1997) polynomial (laws/engine_torque.hpp) and records that in torque_curve_from_power.
    PiecewiseLinear torque_curve_nm;
    bool torque_curve_from_power = false;
    // UC-win/Road (seed 001 II.2): torque at zero throttle against rpm (x: rpm, y: N m, <= 0).
    // Empty when the file has none; the engine then uses friction_torque_nm (VDrift).
    PiecewiseLinear resistive_torque_curve_nm;
    double max_power_w = 0.0;     // 0 = not given
    double peak_power_rpm = 0.0;  // rpm of max_power_w; 0 = not given
    double rpm_limit = 0.0;       // rev limiter (redline), rpm
    double inertia_kgm2 = 0.0;    // rotating parts of the engine
    double idle_throttle = 0.0;   // throttle (0..1) the idle governor holds (VDrift "idle")
    double start_rpm = 0.0;       // engine speed right after a start; also the idle target
    double stall_rpm = 0.0;       // below this the engine stops
    // How the engine burns fuel (FuelLaw). RpmThrottle, the 2009 VDrift format's (seed 002):
    // volume rate = fuel_consumption_m3_per_rpm_s * rpm * throttle. CombustionPower, current
    // VDrift's: mass rate = P / (thermal_efficiency * fuel_heating_value_j_per_kg), P the
    // combustion (drive) torque before friction times the crank speed; the brake-specific
    // consumption this implies at the crank is 1 / (eta H) over the share of the combustion power
    // that friction leaves.
    FuelLaw fuel_law = FuelLaw::RpmThrottle;
    double fuel_consumption_m3_per_rpm_s = 0.0;
    double thermal_efficiency = 0.35;            // VDrift's default
    double fuel_heating_value_j_per_kg = 4.5e7;  // VDrift's default (petrol's lower heating value: 43-44 MJ/kg)
    // Friction torque at zero throttle, VDrift's form: T_f = f0 + f1 r + f2 r^2 with r = rpm / 1000,
    // scaled by (1 - throttle). Coefficients in N m. VDrift's default, when a file gives none, is
    // Heywood's friction mean effective pressure: (97000, 15000, 5000) Pa * displacement / (4 pi).
    std::array<double, 3> friction_torque_nm{};
    double displacement_m3 = 0.0;  // 0 = not given
    friend bool operator==(const EngineSpec&, const EngineSpec&) = default;
};

// ---------------------------------------------------------------------------------------------
// Clutch

// Seed 000 section 1: pedal travel split into free play, working range, and travel past
// disengagement. Fractions of full pedal travel; they sum to 1.
struct ClutchPedalZones {
    double free_play = 0.15;
    double working_range = 0.60;
    double past_disengagement = 0.25;
    friend bool operator==(const ClutchPedalZones&, const ClutchPedalZones&) = default;
};

enum class ClutchModel {
    PedalForce,  // seed 000: T = n mu(w) Req F(x)
    VDrift,      // seed 002: T = sliding * radius * max-pressure * area (see laws/clutch.hpp)
};

struct ClutchSpec {
    ClutchModel model = ClutchModel::VDrift;
    ClutchPedalZones pedal;
    // Seed 000 model (section 2 and 3). F(x) = Fmax (1 - (1 - p x)^gamma) / (1 - (1 - p)^gamma),
    // gamma = clamp_force_exponent, p = clamp_force_travel_factor, x the engaged fraction of the
    // working range; mu(w) = mu_s + (mu_d - mu_s) tanh(g w Req).
    double max_force_n = 5000.0;
    double clamp_force_exponent = 0.2;
    double clamp_force_travel_factor = 0.95;
    int face_count = 2;
    double equivalent_radius_m = 0.089;
    double mu_static = 0.15;
    double mu_dynamic = 0.24;
    double slip_coefficient_s_per_m = 1.5;
    // VDrift model.
    double sliding_friction = 0.0;
    double radius_m = 0.0;
    double area_m2 = 0.0;
    double max_pressure_pa = 0.0;
    friend bool operator==(const ClutchSpec&, const ClutchSpec&) = default;
};

// ---------------------------------------------------------------------------------------------
// Transmission and differentials

enum class ShiftMode { Automatic, Sequential, Manual };

struct TransmissionSpec {
    std::vector<double> forward_ratios;  // gear 1 first; engine speed / output speed
    double reverse_ratio = 0.0;          // negative: the output turns backwards
    double final_drive = 1.0;            // gearbox-side final drive (UC-win/Road); VDrift puts it
                                         // in the differentials, which multiply it
    double efficiency = 1.0;             // (0, 1]
    double inertia_kgm2 = 0.0;           // gearbox input side
    double shift_time_s = 0.2;
    ShiftMode mode = ShiftMode::Manual;
    friend bool operator==(const TransmissionSpec&, const TransmissionSpec&) = default;
};

// Open; Locked (the outputs turn together); LimitedSlip (a clutch-pack limited slip: the outputs
// locked together up to a locking torque, then slipping); Viscous (VDrift's speed-sensitive limited
// slip: a torque between the outputs proportional to their speed difference, up to a cap).
enum class DifferentialType { Open, Locked, LimitedSlip, Viscous };

struct DifferentialSpec {
    DifferentialType type = DifferentialType::Open;
    double final_drive = 1.0;
    // Fraction of input torque sent to the second output: the right wheel of an axle, the rear
    // axle of a centre differential (VDrift "torque-split").
    double torque_split = 0.5;
    // LimitedSlip: the locking torque between the outputs is locking_torque_limit_nm (a preload,
    // N m); with torque_sensing_ratio > 0 it is torque_sensing_ratio * |input torque| (times
    // torque_sensing_coast_factor when that torque is negative: 0 = one-way, 1 = two-way), capped
    // at locking_torque_limit_nm when that is > 0.
    // Viscous (VDrift's, seed 002 "anti-slip limits the difference in speed between two wheels";
    // VDrift's CarDifferential): the torque between the outputs is c (w1 - w2), c =
    // viscous_coefficient_nm_s_per_rad or, torque sensing, torque_sensing_ratio * input torque
    // (then in s/rad; times -torque_sensing_coast_factor when negative), capped at
    // locking_torque_limit_nm when that is > 0. VDrift's one number, anti-slip, is both c and cap.
    double locking_torque_limit_nm = 0.0;
    double viscous_coefficient_nm_s_per_rad = 0.0;
    double torque_sensing_ratio = 0.0;
    double torque_sensing_coast_factor = 0.0;
    friend bool operator==(const DifferentialSpec&, const DifferentialSpec&) = default;
};

enum class DriveLayout { FWD, RWD, AWD };

struct DrivelineSpec {
    std::optional<DifferentialSpec> front;
    std::optional<DifferentialSpec> rear;
    std::optional<DifferentialSpec> centre;  // present exactly when both axles are driven
    friend bool operator==(const DrivelineSpec&, const DrivelineSpec&) = default;
};

// ---------------------------------------------------------------------------------------------
// Brakes

enum class BrakeForm {
    VDrift,     // per wheel: friction, max-pressure, area, radius, bias
    MaxTorque,  // UC-win/Road (seed 001 V): a maximum brake torque and a front/rear repartition
};

struct WheelBrakeSpec {
    // VDrift form: max torque = friction * area * bias * max_pressure * radius (seed 002).
    double friction = 0.0;
    double max_pressure_pa = 0.0;
    double area_m2 = 0.0;
    double radius_m = 0.0;
    double bias = 0.0;
    // Share of this wheel's maximum brake torque that a fully pulled handbrake applies (may
    // exceed 1: VDrift files give up to 2, a handbrake stronger than the pedal on that wheel).
    double handbrake = 0.0;
    friend bool operator==(const WheelBrakeSpec&, const WheelBrakeSpec&) = default;
};

// ---------------------------------------------------------------------------------------------
// Tyres

enum class TyreModel {
    Pacejka89,      // VDrift .tire: Pacejka '89 in the VDrift/Genta layout (PacejkaCoefficients)
    FrictionCurve,  // UC-win/Road friction curves (FrictionCurves)
    Pacejka2002,    // VDrift .tiren: its Magic Formula 5.2 subset (Pacejka2002Coefficients)
    Brush,          // VDrift .tirep: its physical brush model (BrushTyreParameters)
    MagicFormula,   // TYDEX .tir: MF-Tyre 6.1 / 6.2 or MF 5.2 / PAC2002 (MagicFormulaTyre)
};

// Pacejka '89 coefficients in the VDrift / Genta (1997) layout. Units as seed 002 lists them
// (Fz in kN, slip in percent, angles in degrees); converted at the edge of the tyre law.
struct PacejkaCoefficients {
    // a0..a10, a111, a112, a12, a13 (lateral force)
    std::array<double, 15> a{};
    // b0..b10 (longitudinal force); b11 and b12 are read from files and ignored, as VDrift does.
    std::array<double, 11> b{};
    // c0..c17 (aligning moment)
    std::array<double, 18> c{};
    // Combined slip weights (VDrift): Gx = 1 / sqrt(1 + (Bx alpha)^2), Bx = gx1 / sqrt(1 + (gx2 kappa)^2),
    // Gy = 1 / sqrt(1 + (By kappa)^2), By = gy1 / sqrt(1 + (gy2 alpha)^2); alpha in radians.
    double gx1 = 0.0, gx2 = 0.0, gy1 = 0.0, gy2 = 0.0;
    friend bool operator==(const PacejkaCoefficients&, const PacejkaCoefficients&) = default;
};

// VDrift's Pacejka 2002 (Magic Formula 5.2) tyre, as its CarTire2 evaluates it (.tiren files;
// laws/tyre_pacejka2002.hpp): the 72 coefficients by their MF names, in the order of
// kPacejka2002Names, and the nominal load. The side factor of VDrift's tyre.facing (0 when the
// wheel does not say, which makes the tyre symmetric) is applied to the asymmetric coefficients
// when the wheel is loaded.
namespace mf52 {
enum Index : std::size_t {
    PCX1, PDX1, PDX2, PEX1, PEX2, PEX3, PEX4, PKX1, PKX2, PKX3, PHX1, PHX2, PVX1, PVX2,
    PCY1, PDY1, PDY2, PDY3, PEY1, PEY2, PEY3, PEY4, PKY1, PKY2, PKY3, PHY1, PHY2, PHY3,
    PVY1, PVY2, PVY3, PVY4,
    QBZ1, QBZ2, QBZ3, QBZ4, QBZ5, QCZ1, QDZ1, QDZ2, QDZ3, QDZ4, QEZ1, QEZ2, QEZ3, QEZ4, QEZ5,
    QHZ1, QHZ2, QHZ3, QHZ4, QBZ9, QBZ10, QDZ6, QDZ7, QDZ8, QDZ9,
    RBX1, RBX2, RCX1, RHX1, RBY1, RBY2, RBY3, RCY1, RHY1, RVY1, RVY2, RVY3, RVY4, RVY5, RVY6,
    kCount
};
}  // namespace mf52
inline constexpr std::array<const char*, mf52::kCount> kPacejka2002Names = {
    "PCX1", "PDX1", "PDX2", "PEX1", "PEX2", "PEX3", "PEX4", "PKX1", "PKX2", "PKX3", "PHX1", "PHX2", "PVX1", "PVX2",
    "PCY1", "PDY1", "PDY2", "PDY3", "PEY1", "PEY2", "PEY3", "PEY4", "PKY1", "PKY2", "PKY3", "PHY1", "PHY2", "PHY3",
    "PVY1", "PVY2", "PVY3", "PVY4",
    "QBZ1", "QBZ2", "QBZ3", "QBZ4", "QBZ5", "QCZ1", "QDZ1", "QDZ2", "QDZ3", "QDZ4", "QEZ1", "QEZ2", "QEZ3", "QEZ4", "QEZ5",
    "QHZ1", "QHZ2", "QHZ3", "QHZ4", "QBZ9", "QBZ10", "QDZ6", "QDZ7", "QDZ8", "QDZ9",
    "RBX1", "RBX2", "RCX1", "RHX1", "RBY1", "RBY2", "RBY3", "RCY1", "RHY1", "RVY1", "RVY2", "RVY3", "RVY4", "RVY5", "RVY6"};
// The coefficients VDrift multiplies by the wheel's side factor (tyre.facing: +1 right, -1 left,
// 0 when not given).
inline constexpr std::array<mf52::Index, 11> kPacejka2002SidedCoefficients = {
    mf52::PEY3, mf52::PEY4, mf52::PVY1, mf52::PVY2, mf52::PHY1, mf52::PHY2,
    mf52::PHY3, mf52::RBY3, mf52::RHX1, mf52::RHY1, mf52::RVY5};

struct Pacejka2002Coefficients {
    std::array<double, mf52::kCount> c{};
    double nominal_load_n = 0.0;  // FZ0
    friend bool operator==(const Pacejka2002Coefficients&, const Pacejka2002Coefficients&) = default;
};

// VDrift's physical brush tyre (CarTire3, .tirep files; laws/tyre_brush.hpp). The tyre's radius,
// width and aspect ratio come from the wheel's size, as in VDrift (the file's own are ignored).
struct BrushTyreParameters {
    double pressure_bar = 0.0;                    // pt: inflation pressure
    double tread_stiffness_x_bar_per_m = 0.0;     // ktx: tread stress per unit deflection, lengthways
    double tread_stiffness_y_bar_per_m = 0.0;     // kty: the same sideways
    double carcass_stiffness_n_per_m = 0.0;       // kcb: lateral bending stiffness of the carcass
    double camber_carcass_factor = 0.0;           // ccb: carcass offset per deflection and sin(camber)
    double lateral_force_factor = 0.0;            // cfy: scales the lateral force
    double reference_deflection_m = 0.0;          // dz0: below it the patch narrows
    double reference_pressure_bar = 0.0;          // p0: contact pressure of the friction figures
    double static_friction = 0.0;                 // mus
    double sliding_friction = 0.0;                // muc
    double stribeck_speed_m_per_s = 0.0;          // vs: sliding speed of the static-to-sliding change
    friend bool operator==(const BrushTyreParameters&, const BrushTyreParameters&) = default;
};

// UC-win/Road friction curves (seed 001 VI): friction coefficient against slip ratio
// (longitudinal) and against lateral slip tan(alpha) = v_y / |v_x| (lateral).
struct FrictionCurves {
    PiecewiseLinear longitudinal;
    PiecewiseLinear lateral;
    friend bool operator==(const FrictionCurves&, const FrictionCurves&) = default;
};

enum class RollingResistanceForm {
    VDrift,  // F = Fz (c0 + c2 v^2): constant and v^2 terms
    Speed,   // UC-win/Road: F = Fz (c + k v), k in s/km with v in km/s (= s/m * 1e3)
};

struct RollingResistanceSpec {
    RollingResistanceForm form = RollingResistanceForm::VDrift;
    double constant = 0.0;            // dimensionless coefficient
    double v2_coefficient_s2_per_m2 = 0.0;   // VDrift form
    double speed_coefficient_s_per_km = 0.0;  // UC-win/Road form
    friend bool operator==(const RollingResistanceSpec&, const RollingResistanceSpec&) = default;
};

// The reference tyre of VDrift's size scaling (tyre-file keys R0, W0, AR0, PT0, FZ0): the tyre
// the coefficients were fitted to. VDrift scales a2 and b2 by the ratio of the estimated
// friction of this tyre and of the fitted one; kept so the tyre law can do the same.
struct TyreSizeReference {
    double radius_m = 0.0;
    double width_m = 0.0;
    double aspect_ratio = 0.0;
    double pressure_bar = 0.0;
    double load_n = 0.0;
    friend bool operator==(const TyreSizeReference&, const TyreSizeReference&) = default;
};

struct TyreSpec {
    TyreModel model = TyreModel::Pacejka89;
    PacejkaCoefficients pacejka;
    FrictionCurves friction_curves;
    Pacejka2002Coefficients pacejka2002;
    BrushTyreParameters brush;
    MagicFormulaTyre magic_formula;
    RollingResistanceSpec rolling_resistance;  // not used by a MagicFormula tyre (its QSY* give it)
    double radius_m = 0.0;      // unloaded radius
    double width_m = 0.0;       // section width; 0 = not given
    double aspect_ratio = 0.0;  // sidewall height / width; 0 = not given
    double rim_diameter_m = 0.0;
    double rotational_inertia_kgm2 = 0.0;  // wheel and tyre about the spin axis
    double tread = 0.0;                    // 0 road .. 1 off-road (VDrift)
    std::optional<TyreSizeReference> size_reference;
    friend bool operator==(const TyreSpec&, const TyreSpec&) = default;
};

// ---------------------------------------------------------------------------------------------
// Suspension, steering, wheels

struct DoubleWishbone {
    Vec3 upper_chassis_front_m, upper_chassis_rear_m, upper_hub_m;
    Vec3 lower_chassis_front_m, lower_chassis_rear_m, lower_hub_m;
    friend bool operator==(const DoubleWishbone&, const DoubleWishbone&) = default;
};

struct MacPhersonStrut {
    Vec3 strut_top_m, strut_end_m, hinge_m;
    friend bool operator==(const MacPhersonStrut&, const MacPhersonStrut&) = default;
};

struct SuspensionSpec {
    double spring_n_per_m = 0.0;
    double bump_damping_ns_per_m = 0.0;     // compression ("bounce")
    double rebound_damping_ns_per_m = 0.0;  // extension
    double travel_m = 0.0;                  // compression travel from full droop
    double max_compression_velocity_m_per_s = 0.0;  // dampers lock above it; 0 = no limit
    double anti_roll_n_per_m = 0.0;                 // anti-roll bar stiffness on this axle
    Vec3 position_m;  // where the suspension force acts on the body (default: the wheel centre)
    // Centre of the wheel's arc of travel (VDrift "hinge"); none: the wheel travels straight
    // along the body's z axis. A hinge without linkage points (double wishbone, MacPherson)
    // moves the wheel centre on the sphere about it (dynamics/vehicle_model.hpp).
    std::optional<Vec3> hinge_m;
    std::optional<DoubleWishbone> double_wishbone;
    std::optional<MacPhersonStrut> macpherson_strut;
    friend bool operator==(const SuspensionSpec&, const SuspensionSpec&) = default;
};

enum WheelIndex : int { FL = 0, FR = 1, RL = 2, RR = 3 };
inline constexpr std::array<const char*, 4> kWheelNames = {"fl", "fr", "rl", "rr"};

struct WheelSpec {
    Vec3 position_m;  // wheel centre at the design (static) position
    double mass_kg = 0.0;  // unsprung mass: wheel, tyre, hub, brake
    double camber_rad = 0.0;  // static; ISO sign: top of the wheel leaning out is positive
    double caster_rad = 0.0;
    double toe_rad = 0.0;     // positive = toe-in
    // The steering law's angle d at full steering input; 0 = not steered, negative = steers the
    // other way (rear steer). With Ackermann arm angle A the wheel on the inside of a turn turns by
    // atan(1 / (1 / tan(d) - tan(A))), the outside one by atan(1 / (1 / tan(d) + tan(A)))
    // (VDrift's steering law; A > 0 turns the inner wheel more).
    double max_steer_rad = 0.0;
    double ackermann_rad = 0.0;
    // Height above the road at which the tyre's road-plane forces act on the car (the 2009 VDrift
    // format's "roll-height", m; its files give the tyre radius, so their forces act at hub
    // height): 0 at the contact patch, the default. A stand-in for the suspension's roll and
    // pitch centres: the higher, the less the tyre forces roll and pitch the body.
    double roll_height_m = 0.0;
    SuspensionSpec suspension;
    TyreSpec tyre;
    WheelBrakeSpec brake;
    friend bool operator==(const WheelSpec&, const WheelSpec&) = default;
};

struct BrakeSystemSpec {
    BrakeForm form = BrakeForm::VDrift;
    double max_torque_nm = 0.0;        // MaxTorque form: all four wheels together
    double front_fraction = 0.0;       // MaxTorque form: repartition to the front axle
    friend bool operator==(const BrakeSystemSpec&, const BrakeSystemSpec&) = default;
};

// ---------------------------------------------------------------------------------------------
// Aerodynamics

// A drag device or wing (seed 002 "drag" and "wing"). Drag = 1/2 rho Cd A v^2 with the frontal
// area; lift = 1/2 rho Cl S v^2 with the surface area (negative = downforce); induced drag from
// the lift with the efficiency (laws/aero.hpp).
struct AeroDeviceSpec {
    std::string name;
    Vec3 position_m;
    double frontal_area_m2 = 0.0;
    double drag_coefficient = 0.0;
    double surface_area_m2 = 0.0;
    double lift_coefficient = 0.0;
    double lift_efficiency = 1.0;  // 1 = no induced drag
    friend bool operator==(const AeroDeviceSpec&, const AeroDeviceSpec&) = default;
};

// ---------------------------------------------------------------------------------------------
// Body collision shape

// One sphere of the body's collision shape, from the car's origin as the masses: where the body
// meets the ground when it is not on its wheels (a car on its roof or side, a floor on a crest or
// under downforce; dynamics/body_contacts.cpp). A VDrift file's hull of spheres is these spheres;
// its boxes and capsules are turned into them (io/vdrift_loader.cpp).
struct BodySphere {
    Vec3 position_m;
    double radius_m = 0.0;
    friend bool operator==(const BodySphere&, const BodySphere&) = default;
};

// The most spheres a body's shape may have (VehicleSpec::body_spheres).
inline constexpr std::size_t kMaxBodySpheres = 64;
// A point of a body standing as a sphere (a 2009 VDrift file's contact point, a corner of the
// box tractive places or of a file's box, a point of a hull without radii, a wheel face's): 5 cm,
// the rounding the body's points have had since they first met the ground (docs/physics.md,
// "Body contact"), small against a car.
inline constexpr double kBodyPointRadius_m = 0.05;

// ---------------------------------------------------------------------------------------------
// Driver aids

// Which driver aids the car is fitted with (control/: the ABS modulates each wheel's brake
// pressure from its slip; traction control lowers the throttle when a driven wheel spins; the
// stability control brakes one wheel and cuts the engine when the car yaws more or less than its
// driver asks and the road allows). A run
// may switch them off or on regardless (control/driver_input.hpp). Both off when a file does
// not say: tractive does not add equipment a car description does not name.
struct DriverAidsSpec {
    bool abs = false;
    bool tcs = false;
    bool esc = false;
    friend bool operator==(const DriverAidsSpec&, const DriverAidsSpec&) = default;
};

// ---------------------------------------------------------------------------------------------

struct VehicleSpec {
    std::string name;
    std::string description;
    std::vector<PointMass> masses;
    FuelTankSpec fuel_tank;
    EngineSpec engine;
    ClutchSpec clutch;
    TransmissionSpec transmission;
    DrivelineSpec driveline;
    BrakeSystemSpec brakes;
    std::array<WheelSpec, 4> wheels;  // indexed by WheelIndex
    std::vector<AeroDeviceSpec> aero;
    DriverAidsSpec driver_aids;
    // The body's collision shape, at most kMaxBodySpheres spheres; empty: a box around the masses
    // and the wheels (dynamics/vehicle_model.cpp).
    std::vector<BodySphere> body_spheres;
    friend bool operator==(const VehicleSpec&, const VehicleSpec&) = default;
};

const char* to_string(MassRole role);
const char* to_string(ClutchModel model);
const char* to_string(FuelLaw law);
const char* to_string(ShiftMode mode);
// The mode whose to_string is `text` ("manual", "sequential", "automatic"); nullopt for any
// other word. The one reading of these words: the car file, the CLI's --mode, Python's mode=.
std::optional<ShiftMode> shift_mode_from_string(std::string_view text);
const char* to_string(DifferentialType type);
const char* to_string(DriveLayout layout);
const char* to_string(BrakeForm form);
const char* to_string(TyreModel model);
const char* to_string(RollingResistanceForm form);

// The drive layout implied by which differentials exist (seed 001 IV).
DriveLayout drive_layout(const DrivelineSpec& driveline);

// Ratio between the gearbox output and the driven wheels: the transmission's final drive times
// the driven axle's (and for AWD the centre's) final drive.
double overall_final_drive(const VehicleSpec& spec);

}  // namespace tractive
