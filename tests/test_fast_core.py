"""The compiled core of the fast path (solver/fast/core.py) against CP-SAT and the wider fast path.

Seeded random problems of the core's class (one-of and fixed-multiset tap sources, tapped
copies, pool mana; colored, generic, {C}, hybrid, Phyrexian symbols, fixed X; every objective
order, low life): the core must answer each (never decline), with CP-SAT's objective values and
a payment the independent verifier accepts. Then the boundary of the class on each side, and the
Solution it makes. The pure twin and the compiled module are compared by tests/test_build.py
(its seeded problems include the search-loop boards, all of the class).
"""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest

from tapwise.benchmarks.search_loop import board_and_cost
from tapwise.models.loader import load_problem
from tapwise.solver.cpsat import model as cpsat
from tapwise.solver.fast import solve as fast
from tapwise.solver.fast import core as fast_core
from tapwise.solver.answer.build import build_answer
from tapwise.solver.front.compile import compile_problem
from tapwise.solver.queries.pay import pay
from tapwise.solver.verify.replay import verify

COLORS = "WUBRG"
PAIRS = ("WU", "UB", "BR", "RG", "GW", "WB", "UR", "BG", "RW", "GU")
BASIC = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest", "C": "Wastes"}
OBJECTIVES = ("min_life", "min_sacrifices", "min_sources", "min_waste", "min_energy")


def _source(rng: random.Random) -> dict:
    """A source of the class: it taps, costs nothing else, and makes one unit of a type from a
    set or a fixed multiset of types."""
    kind = rng.choice(["basic"] * 4 + ["dual"] * 3 + ["tri", "any", "sol", "thran", "bounce", "mixed", "two",
                                                      "hybrid", "snow"])
    c, p = rng.choice("WUBRGC"), rng.choice(PAIRS)
    if kind == "basic":
        return {"name": BASIC[c]}
    if kind == "snow":
        return {"name": "Snow-Covered " + BASIC[c]}
    if kind == "dual":
        return {"abilities": [{"add": ["{%s}" % p[0], "{%s}" % p[1]]}]}
    if kind == "tri":
        t = rng.sample(COLORS, 3)
        return {"abilities": [{"add": ["{%s}" % x for x in t]}]}
    if kind == "any":
        return {"abilities": [{"add": {"any_color": 1}}]}
    if kind == "sol":
        return {"types": ["artifact"], "abilities": [{"add": "{C}{C}"}]}
    if kind == "thran":
        return {"types": ["artifact"], "abilities": [{"add": "{C}{C}{C}"}]}
    if kind == "bounce":
        return {"abilities": [{"add": "{%s}{%s}" % (p[0], p[1])}]}
    if kind == "mixed":  # one copy taps for one unit or for two: both kinds of supply share copies
        return {"abilities": [{"add": "{%s}" % p[0]}, {"add": "{%s}{%s}" % (p[1], p[1])}]}
    if kind == "two":
        return {"abilities": [{"add": "{C}"}, {"add": "{%s}" % p[0]}]}
    return {"abilities": [{"add": "{%s/%s}" % (p[0], p[1])}]}  # one unit of either


def _symbol(rng: random.Random) -> str:
    """One cost symbol of the class."""
    c, p, n = rng.choice(COLORS), rng.choice(PAIRS), rng.randint(1, 4)
    return rng.choice(["{%s}" % c] * 4 + ["{%d}" % n] * 3 + ["{C}", "{%s/%s}" % (p[0], p[1]), "{%s/%s}" % (p[1], p[0]),
                                                           "{C/%s}" % c, "{%s/P}" % c, "{%s/P}" % p[0],
                                                           "{%s/%s/P}" % (p[0], p[1])])


def core_problem(rng: random.Random, max_entries: int = 6, max_count: int = 4, max_symbols: int = 7) -> dict:
    """A random problem of the core's class."""
    sources = []
    for i in range(rng.randint(0, max_entries)):
        src = dict(_source(rng), id=f"s{i}")
        count = rng.randint(1, max_count)
        if count != 1:
            src["count"] = count
        if rng.random() < 0.15:
            src["tapped"] = rng.randint(1, count)
        sources.append(src)
    problem: dict = {"cost": "".join(_symbol(rng) for _ in range(rng.randint(1, max_symbols))), "sources": sources}
    if rng.random() < 0.2:
        problem["pool"] = [rng.choice(["{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{W}{W}", "{2}"])
                           for _ in range(rng.randint(1, 2))]
    if rng.random() < 0.1:
        problem["cost"] = "{X}" + problem["cost"]
        problem["x"] = rng.randint(0, 3)
    r = rng.random()
    if r < 0.5:  # any order of a subset, or none at all (any payment answers)
        problem["objective"] = rng.sample(OBJECTIVES, rng.randint(0, len(OBJECTIVES)))
    if rng.random() < 0.2:
        problem["player"] = {"life": rng.randint(0, 6), "keep_life": rng.choice([1, None, 0, 3])}
    return problem


def _check(problem: dict, wider: bool = True, declines: bool = False) -> str:
    """The core on ``problem``: answered (or, if it ``declines``, "none"), CP-SAT's objective
    values, verified; and (``wider``) the same values as the wider fast path without the core,
    where it answers."""
    prob = load_problem(problem)
    c = compile_problem(prob)
    got = fast_core.solve(c, prob.objective)
    if got is None and declines:
        return "none"
    assert got is not None, problem  # the class: the core must answer
    want = cpsat.solve(c, prob.objective, 10)
    assert want.optimal and got.optimal, problem
    assert got.status == want.status, (problem, got.status, want.status)
    if got.status == "infeasible":
        return "infeasible"
    assert got.objective == want.objective, (problem, got.objective, want.objective)
    assert list(got.objective) == list(prob.objective)
    answer = build_answer(c, got)
    assert verify(prob, answer) == [], (problem, answer)
    if wider:
        fast_core.ENABLED = False
        try:
            other = fast.solve_fast(c, prob.objective)
        finally:
            fast_core.ENABLED = True
        assert other is None or other.objective == got.objective, (problem, other.objective, got.objective)
    return "paid"


def test_core_agrees_with_cpsat_on_seeded_problems():
    seen = {"paid": 0, "infeasible": 0}
    for seed in range(1500):
        seen[_check(core_problem(random.Random(seed)))] += 1
    assert seen["paid"] >= 600 and seen["infeasible"] >= 150, seen


def test_core_agrees_with_cpsat_on_bigger_boards():
    """Up to 10 entries of 8 copies and 12 symbols: more multi activations to try (past
    MAX_CHOICES vectors of them, the core declines)."""
    seen = {"paid": 0, "infeasible": 0, "none": 0}
    for seed in range(300):
        problem = core_problem(random.Random(10_000 + seed), max_entries=10, max_count=8, max_symbols=12)
        seen[_check(problem, wider=False, declines=True)] += 1
    assert seen["none"] <= 30 and seen["paid"] >= 150, seen


def test_search_loop_boards_are_all_of_the_class():
    for i in range(300):
        board, cost = board_and_cost(0, i)
        prob = load_problem({**board, **cost})
        c = compile_problem(prob)
        got = fast_core.solve(c, prob.objective)
        assert got is not None, (board, cost)
        if got.status == "paid":
            assert verify(prob, build_answer(c, got)) == []
        feasible = load_problem({**board, **cost, "objective": []})
        assert fast_core.solve(compile_problem(feasible), ()).status == got.status


def _solve(problem: dict):
    prob = load_problem(problem)
    return fast_core.solve(compile_problem(prob), prob.objective)


# ---------------------------------------------------------------------------------------------
# Phyrexian symbols: life against sources, and the life bound


PHYREXIAN = {"cost": "{W/P}{W/P}", "sources": [{"name": "Plains"}]}


@pytest.mark.parametrize("objective, life, sources", [
    (["min_life", "min_sources"], 2, 1),  # the Plains pays one, life the other
    (["min_sources", "min_life"], 4, 0),  # no source at all: 4 life
    (["min_sources", "min_waste", "min_life"], 4, 0),
    (["min_life"], 2, None),
])
def test_phyrexian_life_against_sources(objective, life, sources):
    sol = _solve({**PHYREXIAN, "objective": objective})
    assert sol.status == "paid" and sol.objective["min_life"] == life
    if sources is not None:
        assert sol.objective["min_sources"] == sources


@pytest.mark.parametrize("player, status, life", [
    ({"life": 3, "keep_life": None}, "paid", 2),  # one symbol with life (2 of 3), the other with the Plains
    ({"life": 1, "keep_life": None}, "infeasible", None),  # 1 life pays nothing
    ({"life": 4, "keep_life": 3}, "infeasible", None),  # paying 2 would leave 2 < 3
    ({"life": 5, "keep_life": 3}, "paid", 2),
    ({"life": 4, "keep_life": 0}, "paid", 4),  # both with life, down to 0
])
def test_life_bound_is_cpsat_s(player, status, life):
    problem = {**PHYREXIAN, "objective": ["min_sources", "min_life"], "player": player}
    sol = _solve(problem)
    assert sol.status == status
    if life is not None:
        assert sol.objective["min_life"] == life
    prob = load_problem(problem)
    c = compile_problem(prob)
    want = cpsat.solve(c, prob.objective, 10)
    assert want.status == sol.status and (sol.status != "paid" or want.objective == sol.objective)


def test_sol_ring_saves_a_source_and_its_waste_counts():
    sol = _solve({"cost": "{2}{G}", "sources": [{"name": "Forest", "count": 3},
                                                {"id": "ring", "abilities": [{"add": "{C}{C}"}]}]})
    assert sol.objective == {"min_life": 0, "min_sacrifices": 0, "min_sources": 2, "min_waste": 0}
    sol = _solve({"cost": "{1}{G}", "sources": [{"name": "Forest", "count": 3},
                                                {"id": "ring", "abilities": [{"add": "{C}{C}"}]}]})
    assert sol.objective["min_sources"] == 2  # either way two sources: without the ring, no waste
    assert sol.objective["min_waste"] == 0


def test_tapped_copies_and_pool_mana():
    sol = _solve({"cost": "{1}{U}", "pool": ["{U}"], "sources": [{"name": "Island", "count": 3, "tapped": 2}]})
    assert sol.status == "paid" and sol.objective["min_sources"] == 1
    sol = _solve({"cost": "{2}{U}", "pool": ["{U}"], "sources": [{"name": "Island", "count": 3, "tapped": 2}]})
    assert sol.status == "infeasible"


# ---------------------------------------------------------------------------------------------
# The boundary of the class


RING = {"id": "ring", "types": ["artifact"], "abilities": [{"add": "{C}{C}"}]}


@pytest.mark.parametrize("problem", [
    {"cost": "{2}{W}", "sources": [{"name": "Plains"}, RING]},
    {"cost": "{W/P}{U/B}{C}", "sources": [{"name": "Plains"}, {"abilities": [{"add": {"any_color": 1}}]}]},
    {"cost": "{X}{W}", "x": 2, "sources": [{"name": "Plains", "count": 3}]},
    {"cost": "{S}", "sources": [{"name": "Snow-Covered Forest"}]},  # every green kind is snow
    {"cost": "{W}", "objective": [], "sources": [{"name": "Plains"}]},
    {"cost": "{W}", "objective": ["max_x", "min_sources"], "sources": [{"name": "Plains"}]},
    {"cost": "{W}", "sources": []},  # nothing to pay with: infeasible, exactly
])
def test_in_the_class(problem):
    sol = _solve(problem)
    assert sol is not None
    if sol.status == "paid":
        prob = load_problem(problem)
        assert verify(prob, build_answer(compile_problem(prob), sol)) == []


@pytest.mark.parametrize("problem, expected", [
    ({"cost": "{W}", "sources": [{"name": "Treasure"}]}, {"sacrificed": 1}),  # a sacrifice
    ({"cost": "{W}", "sources": [{"abilities": [{"add": "{W}", "damage": 1}]}]}, {"damage": 1}),  # a pain land
    ({"cost": "{W}", "sources": [{"abilities": [{"add": {"any_color": 1}, "life": 1}]}]}, {"life_paid": 1}),  # life
    ({"cost": "{W}", "sources": [{"types": ["artifact"], "abilities": [{"mana": "{1}", "add": "{W}{U}"}]},
                                 {"name": "Wastes"}]}, {"left_over_counts": {"U": 1}}),  # a mana cost (a Signet)
    # units of a choice of types: the second mana is left, whatever its color
    ({"cost": "{W}", "sources": [{"abilities": [{"add": {"any_color": 2}}]}]}, {"colors_spent": ["W"]}),
    ({"cost": "{W}", "sources": [{"abilities": [{"add": {"one_color": 2}}]}]},
     {"left_over_counts": {"W": 1}}),  # several multisets: two of one color
    ({"cost": "{G}", "for": {"types": ["sorcery"]},
      "sources": [{"abilities": [{"add": "{G}", "only": {"types": ["creature"]}}]}]},
     {"status": "infeasible"}),  # restricted mana (106.6)
    ({"cost": "{2/W}", "sources": [{"name": "Plains"}]}, {"colors_spent": ["W"]}),  # {2/W}: its {W} half
    ({"cost": "{X}{W}", "x": "max", "sources": [{"name": "Plains", "count": 3}]}, {"x": 2}),  # X searched
    ({"cost": "{2}{W}", "reduce": ["{1}"], "sources": [{"name": "Plains", "count": 3}]},
     {"sources_used": 2}),  # a reduction (118.7a)
    ({"cost": "{W}", "increase": ["{1}"], "sources": [{"name": "Plains", "count": 3}]},
     {"sources_used": 2}),  # an increase
    ({"cost": "{W}{U}", "keywords": ["sunburst"], "sources": [{"name": "Plains"}, {"name": "Island"}]},
     {"colors_spent": ["W", "U"]}),  # colors
    ({"cost": "{S}", "sources": [{"name": "Snow-Covered Forest"}, {"name": "Forest"}]},
     {"payments": [{"symbol": "{S}", "mana": [{"type": "G", "source": "Snow-Covered Forest"}]}]}),  # snow splits G
    ({"cost": "{1200}", "sources": [dict(RING, count=600)]}, {"sources_used": 600}),  # past MAX_CHOICES vectors
])
def test_out_of_the_class_the_core_declines_and_pay_still_answers(problem, expected):
    assert _solve(problem) is None
    got = pay(problem)
    want = {"status": "paid", **expected}
    assert {k: got.get(k) for k in want} == want, got


def test_a_declined_board_is_remembered_per_prepared_board_and_costs_per_variant():
    """A prepared board reads its supply once (Compiled.shared); a cost is read once per variant."""
    from tapwise.solver.front.compile import compile_board

    board = compile_board(load_problem({"cost": "{W}", "sources": [{"name": "Plains"}, RING]}))
    c = board.with_cost(load_problem({"cost": "{1}{W}", "sources": [{"name": "Plains"}, RING]}))
    assert fast_core.solve(c, c.problem.objective).status == "paid"
    assert isinstance(board.shared[fast_core._BOARD_KEY], fast_core._SupplyArrays)
    assert fast_core._COSTS[id(c.variants[0])][0] is c.variants[0]  # the entry keeps its variant alive


# ---------------------------------------------------------------------------------------------
# The Solution and the C declarations


def test_solution_has_every_field_as_a_paid_one_would():
    sol = _solve({"cost": "{1}{G}", "sources": [{"name": "Forest", "count": 2}]})
    assert type(sol) is cpsat.Solution
    assert set(vars(sol)) == {f.name for f in dataclasses.fields(cpsat.Solution)}
    built = cpsat.Solution.paid(sol.x)
    for f in dataclasses.fields(cpsat.Solution):
        if f.name not in ("objective", "acts", "cost_pay", "generic_pay"):  # what the solve filled
            assert getattr(sol, f.name) == getattr(built, f.name), f.name


def test_no_two_solutions_share_a_container():
    """The core makes a paid Solution's fields itself: each container must be its own."""
    problem = {"cost": "{1}{G}", "sources": [{"name": "Forest", "count": 2}]}
    a, b = _solve(problem), _solve(problem)
    for f in dataclasses.fields(cpsat.Solution):
        value = getattr(a, f.name)
        if isinstance(value, (dict, list, set)):
            assert value is not getattr(b, f.name), f.name


def test_solutions_are_the_same_however_often_and_after_whatever_is_solved():
    problems = [core_problem(random.Random(seed)) for seed in range(80)]
    compiled = [compile_problem(load_problem(p)) for p in problems]
    first = [fast_core.solve(c, c.problem.objective) for c in compiled]
    again = [fast_core.solve(c, c.problem.objective) for c in reversed(compiled)][::-1]
    assert first == again


def test_array_sizes_agree():
    """The C arrays' sizes (the .pxd) and the pure twin's lists (the .py) are the module's sizes
    (read from the source: compiled, they are C constants)."""
    solver = Path(__file__).resolve().parents[1] / "solver"
    source = (solver / "fast/core.py").read_text()
    size = {name: int(n) for name, n in re.findall(r"^(SINGLES|MULTIS|NODES|ROWS) = (\d+)", source, re.M)}
    pxd = {name: int(n) for name, n in re.findall(r"cdef \w+ (\w+)\[(\d+)\]", (solver / "fast/core.pxd").read_text())}
    py = {name: int(n) for name, n in re.findall(r"self\.(\w+) = \[0\] \* (\d+)", source)}
    for sizes in (pxd, py):
        assert sizes["smask"] == sizes["scap"] == sizes["cur"] == sizes["used"] == size["SINGLES"]
        assert sizes["mbudget"] == sizes["m"] == size["MULTIS"] and sizes["munits"] == 6 * size["MULTIS"]
        assert sizes["rmask"] == sizes["rneed"] == sizes["need"] == sizes["queue"] == size["ROWS"]
        assert sizes["ncap"] == sizes["nmask"] == sizes["held"] == size["NODES"]
        assert sizes["f"] == size["NODES"] * size["ROWS"] and sizes["codes"] == 8
    assert size["NODES"] >= 6 + 6 + size["SINGLES"] + 1
