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
    load_car,
    load_ground,
    road,
    run_tests,
    standard_test_names,
)
from . import _tractive

__all__ = [
    "ACTION_COLUMNS",
    "OBSERVATION_COLUMNS",
    "Batch",
    "Car",
    "Ground",
    "LoadError",
    "Vehicle",
    "apply_settings",
    "car_from_toml",
    "load_car",
    "load_ground",
    "road",
    "run",
    "run_tests",
    "standard_test_names",
    "to_dataframe",
]

_CONTROL_COLUMNS = ("time", "throttle", "brake", "clutch", "steering", "handbrake", "gear", "shift_up", "shift_down", "start")


def _controls_csv(controls):
    """Controls as the CSV text `tractive run --controls` reads: a path, CSV text, or a mapping of
    equal-length sequences by column name (time required; docs/road.md)."""
    import os

    if isinstance(controls, (str, os.PathLike)):
        text = str(controls)
        if "\n" not in text and os.path.exists(text):
            with open(text, encoding="utf-8") as f:
                return f.read()
        return text
    columns = [c for c in _CONTROL_COLUMNS if c in controls]
    unknown = set(controls) - set(_CONTROL_COLUMNS)
    if unknown:
        raise ValueError(f"controls: unknown column(s) {sorted(unknown)}: expected some of {list(_CONTROL_COLUMNS)}")
    if "time" not in controls:
        raise ValueError("controls: expected a 'time' column (s)")
    length = len(controls["time"])
    if any(len(controls[c]) != length for c in columns):
        raise ValueError("controls: expected columns of equal length")
    lines = [",".join(columns)]
    for i in range(length):
        cells = []
        for c in columns:
            v = controls[c][i]
            cells.append(str(int(v)) if c in ("gear", "shift_up", "shift_down", "start") else repr(float(v)))
        lines.append(",".join(cells))
    return "\n".join(lines) + "\n"


def run(car, controls, duration_s=-1.0, interval_s=0.01, mode="", abs=None, tcs=None, ground=None, as_frame=False):
    """Drives `car` with time-stamped controls through the control layer, as `tractive run` does,
    and returns its telemetry (docs/telemetry.md) as a dict of numpy arrays by column name, or a
    pandas DataFrame with as_frame=True."""
    columns = _tractive.run(car, _controls_csv(controls), duration_s, interval_s, mode, abs, tcs, ground)
    return to_dataframe(columns) if as_frame else columns


def apply_settings(car, settings):
    """Sets each "KEY=VALUE" (a dotted key of the TOML car format; the value read as JSON, else as
    text: "automatic") on the car, in order. Raises LoadError (a ValueError) naming the key."""
    import json

    for s in settings:
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
