#!/usr/bin/env bash
# Installs the Debian packages tractive builds with, and the npm package its HTML reports inline
# (uPlot, web/). Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(
  build-essential cmake ninja-build valgrind strace
  libtomlplusplus-dev libcli11-dev libfmt-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev libxsimd-dev
  clang libclang-rt-14-dev
  pkg-config libcairo2-dev libpng-dev
  libsdl2-dev libimgui-dev libgl-dev libgl1-mesa-dri xvfb xauth
  pybind11-dev python3-dev python3-numpy python3-pandas python3-pytest python3-matplotlib python3-distributed
  chromium
  python3
)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}"
fi
# npm (Node's own package, or Debian's), then uPlot for the HTML reports (web/package-lock.json).
if ! command -v npm >/dev/null 2>&1; then
  sudo_cmd=""
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq nodejs npm
fi
if [ ! -f web/node_modules/uplot/dist/uPlot.iife.min.js ]; then
  npm ci --prefix web --no-audit --no-fund --loglevel=error
fi
