"""The verifier's checks of section 9's rules, activation by activation (DESIGN principle 4).

Like ``verify`` it reads only the loaded problem and the answer, and shares no code with the
model builder (``compile``, ``expand``): facts are looked up here again (the source's own
first, 9.2), conditions tested again, ``times`` counted again, and each copy's counters and
uses kept as the activations are replayed in the answer's order.
"""

from __future__ import annotations

from tapwise.models.caches import memo
from typing import Any

from tapwise.models.problem import Ability, Problem, Source


class BoardState:
    """What section 9 adds to a replay: per source, the counters its abilities removed and put,
    and how often each of its abilities without {T} was activated; the counts the answer and
    the 9.6 objectives report."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.removed = 0  # counters removed, by costs and by "remove" amounts
        self.put = 0
        # cards exiled from the hand (9.1), discarded, exiled from the graveyard, milled
        self.cards = 0
        self.discarded = self.exiled = self.milled = 0
        # activations with a drawback, as the answer lists them
        self.drawbacks: list[dict[str, Any]] = []
        # removed by costs, per ability
        self.per_activation_removed: dict[tuple[str, int], int] = {}
        # removed by "remove" amounts without {T}
        self.removed_by_amount: dict[tuple[str, int], int] = {}
        # Per source id: copies still on the battlefield, and how many of them are untapped. A
        # copy sacrificed is, where the player may choose, one that already tapped.
        self.by_id = {src.id: src for src in problem.sources}
        self.alive = {src.id: src.count for src in problem.sources}
        self.untapped = {src.id: src.count - src.tapped for src in problem.sources}
        self.killed = 0  # permanents sacrificed by sacrifice_other
        # Per source id: [copies of it its own abilities without {T} and "self" tapped, and how
        # many activations could carry them] (for min_sources, see ``distinct``)
        self.own_tapped: dict[str, list[int]] = {}
        # 9.3's answer fields, as solver/verify/keywords.py replays the keywords and other costs
        self.keyword_fields: dict[str, Any] = {}

    def _remove_copy(self, sid: str) -> None:
        """One copy of ``sid`` leaves the battlefield: a tapped one if there is one."""
        if self.alive[sid] - self.untapped[sid] <= 0:
            self.untapped[sid] -= 1
        self.alive[sid] -= 1

    def track(self, i: int, act: dict[str, Any], src: Source, ab: Ability, times: int,
              errors: list[str]) -> list[str]:
        """Replay the copies activation ``i`` uses (9.2): its own copy acting (alive, tapping,
        sacrificed), and the permanents its ``sacrifice_other`` or ``tap_other`` takes. Returns the
        ids of the copies it tapped this way."""
        where = f"activations[{i}]"
        sid = src.id
        tapped_ids: list[str] = []
        for _ in range(times):
            if self.alive[sid] <= 0:
                errors.append(f"{where}: every copy of {sid} is gone (sacrificed) before it acts")
                return tapped_ids
            if ab.tap:
                self.untapped[sid] -= 1
                if self.untapped[sid] < 0:
                    errors.append(f"{where}: no untapped copy of {sid} is left to tap")
        for key, verb in (("sacrificed", "sacrifice"), ("tapped", "tap")):
            others = ab.sacrifice_other if key == "sacrificed" else ab.tap_other
            ids = act.get(key)
            if others is None:
                if ids:
                    errors.append(f"{where}: {sid} ability has no {verb}_other "
                                  f"cost, but the answer lists {key} permanents")
                continue
            # n "X": each of the entry's activations took as many (one or more)
            if others.any_number:
                if not isinstance(ids, list) or not ids or len(ids) % times:
                    errors.append(f"{where}: {key} must list the same number of permanents (one or "
                                  f"more) for "
                                  f"each of its {times} activations, not {ids!r}")
                    continue
            elif not isinstance(ids, list) or len(ids) != others.n * times:
                errors.append(f"{where}: {key} must list {others.n * times} permanents, not "
                              f"{ids!r}")
                continue
            own = ids.count(sid)  # (a source's id is a string: the loader's)
            if key == "tapped" and own and not others.self and not ab.tap:
                if own > (self.alive[sid] - 1) * times:  # each activation spares the copy acting
                    errors.append(f"{where}: {sid} can't tap itself (no \"self\"): at most "
                                  f"{self.alive[sid] - 1} of its copies per activation")
                carried = self.own_tapped.setdefault(sid, [0, 0])
                carried[0] += own
                carried[1] += min(own, times)
            for q in ids:
                victim = self.by_id.get(q) if isinstance(q, str) else None
                if victim is None or not others.matches(victim):
                    errors.append(f"{where}: {q!r} is not a permanent the cost may {verb}")
                    continue
                # (a tap without {T} is judged per activation above)
                if q == sid and not others.self and self.alive[sid] < 2 and (key == "sacrificed"
                                                                             or ab.tap):
                    errors.append(f"{where}: {sid} can't {verb} itself (no \"self\")")
                if key == "sacrificed":
                    if self.alive[q] <= 0:
                        errors.append(f"{where}: no copy of {q} is left to sacrifice")
                        continue
                    self._remove_copy(q)
                    self.killed += 1
                else:
                    if self.untapped[q] <= 0:
                        errors.append(f"{where}: no untapped copy of {q} is left to tap")
                        continue
                    self.untapped[q] -= 1
                    tapped_ids.append(q)
        if ab.sacrifice:
            for _ in range(times):
                self._remove_copy(sid)
        return tapped_ids

    def distinct(self) -> dict[str, int]:
        """Per source id, the fewest copies min_sources (9.6) may count: when one activation
        alone tapped n copies of its own entry (no "self"), the copy acting is another (n + 1).
        Two such activations can each be activated by a copy the other tapped (no floor)."""
        return {sid: n + 1 for sid, (n, carriers) in self.own_tapped.items() if carriers == 1}

    def fact(self, src: Source, name: str) -> Any:
        """A fact as an activation now reads it: the source's own first (9.2), else the board's
        less what the copies sacrificed so far counted toward it (9.1 ``counts``)."""
        own = dict(src.facts)
        if name in own:
            return own[name]
        value = dict(self.problem.facts).get(name)
        if isinstance(value, int):
            for other in self.problem.sources:
                by = dict(other.counts).get(name)
                if by:
                    value -= by * (other.count - self.alive[other.id])
        return value

    def add_outputs(self, src: Source, ab: Ability) -> tuple[tuple[str, ...], ...]:
        """What one activation of an add that reads the board may make: n mana (n perhaps a
        fact), each of the colors ``of`` allows (a color string, a fact naming colors, or the
        source's chosen color); ``any_color`` lets each mana be its own color of those."""
        add = ab.add
        kind = next(k for k in ("any_color", "one_color", "each_color", "any_type") if k in add)
        n = add[kind]
        if isinstance(n, dict):
            n = self.fact(src, n["fact"])
        of = add.get("of", "WUBRG" if kind != "any_type" else "WUBRGC")
        # (the loader refuses "chosen" without a chosen color, and a fact that is not a number
        # for n or not colors for of)
        if of == "chosen":
            of = src.chosen
        elif isinstance(of, dict):
            of = self.fact(src, of["fact"])
        if n <= 0 or not of:
            return ()
        if kind == "one_color":
            return tuple((c,) * n for c in of)
        if kind == "each_color":  # n mana of each color named, each of that color alone
            return (tuple(c for c in "WUBRG" if c in of for _ in range(n)),)
        return ((of,) * n,)

    def _holds(self, src: Source, cond) -> bool:
        value = self.fact(src, cond.fact)  # a number: the loader refuses a condition's other facts
        return (cond.min is None or value >= cond.min) and (cond.max is None or value <= cond.max)

    def check(self, i: int, act: dict[str, Any], src: Source, j: int, ab: Ability, made: tuple[str, ...],
              choices: tuple[tuple[str, ...], ...], times: int, errors: list[str]) -> bool:
        """Check activation ``i`` (``times`` activations of ability ``j`` of ``src``, each adding
        ``made``; ``choices`` are the ability's outputs before ``times``) against 9.1-9.2. False
        when its output is not one it can make (the caller then reports nothing more of it)."""
        where = f"activations[{i}]"
        sid = src.id
        if ab.tap and src.zone != "battlefield":
            errors.append(f"{where}: {sid} is a card in the {src.zone} and can't tap")
        if (ab.zone or "battlefield") != src.zone and (ab.zone is not None
                                                       or src.zone == "graveyard"):
            errors.append(f"{where}: {sid} is in the {src.zone}, where its ability {j} doesn't "
                          f"work")
        if ab.tap and src.sick and "creature" in src.types:
            errors.append(f"{where}: {sid} is summoning sick, so its {{T}} ability can't be "
                          f"activated (302.6)")
        if ab.if_ and not all(self._holds(src, c) for c in ab.if_):
            errors.append(f"{where}: {sid} ability {j}'s condition (if) doesn't hold")
        if ab.unless and all(self._holds(src, c) for c in ab.unless):
            errors.append(f"{where}: {sid} ability {j} can't be activated: its unless conditions "
                          f"all hold")
        counters = dict(src.counters)
        cost_removed = dict(ab.remove_counters)
        for kind, n in cost_removed.items():
            if counters.get(kind, 0) < n:
                errors.append(f"{where}: {sid} has {counters.get(kind, 0)} {kind} counters, can't "
                              f"remove {n}")
        reps = 1
        removed_here = act.get("removed")
        t = ab.times
        # an amount is read as the ability resolves: after its costs removed and put counters
        after = dict(counters)
        for kind, n in cost_removed.items():
            after[kind] = after.get(kind, 0) - n
        for kind, n in ab.put_counters:
            after[kind] = after.get(kind, 0) + n
        if t is not None and t.remove is not None:
            most = after.get(t.remove, 0)
            if not isinstance(removed_here, int) or isinstance(removed_here, bool) or not 0 <= removed_here <= most:
                errors.append(f"{where}: {sid} removes {removed_here!r} {t.remove} counters; it "
                              f"may remove 0 to {most}")
                return False
            reps = removed_here + t.plus
        elif removed_here is not None:
            errors.append(f"{where}: says it removed {removed_here!r} counters, but its amount is "
                          f"not \"remove\"")
        elif t is not None:
            if t.number is not None:
                n = t.number
            elif t.victim is not None:  # each activation: that fact of the permanent it sacrificed
                n = _victim_value(self.by_id, where, act, t.victim, errors)
                if n is None:
                    return False
            elif t.taken is not None:  # each activation: how many permanents it took
                ids = act.get("sacrificed" if t.taken == "sacrifice_other" else "tapped")
                n = len(ids) // times if isinstance(ids, list) else 0
            elif t.fact is not None:
                n = self.fact(src, t.fact)  # a number: the loader refuses others
            else:
                n = after.get(t.counters, 0)
            reps = n + t.plus
            if t.up_to:  # any number up to the fact: the one that made what the answer says
                reps = next((r + t.plus for r in range(max(0, n) + 1)
                             if _made_by(choices, tuple(sorted(made)), max(0, r + t.plus))), reps)
        if t is not None and not _made_by(choices, tuple(sorted(made)), max(0, reps)):
            errors.append(f"{where}: {sid} ability {j} can't add {act.get('adds')!r} ({reps} times "
                          f"its add)")
            return False
        # Counters on each copy: the activations of one ability spread over the copies.
        per_removal = sum(cost_removed.values()) + (removed_here or 0)
        self.removed += per_removal * times
        self.put += sum(n for _, n in ab.put_counters) * times
        # the copy's counters, over all activations
        if t is not None and t.remove is not None and not ab.tap:
            key = (sid, j)
            each = (removed_here or 0) + cost_removed.get(t.remove, 0)  # its cost's of that kind too
            spent = self.removed_by_amount[key] = self.removed_by_amount.get(key, 0) + each * times
            have = counters.get(t.remove, 0)
            if src.count != 1:
                errors.append(f"{where}: {sid} has {src.count} copies, so which copy's {t.remove} "
                              f"counters its "
                              f"ability {j} removed can't be told")
            elif spent > have:
                errors.append(f"{where}: {sid} ability {j} removes {spent} {t.remove} counters in "
                              f"all, but it has {have}")
        if cost_removed and not ab.tap:
            key = (sid, j)
            done = self.per_activation_removed[key] = self.per_activation_removed.get(key,
                                                                                      0) + times
            most = src.count * min(counters.get(k, 0) // n for k, n in cost_removed.items())
            if done > most:
                errors.append(f"{where}: {sid} ability {j} is activated {done} times, but its "
                              f"copies' counters "
                              f"allow {most}")
        # a card exiled from the hand or the graveyard
        if ab.sacrifice and src.zone != "battlefield":
            self.cards += times
        # Cards as costs (9.2), bounded by the zones as the payment starts.
        problem = self.problem
        for attr, field, have in (("discarded", "discard", problem.hand),
                                  ("exiled", "exile_graveyard", problem.graveyard),
                                  ("milled", "mill", problem.library)):
            n = getattr(ab, field) * times
            if n:
                setattr(self, attr, getattr(self, attr) + n)
                self.cards += n
                if have is not None and getattr(self, attr) > have:
                    errors.append(f"{where}: {field} needs {getattr(self, attr)} cards in all, but "
                                  f"there are {have}")
        if ab.drawback is not None:
            self.drawbacks.append({"source": sid, "ability": j, "drawback": ab.drawback,
                                   "times": times})
        return True

    def per_copy_uses(self, src: Source, ab: Ability) -> int | None:
        """How often one copy may activate ``ab`` (without {T}); None: no limit per copy."""
        bound = None
        if ab.remove_counters:
            counters = dict(src.counters)
            bound = min(counters.get(k, 0) // n for k, n in ab.remove_counters)
        if not ab.uses_any:
            bound = ab.uses if bound is None else min(bound, ab.uses)
        return bound

    def fields(self) -> dict[str, Any]:
        """The 9.6 answer fields this replay gives."""
        return {"discarded": self.discarded, "counters_removed": self.removed,
                "drawbacks": self.drawbacks,
                **self.keyword_fields}

    def values(self) -> dict[str, int]:
        """The 9.6 objectives' values."""
        return {"min_drawbacks": sum(d["times"] for d in self.drawbacks), "min_cards": self.cards,
                "min_counters": self.removed + self.put}


def _victim_value(by_id: dict[str, Source], where: str, act: dict[str, Any], name: str,
                  errors: list[str]) -> int | None:
    """The ``name`` fact of the permanents an entry's activations sacrificed (tapwise's times
    ``victim``): each activation makes that many times its add, so one entry's victims must
    agree (an activation entry has one ``adds``)."""
    values = set()
    for q in act.get("sacrificed") or []:
        victim = by_id.get(q) if isinstance(q, str) else None
        value = dict(victim.facts).get(name) if victim is not None else None
        if not isinstance(value, int):
            errors.append(f"{where}: sacrificed {q!r}, whose {name!r} is not given")
            return None
        values.add(value)
    if len(values) != 1:
        errors.append(f"{where}: its amount is the sacrificed permanent's {name!r}, but it "
                      f"lists "
                      f"{'no permanent' if not values else 'permanents of different ' + name}")
        return None
    return values.pop()


@memo(4096)
def _made_by(choices: tuple[tuple[str, ...], ...], made: tuple[str, ...], n: int) -> bool:
    """Is ``made`` (sorted types) what n repetitions of an add with ``choices`` make, each
    repetition one of the choices (each unit of a choice one mana of a type it allows)?"""
    if n == 0:
        return not made
    for choice in choices:
        for rest in _take(choice, made):
            if _made_by(choices, rest, n - 1):
                return True
    return False


def _take(units: tuple[str, ...], made: tuple[str, ...]) -> set[tuple[str, ...]]:
    """Every ``made`` less one mana for each unit (a mana of a type the unit allows)."""
    if not units:
        return {made}
    out: set[tuple[str, ...]] = set()
    for k, t in enumerate(made):
        if t in units[0] and (k == 0 or made[k - 1] != t):
            out |= _take(units[1:], made[:k] + made[k + 1:])
    return out
