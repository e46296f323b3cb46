"""``push(answer)`` on a copy the caller may have changed (push43g, issue 43).

A prepared board hands out a copy of the payment it verified (docs/prepared.md, "A repeated
ask"); ``push`` pushes that payment, counted, only when the copy is unchanged
(solver/answer/reuse.py's ``unchanged_answer``: the same JSON value with the same types, its
``id`` aside). Any other copy is replayed by the independent verifier and applied as written
or refused, never pushed silently as the verified payment: a bool or a float where the answer
has an int is a change (``True == 1`` and ``1.0 == 1`` in Python, but the verifier reads
``times`` and ``count`` as whole numbers), and so is a tuple for a list.

The board and its answer are worked by hand: five R lands, eight G, two R|G duals and a land
adding {C}{C}; {2}{R}{R/G} is paid by the {C}{C} land for {2} and two R lands (CR 107.4e: the
hybrid paid with {R}), the fewest sources (3). After the push two R and the {C}{C} land are
tapped: R can come from 3 R lands and 2 duals (5, not 6), and no {C} is left (CR 106.4: the
payment left no mana in the pool).
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tapwise
from tapwise.solver.answer.reuse import (copied, copy_shaped, frame_of, shape_of, unchanged,
                                         unchanged_answer)
from tapwise.solver.queries.pushed import PushError

COMMON = dict(derandomize=True, deadline=None, database=None, print_blob=False,
              suppress_health_check=[HealthCheck.too_slow])

BOARD = {"sources": [{"id": "R", "count": 5, "abilities": [{"add": "{R}"}]},
                     {"id": "G", "count": 8, "abilities": [{"add": "{G}"}]},
                     {"id": "R|G", "count": 2, "abilities": [{"add": ["{R}", "{G}"]}]},
                     {"id": "CC", "count": 1, "abilities": [{"add": "{C}{C}"}]}]}
COST = {"cost": "{2}{R}{R/G}"}


def _asked(cost: dict = COST) -> tuple[tapwise.Board, dict]:
    """A board asked COST twice: the second answer is the copy of the kept, verified one."""
    board = tapwise.prepare(copy.deepcopy(BOARD))
    board.pay(dict(COST))
    return board, board.pay(dict(cost))


def _assert_board_left(board: tapwise.Board) -> None:
    """The worked board left (see the module's docstring)."""
    tapped = {s["id"]: s.get("tapped", 0) for s in board.board["sources"]}
    assert tapped == {"R": 2, "G": 0, "R|G": 0, "CC": 1}
    assert board.can_pay({"cost": "{R}{R}{R}{R}{R}"}) is True
    assert board.can_pay({"cost": "{R}{R}{R}{R}{R}{R}"}) is False
    assert board.can_pay({"cost": "{C}"}) is False


def test_the_worked_answer():
    _, answer = _asked()
    assert answer["activations"] == [{"source": "R", "ability": 0, "adds": "{R}", "times": 2},
                                     {"source": "CC", "ability": 0, "adds": "{C}{C}",
                                      "times": 1}]
    assert answer["payments"][0] == {"symbol": "{2}",
                                     "mana": [{"type": "C", "source": "CC", "count": 2}]}


def _renewed(a: dict) -> dict:
    """Equal, every value below the top new (the board knows an answer by its identity)."""
    for k, v in a.items():
        a[k] = json.loads(json.dumps(v))
    return a


def _reordered(a: dict) -> dict:
    items = list(a.items())
    a.clear()
    a.update(reversed(items))
    return a


@pytest.mark.parametrize("remake", [lambda a: a, _renewed, _reordered],
                         ids=["as handed out", "renewed", "reordered"])
def test_an_unchanged_copy_is_pushed_as_the_verified_payment(remake):
    board, answer = _asked()
    board.push(remake(answer))
    assert board._counted is not None  # counted: the verified payment itself
    assert board.can_pay({"cost": "{R}{R}{R}{R}{R}"}) is True
    assert board.can_pay({"cost": "{R}{R}{R}{R}{R}{R}"}) is False
    _assert_board_left(board)
    board.pop()
    assert board.board == BOARD


def test_a_copy_with_the_askers_id_is_unchanged():
    board, answer = _asked({**COST, "id": 7})
    assert answer["id"] == 7
    board.push(answer)
    assert board._counted is not None
    _assert_board_left(board)


def _set(path: tuple, value):
    def change(a: dict) -> dict:
        d = a
        for k in path[:-1]:
            d = d[k]
        d[path[-1]] = value
        return a
    return change


def _drop_activation(a: dict) -> dict:
    del a["activations"][1]
    return a


REFUSED = {
    "a mana type deep in a payment": _set(("payments", 1, "mana", 0, "type"), "G"),
    "a removed activation": _drop_activation,
    "a list turned tuple": lambda a: _set(("colors_spent",), tuple(a["colors_spent"]))(a),
    "an int turned bool (True == 1)": _set(("activations", 1, "times"), True),
    "a float for an int (1.0 == 1)": _set(("activations", 1, "times"), 1.0),
    "a float count (2.0 == 2)": _set(("payments", 0, "mana", 0, "count"), 2.0),
}


@pytest.mark.parametrize("change", list(REFUSED.values()), ids=list(REFUSED))
def test_a_changed_copy_the_verifier_rejects_is_refused(change):
    """Each is a change the verifier rejects (a {C} not made, whole numbers, colors_spent a
    list): refused, and the board is unchanged."""
    board, answer = _asked()
    with pytest.raises(PushError):
        board.push(change(answer))
    assert board.depth == 0 and board.board == BOARD


def _added_key(a: dict) -> dict:
    a["note"] = "mine"
    return a


def _none_moved(a: dict) -> dict:
    """``counters`` (None) removed and another key holding None added: as many keys, and every
    key but one still reads None through ``get``."""
    assert a["counters"] is None
    del a["counters"]
    a["elsewhere"] = None
    return a


@pytest.mark.parametrize("change", [_added_key, _none_moved])
def test_a_changed_copy_still_legal_is_applied_as_written_not_counted(change):
    """The verifier reads neither key, so the copy is a legal payment: replayed and applied as
    written (not counted as the verified payment), leaving the worked board."""
    board, answer = _asked()
    board.push(change(answer))
    assert board._counted is None
    _assert_board_left(board)
    board.pop()
    assert board.board == BOARD


# unchanged() against a reference: equal JSON values with equal types all the way down
def _reference_same(a, b) -> bool:
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(_reference_same(a[k], b[k]) for k in a)
    if type(a) is list:
        return len(a) == len(b) and all(_reference_same(x, y) for x, y in zip(a, b))
    return a == b


SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from([0.0, 1.0, 2.5]),
                    st.sampled_from(["", "R", "{R}"]))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from("abcd"), inner, max_size=4)),
    max_leaves=12)


def _mutate(value, data):
    """``value`` with one change somewhere (or none), drawn by ``data``."""
    if type(value) is dict and value and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(value)))
        value[key] = _mutate(value[key], data)
        return value
    if type(value) is list and value and data.draw(st.booleans()):
        i = data.draw(st.integers(0, len(value) - 1))
        value[i] = _mutate(value[i], data)
        return value
    how = data.draw(st.sampled_from(["keep", "replace", "tuple", "add", "drop"]))
    if how == "replace":
        return data.draw(JSON)
    if how == "tuple" and type(value) is list:
        return tuple(value)
    if how == "add" and type(value) is dict:
        value[data.draw(st.sampled_from("abcde"))] = data.draw(SCALARS)
    if how == "drop" and type(value) in (dict, list) and value:
        if type(value) is dict:
            del value[data.draw(st.sampled_from(sorted(value)))]
        else:
            value.pop()
    return value


@settings(max_examples=400, **COMMON)
@given(kept=st.dictionaries(st.sampled_from("abcd"), JSON, max_size=4), data=st.data())
def test_unchanged_is_strict_equality(kept, data):
    shape = shape_of(kept)
    handed = copy_shaped(kept, shape)
    assert unchanged(handed, kept) is True and unchanged_answer(handed, kept) is True
    changed = _mutate(copy_shaped(kept, shape), data)
    assert unchanged(changed, kept) is _reference_same(changed, kept)
    assert unchanged_answer(changed, kept) is _reference_same(changed, kept)
    with_id = {**changed, "id": data.draw(SCALARS)} if type(changed) is dict else changed
    assert unchanged_answer(with_id, kept) is _reference_same(changed, kept)
    # copied(): True only for a copy unchanged (every key and scalar still the kept one's),
    # always True for one just handed out, with or without an id at its end
    frame = frame_of(kept)
    assert copied(handed, frame) is True
    assert copied({**handed, "id": 1}, frame) is True  # (kept's keys are a-d: never "id")
    if copied(changed, frame):
        assert _reference_same(changed, kept)
    if copied(with_id, frame):
        assert _reference_same(changed, kept)


class _Str(str):
    """A str subclass: never the asker's ``id`` key (a copy's keys are plain str)."""


def test_copied_takes_one_key_more_only_as_the_askers_id_last():
    # push43h: compiled, copied() walks in C (reuse.pxd) and tells the one key more apart by
    # hand (a str of length 2 equal to "id"): every other extra key is not the copy handed out
    kept = {"a": [1, {"b": "x"}], "c": 2}
    frame = frame_of(kept)
    handed = copy_shaped(kept, shape_of(kept))
    assert copied(handed, frame) is True
    assert copied({**handed, "id": 7}, frame) is True
    assert copied({**handed, "".join(["i", "d"]): None}, frame) is True  # equal, not the same
    for extra in ("ix", "di", "i", "idd", "ID", 1, ("i", "d"), _Str("id")):
        assert copied({**handed, extra: 7}, frame) is False
    assert copied({**handed, "id": 7, "e": 1}, frame) is False  # two more
    assert copied({"id": 7, **handed}, frame) is False  # not last: the strict compare decides
    assert unchanged_answer({"id": 7, **handed}, kept) is True
    nested = copy_shaped(kept, shape_of(kept))
    nested["a"][1]["id"] = 7  # an id only at the top
    assert copied(nested, frame) is False
