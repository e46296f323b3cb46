"""A prepared board: read, merged and compiled once, then asked many costs (issue 22).

An AI that searches asks one board the same questions thousands of times ("which of these
cards can I cast? and now?"). ``pay({**cost, **board})`` reads, merges and compiles the board
again on every call; a :class:`PreparedBoard` does that once::

    board = tapwise.prepare({"sources": [{"name": "Forest", "count": 3}, {"name": "Sol Ring"}]})
    board.pay({"cost": "{2}{G}"})                  # the same answer as tapwise.pay(...)
    board.castable([{"cost": "{G}"}, {"cost": "{5}"}])

What depends only on the board (loading and validating its sources, pool, player and the
opponents' sources; merging entries that are the same card; its mana kinds, producers and their
layout) is kept; each question loads its cost, compiles the total cost against the kept layout,
solves, and is verified against the whole problem as :func:`tapwise.pay` verifies it. The
answer is the same as ``pay`` gives for the cost and the board as one problem (the tests
compare them byte for byte on random problems). Asking changes nothing in the board: its values are
frozen or never changed after compiling.
"""

from __future__ import annotations

import marshal
import time
from operator import attrgetter
from dataclasses import dataclass, field
from typing import Any

from tapwise.models.problem import BOARD_KEYS, COST_KEYS, Problem, ProblemError
from tapwise.models.loader import load_problem
from tapwise.models.total_cost import CostError
from tapwise.models.values import evolve
import tapwise.solver.deadline as deadlines
from tapwise.solver.answer.reuse import (Frame, Shape, copied, copy_shaped, frame_of, shape_of,
                                         unchanged_answer)
from tapwise.solver.contract import Compiled
from tapwise.solver.front.compile import CompiledBoard, compile_board, compile_problem
from tapwise.solver.fast.feasible import Checks, Supply, Tapped, board_supply, cost_checks
from tapwise.solver.front.merge import Merge
from tapwise.solver.answer.explain import explain_by_count
from tapwise.solver.queries.pushed import (Described, Entries, PushError, board_after,
                                           entries_of, fields_after, supply_after)
from tapwise.solver.queries.pay import (Kept, pay, _echo_id, _error, _keeping, infeasible_answer,
                                        pay_compiled, with_unread)

QUESTION_KEYS = COST_KEYS + ("keep", "id")
"""What a question to a prepared board may hold: a cost of spec section 7, the costs to keep
castable (spec 9.5), and an id."""
PLAIN_KEYS = frozenset(("cost", "objective", "id"))
"""A question holding only these is decided by its cost text and objective (see _plain_key)."""
MAX_GIVEN = 256
"""Most paid answers a board remembers for :meth:`Board.push`, and most boards pushed answers
left it keeps (all are forgotten when full)."""
MAX_KEPT_COSTS = 4096
"""Most plain questions a board keeps compiled (a search asks a few hundred different costs)."""


@dataclass(frozen=True, slots=True)
class _Question:
    """A question read on a board: the whole problem, its merge and compiled form (None when
    kept costs send it to the keep model), its Hall checks (None: outside the count) and whether
    they show that nothing pays it (decided once: the board's supply and the checks are fixed),
    and its last paid answer (solver/queries/pay.py's :class:`Kept`; None when the question isn't
    kept)."""

    problem: Problem
    merge: Merge | None
    compiled: Compiled | None
    checks: Checks | None
    unpaid: bool = False
    kept: Kept | None = None
    told: list[tuple[dict[str, Any], Shape] | None] = field(default_factory=list)
    """When nothing pays a plain question, worked out when it is first asked to pay (can_pay
    needs none of it): None when no count says why, else the answer with why (explain_by_count,
    a pure function of the question), without id, and its shape (solver/answer/reuse.py's
    copy_shaped), handed out as a copy each time it is asked."""
    said: list[tuple[dict[str, Any], Shape, Frame]] = field(default_factory=list)
    """A plain question's verified optimal payment, once made (at most one entry, without id),
    its shape and its frame: a repeated ask is a copy of it (see :meth:`PreparedBoard.pay`),
    which ``push`` tells unchanged by the frame (solver/answer/reuse.py's ``copied``)."""
    counted: list[Tapped | None] = field(default_factory=list)
    """Once that payment is pushed (at most one entry): the feasibility supply of the board it
    leaves (pushed.supply_after), or None when it has none (the board left is derived)."""


class _BoardFields:
    """The fields of :class:`PreparedBoard` (C slots when compiled, prepared.pxd): the functions
    a push, its count, can_pay after it and pop go through are given the board typed, so each
    field they read is a C field, where a Python class's is looked up by name through its type
    (about 120 instructions a read, twenty reads a push, can_pay and pop)."""

    __slots__ = ("_board", "_loaded", "_costs", "_fields", "_fields_notes", "_merged_sources",
                 "_members", "_compiled", "_supply", "_questions", "_given", "_pushed", "_stack",
                 "_at", "_counted")


class PreparedBoard(_BoardFields):
    """One board (spec section 2's ``sources``, ``opponent_sources``, ``pool``, ``player``),
    prepared to answer many costs. Raises :class:`ProblemError` naming the field when the board
    is not valid, so a bad board fails once, where it is made."""

    __slots__ = ()

    def __init__(self, board: dict[str, Any]) -> None:
        if not isinstance(board, dict):
            raise ProblemError("", "a board must be a JSON object")
        for key in board:
            if key not in BOARD_KEYS:
                raise ProblemError(key, f"unknown board key; allowed: {', '.join(BOARD_KEYS)} "
                                        "(the cost's keys go in each question)")
        # as given, for the queries that don't use the preparation (after a push: Described)
        self._board: dict[str, Any] | Described = dict(board)
        loaded = load_problem({"cost": None, **board}, allowed=("cost",) + BOARD_KEYS)
        self._loaded = loaded  # the board alone, a push's board left is derived from
        self._fields = {key: getattr(loaded, key) for key in BOARD_KEYS}
        self._fields_notes = loaded.notes  # the board's cards' (never silent)
        merge = Merge(loaded)
        self._members = merge.members
        self._merged_sources = merge.problem.sources
        self._compiled: CompiledBoard = compile_board(merge.problem)
        self._supply: Supply | None = board_supply(self._compiled.compiled)
        # plain ones, by _plain_key
        self._questions: dict[tuple[str, tuple[str, ...] | None], _Question] = {}
        # the questions of the paid answers this board gave, by the answer's identity
        self._given: dict[int, Problem] = {}
        # the state each answer pushed left (another Board's), by the answer's content
        self._pushed: dict[bytes, tuple[Any, ...]] = {}
        # the states push left behind, for pop (None: a counted push's, see push)
        self._stack: list[tuple[Any, ...] | None] = []
        # the entries a counted push taps (None: no push is counted on this board; _count_push)
        self._at: Entries | None = _entries(self._supply, self._fields, merge)
        # after a counted push, its question: the board left is not derived yet (_settle)
        self._counted: _Question | None = None
        # plain questions' costs as loaded, without the board or id: the same on every board
        # pushes leave (a search asks the same costs after each push)
        self._costs: dict[tuple[str, tuple[str, ...] | None], _Cost] = {}

    @property
    def board(self) -> dict[str, Any]:
        """The board's JSON keys as given (after pushes, the board left)."""
        if self._counted is not None:
            _settle(self)
        board = self._board
        return board if type(board) is dict else board.json()

    def problem(self, cost: dict[str, Any]) -> Problem:
        """The whole problem of ``cost`` on this board, as ``load_problem({**cost, **board})``
        loads it (the board read once, when prepared)."""
        if self._counted is not None:
            _settle(self)
        for key in cost:
            if key in BOARD_KEYS:
                raise ProblemError(key, "is a board key: the prepared board holds it (ask a new "
                                        "board)")
        if "card" in cost:  # a card's reductions count the board's permanents (spell_card.py)
            return load_problem({**cost, **self.board}, allowed=QUESTION_KEYS + BOARD_KEYS)
        loaded = load_problem(cost, allowed=QUESTION_KEYS)
        # 9.5: each kept cost is loaded with the board too (models/loader.py's _load_keep), so
        # it carries the board's player (keep_life), statics, effects and opponents' sources
        keep = tuple(evolve(k, **self._fields, notes=k.notes + self._fields_notes)
                     for k in loaded.keep)
        return evolve(loaded, **self._fields, keep=keep, notes=loaded.notes + self._fields_notes)

    def pay(self, cost: dict[str, Any]) -> dict[str, Any]:
        """The answer of ``tapwise.pay({**cost, **board})``, without reading the board again.

        A plain question asked before on this board (the same cost text and objective) is
        answered by a copy of the payment verified when it was first asked: a board changes only
        by push and pop, which put its questions aside, so the same question has the same answer.
        A copy, not the kept answer itself: what the caller does to it can't reach the kept one
        (docs/prepared.md weighs this against handing out one read-only answer)."""
        if self._counted is not None:
            _settle(self)
        if type(cost) is dict:
            q = self._questions.get(_plain_key(cost))
            if q is not None and q.said:
                kept = q.said[0]
                out = copy_shaped(kept[0], kept[1])
                if "id" in cost:
                    out["id"] = cost["id"]
                given = self._given  # paid: noted for push, as _give does
                if len(given) >= MAX_GIVEN:
                    given.clear()
                given[id(out)] = q
                return out
        started = time.monotonic()
        try:
            q = self._question(cost)
        except (ProblemError, CostError) as e:
            return _error(str(e), cost)
        if q.compiled is None:  # spec 9.5: the keep model reads the whole board
            with deadlines.request(q.problem.time_limit, started):
                try:
                    return self._give(_keeping(q.problem, cost), q)
                except (ProblemError, CostError) as e:  # as pay() says it: a key keep refuses
                    return _error(str(e), cost)
        if q.unpaid:
            told = q.told
            if not told and q.kept is not None:  # a plain question: said once, kept
                why = explain_by_count(q.compiled)
                if why is None:
                    told.append(None)
                else:
                    answer = with_unread(q.merge.split(infeasible_answer(q.compiled, why)),
                                         q.problem)
                    told.append((answer, shape_of(answer)))
            if told and told[0] is not None:
                # a copy: nothing shared with the kept one
                return _echo_id(copy_shaped(*told[0]), cost)
            with deadlines.request(q.problem.time_limit, started):  # no payment: no search
                return _echo_id(with_unread(q.merge.split(infeasible_answer(q.compiled)),
                                            q.problem), cost)
        answer = pay_compiled(q.problem, q.merge, q.compiled, cost, started, kept=q.kept)
        if q.kept is not None and not q.said and answer.get("optimal") is True \
                and answer.get("status") == "paid":
            said = {k: v for k, v in answer.items() if k != "id"}  # verified, not handed out yet
            shape = shape_of(said)
            said = copy_shaped(said, shape)
            q.said.append((said, shape, frame_of(said)))
        return self._give(answer, q)

    def _give(self, answer: dict[str, Any], q: _Question) -> dict[str, Any]:
        """``answer``; when paid, the question it answers is noted by the answer's identity, for
        :meth:`push` (an int to an object kept anyway: asking allocates nothing for it)."""
        if answer.get("status") == "paid":
            given = self._given
            if len(given) >= MAX_GIVEN:
                given.clear()
            given[id(answer)] = q
        return answer

    def push(self, answer: dict[str, Any]) -> None:
        """Apply ``answer``, a paid answer this board's :meth:`pay` gave since its last push or
        pop: the board is now what the payment leaves (solver/queries/pushed.py: copies tapped or
        sacrificed, counters and uses spent, life, energy and cards paid, the mana left in the
        pool within the step, 106.4), and every question is answered as ``tapwise.pay`` answers
        it on that board given afresh. :meth:`pop` undoes it. Raises
        :class:`~tapwise.solver.queries.pushed.PushError` (a ProblemError on ``answer``) for an
        answer that is not paid, not given by this board, or not a legal payment on it."""
        _push_given(self, answer)

    def push_cost(self, cost: dict[str, Any]) -> bool:
        """Pay ``cost`` and push the payment in one call, as ``push(pay(cost))`` does: True
        when it was paid and pushed, False when nothing pays it (nothing is pushed). The
        payment never leaves the board, so it needs no check against a changed copy. Raises
        :class:`ProblemError` naming the field for a bad cost, ``RuntimeError`` when the cost
        could not be decided within its time limit."""
        return _push_cost(self, cost)

    def pop(self) -> None:
        """Undo the last :meth:`push` (raises ``IndexError`` when nothing was pushed)."""
        _pop(self)

    @property
    def depth(self) -> int:
        """How many pushes :meth:`pop` can undo."""
        return len(self._stack)

    def _state(self) -> tuple[Any, ...]:
        return _get_state(self)

    def _set_state(self, state: tuple[Any, ...]) -> None:
        (self._board, self._fields, self._fields_notes, self._merged_sources, self._members,
         self._compiled, self._supply, self._questions, self._given, self._pushed,
         self._loaded, self._at) = state

    def can_pay(self, cost: dict[str, Any]) -> bool:
        """Whether ``cost`` (a question, as for :meth:`pay`) can be paid on this board: the
        status of ``pay({**cost, "objective": []})`` is "paid", decided by Hall's condition over
        the board's supply where that is exact (solver/fast/feasible.py), else by paying.
        Raises :class:`ProblemError` naming the field for a bad cost, and ``RuntimeError`` when
        the search could not decide within the time limit."""
        if _is_counted(self):  # a counted push: decided on its supply where it can
            verdict = _counted_verdict(self, cost)
            if verdict is not None:
                return verdict
            _settle(self)
        q = None
        if type(cost) is dict:
            key = _plain_key(cost)
            q = self._questions.get(key)
            if q is None and key is not None and self._supply is not None:
                # a cost asked on another board of this search (before a push, or after it):
                # its Hall checks are the same on every board of the same layout (mana kinds;
                # compile.py's _layout, shared by identity) and statics (9.8's cost changes),
                # which a push that only taps copies keeps
                known = self._costs.get(key)
                if known is not None and known.checks[0] is self._compiled.layout \
                        and known.checks[1] is self._fields["statics"] \
                        and known.checks[2] is not None:
                    verdict = self._supply.decide(known.checks[2])
                    if verdict is not None:
                        return verdict
        if q is None:
            try:
                q = self._question(cost)
            except CostError as e:
                raise ProblemError("cost", str(e)) from None
        supply = self._supply
        if q.checks is not None and supply is not None:
            verdict = supply.decide(q.checks)
            if verdict is not None:
                return verdict
        answer = self.pay({**cost, "objective": []})
        status = answer["status"]
        if status == "paid":
            return True
        if status in ("infeasible", "unpayable"):
            return False
        raise RuntimeError(f"can_pay: the cost could not be decided: "
                           f"{answer.get('why') or answer.get('error')}")

    def _question(self, cost: Any) -> _Question:
        """The question loaded, merged and compiled on this board, with its Hall checks; kept
        for a plain question (its cost text and objective alone), which the same text asks
        again as it was answered (every part is a value nothing changes once compiled).
        Raises ProblemError or CostError for a bad question."""
        if not isinstance(cost, dict):
            raise ProblemError("", "a cost must be a JSON object")
        key = _plain_key(cost)
        q = self._questions.get(key) if key is not None else None
        if q is not None:
            return q
        if key is None:
            prob = self.problem(cost)
        else:  # kept for every asker: the answer echoes each one's own id
            known = self._costs.get(key)
            if known is None:
                loaded = load_problem(cost, allowed=QUESTION_KEYS)
                if loaded.id is not None:
                    loaded = evolve(loaded, id=None)
                if len(self._costs) >= MAX_KEPT_COSTS:
                    self._costs.clear()
                known = self._costs[key] = _Cost(loaded)
            loaded = known.loaded
            prob = evolve(loaded, **self._fields, notes=loaded.notes + self._fields_notes)
        if prob.keep or "max_keep" in prob.objective:
            return _Question(self.problem(cost), None, None, None)  # with its id, as loaded
        # 9.3: the keywords name entries as given, so nothing is merged
        if prob.payment is not None:
            merge = Merge(prob)
            return _Question(prob, merge, compile_problem(merge.problem), None)
        merge = self._merge(prob)
        compiled = self._compiled.with_cost(merge.problem)
        checks = cost_checks(compiled)
        unpaid = checks is not None and self._supply is not None and self._supply.decide(checks) is False
        if key is not None:  # (known: the cost's entry, loaded above)
            known.checks = (self._compiled.layout, self._fields["statics"], checks)
        q = _Question(prob, merge, compiled, checks, unpaid, Kept() if key is not None else None)
        if key is not None:
            if len(self._questions) >= MAX_KEPT_COSTS:
                self._questions.clear()
            self._questions[key] = q
        return q

    def castable(self, costs: list[dict[str, Any]],
                 time_limit: float = deadlines.DEFAULT) -> dict[str, Any]:
        """One ``pay`` answer per cost, each on its own (spec section 7's ``castable``), all within
        ``time_limit`` seconds (a cost reached after it is answered ``unknown``)."""
        return castable_on(self, costs,
                           time_limit=deadlines.read_time_limit({"time_limit": time_limit}))

    def plan(self, costs: list[dict[str, Any]], order: str | None = None) -> dict[str, Any]:
        """Spec section 7's ``plan`` of ``costs`` on this board. Planning joins the costs into
        one problem per ordering, so it reads the board as given (no preparation is reused)."""
        from tapwise.solver.queries.plan import plan

        request: dict[str, Any] = {**self.board, "costs": costs}
        if order is not None:
            request["order"] = order
        return plan(request)

    def _merge(self, prob: Problem) -> Merge:
        """The :class:`Merge` that ``Merge(prob)`` would make, from the board's merge."""
        return Merge.given(prob, self._members, self._merged_sources)


def _push_given(board: PreparedBoard, answer: dict[str, Any]) -> None:
    """:meth:`PreparedBoard.push`."""
    if board._counted is not None:
        _settle(board)
    if type(answer) is not dict:
        raise PushError("must be a paid answer (a dict) this board gave")
    given = board._given
    q = given.get(id(answer))
    if q is None:
        if answer.get("status") != "paid":
            raise PushError(f"only a paid answer can be pushed, not one with status "
                            f"{answer.get('status')!r}")
        raise PushError("was not given by this board's pay() since its last push or pop "
                        "(an answer from another board, or an older one): ask this board")
    # the caller holds a copy it may have changed: still the payment verified for q?
    _push(board, q, answer, _is_said(q, answer))


def _pop(board: PreparedBoard) -> None:
    """:meth:`PreparedBoard.pop`, where the board's fields are read typed (prepared.pxd)."""
    stack = board._stack
    if not stack:
        raise IndexError("pop: nothing was pushed on this board")
    state = stack.pop()
    board._counted = None
    if state is not None:
        board._set_state(state)


def _is_counted(board: PreparedBoard) -> bool:
    """Whether the last push was counted (its board left waits for :func:`_settle`)."""
    return board._counted is not None


def _is_said(q: _Question, answer: dict[str, Any]) -> bool:
    """Whether ``answer``, a copy of ``q``'s verified payment the caller held and may have
    changed, is still that payment: one pass over it in order tells an unchanged copy
    (reuse.copied); any other is compared strictly (reuse.unchanged_answer: the types too, so
    ``True`` for ``1`` is a change, which the verifier then reads)."""
    said = q.said
    return bool(said) and (copied(answer, said[0][2]) or unchanged_answer(answer, said[0][0]))


def _push(board: PreparedBoard, q: _Question, answer: dict[str, Any], verified: bool) -> None:
    """Push ``answer``, a paid answer ``board`` gave for ``q`` (``verified``: it is the payment
    verified for ``q``, unchanged): counted where it can be (its feasibility supply, kept with
    the payment; the board left waits for _settle), else the state it leaves."""
    if verified:
        counted = q.counted
        if not counted:
            counted.append(_count_push(board, q, answer))
        if counted[0] is not None:  # can_pay counts on it; the board left waits (_settle)
            board._stack.append(None)
            board._counted = q
            return
    after = _pushed_state(board, q, answer, verified)
    board._stack.append(board._state())
    board._set_state(after)


def _push_cost(board: PreparedBoard, cost: Any) -> bool:
    """:meth:`PreparedBoard.push_cost`: a plain question with a verified payment kept pushes
    that payment itself (no copy is made, so none is compared); any other is paid first."""
    if board._counted is not None:
        _settle(board)
    if type(cost) is dict:
        q = board._questions.get(_plain_key(cost))
        if q is not None and q.said:
            _push(board, q, q.said[0][0], True)
            return True
    try:
        board._question(cost)  # a bad cost raises, naming the field
    except CostError as e:
        raise ProblemError("cost", str(e)) from None
    answer = PreparedBoard.pay(board, cost)
    status = answer["status"]
    if status in ("infeasible", "unpayable"):
        return False
    if status == "error":  # pay()'s words name the field
        raise ProblemError("", answer["error"])
    if status != "paid":
        raise RuntimeError(f"push_cost: the cost could not be decided: "
                           f"{answer.get('why') or answer.get('error')}")
    q = board._given.pop(id(answer))  # dropped here: its id may be another object's later
    # made here and never handed out: the kept payment when there is one (equal by making)
    _push(board, q, answer, bool(q.said))
    return True


def _pushed_state(board: PreparedBoard, q: _Question, answer: dict[str, Any],
                  verified: bool) -> tuple[Any, ...]:
    """The state ``answer`` (given by ``board`` for ``q``; ``verified``: equal to the payment
    verified for it) leaves, kept for pushing it again: derived from the board's problem when
    the payment only taps copies (:func:`_derived`), else prepared from the board left's JSON,
    the answer checked whole by the verifier first."""
    pushed = board._pushed
    if verified:
        got = pushed.get(id(q))
        if got is not None and got[0] is q:
            return got[1]
        after = _derived(board, q, answer)
        if after is not None:
            if len(pushed) >= MAX_GIVEN:
                pushed.clear()
            pushed[id(q)] = (q, after)
            return after
    key = marshal.dumps(answer)  # JSON values: the answer's content, as bytes
    after = pushed.get(key)
    if after is None:
        # the question is found by the answer's identity, so the answer is checked whole: a
        # legal payment of that question on this board, or refused
        after = PreparedBoard(board_after(board.board, q.problem, answer, check=True))._state()
        if len(pushed) >= MAX_GIVEN:
            pushed.clear()
        pushed[key] = after
    return after


def _count_push(board: PreparedBoard, q: _Question, answer: dict[str, Any]) -> Tapped | None:
    """The feasibility supply of the board that ``q``'s verified payment leaves, counted on
    ``board``'s (pushed.supply_after); None when it can't be (the board left is derived).
    ``answer`` is that payment, or a copy of it just proved unchanged (:func:`_is_said`): the
    count reads the copy the check has just walked, which is in the cache, not the kept one,
    which a search's first push of it finds cold (an extra ``id`` is not read)."""
    at = board._at
    if at is None:
        return None
    return supply_after(q.problem, answer, board._supply, at, board._compiled.layout.index)


def _entries(supply: Supply | None, fields: dict[str, Any], merge: Merge) -> Entries | None:
    """The entries of a board (its ``supply``, ``fields`` and ``merge``) as a counted push taps
    them (pushed.Entries), or None when no push is counted on it: outside the feasibility count
    (version 2), an entry whose units are not its untapped copies times its units per copy,
    statics or effects."""
    if supply is None or supply.per_copy is None or fields["statics"] or fields["effects"]:
        return None
    index: dict[str, int] = {}
    members = merge.members
    for i, s in enumerate(merge.problem.sources):
        for member in members.get(s.id, (s,)):
            index[member.id] = i
    return entries_of(fields["sources"], index)


def _counted_verdict(board: PreparedBoard, cost: Any) -> bool | None:
    """``can_pay(cost)`` after a counted push, from the Hall checks of the plain question
    ``cost`` on the board before the push (the same symbols, masks and needs: the board left
    differs in copies tapped, pool and life, which its counted supply holds, in the kinds of
    the board before) and that supply; None when they don't decide."""
    if type(cost) is not dict:
        return None
    asked = cost  # a dict (typed in prepared.pxd: its lookups are C calls)
    text = asked.get("cost")
    if len(asked) == 1 and type(text) is str:  # _plain_key's commonest case, inline
        key: tuple[str, tuple[str, ...] | None] | None = (text, None)
    else:
        key = _plain_key(asked)
        if key is None:
            return None
    questions = board._questions
    q = questions.get(key)
    if q is None:
        try:
            q = board._question(cost)
        except (ProblemError, CostError):
            return None  # asked on the board left, which says why
    counted = board._counted
    supply = counted.counted[0] if counted is not None else None
    checks = q.checks
    return None if checks is None or supply is None else supply.decide(board._supply, checks)


def _settle(board: PreparedBoard) -> None:
    """After a counted push: the board left made the board's state (derived, or found where an
    earlier push of the same payment left it), for what needs more than can_pay's count."""
    q = board._counted
    assert q is not None
    board._counted = None
    after = _pushed_state(board, q, q.said[0][0], True)
    board._stack[-1] = board._state()
    board._set_state(after)


def _derived(board: PreparedBoard, q: _Question,
             answer: dict[str, Any]) -> tuple[Any, ...] | None:
    """The state ``answer``, the payment ``board`` verified for ``q``, leaves when it only
    taps copies of a version-1 board (solver/queries/pushed.py's fields_after), derived from
    the board's own problem: its sources, pool and player changed, merged, compiled and
    counted again; its JSON written only when asked for. None for any other answer, whose
    board left is prepared from its JSON."""
    fields = fields_after(q.problem, answer)
    if fields is None:
        return None
    loaded = evolve(board._loaded, **fields)
    if board._members:
        merge = Merge(loaded)
    else:  # nothing merged: the entries' signatures (merge.py) don't read ``tapped``
        merge = Merge.given(loaded, board._members, loaded.sources)
    compiled = compile_board(merge.problem)
    supply = board_supply(compiled.compiled)
    all_fields = {**board._fields, **fields}
    return (Described(board._board, q.problem, evolve(q.problem, **fields)),
            all_fields, board._fields_notes, merge.problem.sources, merge.members,
            compiled, supply, {}, {}, {}, loaded, _entries(supply, all_fields, merge))


_STATE = ("_board", "_fields", "_fields_notes", "_merged_sources", "_members", "_compiled",
          "_supply", "_questions", "_given", "_pushed", "_loaded", "_at")
"""What a push replaces and a pop restores: everything but the stack itself."""
_get_state = attrgetter(*_STATE)


class _Cost:
    """A plain question's cost, loaded once for every board a push leaves: the cost as loaded
    (without board or id), and the layout and statics of the board it was last compiled on with
    its Hall checks there (feasible.cost_checks: a function of the cost, the layout's mana kinds
    and the statics' cost changes, since the question holds only a cost text and objective)."""

    __slots__ = ("loaded", "checks")

    def __init__(self, loaded: Problem) -> None:
        self.loaded = loaded
        self.checks: tuple[Any, Any, Checks | None] = (None, None, None)


def _plain_key(cost: dict[str, Any]) -> tuple[str, tuple[str, ...] | None] | None:
    """What decides a plain question (one holding only ``cost`` text, an ``objective`` list
    and an ``id``, which only the answer echoes): its text and objective; None for any other."""
    text = cost.get("cost")
    if type(text) is not str:
        return None
    if len(cost) == 1:
        return text, None
    if not PLAIN_KEYS.issuperset(cost):
        return None
    if "objective" not in cost:
        return text, None
    objective = cost["objective"]
    if type(objective) is not list or not all(type(o) is str for o in objective):
        return None
    return text, tuple(objective)


def prepare(board: dict[str, Any]) -> PreparedBoard:
    """A :class:`PreparedBoard` prepared from ``board`` (raises :class:`ProblemError` if it is bad)."""
    return PreparedBoard(board)


def castable_on(prepared: PreparedBoard | None, costs: Any, board: dict[str, Any] | None = None,
                time_limit: float | None = None) -> dict[str, Any]:
    """``castable`` of ``costs`` on a prepared board (or, when the board is bad, on ``board``
    as given, so that each answer names its mistake where ``pay`` would), all within
    ``time_limit`` seconds from now (None: only the enclosing request's, if any)."""
    if time_limit is None:
        return _castable_on(prepared, costs, board, None)
    with deadlines.request(time_limit):
        return _castable_on(prepared, costs, board, time_limit)


def _castable_on(prepared: PreparedBoard | None, costs: Any, board: dict[str, Any] | None,
                 time_limit: float | None) -> dict[str, Any]:
    if not isinstance(costs, list):
        raise ProblemError("costs", "must be a list of costs (problem objects without the board "
                                    "keys)")
    results = []
    for i, cost in enumerate(costs):
        if not isinstance(cost, dict):
            raise ProblemError(f"costs[{i}]", "must be an object")
        bad = [k for k in cost if k not in COST_KEYS]
        if bad:
            raise ProblemError(f"costs[{i}].{bad[0]}", "unknown key in a cost (board keys go at "
                                                       "the top level)")
        if deadlines.passed():
            results.append({"status": "unknown", "optimal": False,
                            "why": f"not tried: the castable's time limit{_seconds(time_limit)} "
                                   f"was spent on the "
                                   "costs before it"})
            continue
        answer = prepared.pay(cost) if prepared is not None else pay({**cost, **(board or {})})
        if answer.get("status") == "error":
            answer["error"] = f"costs[{i}]." + answer["error"]
        results.append(answer)
    return {"status": "ok", "results": results}


def _seconds(time_limit: float | None) -> str:
    return "" if time_limit is None else f" of {time_limit:g} s"
