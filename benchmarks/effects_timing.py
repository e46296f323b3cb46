"""Time ``pay`` on large boards with and without 9.4's effects: the model stays aggregated.

    python -m tapwise.benchmarks.effects_timing                   # 10,000 lands, 20 boards
    python -m tapwise.benchmarks.effects_timing --lands 100000 --n 10
    tapwise bench --effects [--n N]

Each board is ``--lands`` land copies in a handful of entries (basics, snow basics, duals, a
painland, a Sol land) and a few mana creatures, with a cost of a few colored symbols and some
generic. Every board is paid three ways: without effects (the usual route: the exact fast path
when it applies), without effects with CP-SAT forced (the route a board with effects takes), and
with Nyxbloom Ancient, Mana Reflection and Mana Flare. Per way: the median and largest time of
one verified ``pay``, and the model's size (producers, mana kinds), which depends on the kinds
of sources and not on the copies: the same with and without the effects.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

EFFECTS = [{"kind": "multiply", "factor": 3, "when": {}},  # Nyxbloom Ancient
           {"kind": "multiply", "factor": 2, "when": {}},  # Mana Reflection
           {"kind": "extra", "when": {"types": ["land"], "controller": "any"}, "add": "same_type"}]  # Mana Flare


def board(r: random.Random, lands: int) -> dict:
    """A board of about ``lands`` land copies in a few entries, and a few creatures."""
    kinds = [{"name": "Forest"}, {"name": "Island"}, {"name": "Swamp"}, {"name": "Snow-Covered Mountain"},
             {"name": "Plains"}, {"name": "Hallowed Fountain", "abilities": [{"add": ["{W}", "{U}"]}]},
             {"name": "Karplusan Forest", "abilities": [{"add": "{C}"}, {"add": ["{R}", "{G}"], "damage": 1}]},
             {"name": "Temple", "abilities": [{"add": "{C}{C}"}]}]
    weights = [r.random() + 0.2 for _ in kinds]
    total = sum(weights)
    sources = [{**k, "id": k["name"], "count": max(1, int(lands * w / total)), "tapped": r.randint(0, 3)}
               for k, w in zip(kinds, weights)]
    sources.append({"id": "birds", "types": ["creature"], "count": r.randint(1, 4),
                    "abilities": [{"add": {"any_color": 1}}]})
    return {"sources": sources}


def cost(r: random.Random) -> str:
    colored = "".join(r.choice(["{W}", "{U}", "{B}", "{R}", "{G}", "{W/U}", "{S}", "{C}"]) for _ in range(r.randint(3, 8)))
    return "{%d}%s" % (r.randint(5, 200), colored)


def _model_size(problem: dict) -> tuple[int, int]:
    from tapwise.models.loader import load_problem
    from tapwise.solver.front.compile import compile_problem
    c = compile_problem(load_problem(problem))
    return len(c.producers), len(c.kinds)


def run(lands: int, n: int, seed: int) -> dict[str, dict]:
    import tapwise
    from tapwise.solver.fast import solve as fast

    r = random.Random(seed)
    problems = [{"cost": cost(r), **board(r, lands)} for _ in range(n)]
    ways = {"without effects": (False, True), "without effects, CP-SAT": (False, False),
            "with Nyxbloom + Reflection + Flare": (True, True)}
    out = {}
    for name, (with_effects, fast_on) in ways.items():
        times, statuses, sizes = [], {}, set()
        before = fast.ENABLED
        fast.ENABLED = fast_on and before
        try:
            for p in problems:
                q = {**p, "effects": EFFECTS} if with_effects else p
                sizes.add(_model_size(q))
                start = time.perf_counter()
                answer = tapwise.pay(q)
                times.append((time.perf_counter() - start) * 1000)
                statuses[answer["status"]] = statuses.get(answer["status"], 0) + 1
        finally:
            fast.ENABLED = before
        out[name] = {"median_ms": statistics.median(times), "max_ms": max(times), "statuses": statuses,
                     "producers": sorted({s[0] for s in sizes}), "kinds": sorted({s[1] for s in sizes})}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lands", type=int, default=10_000, help="land copies per board (default 10,000)")
    parser.add_argument("--n", type=int, default=20, help="boards (default 20)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"{args.n} boards of about {args.lands:,} lands, verified pay per board:")
    for name, row in run(args.lands, args.n, args.seed).items():
        print(f"  {name:36s} median {row['median_ms']:7.1f} ms, max {row['max_ms']:7.1f} ms; "
              f"producers {row['producers']}, mana kinds {row['kinds']}; {row['statuses']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
