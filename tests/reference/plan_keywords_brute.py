"""Exhaustive reference for a plan whose costs carry spec 9.3's keys (convoke, improvise,
delve, other_costs): ``brute_plan_keywords(board, costs)``, the reference objective of paying
all of ``costs`` one after another, in the order given, or None when they can't all be paid.

It runs the search of ``brute.py`` over the board's mana abilities (every sequence of
activations, copy by copy); in every state it reaches, it pays the costs' 601.2h in paying
order: for each cost, each copy still untapped and on the battlefield does nothing, convokes,
improvises or is tapped by its ``other_costs`` (as ``keywords_brute`` lets it), its cards are
delved from the graveyard as it is then, its ``other_costs`` sacrifices copies still on the
battlefield (any of them, in every way: which copies go decides what later costs can tap) and
takes its cards; the mana of the state pays what the keywords leave of all the costs. Cards
discarded and milled, by mana abilities and by earlier costs, are in the graveyard for the
later ones. Every mana ability acts before the first 601.2h (the mana floats, 118.3a): a
creature a cost convokes is not sacrificed for mana for a later one (docs/keywords.md).

Shares no code with ``solver/``.
"""

from __future__ import annotations

import itertools
from collections import Counter

from .brute import DEFAULT_TAIL_V2, _kind_rank, _Search, search_outcome
from .keywords_brute import _compositions, _KeywordSearch

_State = tuple  # per entry, sorted ((tapped, gone, used), copies) pairs


class _PlanSearch(_Search):
    def __init__(self, board: dict, costs: list[dict], max_states: int) -> None:
        self.parts = [_KeywordSearch({**board, **cost}, max_states) for cost in costs]
        super().__init__({**board, "cost": "{0}"}, max_states)
        self.objectives = list(DEFAULT_TAIL_V2)
        self.unpayable = any(p.unpayable or not p.demands for p in self.parts)

    def _evaluate(self, state) -> None:
        copies, pool, a_life, damage, energy, sacrifices, cards, moved, zones, drawbacks = state
        supply, made_in_pool = self._pool_supply(pool)
        used = sum(1 for entry in copies for cs in entry if cs[2])
        start = tuple(tuple(sorted(Counter((cs[0], cs[1], cs[2]) for cs in entry).items())) for entry in copies)
        in_graveyard = self.zones[1] - zones[1] + zones[0] + zones[2]  # 9.7: what mana abilities discarded, milled
        for slots, life, cost_energy, new_sources, more_cards, more_sacrifices in self._steps(
                0, start, in_graveyard, zones[0], zones[2]):
            if not self._affordable(energy + cost_energy, a_life, damage, life):
                continue
            for _, spent in self._pay(slots, supply).items():
                values = {"min_life": a_life + damage + life, "min_sacrifices": sacrifices + more_sacrifices,
                          "min_drawbacks": drawbacks, "min_cards": cards + more_cards, "min_counters": moved,
                          "min_sources": used + new_sources, "min_waste": made_in_pool - spent}
                self._consider(values, copies, 0, 0)

    def _steps(self, j: int, st: _State, gy: int, discarded: int, milled: int) -> frozenset:
        """Every way to pay the 601.2h of costs ``j``.. on the copies ``st`` (the graveyard
        holding ``gy`` cards, ``discarded`` and ``milled`` so far): (the slots left for mana,
        life, energy, copies newly used, cards, permanents sacrificed), remembered (many mana
        states leave the same copies)."""
        cache = self.__dict__.setdefault("_steps_cache", {})
        key = (j, st, gy, discarded, milled)
        got = cache.get(key)
        if got is not None:
            return got
        if j == len(self.parts):
            got = cache[key] = frozenset({((), 0, 0, 0, 0, 0)})
            return got
        out: set = set()
        part = self.parts[j]
        hand, _, library = self.zones
        o_discard, o_exile, o_mill = part.o_cards
        gy_now = gy + o_discard + o_mill - o_exile
        if discarded + o_discard > hand or (library is not None and milled + o_mill > library) or gy_now < 0:
            cache[key] = frozenset()
            return cache[key]
        groups = []  # (entry, roles, already used, untapped copies on the battlefield)
        for e, entry in enumerate(st):
            roles = part._roles(e)
            if len(roles) > 1:
                for (tapped, gone, was_used), n in entry:
                    if not tapped and not gone:
                        groups.append((e, roles, was_used, n))
        for xv, life, cost_energy, slots in part.demands:
            by_kw = part._by_kw(slots)
            for choice in itertools.product(*[list(_compositions(n, len(roles))) for _, roles, _, n in groups]):
                want, new_sources = part.tally([(roles, was_used) for _, roles, was_used, _ in groups], choice, by_kw)
                if want is None:
                    continue
                after = [Counter(dict(entry)) for entry in st]  # each copy given a role is tapped and used
                for (e, _, was_used, _), counts in zip(groups, choice):
                    acting = sum(counts[1:])  # roles[0] is None: doing nothing
                    after[e][(False, False, was_used)] -= acting
                    after[e][(True, False, True)] += acting
                delvable = gy_now if part.delve else 0
                for delved in range(min(delvable, by_kw.get("gen", 0) - want.get("gen", 0)) + 1):
                    take = dict(want)
                    take["gen"] = take.get("gen", 0) + delved
                    rest = part._rest(slots, take)
                    for st2, n_sac in self._sacrifices(part, after):
                        for r_slots, r_life, r_energy, r_new, r_cards, r_sacs in self._steps(
                                j + 1, st2, gy_now - delved, discarded + o_discard, milled + o_mill):
                            out.add((tuple(sorted(rest + r_slots, key=_kind_rank)), life + r_life,
                                     cost_energy + r_energy, new_sources + r_new,
                                     delved + sum(part.o_cards) + r_cards, n_sac + r_sacs))
        got = cache[key] = frozenset(out)
        return got

    def _sacrifices(self, part: _KeywordSearch, after: list[Counter]):
        """Every way ``part``'s other_costs may sacrifice its copies: (copies after, how many)."""
        def frozen(cs: list[Counter]) -> _State:
            return tuple(tuple(sorted((k, n) for k, n in c.items() if n)) for c in cs)

        if part.o_sac is None:
            yield frozen(after), 0
            return
        n = part.o_sac[0]
        alive = [(e, key, k) for e, c in enumerate(after) if part._matches(e, part.o_sac)
                 for key, k in c.items() if k and not key[1]]
        for counts in itertools.product(*[range(k + 1) for _, _, k in alive]):
            if sum(counts) != n:
                continue
            cs = [Counter(c) for c in after]
            for (e, key, _), m in zip(alive, counts):
                if m:
                    cs[e][key] -= m
                    cs[e][(key[0], True, key[2])] += m
            yield frozen(cs), n


def brute_plan_keywords(board: dict, costs: list[dict], *, max_states: int = 200_000) -> dict[str, int] | None:
    """The reference objective (9.6's default order, summed) of paying every cost of ``costs``
    in order, or None when they can't all be paid."""
    got = search_outcome(_PlanSearch(board, costs, max_states))
    return got["objective"] if got["status"] == "paid" else None
