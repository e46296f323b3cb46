"""The answer's withholding path in detail (issue 44: the mutants of solver/queries/pay.py's
``_solve_and_verify`` and ``_keeping`` that lived): the withheld message lists every error the
verifier gave, in its order; the request's ``id`` comes back on every answer of that path; an
exception names the step it stopped (solving, verifying); a payment found without its objective
values (past the time limit) gets them from the verifier's replay.

Expected values are worked by hand: {1}{G} on two Forests and a Sol Ring is paid by both Forests
(two sources, no mana wasted; Sol Ring would waste one, 106.4), so its objective is min_life 0,
min_sacrifices 0, min_sources 2, min_waste 0 (section 5's default order)."""

from __future__ import annotations

import dataclasses
import importlib

import pytest

import tapwise

from test_withholding import BOARD, COST

pay_module = importlib.import_module("tapwise.solver.queries.pay")
HONEST = {"min_life": 0, "min_sacrifices": 0, "min_sources": 2, "min_waste": 0}
WITHHELD = (
    "internal error: the payment found breaks the rules, so it is withheld: "
    "objective min_life says 1 but the payment gives 0; "
    "objective min_sacrifices says 1 but the payment gives 0; "
    "objective min_sources says 3 but the payment gives 2; "
    "objective min_waste says 1 but the payment gives 0"
)


def _solution(change):
    real = pay_module.solution_of

    def spoiled(compiled, deadline=None):
        got = real(compiled, deadline)
        if isinstance(got, dict) or got.status != "paid":
            return got
        return change(got)

    return spoiled


@pytest.fixture
def off_by_one(monkeypatch):
    def plus_one(got):
        return dataclasses.replace(got, objective={k: v + 1 for k, v in got.objective.items()})

    monkeypatch.setattr(pay_module, "solution_of", _solution(plus_one))


def test_the_honest_objective():
    answer = tapwise.pay({**COST, **BOARD, "id": 7})
    assert (answer["status"], answer["objective"], answer["id"]) == ("paid", HONEST, 7)


def test_the_withheld_message_lists_every_error_and_echoes_the_id(off_by_one):
    assert tapwise.pay({**COST, **BOARD, "id": 7}) == {"status": "error", "error": WITHHELD,
                                                       "id": 7}
    assert tapwise.pay({**COST, **BOARD}) == {"status": "error", "error": WITHHELD}


def test_a_prepared_board_echoes_the_question_id(off_by_one):
    board = tapwise.prepare(BOARD)
    for n in (9, 10):  # the second time, the question's kept answer
        assert board.pay({**COST, "id": n}) == {"status": "error", "error": WITHHELD, "id": n}


def test_a_prepared_board_echoes_the_id_of_an_honest_answer():
    board = tapwise.prepare(BOARD)
    for n in (9, 10):
        answer = board.pay({**COST, "id": n})
        assert (answer["status"], answer["objective"], answer["id"]) == ("paid", HONEST, n)
    assert "id" not in board.pay(COST)


def test_a_payment_without_its_objective_gets_the_replayed_values(monkeypatch):
    """A payment found past the time limit comes without its objective values: they are the
    verifier's measure of the payment (the same as the honest answer's), never left empty."""
    monkeypatch.setattr(pay_module, "solution_of",
                        _solution(lambda got: dataclasses.replace(got, objective={})))
    answer = tapwise.pay({**COST, **BOARD})
    assert (answer["status"], answer["objective"]) == ("paid", HONEST)


def test_an_exception_names_the_step_it_stopped(monkeypatch):
    def boom(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(pay_module, "solution_of", boom)
    assert tapwise.pay({**COST, **BOARD, "id": 3}) == {
        "status": "error", "error": "internal error while solving: RuntimeError: boom", "id": 3}
    monkeypatch.undo()
    monkeypatch.setattr(pay_module, "verify", boom)
    assert tapwise.pay({**COST, **BOARD, "id": 3}) == {
        "status": "error",
        "error": "internal error while verifying the payment: RuntimeError: boom",
        "id": 3,
    }


KEEP = {"cost": "{1}", "keep": [{"cost": "{G}{G}"}], **BOARD}


def test_pay_with_keep_echoes_the_id():
    """Sol Ring pays {1} so both Forests stay for the kept {G}{G} (9.5)."""
    answer = tapwise.pay({**KEEP, "id": 5})
    assert (answer["status"], answer["kept"], answer["id"]) == ("paid", [0], 5)


def test_pay_with_keep_withheld_echoes_the_id(monkeypatch):
    keep_module = importlib.import_module("tapwise.solver.queries.keep")
    real = keep_module.build_answer

    def spoiled(*args, **kwargs):
        answer = real(*args, **kwargs)
        answer["objective"] = {k: v + 1 for k, v in answer["objective"].items()}
        return answer

    monkeypatch.setattr(keep_module, "build_answer", spoiled)
    answer = tapwise.pay({**KEEP, "id": 5})
    assert answer["status"] == "error" and answer["id"] == 5, answer
    assert answer["error"].startswith("internal error: the payment found is withheld: "), answer
