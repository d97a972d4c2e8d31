// A fixture for scripts/check_avx2_object.sh: an object whose symbols are all local but that runs
// a constructor at load (.init_array), which the check must refuse.
#include <cstdlib>

namespace {
const char* const home = std::getenv("HOME");
}  // namespace
