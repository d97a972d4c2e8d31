// The car format's parameter tables (spec/parameter_table.hpp) and the reference built from
// them. Sources in the meanings: 000 clutch pedal seed, 001 UC-win/Road 5.1 seed, 002 VDrift
// seed and .car format.

#include "tractive/spec/parameter_table.hpp"

#include <fmt/format.h>

#include <cmath>

namespace tractive {

namespace {

using namespace plausible;

constexpr Range kClutchGamma = positive_up_to(1e3, "");
constexpr Range kRimDiameter = non_negative_up_to(10.0, "m");
constexpr Range kStribeckSpeed = positive_up_to(1e3, "m/s");
constexpr Range kReferenceAspectRatio = positive_up_to(10.0, "");
constexpr Range kPressurePa = non_negative_up_to(1e8, "Pa");
constexpr Range kReferenceSpeed = positive_up_to(1e3, "m/s");
constexpr Range kTyreStiffness = non_negative_up_to(1e9, "N/m");
constexpr Range kTyreDamping = non_negative_up_to(1e9, "N s/m");
constexpr Range kTyreInertiaOrZero = non_negative_up_to(1e6, "kg m^2");
constexpr Range kRatioOrZero = non_negative_up_to(10.0, "");

using R = Need;

constexpr Parameter<PointMass> point_mass[] = {
    {.key = "name", .unit = "text", .need = R::Required, .meaning = "label"},
    {.key = "role", .unit = "choice", .meaning = "`body`, `engine`, `driver`, `ballast`", .default_text = "\"body\""},
    {.key = "mass_kg", .unit = "kg", .need = R::Required, .meaning = "the mass", .number = &PointMass::mass_kg, .range = kPointMass,
     .vdrift_key = "mass"},
    {.key = "position_m", .unit = "m", .need = R::Required, .meaning = "[x, y, z] of the mass", .point = &PointMass::position_m,
     .vdrift_key = "position"},
};

constexpr Parameter<FuelTankSpec> fuel_tank[] = {
    {.key = "position_m", .unit = "m", .need = R::Required, .meaning = "tank centre", .point = &FuelTankSpec::position_m,
     .vdrift_key = "position"},
    {.key = "capacity_m3", .unit = "m^3", .need = R::Required, .meaning = "largest volume the tank holds",
     .number = &FuelTankSpec::capacity_m3, .range = kFuelVolume},
    {.key = "volume_m3", .unit = "m^3", .meaning = "fuel at the start; at most the capacity", .number = &FuelTankSpec::volume_m3,
     .range = kFuelVolume, .default_text = "the capacity"},
    {.key = "density_kg_per_m3", .unit = "kg/m^3", .meaning = "fuel density", .number = &FuelTankSpec::density_kg_per_m3,
     .range = kDensity, .vdrift_key = "fuel-density"},
};

constexpr Parameter<EngineSpec> engine[] = {
    {.key = "rpm_limit", .unit = "rpm", .need = R::Required, .meaning = "rev limiter (redline); above `start_rpm`",
     .number = &EngineSpec::rpm_limit, .range = kRpm, .vdrift_key = "rpm-limit"},
    {.key = "inertia_kgm2", .unit = "kg m^2", .need = R::Required, .meaning = "rotating parts of the engine",
     .number = &EngineSpec::inertia_kgm2, .range = kInertia, .vdrift_key = "inertia"},
    {.key = "start_rpm", .unit = "rpm", .need = R::Required, .meaning = "speed right after a start; the idle target; above `stall_rpm`",
     .number = &EngineSpec::start_rpm, .range = kRpm, .vdrift_key = "start-rpm"},
    {.key = "stall_rpm", .unit = "rpm", .need = R::Required, .meaning = "the engine stops below it", .number = &EngineSpec::stall_rpm,
     .range = kRpmOrZero, .vdrift_key = "stall-rpm"},
    {.key = "idle_throttle", .unit = "", .meaning = "throttle the idle governor holds (002 `idle`)", .number = &EngineSpec::idle_throttle,
     .range = kFraction, .vdrift_key = "idle"},
    {.key = "max_power_w", .unit = "W",
     .meaning = "with `peak_power_rpm`, builds the torque curve (Genta polynomial) when `torque_curve` is absent (002)",
     .number = &EngineSpec::max_power_w, .range = kPower, .vdrift_key = "max-power"},
    {.key = "peak_power_rpm", .unit = "rpm", .meaning = "engine speed of `max_power_w`", .number = &EngineSpec::peak_power_rpm,
     .range = kRpmOrZero, .vdrift_key = "peak-engine-rpm"},
    {.key = "fuel_consumption_m3_per_rpm_s", .unit = "m^3/(rpm s)",
     .meaning = "`rpm-throttle` fuel law: volume rate = value x rpm x throttle (002, the 2009 VDrift format)",
     .number = &EngineSpec::fuel_consumption_m3_per_rpm_s, .range = kFuelConsumption, .vdrift_key = "fuel-consumption"},
    {.key = "thermal_efficiency", .unit = "",
     .meaning = "`combustion-power` fuel law: mass rate = P / (eta H), P the combustion torque before friction x crank speed "
                "(current VDrift)",
     .number = &EngineSpec::thermal_efficiency, .range = kEfficiency, .vdrift_key = "efficiency"},
    {.key = "fuel_heating_value_j_per_kg", .unit = "J/kg", .meaning = "H above (petrol: 43-44 MJ/kg lower heating value)",
     .number = &EngineSpec::fuel_heating_value_j_per_kg, .range = kHeatingValue, .vdrift_key = "fuel-heating-value"},
    {.key = "fuel_law", .unit = "choice", .meaning = "how the engine burns fuel: `rpm-throttle` or `combustion-power`",
     .default_text = "`rpm-throttle` when `fuel_consumption_m3_per_rpm_s` is given, else `combustion-power`"},
    {.key = "displacement_m3", .unit = "m^3", .meaning = "informative (the VDrift loader derives the friction default from it)",
     .number = &EngineSpec::displacement_m3, .range = kDisplacement, .vdrift_key = "displacement"},
    {.key = "friction_torque_nm", .unit = "[f0, f1, f2] N m",
     .meaning = "friction T = f0 + f1 r + f2 r^2, r = rpm / 1000, scaled by (1 - throttle); each >= 0 (002)",
     .default_text = "[0, 0, 0]", .vdrift_key = "torque-friction"},
    {.key = "torque_curve", .unit = "[[rpm, N m], ...]",
     .meaning = "full-throttle torque; rpm >= 0 strictly increasing, at least 2 points (002, 001). Required unless "
                "`max_power_w` and `peak_power_rpm` are given",
     .default_text = "built from the power", .vdrift_key = "torque-curve-NN"},
    {.key = "torque_curve_from_power", .unit = "true/false", .meaning = "records that the curve was built from the power",
     .default_text = "false (true when built)"},
    {.key = "resistive_torque_curve", .unit = "[[rpm, N m], ...]",
     .meaning = "torque at zero throttle, negative (001 II.2); the output is interpolated between the two curves by throttle; "
                "when given, `friction_torque_nm` is not used",
     .default_text = "none"},
};

constexpr Parameter<ClutchSpec> clutch[] = {
    {.key = "model", .unit = "choice", .need = R::Required, .meaning = "`pedal-force` (000) or `vdrift` (002)"},
    {.key = "pedal_zones", .unit = "[3 fractions]",
     .meaning = "free play, working range, past disengagement; >= 0, working range > 0, sum 1 (000 section 1)",
     .default_text = "[0.15, 0.6, 0.25]"},
};

constexpr Parameter<ClutchSpec> clutch_pedal_force[] = {
    {.key = "max_force_n", .unit = "N", .meaning = "F_max of F(x) = F_max (1 - (1 - p x)^gamma) / (1 - (1 - p)^gamma) (000 section 2)",
     .number = &ClutchSpec::max_force_n, .range = kStiffness},
    {.key = "clamp_force_exponent", .unit = "", .meaning = "gamma of F(x): the curve's exponent", .number = &ClutchSpec::clamp_force_exponent,
     .range = kClutchGamma},
    {.key = "clamp_force_travel_factor", .unit = "", .meaning = "p of F(x): the factor on the engaged travel x",
     .number = &ClutchSpec::clamp_force_travel_factor, .range = kOpenFraction},
    {.key = "face_count", .unit = "count", .meaning = "n, friction faces: a whole number from 1 to 64", .default_text = "2"},
    {.key = "equivalent_radius_m", .unit = "m", .meaning = "R_eq of T = n mu R_eq F", .number = &ClutchSpec::equivalent_radius_m,
     .range = kRadius},
    {.key = "mu_static", .unit = "", .meaning = "mu_s of mu(w) = mu_s + (mu_d - mu_s) tanh(g w R_eq) (000 section 3)",
     .number = &ClutchSpec::mu_static, .range = kFriction},
    {.key = "mu_dynamic", .unit = "", .meaning = "mu_d", .number = &ClutchSpec::mu_dynamic, .range = kFriction},
    {.key = "slip_coefficient_s_per_m", .unit = "s/m", .meaning = "g", .number = &ClutchSpec::slip_coefficient_s_per_m,
     .range = kSlipCoefficient},
};

constexpr Parameter<ClutchSpec> clutch_vdrift[] = {
    {.key = "sliding_friction", .unit = "", .need = R::Required,
     .meaning = "capacity = sliding_friction x radius_m x area_m2 x max_pressure_pa (002)", .number = &ClutchSpec::sliding_friction,
     .range = kFriction, .vdrift_key = "sliding"},
    {.key = "radius_m", .unit = "m", .need = R::Required, .meaning = "friction radius", .number = &ClutchSpec::radius_m,
     .range = kRadius, .vdrift_key = "radius"},
    {.key = "area_m2", .unit = "m^2", .need = R::Required, .meaning = "friction area", .number = &ClutchSpec::area_m2, .range = kArea,
     .vdrift_key = "area"},
    {.key = "max_pressure_pa", .unit = "Pa", .need = R::Required, .meaning = "clamp pressure", .number = &ClutchSpec::max_pressure_pa,
     .range = kStiffness, .vdrift_key = "max-pressure"},
};

constexpr Parameter<TransmissionSpec> transmission[] = {
    {.key = "mode", .unit = "choice", .meaning = "`automatic`, `sequential`, `manual` (001 III.1)", .default_text = "\"manual\""},
    {.key = "forward_ratios", .unit = "[ratio, ...]", .need = R::Required, .meaning = "1 to 20 ratios > 0, first gear first",
     .vdrift_key = "gear-ratio-N"},
    {.key = "gears", .unit = "count", .meaning = "if given, must equal the number of ratios", .default_text = "none",
     .vdrift_key = "gears"},
    {.key = "reverse_ratio", .unit = "", .need = R::Required, .meaning = "negative", .number = &TransmissionSpec::reverse_ratio,
     .range = kReverseRatio, .vdrift_key = "gear-ratio-r"},
    {.key = "final_drive", .unit = "", .meaning = "gearbox-side final drive (001); multiplies the differentials'",
     .number = &TransmissionSpec::final_drive, .range = kGearRatio},
    {.key = "efficiency", .unit = "", .meaning = "(001)", .number = &TransmissionSpec::efficiency, .range = kEfficiency},
    {.key = "inertia_kgm2", .unit = "kg m^2", .meaning = "gearbox input side (001)", .number = &TransmissionSpec::inertia_kgm2,
     .range = kInertiaOrZero},
    {.key = "shift_time_s", .unit = "s", .meaning = "time of a shift (002)", .number = &TransmissionSpec::shift_time_s, .range = kTime,
     .vdrift_key = "shift-time"},
};

constexpr Parameter<DriverAidsSpec> driver_aids[] = {
    {.key = "abs", .unit = "true/false",
     .meaning = "anti-lock brakes: a per-wheel pressure modulator keeps each wheel's braking slip near its tyre's peak",
     .flag = &DriverAidsSpec::abs},
    {.key = "tcs", .unit = "true/false", .meaning = "traction control: lowers the throttle while a driven wheel spins past its tyre's peak slip",
     .flag = &DriverAidsSpec::tcs},
    {.key = "esc", .unit = "true/false",
     .meaning = "stability control: brakes one wheel and cuts the engine while the car yaws more or less than its single-track model and the road's friction allow",
     .flag = &DriverAidsSpec::esc},
};

constexpr Parameter<DifferentialSpec> differential[] = {
    {.key = "type", .unit = "choice",
     .meaning = "`open`, `locked`, `limited-slip` (a clutch pack: locked up to its locking torque), `viscous` (VDrift's speed-sensitive "
                "limited slip: torque c (w1 - w2) up to a cap)",
     .default_text = "\"open\""},
    {.key = "final_drive", .unit = "", .meaning = "ratio of this differential", .number = &DifferentialSpec::final_drive,
     .range = kGearRatio, .vdrift_key = "final-drive"},
    {.key = "torque_split", .unit = "",
     .meaning = "fraction of the input torque to the second output: the right wheel of an axle, the rear axle for `centre` (002)",
     .number = &DifferentialSpec::torque_split, .range = kFraction, .vdrift_key = "torque-split"},
    {.key = "locking_torque_limit_nm", .unit = "N m",
     .meaning = "`limited-slip`: the locking torque (a preload), or its cap with torque sensing; `viscous`: the cap on its torque; "
                "0 with torque sensing or `viscous` = no cap (002 `anti-slip`, which VDrift also uses as the viscous coefficient)",
     .number = &DifferentialSpec::locking_torque_limit_nm, .range = kTorqueOrZero, .vdrift_key = "anti-slip"},
    {.key = "viscous_coefficient_nm_s_per_rad", .unit = "N m s/rad",
     .meaning = "`viscous`: c of torque = c (w1 - w2) without torque sensing (002 `anti-slip`, as VDrift reads it)",
     .number = &DifferentialSpec::viscous_coefficient_nm_s_per_rad, .range = kTorqueOrZero, .vdrift_key = "anti-slip"},
    {.key = "torque_sensing_ratio", .unit = "",
     .meaning = "if > 0, torque sensing: the locking torque (`limited-slip`) or c (`viscous`, then in s/rad) = this x input torque (002)",
     .number = &DifferentialSpec::torque_sensing_ratio, .range = kCoefficient, .vdrift_key = "anti-slip-torque"},
    {.key = "torque_sensing_coast_factor", .unit = "",
     .meaning = "factor on the above for a negative input torque (engine braking): 0 one-way, 1 two-way (002)",
     .number = &DifferentialSpec::torque_sensing_coast_factor, .range = kFraction,
     .vdrift_key = "anti-slip-torque-deceleration-factor"},
};

constexpr Parameter<BrakeSystemSpec> brake_system[] = {
    {.key = "form", .unit = "choice", .need = R::Required,
     .meaning = "`vdrift` (002: each wheel's brake table) or `max-torque` (001 V)"},
};

constexpr Parameter<BrakeSystemSpec> brake_system_max_torque[] = {
    {.key = "max_torque_nm", .unit = "N m", .need = R::Required, .meaning = "all four wheels together",
     .number = &BrakeSystemSpec::max_torque_nm, .range = kBrakeSystemTorque},
    {.key = "front_fraction", .unit = "", .need = R::Required,
     .meaning = "repartition: each front wheel gets max x fraction / 2, each rear max x (1 - fraction) / 2",
     .number = &BrakeSystemSpec::front_fraction, .range = kFraction},
};

constexpr Parameter<TyreSpec> tyre[] = {
    {.key = "file", .unit = "path",
     .meaning = "a TYDEX .tir Magic Formula file (MF-Tyre 6.1 / 6.2, MF 5.2 / PAC2002) relative to the car file; then every key "
                "below defaults to the file's, and `rolling_resistance` is refused (its QSY terms give it)",
     .default_text = "none"},
    {.key = "inflation_pressure_kpa", .unit = "kPa",
     .meaning = "operating pressure of an MF 6.1 `file` tyre (its pressure terms; refused for a file without them)",
     .default_text = "the file's INFLPRES"},
    {.key = "model", .unit = "choice", .need = R::Required,
     .meaning = "`pacejka89` (002), `friction-curve` (001 VI), `pacejka2002`, `brush` (VDrift .tiren, .tirep) or `magic-formula` "
                "(a .tir tyre written out in full); not with `file`"},
    {.key = "radius_m", .unit = "m", .need = R::Required, .meaning = "unloaded radius", .number = &TyreSpec::radius_m, .range = kRadius,
     .vdrift_key = "radius"},
    {.key = "width_m", .unit = "m", .meaning = "section width; 0 = not given", .number = &TyreSpec::width_m, .range = kRadiusOrZero},
    {.key = "aspect_ratio", .unit = "", .meaning = "sidewall height / width; 0 = not given", .number = &TyreSpec::aspect_ratio,
     .range = kAspectRatio},
    {.key = "rim_diameter_m", .unit = "m", .meaning = "0 = not given", .number = &TyreSpec::rim_diameter_m, .range = kRimDiameter},
    {.key = "rotational_inertia_kgm2", .unit = "kg m^2", .need = R::Required, .meaning = "wheel and tyre about the spin axis",
     .number = &TyreSpec::rotational_inertia_kgm2, .range = kInertia, .vdrift_key = "rotational-inertia"},
    {.key = "tread", .unit = "", .meaning = "0 road ... 1 off-road (002)", .number = &TyreSpec::tread, .range = kFraction,
     .vdrift_key = "tread"},
    {.key = "rolling_resistance", .unit = "table", .need = R::Required,
     .meaning = "`[tyres.NAME.rolling_resistance]` below; not for a `file` or `magic-formula` tyre"},
    {.key = "size_reference", .unit = "table", .meaning = "`[tyres.NAME.size_reference]` below", .default_text = "none"},
    {.key = "a", .unit = "[15 numbers]", .need = R::Required,
     .meaning = "`pacejka89`: a0..a10, a111, a112, a12, a13 (lateral; Fz in kN, slip in %, angles in degrees)", .vdrift_key = "a0.."},
    {.key = "b", .unit = "[11 numbers]", .need = R::Required, .meaning = "`pacejka89`: b0..b10 (longitudinal)", .vdrift_key = "b0.."},
    {.key = "c", .unit = "[18 numbers]", .need = R::Required, .meaning = "`pacejka89`: c0..c17 (aligning moment)", .vdrift_key = "c0.."},
    {.key = "combined", .unit = "table", .meaning = "`pacejka89`: `[tyres.NAME.combined]` below", .default_text = "all 0"},
    {.key = "friction_curve_longitudinal", .unit = "[[slip ratio, mu], ...]", .need = R::Required,
     .meaning = "`friction-curve` (001 VI): x strictly increasing, at least 2 points"},
    {.key = "friction_curve_lateral", .unit = "[[tan alpha, mu], ...]", .need = R::Required,
     .meaning = "`friction-curve`: against the lateral slip v_y / |v_x|"},
    {.key = "pacejka2002", .unit = "table", .need = R::Required,
     .meaning = "`pacejka2002`: `[tyres.NAME.pacejka2002]` with FZ0 (N) and every Magic Formula 5.2 coefficient of VDrift's .tiren by "
                "name (PCX1 ... RVY6), all required"},
    {.key = "brush", .unit = "table", .need = R::Required, .meaning = "`brush`: `[tyres.NAME.brush]` below"},
    {.key = "magic_formula", .unit = "table", .need = R::Required, .meaning = "`magic-formula`: `[tyres.NAME.magic_formula]` below"},
};

constexpr Parameter<RollingResistanceSpec> rolling_resistance[] = {
    {.key = "form", .unit = "choice",
     .meaning = "`vdrift`: coefficient = constant + v2 x v^2; `speed` (001 VI.3): coefficient = constant + (k / 1000) x v, v in m/s",
     .default_text = "\"vdrift\""},
    {.key = "constant", .unit = "", .need = R::Required, .meaning = "force = coefficient x Fz", .number = &RollingResistanceSpec::constant,
     .range = kRollingResistance, .vdrift_key = "cr0"},
    {.key = "v2_coefficient_s2_per_m2", .unit = "s^2/m^2", .meaning = "`vdrift` form", .number = &RollingResistanceSpec::v2_coefficient_s2_per_m2,
     .range = kRollingResistanceV2, .vdrift_key = "cr2"},
    {.key = "speed_coefficient_s_per_km", .unit = "s/km", .meaning = "`speed` form: k",
     .number = &RollingResistanceSpec::speed_coefficient_s_per_km, .range = kRollingResistanceSpeed},
};

constexpr Parameter<TyreSizeReference> tyre_size_reference[] = {
    {.key = "radius_m", .unit = "m", .need = R::Required, .meaning = "radius of the tyre the coefficients were fitted to",
     .number = &TyreSizeReference::radius_m, .range = kRadius, .vdrift_key = "R0"},
    {.key = "width_m", .unit = "m", .need = R::Required, .meaning = "its width", .number = &TyreSizeReference::width_m, .range = kRadius,
     .vdrift_key = "W0"},
    {.key = "aspect_ratio", .unit = "", .need = R::Required, .meaning = "its aspect ratio", .number = &TyreSizeReference::aspect_ratio,
     .range = kReferenceAspectRatio, .vdrift_key = "AR0"},
    {.key = "pressure_bar", .unit = "bar", .need = R::Required, .meaning = "its pressure", .number = &TyreSizeReference::pressure_bar,
     .range = kPressureBar, .vdrift_key = "PT0"},
    {.key = "load_n", .unit = "N", .need = R::Required, .meaning = "its load", .number = &TyreSizeReference::load_n, .range = kTyreLoad,
     .vdrift_key = "FZ0"},
};

constexpr Parameter<PacejkaCoefficients> pacejka_combined[] = {
    {.key = "gx1", .unit = "", .meaning = "G_x = 1 / sqrt(1 + (B_x alpha)^2), B_x = gx1 / sqrt(1 + (gx2 kappa)^2), alpha in rad",
     .number = &PacejkaCoefficients::gx1, .range = kCoefficient, .vdrift_key = "gx1"},
    {.key = "gx2", .unit = "", .meaning = "see gx1", .number = &PacejkaCoefficients::gx2, .range = kCoefficient, .vdrift_key = "gx2"},
    {.key = "gy1", .unit = "", .meaning = "G_y = 1 / sqrt(1 + (B_y kappa)^2), B_y = gy1 / sqrt(1 + (gy2 alpha)^2)",
     .number = &PacejkaCoefficients::gy1, .range = kCoefficient, .vdrift_key = "gy1"},
    {.key = "gy2", .unit = "", .meaning = "see gy1", .number = &PacejkaCoefficients::gy2, .range = kCoefficient, .vdrift_key = "gy2"},
};

constexpr Parameter<BrushTyreParameters> brush_tyre[] = {
    {.key = "pressure_bar", .unit = "bar", .need = R::Required, .meaning = "inflation pressure", .number = &BrushTyreParameters::pressure_bar,
     .range = kPressureBar, .vdrift_key = "pt"},
    {.key = "tread_stiffness_x_bar_per_m", .unit = "bar/m", .need = R::Required, .meaning = "tread stress per unit deflection, lengthways",
     .number = &BrushTyreParameters::tread_stiffness_x_bar_per_m, .range = kStiffness, .vdrift_key = "ktx"},
    {.key = "tread_stiffness_y_bar_per_m", .unit = "bar/m", .need = R::Required, .meaning = "the same sideways",
     .number = &BrushTyreParameters::tread_stiffness_y_bar_per_m, .range = kStiffness, .vdrift_key = "kty"},
    {.key = "carcass_stiffness_n_per_m", .unit = "N/m", .need = R::Required, .meaning = "lateral bending stiffness of the carcass",
     .number = &BrushTyreParameters::carcass_stiffness_n_per_m, .range = kStiffness, .vdrift_key = "kcb"},
    {.key = "camber_carcass_factor", .unit = "", .need = R::Required, .meaning = "carcass offset per deflection and sin(camber)",
     .number = &BrushTyreParameters::camber_carcass_factor, .range = kCoefficient, .vdrift_key = "ccb"},
    {.key = "lateral_force_factor", .unit = "", .need = R::Required, .meaning = "scales the lateral force",
     .number = &BrushTyreParameters::lateral_force_factor, .range = kFactor, .vdrift_key = "cfy"},
    {.key = "reference_deflection_m", .unit = "m", .need = R::Required, .meaning = "below it the patch narrows",
     .number = &BrushTyreParameters::reference_deflection_m, .range = kTravel, .vdrift_key = "dz0"},
    {.key = "reference_pressure_bar", .unit = "bar", .need = R::Required, .meaning = "contact pressure of the friction figures",
     .number = &BrushTyreParameters::reference_pressure_bar, .range = kPressureBar, .vdrift_key = "p0"},
    {.key = "static_friction", .unit = "", .need = R::Required, .meaning = "static friction coefficient",
     .number = &BrushTyreParameters::static_friction, .range = kFriction, .vdrift_key = "mus"},
    {.key = "sliding_friction", .unit = "", .need = R::Required, .meaning = "sliding friction coefficient",
     .number = &BrushTyreParameters::sliding_friction, .range = kFriction, .vdrift_key = "muc"},
    {.key = "stribeck_speed_m_per_s", .unit = "m/s", .need = R::Required, .meaning = "sliding speed of the static-to-sliding change",
     .number = &BrushTyreParameters::stribeck_speed_m_per_s, .range = kStribeckSpeed, .vdrift_key = "vs"},
};

constexpr Parameter<MagicFormulaTyre> magic_formula_table[] = {
    {.key = "family", .unit = "choice", .need = R::Required, .meaning = "`mf61` or `pac2002`"},
    {.key = "fit_type", .unit = "count", .meaning = "FITTYP", .default_text = "61 (mf61) or 6 (pac2002)"},
    {.key = "unloaded_radius_m", .unit = "m", .need = R::Required, .meaning = "UNLOADED_RADIUS",
     .number = &MagicFormulaTyre::unloaded_radius_m, .range = kRadius},
    {.key = "nominal_load_n", .unit = "N", .need = R::Required, .meaning = "FNOMIN", .number = &MagicFormulaTyre::nominal_load_n,
     .range = kTyreLoad},
    {.key = "nominal_pressure_pa", .unit = "Pa", .meaning = "NOMPRES (MF 6.1; 0 = none)", .number = &MagicFormulaTyre::nominal_pressure_pa,
     .range = kPressurePa},
    {.key = "inflation_pressure_pa", .unit = "Pa", .meaning = "INFLPRES, the operating pressure",
     .number = &MagicFormulaTyre::inflation_pressure_pa, .range = kPressurePa, .default_text = "nominal_pressure_pa"},
    {.key = "reference_speed_m_per_s", .unit = "m/s", .meaning = "LONGVL", .number = &MagicFormulaTyre::reference_speed_m_per_s,
     .range = kReferenceSpeed},
    {.key = "vertical_stiffness_n_per_m", .unit = "N/m", .meaning = "VERTICAL_STIFFNESS (0 = none)",
     .number = &MagicFormulaTyre::vertical_stiffness_n_per_m, .range = kTyreStiffness},
    {.key = "vertical_damping_ns_per_m", .unit = "N s/m", .meaning = "VERTICAL_DAMPING (0 = none)",
     .number = &MagicFormulaTyre::vertical_damping_ns_per_m, .range = kTyreDamping},
    {.key = "lateral_stiffness_n_per_m", .unit = "N/m", .meaning = "LATERAL_STIFFNESS: MF 6.1's relaxation length |Kya| / C_Fy",
     .number = &MagicFormulaTyre::lateral_stiffness_n_per_m, .range = kTyreStiffness},
    {.key = "width_m", .unit = "m", .meaning = "WIDTH", .number = &MagicFormulaTyre::width_m, .range = kRadiusOrZero},
    {.key = "aspect_ratio", .unit = "", .meaning = "ASPECT_RATIO", .number = &MagicFormulaTyre::aspect_ratio, .range = kRatioOrZero},
    {.key = "rim_radius_m", .unit = "m", .meaning = "RIM_RADIUS", .number = &MagicFormulaTyre::rim_radius_m, .range = kRadiusOrZero},
    {.key = "spin_inertia_kgm2", .unit = "kg m^2", .meaning = "IYY (0 = none)", .number = &MagicFormulaTyre::spin_inertia_kgm2,
     .range = kTyreInertiaOrZero},
    {.key = "measured_on_right", .unit = "true/false", .meaning = "TYRESIDE = 'RIGHT'", .flag = &MagicFormulaTyre::measured_on_right},
    {.key = "LFZO ... SSZ4", .unit = "",
     .meaning = "every coefficient by its MF name (docs/tyres.md); absent scale factors 1, absent coefficients 0, an absent MF 6.1 "
                "PKY4 2",
     .default_text = "1, 0 or 2"},
};

constexpr Parameter<WheelSpec> wheel[] = {
    {.key = "tyre", .unit = "name", .need = R::Required, .meaning = "name of a `[tyres.NAME]` table"},
    {.key = "position_m", .unit = "m", .need = R::Required, .meaning = "wheel centre at the static position", .point = &WheelSpec::position_m,
     .vdrift_key = "position"},
    {.key = "mass_kg", .unit = "kg", .need = R::Required, .meaning = "unsprung mass: wheel, tyre, hub, brake", .number = &WheelSpec::mass_kg,
     .range = kPointMass, .vdrift_key = "mass"},
    {.key = "camber_deg", .unit = "deg", .meaning = "static camber; positive = top of the wheel leaning out", .number = &WheelSpec::camber_rad,
     .range = kAngleDeg, .si_per_file_unit = kRadiansPerDegree, .vdrift_key = "camber"},
    {.key = "caster_deg", .unit = "deg", .meaning = "caster angle", .number = &WheelSpec::caster_rad, .range = kAngleDeg,
     .si_per_file_unit = kRadiansPerDegree, .vdrift_key = "caster"},
    {.key = "toe_deg", .unit = "deg", .meaning = "positive = toe-in", .number = &WheelSpec::toe_rad, .range = kAngleDeg,
     .si_per_file_unit = kRadiansPerDegree, .vdrift_key = "toe"},
    {.key = "max_steer_deg", .unit = "deg", .meaning = "the steering law's angle a at full lock (VDrift's `steering`): each wheel's own angle comes from it with the Ackermann arm (ackermann_deg; with A 0 every steered wheel turns by a); 0 = not steered, negative = steers the other way",
     .number = &WheelSpec::max_steer_rad, .range = kAngleDeg, .si_per_file_unit = kRadiansPerDegree, .vdrift_key = "steering"},
    {.key = "ackermann_deg", .unit = "deg", .meaning = "Ackermann arm angle A: the wheel on the inside of a turn turns by atan(1 / (1 / tan a - tan A)), the outside one by atan(1 / (1 / tan a + tan A)), a the steering law's angle (max_steer_deg 32 with A 15: 36.8 and 28.3 deg at full lock; 002)",
     .number = &WheelSpec::ackermann_rad, .range = kAngleDeg, .si_per_file_unit = kRadiansPerDegree, .vdrift_key = "ackermann"},
    {.key = "roll_height_m", .unit = "m",
     .meaning = "height above the road at which the tyre's road-plane forces act on the car (the 2009 VDrift `roll-height`); 0 = at "
                "the contact patch",
     .number = &WheelSpec::roll_height_m, .range = kRadiusOrZero, .vdrift_key = "roll-height"},
};

constexpr Parameter<SuspensionSpec> suspension[] = {
    {.key = "spring_n_per_m", .unit = "N/m", .need = R::Required, .meaning = "spring rate at the wheel", .number = &SuspensionSpec::spring_n_per_m,
     .range = kStiffness, .vdrift_key = "spring-constant"},
    {.key = "bump_damping_ns_per_m", .unit = "N s/m", .need = R::Required, .meaning = "compression (002 `bounce`)",
     .number = &SuspensionSpec::bump_damping_ns_per_m, .range = kStiffnessOrZero, .vdrift_key = "bounce"},
    {.key = "rebound_damping_ns_per_m", .unit = "N s/m", .need = R::Required, .meaning = "extension",
     .number = &SuspensionSpec::rebound_damping_ns_per_m, .range = kStiffnessOrZero, .vdrift_key = "rebound"},
    {.key = "travel_m", .unit = "m", .need = R::Required, .meaning = "compression travel from full droop", .number = &SuspensionSpec::travel_m,
     .range = kTravel, .vdrift_key = "travel"},
    {.key = "max_compression_velocity_m_per_s", .unit = "m/s", .meaning = "dampers lock above it; 0 = no limit",
     .number = &SuspensionSpec::max_compression_velocity_m_per_s, .range = kSpeed, .vdrift_key = "max-compression-velocity"},
    {.key = "anti_roll_n_per_m", .unit = "N/m", .meaning = "anti-roll bar on this axle", .number = &SuspensionSpec::anti_roll_n_per_m,
     .range = kStiffnessOrZero, .vdrift_key = "anti-roll"},
    {.key = "position_m", .unit = "m", .meaning = "where the force acts on the body", .point = &SuspensionSpec::position_m,
     .default_text = "the wheel centre"},
    {.key = "hinge_m", .unit = "m",
     .meaning = "centre of the wheel's arc of travel: without linkage points the wheel centre moves on the sphere about it",
     .default_text = "none (straight travel)"},
    {.key = "double_wishbone", .unit = "table", .meaning = "`[wheels.X.suspension.double_wishbone]` below", .default_text = "none"},
    {.key = "macpherson_strut", .unit = "table", .meaning = "`[wheels.X.suspension.macpherson_strut]` below", .default_text = "none"},
};

constexpr Parameter<DoubleWishbone> double_wishbone[] = {
    {.key = "upper_chassis_front_m", .unit = "m", .need = R::Required, .meaning = "upper arm's front body mount",
     .point = &DoubleWishbone::upper_chassis_front_m, .vdrift_key = "upper-chassis-front"},
    {.key = "upper_chassis_rear_m", .unit = "m", .need = R::Required, .meaning = "upper arm's rear body mount",
     .point = &DoubleWishbone::upper_chassis_rear_m, .vdrift_key = "upper-chassis-rear"},
    {.key = "upper_hub_m", .unit = "m", .need = R::Required, .meaning = "upper ball joint", .point = &DoubleWishbone::upper_hub_m,
     .vdrift_key = "upper-hub"},
    {.key = "lower_chassis_front_m", .unit = "m", .need = R::Required, .meaning = "lower arm's front body mount",
     .point = &DoubleWishbone::lower_chassis_front_m, .vdrift_key = "lower-chassis-front"},
    {.key = "lower_chassis_rear_m", .unit = "m", .need = R::Required, .meaning = "lower arm's rear body mount",
     .point = &DoubleWishbone::lower_chassis_rear_m, .vdrift_key = "lower-chassis-rear"},
    {.key = "lower_hub_m", .unit = "m", .need = R::Required, .meaning = "lower ball joint", .point = &DoubleWishbone::lower_hub_m,
     .vdrift_key = "lower-hub"},
};

constexpr Parameter<MacPhersonStrut> macpherson_strut[] = {
    {.key = "strut_top_m", .unit = "m", .need = R::Required, .meaning = "strut's top mount", .point = &MacPhersonStrut::strut_top_m,
     .vdrift_key = "strut-top"},
    {.key = "strut_end_m", .unit = "m", .need = R::Required, .meaning = "strut's lower end at the hub", .point = &MacPhersonStrut::strut_end_m,
     .vdrift_key = "strut-end"},
    {.key = "hinge_m", .unit = "m", .need = R::Required, .meaning = "lower arm's body pivot", .point = &MacPhersonStrut::hinge_m,
     .vdrift_key = "hinge"},
};

constexpr Parameter<WheelBrakeSpec> wheel_brake[] = {
    {.key = "friction", .unit = "", .meaning = "`vdrift` brakes: torque = friction x area x bias x max_pressure x radius (002)",
     .number = &WheelBrakeSpec::friction, .range = kFrictionOrZero, .vdrift_key = "friction"},
    {.key = "max_pressure_pa", .unit = "Pa", .meaning = "line pressure at full pedal", .number = &WheelBrakeSpec::max_pressure_pa, .range = kStiffnessOrZero,
     .vdrift_key = "max-pressure"},
    {.key = "area_m2", .unit = "m^2", .meaning = "pad area", .number = &WheelBrakeSpec::area_m2, .range = kAreaOrZero, .vdrift_key = "area"},
    {.key = "radius_m", .unit = "m", .meaning = "effective disc radius", .number = &WheelBrakeSpec::radius_m, .range = kRadiusOrZero,
     .vdrift_key = "radius"},
    {.key = "bias", .unit = "", .meaning = "share of the pedal's pressure", .number = &WheelBrakeSpec::bias, .range = kFraction,
     .vdrift_key = "bias"},
    {.key = "handbrake", .unit = "",
     .meaning = "share of this wheel's largest brake torque a fully pulled handbrake applies (up to 10; also with `max-torque`)",
     .number = &WheelBrakeSpec::handbrake, .range = kHandbrakeShare, .vdrift_key = "handbrake"},
};

constexpr Parameter<AeroDeviceSpec> aero_device[] = {
    {.key = "name", .unit = "text", .need = R::Required, .meaning = "label"},
    {.key = "position_m", .unit = "m", .need = R::Required, .meaning = "point of action", .point = &AeroDeviceSpec::position_m,
     .vdrift_key = "position"},
    {.key = "frontal_area_m2", .unit = "m^2", .meaning = "drag = 1/2 rho Cd A v^2", .number = &AeroDeviceSpec::frontal_area_m2,
     .range = kAreaOrZero, .vdrift_key = "frontal-area"},
    {.key = "drag_coefficient", .unit = "", .meaning = "Cd", .number = &AeroDeviceSpec::drag_coefficient, .range = kCoefficient,
     .vdrift_key = "drag-coefficient"},
    {.key = "surface_area_m2", .unit = "m^2", .meaning = "lift = 1/2 rho Cl S v^2", .number = &AeroDeviceSpec::surface_area_m2,
     .range = kAreaOrZero, .vdrift_key = "surface-area"},
    {.key = "lift_coefficient", .unit = "", .meaning = "Cl; negative = downforce", .number = &AeroDeviceSpec::lift_coefficient,
     .range = kLiftCoefficient, .vdrift_key = "lift-coefficient"},
    {.key = "lift_efficiency", .unit = "", .meaning = "e: induced drag = |Cl| (1 - e) |lift| (002); 1 = none",
     .number = &AeroDeviceSpec::lift_efficiency, .range = kFraction, .vdrift_key = "lift-efficiency"},
};

constexpr Parameter<BodySphere> body_sphere[] = {
    {.key = "position_m", .unit = "m", .need = R::Required, .meaning = "[x, y, z] of its centre", .point = &BodySphere::position_m},
    {.key = "radius_m", .unit = "m", .need = R::Required, .meaning = "its radius", .number = &BodySphere::radius_m, .range = kBodySphereRadius},
};

// ---------------------------------------------------------------------------------------------
// The reference

std::string number_text(double v) { return fmt::format("{}", v == 0.0 ? 0.0 : v); }

std::string accepted_text(const Range& r) {
    if (r.bounds_in_kind) return r.kind;
    const std::string unit = *r.unit ? std::string(" ") + r.unit : "";
    return fmt::format("{}{}, {}{}{}", r.min_open ? "(" : "[", number_text(r.min), number_text(r.max), r.max_open ? ")" : "]", unit);
}

// (GCC's constant propagation of the tables warns about the member pointers a row does not use,
// for a part smaller than a double: DriverAidsSpec. They are null there and never followed.)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
template <class Part>
std::vector<ParameterRow> rows_of(std::span<const Parameter<Part>> table) {
    static const Part defaults{};
    std::vector<ParameterRow> rows;
    for (const auto& p : table) {
        ParameterRow row{std::string(p.key), std::string(p.unit), p.need == Need::Required, "", "", std::string(p.meaning), ""};
        if (p.need == Need::Optional) {
            if (!p.default_text.empty()) {
                row.default_value = std::string(p.default_text);
            } else if (p.number) {
                row.default_value = number_text(defaults.*p.number / p.si_per_file_unit);
            } else if (p.flag) {
                row.default_value = defaults.*p.flag ? "true" : "false";
            } else if (p.point) {
                const Vec3 v = defaults.*p.point;
                row.default_value = fmt::format("[{}, {}, {}]", number_text(v.x), number_text(v.y), number_text(v.z));
            }
        }
        if (p.number) row.accepted = accepted_text(p.range);
        if (p.point) row.accepted = accepted_text(kCoordinate) + " each";
        if (!p.vdrift_key.empty()) row.vdrift_key = std::string(p.vdrift_key);
        rows.push_back(std::move(row));
    }
    return rows;
}
#pragma GCC diagnostic pop

std::string cell(std::string text) {
    std::string out;
    for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

}  // namespace

const std::span<const Parameter<PointMass>> kPointMassParameters = point_mass;
const std::span<const Parameter<FuelTankSpec>> kFuelTankParameters = fuel_tank;
const std::span<const Parameter<EngineSpec>> kEngineParameters = engine;
const std::span<const Parameter<ClutchSpec>> kClutchParameters = clutch;
const std::span<const Parameter<ClutchSpec>> kClutchPedalForceParameters = clutch_pedal_force;
const std::span<const Parameter<ClutchSpec>> kClutchVDriftParameters = clutch_vdrift;
const std::span<const Parameter<TransmissionSpec>> kTransmissionParameters = transmission;
const std::span<const Parameter<DriverAidsSpec>> kDriverAidsParameters = driver_aids;
const std::span<const Parameter<DifferentialSpec>> kDifferentialParameters = differential;
const std::span<const Parameter<BrakeSystemSpec>> kBrakeSystemParameters = brake_system;
const std::span<const Parameter<BrakeSystemSpec>> kBrakeSystemMaxTorqueParameters = brake_system_max_torque;
const std::span<const Parameter<TyreSpec>> kTyreParameters = tyre;
const std::span<const Parameter<RollingResistanceSpec>> kRollingResistanceParameters = rolling_resistance;
const std::span<const Parameter<TyreSizeReference>> kTyreSizeReferenceParameters = tyre_size_reference;
const std::span<const Parameter<PacejkaCoefficients>> kPacejkaCombinedParameters = pacejka_combined;
const std::span<const Parameter<BrushTyreParameters>> kBrushTyreParameters = brush_tyre;
const std::span<const Parameter<MagicFormulaTyre>> kMagicFormulaTableParameters = magic_formula_table;
const std::span<const Parameter<WheelSpec>> kWheelParameters = wheel;
const std::span<const Parameter<SuspensionSpec>> kSuspensionParameters = suspension;
const std::span<const Parameter<DoubleWishbone>> kDoubleWishboneParameters = double_wishbone;
const std::span<const Parameter<MacPhersonStrut>> kMacPhersonStrutParameters = macpherson_strut;
const std::span<const Parameter<WheelBrakeSpec>> kWheelBrakeParameters = wheel_brake;
const std::span<const Parameter<AeroDeviceSpec>> kAeroDeviceParameters = aero_device;
const std::span<const Parameter<BodySphere>> kBodySphereParameters = body_sphere;

std::vector<ParameterGroup> car_parameter_reference() {
    return {
        {"[[mass]]", "", "point masses rigidly attached to the body; at least one (fuel and wheels give their own mass). VDrift: any "
                         "section with a mass", rows_of(kPointMassParameters)},
        {"[fuel_tank]", "", "optional; absent = no fuel. VDrift: [fuel-tank]", rows_of(kFuelTankParameters)},
        {"[engine]", "", "required. VDrift: [engine]", rows_of(kEngineParameters)},
        {"[clutch]", "", "required. VDrift: [clutch]", rows_of(kClutchParameters)},
        {"[clutch]", "model = \"pedal-force\"", "seed 000: T = n mu(w) R_eq F(x); defaults are the seed's values",
         rows_of(kClutchPedalForceParameters)},
        {"[clutch]", "model = \"vdrift\"", "seed 002", rows_of(kClutchVDriftParameters)},
        {"[transmission]", "", "required. VDrift: [transmission]", rows_of(kTransmissionParameters)},
        {"[driver_aids]", "", "optional: what the car is fitted with; VDrift files have no such table", rows_of(kDriverAidsParameters)},
        {"[differential.front], [differential.rear], [differential.centre]", "",
         "at least one of front and rear; centre exactly when both. VDrift: [differential-front], [differential-rear], "
         "[differential-center]",
         rows_of(kDifferentialParameters)},
        {"[brakes]", "", "required", rows_of(kBrakeSystemParameters)},
        {"[brakes]", "form = \"max-torque\"", "seed 001 V", rows_of(kBrakeSystemMaxTorqueParameters)},
        {"[tyres.NAME]", "", "one table per tyre, named by the wheels. VDrift: [wheel.X.tire] and its tyre file", rows_of(kTyreParameters)},
        {"[tyres.NAME.rolling_resistance]", "", "force = coefficient x Fz (may be written inline: rolling_resistance = { ... })",
         rows_of(kRollingResistanceParameters)},
        {"[tyres.NAME.size_reference]", "", "optional: the tyre a Pacejka set was fitted to (VDrift's size scaling)",
         rows_of(kTyreSizeReferenceParameters)},
        {"[tyres.NAME.combined]", "model = \"pacejka89\"", "optional combined-slip weights (VDrift)", rows_of(kPacejkaCombinedParameters)},
        {"[tyres.NAME.brush]", "model = \"brush\"", "VDrift's brush tyre (.tirep); every key required",
         rows_of(kBrushTyreParameters)},
        {"[tyres.NAME.magic_formula]", "model = \"magic-formula\"", "a .tir tyre in full, SI units, as `tractive convert` writes it",
         rows_of(kMagicFormulaTableParameters)},
        {"[wheels.fl|fr|rl|rr] or [wheels.front|rear]", "", "required: four wheels, or an axle table written for the left wheel. VDrift: "
                                                           "[wheel.X]",
         rows_of(kWheelParameters)},
        {"[wheels.X.suspension]", "", "required. VDrift: [wheel.X.coilover]", rows_of(kSuspensionParameters)},
        {"[wheels.X.suspension.double_wishbone]", "", "optional linkage. VDrift: [wheel.X.double-wishbone]",
         rows_of(kDoubleWishboneParameters)},
        {"[wheels.X.suspension.macpherson_strut]", "", "optional linkage. VDrift: [wheel.X.macpherson-strut]",
         rows_of(kMacPhersonStrutParameters)},
        {"[wheels.X.brake]", "", "optional. VDrift: [wheel.X.brake]", rows_of(kWheelBrakeParameters)},
        {"[[aero]]", "", "optional, any number: drag devices and wings. VDrift: any section with a drag-coefficient",
         rows_of(kAeroDeviceParameters)},
        {"[[body_sphere]]", "",
         "optional, at most 64: the body's collision shape, where it meets the ground off its wheels, with three 5 cm spheres on "
         "each wheel's outer face; absent = a box around the masses and the wheels. VDrift: [PART.hull], [PART.box], [PART.capsule]",
         rows_of(kBodySphereParameters)},
    };
}

std::string car_parameter_reference_markdown() {
    std::string o;
    for (const ParameterGroup& g : car_parameter_reference()) {
        o += fmt::format("### `{}`{}\n\n{}.\n\n", g.table, g.when.empty() ? "" : fmt::format(" with `{}`", g.when), g.meaning);
        o += "| key | unit | req. | default | accepted | meaning | VDrift key |\n|---|---|---|---|---|---|---|\n";
        for (const ParameterRow& r : g.rows) {
            o += fmt::format("| `{}` | {} | {} | {} | {} | {} | {} |\n", r.key, cell(r.unit), r.required ? "yes" : "no", cell(r.default_value),
                             cell(r.accepted), cell(r.meaning), r.vdrift_key.empty() ? "" : fmt::format("`{}`", r.vdrift_key));
        }
        o += "\n";
    }
    return o;
}

}  // namespace tractive
