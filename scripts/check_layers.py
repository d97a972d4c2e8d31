#!/usr/bin/env python3
"""Checks that the library's layers only point down (README.md "Architecture", docs/architecture.md).

Every file under src/LAYER/ and include/tractive/LAYER/ may include "tractive/OTHER/..." only
for an OTHER at or below LAYER in LAYERS. Prints each include that points up as
FILE:LINE: LAYER includes OTHER (a higher layer) and exits 1; exits 0 when there is none.

  scripts/check_layers.py [--root DIR]    check a tree (default: this repository)
  scripts/check_layers.py --self-test     show that the check fails on an upward include
"""
from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

# Lowest first. A layer may use the layers before it in this list, never those after it.
LAYERS = [
    "core",       # vectors, quaternions, curves, number text
    "spec",       # a car's constants (VehicleSpec) and their checks
    "laws",       # one pure function per physical element: tyre, engine, clutch, brake, aero ...
    "world",      # grounds: the Ground interface, roads, meshes, heightfields, moving frames
    "io",         # reading car, tyre and ground files; writing cars (TOML, VDrift)
    "dynamics",   # the model of a car, its state and the fixed step
    "control",    # transmission, clutch automation, ABS, traction control
    "driver",     # driver models: speed holding, path following
    "telemetry",  # a run's time series: controls CSV in, telemetry channels and CSV out
    "analysis",   # standard tests, manoeuvres, summaries, tyre curves
    "host",       # Vehicle, VehicleBatch: the stepping a host program calls
    "capi",       # the C API over host
]
RANK = {name: i for i, name in enumerate(LAYERS)}
INCLUDE = re.compile(r'^\s*#\s*include\s+"tractive/([a-z_]+)/')
SOURCES = (".hpp", ".cpp", ".h", ".c")


def layer_of(path: Path, root: Path) -> str | None:
    rel = path.relative_to(root).parts
    if len(rel) >= 3 and rel[0] == "src" and rel[1] in RANK:
        return rel[1]
    if len(rel) >= 4 and rel[0] == "include" and rel[1] == "tractive" and rel[2] in RANK:
        return rel[2]
    return None


def upward_includes(root: Path) -> list[str]:
    problems = []
    unknown = set()
    for folder in (root / "src", root / "include" / "tractive"):
        if not folder.is_dir():
            continue
        for sub in folder.iterdir():
            if sub.is_dir() and sub.name not in RANK:
                unknown.add(str(sub.relative_to(root)))
        for path in sorted(folder.rglob("*")):
            if path.suffix not in SOURCES or not path.is_file():
                continue
            layer = layer_of(path, root)
            if layer is None:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                other = m.group(1)
                if other not in RANK:
                    problems.append(f"{path.relative_to(root)}:{number}: includes tractive/{other}/, not a layer of "
                                    f"scripts/check_layers.py")
                elif RANK[other] > RANK[layer]:
                    problems.append(f"{path.relative_to(root)}:{number}: {layer} includes {other} (a higher layer)")
    problems += [f"{u}: a folder that is not a layer: add it to LAYERS in scripts/check_layers.py and to README.md"
                 for u in sorted(unknown)]
    return problems


def self_test() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "src" / "laws").mkdir(parents=True)
        (root / "src" / "laws" / "tyre.cpp").write_text('#include "tractive/core/vec3.hpp"\n'
                                                         '#include "tractive/dynamics/vehicle_state.hpp"\n')
        (root / "src" / "host").mkdir(parents=True)
        (root / "src" / "host" / "vehicle.cpp").write_text('#include "tractive/laws/tyre.hpp"\n')
        (root / "src" / "gadgets").mkdir(parents=True)
        problems = upward_includes(root)
        expected_up = "src/laws/tyre.cpp:2: laws includes dynamics (a higher layer)"
        ok = expected_up in problems and any("src/gadgets" in p for p in problems) and len(problems) == 2
        print("self-test:", "the check reports an upward include and an unknown folder" if ok else f"FAILED: {problems}")
        return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    problems = upward_includes(args.root.resolve())
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} include(s) against the layers (lowest first: {', '.join(LAYERS)})")
        return 1
    print(f"layers point down: {', '.join(LAYERS)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
