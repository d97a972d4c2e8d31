#include "atomic_write.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace fs = std::filesystem;

namespace tractive::cli {

namespace {

// The temporary files being written, so that SIGINT and SIGTERM remove them before the process
// ends (the handler only calls unlink, which is async-signal-safe). A fixed table: no allocation
// in the handler.
constexpr std::size_t kMaxLiveFiles = 16;
constexpr std::size_t kMaxPath = 4096;
std::array<std::array<char, kMaxPath>, kMaxLiveFiles> g_live{};
std::array<volatile std::sig_atomic_t, kMaxLiveFiles> g_live_used{};

extern "C" void remove_live_files_and_end(int signal_number) {
    for (std::size_t i = 0; i < kMaxLiveFiles; ++i) {
        if (g_live_used[i]) ::unlink(g_live[i].data());
    }
    std::signal(signal_number, SIG_DFL);
    std::raise(signal_number);
}

int remember(const std::string& path) {
    static const bool installed = [] {
        std::signal(SIGINT, remove_live_files_and_end);
        std::signal(SIGTERM, remove_live_files_and_end);
        return true;
    }();
    (void)installed;
    if (path.size() >= kMaxPath) return -1;
    for (std::size_t i = 0; i < kMaxLiveFiles; ++i) {
        if (g_live_used[i]) continue;
        std::memcpy(g_live[i].data(), path.c_str(), path.size() + 1);
        g_live_used[i] = 1;
        return static_cast<int>(i);
    }
    return -1;
}

void forget(int slot) {
    if (slot >= 0) g_live_used[static_cast<std::size_t>(slot)] = 0;
}

}  // namespace

AtomicFile::AtomicFile(fs::path out) : out_(std::move(out)) {
    if (out_.filename().empty()) throw OutputPathError(fmt::format("'{}': expected a file name", out_.string()));
    std::error_code ec;
    // What the path names, through any links.
    const fs::file_status status = fs::status(out_, ec);
    if (fs::is_directory(status)) throw OutputPathError(fmt::format("{}: is a folder: expected a file name", out_.string()));
    if (fs::exists(status) && !fs::is_regular_file(status)) {
        // A pipe, a terminal or a device (/dev/stdout, a FIFO): written straight into, as it is,
        // opened by the path given (/dev/stdout's link to a pipe names no file to follow).
        fd_ = ::open(out_.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd_ < 0) throw OutputPathError(fmt::format("{}: cannot open: {}", out_.string(), std::strerror(errno)));
        direct_ = true;
        return;
    }
    // A link to a file is followed: the file it names is written (and the link kept), not
    // replaced by a file.
    if (fs::is_symlink(fs::symlink_status(out_, ec))) {
        const fs::path target = fs::weakly_canonical(out_, ec);
        if (ec) throw OutputPathError(fmt::format("{}: cannot follow the link: {}", out_.string(), ec.message()));
        out_ = target;
    }
    const fs::path folder = out_.parent_path().empty() ? fs::path(".") : out_.parent_path();
    std::string pattern = (folder / ("." + out_.filename().string() + ".tmp-XXXXXX")).string();
    fd_ = mkstemp(pattern.data());
    if (fd_ < 0) throw OutputPathError(fmt::format("{}: cannot create a temporary file: {}", folder.string(), std::strerror(errno)));
    tmp_ = pattern;
    slot_ = remember(tmp_.string());
}

AtomicFile::~AtomicFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!tmp_.empty()) {
        std::error_code ec;
        fs::remove(tmp_, ec);
    }
    forget(slot_);
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
    if (direct_) {
        if (::close(fd) != 0) throw std::runtime_error(fmt::format("{}: write failed: {}", out_.string(), std::strerror(errno)));
        return;
    }
    if (::fchmod(fd, 0644) != 0 || ::close(fd) != 0) {
        throw std::runtime_error(fmt::format("{}: write failed: {}", tmp_.string(), std::strerror(errno)));
    }
    std::error_code ec;
    fs::rename(tmp_, out_, ec);
    if (ec) throw std::runtime_error(fmt::format("{}: cannot write: {}", out_.string(), ec.message()));
    tmp_.clear();
    forget(slot_);
    slot_ = -1;
}

void refuse_output_over_input(const fs::path& out, const fs::path& input, std::string_view option) {
    std::error_code ec;
    if (!input.empty() && fs::exists(out, ec) && fs::equivalent(out, input, ec)) {
        throw std::invalid_argument(fmt::format("{}: is the {} file: expected another output file", out.string(), option));
    }
}

void check_output_path(const fs::path& out) {
    std::error_code ec;
    const fs::file_status status = fs::status(out, ec);
    if (fs::exists(status) && !fs::is_regular_file(status) && !fs::is_directory(status)) return;  // written into at the end
    const AtomicFile probe(out);
}

void write_atomically(const fs::path& out, const std::string& text) {
    AtomicFile f(out);
    f.write(text);
    f.commit();
}

}  // namespace tractive::cli
