"""Executable documentation: every example in README.md and docs/*.md runs as written.

Run it with `/usr/bin/python3 -m pytest -q -p no:cacheprovider tests/docs/doc_test.py` from the
repository (ctest runs it as `Docs.EveryExampleRunsAsWritten`). Each runnable block of each page
is one test case, named `FILE:LINE` (the line of its opening fence).

The convention (also in tests/docs/README.md)
=============================================

Fenced blocks tagged ```sh, ```bash or ```shell are shell, ```python (or ```py) Python: these
run. Every other block (untagged, ```text, ```toml, ```cpp, ...) is data and does not run.

Runnable blocks run in the order of the page, in one scratch folder per page that holds a
symbolic link to every top-level entry of the repository (so `./build/tractive`,
`examples/cars/roadster.toml` and `scripts/...` work as from the repository's root, while a file a
block writes by a relative path lands in the scratch folder). `tractive` is the build's binary
(the build folder is first on PATH). Shell blocks run with `bash -e` (a failing command fails the
block); background processes a block starts are stopped when it ends. Python blocks run under
/usr/bin/python3 with PYTHONPATH=build/python; the Python blocks of one page share one
interpreter session, in order, and a bare expression statement prints its repr, as at the
interactive prompt. Each block has 120 s. A block passes when it exits with status 0 and every
check attached to it holds; its output is stdout and stderr together.

Markers are HTML comments (invisible on the rendered page), one per line:

<!-- doc-test: skip (REASON) -->
    Directly before a runnable block: do not run it. The reason is required (e.g. it needs a
    person at the window, or a fresh machine, or starts servers that do not end).

<!-- doc-test: output of the block above, numbers within T % -->
    Directly before a data block: it is the expected output of the nearest runnable block above.
    Compared line by line, blank lines ignored and runs of blanks taken as one; a line `...`
    stands for any number of lines, and `...` within a line for any text. Numbers are parsed
    (`1,234.5`, `-0.02`, `1e-6`) and compared within T % of the documented value or, when T > 0,
    one unit in its last printed digit, whichever is larger; all other text must be equal.

<!-- doc-test: expect "REGEX" ~ T % -->
    Anywhere after a runnable block (before the next one): REGEX (Python `re`, multi-line mode)
    must be found in that block's output. Each group written as a bare number, e.g.
    `final speed (59.22) km/h`, matches any number there, which must agree with the written one
    as above. `~ T %` may be left out: then the numbers must be equal. This is how figures stated
    in prose are tied to the run they come from.

<!-- doc-test: not checked (REASON) -->
    Beside figures that are not checked, saying why (e.g. measured timings, which vary by
    machine). It does nothing but say so.

<!-- doc-test: file NAME -->
    Directly before a data block: the page's later blocks find its text in the scratch folder
    as NAME (e.g. a controls CSV shown on the page and then run).

<!-- doc-test: same as PATH -->
    Directly before a data block: it must be the text of the repository's file PATH (shown as
    "saved as ..." on a page).

A marker that is misspelt, misplaced or lacks its reason fails the page's `FILE:markers` case.
A shell block that would configure, build or test (cmake, ctest, ninja, scripts/setup.sh,
scripts/test.sh) fails without running unless it is skipped: the doc test runs inside that build.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(os.environ.get("TRACTIVE_ROOT", Path(__file__).resolve().parents[2])).resolve()
BUILD = Path(os.environ.get("TRACTIVE_BUILD", ROOT / "build")).resolve()
PYTHON = os.environ.get("TRACTIVE_DOC_PYTHON", "/usr/bin/python3")
BLOCK_TIMEOUT_S = 120.0

SHELL_TAGS = {"sh", "bash", "shell"}
PYTHON_TAGS = {"python", "py", "python3"}
# Commands that would configure, build or test the build folder the doc test itself runs in.
BUILDS_RE = re.compile(r"(?:^|[\s;&|(])(?:cmake\s|ctest\b|ninja\b|(?:\./)?scripts/(?:setup|test)\.sh\b)",
                       re.MULTILINE)
# A block that names a path under /tmp shares it with every other run on the machine (a previous
# CI run's sweep folder made the next one's `--out /tmp/springs` refuse to resume another sweep):
# a page's files belong in its own scratch folder, the block's working directory.
SHARED_TMP_RE = re.compile(r"(?<![\w.~])/tmp/")


def doc_files() -> list[Path]:
    return [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))


# ------------------------------------------------------------------------------------------------
# Numbers and comparison

# A number: optional sign (only where it does not follow a letter, digit or point: "MX-5" is
# "MX-" and 5, "2,230-2,480" is 2230, "-" and 2480), thousands separated by commas or not,
# decimals, exponent.
NUMBER = r"(?:(?<![\w.])[-+])?(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?"
NUMBER_RE = re.compile(NUMBER)


def number_value(text: str) -> float:
    return float(text.replace(",", ""))


def last_digit_unit(text: str) -> float:
    """One unit in the last printed digit of a number as written ("34.5" -> 0.1, "7500" -> 1)."""
    mantissa, _, exponent = text.replace(",", "").lower().partition("e")
    decimals = len(mantissa.partition(".")[2])
    return 10.0 ** (-decimals + (int(exponent) if exponent else 0))


def numbers_agree(expected: str, actual: str, tolerance_pct: float) -> bool:
    e, a = number_value(expected), number_value(actual)
    allowed = tolerance_pct / 100.0 * abs(e)
    if tolerance_pct > 0:
        allowed = max(allowed, last_digit_unit(expected) * (1 + 1e-9))
    return abs(a - e) <= allowed + 1e-12 * max(abs(e), 1.0)


def line_pattern(expected: str) -> tuple[re.Pattern, list[str]]:
    """A documented output line as a regex: numbers captured, blanks as blanks, `...` as any text."""
    parts: list[str] = []
    numbers: list[str] = []
    pos = 0
    for m in NUMBER_RE.finditer(expected):
        parts.append(literal_pattern(expected[pos:m.start()]))
        parts.append(f"({NUMBER})")
        numbers.append(m.group(0))
        pos = m.end()
    parts.append(literal_pattern(expected[pos:]))
    return re.compile("".join(parts)), numbers


def literal_pattern(text: str) -> str:
    out = []
    for i, piece in enumerate(text.split("...")):
        if i:
            out.append(".*?")
        out.append(r"\s+".join(re.escape(word) for word in re.split(r"\s+", piece)))
    return "".join(out)


def normalised_lines(text: str) -> list[str]:
    return [line.strip() for line in text.replace("\r", "\n").splitlines() if line.strip()]


def compare_output(expected_text: str, actual_text: str, tolerance_pct: float) -> list[str]:
    """The differences between documented and actual output, as readable lines (none: they agree)."""
    expected = normalised_lines(expected_text)
    actual = normalised_lines(actual_text)
    patterns = [None if line == "..." else line_pattern(line) for line in expected]

    def line_problem(i: int, j: int) -> str | None:
        pattern, numbers = patterns[i]
        m = pattern.fullmatch(actual[j])
        if not m:
            return f"expected `{expected[i]}`\n       got `{actual[j]}`"
        bad = [f"{e} (got {a})" for e, a in zip(numbers, m.groups()) if not numbers_agree(e, a, tolerance_pct)]
        if bad:
            return (f"expected `{expected[i]}`\n       got `{actual[j]}`: "
                    f"{', '.join(bad)} not within {tolerance_pct:g} %")
        return None

    # Match with `...` lines standing for any run of lines (memoised search); remember the
    # furthest point reached, to report the first line that did not match there.
    memo: dict[tuple[int, int], bool] = {}
    furthest = [(-1, -1, None)]

    def match(i: int, j: int) -> bool:
        key = (i, j)
        if key in memo:
            return memo[key]
        if i == len(expected):
            ok = j == len(actual)
            if not ok and i > furthest[0][0]:
                furthest[0] = (i, j, f"unexpected output from `{actual[j]}` on")
        elif patterns[i] is None:
            ok = match(i + 1, j) or (j < len(actual) and match(i, j + 1))
        elif j == len(actual):
            ok = False
            if i > furthest[0][0]:
                furthest[0] = (i, j, f"expected `{expected[i]}`, but the output ended")
        else:
            problem = line_problem(i, j)
            ok = problem is None and match(i + 1, j + 1)
            if problem and i > furthest[0][0]:
                furthest[0] = (i, j, problem)
        memo[key] = ok
        return ok

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * (len(expected) + len(actual)) + 1000))
    if match(0, 0):
        return []
    i, j, problem = furthest[0]
    return [f"output line {j + 1}: {problem}" if problem else "the output differs"]


def expected_pattern(regex: str) -> tuple[re.Pattern, list[str]]:
    """An expect marker's regex with each group written as a bare number matching any number."""
    numbers: list[str] = []

    def replace(m: re.Match) -> str:
        numbers.append(m.group(1))
        return f"({NUMBER})"

    pattern = re.sub(r"(?<!\\)\((" + NUMBER + r")\)", replace, regex)
    return re.compile(pattern, re.MULTILINE), numbers


def check_expect(regex: str, tolerance_pct: float, output: str) -> str | None:
    pattern, numbers = expected_pattern(regex)
    m = pattern.search(output)
    if not m:
        loose = re.compile(pattern.pattern.replace(f"({NUMBER})", f"({NUMBER}|[^\\s]+)"), re.MULTILINE)
        return f'expected "{regex}" in the output: not found' + (
            f" (nearest: `{loose.search(output).group(0)}`)" if loose.search(output) else "")
    groups = m.groups()
    got = [groups[k] for k in range(len(numbers))] if numbers else []
    bad = [f"{e} (got {a})" for e, a in zip(numbers, got) if not numbers_agree(e, a, tolerance_pct)]
    if bad:
        return f'expected "{regex}": found `{m.group(0)}`: {", ".join(bad)} not within {tolerance_pct:g} %'
    return None


# ------------------------------------------------------------------------------------------------
# Pages, blocks and markers

@dataclasses.dataclass
class Expect:
    line: int
    regex: str
    tolerance_pct: float


@dataclasses.dataclass
class Block:
    path: str          # as shown: relative to the repository
    line: int          # the opening fence's line, from 1
    tag: str
    text: str
    end_offset: int = 0
    start_offset: int = 0
    skip: str | None = None
    outputs: list = dataclasses.field(default_factory=list)   # (data block, tolerance) after it
    expects: list = dataclasses.field(default_factory=list)
    file_name: str | None = None
    same_as: str | None = None
    output_tolerance: float | None = None   # this data block is the output of the block above

    @property
    def kind(self) -> str:
        if self.tag in SHELL_TAGS:
            return "sh"
        if self.tag in PYTHON_TAGS:
            return "python"
        return "data"

    @property
    def id(self) -> str:
        return f"{self.path}:{self.line}"


@dataclasses.dataclass
class Page:
    path: str
    blocks: list[Block]
    errors: list[str]
    not_checked: list[tuple[int, str]]

    @property
    def runnable(self) -> list[Block]:
        return [b for b in self.blocks if b.kind != "data"]


FENCE_RE = re.compile(r"^([ \t]*)(`{3,}|~{3,})[ \t]*([^\s`]*)[^\n`]*$")
MARKER_RE = re.compile(r"<!--\s*doc-test:(.*?)-->", re.DOTALL)
TOLERANCE = r"(?P<tol>[0-9]+(?:\.[0-9]+)?)\s*%"
MARKER_FORMS = {
    "skip": re.compile(r"skip\s*\((?P<reason>.*\S.*)\)"),
    "not checked": re.compile(r"not checked\s*\((?P<reason>.*\S.*)\)"),
    "output": re.compile(r"output of the block above,\s*numbers within\s*" + TOLERANCE),
    "expect": re.compile(r'expect\s+"(?P<regex>.*)"(?:\s*~\s*' + TOLERANCE + r")?"),
    "file": re.compile(r"file\s+(?P<name>[\w./-]+)"),
    "same as": re.compile(r"same as\s+(?P<name>[\w./-]+)"),
}


def parse_page(text: str, path: str) -> Page:
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)

    def line_of(offset: int) -> int:
        lo, hi = 0, len(offsets) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if offsets[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    blocks: list[Block] = []
    errors: list[str] = []
    i = 0
    while i < len(lines):
        m = FENCE_RE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, tag = m.group(1), m.group(2), m.group(3).lower()
        body = []
        j = i + 1
        while j < len(lines):
            stripped = lines[j].strip()
            if stripped.startswith(fence[0] * len(fence)) and set(stripped) == {fence[0]}:
                break
            body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j].lstrip())
            j += 1
        if j == len(lines):
            errors.append(f"{path}:{i + 1}: a fenced block that is never closed")
        blocks.append(Block(path, i + 1, tag, "\n".join(body) + ("\n" if body else ""),
                            start_offset=offsets[i], end_offset=offsets[min(j + 1, len(lines))]))
        i = j + 1

    def inside_block(offset: int) -> bool:
        return any(b.start_offset <= offset < b.end_offset for b in blocks)

    events = [(b.start_offset, "block", b) for b in blocks]
    for m in MARKER_RE.finditer(text):
        if not inside_block(m.start()):
            events.append((m.start(), "marker", m))
    events.sort(key=lambda e: e[0])

    pending: list[tuple[str, re.Match, int, int]] = []   # (form, match, line, end offset)
    last_runnable: Block | None = None
    not_checked: list[tuple[int, str]] = []
    for offset, what, item in events:
        if what == "marker":
            body = " ".join(item.group(1).split())
            line = line_of(offset)
            form = next((name for name, rx in MARKER_FORMS.items() if rx.fullmatch(body)), None)
            if form is None:
                errors.append(f"{path}:{line}: not a doc-test marker (see tests/docs/README.md): "
                              f"<!-- doc-test: {body} -->")
                continue
            fm = MARKER_FORMS[form].fullmatch(body)
            if form == "not checked":
                not_checked.append((line, fm.group("reason")))
            elif form == "expect":
                if last_runnable is None:
                    errors.append(f"{path}:{line}: an expect marker with no runnable block above it")
                    continue
                try:
                    expected_pattern(fm.group("regex"))
                except re.error as e:
                    errors.append(f"{path}:{line}: expect marker: not a regular expression: {e}")
                    continue
                last_runnable.expects.append(Expect(line, fm.group("regex"), float(fm.group("tol") or 0)))
            else:
                pending.append((form, fm, line, item.end()))
            continue
        block: Block = item
        for form, fm, line, end in pending:
            between = text[end:block.start_offset]
            if MARKER_RE.sub("", between).strip():
                errors.append(f"{path}:{line}: the '{form}' marker must come directly before a block")
                continue
            if form == "skip":
                if block.kind == "data":
                    errors.append(f"{path}:{line}: a skip marker before a data block (it would not run anyway)")
                block.skip = fm.group("reason").strip()
            elif block.kind != "data":
                errors.append(f"{path}:{line}: the '{form}' marker must come before a data block, "
                              f"not a {block.tag} block")
            elif form == "output":
                if last_runnable is None or last_runnable.skip:
                    errors.append(f"{path}:{line}: an output marker with no block that runs above it")
                else:
                    block.output_tolerance = float(fm.group("tol"))
                    last_runnable.outputs.append(block)
            elif form == "file":
                block.file_name = fm.group("name")
            elif form == "same as":
                block.same_as = fm.group("name")
        pending = []
        if block.kind != "data":
            last_runnable = block
    for form, _, line, _ in pending:
        errors.append(f"{path}:{line}: a '{form}' marker with no block after it")
    for b in blocks:
        if b.skip and b.expects:
            errors.append(f"{path}:{b.expects[0].line}: an expect marker after a skipped block")
    return Page(path, blocks, errors, not_checked)


def load_page(file: Path) -> Page:
    try:
        shown = str(file.resolve().relative_to(ROOT))
    except ValueError:
        shown = str(file)
    return parse_page(file.read_text(encoding="utf-8"), shown)


# ------------------------------------------------------------------------------------------------
# Running a page

PYTHON_SESSION = r'''
import ast, json, os, sys, traceback
reply = os.fdopen(os.dup(1), "w")
requests = os.fdopen(os.dup(0), "r")
devnull = os.open(os.devnull, os.O_RDONLY)
os.dup2(devnull, 0)
scope = {"__name__": "__main__", "__builtins__": __builtins__}
for request in requests:
    request = json.loads(request)
    sys.stdout.flush(); sys.stderr.flush()
    out = os.open(request["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    saved = os.dup(1), os.dup(2)
    os.dup2(out, 1); os.dup2(out, 2)
    ok = True
    try:
        tree = ast.parse(request["code"], request["file"])
        ast.increment_lineno(tree, request["line"])
        for statement in tree.body:
            if isinstance(statement, ast.Expr):
                code = compile(ast.Interactive([statement]), request["file"], "single")
            else:
                code = compile(ast.Module([statement], []), request["file"], "exec")
            exec(code, scope)
    except SystemExit as e:
        ok = e.code in (None, 0)
    except BaseException:
        traceback.print_exc()
        ok = False
    sys.stdout.flush(); sys.stderr.flush()
    os.dup2(saved[0], 1); os.dup2(saved[1], 2)
    for fd in (out, *saved):
        os.close(fd)
    reply.write(json.dumps({"ok": ok}) + "\n"); reply.flush()
'''


@dataclasses.dataclass
class Result:
    ran: bool
    problems: list[str]
    output: str = ""
    seconds: float = 0.0


class PageRun:
    """Runs a page's blocks in order, in its scratch folder; each block at most once."""

    def __init__(self, page: Page):
        self.page = page
        self.scratch = Path(tempfile.mkdtemp(prefix="tractive-doc-test-"))
        for entry in ROOT.iterdir():
            if entry.name != ".git":
                (self.scratch / entry.name).symlink_to(entry)
        if (self.scratch / "build").is_symlink() and (ROOT / "build").resolve() != BUILD:
            (self.scratch / "build").unlink()
        if not (self.scratch / "build").exists():
            (self.scratch / "build").symlink_to(BUILD)
        self.env = dict(os.environ)
        self.env["PATH"] = f"{BUILD}{os.pathsep}{self.env.get('PATH', '')}"
        self.env.pop("PYTHONPATH", None)
        self.env.setdefault("MPLBACKEND", "Agg")
        self.python: subprocess.Popen | None = None
        self.results: dict[int, Result] = {}
        self.next = 0

    def close(self):
        if self.python:
            self.python.kill()
            self.python.wait()
            self.python = None
        shutil.rmtree(self.scratch, ignore_errors=True)

    def result(self, block: Block) -> Result:
        index = self.page.blocks.index(block)
        while self.next <= index:
            b = self.page.blocks[self.next]
            self.next += 1
            if b.file_name:
                target = (self.scratch / b.file_name)
                if ROOT in target.resolve().parents or target.resolve() == ROOT:
                    self.results[self.next - 1] = Result(False, [f"'file {b.file_name}' would write into the repository"])
                else:
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_text(b.text)
            if b.kind == "data":
                continue
            self.results[self.next - 1] = self.run_block(b)
        return self.results.get(index, Result(False, []))

    def run_block(self, block: Block) -> Result:
        if block.skip:
            return Result(False, [])
        if block.kind == "sh" and BUILDS_RE.search(block.text):
            return Result(False, ["would configure, build or test the build folder the doc test runs in "
                                  "(cmake, ctest, ninja, scripts/setup.sh, scripts/test.sh): not run; "
                                  "skip it with a reason"])
        if SHARED_TMP_RE.search(block.text):
            return Result(False, ["names a path under /tmp, which other runs share: use a relative path "
                                  "(a block runs in its page's own scratch folder)"])
        start = time.monotonic()
        out_path = self.scratch / f".doc-test-output-{block.line}"
        if block.kind == "sh":
            ok, timed_out = self.run_shell(block, out_path)
        else:
            ok, timed_out = self.run_python(block, out_path)
        seconds = time.monotonic() - start
        output = out_path.read_text(encoding="utf-8", errors="replace") if out_path.exists() else ""
        problems = []
        if timed_out:
            problems.append(f"did not finish within {BLOCK_TIMEOUT_S:g} s")
        elif not ok:
            problems.append("failed (a command exited with a non-zero status, or Python raised)")
        for out_block in block.outputs:
            diff = compare_output(out_block.text, output, out_block.output_tolerance)
            problems += [f"the output block at {out_block.id}: {d}" for d in diff]
        for expect in block.expects:
            problem = check_expect(expect.regex, expect.tolerance_pct, output)
            if problem:
                problems.append(f"{block.path}:{expect.line}: {problem}")
        return Result(True, problems, output, seconds)

    def run_shell(self, block: Block, out_path: Path) -> tuple[bool, bool]:
        with open(out_path, "wb") as out:
            process = subprocess.Popen(["bash", "-e", "-c", block.text], cwd=self.scratch, env=self.env,
                                       stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                       start_new_session=True)
            try:
                status = process.wait(timeout=BLOCK_TIMEOUT_S)
                timed_out = False
            except subprocess.TimeoutExpired:
                status, timed_out = None, True
            try:
                os.killpg(process.pid, signal.SIGKILL)   # and whatever it left running
            except ProcessLookupError:
                pass
            process.wait()
        return status == 0, timed_out

    def run_python(self, block: Block, out_path: Path) -> tuple[bool, bool]:
        if self.python is None:
            env = dict(self.env)
            env["PYTHONPATH"] = str(BUILD / "python")
            self.python = subprocess.Popen([PYTHON, "-c", PYTHON_SESSION], cwd=self.scratch, env=env,
                                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                           start_new_session=True)
        request = {"code": block.text, "file": block.path, "line": block.line, "out": str(out_path)}
        try:
            self.python.stdin.write(json.dumps(request) + "\n")
            self.python.stdin.flush()
        except BrokenPipeError:
            return False, False
        ready, _, _ = select.select([self.python.stdout], [], [], BLOCK_TIMEOUT_S)
        if not ready:
            self.python.kill()
            self.python.wait()
            self.python = None
            return False, True
        line = self.python.stdout.readline()
        if not line:   # the interpreter died (a crash in the module)
            self.python.wait()
            self.python = None
            return False, False
        return json.loads(line)["ok"], False


def check_block(run: PageRun, block: Block) -> list[str]:
    """What is wrong with one block (runnable, or data with 'same as'), or nothing."""
    if block.same_as:
        source = ROOT / block.same_as
        if not source.is_file():
            return [f"'same as {block.same_as}': no such file in the repository"]
        if source.read_text(encoding="utf-8").rstrip() != block.text.rstrip():
            return [f"the block is not the text of {block.same_as}"]
        return []
    return run.result(block).problems


# ------------------------------------------------------------------------------------------------
# The doc pages' cases

PAGES = [load_page(f) for f in doc_files()]
RUNS: dict[str, PageRun] = {}


@pytest.fixture(scope="module", autouse=True)
def _close_runs():
    yield
    for run in RUNS.values():
        run.close()
    RUNS.clear()


def page_run(page: Page) -> PageRun:
    if page.path not in RUNS:
        RUNS[page.path] = PageRun(page)
    return RUNS[page.path]


def cases():
    for page in PAGES:
        yield pytest.param(page, None, id=f"{page.path}:markers")
        for block in page.blocks:
            if block.kind != "data" or block.same_as:
                yield pytest.param(page, block, id=block.id)


@pytest.mark.parametrize("page,block", list(cases()))
def test_doc(page: Page, block: Block | None):
    if block is None:
        assert not page.errors, "\n".join(page.errors)
        return
    if block.skip:
        pytest.skip(f"{block.id}: {block.skip}")
    problems = check_block(page_run(page), block)
    assert not problems, f"{block.id} ({block.tag} block):\n  " + "\n  ".join(problems) + (
        "\n--- its output ---\n" + tail(page_run(page).result(block).output) if block.kind != "data" else "")


def tail(text: str, lines: int = 40) -> str:
    kept = text.splitlines()[-lines:]
    return "\n".join(kept)


# ------------------------------------------------------------------------------------------------
# The checker can fail

SYNTHETIC_BAD = """\
# A page whose examples went wrong

```sh
echo "about to fail"; false
```

```sh
echo "final speed 105.0 km/h"
```

<!-- doc-test: output of the block above, numbers within 1 % -->
```
final speed 100.0 km/h
```

```sh
echo "x 52.5 m"
```

The car rolls 50.0 m. <!-- doc-test: expect "x (50.0) m" ~ 1 % -->

<!-- doc-test: skipp (typo) -->

```sh
cmake --build build
```

```sh
tractive sweep spec.toml --out /tmp/springs
```
"""

SYNTHETIC_GOOD = """\
# A page whose examples hold

```sh
cat > controls.txt <<'EOF'
time,throttle
EOF
printf 'Car  (somewhere/examples/cars/roadster.toml)\\nspeed   100.4 km/h\\nextra\\nlast 7,500 rpm\\n'
```

<!-- doc-test: output of the block above, numbers within 1 % -->
```
Car  (.../examples/cars/roadster.toml)
speed 100.0 km/h
...
last 7500 rpm
```

<!-- doc-test: expect "speed\\s+(100.2) km/h" ~ 1 % -->

<!-- doc-test: file launch.csv -->
```
time,throttle
0,1
```

```python
n = 6 * 7
with open("launch.csv") as f:
    rows = f.read().splitlines()
len(rows)
```

<!-- doc-test: expect "^(2)$" -->

```python
print(f"n = {n}")     # the same session
```

<!-- doc-test: expect "n = (42)" -->
<!-- doc-test: not checked (the weather) -->

<!-- doc-test: skip (it would wait for a person) -->
```sh
read answer
```
"""


def run_synthetic(text: str) -> dict[str, list[str]]:
    page = parse_page(text, "synthetic.md")
    run = PageRun(page)
    try:
        outcome = {"markers": list(page.errors)}
        for block in page.blocks:
            if block.kind != "data" and not block.skip:
                outcome[str(block.line)] = check_block(run, block)
        return outcome
    finally:
        run.close()


def test_the_checker_reports_a_failing_command_a_drifted_figure_and_a_bad_marker():
    outcome = run_synthetic(SYNTHETIC_BAD)
    assert any("failed" in p for p in outcome["3"]), outcome
    drift = outcome["7"]
    assert len(drift) == 1 and "105.0" in drift[0] and "not within 1 %" in drift[0], outcome
    prose = outcome["16"]
    assert len(prose) == 1 and "50.0 (got 52.5)" in prose[0], outcome
    assert len(outcome["markers"]) == 1 and "skipp" in outcome["markers"][0], outcome
    assert len(outcome["24"]) == 1 and "not run" in outcome["24"][0], outcome
    assert len(outcome["28"]) == 1 and "/tmp" in outcome["28"][0], outcome


def test_the_checker_passes_a_page_that_holds():
    outcome = run_synthetic(SYNTHETIC_GOOD)
    assert all(not problems for problems in outcome.values()), outcome
    page = parse_page(SYNTHETIC_GOOD, "synthetic.md")
    assert [b.skip for b in page.blocks if b.kind == "sh"] == [None, "it would wait for a person"]


def test_numbers_within_tolerance():
    assert numbers_agree("100.0", "100.9", 1) and not numbers_agree("100.0", "101.2", 1)
    assert numbers_agree("0.22", "0.23", 1)          # one unit in the last digit
    assert not numbers_agree("0.22", "0.23", 0)
    assert numbers_agree("7,500", "7500", 0)
    assert compare_output("MX-5 2,230-2,480 us", "MX-5 2,231-2,480 us", 0)
    assert not compare_output("MX-5 2,230-2,480 us", "MX-5 2,230-2,480 us", 0)


if __name__ == "__main__":
    # List the blocks: /usr/bin/python3 tests/docs/doc_test.py
    for page in PAGES:
        for b in page.blocks:
            what = "skip: " + b.skip if b.skip else ("runs" if b.kind != "data" else "data")
            extra = []
            if b.outputs:
                extra.append(f"{len(b.outputs)} output block(s)")
            if b.expects:
                extra.append(f"{len(b.expects)} expect(s)")
            print(f"{b.id:28} {b.tag or '-':8} {what} {'; '.join(extra)}")
        for e in page.errors:
            print("ERROR", e)
