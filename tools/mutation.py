"""Mutation testing of the verifier (issue 44): how many of mutmut's mutants the fast verifier
tests kill.

Usage: python tools/mutation.py [MODULE ...] [--tests FILE ...] [--workdir DIR] [--lines A-B]
       (MODULE: paths like solver/verify/plain.py; default: every module in [tool.mutmut];
       --lines: only mutate those lines of a single MODULE, through mutmut's patch-file mode)

mutmut 2 (``pip install -e '.[mutation]'``) changes the sources in place, so this runs it on a
copy of the checkout in ``--workdir`` (default: a fresh temporary folder), with that copy's pure
Python put first on PYTHONPATH as ``tapwise`` (tests/conftest.py's mapping; the script checks
the tests import it from there), never on the checkout the other tests run from. Each mutant is
judged by the fast verifier tests only (``--tests``): a run over one module takes minutes, not
the hours the whole suite would. Prints, per module, the mutants killed, survived, timed out
and the score (killed / all), then the surviving mutants' diffs (docs/verifier.md explains them).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_DIRS = {
    "": "api",
    "models": "models",
    "solver": "solver",
    "interfaces": "interfaces",
    "benchmarks": "benchmarks",
}
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
FAST_TESTS = CONFIG["fast_tests"]


def _copy(workdir: Path) -> Path:
    """A copy of the checkout's sources and tests in ``workdir``, and its ``tapwise`` package
    of symlinks into the copy; returns the folder to put on PYTHONPATH."""
    for folder in ("api", "models", "solver", "interfaces", "benchmarks", "tests", "docs"):
        shutil.copytree(
            ROOT / folder,
            workdir / folder,
            ignore=shutil.ignore_patterns("*.so", "*.c", "__pycache__", ".hypothesis"),
        )
    shutil.copy2(ROOT / "pyproject.toml", workdir / "pyproject.toml")
    package = workdir / ".pkg" / "tapwise"
    package.mkdir(parents=True)
    for sub, folder in PACKAGE_DIRS.items():
        if sub:
            (package / sub).symlink_to(workdir / folder, target_is_directory=True)
        else:
            for f in (workdir / folder).iterdir():
                (package / f.name).symlink_to(f)
    return workdir / ".pkg"


def _patch(module: str, workdir: Path, lines: str) -> Path:
    """A patch that adds lines A-B of ``module`` (so mutmut mutates only those)."""
    first, last = (int(n) for n in lines.split("-"))
    text = (workdir / module).read_text().splitlines()
    body = [("+" if first <= k <= last else " ") + line for k, line in enumerate(text, 1)]
    kept = len(text) - (last - first + 1)
    patch = workdir / "lines.patch"
    patch.write_text(
        f"--- {module}\n+++ {module}\n@@ -1,{kept} +1,{len(text)} @@\n" + "\n".join(body) + "\n"
    )
    return patch


def _run_module(
    module: str, workdir: Path, pkg: Path, tests: list[str], lines: str | None = None
) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(pkg), TAPWISE_PURE="1")
    runner = f"{sys.executable} -P -m pytest -x -q -p no:cacheprovider " + " ".join(tests)
    cache = workdir / ".mutmut-cache"
    if cache.exists():
        cache.unlink()
    started = time.monotonic()
    patch = ["--use-patch-file", str(_patch(module, workdir, lines))] if lines else []
    subprocess.run(
        [
            sys.executable,
            "-m",
            "mutmut",
            "run",
            "--paths-to-mutate",
            module,
            "--runner",
            runner,
            "--tests-dir",
            "tests/",
            "--no-progress",
            "--simple-output",
            *patch,
        ],
        cwd=workdir,
        env=env,
        capture_output=True,
        text=True,
    )
    took = time.monotonic() - started
    ids = subprocess.run(
        [sys.executable, "-m", "mutmut", "result-ids", "survived"],
        cwd=workdir,
        env=env,
        capture_output=True,
        text=True,
    ).stdout.split()
    counts = {}
    for status in ("killed", "survived", "timeout", "suspicious"):
        out = subprocess.run(
            [sys.executable, "-m", "mutmut", "result-ids", status],
            cwd=workdir,
            env=env,
            capture_output=True,
            text=True,
        ).stdout.split()
        counts[status] = len(out)
    diffs = [
        subprocess.run(
            [sys.executable, "-m", "mutmut", "show", i],
            cwd=workdir,
            env=env,
            capture_output=True,
            text=True,
        ).stdout
        for i in ids
    ]
    total = sum(counts.values())
    return {
        "module": module + (f" lines {lines}" if lines else ""),
        **counts,
        "total": total,
        "score": counts["killed"] / total if total else 0.0,
        "seconds": took,
        "survivors": diffs,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", default=CONFIG["paths_to_mutate"].split(","))
    parser.add_argument("--tests", nargs="*", default=FAST_TESTS)
    parser.add_argument("--workdir", default=None)
    parser.add_argument("--lines", default=None)
    args = parser.parse_args()
    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="tapwise-mutation-"))
    pkg = _copy(workdir)
    where = subprocess.run(
        [sys.executable, "-c", "import tapwise; print(tapwise.__file__)"],
        env=dict(os.environ, PYTHONPATH=str(pkg)),
        capture_output=True,
        text=True,
    ).stdout
    if not where.startswith(str(pkg)):
        print(f"tapwise comes from {where.strip()}, not the copy: stopped", file=sys.stderr)
        return 1
    rows = [_run_module(m, workdir, pkg, args.tests, args.lines) for m in args.modules]
    print("| module | mutants | killed | survived | timed out | suspicious | score | seconds |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(
            f"| {r['module']} | {r['total']} | {r['killed']} | {r['survived']} | {r['timeout']} | "
            f"{r['suspicious']} | {100 * r['score']:.1f}% | {r['seconds']:.0f} |"
        )
    for r in rows:
        for diff in r["survivors"]:
            print(f"\n### survived in {r['module']}\n```\n{diff.strip()}\n```")
    return 0


if __name__ == "__main__":
    sys.exit(main())
