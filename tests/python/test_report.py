"""`tractive report`: two shipped cars and a set-up, and a run and a sweep, rendered in headless
Chromium as a user opens the file: the page's self-check must find every series of every plot drawn
(its colour at its points' pixels) and the legends naming the cars; on pages written with their
plots broken on purpose it must say they are not drawn. And the PNGs."""
import html
import json
import math
import os
import re
import shutil
import subprocess
import tempfile

import pytest

CHROMIUM = shutil.which("chromium")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium not installed (scripts/setup.sh installs it)")


def chromium(*args):
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                               f"--user-data-dir={profile}", "--virtual-time-budget=15000", *args],
                              capture_output=True, text=True, timeout=120)


def self_check(page):
    """The page's self-check as headless Chromium wrote it into <pre id="selfcheck">: {plot id: plot}."""
    dom = chromium("--dump-dom", str(page))
    assert dom.returncode == 0, dom.stderr
    m = re.search(r'<pre id="selfcheck"[^>]*data-done="1"[^>]*>([^<]*)</pre>', dom.stdout)
    assert m, "the page's scripts did not finish"
    checks = json.loads(html.unescape(m.group(1)))
    assert isinstance(checks, list), checks  # {"error": ...} where the check itself threw
    return {c["id"]: c for c in checks}


def assert_drawn(plot):
    """Every series of the plot has points, all finite, and its colour is at (nearly) every point's
    pixel when the plot is drawn with it alone, and at none when drawn with no series. On the page's
    own canvas the last series, drawn over the others, shows at its points too."""
    assert plot["series"], plot["id"]
    for s in plot["series"]:
        where = (plot["id"], s["label"], {k: s[k] for k in ("points", "finite", "drawn", "blank", "on_page")})
        assert s["points"] > 0 and s["finite"] == s["points"], where
        assert s["blank"] == 0, where
        assert s["drawn"] >= 0.95 * s["finite"] and s["ok"], where
    assert plot["ok"], plot["id"]
    for labels in plot["ticks"]:  # each axis's labels tell its ticks apart
        assert len(set(labels)) == len(labels), (plot["id"], plot["ticks"])
    top = plot["series"][-1]
    assert top["on_page"] >= 0.95 * top["finite"], (plot["id"], top)


def report(cli, inputs, out, *options, broken_for_tests=None):
    env = dict(os.environ)
    env.pop("TRACTIVE_REPORT_BREAK_FOR_TESTS", None)
    if broken_for_tests:
        env["TRACTIVE_REPORT_BREAK_FOR_TESTS"] = broken_for_tests
    r = subprocess.run([cli, "report", *map(str, inputs), "-o", str(out), *options], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    return out


@pytest.fixture
def report_of_two_cars(cli, cars_dir, tmp_path):
    return report(cli, [cars_dir / "roadster.toml", cars_dir / "hatchback.toml",
                        f"{cars_dir / 'roadster.toml'}@wheels.rear.suspension.anti_roll_n_per_m=20000"],
                  tmp_path / "two.html", "--png", str(tmp_path / "png"), "--title", "two cars")


@pytest.fixture
def run_and_sweep(cli, cars_dir, tmp_path):
    """A 5 s run's telemetry CSV and a 3-run brake-pressure sweep's folder."""
    controls = tmp_path / "c.csv"
    controls.write_text("time,gear,throttle\n0,1,1\n")
    run = tmp_path / "run.csv"
    subprocess.run([cli, "run", str(cars_dir / "roadster.toml"), "--controls", str(controls), "--mode", "automatic", "--duration", "5",
                    "--out", str(run)], check=True, capture_output=True)
    spec = tmp_path / "s.toml"
    spec.write_text(f'[sweep]\ncars = ["{cars_dir / "roadster.toml"}"]\ntests = ["braking"]\n[parameters]\n'
                    '"wheels.front.brake.max_pressure_pa" = { range = [8e6, 12e6], steps = 3 }\n')
    subprocess.run([cli, "sweep", str(spec), "--out", str(tmp_path / "sweep")], check=True, capture_output=True)
    return [run, tmp_path / "sweep"]


def test_the_report_is_self_contained(report_of_two_cars):
    text = report_of_two_cars.read_text()
    assert "<script src" not in text and "<link" not in text and "http://" not in text.split("<script>")[0]
    assert "uPlot" in text
    assert "braking.braking_100_0_m" in text and "Hatchback (VW Golf Mk7 1.4 TSI) - Roadster (Mazda MX-5 ND 2.0)" in text


@needs_chromium
def test_headless_chromium_draws_every_series_of_every_plot_with_the_cars_in_its_legend(report_of_two_cars, tmp_path):
    checks = self_check(report_of_two_cars)
    assert {"accel-speed", "accel-gear", "accel-rpm", "braking", "braking-noabs", "skidpad", "skidpad-ay", "g-g", "step-steer"} <= set(checks)
    for c in checks.values():
        assert_drawn(c)
        assert len(c["series"]) == (6 if c["id"].startswith("kc-") else 3), c["id"]  # the K&C: front and rear of each car
        legend = " | ".join(c["legend"])
        assert "Roadster (Mazda MX-5 ND 2.0)" in legend and "Hatchback (VW Golf Mk7 1.4 TSI)" in legend, c
        assert any("anti_roll_n_per_m=20000" in label for label in c["legend"]), c
    # A scatter plot (these drew nothing before the fix): the g-g diagram, every test's samples of
    # each car (some ten thousand), each one found drawn.
    assert all(s["drawn"] == s["points"] > 5000 for s in checks["g-g"]["series"]), checks["g-g"]
    # And as a picture: not blank.
    shot = tmp_path / "shot.png"
    s = chromium("--window-size=1200,2000", f"--screenshot={shot}", str(report_of_two_cars))
    assert s.returncode == 0 and shot.exists(), s.stderr
    import matplotlib.image

    pixels = matplotlib.image.imread(str(shot))
    assert pixels.shape[0] == 2000 and pixels.shape[1] == 1200
    assert pixels[..., :3].std() > 0.05
    assert len({tuple(p) for p in (pixels[::23, ::23, :3] * 255).astype(int).reshape(-1, 3)}) > 30


def test_the_pngs_are_the_same_plots(report_of_two_cars, tmp_path):
    import matplotlib.image

    pngs = sorted(p.name for p in (tmp_path / "png").glob("*.png"))
    assert {"accel-speed.png", "braking.png", "skidpad.png", "g-g.png", "step-steer.png"} <= set(pngs)
    image = matplotlib.image.imread(str(tmp_path / "png" / "braking.png"))
    assert image.shape[1] == 960 and image[..., :3].std() > 0.05


def test_a_run_and_a_sweep_report(cli, run_and_sweep, tmp_path):
    out = report(cli, run_and_sweep, tmp_path / "r.html")
    text = out.read_text()
    assert "Speed (run)" in text and "Sweep sweep: 3 runs" in text and "braking.braking_100_0_m" in text


@needs_chromium
def test_headless_chromium_draws_a_runs_traces_and_a_sweeps_metrics_against_its_parameter(cli, cars_dir, run_and_sweep, tmp_path):
    checks = self_check(report(cli, run_and_sweep, tmp_path / "r.html"))
    assert {"run-speed", "run-gear", "run-rpm", "g-g"} <= set(checks)
    sweeps = [c for i, c in checks.items() if i.startswith("sweep-")]
    assert len(sweeps) == 2, checks.keys()  # braking_100_0_m and braking_100_0_noabs_m against the brake pressure
    for c in checks.values():
        assert_drawn(c)
    for c in sweeps:  # one series, the sweep's one car, a point a run
        assert c["legend"] == [f"sweep {cars_dir / 'roadster.toml'}"], c
        assert [s["points"] for s in c["series"]] == [3], c


# What each broken page (report.py: BROKEN_FOR_TESTS) leaves undrawn: every plot, or (uPlot's
# default points in mode 2, the bug before the fix) the scatter plots only.
@needs_chromium
@pytest.mark.parametrize("broken", ["no-data", "no-drawing", "unfiltered-points"])
def test_the_self_check_says_a_broken_page_does_not_draw_its_plots(cli, run_and_sweep, tmp_path, broken):
    checks = self_check(report(cli, run_and_sweep, tmp_path / "broken.html", broken_for_tests=broken))
    scatter = {i for i in checks if i == "g-g" or i.startswith("sweep-")}
    assert len(scatter) == 3 and len(checks) == 6, checks.keys()
    undrawn = {i for i, c in checks.items() if not c["ok"]}
    assert undrawn == (scatter if broken == "unfiltered-points" else set(checks))
    for i in undrawn:
        for s in checks[i]["series"]:
            assert s["drawn"] == 0 and not s["ok"], (i, s)
            if broken == "no-data":
                assert s["points"] == 0, (i, s)
            else:  # the points are there, finite, and not drawn
                assert s["points"] == s["finite"] > 0, (i, s)
    for i in set(checks) - undrawn:
        assert_drawn(checks[i])


def test_bad_inputs_are_refused(cli, tmp_path):
    r = subprocess.run([cli, "report", str(tmp_path / "missing.toml"), "-o", str(tmp_path / "x.html")], capture_output=True, text=True)
    assert r.returncode == 2 and "missing.toml: no such file" in r.stderr
    assert not (tmp_path / "x.html").exists()


def test_a_run_or_sweep_with_a_non_finite_number_is_refused_at_its_line(cli, run_and_sweep, tmp_path):
    """A NaN or an infinity is a failed run, not a figure: refused at file:line with the column
    (issue 26), where before the report plotted the rest and exited 0."""
    run, sweep = run_and_sweep
    report(cli, [run, sweep], tmp_path / "fine.html")  # the files as written are accepted
    lines = run.read_text().splitlines()
    header = lines[0].split(",")
    row = lines[40].split(",")
    row[header.index("speed_m_per_s")] = "nan"
    bad_run = tmp_path / "bad_run.csv"
    bad_run.write_text("\n".join(lines[:40] + [",".join(row)] + lines[41:]) + "\n")
    r = subprocess.run([cli, "report", str(bad_run), "-o", str(tmp_path / "x.html")], capture_output=True, text=True)
    assert r.returncode == 2 and f"{bad_run}:41: column 'speed_m_per_s': nan is not a finite number" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr and not (tmp_path / "x.html").exists()

    results = sweep / "results.csv"
    rows = results.read_text().splitlines()
    fields = rows[0].split(",")
    metric = next(f for f in fields if f.startswith("braking."))
    cells = rows[2].split(",")
    cells[fields.index(metric)] = "inf"
    results.write_text("\n".join(rows[:2] + [",".join(cells)] + rows[3:]) + "\n")
    r = subprocess.run([cli, "report", str(sweep), "-o", str(tmp_path / "y.html")], capture_output=True, text=True)
    assert r.returncode == 2 and f"{results}:3: column '{metric}': inf is not a finite number" in r.stderr, r.stderr
    assert not (tmp_path / "y.html").exists()


def test_a_report_over_handling_manoeuvres(cli, cars_dir, tmp_path):
    out = tmp_path / "m.html"
    r = subprocess.run([cli, "report", str(cars_dir / "roadster.toml"), str(cars_dir / "hatchback.toml"), "--tests", "braking,iso3888,sine-dwell",
                        "-o", str(out), "--png", str(tmp_path / "png")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    assert "iso3888.dlc_entry_speed_kmh" in text and "sine-dwell." in text and "braking.braking_100_0_m" in text
    assert "accel." not in text  # only what was asked
    assert "ISO 3888-1 double lane change: the path" in text and "Sine with dwell: yaw rate" in text
    assert {"iso3888.png", "sine-dwell.png", "braking.png"} <= {p.name for p in (tmp_path / "png").glob("*.png")}
    # The frequency response as gain and phase against frequency, measured and the model's, and
    # braking in a turn as a trace; each plot's series hold the car's own figures.
    fr = tmp_path / "fr.html"
    r = subprocess.run([cli, "report", str(cars_dir / "hatchback.toml"), "--tests", "frequency-response,brake-in-turn", "-o", str(fr),
                        "--png", str(tmp_path / "frpng")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    text = fr.read_text()
    assert "Frequency response (ISO 7401): yaw-rate gain" in text and "(single-track model)" in text
    assert "Frequency response (ISO 7401): lateral acceleration phase" in text and "Braking in a turn (ISO 7975): yaw rate" in text
    pngs = {p.name for p in (tmp_path / "frpng").glob("*.png")}
    assert {"frequency-response-yaw-gain.png", "frequency-response-yaw-phase.png", "brake-in-turn.png", "kc-camber-travel.png",
            "kc-camber-roll.png"} <= pngs, pngs
    assert "K&amp;C: camber against wheel travel" in text or "K&C: camber against wheel travel" in text
    from tractive import report as report_module
    kc = {"label": "car", "kc": {"axles": {"front": {"against_travel": [{"travel_m": -0.02, "camber_deg": 1.0}, {"travel_m": 0.0, "camber_deg": -0.5}]}}}}
    assert report_module._kc_series([kc], "against_travel", "travel_m", "camber_deg", 1000.0) == [("car front", [-20.0, 0.0], [1.0, -0.5])]
    circle = {"label": "car", "traces": {"constant-radius": {"ay_m_per_s2": [0.0, 4.903325], "fl_steer_rad": [0.02, 0.03], "fr_steer_rad": [0.02, 0.05]}}}
    assert report_module._understeer_curve([circle]) == [("car", [0.0, 0.5], [math.degrees(0.02), math.degrees(0.04)])]
    entry = {"label": "car", "metrics": {"frequency-response.yaw_gain_0_1hz_per_s": 7.0, "frequency-response.yaw_gain_1_0hz_per_s": 6.0,
                                         "frequency-response.model_yaw_gain_0_1hz_per_s": 7.5, "frequency-response.model_yaw_gain_1_0hz_per_s": 6.2,
                                         "frequency-response.yaw_phase_0_1hz_deg": -4.0}}
    assert report_module._frequency_series([entry], "yaw_gain_", "per_s") == [("car", [0.1, 1.0], [7.0, 6.0]),
                                                                            ("car (single-track model)", [0.1, 1.0], [7.5, 6.2])]
    bad = subprocess.run([cli, "report", str(cars_dir / "roadster.toml"), "--tests", "moose", "-o", str(tmp_path / "x.html")],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "--tests moose: expected some of" in bad.stderr and "iso3888" in bad.stderr


# --- statuses, sweeps' figures and axes, outputs and inputs refused (called in this process:
# report.main and the module's functions, as `tractive report` runs them) -------------------------

def test_a_test_partly_beyond_the_car_says_n_a_and_why(cars_dir):
    """A not_applicable test (passed, 0-100 km/h beyond a car geared to top out at 86 km/h) is
    "n/a: REASON", and its missing figures "n/a", where the report said "ok" and "failed"."""
    from tractive import report as report_module

    [car] = report_module.load_inputs([f"{cars_dir / 'roadster.toml'}@transmission.forward_ratios=[5.087,3.5]"], tests=["accel"])
    assert car["status"]["accel"].startswith("n/a: the car tops out at 86"), car["status"]
    table = report_module._metrics_table([car])
    assert "<td>n/a: the car tops out at 86" in table and "<tr><th>accel.t_0_100_s</th><td>n/a</td>" in table, table
    assert ">ok<" not in table and ">failed<" not in table


def write_results(folder, header, rows):
    folder.mkdir()
    (folder / "results.csv").write_text("\n".join([",".join(header)] + [",".join(r) for r in rows]) + "\n")
    return folder


def test_a_sweeps_failed_figures_are_empty_cells_never_none(tmp_path):
    """results.csv of earlier sweeps held "None" for a failed test's figures: the table shows
    an empty cell, and the plot leaves the run out."""
    from tractive import report as report_module

    sweep = write_results(tmp_path / "s", ["run", "car", "engine.rpm_limit", "accel.t_0_100_s", "status"],
                          [["0", "r.toml", "7000", "6.5", "ok"], ["1", "r.toml", "1500", "None", "failed: accel: not_reached: slow"]])
    entries = report_module.load_inputs([str(sweep)])
    assert "None" not in report_module._sweep_tables(entries)
    [plot] = report_module._plots(entries)
    assert plot["series"] == [("s r.toml", [7000.0], [6.5])]


def test_a_sweeps_metrics_are_plotted_against_a_parameter_that_is_a_number_or_the_run(tmp_path):
    """A first parameter of tables (a torque curve) or words (a gearbox mode) is no axis: the
    metrics are plotted against the first parameter of numbers, or the run number; a metric with
    no figure at all gets no plot. Before, every series was written with no points."""
    from tractive import report as report_module

    header = ["run", "car", "engine.torque_curve", "engine.rpm_limit", "accel.quarter_mile_s", "accel.t_0_100_s", "status"]
    curve = '"[[1000, 100], [7000, 150]]"'
    mixed = write_results(tmp_path / "mixed", header, [["0", "r.toml", curve, "7000", "15.5", "", "n/a: accel: beyond"],
                                                        ["1", "r.toml", curve, "7500", "15.1", "", "n/a: accel: beyond"]])
    [plot] = report_module._plots(report_module.load_inputs([str(mixed)]))  # t_0_100_s: no figure, no plot
    assert plot["x"] == "engine.rpm_limit" and plot["series"] == [("mixed r.toml", [7000.0, 7500.0], [15.5, 15.1])], plot

    words = write_results(tmp_path / "words", ["run", "car", "transmission.mode", "accel.quarter_mile_s", "status"],
                          [["0", "r.toml", "manual", "15.5", "ok"], ["1", "r.toml", "automatic", "15.9", "ok"]])
    [plot] = report_module._plots(report_module.load_inputs([str(words)]))
    assert plot["x"] == "run (no parameter is a number)" and plot["series"] == [("words r.toml", [0.0, 1.0], [15.5, 15.9])], plot


def report_main(capsys, *argv):
    """report.main's exit status and its stderr, which must be one line, without a traceback."""
    from tractive import report as report_module

    status = report_module.main([str(a) for a in argv])
    err = capsys.readouterr().err
    return status, err


@pytest.fixture
def small_run(tmp_path):
    run = tmp_path / "run.csv"
    run.write_text("time_s,speed_m_per_s,clutch_phase\n0,1,locked\n0.5,2,locked\n1,3,locked\n")
    return run


def test_outputs_that_cannot_be_written_are_refused_before_anything_is_written(capsys, small_run, tmp_path):
    status, err = report_main(capsys, small_run, "-o", tmp_path / "nodir" / "x.html")
    assert status == 2 and err == f"error: {tmp_path / 'nodir' / 'x.html'}: no such folder {tmp_path / 'nodir'}: expected -o in a folder that exists\n", err
    afile = tmp_path / "afile"
    afile.write_text("")
    status, err = report_main(capsys, small_run, "-o", tmp_path / "x.html", "--png", afile)
    assert status == 2 and err == f"error: --png {afile}: a file: expected a folder for the PNG files\n", err
    status, err = report_main(capsys, small_run, "-o", tmp_path / "x.html", "--png", afile / "png")
    assert status == 2 and err == f"error: --png {afile / 'png'}: {afile} is a file: expected a folder for the PNG files\n", err
    assert not (tmp_path / "x.html").exists()
    status, err = report_main(capsys, small_run, "-o", tmp_path)
    assert status == 2 and err == f"error: {tmp_path}: a folder: expected the name of the HTML file to write (-o)\n", err
    status, err = report_main(capsys, small_run, "-o", tmp_path / "x.html")  # the same run, written where it can be
    assert status == 0 and err == f"wrote {tmp_path / 'x.html'}: 1 plots of 1 input(s)\n", err


def test_inputs_that_are_not_telemetry_text_or_lack_a_number_are_refused_at_their_line(capsys, small_run, tmp_path):
    latin1 = tmp_path / "latin1.csv"
    latin1.write_bytes(b"time_s,speed_m_per_s\n0,1\n1,\xe9\n")
    status, err = report_main(capsys, latin1, "-o", tmp_path / "x.html")
    assert status == 2 and err == f"error: {latin1}: invalid UTF-8 at byte 27: expected a telemetry CSV (tractive run --out), UTF-8 text\n", err
    sweep = tmp_path / "sweep"
    sweep.mkdir()
    (sweep / "results.csv").write_bytes(b"run,car,status\n0,r\xe9.toml,ok\n")
    status, err = report_main(capsys, sweep, "-o", tmp_path / "x.html")
    assert status == 2 and err.startswith(f"error: {sweep / 'results.csv'}: invalid UTF-8 at byte 18: expected"), err
    # An empty cell in a column of numbers: its plot was left out without a word.
    blank = tmp_path / "blank.csv"
    blank.write_text(small_run.read_text().replace("0.5,2,", "0.5,,"))
    status, err = report_main(capsys, blank, "-o", tmp_path / "x.html")
    assert status == 2 and err.startswith(f"error: {blank}:3: column 'speed_m_per_s': an empty cell in a column of numbers"), err
    short = tmp_path / "short.csv"
    short.write_text(small_run.read_text().replace("0.5,2,locked", "0.5,2"))
    status, err = report_main(capsys, short, "-o", tmp_path / "x.html")
    assert status == 2 and err == f"error: {short}:3: 2 cells: expected 3, one for each column of the header\n", err
    # --tests "" is no list of tests, not the default one.
    status, err = report_main(capsys, small_run, "-o", tmp_path / "x.html", "--tests", "")
    assert status == 2 and err.startswith('error: --tests "": an empty list: expected some of accel,'), err
    assert not (tmp_path / "x.html").exists()


@needs_chromium
def test_adjacent_tick_labels_differ(tmp_path):
    """Ticks 0.00005 apart (the sample sweep's step-steer lateral g) read "0.346" each with
    uPlot.fmtNum; ticks 10 apart at 8e6 read "8e6" each with 6 digits. Each label now has the
    digits its spacing needs."""
    from tractive import report as report_module

    header = ["run", "car", "wheels.front.brake.max_pressure_pa", "step-steer.step_steer_lateral_g", "status"]
    rows = [[str(k), "r.toml", repr(8e6 + 10 * k), repr(0.34587 + 0.00004 * k), "ok"] for k in range(5)]
    out = report_module.write_html(report_module.load_inputs([str(write_results(tmp_path / "s", header, rows))]), tmp_path / "t.html", "ticks")
    assert len(out) == 1
    [check] = self_check(tmp_path / "t.html").values()
    assert_drawn(check)
    x, y = check["ticks"]
    assert len(x) >= 3 and len(y) >= 3, check["ticks"]
    assert all(7.9999e6 < float(label) < 8.0001e6 for label in x), x  # "8e6", "8.00001e6", ...
    assert all(0.3458 <= float(label) <= 0.3461 for label in y), y  # "0.34585", "0.34590", ...
