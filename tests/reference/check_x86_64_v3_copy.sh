#!/bin/sh
# The step's copy compiled for x86-64-v3 (src/core/x86_64_v3.hpp) gives the baseline code's
# results bit for bit: the telemetry record (scripts/telemetry_golden.sh: every shipped and shared
# car, manual and automatic, and the default car's standard tests) written with the copy and
# with it switched off (TRACTIVE_X86_64_V3=0) must be byte-identical. With --against-one-by-one
# the second record is TRACTIVE_VECTOR_MATHS=0's (no copy, and the tyre laws one by one, which
# differ in the last bits): the check must then fail, which shows it can.
#   tests/reference/check_x86_64_v3_copy.sh BUILD_DIR [--against-one-by-one]
set -eu
build=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
# x86-64-v3's features as /proc/cpuinfo names them, less LZCNT ("abm"), which this project's virtual
# machine does not list though the processor has it (__builtin_cpu_supports, which chooses the
# copy, asks the processor: X86_64V3.TheCopyRunsWhereTheProcessorHasIt checks that choice).
flags=$(grep -m1 '^flags' /proc/cpuinfo || true)
for feature in avx avx2 bmi1 bmi2 f16c fma movbe xsave; do
  case " $flags " in
    *" $feature "*) ;;
    *) echo "skipped: this processor has no x86-64-v3 ($feature), so the copy does not run"; exit 77 ;;
  esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
env -u TRACTIVE_X86_64_V3 -u TRACTIVE_VECTOR_MATHS "$root/scripts/telemetry_golden.sh" "$work/copy" "$build" > /dev/null
if [ "${2:-}" = "--against-one-by-one" ]; then
  env -u TRACTIVE_X86_64_V3 TRACTIVE_VECTOR_MATHS=0 "$root/scripts/telemetry_golden.sh" "$work/baseline" "$build" > /dev/null
else
  env -u TRACTIVE_VECTOR_MATHS TRACTIVE_X86_64_V3=0 "$root/scripts/telemetry_golden.sh" "$work/baseline" "$build" > /dev/null
fi
if ! diff -rq "$work/copy" "$work/baseline"; then
  echo "the records differ"
  exit 1
fi
echo "$(ls "$work/copy" | wc -l) files byte-identical with the x86-64-v3 copy and without"
