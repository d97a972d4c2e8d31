"""`tractive sweep`: a grid and a Monte Carlo sample, locally and on a loopback Dask cluster with
two workers (the same results bit for bit), resumed after a stop, and bad input refused in one
line: specs, --out folders, Dask addresses where nothing answers, workers without the module."""
import csv
import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time

import pytest

import tractive


def write_spec(tmp_path, cars_dir, body):
    spec = tmp_path / "sweep.toml"
    spec.write_text(f"""
[sweep]
cars = ["{cars_dir / 'roadster.toml'}", "{cars_dir / 'hatchback.toml'}"]
tests = ["braking", "step-steer"]
{body}
""")
    return spec


GRID = """kind = "grid"
[parameters]
"wheels.front.suspension.spring_n_per_m" = { range = [18000, 34000], steps = 5 }
"aero[0].drag_coefficient" = { values = [0.30, 0.34, 0.38, 0.42] }
"wheels.rear.suspension.bump_damping_ns_per_m" = { range = [1200, 2400], steps = 5 }
"""


def sweep(cli, spec, out, *extra):
    return subprocess.run([cli, "sweep", str(spec), "--out", str(out), *extra], capture_output=True, text=True)


def test_a_grid_of_200_runs_gives_the_same_results_locally_and_on_a_dask_cluster(cli, cars_dir, tmp_path):
    from distributed import LocalCluster

    spec = write_spec(tmp_path, cars_dir, GRID)
    local = sweep(cli, spec, tmp_path / "local")
    assert local.returncode == 0, local.stderr
    rows = (tmp_path / "local" / "results.csv").read_text().splitlines()
    assert len(rows) == 201
    assert rows[0].startswith("run,car,wheels.front.suspension.spring_n_per_m,aero[0].drag_coefficient,")
    assert rows[0].endswith(",status") and "braking.braking_100_0_m" in rows[0] and "step-steer." in rows[0]
    assert all(r.endswith(",ok") for r in rows[1:])
    # Stiffer or draggier: the braking distances differ from run to run (the parameters took).
    distances = {r.split(",")[rows[0].split(",").index("braking.braking_100_0_m")] for r in rows[1:]}
    assert len(distances) > 100

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None) as cluster:
        remote = sweep(cli, spec, tmp_path / "dask", "--dask", cluster.scheduler_address)
    assert remote.returncode == 0, remote.stderr
    assert (tmp_path / "dask" / "results.csv").read_text() == (tmp_path / "local" / "results.csv").read_text()
    assert json.loads((tmp_path / "dask" / "results.json").read_text()) == json.loads((tmp_path / "local" / "results.json").read_text())


def test_a_sweep_runs_the_handling_manoeuvres_too(cli, cars_dir, tmp_path):
    # A stiffer front anti-roll bar adds understeer on the ISO 4138 circle (docs/maneuvers.md).
    spec = tmp_path / "m.toml"
    spec.write_text(f"""
[sweep]
cars = ["{cars_dir / 'roadster.toml'}"]
tests = ["constant-radius", "iso3888"]
[parameters]
"wheels.front.suspension.anti_roll_n_per_m" = {{ values = [5000, 40000] }}
""")
    r = sweep(cli, spec, tmp_path / "out")
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader((tmp_path / "out" / "results.csv").open()))
    assert len(rows) == 2 and all(row["status"] == "ok" for row in rows), rows
    soft, stiff = (float(row["constant-radius.understeer_gradient_deg_per_g"]) for row in rows)
    assert stiff > soft
    assert all(float(row["iso3888.dlc_entry_speed_kmh"]) > 70 for row in rows)


def test_a_stopped_sweep_resumes_where_it_stopped(cli, cars_dir, tmp_path):
    spec = write_spec(tmp_path, cars_dir, GRID)
    full = sweep(cli, spec, tmp_path / "full", "--workers", "2")
    assert full.returncode == 0, full.stderr
    # As if stopped after 80 runs, the 81st half written.
    shutil.copytree(tmp_path / "full", tmp_path / "cut")
    journal = (tmp_path / "cut" / "runs.jsonl").read_text().splitlines()
    (tmp_path / "cut" / "runs.jsonl").write_text("\n".join(journal[:80]) + "\n" + journal[80][:40])
    (tmp_path / "cut" / "results.csv").unlink()
    again = sweep(cli, spec, tmp_path / "cut")
    assert again.returncode == 0, again.stderr
    assert "resuming: 80 of 200 runs already done" in again.stderr
    assert (tmp_path / "cut" / "results.csv").read_text() == (tmp_path / "full" / "results.csv").read_text()
    # Another spec into the same folder is refused.
    other = write_spec(tmp_path, cars_dir, GRID.replace("steps = 5 }\n\"aero", "steps = 3 }\n\"aero"))
    refused = sweep(cli, other, tmp_path / "cut")
    assert refused.returncode == 2 and "holds the results of another sweep" in refused.stderr


def test_a_monte_carlo_sample_is_reproduced_by_its_seed(cli, cars_dir, tmp_path):
    body = """kind = "monte-carlo"
samples = 10
seed = 7
[parameters]
"engine.rpm_limit" = { distribution = "normal", mean = 7000, sd = 200 }
"aero[0].drag_coefficient" = { distribution = "uniform", low = 0.3, high = 0.45 }
"""
    spec = write_spec(tmp_path, cars_dir, body)
    a, b = sweep(cli, spec, tmp_path / "a"), sweep(cli, spec, tmp_path / "b")
    assert a.returncode == 0 and b.returncode == 0, a.stderr + b.stderr
    assert (tmp_path / "a" / "results.csv").read_text() == (tmp_path / "b" / "results.csv").read_text()
    assert len((tmp_path / "a" / "results.csv").read_text().splitlines()) == 21
    spec.write_text(spec.read_text().replace("seed = 7", "seed = 8"))
    c = sweep(cli, spec, tmp_path / "c")
    assert c.returncode == 0
    assert (tmp_path / "c" / "results.csv").read_text() != (tmp_path / "a" / "results.csv").read_text()


@pytest.mark.parametrize("body, words", [
    ('kind = "grid"\n[parameters]\n"wheels.front.suspension.springiness" = { values = [1] }', "parameters.wheels.front.suspension.springiness"),
    ('kind = "grid"\n[parameters]\n"engine.rpm_limit" = { range = [6000, 7000] }', "steps"),
    ('kind = "grid"\n[parameters]\n"engine.rpm_limit" = { distribution = "uniform", low = 1, high = 2 }', "monte-carlo"),
    ('kind = "lattice"', "sweep.kind"),
    # A key a parameter table does not take, or one of another form, was ignored (the sweep ran).
    ('[parameters]\n"engine.rpm_limit" = { values = [7000, 7200], stepz = 3, distribution = "normal" }',
     "'parameters.engine.rpm_limit.stepz': unknown key: a parameter takes values; range and steps; or distribution with low "
     "and high (uniform) or mean and sd (normal)"),
    ('kind = "grid"\n[parameters]\n"engine.rpm_limit" = { values = [7000, 7200], samples = 50 }',
     "'parameters.engine.rpm_limit.samples': unknown key"),
    ('kind = "grid"\nsamples = 50\n[parameters]\n"engine.rpm_limit" = { values = [7000, 7200] }',
     "'sweep.samples': samples is for kind = \"monte-carlo\": a grid runs every combination of the values"),
    ('[parameters]\n"engine.rpm_limit" = { values = [7000, 7200], distribution = "normal" }',
     "'parameters.engine.rpm_limit': both values and distribution: expected one of values, range or distribution"),
    ('[parameters]\n"engine.rpm_limit" = { values = [7000, 7200], steps = 3 }',
     "'parameters.engine.rpm_limit.steps': not a key of a list of values: it takes values"),
    ('kind = "monte-carlo"\nsamples = 2\n[parameters]\n"engine.rpm_limit" = { distribution = "uniform", low = 6000, high = 7000, sd = 5 }',
     "'parameters.engine.rpm_limit.sd': not a key of a uniform distribution: it takes distribution, low, high"),
])
def test_bad_specs_are_refused_naming_the_key(cli, cars_dir, tmp_path, body, words):
    spec = write_spec(tmp_path, cars_dir, body)
    r = sweep(cli, spec, tmp_path / "out")
    assert r.returncode == 2, r.stderr
    assert words in r.stderr and str(spec) in r.stderr
    assert not (tmp_path / "out").exists()


def test_a_value_the_car_refuses_is_that_runs_error_wherever_it_stands(cli, cars_dir, tmp_path):
    """[-5, 25000] refused the whole sweep (the key was checked with its first value) while
    [25000, -5] made an error row: now both make the -5 run's row an error."""
    spec = tmp_path / "s.toml"
    for order in ([-5, 25000], [25000, -5]):
        spec.write_text(f'[sweep]\ncars = ["{cars_dir / "roadster.toml"}"]\ntests = ["braking"]\n[parameters]\n'
                        f'"wheels.front.suspension.spring_n_per_m" = {{ values = {order} }}\n')
        out = tmp_path / f"out{order[0]}"
        r = sweep(cli, spec, out)
        assert r.returncode == 0, r.stderr
        rows = list(csv.DictReader((out / "results.csv").open()))
        status = {float(row["wheels.front.suspension.spring_n_per_m"]): row["status"] for row in rows}
        assert status[25000] == "ok" and status[-5].startswith("error: ") and "expected a positive number, got -5" in status[-5], rows
    # A key the car's file leaves at its default (no value of its own to set it to): the same.
    import tractive.sweep as sweep_module

    spec.write_text(f'[sweep]\ncars = ["{cars_dir / "roadster.toml"}"]\ntests = ["braking"]\n[parameters]\n'
                    '"transmission.final_drive" = { values = [-1, 1.2] }\n"transmission.finale_drive" = { values = [-1, 1.2] }\n')
    with pytest.raises(sweep_module.SpecError, match="'parameters.transmission.finale_drive': .*not a key of the car format"):
        sweep_module.load_spec(spec)
    spec.write_text(spec.read_text().replace('"transmission.finale_drive" = { values = [-1, 1.2] }\n', ""))
    assert len(sweep_module.load_spec(spec)["runs"]) == 2
    spec.write_text(spec.read_text().replace("[-1, 1.2]", "[-1, -2]"))  # every value refused: each run's error
    assert len(sweep_module.load_spec(spec)["runs"]) == 2


def test_a_tests_status_beyond_the_car_is_n_a_and_a_failed_figure_an_empty_cell(cars_dir, tmp_path):
    """A test passed with part of it beyond the car (not_applicable) was "ok"; a failed test's
    figures were written "None" in results.csv."""
    import tractive.sweep as sweep_module

    car = cars_dir / "roadster.toml"
    metrics, status = sweep_module.run_one(car.read_text(), str(car), [("transmission.forward_ratios", [5.087, 3.5])], ["accel"])
    assert status.startswith("n/a: accel: the car tops out at 86"), status
    assert metrics["accel.t_0_100_s"] is None and metrics["accel.quarter_mile_s"] > 0
    assert sweep_module._passed(status) and not sweep_module._passed("failed: accel: not_reached: slow")
    rows = {0: {"run": 0, "car": "r.toml", "settings": [["engine.rpm_limit", 7000.0]], "metrics": metrics, "status": status}}
    sweep_module.write_results(tmp_path, {"parameters": ["engine.rpm_limit"]}, rows)
    [row] = list(csv.DictReader((tmp_path / "results.csv").open()))
    assert row["accel.t_0_100_s"] == "" and float(row["accel.quarter_mile_s"]) > 0 and row["status"] == status, row
    assert "None" not in (tmp_path / "results.csv").read_text()


def test_set_changes_every_car_before_the_sweep(cli, cars_dir, tmp_path):
    spec = write_spec(tmp_path, cars_dir, 'kind = "grid"\n[parameters]\n"aero[0].drag_coefficient" = { values = [0.3] }')
    plain = sweep(cli, spec, tmp_path / "plain")
    wet = sweep(cli, spec, tmp_path / "weak", "--set", "wheels.front.brake.max_pressure_pa=8e6")
    assert plain.returncode == 0 and wet.returncode == 0, plain.stderr + wet.stderr
    def distance(folder):
        rows = (folder / "results.csv").read_text().splitlines()
        i = rows[0].split(",").index("braking.braking_100_0_m")
        return float(rows[1].split(",")[i])
    assert distance(tmp_path / "weak") > distance(tmp_path / "plain") + 1.0
    bad = sweep(cli, spec, tmp_path / "bad", "--set", "wheels.front.brake.max_pressure_pa=-1")
    assert bad.returncode == 2 and "max_pressure_pa" in bad.stderr
    # A mistake on the command line is named as --set, not as the spec's 'sweep.cars'.
    line = refused(sweep(cli, spec, tmp_path / "bad", "--set", "wheels.front.brake.max_pres=9e6"),
                   "error: --set wheels.front.brake.max_pres=9e6: ", "'wheels.front.brake.max_pres': not a key of the car format")
    assert "sweep.cars" not in line and not (tmp_path / "bad").exists()


# Bad input: one line naming the file (or address) and the key, exit status 2, no traceback, and
# nothing written.

def refused(r, *words):
    assert r.returncode == 2, (r.returncode, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]


def free_loopback_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_dask_address_where_nothing_answers_is_refused_within_10_s(cli, cars_dir, tmp_path):
    spec = write_spec(tmp_path, cars_dir, GRID)
    address = f"tcp://127.0.0.1:{free_loopback_port()}"
    start = time.monotonic()
    r = sweep(cli, spec, tmp_path / "out", "--dask", address)
    elapsed = time.monotonic() - start
    line = refused(r, address, "no Dask scheduler answered within 5 s")
    assert line == f"error: {address}: no Dask scheduler answered within 5 s: expected the address of a running scheduler (`dask scheduler` prints it)"
    assert elapsed < 10.0, elapsed
    assert not (tmp_path / "out").exists()
    # Not an address at all: at once.
    refused(sweep(cli, spec, tmp_path / "out", "--dask", "127.0.0.1"), "127.0.0.1: not a Dask scheduler address", "missing port")


def test_a_cluster_whose_workers_cannot_import_tractive_is_named(cli, cars_dir, tmp_path):
    from distributed import Client, LocalCluster

    # A worker process started as a user would start one, without the module on its path.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if subprocess.run([sys.executable, "-c", "import tractive"], env=env, cwd=tmp_path, capture_output=True).returncode == 0:
        pytest.skip("tractive is installed on Python's default path: no worker can lack it here")
    spec = write_spec(tmp_path, cars_dir, GRID)
    with LocalCluster(n_workers=0, processes=True, host="127.0.0.1", dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address, "--nworkers", "1",
                                   "--nthreads", "1", "--no-dashboard"], env=env, cwd=tmp_path,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            with Client(address) as client:
                client.wait_for_workers(1, timeout=60)
            expected = (f"error: {address}: a worker cannot import the tractive module (ModuleNotFoundError: No module "
                        f"named 'tractive'): expected it on every worker's Python path, e.g. start the workers with "
                        f"PYTHONPATH={pathlib.Path(tractive.__file__).resolve().parents[1]} dask worker {address}")
            # Checked on every worker before the sweep starts: nothing written.
            r = sweep(cli, spec, tmp_path / "out", "--dask", address)
            assert r.returncode == 1 and r.stderr.strip() == expected, r.stderr
            assert not (tmp_path / "out").exists()
            # A worker that joins after that check: the first run it is given says the same.
            late = subprocess.run([sys.executable, "-c", "import sys, tractive.sweep as s; s._check_workers = lambda *a: None; "
                                   "sys.exit(s.main(sys.argv[1:]))", str(spec), "--out", str(tmp_path / "late"), "--dask", address],
                                  capture_output=True, text=True)
            assert late.returncode == 1 and late.stderr.strip() == expected, late.stderr
            assert (tmp_path / "late" / "runs.jsonl").read_text() == ""
        finally:
            worker.terminate()
            worker.wait(timeout=30)


@pytest.mark.parametrize("content, words", [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "invalid UTF-8 at byte 0: expected a sweep spec (TOML text)"),
    (b'[sweep]\ncars = ["r\xe9sum\xe9.toml"]\n', "invalid UTF-8 at byte 18"),
    (None, "no such file"),
    (b"[sweep\n", "TOML syntax error"),
])
def test_a_spec_that_is_not_toml_text_is_refused_naming_the_file(cli, tmp_path, content, words):
    spec = tmp_path / "sweep.toml"
    if content is not None:
        spec.write_bytes(content)
    line = refused(sweep(cli, spec, tmp_path / "out"), f"{spec}: {words}")
    assert "Traceback" not in line
    assert not (tmp_path / "out").exists()


@pytest.fixture
def shared_dir():
    """A folder another user can read (for a run as `nobody` when the tests run as root)."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="tractive-sweep-"))
    folder.chmod(0o755)
    yield folder
    for p in [folder, *folder.rglob("*")]:
        if p.is_dir():
            p.chmod(0o755)
    shutil.rmtree(folder)


def test_an_out_folder_that_cannot_be_written_is_refused(cli, cars_dir, shared_dir):
    spec = write_spec(shared_dir, cars_dir, 'kind = "grid"\n[parameters]\n"aero[0].drag_coefficient" = { values = [0.3] }')
    spec.chmod(0o644)
    locked = shared_dir / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    as_user = []
    if os.geteuid() == 0:  # root writes anywhere: run as nobody, as a user would meet it
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: a read-only folder cannot be shown")
        as_user = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]

    def run(out):
        return subprocess.run(as_user + [cli, "sweep", str(spec), "--out", str(out)], capture_output=True, text=True)

    refused(run(locked / "out"), f"error: {locked / 'out'}: cannot create the folder: Permission denied: expected an --out folder that can be written")
    refused(run(locked / "a" / "b"), f"{locked / 'a' / 'b'}: cannot create the folder: Permission denied")
    refused(run(locked), f"error: {locked}: cannot write there: Permission denied")
    assert list(locked.iterdir()) == []
    refused(run(spec), f"error: {spec}: not a folder: expected a folder for the results (--out)")
    # The same folder once writable: the sweep runs (the checks can pass).
    locked.chmod(0o777)
    ok = run(locked / "out")
    assert ok.returncode == 0, ok.stderr
    assert len((locked / "out" / "results.csv").read_text().splitlines()) == 3


BIG_VALUES = "[" + ", ".join(str(20000 + i) for i in range(1000)) + "]"


@pytest.mark.parametrize("body, key, words", [
    ('kind = "grid"\n[parameters]\n"engine.rpm_limit" = { range = [6000, 7000], steps = 1000000000 }',
     "parameters.engine.rpm_limit.steps", "1,000,000,000 steps: expected at most 1,000,000 (the runs in a sweep)"),
    ('kind = "grid"\n[parameters]\n"engine.rpm_limit" = { range = [6000, 7000], steps = 1000 }\n'
     '"aero[0].drag_coefficient" = { range = [0.3, 0.4], steps = 1000 }\n'
     f'"wheels.front.suspension.spring_n_per_m" = {{ values = {BIG_VALUES} }}',
     "parameters", "a grid of 2 car(s) x 1,000 x 1,000 x 1,000 = 2,000,000,000 runs: expected at most 1,000,000 runs in a sweep"),
    ('kind = "grid"\n[parameters]\n"engine.rpm_limit" = { range = [6000, 7000], steps = 1000 }\n'
     '"aero[0].drag_coefficient" = { range = [0.3, 0.4], steps = 501 }',
     "parameters", "a grid of 2 car(s) x 1,000 x 501 = 1,002,000 runs: expected at most 1,000,000"),
    ('kind = "monte-carlo"\nsamples = 500001\n[parameters]\n"engine.rpm_limit" = { distribution = "normal", mean = 7000, sd = 200 }',
     "sweep.samples", "2 car(s) x 500,001 samples = 1,000,002 runs: expected at most 1,000,000 runs in a sweep"),
])
def test_a_sweep_of_more_than_a_million_runs_is_refused_before_it_is_built(cli, cars_dir, tmp_path, body, key, words):
    spec = write_spec(tmp_path, cars_dir, body)
    start = time.monotonic()
    # Under 2 GiB of address space and a minute: the sweep as it was grew to GBs, printing nothing.
    r = subprocess.run(["sh", "-c", 'ulimit -v 2097152 && exec "$0" "$@"', cli, "sweep", str(spec), "--out", str(tmp_path / "out")],
                       capture_output=True, text=True, timeout=60)
    refused(r, f"error: {spec}: '{key}': {words}")
    assert time.monotonic() - start < 10.0
    assert not (tmp_path / "out").exists()


def test_a_figure_that_is_not_finite_fails_its_run_and_is_never_written_as_a_result(cars_dir, monkeypatch):
    # A passed test whose figure is NaN or infinite (as a broken law would give): the run is a
    # failure naming the figure, and the figure is left empty, not written as a number.
    import tractive.sweep as sweep_module

    def broken(car, names):
        return {"braking": {"status": "passed", "passed": True, "reason": "", "stopping_distance_m": float("nan"),
                            "peak_decel_g": float("inf"), "mean_decel_g": 0.9}}

    monkeypatch.setattr(tractive, "run_tests", broken)
    car = cars_dir / "roadster.toml"
    metrics, status = sweep_module.run_one(car.read_text(), str(car), [], ["braking"])
    assert status == "failed: braking: diverged: stopping_distance_m, peak_decel_g not a finite number"
    assert metrics == {"braking.stopping_distance_m": None, "braking.peak_decel_g": None, "braking.mean_decel_g": 0.9}
    # The real run of the same car: finite figures, ok.
    monkeypatch.undo()
    metrics, status = sweep_module.run_one(car.read_text(), str(car), [], ["braking"])
    assert status == "ok" and all(v is None or v == v for v in metrics.values())
