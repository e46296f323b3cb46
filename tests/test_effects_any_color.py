"""tapwise's extension of 9.4: an ``extra`` that adds ``{"any_color": n}`` (an aura's "an
additional one mana of any color", "two mana in any combination of colors", 106.12a), by rule
and against the reference (``tests/reference/effects_brute.py``, its own reading)."""

from __future__ import annotations

import random

import pytest

import tapwise
from test_v2_effects import PROBLEM_SCHEMA, check_random, made_by, paid, random_problem


def test_106_12a_fertile_ground_adds_one_mana_of_any_color_on_its_land():
    board = {"sources": [{"id": "forest", "name": "Forest"}, {"name": "Plains"}],
             "effects": [{"kind": "extra", "on": "forest", "add": {"any_color": 1}}]}
    assert PROBLEM_SCHEMA.is_valid({"cost": "{G}{B}", **board})
    assert made_by(paid({"cost": "{G}{B}", **board})) == [("forest", "{G}", "{B}", 1)]
    assert tapwise.pay({"cost": "{G}{B}{B}", **board})["status"] == "infeasible"


def test_106_12a_market_festival_adds_two_mana_in_any_combination():
    board = {"sources": [{"id": "forest", "name": "Forest"}],
             "effects": [{"kind": "extra", "on": "forest", "add": {"any_color": 2}}]}
    assert made_by(paid({"cost": "{G}{W}{U}", **board})) == [("forest", "{G}", "{W}{U}", 1)]
    assert made_by(paid({"cost": "{G}{R}{R}", **board})) == [("forest", "{G}", "{R}{R}", 1)]
    assert tapwise.pay({"cost": "{G}{W}{U}{B}", **board})["status"] == "infeasible"


@pytest.mark.parametrize("add, path", [({"any_color": 0}, "effects[0].add.any_color"),
                                       ({"any_color": 11}, "effects[0].add.any_color"),
                                       ({"any_colour": 1}, "effects[0].add.any_colour"),
                                       ({}, "effects[0].add.any_color")])
def test_9_4_bad_any_color_extras_are_errors_naming_the_field(add, path):
    answer = tapwise.pay({"cost": "{G}", "sources": [{"name": "Forest"}],
                          "effects": [{"kind": "extra", "when": {}, "add": add}]})
    assert answer["status"] == "error" and answer["error"].startswith(path + ":"), answer


def _with_any_color(r: random.Random, problem: dict) -> dict:
    """The random effects problem with some of its extras adding one or two mana of any color."""
    for e in problem["effects"]:
        if e["kind"] == "extra" and e["add"] != "chosen" and r.random() < 0.6:
            e["add"] = {"any_color": r.choice([1, 1, 2])}
    return problem


def test_9_4_random_any_color_extras_against_the_reference():
    r = random.Random(20)
    check_random((_with_any_color(r, random_problem(r)) for _ in range(250)), 215, max_states=5_000)
