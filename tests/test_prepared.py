"""The prepared board (``tapwise.prepare``, ``solver/queries/prepared.py``) answers as ``pay()`` does.

Contract: for a valid board, ``prepare(board).pay(cost)`` is byte for byte the JSON of
``pay({**cost, **board})``, however many costs the board was asked before; ``castable`` (the
function and the JSON-lines query) answers from a prepared board and gives the same answers as
``pay`` per cost; a bad board fails where it is prepared, naming the field.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings

import tapwise
from tapwise.benchmarks.generators import generate
from tapwise.benchmarks.search_loop import board_and_cost
from tapwise.solver.queries.request import answer_request
from tapwise.models.problem import BOARD_KEYS, ProblemError

try:
    from strategies import mixed_problems
except ImportError:  # tests/ imported as a package
    from tests.strategies import mixed_problems

COMMON = dict(derandomize=True, deadline=None, database=None, print_blob=False,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                     HealthCheck.data_too_large])


def _split(problem: dict) -> tuple[dict, dict]:
    board = {k: v for k, v in problem.items() if k in BOARD_KEYS}
    cost = {k: v for k, v in problem.items() if k not in BOARD_KEYS and k != "query"}
    return board, cost


def _same(problem: dict, board: tapwise.Board | None = None) -> None:
    board_part, cost = _split(problem)
    want = json.dumps(tapwise.pay(copy.deepcopy(problem)))
    prepared = board or tapwise.prepare(copy.deepcopy(board_part))
    assert json.dumps(prepared.pay(copy.deepcopy(cost))) == want, json.dumps(problem)


@settings(max_examples=300, **COMMON)
@given(mixed_problems())
def test_prepared_board_answers_as_pay_on_random_problems(problem):
    _same(problem)


@pytest.mark.parametrize("scenario,n", [("typical", 150), ("rich", 100)])
def test_prepared_board_answers_as_pay_on_the_benchmark_scenarios(scenario, n):
    for problem in generate(scenario, 5, n):
        _same(problem)


def test_one_board_asked_many_costs_answers_each_as_pay():
    """Asking a board changes nothing in it: every cost of the search-loop boards and of the
    typical scenario, asked of one board in turn (twice), answers as pay() on its own."""
    board, _ = board_and_cost(0, 3)
    prepared = tapwise.prepare(board)
    costs = [board_and_cost(0, i)[1] for i in range(40)]
    costs += [{"cost": p["cost"]} for p in generate("typical", 2, 40)]
    costs += [{**c, "objective": []} for c in costs[:10]]
    for cost in costs + costs:
        _same({**cost, **board}, prepared)


def test_castable_and_the_server_answer_from_a_prepared_board():
    board, _ = board_and_cost(1, 7)
    costs = [board_and_cost(1, i)[1] for i in range(12)]
    want = [tapwise.pay({**c, **board}) for c in costs]
    assert tapwise.castable({**board, "costs": costs}) == {"status": "ok", "results": want}
    assert tapwise.prepare(board).castable(costs) == {"status": "ok", "results": want}
    assert answer_request({"query": "castable", "id": 3, **board, "costs": costs}) == {"status": "ok", "results": want, "id": 3}


def test_a_bad_board_fails_where_it_is_prepared_naming_the_field():
    with pytest.raises(ProblemError, match=r"sources\[0\]"):
        tapwise.prepare({"sources": [{"name": "Forest", "count": -1}]})
    with pytest.raises(ProblemError, match="cost"):
        tapwise.prepare({"cost": "{G}", "sources": []})  # a cost is asked, not prepared


def test_castable_on_a_bad_board_names_the_mistake_in_each_answer_as_pay_does():
    board = {"sources": [{"name": "Forest", "count": -1}]}
    costs = [{"cost": "{G}"}, {"cost": "{Q}"}]  # the second cost is bad too: it is named first
    got = tapwise.castable({**board, "costs": costs})["results"]
    for i, (answer, cost) in enumerate(zip(got, costs)):
        want = tapwise.pay({**cost, **board})
        assert answer == {**want, "error": f"costs[{i}]." + want["error"]}


def test_a_question_with_board_keys_or_bad_notation_is_an_error_answer():
    prepared = tapwise.prepare({"sources": [{"name": "Forest"}]})
    got = prepared.pay({"cost": "{G}", "pool": ["{G}"]})
    assert got["status"] == "error" and got["error"].startswith("pool")
    got = prepared.pay({"cost": "{Q}", "id": 9})
    assert got["status"] == "error" and "cost" in got["error"] and got["id"] == 9
    assert got == tapwise.pay({"cost": "{Q}", "id": 9, "sources": [{"name": "Forest"}]})


def test_a_question_may_keep_costs_castable():
    """Spec 9.5 on a prepared board: two Forests and two Swamps pay {1}{G} keeping {B}{B} open
    (both Forests pay), byte for byte as pay() answers it; the question was once refused as
    holding an unknown key."""
    problem = {"cost": "{1}{G}", "keep": [{"cost": "{B}{B}"}], "id": 4,
               "sources": [{"name": "Forest", "count": 2}, {"name": "Swamp", "count": 2}]}
    _same(problem)
    board, cost = _split(problem)
    answer = tapwise.prepare(board).pay(cost)
    assert answer["kept"] == [0]
    assert [a["source"] for a in answer["activations"]] == ["Forest"]


def test_repeated_asks_leave_nothing_for_the_collector():
    """Issue 22: allocate little on the hot path so collections stay rare. Once a board was asked
    a cost (its question, kept answer and memos filled), asking it again leaves no object the
    garbage collector tracks: every container a call makes is freed when its answer is."""
    import gc

    asked = [(tapwise.prepare(board), cost) for board, cost in (board_and_cost(4, i) for i in range(40))]
    for board, cost in asked * 2:
        board.pay(cost)
    gc.collect()
    before = len(gc.get_objects())
    for board, cost in asked * 3:
        assert board.pay(cost)["status"] in ("paid", "infeasible")
    gc.collect()
    assert len(gc.get_objects()) - before <= 0


def test_an_infeasible_answer_without_search_names_the_unread_abilities_as_pay_does():
    """A cost Hall's count shows unpayable is answered without the search; the answer still
    names the card's abilities the reader skipped (``unread``), as pay() does (it once didn't),
    and asked again (the explanation kept) it is the same, and a fresh object each time."""
    board = {"sources": [{"id": "odd", "oracle": "{T}: Add {G}.\n{2}, {Q}: Add one mana of any color."},
                         {"name": "Forest"}]}
    prepared = tapwise.prepare(board)
    for cost in ({"cost": "{U}"}, {"cost": "{G}{G}{G}"}, {"cost": "{U}", "id": 7}, {"cost": "{G}{G}{G}"}):
        want = tapwise.pay({**cost, **board})
        got = prepared.pay(cost)
        assert json.dumps(got) == json.dumps(want)
        assert got["status"] == "infeasible" and got["unread"][0]["source"] == "odd"
        got["conflict"].append("{X}")
        got["unread"][0]["source"] = "changed by the caller"


def test_kept_explanations_answer_as_pay_on_search_loop_boards():
    """Every search-loop board asked its own cost and three others (many unpayable there),
    each twice: the second answer of an unpayable one comes from the kept explanation."""
    cases = [board_and_cost(6, i) for i in range(120)]
    for i, (board, cost) in enumerate(cases):
        prepared = tapwise.prepare(board)
        for asked in [cost] + [cases[(i + k) % len(cases)][1] for k in (1, 2, 3)]:
            want = json.dumps(tapwise.pay({**asked, **board}))
            for _ in range(2):
                assert json.dumps(prepared.pay(dict(asked))) == want


def test_asking_a_board_leaves_its_compiled_part_unchanged():
    """Each question's compiled problem shares the board's kinds, their index, pool and
    producers (compile.CompiledBoard.with_cost): asking costs, paid, infeasible, with X and
    Phyrexian symbols, on boards with filters, restrictions and a pool, must write to none."""
    boards = [board_and_cost(0, 3)[0]] + [_split(p)[0] for p in generate("rich", 11, 30)]
    costs = [board_and_cost(0, i)[1] for i in range(20)]
    costs += [{"cost": p["cost"]} for p in generate("rich", 12, 20) if isinstance(p.get("cost"), str)]
    costs += [{"cost": "{X}{W/P}{2/U}", "x": "max"}, {"cost": "{X}{X}{R}", "x": 2}, {"cost": "{S}{C}"}]
    for board in boards:
        prepared = tapwise.prepare(board)
        b = prepared._compiled.compiled
        before = copy.deepcopy((b.kinds, b._index, b.pool_units, b.producers))
        for cost in costs:
            prepared.pay(cost)
        assert (b.kinds, b._index, b.pool_units, b.producers) == before
