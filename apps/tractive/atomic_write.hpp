#pragma once
// Writing an output file so that a failure never leaves a half-written file behind.

#include <filesystem>
#include <string>
#include <string_view>

namespace tractive::cli {

// An output written through a uniquely named temporary file in the same folder (mkstemp: no
// clash with a user's file or a concurrent run), renamed over the output by commit(); the
// temporary file is removed if the writer goes away without commit() (an error, an exception).
// Long outputs stream through it: what is written goes to the disk as it comes.
class AtomicFile {
public:
    // Throws std::runtime_error naming the folder when the temporary file cannot be made.
    explicit AtomicFile(std::filesystem::path out);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    void write(std::string_view text);  // throws std::runtime_error naming the file
    void commit();                      // throws std::runtime_error naming the output

private:
    std::filesystem::path out_;
    std::filesystem::path tmp_;
    int fd_ = -1;
};

// The whole text at once, through an AtomicFile.
void write_atomically(const std::filesystem::path& out, const std::string& text);

}  // namespace tractive::cli
