#pragma once
// Physical sense checks of a VehicleSpec. Loaders check each value where they read it (so the
// error names file:line); this is the final net, also for specs built in code.

#include <stdexcept>
#include <string>
#include <vector>

#include "tractive/spec/vehicle_spec.hpp"

namespace tractive {

struct SpecIssue {
    std::string path;     // e.g. "wheels.fl.tire.radius_m"
    std::string message;  // what was expected
};

// Every problem found; empty when the spec is sound.
std::vector<SpecIssue> find_spec_issues(const VehicleSpec& spec);

class SpecError : public std::runtime_error {
public:
    explicit SpecError(SpecIssue issue);
    [[nodiscard]] const SpecIssue& issue() const { return issue_; }

private:
    SpecIssue issue_;
};

// Throws SpecError with the first issue.
void validate(const VehicleSpec& spec);

// Problems with one curve: points must be finite, x strictly increasing, at least min_points.
// Returns an empty string when the curve is fine, else what was expected.
std::string curve_problem(const std::vector<double>& xs, const std::vector<double>& ys,
                          std::size_t min_points);

}  // namespace tractive
