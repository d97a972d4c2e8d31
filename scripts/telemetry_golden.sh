#!/bin/bash
# Telemetry of every shipped car and every shared VDrift car (when ../shared/vdrift-data is there),
# manual and automatic, through a launch, a steer, a braking and a second steer, plus the default
# car's standard tests as JSON: the record that a change meant to move code, not results, leaves
# bit-identical (docs/architecture.md). It records with the step's copies off
# (TRACTIVE_X86_64_V3=0 unless the environment sets it): the copies contract into fused
# multiply-adds by the shape of the code, so a move can change their last bits where the baseline
# code's stay.
#   scripts/telemetry_golden.sh OUT_DIR [BUILD_DIR]      write the record
#   cmp -s or diff -r OLD_DIR NEW_DIR                    compare two records
set -euo pipefail
export TRACTIVE_X86_64_V3=${TRACTIVE_X86_64_V3:-0}
out=${1:?usage: scripts/telemetry_golden.sh OUT_DIR [BUILD_DIR]}
root=$(cd "$(dirname "$0")/.." && pwd)
tractive=${2:-$root/build}/tractive
mkdir -p "$out"
controls="$out/controls.csv"
printf 'time,throttle,brake,steering,gear\n0,1,0,0,1\n3,1,0,0.3,2\n6,0,0.8,-0.2,2\n8,0.4,0,0.5,2\n10,0,0,0,2\n' > "$controls"
cars=("$root"/examples/cars/*.toml)
shared="$root/../shared/vdrift-data"
if [ -d "$shared" ]; then cars+=("$shared"/cars/*/*.car "$shared"/old-format-2009/XS.car); fi
for car in "${cars[@]}"; do
  name=$(basename "$(dirname "$car")")-$(basename "$car")
  for mode in manual automatic; do
    "$tractive" run "$car" --controls "$controls" --mode "$mode" --out "$out/$name-$mode.csv" 2>/dev/null
  done
done
"$tractive" test "$root/examples/cars/roadster.toml" --json > "$out/roadster-tests.json" 2>/dev/null
echo "$(ls "$out" | wc -l) files in $out"
