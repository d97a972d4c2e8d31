#include "tractive/core/piecewise_linear.hpp"

#include <algorithm>
#include <cassert>

namespace tractive {

PiecewiseLinear::PiecewiseLinear(std::vector<double> xs, std::vector<double> ys)
    : xs_(std::move(xs)), ys_(std::move(ys)) {
    assert(xs_.size() == ys_.size());
}

double PiecewiseLinear::operator()(double x) const {
    if (xs_.empty()) return 0.0;
    if (x <= xs_.front()) return ys_.front();
    if (x >= xs_.back()) return ys_.back();
    // First point with xs_[i] > x; i >= 1 because x > xs_.front().
    const auto it = std::upper_bound(xs_.begin(), xs_.end(), x);
    const auto i = static_cast<std::size_t>(it - xs_.begin());
    const double t = (x - xs_[i - 1]) / (xs_[i] - xs_[i - 1]);
    return ys_[i - 1] + t * (ys_[i] - ys_[i - 1]);
}

}  // namespace tractive
