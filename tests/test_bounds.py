"""Every request bounded (issue 38): loading linear in the entries, ``time_limit`` over loading,
answers whose size does not grow with the symbols written. No test here reads a clock: work is
counted (lines the loader runs), and sizes are bytes."""

from __future__ import annotations

import sys
from typing import Any

import tapwise.models.loader as loader_module
from tapwise.models.loader import load_problem
from tapwise.solver.queries.pay import pay


def _loader_lines(entries: list[dict[str, Any]]) -> int:
    """Lines run inside ``_load_source`` while loading ``entries`` (pure Python: the editable
    install builds nothing, so the loader is traced line by line)."""
    code = loader_module._load_source.__code__
    count = 0

    def local(frame: Any, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return local

    def calls(frame: Any, event: str, arg: Any) -> Any:
        return local if frame.f_code is code else None

    sys.settrace(calls)
    try:
        load_problem({"cost": "{G}", "sources": entries})
    finally:
        sys.settrace(None)
    return count


def test_8_ids_numbered_in_linear_work() -> None:
    """Spec 8, Ids: ``name``, ``name#2``, ``name#3``, ... The numbering goes on from where it
    stopped instead of counting up from 1 for each entry: ten times the entries, ten times the
    lines (counting from 1 each time makes it about a hundred times)."""
    small = _loader_lines([{"name": "Forest"}] * 100)
    large = _loader_lines([{"name": "Forest"}] * 1000)
    assert large <= 11 * small, (small, large)


def test_8_ids_unchanged_by_the_numbering() -> None:
    """Spec 8, Ids: the ids as the rule gives them, worked by hand: explicit ids are skipped,
    a name that looks numbered is a name of its own, and each name counts on its own."""
    G = {"abilities": [{"add": ["{G}"]}]}
    entries: list[dict[str, Any]] = [
        {"name": "Forest"}, {"id": "Forest#2", **G}, {"name": "Forest"},
        {"name": "Forest#3", **G}, {"name": "Forest"}, {"name": "Island"}, {"name": "Forest"},
        {"abilities": [{"add": ["{C}"]}]}, {"name": "Island"}, {"name": "Forest#3", **G},
    ]
    ids = [s.id for s in load_problem({"cost": "{G}", "sources": entries}).sources]
    assert ids == ["Forest", "Forest#2", "Forest#3", "Forest#3#2", "Forest#4", "Island",
                   "Forest#5", "source7", "Island#2", "Forest#3#3"]


def test_2_time_limit_covers_loading() -> None:
    """Spec 2, ``time_limit``: one deadline for the whole request, loading included. A limit
    of a nanosecond is over before the 256th entry is loaded: the answer is an error saying so,
    with the request's id, and nothing is solved."""
    answer = pay({"id": "big", "cost": "{G}", "time_limit": 1e-9, "sources": [{"name": "Forest"}] * 600})
    assert answer == {"status": "error", "id": "big",
                      "error": "time_limit: the time limit passed while loading sources (at entry 255 of 600): "
                               "nothing was solved"}


def test_2_time_limit_over_loading_leaves_small_boards_alone() -> None:
    """Spec 2: a board loaded within its limit is answered as ever (the loader looks at the
    clock every 256 entries, so 255 entries never look)."""
    answer = pay({"cost": "{G}", "time_limit": 1e-9, "sources": [{"name": "Forest"}] * 255})
    assert answer["status"] != "error", answer


def test_6_conflict_names_each_symbol_once_with_its_count() -> None:
    """Spec 6, ``why`` and ``conflict``: 100,000 x ``{1}`` against one Forest needs 100,000
    mana where the board makes 1. The answer says so in a few hundred bytes, as ``{100000}``'s
    does, not one string per symbol (a megabyte)."""
    answer = pay({"cost": "{1}" * 100_000, "sources": [{"name": "Forest"}]})
    assert answer == {"status": "infeasible", "optimal": True,
                      "why": "needs 100000 mana for 100,000 x {1} but the board can make at most 1",
                      "conflict": ["{1}"], "conflict_counts": {"{1}": 100_000}}


def test_6_conflict_of_mixed_symbols_counts_each_kind() -> None:
    """Spec 6: 70 x {W} and 2 x {1} against one Forest: the white mana is the smallest set of
    types short (70 white needed, 0 made), so those 70 are the conflict, counted."""
    answer = pay({"cost": "{W}" * 70 + "{1}{1}", "sources": [{"name": "Forest"}]})
    assert answer["why"] == "needs 70 white mana for 70 x {W} but the board can make at most 0"
    assert answer["conflict"] == ["{W}"] and answer["conflict_counts"] == {"{W}": 70}


def test_6_short_conflicts_list_every_symbol_as_before() -> None:
    """Spec 6: up to 64 symbols, ``conflict`` lists each one and ``why`` writes them out."""
    answer = pay({"cost": "{W}" * 64, "sources": [{"name": "Forest"}]})
    assert answer == {"status": "infeasible", "optimal": True,
                      "why": "needs 64 white mana for " + "{W}" * 64 + " but the board can make at most 0",
                      "conflict": ["{W}"] * 64}


def test_6_counted_conflict_fits_the_schema() -> None:
    import jsonschema

    from tapwise.json_schema import json_schema

    answer = pay({"cost": "{1}" * 100, "sources": [{"name": "Forest"}]})
    jsonschema.Draft202012Validator(json_schema("pay_answer")).validate(answer)
    assert answer["conflict_counts"] == {"{1}": 100}
