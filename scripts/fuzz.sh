#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs each for a bounded time (default 30 s):
#   scripts/fuzz.sh [SECONDS [TARGET...]]   (TARGET: fuzz_toml_loader, ...; default every target)
# Seeds: the project's example cars and, when present, the shared VDrift files (copied into a
# temporary corpus folder, never into the repository).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
shift || true
only=("$@")
targets=" fuzz_ini_document fuzz_vdrift_loader fuzz_toml_loader fuzz_tir_loader fuzz_obj_reader fuzz_drive_inputs fuzz_ground_loader fuzz_table_inputs "
for t in "${only[@]}"; do
  if [[ ! "$targets" =~ " $t " ]]; then echo "scripts/fuzz.sh: unknown target '$t': expected some of$targets" >&2; exit 2; fi
done
CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DTRACTIVE_BUILD_FUZZ=ON -DTRACTIVE_BUILD_TESTS=OFF >/dev/null
cmake --build build-fuzz
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
mkdir -p "$corpus/toml" "$corpus/car"
cp examples/cars/*.toml "$corpus/toml/"
if [ -d ../shared/vdrift-data ]; then
  find ../shared/vdrift-data -name '*.car' -o -name '*.tire' | while read -r f; do
    cp "$f" "$corpus/car/$(echo "$f" | tr '/' '_')"
  done
fi
echo '[engine]' > "$corpus/car/minimal.car"
# A seed that names the fuzz data root's tyre file (fuzz_vdrift_loader writes it at startup).
printf '[wheel.fl.tire]\nsize = 205, 55, 16\ntype = tire/test.tire\n' > "$corpus/car/tyre.car"
run() {
  local target=$1 seeds=$2
  if [ ${#only[@]} -gt 0 ] && [[ ! " ${only[*]} " =~ " $target " ]]; then return; fi
  echo "fuzzing $target for ${seconds} s"
  mkdir -p "$corpus/work-$target"
  # -timeout (5 s; FUZZ_TIMEOUT_S to change it): an input that takes seconds (quadratic parsing,
  # include bombs) counts as a failure; the clock is the wall's, so a long run on a busy machine
  # (where the fuzzer may wait seconds for a core) takes a larger one. -max_len=1 MiB lets the
  # fuzzer build inputs large enough to show such slowness.
  # TMPDIR: fuzz_vdrift_loader writes its small data root there; removed with the corpus.
  TMPDIR="$corpus" ./build-fuzz/fuzz/"$target" -max_total_time="$seconds" -max_len=1048576 -timeout="${FUZZ_TIMEOUT_S:-5}" -rss_limit_mb=2048 \
    -print_final_stats=1 "$corpus/work-$target" "$seeds" 2>&1 | grep -E 'stat::number_of_executed_units|stat::peak_rss_mb|DONE|ERROR|SUMMARY|Done' || true
  # libFuzzer exits non-zero and writes crash-* (leak-*, timeout-*, oom-*) files when it finds a
  # failure. (Each pattern on its own: `ls` of several patterns fails when any one matches
  # nothing, which hid a crash file.)
  local found
  found=$(compgen -G 'crash-*'; compgen -G 'leak-*'; compgen -G 'timeout-*'; compgen -G 'oom-*') || true
  if [ -n "$found" ]; then
    echo "fuzzer $target found a failing input:"; echo "$found"; exit 1
  fi
}
run fuzz_ini_document "$corpus/car"
run fuzz_vdrift_loader "$corpus/car"
run fuzz_toml_loader "$corpus/toml"
mkdir -p "$corpus/tir"
cp tests/data/tir/*.tir "$corpus/tir/"
run fuzz_tir_loader "$corpus/tir"
mkdir -p "$corpus/obj"
cp examples/grounds/*.obj "$corpus/obj/"
printf 'v 0 0 0\nv 10 0 0\nv 10 10 1\nv 0 10 1\nusemtl asphalt\nf 1 2 3 4\n' > "$corpus/obj/quad.obj"
run fuzz_obj_reader "$corpus/obj"
mkdir -p "$corpus/drive"
cp tests/data/drive/*.csv examples/drive/*.csv "$corpus/drive/"
printf '[device]\nkind = "gamepad"\n[device.steer]\naxis = 2\nrange = [-30000, 30000]\n[keyboard]\nclutch = "Left Shift"\n' > "$corpus/drive/map.toml"
run fuzz_drive_inputs "$corpus/drive"
mkdir -p "$corpus/ground"
cp examples/grounds/*.toml "$corpus/ground/"
printf '[heightfield]\nfile = "hf.csv"\nspacing_m = 2.0\n[surface]\nfriction = 0.9\n[start]\nx_m = 1.0\ny_m = 1.0\nheading_deg = 30\n' > "$corpus/ground/hf.toml"
printf '[mesh]\nfile = "piece.obj"\n[surfaces.asphalt]\nfriction = 1.0\n' > "$corpus/ground/mesh.toml"
run fuzz_ground_loader "$corpus/ground"
mkdir -p "$corpus/tables"
cp tests/data/drive/*.csv examples/drive/*.csv "$corpus/tables/"
printf 'time,throttle,brake,steering,gear\n0,1,0,0,1\n2.5,0,0.8,-0.2,1\n' > "$corpus/tables/controls.csv"
printf '0,0.1,0.2\n0.1,0.3,0.1\n0,0,0.05\n' > "$corpus/tables/heights.csv"
run fuzz_table_inputs "$corpus/tables"
