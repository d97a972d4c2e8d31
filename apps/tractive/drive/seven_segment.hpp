#pragma once
// The HUD's digital readouts (speed, gear) as seven-segment digits, like a dashboard's: drawn by
// the window from these shapes, and read back from a screenshot by the scripted-drive test, which
// asks of each segment's centre whether it is lit.
//
// Segments, as on a display: a top, b upper right, c lower right, d bottom, e lower left,
// f upper left, g middle; bit i of a pattern is segment 'a' + i.

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace tractive::drive {

struct SegmentRect {
    float x0, y0, x1, y1;  // pixels, y down
};

// The seven segments of a digit whose cell is w x h pixels with its top left at (x, y).
std::array<SegmentRect, 7> segment_rects(float x, float y, float w, float h);

// The pattern that shows a character: '0'..'9', '-', 'R' (as r), 'N' (as n), ' ' (none). Other
// characters show '-'.
std::uint8_t segment_pattern(char c);

// The character a pattern shows, or nullopt for a pattern that is none of those above.
std::optional<char> character_of(std::uint8_t pattern);

// A row of `count` digit cells, each w x h, `pitch` apart, from (x, y): reads each cell's pattern
// by asking `lit(px, py)` at each segment's centre, and returns the characters (nullopt if any
// cell shows no character).
std::optional<std::string> read_seven_segment(const std::function<bool(int, int)>& lit, float x, float y, float w, float h,
                                              float pitch, int count);

}  // namespace tractive::drive
