"""``tapwise bench``: tapwise and the baselines, side by side, on the seeded scenarios.

Every (problem, payer) solve is independent: in one process by default, or as Dask tasks
(``--dask`` for a LocalCluster, ``--scheduler ADDRESS`` for an existing one). Each result
is appended to ``results.jsonl`` as soon as it exists, so a stopped run loses nothing and
``--resume`` skips what is already there. Then the tables are printed and the plot drawn.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
from itertools import islice
from pathlib import Path
from typing import Any, Callable, Iterable, TextIO

from tqdm import tqdm

from . import Timeout, Unsupported, enumerate_pools, greedy, naive_cpsat, report, size_of
from .generators import QUICK, SCENARIOS, costs_used, generate

Payer = Callable[[dict[str, Any], float], dict[str, Any]]
Task = tuple[dict[str, Any], str, str]  # problem, scenario, payer name


def _tapwise(problem: dict[str, Any], budget: float) -> dict[str, Any]:
    from tapwise.solver.queries.pay import pay  # lazy: the benchmarks must run (and report) without the solver

    return pay(problem)


PAYERS: dict[str, Payer] = {
    "tapwise": _tapwise,
    "greedy": lambda problem, budget: greedy.pay(problem),
    "enumerate": lambda problem, budget: enumerate_pools.pay(problem, budget=budget),
    "naive_cpsat": lambda problem, budget: naive_cpsat.pay(problem, budget=budget),
}

WARM_UP = {"id": "warm-up", "cost": "{1}{W}", "sources": [
    {"id": "plains", "count": 2, "abilities": [{"add": "{W}"}]}]}
_warm: set[str] = set()


def _settle() -> None:
    """Move every object alive now (imports, the generated problems, a payer's warm-up) out of
    the garbage collector's reach (``gc.freeze``), as a long-running engine does after start-up.
    Otherwise the collections their number sets off land in random timed calls: measured on the
    typical scenario, collections of the older generations took up to 5 ms (generation 1) and
    80 ms (generation 2), which is the benchmark's data, not the payer's work."""
    gc.collect()
    gc.freeze()


def _call(payer: str, problem: dict[str, Any], budget: float) -> tuple[dict[str, Any], float]:
    """One solve and its wall time in ms; the payer's first call in a process is a warm-up
    (imports, first model) and is not timed."""
    if payer not in _warm:
        _warm.add(payer)
        try:
            PAYERS[payer](WARM_UP, budget)
        except Exception:  # the timed call below reports the same failure
            pass
        _settle()
    start = time.perf_counter()
    answer = PAYERS[payer](problem, budget)
    return answer, (time.perf_counter() - start) * 1000


def solve_one(problem: dict[str, Any], scenario: str, payer: str, budget: float) -> dict[str, Any]:
    """One result row: status, objective and latency of ``payer`` on ``problem``. Never
    raises: an unsupported feature, a blown budget or a crash is a status of its own."""
    row: dict[str, Any] = {"problem": problem["id"], "scenario": scenario, "payer": payer,
                           **size_of(problem)}
    start = time.perf_counter()
    try:
        answer, ms = _call(payer, problem, budget)
        row.update(status=answer.get("status"), ms=ms, objective=answer.get("objective"),
                   optimal=answer.get("optimal"))
        if answer.get("status") == "error":
            row["note"] = str(answer.get("error"))
    except Unsupported as exc:
        row.update(status="unsupported", ms=(time.perf_counter() - start) * 1000, note=str(exc))
    except Timeout as exc:
        row.update(status="timeout", ms=(time.perf_counter() - start) * 1000, note=str(exc),
                   skipped=exc.skipped)
    except Exception as exc:  # noqa: BLE001 - recorded, the run goes on
        row.update(status="error", ms=(time.perf_counter() - start) * 1000,
                   note=f"{type(exc).__name__}: {exc}")
    return row


def _done(path: Path) -> set[tuple[str, str]]:
    return {(r["problem"], r["payer"]) for r in report.load(path)}


def _sink(path: Path, resume: bool) -> TextIO:
    """The results file opened for appending (emptied first unless resuming), ending in a
    newline so a torn line from a killed run stays on its own."""
    if not resume:
        path.write_text("", encoding="utf-8")
    handle = path.open("a", encoding="utf-8")
    if path.stat().st_size:
        with path.open("rb") as check:
            check.seek(-1, os.SEEK_END)
            if check.read(1) != b"\n":
                handle.write("\n")
    return handle


def _run_local(tasks: list[Task], budget: float) -> Iterable[dict[str, Any]]:
    _settle()
    try:
        for problem, scenario, payer in tasks:
            yield solve_one(problem, scenario, payer, budget)
    finally:
        gc.unfreeze()  # the caller's objects are its own again (the tests run the benchmark in-process)


def _run_dask(tasks: list[Task], budget: float, address: str | None,
              workers: int) -> Iterable[dict[str, Any]]:
    """Tasks on Dask, results in completion order; at most a few tasks per worker are
    in flight, so millions of problems never sit in the scheduler at once."""
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise SystemExit("--dask and --scheduler need the 'distributed' package: "
                         "pip install distributed (or tapwise[bench])") from None
    cluster = None if address else LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
    client = Client(address or cluster)
    try:
        pending = iter(tasks)
        window = 4 * max(1, sum(client.nthreads().values()))
        running = as_completed([client.submit(solve_one, *t, budget, pure=False)
                                for t in islice(pending, window)])
        for future in running:
            yield future.result()
            future.release()
            task = next(pending, None)
            if task is not None:
                running.add(client.submit(solve_one, *task, budget, pure=False))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _params(items: list[str]) -> dict[str, dict[str, int]]:
    """``--param large.max_copies=10000`` -> {"large": {"max_copies": 10000}}."""
    out: dict[str, dict[str, int]] = {}
    for item in items:
        try:
            key, value = item.split("=", 1)
            scenario, name = key.split(".", 1)
            out.setdefault(scenario, {})[name] = int(value)
        except ValueError:
            raise SystemExit(f"--param {item!r}: expected SCENARIO.NAME=INTEGER") from None
    return out


def _names(text: str, known: Iterable[str], what: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in known]
    if unknown or not names:
        raise SystemExit(f"unknown {what} {', '.join(unknown) or '(none given)'}; "
                         f"choose from {', '.join(known)}")
    return names


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tapwise bench",
        description="Benchmark tapwise against a greedy engine payer, pool enumeration and a "
                    "naive CP-SAT model on seeded scenarios.")
    parser.add_argument("--scenarios", default=",".join(SCENARIOS),
                        help="comma-separated: %(default)s")
    parser.add_argument("--payers", default=",".join(PAYERS), help="comma-separated: %(default)s")
    parser.add_argument("--n", type=int, help="problems per scenario (default 100, --quick 4)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="bench-results", help="directory for results.jsonl and latency.png")
    parser.add_argument("--budget", type=float,
                        help="seconds a slow baseline may spend per problem before it is "
                             "recorded as a timeout (default 5, --quick 1)")
    parser.add_argument("--param", action="append", default=[], metavar="SCENARIO.NAME=INT",
                        help="generator size parameter, e.g. large.max_copies=10000 (repeatable)")
    parser.add_argument("--quick", action="store_true", help="few, small problems (CI)")
    parser.add_argument("--resume", action="store_true",
                        help="keep results.jsonl and skip (problem, payer) pairs already in it")
    parser.add_argument("--dask", action="store_true", help="run on a Dask LocalCluster")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="run on an existing Dask scheduler")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="LocalCluster workers (default: cores)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--search-loop", action="store_true",
                        help="instead: the search-loop latencies of issue 22 (prepared board, feasibility, "
                             "cold pay, large boards) beside the greedy payer, and the same boards as an "
                             "engine gives them (issue 43: pay() on boards never met, a prepared board's "
                             "repeated ask, push + can_pay + pop) (benchmarks/search_loop.py); "
                             "--n boards (default 1000)")
    parser.add_argument("--effects", action="store_true",
                        help="instead: large boards paid with and without 9.4's effects (Nyxbloom Ancient, Mana "
                             "Reflection, Mana Flare): the model stays aggregated (benchmarks/effects_timing.py); "
                             "--n boards (default 20, --quick 3)")
    return parser


def _build() -> str:
    """Which tapwise build this run measures (compiled or pure Python)."""
    try:
        from tapwise.solver.build import describe
    except ImportError as exc:
        return f"tapwise build: not importable ({exc})"
    return describe()


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns the exit code (0, or 130 when interrupted)."""
    args = build_parser().parse_args(argv)
    if args.search_loop:
        from . import search_loop

        return search_loop.main(["--n", str(args.n or (50 if args.quick else 1000)), "--seed", str(args.seed)]
                                + (["--large", "10000"] if args.quick else []))
    if args.effects:
        from . import effects_timing

        return effects_timing.main(["--n", str(args.n or (3 if args.quick else 20)), "--seed", str(args.seed)])
    scenarios = _names(args.scenarios, SCENARIOS, "scenario")
    payers = _names(args.payers, PAYERS, "payer")
    n = args.n if args.n is not None else (4 if args.quick else 100)
    budget = args.budget if args.budget is not None else (1.0 if args.quick else 5.0)
    params = _params(args.param)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "results.jsonl"

    problems = [(scenario, problem) for scenario in scenarios
                for problem in generate(scenario, args.seed, n,
                                        **{**(QUICK[scenario] if args.quick else {}),
                                           **params.get(scenario, {})})]
    done = _done(path) if args.resume else set()
    # Payer by payer within a scenario, as an engine calls its payer: one payer's latency isn't
    # charged with the caches another payer (a 1 s enumeration) just emptied.
    tasks = [(problem, scenario, payer) for scenario in scenarios for payer in payers
             for s, problem in problems if s == scenario and (problem["id"], payer) not in done]
    print(f"{_build()}\ncard costs: {costs_used()}", file=sys.stderr)
    if done:
        print(f"resuming: {len(done)} results already in {path}", file=sys.stderr)
    distributed = args.dask or args.scheduler
    stream = (_run_dask(tasks, budget, args.scheduler, args.workers) if distributed
              else _run_local(tasks, budget))
    code = 0
    with _sink(path, args.resume) as sink, tqdm(total=len(tasks), unit="solve",
                                                 disable=args.no_progress) as bar:
        try:
            for row in stream:
                sink.write(json.dumps(row) + "\n")
                sink.flush()
                bar.set_postfix_str(f"{row['scenario']} {row['payer']}", refresh=False)
                bar.update()
        except KeyboardInterrupt:
            code = 130
            print(f"\nstopped; rerun with --resume to continue from {path}", file=sys.stderr)

    ids = {problem["id"] for _, problem in problems}
    rows = [r for r in report.load(path) if r["problem"] in ids and r["payer"] in payers]
    print(report.table(report.summarize(rows, payers)))
    plot = report.plot(rows, out / "latency.png")
    print(f"\nresults: {path}\nplot:    {plot}")
    return code


if __name__ == "__main__":
    raise SystemExit(main())
