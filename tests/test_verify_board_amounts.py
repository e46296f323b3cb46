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
