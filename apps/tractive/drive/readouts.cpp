#include "readouts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace tractive::drive {

std::string speed_readout(double speed_kmh) {
    const int v = std::clamp(static_cast<int>(std::lround(std::isfinite(speed_kmh) ? speed_kmh : 0.0)), 0, 999);
    return fmt::format("{:>3}", v);
}

char gear_readout(int gear) {
    if (gear < 0) return 'R';
    if (gear == 0) return 'N';
    return gear > 9 ? '9' : static_cast<char>('0' + gear);
}

}  // namespace tractive::drive
