#!/usr/bin/env python3
"""The generated reference in docs/car-format.md is current: the text between its markers equals
`tractive parameters --markdown` (the parameter tables, src/spec/parameter_table.cpp).

  check_car_format_reference.py --tractive BUILD/tractive [--doc docs/car-format.md]
  check_car_format_reference.py --tractive BUILD/tractive --self-test   (a stale copy must fail)
  check_car_format_reference.py --tractive BUILD/tractive --update      (rewrite the section)
"""
import argparse
import difflib
import pathlib
import subprocess
import sys
import tempfile

BEGIN = "<!-- reference: begin (generated; edit src/spec/parameter_table.cpp, not this) -->\n"
END = "<!-- reference: end -->"


def generated(tractive):
    return "\n" + subprocess.run([tractive, "parameters", "--markdown"], capture_output=True, text=True, check=True).stdout


def section(text, doc):
    if BEGIN not in text or END not in text:
        sys.exit(f"{doc}: no generated reference: expected the lines {BEGIN.strip()} and {END}")
    i = text.index(BEGIN) + len(BEGIN)
    return i, text.index(END)


def check(doc, tractive):
    text = doc.read_text()
    i, j = section(text, doc)
    want = generated(tractive)
    if text[i:j] == want:
        print(f"{doc}: reference current ({want.count(chr(10) + '| `')} keys)")
        return 0
    diff = difflib.unified_diff(text[i:j].splitlines(), want.splitlines(), "in the page", "from the tables", lineterm="")
    print(f"{doc}: the generated reference is stale: run scripts/check_car_format_reference.py --update", file=sys.stderr)
    print("\n".join(list(diff)[:40]), file=sys.stderr)
    return 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tractive", required=True)
    parser.add_argument("--doc", default=str(pathlib.Path(__file__).resolve().parent.parent / "docs" / "car-format.md"))
    parser.add_argument("--update", action="store_true")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    doc = pathlib.Path(args.doc)
    if args.update:
        text = doc.read_text()
        i, j = section(text, doc)
        doc.write_text(text[:i] + generated(args.tractive) + text[j:])
        return 0
    if args.self_test:
        # A page whose reference lacks one row of the tables, and one with a changed default: both
        # must be refused; the current page must pass.
        text = doc.read_text()
        i, j = section(text, doc)
        current = text[:i] + generated(args.tractive) + text[j:]
        lines = current.split("\n")
        row = next(n for n, line in enumerate(lines) if line.startswith("| `rpm_limit`"))
        stale_row = "\n".join(lines[:row] + lines[row + 1:])
        stale_default = current.replace("| `density_kg_per_m3` | kg/m^3 | no | 730 |", "| `density_kg_per_m3` | kg/m^3 | no | 740 |")
        assert stale_default != current
        with tempfile.TemporaryDirectory() as tmp:
            results = []
            for name, page in (("current", current), ("a row missing", stale_row), ("a default changed", stale_default)):
                path = pathlib.Path(tmp) / "car-format.md"
                path.write_text(page)
                results.append((name, check(path, args.tractive)))
        expected = [("current", 0), ("a row missing", 1), ("a default changed", 1)]
        if results != expected:
            print(f"self-test failed: {results}, expected {expected}", file=sys.stderr)
            return 1
        print("self-test: the check passes the current page and refuses both stale ones")
        return 0
    return check(doc, args.tractive)


if __name__ == "__main__":
    sys.exit(main())
