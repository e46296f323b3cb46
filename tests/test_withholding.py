"""The promise to engines (DESIGN principle 4): a payment the verifier rejects is never handed
out. Here the back end is made to find an illegal payment (the solve step's Solution spoiled,
or the plan's answer spoiled before its check), and every way of asking (``pay``, a prepared
board's ``pay``, ``castable`` and ``plan``) must answer with an internal error instead."""

from __future__ import annotations

import dataclasses

import pytest

import tapwise
import importlib

pay_module = importlib.import_module(
    "tapwise.solver.queries.pay"
)  # (tapwise.solver.queries.pay is also the function)
plan_module = importlib.import_module("tapwise.solver.queries.plan")

BOARD = {
    "sources": [
        {"id": "forest", "abilities": [{"add": "{G}"}], "count": 2},
        {"id": "sol", "types": ["artifact"], "abilities": [{"add": "{C}{C}"}]},
    ]
}
COST = {"cost": "{1}{G}"}
WITHHELD = "internal error: the payment found breaks the rules, so it is withheld"


@pytest.fixture
def lying_solver(monkeypatch):
    """The solve step (CP-SAT or the fast path, behind ``solution_of``) returns its paid
    solution with every objective value off by one: the payment built from it misreports
    itself, which the verifier rejects (objective ... says ... but the payment gives ...)."""
    real = pay_module.solution_of

    def spoiled(compiled, deadline=None):
        got = real(compiled, deadline)
        if isinstance(got, dict) or got.status != "paid":
            return got
        return dataclasses.replace(got, objective={k: v + 1 for k, v in got.objective.items()})

    monkeypatch.setattr(pay_module, "solution_of", spoiled)


def test_the_honest_answer_is_paid():
    answer = tapwise.pay({**COST, **BOARD})
    assert answer["status"] == "paid"
    assert answer["objective"]["min_sources"] == 2


def _withheld(answer):
    assert answer["status"] == "error", answer
    assert answer["error"].startswith(WITHHELD), answer["error"]
    assert "objective" in answer["error"] and "but the payment gives" in answer["error"]
    assert set(answer) <= {"status", "error", "id"}  # nothing of the payment


def test_pay_withholds_an_illegal_payment(lying_solver):
    _withheld(tapwise.pay({**COST, **BOARD, "id": 7}))


def test_a_prepared_board_withholds_an_illegal_payment(lying_solver):
    board = tapwise.prepare(BOARD)
    for _ in range(3):  # the kept answer of a question asked again is verified too
        _withheld(board.pay(COST))


def test_castable_withholds_an_illegal_payment(lying_solver):
    got = tapwise.castable({**BOARD, "costs": [COST]})
    assert got["status"] == "ok"
    (answer,) = got["results"]
    assert answer["status"] == "error" and WITHHELD in answer["error"]
    board = tapwise.prepare(BOARD)
    (answer,) = board.castable([COST])["results"]
    assert answer["status"] == "error" and WITHHELD in answer["error"]


def test_plan_withholds_an_illegal_plan(monkeypatch):
    real = plan_module._Joint._answer

    def spoiled(self, *args, **kwargs):
        answer, after = real(self, *args, **kwargs)
        answer["colors_spent"] = ["W"]  # the payment spends {G}
        return answer, after

    monkeypatch.setattr(plan_module._Joint, "_answer", spoiled)
    for ask in (
        lambda: tapwise.plan({**BOARD, "costs": [COST, {"cost": "{G}"}]}),
        lambda: tapwise.prepare(BOARD).plan([COST, {"cost": "{G}"}]),
    ):
        got = ask()
        assert got["status"] == "error", got
        assert got["error"].startswith(
            "internal error: the plan found breaks the rules, so it is withheld"
        )
        assert "colors_spent says ['W']" in got["error"]
        assert "answers" not in got


def test_pay_with_keep_withholds_an_illegal_payment(monkeypatch):
    """The keep model's payment (solver/queries/keep.py, spec 9.5) is verified too: a {1} paid without
    stranding the kept {G}{G} needs the keep model (the plain payment taps a Forest, no waste),
    whose answer is spoiled here (min_sources off by one); pay() hands out an internal error."""
    keep_module = importlib.import_module("tapwise.solver.queries.keep")
    real = keep_module.build_answer

    def spoiled(*args, **kwargs):
        answer = real(*args, **kwargs)
        answer["objective"] = {k: v + 1 for k, v in answer["objective"].items()}
        return answer

    monkeypatch.setattr(keep_module, "build_answer", spoiled)
    lying = tapwise.pay({"cost": "{1}", "keep": [{"cost": "{G}{G}"}], **BOARD})
    monkeypatch.undo()
    honest = tapwise.pay({"cost": "{1}", "keep": [{"cost": "{G}{G}"}], **BOARD})
    assert honest["status"] == "paid" and honest["kept"] == [0], honest  # Sol pays, Forests stay
    assert lying["status"] == "error", lying
    assert lying["error"].startswith("internal error: the payment found is withheld: "), lying
    assert "but the payment gives" in lying["error"] and set(lying) <= {"status", "error", "id"}
