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
cmake -S tests/install -B "$prefix/consumer-build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$prefix/consumer-build" >/dev/null
mass=$("$prefix/consumer-build/consumer" "$prefix/share/tractive/cars/roadster.toml")
echo "install check: find_package(tractive) consumer loaded the installed roadster, mass ${mass} kg"
speed=$("$prefix/consumer-build/c_consumer" "$prefix/share/tractive/cars/roadster.toml")
echo "install check: a C program on the installed tractive.h and libtractive.so drove the roadster off to ${speed} km/h in 2 s"
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
