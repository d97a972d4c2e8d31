#include "tractive/laws/gearbox.hpp"

namespace tractive {

double gearbox_ratio(const TransmissionSpec& t, int gear) {
    if (gear >= 1 && gear <= static_cast<int>(t.forward_ratios.size())) return t.forward_ratios[gear - 1];
    if (gear == -1) return t.reverse_ratio;
    return 0.0;
}

}  // namespace tractive
