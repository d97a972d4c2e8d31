// Pacejka '89 in the VDrift / Genta (1997) layout. Formulas: laws/tyre_pacejka.hpp (and VDrift's
// cartire, /tmp/research/vdrift.md section 5). Units: Fz in kN, slip in percent, angles in degrees.
//
// Choice on friction_factor (surface friction): it multiplies D only, and B = BCD / (C D) is formed
// with the scaled D, so BCD, the slope at zero slip (cornering / longitudinal stiffness), does not
// change with surface friction; only the peak and the large-slip force do. This is what VDrift
// 2009 did (friction inside D, then B divided by it). Current VDrift instead multiplies the whole
// result by the friction, which scales the stiffness too. (Forming B with the unscaled D would
// also scale the stiffness: F = s D sin(C atan(B S ...)) has slope s B C D at S = 0.) The size
// factor acts the same way, through a2 and b2, exactly as in VDrift. The equations are written
// once for one tyre or four side by side: tyre_pacejka_lanes.hpp.

#include "tractive/laws/tyre_pacejka.hpp"

#include "tyre_pacejka_lanes.hpp"

namespace tractive {

using detail::p89::OnePacejka89;

PacejkaValue pacejka_fx(const PacejkaCoefficients& p, double slip_percent, double fz_kn, double friction_factor,
                        double size_factor) {
    const detail::PacejkaLanes<double> f = detail::p89::fx(OnePacejka89{p}, slip_percent, fz_kn, friction_factor, size_factor);
    return {f.value, f.slope};
}

double pacejka_fx_n(const PacejkaCoefficients& p, double slip_percent, double fz_kn, double friction_factor,
                    double size_factor) {
    return pacejka_fx(p, slip_percent, fz_kn, friction_factor, size_factor).value;
}

PacejkaValue pacejka_fy(const PacejkaCoefficients& p, double alpha_deg, double fz_kn, double gamma_deg,
                        double friction_factor, double size_factor) {
    const detail::PacejkaLanes<double> f =
        detail::p89::fy(OnePacejka89{p}, alpha_deg, fz_kn, gamma_deg, friction_factor, size_factor);
    return {f.value, f.slope};
}

double pacejka_fy_n(const PacejkaCoefficients& p, double alpha_deg, double fz_kn, double gamma_deg,
                    double friction_factor, double size_factor) {
    return pacejka_fy(p, alpha_deg, fz_kn, gamma_deg, friction_factor, size_factor).value;
}

double pacejka_mz_nm(const PacejkaCoefficients& p, double alpha_deg, double fz_kn, double gamma_deg,
                     double friction_factor) {
    return detail::p89::mz_nm(OnePacejka89{p}, alpha_deg, fz_kn, gamma_deg, friction_factor);
}

CombinedSlipWeights pacejka_combined_weights(const PacejkaCoefficients& p, double slip_ratio, double alpha_rad) {
    const detail::p89::Weights<double> w = detail::p89::combined_weights(OnePacejka89{p}, slip_ratio, alpha_rad);
    return {w.gx, w.gy};
}

}  // namespace tractive
