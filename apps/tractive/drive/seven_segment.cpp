#include "seven_segment.hpp"

#include <cmath>

namespace tractive::drive {

namespace {

// Patterns by character (bits a..g = 0..6).
constexpr std::array<std::pair<char, std::uint8_t>, 14> kPatterns = {{
    {'0', 0b0111111}, {'1', 0b0000110}, {'2', 0b1011011}, {'3', 0b1001111}, {'4', 0b1100110}, {'5', 0b1101101}, {'6', 0b1111101},
    {'7', 0b0000111}, {'8', 0b1111111}, {'9', 0b1101111}, {'-', 0b1000000}, {'R', 0b1010000}, {'N', 0b1010100}, {' ', 0b0000000},
}};

}  // namespace

std::array<SegmentRect, 7> segment_rects(float x, float y, float w, float h) {
    const float t = 0.18f * w;  // stroke
    const float mid = y + 0.5f * h;
    return {{
        {x + t, y, x + w - t, y + t},                          // a
        {x + w - t, y + t, x + w, mid - 0.5f * t},             // b
        {x + w - t, mid + 0.5f * t, x + w, y + h - t},         // c
        {x + t, y + h - t, x + w - t, y + h},                  // d
        {x, mid + 0.5f * t, x + t, y + h - t},                 // e
        {x, y + t, x + t, mid - 0.5f * t},                     // f
        {x + t, mid - 0.5f * t, x + w - t, mid + 0.5f * t},    // g
    }};
}

std::uint8_t segment_pattern(char c) {
    for (const auto& [ch, p] : kPatterns) {
        if (ch == c) return p;
    }
    return kPatterns[10].second;
}

std::optional<char> character_of(std::uint8_t pattern) {
    for (const auto& [ch, p] : kPatterns) {
        if (p == pattern) return ch;
    }
    return std::nullopt;
}

std::optional<std::string> read_seven_segment(const std::function<bool(int, int)>& lit, float x, float y, float w, float h,
                                              float pitch, int count) {
    std::string text;
    for (int i = 0; i < count; ++i) {
        std::uint8_t pattern = 0;
        const auto rects = segment_rects(x + static_cast<float>(i) * pitch, y, w, h);
        for (int s = 0; s < 7; ++s) {
            const SegmentRect& r = rects[static_cast<std::size_t>(s)];
            const int cx = static_cast<int>(std::floor(0.5f * (r.x0 + r.x1)));
            const int cy = static_cast<int>(std::floor(0.5f * (r.y0 + r.y1)));
            if (lit(cx, cy)) pattern = static_cast<std::uint8_t>(pattern | (1u << s));
        }
        const auto c = character_of(pattern);
        if (!c) return std::nullopt;
        text += *c;
    }
    return text;
}

}  // namespace tractive::drive
