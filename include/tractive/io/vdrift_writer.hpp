#pragma once
// Writes a VehicleSpec as a VDrift car in the current format (seed 002; axes x right, y forward,
// z up): the .car text and the tyre files its [wheel.xx.tire] type entries name, to be written
// beside it. What VDrift's format holds is written so that it loads back (io/vdrift_loader.hpp)
// to the same values bit for bit; what it cannot hold is written in the nearest form it has and
// said in `notes`. Compare the spec loaded back with the original (changed_parameters,
// io/car_parameters.hpp) for the full list of what changed.

#include <string>
#include <string_view>
#include <vector>

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

struct VDriftTyreFile {
    std::string name;  // a file name (no folder): "roadster-front.tiren"
    std::string text;
};

struct VDriftCarFiles {
    std::string car;                       // the .car file's text
    std::vector<VDriftTyreFile> tyres;     // to be written in the .car file's folder
    std::vector<std::string> notes;        // what was written in another form than the spec's, and how
};

// `file_stem` names the tyre files ("roadster" gives roadster-front.tiren ...); `header` is
// written as comment lines at the top. Throws LoadError (location {source, 0}, the wheel's tyre
// key) for a tyre the format has no form for: UC-win/Road friction curves.
VDriftCarFiles write_vdrift_car(const VehicleSpec& spec, std::string_view file_stem, const std::string& header,
                                const std::string& source);

// VDrift's Pacejka 2002 (.tiren) coefficients nearest to a Magic Formula (.tir) tyre's, as the
// law sees them on a left wheel (a .tir describes a left-hand tyre): the shared coefficients with the file's main scale factors (LMU*,
// LK*, LC*, LE*, LH*, LV*, LTR, LRES, LFZO) folded in; `dropped` receives the names of the terms
// with no place in VDrift's subset (pressure, turn slip, MF 6.1's camber and load terms...) that
// are not zero in the file.
Pacejka2002Coefficients pacejka2002_from_magic_formula(const MagicFormulaTyre& tyre, std::vector<std::string>* dropped = nullptr);

}  // namespace tractive
