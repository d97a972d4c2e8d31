"""The Python module from outside, as a user calls it (docs/python.md)."""
import csv
import json
import subprocess

import numpy as np
import pytest

import tractive


def test_a_car_loads_and_its_parameters_read_and_change_by_dotted_key(cars_dir):
    car = tractive.load_car(str(cars_dir / "roadster.toml"))
    assert car.name.startswith("Roadster")
    assert car.get("wheels.front.suspension.spring_n_per_m") == 23000.0
    assert car.get("mass[1].position_m") == [-0.42, 0.33, 0.19]
    assert car.get("transmission.mode") == "manual"
    car.set("wheels.front.suspension.spring_n_per_m", 3.2e4)
    car.set("transmission.mode", "automatic")
    car.set("driver_aids.abs", False)
    assert car.get("wheels.front.suspension.spring_n_per_m") == 32000.0
    assert car.get("transmission.mode") == "automatic"
    # The changed car is what loads from its TOML text.
    again = tractive.car_from_toml(car.toml, str(cars_dir / "roadster.toml"))
    assert again.get("wheels.front.suspension.spring_n_per_m") == 32000.0


def test_bad_settings_raise_load_error_naming_the_key(cars_dir):
    car = tractive.load_car(str(cars_dir / "roadster.toml"))
    with pytest.raises(tractive.LoadError, match="spring_n_per_m.*positive"):
        car.set("wheels.front.suspension.spring_n_per_m", -1.0)
    with pytest.raises(tractive.LoadError, match="not a key of the car format"):
        car.set("wheels.front.suspension.springiness", 1.0)
    with pytest.raises(tractive.LoadError, match="no table 'suspension'"):
        car.get("suspension.front.spring_n_per_m")
    with pytest.raises(tractive.LoadError):
        tractive.load_car(str(cars_dir / "no_such_car.toml"))
    assert car.get("wheels.front.suspension.spring_n_per_m") == 23000.0  # unchanged by the refusals


def test_vehicles_updated_together_come_out_as_each_updated_alone(cars_dir):
    names = ["roadster", "hatchback", "sedan_awd", "roadster", "ucwin_sedan"]
    together = [tractive.Vehicle(tractive.load_car(str(cars_dir / f"{n}.toml")), mode="automatic", y=4 * k) for k, n in enumerate(names)]
    alone = [tractive.Vehicle(tractive.load_car(str(cars_dir / f"{n}.toml")), mode="automatic", y=4 * k) for k, n in enumerate(names)]
    for frame in range(240):
        inputs = [{"throttle": 0.4 + 0.1 * k, "gear": 1, "steering": 0.2 * np.sin(0.05 * frame + k)} for k in range(5)]
        steps = tractive.update_together(together, 1 / 60, inputs)
        assert steps == [alone[k].update(1 / 60, **inputs[k]) for k in range(5)]
    for a, b in zip(together, alone):
        for key, value in a.state.items():
            assert np.array_equal(value, b.state[key]), key
        for key, value in a.wheels.items():
            assert np.array_equal(value, b.wheels[key]), key
    assert min(v.state["speed_m_per_s"] for v in together) > 5.0
    # The same inputs as an (N, 6) array in ACTION_COLUMNS' order: the same bits.
    for frame in range(60):
        inputs = [{"throttle": 0.3 + 0.1 * k, "brake": 0.1 * (k == 2), "steering": -0.1 * k, "gear": 1} for k in range(5)]
        array = np.array([[i.get(c, 0.0) for c in tractive.ACTION_COLUMNS] for i in inputs])
        assert tractive.update_together(together, 1 / 60, array) == tractive.update_together(alone, 1 / 60, inputs)
    for a, b in zip(together, alone):
        for key, value in a.state.items():
            assert np.array_equal(value, b.state[key]), key
    with pytest.raises(ValueError, match=r"shape \(5, 6\).*got \(5, 5\)"):
        tractive.update_together(together, 1 / 60, np.zeros((5, 5)))
    with pytest.raises(ValueError, match="unknown key 'throttel'"):
        tractive.update_together(together, 1 / 60, [{"throttel": 1.0}] * 5)
    with pytest.raises(ValueError, match="one per vehicle"):
        tractive.update_together(together, 1 / 60, [{}])
    with pytest.raises(ValueError, match="twice in one four"):
        tractive.update_together([together[0], together[0]], 1 / 60, [{}, {}])
    with pytest.raises(ValueError, match="dt"):
        tractive.update_together(together, float("nan"), [{}] * 5)
    # A value of the wrong type, or something that is not a vehicle: TypeError naming it, not the
    # RuntimeError a failed step raises.
    with pytest.raises(TypeError, match=r"inputs\[2\]\['gear'\]: expected an int, got float"):
        tractive.update_together(together, 1 / 60, [{}, {}, {"gear": 1.0}, {}, {}])
    with pytest.raises(TypeError, match=r"inputs\[0\]\['throttle'\]: expected a number, got str"):
        tractive.update_together(together, 1 / 60, [{"throttle": "full"}] + [{}] * 4)
    with pytest.raises(TypeError, match=r"vehicles\[1\]: expected a tractive.Vehicle, got int"):
        tractive.update_together([together[0], 3], 1 / 60, [{}, {}])
    # numpy's numbers are numbers: a policy's float32 throttle and int64 gear are taken.
    numpy_inputs = [{"throttle": np.float32(0.5), "gear": np.int64(1)}] + [{}] * 4
    assert all(steps in (2, 3) for steps in tractive.update_together(together, 1 / 60, numpy_inputs))


def test_what_a_car_cannot_take_is_refused_and_time_not_simulated_is_told(cars_dir):
    car = tractive.load_car(str(cars_dir / "roadster.toml"))
    # A table read back as a dict; a value that is no TOML value refused naming the key.
    assert car.get("mass[0]")["role"] == "engine"
    assert car.get("engine")["rpm_limit"] == car.get("engine.rpm_limit")
    for bad in (float("nan"), float("inf"), None, {}):
        with pytest.raises(tractive.LoadError, match="'engine.rpm_limit'"):
            car.set("engine.rpm_limit", bad)
    # A start gear the car does not have.
    with pytest.raises(ValueError, match="start gear: expected -1 .* 1 to 6, got 50"):
        tractive.Vehicle(car, gear=50)
    v = tractive.Vehicle(car, gear=3, speed_kmh=60)
    with pytest.raises(ValueError, match="start gear"):
        v.reset(gear=-2)
    # More than an update takes: what is left is said, not dropped in silence.
    with pytest.warns(RuntimeWarning, match=r"50 s of dt not simulated"):
        assert v.update(150.0) == 12500


def test_a_failed_tests_figures_never_reached_are_none(cars_dir):
    car = tractive.load_car(str(cars_dir / "roadster.toml"))
    car.set("engine.torque_curve", [[1000, 5], [7500, 5]])  # 5 N m: it never reaches 100 km/h
    accel = tractive.run_tests(car, ["accel"])["accel"]
    assert not accel["passed"]
    assert accel["t_0_100_s"] is None
    assert accel["measured_before_failure"]["t_0_100_s"] is None


def test_a_cars_summary_gives_its_body_shape_as_the_cli_does(cars_dir, cli):
    car = tractive.load_car(str(cars_dir / "roadster.toml"))
    shape = car.summary()["body_shape"]
    info = json.loads(subprocess.run([cli, "info", "--json", str(cars_dir / "roadster.toml")], capture_output=True, text=True,
                                     check=True).stdout)["body_shape"]
    assert shape["source"] == info["source"] == "box"
    assert shape["spheres"] == info["spheres"] == 12
    assert abs(shape["ground_clearance_m"] - info["ground_clearance_m"]) < 1e-12
    assert 0.0 < shape["ground_clearance_m"] < 0.1


def test_a_vehicle_drives_off_through_the_control_layer(cars_dir):
    car = tractive.load_car(str(cars_dir / "hatchback.toml"))
    v = tractive.Vehicle(car, mode="automatic")
    for _ in range(120):
        v.update(0.05, throttle=0.6, gear=1)
    s = v.state
    assert s["speed_m_per_s"] > 10.0
    assert s["gear"] >= 2
    assert s["position_m"].shape == (3,) and s["orientation_wxyz"].shape == (4,)
    w = v.wheels
    assert w["fz_n"].shape == (4,)
    assert abs(w["fz_n"].sum() - car.summary()["mass_kg"] * 9.80665) < 0.05 * w["fz_n"].sum()
    v.reset(x=5.0)
    assert abs(v.state["position_m"][0] - 5.0) < 0.01 and v.state["speed_m_per_s"] < 0.1


def test_a_run_gives_tractive_runs_telemetry_bit_for_bit(cars_dir, cli, tmp_path):
    controls = {"time": [0.0, 0.5, 4.0], "gear": [1, 1, 1], "clutch": [1.0, 0.0, 0.0], "throttle": [0.0, 0.7, 0.2], "steering": [0.0, 0.0, 0.1]}
    car = tractive.load_car(str(cars_dir / "roadster.toml"))
    t = tractive.run(car, controls, duration_s=6.0, mode="automatic")
    assert len(t["time_s"]) == 601
    assert "driver_throttle" in t and t["clutch_phase"][0] == "open"
    # The same controls through the CLI.
    path = tmp_path / "controls.csv"
    path.write_text(tractive._controls_csv(controls))
    out = tmp_path / "t.csv"
    subprocess.run([cli, "run", str(cars_dir / "roadster.toml"), "--controls", str(path), "--duration", "6", "--mode", "automatic",
                    "--out", str(out)], check=True, capture_output=True)
    header = out.read_text().splitlines()[0].split(",")
    table = np.genfromtxt(out, delimiter=",", skip_header=1, dtype=None, encoding="utf-8")
    for i, name in enumerate(header):
        column = [row[i] for row in table]
        if name == "clutch_phase":
            assert list(t[name]) == column
        else:
            assert np.array_equal(t[name], np.asarray(column, dtype=float)), name
    frame = tractive.run(car, controls, duration_s=1.0, as_frame=True)
    assert list(frame.columns) == header and len(frame) == 101


def test_run_tests_gives_the_metrics_of_tractive_test(cars_dir, cli):
    car = tractive.load_car(str(cars_dir / "roadster.toml"))
    r = tractive.run_tests(car, ["braking", "launch"])
    assert set(r) == {"braking", "launch"}
    assert r["braking"]["passed"] and r["braking"]["status"] == "ok"
    out = subprocess.run([cli, "test", str(cars_dir / "roadster.toml"), "braking", "launch", "--json"], check=True, capture_output=True, text=True)
    expected = json.loads(out.stdout)
    for test, metrics in expected.items():
        for name, value in metrics.items():
            if isinstance(value, float):
                assert r[test][name] == value, (test, name)
    with pytest.raises(ValueError, match="expected one of"):
        tractive.run_tests(car, ["no-such-test"])


def _drive(batch, steps, seed):
    obs, _ = batch.reset(seed=seed)
    total = np.zeros(batch.num_envs)
    for _ in range(steps):
        a = np.zeros((batch.num_envs, 6))
        a[:, 0] = np.clip(0.3 + 0.2 * obs[:, 1], 0, 1)
        a[:, 3] = np.clip(-0.3 * obs[:, 2] - 1.5 * obs[:, 3], -1, 1)
        a[:, 5] = 1
        obs, rewards, terminations, truncations, infos = batch.step(a)
        total += rewards
    return obs, total, infos


def test_a_batch_steps_many_cars_the_same_whatever_the_thread_count(cars_dir):
    cars = [tractive.load_car(str(p)) for p in sorted(cars_dir.glob("*.toml"))] * 8
    one = _drive(tractive.Batch(cars, threads=1, horizon_s=3.0), 70, seed=5)
    two = _drive(tractive.Batch(cars, threads=2, horizon_s=3.0), 70, seed=5)
    assert np.array_equal(one[0], two[0]) and np.array_equal(one[1], two[1])
    assert np.array_equal(one[2]["_final_observation"], two[2]["_final_observation"])
    assert one[0].shape == (32, len(tractive.OBSERVATION_COLUMNS))
    # The truncated episodes (3 s horizon, 3.5 s driven) started again: their final observation kept.
    obs, _, infos = _drive(tractive.Batch(cars, threads=2, horizon_s=3.0), 60, seed=5)
    assert infos["_final_observation"].all()
    assert np.isfinite(infos["final_observation"]).all()
    # A lane keeper holds the line.
    obs, total, _ = _drive(tractive.Batch(cars, threads=2, horizon_s=30.0), 60, seed=9)
    assert (np.abs(obs[:, 2]) < 0.5).all() and (total > 2.0).all()


def test_a_batch_refuses_actions_of_the_wrong_shape(cars_dir):
    batch = tractive.Batch([tractive.load_car(str(cars_dir / "roadster.toml"))] * 3)
    batch.reset(seed=0)
    with pytest.raises(ValueError, match=r"shape \(3, 6\)"):
        batch.step(np.zeros((3, 5)))


def test_a_handling_manoeuvre_from_python_is_tractive_run_s(cars_dir, cli, tmp_path):
    car = tractive.load_car(str(cars_dir / "roadster.toml"))
    assert list(tractive.maneuver_names()) == ["iso3888", "sine-dwell", "sine-dwell-series", "constant-radius", "frequency-response", "brake-in-turn", "power-off", "fishhook", "split-mu-braking"]
    r = tractive.run_maneuver(car, "iso3888", telemetry=True)
    assert r["status"] == "ok" and r["passed"], r["reason"]
    out = tmp_path / "lane.csv"
    run = subprocess.run([cli, "run", str(cars_dir / "roadster.toml"), "--maneuver", "iso3888", "--out", str(out)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    rows = list(csv.DictReader(out.open()))
    assert len(r["telemetry"]["time_s"]) == len(rows)
    assert r["telemetry"]["speed_m_per_s"][-1] == pytest.approx(float(rows[-1]["speed_m_per_s"]), rel=1e-9)
    with pytest.raises(ValueError, match="iso3888"):
        tractive.run_maneuver(car, "moose-test")


def test_stability_control_switches_from_python(cars_dir):
    # The AWD sedan declares ESC: its FMVSS 126 series passes; switched off, it keeps yawing.
    car = tractive.load_car(str(cars_dir / "sedan_awd.toml"))
    on = tractive.run_maneuver(car, "sine-dwell-series")
    off = tractive.run_maneuver(car, "sine-dwell-series", esc=False)
    assert on["passed"] and on["esc_criteria_met"] == 1.0
    assert off["worst_yaw_rate_ratio_1_00_s"] > 0.35 and off["esc_criteria_met"] == 0.0
    controls = {"time": [0, 1, 3], "gear": [1, 1, 1], "throttle": [0, 0, 0], "steering": [0, 0.23, 0]}
    parked = tractive.run(car, controls, duration_s=4, mode="automatic")  # below the unit's speed: it follows the car
    np.testing.assert_allclose(parked["esc_reference_yaw_rate_rad_per_s"], parked["yaw_rate_rad_per_s"], atol=1e-5)
    assert not parked["esc_active"].any()
    v = tractive.Vehicle(car, esc=False, speed_kmh=80, gear=4)
    v.update(0.5, steering=0.2)
    with pytest.raises(TypeError, match="esc"):
        tractive.run(car, controls, esc="on")


def test_the_k_and_c_report_from_python_is_the_cli_s(cars_dir, cli):
    car = tractive.load_car(str(cars_dir / "sedan_awd.toml"))
    kc = tractive.kc(car)
    out = subprocess.run([cli, "kc", str(cars_dir / "sedan_awd.toml"), "--json"], check=True, capture_output=True, text=True)
    cli_kc = json.loads(out.stdout)
    assert kc["roll_gradient_deg_per_g"] == pytest.approx(cli_kc["roll_gradient_deg_per_g"], rel=1e-12)
    front = kc["axles"]["front"]
    assert front["ride_frequency_hz"] == pytest.approx(cli_kc["axles"]["front"]["ride_frequency_hz"], rel=1e-12)
    assert 0.9 < front["ride_frequency_hz"] < 2.5 and 0.2 < kc["roll_stiffness_front_share"] < 0.8
    assert any(p["travel_m"] == 0.0 for p in front["against_travel"]) and len(front["against_roll"]) == 6


def test_a_reset_without_a_seed_carries_on_the_stream_seeded_last(cars_dir):
    car = tractive.load_car(str(cars_dir / "roadster.toml"))

    def second_start(seed):
        batch = tractive.Batch([car] * 4, threads=1)
        batch.reset(seed=seed)
        return batch.reset()[0]

    assert not np.array_equal(second_start(1), second_start(2))
    assert np.array_equal(second_start(1), tractive.Batch([car] * 4, threads=1).reset(seed=2)[0])


def test_a_masked_reset_starts_only_the_flagged_cars(cars_dir):
    # Gymnasium's per-environment reset: reset(seed, options={"reset_mask": mask}).
    batch = tractive.Batch([tractive.load_car(str(cars_dir / "roadster.toml"))] * 4, threads=2)
    batch.reset(seed=1)
    actions = np.zeros((4, 6))
    actions[:, 0], actions[:, 5] = 0.6, 1
    for _ in range(20):
        before, *_ = batch.step(actions)
    mask = np.array([True, False, False, True])
    obs, _ = batch.reset(seed=8, options={"reset_mask": mask})
    fresh, _ = tractive.Batch([tractive.load_car(str(cars_dir / "roadster.toml"))] * 4, threads=1).reset(seed=8)
    np.testing.assert_array_equal(obs[mask], fresh[mask])
    np.testing.assert_array_equal(obs[~mask], before[~mask])
    with pytest.raises(ValueError, match=r"4 booleans"):
        batch.reset(options={"reset_mask": [True]})
    with pytest.raises(ValueError, match=r"unknown key 'mask'"):
        batch.reset(options={"mask": mask})


def test_the_lane_keeping_task_runs_on_the_shipped_proving_ground(cars_dir):
    ground = tractive.load_ground(str(cars_dir.parent / "grounds" / "proving_ground.toml"))
    cars = [tractive.load_car(str(cars_dir / "roadster.toml"))] * 4
    obs, total, _ = _drive(tractive.Batch(cars, threads=2, ground=ground, horizon_s=30.0), 200, seed=3)
    # 10 s along the pad and into the 12 m straight, on the line.
    assert (np.abs(obs[:, 2]) < 0.5).all() and (total > 8.0).all()


def test_a_controls_string_is_a_path_unless_it_holds_a_newline(cars_dir, cli, tmp_path, monkeypatch):
    car = tractive.load_car(str(cars_dir / "roadster.toml"))
    monkeypatch.chdir(tmp_path)
    # A missing file: the CLI's words, as a LoadError and a FileNotFoundError both.
    with pytest.raises(tractive.NoSuchFileError) as missing:
        tractive.run(car, "controls.csv")
    assert str(missing.value) == "controls.csv: no such file"
    assert isinstance(missing.value, tractive.LoadError) and isinstance(missing.value, FileNotFoundError)
    cli_run = subprocess.run([cli, "run", str(cars_dir / "roadster.toml"), "--controls", "controls.csv", "--out", "t.csv"],
                             capture_output=True, text=True)
    assert cli_run.returncode == 2 and cli_run.stderr.strip() == "error: controls.csv: no such file"
    with pytest.raises(FileNotFoundError, match=r"^time,throttle: no such file \(CSV text needs a newline"):
        tractive.run(car, "time,throttle")
    # The same controls as a file (str or pathlib), as text and as a dict: the same telemetry.
    text = "time,gear,throttle\n0,1,0.5\n2,1,0\n"
    (tmp_path / "controls.csv").write_text(text)
    from_file = tractive.run(car, "controls.csv", duration_s=3, mode="automatic")
    from_path = tractive.run(car, tmp_path / "controls.csv", duration_s=3, mode="automatic")
    from_text = tractive.run(car, text, duration_s=3, mode="automatic")
    from_dict = tractive.run(car, {"time": [0, 2], "gear": [1, 1], "throttle": [0.5, 0]}, duration_s=3, mode="automatic")
    assert len(from_file["time_s"]) == 301 and from_file["speed_m_per_s"][-1] > 1.0
    for other in (from_path, from_text, from_dict):
        assert np.array_equal(other["speed_m_per_s"], from_file["speed_m_per_s"])
    # A bad cell in a file names the file, its line and the column; in text, "controls".
    (tmp_path / "bad.csv").write_text("time,throttle\n0,2\n")
    with pytest.raises(tractive.LoadError, match=r"^bad\.csv:2: 'throttle': expected a number in \[0, 1\], got '2'$"):
        tractive.run(car, "bad.csv")
    with pytest.raises(tractive.LoadError, match=r"^controls:2: 'throttle': expected a number in \[0, 1\]"):
        tractive.run(car, "time,throttle\n0,2\n")
    (tmp_path / "binary.csv").write_bytes(b"time,throttle\n0,\xff\n")
    with pytest.raises(tractive.LoadError, match=r"^binary\.csv: invalid UTF-8 at byte 16: expected a controls CSV file"):
        tractive.run(car, "binary.csv")
    with pytest.raises(tractive.LoadError, match=r"^\.: not a regular file"):
        tractive.run(car, ".")


@pytest.mark.parametrize("kwargs, error, words", [
    ({"controls": b"time\n0\n"}, TypeError, "controls: expected a path, CSV text (a str with a newline) or a dict of columns, got bytes"),
    ({"controls": {"time": [0, 1], "gear": [1, 1.5]}}, tractive.LoadError, "controls: 'gear'[1]: expected a whole number, got 1.5"),
    ({"controls": {"time": [0, "soon"]}}, tractive.LoadError, "controls: 'time'[1]: expected a number, got 'soon'"),
    ({"controls": {"time": [0, float("nan")]}}, tractive.LoadError, "controls: 'time'[1]: expected a finite number, got nan"),
    ({"controls": {"time": [0, 1], "throttle": [0.5]}}, tractive.LoadError, "controls: 'throttle': expected 2 values (as many as 'time'), got 1"),
    ({"controls": {"time": 0}}, tractive.LoadError, "controls: 'time': expected a sequence of numbers, got int"),
    ({"controls": {"time": [0], "steer": [0]}}, tractive.LoadError, "controls: unknown column(s) ['steer']"),
    ({"duration_s": float("nan")}, ValueError, "duration_s: expected a finite number of seconds, got nan"),
    ({"interval_s": "0.01"}, ValueError, "interval_s: expected a finite number of seconds, got '0.01'"),
    ({"duration_s": 1e308}, ValueError, "duration_s 1e+308 / interval_s 0.01 gives more than 1e308 telemetry rows: expected at most 1,000,000"),
    ({"duration_s": 1e9}, ValueError, "duration_s 1e+09 / interval_s 0.01 gives 100,000,000,001 telemetry rows: expected at most 1,000,000"),
    ({"controls": "time,throttle\n0,0\n1e8,0\n", "duration_s": -1}, ValueError, "controls: the last row's time 1e+08 s / interval_s 0.01 gives 10,000,000,001 telemetry rows"),
    ({"abs": "on"}, TypeError, "abs: expected True, False or None (the car's own), got 'on'"),
    ({"ground": "flat"}, TypeError, "ground: expected a tractive.Ground (tractive.road, tractive.load_ground) or None, got str"),
    ({"car": "examples/cars/roadster.toml"}, TypeError, "car: expected a tractive.Car (tractive.load_car), got str"),
])
def test_bad_arguments_to_run_are_refused_naming_them(cars_dir, kwargs, error, words):
    args = {"car": tractive.load_car(str(cars_dir / "roadster.toml")), "controls": {"time": [0, 1]}, "duration_s": 1.0}
    args.update(kwargs)
    with pytest.raises(error) as e:
        tractive.run(**args)
    assert str(e.value).startswith(words), str(e.value)


def test_a_run_of_a_million_rows_is_allowed_and_one_more_refused(cars_dir, monkeypatch):
    car = tractive.load_car(str(cars_dir / "roadster.toml"))
    assert tractive.MAX_RUN_ROWS == 1_000_000
    assert len(tractive.run(car, {"time": [0]}, duration_s=0.5, interval_s=0.5)["time_s"]) == 2
    # 9999.99 s at 0.01 s is 1,000,000 rows: passed on (to a stand-in, not run); 10,000 s is one more.
    calls = []
    monkeypatch.setattr(tractive._tractive, "run", lambda *args: calls.append(args) or {"time_s": []})
    tractive.run(car, {"time": [0]}, duration_s=9999.99)
    tractive.run(car, "time\n0\n9999.99\n")
    assert [c[2] for c in calls] == [9999.99, -1.0]
    with pytest.raises(ValueError, match=r"gives 1,000,001 telemetry rows"):
        tractive.run(car, {"time": [0]}, duration_s=10000.0)
    with pytest.raises(ValueError, match=r"^controls: the last row's time 10000 s / interval_s 0.01 gives 1,000,001 telemetry rows"):
        tractive.run(car, "time\n0\n10000\n")
    assert len(calls) == 2


def test_apply_settings_takes_a_list_of_key_value_strings(cars_dir):
    car = tractive.load_car(str(cars_dir / "roadster.toml"))
    with pytest.raises(TypeError, match="put it in a list"):
        tractive.apply_settings(car, "engine.rpm_limit=7000")
    with pytest.raises(TypeError, match=r"expected \"KEY=VALUE\" strings, got 7000"):
        tractive.apply_settings(car, [7000])
    with pytest.raises(ValueError, match="engine.rpm_limit: expected KEY=VALUE"):
        tractive.apply_settings(car, ["engine.rpm_limit"])
    tractive.apply_settings(car, ["engine.rpm_limit=7000", "transmission.mode=automatic"])
    assert car.get("engine.rpm_limit") == 7000.0 and car.get("transmission.mode") == "automatic"


def test_a_failed_test_gives_no_figures_as_results(cars_dir):
    # The roadster with a tenth of a litre of fuel runs dry in the top-speed run (as the CLI's test).
    car = tractive.load_car(str(cars_dir / "roadster.toml"))
    car.set("fuel_tank.volume_m3", 1e-4)
    r = tractive.run_tests(car, ["top-speed"])["top-speed"]
    assert r["status"] == "out_of_fuel" and not r["passed"]
    assert r["top_speed_kmh"] is None
    assert r["measured_before_failure"]["top_speed_kmh"] > 0


def test_values_beyond_any_car_are_refused_not_accepted_silently(cars_dir):
    """What the C API refuses, Python refuses too: a step of no time or of NaN, a start no car
    has, a batch of -1 threads or a target speed of 1e308 m/s, a NUL in a car's text."""
    car = tractive.load_car(str(cars_dir / "roadster.toml"))
    v = tractive.Vehicle(car)
    for dt in (float("nan"), -1.0, float("inf")):
        with pytest.raises(ValueError, match=r"^dt: expected a finite number of seconds >= 0"):
            v.update(dt)
    assert v.update(0.1) > 0  # a good step still steps
    with pytest.raises(ValueError, match=r"start speed_kmh: expected a finite number of magnitude at most 1000 km/h"):
        tractive.Vehicle(car, speed_kmh=1e200)
    with pytest.raises(ValueError, match=r"VehicleBatch: threads: expected 0 \(the hardware's\) to 4096, got -1"):
        tractive.Batch([car], threads=-1)
    with pytest.raises(ValueError, match=r"VehicleBatch: target_speed_m_per_s: expected a positive number of at most"):
        tractive.Batch([car], target_speed_m_per_s=1e308)
    with pytest.raises(tractive.LoadError, match=r"'name': expected text without a NUL character"):
        car.set("name", "road\u0000ster")
    assert car.name == "Roadster (Mazda MX-5 ND 2.0)"  # unchanged by the refused name
