"""Where ``pay()`` spends its time, phase by phase, before and after the exact fast path.

    python -m tapwise.benchmarks.profile                      # typical boards, 300 problems
    python -m tapwise.benchmarks.profile --scenario lands10k  # 10,000 land copies, ~100-mana costs
    python -m tapwise.benchmarks.profile --scenario large --n 10

The phases are those of ``solver.queries.pay``: loading the JSON (``load_problem``), merging entries of
the same card (``solver.front.merge.Merge``), compiling the aggregated IR (``compile_problem``), the fast
path (``solver.fast.solve.solve_fast``), building the
CP-SAT model (``cpsat.Model``), solving it, building the answer (split back per entry; or the
explanation of an infeasible problem) and the independent verification. "Before" forces CP-SAT
(``solver.fast.solve.ENABLED = False``); "after" tries the fast path first and falls back to CP-SAT
when it declines, exactly as ``pay()`` does. Each problem runs ``--repeat`` times each way, the
two ways one after the other, and keeps the fastest time of each phase (the machine is shared,
and the minimum of warm runs is the least noisy estimate); the table gives the median over
problems in µs (a phase that doesn't run for a problem counts 0) and the mean, which shows what
the CP-SAT fallbacks cost. ``pay() end to end`` times the real call, separately.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from typing import Any, Callable, Iterator

from tapwise.models.loader import load_problem
from tapwise.solver.fast import solve as fast
from tapwise.solver.queries.pay import pay
from tapwise.solver.answer.build import build_answer
from tapwise.solver.front.compile import compile_problem
from tapwise.solver.cpsat.model import Model
from tapwise.solver.answer.explain import explain
from tapwise.solver.front.merge import Merge
from tapwise.solver.verify.replay import verify

from .generators import CATALOG, _big_cost, _deck_colors, _playable, generate, split_board

PHASES = ("load", "merge", "compile", "fast path", "model build", "solve", "answer", "verify")


def lands10k(seed: int = 0, n: int = 20, copies: int = 10_000, units: int = 100) -> Iterator[dict[str, Any]]:
    """Huge boards the fast path is for: 10,000 copies of lands, dorks and any-color rocks that
    make one mana without paying life (basics, duals, Noble Hierarch, Arcane Signet...) spread
    over 10-100 entries, and a cost of about ``units`` mana (colored, {C}, hybrid, {2/W},
    Phyrexian, generic), as in the ``large`` scenario."""
    for i in range(n):
        rng = random.Random(f"tapwise-profile:lands10k:{seed}:{i}")
        colors = _deck_colors(rng, 2, 5)
        kinds = [k for k in _playable(CATALOG, colors) if _plain_single(k)]
        n_kinds = rng.randint(10, 100)
        sources = split_board(rng, [rng.choice(kinds) for _ in range(n_kinds)], copies)
        yield {"id": f"lands10k-{seed}-{i}", "cost": _big_cost(rng, colors, units), "sources": sources}


def _plain_single(kind: dict[str, Any]) -> bool:
    """One ability, one mana per activation, no life or damage."""
    if len(kind["abilities"]) != 1:
        return False
    a = kind["abilities"][0]
    if a.get("damage") or a.get("life"):
        return False
    add = a["add"]
    if isinstance(add, dict):
        return add.get("any_color") == 1
    texts = add if isinstance(add, list) else [add]
    return all(t.count("{") == 1 for t in texts)


SCENARIOS: dict[str, Callable[..., Iterator[dict[str, Any]]]] = {
    "typical": lambda seed, n: generate("typical", seed, n),
    "rich": lambda seed, n: generate("rich", seed, n),
    "large": lambda seed, n: generate("large", seed, n),
    "lands10k": lands10k,
}


def phases(problem: dict[str, Any], use_fast: bool) -> tuple[dict[str, float], bool]:
    """One run of pay()'s phases in seconds, and whether the fast path answered."""
    t: dict[str, float] = dict.fromkeys(PHASES, 0.0)
    c0 = time.perf_counter()
    prob = load_problem(problem)
    c1 = time.perf_counter()
    merge = Merge(prob)
    cm = time.perf_counter()
    compiled = compile_problem(merge.problem)
    c2 = time.perf_counter()
    t["load"], t["merge"], t["compile"] = c1 - c0, cm - c1, c2 - cm
    sol = None
    if use_fast:
        sol = fast.solve_fast(compiled, prob.objective)
        t["fast path"] = time.perf_counter() - c2
    answered = sol is not None
    if sol is None:
        c3 = time.perf_counter()
        model = Model(compiled)
        c4 = time.perf_counter()
        sol = model.solve(prob.objective, prob.time_limit)
        t["model build"], t["solve"] = c4 - c3, time.perf_counter() - c4
    c5 = time.perf_counter()
    if sol.status == "paid":
        answer = merge.split(build_answer(compiled, sol))
        c6 = time.perf_counter()
        errors = verify(prob, answer)
        t["answer"], t["verify"] = c6 - c5, time.perf_counter() - c6
        assert not errors, errors
    elif sol.status == "infeasible":
        explain(compiled)
        t["answer"] = time.perf_counter() - c5
    return t, answered


def pay_time(problem: dict[str, Any], use_fast: bool) -> float:
    fast.ENABLED = use_fast
    try:
        c0 = time.perf_counter()
        pay(problem)
        return time.perf_counter() - c0
    finally:
        fast.ENABLED = True


def profile(problems: list[dict[str, Any]], repeat: int) -> dict[bool, dict[str, Any]]:
    """Both paths on every problem, one after the other, so that drift in the machine's speed
    falls on both alike; each keeps its fastest of ``repeat`` runs (warm caches, least noise)."""
    out = {flag: {"phases": {p: [] for p in PHASES}, "total": [], "answered": 0} for flag in (False, True)}
    for problem in problems:
        for flag in (False, True):
            best = dict.fromkeys(PHASES, float("inf"))
            for _ in range(repeat):
                t, answered = phases(problem, flag)
                for p in PHASES:
                    best[p] = min(best[p], t[p])
            out[flag]["answered"] += answered
            for p in PHASES:
                out[flag]["phases"][p].append(best[p])
            out[flag]["total"].append(min(pay_time(problem, flag) for _ in range(repeat)))
    return out


def _us(x: float) -> str:
    return f"{x * 1e6:,.0f}"


def table(before: dict[str, Any], after: dict[str, Any], n: int) -> str:
    lines = ["| phase | before: median µs | before: mean µs | after: median µs | after: mean µs |",
             "|---|---:|---:|---:|---:|"]
    for p in PHASES:
        b, a = before["phases"][p], after["phases"][p]
        lines.append(f"| {p} | {_us(statistics.median(b))} | {_us(statistics.mean(b))} "
                     f"| {_us(statistics.median(a))} | {_us(statistics.mean(a))} |")
    b, a = before["total"], after["total"]
    q = max(0, int(0.9 * len(b)) - 1)
    lines.append(f"| **pay() end to end** | **{_us(statistics.median(b))}** | {_us(statistics.mean(b))} "
                 f"| **{_us(statistics.median(a))}** | {_us(statistics.mean(a))} |")
    lines.append(f"| pay() 90th percentile | {_us(sorted(b)[q])} | | {_us(sorted(a)[q])} | |")
    lines.append(f"\nfast path answered {after['answered']} of {n} problems "
                 f"({100 * after['answered'] / max(1, n):.0f} %); the others fell back to CP-SAT.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m tapwise.benchmarks.profile", description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenario", choices=sorted(SCENARIOS), default="typical")
    ap.add_argument("--n", type=int, default=None, help="problems (default 300; 20 for the big scenarios)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3, help="runs per problem; the fastest of each phase counts")
    args = ap.parse_args(argv)
    n = args.n if args.n is not None else (300 if args.scenario == "typical" else 20)
    problems = list(SCENARIOS[args.scenario](args.seed, n))
    pay({"cost": "{1}{W}", "sources": [{"name": "Plains", "count": 2}]})  # imports, first model
    runs = profile(problems, args.repeat)
    load = os.getloadavg()[0]
    print(f"scenario {args.scenario}, seed {args.seed}, {n} problems, best of {args.repeat} runs each "
          f"(load average {load:.1f} on {os.cpu_count()} cores)\n")
    print(table(runs[False], runs[True], n))


if __name__ == "__main__":
    main()
