"""A longer run than the suite's for spec 9.3 (docs/history.md ("convoke") quotes its figures):

    python -P tests/keyword_sweep.py reference N SEED   # N random problems against the reference
    python -P tests/keyword_sweep.py fuzz N SEED        # N mutated problems: no internal error

``reference`` checks what tests/test_v2_keywords_reference.py checks (status, verifier, optimal
values) and prints the first disagreements; ``fuzz`` replaces values of random keyword problems
with wrong ones and checks ``pay`` answers each without an internal error.
"""

from __future__ import annotations

import copy
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import tapwise  # noqa: E402
from keyword_problems import keyword_problem  # noqa: E402
from reference.brute import TooBig, Unsupported  # noqa: E402
from test_v2_keywords_reference import _check  # noqa: E402

JUNK = [None, -1, 0, 1, 2.5, "x", "", [], {}, [1], {"n": -1}, {"types": 3}, True, False, 10**12, {"a": 1},
        ["creature"]]


def _mutate(value, rng: random.Random):
    if isinstance(value, dict) and value and rng.random() < 0.7:
        key = rng.choice(list(value))
        return {**value, key: _mutate(value[key], rng)}
    if isinstance(value, list) and value and rng.random() < 0.7:
        out = list(value)
        i = rng.randrange(len(out))
        out[i] = _mutate(out[i], rng)
        return out
    return rng.choice(JUNK)


def reference(n: int, seed: int) -> int:
    rng = random.Random(seed)
    bad = skipped = 0
    for i in range(n):
        problem = keyword_problem(rng)
        try:
            _check(problem)
        except (TooBig, Unsupported):
            skipped += 1
        except AssertionError as e:
            bad += 1
            if bad <= 3:
                print(f"problem {i}: {str(e)[:2000]}\n")
    print(f"{n} problems (seed {seed}): {bad} disagreements, {skipped} too big for the reference")
    return bad


def fuzz(n: int, seed: int) -> int:
    rng = random.Random(seed)
    bad = 0
    for _ in range(n):
        problem = _mutate(keyword_problem(rng), rng)
        if isinstance(problem, dict) and rng.random() < 0.3:
            problem[rng.choice(["convoke", "improvise", "delve", "other_costs"])] = rng.choice(JUNK)
        answer = tapwise.pay(copy.deepcopy(problem))
        if answer["status"] == "error" and answer["error"].startswith("internal"):
            bad += 1
            if bad <= 3:
                print(json.dumps(problem)[:1000], answer["error"][:500])
    print(f"{n} mutated problems (seed {seed}): {bad} internal errors")
    return bad


if __name__ == "__main__":
    mode, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 0
    started = time.monotonic()
    failed = (reference if mode == "reference" else fuzz)(count, seed)
    print(f"{time.monotonic() - started:.0f} s")
    sys.exit(1 if failed else 0)
