#pragma once
// Where each part of a loaded spec came from: for a spec path ("engine.rpm_limit",
// "wheels.fl.tyre"), the file:line and the file's own key that set it. Loaders record them as
// they read; a problem that only the final check (find_spec_issues) sees, such as a cross-field
// constraint, is then reported at that place with the key as written in the file.

#include <map>
#include <string>
#include <string_view>

#include "tractive/io/load_error.hpp"
#include "tractive/spec/validate.hpp"

namespace tractive {

struct SpecSource {
    SourceLocation location;
    std::string key;  // as written in the file, e.g. "engine.rpm-limit" or "engine.rpm_limit"
};

class SpecSources {
public:
    // Records (or replaces) the source of spec_path.
    void note(std::string spec_path, SourceLocation location, std::string file_key);

    // The source of spec_path or of its longest recorded ancestor ("wheels.fl.brake.bias" falls
    // back to "wheels.fl.brake", then "wheels.fl"); nullptr when none is recorded.
    [[nodiscard]] const SpecSource* find(std::string_view spec_path) const;

    [[nodiscard]] bool empty() const { return sources_.empty(); }

private:
    std::map<std::string, SpecSource, std::less<>> sources_;
};

// The LoadError for a spec issue: at its recorded source when there is one, else at the whole
// file with the spec path as the key.
LoadError spec_issue_error(const SpecIssue& issue, const SpecSources& sources, const std::string& file);

}  // namespace tractive
