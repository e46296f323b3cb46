"""A counted push's state (push43e, issue 43): the change a push makes to a board's feasibility
supply is kept in three fixed C arrays (solver/fast/feasible.py's ``Tapped``, MAX_DELTA groups
of kind mask, units to ``sure`` and units to ``most``). A push whose change needs more groups is
not counted: the board it leaves is derived instead, and answers the same.

Expected values are worked by hand (units counted per CR 106.1/605.1a: each untapped copy of a
one-unit land taps for one mana); tests/test_prepared_push.py compares counted verdicts with
``pay()`` on the board left over many random boards.
"""

from __future__ import annotations

import copy
import gc
import re
from pathlib import Path

import pytest

import tapwise
from tapwise.solver.fast.feasible import MAX_DELTA, Supply

COLORS = "WUBRG"


def _distinct_board(n: int) -> dict:
    """``n`` single-copy entries, no two alike (each adds one mana of its own set of colors),
    so none are merged and each tapped one is a group of its own."""
    sets = [c for c in COLORS] + [a + b for i, a in enumerate(COLORS) for b in COLORS[i + 1:]]
    sets += [a + b + c for i, a in enumerate(COLORS) for j, b in enumerate(COLORS[i + 1:], i + 1)
             for c in COLORS[j + 1:]]
    assert len(sets) >= n
    return {"sources": [{"id": f"e{i}", "abilities": [{"add": ["{%s}" % t for t in s]}]}
                        for i, s in enumerate(sets[:n])]}


def test_the_arrays_are_as_large_as_max_delta():
    """feasible.pxd sizes Tapped's three arrays by hand: they must be MAX_DELTA long (a larger
    constant would write past them in the compiled build)."""
    pxd = (Path(__file__).resolve().parent.parent / "solver" / "fast" / "feasible.pxd").read_text()
    sizes = re.findall(r"cdef i64 _(?:mask|sure|most)\[(\d+)\]", pxd)
    assert sizes == [str(MAX_DELTA)] * 3


def test_supply_after_counts_up_to_max_delta_groups_and_declines_beyond():
    """Each entry tapped adds two groups (its units to ``sure`` and to ``most``): 16 entries are
    the 32 groups the arrays hold; 17 are one entry too many, so the push isn't counted."""
    one = (((1, 1),), ((1, 1),))  # per copy: one unit of kind 0, sure and most
    supply = Supply(((1, 40),), ((1, 40),), 0, {i: one for i in range(40)}, ())
    assert MAX_DELTA == 32
    assert supply.after({i: 1 for i in range(16)}, (), 0) is not None
    assert supply.after({i: 1 for i in range(17)}, (), 0) is None
    tapped = supply.after({i: 1 for i in range(16)}, (), 0)
    assert tapped.decide(supply, ((1, 24),)) is True  # 40 - 16 = 24 units left
    assert tapped.decide(supply, ((1, 25),)) is False
    assert supply.after({40: 1}, (), 0) is None  # an entry that makes nothing is never tapped


def test_a_change_is_decided_on_the_supply_it_was_counted_on_and_holds_no_object():
    """A counted change holds no board (as python-chess's ``Move`` holds no position): it is
    decided on the supply it was counted on, and refused on another. Compiled, it is a record
    of C numbers that the collector never tracks: one is kept per payment a search pushes."""
    one = (((1, 1),), ((1, 1),))  # per copy: one unit of kind 0, sure and most
    supply = Supply(((1, 4),), ((1, 4),), 0, {0: one}, ())
    other = Supply(((1, 4),), ((1, 4),), 0, {0: one}, ())
    tapped = supply.after({0: 1}, (), 0)
    assert tapped.decide(supply, ((1, 3),)) is True  # 4 - 1 = 3 units left
    assert tapped.decide(supply, ((1, 4),)) is False
    with pytest.raises(ValueError, match="counted on"):
        tapped.decide(other, ((1, 3),))
    if type(Supply.after).__name__ != "function":  # compiled (the pure class is Python's)
        assert not gc.is_tracked(tapped)


def test_a_push_beyond_the_arrays_is_derived_and_answers_as_pay_on_the_board_left():
    """{17} on 25 different one-mana lands taps 17 of them (34 groups): not counted, so the
    board left is derived; 25 - 17 = 8 lands are left, so {8} can be paid and {9} can't, as
    pay() says on the board left described afresh; after the pop all 25 pay {25}."""
    board = _distinct_board(25)
    prepared = tapwise.prepare(copy.deepcopy(board))
    answer = prepared.pay({"cost": "{17}"})
    assert answer["status"] == "paid" and len(answer["activations"]) == 17
    prepared.push(answer)
    assert prepared._counted is None  # derived, not counted
    assert prepared.can_pay({"cost": "{8}"}) is True
    assert prepared.can_pay({"cost": "{9}"}) is False
    left = copy.deepcopy(prepared.board)
    assert sum(s.get("tapped", 0) for s in left["sources"]) == 17
    assert tapwise.pay({"cost": "{8}", **left})["status"] == "paid"
    assert tapwise.pay({"cost": "{9}", **left})["status"] == "infeasible"
    prepared.pop()
    assert prepared.board == board and prepared.can_pay({"cost": "{25}"}) is True


def test_a_push_within_the_arrays_is_counted_and_exact():
    """{15} on the same 25 lands taps 15 (30 groups): counted; 10 are left, so {10} can be paid
    and {11} can't, the board left not derived; push_cost of {5} on what is left (a second
    push, which derives the first's board) leaves 5, and two pops give back all 25."""
    board = _distinct_board(25)
    prepared = tapwise.prepare(copy.deepcopy(board))
    assert prepared.push_cost({"cost": "{15}"}) is True
    assert prepared._counted is not None  # counted
    assert prepared.can_pay({"cost": "{10}"}) is True
    assert prepared.can_pay({"cost": "{11}"}) is False
    assert prepared._counted is not None  # still not derived
    assert prepared.push_cost({"cost": "{5}"}) is True
    assert prepared.can_pay({"cost": "{5}"}) is True
    assert prepared.can_pay({"cost": "{6}"}) is False
    prepared.pop()
    assert prepared.can_pay({"cost": "{10}"}) is True
    assert prepared.can_pay({"cost": "{11}"}) is False
    prepared.pop()
    assert prepared.depth == 0 and prepared.board == board
    assert prepared.can_pay({"cost": "{25}"}) is True


def test_a_counted_push_keeps_the_pool_and_life_it_leaves():
    """CR 106.4: mana left over stays in the pool within the step. {C} paid by a land adding
    {C}{C} leaves one {C} in the pool; {U/P} paid with 2 life (the only {U} source tapped
    first) takes 2 of 3 life, so no Phyrexian symbol can be paid after (1 life left, CR 119.4,
    and the {C}{C} land makes no blue)."""
    board = {"sources": [{"id": "CC", "abilities": [{"add": "{C}{C}"}]},
                         {"id": "U", "abilities": [{"add": "{U}"}]}],
             "player": {"life": 3}}
    prepared = tapwise.prepare(copy.deepcopy(board))
    assert prepared.push_cost({"cost": "{C}"}) is True
    assert prepared._counted is not None
    assert prepared.can_pay({"cost": "{C}{U}"}) is True  # the pool's {C} and the U
    assert prepared.can_pay({"cost": "{C}{C}"}) is False  # one {C} left, CC tapped
    prepared.pop()
    assert prepared.push_cost({"cost": "{U}{U/P}"}) is True  # U taps, 2 life for {U/P}
    assert prepared._counted is not None
    assert prepared.can_pay({"cost": "{U/P}"}) is False
    assert prepared.can_pay({"cost": "{C}{C}"}) is True  # CC untapped
    prepared.pop()
    assert prepared.can_pay({"cost": "{U/P}{U/P}"}) is True  # U, and 2 of 3 life
    assert prepared.can_pay({"cost": "{U/P}{U/P}{U/P}"}) is False
