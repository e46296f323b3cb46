"""Sweep outside the suite: the random generators of tests/test_oracle_costs_ext.py on new seeds,
each problem paid, verified and compared with the reference (docs/history.md ("oracle-b")).

    cd tests && python -P oracle_costs_sweep.py KIND N SEED

KIND: reflect, colors, victim, taken, sacrificed, zone."""
import sys, random, copy
sys.path[:0] = [str(__import__("pathlib").Path(__file__).resolve().parent)]
import test_oracle_costs_ext as T
from reference.brute import TooBig, Unsupported
which, n = sys.argv[1], int(sys.argv[2])
gen = {"reflect": T.random_reflect_problem, "colors": T.random_colors_names_problem, "victim": T.random_victim_problem, "taken": T.random_taken_problem, "sacrificed": T.random_sacrificed_problem, "zone": T.random_zone_problem}[which]
r = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 99)
compared = skipped = bad = 0
for k in range(n):
    p = gen(r)
    try:
        T.check_against_reference(p)
        compared += 1
    except (TooBig, Unsupported):
        skipped += 1
    except AssertionError as e:
        bad += 1
        print("DISAGREE", str(e)[:1500], flush=True)
print(which, "compared", compared, "skipped", skipped, "disagreements", bad, flush=True)
