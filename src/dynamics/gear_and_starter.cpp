// The step's gear-lever and starter phase (gear_and_starter.hpp).

#include "gear_and_starter.hpp"

#include "tractive/laws/clutch.hpp"
#include "tractive/laws/engine_torque.hpp"
#include "tractive/laws/gearbox.hpp"

namespace tractive::detail {

GearAndStarter gear_lever_and_starter(const VehicleSpec& spec, const Controls& c, VehicleState& s) {
    s.gear = c.gear;
    const double ratio = gearbox_ratio(spec.transmission, s.gear);
    const double disc = clutch_disc_travel(spec.clutch.pedal, c.clutch);
    if (c.start_engine && !s.engine_running && s.fuel_volume_m3 > 0.0 && (s.gear == 0 || disc == 0.0)) {
        // Starting needs the drive disconnected (neutral or clutch pedal down), as a clutch
        // interlock does.
        s.engine_running = true;
        s.engine_speed_rad_per_s = spec.engine.start_rpm * kRadPerSecPerRpm;
    }
    return {ratio, disc};
}

}  // namespace tractive::detail
