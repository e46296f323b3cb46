"""Mutation testing of the verifier (issue 44): how many of mutmut's mutants the fast verifier
tests kill.

Usage: nice -n 19 python tools/mutation.py [MODULE ...] [--tests FILE ...] [--workdir DIR]
       [--jobs N] [--sample N] [--report-only | --again]
       (MODULE: keys of MODULES below, e.g. verify_plain; default: all of them)

mutmut 3 (``pip install -e '.[mutation]'``) runs in-process: it imports the package and the tests
once and forks a child per mutant, each switched on by a trampoline, so a mutant costs the fast
tests that reach its function, not a new interpreter. It wants a ``src`` layout, so this builds one
in ``--workdir`` (default: a fresh temporary folder): a copy of the checkout's pure Python as
``src/tapwise`` (no compiled modules: the pure build), the tests, and a pyproject.toml whose
[tool.mutmut] names the modules to mutate and the fast tests (``--tests``, default
[tool.mutmut] fast_tests of this checkout). The checkout the other tests run from is never touched.
Prints, per module, the mutants killed, survived, not reached by a test, timed out, and the score
(killed / all), then the surviving mutants' diffs (docs/verifier.md explains them).
Memos (models/caches.py) are emptied before each test: the forked children inherit the memos the
first clean run filled, and a mutant inside a remembered function would otherwise never run.
``--sample N`` runs N mutants of each module drawn at random (seed 44), for a score in the time
there is; the table then counts only those. ``--again --workdir DIR`` copies the checkout's
tests into DIR again and judges the mutants that were not killed once more (after adding tests
for them). ``--report-only`` reprints the table of an existing ``--workdir``, running nothing; given
several workdirs (``--workdir A B C``), one line per module from the workdir that judged the most
of its mutants, and the total line: the score of runs made module by module (``--table-only``
leaves out the survivors' diffs).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

# The modules mutated, as checkout paths (the one table to remap when files move), each with the
# functions judged (None: all of them): of queries/pay.py, only the answer's withholding path.
MODULES: dict[str, tuple[str, tuple[str, ...] | None]] = {
    "verify_plain": ("solver/verify/plain.py", None),
    "verify": ("solver/verify/replay.py", None),
    "verify_mana": ("solver/verify/mana.py", None),
    "verify_board": ("solver/verify/board.py", None),
    "verify_effects": ("solver/verify/effects.py", None),
    "verify_keywords": ("solver/verify/keywords.py", None),
    "pay": ("solver/queries/pay.py", ("_solve_and_verify", "_keeping")),
}
# The checkout's folders as they are mapped into the installed package (pyproject's package-dir).
PACKAGE_DIRS = {
    "": "api",
    "models": "models",
    "solver": "solver",
    "interfaces": "interfaces",
    "benchmarks": "benchmarks",
}

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
FRESH_MEMOS = """

import pytest as _pytest


@_pytest.fixture(autouse=True)
def _fresh_memos():
    \"\"\"tools/mutation.py: each mutant's child starts with empty memos (no answer remembered
    from the clean run).\"\"\"
    import tapwise.models.caches as caches

    caches.clear()
"""
STATUSES = ("killed", "survived", "no tests", "timeout", "suspicious")


def _package_path(module: str) -> str:
    """``solver/verify/replay.py`` -> ``src/tapwise/solver/verify/replay.py`` (its place in the
    src layout: the checkout's top folder mapped by pyproject's package-dir)."""
    top, _, rest = module.partition("/")
    sub = {v: k for k, v in PACKAGE_DIRS.items()}[top]
    return "/".join(p for p in ("src", "tapwise", sub, rest) if p)


def _dotted(module: str) -> str:
    return _package_path(module)[len("src/") : -len(".py")].replace("/", ".")


def _judged(name: str, module: str) -> bool:
    """Is mutant ``name`` one of ``module``'s judged functions (MODULES)?"""
    path, functions = next(v for v in MODULES.values() if v[0] == module)
    if not name.startswith(_dotted(path) + "."):
        return False
    if functions is None:
        return True
    mangled = name[len(_dotted(path)) + 1 :].partition("__mutmut_")[0]
    return mangled in {f"x_{f}" for f in functions}


def _build(workdir: Path, modules: list[str], tests: list[str]) -> None:
    """The src layout mutmut wants, in ``workdir``, and its [tool.mutmut]."""
    skip = shutil.ignore_patterns("*.so", "*.c", "__pycache__", ".hypothesis")
    for sub, folder in PACKAGE_DIRS.items():
        target = workdir / "src" / "tapwise" / sub
        if sub:
            shutil.copytree(ROOT / folder, target, ignore=skip)
        else:
            target.mkdir(parents=True)
            for f in (ROOT / folder).glob("*.py"):
                shutil.copy2(f, target / f.name)
    shutil.copytree(ROOT / "tests", workdir / "tests", ignore=skip)
    shutil.copytree(ROOT / "docs", workdir / "docs")
    with (workdir / "tests" / "conftest.py").open("a") as conftest:
        conftest.write(FRESH_MEMOS)
    # tests/conftest.py finds the shared card data beside the checkout: mutants/../shared.
    (workdir / "shared").symlink_to(ROOT.parent / "shared", target_is_directory=True)
    _write_config(workdir, modules, tests)


def _write_config(workdir: Path, modules: list[str], tests: list[str]) -> None:
    """mutmut's own [tool.mutmut] in ``workdir``: the modules to mutate, the tests to run."""
    quoted = ", ".join(f'"{_package_path(m)}"' for m in modules)
    chosen = ", ".join(f'"{t}"' for t in tests)
    (workdir / "pyproject.toml").write_text(
        "[tool.mutmut]\n"
        'source_paths = ["src"]\n'
        f"only_mutate = [{quoted}]\n"
        'also_copy = ["docs"]\n'
        f"pytest_add_cli_args_test_selection = [{chosen}]\n"
        f"timeout_multiplier = {CONFIG.get('timeout_multiplier', 15.0)}\n"
        "use_git_change_detection = false\n"
        "\n[tool.pytest.ini_options]\n"
        'addopts = "-q -p no:cacheprovider"\n'
    )


def _env() -> dict[str, str]:
    """The tests import the mutants' ``tapwise`` (mutmut puts mutants/src first), pure."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return dict(env, TAPWISE_PURE="1")


def _mutmut(workdir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mutmut", *args],
        cwd=workdir,
        env=_env(),
        capture_output=True,
        text=True,
    )


def _statuses(workdir: Path) -> dict[str, str]:
    """Every mutant's name and mutmut's verdict on it."""
    run = _mutmut(workdir, "results", "--all", "true")
    if run.returncode:  # (no mutmut in this interpreter, not a workdir): say so, not a table of 0
        sys.exit(f"mutmut results failed in {workdir}: {run.stderr.strip()[-500:]}")
    out = run.stdout
    found = re.findall(r"^\s+(\S+__mutmut_\d+): (.+)$", out, re.MULTILINE)
    return dict(found)


def _names(workdir: Path) -> dict[str, str]:
    """Every mutant mutmut made and its verdict so far (None: not run), from its .meta files."""
    found: dict[str, str] = {}
    for meta in (workdir / "mutants").rglob("*.py.meta"):
        found.update(json.loads(meta.read_text())["exit_code_by_key"])
    return found


def _patterns(modules: list[str]) -> list[str]:
    """mutmut's name patterns for every judged mutant of ``modules``."""
    out = []
    for module in modules:
        path, functions = next(v for v in MODULES.values() if v[0] == module)
        dotted = _dotted(path)
        out += (
            [f"{dotted}.*"]
            if functions is None
            else [f"{dotted}.x_{f}__mutmut_*" for f in functions]
        )
    return out


def _sample(workdir: Path, modules: list[str], n: int) -> list[str]:
    """``n`` mutants of each module, drawn at random (seed 44); mutmut makes them (and runs the
    clean tests once) when asked for a mutant that doesn't exist."""
    _mutmut(workdir, "run", "--max-children", "1", "tapwise-no-such-mutant")
    names = sorted(_names(workdir))
    rng = random.Random(44)
    chosen: list[str] = []
    for module in modules:
        mine = [k for k in names if _judged(k, module)]
        chosen += sorted(rng.sample(mine, min(n, len(mine))))
    return chosen


def _judged_in(workdir: Path, before: dict[str, str] | None = None) -> dict[str, str]:
    """The verdicts of ``workdir``'s judged mutants; ``before``: an earlier run's, for the
    mutants not judged since."""
    return {
        k: v
        for k, v in {
            **(before or {}),
            **{k: v for k, v in _statuses(workdir).items() if v != "not checked"},
        }.items()
        if v != "not checked"
    }


def _report(
    workdir: Path | list[Path], modules: list[str], seconds: float | None,
    before: dict[str, str] | None = None, diffs: bool = True,
) -> None:
    """The table (one line per module and a total line), then each mutant not killed with its
    diff. Several workdirs: each module's verdicts are those of the workdir that judged the
    most of its mutants (a full run before a sample), named in a last column."""
    workdirs = workdir if isinstance(workdir, list) else [workdir]
    judged = [_judged_in(w, before) for w in workdirs]
    statuses: dict[str, str] = {}
    where: dict[str, Path] = {}
    for module in modules:
        counts = [sum(1 for k in j if _judged(k, module)) for j in judged]
        best = counts.index(max(counts))
        where[module] = workdirs[best]
        statuses.update({k: v for k, v in judged[best].items() if _judged(k, module)})
    several = len(workdirs) > 1
    print("| module | mutants | killed | survived | no tests | timed out | suspicious | score |"
          + (" workdir |" if several else ""))
    print("| --- | --- | --- | --- | --- | --- | --- | --- |" + (" --- |" if several else ""))
    totals = dict.fromkeys(STATUSES, 0)
    left: list[str] = []
    weighted: list[tuple[float, int]] = []  # each module's score and its number of mutants
    for module in modules:
        mine = {k: v for k, v in statuses.items() if _judged(k, module)}
        counts = {s: sum(1 for v in mine.values() if v == s) for s in STATUSES}
        counts["suspicious"] += len(mine) - sum(counts.values())  # segfaults and the like
        for s in STATUSES:
            totals[s] += counts[s]
        left += sorted(k for k, v in mine.items() if v != "killed")
        score = counts["killed"] / len(mine) if mine else 0.0
        size = sum(1 for k in _names(where[module]) if _judged(k, module))
        weighted.append((score, size))
        print(
            f"| {module} | {len(mine)} | "
            + " | ".join(str(counts[s]) for s in STATUSES)
            + f" | {100 * score:.1f}% |"
            + (f" {where[module]} |" if several else "")
        )
    everything = sum(totals.values())
    score = totals["killed"] / everything if everything else 0.0
    print(
        f"| all | {everything} | "
        + " | ".join(str(totals[s]) for s in STATUSES)
        + f" | {100 * score:.1f}% |"
        + (" |" if several else "")
    )
    mutants = sum(n for _, n in weighted)
    if mutants != everything:  # a sample: the score of all the mutants, each module's weighed
        print(f"| all, each module's score weighed by its {mutants} mutants | {mutants} | "
              + " | ".join("" for _ in STATUSES)
              + f" | {100 * sum(sc * n for sc, n in weighted) / max(1, mutants):.1f}% |"
              + (" |" if several else ""))
    if seconds is not None:
        print(f"\n{seconds:.0f} s")
    if not diffs:
        return
    for name in left:
        home = next(w for m, w in where.items() if _judged(name, m))
        print(f"\n### {statuses[name]}: {name}\n```\n{_mutmut(home, 'show', name).stdout}```")


def _again(workdir: Path, modules: list[str], jobs: int) -> int:
    """Judge the not-killed mutants of ``workdir`` again against the checkout's tests now (the
    test files the run chose, their content now: a new file would change mutmut's selection,
    which makes it forget every verdict)."""
    before = _statuses(workdir)
    left = [
        k
        for k, v in before.items()
        if v not in ("killed", "not checked") and any(_judged(k, m) for m in modules)
    ]
    for where in (workdir / "tests", workdir / "mutants" / "tests"):
        for test in (ROOT / "tests").glob("*.py"):
            if test.name != "conftest.py":
                shutil.copy2(test, where / test.name)
    started = time.monotonic()
    run = _mutmut(workdir, "run", "--max-children", str(jobs), *left)
    if run.returncode:
        print(run.stdout[-3000:], run.stderr[-3000:], sep="\n", file=sys.stderr)
        return 1
    print(f"judged again: {len(left)} mutants\n")
    _report(workdir, modules, time.monotonic() - started, before)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", default=list(MODULES), help=", ".join(MODULES))
    parser.add_argument("--tests", nargs="*", default=CONFIG["fast_tests"])
    parser.add_argument("--workdir", nargs="+", default=None,
                        help="one; several with --report-only (each module from the one that "
                             "judged the most of it)")
    parser.add_argument("--table-only", action="store_true",
                        help="with --report-only: the table, without each survivor's diff")
    parser.add_argument("--jobs", type=int, default=2, help="mutants run at once (forks)")
    parser.add_argument("--sample", type=int, default=None, help="mutants per module")
    parser.add_argument("--report-only", action="store_true")
    parser.add_argument("--again", action="store_true", help="judge the survivors of --workdir")
    args = parser.parse_args()
    unknown = [m for m in args.modules if m not in MODULES]
    if unknown:
        parser.error(f"unknown module {unknown[0]!r}: choose among {', '.join(MODULES)}")
    modules = [MODULES[m][0] for m in args.modules]
    if args.report_only:
        if not args.workdir:
            parser.error("--report-only needs --workdir")
        _report([Path(w) for w in args.workdir], modules, None, diffs=not args.table_only)
        return 0
    if args.workdir and len(args.workdir) > 1:
        parser.error("several --workdir only with --report-only")
    if args.again:
        if not args.workdir:
            parser.error("--again needs --workdir")
        return _again(Path(args.workdir[0]), modules, args.jobs)
    workdir = Path(args.workdir[0] if args.workdir else tempfile.mkdtemp(prefix="tapwise-mutation-"))
    workdir.mkdir(parents=True, exist_ok=True)
    if any(workdir.iterdir()):
        parser.error(f"--workdir {workdir} is not empty")
    _build(workdir, modules, args.tests)
    started = time.monotonic()
    chosen = _sample(workdir, modules, args.sample) if args.sample else _patterns(modules)
    run = _mutmut(workdir, "run", "--max-children", str(args.jobs), *chosen)
    took = time.monotonic() - started
    if run.returncode:
        print(run.stdout[-3000:], run.stderr[-3000:], sep="\n", file=sys.stderr)
        print(f"mutmut run failed ({run.returncode}) in {workdir}", file=sys.stderr)
        return 1
    print(f"workdir: {workdir}\n")
    _report(workdir, modules, took)
    return 0


if __name__ == "__main__":
    sys.exit(main())
