"""The board a paid answer leaves, for a prepared board's ``push`` (issue 43).

A search over casts within a turn asks "cast this, then what can I still cast?". The board
after a payment is the board as given, less what the payment spent: the copies it tapped or
sacrificed, the counters and uses it spent, the cards it took (solver/queries/keep.py's
:func:`board_left`, the replay a plan and ``keep`` use), the life and energy it paid, and the
pool. Within a step the mana left in the pool stays there (106.4): the pool mana the payment
did not spend, and the mana its activations made and did not spend, each with its snow flag and
restriction (106.6a).

The answer names sources and types, not mana units, so the mana left over is given back to the
sources that made it: per source, what its activations made less what the payments took from
it. When that does not account for the answer's ``left_over_counts`` exactly (mana an extra or a
replacement made, 9.4), the answer is refused (:class:`PushError`), never guessed.
"""

from __future__ import annotations

from typing import Any

from tapwise.models.caches import remember, table
from tapwise.models.loader import load_pool
from tapwise.models.mana import TYPES
from tapwise.models.problem import (BOARD_KEYS, PoolMana, Problem, ProblemError, Source,
                                    dump_problem)
from tapwise.models.values import evolve
from tapwise.solver.fast.feasible import Supply, Tapped, life_units
from tapwise.solver.queries.keep import BoardLeft as Left, board_left, without_keep
from tapwise.solver.queries.plan_board import LeftError
from tapwise.solver.verify.replay import verify

LEFT_KEYS = ("sources", "pool", "player", "facts", "hand", "graveyard", "library")
"""The board keys a payment changes; the others (the opponents' sources, effects, strict) stay."""


class PushError(ProblemError):
    """An answer that can't be applied to the board: not paid, not this board's, or mana left
    over that can't be given back to its makers."""

    def __init__(self, message: str) -> None:
        super().__init__("answer", message)


def board_after(board: dict[str, Any], problem: Problem, answer: dict[str, Any],
                check: bool = False) -> dict[str, Any]:
    """The board (spec keys, as ``board`` gives them) that the paid ``answer`` to ``problem``
    (``board`` and a cost) leaves; with ``check``, the answer is first replayed by the
    independent verifier, and refused unless it is a legal payment of ``problem``."""
    if answer.get("status") != "paid":
        raise PushError(f"only a paid answer can be pushed, not one with status "
                        f"{answer.get('status')!r}")
    if problem.keep or "max_keep" in problem.objective:  # 9.5: the payment is the main problem's
        problem = without_keep(problem)
        answer = {**{k: v for k, v in answer.items() if k != "kept"},
                  "objective": {k: v for k, v in answer["objective"].items() if k != "max_keep"}}
    if check:
        errors = verify(problem, answer)
        if errors:
            raise PushError("is not a legal payment on this board: " + "; ".join(errors))
    try:
        left = _only_tapped(problem, answer) or board_left(problem, answer)
    except (LeftError, KeyError, IndexError, TypeError) as e:
        raise PushError(f"the answer does not replay on this board ({e})") from None
    player = evolve(problem.player, life=left.life, energy=left.energy)
    after = evolve(problem, sources=left.sources, pool=_pool_left(problem, answer), player=player,
                   hand=left.hand, graveyard=left.graveyard, library=left.library,
                   facts=left.facts)
    return board_json(board, problem, after)


def board_json(board: dict[str, Any], problem: Problem, after: Problem) -> dict[str, Any]:
    """The JSON of ``after``, the board a payment to ``problem`` (``board`` as given and a cost)
    leaves: its sources each written as given where it can be, what the payment leaves unchanged
    taken from ``board`` as given, the rest dumped."""
    dumped = dump_problem(evolve(after, sources=(), opponent_sources=(), keep=(), effects=()))
    out = {k: v for k, v in board.items() if k in BOARD_KEYS and k not in LEFT_KEYS}
    for key in LEFT_KEYS:
        if key in dumped:
            out[key] = dumped[key]
    if after.sources:
        out["sources"] = _sources_json(board.get("sources", []), problem, after.sources)
    return out


class Described:
    """A board left by a push, described as JSON (:func:`board_json`) only when asked for: a
    search pushes and pops far more often than it reads the board."""

    __slots__ = ("before", "problem", "after", "value")

    def __init__(self, before: dict[str, Any] | Described, problem: Problem,
                 after: Problem) -> None:
        self.before, self.problem, self.after = before, problem, after
        self.value: dict[str, Any] | None = None

    def json(self) -> dict[str, Any]:
        """The board's JSON keys (made once)."""
        if self.value is None:
            before = self.before
            self.value = board_json(before if type(before) is dict else before.json(),
                                    self.problem, self.after)
        return self.value


def fields_after(problem: Problem, answer: dict[str, Any]) -> dict[str, Any] | None:
    """The board fields (sources, pool, player) a paid ``answer`` to ``problem``, already
    verified, leaves when it only tapped copies of a version-1 board without statics or effects
    (:func:`_only_tapped`), each the value loading :func:`board_after`'s JSON gives (the pool
    read back from its JSON: entries numbered as the loader numbers them); None for any other
    answer, which :func:`board_after` works out (and refuses, where it can't be pushed)."""
    if problem.keep or "max_keep" in problem.objective or problem.statics or problem.effects:
        return None
    try:
        left = _only_tapped(problem, answer)
        if left is None:
            return None
        pool = _pool_left(problem, answer)
    except (PushError, KeyError, IndexError, TypeError):
        return None  # board_after says why
    if pool:
        pool = load_pool(_pool_json(pool), "pool")
    player = problem.player
    if left.life != player.life or left.energy != player.energy:
        player = evolve(player, life=left.life, energy=left.energy)
    return {"sources": left.sources, "pool": pool, "player": player}


def _pool_json(pool: tuple[PoolMana, ...]) -> list[Any]:
    """The pool's JSON, as dump_problem writes it: one item per entry."""
    entries: dict[int, list[PoolMana]] = {}
    for m in pool:
        entries.setdefault(m.entry, []).append(m)
    return [ms[0].to_json("".join("{%s}" % m.type for m in ms)) for ms in entries.values()]


def _sources_json(given: list[Any], problem: Problem, left: tuple[Source, ...]) -> list[Any]:
    """The sources left, each written as it was given where the payment left it as it was or
    only tapped some of its copies (so a card given by name stays so, and a version-1 board stays
    version 1); entries the payment changed otherwise, or split, as the model writes them."""
    as_given = {s.id: (s, raw) for s, raw in zip(problem.sources, given)}
    out: list[Any] = []
    for s in left:
        was = as_given.get(s.id)
        if was is not None and was[0] == s:
            out.append(was[1])
        elif was is not None and isinstance(was[1], dict) and evolve(was[0], tapped=s.tapped) == s:
            out.append({**was[1], "tapped": s.tapped})
        else:
            out.append(s.to_json())
    return out


def _only_tapped(problem: Problem, answer: dict[str, Any]) -> Left | None:
    """:func:`board_left`'s board when the answer only tapped copies (:func:`_taps`) of a
    version-1 problem; None for any other, which the full replay works out."""
    if problem._v2 or problem.payment is not None:
        return None
    taps = _taps(answer, entries_of(problem.sources))
    if taps is None:
        return None
    player = problem.player
    sources = tuple([s if s.id not in taps else evolve(s, tapped=s.tapped + taps[s.id])
                     for s in problem.sources])
    return Left(sources, player.life - answer.get("life_paid", 0) - answer.get("damage", 0),
                player.energy - answer.get("energy_paid", 0), problem.hand, problem.graveyard,
                problem.library, problem.facts)


Entries = dict[str, tuple[int, int, tuple[bool, ...], bool, tuple[Any, ...]]]
"""Per entry id of a version-1 board: its index among the merged entries (solver/front/merge.py),
its untapped copies, per ability whether activating it only taps a copy (``{T}``, sacrificing
nothing), its snow flag, and per ability the restriction of the mana it makes (106.6a); the last
two say the kind of the mana it leaves in the pool (:func:`_left_units`)."""


def entries_of(sources: tuple[Source, ...], index: dict[str, int] | None = None) -> Entries:
    """The :data:`Entries` of a version-1 board's ``sources`` (``index``: each id's index among
    the merged entries; by default its position)."""
    return {s.id: (i if index is None else index[s.id], s.count - s.tapped,
                   tuple([a.tap and not a.sacrifice for a in s.abilities]), s.snow,
                   tuple([a.only for a in s.abilities]))
            for i, s in enumerate(sources)}


def _taps(answer: dict[str, Any], entries: Entries,
          at: dict[int, int] | None = None) -> dict[str, int] | None:
    """Per entry id, the copies ``answer`` tapped, when it only tapped copies of a version-1
    board (``entries``): its activations are all of ``{T}`` abilities that sacrifice nothing,
    so each taps ``times`` untapped copies of its entry and changes nothing else (the copies
    of an entry differ only in being tapped); None for any other answer. With ``at``, the same
    counted there per merged entry (each entry's index in ``entries``), in the same pass."""
    if type(answer) is not dict:
        return None  # the replay reads it, or says why not
    ans = answer  # a dict (typed in pushed.pxd: its lookups are C calls)
    taps: dict[str, int] = {}
    for a in ans.get("activations", ()):
        if type(a) is not dict:
            return None  # the replay reads it, or says why not
        act = a  # a dict (typed in pushed.pxd: its lookups are C calls)
        sid = act["source"]
        entry = entries.get(sid)
        if entry is None or "sacrificed" in act or "tapped" in act:
            return None
        if not entry[2][act["ability"]]:
            return None
        times = act.get("times", 1)
        n = taps.get(sid, 0) + times
        if n > entry[1]:
            return None  # more than it has: the replay says why
        taps[sid] = n
        if at is not None:
            i = entry[0]
            at[i] = at.get(i, 0) + times
    return taps


def supply_after(problem: Problem, answer: dict[str, Any], supply: Supply, entries: Entries,
                 kinds: dict[Any, int]) -> Tapped | None:
    """The feasibility supply (solver/fast/feasible.py) of the board a paid ``answer`` to
    ``problem``, the verified payment of a plain question (cost text and objective) on a
    version-1 board without statics or effects, leaves, counted on the board's own ``supply``
    without deriving that board: when the answer only tapped copies (:func:`fields_after`'s
    shape), the copies tapped taken from its entries (``entries``, with their indices among the
    merged entries the supply counts), the pool left (:func:`_pool_left`, each unit as the kind
    of the board's layout ``kinds`` of its type, snow and restriction: a kind of the pool, or
    the kind its maker makes, which the same symbols accept) and the life paid. None for any
    other answer, or a unit of a kind the layout lacks (the caller derives that board)."""
    if type(answer) is not dict:
        return None  # board_after reads it, or says why not
    ans = answer  # a dict (typed in pushed.pxd: its lookups are C calls)
    tapped: dict[int, int] = {}  # per merged entry
    try:
        if _taps(ans, entries, tapped) is None:
            return None
        left = None
        units: dict[int, int] | None = None
        if problem.pool:
            left = _left_runs(problem, ans)
        elif ans.get("left_over_counts"):
            units = _left_units(ans, entries, kinds)
            if units is None:
                left = _left_runs(problem, ans)
    except (PushError, KeyError, IndexError, TypeError):
        return None  # fields_after is None too: board_after says why
    if units is None:
        units = {}
    if left is not None:  # the pool left (_pool_left's, without making its mana objects)
        for m in left[0]:
            k = _kind(kinds, m.type, m.snow, m.only)
            if k < 0:
                return None
            units[1 << k] = units.get(1 << k, 0) + 1
        for run in left[1]:
            k = _kind(kinds, run[0], run[1], run[2])
            if k < 0:
                return None
            units[1 << k] = units.get(1 << k, 0) + run[3]
    life = supply.life
    paid = ans.get("life_paid", 0) + ans.get("damage", 0)
    if paid:
        player = problem.player
        life = life_units(player.life - paid, player.keep_life)
    return supply.after(tapped, tuple(units.items()) if units else (), life)


def _left_units(answer: dict[str, Any], entries: Entries, kinds: dict[Any, int]
                ) -> dict[int, int] | None:
    """The pool :func:`supply_after` counts when the board had no pool and ``answer`` (verified,
    only tapping copies of ``entries``) left mana over, as units per kind, without walking its
    payments: when every activation making a type left over makes it of one kind (its source's
    snow flag and its ability's restriction, in the board's layout ``kinds``), the units of that
    type left over (``left_over_counts``) are all of that kind, whichever maker's they are. None
    when makers of a type left over make different kinds, or none makes it: :func:`_left_runs`
    then gives each maker its own."""
    ans = answer  # a dict (typed in pushed.pxd: its lookups are C calls)
    wanted = ans["left_over_counts"]
    kind_of: dict[str, int] = {}  # per type left over: the kind its makers make
    for act in ans["activations"]:
        entry = entries[act["source"]]
        last = None
        for t in _types(act.get("adds", "")):
            if t is not last and t in wanted:  # ({C}{C}: one type, one kind)
                last = t
                k = _kind(kinds, t, entry[3], entry[4][act["ability"]])
                if k < 0 or kind_of.setdefault(t, k) != k:
                    return None
    units: dict[int, int] = {}
    for t, n in wanted.items():
        if n:
            k = kind_of.get(t, -1)
            if k < 0:
                return None
            units[1 << k] = units.get(1 << k, 0) + n
    return units


def _kind(kinds: dict[Any, int], t: str, snow: Any, only: Any) -> int:
    """The board layout's kind of a pool unit (type, snow flag, restriction): a kind of the
    pool, or the kind its maker makes (the same symbols accept both); -1 when it has none."""
    k = kinds.get((t, snow, only, True))
    if k is None:
        k = kinds.get((t, snow, only, False))
    return -1 if k is None else k


def _pool_left(problem: Problem, answer: dict[str, Any]) -> tuple[PoolMana, ...]:
    """The pool after ``answer``: the given pool less what its payments spent, then the mana its
    activations made and left over (106.4), one pool entry per maker."""
    left = _left_runs(problem, answer)
    if left is None:
        return ()
    kept = left[0]
    runs = left[1]
    if not runs:
        return tuple(kept)
    entry = -1  # the pool's last entry, then each maker's after it
    for m in problem.pool:
        if m.entry > entry:
            entry = m.entry
    for t, snow, only, n in runs:
        entry += 1
        kept.extend([PoolMana(t, snow, only, None, entry)] * n)
    return tuple(kept)


def _left_runs(problem: Problem, answer: dict[str, Any]
               ) -> tuple[list[PoolMana], list[tuple[str, Any, Any, int]]] | None:
    """:func:`_pool_left`'s pool as what it is made of, for a count that needs no pool objects
    (:func:`supply_after`): the given pool's mana not spent (its own objects) and, per maker
    in order, the mana it made and left over (type, snow flag, restriction, units); None when
    the pool is empty and nothing is left over (most payments). Raises :class:`PushError` for
    mana left over that can't be given back to its makers."""
    ans = answer  # a dict (typed in pushed.pxd: its lookups are C calls; so are its items')
    if not problem.pool and not ans.get("left_over_counts", {}):
        return None
    spent_from_pool: dict[int, int] = {}
    paid_from: dict[tuple[str, str], int] = {}  # (source id, type) -> units paid from it
    _spent(ans.get("payments", ()), spent_from_pool, paid_from)
    for act in ans.get("activations", ()):  # an ability's mana cost (a filter land's) spends too
        paid = act.get("paid")
        if paid:
            _spent(paid, spent_from_pool, paid_from)
    kept: list[PoolMana] = []
    for m in problem.pool:
        if spent_from_pool.get(m.entry, 0) > 0:
            spent_from_pool[m.entry] -= 1
        else:
            kept.append(m)
    for n in spent_from_pool.values():
        if n:
            raise PushError("the answer spends pool mana the board doesn't have")
    wanted = ans.get("left_over_counts", {})
    got: dict[str, int] = {}
    for m in kept:  # the answer's mana left counts the pool's too
        got[m.type] = got.get(m.type, 0) + 1
    runs: list[tuple[str, Any, Any, int]] = []
    if got == wanted:
        return kept, runs
    for key, made in _made(problem, answer).items():
        n = made[0] - paid_from.get(key, 0)
        if n <= 0:
            continue
        t = key[1]
        got[t] = got.get(t, 0) + n
        runs.append((t, made[1], made[2], n))
    if {t: n for t, n in got.items() if n} != dict(wanted):
        raise PushError(f"the mana left over ({wanted}) can't be given back to the sources that "
                        "made it (an extra's or a replacement's mana, 9.4): it can't be pushed")
    return kept, runs


def _spent(payments: Any, from_pool: dict[int, int], paid_from: dict[tuple[str, str], int]) -> None:
    """Add the mana ``payments`` (an answer's, or an activation's ``paid``) spent: per pool entry
    (``from_pool``), and per (source id, type) made by an activation (``paid_from``)."""
    for payment in payments:
        for item in payment.get("mana", ()):
            n = item.get("count", 1)
            if item.get("source") == "pool":
                from_pool[item["pool"]] = from_pool.get(item["pool"], 0) + n
            elif "source" in item and "type" in item:
                key = (item["source"], item["type"])
                paid_from[key] = paid_from.get(key, 0) + n


def _made(problem: Problem, answer: dict[str, Any]) -> dict[tuple[str, str], tuple[int, Any, Any]]:
    """Per (source id, type): the units the answer's activations made there, the source's snow
    flag and the ability's restriction (one restriction per source and type, else refused)."""
    by_id = {s.id: s for s in problem.sources}
    made: dict[tuple[str, str], tuple[int, Any, Any]] = {}
    for act in answer.get("activations", ()):
        sid = act["source"]
        src = by_id.get(sid)
        if src is None:  # an entry the replay split off (``id~2``) is named by its own id
            src = by_id.get(sid.rsplit("~", 1)[0])
        if src is None:
            raise PushError(f"the answer activates {sid!r}, which this board doesn't have")
        only = src.abilities[act["ability"]].only
        times = act.get("times", 1)
        for t in _types(act.get("adds", "")):
            n, snow, was = made.get((sid, t), (0, src.snow, only))
            if was != only:
                raise PushError(f"{sid!r} made {t} mana with two restrictions: the mana left "
                                "over can't be told apart, so it can't be pushed")
            made[(sid, t)] = (n + times, snow, only)
    return made


MAX_ADDS = 1024
_TYPES_OF: dict[str, tuple[str, ...]] = table(MAX_ADDS)
""":func:`_types` per ``adds`` string met (a board's few; models/caches.py's table)."""


def _types(adds: str) -> tuple[str, ...]:
    """The mana types of an ``adds`` string, one per unit (``{C}{C}`` -> C, C)."""
    out = _TYPES_OF.get(adds)
    if out is not None:
        return out
    parts = []
    for part in adds.replace("}", "").split("{")[1:]:
        if part not in TYPES:
            raise PushError(f"the activation's mana {adds!r} is not one unit per symbol: it can't "
                            "be given back to the pool")
        parts.append(part)
    return remember(_TYPES_OF, adds, tuple(parts), MAX_ADDS)
