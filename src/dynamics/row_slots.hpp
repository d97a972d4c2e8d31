#pragma once
// Where each of the step's rows keeps its impulse between steps (VehicleState::warm_impulses): the
// warm start of the next solve (private to dynamics/).

#include <array>

namespace tractive::detail {

enum Slot : int {
    kSlotEngineFriction = 0,
    kSlotClutch = 1,
    kSlotGear = 2,
    kSlotGearboxLoss = 3,
    kSlotLock = 4,    // 4, 5, 6
    kSlotBrake = 7,   // 7..10
    kSlotTyreX = 11,  // 11..14
    kSlotTyreY = 15,  // 15..18
};
inline constexpr std::array<int, 4> kSlotsTyreX{kSlotTyreX, kSlotTyreX + 1, kSlotTyreX + 2, kSlotTyreX + 3};
inline constexpr std::array<int, 4> kSlotsTyreY{kSlotTyreY, kSlotTyreY + 1, kSlotTyreY + 2, kSlotTyreY + 3};

}  // namespace tractive::detail
