#pragma once
// The drive window's HUD with Dear ImGui (docs/drive.md, "HUD"): speed and gear as seven-segment
// readouts (where the scripted test reads them back), an rpm gauge with the redline, the
// transmission mode and the aids, the three pedals with seed 000's clutch zones and the clutch's
// capacity beside the torque it passes, each wheel's load and slip in a friction circle, a g-g
// trace and strip charts of rpm, speed and clutch slip.

#include "../drive_session.hpp"
#include "../readouts.hpp"

namespace tractive::drive {

// Draws the HUD into the current ImGui frame.
void draw_hud(const DriveSession& session, const std::string& car_name, bool script_running);
// Where the last frame's panels were (readouts.hpp's HudPanel), for the screenshot's layout file.
const std::vector<HudPanel>& hud_layout();

}  // namespace tractive::drive
