// Loads a car through the installed library and prints its mass.
#include <cstdio>

#include "tractive/tractive.hpp"  // the public API: the only C++ header a user includes

int main(int argc, char** argv) {
    if (argc != 2) return 1;
    const auto car = tractive::load_car(argv[1]);
    std::printf("%.1f\n", tractive::summarize(car.spec).mass_kg);
    return 0;
}
