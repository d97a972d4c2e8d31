// ISO 7401 frequency response (lateral_transient.hpp).

#include "lateral_transient.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <numbers>

#include "maneuver_drive.hpp"
#include "standard_tests/harness.hpp"
#include "tractive/core/quat.hpp"
#include "tractive/driver/speed_controller.hpp"
#include "tractive/dynamics/single_track.hpp"

namespace tractive {

namespace {

using namespace standard_tests;
using Complex = std::complex<double>;

constexpr std::array<double, 8> kFrequencies_hz = {0.1, 0.2, 0.3, 0.5, 0.7, 1.0, 1.4, 2.0};
constexpr double kLateralAccelAmplitude_m_per_s2 = 2.0;  // the linear range (ISO 7401 asks 4 for its tests)
constexpr int kSettleCycles = 2, kMeasuredCycles = 3;

// Least squares of y = p cos(w t) + q sin(w t) + c over samples: the complex amplitude p - j q
// (Re{(p - j q) e^{j w t}} = p cos + q sin).
class SineFit {
public:
    explicit SineFit(double omega_rad_per_s) : omega_(omega_rad_per_s) {}
    void add(double t, double y) {
        const std::array<double, 3> x = {std::cos(omega_ * t), std::sin(omega_ * t), 1.0};
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) ata_[i][j] += x[i] * x[j];
            aty_[i] += x[i] * y;
        }
    }
    [[nodiscard]] Complex amplitude() const {
        // 3x3 normal equations by Cramer's rule.
        const auto det3 = [](const std::array<std::array<double, 3>, 3>& m) {
            return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                   m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
        };
        const double d = det3(ata_);
        std::array<double, 2> pq{};
        for (int k = 0; k < 2; ++k) {
            auto m = ata_;
            for (int i = 0; i < 3; ++i) m[i][k] = aty_[i];
            pq[k] = det3(m) / d;
        }
        return {pq[0], -pq[1]};
    }

private:
    double omega_;
    std::array<std::array<double, 3>, 3> ata_{};
    std::array<double, 3> aty_{};
};

struct Point {
    double frequency_hz = 0.0;
    Complex yaw_rate_per_rad;       // R / delta
    Complex lateral_accel_per_rad;  // A_y / delta
};

// One frequency: straight at v with the speed held, then the steering A sin(2 pi f t) for the
// settling and the measured cycles; the responses over the measured cycles against the front
// road-wheel angle (the two wheels' mean, as the step applied it: its time is the step's middle).
Point respond_at(const VehicleSpec& spec, const ManeuverOptions& o, double v, double input_amplitude, double f_hz, bool record,
                 StandardTestResult& failures, std::string& telemetry) {
    TestDrive d = maneuver_drive::rolling(spec, v, maneuver_drive::test_options(o, record));
    SpeedControllerState speed;
    DriverInput in;
    in.gear_lever = 1;
    const double omega = 2.0 * std::numbers::pi * f_hz;
    constexpr double kStraight_s = 1.0;
    const double start_measuring_s = kStraight_s + kSettleCycles / f_hz, end_s = start_measuring_s + kMeasuredCycles / f_hz;
    SineFit delta(omega), yaw(omega), lateral(omega);
    while (d.time_s() < end_s - 0.5 * d.h() && !d.failed()) {
        const double t_mid = d.time_s() + 0.5 * d.h();
        const PedalCommand p = hold_speed(v, d.model(), d.state(), d.h(), speed);
        in.throttle = p.throttle;
        in.brake = p.brake;
        in.steering = t_mid > kStraight_s ? input_amplitude * std::sin(omega * (t_mid - kStraight_s)) : 0.0;
        d.step(in);
        if (t_mid < start_measuring_s) continue;
        const VehicleState& s = d.state();
        const Mat3 to_body = transpose(to_matrix(s.orientation));
        delta.add(t_mid - kStraight_s, 0.5 * (s.wheel_outputs[FL].steer_rad + s.wheel_outputs[FR].steer_rad));
        yaw.add(s.time_s - kStraight_s, (to_body * s.angular_velocity_rad_per_s).z);
        lateral.add(s.time_s - kStraight_s, (to_body * s.acceleration_m_per_s2).y);
    }
    d.report(failures);
    if (record) telemetry = d.take_telemetry();
    const Complex x = delta.amplitude();
    return {f_hz, yaw.amplitude() / x, lateral.amplitude() / x};
}

// The single-track model that best matches the measured responses: its two axle cornering
// stiffnesses (the car's effective ones, which take in its suspension's steer and camber, its
// differential and its load transfer), with its mass, yaw inertia and axle positions as they are.
// Gauss-Newton on (ln C_f, ln C_r) over the yaw rate's and the lateral acceleration's complex
// responses at the frequencies up to kFitMaxFrequency_hz, each normalised by its measured steady
// gain (above it the tyres' relaxation lag, which the model has not, takes over). Returns the
// model unchanged when the fit does not converge.
constexpr double kFitMaxFrequency_hz = 1.0;

SingleTrackModel effective_single_track(const SingleTrackModel& start, double v, const std::vector<Point>& points) {
    std::vector<const Point*> used;
    for (const Point& p : points) {
        if (p.frequency_hz <= kFitMaxFrequency_hz + 1e-9) used.push_back(&p);
    }
    if (used.size() < 2) return start;
    const double r_scale = std::abs(used.front()->yaw_rate_per_rad), a_scale = std::abs(used.front()->lateral_accel_per_rad);
    const auto residuals = [&](const std::array<double, 2>& ln_c) {
        SingleTrackModel st = start;
        st.front_cornering_stiffness_n_per_rad = std::exp(ln_c[0]);
        st.rear_cornering_stiffness_n_per_rad = std::exp(ln_c[1]);
        std::vector<double> e;
        for (const Point* p : used) {
            const SingleTrackResponse m = single_track_response(st, v, p->frequency_hz);
            const Complex dr = (m.yaw_rate_per_rad - p->yaw_rate_per_rad) / r_scale;
            const Complex da = (m.lateral_accel_per_rad - p->lateral_accel_per_rad) / a_scale;
            e.insert(e.end(), {dr.real(), dr.imag(), da.real(), da.imag()});
        }
        return e;
    };
    std::array<double, 2> x = {std::log(start.front_cornering_stiffness_n_per_rad), std::log(start.rear_cornering_stiffness_n_per_rad)};
    bool converged = false;
    for (int iteration = 0; iteration < 50 && !converged; ++iteration) {
        const std::vector<double> e = residuals(x);
        std::array<std::vector<double>, 2> jac;
        for (int k = 0; k < 2; ++k) {
            std::array<double, 2> xk = x;
            xk[k] += 1e-6;
            const std::vector<double> ek = residuals(xk);
            for (std::size_t i = 0; i < e.size(); ++i) jac[k].push_back((ek[i] - e[i]) / 1e-6);
        }
        double a00 = 0, a01 = 0, a11 = 0, b0 = 0, b1 = 0;
        for (std::size_t i = 0; i < e.size(); ++i) {
            a00 += jac[0][i] * jac[0][i], a01 += jac[0][i] * jac[1][i], a11 += jac[1][i] * jac[1][i];
            b0 -= jac[0][i] * e[i], b1 -= jac[1][i] * e[i];
        }
        const double det = a00 * a11 - a01 * a01;
        if (!(std::abs(det) > 0.0)) break;
        const double step0 = (b0 * a11 - a01 * b1) / det, step1 = (a00 * b1 - a01 * b0) / det;
        // A step of at most a factor e^0.5 on either stiffness keeps the iteration in range.
        const double cap = std::max({1.0, std::abs(step0) / 0.5, std::abs(step1) / 0.5});
        x[0] += step0 / cap;
        x[1] += step1 / cap;
        converged = cap == 1.0 && std::abs(step0) < 1e-10 && std::abs(step1) < 1e-10;
    }
    if (!converged || !std::isfinite(x[0]) || !std::isfinite(x[1])) return start;
    SingleTrackModel fitted = start;
    fitted.front_cornering_stiffness_n_per_rad = std::exp(x[0]);
    fitted.rear_cornering_stiffness_n_per_rad = std::exp(x[1]);
    return fitted;
}

double degrees(double rad) { return rad * 180.0 / std::numbers::pi; }

std::string frequency_label(double f_hz) { return fmt::format("{:.1f}hz", f_hz).replace(1, 1, "_"); }

}  // namespace

ManeuverResult frequency_response(const VehicleSpec& spec, const ManeuverOptions& o) {
    const double v = maneuver_drive::speed_m_per_s(o);
    ManeuverResult m;
    m.name = "frequency-response";
    const VehicleModel model = build_vehicle_model(spec);
    const SingleTrackModel st = single_track_model(model);
    // The steering amplitude for the lateral acceleration amplitude at the model's steady gain,
    // through the mean full-lock angle of the front wheels (the steering law is linear to first
    // order in the input).
    const double max_steer_rad = 0.5 * (spec.wheels[FL].max_steer_rad + spec.wheels[FR].max_steer_rad);
    const double delta_rad = kLateralAccelAmplitude_m_per_s2 / (v * steady_yaw_rate_gain_per_s(st, v));
    const double input = std::abs(max_steer_rad) > 0.0 ? std::min(1.0, delta_rad / std::abs(max_steer_rad)) : kNaN;
    StandardTestResult failures;
    std::vector<Point> points;
    if (!(std::abs(max_steer_rad) > 0.0)) {
        failures.not_applicable("the car's front wheels do not steer");
    } else if (!std::isfinite(input) || !(input > 0.0)) {
        failures.not_applicable(fmt::format("its single-track model has no steady yaw gain at {:.0f} km/h: the speed is at or beyond "
                                            "the model's critical speed (an oversteering car's sqrt(-L / K))",
                                            v * kKmhPerMps));
    } else {
        // The telemetry kept is the 1 Hz run's or, when a run fails (a spin), the failed run's.
        for (const double f : kFrequencies_hz) {
            std::string telemetry;
            points.push_back(respond_at(spec, o, v, input, f, true, failures, telemetry));
            if (f == 1.0 || !failures.passed()) m.telemetry_csv = std::move(telemetry);
            if (!failures.passed()) break;
        }
    }
    const YawResponse model_mode = yaw_response(st, v);
    const bool ran = failures.passed() && !points.empty();
    const SingleTrackModel effective = ran ? effective_single_track(st, v, points) : st;
    const bool fitted = ran && !(effective.front_cornering_stiffness_n_per_rad == st.front_cornering_stiffness_n_per_rad &&
                                               effective.rear_cornering_stiffness_n_per_rad == st.rear_cornering_stiffness_n_per_rad);
    if (ran && !fitted) {
        failures.fail(TestStatus::NotReached, "the single-track model could not be fitted to the measured responses (no convergence)");
    }
    const YawResponse measured_mode = fitted ? yaw_response(effective, v) : YawResponse{kNaN, kNaN};
    const double steady = points.empty() ? kNaN : std::abs(points.front().yaw_rate_per_rad);
    const double two_pi = 2.0 * std::numbers::pi;
    m.metrics = {{"fr_speed_kmh", v * kKmhPerMps, "km/h"},
                 {"fr_steering_amplitude", input, "1"},
                 {"yaw_gain_steady_per_s", steady, "1/s"},
                 {"model_yaw_gain_steady_per_s", steady_yaw_rate_gain_per_s(st, v), "1/s"},
                 {"yaw_natural_frequency_hz", measured_mode.natural_frequency_rad_per_s / two_pi, "Hz"},
                 {"model_yaw_natural_frequency_hz", model_mode.natural_frequency_rad_per_s / two_pi, "Hz"},
                 {"yaw_damping_ratio", measured_mode.damping_ratio, "1"},
                 {"model_yaw_damping_ratio", model_mode.damping_ratio, "1"},
                 {"effective_front_cornering_stiffness_n_per_rad", fitted ? effective.front_cornering_stiffness_n_per_rad : kNaN, "N/rad"},
                 {"effective_rear_cornering_stiffness_n_per_rad", fitted ? effective.rear_cornering_stiffness_n_per_rad : kNaN, "N/rad"},
                 {"model_front_cornering_stiffness_n_per_rad", st.front_cornering_stiffness_n_per_rad, "N/rad"},
                 {"model_rear_cornering_stiffness_n_per_rad", st.rear_cornering_stiffness_n_per_rad, "N/rad"}};
    for (const Point& p : points) {
        const SingleTrackResponse model_point = single_track_response(st, v, p.frequency_hz);
        const std::string f = frequency_label(p.frequency_hz);
        m.metrics.push_back({"yaw_gain_" + f + "_per_s", std::abs(p.yaw_rate_per_rad), "1/s"});
        m.metrics.push_back({"yaw_phase_" + f + "_deg", degrees(std::arg(p.yaw_rate_per_rad)), "deg"});
        m.metrics.push_back({"model_yaw_gain_" + f + "_per_s", std::abs(model_point.yaw_rate_per_rad), "1/s"});
        m.metrics.push_back({"model_yaw_phase_" + f + "_deg", degrees(std::arg(model_point.yaw_rate_per_rad)), "deg"});
        m.metrics.push_back({"ay_gain_" + f + "_m_s2_per_rad", std::abs(p.lateral_accel_per_rad), "m/s^2/rad"});
        m.metrics.push_back({"ay_phase_" + f + "_deg", degrees(std::arg(p.lateral_accel_per_rad)), "deg"});
        m.metrics.push_back({"model_ay_gain_" + f + "_m_s2_per_rad", std::abs(model_point.lateral_accel_per_rad), "m/s^2/rad"});
        m.metrics.push_back({"model_ay_phase_" + f + "_deg", degrees(std::arg(model_point.lateral_accel_per_rad)), "deg"});
    }
    m.status = failures.status;
    m.reason = failures.reason;
    return m;
}

}  // namespace tractive
