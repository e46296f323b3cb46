"""tapwise's extension of 9.4's ``extra``: ``if`` (conditions on the board's facts: Regal
Behemoth's "while you're the monarch") and ``times`` (its mana string a number or a fact's number
of times: Elvish Guidance's "an additional {G} for each Elf on the battlefield"), by rule, by card,
and against the reference (``tests/reference/effects_brute.py``, its own reading)."""

from __future__ import annotations

import random

import pytest

import tapwise
from tapwise.models.cards.oracle import read_card
from test_v2_effects import PROBLEM_SCHEMA, check_random, made_by, paid, random_problem

MONARCH = "you're the monarch"
ELVES = "elf on the battlefield"
BEHEMOTH = {"kind": "extra", "when": {"types": ["land"]}, "add": {"any_color": 1},
            "if": [{"fact": MONARCH, "min": 1}]}


def test_cards_read_with_an_if_or_a_times():
    behemoth = read_card("Whenever you tap a land for mana while you're the monarch, add an additional one mana of "
                         "any color.", name="Regal Behemoth")
    assert list(behemoth.effects) == [BEHEMOTH] and not behemoth.skipped
    guidance = read_card("Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an additional "
                         "{G} for each Elf on the battlefield.", name="Elvish Guidance")
    assert list(guidance.effects) == [{"kind": "extra", "on": "enchanted", "add": "{G}", "times": {"fact": ELVES}}]
    growth = read_card("Starting intensity 1\nEnchant land\nWhenever enchanted land is tapped for mana, its controller "
                       "adds an additional amount of {G} equal to this enchantment's intensity. Then this enchantment "
                       "intensifies by 1.", name="Runaway Growth")
    assert list(growth.effects) == [{"kind": "extra", "on": "enchanted", "add": "{G}",
                                     "times": {"fact": "intensity of runaway growth"}}]


def test_106_12a_605_1b_regal_behemoth_adds_only_while_you_are_the_monarch():
    board = {"sources": [{"id": "forest", "name": "Forest"}], "effects": [BEHEMOTH]}
    problem = {"cost": "{G}{U}", **board, "facts": {MONARCH: 1}}
    assert PROBLEM_SCHEMA.is_valid(problem)
    assert made_by(paid(problem)) == [("forest", "{G}", "{U}", 1)]
    assert tapwise.pay({**problem, "facts": {MONARCH: 0}})["status"] == "infeasible"


def test_106_12a_elvish_guidance_adds_a_green_per_elf():
    board = {"sources": [{"id": "forest", "name": "Forest"}],
             "effects": [{"kind": "extra", "on": "forest", "add": "{G}", "times": {"fact": ELVES}}]}
    assert made_by(paid({"cost": "{G}{G}{G}{G}", **board, "facts": {ELVES: 3}})) == [("forest", "{G}", "{G}{G}{G}", 1)]
    assert tapwise.pay({"cost": "{G}{G}{G}{G}{G}", **board, "facts": {ELVES: 3}})["status"] == "infeasible"
    assert tapwise.pay({"cost": "{G}{G}", **board, "facts": {ELVES: 0}})["status"] == "infeasible"


def test_the_verifier_refuses_an_extra_whose_condition_fails():
    from tapwise.solver.verify.replay import verify

    problem = {"cost": "{G}{U}", "sources": [{"id": "forest", "name": "Forest"}], "effects": [BEHEMOTH],
               "facts": {MONARCH: 1}}
    answer = paid(problem)
    assert verify(problem, answer) == []
    assert verify({**problem, "facts": {MONARCH: 0}}, answer) != []


@pytest.mark.parametrize("effect, facts, path", [
    ({**BEHEMOTH, "if": [{"fact": MONARCH}]}, {MONARCH: 1}, "effects[0].if[0]"),
    (BEHEMOTH, {}, "effects[0].if[0].fact"),
    ({"kind": "extra", "when": {}, "add": "{G}", "times": {"fact": ELVES}}, {ELVES: "G"}, "effects[0].times.fact"),
    ({"kind": "extra", "when": {}, "add": "same_type", "times": 2}, {}, "effects[0].times"),
    ({"kind": "extra", "when": {}, "add": "{G}", "times": 0}, {}, "effects[0].times"),
    ({"kind": "extra", "when": {}, "add": "{G}", "times": {"fact": ELVES}}, {ELVES: 5000}, "effects[0].times.fact"),
    ({"kind": "multiply", "when": {}, "factor": 2, "if": [{"fact": MONARCH, "min": 1}]}, {MONARCH: 1}, "effects[0]"),
])
def test_bad_ifs_and_times_are_errors_naming_the_field(effect, facts, path):
    answer = tapwise.pay({"cost": "{G}", "sources": [{"name": "Forest"}], "effects": [effect], "facts": facts})
    assert answer["status"] == "error" and answer["error"].startswith(path), answer


def test_an_effect_fact_a_source_counts_toward_is_refused():
    answer = tapwise.pay({"cost": "{G}", "sources": [{"name": "Forest"}, {"id": "elf", "counts": [ELVES],
                                                                          "abilities": [{"add": "{G}"}]}],
                          "effects": [{"kind": "extra", "when": {}, "add": "{G}", "times": {"fact": ELVES}}],
                          "facts": {ELVES: 1}})
    assert answer["status"] == "error" and answer["error"].startswith("effects[0].times.fact:"), answer


def _with_facts(r: random.Random, problem: dict) -> dict:
    """The random effects problem with some extras under an ``if`` or made ``times`` times."""
    problem["facts"] = {MONARCH: r.randint(0, 1), ELVES: r.randint(0, 2)}
    for e in problem["effects"]:
        if e["kind"] != "extra":
            continue
        if r.random() < 0.5:
            e["if"] = [r.choice([{"fact": MONARCH, "min": 1}, {"fact": MONARCH, "max": 0}, {"fact": ELVES, "min": 2}])]
        if isinstance(e["add"], str) and e["add"] not in ("same_type", "chosen") and r.random() < 0.5:
            e["times"] = r.choice([2, {"fact": ELVES}])
    return problem


def test_9_4_random_extras_with_facts_against_the_reference():
    r = random.Random(605)
    problems = [_with_facts(r, random_problem(r)) for _ in range(250)]
    assert all(PROBLEM_SCHEMA.is_valid(p) for p in problems)
    check_random(iter(problems), 180)


@pytest.mark.parametrize("extra", [
    {"kind": "extra", "on": "forest", "add": "{G}", "times": {"fact": ELVES}},
    {"kind": "extra", "on": "forest", "add": {"any_color": 1}, "if": [{"fact": MONARCH, "min": 1}]},
])
def test_an_aura_extra_that_adds_nothing_leaves_both_copies_alike(extra):
    # Found by a sweep: with no Elves (or no monarch) the enchanted copy is like the other, and
    # the verifier must not ask which one tapped first.
    from tapwise.solver.verify.replay import verify

    problem = {"cost": "{G}{G}", "sources": [{"id": "forest", "name": "Forest", "count": 2}], "effects": [extra],
               "facts": {ELVES: 0, MONARCH: 0}}
    answer = tapwise.pay(problem)
    assert answer["status"] == "paid" and verify(problem, answer) == []
    assert tapwise.pay({**problem, "cost": "{G}{G}{G}"})["status"] == "infeasible"
