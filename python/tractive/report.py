"""Reports: `tractive report INPUT... -o FILE.html [--png DIR]` (docs/reports.md).

Inputs, any mix:
  CAR[@KEY=VALUE...]   a car file (TOML or VDrift), with set-up changes by dotted key: the
                       standard tests are run on it and their traces and metrics reported;
  RUN.csv              a telemetry CSV of `tractive run` or `tractive drive --record`;
  SWEEP_DIR            a `tractive sweep --out` folder: its results table and each metric
                       against the first parameter.
Two or more cars, set-ups or runs are overlaid in every plot, and the metrics table gives each
one's value and its difference from the first. The HTML file is self-contained: uPlot (from
npm, web/) is inlined, so it opens without a network. --png DIR draws the same plots with
matplotlib for papers.
"""

import argparse
import csv
import html
import io
import json
import math
import os
import pathlib
import sys

EXIT_BAD_INPUT = 2
G = 9.80665
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]
VENDOR = pathlib.Path(__file__).resolve().parent / "vendor"


class InputError(ValueError):
    pass


# --- inputs -------------------------------------------------------------------------------------

def _test_names():
    """The standard tests and the handling manoeuvres, as the module names them."""
    import tractive

    return list(tractive.standard_test_names()), list(tractive.maneuver_names())


def _car_entry(text, label_counts, tests, load_options):
    import tractive

    path, *settings = text.split("@")
    try:
        car = tractive.apply_settings(tractive.load_car(path, **load_options), settings)
    except (tractive.LoadError, ValueError) as e:
        raise InputError(str(e))
    label = car.name + ("" if not settings else " (" + ", ".join(settings) + ")")
    standard, maneuvers = _test_names()
    chosen = [t for t in tests if t in standard]
    results = tractive.run_tests(car, chosen, None, True, 0.05) if chosen else {}
    for name in (t for t in tests if t in maneuvers):  # the telemetry as one run, under the manoeuvre's name
        r = tractive.run_maneuver(car, name, telemetry=True, telemetry_interval_s=0.05)
        r["telemetry"] = {"": r["telemetry"]}
        results[name] = r
    metrics, status, traces = {}, {}, {}
    for test, r in results.items():
        status[test] = _status_text(r)
        for name, value in r.items():
            if name not in ("status", "passed", "reason", "telemetry", "measured_before_failure"):
                metrics[f"{test}.{name}"] = value  # None for a failed test's: its figures are not the car's
        for variant, columns in r["telemetry"].items():
            traces[test + ("-" + variant if variant else "")] = columns
    return {"label": _unique(label, label_counts), "kind": "car", "metrics": metrics, "status": status, "traces": traces,
            "kc": tractive.kc(car)}


def _status_text(result):
    """A test's status as the report shows it: "ok", "n/a: REASON" for a test passed with part of
    it beyond the car (not_applicable: its figures there are null), or "STATUS: REASON" for a failure."""
    if result["passed"]:
        return "ok" if result["status"] == "ok" else f"n/a: {result['reason']}"
    return f"{result['status']}: {result['reason']}"


def _read_csv(path, what):
    """The CSV file's rows as (line, cells), blank lines left out; InputError for a file that
    cannot be read or is not UTF-8 text (named with `what` the file was expected to be)."""
    try:
        text = pathlib.Path(path).read_bytes().decode("utf-8")  # all at once: the error's byte is the file's
    except UnicodeDecodeError as e:
        raise InputError(f"{path}: invalid UTF-8 at byte {e.start}: expected {what}, UTF-8 text")
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror}")
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        return [(reader.line_num, r) for r in reader if r]
    except csv.Error as e:
        raise InputError(f"{path}:{reader.line_num}: not a CSV line ({e}): expected {what}")


def _number_or_none(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def _run_entry(path, label_counts):
    rows = _read_csv(path, "a telemetry CSV (tractive run --out)")
    if not rows or "time_s" not in rows[0][1]:
        raise InputError(f"{path}: expected a telemetry CSV (tractive run --out) with a time_s column")
    header, body = rows[0][1], rows[1:]
    for line, r in body:
        if len(r) != len(header):
            raise InputError(f"{path}:{line}: {len(r)} cells: expected {len(header)}, one for each column of the header")
    columns = {}
    for i, name in enumerate(header):
        cells = [(line, r[i]) for line, r in body]
        if any(text != "" and _number_or_none(text) is None for _, text in cells) or all(text == "" for _, text in cells):
            continue  # text columns (clutch_phase) are not plotted
        # A column of numbers with an empty cell would lose its plot (or draw a gap) without a word:
        # tractive run and tractive drive --record fill every cell, so it is refused where it is.
        for line, text in cells:
            if text == "":
                raise InputError(f"{path}:{line}: column '{name}': an empty cell in a column of numbers "
                                 "(tractive run and tractive drive --record fill every cell: was the file edited?)")
        columns[name] = [float(text) for _, text in cells]
        _refuse_non_finite(path, name, columns[name], lines=[line for line, _ in cells])
    return {"label": _unique(pathlib.Path(path).stem, label_counts), "kind": "run", "metrics": {}, "status": {}, "traces": {"run": columns}}


def _refuse_non_finite(path, column, values, lines):
    """A NaN or an infinity in a run's or a sweep's numbers is a run that failed, not a figure
    to plot or tabulate: `tractive run` and `tractive sweep` never write one, so the file was
    written by something else or edited; refused at its line (`lines`: each value's line in the
    file, the header being line 1)."""
    for line, v in zip(lines, values):
        if not math.isfinite(v):
            raise InputError(f"{path}:{line}: column '{column}': {v} is not a finite number "
                             "(tractive run and tractive sweep write only finite numbers: was the file edited?)")


def _sweep_entry(path, label_counts):
    results = pathlib.Path(path) / "results.csv"
    if not results.exists():
        raise InputError(f"{path}: a folder without results.csv: expected a `tractive sweep --out` folder")
    table = _read_csv(results, "a sweep's results.csv (tractive sweep --out)")
    fields = table[0][1] if table else []
    rows, lines = [], []
    for line, cells in table[1:]:
        rows.append({name: cells[i] if i < len(cells) else "" for i, name in enumerate(fields)})
        lines.append(line)
    metrics = [name for name in fields if _is_metric(name)]
    for r in rows:
        for name in metrics:
            if r[name] == "None":
                r[name] = ""  # a failed test's figure, as earlier versions of tractive sweep wrote it
    for line, r in zip(lines, rows):
        for name, text in r.items():
            if name in ("car", "status"):
                continue  # words, whatever they spell (a car may be called "NaN")
            value = _number_or_none(text)
            if value is not None:  # not a failed run's empty figure, nor a parameter that is not a number
                _refuse_non_finite(results, name, [value], lines=[line])
    return {"label": _unique(pathlib.Path(path).name, label_counts), "kind": "sweep", "rows": rows, "fields": fields}


def _unique(label, counts):
    counts[label] = counts.get(label, 0) + 1
    return label if counts[label] == 1 else f"{label} #{counts[label]}"


def load_inputs(inputs, tests=None, data_root="", vdrift_tyres="tire"):
    """The entries of the report; cars run `tests` (standard tests and manoeuvres; default the
    standard tests), loaded with the data root and VDrift tyre files given."""
    standard, maneuvers = _test_names()
    tests = list(standard) if tests is None else list(tests)
    unknown = [t for t in tests if t not in standard + maneuvers]
    if unknown or not tests:  # --tests "" too (an empty list, not the default)
        given = ",".join(tests) if "".join(tests) else '"": an empty list'
        raise InputError(f"--tests {given}: expected some of {', '.join(standard + maneuvers)}")
    load_options = {"data_root": data_root, "vdrift_tyres": vdrift_tyres}
    entries, counts = [], {}
    for text in inputs:
        path = text.split("@")[0]
        if os.path.isdir(path):
            entries.append(_sweep_entry(path, counts))
        elif path.endswith(".csv"):
            if not os.path.exists(path):
                raise InputError(f"{path}: no such file")
            entries.append(_run_entry(path, counts))
        else:
            if not os.path.exists(path):
                raise InputError(f"{path}: no such file: expected a car file, a telemetry CSV or a sweep folder")
            entries.append(_car_entry(text, counts, tests, load_options))
    return entries


# --- plots --------------------------------------------------------------------------------------

def _xy(columns, x, y, fx=lambda v: v, fy=lambda v: v):
    if x not in columns or y not in columns:
        return None
    return [fx(v) for v in columns[x]], [fy(v) for v in columns[y]]


def _kmh(v):
    return v * 3.6


def _plots(entries):
    """The plots: (id, title, x label, y label, points?, [(label, xs, ys)])."""
    def overlay(trace, x, y, fx=lambda v: v, fy=lambda v: v):
        series = []
        for e in entries:
            for name, columns in e.get("traces", {}).items():
                if name == trace or (trace == "run" and e["kind"] == "run"):
                    xy = _xy(columns, x, y, fx, fy)
                    if xy:
                        series.append((e["label"] + ("" if name in (trace, "run") else f" {name}"), *xy))
        return series

    plots = []
    def add(pid, title, xl, yl, series, points=False):
        # A series without a point would be a legend entry with nothing drawn, and a plot of
        # none an empty frame counted as a plot: both are left out.
        series = [s for s in series if s[1]]
        if series:
            plots.append({"id": pid, "title": title, "x": xl, "y": yl, "points": points, "series": series})

    for trace, what in (("accel", "acceleration test"), ("run", "run")):
        add(f"{trace}-speed", f"Speed ({what})", "time (s)", "speed (km/h)", overlay(trace, "time_s", "speed_m_per_s", fy=_kmh))
        add(f"{trace}-gear", f"Gear ({what})", "time (s)", "gear", overlay(trace, "time_s", "gear"))
        add(f"{trace}-rpm", f"Engine speed ({what})", "time (s)", "engine speed (rpm)", overlay(trace, "time_s", "engine_rpm"))
    add("braking", "Braking stop from 100 km/h (ABS)", "distance (m)", "speed (km/h)", overlay("braking", "x_m", "speed_m_per_s", fy=_kmh))
    add("braking-noabs", "Braking stop from 100 km/h (no ABS)", "distance (m)", "speed (km/h)",
        overlay("braking-noabs", "x_m", "speed_m_per_s", fy=_kmh))
    add("skidpad", "Skidpad: the path", "x (m)", "y (m)", overlay("skidpad", "x_m", "y_m"), points=True)
    add("skidpad-ay", "Skidpad: lateral acceleration", "time (s)", "lateral acceleration (g)", overlay("skidpad", "time_s", "ay_m_per_s2", fy=lambda v: v / G))
    gg = []
    for e in entries:  # one series a car: the samples of all its tests or its run
        xs, ys = [], []
        for columns in e.get("traces", {}).values():
            xy = _xy(columns, "ay_m_per_s2", "ax_m_per_s2", lambda v: v / G, lambda v: v / G)
            if xy:
                xs += xy[0]
                ys += xy[1]
        if xs:
            gg.append((e["label"], xs, ys))
    add("g-g", "g-g diagram (every test's samples)", "lateral (g, + left)", "longitudinal (g, + accelerating)", gg, points=True)
    add("step-steer", "Step-steer: yaw rate", "time (s)", "yaw rate (deg/s)", overlay("step-steer", "time_s", "yaw_rate_rad_per_s", fy=math.degrees))
    add("iso3888", "ISO 3888-1 double lane change: the path", "x (m)", "y (m)", overlay("iso3888", "x_m", "y_m"), points=True)
    add("sine-dwell", "Sine with dwell: yaw rate", "time (s)", "yaw rate (deg/s)", overlay("sine-dwell", "time_s", "yaw_rate_rad_per_s", fy=math.degrees))
    add("constant-radius", "Constant radius: lateral acceleration", "time (s)", "lateral acceleration (g)",
        overlay("constant-radius", "time_s", "ay_m_per_s2", fy=lambda v: v / G))
    add("understeer-curve", "Understeer curve (ISO 4138 constant radius)",
        "lateral acceleration (g)", "front road-wheel angle (deg)", _understeer_curve(entries), points=True)
    add("brake-in-turn", "Braking in a turn (ISO 7975): yaw rate", "time (s)", "yaw rate (deg/s)",
        overlay("brake-in-turn", "time_s", "yaw_rate_rad_per_s", fy=math.degrees))
    add("power-off", "Power-off in a turn (ISO 9816): yaw rate", "time (s)", "yaw rate (deg/s)",
        overlay("power-off", "time_s", "yaw_rate_rad_per_s", fy=math.degrees))
    add("fishhook", "Fishhook (NHTSA): roll angle, the run with the most", "time (s)", "roll (deg)",
        overlay("fishhook", "time_s", "roll_rad", fy=math.degrees))
    add("split-mu-braking", "Braking on split friction: the path (left half 1.0, right half 0.3)", "x (m)", "y (m)",
        overlay("split-mu-braking", "x_m", "y_m"), points=True)
    for pid, title, stem, unit, convert in (("yaw_gain", "yaw-rate gain", "yaw_gain_", "per_s", "1/s"),
                                            ("yaw_phase", "yaw-rate phase", "yaw_phase_", "deg", "deg"),
                                            ("ay_gain", "lateral acceleration gain", "ay_gain_", "m_s2_per_rad", "m/s^2 per rad"),
                                            ("ay_phase", "lateral acceleration phase", "ay_phase_", "deg", "deg")):
        add(f"frequency-response-{pid.replace('_', '-')}", f"Frequency response (ISO 7401): {title}",
            "frequency (Hz)", f"{title} ({convert})", _frequency_series(entries, stem, unit), points=False)
    add("kc-camber-travel", "K&C: camber against wheel travel", "wheel travel (mm, + = bump)", "camber (deg, top out +)",
        _kc_series(entries, "against_travel", "travel_m", "camber_deg", 1000.0))
    add("kc-camber-roll", "K&C: camber to the road against body roll (outer wheel)", "body roll (deg)", "camber (deg, top out +)",
        _kc_series(entries, "against_roll", "roll_deg", "outer_camber_to_road_deg", 1.0))
    for e in entries:
        if e["kind"] != "sweep" or not e["rows"]:
            continue
        x_label, x_of = _sweep_axis(e)
        for metric in (f for f in e["fields"] if _is_metric(f)):
            series = {}
            for k, r in enumerate(e["rows"]):
                xs, ys = series.setdefault(r.get("car", ""), ([], []))
                y = _number_or_none(r[metric])
                if y is not None:  # not a failed test's empty figure
                    xs.append(x_of(k, r))
                    ys.append(y)
            add(f"sweep-{len(plots)}", f"{e['label']}: {metric}", x_label, metric,
                [(f"{e['label']} {car}", xs, ys) for car, (xs, ys) in series.items()], points=True)
    return plots


def _sweep_axis(entry):
    """The x axis of a sweep's metric plots: (label, x of the k-th row). The first parameter whose
    values are all numbers; a parameter of tables (a torque curve) or words (a gearbox mode) is no
    axis. With no such parameter, the run number."""
    fields, rows = entry["fields"], entry["rows"]
    parameters = [f for f in fields if f not in ("run", "car", "status") and not _is_metric(f)]
    for p in parameters:
        if all(_number_or_none(r[p]) is not None for r in rows):
            return p, lambda k, r: float(r[p])
    what = "no parameter is a number" if parameters else "no parameters"
    if "run" in fields and all(_number_or_none(r["run"]) is not None for r in rows):
        return f"run ({what})", lambda k, r: float(r["run"])
    return f"row of results.csv ({what})", lambda k, r: float(k + 1)


def _kc_series(entries, table, x, y, x_scale):
    """Each car's K&C curve (tractive.kc) for each axle: y against x, x times x_scale."""
    series = []
    for e in entries:
        for axle, data in (e.get("kc") or {}).get("axles", {}).items():
            points = data.get(table, [])
            if len(points) > 1:
                series.append((f"{e['label']} {axle}", [p[x] * x_scale for p in points], [p[y] for p in points]))
    return series


def _understeer_curve(entries):
    """Each car's constant-radius samples: the front wheels' mean steer angle against the lateral
    acceleration (the classic understeer curve; its slope beyond the Ackermann angle is the
    understeer gradient)."""
    series = []
    for e in entries:
        columns = e.get("traces", {}).get("constant-radius")
        if not columns or "fl_steer_rad" not in columns or "fr_steer_rad" not in columns or "ay_m_per_s2" not in columns:
            continue
        xs = [a / G for a in columns["ay_m_per_s2"]]
        ys = [math.degrees(0.5 * (l + r)) for l, r in zip(columns["fl_steer_rad"], columns["fr_steer_rad"])]
        if xs:
            series.append((e["label"], xs, ys))
    return series


def _frequency_series(entries, stem, unit):
    """Each car's frequency-response figures named frequency-response.STEM<F>hz_UNIT (F as 0_1 for
    0.1 Hz) as a series against frequency, measured and, beside it, the single-track model's."""
    series = []
    for e in entries:
        for model in (False, True):
            prefix = "frequency-response." + ("model_" if model else "") + stem
            points = []
            for name, value in e.get("metrics", {}).items():
                if not name.startswith(prefix) or not name.endswith("hz_" + unit) or value is None:
                    continue
                try:
                    points.append((float(name[len(prefix):-len("hz_" + unit)].replace("_", ".", 1)), float(value)))
                except ValueError:
                    continue
            if len(points) > 1:
                points.sort()
                series.append((e["label"] + (" (single-track model)" if model else ""), [f for f, _ in points], [v for _, v in points]))
    return series


def _is_metric(field):
    standard, maneuvers = _test_names()
    return "." in field and field.split(".")[0] in standard + maneuvers


# --- the HTML file ------------------------------------------------------------------------------

def _fmt(v, none_text="failed"):
    if v is None:  # a figure the test did not give: it failed, or (none_text "n/a") it is beyond the car
        return none_text
    if isinstance(v, float):
        if math.isnan(v):
            return "n/a"
        return f"{v:.4g}"
    return html.escape(str(v))


def _metrics_table(entries):
    cars = [e for e in entries if e["kind"] == "car"]
    if not cars:
        return ""
    names = sorted({m for e in cars for m in e["metrics"]})
    head = "".join(f"<th>{html.escape(e['label'])}</th>" for e in cars)
    head += "".join(f"<th>{html.escape(e['label'])} - {html.escape(cars[0]['label'])}</th>" for e in cars[1:])
    body = []
    for m in names:
        base = cars[0]["metrics"].get(m)
        test = m.split(".")[0]
        cells = "".join(f"<td>{_fmt(e['metrics'].get(m, float('nan')), 'n/a' if e['status'].get(test, '').startswith('n/a') else 'failed')}</td>"
                        for e in cars)
        for e in cars[1:]:
            v = e["metrics"].get(m)
            if isinstance(v, float) and isinstance(base, float) and math.isfinite(v) and math.isfinite(base):
                pct = f" ({100 * (v - base) / base:+.1f} %)" if base else ""
                cells += f"<td>{v - base:+.4g}{pct}</td>"
            else:
                cells += "<td></td>"
        body.append(f"<tr><th>{html.escape(m)}</th>{cells}</tr>")
    status = "".join(
        f"<tr><th>{html.escape(t)} status</th>" + "".join(f"<td>{html.escape(e['status'].get(t, ''))}</td>" for e in cars) + "<td></td>" * (len(cars) - 1) + "</tr>"
        for t in sorted({t for e in cars for t in e["status"]})
    )
    return f"<h2>Metrics</h2><table class='metrics'><tr><th>metric</th>{head}</tr>{''.join(body)}{status}</table>"


def _sweep_tables(entries):
    out = []
    for e in entries:
        if e["kind"] != "sweep":
            continue
        head = "".join(f"<th>{html.escape(f)}</th>" for f in e["fields"])
        rows = "".join("<tr>" + "".join(f"<td>{html.escape(r.get(f, ''))}</td>" for f in e["fields"]) + "</tr>" for r in e["rows"])
        out.append(f"<h2>Sweep {html.escape(e['label'])}: {len(e['rows'])} runs</h2><div class='scroll'><table class='metrics'><tr>{head}</tr>{rows}</table></div>")
    return "".join(out)


def _vendor(name):
    path = VENDOR / name
    if not path.exists():
        raise InputError(f"{path}: uPlot is missing: expected the build to copy it from web/node_modules (npm ci --prefix web; scripts/setup.sh does)")
    return path.read_text(encoding="utf-8")


def _finite(values):
    return [v if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) else None for v in values]


# For tests only (tests/python/test_report.py): ways to write a page whose plots do not draw their
# data, to show that the page's self-check then says so. Chosen by `write_html(broken_for_tests=)`
# or the environment variable TRACTIVE_REPORT_BREAK_FOR_TESTS; never set by a user.
BROKEN_FOR_TESTS = {
    "no-data": "every series is written with no points",
    "no-drawing": "no series draws its lines or points",
    "unfiltered-points": "scatter series use uPlot's default points, which mode 2 does not draw (the bug before the fix)",
}


def write_html(entries, out_path, title, broken_for_tests=None):
    if broken_for_tests not in (None, "", *BROKEN_FOR_TESTS):
        raise ValueError(f"broken_for_tests={broken_for_tests!r}: expected one of {', '.join(BROKEN_FOR_TESTS)}")
    plots = _plots(entries)
    emptied = broken_for_tests == "no-data"
    data = [{"id": p["id"], "title": p["title"], "x": p["x"], "y": p["y"], "points": p["points"],
             "series": [{"label": label, "colour": COLOURS[i % len(COLOURS)],
                         "xs": [] if emptied else _finite(xs), "ys": [] if emptied else _finite(ys)}
                        for i, (label, xs, ys) in enumerate(p["series"])]} for p in plots]
    divs = "".join(f"<div class='plot' id='{p['id']}'></div>" for p in plots)
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>{_vendor("uPlot.min.css")}
body {{ font-family: sans-serif; margin: 1.5em; color: #222; }}
table.metrics {{ border-collapse: collapse; font-size: 13px; }}
table.metrics td, table.metrics th {{ border: 1px solid #ccc; padding: 2px 6px; text-align: right; }}
table.metrics th:first-child {{ text-align: left; }}
.plot {{ display: inline-block; margin: 0.5em 1em 1em 0; vertical-align: top; }}
.scroll {{ max-height: 30em; overflow: auto; }}
</style></head>
<body><h1>{html.escape(title)}</h1>
<p>{len(entries)} input(s): {", ".join(html.escape(e["label"]) for e in entries)}. Made by <code>tractive report</code>; plots by uPlot (MIT).</p>
{_metrics_table(entries)}
<h2>Traces</h2>{divs}
{_sweep_tables(entries)}
<pre id="selfcheck" hidden></pre>
<script>{_vendor("uPlot.iife.min.js")}</script>
<script>
const PLOTS = {json.dumps(data, separators=(",", ":"), allow_nan=False)};
const BROKEN_FOR_TESTS = {json.dumps(broken_for_tests or "")};  // "" but in tests (report.py: BROKEN_FOR_TESTS)

// Every plot is uPlot's mode 2: each series has its own [xs, ys]. uPlot 1.6 draws a series'
// points over the x scale's index window of mode 1, which mode 2 leaves unset: with no
// points.filter naming them, a scatter series draws nothing. Lines get every index in mode 2.
const everyPoint = (u, si) => {{
  const [xs, ys] = u.data[si], idxs = [];
  for (let i = 0; i < xs.length; i++) if (xs[i] != null && ys[i] != null) idxs.push(i);
  return idxs;
}};

function seriesOpts(p, s, show) {{
  const draws = BROKEN_FOR_TESTS != "no-drawing";
  return {{
    label: s.label, stroke: s.colour, width: p.points ? 0 : 1.5, show: show,
    paths: p.points || !draws ? () => null : uPlot.paths.linear(),
    points: p.points && draws
      ? {{ show: true, size: s.xs.length > 200 ? 4 : 8, width: 1, fill: s.colour, stroke: s.colour,
          filter: BROKEN_FOR_TESTS == "unfiltered-points" ? null : everyPoint }}
      : {{ show: false }},
    facets: [{{ scale: "x", auto: true }}, {{ scale: "y", auto: true }}],
  }};
}}

// Tick labels with the digits the tick spacing needs: uPlot.fmtNum keeps 3 decimals, so ticks
// 0.0005 apart all read "0.346" (a sweep's lateral g). Each tick is a multiple of the spacing
// `incr`: written to the fewest decimals (tens, hundreds for negative ones) that give every tick
// as it is, to a millionth of the spacing, so that adjacent ticks read differently. 8e6, not
// 8,000,000 (a sweep's brake pressures), which would overlap.
const roundTo = (v, decimals) => Math.round(v * 10 ** decimals) / 10 ** decimals;
function ticks(u, splits, axis, space, incr) {{
  const values = splits.filter(v => v != null);
  const spacing = incr > 0 ? incr : Math.max(...values.map(Math.abs)) || 1;
  let decimals = -15;
  while (decimals < 20 && values.some(v => Math.abs(roundTo(v, decimals) - v) > 1e-6 * spacing)) decimals++;
  const fixed = new Intl.NumberFormat(navigator.language, {{ minimumFractionDigits: Math.max(0, decimals),
                                                            maximumFractionDigits: Math.max(0, decimals) }});
  return splits.map(v => {{
    if (v == null) return "";
    const r = roundTo(v, decimals);
    return Math.abs(v) >= 1e5 ? Number(r.toPrecision(15)).toExponential().replace("e+", "e") : fixed.format(r);
  }});
}}

// shown(i): whether series i is drawn (the self-check draws the plot again with some hidden).
function makePlot(p, el, scales, shown) {{
  const opts = {{
    title: p.title, mode: 2, width: 560, height: 320,
    series: [{{}}].concat(p.series.map((s, i) => seriesOpts(p, s, shown(i)))),
    scales: scales, axes: [{{ label: p.x, values: ticks }}, {{ label: p.y, values: ticks }}], legend: {{ live: false }},
  }};
  return new uPlot(opts, [null].concat(p.series.map(s => [s.xs, s.ys])), el);
}}

// The x scale of mode 2 is fitted to the data: a scatter plot's is widened by 5 % a side, so
// that its first and last points are not cut in half at the edges.
const padded = (u, min, max) => {{
  const pad = 0.05 * (max - min) || 0.05 * Math.abs(min) || 1;
  return [min - pad, max + pad];
}};
const made = PLOTS.map(p => [p, makePlot(p, document.getElementById(p.id),
  {{ x: p.points ? {{ time: false, auto: true, range: padded }} : {{ time: false, auto: true }}, y: {{ auto: true }} }}, () => true)]);

// The self-check (docs/reports.md), written as JSON into <pre id="selfcheck">: for each plot's
// series, the points it was given ("points"), those with a finite x and y ("finite"), and those
// drawn ("drawn"): the series' colour is on the canvas at the point's pixel (or next to it) when
// the plot is drawn again off-screen, same size and scales, with that series alone, and is not
// there when it is drawn with no series at all ("blank" counts the points where it is). "on_page"
// counts the points whose pixel has the colour on the page's own plot, where a later series may
// cover an earlier one. A series is "ok" when it has finite points and at least 90 % of them are drawn.

// uPlot draws in a microtask after `new uPlot`: a task later (not a frame: headless Chromium
// may not draw frames) the canvases are drawn.
const afterDrawing = () => new Promise(resolve => setTimeout(resolve, 0));
const rgb = hex => [1, 3, 5].map(i => parseInt(hex.slice(i, i + 2), 16));

function hasColour(img, x, y, c) {{  // (x, y) in canvas pixels; a pixel or its 8 neighbours
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {{
    const px = Math.round(x) + dx, py = Math.round(y) + dy;
    if (px < 0 || py < 0 || px >= img.width || py >= img.height) continue;
    const k = 4 * (py * img.width + px), d = img.data;
    if (d[k + 3] >= 96 && Math.abs(d[k] - c[0]) <= 48 && Math.abs(d[k + 1] - c[1]) <= 48 && Math.abs(d[k + 2] - c[2]) <= 48) return true;
  }}
  return false;
}}

const pixels = u => u.ctx.getImageData(0, 0, u.ctx.canvas.width, u.ctx.canvas.height);

async function checkPlot(p, u) {{
  const fixed = {{ x: {{ time: false, auto: false, range: [u.scales.x.min, u.scales.x.max] }},
                  y: {{ auto: false, range: [u.scales.y.min, u.scales.y.max] }} }};
  const box = document.createElement("div");
  box.style.cssText = "position: absolute; left: -10000px; top: 0";
  document.body.appendChild(box);
  const blank = makePlot(p, box, fixed, () => false);
  const alone = p.series.map((_, k) => makePlot(p, box, fixed, i => i == k));
  await afterDrawing();
  const blankImg = pixels(blank), pageImg = pixels(u);
  const series = p.series.map((s, k) => {{
    const v = alone[k], img = pixels(v), c = rgb(s.colour);
    const r = {{ label: s.label, colour: s.colour, points: s.xs.length, finite: 0, drawn: 0, blank: 0, on_page: 0 }};
    for (let i = 0; i < s.xs.length; i++) {{
      if (s.xs[i] == null || s.ys[i] == null) continue;
      r.finite++;
      const x = v.valToPos(s.xs[i], "x", true), y = v.valToPos(s.ys[i], "y", true);
      const inBlank = hasColour(blankImg, x, y, c);
      if (inBlank) r.blank++;
      else if (hasColour(img, x, y, c)) r.drawn++;
      if (hasColour(pageImg, u.valToPos(s.xs[i], "x", true), u.valToPos(s.ys[i], "y", true), c)) r.on_page++;
    }}
    r.ok = r.finite > 0 && r.drawn >= 0.9 * r.finite;
    return r;
  }});
  blank.destroy();
  alone.forEach(v => v.destroy());
  box.remove();
  const legend = [...document.querySelectorAll("#" + p.id + " .u-legend .u-label")].map(e => e.textContent);
  // The tick labels uPlot wrote on the page's plot, x axis then y axis (its axes' _values).
  const tickLabels = u.axes.map(a => a._values || []);
  return {{ id: p.id, ok: series.length > 0 && series.every(s => s.ok), legend: legend, series: series, ticks: tickLabels }};
}}

(async () => {{
  const pre = document.getElementById("selfcheck");
  try {{
    await afterDrawing();
    const check = [];
    for (const [p, u] of made) check.push(await checkPlot(p, u));
    pre.textContent = JSON.stringify(check);
  }} catch (e) {{
    pre.textContent = JSON.stringify({{ error: String(e) }});
  }}
  pre.dataset.done = "1";
}})();
</script>
</body></html>
"""
    tmp = pathlib.Path(str(out_path) + ".part")
    try:
        tmp.write_text(page, encoding="utf-8")
        os.replace(tmp, out_path)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise InputError(f"{out_path}: cannot write: {e.strerror}")
    return plots


def write_pngs(plots, folder):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder = pathlib.Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"{folder}: cannot create the folder: {e.strerror}: expected a folder for the PNG files (--png)")
    written = []
    for p in plots:
        fig, ax = plt.subplots(figsize=(6.4, 4.0), dpi=150)
        for i, (label, xs, ys) in enumerate(p["series"]):
            colour = COLOURS[i % len(COLOURS)]
            if p["points"]:
                ax.scatter(xs, ys, s=2, color=colour, label=label)
            else:
                ax.plot(xs, ys, color=colour, linewidth=1.2, label=label)
        ax.set_title(p["title"])
        ax.set_xlabel(p["x"])
        ax.set_ylabel(p["y"])
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
        fig.tight_layout()
        path = folder / f"{p['id']}.png"
        try:
            fig.savefig(path)
        except OSError as e:
            raise InputError(f"{path}: cannot write: {e.strerror}")
        finally:
            plt.close(fig)
        written.append(path)
    return written


def check_outputs(html_path, png_folder=None):
    """InputError for an -o or --png that cannot be written, before anything is run or written:
    -o in a folder that does not exist, or a folder itself; --png a file, or under one."""
    html_path = pathlib.Path(html_path)
    if html_path.is_dir():
        raise InputError(f"{html_path}: a folder: expected the name of the HTML file to write (-o)")
    if not html_path.parent.is_dir():
        raise InputError(f"{html_path}: no such folder {html_path.parent}: expected -o in a folder that exists")
    if png_folder is not None:
        png_folder = pathlib.Path(png_folder)
        for p in (png_folder, *png_folder.parents):  # the folder, or the nearest of its parents that exists
            if p.exists():
                if not p.is_dir():
                    what = "a file" if p == png_folder else f"{p} is a file"
                    raise InputError(f"--png {png_folder}: {what}: expected a folder for the PNG files")
                break


def main(argv=None):
    parser = argparse.ArgumentParser(prog="tractive report", description="An HTML report of cars, set-ups, runs and sweeps (docs/reports.md)")
    parser.add_argument("inputs", nargs="+", help="CAR[@KEY=VALUE...], RUN.csv or SWEEP_DIR")
    parser.add_argument("-o", "--output", required=True, help="the HTML file to write")
    parser.add_argument("--png", metavar="DIR", help="also draw every plot as a PNG in DIR (matplotlib)")
    parser.add_argument("--title", default="tractive report")
    parser.add_argument("--tests", help="what the cars run, comma-separated: standard tests and handling manoeuvres (default: every standard test)")
    parser.add_argument("--data-root", default="", help="VDrift data folder for .car files (as tractive info --data-root)")
    parser.add_argument("--vdrift-tyres", "--vdrift-tires", dest="vdrift_tyres", default="tire", choices=("tire", "tiren", "tirep"),
                        help="which VDrift tyre files a .car reads (--vdrift-tires: its former name)")
    args = parser.parse_args(argv)
    try:
        check_outputs(args.output, args.png)
        entries = load_inputs(args.inputs, args.tests.split(",") if args.tests is not None else None, args.data_root, args.vdrift_tyres)
        plots = write_html(entries, args.output, args.title, os.environ.get("TRACTIVE_REPORT_BREAK_FOR_TESTS"))
        sys.stderr.write(f"wrote {args.output}: {len(plots)} plots of {len(entries)} input(s)\n")
        if args.png:
            written = write_pngs(plots, args.png)
            sys.stderr.write(f"wrote {len(written)} PNG files to {args.png}\n")
    except InputError as e:
        sys.stderr.write(f"error: {e}\n")
        return EXIT_BAD_INPUT
    return 0


if __name__ == "__main__":
    sys.exit(main())
