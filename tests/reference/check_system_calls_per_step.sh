#!/bin/sh
# No system call per step (issue 27): runs tests/support/step_loop.cpp's MODE for 100 and for
# 400 frames at 60 Hz under strace and compares the system calls the two make. Loading the car,
# building a batch and starting its threads are the same in both; the 300 frames more may add
# none alone and in a one-thread batch, and on average fewer than 0.3 a frame in a two-thread
# batch (about 0 on an idle machine; its workers sleep, and are woken by a system call, when their
# thread is kept off its core longer than the spin: a machine busy elsewhere; the least of three
# pairs counts). Exits 1 and says how many when they add more; 77 (skipped) where strace may not
# trace (ptrace not permitted).
#   tests/reference/check_system_calls_per_step.sh STEP_LOOP MODE CAR
set -eu
loop=$1
mode=$2
car=$3
command -v strace > /dev/null || { echo "strace is not installed (scripts/setup.sh installs it)"; exit 1; }
if ! strace -o /dev/null true 2> /dev/null; then
  echo "skipped: strace cannot trace here (ptrace not permitted)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
calls() {
  if ! strace -f -c -o "$work/count" "$loop" "$mode" "$1" "$car" > /dev/null; then
    echo "$loop $mode $1 failed" >&2
    exit 1
  fi
  awk '$NF == "total" { print ($4 ~ /^[0-9]+$/ ? $4 : $3) }' "$work/count"
}
case "$mode" in
  batch2) allowed=90 tries=3 ;;  # the least of three pairs: a moment's load elsewhere is not the pool's
  *) allowed=0 tries=1 ;;
esac
extra=
for try in $(seq "$tries"); do
  short=$(calls 100)
  long=$(calls 400)
  this=$((long - short))
  if [ -z "$extra" ] || [ "$this" -lt "$extra" ]; then extra=$this pair="$short system calls in 100 frames, $long in 400"; fi
done
echo "$mode: $pair: $extra for 300 frames (allowed $allowed)"
[ "$extra" -le "$allowed" ]
