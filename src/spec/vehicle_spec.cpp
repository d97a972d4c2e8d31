#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

const char* to_string(MassRole role) {
    switch (role) {
        case MassRole::Body: return "body";
        case MassRole::Engine: return "engine";
        case MassRole::Driver: return "driver";
        case MassRole::Ballast: return "ballast";
    }
    return "?";
}

const char* to_string(ClutchModel model) {
    switch (model) {
        case ClutchModel::PedalForce: return "pedal-force";
        case ClutchModel::VDrift: return "vdrift";
    }
    return "?";
}

const char* to_string(FuelLaw law) {
    switch (law) {
        case FuelLaw::RpmThrottle: return "rpm-throttle";
        case FuelLaw::CombustionPower: return "combustion-power";
    }
    return "?";
}

const char* to_string(ShiftMode mode) {
    switch (mode) {
        case ShiftMode::Automatic: return "automatic";
        case ShiftMode::Sequential: return "sequential";
        case ShiftMode::Manual: return "manual";
    }
    return "?";
}

std::optional<ShiftMode> shift_mode_from_string(std::string_view text) {
    for (const ShiftMode m : {ShiftMode::Automatic, ShiftMode::Sequential, ShiftMode::Manual}) {
        if (text == to_string(m)) return m;
    }
    return std::nullopt;
}

const char* to_string(DifferentialType type) {
    switch (type) {
        case DifferentialType::Open: return "open";
        case DifferentialType::Locked: return "locked";
        case DifferentialType::LimitedSlip: return "limited-slip";
        case DifferentialType::Viscous: return "viscous";
    }
    return "?";
}

const char* to_string(DriveLayout layout) {
    switch (layout) {
        case DriveLayout::FWD: return "FWD";
        case DriveLayout::RWD: return "RWD";
        case DriveLayout::AWD: return "AWD";
    }
    return "?";
}

const char* to_string(BrakeForm form) {
    switch (form) {
        case BrakeForm::VDrift: return "vdrift";
        case BrakeForm::MaxTorque: return "max-torque";
    }
    return "?";
}

const char* to_string(TyreModel model) {
    switch (model) {
        case TyreModel::Pacejka89: return "pacejka89";
        case TyreModel::FrictionCurve: return "friction-curve";
        case TyreModel::Pacejka2002: return "pacejka2002";
        case TyreModel::Brush: return "brush";
        case TyreModel::MagicFormula: return "magic-formula";
    }
    return "?";
}

const char* to_string(RollingResistanceForm form) {
    switch (form) {
        case RollingResistanceForm::VDrift: return "vdrift";
        case RollingResistanceForm::Speed: return "speed";
    }
    return "?";
}

DriveLayout drive_layout(const DrivelineSpec& driveline) {
    if (driveline.front && driveline.rear) return DriveLayout::AWD;
    if (driveline.front) return DriveLayout::FWD;
    return DriveLayout::RWD;
}

double overall_final_drive(const VehicleSpec& spec) {
    const auto& d = spec.driveline;
    double ratio = spec.transmission.final_drive;
    if (d.centre) ratio *= d.centre->final_drive;
    ratio *= d.rear ? d.rear->final_drive : d.front->final_drive;
    return ratio;
}

}  // namespace tractive
