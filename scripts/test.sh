#!/usr/bin/env bash
# Sets up a fresh Debian machine, builds everything and runs the whole test suite:
# unit and integration tests (ctest), an install + find_package(tractive) check, and the
# libFuzzer targets for a bounded time (FUZZ_SECONDS, default 30 s each).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTRACTIVE_WERROR=ON
cmake --build build
ctest --test-dir build --output-on-failure -j 2

# The installed package works for a consumer project.
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install build --prefix "$prefix" >/dev/null
# Only the public headers are installed: tractive.h, tractive/tractive.hpp and what it includes.
headers=$(find "$prefix/include" -name '*.hpp' -o -name '*.h' | wc -l)
if [ -e "$prefix/include/tractive/io/ini_document.hpp" ] || [ -e "$prefix/include/tractive/core/number_text.hpp" ] || [ "$headers" -gt 40 ]; then
  echo "install check failed: $headers headers installed, private ones among them" >&2; exit 1
fi
echo "install check: $headers public headers installed (parsers and solver internals private)"
cmake -S tests/install -B "$prefix/consumer-build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$prefix/consumer-build" >/dev/null
mass=$("$prefix/consumer-build/consumer" "$prefix/share/tractive/cars/roadster.toml")
echo "install check: find_package(tractive) consumer loaded the installed roadster, mass ${mass} kg"
speed=$("$prefix/consumer-build/c_consumer" "$prefix/share/tractive/cars/roadster.toml")
echo "install check: a C program on the installed tractive.h and libtractive.so drove the roadster off to ${speed} km/h in 2 s"
# The installed Python module imports from the prefix's site folder and drives the roadster.
site=$(grep -E '^TRACTIVE_PYTHON_INSTALL_DIR' build/CMakeCache.txt | cut -d= -f2)
pyspeed=$(PYTHONPATH="$prefix/$site" /usr/bin/python3 -c "
import tractive
v = tractive.Vehicle(tractive.load_car('$prefix/share/tractive/cars/roadster.toml'), mode='automatic')
for _ in range(40): v.update(0.05, throttle=0.5, gear=1)
print(round(v.state['speed_m_per_s'] * 3.6, 1))")
echo "install check: the installed Python module (${site}) drove the roadster off to ${pyspeed} km/h in 2 s"
# The installed CLI finds its default car under the prefix, even after the prefix is moved.
moved="$prefix/moved"
mkdir "$moved" && cp -r "$prefix/bin" "$prefix/share" "$moved/"
info=$("$moved/bin/tractive" info)
case "$info" in
  *"$moved/share/tractive/cars/roadster.toml"*) echo "install check: the moved CLI describes $moved/share/tractive/cars/roadster.toml" ;;
  *) echo "install check failed: the installed CLI did not find its default car under $moved" >&2; exit 1 ;;
esac

./scripts/fuzz.sh "${FUZZ_SECONDS:-30}"
echo "all tests passed"
