"""Parameter sweeps: `tractive sweep SPEC.toml --out DIR [--dask ADDRESS]` (docs/sweeps.md).

A grid or Monte Carlo sample over dotted car keys, for each car, running the standard tests
named. Each run is a pure function of the car's TOML text, its parameter values and the tests
(`run_one`), so it gives the same numbers wherever it runs: locally on threads (the tests release
the GIL) or on a Dask distributed cluster, which is shipped only text and numbers.

Results go to DIR/runs.jsonl as each run finishes (so a stopped sweep resumes where it stopped),
and DIR/results.csv and DIR/results.json are rewritten from all finished runs, ordered by run
number, at most once a second while it runs and at the end, also when stopped (through a
temporary file, renamed).

Bad input (the spec, --out, --dask, --workers) is refused before anything is run or written, in
one line naming the file or address and the key: exit status 2. A sweep that cannot go on (a
cluster whose workers cannot import tractive, a failed write): one line, exit status 1.
"""

import argparse
import concurrent.futures
import csv
import hashlib
import io
import itertools
import json
import logging
import math
import os
import pathlib
import random
import sys
import tempfile
import time
import tomllib

EXIT_BAD_INPUT = 2  # the spec, --out or --dask cannot be used as given: nothing was run or written
EXIT_FAILED = 1  # the sweep could not go on: a cluster whose workers cannot run it, a write that failed
MAX_RUNS = 1_000_000  # runs in one sweep (all cars together); more is refused before anything is built
MAX_SPEC_BYTES = 1 << 20
DASK_CONNECT_TIMEOUT_S = 5
DASK_IN_FLIGHT = 2000  # runs submitted to the scheduler at a time
RESULTS_EVERY_S = 1.0  # results.csv and results.json rewritten at most this often (and at the end)


class SpecError(ValueError):
    """A sweep that cannot be run as given (exit status 2): names the file (or the address), the
    key where there is one, and what was expected."""


class SweepFailed(RuntimeError):
    """A sweep that started but could not go on (exit status 1), e.g. on a cluster whose workers
    cannot import tractive."""


def _fail(path, key, message):
    raise SpecError(f"{path}: '{key}': {message}")


def _number(path, key, value):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        _fail(path, key, f"expected a finite number, got {value!r}")
    return float(value)


def _read_toml(path):
    """The spec file's TOML, or SpecError: missing, not a file, too big, not UTF-8, not TOML."""
    try:
        if not path.exists():
            raise SpecError(f"{path}: no such file")
        if not path.is_file():
            raise SpecError(f"{path}: not a regular file: expected a sweep spec (TOML)")
        size = path.stat().st_size
        if size > MAX_SPEC_BYTES:
            raise SpecError(f"{path}: file is {size:,} bytes: expected a sweep spec (TOML) of at most {MAX_SPEC_BYTES:,} bytes")
        data = path.read_bytes()
    except OSError as e:
        raise SpecError(f"{path}: cannot read: {e.strerror}")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise SpecError(f"{path}: invalid UTF-8 at byte {e.start}: expected a sweep spec (TOML text)")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise SpecError(f"{path}: TOML syntax error: {e}")


# The keys of a parameter table, by its form (docs/sweeps.md): a key of none is unknown, one of
# another form (steps beside values, mean in a uniform distribution) would be silently ignored.
PARAMETER_FORMS = {
    "values": ("values",),
    "range": ("range", "steps"),
    "uniform": ("distribution", "low", "high"),
    "normal": ("distribution", "mean", "sd"),
}
PARAMETER_TAKES = "values; range and steps; or distribution with low and high (uniform) or mean and sd (normal)"


def _check_parameter_keys(path, full, table, kind):
    """SpecError naming the first key of the parameter table `full` that is unknown, or that is
    not of the table's form (values, range or a distribution), or a distribution in a grid."""
    known = {k for keys in PARAMETER_FORMS.values() for k in keys}
    for k in table:
        if k not in known:
            _fail(path, f"{full}.{k}", f"unknown key: a parameter takes {PARAMETER_TAKES}")
    forms = [f for f in ("values", "range", "distribution") if f in table]
    if len(forms) > 1:
        _fail(path, full, f"both {' and '.join(forms)}: expected one of values, range or distribution")
    if "distribution" in table and kind != "monte-carlo":
        _fail(path, full + ".distribution", "a distribution needs kind = \"monte-carlo\"")
    form = forms[0] if forms else None
    if form == "distribution":
        form = table["distribution"] if table["distribution"] in PARAMETER_FORMS else None
    if form is None:
        return  # no form, or an unknown distribution: said with the form's own message
    for k in table:
        if k not in PARAMETER_FORMS[form]:
            what = {"values": "a list of values", "range": "a range", "uniform": "a uniform distribution",
                    "normal": "a normal distribution"}[form]
            _fail(path, f"{full}.{k}", f"not a key of {what}: it takes {', '.join(PARAMETER_FORMS[form])}")


def _key_refusal(tractive, car, key, candidates):
    """None if `key` is a key the car can be set at, else the car's error naming it; not decided by
    whether a sweep's value is good. A key in the car's file is set to the car's own value; a key
    the file leaves at its default (car.get refuses it) to each candidate value in turn, until one
    is taken. When none is, the error says which was refused: a value the car format refuses for a
    key it knows is named "(with KEY = VALUE)" (set_car_parameter); an unknown key, or a path
    that is not the car's (aero[5] of one wing), is not."""
    try:
        own = car.get(key)
    except (tractive.LoadError, ValueError):
        pass
    else:
        candidates = [own]
    errors = []
    for value in candidates:
        try:
            car.copy().set(key, value)
            return None
        except (tractive.LoadError, ValueError) as e:
            errors.append(str(e))
    if any(f"(with {key} = " in e for e in errors):
        return None  # every value tried was refused: each run with one says so in its status
    return errors[0] if errors else None


def load_spec(path, settings=(), data_root="", vdrift_tyres="tire"):
    """The sweep in `path`: cars (TOML text and path), tests, and the list of runs, each a list of
    (key, value) settings. `settings` ("KEY=VALUE", the CLI's --set) change every car first.
    Raises SpecError for anything it cannot use."""
    import tractive

    path = pathlib.Path(path)
    spec = _read_toml(path)
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
    names = list(tractive.standard_test_names()) + list(tractive.maneuver_names())
    if not isinstance(tests, list) or not tests or not all(t in names for t in tests):
        _fail(path, "sweep.tests", f"expected a list of standard tests and manoeuvres, some of {', '.join(names)}")
    kind = sweep.get("kind", "grid")
    if kind not in ("grid", "monte-carlo"):
        _fail(path, "sweep.kind", f"expected \"grid\" or \"monte-carlo\", got {kind!r}")
    seed = sweep.get("seed", 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        _fail(path, "sweep.seed", "expected an integer")
    samples = sweep.get("samples", 0)
    if kind == "grid" and "samples" in sweep:  # a grid runs every combination: samples would be ignored
        _fail(path, "sweep.samples", "samples is for kind = \"monte-carlo\": a grid runs every combination of the values")
    if kind == "monte-carlo" and (isinstance(samples, bool) or not isinstance(samples, int) or samples < 1):
        _fail(path, "sweep.samples", "expected a number of runs per car of at least 1 (monte-carlo)")

    if kind == "monte-carlo" and samples * len(cars) > MAX_RUNS:
        _fail(path, "sweep.samples", f"{len(cars)} car(s) x {samples:,} samples = {samples * len(cars):,} runs: expected at most {MAX_RUNS:,} runs in a sweep")

    parameters = spec.get("parameters", {})
    if not isinstance(parameters, dict):
        _fail(path, "parameters", "expected a table of dotted car keys")
    axes = []  # (key, list of values) for a grid; (key, sampler) for Monte Carlo
    for key, p in parameters.items():
        full = f"parameters.{key}"
        if not isinstance(p, dict):
            _fail(path, full, "expected a table: values = [...], range = [lo, hi] with steps, or distribution")
        _check_parameter_keys(path, full, p, kind)
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
            if steps > MAX_RUNS:
                _fail(path, full + ".steps", f"{steps:,} steps: expected at most {MAX_RUNS:,} (the runs in a sweep)")
            lo, hi = (_number(path, full + ".range", v) for v in lo_hi)
            axes.append((key, "values", [lo + (hi - lo) * i / (steps - 1) for i in range(steps)]))
        elif "distribution" in p:  # in a monte-carlo sweep (_check_parameter_keys)
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

    if kind == "grid":
        sizes = [len(values) for _, _, values in axes]
        count = len(cars) * math.prod(sizes)
        if count > MAX_RUNS:
            product = " x ".join([f"{len(cars)} car(s)"] + [f"{n:,}" for n in sizes])
            _fail(path, "parameters", f"a grid of {product} = {count:,} runs: expected at most {MAX_RUNS:,} runs in a sweep")

    loaded = []
    for c in cars:
        car_path = (path.parent / c).resolve()
        try:
            car = tractive.load_car(str(car_path), data_root, vdrift_tyres)
        except (tractive.LoadError, ValueError) as e:
            _fail(path, "sweep.cars", f"{c}: {e}")
        for s in settings:  # the command line's mistake, not the spec's: named as --set
            try:
                tractive.apply_settings(car, [s])
            except (tractive.LoadError, ValueError) as e:
                raise SpecError(f"--set {s}: {e}")
        loaded.append({"file": c, "path": str(car_path), "toml": car.toml})

    # Every key must be one each car has, whatever its values: a value that some run cannot take
    # is that run's error (docs/sweeps.md), wherever it stands in the list.
    for car in loaded:
        probe = tractive.car_from_toml(car["toml"], car["path"])
        for key, how, arg in axes:
            candidates = arg[:20] if how == "values" else [0.5 * (arg[0] + arg[1]) if how == "uniform" else arg[0]]
            refusal = _key_refusal(tractive, probe, key, candidates)
            if refusal:
                _fail(path, f"parameters.{key}", f"{car['file']}: {refusal}")

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
    """One run: the car with its settings, through the tests (standard tests and manoeuvres). Returns (metrics, status): metrics
    by "test.metric", status "ok", "n/a: TEST: REASON" (passed, part of a test beyond the car: those
    figures None), "failed: TEST: STATUS: REASON" (then "; n/a: ..." for any test beyond the car)
    or "error: MESSAGE" (a setting the car refused). The same numbers wherever it runs."""
    import tractive

    try:
        car = tractive.car_from_toml(car_toml, car_path)
        for key, value in settings:
            car.set(key, value)
        standard = [t for t in tests if t in tractive.standard_test_names()]
        results = tractive.run_tests(car, standard) if standard else {}
        for t in tests:  # the handling manoeuvres, each at its own speed
            if t not in results:
                results[t] = tractive.run_maneuver(car, t)
    except (tractive.LoadError, ValueError) as e:
        return {}, f"error: {e}"
    metrics, failures, beyond = {}, [], []
    for test in tests:
        r = results[test]
        not_finite = []
        for name, value in r.items():
            if name not in ("status", "passed", "reason", "measured_before_failure"):  # a failed test's figures: None
                # A figure that is not a finite number is a failure of the run, never a result.
                if isinstance(value, float) and not math.isfinite(value):
                    not_finite.append(name)
                    value = None
                metrics[f"{test}.{name}"] = value
        if not r["passed"]:
            failures.append(f"{test}: {r['status']}: {r['reason']}")
        elif not_finite:
            failures.append(f"{test}: diverged: {', '.join(not_finite)} not a finite number")
        elif r["status"] != "ok":  # not_applicable: passed, with a speed it aims at beyond the car
            beyond.append(f"{test}: {r['reason']}")
    parts = (["failed: " + "; ".join(failures)] if failures else []) + (["n/a: " + "; ".join(beyond)] if beyond else [])
    return metrics, "; ".join(parts) or "ok"


def _passed(status):
    """Whether a run's status is a pass: "ok", or "n/a: ..." (a test partly beyond the car)."""
    return status == "ok" or status.startswith("n/a: ")


def _fingerprint(spec):
    text = json.dumps({"cars": spec["cars"], "tests": spec["tests"], "runs": spec["runs"]}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _number_text(v):
    """A cell of results.csv: a float as Python reads it back; None (a failed or not applicable
    test's figure, or a figure that was not finite) an empty cell, as no figure."""
    if v is None:
        return ""
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
                   [_number_text(r["metrics"].get(m)) for m in metric_names] + [r["status"]])
    _write_atomically(out / "results.csv", buf.getvalue())
    _write_atomically(out / "results.json", json.dumps(ordered, indent=1, allow_nan=False) + "\n")


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


def _remove_created(created):
    """Removes the folders a refused sweep created (deepest first), if they are still empty."""
    for folder in reversed(created):
        try:
            folder.rmdir()
        except OSError:
            return


def _prepare_out(out):
    """Creates the --out folder if needed and checks that files can be written there. Returns the
    folders it created, so that a sweep refused after this can leave nothing behind."""
    try:
        if out.exists() and not out.is_dir():
            raise SpecError(f"{out}: not a folder: expected a folder for the results (--out)")
        created = [a for a in reversed([out, *out.parents]) if not a.exists()]
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SpecError(f"{out}: cannot create the folder: {e.strerror}: expected an --out folder that can be written")
    try:
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as e:
        _remove_created(created)
        raise SpecError(f"{out}: cannot write there: {e.strerror}: expected an --out folder that can be written")
    return created


def _connect(address):
    """A distributed Client on the scheduler at `address`, or SpecError naming the address within
    DASK_CONNECT_TIMEOUT_S seconds."""
    try:
        from distributed import Client
    except ImportError as e:
        raise SweepFailed(f"--dask: this Python cannot import Dask distributed ({e}): install it (Debian: python3-distributed)")
    try:
        return Client(address, timeout=f"{DASK_CONNECT_TIMEOUT_S}s")
    except ValueError as e:
        raise SpecError(f"{address}: not a Dask scheduler address ({e}): expected e.g. tcp://HOST:8786")
    except (OSError, TimeoutError):
        raise SpecError(f"{address}: no Dask scheduler answered within {DASK_CONNECT_TIMEOUT_S} s: "
                        "expected the address of a running scheduler (`dask scheduler` prints it)")


def _cannot_import(address, error):
    import tractive

    folder = pathlib.Path(tractive.__file__).resolve().parent.parent
    return (f"{address}: a worker cannot import the tractive module ({type(error).__name__}: {error}): "
            f"expected it on every worker's Python path, e.g. start the workers with PYTHONPATH={folder} dask worker {address}")


def _import_tractive():
    """Run on each worker before the sweep: the tractive module's folder there (ImportError without it)."""
    import tractive._tractive  # noqa: F401  (the compiled part too)

    return os.path.dirname(os.path.dirname(tractive.__file__))


def _check_workers(client, address):
    """Every worker connected now can import tractive (SweepFailed naming the address if not).
    A scheduler without workers is waited for, with a note."""
    if not client.scheduler_info().get("workers"):
        sys.stderr.write(f"{address}: the scheduler has no workers yet: waiting for one\n")
    try:
        client.run(_import_tractive)
    except ImportError as e:
        raise SweepFailed(_cannot_import(address, e))
    except Exception as e:
        raise SweepFailed(f"{address}: the workers could not be asked to import tractive ({type(e).__name__}: {e})")


def run_sweep(spec_path, out, dask_address=None, workers=None, settings=(), data_root="", vdrift_tyres="tire"):
    spec = load_spec(spec_path, settings, data_root, vdrift_tyres)
    if workers is not None and workers < 1:
        raise SpecError(f"--workers: expected at least 1 thread, got {workers}")
    if dask_address is not None and not dask_address.strip():
        raise SpecError("--dask: expected a scheduler address, e.g. tcp://HOST:8786, got an empty one")
    out = pathlib.Path(out)
    client = _connect(dask_address) if dask_address else None
    try:
        return _run(spec, spec_path, out, client, dask_address, workers)
    finally:
        if client is not None:
            _close(client)


def _close(client):
    """Closes the Dask client without letting its shutdown speak after the sweep's own message: on
    a busy machine the close can time out inside Dask's event loop, and asyncio then printed
    "Task exception was never retrieved ... TimeoutError" after the error line a user reads."""
    asyncio_log = logging.getLogger("asyncio")
    level = asyncio_log.level
    asyncio_log.setLevel(logging.CRITICAL)
    try:
        client.close(timeout=2 * DASK_CONNECT_TIMEOUT_S)
    except (TimeoutError, OSError):
        pass  # the scheduler drops a client that is gone
    finally:
        asyncio_log.setLevel(level)


def _run(spec, spec_path, out, client, address, workers):
    created = _prepare_out(out)
    fingerprint = _fingerprint(spec)
    marker = out / "sweep.json"
    journal = out / "runs.jsonl"
    rows = {}
    numbers = {r["run"] for r in spec["runs"]}
    if marker.exists():
        try:
            previous = json.loads(marker.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            previous = None
        if not isinstance(previous, dict) or previous.get("fingerprint") != fingerprint:
            raise SpecError(f"{out}: holds the results of another sweep (its spec, cars or runs differ): expected an empty or new --out folder")
        if journal.exists():
            for line in journal.read_text(encoding="utf-8", errors="replace").splitlines():
                if line.strip():
                    try:
                        r = json.loads(line)
                    except json.JSONDecodeError:
                        continue  # a line cut short when the sweep was stopped: that run is done again
                    if isinstance(r, dict) and r.get("run") in numbers:
                        rows[r["run"]] = r
    try:
        if client is not None:
            _check_workers(client, address)
    except SweepFailed:
        _remove_created(created)
        raise
    if not marker.exists():
        _write_atomically(marker, json.dumps({"fingerprint": fingerprint, "spec": str(pathlib.Path(spec_path).resolve())}) + "\n")
    todo = [r for r in spec["runs"] if r["run"] not in rows]
    if rows:
        sys.stderr.write(f"resuming: {len(rows)} of {len(spec['runs'])} runs already done in {out}\n")
    progress = Progress(len(spec["runs"]), len(rows))
    cars = spec["cars"]

    written = {"at": time.monotonic(), "took": 0.0, "pending": False}

    def write(force=False):
        # Rewriting every file after every run costs O(runs) each time: at most one rewrite a
        # second, and no more than a tenth of the time (the journal has every run as it finishes).
        now = time.monotonic()
        if force or now - written["at"] >= max(RESULTS_EVERY_S, 10.0 * written["took"]):
            write_results(out, spec, rows)
            written.update(at=time.monotonic(), took=time.monotonic() - now, pending=False)
        else:
            written["pending"] = True

    def finished(run, metrics, status, log):
        row = {"run": run["run"], "car": cars[run["car"]]["file"], "settings": run["settings"], "metrics": metrics, "status": status}
        rows[run["run"]] = row
        log.write(json.dumps(row) + "\n")
        log.flush()
        write()
        progress.tick()

    queue = iter(todo)
    with open(journal, "a", encoding="utf-8") as log:
        try:
            if not todo:
                write(force=True)
            elif client is not None:
                from distributed import as_completed

                pending = {}

                def submit(run):
                    car = cars[run["car"]]
                    f = client.submit(run_one, car["toml"], car["path"], run["settings"], spec["tests"], pure=False)
                    pending[f] = run
                    return f

                # A bounded number of runs on the scheduler at a time, the next submitted as one finishes.
                ac = as_completed([submit(r) for r in itertools.islice(queue, DASK_IN_FLIGHT)])
                for f in ac:
                    run = pending.pop(f)
                    try:
                        metrics, status = f.result()
                    except ImportError as e:  # a worker that joined after the check
                        raise SweepFailed(_cannot_import(address, e))
                    except Exception as e:
                        raise SweepFailed(f"{address}: run {run['run']} failed on the cluster: {type(e).__name__}: {e}")
                    finished(run, metrics, status, log)
                    following = next(queue, None)
                    if following is not None:
                        ac.add(submit(following))
            else:
                threads = workers or os.cpu_count() or 1
                pool = concurrent.futures.ThreadPoolExecutor(max_workers=threads)
                try:
                    pending = {}
                    while True:
                        for r in itertools.islice(queue, 4 * threads - len(pending)):
                            pending[pool.submit(run_one, cars[r["car"]]["toml"], cars[r["car"]]["path"], r["settings"], spec["tests"])] = r
                        if not pending:
                            break
                        done, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
                        for f in done:
                            metrics, status = f.result()
                            finished(pending.pop(f), metrics, status, log)
                finally:
                    pool.shutdown(wait=True, cancel_futures=True)
        finally:
            if written["pending"]:  # also when stopped (Ctrl-C) or failed: the files hold every finished run
                write_results(out, spec, rows)
    failed = sum(1 for r in rows.values() if not _passed(r["status"]))
    sys.stderr.write(f"{len(rows)} runs in {out / 'results.csv'}" + (f"; {failed} did not pass (their status says why)" if failed else "") + "\n")
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="tractive sweep", description="Run a parameter sweep (docs/sweeps.md)")
    parser.add_argument("spec", help="sweep specification (TOML)")
    parser.add_argument("--out", required=True, help="folder for results.csv, results.json and the run journal")
    parser.add_argument("--dask", metavar="ADDRESS", help="a Dask distributed scheduler, e.g. tcp://127.0.0.1:8786")
    parser.add_argument("--workers", type=int, help="local threads (default: all cores)")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="change every car first (repeatable)")
    parser.add_argument("--data-root", default="", help="VDrift data folder for .car files (as tractive info --data-root)")
    parser.add_argument("--vdrift-tyres", "--vdrift-tires", dest="vdrift_tyres", default="tire", choices=("tire", "tiren", "tirep"),
                        help="which VDrift tyre files a .car reads (--vdrift-tires: its former name)")
    args = parser.parse_args(argv)  # a bad command line: argparse's message and exit status 2
    # The command's contract is one line on failure. A Dask future that timed out while the client
    # closed (_close) can be collected later, at the interpreter's exit, when asyncio reports
    # "Future exception was never retrieved ... TimeoutError" after that line (seen on a busy
    # machine): this process's asyncio log is kept to critical errors for the command's life.
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    try:
        return run_sweep(args.spec, args.out, args.dask, args.workers, args.set, args.data_root, args.vdrift_tyres)
    except SpecError as e:
        sys.stderr.write(f"error: {e}\n")
        return EXIT_BAD_INPUT
    except SweepFailed as e:
        sys.stderr.write(f"error: {e}\n")
        return EXIT_FAILED
    except KeyboardInterrupt:
        sys.stderr.write(f"\nstopped: the runs done are in {args.out}; the same command resumes the sweep\n")
        return 130
    except OSError as e:  # a write that failed during the sweep (a full disk, the folder removed)
        sys.stderr.write(f"error: {e.filename}: {e.strerror}\n" if e.filename and e.strerror else f"error: {e}\n")
        return EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
