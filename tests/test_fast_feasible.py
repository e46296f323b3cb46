"""``Board.can_pay`` (solver/fast/feasible.py): Hall's condition over a prepared board's supply.

Contract: ``prepare(board).can_pay(cost)`` is True exactly when ``pay({**cost, **board,
"objective": []})`` pays; where Hall's count over the board's units can't tell (a pain land's
colors needed, a Treasure that must be sacrificed, a filter land, ``{2/W}``, version 2) it
declines and the search decides; a prepared board's ``pay`` skips the search when the count
proves that no payment exists, answering byte for byte as ``pay`` does.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings

import tapwise
from tapwise.benchmarks.search_loop import board_and_cost
from tapwise.models.problem import BOARD_KEYS, ProblemError
from tapwise.solver.fast.feasible import board_supply, cost_checks

try:
    from reference.brute import TooBig, Unsupported, brute_pay
    from strategies import mixed_problems
except ImportError:  # tests/ imported as a package
    from tests.reference.brute import TooBig, Unsupported, brute_pay
    from tests.strategies import mixed_problems

COMMON = dict(derandomize=True, deadline=None, database=None, print_blob=False,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                     HealthCheck.data_too_large])


def _split(problem: dict) -> tuple[dict, dict]:
    board = {k: v for k, v in problem.items() if k in BOARD_KEYS}
    cost = {k: v for k, v in problem.items() if k not in BOARD_KEYS and k != "query"}
    return board, cost


def _payable(problem: dict) -> bool:
    return tapwise.pay({**copy.deepcopy(problem), "objective": []})["status"] == "paid"


def _verdict(board: dict | tapwise.Board, cost: dict) -> bool | None:
    """Hall's own verdict (None: it declines), without the search behind can_pay."""
    prepared = board if isinstance(board, tapwise.Board) else tapwise.prepare(board)
    compiled = prepared._compiled.with_cost(prepared._merge(prepared.problem(cost)).problem)
    checks = cost_checks(compiled)
    supply = board_supply(prepared._compiled.compiled)
    return None if checks is None or supply is None else supply.decide(checks)


# -- random boards ---------------------------------------------------------------------------

COLORS = "WUBRG"
BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


def _source(rng: random.Random) -> dict:
    a, b, c = rng.sample(COLORS, 3)
    kind = rng.choices(["basic", "dual", "tri", "sol", "bounce", "birds", "pain", "city", "treasure", "snow",
                        "signet", "restricted", "tapped", "life"],
                       weights=[8, 4, 2, 2, 1, 1, 2, 1, 2, 1, 1, 1, 1, 1])[0]
    n = rng.choice([1, 1, 1, 2, 2, 3])
    if kind == "basic":
        return {"name": BASICS[a], "count": n}
    if kind == "dual":
        return {"abilities": [{"add": ["{%s}" % a, "{%s}" % b]}], "count": n}
    if kind == "tri":
        return {"abilities": [{"add": ["{%s}" % a, "{%s}" % b, "{%s}" % c]}], "count": n}
    if kind == "sol":
        return {"name": "Sol Ring"}
    if kind == "bounce":
        return {"abilities": [{"add": "{%s}{%s}" % (a, b)}]}
    if kind == "birds":
        return {"abilities": [{"add": {"any_color": 1}}], "types": ["creature"]}
    if kind == "pain":
        return {"abilities": [{"add": "{C}"}, {"add": ["{%s}" % a, "{%s}" % b], "damage": 1}], "count": n}
    if kind == "city":
        return {"name": "City of Brass"}
    if kind == "treasure":
        return {"name": "Treasure", "types": ["artifact"], "count": n,
                "abilities": [{"add": {"any_color": 1}, "sacrifice": True}]}
    if kind == "snow":
        return {"name": "Snow-Covered " + BASICS[a], "count": n}
    if kind == "signet":
        return {"abilities": [{"add": "{%s}{%s}" % (a, b), "mana": "{1}"}], "types": ["artifact"]}
    if kind == "restricted":
        return {"abilities": [{"add": "{%s}" % a, "only": {"types": ["creature"]}}], "count": n}
    if kind == "tapped":
        return {"name": BASICS[a], "count": n + 1, "tapped": 1}
    return {"abilities": [{"add": "{%s}" % a, "tap": False, "life": 1, "uses": 2}], "types": ["creature"]}


def _cost(rng: random.Random) -> str:
    parts = []
    generic = 0
    for _ in range(rng.randint(1, 7)):
        a, b = rng.sample(COLORS, 2)
        r = rng.random()
        if r < 0.45:
            parts.append("{%s}" % a)
        elif r < 0.65:
            generic += 1
        elif r < 0.75:
            parts.append("{%s/%s}" % (a, b))
        elif r < 0.83:
            parts.append("{%s/P}" % a)
        elif r < 0.89:
            parts.append("{C}")
        elif r < 0.94:
            parts.append("{S}")
        else:
            parts.append("{2/%s}" % a)
    return ("{%d}" % generic if generic else "") + "".join(parts)


def random_case(seed: int) -> tuple[dict, dict]:
    rng = random.Random(f"fast-feasible:{seed}")
    board: dict = {"sources": [_source(rng) for _ in range(rng.randint(1, 6))]}
    if rng.random() < 0.3:
        board["pool"] = [rng.choice(["{G}", "{C}", "{W}", {"mana": "{U}", "only": {"kind": "ability"}}])]
    if rng.random() < 0.4:
        board["player"] = {"life": rng.choice([1, 2, 3, 4, 5, 20]), "keep_life": rng.choice([None, 0, 1, 3])}
    cost: dict = {"cost": _cost(rng)}
    if rng.random() < 0.15:
        cost["for"] = {"types": ["creature"]}
    return board, cost


def test_can_pay_agrees_with_pay_on_2000_random_boards():
    decided = declined = 0
    for seed in range(2000):
        board, cost = random_case(seed)
        want = _payable({**cost, **board})
        prepared = tapwise.prepare(board)
        assert prepared.can_pay(cost) is want, json.dumps({**cost, **board})
        if _verdict(prepared, cost) is None:
            declined += 1
        else:
            decided += 1
    # the count decides most of them and declines some: both sides are exercised
    assert decided > 1000 and declined > 100, (decided, declined)


def test_can_pay_decides_every_search_loop_board_as_pay():
    """The issue's boards (basics, duals, tri-lands, Sol Ring) are inside the argument: Hall's
    count decides every one, and agrees with pay()."""
    for i in range(1000):
        board, cost = board_and_cost(0, i)
        verdict = _verdict(board, cost)
        assert verdict is not None, cost
        assert verdict is _payable({**cost, **board}), json.dumps({**cost, **board})


@settings(max_examples=300, **COMMON)
@given(mixed_problems())
def test_can_pay_agrees_with_the_brute_force_reference(problem):
    board, cost = _split(problem)
    try:
        prepared = tapwise.prepare(copy.deepcopy(board))
        got = prepared.can_pay(copy.deepcopy(cost))
    except (ProblemError, RuntimeError):
        return  # bad input (pay answers an error) or undecided: nothing to compare
    try:
        want = brute_pay({**copy.deepcopy(problem), "objective": []})
    except (Unsupported, TooBig):
        want = {"status": "paid" if _payable(problem) else "infeasible"}
    if want["status"] in ("paid", "infeasible", "unpayable"):
        assert got is (want["status"] == "paid"), json.dumps(problem)


def test_prepared_infeasible_answers_skip_the_search_and_match_pay():
    """Costs the count proves unpayable answer as pay() does, byte for byte (why included)."""
    checked = 0
    for seed in range(400):
        board, cost = random_case(seed)
        if _verdict(board, cost) is False:
            want = tapwise.pay({**copy.deepcopy(cost), **copy.deepcopy(board)})
            assert json.dumps(tapwise.prepare(board).pay(cost)) == json.dumps(want)
            checked += 1
    assert checked > 50


# -- rules and the boundary where the count declines ------------------------------------------

def test_107_4f_phyrexian_life_counts_within_keep_life():
    board = {"sources": [{"name": "Forest"}], "player": {"life": 5, "keep_life": 1}}
    b = tapwise.prepare(board)
    assert _verdict(board, {"cost": "{G}{G/P}{G/P}"}) is True  # 4 life: 1 left
    assert _verdict(board, {"cost": "{G}{G/P}{G/P}{G/P}"}) is False  # 6 life: more than 5
    assert b.can_pay({"cost": "{G/P}{G/P}{G/P}"}) is True  # the Forest and 4 life
    assert b.can_pay({"cost": "{G/P}{G/P}{G/P}{G/P}"}) is False  # the Forest and 6 life
    board = {"sources": [{"name": "Forest"}], "player": {"life": 4, "keep_life": None}}
    assert _verdict(board, {"cost": "{G/P}{G/P}"}) is True  # to 0: the rules allow it (119.4)


def test_106_6_restricted_mana_counts_only_for_what_it_may_pay():
    board = {"sources": [{"abilities": [{"add": "{G}", "only": {"types": ["creature"]}}]}]}
    assert _verdict(board, {"cost": "{G}"}) is False
    assert _verdict(board, {"cost": "{G}", "for": {"types": ["creature"]}}) is True
    pool = {"sources": [], "pool": [{"mana": "{U}", "only": {"kind": "ability"}}]}
    assert _verdict(pool, {"cost": "{U}"}) is False


def test_605_a_copy_taps_once_for_one_of_its_units():
    """A dual land is one unit of either color: two duals pay {W}{U} but not {W}{W}{U}."""
    board = {"sources": [{"abilities": [{"add": ["{W}", "{U}"]}], "count": 2}]}
    assert _verdict(board, {"cost": "{W}{U}"}) is True
    assert _verdict(board, {"cost": "{W}{W}{U}"}) is False
    assert _verdict(board, {"cost": "{W}{W}"}) is True


def test_the_count_declines_when_a_pain_lands_colors_are_needed():
    board = {"sources": [{"name": "Shivan Reef"}]}  # {C}, or {U}/{R} for 1 damage
    assert _verdict(board, {"cost": "{C}"}) is True
    assert _verdict(board, {"cost": "{R}"}) is None  # only the damaging ability pays it
    assert tapwise.prepare(board).can_pay({"cost": "{R}"}) is True  # the search decides
    assert _verdict(board, {"cost": "{R}{U}"}) is False  # one copy, one unit, even relaxed


def test_the_count_declines_when_a_treasure_must_be_sacrificed():
    board = {"sources": [{"name": "Forest"}, {"name": "Treasure", "types": ["artifact"],
                                              "abilities": [{"add": {"any_color": 1}, "sacrifice": True}]}]}
    assert _verdict(board, {"cost": "{G}"}) is True
    assert _verdict(board, {"cost": "{G}{U}"}) is None
    assert tapwise.prepare(board).can_pay({"cost": "{G}{U}"}) is True
    assert _verdict(board, {"cost": "{G}{U}{U}"}) is False


def test_the_count_declines_on_filter_lands_twobrid_and_version_2():
    signet = {"sources": [{"name": "Forest"}, {"abilities": [{"add": "{U}{B}", "mana": "{1}"}]}]}
    assert _verdict(signet, {"cost": "{G}"}) is True  # payable without it: still sure
    assert _verdict(signet, {"cost": "{U}{B}"}) is None  # bought with other mana: no bound
    assert tapwise.prepare(signet).can_pay({"cost": "{U}{B}"}) is True
    assert tapwise.prepare(signet).can_pay({"cost": "{U}{B}{G}"}) is False
    assert _verdict({"sources": [{"name": "Plains", "count": 2}]}, {"cost": "{2/W}"}) is None
    v2 = {"sources": [{"name": "Forest"}], "facts": {"creature you control": 2}}
    assert _verdict(v2, {"cost": "{G}"}) is None


def test_can_pay_names_the_field_of_a_bad_cost():
    b = tapwise.prepare({"sources": [{"name": "Forest"}]})
    with pytest.raises(ProblemError, match="cost"):
        b.can_pay({"cost": "{Q}"})
    with pytest.raises(ProblemError, match="sources"):
        b.can_pay({"cost": "{G}", "sources": []})
    assert b.can_pay("{G}") is True  # a cost as text is read as mana notation (issue 41)
    with pytest.raises(ProblemError, match="cost"):
        b.can_pay("{Q}")
    with pytest.raises(ProblemError):
        b.can_pay(3)  # type: ignore[arg-type]
    # a cost text seen before is still checked with whatever else the question holds
    assert b.can_pay({"cost": "{G}"}) is True
    with pytest.raises(ProblemError, match="objective"):
        b.can_pay({"cost": "{G}", "objective": ["min_nothing"]})


def test_asking_can_pay_changes_no_answer_of_the_board():
    board, _ = board_and_cost(0, 5)
    prepared = tapwise.prepare(board)
    costs = [board_and_cost(0, i)[1] for i in range(60)]
    for cost in costs:
        prepared.can_pay(cost)
    for cost in costs:
        assert json.dumps(prepared.pay(cost)) == json.dumps(tapwise.pay({**cost, **board}))
        assert prepared.can_pay(cost) is _payable({**cost, **board})
