// VDrift's brush tyre (CarTire3, .tirep); the model in laws/tyre_brush.hpp.

#include "tractive/laws/tyre_brush.hpp"

#include <algorithm>
#include <cmath>

namespace tractive {

namespace {

constexpr double kPaPerBar = 1e5;

struct Patch {
    double deflection_m = 0.0;  // dz
    double half_length_m = 0.0;  // a
    double area_scale = 0.0;     // W = 1e5 w_p a (m^2 Pa/bar)
    double pressure_bar = 0.0;   // p = 0.75 Fz / W
};

Patch contact_patch(const BrushTyreParameters& t, double radius_m, double width_m, double aspect_ratio, double fz_n) {
    const double cf = 0.28 * std::sqrt(2.0 * (1.03 - 0.4 * aspect_ratio) * width_m * radius_m);
    const double kz = 9.81 * (kPaPerBar * t.pressure_bar * cf + 3450.0);
    Patch patch;
    patch.deflection_m = fz_n / kz;
    double patch_width = width_m;
    if (patch.deflection_m < t.reference_deflection_m) {
        const double z = 1.0 - patch.deflection_m / t.reference_deflection_m;
        patch_width = width_m * std::sqrt(std::max(1.0 - z * z, 0.0));
    }
    patch.half_length_m = 0.3 * (patch.deflection_m + 2.25 * std::sqrt(radius_m * patch.deflection_m));
    patch.area_scale = patch_width * patch.half_length_m * kPaPerBar;
    patch.pressure_bar = patch.area_scale > 0.0 ? 0.75 * fz_n / patch.area_scale : 0.0;
    return patch;
}

// Contact pressure's effect on friction: (p / p0)^(-1/3).
double pressure_factor(const BrushTyreParameters& t, double pressure_bar) {
    return std::cbrt(t.reference_pressure_bar / pressure_bar);
}

// The slip point uc in [-1, 1]: t = 1 + u solves
// P(t) = qp^2/16 (t^4 + 6 t^3 + 9 t^2) - qb^2 t^2 + 2 qy qb t - (qx^2 + qy^2) = 0 on [0, 1] when
// P(1) > 0 (P(0) <= 0 always), else on [1, 2] when P changes sign there; all sticking (-1) when
// there is no deflection, all sliding (+1) when P stays negative.
//
// VDrift takes four Newton steps from the bracket's end, which at small slips stop far from the
// root (t ~ 4 |q| / (3 qp) there, and each step only halves the distance to it): the sliding
// zone then stays about a tenth of the patch however small the slip, and the force grows like
// the root of the slip. Solved here to rounding: Newton from the root of P's terms of order up
// to t^2 (the small-slip root), kept within a shrinking bracket by bisection (Press et al.,
// Numerical Recipes, rtsafe), so that the force is smooth through zero slip with the brush's
// own stiffness.
double slip_point(double qx, double qy, double qb, double qp) {
    const double dy = qy - qb;
    if (qx * qx + dy * dy == 0.0) return -1.0;
    const double qp2 = qp * qp / 16.0;
    const double q2 = qx * qx + qy * qy;
    const auto poly = [&](double t) { return qp2 * (t * t * t * t + 6.0 * t * t * t + 9.0 * t * t) - qb * qb * t * t + 2.0 * qy * qb * t - q2; };
    const auto slope = [&](double t) { return qp2 * (4.0 * t * t * t + 18.0 * t * t + 18.0 * t) - 2.0 * qb * qb * t + 2.0 * qy * qb; };
    double lo = 0.0, hi = 1.0;
    if (!(poly(1.0) > 0.0)) {
        if (!(poly(2.0) > 0.0)) return 1.0;
        lo = 1.0;
        hi = 2.0;
    }
    // The small-slip root: a t^2 + b t - q2 = 0.
    const double a = 9.0 * qp2 - qb * qb, b = 2.0 * qy * qb;
    const double discriminant = b * b + 4.0 * a * q2;
    double t = 0.5 * (lo + hi);
    if (a > 0.0 && discriminant >= 0.0) {
        const double root = 2.0 * q2 / (b + std::sqrt(discriminant));  // (-b + sqrt(disc)) / (2 a), without cancellation
        if (root > lo && root < hi) t = root;
    }
    for (int i = 0; i < 60; ++i) {
        const double p = poly(t);
        if (p == 0.0) break;
        (p < 0.0 ? lo : hi) = t;
        const double d = slope(t);
        double next = d != 0.0 ? t - p / d : 0.5 * (lo + hi);
        if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
        const bool converged = std::abs(next - t) <= 1e-15 * std::max(t, 1e-300);
        t = next;
        if (converged || hi - lo <= 1e-15 * hi) break;
    }
    return std::clamp(t - 1.0, -1.0, 1.0);
}

}  // namespace

BrushForce brush_force(const BrushTyreParameters& t, double radius_m, double width_m, double aspect_ratio,
                       double fz_n, const BrushVelocities& v, double camber_sine, double friction_factor) {
    const double v_rx = v.forward_m_per_s - v.rolling_m_per_s;
    const double v_ry = v.right_m_per_s;
    const double v_r2 = v_rx * v_rx + v_ry * v_ry;
    // (No slip velocity, no force: the force falls to zero with it, in proportion.)
    if (!(fz_n >= 1e-6) || !(friction_factor >= 1e-6) || !(v_r2 > 0.0)) return {};
    const double fz = std::min(fz_n, kBrushMaxLoad_n);
    const double sc = std::clamp(camber_sine, -0.3, 0.3);
    const Patch patch = contact_patch(t, radius_m, width_m, aspect_ratio, fz);
    if (!(patch.area_scale > 0.0)) return {};
    const double a = patch.half_length_m;
    const double w = patch.area_scale;

    const double v_r = std::sqrt(v_r2);
    const double nx = -v_rx / v_r;
    const double ny = -v_ry / v_r;
    const double rolling = std::copysign(std::max(std::abs(v.rolling_m_per_s), 1e-12), v.rolling_m_per_s);
    const double sigma_x = -v_rx / rolling;
    const double sigma_y = -v_ry / rolling;
    const double mu = (t.sliding_friction + (t.static_friction - t.sliding_friction) * std::exp(-std::sqrt(v_r / t.stribeck_speed_m_per_s))) *
                      pressure_factor(t, patch.pressure_bar) * friction_factor;

    const double qx = t.tread_stiffness_x_bar_per_m * sigma_x * a;
    const double qy = t.tread_stiffness_y_bar_per_m * sigma_y * a;
    const double qp = mu * patch.pressure_bar;
    const double wq = qp * w;
    const double wh = 0.5 * w;
    const double wk = w * t.tread_stiffness_y_bar_per_m / 3.0;
    const double ym = t.camber_carcass_factor * patch.deflection_m * sc;
    const double kcb = t.carcass_stiffness_n_per_m;

    // Lateral force by three damped passes: the carcass bend yb depends on Fy itself.
    double uc = -1.0, yb = ym, qb = 0.0, ts = 0.0, tc = 0.0, fc = 0.0, fy = 0.0, guess = 0.0;
    for (int k = 0; k < 3; ++k) {
        if (k > 0) guess = 0.5 * (fy + guess);
        yb = guess / kcb + ym;
        qb = t.tread_stiffness_y_bar_per_m * yb;
        uc = slip_point(qx, qy, qb, qp);
        const double d = uc + 1.0;
        const double e = uc - 1.0;
        const double g = 3.0 * uc + 5.0;
        tc = wq * d * d;
        fc = tc * (7.0 / 9.0 - g * g / 144.0);
        ts = wh * e * e;
        const double tb = wk * (uc * uc * uc - 3.0 * uc + 2.0);
        fy = t.lateral_force_factor * (ts * qy - tb * ym + fc * ny) / (1.0 + tb / kcb);
    }
    BrushForce f;
    f.fy_n = fy;
    f.fx_n = ts * qx + fc * nx;
    const double d = uc + 1.0;
    const double e = uc - 1.0;
    const double g = 3.0 * uc + 5.0;
    const double u2 = uc * uc, u3 = u2 * uc;
    const double m_stick = (((4.0 * uc + 2.0) * qy - 3.0 * qb * d * d) * a * ts + g * e * yb * (ts * qx)) / 6.0;
    const double m_slide = -(tc / 60.0) * ((3.0 * u3 + 9.0 * u2 - 26.0 * uc + 13.0) * a * ny +
                                           (5.0 * u3 + 9.0 * u2 - 57.0 * uc + 59.0) * (0.5 * d) * yb * nx);
    f.mz_nm = m_stick + m_slide;
    return f;
}

BrushPeak brush_peak_force(const BrushTyreParameters& t, double radius_m, double width_m, double aspect_ratio,
                           double fz_n, double friction_factor) {
    if (!(fz_n > 0.0) || !(friction_factor > 0.0)) return {};
    const double fz = std::min(fz_n, kBrushMaxLoad_n);
    const Patch patch = contact_patch(t, radius_m, width_m, aspect_ratio, fz);
    if (!(patch.pressure_bar > 0.0)) return {};
    const double force = t.static_friction * pressure_factor(t, patch.pressure_bar) * friction_factor * fz;
    return {force, t.lateral_force_factor * force};
}

}  // namespace tractive
