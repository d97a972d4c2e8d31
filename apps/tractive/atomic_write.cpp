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

AtomicFile::AtomicFile(fs::path out) : out_(std::move(out)) {
    const fs::path folder = out_.parent_path().empty() ? fs::path(".") : out_.parent_path();
    std::string pattern = (folder / ("." + out_.filename().string() + ".tmp-XXXXXX")).string();
    fd_ = mkstemp(pattern.data());
    if (fd_ < 0) throw std::runtime_error(fmt::format("{}: cannot create a temporary file: {}", folder.string(), std::strerror(errno)));
    tmp_ = pattern;
}

AtomicFile::~AtomicFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!tmp_.empty()) {
        std::error_code ec;
        fs::remove(tmp_, ec);
    }
}

void AtomicFile::write(std::string_view text) {
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd_, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) throw std::runtime_error(fmt::format("{}: write failed: {}", tmp_.string(), std::strerror(errno)));
        written += static_cast<std::size_t>(n);
    }
}

void AtomicFile::commit() {
    const int fd = fd_;
    fd_ = -1;
    if (::fchmod(fd, 0644) != 0 || ::close(fd) != 0) {
        throw std::runtime_error(fmt::format("{}: write failed: {}", tmp_.string(), std::strerror(errno)));
    }
    std::error_code ec;
    fs::rename(tmp_, out_, ec);
    if (ec) throw std::runtime_error(fmt::format("{}: cannot write: {}", out_.string(), ec.message()));
    tmp_.clear();
}

void write_atomically(const fs::path& out, const std::string& text) {
    AtomicFile f(out);
    f.write(text);
    f.commit();
}

}  // namespace tractive::cli
