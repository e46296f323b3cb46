"""Plant known bugs in a copy of the package's pure Python and show each fails a test (issue 44).

Usage: python tools/planted_bugs.py [--tests FILE ...] [--only NAME]

Each bug is one or more exact text replacements in the sources (each must match once, so a
bug that no longer applies is reported, not silently skipped). The copy is the checkout's
folders mapped as the installed package (tests/conftest.py's PACKAGE_DIRS) in a temporary
folder put first on PYTHONPATH, so the tests import it instead of the installed tapwise (an
editable install compiles nothing: both are pure Python). Prints one row per bug: caught
(some test failed) or MISSED, with the first failing test.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_DIRS = {
    "": "api",
    "models": "models",
    "solver": "solver",
    "interfaces": "interfaces",
    "benchmarks": "benchmarks",
}
FAST_TESTS = [
    "tests/test_verify_rules.py",
    "tests/test_withholding.py",
    "tests/test_verify.py",
    "tests/test_verify_mutations.py",
]

# name -> [(file under the package, old text, new text)]; BUG_TESTS: the tests run for a bug,
# when not the fast verifier tests
BUGS: dict[str, list[tuple[str, str, str]]] = {
    "none (the control: every test passes)": [],
    "color check removed from both verifiers": [
        (
            "solver/verify/replay.py",
            "                if t[0] not in sym.colors:",
            "                if False:",
        ),
        ("solver/verify/plain.py", "elif cat != GENERIC and not (ok >> c) & 1:", "elif False:"),
    ],
    "color check removed from the quick plain checker only": [
        ("solver/verify/plain.py", "elif cat != GENERIC and not (ok >> c) & 1:", "elif False:"),
    ],
    "life beyond the player's and below keep_life not checked": [
        ("solver/verify/replay.py", "    if ability_life > max(0, life):", "    if False:"),
        (
            "solver/verify/replay.py",
            "    if cost_life > 0 and cost_life > life - ability_life - damage:",
            "    if False:",
        ),
        (
            "solver/verify/replay.py",
            "    if lost > 0 and p.player.keep_life is not None and life - lost < p.player.keep_life:",
            "    if False:",
        ),
        (
            "solver/verify/plain.py",
            "    if ability_life > max(0, life) or (cost_life > 0 and cost_life > life - ability_life - damage):",
            "    if False:",
        ),
        (
            "solver/verify/plain.py",
            "    if lost > 0 and plan.keep_life is not None and life - lost < plan.keep_life:",
            "    if False:",
        ),
    ],
    "pay() hands out a payment the verifier rejected": [
        (
            "solver/queries/pay.py",
            "        if errors:\n            answer = {\"status\": \"error\"",
            "        if False:\n            answer = {\"status\": \"error\"",
        ),
    ],
    "plan() hands out a plan the verifier rejected": [
        (
            "solver/queries/plan.py",
            "    if errors:\n        return {\"status\": \"error\", \"error\": \"internal error: the plan",
            "    if False:\n        return {\"status\": \"error\", \"error\": \"internal error: the plan",
        ),
    ],
    "snow check removed from both verifiers": [
        (
            "solver/verify/plain.py",
            "                if not records[i].snow:\n                    return False",
            "                if False:\n                    return False",
        ),
        (
            "solver/verify/mana.py",
            "        return snow and (t == \"C\" or not achroma_own or any_type)",
            "        return (t == \"C\" or not achroma_own or any_type)",
        ),
    ],
    "generic amount not checked (118.7a)": [
        ("solver/verify/replay.py", "    if generic_paid != expected:", "    if False:"),
        (
            "solver/verify/plain.py",
            "    if generic_paid != max(0, plan.generic + plan.x_symbols * x - plan.reduction):",
            "    if False:",
        ),
    ],
    "a copy may tap twice": [
        (
            "solver/verify/replay.py",
            "            if total > src.count - src.tapped:",
            "            if False:",
        ),
        ("solver/verify/plain.py", "            if taps[i] > src.free:", "            if False:"),
    ],
    "energy not checked": [
        ("solver/verify/replay.py", "    if energy + cost_energy > p.player.energy:", "    if False:"),
        ("solver/verify/plain.py", "    if energy > plan.energy:", "    if False:"),
    ],
    "not_generic restriction ignored": [
        (
            "solver/verify/replay.py",
            "    if tok[2] is not None and tok[2].not_generic and (",
            "    if False and (",
        ),
    ],
    "objective values not compared": [
        ("solver/verify/replay.py", "    elif not objective.items() <= values.items():",
         "    elif False:"),
        (
            "solver/verify/plain.py",
            "            if found is None or not (found == value):",
            "            if False:",
        ),
    ],
    "summoning sickness ignored (302.6)": [
        (
            "solver/verify/board.py",
            "        if ab.tap and src.sick and \"creature\" in src.types:",
            "        if False:",
        ),
    ],
    "convoke color not checked (702.51a)": [
        (
            "solver/verify/keywords.py",
            "        if not set(src.colors) & set(colors) & set(COLORS):",
            "        if False:",
        ),
    ],
    "an aura's extra on every copy (9.4)": [
        (
            "solver/verify/replay.py",
            "        if on > min(free, 1) or plain > max(free - 1, 0):",
            "        if False:",
        ),
    ],
    "left_over_counts not compared": [
        (
            "solver/verify/replay.py",
            "    if \"left_over_counts\" in answer and answer[\"left_over_counts\"] != left:",
            "    if False:",
        ),
        (
            "solver/verify/plain.py",
            "    if counts is not None and counts != by_type:",
            "    if False:",
        ),
    ],
    "spend restrictions ignore `types` (models.problem.Restriction.allows)": [
        (
            "models/problem.py",
            "        if self.types is not None and not set(self.types) & set(purpose.types):",
            "        if False:",
        ),
    ],
    # A loader bug (issue 44): available_brute.py reads the board's JSON on its own, so the
    # files comparing ``available`` with it catch one.
    "a source's tapped count read one short (models.loader)": [
        (
            "models/loader.py",
            "        tapped = _int(tapped_raw, f\"{p}.tapped\", 0, MAX_COUNT)\n",
            "        tapped = max(0, _int(tapped_raw, f\"{p}.tapped\", 0, MAX_COUNT) - 1)\n",
        ),
    ],
    # The board's copies and counts (issue 44, third session: verify/board.py's mutants), each
    # caught by tests/test_verify_board_amounts.py; and the quick checker's untapped copies.
    "a copy sacrificed is an untapped one though a tapped one is there (verify/board.py)": [
        ("solver/verify/board.py", "        if self.alive[sid] - self.untapped[sid] <= 0:",
         "        if True:"),
    ],
    "min_sources' floor for a copy tapping its own copies one short (verify/board.py)": [
        ("solver/verify/board.py", "        return {sid: n + 1 for sid,", "        return {sid: n for sid,"),
    ],
    "counters put not counted in min_counters (verify/board.py)": [
        ("solver/verify/board.py", "\"min_counters\": self.removed + self.put}",
         "\"min_counters\": self.removed}"),
    ],
    "a card exiled from the hand not counted in min_cards (verify/board.py)": [
        ("solver/verify/board.py", "            self.cards += times\n", "            pass\n"),
    ],
    "the quick checker counts tapped copies as untapped (verify/plain.py)": [
        ("solver/verify/plain.py", "        self.free = src.count - src.tapped",
         "        self.free = src.count"),
    ],
    # the fourth session's: each a kind of mutant the full runs found alive
    "106.7: a reflecting land sees land cards in the graveyard (verify/replay.py)": [
        ("solver/verify/replay.py", 'other.count == 0 or other.zone != "battlefield" or (',
         "other.count == 0 or ("),
    ],
    "the quick checker adds up no uses over entries (verify/plain.py)": [
        ("solver/verify/plain.py", "n = times if used is None else used[0] + times", "n = times"),
    ],
    "keep_life held when no life is lost (both verifiers)": [
        ("solver/verify/replay.py", "    if lost > 0 and p.player.keep_life is not None",
         "    if lost >= 0 and p.player.keep_life is not None"),
        ("solver/verify/plain.py", "    if lost > 0 and plan.keep_life is not None",
         "    if lost >= 0 and plan.keep_life is not None"),
    ],
}
AVAILABLE_TESTS = ["tests/test_v2_available.py"]  # the random boards against available_brute.py
BUG_TESTS = {
    "spend restrictions ignore `types` (models.problem.Restriction.allows)": [
        "tests/test_available.py"
    ],
    "a source's tapped count read one short (models.loader)": AVAILABLE_TESTS,
    **{name: ["tests/test_verify_board_amounts.py"] for name in BUGS
       if name.endswith("(verify/board.py)")},
}


def _copy_package(where: Path) -> Path:
    package = where / "tapwise"
    package.mkdir(parents=True)
    for sub, folder in PACKAGE_DIRS.items():
        src = ROOT / folder
        if sub:
            shutil.copytree(
                src, package / sub, ignore=shutil.ignore_patterns("*.so", "*.c", "__pycache__")
            )
        else:
            for f in src.iterdir():
                (shutil.copytree if f.is_dir() else shutil.copy2)(f, package / f.name)
    return package


def _plant(package: Path, edits: list[tuple[str, str, str]]) -> str | None:
    """Apply the edits; the first that doesn't match once, else None."""
    for rel, old, new in edits:
        path = package / rel
        text = path.read_text()
        if text.count(old) != 1:
            return f"{rel}: {old[:60]!r} found {text.count(old)} times"
        path.write_text(text.replace(old, new))
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tests", nargs="*", default=FAST_TESTS)
    parser.add_argument("--only", default=None)
    args = parser.parse_args()
    rows = []
    for name, edits in BUGS.items():
        if args.only and args.only not in name:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            package = _copy_package(Path(tmp))
            bad = _plant(package, edits)
            if bad:
                rows.append((name, f"NOT PLANTED ({bad})", "", 0.0))
                continue
            env = dict(os.environ, PYTHONPATH=tmp, TAPWISE_PURE="1")
            started = time.monotonic()
            tests = BUG_TESTS.get(name, args.tests)
            run = subprocess.run(
                [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
            )
            took = time.monotonic() - started
            failed = [
                line.split(" ", 1)[1].split(" - ")[0]
                for line in run.stdout.splitlines()
                if line.startswith("FAILED ")
            ]
            check = subprocess.run(
                [sys.executable, "-c", "import tapwise; print(tapwise.__file__)"],
                env=env,
                capture_output=True,
                text=True,
            ).stdout.strip()
            if not check.startswith(tmp):
                rows.append((name, f"NOT RUN: tapwise came from {check}", "", took))
                continue
            if not edits:
                rows.append(
                    (
                        name,
                        "passes" if run.returncode == 0 else "FAILS",
                        failed[0] if failed else "",
                        took,
                    )
                )
            else:
                rows.append(
                    (
                        name,
                        "caught" if run.returncode else "MISSED",
                        failed[0] if failed else "",
                        took,
                    )
                )
    print("| planted bug | outcome | first failing test | seconds |")
    print("| --- | --- | --- | --- |")
    for name, outcome, test, took in rows:
        print(f"| {name} | {outcome} | `{test}` | {took:.0f} |")
    return 0 if all(r[1] in ("caught", "passes") for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
