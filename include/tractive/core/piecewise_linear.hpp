#pragma once
// A function given by points (x_i, y_i) with strictly increasing x, linear between points and held
// constant beyond the first and last point. Used for torque curves (rpm -> N m) and friction curves
// (slip -> friction coefficient).

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
    [[nodiscard]] bool empty() const { return xs_.empty(); }
    [[nodiscard]] std::size_t size() const { return xs_.size(); }
    [[nodiscard]] std::span<const double> xs() const { return xs_; }
    [[nodiscard]] std::span<const double> ys() const { return ys_; }

    friend bool operator==(const PiecewiseLinear&, const PiecewiseLinear&) = default;

private:
    std::vector<double> xs_;
    std::vector<double> ys_;
};

}  // namespace tractive
