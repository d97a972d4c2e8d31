#!/usr/bin/env bash
# The long random-driving sweep (issue 14): a million 30 s runs of random controls over every
# shipped and shared car, modes, aids, grades, banks and friction (tests/dynamics/random_driving_test.cpp),
# in chunks of 10,000 runs so that a failure shows its seed early. CI runs 10,000.
#   scripts/random_driving.sh [RUNS] [FIRST_SEED]     (defaults 1000000 and 1; about 1.7 h on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-1000000}"
seed="${2:-1}"
chunk=10000
binary=build/tests/tractive_dynamics_tests
[ -x "$binary" ] || { echo "error: $binary not found: build first (cmake --build build)" >&2; exit 2; }
status=0
for ((done = 0; done < runs; done += chunk)); do
  n=$(( runs - done < chunk ? runs - done : chunk ))
  echo "runs $((seed + done)) to $((seed + done + n - 1))"
  out=$(TRACTIVE_RANDOM_SEED=$((seed + done)) TRACTIVE_RANDOM_RUNS=$n "$binary" --gtest_filter=RandomDriving.NeverExplodes 2>&1) || status=1
  grep -E '^seed|repeat:|runs failed' <<<"$out" || true
done
exit $status
