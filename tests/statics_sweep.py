"""A longer run than the suite's for 9.8 ``statics`` (docs/statics.md quotes its figure):

    python -P tests/statics_sweep.py N SEED

``N`` fresh problems of tests/test_statics.py's strategy (seed ``SEED``), each paid by
``tapwise.pay`` and by tests/reference/statics_brute.py (sharing no code with the solver): the
same status, a payment the verifier accepts, the reference's optimal values. Counts how many
were paid, and how many had a colored-only reduction or one bought with life.
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
    done = paid = colored = life = 0
    for problem in _drawn(static_problems(), n, seed):
        check(problem)  # raises on the first disagreement, with the problem
        done += 1
        statics = problem.get("statics", [])
        colored += any(s.get("colored_only") for s in statics)
        life += any("life" in s for s in statics)
        paid += tapwise.pay(problem)["status"] == "paid"
    print(f"{done} problems agree with the reference ({paid} paid; {colored} with a colored-only "
          f"reduction, {life} with one bought with life) in {time.time() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
