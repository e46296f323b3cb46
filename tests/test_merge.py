"""Entries that are the same card are modelled as one class and given back per entry."""

from __future__ import annotations

from collections import Counter

from tapwise.models.loader import load_problem
from tapwise.solver.queries.pay import pay
from tapwise.solver.front.merge import Merge
from tapwise.solver.verify.replay import verify

DUAL = [{"add": ["{W}", "{U}"]}]


def test_identical_entries_merge_and_others_stay():
    p = load_problem({"cost": "{1}", "sources": [
        {"id": "a", "abilities": DUAL}, {"id": "b", "count": 3, "tapped": 1, "abilities": DUAL},
        {"id": "c", "abilities": DUAL, "types": ["artifact"]},  # another type: another class
        {"id": "t", "count": 2, "abilities": [{"add": {"any_color": 1}, "sacrifice": True}]},
        {"id": "t2", "abilities": [{"add": {"any_color": 1}, "sacrifice": True}]}]})
    merge = Merge(p)
    ids = [s.id for s in merge.problem.sources]
    assert len(ids) == 4 and "c" in ids and "t" in ids and "t2" in ids  # sacrifice: kept apart
    (merged,) = [s for s in merge.problem.sources if s.id not in ("c", "t", "t2")]
    assert (merged.count, merged.tapped) == (4, 1)


def test_answer_is_given_back_to_untapped_copies_of_each_entry():
    problem = {"cost": "{W}{W}{U}{U}{W/U}", "sources": [
        {"id": "a", "count": 2, "tapped": 2, "abilities": DUAL},
        {"id": "b", "count": 2, "abilities": DUAL},
        {"id": "c", "count": 4, "tapped": 1, "abilities": DUAL}]}
    answer = pay(problem)
    assert answer["status"] == "paid" and verify(problem, answer) == []
    taps = Counter()
    for act in answer["activations"]:
        taps[act["source"]] += act["times"]
    assert taps == {"b": 2, "c": 3} and answer["sources_used"] == 5


def test_mana_of_merged_entries_pays_filter_costs_in_order():
    gate = {"mana": "{W/U}", "add": ["{W}{W}", "{W}{U}", "{U}{U}"]}
    problem = {"cost": "{U}{U}{U}{U}", "sources": [
        {"id": "p1", "name": "Plains"}, {"id": "p2", "name": "Plains"},
        {"id": "g1", "abilities": [gate]}, {"id": "g2", "abilities": [gate]}, {"id": "g3", "abilities": [gate]}]}
    answer = pay(problem)
    assert answer["status"] == "paid" and verify(load_problem(problem), answer) == []
    assert {a["source"] for a in answer["activations"]} <= {"p1", "p2", "g1", "g2", "g3"}


def test_merged_entries_keep_the_place_of_their_first_entry():
    p = load_problem({"cost": "{1}", "sources": [
        {"id": "x", "abilities": DUAL}, {"id": "f", "name": "Forest"}, {"id": "y", "abilities": DUAL},
        {"id": "t", "abilities": [{"add": "{C}", "tap": False, "uses": 2}]},
        {"id": "t2", "abilities": [{"add": "{C}", "tap": False, "uses": 2}]},  # doesn't tap: kept apart
        {"id": "g", "name": "Forest"}, {"id": "none", "abilities": []}, {"id": "none2", "abilities": []}]})
    merge = Merge(p)
    assert [(s.id, s.count) for s in merge.problem.sources] == [
        ("x+1", 2), ("f+1", 2), ("t", 1), ("t2", 1), ("none", 1), ("none2", 1)]
    assert [s.id for s in merge.members["x+1"]] == ["x", "y"]


def test_a_merged_id_never_takes_an_entrys_id():
    p = load_problem({"cost": "{1}", "sources": [
        {"id": "a", "abilities": DUAL}, {"id": "a+1", "abilities": DUAL, "types": ["artifact"]},
        {"id": "b", "abilities": DUAL}]})
    assert [s.id for s in Merge(p).problem.sources] == ["a+1+", "a+1"]
