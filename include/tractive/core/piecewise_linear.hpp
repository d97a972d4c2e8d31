#pragma once
// A function given by points (x_i, y_i) with strictly increasing x, linear between points and held
// constant beyond the first and last point. Used for torque curves (rpm -> N m) and friction curves
// (slip -> friction coefficient). Lookup is a binary search, or O(1) when the points are evenly
// spaced (sampled curves such as the suspension's camber change), with the same result.

#include <span>
#include <utility>
#include <vector>

namespace tractive {

class PiecewiseLinear {
public:
    PiecewiseLinear() = default;
    // Precondition (checked by spec validation, not here): xs strictly increasing, same size as ys.
    PiecewiseLinear(std::vector<double> xs, std::vector<double> ys);

    [[nodiscard]] double operator()(double x) const;
    // dy/dx of the segment containing x (the right-hand segment at a point), 0 beyond the ends
    // where the curve is held constant, and NaN for a NaN x.
    [[nodiscard]] double slope(double x) const;
    [[nodiscard]] bool empty() const { return xs_.empty(); }
    [[nodiscard]] std::size_t size() const { return xs_.size(); }
    [[nodiscard]] std::span<const double> xs() const { return xs_; }
    [[nodiscard]] std::span<const double> ys() const { return ys_; }

    friend bool operator==(const PiecewiseLinear&, const PiecewiseLinear&) = default;

private:
    // Index i of the segment [xs_[i - 1], xs_[i]) containing x, for front < x < back.
    [[nodiscard]] std::size_t segment(double x) const;
    std::vector<double> xs_;
    std::vector<double> ys_;
    // 1 / spacing when the points are evenly spaced (to 1e-9 of the spacing), else 0: the index
    // is then guessed from x and corrected by at most a step or two to the exact segment.
    double inverse_spacing_ = 0.0;
};

}  // namespace tractive
