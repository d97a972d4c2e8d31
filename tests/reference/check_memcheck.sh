#!/bin/sh
# The step reads nothing it has not written: runs `tractive run` under valgrind's memcheck on
# drives whose wheels leave the ground (the hatchback off the end of the OBJ test piece, the
# roadster and the AWD sedan over the proving ground's crest and through its bends), on each path
# of the step (the x86-64-v3 copy, the baseline, the tyres one by one). The step's scratch (its
# wheel frames, row storage and body-point lists) is not zeroed on purpose (wheel_frame.hpp,
# row_solver.hpp, fixed_list.hpp); a field a phase forgets to set on some branch is a read of an
# uninitialised value, which memcheck reports. Exits 1 naming the run that it reports on.
#   tests/reference/check_memcheck.sh TRACTIVE EXAMPLES_DIR
#   tests/reference/check_memcheck.sh --self-test      (memcheck reports a program that reads an
#                                                       uninitialised value: the check can fail)
set -eu
command -v valgrind > /dev/null || { echo "valgrind is not installed (scripts/setup.sh installs it)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ "$1" = "--self-test" ]; then
  printf '#include <cstdio>\nint main() { double x[4]; if (x[1] > 0.0) std::puts("+"); return 0; }\n' > "$work/reads.cpp"
  c++ -O0 -o "$work/reads" "$work/reads.cpp" -Wno-uninitialized -Wno-maybe-uninitialized
  if valgrind -q --error-exitcode=9 "$work/reads" > /dev/null 2> "$work/log"; then
    echo "memcheck did not report a read of an uninitialised value"; exit 1
  fi
  grep -q "uninitialised" "$work/log" || { echo "memcheck failed otherwise:"; cat "$work/log"; exit 1; }
  echo "memcheck reports a read of an uninitialised value, as it must"
  exit 0
fi
tractive=$1
examples=$2
printf 'time,throttle,brake,steering,gear\n0,1,0,0,1\n4,0.6,0,0.15,1\n8,0,0.5,-0.2,1\n11,0.8,0,0.3,1\n16,0,1,0,1\n' > "$work/controls.csv"
check() {  # NAME ENVIRONMENT CAR GROUND
  if ! env $2 valgrind -q --error-exitcode=9 "$tractive" run "$examples/cars/$3" --mode automatic --ground "$examples/grounds/$4" \
      --controls "$work/controls.csv" --out "$work/out.csv" > /dev/null 2> "$work/log"; then
    echo "$1: memcheck reports (or the run failed):"; cat "$work/log"; exit 1
  fi
  off=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i ~ /_fz_n$/) c[++n] = i } NR > 1 { for (k = 1; k <= n; ++k) if ($c[k] == 0) { rows++; break } } END { print rows + 0 }' "$work/out.csv")
  echo "$1: no report; $off of its rows have a wheel off the ground"
  [ "$off" -gt 0 ] || { echo "$1: no wheel left the ground, so the off-ground branches were not read"; exit 1; }
}
for path in "x86-64-v3 TRACTIVE_X86_64_V3=1" "baseline TRACTIVE_X86_64_V3=0" "one-by-one TRACTIVE_VECTOR_MATHS=0"; do
  set -- $path
  check "$1, hatchback off the test piece" "$2" hatchback.toml test_piece.obj
  check "$1, roadster on the proving ground" "$2" roadster.toml proving_ground.toml
  check "$1, AWD sedan on the proving ground" "$2" sedan_awd.toml proving_ground.toml
done
