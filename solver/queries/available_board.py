"""The search behind ``available`` (solver/queries/available.py): a board read into tokens of
mana and the copies' states, searched for every maximal pool, first copy by copy and then in
order where copies share more than mana (solver/queries/available_shared.py)."""

from __future__ import annotations

from dataclasses import replace
from heapq import heappop, heappush
from itertools import product
from typing import Iterator

import numpy as np

from tapwise.models.mana import COLORS, Kind
from tapwise.models.problem import Ability, Player, Problem, Purpose, Source
from tapwise.solver.front.compile import reflect_choices, reflect_types
from tapwise.solver.queries.available_shared import (after_others, facts_now, ordered_sources,
                                                     shares, take_cards)
from tapwise.solver.front.doubling import cube_factor
from tapwise.solver.front.effects import affected, apply_effects
from tapwise.solver.front.expand import board_choices, expand, facts_read, finite_mana
from tapwise.solver.queries.available_tokens import (ANY, Made, Read, State, Token,  # noqa: F401
                                                     TokenTable, undominated)

REPORTED = ("W", "U", "B", "R", "G", "C", ANY)
MAX_STATES = 5_000
"""Undominated states (a pool with the life and energy spent on it) kept before the question is
refused: a board that makes more different pools than this (forty dual lands of ten kinds make
tens of thousands) is better asked about the costs in question."""
MAX_WORK = 100_000
"""States made, dominated or not, before the question is refused (a bound on the time it takes
that doesn't depend on the machine, so a board is always answered or always refused). The
ordered search counts a state reached twice under one copies' state once: one board's
activations reach the same pools by many orders."""
MAX_UPSETS = 4096
"""Sets of kinds of mana compared when weighing pools (see :func:`_connected_upsets`)."""


MAX_TRIED = 1_000_000
"""States the ordered search makes, reached before or not, before the question is refused: one
reached by many orders of activations is made once per order (:data:`MAX_WORK` counts it once),
and this bounds the time those take."""


class TooManyPools(ValueError):
    """The board makes more different pools than :data:`MAX_STATES`, or its search more states
    than :data:`MAX_WORK` (or :data:`MAX_TRIED` reached again), or its kinds of mana more sets to
    compare than :data:`MAX_UPSETS`: the message names the limit."""

    def __init__(self, limit: str = "kept") -> None:
        what = {"kept": f"more than {MAX_STATES:,} different pools kept",
                "made": f"its search made more than {MAX_WORK:,} states",
                "tried": f"its search made more than {MAX_TRIED:,} states, reached before or not",
                "upsets": f"more than {MAX_UPSETS:,} sets of kinds of mana to compare"}[limit]
        super().__init__(f"this board makes too many different pools to list ({what})")


def _removes_any(a: Ability) -> bool:
    """Does ``a`` remove any number of counters without {T} (Calciform Pools: a counter budget
    per copy that all its activations share, 9.2)?"""
    return not a.tap and a.times is not None and a.times.remove is not None


def _board_abilities(problem: Problem, i: int, s: Source, reflected: dict,
                     facts: dict | None = None) -> Read:
    """Each ability of source ``i`` with what one activation may make on this board: 106.7's
    reflected types, and section 9.2's amounts, conditions, counters and sickness (an ability
    that can't be activated makes nothing; ``uses`` becomes what one copy may do)."""
    out = []
    for j, a in enumerate(s.abilities):
        choices = a.choices
        removed: tuple[int, ...] = ()
        if a._reflect:
            choices = reflect_choices(a, reflected.get((i, j), ""))
        elif a._board_add:
            choices = board_choices(problem, s, a, facts)
        if s._v2:
            if a.tap and not s._can_tap:
                choices = ()  # 302.6: a sick creature; a card in hand
            elif choices and (a._v2 or s.zone != "battlefield"):
                e = expand(problem, s, a, choices, f"sources[{i}].abilities[{j}]",
                           finite_mana(problem, lambda i2, j2, a2: _plain_choices(problem,
                                                                                  reflected, i2, j2,
                                                                                  a2))
                           if a.uses_any else None, facts)
                choices = e.choices if e is not None else ()
                if e is not None and _removes_any(a):  # its cost's of that kind from it too
                    removed = tuple(r + e.budget_cost for r in e.removed)
                if e is not None and not a.tap:
                    # uses "any" stays: a counter budget's activations that remove none, and a
                    # mana-cost filter's (Bog Initiate, Skyshroud Elf: 9.2 admits uses "any" only
                    # when each activation spends at least the mana it makes), leave the copy as
                    # it was, so they are closed over under one key and never counted per copy
                    a = replace(a, uses=e.per_copy or 0)
        out.append((a, choices, removed))
    return out


def _under(effects: tuple, i: int, s: Source, read: Read) -> Read:
    """``read`` with 9.4's ``effects`` (all watching source ``i``) on its {T} abilities' outputs
    (solver/front/effects.py rewrites them; 9.7: effects change {T} abilities only)."""
    if not effects:
        return read
    path = f"sources[{i}].abilities"
    return [(a, apply_effects(effects, s, choices, f"{path}[{j}]")[0] if a.tap and choices
             else choices, removed)
            for j, (a, choices, removed) in enumerate(read)]


def _effect_parts(problem: Problem, i: int, s: Source) -> list[tuple[Source, tuple]]:
    """Source ``i`` as parts under 9.4's effects, each with the effects watching it: one part,
    or two when an ``on`` extra enchants one copy of several (that copy, untapped if any copy
    is, then the others)."""
    watching = affected(problem, s) if problem.effects else ()
    if s.count == 1 or not any(e.on is not None for e in watching):
        return [(s, watching)]
    untapped = s.count - s.tapped
    one = replace(s, count=1, tapped=0 if untapped else 1)
    rest = replace(s, count=s.count - 1, tapped=s.tapped if untapped else s.tapped - 1)
    return [(one, watching), (rest, tuple(e for e in watching if e.on is None))]


def _plain_choices(problem: Problem, reflected: dict, i: int, j: int, a: Ability) -> tuple:
    if a._reflect:
        return reflect_choices(a, reflected.get((i, j), ""))
    return board_choices(problem, problem.sources[i], a) if a._board_add else a.choices


class _PoolSearch:
    """A loaded board, its abilities read once, and the search over what it can make."""

    def __init__(self, problem: Problem) -> None:
        self.player = problem.player
        self.table = TokenTable()
        self.tokens = self.table.tokens  # (the table's list: it grows as tokens are met)
        reflected = reflect_types(problem)
        pool_tokens = [self.table.token(m.type, m.snow, m.only) for m in problem.pool]
        self.cost_free: list[tuple[Source, Made]] = []
        self.converters: list[tuple[Source, Made]] = []
        # 9.1-9.2: sources sharing cards, permanents or facts go to the ordered search too
        self.problem, self.reflected = problem, reflected
        self.shares = shares(problem)
        ordered = ordered_sources(problem) if self.shares else set()
        self.converter_index: list[int] = []  # each converter's index in problem.sources
        self.converter_effects: list[tuple] = []  # the 9.4 effects watching each converter
        cube = any(a._double_pool for s in problem.sources if s.count for a in s.abilities)
        for i, s in enumerate(problem.sources):
            if not s.count:
                continue
            read = _board_abilities(problem, i, s, reflected)
            for part, effects in _effect_parts(problem, i, s):
                abilities = self.table.made_by(_under(effects, i, s, read), s.snow)
                # A Cube reads the pool, so it is searched in order; mana made before it is doubled
                # (never worse), except that doubled Any has had its color chosen: a source that may
                # make Any is searched in order too, to be activated after a Cube. A counter budget
                # shared by a copy's activations is kept per copy by the ordered search.
                if i in ordered or any(a.mana is not None or a._double_pool or _removes_any(a)
                                       for a in s.abilities) or (
                        cube and any(self.tokens[t].type == ANY for _, outs, _ in abilities
                                     for out in outs for t in out)):
                    self.converters.append((part, abilities))
                    self.converter_index.append(i)
                    self.converter_effects.append(effects)
                else:
                    self.cost_free.append((part, abilities))
        self.readers = {ci for ci, i in enumerate(self.converter_index) if self.shares and any(
            facts_read(problem.sources[i], a) for a in problem.sources[i].abilities)}
        self._at_facts: dict[tuple, Made] = {}
        # every token a reader may make at other facts, known before the up-sets
        for ci in self.readers:
            s = self.converters[ci][0]
            kinds = {(s.snow, a.only) for a in s.abilities}
            if self.converter_effects[ci]:
                kinds.add((False, None))  # an extra's mana (9.7)
            for snow, only in kinds:
                for t in (*COLORS, "C", ANY):
                    self.table.token(t, snow, only)
        self.cubes = sorted({(s.snow, a.only) for s, abilities in self.converters for a, _,
                             _ in abilities
                             if a._double_pool}, key=repr)
        self.table.doubling(self.cubes)  # known before the up-sets
        n = len(self.tokens)
        first = [0] * n
        for t in pool_tokens:
            first[t] += 1
        self.start: State = (tuple(first), 0, 0, 0)
        self.upsets, self.principal = _connected_upsets(self.tokens)
        self.work = 0  # states made so far (MAX_WORK)
        self.tried = 0  # and made again (MAX_TRIED)

    def _made(self, n: int, tried: int | None = None) -> None:
        """Count ``n`` more states made (and ``tried`` made, reached before or not); refuse past
        :data:`MAX_WORK` (:data:`MAX_TRIED`)."""
        self.work += n
        self.tried += n if tried is None else tried
        if self.work > MAX_WORK:
            raise TooManyPools("made")
        if self.tried > MAX_TRIED:
            raise TooManyPools("tried")


    # -- the search -----------------------------------------------------------------------

    def maximal_pools(self) -> list[tuple[int, ...]]:
        """The pools no other pool the board can make contains, as counts per token."""
        n = len(self.tokens)
        nothing = [((0,) * n, 0, 0, 0)]
        states = [self.start]
        # Sources that cost life or energy first: once none is left to come, states that differ
        # only in life and energy spent are one pool (the limits were checked as they grew).
        cost_free = sorted(self.cost_free, key=lambda entry: not _weighs_life(entry[1]))
        costly_left = sum(1 for _, abilities in cost_free if _weighs_life(abilities))
        if any(_weighs_life(abilities) for _, abilities in self.converters):
            costly_left = len(cost_free) + 1  # never: the converters weigh life too
        for done, (source, abilities) in enumerate(cost_free, 1):
            untapped = self._undominated(self._copy_plans(abilities, tapped=False))
            tapped = self._undominated(self._copy_plans(abilities, tapped=True))
            for copies, plans in ((source.count - source.tapped, untapped), (source.tapped,
                                                                             tapped)):
                if plans == nothing or not copies:
                    continue  # these copies can do nothing
                # one plan beats doing nothing, so it costs nothing: all copies at
                # once
                if len(plans) == 1:
                    (dv, _, _, _), = plans
                    states = [(tuple(a + copies * b for a, b in zip(vec, dv)), *rest) for vec,
                              *rest in states]
                    continue
                for _ in range(copies):
                    self._made(len(states) * len(plans))
                    grown = {(tuple(a + b for a, b in zip(vec, dv)), life + dl, damage + dd,
                              energy + de)
                             for vec, life, damage, energy in states for dv, dl, dd, de in plans}
                    states = self._undominated([s for s in grown if _fits(self.player, *s[1:])])
                    if len(states) > MAX_STATES:
                        raise TooManyPools()
            if done == costly_left:
                states = self._pools_only(states)
        ends = self._search_converters(states) if self.converters else states
        return [v for v, _, _, _ in self._pools_only(ends)]

    def _pools_only(self, states: list[State]) -> list[State]:
        """The undominated pools of ``states``, their life and energy spent forgotten."""
        return self._undominated(list({(v, 0, 0, 0) for v, _, _, _ in states}))

    def _undominated(self, states: list[State]) -> list[State]:
        """The states no other state dominates (:func:`undominated`)."""
        return undominated(states, self.upsets, self.principal)

    def _copy_plans(self, abilities: Made, tapped: bool) -> list[State]:
        """Everything one copy may do with abilities that cost no mana: at most one tap
        ability (none if tapped), each other ability up to its uses, at most one sacrifice."""
        n = len(self.tokens)
        taps = [None] + ([] if tapped else [k for k, (a, _, _) in enumerate(abilities) if a.tap])
        others = [k for k, (a, _, _) in enumerate(abilities) if not a.tap]
        plans: set[State] = set()
        for tap in taps:
            for uses in product(*(range(abilities[k][0].uses + 1) for k in others)):
                acts = ([tap] if tap is not None else []) + [k for k, u in zip(others, uses)
                                                             for _ in range(u)]
                if sum(1 for k in acts if abilities[k][0].sacrifice) > 1:
                    continue  # a copy is sacrificed once, as its last act
                if any(not abilities[k][1] for k in acts):
                    continue  # an ability that makes nothing here is never worth it
                life = sum(abilities[k][0].life for k in acts)
                damage = sum(abilities[k][0].damage for k in acts)
                energy = sum(abilities[k][0].energy for k in acts)
                for outs in product(*(abilities[k][1] for k in acts)):
                    vec = [0] * n
                    for out in outs:
                        for t in out:
                            vec[t] += 1
                    plans.add((tuple(vec), life, damage, energy))
        return list(plans)

    def _search_converters(self, starts: list[State]) -> list[State]:
        """Every undominated state reachable from ``starts`` by the sources with mana-cost
        abilities, in any order. Each copy of them is in a state of its own (tapped, uses left
        per ability, then the counters left of each counter budget; a sacrificed copy is gone),
        and every activation uses up some of a copy, so the copies' states are taken from the
        least used up on: all the ways to reach one are in by then, and only the undominated
        pools need going on from (with the same copies left, a pool containing another's can do
        all it can)."""
        initial = []
        for source, abilities in self.converters:
            uses = tuple(a.uses for a, _, _ in abilities) + tuple(
                source._counter_map.get(a.times.remove, 0) for a, _, _ in abilities
                                                                  if _removes_any(a))
            copies = {}
            if source.count > source.tapped:
                copies[(False, uses)] = source.count - source.tapped
            if source.tapped:
                copies[(True, uses)] = source.tapped
            initial.append(tuple(sorted(copies.items())))
        first = (tuple(initial), self._cards_start())
        pending: dict[tuple, set[State]] = {first: set(starts)}
        heap = [(-_left_in(*first), first)]
        found: list[State] = []
        room = MAX_STATES  # found is cut to its undominated pools past this many
        while heap:
            _, key = heappop(heap)
            copies, cards = key
            states = self._undominated(list(pending.pop(key)))
            # activations that keep the key
            loops: dict[tuple, tuple[Source, Ability, list, Purpose]] = {}
            moves = []
            for si, (source, abilities) in enumerate(self.converters):
                purpose = Purpose("ability", source.types, (), "", False)
                if si in self.readers:  # 9.1: facts as the copies sacrificed so far leave them
                    abilities = self._abilities_at(si, copies)
                budgets = _budget_places(abilities)
                for state, count in copies[si]:
                    is_tapped, uses_left = state
                    for k, (a, outs, rs) in enumerate(abilities):
                        if not outs or (a.tap and is_tapped) or (not a.tap and not uses_left[k]):
                            continue
                        cards_after = take_cards(cards, a) if cards is not None else None
                        if cards is not None and cards_after is None:
                            continue  # the zones can't pay its cards (9.2)
                        for acting, made in _acting(state, a, k, outs, rs, budgets.get(k)):
                            if acting == state and cards_after == cards and a.sacrifice_other is None \
                                    and a.tap_other is None:
                                loops[(si, k, tuple(made))] = (source, a, made, purpose)
                            else:
                                moves.append((si, state, count, acting, a, (source, made, purpose),
                                              cards_after))
            if loops:
                states = self._closed(states, list(loops.values()))
            found += states
            # only the pools are answered: the rest of each state is forgotten
            if len(found) > room:
                found = self._pools_only(found)
                if len(found) > MAX_STATES:
                    raise TooManyPools()
                room = max(MAX_STATES, 2 * len(found))
            for si, state, count, acting, a, (source, made, purpose), cards_after in moves:
                for after in self._after(copies, si, state, count, acting, a):
                    self._grow(pending, heap, (after, cards_after), states, source, a, made,
                               purpose)
        return found

    def _cards_start(self) -> tuple[int, int, int | None] | None:
        p = self.problem
        return (p.hand, p.graveyard, p.library) if self.shares else None

    def _after(self, copies: tuple, si: int, state: tuple, count: int, acting: tuple | None,
               a: Ability):
        """The copies' states after a copy in ``state`` acted (its state then ``acting``, None if
        it sacrificed itself), the ability's ``sacrifice_other`` and ``tap_other`` paid."""
        after = _replace_copy(copies, si, state, count, acting)
        if a.sacrifice_other is None and a.tap_other is None:
            return (after,)
        sources = [s for s, _ in self.converters]
        return list(dict.fromkeys(after_others(after, sources, si, acting, a)))

    def _abilities_at(self, si: int, copies: tuple) -> Made:
        """Converter ``si``'s abilities as the facts stand with ``copies`` (9.1 ``counts``),
        under the effects watching it (9.4)."""
        facts = facts_now(self.problem, [s for s, _ in self.converters], copies)
        key = (si, tuple(sorted((f, v) for f, v in facts.items() if isinstance(v, int))))
        got = self._at_facts.get(key)
        if got is None:
            i = self.converter_index[si]
            s = self.problem.sources[i]
            read = _under(self.converter_effects[si], i, s,
                          _board_abilities(self.problem, i, s, self.reflected, facts))
            # the uses each copy has stay those of the board as given (its state counts them)
            got = [(a0, outs, rs) for (a0, _, _), (_, outs, rs) in zip(self.converters[si][1],
                                                                       self.table.made_by(read, s.snow))]
            self._at_facts[key] = got
        return got

    def _grow(self, pending: dict, heap: list, after: tuple, states: list[State], source: Source,
              a: Ability,
              outs: list[tuple[int, ...]], purpose: Purpose) -> None:
        """Put the states one activation of ``a`` makes from ``states`` under the key ``after``."""
        into = pending.get(after)
        if into is None:
            into = pending[after] = set()
            heappush(heap, (-_left_in(*after), after))
        before, tried = len(into), 0
        for state in self._grown(states, source, a, outs, purpose):
            into.add(state)
            tried += 1
        self._made(len(into) - before, tried)  # a state reached twice under one key is one

    def _grown(self, states: list[State], source: Source, a: Ability, outs: list[tuple[int, ...]],
               purpose: Purpose) -> Iterator[State]:
        """The states one activation of ``a`` makes from ``states``: its cost paid every way,
        within the life and energy limits, then each of its outputs added (or the pool doubled)."""
        for vec, life, damage, energy in states:
            new_damage, new_energy = damage + a.damage, energy + a.energy
            for left, paid_life in self.table.payments(vec, a, purpose):
                new_life = life + a.life + paid_life
                if not _fits(self.player, new_life, new_damage, new_energy):
                    continue
                grown = (self.table.doubled(left, source.snow, a.only,
                                            cube_factor(self.problem, source, a))
                         if a._double_pool else self.table.added(left, outs))
                for pool in grown:
                    yield pool, new_life, new_damage, new_energy

    def _closed(self, states: list[State], loops: list[tuple[Source, Ability, list,
                                                             Purpose]]) -> list[State]:
        """``states`` and every state the activations in ``loops`` make from them, again and
        again: activations that leave the copies and cards as they are (a counter budget's
        ability with ``uses: "any"`` removing none), so they stay under one key. Each spends
        more mana than it makes, or life, so this ends."""
        have = set(states)
        frontier = states
        while frontier:
            grown: set[State] = set()
            tried = 0
            for source, a, outs, purpose in loops:
                for state in self._grown(frontier, source, a, outs, purpose):
                    tried += 1
                    if state not in have:
                        grown.add(state)
            self._made(len(grown), tried)
            have |= grown
            frontier = self._undominated(list(grown))
        return self._undominated(list(have))


def _fits(p: Player, life: int, damage: int, energy: int) -> bool:
    """Life paid within life, energy within energy, and the life floor kept (spec section 8)."""
    if life > max(0, p.life) or energy > p.energy:
        return False
    lost = life + damage
    return not (lost > 0 and p.keep_life is not None and p.life - lost < p.keep_life)


def _left_in(copies: tuple, cards: tuple[int, int, int | None] | None = None) -> int:
    """How much the converter copies (and the cards in the zones) can still do: each activation
    lowers it (a copy's tap or use, a copy sacrificed or tapped by another's cost, a card)."""
    left = sum(n * (1 + (not tapped) + sum(uses)) for per_source in copies for (tapped, uses),
               n in per_source)
    return left + (sum(c for c in cards if c is not None) if cards else 0)


def _weighs_life(abilities: Made) -> bool:
    """Does some ability cost life or energy, or deal damage (Phyrexian mana in a cost too)?"""
    return any(a.life or a.damage or a.energy or (a.mana is not None and any(
        s.kind in (Kind.PHYREXIAN, Kind.HYBRID_PHYREXIAN) for s in a.mana.symbols)) for a, _,
               _ in abilities)


def _budget_places(abilities: Made) -> dict[int, int]:
    """Where each counter budget's counters left are in a copy's state: after the uses left of
    every ability, one place per ability that removes any number of counters without {T}."""
    places = {}
    for k, (a, _, _) in enumerate(abilities):
        if _removes_any(a):
            places[k] = len(abilities) + len(places)
    return places


def _acting(state: tuple, a: Ability, k: int, outs: list[tuple[int, ...]], rs: tuple[int, ...],
            place: int | None) -> list[tuple[tuple | None, list[tuple[int, ...]]]]:
    """The acting copy's state after one activation of its ability ``k`` (None: it sacrificed
    itself), with the outputs that activation may make: tapped by a tap ability, one use fewer
    otherwise; an ability with a counter budget (``place``) removes r counters of those left, so
    each r is its own state with the outputs that remove r (9.2)."""
    is_tapped, uses_left = state
    if a.tap:
        return [(None if a.sacrifice else (True, uses_left), outs)]
    # a counter budget's ability with uses "any" is not counted: removing none, it spends more
    # than it makes (the ordered search closes each key under it), else it removes counters
    used = uses_left if a.uses_any else uses_left[:k] + (uses_left[k] - 1,) + uses_left[k + 1:]
    if place is None:
        return [(None if a.sacrifice else (is_tapped, used), outs)]
    by_removed: dict[int, list[tuple[int, ...]]] = {}
    for r, out in zip(rs, outs):
        if r <= uses_left[place]:
            by_removed.setdefault(r, []).append(out)
    return [(None if a.sacrifice else (is_tapped, used[:place] + (used[place] - r,
                                                                  ) + used[place + 1:]), made)
            for r, made in sorted(by_removed.items())]


def _replace_copy(copies: tuple, si: int, state: tuple, count: int, acting: tuple | None) -> tuple:
    """The copies' states once one copy of converter source ``si`` in ``state`` is in state
    ``acting`` (gone if None: it sacrificed itself)."""
    mine = dict(copies[si])
    if count == 1:
        del mine[state]
    else:
        mine[state] = count - 1
    if acting is not None:
        mine[acting] = mine.get(acting, 0) + 1
    return copies[:si] + (tuple(sorted(mine.items())),) + copies[si + 1:]


def _connected_upsets(tokens: list[Token]) -> tuple[np.ndarray, int]:
    """Rows of 0/1 over the tokens: the connected up-sets of the order "covers" (each unit of a
    set together with every token that may stand for it). Pool q contains pool p iff p has no
    more mana than q in every up-set (Hall's condition for the matching), and an up-set made of
    two disjoint ones adds nothing, so the connected ones suffice: the single tokens when no
    token stands for another, a few dozen for Any over the colors. The up-sets of single tokens
    come first; the second value says how many they are."""
    n = len(tokens)
    principal = {frozenset(j for j in range(n) if tokens[j].covers(tokens[i])) for i in range(n)}
    found = set(principal)
    frontier = list(principal)
    while frontier:
        grown = []
        for u in frontier:
            for p in principal:
                if u & p and not p <= u:
                    w = u | p
                    if w not in found:
                        found.add(w)
                        grown.append(w)
        if len(found) > MAX_UPSETS:
            raise TooManyPools("upsets")
        frontier = grown
    # the principal up-sets first: the cheap first test of domination reads only those
    ordered = sorted(principal, key=sorted) + sorted(found - principal, key=sorted)
    rows = np.zeros((len(ordered), n), dtype=np.int64)
    for r, u in enumerate(ordered):
        rows[r, sorted(u)] = 1
    return rows, len(principal)
