"""The board one answer of a plan leaves (spec 7 with 9.1-9.2), worked out copy by copy.

A plan verifies each answer on the board the answers before it left, so that board must say
exactly what is left: which copies are tapped, the counters and the uses each copy has left,
the copies other costs sacrificed or tapped, the cards left in the zones, and the facts the
sacrificed copies counted toward (9.1 ``counts``). The answer names sources, not copies, so the
copy each activation used is chosen here: among the copies that can do it, the one most used
up already (a sacrifice takes a tapped copy first, 701.17 leaves the choice to the player; then
fewest counters, then fewest uses left), so the copies left are the freshest ones. Copies that
end in different states become entries of their own: the first keeps the id, the others get
``id~2``, ``id~3``, ... (as :func:`tapwise.solver.queries.keep.board_left` names them).

Cards discarded or milled are not added to ``graveyard`` (9.7: it counts the cards there before
the payment; within a plan, as within one payment, they are not offered to exile costs).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from tapwise.models.problem import Ability, Problem, Source
from tapwise.solver.answer.keywords import Late
from tapwise.models.values import evolve


class LeftError(ValueError):
    """An answer asks a copy for something no copy left can do: a bug, never returned."""


@dataclass
class _Copy:
    """One copy of a source entry as the replay goes: tapped, its counters, and per ability the
    activations it has left (None: no limit of its own, a {T} ability or ``uses: "any"``)."""

    tapped: bool
    counters: dict[str, int]
    uses: list[int | None]
    alive: bool = True

    def key(self) -> tuple[Any, ...]:
        return tuple(sorted(self.counters.items())), tuple(self.uses)


@dataclass(frozen=True)
class Left:
    """What an answer leaves besides the pool, life and energy, and what it counted on the way."""

    sources: tuple[Source, ...]
    facts: tuple[tuple[str, Any], ...]
    hand: int
    graveyard: int
    library: int | None
    sacrificed: int  # permanents sacrificed, by their own ability or by another's cost (9.7)
    cards: int  # min_cards: cards exiled from the hand, discarded, exiled, milled
    counters: int  # min_counters: counters removed and put
    # copies tap_other tapped, by source
    tapped_by_others: dict[str, int] = field(default_factory=dict)
    # entries split off: new id -> the id split
    derived: dict[str, str] = field(default_factory=dict)
    late: Late = Late()  # what 601.2h took, naming the entries each copy was in
    # as replayed, naming the entries used
    activations: list[dict[str, Any]] = field(default_factory=list)
    # per entry, the fewest copies used (9.6, see below)
    distinct: dict[str, int] = field(default_factory=dict)


def _limit(a: Ability) -> int | None:
    return None if a.tap or a.uses_any else a.uses


class _Replay:
    def __init__(self, problem: Problem, derived: dict[str, str] | None = None) -> None:
        self.problem = problem
        # entries earlier answers split off: new id -> the id split
        self.split = dict(derived or {})
        self.copies: dict[str, list[_Copy]] = {}
        self.taken = {s.id for s in problem.sources}
        self.derived: dict[str, str] = {}  # ids of entries split off -> the id they were split from
        for s in problem.sources:
            counters = dict(s.counters)
            uses = [_limit(a) for a in s.abilities]
            self.copies[s.id] = [_Copy(k >= s.count - s.tapped, dict(counters), list(uses))
                                 for k in range(s.count)]

    def _new_id(self, sid: str) -> str:
        """An id for copies of ``sid`` split off into an entry of their own: ``sid~2``, ``sid~3``,
        ..."""
        k = 2
        while f"{sid}~{k}" in self.taken:
            k += 1
        self.taken.add(f"{sid}~{k}")
        self.derived[f"{sid}~{k}"] = sid
        return f"{sid}~{k}"

    def group(self, sid: str) -> list[str]:
        """``sid`` and the entries earlier answers split off it: an answer names copies by the
        entry they were in on the plan's board, and a later one may find them in any of these."""
        def root(i: str) -> str:
            while i in self.split:
                i = self.split[i]
            return i
        return [sid] + [new for new in self.split if new != sid and root(new) == sid]

    def _pick(self, sid: str, ok, sacrifice: bool, what: str, tapped_first: bool = False,
              ids: list[str] | None = None, fresh: int | None = None, sign: int = -1) -> tuple[str, _Copy]:
        """The copy of ``sid`` (or of an entry split off it; ``ids``: of those entries) that does
        ``what``, and the entry it is in: among those ``ok`` allows, the most used up
        (``tapped_first``: a tapped one first; ``fresh``: the one with the most activations of
        that ability left first, or with ``sign`` 1 the fewest)."""
        alive = [(i, c) for i in (self.group(sid) if ids is None else ids)
                 for c in self.copies.get(i, ()) if c.alive and ok(c)]
        if not alive:  # gone to an earlier answer: none
            raise LeftError(f"no copy of {sid} is left that can {what}")

        def left(c: _Copy) -> float:
            u = c.uses[fresh] if fresh is not None else None
            return float("inf") if u is None else u

        return min(alive, key=lambda ic: (sign * left(ic[1]) if fresh is not None else 0,
                                          not ic[1].tapped if sacrifice or tapped_first else 0,
                                          sum(ic[1].counters.values()),
                                          sum(u for u in ic[1].uses if u is not None)))

    def act(self, src: Source, j: int, ab: Ability, act: dict[str, Any]) -> list[dict[str, Any]]:
        """Replays ``act`` copy by copy; returns it as done, naming the entries the copies were
        in (one activation per run of copies from the same entry)."""
        removed = act.get("removed", 0)
        cost = dict(ab.remove_counters)
        if ab.times is not None and ab.times.remove is not None:
            cost[ab.times.remove] = cost.get(ab.times.remove, 0) + removed

        def can(c: _Copy) -> bool:
            if ab.tap and c.tapped:
                return False
            if c.uses[j] is not None and c.uses[j] <= 0:
                return False
            return all(c.counters.get(k, 0) >= n for k, n in cost.items())

        times = act["times"]
        own = set(self.group(src.id))
        victims = {"tapped": list(act.get("tapped", ())), "sacrificed": list(act.get("sacrificed",
                                                                                     ()))}
        each = {key: len(ids) // times for key, ids in victims.items()}
        paid = list(act.get("paid", ()))
        per_paid = len(paid) // times
        done: list[dict[str, Any]] = []
        for r in range(times):
            taps_own = any(v in own
                           for v in victims["tapped"][r * each["tapped"]:(r + 1) * each["tapped"]])
            # 9.2: an ability without {T} tapping copies of its own entry is best activated by a
            # tapped copy, leaving the untapped ones to be tapped
            entry, c = self._pick(src.id, can, ab.sacrifice and not ab.tap, f"activate ability {j}",
                                  tapped_first=taps_own and not ab.tap)
            if ab.tap:
                c.tapped = True
            if c.uses[j] is not None:
                c.uses[j] -= 1
            for k, n in cost.items():
                c.counters[k] -= n
            for k, n in ab.put_counters:
                c.counters[k] = c.counters.get(k, 0) + n
            named: dict[str, list[str]] = {}
            for key, others in (("tapped", ab.tap_other), ("sacrificed", ab.sacrifice_other)):
                for victim in victims[key][r * each[key]:(r + 1) * each[key]]:
                    def ok(v: _Copy, key: str = key, others=others) -> bool:
                        if v is c and not (others is not None and others.self):
                            return False  # 9.7: the activating copy only with "self"
                        return key == "sacrificed" or not v.tapped
                    # Of its own entry (9.2), a copy that is to act again is the one to tap (an
                    # untapped copy left to act last would have no other copy to tap), and one
                    # that can't act again the one to sacrifice.
                    mine = victim in own and (key == "sacrificed" or not ab.tap)
                    where, chosen = self._pick(victim, ok, key == "sacrificed", f"be {key}",
                                               fresh=j if mine else None, sign=1
                                               if key == "sacrificed" else -1)
                    named.setdefault(key, []).append(where)
                    if key == "tapped":
                        chosen.tapped = True
                    else:
                        chosen.alive = False
            if ab.sacrifice:
                c.alive = False
            one = {**act, "source": entry, "times": 1, **{k: named.get(k, []) for k in victims
                                                          if k in act}}
            if "paid" in act:
                one["paid"] = paid[r * per_paid:(r + 1) * per_paid]
            if done and done[-1]["source"] == entry:
                last = done[-1]
                last["times"] += 1
                for k in ("tapped", "sacrificed", "paid"):
                    if k in one:
                        last[k] = last[k] + one[k]
            else:
                done.append(one)
        return done

    def _entry_for(self, ids: list[str], ok) -> str:
        """The first of ``ids`` (an entry and those split off it) with a copy ``ok`` allows."""
        return next((i for i in ids if any(c.alive and ok(c) for c in self.copies.get(i, ()))),
                    ids[0])

    def tap_late(self, ids: list[str]) -> str:
        """An untapped copy of the entry ``ids`` names tapped as the total cost is paid
        (convoke, improvise, tap_other); the id of the entry it is in."""
        sid = self._entry_for(ids, lambda c: not c.tapped)
        self._pick(sid, lambda c: not c.tapped, False, "be tapped as the total cost is paid",
                   ids=[sid])[1].tapped = True
        return sid

    def sacrifice_late(self, ids: list[str]) -> str:
        """A copy of the entry ``ids`` names sacrificed by the total cost's other_costs (a
        tapped one first); the id of the entry it was in."""
        alive = [i for i in ids if any(c.alive for c in self.copies.get(i, ()))]
        tapped = [i for i in alive if any(c.alive and c.tapped for c in self.copies[i])]
        sid = (tapped or alive or ids)[0]
        self._pick(sid, lambda c: True, True, "be sacrificed as the total cost is paid",
                   ids=[sid])[1].alive = False
        return sid

    def sources(self) -> tuple[Source, ...]:
        out: list[Source] = []
        for s in self.problem.sources:
            alive = [c for c in self.copies[s.id] if c.alive]
            if not alive:
                continue
            original = (tuple(sorted(dict(s.counters).items())), tuple(_limit(a)
                                                                       for a in s.abilities))
            groups: dict[tuple[Any, ...], list[_Copy]] = {}
            if any(c.key() == original for c in alive):
                groups[original] = []
            for c in alive:
                groups.setdefault(c.key(), []).append(c)
            for k, (state, copies) in enumerate(groups.items()):
                counters, uses = state
                abilities = tuple(a if u is None or u == a.uses else evolve(a, uses=u)
                                  for a, u in zip(s.abilities, uses))
                entry = evolve(s, id=s.id if k == 0 else self._new_id(s.id), count=len(copies),
                               tapped=sum(c.tapped for c in copies), abilities=abilities)
                if counters != tuple(sorted(dict(s.counters).items())):
                    entry = evolve(entry, counters=tuple(sorted(counters)))
                out.append(entry)
        return tuple(out)


def own_last(activations: list[dict[str, Any]], derived: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """``activations`` with the copies ``sacrifice_other`` and ``tap_other`` take dealt out again
    among the activations of the same ability of the same entry (the same copies in all: any of
    them may take any). Copies of the entry itself sacrificed (``"self"``, 9.2 / 701.21) go to
    the last activations, so a copy that sacrifices itself or another copy of its entry does it
    after the activations the other copies still have to make; copies of the entry itself
    tapped are spread over the activations, one each in turn, as each may tap only the copies
    other than the one acting (9.2 without ``"self"``)."""
    split = derived or {}

    def root(i: str) -> str:
        while i in split:
            i = split[i]
        return i

    out = list(activations)
    for key in ("sacrificed", "tapped"):
        runs: dict[tuple[str, int], list[int]] = {}
        for k, act in enumerate(activations):
            if act.get(key):
                runs.setdefault((root(act["source"]), act["ability"]), []).append(k)
        for (sid, _), ks in runs.items():
            victims = [v for k in ks for v in out[k][key]]
            own = [v for v in victims if root(v) == sid]
            if not own:
                continue
            rest = [v for v in victims if root(v) != sid]
            slots = [(k, len(out[k][key]) // out[k]["times"]) for k in ks
                     for _ in range(out[k]["times"])]
            dealt: list[list[str]] = [[] for _ in slots]
            if key == "sacrificed":  # the entry's own copies last
                flat = rest + own
                at = 0
                for i, (_, n) in enumerate(slots):
                    dealt[i], at = flat[at:at + n], at + n
            else:  # one own copy per activation in turn, the others after
                for i, v in enumerate(own):
                    dealt[i % len(slots)].append(v)
                for i, (_, n) in enumerate(slots):
                    while len(dealt[i]) < n:
                        dealt[i].append(rest.pop(0))
            for k in ks:
                out[k] = {**out[k], key: [v for (kk, _), d in zip(slots, dealt) if kk == k
                                          for v in d]}
    return out


def board_left_by(problem: Problem, activations: list[dict[str, Any]], late: Late = Late(),  # noqa: B008 (a frozen value)
                  derived: dict[str, str] | None = None) -> Left:
    """What ``activations`` (a verified answer's, in its order), then ``late`` (601.2h), leave
    of ``problem``'s board: :class:`Left`; raises :class:`LeftError` if they ask a copy for
    more than it has. Cards discarded and milled go to the graveyard (a later cost may delve
    them); permanents sacrificed don't (9.7). ``late`` names entries of the board as given to
    the plan; with ``derived`` (entries split off by earlier answers: new id -> the id split),
    a copy is taken from an entry split off the one named when that one has none left, and
    ``Left.late`` names the entries each copy came from; so does ``Left.activations``, which are
    ``activations`` as replayed (an activation whose copies came from several entries split)."""
    by_id = {s.id: s for s in problem.sources}
    replay = _Replay(problem, derived)
    activations = [one for act in own_last(activations, derived) for one in
                   replay.act(by_id[act["source"]], act["ability"],
                              by_id[act["source"]].abilities[act["ability"]], act)]
    discard = exile = mill = cards = counters = sacrificed = 0
    tapped_by_others: dict[str, int] = {}
    lowered: dict[str, int] = {}  # board facts, less what sacrificed copies counted toward (9.1)

    def gone(src: Source, n: int) -> None:
        for f, by in src.counts:
            lowered[f] = lowered.get(f, 0) + by * n

    for act in activations:
        src = by_id[act["source"]]
        j, times = act["ability"], act["times"]
        ab = src.abilities[j]
        discard += ab.discard * times
        exile += ab.exile_graveyard * times
        mill += ab.mill * times
        cards += (ab.discard + ab.exile_graveyard + ab.mill) * times
        counters += (sum(n for _, n in ab.remove_counters) + act.get("removed", 0)
                     + sum(n for _, n in ab.put_counters)) * times
        if ab.sacrifice:
            if src.zone != "battlefield":
                cards += times  # a card exiled from the hand (9.1) or the graveyard
            else:
                sacrificed += times
            gone(src, times)
        for victim in act.get("sacrificed", ()):
            sacrificed += 1
            gone(by_id[victim], 1)
        for victim in act.get("tapped", ()):
            tapped_by_others[victim] = tapped_by_others.get(victim, 0) + 1
    split = derived or {}

    def root(sid: str) -> str:
        while sid in split:
            sid = split[sid]
        return sid

    def split_from(sid: str) -> list[str]:
        """``sid`` and the entries split off it, the copies of which it named."""
        return [sid] + [new for new in split if root(new) == sid]

    tapped_ids = [replay.tap_late(split_from(sid)) for sid in late.tapped]
    sacrificed_ids = []
    for sid in late.sacrificed:
        sacrificed_ids.append(replay.sacrifice_late(split_from(sid)))
        sacrificed += 1
        gone(by_id[sacrificed_ids[-1]], 1)
    named = replace(late, tapped=tuple(tapped_ids), sacrificed=tuple(sacrificed_ids))
    discard += late.discard
    exile += late.delved + late.exile
    mill += late.mill
    cards += late.delved + late.discard + late.exile + late.mill
    facts = tuple((f, v - lowered[f] if f in lowered and isinstance(v, int) else v) for f,
                  v in problem.facts)
    library = None if problem.library is None else problem.library - mill
    return Left(replay.sources(), facts, problem.hand - discard,
                problem.graveyard - exile + discard + mill, library,
                sacrificed, cards, counters, tapped_by_others, replay.derived, named, activations,
                _distinct(by_id, activations))


def _distinct(by_id: dict[str, Source], activations: list[dict[str, Any]]) -> dict[str, int]:
    """Per entry, the fewest copies 9.6's ``min_sources`` counts for it: when a single
    activation of an ability without {T} tapped ``n`` copies of its own entry (``tap_other``
    without "self"), the copy acting is another one (``n + 1``). When two activations share
    such taps, each may be activated by a copy the other tapped: no such floor."""
    # per entry: [its copies tapped so, activations that tapped them]
    own: dict[str, list[int]] = {}
    for act in activations:
        ab = by_id[act["source"]].abilities[act["ability"]]
        n = act.get("tapped", []).count(act["source"])
        if n and not ab.tap and ab.tap_other is not None and not ab.tap_other.self:
            carried = own.setdefault(act["source"], [0, 0])
            carried[0] += n
            carried[1] += min(n, act["times"])
    return {sid: n + 1 for sid, (n, carriers) in own.items() if carriers == 1}


def merge_split(sources: tuple[Source, ...], derived: dict[str, str]) -> tuple[Source, ...]:
    """``sources`` with the entries split off (``derived``: new id -> the id it was split from)
    merged back into the entry they came from wherever their copies ended alike."""
    def root(sid: str) -> str:
        while sid in derived:
            sid = derived[sid]
        return sid

    out: list[Source] = []
    for s in sources:
        for k, t in enumerate(out):
            if root(t.id) == root(s.id) and evolve(t, id=s.id, count=s.count, tapped=s.tapped) == s:
                out[k] = evolve(t, count=t.count + s.count, tapped=t.tapped + s.tapped)
                break
        else:
            out.append(s)
    return tuple(out)


def split_enchanted(problem: Problem) -> tuple[Problem, dict[str, str]]:
    """``problem`` with each entry of several copies that an ``on`` extra names (9.4) split in
    two: the enchanted copy keeps the id (untapped when any copy is, as ``pay`` reads it:
    solver/front/effects.py), the other copies become ``id~2``. Exactly the same board, but one
    whose
    entries say which copy is enchanted, so the board a payment leaves says it too (a plan's
    next costs and kept costs are judged on it). Returns the board and new id -> the id split."""
    named = {e.on for e in problem.effects if e.on is not None}
    if not any(s.id in named and s.count > 1 for s in problem.sources):
        return problem, {}
    taken = {s.id for s in problem.sources}
    out: list[Source] = []
    renamed: dict[str, str] = {}
    for s in problem.sources:
        if s.id not in named or s.count == 1:
            out.append(s)
            continue
        k = 2
        while f"{s.id}~{k}" in taken:
            k += 1
        new = f"{s.id}~{k}"
        taken.add(new)
        renamed[new] = s.id
        untapped = s.count - s.tapped
        out.append(evolve(s, count=1, tapped=0 if untapped else 1))
        out.append(evolve(s, id=new, count=s.count - 1, tapped=s.tapped if untapped
                          else s.tapped - 1))
    return evolve(problem, sources=tuple(out)), renamed


def rename_back(answer: dict[str, Any], renamed: dict[str, str]) -> dict[str, Any]:
    """``answer`` (paid on the board :func:`split_enchanted` made) naming the entries as given:
    the other copies' activations and mana named by the entry's own id again, as ``pay`` names
    them (an entry may have several activations, the enchanted copy's and the others')."""
    def fix(value: Any, key: str | None = None) -> Any:
        if isinstance(value, dict):
            return {k: fix(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [fix(v, key) for v in value]
        if isinstance(value, str) and key in ("source", "sacrificed", "tapped"):
            return renamed.get(value, value)
        return value

    return {k: fix(v, k) if k in ("activations", "payments", "drawbacks") else v for k,
            v in answer.items()}
