"""Kept costs (spec 9.5) asked of a prepared board are judged with the board's player, statics
and effects, as ``pay()`` loads them (models/loader.py's ``_load_keep``: each kept cost with the
board). Until 2026-12-07 a prepared board loaded them without the board: keep_life fell back to
1 and an internal error withheld the payment, and a board's reduction or Mana Reflection was
left out of what stays castable."""

from __future__ import annotations

import copy

import tapwise

GOLEM = {"id": "golem", "types": ["creature"],
         "abilities": [{"add": "{B}", "tap": False, "uses": "any", "life": 1}]}
"""Pays {B} for 1 life, any number of times (a Phyrexian-Altar-like engine without the altar)."""


def _both(board: dict, question: dict) -> tuple[dict, dict]:
    return (tapwise.pay({**copy.deepcopy(question), **copy.deepcopy(board)}),
            tapwise.prepare(copy.deepcopy(board)).pay(copy.deepcopy(question)))


def test_119_4_keep_life_0_lets_the_kept_cost_spend_the_last_two_life():
    # 119.4: life may be paid down to 0; keep_life 0 allows it. {1} from the Plains, then {2}
    # from two of the golem's {B} at 1 life each leaves 0 life: kept.
    board = {"player": {"life": 2, "keep_life": 0}, "sources": [GOLEM, {"name": "Plains"}]}
    question = {"cost": "{1}", "keep": [{"cost": "{2}"}]}
    fresh, prepared = _both(board, question)
    assert prepared["status"] == "paid" and prepared["kept"] == [0]
    assert prepared == fresh


def test_keep_life_1_by_default_keeps_only_one_life_payment():
    board = {"player": {"life": 2}, "sources": [GOLEM, {"name": "Plains"}]}
    fresh, prepared = _both(board, {"cost": "{1}", "keep": [{"cost": "{2}"}]})
    assert prepared["status"] == "paid" and prepared["kept"] == []  # {2} would leave 0 < 1
    assert prepared == fresh


def test_601_2f_a_boards_reduction_counts_for_the_kept_cost():
    # A static of the board takes {1} off every spell (601.2f): after {G} from one Forest, the
    # kept {1}{G} costs {G}, which the other Forest pays.
    board = {"sources": [{"name": "Forest", "count": 2}],
             "statics": [{"kind": "reduce", "cost": "{1}"}]}
    fresh, prepared = _both(board, {"cost": "{G}", "keep": [{"cost": "{1}{G}"}]})
    assert prepared["status"] == "paid" and prepared["kept"] == [0]
    assert prepared == fresh


def test_106_12b_mana_reflection_on_the_board_counts_for_the_kept_cost():
    # Mana Reflection (9.4 multiply, factor 2): each Forest makes {G}{G}; after {G}{G} from one,
    # the other pays the kept {G}{G}.
    board = {"sources": [{"name": "Forest", "count": 2}],
             "effects": [{"kind": "multiply", "factor": 2}]}
    fresh, prepared = _both(board, {"cost": "{G}{G}", "keep": [{"cost": "{G}{G}"}]})
    assert prepared["status"] == "paid" and prepared["kept"] == [0]
    assert prepared == fresh
