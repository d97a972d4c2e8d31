#!/bin/sh
# Checks that an object file compiled for AVX2 (src/laws/tyre_lanes_avx2.cpp) shares
# nothing with the rest of the library but its entry points: every other symbol it defines
# must be local. A global or weak one (an inline function or a template the compiler kept out of
# line) could be chosen by the linker for baseline code too, and then run on a processor without
# AVX2. Prints the offending symbols and exits 1; exits 0 when there are none.
#   scripts/check_avx2_object.sh OBJECT ENTRY   (ENTRY: a part of the entry points' mangled names)
set -eu
object=$1
entry=$2
shared=$(nm --defined-only "$object" | awk '$2 !~ /^[tbdrn]$/ { print $3 }' | grep -v -F -e "$entry" || true)
if [ -n "$shared" ]; then
  echo "$object: symbols other than $entry are visible to the linker:"
  echo "$shared"
  exit 1
fi
nm --defined-only "$object" | awk '{ print $3 }' | grep -q -F -e "$entry" || { echo "$object: no $entry"; exit 1; }
echo "$object: only $entry is visible"
