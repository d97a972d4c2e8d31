#include "support/test_paths.hpp"

#include <algorithm>
#include <atomic>
#include <fstream>
#include <random>
#include <string>

namespace fs = std::filesystem;

namespace tractive::test {

fs::path vdrift_data() { return fs::path(TRACTIVE_VDRIFT_DATA); }

bool have_vdrift_data() {
    std::error_code ec;
    return fs::is_directory(vdrift_data() / "cars", ec);
}

namespace {
std::vector<fs::path> files_with_extension(const fs::path& root, const std::string& ext) {
    std::vector<fs::path> out;
    std::error_code ec;
    if (!fs::is_directory(root, ec)) return out;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (e.is_regular_file() && e.path().extension() == ext) out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}
}  // namespace

std::vector<fs::path> vdrift_car_files() { return files_with_extension(vdrift_data(), ".car"); }
std::vector<fs::path> example_car_files() { return files_with_extension(TRACTIVE_EXAMPLE_CARS, ".toml"); }
fs::path cli_binary() { return fs::path(TRACTIVE_CLI); }

TempDir::TempDir() {
    static std::atomic<int> counter{0};
    std::random_device rd;
    path_ = fs::temp_directory_path() /
            ("tractive-test-" + std::to_string(rd()) + "-" + std::to_string(counter.fetch_add(1)));
    fs::create_directories(path_);
}

TempDir::~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
}

fs::path TempDir::write(const fs::path& relative, const std::string& text) const {
    const fs::path p = path_ / relative;
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
    return p;
}

}  // namespace tractive::test
