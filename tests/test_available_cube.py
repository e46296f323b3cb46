"""``available`` with Doubling Cube (spec 9.2 ``{"add": {"double_pool": true}}``; rules 106.12, 605).

The Cube doubles the pool as it stands when it resolves, its cost paid, so the order of
activations matters; ``available`` searches it among the abilities with a mana cost.

- Rule examples, each pool list worked out by hand.
- Random tiny boards with Cubes against the reference (tests/reference/available_brute.py,
  which models the Cube on its own).
- A cross-check with ``pay``, which models the Cube with CP-SAT (solver/front/doubling.py): each
  reported pool, as a cost, is paid, and a cost of one more mana is paid exactly when some
  reported pool contains it.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import tapwise
from tapwise.solver.queries.available import available

from reference.available_brute import COLORS, TooBig, brute_available, contained
from test_available import COMMON, boards

CUBE = {"id": "cube", "types": ["artifact"], "abilities": [{"add": {"double_pool": True}, "mana": "{3}"}]}
TYPES = ("W", "U", "B", "R", "G", "C")


def pools(board: dict) -> list[dict[str, int]]:
    return [{k: v for k, v in p.items() if v} for p in available(copy.deepcopy(board))["pools"]]


def test_106_12_cube_doubles_what_is_left_after_its_cost():
    # seven Forests: {G}x7, or the Cube's {3} paid and the other four doubled
    assert pools({"sources": [{"name": "Forest", "count": 7}, CUBE]}) == [{"G": 8}]
    # six: the Cube gives back what it takes
    assert pools({"sources": [{"name": "Forest", "count": 6}, CUBE]}) == [{"G": 6}]


def test_605_cube_activation_order_matters():
    # a land tapped before the Cube is doubled, one tapped after is not: all seven first, {3}
    # paid with {G}{G}{G}, {G}{G}{U} or {G}{U}{U}, and the four left doubled (8 mana); an Island
    # kept for after makes 2 * 3 + 1 = 7 at most ({G}{G}{U} doubled, {U}: inside {G}x4 {U}x4)
    board = {"sources": [{"name": "Forest", "count": 5}, {"name": "Island", "count": 2}, CUBE]}
    assert pools(board) == [{"G": 4, "U": 4}, {"G": 6, "U": 2}, {"G": 8}]
    assert pools({"sources": board["sources"][:2]}) == [{"G": 5, "U": 2}]  # inside {G}x6 {U}x2 with the Cube


def test_106_12_two_cubes_the_second_doubles_the_firsts_mana():
    two = dict(CUBE, count=2)
    # 3 paid, 5 doubled to 10, 3 paid, 7 doubled to 14
    assert pools({"sources": [{"name": "Forest", "count": 8}, two]}) == [{"G": 14}]


def test_106_1a_any_color_has_a_color_when_the_cube_doubles_it():
    # Birds' mana is one color, so its double is two of that color, never two different ones
    birds = {"id": "birds", "types": ["creature"], "abilities": [{"add": {"any_color": 1}}]}
    board = {"sources": [birds, {"name": "Forest", "count": 3}, CUBE]}
    assert pools(board) == [{"G": 3, "Any": 1}, {"W": 2}, {"U": 2}, {"B": 2}, {"R": 2}]


def test_106_6_the_cubes_mana_is_its_own_snow_and_restriction():
    # the doubled snow mana is the Cube's own: not snow unless the Cube is
    board = {"pool": [{"mana": "{G}", "snow": True}] * 7, "sources": [CUBE]}
    assert pools(board) == [{"G": 8, "snow": 4}, {"G": 7, "snow": 7}]
    snowy = dict(CUBE, snow=True)
    assert pools({**board, "sources": [snowy]}) == [{"G": 8, "snow": 8}]
    # and it has the Cube ability's restriction, none of the originals'
    only = {"types": ["creature"]}
    restricted = {"id": "cube", "abilities": [{"add": {"double_pool": True}, "mana": "{3}", "only": only}]}
    assert pools({"pool": ["{G}"] * 7, "sources": [restricted]}) == [{"G": 8, "restricted": 4}, {"G": 7}]
    # creature-only mana can't pay the Cube's {3}, but the Cube doubles it, and the copy is free
    pool = [{"mana": "{G}", "only": only}] * 4
    assert pools({"pool": pool, "sources": [CUBE]}) == [{"G": 4, "restricted": 4}]
    assert pools({"pool": pool + ["{G}"] * 3, "sources": [CUBE]}) == [{"G": 8, "restricted": 4}]


def test_9_2_cube_refusals_name_the_key():
    bad = {"id": "cube", "abilities": [{"add": {"double_pool": True}, "mana": "{3}", "times": {"number": 2}}]}
    with pytest.raises(tapwise.ProblemError, match=r"sources\[0\]\.abilities\[0\]\.times"):
        available({"sources": [bad]})


# --------------------------------------------------------------------------------------------
# Random boards with Cubes against the reference, and against pay
# --------------------------------------------------------------------------------------------

@st.composite
def cube_boards(draw, rich: bool = True) -> dict:
    """A tiny board (tests/test_available.py's) and one Cube entry: its cost, tap or uses,
    copies, tapped copies, snow and restriction drawn."""
    board = draw(boards(rich=rich, max_copies=4, max_entries=3))
    ability: dict = {"add": {"double_pool": True}, "mana": draw(st.sampled_from(["{3}", "{2}", "{1}", "{C}", "{W}",
                                                                                 "{1}{U}"]))}
    if draw(st.integers(0, 3)) == 3:
        ability.update(tap=False, uses=draw(st.sampled_from([1, 2])))
    if rich and draw(st.integers(0, 4)) == 4:
        ability["only"] = draw(st.sampled_from([{"types": ["creature"]}, {"kind": "ability"}]))
    cube: dict = {"id": "cube", "types": ["artifact"], "abilities": [ability]}
    count = draw(st.sampled_from([1, 1, 1, 2]))
    if count > 1:
        cube["count"] = count
    if draw(st.integers(0, 5)) == 5:
        cube["tapped"] = 1
    if rich and draw(st.integers(0, 4)) == 4:
        cube["snow"] = True
    at = draw(st.integers(0, len(board["sources"])))
    board["sources"] = board["sources"][:at] + [cube] + board["sources"][at:]
    return board


def _key(p: dict) -> str:
    return json.dumps(p, sort_keys=True)


@settings(max_examples=150, **COMMON)
@given(cube_boards())
def test_9_2_cube_boards_match_the_available_reference(board):
    try:
        expected = brute_available(copy.deepcopy(board), max_states=20_000, max_tokens=10)
    except TooBig:
        assume(False)
    got = available(copy.deepcopy(board))
    assert sorted(got["pools"], key=_key) == sorted(expected["pools"], key=_key), json.dumps(board)


def _cost(counts: dict[str, int]) -> str:
    """A cost a pool of these counts pays exactly (``Any`` as {W}: any one color would do)."""
    return "".join("{%s}" % (t if t != "Any" else "W") * counts.get(t, 0) for t in (*TYPES, "Any"))


def _tokens(counts: dict[str, int], cost: bool = False) -> tuple:
    """The reference's tokens of a pool, or of the cost :func:`_cost` makes of it (``Any`` as W)."""
    return tuple(("W" if cost and t == "Any" else t, False, 0) for t in (*TYPES, "Any") for _ in range(counts.get(t, 0)))


@settings(max_examples=40, **COMMON)  # issue 44: 15 before; each board pays many costs (about 1 s)
@given(cube_boards(rich=False))
def test_9_2_every_reported_pool_pays_and_one_more_mana_only_where_a_pool_has_it(board):
    assume("only" not in json.dumps(board))  # pay spends mana on a spell: restrictions differ
    reported = [{k: v for k, v in p.items() if v} for p in available(copy.deepcopy(board))["pools"]]
    for p in reported:
        if _cost(p):
            assert tapwise.pay({"cost": _cost(p), **copy.deepcopy(board)})["status"] == "paid", (p, json.dumps(board))
        for t in TYPES:
            more = {**p, t: p.get(t, 0) + 1}
            expected = any(contained(_tokens(more, cost=True), _tokens(q)) for q in reported)
            status = tapwise.pay({"cost": _cost(more), **copy.deepcopy(board)})["status"]
            assert status == ("paid" if expected else "infeasible"), (more, json.dumps(board), reported)


def test_reference_cube_tries_every_color_of_any():
    board = {"sources": [{"id": "b", "abilities": [{"add": {"any_color": 1}}]}, {"name": "Wastes", "count": 3}, CUBE]}
    doubled = [{k: v for k, v in p.items() if v} for p in brute_available(board)["pools"]]
    assert sorted(_key(p) for p in doubled if "C" not in p) == sorted(_key({c: 2}) for c in COLORS)
