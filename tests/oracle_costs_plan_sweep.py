"""Plans (2-3 plain costs) on the boards of tests/test_oracle_costs_ext.py's generators against
the plan reference (docs/history.md ("oracle-b")).

    cd tests && python -P oracle_costs_plan_sweep.py N SEED"""
import sys, random, copy
sys.path[:0] = [str(__import__("pathlib").Path(__file__).resolve().parent)]
import test_oracle_costs_ext as T
from reference.brute import TooBig, Unsupported
from reference.plan_brute import brute_plan, check_left
import tapwise
gens = [T.random_reflect_problem, T.random_colors_names_problem, T.random_victim_problem, T.random_taken_problem,
        T.random_sacrificed_problem, T.random_zone_problem]
r = random.Random(int(sys.argv[2]))
compared = skipped = bad = 0
for k in range(int(sys.argv[1])):
    p = r.choice(gens)(r)
    board = {k2: v for k2, v in p.items() if k2 != "cost"}
    costs = [{"cost": "".join(r.choice(["{1}", "{G}", "{B}", "{R}", "{U}", "{C}"]) for _ in range(r.randint(1, 2)))}
             for _ in range(r.randint(2, 3))]
    order = r.choice(["given", "any"])
    try:
        expected = brute_plan(copy.deepcopy(board), copy.deepcopy(costs), order)
    except (TooBig, Unsupported):
        skipped += 1
        continue
    got = tapwise.plan(dict(copy.deepcopy(board), costs=copy.deepcopy(costs), order=order))
    ok = got.get("status") in ("paid", "infeasible") and (got["objective"]["paid"], got["objective"]["mana_value"]) == expected[:2]
    if ok and got["optimal"]:
        ok = {k2: got["objective"][k2] for k2 in expected[2]} == expected[2]
    if ok:
        errors = check_left(copy.deepcopy(board), got)
        ok = errors == []
    compared += 1
    if not ok:
        bad += 1
        print("DISAGREE", board, costs, order, str(got)[:600], expected, flush=True)
print("plan compared", compared, "skipped", skipped, "disagreements", bad, flush=True)
