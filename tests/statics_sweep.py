"""A longer run than the suite's for 9.8 ``statics`` (docs/statics.md quotes its figure):

    python -P tests/statics_sweep.py N SEED

``N`` fresh problems of tests/test_statics.py's strategy (seed ``SEED``), each paid by
``tapwise.pay`` and by tests/reference/statics_brute.py (sharing no code with the solver): the
same status, a payment the verifier accepts, the reference's optimal values. Counts how many
were paid, and how many had each key of issue 40's second round.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


def main(argv: list[str]) -> int:
    import tapwise
    from test_statics import check, static_problems
    from v2_sweep import _drawn

    n, seed = int(argv[0]), int(argv[1])
    start = time.time()
    done = paid = 0
    keys = {"colored_only": 0, "life": 0, "counter": 0, "lose_others": 0, "its_colors": 0,
            "chosen names": 0, "set_subtypes []": 0}
    for problem in _drawn(static_problems(), n, seed):
        check(problem)  # raises on the first disagreement, with the problem
        done += 1
        statics = problem.get("statics", [])
        for key in ("colored_only", "life", "counter", "lose_others", "its_colors"):
            keys[key] += any(key in s for s in statics)
        keys["chosen names"] += any(s.get("chosen") == "names" for s in statics)
        keys["set_subtypes []"] += any(s.get("subtypes") == [] for s in statics)
        paid += tapwise.pay(problem)["status"] == "paid"
    print(f"{done} problems agree with the reference ({paid} paid) in {time.time() - start:.0f} "
          f"s; problems with each new key: "
          + ", ".join(f"{k} {v}" for k, v in keys.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
