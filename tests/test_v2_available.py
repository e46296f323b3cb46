"""``available`` on version 2 boards (spec 7 and 9.1-9.2): each pool list worked out by hand.
Costs that take other permanents or cards, and ``counts``, too, each against the reference."""

from __future__ import annotations

import pytest

from tapwise.models.problem import ProblemError
from tapwise.solver.queries.available import available


def pools(board: dict) -> list[dict[str, int]]:
    return [{k: v for k, v in p.items() if v} for p in available(board)["pools"]]


def test_9_2_gaeas_cradle_counts_creatures_and_302_6_sick_elves_make_nothing():
    board = {"facts": {"creature you control": 2},
             "sources": [{"id": "cradle", "abilities": [{"add": "{G}", "times": {"fact": "creature you control"}}]},
                         {"id": "elf", "types": ["creature"], "sick": True, "abilities": [{"add": "{G}"}]}]}
    assert pools(board) == [{"G": 2}]


def test_9_2_storage_land_removes_any_number_of_counters():
    board = {"sources": [{"id": "vault", "counters": {"storage": 2},
                          "abilities": [{"add": "{C}"}, {"add": ["{W}", "{U}"], "mana": "{1}",
                                                         "times": {"remove": "storage"}}]},
                         {"name": "Forest"}]}
    assert pools(board) == [{"W": 2}, {"W": 1, "U": 1}, {"U": 2}, {"G": 1, "C": 1}]


def test_9_2_tainted_isle_without_a_swamp_and_a_vivid_land_with_a_counter():
    isle = {"id": "isle", "abilities": [{"add": "{C}"}, {"add": ["{U}", "{B}"],
                                                          "if": [{"fact": "swamp you control", "min": 1}]}]}
    assert pools({"facts": {"swamp you control": 0}, "sources": [isle]}) == [{"C": 1}]
    assert pools({"facts": {"swamp you control": 1}, "sources": [isle]}) == [{"U": 1}, {"B": 1}, {"C": 1}]
    vivid = {"id": "v", "counters": {"charge": 1},
             "abilities": [{"add": "{G}"}, {"add": {"any_color": 1}, "remove_counters": {"charge": 1}}]}
    assert pools({"sources": [vivid]}) == [{"Any": 1}]
    assert pools({"sources": [dict(vivid, counters={})]}) == [{"G": 1}]


def test_9_2_uses_any_is_limited_by_life_and_a_card_in_hand_adds_its_mana():
    ritual = {"id": "r", "abilities": [{"add": "{B}", "tap": False, "uses": "any", "life": 1}]}
    assert pools({"player": {"life": 3}, "sources": [ritual]}) == [{"B": 2}]
    guide = {"id": "g", "zone": "hand", "abilities": [{"add": "{R}", "tap": False, "sacrifice": True}]}
    tower = {"id": "t", "abilities": [{"add": {"any_color": 2, "of": "UR"}}]}
    assert pools({"sources": [guide, tower]}) == [{"U": 2, "R": 1}, {"U": 1, "R": 2}, {"R": 3}]


def test_9_2_ashnods_altar_eats_the_elf_after_it_tapped():
    altar = {"id": "altar", "types": ["artifact"], "abilities": [
        {"add": "{C}{C}", "tap": False, "uses": "any", "sacrifice_other": {"types": ["creature"]}}]}
    elves = {"id": "elves", "count": 2, "types": ["creature"], "abilities": [{"add": "{G}"}]}
    assert pools({"sources": [altar, elves]}) == [{"G": 2, "C": 4}]


def test_9_1_gaeas_cradle_reads_the_creatures_before_the_altar_takes_them():
    cradle = {"id": "cradle", "abilities": [{"add": "{G}", "times": {"fact": "creature you control"}}]}
    altar = {"id": "altar", "types": ["artifact"], "abilities": [
        {"add": "{C}{C}", "tap": False, "uses": "any", "sacrifice_other": {"types": ["creature"]}}]}
    bears = {"id": "bears", "count": 2, "types": ["creature"], "counts": ["creature you control"], "abilities": []}
    board = {"facts": {"creature you control": 2}, "sources": [cradle, altar, bears]}
    assert pools(board) == [{"G": 2, "C": 4}]
    assert pools({**board, "facts": {"creature you control": 0}, "sources": [cradle]}) == [{}]  # 9.7: no creatures


def test_702_9_2_springleaf_drum_taps_a_sick_creature_and_heritage_druid_itself():
    drum = {"id": "drum", "types": ["artifact"], "abilities": [{"add": {"any_color": 1},
                                                                 "tap_other": {"types": ["creature"]}}]}
    bear = {"id": "bear", "types": ["creature"], "sick": True, "abilities": []}
    assert pools({"sources": [drum, bear]}) == [{"Any": 1}]
    assert pools({"sources": [drum]}) == [{}]
    druid = {"id": "druid", "types": ["creature"], "subtypes": ["elf"], "sick": True, "abilities": [
        {"add": "{G}{G}{G}", "tap": False, "uses": "any", "tap_other": {"subtypes": ["elf"], "n": 3, "self": True}}]}
    elves = {"id": "elves", "count": 2, "types": ["creature"], "subtypes": ["elf"], "abilities": [{"add": "{G}"}]}
    assert pools({"sources": [druid, elves]}) == [{"G": 3}]  # the Elves tap for {G}{G} or for the Druid


def test_9_2_card_costs_share_the_hand():
    looter = {"id": "x", "count": 2, "abilities": [{"add": "{R}", "discard": 1}, {"add": "{C}"}]}
    assert pools({"hand": 1, "sources": [looter]}) == [{"R": 1, "C": 1}, {"C": 2}]
    assert pools({"hand": 2, "sources": [looter]}) == [{"R": 2}, {"R": 1, "C": 1}, {"C": 2}]
    assert pools({"graveyard": 0, "sources": [{"id": "e", "abilities": [{"add": "{B}", "exile_graveyard": 1}]}]}) == [{}]


# --------------------------------------------------------------------------------------------
# Against the reference (tests/reference/available_brute.py, extended to 9.1-9.2 on its own)
# --------------------------------------------------------------------------------------------

import copy  # noqa: E402
import json  # noqa: E402

from hypothesis import assume, given, settings  # noqa: E402

try:
    from reference.available_brute import TooBig, brute_available
    from strategies import v2_problems
    from test_against_reference import COMMON
except ImportError:  # tests/ imported as a package
    from tests.reference.available_brute import TooBig, brute_available
    from tests.strategies import v2_problems
    from tests.test_against_reference import COMMON



@settings(max_examples=150, **COMMON)  # more in one run met a board the search took minutes over
@given(v2_problems())
def test_9_v2_boards_match_the_available_reference(problem):
    board = {k: problem[k] for k in ("sources", "pool", "player", "facts", "hand", "graveyard", "library")
             if k in problem}
    try:
        expected = brute_available(copy.deepcopy(board), max_states=50_000)
    except TooBig:
        assume(False)
    got = available(copy.deepcopy(board))
    key = lambda p: json.dumps(p, sort_keys=True)  # noqa: E731
    assert sorted(got["pools"], key=key) == sorted(expected["pools"], key=key), json.dumps(board)
