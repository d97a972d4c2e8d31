"""Parameter sweeps: `tractive sweep SPEC.toml --out DIR [--dask ADDRESS]` (docs/sweeps.md).

A grid or Monte Carlo sample over dotted car keys, for each car, running the standard tests
named. Each run is a pure function of the car's TOML text, its parameter values and the tests
(`run_one`), so it gives the same numbers wherever it runs: locally on threads (the tests release
the GIL) or on a Dask distributed cluster, which is shipped only text and numbers.

Results go to DIR/runs.jsonl as each run finishes (so a stopped sweep resumes where it stopped),
and DIR/results.csv and DIR/results.json are rewritten from all finished runs, ordered by run
number, after each one (through a temporary file, renamed).
"""

import argparse
import concurrent.futures
import csv
import hashlib
import io
import itertools
import json
import math
import os
import pathlib
import random
import sys
import time
import tomllib

EXIT_BAD_INPUT = 2


class SpecError(ValueError):
    """A sweep specification that cannot be run: names the file, the key and what was expected."""


def _fail(path, key, message):
    raise SpecError(f"{path}: '{key}': {message}")


def _number(path, key, value):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        _fail(path, key, f"expected a finite number, got {value!r}")
    return float(value)


def load_spec(path, settings=()):
    """The sweep in `path`: cars (TOML text and path), tests, and the list of runs, each a list of
    (key, value) settings. `settings` ("KEY=VALUE", the CLI's --set) change every car first.
    Raises SpecError for anything it cannot use."""
    import tractive

    path = pathlib.Path(path)
    try:
        spec = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise SpecError(f"{path}: cannot read: {e.strerror}")
    except tomllib.TOMLDecodeError as e:
        raise SpecError(f"{path}: TOML syntax error: {e}")
    for key in spec:
        if key not in ("sweep", "parameters"):
            _fail(path, key, "unknown table: expected [sweep] and [parameters]")
    sweep = spec.get("sweep")
    if not isinstance(sweep, dict):
        _fail(path, "sweep", "expected a [sweep] table with cars and tests")
    for key in sweep:
        if key not in ("cars", "tests", "kind", "samples", "seed"):
            _fail(path, f"sweep.{key}", "unknown key: expected cars, tests, kind, samples, seed")
    cars = sweep.get("cars")
    if not isinstance(cars, list) or not cars or not all(isinstance(c, str) for c in cars):
        _fail(path, "sweep.cars", "expected a list of car files (relative to the sweep file)")
    tests = sweep.get("tests")
    names = tractive.standard_test_names()
    if not isinstance(tests, list) or not tests or not all(t in names for t in tests):
        _fail(path, "sweep.tests", f"expected a list of standard tests, some of {', '.join(names)}")
    kind = sweep.get("kind", "grid")
    if kind not in ("grid", "monte-carlo"):
        _fail(path, "sweep.kind", f"expected \"grid\" or \"monte-carlo\", got {kind!r}")
    seed = sweep.get("seed", 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        _fail(path, "sweep.seed", "expected an integer")
    samples = sweep.get("samples", 0)
    if kind == "monte-carlo" and (isinstance(samples, bool) or not isinstance(samples, int) or samples < 1):
        _fail(path, "sweep.samples", "expected a number of runs per car of at least 1 (monte-carlo)")

    loaded = []
    for c in cars:
        car_path = (path.parent / c).resolve()
        try:
            car = tractive.apply_settings(tractive.load_car(str(car_path)), settings)
        except (tractive.LoadError, ValueError) as e:
            _fail(path, "sweep.cars", f"{c}: {e}")
        loaded.append({"file": c, "path": str(car_path), "toml": car.toml})

    parameters = spec.get("parameters", {})
    if not isinstance(parameters, dict):
        _fail(path, "parameters", "expected a table of dotted car keys")
    axes = []  # (key, list of values) for a grid; (key, sampler) for Monte Carlo
    for key, p in parameters.items():
        full = f"parameters.{key}"
        if not isinstance(p, dict):
            _fail(path, full, "expected a table: values = [...], range = [lo, hi] with steps, or distribution")
        if "values" in p:
            values = p["values"]
            if not isinstance(values, list) or not values:
                _fail(path, full + ".values", "expected a non-empty list")
            axes.append((key, "values", values))
        elif "range" in p:
            lo_hi = p["range"]
            steps = p.get("steps")
            if not isinstance(lo_hi, list) or len(lo_hi) != 2 or isinstance(steps, bool) or not isinstance(steps, int) or steps < 2:
                _fail(path, full, "expected range = [low, high] and steps = an integer of at least 2")
            lo, hi = (_number(path, full + ".range", v) for v in lo_hi)
            axes.append((key, "values", [lo + (hi - lo) * i / (steps - 1) for i in range(steps)]))
        elif "distribution" in p:
            if kind != "monte-carlo":
                _fail(path, full + ".distribution", "a distribution needs kind = \"monte-carlo\"")
            d = p["distribution"]
            if d == "uniform":
                lo, hi = _number(path, full + ".low", p.get("low")), _number(path, full + ".high", p.get("high"))
                if not lo < hi:
                    _fail(path, full, "expected low < high")
                axes.append((key, "uniform", (lo, hi)))
            elif d == "normal":
                mean, sd = _number(path, full + ".mean", p.get("mean")), _number(path, full + ".sd", p.get("sd"))
                if not sd > 0:
                    _fail(path, full + ".sd", "expected a standard deviation above 0")
                axes.append((key, "normal", (mean, sd)))
            else:
                _fail(path, full + ".distribution", f"expected \"uniform\" or \"normal\", got {d!r}")
        else:
            _fail(path, full, "expected values = [...], range = [low, high] with steps, or distribution = \"uniform\"/\"normal\"")

    # Every key must be one each car has (a value that some run cannot take is that run's error).
    for car in loaded:
        probe = tractive.car_from_toml(car["toml"], car["path"])
        for key, how, arg in axes:
            first = arg[0] if how == "values" else (0.5 * (arg[0] + arg[1]) if how == "uniform" else arg[0])
            try:
                probe.copy().set(key, first)
            except (tractive.LoadError, ValueError) as e:
                _fail(path, f"parameters.{key}", f"{car['file']}: {e}")

    runs = []
    if kind == "grid":
        grids = [[(key, v) for v in values] for key, _, values in axes]
        for car_index in range(len(loaded)):
            for combination in itertools.product(*grids):
                runs.append({"car": car_index, "settings": list(combination)})
    else:
        rng = random.Random(seed)
        for car_index in range(len(loaded)):
            for _ in range(samples):
                settings = []
                for key, how, arg in axes:
                    if how == "values":
                        settings.append((key, rng.choice(arg)))
                    elif how == "uniform":
                        settings.append((key, rng.uniform(*arg)))
                    else:
                        settings.append((key, rng.gauss(*arg)))
                runs.append({"car": car_index, "settings": settings})
    for i, r in enumerate(runs):
        r["run"] = i
    return {"cars": loaded, "tests": tests, "parameters": [a[0] for a in axes], "runs": runs}


def run_one(car_toml, car_path, settings, tests):
    """One run: the car with its settings, through the tests. Returns (metrics, status): metrics
    by "test.metric", status "ok", "failed: TEST: REASON" or "error: MESSAGE" (a setting the car
    refused). The same numbers wherever it runs."""
    import tractive

    try:
        car = tractive.car_from_toml(car_toml, car_path)
        for key, value in settings:
            car.set(key, value)
        results = tractive.run_tests(car, list(tests))
    except (tractive.LoadError, ValueError) as e:
        return {}, f"error: {e}"
    metrics, failures = {}, []
    for test in tests:
        r = results[test]
        for name, value in r.items():
            if name not in ("status", "passed", "reason"):
                metrics[f"{test}.{name}"] = value
        if not r["passed"]:
            failures.append(f"{test}: {r['status']}: {r['reason']}")
    return metrics, ("ok" if not failures else "failed: " + "; ".join(failures))


def _fingerprint(spec):
    text = json.dumps({"cars": spec["cars"], "tests": spec["tests"], "runs": spec["runs"]}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _number_text(v):
    return repr(v) if isinstance(v, float) else str(v)


def _write_atomically(path, text):
    tmp = path.with_name(path.name + ".part")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def write_results(out, spec, rows):
    """results.csv and results.json from the finished rows, by run number."""
    ordered = [rows[k] for k in sorted(rows)]
    metric_names = sorted({m for r in ordered for m in r["metrics"]})
    header = ["run", "car"] + spec["parameters"] + metric_names + ["status"]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    for r in ordered:
        settings = dict(r["settings"])
        w.writerow([r["run"], r["car"]] + [_number_text(settings.get(k, "")) for k in spec["parameters"]] +
                   [_number_text(r["metrics"].get(m, "")) if m in r["metrics"] else "" for m in metric_names] + [r["status"]])
    _write_atomically(out / "results.csv", buf.getvalue())
    _write_atomically(out / "results.json", json.dumps(ordered, indent=1) + "\n")


class Progress:
    """A progress bar with the runs done, the time taken and the time left, on stderr."""

    def __init__(self, total, already):
        self.total, self.done, self.start, self.already = total, already, time.monotonic(), already
        self.tty = sys.stderr.isatty()

    def tick(self):
        self.done += 1
        elapsed = time.monotonic() - self.start
        fresh = self.done - self.already
        eta = elapsed / fresh * (self.total - self.done) if fresh else float("nan")
        width = 30
        filled = int(width * self.done / self.total) if self.total else width
        line = f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} runs, {elapsed:.1f} s, ETA {eta:.1f} s"
        if self.tty:
            sys.stderr.write("\r" + line + ("\n" if self.done == self.total else ""))
        elif fresh == 1 or self.done == self.total or self.done % max(1, self.total // 20) == 0:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


def run_sweep(spec_path, out, dask_address=None, workers=None, settings=()):
    spec = load_spec(spec_path, settings)
    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    fingerprint = _fingerprint(spec)
    marker = out / "sweep.json"
    journal = out / "runs.jsonl"
    rows = {}
    if marker.exists():
        previous = json.loads(marker.read_text())
        if previous.get("fingerprint") != fingerprint:
            raise SpecError(f"{out}: holds the results of another sweep (its spec, cars or runs differ): expected an empty or new --out folder")
        if journal.exists():
            for line in journal.read_text().splitlines():
                if line.strip():
                    try:
                        r = json.loads(line)
                    except json.JSONDecodeError:
                        continue  # a line cut short when the sweep was stopped: that run is done again
                    rows[r["run"]] = r
    else:
        _write_atomically(marker, json.dumps({"fingerprint": fingerprint, "spec": str(pathlib.Path(spec_path).resolve())}) + "\n")
    todo = [r for r in spec["runs"] if r["run"] not in rows]
    if rows:
        sys.stderr.write(f"resuming: {len(rows)} of {len(spec['runs'])} runs already done in {out}\n")
    progress = Progress(len(spec["runs"]), len(rows))
    cars = spec["cars"]

    def finished(run, metrics, status, log):
        row = {"run": run["run"], "car": cars[run["car"]]["file"], "settings": run["settings"], "metrics": metrics, "status": status}
        rows[run["run"]] = row
        log.write(json.dumps(row) + "\n")
        log.flush()
        write_results(out, spec, rows)
        progress.tick()

    with open(journal, "a", encoding="utf-8") as log:
        if not todo:
            write_results(out, spec, rows)
        elif dask_address:
            from distributed import Client, as_completed

            with Client(dask_address, timeout="30s") as client:
                futures = {}
                for run in todo:
                    car = cars[run["car"]]
                    f = client.submit(run_one, car["toml"], car["path"], run["settings"], spec["tests"], pure=False)
                    futures[f] = run
                for f in as_completed(futures):
                    metrics, status = f.result()
                    finished(futures[f], metrics, status, log)
        else:
            threads = workers or os.cpu_count() or 1
            with concurrent.futures.ThreadPoolExecutor(max_workers=threads) as pool:
                futures = {pool.submit(run_one, cars[r["car"]]["toml"], cars[r["car"]]["path"], r["settings"], spec["tests"]): r for r in todo}
                for f in concurrent.futures.as_completed(futures):
                    metrics, status = f.result()
                    finished(futures[f], metrics, status, log)
    failed = sum(1 for r in rows.values() if r["status"] != "ok")
    sys.stderr.write(f"{len(rows)} runs in {out / 'results.csv'}" + (f"; {failed} did not pass (their status says why)" if failed else "") + "\n")
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="tractive sweep", description="Run a parameter sweep (docs/sweeps.md)")
    parser.add_argument("spec", help="sweep specification (TOML)")
    parser.add_argument("--out", required=True, help="folder for results.csv, results.json and the run journal")
    parser.add_argument("--dask", metavar="ADDRESS", help="a Dask distributed scheduler, e.g. tcp://127.0.0.1:8786")
    parser.add_argument("--workers", type=int, help="local threads (default: all cores)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="change every car first (repeatable)")
    args = parser.parse_args(argv)
    try:
        return run_sweep(args.spec, args.out, args.dask, args.workers, args.set)
    except SpecError as e:
        sys.stderr.write(f"error: {e}\n")
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
