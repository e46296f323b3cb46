"""The reference's own reading of spec 9.4 (triggered and replacement mana), beside ``brute.py``.

``brute_pay_effects(problem)`` is ``brute_pay`` for a problem with ``effects``: the same
exhaustive search over every sequence of activations, where each {T} activation of a permanent
an effect watches first gets every result of its replacements, applied one at a time in every
order (616.1e-f: while one applies, one must be applied; each at most once), then the mana of
every extra it triggers (106.12a), each extra's mana unrestricted and not snow (9.7). It reads
the effects from the problem's JSON itself and shares no code with ``solver/``.

An ``on`` extra names one permanent; on an entry of several copies the enchanted copy is split
off as an entry of its own, untapped if any copy is (the solver's documented choice).
"""

from __future__ import annotations

import copy

from .board_rules import _results, _watches
from .brute import DEFAULT_TAIL, DEFAULT_TAIL_V2, _Search, objective_list, search_outcome


def _resolved(effects: list[dict], facts: dict) -> list[dict]:
    """The extras whose "if" holds on the board's facts, each "times" fact read as its number
    (tapwise extension; the facts stay fixed through a payment, the loader sees to it)."""
    out = []
    for e in effects:
        ok = True
        for c in e.get("if", []):
            value = facts[c["fact"].lower()]
            ok &= ("min" not in c or value >= c["min"]) and ("max" not in c or value <= c["max"])
        times = e.get("times", 1)
        if isinstance(times, dict):
            times = facts[times["fact"].lower()]
        if ok and times > 0:
            out.append({**e, "times": times})
    return out


class _EffectsSearch(_Search):
    def __init__(self, problem: dict, watching: list[list[dict]], chosen: list, cubes: set, max_states: int) -> None:
        self.watching = watching
        self.chosen = chosen
        self.cubes = cubes  # (entry, ability) of each Doubling Cube ability
        super().__init__(problem, max_states)
        for ei, ai in cubes:
            self.sources[ei].abilities[ai].double = True

    def _x_bound(self, problem: dict) -> int:
        """X's bound reads the most mana each ability makes: under the effects, the most any
        result of any output makes."""
        for ei, src in enumerate(self.sources):
            if not self.watching[ei]:
                continue
            for ab in src.abilities:
                if ab.tap:
                    reps = self._most_reps(src, ab)
                    outs = ab.outputs if reps == 1 else self._repeated(ab.outputs, reps)
                    ab.max_out = max((len(own) + len(extra) for out in outs
                                      for own, extra in _results(tuple(out), self.watching[ei], self.chosen[ei])),
                                     default=0)
        bound = super()._x_bound(problem)
        grow = 1
        for ei, _ in self.cubes:  # each Cube activation at most doubles all there is, times the multiplies
            factor = 1
            for e in self.watching[ei]:
                factor *= e.get("factor", 1) if e["kind"] == "multiply" else 1
            grow *= (1 + factor) ** self.sources[ei].count
        return bound * grow

    def _after_costs(self, state, pool_d, ei, src, ab, new_copies, new_zones, moved_here, reps, sacrifices_extra,
                     base):
        if getattr(ab, "double", False):
            yield from self._doubled(state, pool_d, ei, src, ab, new_copies, new_zones, moved_here, sacrifices_extra)
            return
        effects = self.watching[ei] if ab.tap else []
        if not effects:
            yield from super()._after_costs(state, pool_d, ei, src, ab, new_copies, new_zones, moved_here, reps,
                                            sacrifices_extra, base)
            return
        made_all = base if reps == 1 else sorted(self._repeated(base, reps))
        copies, pool, a_life, damage, energy, sacrifices, cards, moved, zones, drawbacks = state
        for after, a2, d2 in self._paid_costs(pool_d, ab, ei, a_life, damage):
            for made in made_all:
                for own, extra in _results(tuple(made), effects, self.chosen[ei]):
                    p = _with_made(after, own, extra, src, ab)
                    sac = 1 if ab.sacrifice and not src.hand else 0
                    card = (1 if ab.sacrifice and src.hand else 0) + sum(ab.cards)
                    yield (new_copies, tuple(sorted(p.items())), a2, d2,
                           energy + ab.energy, sacrifices + sac + sacrifices_extra, cards + card, moved + moved_here,
                           new_zones, drawbacks + (1 if ab.drawback else 0))


def _with_made(after: dict, own, extra, src, ab) -> dict:
    """The pool ``after`` with an activation's own mana (its source's snow, its ability's
    restriction) and an effect's extra mana (not snow, unrestricted) added."""
    p = dict(after)
    for t in own:
        u = (t, src.snow, ab.only, True)
        p[u] = p.get(u, 0) + 1
    for t in extra:  # the effect's permanent makes it: not snow, unrestricted
        u = (t, False, -1, True)
        p[u] = p.get(u, 0) + 1
    return p


def _doubled_method(self, state, pool_d, ei, src, ab, new_copies, new_zones, moved_here, sacrifices_extra):
    """Doubling Cube: once its cost is paid, each mana in the pool, of whatever kind, gets one
    more of its type, the Cube's own (its snow, its ability's restriction, made by an activation).
    9.7: effects apply to every {T} ability, the Cube's included: what it makes is one event,
    replaced and triggered on like any other's (_results)."""
    copies, pool, a_life, damage, energy, sacrifices, cards, moved, zones, drawbacks = state
    effects = self.watching[ei] if ab.tap else []
    for after, a2, d2 in self._paid_costs(pool_d, ab, ei, a_life, damage):
        made = tuple(sorted(t for (t, _snow, _only, _made), n in after for _ in range(n)))
        ends = _results(made, effects, self.chosen[ei]) if effects else {(made, ())}
        for own, extra in sorted(ends):
            p = _with_made(after, own, extra, src, ab)
            p = {u: n for u, n in p.items() if n}
            sac = 1 if ab.sacrifice and not src.hand else 0
            yield (new_copies, tuple(sorted(p.items())), a2, d2, energy + ab.energy,
                   sacrifices + sac + sacrifices_extra, cards + sum(ab.cards), moved + moved_here, new_zones,
                   drawbacks + (1 if ab.drawback else 0))


_EffectsSearch._doubled = _doubled_method


def brute_pay_effects(problem: dict, *, max_states: int = 200_000) -> dict:
    """``brute_pay`` for a problem that may have ``effects`` (9.4)."""
    problem = copy.deepcopy(problem)
    effects = problem.pop("effects", None) or []
    entries = []
    flags = []  # per entry after splitting: is it the enchanted copy?
    for entry in problem.get("sources", []) or []:
        named = any("on" in e and e["on"] == entry.get("id") for e in effects)
        count = int(entry.get("count", 1))
        if not named or count == 1:
            entries.append(entry)
            flags.append(True)
            continue
        tapped = entry.get("tapped", False)
        tapped_n = count if tapped is True else 0 if not tapped else int(tapped)
        untapped = count - tapped_n
        enchanted = {**entry, "count": 1, "tapped": untapped == 0}
        rest = {**entry, "count": count - 1, "tapped": tapped_n if untapped else tapped_n - 1}
        entries += [enchanted, rest]
        flags += [True, False]
    cubes = set()
    for ei, entry in enumerate(entries):
        for ai, ab in enumerate(entry.get("abilities", []) or []):
            if isinstance(ab.get("add"), dict) and ab["add"].get("double_pool"):
                entry = entries[ei] = {**entry, "abilities": list(entry["abilities"])}
                entry["abilities"][ai] = {**ab, "add": "{C}"}  # its output is read from the pool (_doubled)
                cubes.add((ei, ai))
    problem["sources"] = entries
    if (effects or cubes) and "objective" not in problem:  # 9.6: effects are a section 9 key, so its default order
        names = objective_list(problem)
        if names[-len(DEFAULT_TAIL):] == DEFAULT_TAIL:
            names = names[:-len(DEFAULT_TAIL)] + DEFAULT_TAIL_V2
        problem["objective"] = names
    effects = _resolved(effects, {str(k).lower(): v for k, v in (problem.get("facts") or {}).items()})
    watching = [[e for e in effects if _watches(e, entry, flag)] for entry, flag in zip(entries, flags)]
    chosen = [entry.get("chosen") for entry in entries]
    return search_outcome(_EffectsSearch(problem, watching, chosen, cubes, max_states))
