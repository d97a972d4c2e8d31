#!/bin/sh
# Checks that an object file compiled for AVX2 (src/laws/tyre_lanes_avx2.cpp, or the step's
# x86-64-v3 copy, src/core/x86_64_v3.hpp) shares nothing with the rest of the library but its
# entry points: every other symbol it defines must be local. A global or weak one (an inline
# function or a template the compiler kept out of line) could be chosen by the linker for
# baseline code too, and then run on a processor without AVX2. Nor may it hold constructors run
# at load (.init_array, .ctors): they would run its code on any processor. Prints what offends
# and exits 1; exits 0 when nothing does.
#   scripts/check_avx2_object.sh OBJECT ENTRY   (ENTRY: a part of the entry points' mangled names)
set -eu
object=$1
entry=$2
shared=$(nm --defined-only "$object" | awk '$2 !~ /^[tbdrnN]$/ { print $3 }' | grep -v -F -e "$entry" || true)
if [ -n "$shared" ]; then
  echo "$object: symbols other than $entry are visible to the linker:"
  echo "$shared"
  exit 1
fi
constructors=$(readelf -SW "$object" | grep -E '\.(init_array|ctors)' || true)
if [ -n "$constructors" ]; then
  echo "$object: constructors run at load:"
  echo "$constructors"
  exit 1
fi
nm --defined-only "$object" | awk '{ print $3 }' | grep -q -F -e "$entry" || { echo "$object: no $entry"; exit 1; }
echo "$object: only $entry is visible, and no constructors"
