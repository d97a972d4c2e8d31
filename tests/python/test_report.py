"""`tractive report`: two shipped cars and a set-up rendered in headless Chromium as a user opens
the file (the plots drawn, the legends naming the cars), a run and a sweep as inputs, the PNGs."""
import json
import re
import shutil
import subprocess
import tempfile

import pytest

CHROMIUM = shutil.which("chromium")


def chromium(*args):
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                               f"--user-data-dir={profile}", "--virtual-time-budget=15000", *args],
                              capture_output=True, text=True, timeout=120)


@pytest.fixture
def report_of_two_cars(cli, cars_dir, tmp_path):
    out = tmp_path / "two.html"
    r = subprocess.run([cli, "report", str(cars_dir / "roadster.toml"), str(cars_dir / "hatchback.toml"),
                        f"{cars_dir / 'roadster.toml'}@wheels.rear.suspension.anti_roll_n_per_m=20000", "-o", str(out),
                        "--png", str(tmp_path / "png"), "--title", "two cars"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return out


def test_the_report_is_self_contained(report_of_two_cars):
    text = report_of_two_cars.read_text()
    assert "<script src" not in text and "<link" not in text and "http://" not in text.split("<script>")[0]
    assert "uPlot" in text
    assert "braking.braking_100_0_m" in text and "Hatchback (VW Golf Mk7 1.4 TSI) - Roadster (Mazda MX-5 ND 2.0)" in text


@pytest.mark.skipif(CHROMIUM is None, reason="chromium not installed (scripts/setup.sh installs it)")
def test_headless_chromium_draws_every_plot_with_the_cars_in_its_legend(report_of_two_cars, tmp_path):
    dom = chromium("--dump-dom", str(report_of_two_cars))
    assert dom.returncode == 0, dom.stderr
    m = re.search(r'<pre id="selfcheck"[^>]*data-done="1"[^>]*>([^<]*)</pre>', dom.stdout)
    assert m, "the page's scripts did not finish"
    checks = json.loads(m.group(1).replace("&quot;", '"'))
    ids = {c["id"] for c in checks}
    assert {"accel-speed", "accel-gear", "accel-rpm", "braking", "skidpad", "g-g", "step-steer"} <= ids
    for c in checks:
        assert c["painted"] > 0.01, c["id"]  # axes, grid and traces drawn on the canvas
        assert "Roadster (Mazda MX-5 ND 2.0)" in c["legend"] and "Hatchback (VW Golf Mk7 1.4 TSI)" in c["legend"], c
        assert any("anti_roll_n_per_m=20000" in label for label in c["legend"]), c
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


def test_a_run_and_a_sweep_report(cli, cars_dir, tmp_path):
    controls = tmp_path / "c.csv"
    controls.write_text("time,gear,throttle\n0,1,1\n")
    run = tmp_path / "run.csv"
    subprocess.run([cli, "run", str(cars_dir / "roadster.toml"), "--controls", str(controls), "--mode", "automatic", "--duration", "5",
                    "--out", str(run)], check=True, capture_output=True)
    spec = tmp_path / "s.toml"
    spec.write_text(f'[sweep]\ncars = ["{cars_dir / "roadster.toml"}"]\ntests = ["braking"]\n[parameters]\n'
                    '"wheels.front.brake.max_pressure_pa" = { range = [8e6, 12e6], steps = 3 }\n')
    subprocess.run([cli, "sweep", str(spec), "--out", str(tmp_path / "sweep")], check=True, capture_output=True)
    out = tmp_path / "r.html"
    r = subprocess.run([cli, "report", str(run), str(tmp_path / "sweep"), "-o", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    assert "Speed (run)" in text and "Sweep sweep: 3 runs" in text and "braking.braking_100_0_m" in text


def test_bad_inputs_are_refused(cli, tmp_path):
    r = subprocess.run([cli, "report", str(tmp_path / "missing.toml"), "-o", str(tmp_path / "x.html")], capture_output=True, text=True)
    assert r.returncode == 2 and "missing.toml: no such file" in r.stderr
    assert not (tmp_path / "x.html").exists()
