// A host program: three cars on the shipped proving ground, stepped at 60 frames a second through
// the control layer with tractive's host API (tractive/host/vehicle.hpp), as a game loop would:
// all three in one call of update_together, which takes their internal steps together (each car
// exactly as its own update() would leave it).
// Usage: three_cars EXAMPLES_DIR (the folder holding cars/ and grounds/). Prints each car's
// position, speed and gear once a simulated second and exits 0 when all three drove off and none
// left the ground; 1 otherwise.
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <vector>

#include "tractive/tractive.hpp"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: three_cars EXAMPLES_DIR\n");
        return 2;
    }
    const std::filesystem::path examples = argv[1];
    try {
        const tractive::LoadedGround track = tractive::load_ground(examples / "grounds" / "proving_ground.toml");
        std::vector<std::unique_ptr<tractive::Vehicle>> cars;
        const char* names[] = {"roadster", "hatchback", "sedan_awd"};
        for (int k = 0; k < 3; ++k) {
            tractive::VehicleOptions options;
            options.start.x_m = 0.0;
            options.start.y_m = -4.0 + 4.0 * k;  // side by side, 4 m apart, on the proving ground's 200 m pad
            options.control = tractive::ControlSettings{tractive::ShiftMode::Automatic, {}};
            cars.push_back(std::make_unique<tractive::Vehicle>(tractive::load_car(examples / "cars" / (std::string(names[k]) + ".toml")).spec,
                                                               track.ground, options));
        }
        const double frame_s = 1.0 / 60.0;
        const std::vector<tractive::Vehicle*> all{cars[0].get(), cars[1].get(), cars[2].get()};
        std::vector<tractive::DriverInput> inputs(3);
        std::vector<tractive::UpdateResult> results(3);
        for (int frame = 1; frame <= 60 * 10; ++frame) {
            for (int k = 0; k < 3; ++k) {
                inputs[k].gear_lever = 1;              // D
                inputs[k].throttle = 0.4 + 0.2 * k;    // each its own pace, straight along the pad (10 s: 65-196 m)
            }
            tractive::update_together(all, frame_s, inputs, results);  // or cars[k]->update(frame_s, inputs[k]) for each
            for (int k = 0; k < 3; ++k)
                if (results[k].step_failed) std::fprintf(stderr, "%s: a step failed\n", names[k]);
            if (frame % 60 == 0) {
                for (int k = 0; k < 3; ++k) {
                    const tractive::Pose p = cars[k]->body_pose(true);
                    std::printf("t %4.1f s  %-9s x %7.1f m  y %6.1f m  %5.1f km/h  gear %d\n", cars[k]->state().time_s, names[k],
                                p.position_m.x, p.position_m.y, 3.6 * tractive::speed_m_per_s(cars[k]->state()), cars[k]->state().gear);
                }
            }
        }
        bool ok = true;
        for (int k = 0; k < 3; ++k) {
            const tractive::VehicleState& s = cars[k]->state();
            const bool on_ground = s.wheel_outputs[0].in_contact && s.wheel_outputs[3].in_contact;
            if (!(tractive::speed_m_per_s(s) > 10.0) || !on_ground || !std::isfinite(s.position_m.x)) {
                std::fprintf(stderr, "%s: did not drive off on the ground\n", names[k]);
                ok = false;
            }
        }
        return ok ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    }
}
