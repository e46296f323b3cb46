"""Search-loop latency (issue 22): what an AI asking one board many times sees.

    tapwise bench --search-loop            # or: python -m tapwise.benchmarks.search_loop
    python -m tapwise.benchmarks.search_loop --n 200 --large 10000

On the issue's boards (1,000 small boards of basics, duals, tri-lands and Sol Ring, 5-25 lands,
costs of 2-10 symbols), in-process, every answer verified by the library as always:

- ``pay() cold``: ``tapwise.pay(problem)`` from the problem dict, as a one-off call (the
  passes after the first find the board merged and compiled, solver/front/boards.py, as an engine
  sending the same board with other costs does; ``pay() cold, boards never met``, the last row,
  asks boards of another seed once each);
- ``prepared pay``: ``board.pay(cost)`` on a board prepared once (``tapwise.prepare``) and
  asked that cost (and with ``"objective": []``) once before the timed passes, so every timed
  call is a cost the board was asked before (a board keeps a cost text it was asked compiled,
  as a search asking the same cards again finds it); first asks are the next row's. Until
  2026-12-05 the first of the three passes was timed here too, so a third of the calls were
  first asks: the median was about the 75th percentile of repeated asks and the p99 a first ask;
- ``prepared pay, first ask``: the same on boards never asked before (one pass: every cost text
  is new to its board);
- ``prepared feasible``: ``board.can_pay(cost)`` (only whether it can be paid: Hall's count over
  the board's supply, ``solver/fast/feasible.py``), checked against the status of ``pay``;
- ``prepared pay, objective []``: ``board.pay`` with ``"objective": []``: any payment, verified;
- ``greedy``: the greedy engine payer (``benchmarks.greedy``) on the same problems;
- ``large``: 10^4 lands and a 100-symbol cost, and 10^5 lands, ``pay()`` including reading.

Each row gives the median and p99 of the per-call wall time and the issue's target beside it,
and the p99 of the calling thread's CPU time (``time.thread_time_ns``), which a loaded machine's
preemptions don't inflate.
Objects alive after setup are frozen out of the collector (``gc.freeze``, as a long-running
engine does after start-up) and the collections that still happen in the timed calls are
counted per generation: the hot path's garbage is the payer's, and shows there. The machine is
shared, so the load average at the start and end is printed with the table.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
from typing import Any, Callable, Iterable

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
COLORS = "WUBRG"
TRIOMES = ("WUB", "UBR", "BRG", "RGW", "GWU", "WBG", "URW", "BGU", "RWB", "GUR")

TARGETS_US = {"pay() cold": 80.0, "pay() cold, boards never met": 80.0, "prepared pay": 15.0, "prepared feasible": 5.0,
              # issue 43: 10x / 3x / 3x a compiled matching payer's ~2 µs (../shared/peers, landlord)
              "engine: pay(), boards never met": 20.0, "engine: prepared pay": 6.0,
              "engine: push + can_pay + pop, first push": 6.0,
              "engine: push + can_pay + pop, again": 6.0}
"""Median targets of the issue, in microseconds (p99 targets are 4x the median). The cold target
is held to both cold rows: boards ``pay()`` met before and boards it never met."""
LARGE_TARGETS_MS = {10_000: 5.0, 100_000: 20.0}


def _rng(seed: int, i: int) -> random.Random:
    return random.Random(f"tapwise-search-loop:{seed}:{i}")


def _mana(types: str) -> str:
    return "".join("{%s}" % t for t in types)


SOL_RING = {"id": "sol_ring", "name": "Sol Ring", "types": ["artifact"], "abilities": [{"add": "{C}{C}"}]}
"""Sources are written with explicit abilities, as the baselines need (they don't read names)."""


def _basic(color: str) -> dict[str, Any]:
    return {"id": BASICS[color].lower(), "name": BASICS[color], "types": ["land"],
            "abilities": [{"add": "{%s}" % color}]}


def board_and_cost(seed: int, i: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Board ``i``: 5-25 lands of one to three colors (basics, duals, tri-lands) and sometimes a
    Sol Ring; a cost of 2-10 symbols in those colors (colored, generic, hybrid, a few {C})."""
    rng = _rng(seed, i)
    colors = "".join(sorted(rng.sample(COLORS, rng.randint(1, 3)), key=COLORS.index))
    lands = rng.randint(5, 25)
    kinds: list[tuple[str, dict[str, Any]]] = [(BASICS[c], _basic(c)) for c in colors]
    for a in colors:
        for b in colors:
            if COLORS.index(a) < COLORS.index(b):
                kinds.append((f"dual-{a}{b}", {"id": f"dual-{a}{b}", "types": ["land"],
                                               "abilities": [{"add": [_mana(a), _mana(b)]}]}))
    for tri in TRIOMES:
        if set(tri) <= set(colors):
            kinds.append((f"tri-{tri}", {"id": f"tri-{tri}", "types": ["land"],
                                         "abilities": [{"add": [_mana(t) for t in tri]}]}))
    weights = [4.0 if name in BASICS.values() else 1.0 for name, _ in kinds]
    drawn = rng.choices(range(len(kinds)), weights=weights, k=lands)
    sources = []
    for k in sorted(set(drawn)):
        sources.append({**kinds[k][1], "count": drawn.count(k)})
    if rng.random() < 0.3:
        sources.append(SOL_RING)
    symbols = rng.randint(2, 10)
    generic = 0
    parts = []
    for _ in range(symbols):
        r = rng.random()
        if r < 0.55:
            parts.append("{%s}" % rng.choice(colors))
        elif r < 0.85:
            generic += 1
        elif r < 0.95 and len(colors) > 1:
            a, b = sorted(rng.sample(colors, 2), key=COLORS.index)
            parts.append("{%s/%s}" % (a, b))
        else:
            parts.append("{C}")
    cost = ("{%d}" % generic if generic else "") + "".join(parts)
    return {"sources": sources}, {"cost": cost}


def engine_board_and_cost(seed: int, i: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Board ``i`` of :func:`board_and_cost` as an engine hands it over (issue 43): abilities
    only, no names or types, one entry per kind of land named by what it makes
    (``{"id": "W|U", "count": 2, "abilities": [{"add": ["{W}", "{U}"]}]}``; Sol Ring is
    ``"CC"``), as ../shared/peers' drivers give the peers' boards."""
    board, cost = board_and_cost(seed, i)
    sources = []
    for s in board["sources"]:
        add = s["abilities"][0]["add"]
        name = "|".join(a.strip("{}") for a in add) if isinstance(add, list) else add.replace(
            "{", "").replace("}", "")
        sources.append({"id": name, "count": s.get("count", 1), "abilities": [{"add": add}]})
    return {"sources": sources}, cost


def large_problem(lands: int, symbols: int = 100, seed: int = 0) -> dict[str, Any]:
    """``lands`` lands of five colors (basics, duals, tri-lands) and a ``symbols``-symbol cost."""
    rng = _rng(seed, -lands)
    sources: list[dict[str, Any]] = []
    left = lands
    kinds = [_basic(c) for c in COLORS]
    kinds += [{"id": f"dual-{a}{b}", "types": ["land"], "abilities": [{"add": [_mana(a), _mana(b)]}]}
              for a in COLORS for b in COLORS if COLORS.index(a) < COLORS.index(b)]
    kinds += [{"id": f"tri-{t}", "types": ["land"], "abilities": [{"add": [_mana(x) for x in t]}]}
              for t in TRIOMES]
    for k in kinds:  # a few entries per kind, as a board listed by hand would be
        for _ in range(3):
            n = max(1, lands // (len(kinds) * 3)) if left > 0 else 0
            n = min(n, left)
            if n:
                entry = dict(k, count=n)
                entry["id"] = f"{entry['id']}-{len(sources)}"
                sources.append(entry)
                left -= n
    if left:
        sources.append({**_basic("G"), "id": "forest-rest", "count": left})
    colored = "".join(rng.choice(COLORS) for _ in range(symbols // 2))
    cost = "{%d}" % (symbols - len(colored)) + _mana(colored)
    return {"id": f"large-{lands}", "cost": cost, "sources": sources}


def _times(call: Callable[[Any], Any], items: Iterable[Any], check: Callable[[Any, Any], None]) -> tuple[list[float], dict[int, int]]:
    """Wall time of ``call(item)`` per item in microseconds, and the collections per generation
    that happened in the timed calls."""
    counts = {0: 0, 1: 0, 2: 0}

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            counts[info["generation"]] += 1

    out = []
    cpu = []
    timer = time.perf_counter_ns
    cpu_timer = time.thread_time_ns
    gc.callbacks.append(count)
    try:
        for item in items:
            c = cpu_timer()
            t = timer()
            got = call(item)
            out.append((timer() - t) / 1000)
            cpu.append((cpu_timer() - c) / 1000)
            check(item, got)
    finally:
        gc.callbacks.remove(count)
    counts["cpu"] = cpu  # type: ignore[assignment]
    return out, counts


def _paid(_: Any, answer: dict[str, Any]) -> None:
    if answer.get("status") not in ("paid", "infeasible"):
        raise AssertionError(f"unexpected answer: {answer}")


def _p99(times: list[float]) -> float:
    return statistics.quantiles(times, n=100)[98] if len(times) >= 100 else max(times)


def run(n: int = 1000, seed: int = 0, large: tuple[int, ...] = (10_000, 100_000), rounds: int = 3) -> list[dict[str, Any]]:
    """The rows of the table: one per measurement."""
    import tapwise
    from tapwise.benchmarks import greedy

    cases = [board_and_cost(seed, i) for i in range(n)]
    problems = [{**cost, **board} for board, cost in cases]
    boards = [tapwise.prepare(board) for board, _ in cases]
    feasible = [{**cost, "objective": []} for _, cost in cases]
    for p in problems[:50]:  # warm: imports, first calls
        tapwise.pay(p)
    gc.collect()
    gc.freeze()
    rows = []

    def measure(name: str, call: Callable[[Any], Any], items: list[Any], check=_paid, passes: int = rounds) -> None:
        times: list[float] = []
        cpu: list[float] = []
        counts = {0: 0, 1: 0, 2: 0}
        for _ in range(passes):
            got, c = _times(call, items, check)
            times += got
            cpu += c.pop("cpu")
            for g in counts:
                counts[g] += c[g]
        median = statistics.median(times)
        rows.append({"name": name, "calls": len(times), "median_us": median, "p99_us": _p99(times),
                     "cpu_p99_us": _p99(cpu), "target_us": TARGETS_US.get(name), "gc": counts})

    measure("pay() cold", tapwise.pay, problems)
    fresh = [tapwise.prepare(board) for board, _ in cases]
    measure("prepared pay, first ask", lambda i: fresh[i].pay(cases[i][1]), list(range(n)), passes=1)
    for i in range(n):  # each board asked its cost once, untimed: first asks have the row above
        boards[i].pay(cases[i][1])
        boards[i].pay(feasible[i])
    measure("prepared pay", lambda i: boards[i].pay(cases[i][1]), list(range(n)))
    payable = [tapwise.pay(p)["status"] == "paid" for p in problems]

    def agrees(i: int, got: bool) -> None:
        if got is not payable[i]:
            raise AssertionError(f"can_pay {got} but pay() says {'paid' if payable[i] else 'not paid'}: {problems[i]}")

    measure("prepared feasible", lambda i: boards[i].can_pay(cases[i][1]), list(range(n)), check=agrees)
    measure("prepared pay, objective []", lambda i: boards[i].pay(feasible[i]), list(range(n)))
    measure("greedy", lambda p: greedy.pay(p), problems, check=lambda _, a: None)
    for lands in large:
        problem = large_problem(lands)
        tapwise.pay(problem)
        times, counts = _times(tapwise.pay, [problem] * 5, _paid)
        rows.append({"name": f"large {lands:,} lands, 100 symbols", "calls": len(times),
                     "median_us": statistics.median(times), "p99_us": max(times),
                     "cpu_p99_us": max(counts.pop("cpu")),
                     "target_us": LARGE_TARGETS_MS.get(lands, 0) * 1000 or None, "gc": counts})
    # pay() keeps the boards it met merged and compiled (solver/front/boards.py): the row above asks the
    # same boards each pass; this one asks boards of another seed, each once, as a first call does
    unseen = [{**cost, **board} for board, cost in (board_and_cost(seed + 1, i) for i in range(n))]
    measure("pay() cold, boards never met", tapwise.pay, unseen, passes=1)
    _engine_rows(n, seed, rounds, measure)
    gc.unfreeze()
    return rows


def _engine_rows(n: int, seed: int, rounds: int, measure: Callable[..., None]) -> None:
    """The engine-shaped boards' rows (issue 43): pay() on boards never met, a prepared board's
    repeated ask, and a push of that answer, a can_pay of the cost on what is left, the pop."""
    import tapwise

    unseen = [{**cost, **board} for board, cost in (engine_board_and_cost(seed + 2, i)
                                                    for i in range(n))]
    for p in (engine_board_and_cost(seed + 3, i) for i in range(50)):  # warm
        tapwise.pay({**p[1], **p[0]})
    measure("engine: pay(), boards never met", tapwise.pay, unseen, passes=1)
    cases = [engine_board_and_cost(seed, i) for i in range(n)]
    boards = [tapwise.prepare(board) for board, _ in cases]
    answers = [b.pay(cost) for b, (_, cost) in zip(boards, cases)]
    measure("engine: prepared pay", lambda i: boards[i].pay(cases[i][1]), list(range(n)))
    paid = [i for i in range(n) if answers[i]["status"] == "paid"]
    asked = [boards[i].pay(cases[i][1]) for i in range(n)]  # the answers pushed: the boards' own

    def push_pop(i: int) -> bool:
        board = boards[i]
        board.push(asked[i])
        got = board.can_pay(cases[i][1])
        board.pop()
        return got

    # the first push of an answer works out the board it leaves; pushed again (a search going
    # back down the same branch) the board keeps it
    measure("engine: push + can_pay + pop, first push", push_pop, paid, check=lambda _, got: None,
            passes=1)
    measure("engine: push + can_pay + pop, again", push_pop, paid, check=lambda _, got: None,
            passes=rounds)


def _fmt_us(us: float) -> str:
    return f"{us / 1000:.2f} ms" if us >= 1000 else f"{us:.1f} µs"


def table(rows: list[dict[str, Any]]) -> str:
    """The Markdown table of :func:`run`'s rows."""
    lines = ["| measurement | calls | median | p99 | p99 / median | p99 CPU time | target (median) | met | gc 0/1/2 |",
             "|---|---:|---:|---:|---:|---:|---:|:-:|---:|"]
    for r in rows:
        target = r["target_us"]
        ratio = r["p99_us"] / r["median_us"]
        met = "-" if target is None else (("yes" if r["median_us"] <= target else "no")
                                          + (", p99 yes" if ratio <= 4 else ", p99 no"))
        gcs = "/".join(str(r["gc"][g]) for g in (0, 1, 2))
        lines.append(f"| {r['name']} | {r['calls']} | {_fmt_us(r['median_us'])} | {_fmt_us(r['p99_us'])} | "
                     f"{ratio:.1f}x | {_fmt_us(r['cpu_p99_us'])} | {_fmt_us(target) if target else '-'} | {met} | {gcs} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="tapwise bench --search-loop", description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=1000, help="boards (default 1000)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=3, help="timed passes over the boards (default 3)")
    ap.add_argument("--large", type=int, nargs="*", default=[10_000, 100_000], help="lands of the large boards")
    args = ap.parse_args(argv)
    from tapwise.solver.build import describe

    before = os.getloadavg()
    rows = run(args.n, args.seed, tuple(args.large), args.rounds)
    after = os.getloadavg()
    print(f"{describe()}\nload average {before[0]:.2f} at the start, {after[0]:.2f} at the end "
          f"({os.cpu_count()} cores)", file=sys.stderr)
    print(table(rows))
    print("\nmet: the median against its target, and p99 against 4x the median. Wall times; 'p99 CPU time'"
          " is the thread's CPU time, which leaves out the time other processes held the core.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
