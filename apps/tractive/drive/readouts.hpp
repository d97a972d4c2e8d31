#pragma once
// The HUD's speed and gear readouts: what they show and where (the window draws them there as
// seven-segment digits, seven_segment.hpp; the scripted-drive test reads them back there).

#include <string>
#include <vector>

#include "tractive/dynamics/vehicle_model.hpp"
#include "tractive/dynamics/vehicle_state.hpp"

namespace tractive::drive {

// Where the readouts are drawn, in pixels from the window's top left corner.
struct ReadoutLayout {
    static constexpr float kDigitWidth = 30.0f;
    static constexpr float kDigitHeight = 54.0f;
    static constexpr float kPitch = 40.0f;
    static constexpr float kSpeedX = 24.0f;  // three digits, km/h
    static constexpr float kSpeedY = 24.0f;
    static constexpr int kSpeedDigits = 3;
    static constexpr float kGearX = 184.0f;  // one digit: R, N, 1..9
    static constexpr float kGearY = 24.0f;
    // The lit segments' colour; unlit ones are drawn at a tenth of it.
    static constexpr unsigned char kLit[3] = {255, 170, 0};
};

// The speed readout's text for a speed (km/h, rounded, blank leading zeros, at most 999).
std::string speed_readout(double speed_kmh);
// The gear readout's character: R, N, 1..9.
char gear_readout(int gear);

// The HUD's scales follow the car (a road car at 7,500 rpm and 1 g, a single-seater at 20,000 rpm
// and 3 g on the same instruments).

// The rpm gauge: 0 to full_rpm (the limiter plus 15 %, rounded up to a whole tick), a tick every
// tick_rpm (1, 2 or 5 times a power of ten, thousands of rpm at least), so that it has at most
// ten labelled ticks (labels in thousands).
struct RpmScale {
    double full_rpm = 0.0;
    double tick_rpm = 0.0;
};
RpmScale rpm_scale(double rpm_limit);

// A wheel's force in its friction circle: (along its heading, to its left) as shares of what the
// tyre gives at its present load on its present surface (tyre_peak_force): the ring is the peak,
// 1; off the ground or unloaded, nothing to draw. `sliding`: at its limit (the force within 2 %
// of the ring) or past it, the law's force falling as the slips grow (a tyre sliding far past its
// peak slip gives less than the peak, inside the ring).
struct FrictionShare {
    bool loaded = false;
    double longitudinal = 0.0;
    double lateral = 0.0;
    bool sliding = false;
};
FrictionShare friction_share(const VehicleModel& model, const VehicleState& state, int wheel);

// The car's grip in g: its tyres' peak lateral force over their static loads, the lower of the
// two axles (what holds it in a steady corner without downforce).
double tyre_grip_g(const VehicleModel& model);

// The g-g plot's outer ring (g): the car's grip or the largest acceleration seen, whichever is
// larger, rounded up to a quarter of a g.
double gg_scale_g(double grip_g, double largest_seen_g);

// Where the HUD's panels were drawn in the last frame (pixels, window coordinates), and whether
// they all lie within the window and apart from one another: what the screenshot check reads.
struct HudPanel {
    std::string name;
    float x = 0, y = 0, width = 0, height = 0;
};
// The problems with a layout in a window of width x height: a panel beyond an edge, two that
// overlap; empty when there are none.
std::vector<std::string> hud_layout_problems(const std::vector<HudPanel>& panels, float width, float height);

}  // namespace tractive::drive
