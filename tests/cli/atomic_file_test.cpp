// Outputs through a temporary file: streamed, renamed over the output at the end, and nothing
// left behind (nor an old output harmed) when the writer goes away without finishing.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "atomic_write.hpp"
#include "support/test_paths.hpp"

namespace fs = std::filesystem;

namespace {

std::string read(const fs::path& p) {
    std::ifstream f(p);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

std::size_t files_in(const fs::path& dir) { return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator())); }

}  // namespace

TEST(AtomicFile, StreamsAndRenamesOnCommit) {
    tractive::test::TempDir dir;
    const fs::path out = dir.path() / "t.csv";
    {
        tractive::cli::AtomicFile f(out);
        f.write("a,b\n");
        EXPECT_FALSE(fs::exists(out));  // not there until committed
        f.write("1,2\n");
        f.commit();
    }
    EXPECT_EQ(read(out), "a,b\n1,2\n");
    EXPECT_EQ(files_in(dir.path()), 1u);
}

TEST(AtomicFile, AnUnfinishedWriteLeavesTheOldOutputAndNoTemporaryFile) {
    tractive::test::TempDir dir;
    const fs::path out = dir.path() / "t.csv";
    tractive::cli::write_atomically(out, "old\n");
    try {
        tractive::cli::AtomicFile f(out);
        f.write("new, half");
        throw std::runtime_error("the run failed");
    } catch (const std::runtime_error&) {
    }
    EXPECT_EQ(read(out), "old\n");
    EXPECT_EQ(files_in(dir.path()), 1u);
    EXPECT_THROW(tractive::cli::AtomicFile(dir.path() / "no" / "such" / "folder.csv"), std::runtime_error);
    // No file name at all (--out ""): refused before anything is written, not at the rename.
    EXPECT_THROW(tractive::cli::AtomicFile(""), std::runtime_error);
    EXPECT_THROW(tractive::cli::AtomicFile(dir.path() / "folder" / ""), std::runtime_error);
    EXPECT_EQ(files_in(dir.path()), 1u);
}
