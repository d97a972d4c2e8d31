#include "tractive/laws/brake.hpp"

namespace tractive {

double max_brake_torque_nm(const VehicleSpec& spec, WheelIndex wheel) {
    if (spec.brakes.form == BrakeForm::MaxTorque) {
        const bool front = wheel == FL || wheel == FR;
        const double axle_fraction = front ? spec.brakes.front_fraction : 1.0 - spec.brakes.front_fraction;
        return spec.brakes.max_torque_nm * axle_fraction * 0.5;
    }
    const auto& b = spec.wheels[wheel].brake;
    return b.friction * b.area_m2 * b.bias * b.max_pressure_pa * b.radius_m;
}

}  // namespace tractive
