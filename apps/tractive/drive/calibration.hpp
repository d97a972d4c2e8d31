#pragma once
// The calibration screen's steps (docs/drive.md, "Calibration"), as plain code: the window shows
// each step's instruction and takes a snapshot of the device's readings when the driver presses
// Next; from the snapshots come the axes, their calibrated ranges and the buttons.
//
//   steering: turned fully left, then fully right: the axis that moved most between the two, with
//             low = the right reading and high = the left one (so + = left);
//   pedals:   all released, then each pressed fully: the axis that moved most from the released
//             reading, low = released, high = floored (a pedal whose reading falls is simply
//             calibrated the other way round);
//   buttons:  the first button pressed while the step waits (shift up, shift down, each gear of
//             an H-shifter; a step may be skipped, leaving that button unbound).

#include <optional>
#include <string>
#include <vector>

#include "input_mapping.hpp"

namespace tractive::drive {

class Calibration {
public:
    // forward_gears: how many H-shifter positions to ask for (reverse first).
    Calibration(InputMapping start, int forward_gears);

    [[nodiscard]] bool done() const { return step_ >= steps_.size(); }
    [[nodiscard]] std::string instruction() const;
    // Every frame: a button step binds the first button pressed and moves on.
    void observe(const RawInput& raw);
    // The driver's Next (an axis step takes its snapshot) or Skip.
    void next(const RawInput& raw);
    void skip();
    // The mapping so far (the start's for what was not calibrated).
    [[nodiscard]] const InputMapping& mapping() const { return mapping_; }

private:
    enum class Kind { SteerLeft, SteerRight, PedalsReleased, Pedal, Button };
    struct Step {
        Kind kind;
        std::string what;  // the pedal or button
        int slot = 0;      // which pedal (0 throttle, 1 brake, 2 clutch, 3 handbrake) or button
    };
    void finish_step();

    InputMapping mapping_;
    std::vector<Step> steps_;
    std::size_t step_ = 0;
    RawInput left_, released_;
    std::vector<bool> buttons_at_start_;
};

}  // namespace tractive::drive
