#pragma once
// A K&C (kinematics and compliance) report of a car, as a suspension rig would measure it, worked
// out from the car's own model (docs/maneuvers.md, "K&C"): per axle the static loads, the wheel,
// tyre and ride rates and the ride frequency, the travel available, camber, toe, track and
// wheelbase against wheel travel and camber against body roll, the roll stiffness of the springs
// and bars and of the tyres, the height at which the tyres' forces act on the body (the model's
// roll centre) and the anti-dive / anti-squat it gives; for the car the roll stiffness split and
// the quasi-static roll gradient.

#include <array>
#include <string>
#include <vector>

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

struct TravelPoint {
    double travel_m = 0.0;         // + = bump (the wheel up towards the body), from design ride height
    double camber_deg = 0.0;       // against the body, top outwards +: static plus the linkage's change
    double toe_deg = 0.0;          // + = toe-in
    double half_track_change_m = 0.0;  // the wheel centre outwards +
    double wheelbase_change_m = 0.0;   // the wheel centre forwards +
};

struct RollPoint {
    double roll_deg = 0.0;               // the body rolled towards the outside of the turn
    double outer_camber_to_road_deg = 0.0;  // top outwards +
    double inner_camber_to_road_deg = 0.0;
};

struct AxleKc {
    std::string name;                   // "front", "rear"
    double static_load_n = 0.0;         // per wheel, the axle's mean
    double sprung_corner_mass_kg = 0.0;
    double track_m = 0.0;
    double wheel_rate_n_per_m = 0.0;    // the spring at the wheel
    double tyre_rate_n_per_m = 0.0;
    double ride_rate_n_per_m = 0.0;     // wheel and tyre in series
    double ride_frequency_hz = 0.0;     // sqrt(ride rate / sprung corner mass) / 2 pi
    double droop_m = 0.0;               // travel to full droop (<= 0)
    double bump_m = 0.0;                // travel to the bump stop
    double caster_deg = 0.0;
    double roll_stiffness_nm_per_deg = 0.0;       // springs and bar: (k / 2 + k_bar) t^2
    double tyre_roll_stiffness_nm_per_deg = 0.0;  // k_tyre t^2 / 2
    double force_height_m = 0.0;        // where the tyres' road-plane forces act: the roll centre
    double anti_percent = 0.0;          // anti-dive (front) or anti-squat / anti-lift (rear): h_force / h_cg
    std::vector<TravelPoint> against_travel;  // every 20 mm from full droop to the bump stop, 0 among them
    std::vector<RollPoint> against_roll;      // 0 to 5 degrees
};

struct KcReport {
    double mass_kg = 0.0;
    double sprung_mass_kg = 0.0;
    double cg_height_m = 0.0;             // over the ground at design ride height
    double sprung_cg_height_m = 0.0;
    double roll_stiffness_front_share = 0.0;  // of the springs' and bars'
    double roll_gradient_deg_per_g = 0.0;     // m_s h_s / (K - m_s g h_s), K the axles' and tyres' in series
    std::array<AxleKc, 2> axles;
};

// Throws std::invalid_argument for a spec the model cannot be built from (as build_vehicle_model).
KcReport kinematics_and_compliance(const VehicleSpec& spec);

// The report as one JSON object (`tractive kc --json`, Python's tractive.kc): the fields above by
// their names, the axles under "axles" by name, `car` the car's name.
std::string kc_report_json(const KcReport& report, const std::string& car_name);

}  // namespace tractive
