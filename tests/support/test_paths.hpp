#pragma once
// Where the tests find their data: the shared VDrift set (outside the repository, may be
// absent), the project's example cars and the CLI binary.

#include <filesystem>
#include <vector>

namespace tractive::test {

std::filesystem::path vdrift_data();
bool have_vdrift_data();
// Every .car file under the shared VDrift data (empty when the data is absent).
std::vector<std::filesystem::path> vdrift_car_files();
std::vector<std::filesystem::path> example_car_files();
std::filesystem::path cli_binary();

// A fresh empty folder under the system temp folder, removed at destruction.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    [[nodiscard]] const std::filesystem::path& path() const { return path_; }
    // Writes text to path()/relative, creating folders.
    std::filesystem::path write(const std::filesystem::path& relative, const std::string& text) const;

private:
    std::filesystem::path path_;
};

}  // namespace tractive::test

#define TRACTIVE_REQUIRE_VDRIFT_DATA()                                                              \
    do {                                                                                           \
        if (!::tractive::test::have_vdrift_data())                                                 \
            GTEST_SKIP() << "VDrift data not found at " << ::tractive::test::vdrift_data()         \
                         << " (the shared test corpus lives outside the repository)";              \
    } while (0)
