"""``pay``: one problem in, one verified answer out (DESIGN principles 1, 4, 5)."""

from __future__ import annotations

from typing import Any

from tapwise.models.problem import Problem, ProblemError, load_problem
from tapwise.models.total_cost import CostError
from tapwise.solver.answer import build_answer
from tapwise.solver.compile import Compiled, compile_problem
from tapwise.solver.cpsat import solve
from tapwise.solver import fast
from tapwise.solver.explain import explain
from tapwise.solver.merge import Merge
from tapwise.solver.verify import verify


def _error(message: str, pid: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"status": "error", "error": message}
    if pid is not None:
        out["id"] = pid
    return out


def pay(problem: dict[str, Any] | Problem) -> dict[str, Any]:
    """Pay ``problem`` (a spec dict or a loaded :class:`Problem`) and return the spec answer.

    Bad input gives ``status: error`` with a message naming the field. Every payment is replayed
    by the independent verifier first; one it rejects would be a bug, and is never returned:
    the answer is then ``status: error`` saying so.
    """
    pid = problem.get("id") if isinstance(problem, dict) else getattr(problem, "id", None)
    try:
        prob = problem if isinstance(problem, Problem) else load_problem(problem)
        merge = Merge(prob)
        compiled = compile_problem(merge.problem)
    except (ProblemError, CostError) as e:
        return _error(str(e), pid)
    answer = merge.split(solve_compiled(compiled))
    if answer["status"] == "paid":
        errors = verify(prob, answer)
        if errors:
            answer = _error("internal error: the payment found breaks the rules, so it is withheld: "
                            + "; ".join(errors), None)
    if prob.id is not None:
        answer["id"] = prob.id
    return answer


def solve_compiled(compiled: Compiled) -> dict[str, Any]:
    """The answer for a compiled problem, before verification."""
    prob = compiled.problem
    if compiled.unpayable:
        return {"status": "unpayable", "optimal": True,
                "why": "it has no mana cost and no alternative cost, so it can't be paid (118.6)"}
    # The fast path knows version 1 only: a problem using section 9's keys goes to CP-SAT.
    sol = fast.solve_fast(compiled, prob.objective) if fast.ENABLED and not compiled.v2 else None
    if sol is None:
        sol = solve(compiled, prob.objective, prob.time_limit)
    if sol.status == "infeasible":
        return {"status": "infeasible", "optimal": True, **explain(compiled)}
    if sol.status == "unknown":
        return {"status": "unknown", "optimal": False,
                "why": f"no payment found within the time limit of {prob.time_limit:g} s"}
    return build_answer(compiled, sol)
