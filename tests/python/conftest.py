import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def cars_dir():
    return ROOT / "examples" / "cars"


@pytest.fixture
def cli():
    return os.environ.get("TRACTIVE_CLI", str(ROOT / "build" / "tractive"))
