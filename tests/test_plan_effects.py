"""``plan`` and ``keep`` with an ``on`` extra (9.4) on an entry of several copies.

The enchanted copy becomes an entry of its own (solver/queries/plan_board.py ``split_enchanted``), so
the board each answer leaves says whether the enchanted copy is still untapped: rule cases, and
random plans compared with the plan reference (tests/reference/plan_brute.py, which pays through
effects_brute.py's own split), every answer verified on the board it was paid on.
"""

from __future__ import annotations

import copy
import json
import random

import tapwise
from tapwise.models.loader import load_problem
from tapwise.solver.queries.keep import without_keep
from tapwise.solver.verify.replay import verify
from reference import TooBig, Unsupported
from reference.plan_brute import brute_plan, check_left

GROWTH = {"kind": "extra", "on": "f", "add": "{G}"}  # Wild Growth on one of the Forests
FORESTS = {"sources": [{"id": "f", "name": "Forest", "count": 3}], "effects": [GROWTH]}


def _left(answer: dict) -> dict[str, tuple[int, int]]:
    def tapped(s: dict) -> int:
        t = s.get("tapped", 0)
        return s.get("count", 1) if t is True else int(t)
    return {s["id"]: (s.get("count", 1), tapped(s)) for s in answer["left"]["sources"]}


def test_106_12a_plan_wild_growth_on_one_forest_of_several_pays_two_costs():
    answer = tapwise.plan({**copy.deepcopy(FORESTS), "costs": [{"cost": "{G}{G}"}, {"cost": "{G}{G}"}]})
    assert answer["status"] == "paid" and answer["paid"] == [0, 1], answer
    assert _left(answer) == {"f": (1, 1), "f~2": (2, 2)}
    assert answer["objective"]["min_sources"] == 3  # the enchanted Forest, then the other two


def test_106_12a_plan_the_enchanted_forest_taps_once_across_the_costs():
    answer = tapwise.plan({**copy.deepcopy(FORESTS), "order": "any",
                           "costs": [{"cost": "{G}{G}{G}"}, {"cost": "{G}{G}"}]})
    assert answer["status"] == "paid" and answer["paid"] == [0], answer  # 4 mana in all, not 5
    assert answer["unpaid"] == [1]


def test_106_12a_plan_a_tapped_copy_leaves_the_enchanted_one_untapped():
    board = {"sources": [{"id": "f", "name": "Forest", "count": 3, "tapped": 2}], "effects": [GROWTH]}
    answer = tapwise.plan({**board, "costs": [{"cost": "{G}"}, {"cost": "{G}"}]})
    assert answer["status"] == "paid" and answer["paid"] == [0, 1], answer
    assert tapwise.plan({**board, "costs": [{"cost": "{G}{G}"}, {"cost": "{G}"}]})["paid"] == [0]


def test_9_5_keep_with_wild_growth_on_one_forest_of_several_taps_a_plain_one():
    problem = {"cost": "{G}", **copy.deepcopy(FORESTS), "keep": [{"cost": "{G}{G}{G}"}]}
    answer = tapwise.pay(copy.deepcopy(problem))
    assert answer["status"] == "paid" and answer["kept"] == [0], answer
    assert [(a["source"], a.get("extra")) for a in answer["activations"]] == [("f", None)]  # named as given
    plain = {**answer, "objective": {k: v for k, v in answer["objective"].items() if k != "max_keep"}}
    assert verify(without_keep(load_problem(copy.deepcopy(problem))), plain) == []
    spent = tapwise.pay({"cost": "{G}{G}", **copy.deepcopy(FORESTS), "keep": [{"cost": "{G}{G}{G}"}]})
    assert spent["status"] == "paid" and spent["kept"] == [], spent  # 2 of 4 mana left, whoever pays


def test_9_5_plan_with_keep_and_wild_growth_on_one_forest_of_several():
    answer = tapwise.plan({**copy.deepcopy(FORESTS), "costs": [{"cost": "{G}"}], "keep": [{"cost": "{G}{G}{G}"}]})
    assert answer["status"] == "paid" and answer["kept"] == [0], answer
    assert _left(answer) == {"f": (1, 0), "f~2": (2, 1)}


# -- random plans against the reference ----------------------------------------------------


def _source(r: random.Random, i: int) -> dict:
    kind = r.randrange(4)
    count = r.randint(1, 3)
    tapped = r.randint(0, count - 1) if r.random() < 0.3 else 0
    base = {"id": f"s{i}", "count": count, **({"tapped": tapped} if tapped else {})}
    if kind == 0:
        return {**base, "name": "Forest"}
    if kind == 1:
        return {**base, "name": "Island"}
    if kind == 2:
        return {**base, "types": ["land"], "abilities": [{"add": ["{C}", "{G}"]}]}
    return {**base, "types": ["creature"], "abilities": [{"add": "{G}"}]}


def random_plan(r: random.Random) -> tuple[dict, list[dict], str]:
    sources = [_source(r, i) for i in range(r.randint(1, 3))]
    several = [s for s in sources if s["count"] > 1] or sources
    effects = [{"kind": "extra", "on": r.choice(several)["id"], "add": r.choice(["{G}", "{U}", "same_type"])}]
    if r.random() < 0.4:
        effects.append(r.choice([{"kind": "multiply", "factor": 2, "when": {"types": ["creature"]}},
                                 {"kind": "extra", "when": {"subtypes": ["island"]}, "add": "{C}"},
                                 {"kind": "replace", "when": {"types": ["land"]}, "into_type": "C"}]))
    symbols = ["{G}", "{U}", "{1}", "{C}", "{G/U}"]
    costs = [{"cost": "".join(r.choice(symbols) for _ in range(r.randint(1, 3)))} for _ in range(r.randint(2, 3))]
    return {"sources": sources, "effects": effects}, costs, r.choice(["given", "any"])


def check_plans(seed: int, n: int) -> int:
    r = random.Random(seed)
    compared = 0
    for _ in range(n):
        board, costs, order = random_plan(r)
        shown = json.dumps({**board, "costs": costs, "order": order})
        try:
            expected = brute_plan(copy.deepcopy(board), copy.deepcopy(costs), order)
        except (TooBig, Unsupported):
            continue
        got = tapwise.plan({**copy.deepcopy(board), "costs": copy.deepcopy(costs), "order": order})
        assert got["status"] == ("paid" if expected[0] else "infeasible"), f"{shown}\n{got}"
        assert got["optimal"] is True, f"{shown}\n{got}"
        assert (got["objective"]["paid"], got["objective"]["mana_value"]) == expected[:2], f"{shown}\n{got}"
        values = {k: got["objective"][k] for k in expected[2]}
        assert values == expected[2], f"plan {values}, reference {expected[2]}\n{shown}"
        assert check_left(copy.deepcopy(board), got) == [], f"{shown}\n{got}"
        compared += 1
    return compared


def test_9_4_random_plans_with_an_on_extra_on_several_copies_match_the_reference():
    assert check_plans(9440, 300) >= 280


# -- random payments with keep against the keep-with-effects reference ------------------------

from reference.keep_effects_brute import brute_keep_effects  # noqa: E402


def random_keep(r: random.Random) -> dict:
    board, costs, _ = random_plan(r)
    keep = [{"cost": "".join(r.choice(["{G}", "{U}", "{1}", "{C}"]) for _ in range(r.randint(1, 3)))}
            for _ in range(r.randint(1, 2))]
    return {**board, "cost": costs[0]["cost"], "keep": keep}


def check_keeps(seed: int, n: int) -> tuple[int, int]:
    """(compared, of which paid); every answer verified, kept exactly what the reference keeps."""
    r = random.Random(seed)
    compared = paid = 0
    for _ in range(n):
        problem = random_keep(r)
        shown = json.dumps(problem)
        try:
            expected = brute_keep_effects(copy.deepcopy(problem))
        except (TooBig, Unsupported):
            continue
        answer = tapwise.pay(copy.deepcopy(problem))
        assert answer["status"] == expected["status"], f"{shown}\n{answer}\n{expected}"
        compared += 1
        if answer["status"] != "paid":
            continue
        paid += 1
        plain = {**answer, "objective": {k: v for k, v in answer["objective"].items() if k != "max_keep"}}
        assert verify(without_keep(load_problem(copy.deepcopy(problem))), plain) == [], shown
        assert answer["optimal"] is True, shown
        assert answer["objective"] == expected["objective"], f"{shown}\n{answer}\n{expected}"
        value = sum(load_problem({**copy.deepcopy(problem), **problem["keep"][i], "keep": []}).cost.mana_value
                    for i in answer["kept"])
        assert (len(answer["kept"]), value) == (expected["kept_count"], expected["kept_mana_value"]), shown
    return compared, paid


def test_9_5_random_keeps_with_an_on_extra_on_several_copies_match_the_reference():
    compared, paid = check_keeps(9540, 300)
    assert compared >= 280 and paid >= 150, (compared, paid)


# -- random plans with keep against the plan-with-keep reference ------------------------------

from reference.plan_keep_brute import brute_plan_keep  # noqa: E402


def check_plan_keeps(seed: int, n: int) -> int:
    r = random.Random(seed)
    compared = 0
    for _ in range(n):
        board, costs, order = random_plan(r)
        keep = [{"cost": "".join(r.choice(["{G}", "{U}", "{1}"]) for _ in range(r.randint(1, 3)))}]
        shown = json.dumps({**board, "costs": costs, "order": order, "keep": keep})
        try:
            expected = brute_plan_keep(copy.deepcopy(board), copy.deepcopy(costs), copy.deepcopy(keep), order)
        except (TooBig, Unsupported):
            continue
        got = tapwise.plan({**copy.deepcopy(board), "costs": copy.deepcopy(costs), "order": order,
                            "keep": copy.deepcopy(keep)})
        compared += 1
        if expected is None:
            assert got["status"] == "infeasible", f"{shown}\n{got}"
            continue
        assert got["status"] == "paid" and got["optimal"], f"{shown}\n{got}"
        assert (got["objective"]["paid"], got["objective"]["mana_value"], len(got["kept"])) == (
            expected["paid"], expected["mana_value"], expected["kept_count"]), f"{shown}\n{got}\n{expected}"
        rest = {k: got["objective"][k] for k in expected["objective"] if k != "max_keep"}
        assert rest == {k: v for k, v in expected["objective"].items() if k != "max_keep"}, f"{shown}\n{got}"
        assert check_left(copy.deepcopy(board), got) == [], f"{shown}\n{got}"
    return compared


def test_9_5_random_plans_with_keep_and_an_on_extra_on_several_copies_match_the_reference():
    assert check_plan_keeps(9545, 200) >= 180
