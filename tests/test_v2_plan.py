"""``plan`` on version 2 boards (spec 7, 9.1-9.2, 9.6): conditions on facts, sick creatures, a card
in hand, drawbacks; each answer is verified on the board the earlier ones left (plan does that
itself, and withholds a plan that fails), and the plan sums 9.6's objectives."""

from __future__ import annotations

import pytest

from tapwise.models.problem import ProblemError
from tapwise.solver.plan import plan

BOARD = {"facts": {"swamp you control": 1}, "sources": [
    {"id": "isle", "count": 2, "abilities": [{"add": "{C}"}, {"add": ["{U}", "{B}"],
                                                              "if": [{"fact": "swamp you control", "min": 1}]}]},
    {"id": "guide", "zone": "hand", "types": ["creature"], "abilities": [{"add": "{R}", "tap": False, "sacrifice": True}]},
    {"id": "land", "abilities": [{"add": "{G}{G}", "drawback": "doesn't untap"}, {"add": "{G}"}]},
    {"id": "elf", "types": ["creature"], "sick": True, "abilities": [{"add": "{G}"}]}]}


def test_9_plan_pays_three_costs_from_a_version_2_board():
    out = plan(dict(BOARD, costs=[{"cost": "{U}"}, {"cost": "{B}{R}"}, {"cost": "{G}{G}"}], order="any"))
    assert out["status"] == "paid" and out["paid"] == [0, 1, 2]
    assert out["objective"]["min_cards"] == 1 and out["objective"]["min_drawbacks"] == 1
    assert out["objective"]["min_sacrifices"] == 0  # the Spirit Guide is a card, not a permanent (9.1)
    assert out["answers"][2]["drawbacks"][0]["source"] == "land"
    assert "guide" not in [s["id"] for s in out["left"]["sources"]]


def test_302_6_plan_does_not_tap_the_sick_elf():
    out = plan(dict(BOARD, costs=[{"cost": "{G}{G}"}, {"cost": "{G}"}]))
    assert out["paid"] == [0] and out["unpaid"] == [1]


def test_9_plan_refuses_what_it_does_not_support_yet_naming_it():
    board = {"sources": [{"id": "vault", "counters": {"storage": 2}, "abilities": [{"add": "{C}"}]}]}
    with pytest.raises(ProblemError) as e:
        plan(dict(board, costs=[{"cost": "{1}"}]))
    assert e.value.path == "sources[0].counters"
