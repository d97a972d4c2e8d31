#include "atomic_write.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace fs = std::filesystem;

namespace tractive::cli {

namespace {

// Removes a file when it goes out of scope, unless released: the temporary file of
// write_atomically on every failure path.
class RemoveOnExit {
public:
    explicit RemoveOnExit(fs::path path) : path_(std::move(path)) {}
    ~RemoveOnExit() {
        if (path_.empty()) return;
        std::error_code ec;
        fs::remove(path_, ec);
    }
    RemoveOnExit(const RemoveOnExit&) = delete;
    RemoveOnExit& operator=(const RemoveOnExit&) = delete;
    void release() { path_.clear(); }

private:
    fs::path path_;
};

}  // namespace

void write_atomically(const fs::path& out, const std::string& text) {
    const fs::path folder = out.parent_path().empty() ? fs::path(".") : out.parent_path();
    std::string pattern = (folder / ("." + out.filename().string() + ".tmp-XXXXXX")).string();
    const int fd = mkstemp(pattern.data());
    if (fd < 0) throw std::runtime_error(fmt::format("{}: cannot create a temporary file: {}", folder.string(), std::strerror(errno)));
    const fs::path tmp = pattern;
    RemoveOnExit cleanup(tmp);
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            ::close(fd);
            throw std::runtime_error(fmt::format("{}: write failed: {}", tmp.string(), std::strerror(errno)));
        }
        written += static_cast<std::size_t>(n);
    }
    if (::fchmod(fd, 0644) != 0 || ::close(fd) != 0) {
        throw std::runtime_error(fmt::format("{}: write failed: {}", tmp.string(), std::strerror(errno)));
    }
    std::error_code ec;
    fs::rename(tmp, out, ec);
    if (ec) throw std::runtime_error(fmt::format("{}: cannot write: {}", out.string(), ec.message()));
    cleanup.release();
}


}  // namespace tractive::cli
