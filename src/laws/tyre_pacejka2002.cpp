// VDrift's Pacejka 2002 / Magic Formula 5.2 subset (.tiren); equations in
// laws/tyre_pacejka2002.hpp. The force is written once for one tyre or four side by side:
// tyre_pacejka2002_lanes.hpp.

#include "tractive/laws/tyre_pacejka2002.hpp"

#include <algorithm>
#include <cmath>

#include "tyre_pacejka2002_lanes.hpp"

namespace tractive {

using namespace mf52;

Pacejka2002Force pacejka2002_force(const Pacejka2002Coefficients& p, double slip_ratio, double slip_angle_rad,
                                   double camber_rad, double fz_n, double friction_factor, double size_factor) {
    const detail::p2002::Force<double> f = detail::p2002::force(detail::p2002::OnePacejka2002{p}, slip_ratio, slip_angle_rad,
                                                                 camber_rad, fz_n, friction_factor, size_factor);
    return {f.fx_n, f.fy_n, f.mz_nm, f.dfx_dslip_ratio, f.dfy_dslip_angle_per_rad};
}

namespace {

// |D + SV| at zero camber: Fz (PD1 size + PD2 dfz) + Fz (PV1 + PV2 dfz), at the clamped load.
double peak_n(const Pacejka2002Coefficients& p, mf52::Index pd1, mf52::Index pd2, mf52::Index pv1, mf52::Index pv2,
              double fz_n, double friction_factor, double size_factor) {
    if (!(fz_n > 0.0) || !(p.nominal_load_n > 0.0)) return 0.0;
    const auto& q = p.c;
    const double fz = std::min(fz_n, kPacejka2002MaxLoad_n);
    const double dfz = (fz - p.nominal_load_n) / p.nominal_load_n;
    return std::abs(fz * (q[pd1] * size_factor + q[pd2] * dfz) + fz * (q[pv1] + q[pv2] * dfz)) * friction_factor;
}

}  // namespace

double pacejka2002_peak_fx_n(const Pacejka2002Coefficients& p, double fz_n, double friction_factor, double size_factor) {
    return peak_n(p, PDX1, PDX2, PVX1, PVX2, fz_n, friction_factor, size_factor);
}

double pacejka2002_peak_fy_n(const Pacejka2002Coefficients& p, double fz_n, double friction_factor, double size_factor) {
    return peak_n(p, PDY1, PDY2, PVY1, PVY2, fz_n, friction_factor, size_factor);
}

}  // namespace tractive
