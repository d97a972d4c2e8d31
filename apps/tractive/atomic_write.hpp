#pragma once
// Writing an output file so that a failure never leaves a half-written file behind.

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tractive::cli {

// An output path that cannot be written: the caller's input, refused with exit status 2 as any
// other bad input (docs/inputs.md); a write that fails later (a full disk) is a std::runtime_error,
// exit status 1.
class OutputPathError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// An output written through a uniquely named temporary file in the same folder (mkstemp: no
// clash with a user's file or a concurrent run), renamed over the output by commit(); the
// temporary file is removed if the writer goes away without commit() (an error, an exception).
// Long outputs stream through it: what is written goes to the disk as it comes. A symbolic link
// is followed (the file it names is replaced, the link kept); a path that is a pipe, a terminal or
// a device (a FIFO, /dev/stdout) is written straight into; a folder is refused. SIGINT and
// SIGTERM remove the temporary file before the process ends.
class AtomicFile {
public:
    // Throws OutputPathError naming the path when it cannot be written (its folder missing or
    // not writable, a folder, a link that cannot be followed).
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
    bool direct_ = false;  // writing into a pipe or device, no temporary file
    int slot_ = -1;        // in the table the signal handler removes temporary files from
};

// Throws std::invalid_argument "OUT: is the OPTION file" when `out` is the same file as `input`
// (a run's --controls, a car): the output would replace what it was made from.
void refuse_output_over_input(const std::filesystem::path& out, const std::filesystem::path& input, std::string_view option);

// Checks that `out` can be written, as AtomicFile would, without writing it: for an output
// written at the end of a long session (drive --record). Makes and removes a temporary file
// beside a file; a pipe or device is not opened. Throws OutputPathError.
void check_output_path(const std::filesystem::path& out);

// The whole text at once, through an AtomicFile.
void write_atomically(const std::filesystem::path& out, const std::string& text);

}  // namespace tractive::cli
