"""tapwise's extension of 9.2's ``times``: ``{"fact": F, "up_to": true}``, an amount any number
from 0 to the fact, the player picks (Metalworker: "Reveal any number of artifact cards in your
hand. Add {C}{C} for each card revealed this way."). By rule, by card, and against the
brute-force references (``tests/reference/brute.py``, ``available_brute.py``) on seeded random
small problems."""

from __future__ import annotations

import random

import tapwise
from random_checks import check_available, check_pay
from tapwise.models.cards.oracle import read_card
from tapwise.solver.verify.replay import verify
from test_v2_effects import PROBLEM_SCHEMA

METALWORKER = ("{T}: Reveal any number of artifact cards in your hand. Add {C}{C} for each card revealed this "
               "way.")
HAND = "artifact card in your hand"


def _metalworker(cost: str, n: int) -> dict:
    return {"cost": cost, "facts": {HAND: n},
            "sources": [{"id": "mw", "types": ["artifact", "creature"],
                         "abilities": [{"add": "{C}{C}", "times": {"fact": HAND, "up_to": True}}]}]}


def test_cards_read_revealing_any_number_as_up_to_the_fact():
    assert list(read_card(METALWORKER, name="Metalworker").abilities) == [
        {"add": "{C}{C}", "times": {"fact": HAND, "up_to": True}}]
    rosheen = read_card("{T}: Reveal any number of cards with {X} in their mana cost in your hand. Add {C}{C} for "
                        "each card revealed this way. Spend this mana only on costs that contain {X}.", name="Rosheen")
    assert list(rosheen.abilities) == [{"add": "{C}{C}", "only": {"has_x": True}, "times": {
        "fact": "card with {x} in their mana cost in your hand", "up_to": True}}]


def test_106_1_revealing_fewer_makes_less_and_wastes_nothing():
    answer = tapwise.pay(_metalworker("{2}", 3))
    assert answer["status"] == "paid" and answer["activations"][0]["adds"] == "{C}{C}"
    assert answer["objective"]["min_waste"] == 0
    assert tapwise.pay(_metalworker("{6}", 3))["status"] == "paid"
    assert tapwise.pay(_metalworker("{7}", 3))["status"] == "infeasible"


def test_the_verifier_refuses_more_than_the_fact_allows():
    problem = _metalworker("{2}", 1)
    answer = tapwise.pay(problem)
    assert verify(problem, answer) == []
    forged = {**answer, "activations": [{**answer["activations"][0], "adds": "{C}{C}{C}{C}"}]}
    assert any("can't add" in e for e in verify(problem, forged))


def test_up_to_is_an_error_off_a_fact_or_when_not_a_boolean():
    for times, path in [({"counters": "charge", "up_to": True}, "times.up_to"),
                        ({"fact": HAND, "up_to": "yes"}, "times.up_to")]:
        problem = {"cost": "{1}", "facts": {HAND: 1}, "sources": [{"abilities": [{"add": "{C}", "times": times}]}]}
        answer = tapwise.pay(problem)
        assert answer["status"] == "error" and answer["error"].startswith(f"sources[0].abilities[0].{path}:"), answer
        assert not PROBLEM_SCHEMA.is_valid(problem)


def random_problem(r: random.Random, small: bool = False) -> dict:
    """A cost and a board; ``small``: few enough copies and mana for the available reference,
    which lists every pool."""
    facts = {"card in your hand": r.randint(0, 2 if small else 3), "elf you control": r.randint(0, 2)}
    sources: list[dict] = [{"name": r.choice(["Forest", "Island", "Wastes"]), "count": 1 if small else r.randint(1, 2)}]
    for i in range(r.randint(1, 2 if small else 3)):
        times: dict = {"fact": r.choice(list(facts)), "up_to": r.random() < 0.8}
        if r.random() < 0.25:
            times["plus"] = 1
        ability: dict = {"add": r.choice(["{C}", "{G}", "{C}{C}", ["{U}", "{R}"]]), "times": times}
        if r.random() < 0.2:
            ability["mana"] = "{1}"
        if r.random() < 0.2:
            ability["only"] = {"kind": "spell"}
        sources.append({"id": f"s{i}", "count": 1 if small else r.randint(1, 2), "abilities": [ability]})
    cost = "".join(r.choice(["{1}", "{2}", "{G}", "{U}", "{C}", "{R}"]) for _ in range(r.randint(1, 3)))
    return {"cost": cost, "facts": facts, "sources": sources}


def test_random_up_to_amounts_against_the_reference():
    check_pay(random_problem, 9212, 200)


def test_random_up_to_amounts_against_the_available_reference():
    check_available(lambda r: {k: v for k, v in random_problem(r, small=True).items() if k != "cost"}, 9213, 60, 30)
