"""The ``available`` question (spec section 7): every maximal mana pool a board can make.

An engine asks it to see what it could cast this turn. Mana abilities are optional, so a pool is
what any legal sequence of activations leaves (the starting pool included); the answer keeps the
pools no other pool contains. Sources whose abilities cost no mana only add mana, so they are
activated first, copy by copy, keeping only the states (pool, life and energy spent) that no
other state dominates (DESIGN principle 2: a class of copies, not each copy); abilities with a
mana cost (filter lands, Signets) are then searched in every order from each of those states.
Sources that share more than mana (card costs, ``sacrifice_other``, ``tap_other``, the permanents
those may take, facts that ``counts`` lowers: solver/queries/available_shared.py) join that ordered
search, whose states then carry the cards left too.

A unit of mana that may be any color is reported as one ``Any`` ("one mana of a color not yet
chosen") rather than five pools; ``Any`` may stand for any color when pools are compared and when
an ability's cost is paid. The number of pools grows with the board, so past
:data:`MAX_STATES` undominated states, or :data:`MAX_WORK` made, the question is refused with a
message rather than left running.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tapwise.models.problem import BOARD_KEYS, Problem, ProblemError
from tapwise.models.loader import load_problem, notes_json, unread_json
from tapwise.solver.front.doubling import check_doubling
from tapwise.solver.front.expand import check_counter_use
from tapwise.solver.queries.available_board import REPORTED, Token, _PoolSearch
from tapwise.solver.queries.available_board import MAX_STATES, MAX_WORK, TooManyPools  # noqa: F401 (re-exported)


def available(request: dict[str, Any]) -> dict[str, Any]:
    """``{"pools": [...]}`` for a board (spec section 7); raises :class:`ProblemError` for bad
    input and :class:`TooManyPools` for a board past :data:`MAX_STATES` or :data:`MAX_WORK`."""
    if not isinstance(request, dict):
        raise ProblemError("", "an available question is an object with the board keys")
    allowed = set(BOARD_KEYS) | {"query", "id"}
    for key in request:
        if key not in allowed:
            raise ProblemError(key, f"unknown key for an available question; allowed: "
                                    f"{', '.join(sorted(allowed))}")
    loaded = load_problem({"cost": None, **{k: request[k] for k in BOARD_KEYS if k in request}})
    _refuse_unsupported(loaded)
    board = _PoolSearch(loaded)
    # pools that differ only in what isn't reported count once
    reported: dict[tuple, dict[str, int]] = {}
    for pool in board.maximal_pools():
        out = _report(pool, board.tokens)
        reported.setdefault(tuple(out.values()), out)
    # the largest pools first, then by their counts in the reported order: the same board, the
    # same list
    out: dict[str, Any] = {"pools": sorted(reported.values(), key=lambda out: (-sum(out[t] for t in REPORTED),
                                                                               [-v for v in out.values()]))}
    unread = unread_json(loaded)  # the cards' mana abilities the reader skipped, never hidden
    if unread:
        out["unread"] = unread
    if loaded.notes:
        out["notes"] = notes_json(loaded)
    return out


def _refuse_unsupported(problem: Problem) -> None:
    """What the model refuses beside Doubling Cube (solver/front/doubling.py), and the counters pay
    refuses (solver/front/expand.py's ``check_counter_use``): errors naming the key. Copies of a
    source
    that removes any number of counters without {T} are not refused here: the ordered search
    keeps each copy's counters (:meth:`_PoolSearch._search_converters`)."""
    for i, s in enumerate(problem.sources):
        if s._v2:
            check_counter_use(replace(s, count=1), f"sources[{i}]")
        if s.zone == "graveyard":
            raise ProblemError(f"sources[{i}].zone", "available does not support a card in the "
                                                     "graveyard yet (pay, "
                               "castable and plan do)")
        for j, a in enumerate(s.abilities):
            if a.times is not None and a.times.victim is not None:
                raise ProblemError(f"sources[{i}].abilities[{j}].times.victim", "available does "
                                                                                "not support an "
                                   "amount read from the permanent sacrificed yet (pay, castable "
                                   "and plan do)")
            if a._reflect is not None and a._reflect[0] == "sacrificed":
                raise ProblemError(f"sources[{i}].abilities[{j}].add.reflect", "available does not "
                                                                               "support "
                                   "reflecting the permanent sacrificed yet (pay, castable and "
                                   "plan do)")
            if a.times is not None and a.times.taken is not None:
                raise ProblemError(f"sources[{i}].abilities[{j}].times.taken", "available does not "
                                                                               "support an "
                                   "amount of permanents taken (n \"X\") yet (pay, castable and "
                                   "plan do)")
            if a._double_pool:
                check_doubling(problem, i, s, a, f"sources[{i}].abilities[{j}]")


def _report(pool: tuple[int, ...], tokens: list[Token]) -> dict[str, int]:
    out = dict.fromkeys(REPORTED, 0)
    out["snow"] = out["restricted"] = 0
    for t, n in zip(tokens, pool):
        if n:
            out[t.type] += n
            out["snow"] += n if t.snow else 0
            out["restricted"] += n if t.only is not None else 0
    return out
