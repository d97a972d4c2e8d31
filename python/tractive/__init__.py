"""tractive: vehicle dynamics from Python (docs/python.md).

    import tractive
    car = tractive.load_car("examples/cars/roadster.toml")
    car.set("wheels.front.suspension.spring_n_per_m", 3.2e4)
    results = tractive.run_tests(car, ["braking", "skidpad"])
    telemetry = tractive.run(car, {"time": [0, 5], "throttle": [1, 0], "gear": [1, 1]}, duration_s=8)

    batch = tractive.Batch([car] * 1000, threads=2)
    obs, infos = batch.reset(seed=1)
    obs, rewards, terminations, truncations, infos = batch.step(actions)   # actions: (N, 6)
"""

from ._tractive import (  # noqa: F401  (the compiled part)
    ACTION_COLUMNS,
    OBSERVATION_COLUMNS,
    Batch,
    Car,
    Ground,
    LoadError,
    Vehicle,
    car_from_toml,
    car_parameters,
    load_car,
    load_ground,
    maneuver_names,
    road,
    run_maneuver,
    run_tests,
    standard_test_names,
    update_together,
)
from . import _tractive

__all__ = [
    "ACTION_COLUMNS",
    "OBSERVATION_COLUMNS",
    "Batch",
    "Car",
    "Ground",
    "LoadError",
    "MAX_RUN_ROWS",
    "NoSuchFileError",
    "Vehicle",
    "apply_settings",
    "car_from_toml",
    "car_parameters",
    "load_car",
    "load_ground",
    "maneuver_names",
    "road",
    "run",
    "run_maneuver",
    "kc",
    "run_tests",
    "standard_test_names",
    "to_dataframe",
    "update_together",
]

_CONTROL_COLUMNS = ("time", "throttle", "brake", "clutch", "steering", "handbrake", "gear", "shift_up", "shift_down", "start")
_INTEGER_COLUMNS = ("gear", "shift_up", "shift_down", "start")
MAX_RUN_ROWS = 1_000_000  # telemetry rows one `run` returns (duration_s / interval_s + 1)
_MAX_CONTROLS_BYTES = 64 << 20


class NoSuchFileError(LoadError, FileNotFoundError):
    """A path that names no file ("PATH: no such file", as the CLI says): a tractive.LoadError (a
    ValueError) and a FileNotFoundError both, so either catches it."""


def _read_controls(controls):
    """The controls as the CSV text `tractive run --controls` reads, and the label that errors in
    them are reported with (the file's path, or "controls"). The rule, whatever the string holds:

    - a str with a newline in it is CSV text (a header line, then rows);
    - any other str, or an os.PathLike, is the path of a CSV file (UTF-8): a missing one raises
      NoSuchFileError "PATH: no such file" (a LoadError and a FileNotFoundError);
    - a mapping of equal-length sequences of numbers by column name (time required) is turned
      into CSV text.
    """
    import collections.abc
    import math
    import os

    if isinstance(controls, str) and "\n" in controls:
        return controls, "controls"
    if isinstance(controls, (str, os.PathLike)):
        path = os.fspath(controls)
        if not isinstance(path, str):
            raise TypeError(f"controls: expected a path as a str, got {path!r}")
        if not os.path.exists(path):
            hint = " (CSV text needs a newline: a str without one is a path)" if "," in path else ""
            raise NoSuchFileError(f"{path}: no such file{hint}")
        if not os.path.isfile(path):
            raise LoadError(f"{path}: not a regular file: expected a controls CSV file")
        size = os.path.getsize(path)
        if size > _MAX_CONTROLS_BYTES:
            raise LoadError(f"{path}: file is {size:,} bytes: expected a controls CSV file of at most {_MAX_CONTROLS_BYTES:,} bytes")
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise LoadError(f"{path}: cannot read: {e.strerror}") from None
        try:
            return data.decode("utf-8-sig"), path
        except UnicodeDecodeError as e:
            raise LoadError(f"{path}: invalid UTF-8 at byte {e.start}: expected a controls CSV file (text)") from None
    if not isinstance(controls, collections.abc.Mapping):
        raise TypeError(f"controls: expected a path, CSV text (a str with a newline) or a dict of columns, got {type(controls).__name__}")
    unknown = [c for c in controls if c not in _CONTROL_COLUMNS]
    if unknown:
        raise LoadError(f"controls: unknown column(s) {unknown}: expected some of {list(_CONTROL_COLUMNS)}")
    if "time" not in controls:
        raise LoadError("controls: expected a 'time' column (s)")
    columns = [c for c in _CONTROL_COLUMNS if c in controls]
    for c in columns:
        if isinstance(controls[c], (str, bytes)) or not hasattr(controls[c], "__len__"):
            raise LoadError(f"controls: '{c}': expected a sequence of numbers, got {type(controls[c]).__name__}")
    length = len(controls["time"])
    if length == 0:
        raise LoadError("controls: 'time': expected at least one row")
    for c in columns:
        if len(controls[c]) != length:
            raise LoadError(f"controls: '{c}': expected {length} values (as many as 'time'), got {len(controls[c])}")
    lines = [",".join(columns)]
    for i in range(length):
        cells = []
        for c in columns:
            v = controls[c][i]
            if c == "gear" and v in ("R", "N"):  # reverse, neutral, as in the CSV
                cells.append(v)
                continue
            try:
                x = float(v)
            except (TypeError, ValueError):
                raise LoadError(f"controls: '{c}'[{i}]: expected a number, got {v!r}") from None
            if not math.isfinite(x):
                raise LoadError(f"controls: '{c}'[{i}]: expected a finite number, got {v!r}")
            if c in _INTEGER_COLUMNS:
                if x != int(x):
                    raise LoadError(f"controls: '{c}'[{i}]: expected a whole number, got {v!r}")
                cells.append(str(int(x)))
            else:
                cells.append(repr(x))
        lines.append(",".join(cells))
    return "\n".join(lines) + "\n", "controls"


def _controls_csv(controls):
    """Controls as the CSV text `tractive run --controls` reads (see _read_controls for the rule)."""
    return _read_controls(controls)[0]


def _last_control_time(text):
    """The last row's time in controls CSV text, or None where it cannot tell (the run's own parser
    then reports what is wrong)."""
    import csv

    lines = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    rows = list(csv.reader(lines))
    try:
        column = [cell.strip() for cell in rows[0]].index("time")
        return float(rows[-1][column])
    except (IndexError, ValueError):
        return None


def kc(car):
    """The car's K&C report (docs/maneuvers.md, "K&C") as nested dicts: the JSON of
    `tractive kc --json` (rates, ride frequencies, camber and toe against travel and roll, roll
    stiffness, force heights, anti-dive / anti-squat)."""
    import json

    if not isinstance(car, Car):
        raise TypeError(f"car: expected a tractive.Car (tractive.load_car), got {type(car).__name__}")
    return json.loads(_tractive.kc_json(car))


def run(car, controls, duration_s=-1.0, interval_s=0.01, mode="", abs=None, tcs=None, ground=None, as_frame=False, esc=None):
    """Drives `car` with time-stamped controls through the control layer, as `tractive run` does,
    and returns its telemetry (docs/telemetry.md) as a dict of numpy arrays by column name, or a
    pandas DataFrame with as_frame=True.

    controls: a str with a newline in it is CSV text; any other str (or os.PathLike) is the path
    of a CSV file ("PATH: no such file", NoSuchFileError, when there is none); or a dict of
    columns by name (docs/road.md). duration_s: seconds to drive, or negative (the default) for
    up to the last control row's time. A row is kept every interval_s (at least the internal
    step, 0.008 s), at most MAX_RUN_ROWS rows. Bad controls raise LoadError naming the file (or
    "controls"), the line and the column; bad arguments ValueError or TypeError naming them.
    """
    import math
    import numbers

    if not isinstance(car, Car):
        raise TypeError(f"car: expected a tractive.Car (tractive.load_car), got {type(car).__name__}")
    for name, value in (("duration_s", duration_s), ("interval_s", interval_s)):
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
            raise ValueError(f"{name}: expected a finite number of seconds, got {value!r}")
    if not isinstance(mode, str):
        raise TypeError(f"mode: expected 'manual', 'sequential', 'automatic' or '' (the car's own), got {mode!r}")
    for name, value in (("abs", abs), ("tcs", tcs), ("esc", esc)):
        if value is not None and not isinstance(value, bool):
            raise TypeError(f"{name}: expected True, False or None (the car's own), got {value!r}")
    if ground is not None and not isinstance(ground, Ground):
        raise TypeError(f"ground: expected a tractive.Ground (tractive.road, tractive.load_ground) or None, got {type(ground).__name__}")
    text, label = _read_controls(controls)
    end_s = duration_s if duration_s >= 0 else _last_control_time(text)
    if end_s is not None and interval_s > 0 and math.isfinite(end_s):
        ratio = end_s / interval_s  # a float: 1e308 / 0.01 is inf, which no row count holds
        if not math.isfinite(ratio) or ratio + 1 > MAX_RUN_ROWS:
            rows = f"{math.floor(ratio + 1e-9) + 1:,}" if math.isfinite(ratio) else "more than 1e308"
            what = f"duration_s {duration_s:g}" if duration_s >= 0 else f"{label}: the last row's time {end_s:g} s"
            raise ValueError(f"{what} / interval_s {interval_s:g} gives {rows} telemetry rows: expected at most "
                             f"{MAX_RUN_ROWS:,} (a longer interval_s, or `tractive run --out`, which writes them as it goes)")
    try:
        columns = _tractive.run(car, text, float(duration_s), float(interval_s), mode, abs, tcs, esc, ground)
    except LoadError as e:
        message = str(e)
        if label != "controls" and message.startswith("controls:"):
            raise LoadError(label + message[len("controls"):]) from None
        raise
    return to_dataframe(columns) if as_frame else columns


def apply_settings(car, settings):
    """Sets each "KEY=VALUE" (a dotted key of the TOML car format; the value read as JSON, else as
    text: "automatic") on the car, in order. Raises LoadError (a ValueError) naming the key."""
    import json

    if isinstance(settings, (str, bytes)):
        raise TypeError(f"settings: expected a list of \"KEY=VALUE\" strings, got one {type(settings).__name__} (put it in a list)")
    for s in settings:
        if not isinstance(s, str):
            raise TypeError(f"settings: expected \"KEY=VALUE\" strings, got {s!r}")
        key, eq, value = s.partition("=")
        if not eq:
            raise ValueError(f"{s}: expected KEY=VALUE")
        try:
            value = json.loads(value)
        except json.JSONDecodeError:
            pass
        car.set(key.strip(), value)
    return car


def to_dataframe(columns):
    """A dict of columns (a run's telemetry) as a pandas DataFrame (pandas needed)."""
    import pandas

    return pandas.DataFrame(columns)
