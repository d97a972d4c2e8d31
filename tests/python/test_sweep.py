"""`tractive sweep`: a grid and a Monte Carlo sample, locally and on a loopback Dask cluster with
two workers (the same results bit for bit), resumed after a stop, and bad specs refused."""
import json
import shutil
import subprocess

import pytest


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
])
def test_bad_specs_are_refused_naming_the_key(cli, cars_dir, tmp_path, body, words):
    spec = write_spec(tmp_path, cars_dir, body)
    r = sweep(cli, spec, tmp_path / "out")
    assert r.returncode == 2, r.stderr
    assert words in r.stderr and str(spec) in r.stderr


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
