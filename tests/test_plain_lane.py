"""The plain lane (solver/queries/plain_lane.py, issue 43) against ``pay()``'s usual path.

An engine-shaped request of the plain class is answered by the lane; its answer must be the
usual path's, byte for byte (``json.dumps`` of both, sorted keys), on thousands of random
problems: hypothesis (derandomized) and a seeded generator, whose problems just outside the
class must take the usual path (the lane says None) and still be answered as before. The
small ones are also compared with the brute-force reference (tests/reference/), which shares
no code with the solver. Run from an installed build (``python -P -m pytest``) these compare
the compiled lane; ``test_compiled_lane_answers_as_the_pure_sources`` compares the two builds.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import source_tree
from reference import brute_pay

import tapwise.solver.queries.pay as pay_module
from tapwise.solver.queries import plain_lane
from tapwise.solver.queries.pay import pay

COMMON = dict(derandomize=True, deadline=None, database=None, print_blob=False,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                     HealthCheck.data_too_large])

COLORS = "WUBRG"
# what an entry adds: one type, one of several (a dual, a tri-land), a fixed multiset (Sol
# Ring, a bounce land)
ADDS = ([f"{{{t}}}" for t in COLORS + "C"]
        + [[f"{{{a}}}", f"{{{b}}}"] for a in COLORS for b in COLORS + "C" if a < b or b == "C"]
        + [["{W}", "{U}", "{B}"], ["{R}", "{G}", "{W}"], ["{U}", "{R}", "{C}"]]
        + ["{C}{C}", "{W}{U}", "{G}{G}", "{B}{R}{C}"])
SYMBOLS = ([f"{{{t}}}" for t in COLORS + "C"] + ["{1}", "{2}", "{3}"]
           + [f"{{{a}/{b}}}" for a in COLORS for b in COLORS if a < b]
           + ["{C/W}", "{C/G}", "{W/P}", "{G/P}", "{W/U/P}", "{B/G/P}"])


def full(problem: dict[str, Any]) -> dict[str, Any]:
    """``pay()`` by its usual path, the lane turned off."""
    lane = pay_module.plain_answer
    pay_module.plain_answer = _none
    try:
        return pay(copy.deepcopy(problem))
    finally:
        pay_module.plain_answer = lane


def _none(request: dict[str, Any]) -> None:
    return None


def dumped(answer: dict[str, Any]) -> str:
    return json.dumps(answer, sort_keys=True)


def check_in_class(problem: dict[str, Any], must: bool = True) -> dict[str, Any] | None:
    """The lane answers ``problem`` exactly as the usual path does; ``pay()`` takes the lane.
    Unless ``must``, the lane may decline (the core declines past its arrays' sizes or
    MAX_CHOICES choices of multi activations, docs/fast.md): ``pay()`` answers all the same."""
    expected = full(problem)
    got = plain_lane.answer(copy.deepcopy(problem))
    assert got is not None or not must, f"the lane declined: {json.dumps(problem)}"
    if got is not None:
        assert dumped(got) == dumped(expected), json.dumps(problem)
    assert dumped(pay(copy.deepcopy(problem))) == dumped(expected)
    return got


def _board(rng: random.Random, n: int, most: int) -> list[dict[str, Any]]:
    """``n`` entries with distinct adds (entries alike are merged by the usual path: outside)."""
    adds = rng.sample(ADDS, n)
    return [{"id": _id(rng, i, add), "count": rng.randint(1, most), "abilities": [{"add": add}]}
            for i, add in enumerate(adds)]


def _id(rng: random.Random, i: int, add: Any) -> str:
    """Ids as engines name them (``W|U``), or other strings (unicode, a merge-like ``+``)."""
    shown = "|".join(a.strip("{}") for a in add) if isinstance(add, list) else add.strip("{}")
    return rng.choice([shown, f"land {i}", f"{shown}+1", f"é{i}", shown + "#2"])


def _cost(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(SYMBOLS) for _ in range(n))


# ---- hypothesis: small problems, the lane against the usual path and the reference ----------

@st.composite
def small_problems(draw: Any) -> dict[str, Any]:
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    n = draw(st.integers(1, 4))
    sources = _board(rng, n, 2)
    problem: dict[str, Any] = {"cost": _cost(rng, draw(st.integers(1, 4))), "sources": sources}
    if draw(st.booleans()):
        problem["id"] = draw(st.one_of(st.none(), st.integers(), st.text(max_size=5)))
    return problem


@settings(max_examples=400, **COMMON)
@given(small_problems())
def test_the_lane_answers_as_the_usual_path_and_the_reference(problem):
    got = check_in_class(problem)
    expected = brute_pay(copy.deepcopy(problem))
    assert got["status"] == expected["status"], json.dumps(problem)
    if got["status"] == "paid":
        assert got["objective"] == expected["objective"], json.dumps(problem)


@settings(max_examples=1500, **COMMON)
@given(st.integers(0, 2**32 - 1), st.integers(1, 12), st.integers(1, 10))
def test_the_lane_answers_as_the_usual_path_on_engine_boards(seed, n, symbols):
    rng = random.Random(seed)
    check_in_class({"cost": _cost(rng, symbols), "sources": _board(rng, n, 6)})


# ---- a seeded generator: the class and just outside it --------------------------------------

def _outside(rng: random.Random, p: dict[str, Any]) -> dict[str, Any]:
    """``p`` changed by one thing the plain class leaves to the usual path."""
    s = p["sources"]
    change = rng.randrange(16)
    if change == 0:
        p["objective"] = rng.choice([[], ["min_waste"], ["min_sources", "min_life"]])
    elif change == 1:
        s[0]["tapped"] = 1
    elif change == 2:
        s.append(dict(s[0], id=s[0]["id"] + "!"))  # entries alike: merged
    elif change == 3:
        s[0]["count"] = 0
    elif change == 4:
        p["cost"] += rng.choice(["{X}", "{S}", "{2/W}", "{0}"])
    elif change == 5:
        p["pool"] = ["{W}"]
    elif change == 6:
        p["player"] = {"life": 3}
    elif change == 7:
        s[0]["abilities"][0]["life"] = 1
    elif change == 8:
        s[0]["abilities"].append({"add": "{G}"})
    elif change == 9:
        del s[0]["id"]
    elif change == 10:
        s[0]["name"] = "Forest"
    elif change == 11:
        s[0]["count"] = "2"  # bad input: the usual path names the field
    elif change == 12:
        s[0]["abilities"][0]["add"] = "{W}{U/B}"  # a flexible unit in a multiset
    elif change == 13:
        s.append({"id": s[0]["id"], "abilities": [{"add": "{C}{C}{C}"}]})  # an id twice: error
    elif change == 14:
        p["x"] = 2
    else:
        p["cost"] = 7
    return p


def test_seeded_problems_in_and_just_outside_the_class():
    rng = random.Random(43)
    inside = outside = declined = 0
    for _ in range(1500):
        p = {"cost": _cost(rng, rng.randint(1, 12)),
             "sources": _board(rng, rng.randint(1, 14), rng.choice([1, 3, 8, 40]))}
        if rng.random() < 0.5:
            p["id"] = rng.randrange(1000)
        if rng.random() < 0.1:
            p["time_limit"] = rng.choice([0.5, 2, 10])
        if rng.random() < 0.25:
            p = _outside(rng, p)
            assert plain_lane.answer(copy.deepcopy(p)) is None, json.dumps(p)
            assert dumped(pay(copy.deepcopy(p))) == dumped(full(p)), json.dumps(p)
            outside += 1
        else:
            declined += check_in_class(p, must=False) is None
            inside += 1
    assert inside > 1000 and outside > 300 and declined < inside // 50


class _Watched:
    """A stand-in for the deadline's context variable (models/clock.py) that counts its reads and
    settings, and otherwise behaves as the real one outside any request."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.at: float | None = None

    def get(self) -> float | None:
        self.calls.append("get")
        return self.at

    def set(self, at: float) -> float | None:
        self.calls.append("set")
        old, self.at = self.at, at
        return old

    def reset(self, token: float | None) -> None:
        self.calls.append("reset")
        self.at = token


def test_the_lane_reads_no_deadline_and_the_usual_path_enters_one(monkeypatch):
    """``pay()`` runs the lane before it makes the request's deadline current (issue 43: entering
    and leaving one was 4% of a lane's call), which is sound only while the lane reads none: its
    work is bounded without one. A lane that came to read the deadline (or to reach CP-SAT's
    explanation, which does) would fail here; a problem the lane declines still gets its deadline,
    entered once and left."""
    import tapwise.models.clock as clock
    import tapwise.solver.deadline as deadlines

    watched = _Watched()
    monkeypatch.setattr(deadlines, "_CURRENT", watched)
    monkeypatch.setattr(clock, "CURRENT", watched)
    rng = random.Random(4343)
    statuses = set()
    for _ in range(300):
        p = {"cost": _cost(rng, rng.randint(1, 10)), "sources": _board(rng, rng.randint(1, 8), 3)}
        if rng.random() < 0.3:
            p["time_limit"] = rng.choice([0.5, 2])
        expected = full(p)  # (the usual path, which enters the deadline)
        assert watched.calls[:2] == ["get", "set"] and watched.calls[-1] == "reset", watched.calls
        watched.calls.clear()
        got = pay(copy.deepcopy(p))
        if plain_lane.answer(copy.deepcopy(p)) is None:  # declined: the usual path, its deadline
            assert watched.calls[:2] == ["get", "set"] and watched.calls[-1] == "reset"
        else:
            assert watched.calls == [], (watched.calls, json.dumps(p))
            statuses.add(got["status"])
        watched.calls.clear()
        assert dumped(got) == dumped(expected), json.dumps(p)
    assert statuses == {"paid", "infeasible"}
    assert watched.at is None


def test_long_costs_on_large_boards():
    """Costs of 40-120 symbols of a few kinds on boards of up to 10^5 copies: payments past
    answer_size's LIST_MAX grouped, and infeasible ones that no count explains (the usual path
    asks CP-SAT for the conflict; the lane gives way to it)."""
    rng = random.Random(3)
    answered = 0
    for _ in range(40):
        symbols = rng.sample(SYMBOLS, 6)
        p = {"cost": "".join(rng.choice(symbols) for _ in range(rng.randint(40, 120))),
             "sources": _board(rng, rng.randint(3, 14), rng.choice([50, 1000, 100000]))}
        answered += check_in_class(p, must=False) is not None
    assert answered >= 30


def test_the_search_loop_engine_boards():
    from tapwise.benchmarks.search_loop import engine_board_and_cost
    for i in range(300):
        board, cost = engine_board_and_cost(7, i)
        check_in_class({**board, **cost})


# adds whose answers take the lane's other roads: a flexible unit (build's replay splits it), a
# choice of a multiset or one mana, two choices making the same multiset
MORE_ADDS = ["{W/U}", "{G/W}", ["{W}{U}", "{G}"], ["{W}{U}", "{U}{W}"], ["{C}{C}", "{R}"],
             ["{B}", "{B}{B}"], ["{R}{G}", "{G}{R}", "{W}"]]
# symbols as other texts spell them (lower case, hybrid halves in either order, two-digit generic)
SPELLED = ["{w}", "{u/g}", "{G/W}", "{g/w/p}", "{r/p}", "{c/r}", "{10}", "{1}", "{2}", "{C}"]


def test_flexible_units_merged_choices_and_other_spellings():
    """Never-met texts of every symbol kind, spelled as the parser accepts them (lower case,
    spaces between symbols, the short form ``2WU``), on boards with flexible units and choices
    making the same: the lane's cost reader and answer writer against the usual path."""
    rng = random.Random(4343)
    answered = 0
    for i in range(400):
        adds = rng.sample(ADDS + MORE_ADDS, rng.randint(1, 8))
        sources = [{"id": f"s{j}", "count": rng.randint(1, 5), "abilities": [{"add": add}]}
                   for j, add in enumerate(adds)]
        symbols = [rng.choice(SPELLED + SYMBOLS) for _ in range(rng.randint(1, 9))]
        cost = rng.choice(["", " "]).join(symbols)
        if i % 10 == 0:
            cost = "".join(rng.choice(["2", "W", "U", "G", "C"]) for _ in range(rng.randint(1, 5)))
        answered += check_in_class({"cost": cost, "sources": sources}, must=False) is not None
    assert answered > 300


def test_the_cost_reader_reads_a_text_as_the_loader_and_compiler_do():
    """lane_cost's total cost and variant against the usual path's (load_problem, total_costs,
    compile_problem) for texts of every symbol kind and spelling: the same terms, generic and
    counts, the same printed total, the same demands in the same order."""
    from tapwise.models.loader import load_problem
    from tapwise.models.total_cost import total_costs
    from tapwise.solver.fast import core
    from tapwise.solver.front.compile import compile_problem
    from tapwise.solver.queries import lane_cost

    rng = random.Random(7)
    board = [{"id": "a", "count": 3, "abilities": [{"add": ["{W}", "{U}", "{C}"]}]},
             {"id": "b", "abilities": [{"add": "{G}{B}"}]}]
    for _ in range(300):
        symbols = [rng.choice(SPELLED + SYMBOLS) for _ in range(rng.randint(1, 9))]
        text = rng.choice(["", " "]).join(symbols)
        got = lane_cost.read(text)
        problem = load_problem({"cost": text, "sources": board})
        (total,) = total_costs(problem)
        assert got.total == total and got.total.printed(0) == total.printed(0), text
        assert got.total.generic == total.generic, text
        assert got.total.symbol_counts == total.symbol_counts, text
        compiled = compile_problem(problem)
        plain = plain_lane._read({"cost": text, "sources": board})
        assert plain is not None, text
        _, order, _, _ = plain
        kinds, accept, _, kind_bit, _ = plain_lane._kinds(order)
        assert list(kinds) == list(compiled.kinds), text
        rows = lane_cost.read_on(got, accept, kind_bit)
        demands = lane_cost.demands_on(got, accept)
        assert demands == compiled.variants[0].demands, text
        assert lane_cost.variant(got, accept, demands) == compiled.variants[0], text
        # the core's rows of the demands alone, as it reads the compiled variant
        expected = core._read_cost(compiled.variants[0], core._read_board(compiled))
        for field in ("n_rows", "x_row", "free", "x_symbols", "phyrexian"):
            assert getattr(rows, field) == getattr(expected, field), (field, text)
        # the rows the answer reads: all but a row's mask (a generic row keeps its mask on
        # every type; the arrays hold it masked by the types made)
        assert [r[1:] for r in rows.rows] == [r[1:] for r in expected.rows], text
    assert lane_cost.read("{X}{W}") is None and lane_cost.read("{0}") is None
    assert lane_cost.read("{2/W}") is None and lane_cost.read("{W}{") is None


# every symbol body of the class (106.1, 107.4): colored, {C}, generic, hybrid in both orders,
# colorless hybrid, Phyrexian, hybrid Phyrexian, lower case
EVERY_BODY = (list(COLORS) + ["C", "1", "2", "7", "10", "16"]
              + [f"{a}/{b}" for a in COLORS for b in COLORS if a != b]
              + [f"C/{a}" for a in COLORS] + [f"{a}/P" for a in COLORS]
              + [f"{a}/{b}/P" for a in COLORS for b in COLORS if a != b]
              + ["w", "u/g", "g/w/p", "c/r", "r/p"])


def test_the_cost_reader_on_never_met_texts_of_every_symbol():
    """Never-met texts of every body of the class, symbols repeated and interleaved (the
    reader groups them and prints the total from the groups): the total cost, its printed text
    (601.2f: the canonical order), its counts and the count's reading against the loader's
    (load_problem, total_costs) and the symbols' own facts; and the lane's answers against
    the usual path on a board making every type."""
    from tapwise.models.loader import load_problem
    from tapwise.models.total_cost import total_costs
    from tapwise.solver.queries import lane_cost

    rng = random.Random(4343)
    board = [{"id": "all", "count": 4, "abilities": [{"add": [f"{{{t}}}" for t in COLORS + "C"]}]},
             {"id": "two", "count": 2, "abilities": [{"add": "{W}{G}"}]}]
    for i in range(400):
        picked = rng.sample(EVERY_BODY, rng.randint(1, 4))
        text = "".join("{%s}" % rng.choice(picked) for _ in range(rng.randint(1, 12)))
        lane_cost._READ.pop(text, None)  # (never met: read afresh)
        got = lane_cost.read(text)
        (total,) = total_costs(load_problem({"cost": text, "sources": board}))
        assert got.total == total and got.total.printed(0) == total.printed(0), text
        assert got.total.symbol_counts == total.symbol_counts, text
        assert got.generic == total.generic, text
        # the count's reading, worked from the symbols' texts: per non-generic symbol how many,
        # the types that may pay it (a hybrid half each, {C} for {C/x}), 2 life for /P ones
        expected: dict[str, list[Any]] = {}
        for body in text[1:-1].split("}{"):
            if body.isdigit():
                continue
            parts = sorted(body.upper().split("/"), key="WUBRGCP".index)
            key = "/".join(parts)
            n = expected.get(key, [0])[0]
            expected[key] = [n + 1, {p for p in parts if p != "P"}, parts[-1] == "P"]
        reading = {"/".join(sorted(k.strip("{}").split("/"), key="WUBRGCP".index)):
                   [n, set(types), life] for k, (n, types, life) in got.symbols.items()}
        assert reading == expected, text
        if i % 8 == 0:
            check_in_class({"cost": text, "sources": board}, must=False)


def test_the_core_reads_the_entries_as_it_reads_the_compiled_problem():
    """core.read_plain (the lane's entries straight into the core's arrays) against its reading
    of the usual path's compiled problem (core._read_board of compile_problem): the same
    classes, members, picks, kinds and multisets, on random boards of the class; and the
    lane's kinds and per-type kinds are compile's."""
    from tapwise.models.loader import load_problem
    from tapwise.solver.fast import core
    from tapwise.solver.front.compile import compile_problem

    rng = random.Random(4301)
    for _ in range(200):
        p = {"cost": _cost(rng, 3), "sources": _board(rng, rng.randint(1, 14), 9)}
        read = plain_lane._read(copy.deepcopy(p))
        assert read is not None, json.dumps(p)
        taps, order, _, _ = read
        _, _, _, kind_bit, kind_of_type = plain_lane._kinds(order)
        for tap in taps:
            tap.kind_of_type = kind_of_type
        compiled = compile_problem(load_problem(copy.deepcopy(p)))
        for producer in compiled.producers:
            assert {t: kind_of_type[t] for t in producer.kind_of_type} == producer.kind_of_type
        got, expected = core.read_plain(taps, kind_bit), core._read_board(compiled)
        if expected is None:  # past the arrays' sizes
            assert got is None, json.dumps(p)
            continue
        for field in ("n_single", "n_multi", "singles", "multis", "pool_kinds", "kind_bit"):
            assert getattr(got, field) == getattr(expected, field), (field, json.dumps(p))


def test_the_entries_producers_and_compiled_problem_are_compiles():
    """The lane's producers (``_Tap``) have every field of ``Producer``, each as the usual path
    compiles the entry (compile_problem: one producer per entry, in order; the kind of each type
    it makes as the board's), and the object the
    writer reads for ``Compiled`` every field of it, each as compile's (but ``_index``,
    ``shared`` and ``x_upper``, X's bound, which nothing on the lane reads: no X in its class;
    and the variants, read only to explain)."""
    import dataclasses

    from tapwise.models.loader import load_problem
    from tapwise.solver.contract import Compiled, Producer
    from tapwise.solver.front.compile import compile_problem
    from tapwise.solver.queries import lane_answer

    seen: list[Any] = []
    write = lane_answer.write

    def kept(c: Any, *args: Any) -> dict[str, Any]:
        seen.append(c)
        return write(c, *args)

    rng = random.Random(4302)
    lane_answer.write = kept
    try:
        for _ in range(60):
            p = {"cost": "{1}", "sources": _board(rng, rng.randint(1, 14), 9)}
            assert plain_lane.answer(copy.deepcopy(p)) is not None
            c = seen.pop()
            compiled = compile_problem(load_problem(copy.deepcopy(p)))
            assert len(c.producers) == len(compiled.producers) == len(p["sources"])
            for tap, producer in zip(c.producers, compiled.producers):
                for f in dataclasses.fields(Producer):
                    got, expected = getattr(tap, f.name), getattr(producer, f.name)
                    if f.name == "kind_of_type":  # (the board's: the types it makes among them)
                        got = {t: got[t] for t in expected}
                    assert got == expected, f.name
                assert tap.is_converter == producer.is_converter
            for f in dataclasses.fields(Compiled):
                got, expected = getattr(c, f.name), getattr(compiled, f.name)
                if f.name == "kinds":
                    assert list(got) == expected
                elif f.name == "pool_units":
                    assert dict(got) == expected == {}
                elif f.name not in ("_index", "shared", "variants", "problem", "producers",
                                    "x_upper"):
                    assert got == expected, f.name
            assert c.variants == () and c.shared is None
            assert c.problem.sources is c.producers and c.problem.cost == compiled.problem.cost
    finally:
        lane_answer.write = write


# ---- the count is an independent check, and a failed one falls back -----------------------

BOARD = [{"id": "W|U", "count": 2, "abilities": [{"add": ["{W}", "{U}"]}]},
         {"id": "G", "count": 2, "abilities": [{"add": "{G}"}]},
         {"id": "CC", "count": 1, "abilities": [{"add": "{C}{C}"}]}]
PROBLEM = {"cost": "{2}{W}{G/P}{U/G}", "sources": BOARD}


def test_a_worked_answer():
    """{2}{W}{G/P}{U/G} on W|U x2, G x2, Sol Ring: the default objectives (min_life first,
    then min_sources) pay every symbol with mana, Sol Ring's {C}{C} the {2}: 4 sources, no
    life, nothing left (the rules: 107.4e hybrid, 107.4f Phyrexian, 106.4 the pool)."""
    got = check_in_class(PROBLEM)
    assert got["status"] == "paid"
    assert got["objective"] == {"min_life": 0, "min_sacrifices": 0, "min_sources": 4,
                                "min_waste": 0}
    assert got["life_paid"] == 0 and got["left_over"] == []
    assert got["payments"][0] == {"symbol": "{2}", "mana": [{"type": "C", "source": "CC",
                                                              "count": 2}]}


def _tampered(change) -> bool:
    answer = copy.deepcopy(plain_lane.answer(copy.deepcopy(PROBLEM)))
    change(answer)
    read = plain_lane._read(copy.deepcopy(PROBLEM))
    _, _, cost, by_id = read
    return plain_lane._counted(answer, by_id, cost.symbols, cost.generic)


def _pay_of(answer: dict[str, Any], symbol: str) -> dict[str, Any]:
    return next(p for p in answer["payments"] if p["symbol"] == symbol)


def test_the_count_accepts_the_answer_and_rejects_tampered_ones():
    assert _tampered(lambda a: None)
    assert not _tampered(lambda a: _pay_of(a, "{W}")["mana"][0].update(type="U"))
    assert not _tampered(lambda a: _pay_of(a, "{W}")["mana"][0].update(source="G"))
    assert not _tampered(lambda a: a["activations"][0].update(times=3))  # W|U has 2 copies
    assert not _tampered(lambda a: a["payments"].pop())
    assert not _tampered(lambda a: a["payments"].append(dict(a["payments"][-1])))
    assert not _tampered(lambda a: _pay_of(a, "{G/P}").update(life=2))
    assert not _tampered(lambda a: a.update(sources_used=3))
    assert not _tampered(lambda a: a.update(left_over_counts={"G": 1}))
    assert not _tampered(lambda a: a["activations"][0].update(adds="{B}"))


def _acts(*made: tuple[str, str, int]) -> list[dict[str, Any]]:
    return [{"source": sid, "ability": 0, "adds": adds, "times": n} for sid, adds, n in made]


def _w_twice(a: dict[str, Any]) -> None:
    """W|U makes {W} twice (one copy more than its 2), the extra {W} left over."""
    a["activations"] = _acts(("W|U", "{W}", 2), ("W|U", "{U}", 1), ("G", "{G}", 1),
                             ("CC", "{C}{C}", 1))
    a.update(sources_used=5, left_over_counts={"W": 1})


def _life_for(a: dict[str, Any], symbol: str, life: int, left: str, keep_mana: bool) -> None:
    """``symbol`` paid with ``life`` life (beside its mana if ``keep_mana``): the mana it took
    from ``left`` left over, and 2 life paid (the count reads a life payment as 2 life)."""
    pay = _pay_of(a, symbol)
    pay.pop("half")
    if not keep_mana:
        pay.pop("mana")
    pay["life"] = life
    a.update(life_paid=2, left_over_counts={left: 1})
    a["announce"]["phyrexian_life"] = 1


def _uu_for_w(a: dict[str, Any]) -> None:
    """W|U makes {U} twice, and {W} is paid with a {U}."""
    a["activations"] = _acts(("W|U", "{U}", 2), ("G", "{G}", 1), ("CC", "{C}{C}", 1))
    _pay_of(a, "{W}")["mana"][0]["type"] = "U"


def _w_for_hybrid(a: dict[str, Any]) -> None:
    """W|U makes {W} twice, and {G/U} is paid with a {W} announced as its half."""
    a["activations"] = _acts(("W|U", "{W}", 2), ("G", "{G}", 1), ("CC", "{C}{C}", 1))
    _pay_of(a, "{G/U}").update(half="{W}", mana=[{"type": "W", "source": "W|U"}])


def _w_paid_twice(a: dict[str, Any]) -> None:
    """{W} paid twice (count 2, two {W}), {G/U} with the second {G}: every mana spent."""
    a["activations"] = _acts(("W|U", "{W}", 2), ("G", "{G}", 2), ("CC", "{C}{C}", 1))
    _pay_of(a, "{W}").update(count=2, mana=[{"type": "W", "source": "W|U", "count": 2}])
    _pay_of(a, "{G/U}").update(half="{G}", mana=[{"type": "G", "source": "G"}])
    a.update(sources_used=5)


def _g_spent_twice(a: dict[str, Any]) -> None:
    """G's one {G} spent on {G/P} and on {G/U}, W|U's {U} left: G's count goes below 0 (the
    left-over counts are forged to what the sum over sources would then say)."""
    _pay_of(a, "{G/U}").update(half="{G}", mana=[{"type": "G", "source": "G"}])
    a.update(left_over_counts={"G": -1, "U": 1})


# One forged answer per rule the count checks (the worked answer above, changed so that every
# other rule still holds, unless the forgery can't be read without the rule: then reading it
# fails): each is refused, and each would be accepted (or fail) if its rule's check were gone.
FORGED = {
    "not paid": lambda a: a.update(status="infeasible"),
    "an activation not an object": lambda a: a["activations"].append(["G", 0, "{G}", 1]),
    "an activation of an unknown source": lambda a: a["activations"].append(
        {"source": "B", "ability": 0, "adds": "{G}", "times": 1}),
    "an ability other than the entry's one": lambda a: a["activations"][2].update(ability=1),
    "activations not counted in whole numbers": lambda a: a["activations"][2].update(times=1.0),
    "no activation": lambda a: a["activations"].append(
        {"source": "G", "ability": 0, "adds": "{G}", "times": 0}),
    "what the ability doesn't add": lambda a: a["activations"][2].update(adds="{B}"),
    "more activations than copies (the tap, 107.5)": _w_twice,
    "a payment not an object": lambda a: a["payments"].append(["{W}", "W|U"]),
    "a symbol not of the cost": lambda a: a["payments"].append({"symbol": "{B}", "mana": []}),
    "a numbered generic symbol paid in parts": lambda a: a["payments"][0].update(count=2),
    "life for a symbol that isn't Phyrexian (107.4f)":
        lambda a: _life_for(a, "{G/U}", 2, "U", False),
    "a Phyrexian symbol for other than 2 life (107.4f)":
        lambda a: _life_for(a, "{G/P}", 3, "G", False),
    "a Phyrexian symbol for life and mana": lambda a: _life_for(a, "{G/P}", 2, "G", True),
    "a hybrid symbol for another color (107.4e)": _w_for_hybrid,
    "a hybrid symbol for both its halves (107.4e)": lambda a: _pay_of(a, "{G/U}").update(
        half="{GU}"),
    "mana not an object": lambda a: _pay_of(a, "{2}")["mana"].append(["C", "CC"]),
    "mana of a type the symbol doesn't take": _uu_for_w,
    "mana from the pool (there is none)": lambda a: _pay_of(a, "{W}")["mana"][0].update(
        pool=0),
    "mana counted in other than whole numbers": lambda a: _pay_of(a, "{2}")["mana"][0].update(
        count=2.0),
    "no mana": lambda a: _pay_of(a, "{2}")["mana"].append(
        {"type": "W", "source": "W|U", "count": 0}),
    "mana from no source of the board": lambda a: _pay_of(a, "{2}")["mana"][0].update(
        source="nowhere"),
    "mana from a source not activated": lambda a: (a["activations"].pop(2),
                                                   a.update(sources_used=3)),
    "mana of a type its source didn't make": lambda a: _pay_of(a, "{2}")["mana"][0].update(
        source="W|U"),
    "a symbol paid with less mana than it needs": lambda a: (
        _pay_of(a, "{G/P}").update(mana=[]), a.update(left_over_counts={"G": 1})),
    "generic mana paid short": lambda a: (
        _pay_of(a, "{2}")["mana"][0].update(count=1), a.update(left_over_counts={"C": 1})),
    "a symbol paid too many times": _w_paid_twice,
    "a symbol not paid (with the symbols' count: both refuse it)": lambda a: (
        a["payments"].remove(_pay_of(a, "{W}")), a.update(left_over_counts={"W": 1})),
    "life paid other than counted": lambda a: a.update(life_paid=2),
    "more mana spent than made": _g_spent_twice,
    "left over other than counted (106.4)": lambda a: a.update(left_over_counts={"G": 1}),
    "Phyrexian life announced other than counted": lambda a: a["announce"].update(
        phyrexian_life=1),
    "sources used other than counted": lambda a: a.update(sources_used=3),
}


@pytest.mark.parametrize("rule", list(FORGED))
def test_the_count_refuses_a_forged_answer(rule):
    assert _tampered(lambda a: None)
    assert not _tampered(FORGED[rule]), rule


# Forged answers the count refuses since it reads the answer's fields by their exact shapes
# (count43f; before, each was accepted): a half is one braced type, a payment holds its symbol,
# mana, count and half only, a mana entry its type, source and count only, a count is an int
# (not a bool), a generic symbol's digits ASCII.
STRICT = {
    "a half not braced": lambda a: _pay_of(a, "{G/U}").update(half="U"),
    "a half braced twice": lambda a: _pay_of(a, "{G/U}").update(half="{{U}}"),
    "a payment with a key an answer doesn't have": lambda a: _pay_of(a, "{W}").update(note=1),
    "mana with a key an answer doesn't have": lambda a: _pay_of(a, "{W}")["mana"][0].update(
        note=1),
    "a payment counted by a bool": lambda a: _pay_of(a, "{W}").update(count=True),
    "a generic symbol of digits not ASCII": lambda a: a["payments"][0].update(
        symbol="{\u0662}"),  # (ARABIC-INDIC DIGIT TWO: str.isdigit() says True)
}


@pytest.mark.parametrize("rule", list(STRICT))
def test_the_count_refuses_an_answer_not_of_the_writers_shape(rule):
    assert _tampered(lambda a: None)
    assert not _tampered(STRICT[rule]), rule


LIFE_BOARD = {"cost": "{G/P}" * 11, "sources": [{"id": "G", "count": 2,
                                                 "abilities": [{"add": "{G}"}]}]}


def _all_life(answer: dict[str, Any], n: int) -> None:
    """``n`` of the 11 {G/P} paid with 2 life each, the rest with G's mana."""
    answer["activations"] = _acts(("G", "{G}", 11 - n)) if n < 11 else []
    answer["payments"] = [{"symbol": "{G/P}", "life": 2, "count": n}]
    if n < 11:
        answer["payments"].append({"symbol": "{G/P}", "half": "{G}", "count": 11 - n,
                                   "mana": [{"type": "G", "source": "G", "count": 11 - n}]})
    answer.update(life_paid=2 * n, sources_used=11 - n, left_over_counts={})
    answer["announce"]["phyrexian_life"] = n


@pytest.mark.parametrize("n, accepted", [(9, True), (10, False), (11, False)])
def test_the_count_refuses_more_life_than_the_player_has(n, accepted):
    """11 {G/P} on two Forests: 9 life payments (18 life) is the answer, and the most the
    default player may pay (20 life, keep_life 1: problem.md section 5); 10 (20 life) would
    leave 0, 11 (22) more than the player has (119.4)."""
    got = plain_lane.answer(copy.deepcopy(LIFE_BOARD))
    assert got["life_paid"] == 18 and got["announce"]["phyrexian_life"] == 9
    forged = copy.deepcopy(got)
    _all_life(forged, n)
    _, _, cost, by_id = plain_lane._read(copy.deepcopy(LIFE_BOARD))
    assert plain_lane._counted(forged, by_id, cost.symbols, cost.generic) is accepted


def test_a_payment_the_count_rejects_is_never_returned(monkeypatch):
    """The lane gives way when its count disagrees (here with a writer that miscounts the
    sources used): the usual path answers (and verifies). (The count itself is called from C
    in the compiled lane, so the writer is what is replaced.)"""
    from tapwise.solver.queries import lane_answer

    write = lane_answer.write

    def miscounted(*args: Any) -> dict[str, Any]:
        answer = write(*args)
        answer["sources_used"] += 1
        return answer

    monkeypatch.setattr(lane_answer, "write", miscounted)
    assert plain_lane.answer(copy.deepcopy(PROBLEM)) is None
    assert dumped(pay(copy.deepcopy(PROBLEM))) == dumped(full(PROBLEM))


@pytest.mark.parametrize("field, entry", [
    ("sources[0].count", {"id": "W", "count": -1, "abilities": [{"add": "{W}"}]}),
    ("sources[0].abilities[0].add", {"id": "W", "abilities": [{"add": [{"W": 1}]}]}),
    ("sources[0].abilities[0].add", {"id": "W", "abilities": [{"add": []}]}),
    ("sources[0].abilities[0].add", {"id": "W", "abilities": [{"add": "{Q}"}]}),
])
def test_bad_input_is_named_by_the_usual_path(field, entry):
    bad = {"cost": "{W}", "sources": [entry]}
    assert plain_lane.answer(copy.deepcopy(bad)) is None
    got = pay(bad)
    assert got["status"] == "error" and field in got["error"], got
    assert dumped(got) == dumped(full(bad))


# ---- the compiled build ---------------------------------------------------------------------

LANE_ALL = """
import json, random
from tapwise.solver.queries.pay import pay
from tapwise.solver.build import compiled_modules
from test_plain_lane import _board, _cost
print(json.dumps(compiled_modules()))
rng = random.Random(5)
for _ in range(400):
    print(json.dumps(pay({"cost": _cost(rng, rng.randint(1, 10)),
                          "sources": _board(rng, rng.randint(1, 12), 6)}), sort_keys=True))
"""


@pytest.mark.skipif(Path(plain_lane.__file__).suffix == ".py",
                    reason="the lane runs from its sources: no compiled build to compare")
def test_compiled_lane_answers_as_the_pure_sources(tmp_path):
    here = Path(__file__).resolve().parent
    pure = source_tree(tmp_path)

    def run(path: str) -> list[str]:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (path, str(here)) if p)}
        return subprocess.run([sys.executable, "-P", "-c", LANE_ALL], cwd=here.parent.parent,
                              env=env, capture_output=True, text=True, check=True).stdout.splitlines()

    compiled, checkout = run(""), run(str(pure))
    assert "tapwise.solver.queries.plain_lane" in json.loads(compiled[0])
    assert json.loads(checkout[0]) == []
    assert len(compiled) == len(checkout) == 401
    for line, (a, b) in enumerate(zip(compiled[1:], checkout[1:])):
        assert a == b, f"problem {line}: the compiled lane and the sources disagree"
