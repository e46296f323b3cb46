"""Version 2's amounts as the verifier replays them (issue 44: the mutants of
solver/verify/board.py that lived): 9.2's ``each_color`` (with and without ``of``), ``times``
read from a copy's counters (Everflowing Chalice) or from the counters it removes (storage lands),
``plus``, tapwise's ``up_to`` a fact, and the ``drawbacks`` an answer must list. Each case is a
legal answer written by hand, then the same answer with one amount wrong, whose first error is
that rule's."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tapwise.models.loader import load_problem
from tapwise.solver.verify.replay import replay, verify

from test_verify_survivors import act, answer, paid, v2


def _units(adds: str) -> list[str]:
    return adds.strip("{}").split("}{")


def tapped_for(adds: str, removed: int | None = None) -> dict[str, Any]:
    """S activated once for ``adds``, all of it spent on a cost of exactly that mana."""
    activation = {**act("S", adds), **({} if removed is None else {"removed": removed})}
    colors = sorted({t for t in _units(adds) if t in "WUBRG"}, key="WUBRG".index)
    return v2(answer(adds, [activation], [paid(f"{{{t}}}", (t, "S")) for t in _units(adds)],
                     colors, sources=1), removed or 0)


def errors(problem: dict[str, Any], a: dict[str, Any]) -> list[str]:
    p = load_problem(problem)
    got = replay(p, copy.deepcopy(a))
    assert verify(p, copy.deepcopy(a)) == got
    return got


def source(**more: Any) -> dict[str, Any]:
    return {"id": "S", "types": ["artifact"], **more}


def check(problem: dict[str, Any], adds: str, first_error: str | None,
          removed: int | None = None) -> None:
    got = errors({**problem, "cost": adds}, tapped_for(adds, removed))
    assert got[:1] == ([] if first_error is None else [first_error]), got


EACH_WU = {"sources": [source(abilities=[{"add": {"each_color": 1, "of": "WU"}}])]}
EACH = {"sources": [source(abilities=[{"add": {"each_color": 1}}])]}


@pytest.mark.parametrize("board,adds,error", [
    (EACH_WU, "{W}{U}", None),
    (EACH_WU, "{W}{U}{B}", "activations[0]: S ability 0 can't add '{W}{U}{B}'"),
    (EACH_WU, "{W}", "activations[0]: S ability 0 can't add '{W}'"),
    (EACH, "{W}{U}{B}{R}{G}", None),  # of: every color
    (EACH, "{W}{U}", "activations[0]: S ability 0 can't add '{W}{U}'"),
])
def test_each_color_adds_one_of_each_color_of_its_of(board, adds, error):
    """9.2 (tapwise extension): ``{"each_color": n, "of": ...}`` adds n of each of those colors
    (all five without ``of``), one output."""
    check(board, adds, error)


CHALICE = {"sources": [source(counters={"charge": 2}, abilities=[
    {"add": "{C}", "times": {"counters": "charge", "plus": 1}}])]}


@pytest.mark.parametrize("n,error", [
    (3, None),
    (2, "activations[0]: S ability 0 can't add '{C}{C}' (3 times its add)"),
    (4, "activations[0]: S ability 0 can't add '{C}{C}{C}{C}' (3 times its add)"),
])
def test_times_counters_plus_is_the_copys_counters_and_more(n, error):
    """9.2: ``{"counters": K, "plus": n}`` makes the add once per K counter on the copy, plus n:
    two charge counters and plus 1 make {C} three times (Everflowing Chalice, 122.1)."""
    check(CHALICE, "{C}" * n, error)


STORAGE = {"sources": [source(types=["land"], counters={"storage": 3}, abilities=[
    {"add": "{C}", "times": {"remove": "storage", "plus": 1}}])]}


@pytest.mark.parametrize("n,removed,error", [
    (3, 2, None),
    (4, 3, None),
    (1, 0, None),
    (5, 4, "activations[0]: S removes 4 storage counters; it may remove 0 to 3"),
    (4, 2, "activations[0]: S ability 0 can't add '{C}{C}{C}{C}' (3 times its add)"),
    (2, 2, "activations[0]: S ability 0 can't add '{C}{C}' (3 times its add)"),
])
def test_times_remove_is_the_counters_removed_plus(n, removed, error):
    """9.2: ``{"remove": K, "plus": n}``: remove any number of the copy's K counters (no more
    than it has, 122.8) and make the add that many times plus n (storage lands)."""
    check(STORAGE, "{C}" * n, error, removed)


UP_TO = {"facts": {"elf": 3}, "sources": [source(abilities=[
    {"add": "{G}", "times": {"fact": "elf", "up_to": True}}])]}


@pytest.mark.parametrize("n,error", [
    (1, None), (3, None),
    (4, "activations[0]: S ability 0 can't add '{G}{G}{G}{G}' (3 times its add)"),
])
def test_times_up_to_a_fact(n, error):
    """tapwise's ``up_to``: any number of times up to the fact (here 3 elves)."""
    check(UP_TO, "{G}" * n, error)


DRAWBACK = {"cost": "{G}", "sources": [source(abilities=[{"add": "{G}", "drawback": "no untap"}])]}
LISTED = [{"source": "S", "ability": 0, "drawback": "no untap", "times": 1}]


@pytest.mark.parametrize("listed,error", [
    (LISTED, None),
    ([], f"drawbacks says [] but the payment gives {LISTED}"),
    ([{**LISTED[0], "source": "T"}], f"drawbacks says {[{**LISTED[0], 'source': 'T'}]} but the "
     f"payment gives {LISTED}"),
    ([{**LISTED[0], "times": 2}], f"drawbacks says {[{**LISTED[0], 'times': 2}]} but the "
     f"payment gives {LISTED}"),
])
def test_the_answer_lists_each_drawback(listed, error):
    """9.6: ``drawbacks`` lists each activation with a drawback: its source, ability, text and
    times; ``min_drawbacks`` counts them."""
    a = tapped_for("{G}")
    a["objective"]["min_drawbacks"] = 1
    got = errors(DRAWBACK, {**a, "drawbacks": listed})
    assert got[:1] == ([] if error is None else [error]), got


@pytest.mark.parametrize("board,adds,error", [
    # 9.2 "each of the colors of a fact" (tapwise's each_color with a color fact)
    ({"facts": {"commander colors": "WU"}, "sources": [source(abilities=[
        {"add": {"each_color": 1, "of": {"fact": "commander colors"}}}])]}, "{W}{U}", None),
    ({"facts": {"commander colors": "WU"}, "sources": [source(abilities=[
        {"add": {"each_color": 1, "of": {"fact": "commander colors"}}}])]}, "{W}{W}",
     "activations[0]: S ability 0 can't add '{W}{W}'"),
    ({"facts": {"n": 2}, "sources": [source(abilities=[
        {"add": {"any_color": {"fact": "n"}, "of": "G"}}])]}, "{G}{G}", None),
    ({"facts": {"n": 2}, "sources": [source(abilities=[
        {"add": {"any_color": {"fact": "n"}, "of": "G"}}])]}, "{G}{U}",
     "activations[0]: S ability 0 can't add '{G}{U}'"),
    # any_type n, n a fact: each of the six types, colorless included (no ``of``)
    ({"facts": {"n": 1}, "sources": [source(abilities=[{"add": {"any_type": {"fact": "n"}}}])]},
     "{C}", None),
    ({"facts": {"n": 2}, "sources": [source(abilities=[{"add": {"any_type": {"fact": "n"}}}])]},
     "{C}{W}", None),
    ({"facts": {"n": 1}, "sources": [source(abilities=[{"add": {"any_type": {"fact": "n"}}}])]},
     "{C}{C}", "activations[0]: S ability 0 can't add '{C}{C}'"),
])
def test_an_add_that_reads_the_facts(board, adds, error):
    """9.2: ``n`` and ``of`` may be facts, read on the board as it stands."""
    check(board, adds, error)


@pytest.mark.parametrize("add,adds,error", [
    ("{G}", "{G}{G}", None),
    ("{G}", "{G}{U}", "activations[0]: S ability 0 can't add '{G}{U}' (2 times its add)"),
    ("{G/U}{U}", "{G}{U}{U}{U}", None),  # the hybrid a {G} once, a {U} once (106.8)
    ("{G/U}{U}", "{G}{G}{U}{U}", None),
    ("{G/U}{U}", "{G}{G}{G}{U}", "activations[0]: S ability 0 can't add '{G}{G}{G}{U}' (2 times "
     "its add)"),
])
def test_times_two_makes_the_add_twice_each_its_own_choice(add, adds, error):
    """9.2: with ``times`` each repetition of the add makes its own choice (a hybrid's half),
    and nothing else."""
    check({"sources": [source(abilities=[{"add": add, "times": 2}])]}, adds, error)


BEAR3 = {"id": "bear", "types": ["creature"], "colors": "G", "facts": {"power": 3}, "abilities": []}
ELF1 = {"id": "elf", "types": ["creature"], "colors": "G", "facts": {"power": 1}, "abilities": []}
VICTIM = source(abilities=[{"add": "{C}", "tap": False, "uses": 2, "times": {"victim": "power"},
                            "sacrifice_other": {"types": ["creature"]}}])
TAKEN = source(abilities=[{"add": "{C}", "tap": False, "times": {"taken": "sacrifice_other"},
                           "sacrifice_other": {"types": ["creature"], "n": "X"}}])


def sacrificing(activations: list[tuple[str, list[str]]]) -> dict[str, Any]:
    """S activated once per (adds, victims); all its {C} spent on a generic cost."""
    n = sum(len(_units(adds)) for adds, _ in activations)
    gone = sum(len(v) for _, v in activations)
    a = v2(answer(f"{{{n}}}", [{**act("S", adds), "sacrificed": v} for adds, v in activations],
                  [{"symbol": f"{{{n}}}", "mana": [{"type": "C", "source": "S", "count": n}]}],
                  [], sources=1), 0)
    a["objective"]["min_sacrifices"] = a["sacrificed"] = gone
    return a


@pytest.mark.parametrize("activations,error", [
    ([("{C}{C}{C}", ["bear"])], None),  # the Bear's power: three times
    ([("{C}", ["elf"])], None),
    ([("{C}{C}{C}", ["bear"]), ("{C}", ["elf"])], None),  # each activation its own victim's
    ([("{C}", ["bear"])], "activations[0]: S ability 0 can't add '{C}' (3 times its add)"),
    ([("{C}{C}{C}", ["elf"])], "activations[0]: S ability 0 can't add '{C}{C}{C}' (1 times its "
     "add)"),
])
def test_times_victim_is_the_sacrificed_permanents_fact(activations, error):
    """tapwise's ``{"victim": F}``: each activation makes its add as many times as the fact F of
    the permanent its ``sacrifice_other`` took (Food Chain-like, "mana equal to its power")."""
    n = sum(len(_units(adds)) for adds, _ in activations)
    got = errors({"cost": f"{{{n}}}", "sources": [VICTIM, BEAR3, ELF1]}, sacrificing(activations))
    assert got[:1] == ([] if error is None else [error]), got


@pytest.mark.parametrize("activations,error", [
    ([("{C}{C}", ["bear", "elf"])], None),
    ([("{C}", ["bear"])], None),
    ([("{C}{C}", ["bear"])], "activations[0]: S ability 0 can't add '{C}{C}' (1 times its add)"),
])
def test_times_taken_is_how_many_permanents_it_took(activations, error):
    """tapwise's ``{"taken": "sacrifice_other"}`` with n "X": as many times as the permanents
    that activation sacrificed (Ashnod's Altar for any number at once)."""
    n = sum(len(_units(adds)) for adds, _ in activations)
    got = errors({"cost": f"{{{n}}}", "sources": [TAKEN, BEAR3, ELF1]}, sacrificing(activations))
    assert got[:1] == ([] if error is None else [error]), got


def test_left_over_names_each_type_left():
    """Section 6: ``left_over`` lists each mana left in the pool (118.3a: excess mana stays);
    the message says what is left, type by type."""
    problem = {"cost": "{1}", "sources": [source(abilities=[{"add": "{G}{U}{C}"}])]}
    a = answer("{1}", [act("S", "{G}{U}{C}")], [paid("{1}", ("C", "S"))], [], sources=1,
               waste=2, left={"G": 1, "U": 1})
    assert errors(problem, a) == []
    assert errors(problem, {**a, "left_over": ["{G}"]}) == [
        "left_over doesn't match the mana left in the pool (1 {G}, 1 {U})"]


# -- the mutants of solver/verify/board.py a full run found alive (issue 44, third session) -----
# Each answer is refused (or accepted) with its whole list of errors: a rule's check that let the
# activation through would change the list (its mana in the pool, the payments after it).


def all_errors(problem: dict[str, Any], adds: str, removed: int | None = None) -> list[str]:
    return errors({**problem, "cost": adds}, tapped_for(adds, removed))


def unpaid(adds: str, first: str, colors: int | None = None, counters: int = 0) -> list[str]:
    """``first``, then what follows when activation 0 adds nothing: each payment finds no mana,
    colors_spent and min_sources (and the counters claimed) disagree."""
    units = _units(adds)
    shown = sorted({t for t in units if t in "WUBRG"}, key="WUBRG".index)
    return ([first] + [f"payments[{k}]: no {{{t}}} from S that may be spent here is in the pool "
                       f"at that moment" for k, t in enumerate(units)]
            + ([f"colors_spent says {shown} but the payment gives []"] if shown else [])
            + ([f"counters_removed says {counters} but the payment gives 0",
                f"objective min_counters says {counters} but the payment gives 0"]
               if counters else [])
            + ["objective min_sources says 1 but the payment gives 0"])


def test_an_add_of_any_color_makes_no_colorless():
    """9.2 ``any_color`` (without ``of``): one of the five colors, never {C} (105.1); only
    ``any_type`` adds colorless (``of`` all six types)."""
    board = {"facts": {"n": 1}, "sources": [source(abilities=[
        {"add": {"any_color": {"fact": "n"}}}])]}
    assert all_errors(board, "{G}") == []
    assert all_errors(board, "{C}") == unpaid("{C}", "activations[0]: S ability 0 can't add '{C}'")


def test_one_color_makes_all_its_mana_one_color():
    """9.2 ``one_color``: n mana all of one color among ``of`` (Gilded Lotus: "three mana of any
    one color"), unlike ``any_color``'s each its own."""
    board = {"facts": {"n": 2}, "sources": [source(abilities=[
        {"add": {"one_color": {"fact": "n"}, "of": "WU"}}])]}
    assert all_errors(board, "{U}{U}") == []
    assert all_errors(board, "{W}{U}") == unpaid(
        "{W}{U}", "activations[0]: S ability 0 can't add '{W}{U}'")


def test_of_chosen_is_the_sources_chosen_color():
    """9.2 ``"of": "chosen"``: the color chosen as the permanent entered (Utopia Sprawl)."""
    board = {"sources": [source(chosen="G", abilities=[{"add": {"any_color": 1, "of": "chosen"}}])]}
    assert all_errors(board, "{G}") == []
    assert all_errors(board, "{W}") == unpaid("{W}", "activations[0]: S ability 0 can't add '{W}'")


@pytest.mark.parametrize("elves,adds,first", [
    (3, "{G}{G}", None),  # up to 3, plus 1: 1 to 4 {G}
    (3, "{G}{G}{G}{G}", None),
    (3, "{G}{G}{G}{G}{G}", "activations[0]: S ability 0 can't add '{G}{G}{G}{G}{G}' (4 times its "
     "add)"),
    (0, "{G}", "activations[0]: S ability 0 can't add '{G}' (0 times its add)"),
])
def test_times_up_to_a_fact_plus(elves, adds, first):
    """tapwise's ``up_to`` with ``plus``: any number of times from ``plus`` to the fact plus
    ``plus``; with ``up_to`` and no ``plus``, 0 elves make nothing."""
    plus = {"plus": 1} if elves else {}
    board = {"facts": {"elf": elves}, "sources": [source(abilities=[
        {"add": "{G}", "times": {"fact": "elf", "up_to": True, **plus}}])]}
    assert all_errors(board, adds) == ([] if first is None else unpaid(adds, first))


def test_up_to_counts_every_number_below_the_fact():
    """``up_to`` 3 elves: 2 is one of the numbers allowed, not only 1 and 3."""
    assert all_errors(UP_TO, "{G}{G}") == []


def test_times_counters_of_a_copy_without_them():
    """9.2 ``{"counters": K, "plus": 1}`` on a copy with no K counter: the add once (plus)."""
    board = {"sources": [source(abilities=[
        {"add": "{C}", "times": {"counters": "charge", "plus": 1}}])]}
    assert all_errors(board, "{C}") == []
    assert all_errors(board, "{C}{C}") == unpaid(
        "{C}{C}", "activations[0]: S ability 0 can't add '{C}{C}' (1 times its add)")


EMPTY_STORAGE = {"sources": [source(types=["land"], abilities=[
    {"add": "{C}", "times": {"remove": "storage", "plus": 1}}])]}


def test_times_remove_from_a_copy_without_counters():
    """9.2 ``{"remove": K}`` with no K counter on the copy: it removes 0 (122.8), never 1; the
    answer must say how many it removed."""
    assert all_errors(EMPTY_STORAGE, "{C}", 0) == []
    assert all_errors(EMPTY_STORAGE, "{C}{C}", 1) == unpaid(
        "{C}{C}", "activations[0]: S removes 1 storage counters; it may remove 0 to 0", counters=1)
    assert all_errors(EMPTY_STORAGE, "{C}") == unpaid(
        "{C}", "activations[0]: S removes None storage counters; it may remove 0 to 0")


Entry = tuple[str, int, str, int, dict[str, Any]]  # source, ability, adds, times, more fields


def spent(entries: list[Entry], *, sources: int = 1, counters: int = 0,
          cards: int = 0) -> dict[str, Any]:
    """The activations ``entries``, each mana spent on a cost of exactly that mana."""
    acts = [{**act(s, adds, j, times=t), **more} for s, j, adds, t, more in entries]
    made = [(u, s) for s, _, adds, t, _ in entries for _ in range(t) for u in _units(adds)]
    colors = sorted({u for u, _ in made if u in "WUBRG"}, key="WUBRG".index)
    a = v2(answer("".join(f"{{{u}}}" for u, _ in made), acts,
                  [paid(f"{{{u}}}", (u, s)) for u, s in made], colors, sources=sources), counters)
    a["objective"]["min_cards"] = cards
    return a


def replayed(sources: list[dict[str, Any]], a: dict[str, Any], **more: Any) -> list[str]:
    return errors({"cost": a["total_cost"], "sources": sources, **more}, a)


def tank(charge: int | None, sid: str = "S") -> dict[str, Any]:
    """An artifact that removes any number of its charge counters, {C} for each and one more
    (no {T}: activated as often as its counters last)."""
    return source(id=sid, **({} if charge is None else {"counters": {"charge": charge}}),
                  abilities=[{"add": "{C}", "tap": False, "uses": "any",
                              "times": {"remove": "charge", "plus": 1}}])


def test_counters_removed_by_amounts_add_up_per_copy():
    """9.2 ``{"remove": K}`` without {T}: over all its activations a copy removes at most the
    K counters it has (122.8: removing all of them is allowed, one more is not); two copies'
    counters are their own."""
    assert replayed([tank(None)], spent([("S", 0, "{C}", 1, {"removed": 0})])) == []
    assert replayed([tank(2)], spent([("S", 0, "{C}{C}{C}", 1, {"removed": 2})],
                                     counters=2)) == []
    two = [("S", 0, "{C}{C}", 1, {"removed": 1}), ("S", 0, "{C}{C}", 1, {"removed": 1})]
    assert replayed([tank(2)], spent(two, counters=2)) == []
    assert replayed([tank(2)], spent([("S", 0, "{C}{C}", 2, {"removed": 1}), two[1]],
                                     counters=3)) == [
        "activations[1]: S ability 0 removes 3 charge counters in all, but it has 2"]
    assert replayed([tank(2), tank(2, "T")], spent(
        [("S", 0, "{C}{C}{C}", 1, {"removed": 2}), ("T", 0, "{C}{C}{C}", 1, {"removed": 2})],
        counters=4, sources=2)) == []


def battery(charge: int | None, uses: Any = "any", sid: str = "S") -> dict[str, Any]:
    """An artifact whose cost removes a charge counter: {C} (no {T})."""
    return source(id=sid, **({} if charge is None else {"counters": {"charge": charge}}),
                  abilities=[{"add": "{C}", "tap": False, "uses": uses,
                              "remove_counters": {"charge": 1}}])


def test_a_cost_of_counters_bounds_the_activations():
    """9.2 remove_counters without {T}: one activation per counter the copy has (122.8), over
    all the answer's entries of that ability; each source's counters are its own; ``uses``
    bounds it further (min_sources: a second copy would be needed)."""
    one = ("S", 0, "{C}", 1, {})
    assert replayed([battery(2)], spent([one, one], counters=2)) == []
    assert replayed([battery(1), battery(1, sid="T")],
                    spent([one, ("T", 0, "{C}", 1, {})], counters=2, sources=2)) == []
    assert replayed([battery(2)], spent([("S", 0, "{C}", 2, {}), one], counters=3)) == [
        "activations[1]: S ability 0 is activated 3 times, but its copies' counters allow 2",
        "activations[1]: S ability 0 used more than 2 times per copy",
        "objective min_sources says 1 but the payment gives 2"]
    assert replayed([battery(None)], spent([one], counters=1)) == [
        "activations[0]: S has 0 charge counters, can't remove 1",
        "activations[0]: S ability 0 is activated 1 times, but its copies' counters allow 0",
        "activations[0]: S ability 0 used more than 0 times per copy"]
    twice = [("S", 0, "{C}", 2, {})]
    assert replayed([battery(3, uses=1)], spent(twice, counters=2)) == [
        "activations[0]: S ability 0 used more than 1 times per copy",
        "objective min_sources says 1 but the payment gives 2"]
    assert replayed([battery(1, uses=3)], spent(twice, counters=2)) == [
        "activations[0]: S ability 0 is activated 2 times, but its copies' counters allow 1",
        "activations[0]: S ability 0 used more than 1 times per copy",
        "objective min_sources says 1 but the payment gives 2"]
    once = source(abilities=[{"add": "{C}", "tap": False, "uses": 1}])
    assert replayed([once], spent(twice)) == [
        "activations[0]: S ability 0 used more than 1 times per copy",
        "objective min_sources says 1 but the payment gives 2"]


def test_a_cost_of_counters_names_what_the_copy_has():
    """122.8: a cost can't remove more counters than the permanent has; the message says how
    many it has."""
    board = source(counters={"charge": 1}, abilities=[
        {"add": "{C}", "remove_counters": {"charge": 2}}])
    assert replayed([board], spent([("S", 0, "{C}", 1, {})], counters=2)) == [
        "activations[0]: S has 1 charge counters, can't remove 2"]


GUIDE = source(id="Guide", types=["creature"], zone="hand", count=2, abilities=[
    {"add": "{R}", "tap": False, "sacrifice": True}])  # Simian Spirit Guide: exiled from the hand
# (a fact makes it a version-2 source, replayed by the board's checks)
PETAL = source(id="Petal", facts={"mana value": 0}, abilities=[
    {"add": "{W}", "tap": False, "sacrifice": True}])


def test_min_cards_counts_cards_exiled_from_the_hand_not_permanents():
    """9.1/9.6: a card exiled from the hand (Simian Spirit Guide) counts in ``min_cards``, once
    per activation, over every entry; a permanent sacrificed (Lotus Petal) counts in
    ``sacrificed`` instead; a card discarded counts too (9.2)."""
    guide = ("Guide", 0, "{R}", 1, {})
    assert replayed([GUIDE], spent([guide], cards=1)) == []
    assert replayed([GUIDE], spent([("Guide", 0, "{R}", 2, {})], cards=2, sources=2)) == []
    assert replayed([GUIDE], spent([guide, guide], cards=2, sources=2)) == []
    petal = spent([("Petal", 0, "{W}", 1, {})])
    petal["sacrificed"] = petal["objective"]["min_sacrifices"] = 1
    assert replayed([PETAL], petal) == []
    discard = source(id="D", abilities=[{"add": "{B}", "tap": False, "uses": "any",
                                         "discard": 1}])
    both = spent([guide, ("D", 0, "{B}", 1, {})], cards=2, sources=2)
    assert replayed([discard, GUIDE], {**both, "discarded": 1}, hand=3) == []


def test_exile_from_the_graveyard_is_bounded_by_the_graveyard():
    """9.2 ``exile_graveyard``: each activation exiles that many cards from the graveyard, no
    more in all than it holds as the payment starts; each card counts in ``min_cards``."""
    tomb = source(id="G", abilities=[{"add": "{B}", "tap": False, "uses": "any",
                                      "exile_graveyard": 1}])
    assert replayed([tomb], spent([("G", 0, "{B}", 1, {})], cards=1), graveyard=1) == []
    assert replayed([tomb], spent([("G", 0, "{B}", 2, {})], cards=2), graveyard=1) == [
        "activations[0]: exile_graveyard needs 2 cards in all, but there are 1"]


def test_an_ability_that_works_from_the_graveyard():
    """9.2 ``"zone": "graveyard"`` (Jack-o'-Lantern's exile-from-the-graveyard ability): it
    works from the graveyard only, and an ability without it doesn't work there (113.6)."""
    jack = {"id": "Jack", "types": ["artifact"], "zone": "graveyard"}
    from_yard = {"add": "{B}", "tap": False, "sacrifice": True, "zone": "graveyard"}
    used = spent([("Jack", 0, "{B}", 1, {})], cards=1)
    assert replayed([{**jack, "abilities": [from_yard]}], used) == []
    no_zone = {k: v for k, v in from_yard.items() if k != "zone"}
    assert replayed([{**jack, "abilities": [no_zone]}], used) == [
        "activations[0]: Jack is in the graveyard, where its ability 0 doesn't work"]


@pytest.mark.parametrize("x,key,bound,error", [
    (2, "if", {"min": 2}, None), (1, "if", {"min": 2}, "if"), (3, "if", {"max": 3}, None),
    (4, "if", {"max": 3}, "if"), (2, "unless", {"min": 2}, "unless"),
])
def test_conditions_include_their_bounds(x, key, bound, error):
    """9.2 ``if``/``unless``: ``min`` and ``max`` are inclusive (a fact of 2 meets min 2)."""
    board = source(facts={"x": x}, abilities=[{"add": "{G}", key: [{"fact": "x", **bound}]}])
    said = {"if": "activations[0]: S ability 0's condition (if) doesn't hold",
            "unless": "activations[0]: S ability 0 can't be activated: its unless conditions all "
                      "hold"}
    assert replayed([board], spent([("S", 0, "{G}", 1, {})])) == (
        [] if error is None else [said[error]])


def test_min_counters_counts_counters_put_and_removed():
    """9.6 ``min_counters``: the counters put (``put_counters``, each activation, every entry)
    and removed; ``counters_removed`` only those removed."""
    ice = source(counters={"charge": 2}, abilities=[
        {"add": "{G}", "tap": False, "uses": "any", "put_counters": {"ice": 1}},
        {"add": "{C}", "tap": False, "uses": "any", "remove_counters": {"charge": 1}}])
    a = spent([("S", 0, "{G}", 2, {}), ("S", 0, "{G}", 1, {}), ("S", 1, "{C}", 1, {})],
              counters=1)
    a["objective"]["min_counters"] = 4
    assert replayed([ice], a) == []
    a["objective"]["min_counters"] = 3
    assert replayed([ice], a) == ["objective min_counters says 3 but the payment gives 4"]


ALTAR_ANY = source(id="Altar", abilities=[{"add": "{C}{C}", "tap": False, "uses": "any",
                                           "sacrifice_other": {"types": ["creature"]}}])


def elves(n: int, tapped: int = 0) -> dict[str, Any]:
    return {"id": "Elf", "types": ["creature"], "count": n, "tapped": tapped,
            "abilities": [{"add": "{G}"}]}


def sacrificed(a: dict[str, Any], n: int) -> dict[str, Any]:
    a["sacrificed"] = a["objective"]["min_sacrifices"] = n
    return a


def altar_then_elves(victims: int, taps: int, sources: int) -> dict[str, Any]:
    entries = [("Altar", 0, "{C}{C}", victims, {"sacrificed": ["Elf"] * victims})]
    return sacrificed(spent(entries + ([("Elf", 0, "{G}", taps, {})] if taps else []),
                            sources=sources), victims)


NO_UNTAPPED_ELF = "activations[1]: no untapped copy of Elf is left to tap"
TAPPED_TOO_OFTEN = "activations[1]: Elf is tapped more often than it has untapped copies"


@pytest.mark.parametrize("count,tapped,taps,errors_", [
    (3, 0, 2, []),  # one of three untapped Elves sacrificed: two left to tap
    (3, 0, 3, [NO_UNTAPPED_ELF]),
    (2, 1, 1, []),  # the tapped Elf is the one sacrificed: the untapped one still taps
    (2, 1, 2, [NO_UNTAPPED_ELF, TAPPED_TOO_OFTEN]),
])
def test_a_copy_sacrificed_is_a_tapped_one_when_there_is_one(count, tapped, taps, errors_):
    """9.2 sacrifice_other: the player chooses which copy to sacrifice, so a tapped copy goes
    first and the untapped ones are left to tap (118.3: a tapped copy can't tap again)."""
    assert replayed([ALTAR_ANY, elves(count, tapped)],
                    altar_then_elves(1, taps, 1 + taps)) == errors_


def tapping_elves(count: int, n: int = 2) -> dict[str, Any]:
    """Elves whose ability (no {T}) taps ``n`` untapped creatures, copies of itself among them
    (not the copy acting: no "self")."""
    return {"id": "Elf", "types": ["creature"], "count": count, "abilities": [
        {"add": "{G}", "tap": False, "uses": "any", "tap_other": {"types": ["creature"], "n": n}}]}


def test_min_sources_counts_the_copy_that_tapped_its_own_copies():
    """9.6 min_sources: one activation tapping two other Elves needs a third to act (three
    copies); two activations each tapping 2 of 5 may be carried by copies the other tapped
    (4); two entries tapping one Elf each, each by the other (2). Tapping two copies of itself
    with two Elves is refused: the copy acting is not another."""
    one = spent([("Elf", 0, "{G}", 1, {"tapped": ["Elf", "Elf"]})], sources=3)
    assert replayed([tapping_elves(3)], one) == []
    one["objective"]["min_sources"] = one["sources_used"] = 2
    assert replayed([tapping_elves(3)], one) == [
        "objective min_sources says 2 but the payment gives 3"]
    assert replayed([tapping_elves(5)], spent(
        [("Elf", 0, "{G}", 2, {"tapped": ["Elf"] * 4})], sources=4)) == []
    each = ("Elf", 0, "{G}", 1, {"tapped": ["Elf"]})
    assert replayed([tapping_elves(2, 1)], spent([each, each], sources=2)) == []
    assert replayed([tapping_elves(2)], spent(
        [("Elf", 0, "{G}", 1, {"tapped": ["Elf", "Elf"]})], sources=2)) == [
        "activations[0]: Elf can't tap itself (no \"self\"): at most 1 of its copies per "
        "activation", "objective min_sources says 2 but the payment gives 3"]


def test_a_copy_may_sacrifice_another_copy_of_itself():
    """9.2 sacrifice_other without "self": with two Thrulls one sacrifices the other; alone it
    can't sacrifice itself."""
    thrull = {"id": "Thrull", "types": ["creature"], "count": 2, "abilities": [
        {"add": "{B}", "tap": False, "uses": "any", "sacrifice_other": {"types": ["creature"]}}]}
    a = sacrificed(spent([("Thrull", 0, "{B}", 1, {"sacrificed": ["Thrull"]})]), 1)
    assert replayed([thrull], a) == []
    assert replayed([{**thrull, "count": 1}], a) == [
        "activations[0]: Thrull can't sacrifice itself (no \"self\")"]


def test_times_taken_by_tap_other():
    """tapwise's ``{"taken": "tap_other"}``: as many times as the creatures it tapped (the
    ``tapped`` list, not ``sacrificed``)."""
    drum = source(id="Drum", abilities=[{"add": "{C}", "tap": False, "uses": "any",
                                         "times": {"taken": "tap_other"},
                                         "tap_other": {"types": ["creature"], "n": "X"}}])
    assert replayed([drum, elves(2)], spent(
        [("Drum", 0, "{C}{C}", 1, {"tapped": ["Elf", "Elf"]})], sources=3)) == []


THREE = [TAKEN, BEAR3, ELF1, {**ELF1, "id": "elf2"}]
NOT_EVEN = ("activations[0]: sacrificed must list the same number of permanents (one or more) for "
            "each of its 2 activations, not ['bear', 'elf', 'elf2']")


def test_times_taken_needs_the_list():
    """``{"taken": "sacrifice_other"}`` with n "X": no list is 0 permanents, so no mana; a list
    the activations can't share evenly is refused (each took as many)."""
    assert replayed([TAKEN, BEAR3], sacrificed(spent([("S", 0, "{C}", 1, {})]), 0)) == [
        "activations[0]: S ability 0 can't add '{C}' (0 times its add)",
        "payments[0]: no {C} from S that may be spent here is in the pool at that moment",
        "objective min_sources says 1 but the payment gives 0"]
    uneven = {"sacrificed": ["bear", "elf", "elf2"]}
    tail = ["activations[0]: S ability 0 used more than 1 times per copy",
            "sacrificed says 3 but the payment gives 0",
            "objective min_sacrifices says 3 but the payment gives 0",
            "objective min_sources says 1 but the payment gives 2"]
    assert replayed(THREE, sacrificed(spent([("S", 0, "{C}", 2, uneven)]), 3)) == [NOT_EVEN,
                                                                                    *tail]
    assert replayed(THREE, sacrificed(spent([("S", 0, "{C}", 2, {**uneven, "tapped": ["bear"]})]),
                                      3)) == [
        NOT_EVEN, "activations[0]: S ability has no tap_other cost, but the answer lists tapped "
                  "permanents", *tail]


def test_times_victim_needs_one_known_victim():
    """tapwise's ``{"victim": F}``: each victim must be a permanent of the board with F given,
    and one entry's victims must agree (one ``adds``)."""
    def victims(listed: list[Any], times: int = 1) -> list[str]:
        return replayed([VICTIM, BEAR3, ELF1], sacrificed(spent(
            [("S", 0, "{C}", times, {"sacrificed": listed})]), len(listed)))
    nothing = ["payments[0]: no {C} from S that may be spent here is in the pool at that moment"]
    lost = ["sacrificed says 1 but the payment gives 0",
            "objective min_sacrifices says 1 but the payment gives 0",
            "objective min_sources says 1 but the payment gives 0"]
    assert victims([["bear"]]) == [
        "activations[0]: sacrificed ['bear'], whose 'power' is not given", *nothing, *lost]
    assert victims(["nobody"]) == [
        "activations[0]: sacrificed 'nobody', whose 'power' is not given", *nothing, *lost]
    assert victims([]) == [
        "activations[0]: its amount is the sacrificed permanent's 'power', but it lists no "
        "permanent", *nothing, "objective min_sources says 1 but the payment gives 0"]
    assert victims(["bear", "elf"], 2) == [
        "activations[0]: its amount is the sacrificed permanent's 'power', but it lists "
        "permanents of different power", *nothing,
        "payments[1]: no {C} from S that may be spent here is in the pool at that moment",
        "sacrificed says 2 but the payment gives 0",
        "objective min_sacrifices says 2 but the payment gives 0",
        "objective min_sources says 1 but the payment gives 0"]


ONE_OTHER = source(abilities=[{"add": "{C}", "tap": False, "uses": "any",
                               "sacrifice_other": {"types": ["creature"]}}])
TWO_OTHERS = {"sacrifice_other": source(abilities=[{"add": "{C}", "tap": False, "uses": "any",
                                                    "sacrifice_other": {"types": ["creature"],
                                                                        "n": 2}}]),
              "tap_other": source(abilities=[{"add": "{C}", "tap": False, "uses": "any",
                                              "tap_other": {"types": ["creature"], "n": 2}}])}


def test_the_permanents_a_cost_takes_are_each_checked():
    """9.2 sacrifice_other / tap_other: each permanent listed is checked in turn (a name not on
    the board, one the filter refuses, one already gone or tapped), and the rest are still
    taken; a list where no such cost exists is refused."""
    assert replayed([ONE_OTHER, BEAR3], sacrificed(spent(
        [("S", 0, "{C}", 1, {"sacrificed": [["bear"]]})]), 1)) == [
        "activations[0]: ['bear'] is not a permanent the cost may sacrifice",
        "sacrificed says 1 but the payment gives 0",
        "objective min_sacrifices says 1 but the payment gives 0"]
    assert replayed([ONE_OTHER, BEAR3], sacrificed(spent(
        [("S", 0, "{C}", 1, {"sacrificed": ["bear"], "tapped": ["bear"]})]), 1)) == [
        "activations[0]: S ability has no tap_other cost, but the answer lists tapped permanents"]
    assert replayed([ONE_OTHER, BEAR3], sacrificed(spent(
        [("S", 0, "{C}", 1, {"sacrificed": ["bear", "bear"], "tapped": ["bear"]})]), 1)) == [
        "activations[0]: sacrificed must list 1 permanents, not ['bear', 'bear']",
        "activations[0]: S ability has no tap_other cost, but the answer lists tapped permanents",
        "sacrificed says 1 but the payment gives 0",
        "objective min_sacrifices says 1 but the payment gives 0"]
    board = [TWO_OTHERS["sacrifice_other"], BEAR3, ELF1]
    assert replayed(board, sacrificed(spent(
        [("S", 0, "{C}", 1, {"sacrificed": ["S", "elf"]})]), 2)) == [
        "activations[0]: 'S' is not a permanent the cost may sacrifice",
        "sacrificed says 2 but the payment gives 1",
        "objective min_sacrifices says 2 but the payment gives 1"]
    assert replayed(board, sacrificed(spent(
        [("S", 0, "{C}", 2, {"sacrificed": ["bear", "bear", "elf", "elf"]})]), 2)) == [
        "activations[0]: no copy of bear is left to sacrifice",
        "activations[0]: no copy of elf is left to sacrifice"]
    assert replayed([TWO_OTHERS["tap_other"], BEAR3, ELF1], spent(
        [("S", 0, "{C}", 2, {"tapped": ["bear", "bear", "elf", "elf"]})], sources=3)) == [
        "activations[0]: no untapped copy of bear is left to tap",
        "activations[0]: no untapped copy of elf is left to tap"]


def test_a_copy_tapped_by_another_can_not_tap_for_itself():
    """118.3: Druid taps the Elf (tap_other); the Elf, now tapped, can't tap for {G}: both the
    copy's state and the count of taps say so."""
    druid = {"id": "Druid", "types": ["creature"], "abilities": [
        {"add": "{G}", "tap_other": {"types": ["creature"]}}]}
    elf = {"id": "Elf", "types": ["creature"], "abilities": [{"add": "{G}"}]}
    assert replayed([druid, elf], spent([("Druid", 0, "{G}", 1, {"tapped": ["Elf"]}),
                                         ("Elf", 0, "{G}", 1, {})], sources=3)) == [
        NO_UNTAPPED_ELF, TAPPED_TOO_OFTEN]


def test_removed_is_refused_for_an_amount_that_removes_nothing():
    """9.2: ``removed`` belongs to a ``{"remove": K}`` amount; given for another ``times`` it is
    refused, and the output is then judged as one repetition of the add."""
    assert replayed(CHALICE["sources"], spent([("S", 0, "{C}", 1, {"removed": 1})])) == [
        "activations[0]: says it removed 1 counters, but its amount is not \"remove\"",
        "counters_removed says 0 but the payment gives 1",
        "objective min_counters says 0 but the payment gives 1"]


def test_times_taken_plus_needs_one_or_more_taken():
    """``{"taken": "sacrifice_other", "plus": 1}``: the X permanents are one or more, so an
    empty list is refused even though ``plus`` alone would make the add once."""
    altar = source(abilities=[{"add": "{C}", "tap": False, "uses": "any",
                               "times": {"taken": "sacrifice_other", "plus": 1},
                               "sacrifice_other": {"types": ["creature"], "n": "X"}}])
    assert replayed([altar, BEAR3], spent([("S", 0, "{C}", 1, {"sacrificed": []})])) == [
        "activations[0]: sacrificed must list the same number of permanents (one or more) for "
        "each of its 1 activations, not []"]


def test_an_activation_adding_nothing_is_refused():
    """106.1: an activation entry says what it adds; "" is nothing, which no add makes (here
    n 0 of any color: no mana at all)."""
    a = spent([("F", 0, "{G}", 1, {})])
    a["activations"].append(act("S", "", 0))
    forest = {"id": "F", "abilities": [{"add": "{G}"}]}
    for n in (0, 1):
        board = source(facts={"n": n}, abilities=[{"add": {"any_color": {"fact": "n"}}}])
        assert replayed([board, forest], a) == ["activations[1]: S ability 0 can't add ''"]
