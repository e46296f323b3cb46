"""A board's own cards make their 9.4 effects (Mana Flare by name or by Oracle text) when the
problem gives no ``effects``; one per permanent (603.2: each triggers on its own); an aura's
effect on the permanent it enchants is named in ``unread``, never dropped silently."""
from __future__ import annotations

import tapwise
from tapwise.models.cards.board import read_board

FLARE_TEXT = ("Whenever a player taps a land for mana, that player adds one mana of any type "
              "that land produced.")


def _greens(sources, **extra):
    return tapwise.pay({"cost": "{G}{G}{G}", "sources": sources, **extra})


def test_106_12a_mana_flare_by_name_adds_one_mana_to_each_land_tapped():
    one = _greens([{"name": "Mana Flare"}, {"name": "Forest"}])
    assert one["status"] == "infeasible" and "at most 2" in one["why"]
    two = tapwise.pay({"cost": "{G}{G}", "sources": [{"name": "Mana Flare"}, {"name": "Forest"}]})
    assert two["status"] == "paid"
    assert two["activations"] == [{"source": "Forest", "ability": 0, "adds": "{G}", "times": 1, "extra": "{G}"}]


def test_603_2_two_mana_flares_trigger_twice():
    paid = _greens([{"name": "Mana Flare", "count": 2}, {"name": "Forest"}])
    assert paid["status"] == "paid" and paid["activations"][0]["extra"] == "{G}{G}"


def test_mana_flare_read_from_oracle_text_applies_too():
    paid = tapwise.pay({"cost": "{G}{G}", "sources": [
        {"name": "Flare", "oracle": FLARE_TEXT, "types": ["enchantment"]}, {"name": "Forest"}]})
    assert paid["status"] == "paid"


def test_given_effects_are_all_the_effects():
    """A problem that says its effects itself gets exactly those: nothing is added twice."""
    flare = {"kind": "extra", "when": {"types": ["land"], "controller": "any"}, "add": "same_type"}
    sources = [{"name": "Mana Flare"}, {"name": "Forest"}]
    assert _greens(sources, effects=[flare])["status"] == "infeasible"
    assert tapwise.pay({"cost": "{G}{G}", "sources": sources, "effects": []})["status"] == "infeasible"
    assert _greens(sources, effects=[flare, flare])["status"] == "paid"


def test_113_6_a_card_in_hand_makes_no_effect():
    hand = [{"name": "Mana Flare", "zone": "hand", "abilities": []}, {"name": "Forest"}]
    assert tapwise.pay({"cost": "{G}{G}", "sources": hand})["status"] == "infeasible"


def test_an_aura_by_name_is_named_in_unread_and_refused_when_strict():
    sources = [{"name": "Wild Growth"}, {"name": "Forest"}]
    answer = tapwise.pay({"cost": "{G}{G}", "sources": sources})
    assert answer["status"] == "infeasible"
    assert [u["source"] for u in answer["unread"]] == ["Wild Growth"]
    assert "enchants" in answer["unread"][0]["reason"]
    strict = tapwise.pay({"cost": "{G}", "sources": sources, "strict": True})
    assert strict["status"] == "error" and strict["error"].startswith("sources[0].name: ")


def test_quick_board_counts_each_copy_of_an_effect():
    board = read_board("2 Mana Flare, Forest")
    assert len(board.effects) == 2
