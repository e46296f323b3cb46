"""The compiled core's plain reading and its answer (issue 43): ``core.solve_plain`` reads the
plain lane's entries straight into the core's arrays (each entry its own member, named through
its add's ``templates.Template`` only when drawn, solver/fast/core_answer.py) on a spare board.

Its Solution must be the one the core gives the usual path's compiled problem of the same
request (``core.solve``: the reading tests/test_plain_lane.py compares field by field, the
search tests/test_fast_core.py compares with CP-SAT), on random boards and whatever was solved
before; a worked example and the infeasible Solution are checked field by field. Run from an
installed build (``python -P -m pytest``) this is the compiled core.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

from tapwise.models.loader import load_problem
from tapwise.solver.contract import Solution
from tapwise.solver.fast import core
from tapwise.solver.front.compile import compile_problem
from tapwise.solver.queries import lane_cost, plain_lane

COLORS = "WUBRG"
# fixed mana, one of several, a unit of a choice of types, multisets (Sol Ring), a multiset
# beside a single unit
ADDS = ([f"{{{t}}}" for t in COLORS + "C"]
        + [[f"{{{a}}}", f"{{{b}}}"] for a in COLORS for b in COLORS + "C" if a < b or b == "C"]
        + [["{W}", "{U}", "{B}"], ["{U}", "{R}", "{C}"], "{W/U}", "{R/G}", "{B/G}", "{C}{C}",
           "{W}{U}", "{G}{G}", "{B}{R}{C}", ["{C}{C}", "{G}"]])
SYMBOLS = ([f"{{{t}}}" for t in COLORS + "C"] + ["{1}", "{2}", "{3}", "{C/W}", "{W/P}", "{G/P}"]
           + [f"{{{a}/{b}}}" for a in COLORS for b in COLORS if a < b])


def _problem(rng: random.Random) -> dict[str, Any]:
    adds = rng.sample(ADDS, rng.randint(1, 12))
    sources = [{"id": f"e{i}", "count": rng.randint(1, 4), "abilities": [{"add": add}]}
               for i, add in enumerate(adds)]
    cost = "".join(rng.choice(SYMBOLS) for _ in range(rng.randint(1, 9)))
    return {"cost": cost, "sources": sources}


def _solve_plain(problem: dict[str, Any]) -> Solution | None:
    """``core.solve_plain`` of ``problem`` as the plain lane calls it (plain_lane.answer)."""
    read = plain_lane._read(copy.deepcopy(problem))
    assert read is not None, problem
    taps, order, lc, _ = read
    _, accept, _, kind_bit, kind_of_type = plain_lane._kinds(order)
    for tap in taps:
        tap.kind_of_type = kind_of_type
    cost = lane_cost.read_on(lc, accept, kind_bit)
    board = plain_lane._BoardFields.__new__(plain_lane._Board)  # (as answer() makes it)
    board.sources = taps
    board.lane = lc
    return core.solve_plain(taps, kind_bit, cost, plain_lane._OBJECTIVES, board)


def _solve_compiled(problem: dict[str, Any]) -> Solution | None:
    """The core on the usual path's compiled problem of ``problem``."""
    p = load_problem(copy.deepcopy(problem))
    return core.solve(compile_problem(p), p.objective)


def test_the_plain_solution_is_the_compiled_problems():
    rng = random.Random(4343)
    problems = [_problem(rng) for _ in range(250)]
    solved = [_solve_plain(p) for p in problems]
    for problem, got in zip(problems, solved):
        assert got == _solve_compiled(problem), problem
    statuses = {sol.status if sol else None for sol in solved}
    assert statuses == {"paid", "infeasible"}  # (both kinds of answer were compared)
    assert any(sol.splits for sol in solved if sol)  # (and choices of types)
    # the spare board serves any order: the same Solutions solved backwards
    assert [_solve_plain(p) for p in reversed(problems)][::-1] == solved


def test_a_worked_plain_solution():
    """{2}{U}{G} on W|U x2, Sol Ring, Forest: Sol Ring's {C}{C} pays the {2} (one source, no
    mana left: min_waste), W|U its {U} (choice 1 of its add), the Forest the {G}: 3 sources.
    The kinds are the types in order of first sight (W, U, C, G: 0-3); an activation is
    (entry, 0, choice)."""
    sol = _solve_plain({"cost": "{2}{U}{G}", "sources": [
        {"id": "W|U", "count": 2, "abilities": [{"add": ["{W}", "{U}"]}]},
        {"id": "Sol Ring", "count": 1, "abilities": [{"add": "{C}{C}"}]},
        {"id": "Forest", "count": 1, "abilities": [{"add": "{G}"}]}]})
    assert sol.status == "paid" and sol.optimal
    assert sol.objective == {"min_life": 0, "min_sacrifices": 0, "min_sources": 3,
                             "min_waste": 0}
    assert sol.acts == {(1, 0, 0): 1, (0, 0, 1): 1, (2, 0, 0): 1}
    assert sol.splits == {}
    assert list(sol.generic_pay.values()) == [{2: 2}]
    assert sorted(sorted(units.items()) for _, units in sol.cost_pay.values() if units) == [
        [(1, 1)], [(3, 1)]]
    assert (sol.variant, sol.x, sol.levels, sol.keywords) == (0, 0, 0, None)


def test_a_choice_of_types_records_its_split():
    """A unit that is a choice of types ({W/U} in one add: 106.1b, one mana of either type)
    records which type it made per activation (the split), keyed (entry, 0, unit)."""
    sol = _solve_plain({"cost": "{U}", "sources": [
        {"id": "dual", "count": 1, "abilities": [{"add": "{W/U}"}]}]})
    assert sol.acts == {(0, 0, 0): 1}
    assert sol.splits == {(0, 0, "WU"): {"U": 1}}


def test_the_infeasible_solution_is_the_dataclass_one():
    """Nothing pays {B} from a Plains: the Solution is ``Solution("infeasible", optimal=True)``
    with every field, and no two share a container."""
    problem = {"cost": "{B}", "sources": [
        {"id": "Plains", "count": 1, "abilities": [{"add": "{W}"}]}]}
    a, b = _solve_plain(problem), _solve_plain(problem)
    assert a == Solution("infeasible", optimal=True)
    assert set(vars(a)) == {f.name for f in dataclasses.fields(Solution)}
    for f in dataclasses.fields(Solution):
        value = getattr(a, f.name)
        if isinstance(value, (dict, list, set)):
            assert value is not getattr(b, f.name), f.name


def test_the_templates_fields():
    """What the core reads of an entry's add: the types it makes one of (bits W=1, U=2, B=4,
    R=8, G=16, C=32), per type the first choice making it, the multiset's choice and units."""
    read = plain_lane._read({"cost": "{1}", "sources": [
        {"id": "a", "abilities": [{"add": ["{U}", "{R}", "{C}"]}]},
        {"id": "b", "abilities": [{"add": "{B}{R}{C}"}]},
        {"id": "c", "abilities": [{"add": ["{C}{C}", "{G}"]}]}]})
    taps = read[0]
    tri, bounce, ring = (tap.core for tap in taps)
    assert (tri.mask, tri.multi_ci, tri.counts, tri.size) == (2 | 8 | 32, -1, (0,) * 6, 0)
    assert (bounce.mask, bounce.multi_ci, bounce.counts, bounce.size) == (0, 0, (0, 0, 1, 1, 0, 1), 3)
    assert (ring.mask, ring.multi_ci, ring.counts, ring.size) == (16, 0, (0, 0, 0, 0, 0, 2), 2)
    assert tri.units == (None,) * 6 and [tri.picks[i][1] for i in range(3)] == [0, 1, 2]
