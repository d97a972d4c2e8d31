#!/usr/bin/env python3
"""The batch from Python against the same batch's C++ loop (issue 13: at least 80 % of its rate).

    PYTHONPATH=build/python /usr/bin/python3 bench/python_batch.py [--cars 1000] [--steps 60] [--threads 2]

Interleaves the two measurements (the machine's load drifts) and prints each pair and the median
ratio of Python's steps per second to C++'s.
"""
import argparse
import pathlib
import statistics
import time

import numpy as np

import tractive

ROOT = pathlib.Path(__file__).resolve().parents[1]

parser = argparse.ArgumentParser()
parser.add_argument("--cars", type=int, default=1000)
parser.add_argument("--steps", type=int, default=60)
parser.add_argument("--threads", type=int, default=2)
parser.add_argument("--repeats", type=int, default=5)
args = parser.parse_args()

car = tractive.load_car(str(ROOT / "examples" / "cars" / "roadster.toml"))
batch = tractive.Batch([car] * args.cars, threads=args.threads)
obs, _ = batch.reset(seed=1)
actions = np.zeros((args.cars, 6))
actions[:, 0] = 0.3
actions[:, 5] = 1
ratios = []
for _ in range(args.repeats):
    cpp_before = batch._cpp_steps_per_s(actions, args.steps)
    t0 = time.perf_counter()
    for _ in range(args.steps):
        obs, rewards, terminations, truncations, infos = batch.step(actions)
    python = args.steps / (time.perf_counter() - t0)
    cpp_after = batch._cpp_steps_per_s(actions, args.steps)
    cpp = 0.5 * (cpp_before + cpp_after)
    ratios.append(python / cpp)
    print(f"python {python:7.1f} steps/s   C++ {cpp:7.1f} steps/s   ratio {python / cpp:.3f}   "
          f"({args.cars * python * 0.05:,.0f} simulated car-seconds per second)")
print(f"median ratio {statistics.median(ratios):.3f}")
