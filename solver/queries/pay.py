"""``pay``: one problem in, one verified answer out (DESIGN principles 1, 4, 5, 6).

``pay`` is total: whatever it is given, it returns an answer. Bad input is ``status: error``
naming the field; anything else that goes wrong (a bug, memory) is ``status: error`` saying it
is internal and what was being done, never an exception. ``time_limit`` bounds the whole call:
loading, the fast path, CP-SAT, the explanation and the verifier all share one deadline
(solver/deadline.py; inside a ``castable`` or ``plan``, the sooner of its own and theirs).
"""

from __future__ import annotations

import time
from typing import Any

from tapwise.models.problem import MAX_TIME_LIMIT, Problem, ProblemError
from tapwise.models.loader import load_problem, notes_json, unread_json
from tapwise.models.total_cost import CostError
from tapwise.solver.answer.reuse import Shape, copy_shaped, shape_of
from tapwise.solver.answer.build import build_answer
from tapwise.solver.answer.pool import group_answer
import tapwise.solver.deadline as deadlines
from tapwise.solver.front.boards import merged_and_compiled
from tapwise.solver.contract import Compiled
from tapwise.solver.contract import Solution
from tapwise.solver.cpsat.model import solve
from tapwise.solver.fast import solve as fast
from tapwise.solver.answer.explain import explain
from tapwise.solver.queries.keep import KeepError, pay_keeping
from tapwise.solver.queries.plain_lane import answer as plain_answer
from tapwise.solver.front.merge import Merge
from tapwise.solver.verify.replay import verify


def _error(message: str, problem: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"status": "error", "error": message}
    return _echo_id(out, problem)


def _echo_id(answer: dict[str, Any], problem: Any) -> dict[str, Any]:
    """The request's ``id`` back in the answer, whenever it was given (``null`` included)."""
    if isinstance(problem, dict):
        if "id" in problem:
            answer["id"] = problem["id"]
    elif isinstance(problem, Problem) and problem.id is not None:
        answer["id"] = problem.id
    return answer


class _Doing:
    """What ``pay`` is doing, for an internal error to say."""

    __slots__ = ("what",)

    def __init__(self) -> None:
        self.what = "loading the problem"


def pay(problem: dict[str, Any] | Problem) -> dict[str, Any]:
    """Pay ``problem`` (a spec dict or a loaded :class:`Problem`) and return the spec answer.

    Never raises. Bad input gives ``status: error`` with a message naming the field. Every
    payment is replayed by the independent verifier first; one it rejects would be a bug, and is
    never returned: the answer is then ``status: error`` saying so.
    """
    started = time.monotonic()
    doing = _Doing()
    try:
        return _pay(problem, started, doing)
    except Exception as e:  # a bug, or a limit of the interpreter: said plainly, never a traceback
        return _error(failure(e, doing.what), problem)


def failure(e: Exception, doing: str) -> str:
    """The error message of an answer that something unexpected stopped while ``doing``: the one
    wording of every "never raises" query (``pay`` and the request dispatcher)."""
    if isinstance(e, RecursionError):
        return f"the input is nested too deeply to be read (internal limit, while {doing})"
    if isinstance(e, MemoryError):
        return f"internal error while {doing}: out of memory; the problem is too large"
    return f"internal error while {doing}: {type(e).__name__}: {e}"


def _pay(problem: Any, started: float, doing: _Doing) -> dict[str, Any]:
    if not isinstance(problem, (dict, Problem)):
        return _error(f"a problem must be a JSON object (a dict) or a Problem, not "
                      f"{type(problem).__name__}", None)
    if type(problem) is dict:  # an engine's board of tap abilities: docs/fast.md's plain lane
        # before the deadline is made current: the lane reads none (its work is bounded: no
        # CP-SAT, at most the core's MAX_CHOICES choices, an infeasible cost explained by a
        # count or handed back), and entering and leaving one was 4% of its call (issue 43);
        # its time still counts, ``started`` is taken first
        doing.what = "paying a plain problem"
        got = plain_answer(problem)
        if got is not None:
            return got
        doing.what = "loading the problem"
    # One deadline for the whole request, loading included: a huge board stops loading once
    # its time is over (the loader looks, models/clock.py).
    limit = problem.time_limit if isinstance(problem, Problem) else _given_time_limit(problem)
    deadline, token = deadlines.enter(limit, started)
    try:
        try:
            prob = problem if isinstance(problem, Problem) else load_problem(problem)
            if prob.keep or "max_keep" in prob.objective:  # spec 9.5: solver/queries/keep.py
                doing.what = "paying with kept costs"
                return _keeping(prob, problem)
            doing.what = "compiling the problem"
            merge, compiled = merged_and_compiled(prob)
        except (ProblemError, CostError) as e:
            return _error(str(e), problem)
        return _solve_and_verify(prob, merge, compiled, problem, deadline, doing, None)
    finally:
        deadlines.leave(token)


def _given_time_limit(problem: dict[str, Any]) -> float:
    """The problem's ``time_limit`` as given, before it is loaded (the loader checks it, and
    names a bad one): a number in range, else the default."""
    value = problem.get("time_limit", deadlines.DEFAULT)
    if type(value) is not int and type(value) is not float or not 0 < value <= MAX_TIME_LIMIT:
        return deadlines.DEFAULT
    return value


def pay_compiled(prob: Problem, merge: Merge, compiled: Compiled, request: Any = None,
                 started: float | None = None, doing: _Doing | None = None,
                 kept: Kept | None = None) -> dict[str, Any]:
    """The rest of :func:`pay` once ``prob`` is loaded, merged and compiled (a prepared board,
    ``solver.queries.prepared``, does those steps its own way and finishes here, so both answer
    alike).
    ``request`` is what was asked (for its ``id``), ``started`` when the time limit began;
    ``kept`` what a prepared board keeps of the question's last answer (see :class:`Kept`)."""
    doing = doing or _Doing()
    deadline, token = deadlines.enter(prob.time_limit, started)
    try:
        return _solve_and_verify(prob, merge, compiled, request, deadline, doing, kept)
    finally:
        deadlines.leave(token)


class Kept:
    """A prepared question's last paid answer and the solution it was built from.

    A search asks a board the same question again and again, and the solver finds the same
    solution each time; the answer is a function of the compiled question and the solution
    alone (built, given back to merged entries and grouped), so for the same solution it is the
    same answer, and a copy of it is as good as building it again (a few µs instead of tens).
    The solution is compared whole (every field), so any other solution is built as always;
    each answer handed out is a fresh copy, and is verified as every answer is. One entry per
    question, replaced whole, so threads asking one board never see a half-written one."""

    __slots__ = ("entry",)

    def __init__(self) -> None:
        # (the solution's fields, the answer, its shape)
        self.entry: tuple[dict[str, Any], dict[str, Any], Shape] | None = None

    def answer(self, compiled: Compiled, merge: Merge, deadline: float) -> dict[str, Any]:
        """The answer of ``compiled`` before verification, as solve_compiled and the split and
        grouping make it."""
        got = solution_of(compiled, deadline)
        if isinstance(got, dict):  # no payment: nothing to keep
            return merge.split(got) if merge.members else got
        fields = got.__dict__
        entry = self.entry
        if entry is not None and entry[0] == fields:
            return copy_shaped(entry[1], entry[2])
        answer = _given_back(build_answer(compiled, got), merge)
        shape = shape_of(answer)
        self.entry = (fields, copy_shaped(answer, shape), shape)
        return answer


def _given_back(answer: dict[str, Any], merge: Merge) -> dict[str, Any]:
    """The answer given back to merged entries, its mana grouped when paid."""
    if merge.members:  # entries merged: the answer given back to them
        answer = merge.split(answer)
    if answer["status"] == "paid":
        group_answer(answer)
    return answer


def _solve_and_verify(prob: Problem, merge: Merge, compiled: Compiled, request: Any,
                      deadline: float,
                      doing: _Doing, kept: Kept | None = None) -> dict[str, Any]:
    doing.what = "solving"
    answer = _given_back(solve_compiled(compiled, deadline),
                         merge) if kept is None else kept.answer(
        compiled, merge, deadline)
    if answer["status"] == "paid":
        doing.what = "verifying the payment"
        measured: dict[str, int] = {}
        # a prepared question is asked again
        errors = verify(prob, answer, measured, kept is not None)
        if not errors and not answer["objective"] and prob.objective:
            # a payment found past the time limit without its objective: its values as replayed
            answer["objective"] = {name: measured[name] for name in prob.objective
                                   if name in measured}
        if errors:
            answer = {"status": "error", "error": "internal error: the payment found breaks the "
                                                  "rules, so it is "
                      "withheld: " + "; ".join(errors)}
    return _echo_id(with_unread(answer, prob), prob if request is None else request)


def with_unread(answer: dict[str, Any], prob: Problem) -> dict[str, Any]:
    """The answer with ``unread``: the mana abilities of its cards the Oracle reader skipped,
    so a payment made without them never hides them (models/cards/source.py)."""
    if answer.get("status") != "error":
        unread = unread_json(prob)
        if unread:
            answer["unread"] = unread
        if prob.notes:
            answer["notes"] = notes_json(prob)
    return answer


def _keeping(prob: Problem, request: Any) -> dict[str, Any]:
    """``pay`` with kept costs: the payment and ``kept``, both checked (solver/queries/keep.py)."""
    try:
        answer = pay_keeping(prob, pay)
    except KeepError as e:
        return _error(f"internal error: the payment found is withheld: {e}", request)
    return _echo_id(with_unread(answer, prob), request)


def infeasible_answer(compiled: Compiled, why: dict[str, Any] | None = None) -> dict[str, Any]:
    """The answer for a compiled problem that no payment pays, with ``why`` and ``conflict``
    (solver/answer/explain.py's, worked out here unless given)."""
    return {"status": "infeasible", "optimal": True, **(explain(compiled) if why is None else why)}


def solve_compiled(compiled: Compiled, deadline: float | None = None) -> dict[str, Any]:
    """The answer for a compiled problem, before verification; CP-SAT stops at ``deadline``
    (``time.monotonic()``; by default the current request's, else the problem's time limit
    from now)."""
    got = solution_of(compiled, deadline)
    return got if isinstance(got, dict) else build_answer(compiled, got)


def solution_of(compiled: Compiled, deadline: float | None = None) -> Solution | dict[str, Any]:
    """:func:`solve_compiled`'s paid solution, before it is made an answer, or its answer when
    nothing was paid (unpayable, infeasible, unknown)."""
    prob = compiled.problem
    if deadline is None:
        deadline = deadlines.current() or time.monotonic() + prob.time_limit
    if compiled.unpayable:
        return {"status": "unpayable", "optimal": True,
                "why": "it has no mana cost and no alternative cost, so it can't be paid (118.6)"}
    # The fast path knows version 1 only: a problem using section 9's keys goes to CP-SAT.
    sol = fast.solve_fast(compiled, prob.objective) if fast.ENABLED and not compiled._v2 else None
    if sol is None:
        sol = solve(compiled, prob.objective, max(deadline - time.monotonic(), 0.0),
                    late_payment=True)
    if sol.status == "infeasible":
        return infeasible_answer(compiled)
    if sol.status == "unknown":
        return {"status": "unknown", "optimal": False,
                "why": f"no payment found within the time limit of {prob.time_limit:g} s"}
    return sol
