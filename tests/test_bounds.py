"""Every request bounded (issue 38): loading linear in the entries, ``time_limit`` over loading,
answers whose size does not grow with the symbols written. No test here reads a clock: work is
counted (lines the loader runs), and sizes are bytes."""

from __future__ import annotations

import sys
from typing import Any

from tapwise.models import problem as problem_module
from tapwise.models.problem import load_problem
from tapwise.solver.pay import pay


def _loader_lines(entries: list[dict[str, Any]]) -> int:
    """Lines run inside ``_load_source`` while loading ``entries`` (pure Python: the editable
    install builds nothing, so the loader is traced line by line)."""
    code = problem_module._load_source.__code__
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
