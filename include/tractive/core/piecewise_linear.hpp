#pragma once
// A function given by points (x_i, y_i) with strictly increasing x, linear between points and held
// constant beyond the first and last point. Used for torque curves (rpm -> N m) and friction curves
// (slip -> friction coefficient). Lookup starts from a guess read from a table of equal-width
// buckets over the points' range and steps to the exact segment: O(1) for evenly spaced points and
// a step or two for uneven ones, the same segment a binary search finds.

#include <cstdint>
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
    // Equal-width buckets over [front, back]: bucket k (x in [front + k w, front + (k + 1) w))
    // holds the first point index i with xs_[i] > front + k w, from where segment() steps to the
    // exact segment; 1 / w, or 0 where there is no table (fewer than two points, or a range
    // that is not finite and positive: binary search).
    double inverse_bucket_width_ = 0.0;
    std::vector<std::uint32_t> bucket_first_;
};

}  // namespace tractive
