// Fuzzes the INI parser shared by both VDrift formats: any input parses or throws LoadError.
#include <cstdint>
#include <string_view>

#include "tractive/io/ini_document.hpp"
#include "tractive/io/text_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        tractive::check_text(text, "fuzz.car");
        (void)tractive::parse_ini(text, "fuzz.car");
    } catch (const tractive::LoadError&) {
    }
    return 0;
}
