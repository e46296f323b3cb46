"""9.3's keywords and other costs as the verifier replays them (issue 44: the mutants of
solver/verify/keywords.py that lived). Each answer is written out whole: the legal one, then
one field spoiled, whose errors are exactly that rule's."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tapwise.models.loader import load_problem
from tapwise.solver.verify.replay import replay, verify

BEARS = {"id": "bear", "types": ["creature"], "colors": "G", "count": 2, "abilities": []}
WBEAR = {"id": "wbear", "types": ["creature"], "colors": "W", "abilities": []}
FOREST = {"name": "Forest", "count": 2}
V2_OBJECTIVE = {"min_life": 0, "min_sacrifices": 0, "min_drawbacks": 0, "min_cards": 0,
                "min_counters": 0, "min_sources": 1, "min_waste": 0}


def paid_by_forest(**fields: Any) -> dict[str, Any]:
    """{G} paid by a Forest; ``fields`` (other_costs, sacrificed, objective values) added."""
    objective = {**V2_OBJECTIVE, **fields.pop("objective", {})}
    return {
        "status": "paid", "optimal": True, "x": 0, "total_cost": "{G}",
        "announce": {"hybrid": [], "phyrexian_life": 0},
        "activations": [{"source": "Forest", "ability": 0, "adds": "{G}", "times": 1}],
        "payments": [{"symbol": "{G}", "mana": [{"type": "G", "source": "Forest"}]}],
        "life_paid": 0, "damage": 0, "energy_paid": 0, "sources_used": objective["min_sources"],
        "sacrificed": objective["min_sacrifices"], "colors_spent": ["G"], "counters": None,
        "left_over": [], "left_over_counts": {}, "objective": objective, "discarded": 0,
        "counters_removed": 0, "drawbacks": [], "convoked": 0, "improvised": 0, "delved": 0,
        **fields,
    }


def convoked(total: str, payments: list, sources_used: int = 1) -> dict[str, Any]:
    n = sum(1 for p in payments for m in p["mana"] if "convoke" in m)
    return {
        "status": "paid", "optimal": True, "x": 0, "total_cost": total,
        "announce": {"hybrid": [p["half"] for p in payments if "half" in p], "phyrexian_life": 0},
        "activations": [], "payments": payments, "life_paid": 0, "damage": 0, "energy_paid": 0,
        "sources_used": sources_used, "sacrificed": 0, "colors_spent": [], "counters": None,
        "left_over": [], "left_over_counts": {},
        "objective": {**V2_OBJECTIVE, "min_sources": sources_used}, "discarded": 0,
        "counters_removed": 0, "drawbacks": [], "convoked": n, "improvised": 0, "delved": 0,
    }


def errors(problem: dict[str, Any], a: dict[str, Any]) -> list[str]:
    p = load_problem(problem)
    got = replay(p, copy.deepcopy(a))
    assert verify(p, copy.deepcopy(a)) == got
    return got


TAP_TWO = {"cost": "{G}", "sources": [BEARS, FOREST],
           "other_costs": {"tap_other": {"types": ["creature"], "n": 2}}}


def test_other_costs_tap_two_copies_of_one_entry():
    """9.3 other_costs' tap_other n 2: both Bears, each tapped once (2 untapped copies)."""
    ok = paid_by_forest(other_costs={"tapped": ["bear", "bear"]}, objective={"min_sources": 3})
    assert errors(TAP_TWO, ok) == []
    three = {**TAP_TWO, "other_costs": {"tap_other": {"types": ["creature"], "n": 3}}}
    bad = paid_by_forest(other_costs={"tapped": ["bear", "bear", "bear"]},
                         objective={"min_sources": 4})
    assert errors(three, bad)[:1] == [
        "bear: 3 copies tapped as the total cost is paid, but only 2 are untapped and on the "
        "battlefield then"]


SAC_TWO = {"cost": "{G}", "sources": [BEARS, WBEAR, FOREST],
           "other_costs": {"sacrifice_other": {"types": ["creature"], "n": 2}}}


def test_other_costs_sacrifice_two_counts_two():
    """Deadly Dispute's cost with n 2: two permanents sacrificed, ``sacrificed`` 2 (9.6)."""
    ok = paid_by_forest(other_costs={"sacrificed": ["bear", "wbear"]},
                        objective={"min_sacrifices": 2})
    assert errors(SAC_TWO, ok) == []
    one = paid_by_forest(other_costs={"sacrificed": ["bear", "wbear"]},
                         objective={"min_sacrifices": 1})
    assert errors(SAC_TWO, one) == [
        "sacrificed says 1 but the payment gives 2",
        "objective min_sacrifices says 1 but the payment gives 2"]
    ghost = paid_by_forest(other_costs={"sacrificed": ["bear", "ghost"]},
                           objective={"min_sacrifices": 2})
    assert errors(SAC_TWO, ghost)[:1] == [
        "other_costs.sacrificed: 'ghost' is not a permanent the cost may take"]
    bare = paid_by_forest(objective={"min_sacrifices": 2})
    assert errors(SAC_TWO, bare)[:1] == [
        "other_costs: the answer must say what the object's other costs took"]


EXILE = {"cost": "{G}", "graveyard": 2, "sources": [BEARS, FOREST],
         "other_costs": {"exile_graveyard": 1}}


def test_other_costs_exile_from_the_graveyard_is_reported_and_counted():
    """Escape's exile from the graveyard: ``other_costs.exiled`` says how many, and they count
    in ``min_cards`` (9.6)."""
    ok = paid_by_forest(other_costs={"exiled": 1}, objective={"min_cards": 1})
    assert errors(EXILE, ok) == []
    assert errors(EXILE, paid_by_forest(other_costs={"exiled": 2},
                                        objective={"min_cards": 1}))[:1] == [
        "other_costs.exiled says 2 but the cost is 1"]
    assert errors(EXILE, paid_by_forest(other_costs={"exiled": 1}, objective={"min_cards": 0})) \
        == ["objective min_cards says 0 but the payment gives 1"]


HYBRID = {"cost": "{G/W}", "convoke": True, "sources": [BEARS, WBEAR]}


@pytest.mark.parametrize("half,creature,error", [
    ("{G}", "bear", None),
    ("{W}", "wbear", None),
    ("{G}", "wbear", "payments[0]: wbear has none of {G/W}'s colors to convoke it (702.51a)"),
    ("{W}", "bear", "payments[0]: bear has none of {G/W}'s colors to convoke it (702.51a)"),
])
def test_702_51a_a_convoked_hybrid_pays_the_half_announced(half, creature, error):
    """702.51a: a creature convoked for a colored symbol must share a color with it; a hybrid
    is the half the player announced (601.2b)."""
    a = convoked("{G/W}", [{"symbol": "{G/W}", "mana": [{"convoke": creature}], "half": half}])
    got = errors(HYBRID, a)
    assert got[:1] == ([] if error is None else [error]), got


def test_convoke_names_a_creature_on_the_battlefield():
    a = convoked("{G/W}", [{"symbol": "{G/W}", "mana": [{"convoke": "Forest"}], "half": "{G}"}])
    assert errors({**HYBRID, "sources": [BEARS, FOREST]}, a)[:1] == [
        "payments[0]: 'Forest' is not a creature on the battlefield to tap for convoke"]


TWOBRID = {"cost": "{2/W}", "convoke": True, "sources": [BEARS, WBEAR]}


def test_702_86a_achroma_s_own_generic_is_never_convoked():
    """702.86a with 9.7: under Achroma the object's own generic (here {2/W}'s {2}) is paid
    only with colorless mana, so never by convoke; without Achroma two creatures may pay it."""
    generic = convoked("{2/W}", [{"symbol": "{2/W}", "mana": [{"convoke": "bear"},
                                                               {"convoke": "bear"}],
                                  "half": "{2}"}], sources_used=2)
    assert errors(TWOBRID, generic) == []
    assert errors({**TWOBRID, "keywords": ["achroma"]}, generic)[:1] == [
        "payments[0]: Achroma's own generic is paid only with colorless mana, never a keyword "
        "(9.7)"]
    white = convoked("{2/W}", [{"symbol": "{2/W}", "mana": [{"convoke": "wbear"}],
                                "half": "{W}"}])
    assert errors({**TWOBRID, "keywords": ["achroma"]}, white) == []


def keyword_answer(total: str, activations: list, payments: list, colors: list[str], *,
                   sources: int, sacrificed: int = 0, cards: int = 0, **counts: int
                   ) -> dict[str, Any]:
    return {
        "status": "paid", "optimal": True, "x": 0, "total_cost": total,
        "announce": {"hybrid": [], "phyrexian_life": 0}, "activations": activations,
        "payments": payments, "life_paid": 0, "damage": 0, "energy_paid": 0,
        "sources_used": sources, "sacrificed": sacrificed, "colors_spent": colors,
        "counters": None, "left_over": [], "left_over_counts": {},
        "objective": {**V2_OBJECTIVE, "min_sources": sources, "min_sacrifices": sacrificed,
                      "min_cards": cards},
        "discarded": 0, "counters_removed": 0, "drawbacks": [],
        "convoked": counts.get("convoked", 0), "improvised": 0,
        "delved": counts.get("delved", 0),
    }


PET = {"id": "pet", "types": ["creature"], "colors": "B", "count": 2,
       "abilities": [{"add": "{B}", "tap": False, "sacrifice": True}]}


@pytest.mark.parametrize("sources,error", [
    (2, None),
    (1, "objective min_sources says 1 but the payment gives 2"),
])
def test_9_6_a_sacrificed_copy_and_a_convoked_copy_are_two_sources(sources, error):
    """9.6 min_sources: one Blood Pet sacrificed for {B} and the other convoked for {1} are two
    copies (a sacrificed copy can't then be tapped, 701.17)."""
    a = keyword_answer("{1}{B}", [{"source": "pet", "ability": 0, "adds": "{B}", "times": 1}],
                       [{"symbol": "{1}", "mana": [{"convoke": "pet"}]},
                        {"symbol": "{B}", "mana": [{"type": "B", "source": "pet"}]}],
                       ["B"], sources=sources, sacrificed=1, convoked=1)
    got = errors({"cost": "{1}{B}", "convoke": True, "sources": [PET]}, a)
    assert got[:1] == ([] if error is None else [error]), got


def test_702_66_a_milled_card_may_be_delved():
    """701.13 then 702.66: a card milled by a mana ability is in the graveyard as the total cost
    is paid, so delve may exile it (graveyard 0 at the start)."""
    a = keyword_answer("{1}{G}", [{"source": "mill", "ability": 0, "adds": "{G}", "times": 1}],
                       [{"symbol": "{1}", "mana": [{"delve": 1}]},
                        {"symbol": "{G}", "mana": [{"type": "G", "source": "mill"}]}],
                       ["G"], sources=1, cards=2, delved=1)
    problem = {"cost": "{1}{G}", "delve": True, "graveyard": 0, "library": 3,
               "sources": [{"id": "mill", "abilities": [{"add": "{G}", "mill": 1}]}]}
    assert errors(problem, a) == []


def test_702_66_a_card_exiled_by_a_mana_ability_is_not_delved():
    """The graveyard's one card exiled by a mana ability's cost (9.2) is gone: delve has none."""
    a = keyword_answer("{1}{G}", [{"source": "ex", "ability": 0, "adds": "{G}", "times": 1}],
                       [{"symbol": "{1}", "mana": [{"delve": 1}]},
                        {"symbol": "{G}", "mana": [{"type": "G", "source": "ex"}]}],
                       ["G"], sources=1, cards=2, delved=1)
    problem = {"cost": "{1}{G}", "delve": True, "graveyard": 1,
               "sources": [{"id": "ex", "abilities": [{"add": "{G}", "exile_graveyard": 1}]}]}
    assert errors(problem, a)[:1] == [
        "exiles 1 cards from the graveyard as the total cost is paid, but it holds 0"]


def test_other_costs_reported_for_an_object_without_them():
    """An object with convoke but no other costs: an answer saying its other costs tapped a
    Bear misreports the payment."""
    a = paid_by_forest(other_costs={"tapped": ["bear"]})
    assert errors({"cost": "{G}", "convoke": True, "sources": [BEARS, FOREST]}, a)[:1] == [
        "other_costs: the object has no other costs"]


def test_other_costs_reported_for_an_object_with_no_keyword_at_all():
    """9.3: a problem with none of 9.3's keys takes nothing of the board beyond its mana: an
    answer saying its other costs tapped a Bear is rejected all the same (found by mutation:
    the check was reached only when the problem had a 9.3 key)."""
    a = paid_by_forest(other_costs={"tapped": ["bear"]})
    assert errors({"cost": "{G}", "sources": [BEARS, FOREST], "player": {"life": 20}}, a)[:1] == [
        "other_costs: the object has no other costs"]
    assert errors({"cost": "{G}", "sources": [BEARS, FOREST], "player": {"life": 20}},
                  paid_by_forest()) == []


PETS = {**PET, "count": 3}


@pytest.mark.parametrize("activations,sources", [
    ([{"source": "pet", "ability": 0, "adds": "{B}", "times": 2}], 3),
    ([{"source": "pet", "ability": 0, "adds": "{B}"}] * 2, 3),  # "times" 1 when not said
    ([{"source": "pet", "ability": 0, "adds": "{B}", "times": 1}], 2),
])
def test_9_6_each_copy_sacrificed_for_mana_is_a_source(activations, sources):
    """9.6 min_sources: every Blood Pet sacrificed for mana is its own copy, and the convoked one
    another."""
    n = sum(a.get("times", 1) for a in activations)
    cost = "{1}" + "{B}" * n
    a = keyword_answer(cost, activations,
                       [{"symbol": "{1}", "mana": [{"convoke": "pet"}]}]
                       + [{"symbol": "{B}", "mana": [{"type": "B", "source": "pet"}]}] * n,
                       ["B"], sources=sources, sacrificed=n, convoked=1)
    assert errors({"cost": cost, "convoke": True, "sources": [PETS]}, a) == []
    wrong = keyword_answer(cost, activations,
                           [{"symbol": "{1}", "mana": [{"convoke": "pet"}]}]
                           + [{"symbol": "{B}", "mana": [{"type": "B", "source": "pet"}]}] * n,
                           ["B"], sources=sources - 1, sacrificed=n, convoked=1)
    assert errors({"cost": cost, "convoke": True, "sources": [PETS]}, wrong)[:1] == [
        f"objective min_sources says {sources - 1} but the payment gives {sources}"]


def _delving(other: dict[str, int], graveyard: int) -> tuple[dict[str, Any], dict[str, Any]]:
    problem = {"cost": "{1}{G}", "delve": True, "graveyard": graveyard, "library": 3,
               "other_costs": other, "sources": [FOREST]}
    key = {"mill": "milled", "exile_graveyard": "exiled"}
    a = keyword_answer("{1}{G}", [{"source": "Forest", "ability": 0, "adds": "{G}", "times": 1}],
                       [{"symbol": "{1}", "mana": [{"delve": 1}]},
                        {"symbol": "{G}", "mana": [{"type": "G", "source": "Forest"}]}],
                       ["G"], sources=1, cards=2, delved=1)
    return problem, {**a, "other_costs": {key[k]: n for k, n in other.items()}}


def test_702_66_the_object_s_own_mill_feeds_its_delve():
    """An object whose other costs mill a card (9.3) may delve that card: the graveyard, empty
    at the start, holds it as the total cost is paid."""
    assert errors(*_delving({"mill": 1}, 0)) == []


def test_702_66_the_object_s_own_exile_and_delve_share_the_graveyard():
    """Escape's exile and delve both take cards from the graveyard: one card can't pay both."""
    assert errors(*_delving({"exile_graveyard": 1}, 1))[:1] == [
        "exiles 2 cards from the graveyard as the total cost is paid, but it holds 1"]
    assert errors(*_delving({"exile_graveyard": 1}, 2)) == []


# -- the total cost's payments the fourth session's full run found unread (docs/verifier.md) ----

from test_verify_survivors import act as act_, answer as written  # noqa: E402


def _replayed(problem: dict[str, Any], a: dict[str, Any]) -> list[str]:
    p = load_problem(problem)
    got = replay(p, copy.deepcopy(a))
    assert verify(p, copy.deepcopy(a)) == got
    return got


def test_mana_that_cannot_pay_generic_pays_no_generic_half():
    """Jegantha-like ``only.not_generic`` (spec: "can't be spent to pay generic mana costs"):
    {2/G} paid with its generic half {2} (107.4e) takes two such {R}, each named; its {G} half
    from a Forest is legal."""
    jeg = {"cost": "{2/G}", "sources": [
        {"id": "Jeg", "types": ["creature"],
         "abilities": [{"add": "{R}{R}", "only": {"not_generic": True}}]},
        {"id": "Forest", "abilities": [{"add": "{G}"}]}]}
    two = written("{2/G}", [act_("Jeg", "{R}{R}")],
                  [{"symbol": "{2/G}", "half": "{2}", "mana": [{"type": "R", "source": "Jeg"}] * 2}],
                  ["R"], sources=1)
    assert _replayed(jeg, two) == ["payments[0]: {R} from Jeg can't pay generic mana ({2/G})"] * 2
    one = written("{2/G}", [act_("Forest", "{G}")],
                  [{"symbol": "{2/G}", "mana": [{"type": "G", "source": "Forest"}]}], ["G"],
                  sources=1)
    assert _replayed(jeg, one) == []


def test_107_4e_two_twobrid_generic_halves_are_four_generic():
    """{2/G}{2/G} with both generic halves: 4 mana, as two payments or one of count 2."""
    wastes = {"cost": "{2/G}{2/G}", "sources": [
        {"id": "Wastes", "count": 4, "abilities": [{"add": "{C}"}]}]}
    w = {"type": "C", "source": "Wastes"}
    apart = [{"symbol": "{2/G}", "half": "{2}", "mana": [w, w]}] * 2
    grouped = [{"symbol": "{2/G}", "half": "{2}", "count": 2, "mana": [w] * 4}]
    for pays in (apart, grouped):
        a = written("{2/G}{2/G}", [act_("Wastes", "{C}", times=4)], pays, [], sources=4)
        assert _replayed(wastes, a) == []


def test_702_86a_achroma_s_generic_is_lifted_by_spending_as_any_type():
    """spend_as any_type (118.14-like, spec section 8) lifts Achroma's colorless-only generic:
    a Forest's {G} pays {1}."""
    a = written("{1}", [act_("Forest", "{G}")],
                [{"symbol": "{1}", "mana": [{"type": "G", "source": "Forest"}]}], ["G"], sources=1)
    assert _replayed({"cost": "{1}", "keywords": ["achroma"], "spend_as": "any_type",
                      "sources": [{"id": "Forest", "abilities": [{"add": "{G}"}]}]}, a) == []


def test_a_generic_symbol_that_is_no_symbol_is_named_and_the_next_payment_read():
    """"{²}" reads as digits to ``str.isdigit`` but is no mana symbol: named, its mana not
    spent; the {W} after it is paid."""
    plains = {"cost": "{1}{W}", "sources": [{"id": "Plains", "count": 2,
                                             "abilities": [{"add": "{W}"}]}]}
    a = written("{1}{W}", [act_("Plains", "{W}", times=2)],
                [{"symbol": "{²}", "mana": [{"type": "W", "source": "Plains"}]},
                 {"symbol": "{W}", "mana": [{"type": "W", "source": "Plains"}]}], ["W"], sources=2)
    assert _replayed(plains, a) == [
        "payments[0]: bad symbol '{²}'", "objective min_waste says 0 but the payment gives 1",
        "left_over doesn't match the mana left in the pool (1 {W})",
        "left_over_counts says {} but the pool holds 1 {W}"]


def test_702_86e_a_symbol_an_increase_added_is_outside_achroma():
    """702.86e: Achroma's own {S} is paid with colorless snow mana only (702.86a), but the {S} an
    increase added may take any snow mana: the Wastes' {C} and then the Forest's {G} pay them;
    a second {G} finds no {S} left outside Achroma."""
    achroma = {"cost": "{S}", "keywords": ["achroma"], "increase": ["{S}"], "sources": [
        {"id": "Snow Forest", "snow": True, "count": 2, "abilities": [{"add": "{G}"}]},
        {"id": "Snow Wastes", "snow": True, "abilities": [{"add": "{C}"}]}]}
    a = written("{S}{S}", [act_("Snow Wastes", "{C}"), act_("Snow Forest", "{G}")],
                [{"symbol": "{S}", "mana": [{"type": "C", "source": "Snow Wastes"}]},
                 {"symbol": "{S}", "mana": [{"type": "G", "source": "Snow Forest"}]}], ["G"],
                sources=2)
    assert _replayed(achroma, copy.deepcopy(a)) == []
    a["activations"] = [act_("Snow Forest", "{G}", times=2)]
    a["payments"][0]["mana"] = [{"type": "G", "source": "Snow Forest"}]
    assert _replayed(achroma, a) == ["payments[1]: {G} can't pay {S}"]


def test_702_86e_generic_an_increase_added_is_outside_achroma():
    """702.86e: of {1} increased by {1}, the increase's generic may be paid with the Forest's
    {G}; Achroma's own with the Wastes' {C} (702.86a)."""
    achroma = {"cost": "{1}", "keywords": ["achroma"], "increase": ["{1}"], "sources": [
        {"id": "Forest", "abilities": [{"add": "{G}"}]},
        {"id": "Wastes", "abilities": [{"add": "{C}"}]}]}
    a = written("{2}", [act_("Wastes", "{C}"), act_("Forest", "{G}")],
                [{"symbol": "{2}", "mana": [{"type": "C", "source": "Wastes"},
                                            {"type": "G", "source": "Forest"}]}], ["G"], sources=2)
    assert _replayed(achroma, a) == []
