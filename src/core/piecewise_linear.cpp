#include "tractive/core/piecewise_linear.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace tractive {

PiecewiseLinear::PiecewiseLinear(std::vector<double> xs, std::vector<double> ys)
    : xs_(std::move(xs)), ys_(std::move(ys)) {
    assert(xs_.size() == ys_.size());
    if (xs_.size() < 2) return;
    // Four buckets a segment (evenly spaced points need one; four keep the steps of uneven ones
    // short), at most 512.
    const std::size_t buckets = std::min<std::size_t>(4 * (xs_.size() - 1), 512);
    const double width = (xs_.back() - xs_.front()) / static_cast<double>(buckets);
    if (!(width > 0.0) || !std::isfinite(width)) return;
    bucket_first_.resize(buckets);
    for (std::size_t k = 0; k < buckets; ++k) {
        const double lower = xs_.front() + static_cast<double>(k) * width;
        bucket_first_[k] = static_cast<std::uint32_t>(std::upper_bound(xs_.begin(), xs_.end(), lower) - xs_.begin());
    }
    inverse_bucket_width_ = 1.0 / width;
}

std::size_t PiecewiseLinear::segment(double x) const {
    // i: the first point with xs_[i] > x; 1 <= i <= size - 1 because front < x < back.
    if (inverse_bucket_width_ > 0.0) {
        const std::size_t last = xs_.size() - 1;
        const std::size_t k =
            std::min(static_cast<std::size_t>((x - xs_.front()) * inverse_bucket_width_), bucket_first_.size() - 1);
        std::size_t i = std::clamp<std::size_t>(bucket_first_[k], 1, last);
        // The guess is exact but for the rounding of the bucket's edge: step to the segment.
        while (i < last && xs_[i] <= x) ++i;
        while (xs_[i - 1] > x) --i;
        return i;
    }
    return static_cast<std::size_t>(std::upper_bound(xs_.begin(), xs_.end(), x) - xs_.begin());
}

double PiecewiseLinear::operator()(double x) const {
    if (xs_.empty()) return 0.0;
    if (std::isnan(x)) return x;
    if (x <= xs_.front()) return ys_.front();
    if (x >= xs_.back()) return ys_.back();
    const std::size_t i = segment(x);
    const double t = (x - xs_[i - 1]) / (xs_[i] - xs_[i - 1]);
    return ys_[i - 1] + t * (ys_[i] - ys_[i - 1]);
}

double PiecewiseLinear::slope(double x) const {
    if (std::isnan(x)) return x;
    if (xs_.size() < 2 || x < xs_.front() || x >= xs_.back()) return 0.0;
    const std::size_t i = x == xs_.front() ? 1 : segment(x);
    return (ys_[i] - ys_[i - 1]) / (xs_[i] - xs_[i - 1]);
}

}  // namespace tractive
