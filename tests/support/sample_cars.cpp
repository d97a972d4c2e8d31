#include "support/sample_cars.hpp"

namespace tractive::test {

// A small current-format VDrift car (values made up for the test).
static const char* const kVDriftCar = R"([engine]
position = 0.0, 1.0, 0.0
mass = 120.0
rpm-limit = 7000
inertia = 0.2
start-rpm = 900
stall-rpm = 400
torque-curve-00 = 1000, 100
torque-curve-01 = 4000, 150
torque-curve-02 = 7000, 120

[clutch]
sliding = 0.3
radius = 0.12
area = 0.5
max-pressure = 20000

[transmission]
gears = 2
gear-ratio-r = -3.0
gear-ratio-1 = 3.0
gear-ratio-2 = 1.5

[differential-rear]
final-drive = 4.0

[fuel-tank]
position = 0.0, -1.0, 0.0
capacity = 0.05
volume = 0.04
fuel-density = 740

[drag]
position = 0, 0, 0
frontal-area = 2.0
drag-coefficient = 0.32

[particle-00]
mass = 500
position = 0.0, 1.0, 0.0

[particle-01]
mass = 400
position = 0.0, -1.0, 0.0
)";

static std::string vdrift_wheel(const std::string& name, double x, double y) {
    return "\n[wheel." + name + "]\nposition = " + std::to_string(x) + ", " + std::to_string(y) +
           ", -0.3\n\n[wheel." + name +
           ".coilover]\nspring-constant = 40000\nbounce = 2000\nrebound = 5000\ntravel = 0.1\nanti-roll = 1000\n"
           "\n[wheel." + name + ".brake]\nfriction = 0.4\nmax-pressure = 5e6\nbias = 0.5\nradius = 0.12\narea = 0.01\n"
           "\n[wheel." + name + ".tire]\nsize = 205, 55, 16\ntype = tire/test.tire\n";
}

std::string vdrift_car_text() {
    return std::string(kVDriftCar) + vdrift_wheel("fl", -0.75, 1.3) + vdrift_wheel("fr", 0.75, 1.3) +
           vdrift_wheel("rl", -0.75, -1.2) + vdrift_wheel("rr", 0.75, -1.2);
}

std::string tyre_text() {
    std::string t = "rolling-resistance = 0.012, 5e-6\ntread = 0.1\n";
    for (int i = 0; i <= 10; ++i) t += "a" + std::to_string(i) + " = " + (i == 0 ? "1.5" : i == 2 ? "1200" : i == 3 ? "1500" : i == 4 ? "7" : "0.01") + "\n";
    t += "a111 = 0\na112 = 0\na12 = 0\na13 = 0\n";
    for (int i = 0; i <= 10; ++i) t += "b" + std::to_string(i) + " = " + (i == 0 ? "1.6" : i == 2 ? "1500" : i == 4 ? "300" : "0.01") + "\n";
    for (int i = 0; i <= 17; ++i) t += "c" + std::to_string(i) + " = " + (i == 0 ? "2.3" : "0.01") + "\n";
    return t;
}

// A small native TOML car (values made up for the test).
const char* const kTomlCar = R"(format = "tractive-car"
name = "test car"

[[mass]]
name = "body"
mass_kg = 1000.0
position_m = [0.0, 0.0, 0.1]

[engine]
torque_curve = [[1000, 100], [4000, 150], [7000, 120]]
rpm_limit = 7000
inertia_kgm2 = 0.2
start_rpm = 900
stall_rpm = 400

[clutch]
model = "pedal-force"
pedal_zones = [0.15, 0.60, 0.25]

[transmission]
mode = "manual"
forward_ratios = [3.0, 1.5]
reverse_ratio = -3.0

[differential.rear]
final_drive = 4.0

[brakes]
form = "max-torque"
max_torque_nm = 5000
front_fraction = 0.6

[tyres.all]
model = "friction-curve"
radius_m = 0.3
rotational_inertia_kgm2 = 1.0
rolling_resistance = { form = "speed", constant = 0.01 }
friction_curve_longitudinal = [[-0.3, -0.75], [-0.1, -0.85], [0.0, 0.0], [0.1, 0.85], [0.3, 0.75]]
friction_curve_lateral = [[-0.3, -0.8], [0.0, 0.0], [0.3, 0.8]]

[wheels.front]
tyre = "all"
position_m = [1.3, 0.75, 0.0]
mass_kg = 18.0
suspension = { spring_n_per_m = 40000, bump_damping_ns_per_m = 2000, rebound_damping_ns_per_m = 5000, travel_m = 0.1 }

[wheels.rear]
tyre = "all"
position_m = [-1.2, 0.75, 0.0]
mass_kg = 18.0
suspension = { spring_n_per_m = 40000, bump_damping_ns_per_m = 2000, rebound_damping_ns_per_m = 5000, travel_m = 0.1 }
)";

}  // namespace tractive::test
