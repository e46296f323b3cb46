"""Exhaustive reference for spec 9.3: ``brute_keywords(problem)``, convoke (702.51), improvise
(702.126), delve (702.66) and the object's own non-mana costs (``other_costs``, 601.2h).

It runs the search of ``brute.py`` (every sequence of mana-ability activations, copy by copy);
in every state it reaches, it then pays the total cost as 601.2h does, in every way: each copy
still untapped and on the battlefield either does nothing, convokes (for ``{1}`` or for one
symbol of one of its colors, if a creature), improvises (for ``{1}``, if an artifact) or is
tapped by ``other_costs``; any number of the graveyard's cards (which holds what costs
discarded and milled) are delved for ``{1}`` each; ``other_costs`` sacrifices copies still on
the battlefield (one that convoked included: the total cost is paid in any order) and takes
its cards; mana pays the rest. Written from the spec and the rules, sharing no code with
``solver/``.
"""

from __future__ import annotations

import itertools
from typing import Any

from .brute import (COLORS, DEFAULT_TAIL, DEFAULT_TAIL_V2, search_outcome, _CL, _COL, _ENERGY,
                    _GEN_INC, _GEN_OWN, _GEN_X, _LIFE, _SNOW_INC, _SNOW_OWN, _kind_rank, _Search)
from .traits_brute import traits_fit

KEYWORD_KEYS = ("convoke", "improvise", "delve", "other_costs")


def _compositions(k: int, parts: int):
    """Every way to split k identical copies among ``parts`` roles."""
    if parts == 1:
        yield (k,)
        return
    for i in range(k + 1):
        for rest in _compositions(k - i, parts - 1):
            yield (i,) + rest


class _KeywordSearch(_Search):
    def __init__(self, problem: dict, max_states: int) -> None:
        problem = dict(problem)
        given = {k: problem.pop(k) for k in KEYWORD_KEYS if k in problem}
        self.convoke = bool(given.get("convoke", False))
        self.improvise = bool(given.get("improvise", False))
        self.delve = bool(given.get("delve", False))
        other = given.get("other_costs") or {}
        self.o_sac = self._permanents(other.get("sacrifice_other"))
        self.o_tap = self._permanents(other.get("tap_other"))
        self.o_cards = (int(other.get("discard", 0)), int(other.get("exile_graveyard", 0)), int(other.get("mill", 0)))
        self.raw_sources = list(problem.get("sources", []) or [])
        self.any_keyword = bool(given) and (self.convoke or self.improvise or self.delve or bool(other))
        self.achroma_kw = "achroma" in {k.lower() for k in problem.get("keywords", []) or []}
        self.x_color_kw = problem.get("x_color")
        self.spend_as_kw = problem.get("spend_as")
        super().__init__(problem, max_states)
        if self.any_keyword and problem.get("objective") is None and self.objectives[-len(DEFAULT_TAIL):] == DEFAULT_TAIL:
            self.objectives = self.objectives[:-len(DEFAULT_TAIL)] + DEFAULT_TAIL_V2  # 9.6's default order
        self.colors = [frozenset(str(e.get("colors", "")).upper()) & frozenset(COLORS) for e in self.raw_sources]

    @staticmethod
    def _permanents(raw: Any) -> tuple | None:
        if not raw:
            return None
        return (int(raw.get("n", 1)), frozenset(t.lower() for t in raw.get("types", [])),
                frozenset(t.lower() for t in raw.get("subtypes", [])), raw)

    def _matches(self, e: int, kind: tuple) -> bool:
        src = self.sources[e]
        _, types, subtypes, want = kind
        return not src.hand and (not types or bool(types & src.types)) and (not subtypes or bool(subtypes & src.subtypes)) \
            and traits_fit(want, self.raw_sources[e])

    def _x_bound(self, problem: dict) -> int:
        """Creatures, artifacts and cards pay X too."""
        extra = 0
        if self.convoke or self.improvise:
            extra += sum(e.get("count", 1) for e in problem.get("sources", []) or [])
        if self.delve:
            extra += int(problem.get("graveyard", 0)) + int(problem.get("hand", 0)) + self.o_cards[2]
            for src in self.sources:
                extra += src.count * sum(ab.cards[2] * max(ab.uses, 1) for ab in src.abilities)
        return super()._x_bound(problem) + extra

    def _demand(self, xv: int, w: tuple[int, ...]) -> tuple:
        """As brute's, each slot with what a keyword may pay of it: ("col", c) for convoke by a
        creature of color c, "gen" for any keyword, None for none (9.7: not {C}, {S}, Achroma's
        own generic, X under x_color or Achroma)."""
        achroma = self.achroma_kw
        x_color = self.x_color_kw.upper() if self.x_color_kw else None
        slots: list[tuple[Any, Any]] = []
        for i, c in enumerate(COLORS):
            slots += [(("col", c), ("col", c))] * w[_COL + i]
        slots += [("C", None)] * w[_CL]
        slots += [("genC", None) if achroma else ("any", "gen")] * w[_GEN_OWN]
        slots += [("any", "gen")] * w[_GEN_INC]
        if x_color is not None:
            slots += [(("genX", x_color), None)] * w[_GEN_X]
        else:
            slots += [("genC", None) if achroma else ("any", "gen")] * w[_GEN_X]
        slots += [("snowC" if achroma else "snow", None)] * w[_SNOW_OWN]
        slots += [("snow", None)] * w[_SNOW_INC]
        if self.spend_as_kw == "any_type":
            slots = [("snow" if k in ("snow", "snowC") else "anyc" if isinstance(k, tuple) and k[0] == "col" or k == "C"
                      else "any", kw) for k, kw in slots]  # anyc: a lifted colored requirement, not generic
        elif self.spend_as_kw == "any_color":
            slots = [("anyc" if isinstance(k, tuple) and k[0] == "col" else "any" if isinstance(k, tuple) else k, kw)
                     for k, kw in slots]
        slots.sort(key=lambda s: (_kind_rank(s[0]), str(s[1])))
        return (xv, w[_LIFE], w[_ENERGY], tuple(slots))

    def _by_kw(self, slots: tuple) -> dict[Any, int]:
        """How many slots each keyword may pay (remembered per demand)."""
        cache = self.__dict__.setdefault("_by_kw_cache", {})
        got = cache.get(slots)
        if got is None:
            got = cache[slots] = {}
            for _, kw in slots:
                got[kw] = got.get(kw, 0) + 1
        return got

    def _rest(self, slots: tuple, take: dict[Any, int]) -> tuple:
        """The slots' mana kinds left for mana once keywords took ``take`` of them (remembered)."""
        cache = self.__dict__.setdefault("_rest_cache", {})
        key = (slots, tuple(sorted((str(k), n) for k, n in take.items() if n)))
        got = cache.get(key)
        if got is None:
            take = dict(take)
            rest = []
            for kind, kw in slots:
                if take.get(kw, 0):
                    take[kw] -= 1
                else:
                    rest.append(kind)
            got = cache[key] = tuple(sorted(rest, key=_kind_rank))
        return got

    def _roles(self, e: int) -> list[Any]:
        """What an untapped copy of entry ``e`` on the battlefield may do in 601.2h."""
        src = self.sources[e]
        roles: list[Any] = [None]
        if src.hand:
            return roles
        if self.convoke and "creature" in src.types:
            roles.append("gen")
            roles += [("col", c) for c in sorted(self.colors[e])]
        if self.improvise and "artifact" in src.types:
            roles.append("gen")
        if self.o_tap is not None and self._matches(e, self.o_tap):
            roles.append("tap")
        return list(dict.fromkeys(roles))

    def _evaluate(self, state) -> None:
        copies, pool, a_life, damage, energy, sacrifices, cards, moved, zones, drawbacks = state
        supply_t, made_in_pool = self._pool_supply(pool)
        used = sum(1 for entry in copies for cs in entry if cs[2])
        # other_costs' sacrifice: enough copies still on the battlefield
        o_sacrificed = 0
        if self.o_sac is not None:
            alive = sum(1 for e, entry in enumerate(copies) if self._matches(e, self.o_sac) for cs in entry if not cs[1])
            if alive < self.o_sac[0]:
                return
            o_sacrificed = self.o_sac[0]
        # cards: the hand, the library, the graveyard as the total cost is paid (9.7)
        hand, graveyard, library = self.zones
        o_discard, o_exile, o_mill = self.o_cards
        if zones[0] + o_discard > hand or (library is not None and zones[2] + o_mill > library):
            return
        in_graveyard = graveyard - zones[1] + zones[0] + zones[2] + o_discard + o_mill - o_exile
        if in_graveyard < 0:
            return
        delvable = in_graveyard if self.delve else 0
        # groups of identical copies that may act in 601.2h, and the roles each may take
        groups = []
        for e, entry in enumerate(copies):
            roles = self._roles(e)
            if len(roles) == 1:
                continue
            for cs in sorted(set(entry)):
                if not cs[0] and not cs[1]:
                    groups.append((tuple(roles), entry.count(cs), cs[2]))
        ways = self._ways(tuple(groups), delvable)
        for di, (xv, life, cost_energy, slots) in enumerate(self.demands):
            if not self._affordable(energy + cost_energy, a_life, damage, life):
                continue
            left = self.life - a_life - damage
            for new_sources, delved, rest in ways[di]:
                for mask, spent in self._pay(rest, supply_t).items():
                    colors = bin(mask).count("1")
                    values = {"max_x": xv, "max_colors": colors, "min_colors": colors,
                              "min_life": a_life + damage + life, "min_energy": energy + cost_energy,
                              "min_sacrifices": sacrifices + o_sacrificed, "min_sources": used + new_sources,
                              "min_waste": made_in_pool - spent, "min_drawbacks": drawbacks,
                              "min_cards": cards + delved + o_discard + o_exile + o_mill,
                              "min_counters": moved}
                    self._consider(values, copies, left - life, self.energy - energy - cost_energy)

    def tally(self, groups: list[tuple[tuple, bool]], choice: tuple, by_kw: dict[Any, int],
              ) -> tuple[dict[Any, int] | None, int]:
        """What one choice of roles for the copies of ``groups`` (roles, already used) asks: the
        units per keyword role and the copies newly used, or (None, 0) when other_costs' tap
        count or the slots the keywords may pay don't allow it."""
        want: dict[Any, int] = {}
        tapped = new_sources = 0
        for (roles, was_used), counts in zip(groups, choice):
            for role, n in zip(roles, counts):
                if role is None or not n:
                    continue
                new_sources += 0 if was_used else n
                if role == "tap":
                    tapped += n
                else:
                    want[role] = want.get(role, 0) + n
        if self.o_tap is not None and tapped != self.o_tap[0]:
            return None, 0
        if any(n > by_kw.get(role, 0) for role, n in want.items()):
            return None, 0
        return want, new_sources

    def _ways(self, groups: tuple, delvable: int) -> list[list[tuple[int, int, tuple]]]:
        """Per demand, every (copies newly used, cards delved, slots left for mana) the copies of
        ``groups`` (roles, how many, already used) and ``delvable`` cards allow; remembered, since
        many states leave the same copies untapped."""
        cache = self.__dict__.setdefault("_ways_cache", {})
        got = cache.get((groups, delvable))
        if got is not None:
            return got
        splits = [list(_compositions(k, len(roles))) for roles, k, _ in groups]
        got = []
        for xv, life, cost_energy, slots in self.demands:
            by_kw = self._by_kw(slots)
            here = []
            for choice in itertools.product(*splits):
                want, new_sources = self.tally([(roles, was_used) for roles, _, was_used in groups], choice, by_kw)
                if want is None:
                    continue
                for delved in range(min(delvable, by_kw.get("gen", 0) - want.get("gen", 0)) + 1):
                    take = dict(want)
                    take["gen"] = take.get("gen", 0) + delved
                    here.append((new_sources, delved, self._rest(slots, take)))
            got.append(sorted(_undominated(set(here)), key=lambda w: (w[0], w[1], [str(k) for k in w[2]])))
        cache[(groups, delvable)] = got
        return got


def _undominated(ways: set) -> list:
    """The ways (copies newly used, cards delved, slots left) no other way beats: one that leaves
    the same slots with at most as many copies used and cards delved, and fewer of one. Those two
    counts only add to ``min_sources`` and ``min_cards``, which are minimized, and the rest of a
    payment depends on the slots alone, so a beaten way never scores better (a board of
    convoking and improvising copies had thousands of ways, and one problem took 19 s)."""
    best: dict = {}
    for used, delved, rest in ways:
        best.setdefault(rest, []).append((used, delved))
    out = []
    for rest, pairs in best.items():
        for u, d in pairs:
            if not any(u2 <= u and d2 <= d and (u2, d2) != (u, d) for u2, d2 in pairs):
                out.append((u, d, rest))
    return out


def brute_keywords(problem: dict, *, max_states: int = 200_000) -> dict:
    """``brute_pay`` with spec 9.3's keys: ``{"status", "objective"}`` as there."""
    return search_outcome(_KeywordSearch(problem, max_states))
