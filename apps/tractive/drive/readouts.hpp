#pragma once
// The HUD's speed and gear readouts: what they show and where (the window draws them there as
// seven-segment digits, seven_segment.hpp; the scripted-drive test reads them back there).

#include <string>

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

}  // namespace tractive::drive
