"""Aggregate a problem into classes before modelling (DESIGN principle 2).

Identical source copies are one :class:`Producer` per ability with a count; identical cost
symbols are one :class:`Demand` with a count; mana is grouped into :class:`ManaKind` (type, snow,
restriction, from the pool or not). Every back end works on this, so model size depends on the
number of distinct kinds, never on copies.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from tapwise.models.caches import memo, remember, table
from typing import Any

from tapwise.models.mana import COLORS, TYPES, ManaCost
from tapwise.models.problem import Ability, Problem, ProblemError, Purpose, Restriction, Source
from tapwise.models.total_cost import total_costs
from tapwise.solver.contract import (Compiled, Demand, KindKey, ManaKind, Option, Producer, Variant,  # noqa: F401
                                      _kind_index, _mana_kind, _most_made)
from tapwise.solver.front.doubling import check_doubling, cube_model
from tapwise.solver.front.effects import effect_parts, made_types
from tapwise.solver.front.keywords import keyword_upper
from tapwise.solver.front.expand import (board_choices, check_counter_use, dropping_facts, expand,
                                         facts_read, finite_mana, most_taken, types_of,
                                         victim_values)
from tapwise.solver.front.groups import _Accept, _Same, _ability_cost, _accept, _variants


MadeKey = tuple[str, bool, "Restriction | None"]
"""What decides the kinds an ability makes: (types made, snow, only)."""


@dataclass(frozen=True, eq=False)
class _Layout:
    """The mana kinds of a board, in the order they are first seen: those of the pool, then
    those made by each (types, snow, only) of its abilities. Boards are a few lands and rocks
    of a few kinds, so the same layouts recur call after call; each is worked out once and
    shared (compared by identity, so caches keyed by it hash cheaply)."""

    kinds: tuple[ManaKind, ...]
    index: dict[KindKey, int]
    made: tuple[dict[str, int], ...]  # per made key: the kind of each type made
    # some kind has a spend restriction (106.6), so what may pay depends on what for
    restricted: bool

    def spendable(self, purpose: Purpose | None) -> tuple[_Accept, frozenset[int]]:
        """Which kinds may pay for ``purpose`` (the shared :class:`_Accept` of those whose
        restriction allows it), and their indices; ``purpose`` may be None when no kind is
        restricted (:attr:`restricted`), as it is then not read."""
        return _spendable(self, purpose if self.restricted else None)


@memo(4096)
def _layout(pool: tuple[MadeKey, ...], made: tuple[MadeKey, ...]) -> _Layout:
    """The layout of a board whose pool holds mana of ``pool`` (type, snow, only) and whose
    abilities make ``made``, each in order of first sight."""
    kinds: list[ManaKind] = []
    index: dict[KindKey, int] = {}
    for t, snow, only in pool:
        _kind_index(kinds, index, (t, snow, only, True))
    # a lower-case type is an extra's mana (9.4): unrestricted and not snow, whatever the source
    kind_of_type = tuple({t: _kind_index(kinds, index, (t, snow, only, False) if t.isupper()
                                         else (t.upper(), False, None, False)) for t in types}
                         for types, snow, only in made)
    return _Layout(tuple(kinds), index, kind_of_type, any(k.only is not None for k in kinds))


def reflect_types(problem: Problem) -> dict[tuple[int, int], str]:
    """Types each reflecting ability (106.7) can make: the least fixed point, so an Exotic
    Orchard facing only Exotic Orchards makes nothing."""
    if not any(a._reflect for s in problem.sources for a in s.abilities) and not any(
            a._reflect for s in problem.opponent_sources for a in s.abilities):
        return {}
    mine = [(0, i, s) for i, s in enumerate(problem.sources)]
    theirs = [(1, i, s) for i, s in enumerate(problem.opponent_sources)]
    # "you" is each ability's controller: an opponent's source sees our lands as its opponents'.
    groups = {(0, "lands_you_control"): mine, (0, "lands_opponents_control"): theirs,
              (1, "lands_you_control"): theirs, (1, "lands_opponents_control"): mine}
    reflecting = {}
    for side, sources in ((0, problem.sources), (1, problem.opponent_sources)):
        for i, s in enumerate(sources):
            for j, a in enumerate(s.abilities):
                if a._reflect and a._reflect[0] != "sacrificed":  # (that one is read per victim)
                    reflecting[(side, i, j)] = (*a._reflect, a._reflect_lands)
    made: dict[tuple[int, int, int], str] = {}
    while True:
        changed = False
        for key, (whose, what, lands) in reflecting.items():
            found = set(made.get(key, ""))
            for side, idx, s in groups[(key[0], whose)]:
                if ("land" not in s.types or s.count == 0 or s.zone != "battlefield"
                        or (lands is not None and not lands.matches(s))):
                    continue
                for j, a in enumerate(s.abilities):
                    types = (made.get((side, idx, j), "") if a._reflect
                             else types_of(board_choices(problem, s, a)) if a._board_add
                             else a._types_made)
                    found |= set(types)
            if what == "color":
                found &= set(COLORS)
            new = "".join(t for t in TYPES if t in found)
            if new != made.get(key, ""):
                made[key] = new
                changed = True
        if not changed:
            return {(i, j): t for (side, i, j), t in made.items() if side == 0}


def _check_graveyard_source(problem: Problem, i: int) -> None:
    """A card in the graveyard (tapwise extension, Jack-o'-Lantern) is one of the graveyard's
    cards, which delve and ``exile_graveyard`` costs could exile instead: not modelled, so
    refused."""
    keywords = problem.payment
    readers = (keywords is not None and (getattr(keywords, "delve", False) or (
        keywords.other is not None and keywords.other.exile_graveyard))) or any(
        a.exile_graveyard for s in problem.sources for a in s.abilities)
    if readers:
        raise ProblemError(f"sources[{i}].zone", "a card in the graveyard beside delve or "
                                                 "exile_graveyard costs "
                           "(which could exile it instead) is not supported")


def _sacrificed_choices(problem: Problem, i: int, a: Ability, reflected: dict[tuple[int, int], str],
                        path: str) -> dict[int, tuple[tuple[str, ...], ...]]:
    """Per permanent ``a``'s sacrifice_other may take, what a reflect of "sacrificed" makes with it:
    one mana of a type that permanent could produce (106.7, all its abilities; ``what``)."""
    if "land" in problem.sources[i].types:
        raise ProblemError(f"{path}.add.reflect", "a land reflecting the permanent it sacrifices "
                                                  "is not supported")
    others = a.sacrifice_other
    assert others is not None and a._reflect is not None
    out = {}
    for q, s in enumerate(problem.sources):
        if not s.count or not others.matches(s) or (q == i and not others.self and s.count < 2):
            continue
        made = set()
        for j, b in enumerate(s.abilities):
            if b._reflect:
                made |= set(reflected.get((q, j), ""))
            else:
                made |= set(types_of(board_choices(problem, s, b)) if b._board_add else b._types_made)
        if a._reflect[1] == "color":
            made &= set(COLORS)
        out[q] = reflect_choices(a, "".join(t for t in TYPES if t in made))
    return out


def reflect_choices(a: Ability, types: str) -> tuple[tuple[str, ...], ...]:
    """What one activation of a reflecting ability may make, given the types it reflects: one
    mana of one of them, or ``n`` mana all of one of them (tapwise extension: Incubation Druid)."""
    n = a._reflect_n
    if not types:
        return ()
    return ((types,),) if n == 1 else tuple((t,) * n for t in types)


def ability_purpose(source: Source) -> Purpose:
    """Restriction context of a mana ability's own cost (spec section 8)."""
    return Purpose("ability", source.types, (), "", False)


@memo(4096)
def _spendable(layout: _Layout, purpose: Purpose | None) -> tuple[_Accept, frozenset[int]]:
    """See :meth:`_Layout.spendable`: worked out once per layout and purpose (None when the
    layout has no restriction, which is the usual case, so no purpose is hashed)."""
    spendable = tuple((i, k.type, k.snow, k.only is None or not k.only.not_generic) for i,
                      k in enumerate(layout.kinds)
                      if k.only is None or k.only.allows(purpose))
    return _accept(spendable), frozenset(i for i, _, _, _ in spendable)


def compile_problem(problem: Problem) -> Compiled:
    """The aggregated form of ``problem`` that the back ends model."""
    c = Compiled.start(problem)
    return _add_cost(c, _add_producers(c, problem), problem)


@dataclass(frozen=True, eq=False)
class CompiledBoard:
    """What compiling takes from the board alone (kinds, pool, producers and their layout),
    worked out once for a prepared board (``solver.queries.prepared``); :meth:`with_cost` adds a
    cost."""

    compiled: Compiled  # the board's fields filled, the cost's left empty
    layout: _Layout
    # given to each cost's Compiled (see there)
    shared: dict[Any, Any] = field(default_factory=dict)

    def with_cost(self, problem: Problem) -> Compiled:
        """The same as ``compile_problem(problem)`` for a ``problem`` on this board (its sources,
        pool and opponents' sources the ones this was made from)."""
        b = self.compiled
        c = Compiled.start(problem)
        # The board's own containers, shared: once _add_producers has filled them nothing writes
        # to them (tests/test_prepared.py checks a board's after many costs), and a prepared board
        # keeps each question it was asked, so copies would be kept (and walked by the collector)
        # once per question.
        c.kinds = b.kinds
        c._index = b._index
        c.pool_units = b.pool_units
        c.producers = b.producers
        c.plain = b.plain
        c.shared = self.shared  # what a solver works out from the board alone, kept across costs
        return _add_cost(c, self.layout, problem)


def compile_board(problem: Problem) -> CompiledBoard:
    """The board's part of ``compile_problem`` (``problem``'s cost fields are not read)."""
    c = Compiled.start(problem)
    return CompiledBoard(c, _add_producers(c, problem))


def _add_cost(c: Compiled, layout: _Layout, problem: Problem) -> Compiled:
    """The cost's part of ``compile_problem``: its total cost variants and what X may reach."""
    totals = total_costs(problem)
    if not totals:
        c.unpayable = True
        return c
    # (the purpose only matters where some mana is restricted: most boards need none worked out)
    accept, c.spendable = layout.spendable(problem._purpose if layout.restricted else None)
    c.variants = list(_variants(_Same(totals), accept, "achroma" in problem.keywords,
                                problem.spend_as,
                                problem.x_color))
    # X can exceed the mana by what reductions remove from it (118.7a)
    c.x_upper = mana_upper_bound(c) + max(v.total.generic_reduction for v in c.variants)
    if problem.payment is not None:  # 9.3: creatures, artifacts and cards pay too
        c.x_upper += keyword_upper(c)
    return c


AbilityRow = tuple[Any, tuple[tuple[str, ...], ...], str, "Restriction | None", bool, bool, int,
                   int, int, int,
                   "ManaCost | None"]
"""What compiling reads of a mana ability: (reflect, choices, types made, only, tap, sacrifice,
uses, life, damage, energy, mana)."""

_ROWS: dict[int, tuple[Ability, AbilityRow]] = table()


def _row(a: Ability) -> AbilityRow:
    """The :data:`AbilityRow` of ``a``, read once per ability: loaded abilities are shared
    between boards, and a board's producers would otherwise read a dozen attributes of each.
    Found by identity (an ability's hash walks its fields); the entry holds the ability, so its
    id isn't reused while the entry stands."""
    got = _ROWS.get(id(a))
    if got is None:
        got = remember(_ROWS, id(a), (a, (a._reflect, a.choices, a._types_made, a.only, a.tap,
                                          a.sacrifice,
                                          a.uses, a.life, a.damage, a.energy, a.mana)))
    return got[1]


def _add_producers(c: Compiled, problem: Problem) -> _Layout:
    """The kinds of mana of the pool and of the mana abilities, and a producer per mana
    ability that can be activated."""
    reflected: dict[tuple[int, int], str] | None = None  # worked out when an ability reflects
    made_keys: dict[MadeKey, int] = {}  # (types, snow, only) -> its place among the board's
    made_at: list[int] = []  # the made key of each producer
    converters: list[tuple[Producer, Source, ManaCost]] = []
    producers = c.producers
    finite: int | None = None  # the bound of section 9.2's "uses": "any", worked out when needed
    dropping = dropping_facts(problem) if problem._v2 and any(s.counts
                                                             for s in problem.sources) else {}
    no_effects = not problem.effects  # 9.4's effects rewrite what {T} abilities make (below)
    one_step = True  # every producer made in the one step below (Compiled.plain)
    for i, s in enumerate(problem.sources):
        count = s.count
        if count == 0:
            continue
        snow, untapped = s.snow, count - s.tapped
        v2 = s._v2
        if v2:
            check_counter_use(s, f"sources[{i}]")
            if not s._can_tap:
                untapped = 0  # a sick creature or a card in hand (302.6, 9.1)
        if s.zone == "graveyard":
            _check_graveyard_source(problem, i)
        for j, a in enumerate(s.abilities):
            # (a source without section 9's keys is on the battlefield)
            if v2 and not a._works_in(s.zone):
                continue  # tapwise's ability zone: one that works from the graveyard, or not there
            reflect, choices, types, only, tap, sacrifice, uses, life, damage, energy, mana = _row(a)
            if no_effects and not v2 and not reflect:
                # Most abilities of most boards: what the general steps below make of an ability
                # without section 9's keys, reflection or effects watching it, in one step.
                if not choices:
                    continue
                at = made_keys.setdefault((types, snow, only), len(made_keys))
                limit = untapped if tap else count * uses
                if sacrifice and limit > count:
                    limit = count
                if limit <= 0:
                    continue
                p = Producer(i, j, choices, {}, tap, sacrifice, uses, life, damage, energy, (),
                             limit)
                producers.append(p)
                made_at.append(at)
                if mana is not None:
                    converters.append((p, s, mana))
                continue
            one_step = False
            sacrificed_choices = None
            if reflect and reflect[0] == "sacrificed":  # the land its sacrifice_other takes (106.7)
                if reflected is None:
                    reflected = reflect_types(problem)
                sacrificed_choices = _sacrificed_choices(problem, i, a, reflected,
                                                         f"sources[{i}].abilities[{j}]")
                choices = tuple(dict.fromkeys(c for cs in sacrificed_choices.values() for c in cs))
                types = types_of(choices)
            elif reflect:
                if reflected is None:
                    reflected = reflect_types(problem)
                types = reflected.get((i, j), "")
                choices = reflect_choices(a, types)
            elif v2 and a._board_add:
                choices = board_choices(problem, s, a)
                types = types_of(choices)
            elif v2 and a._double_pool:
                # Doubling Cube: any type the pool holds
                # (solver/front/doubling.py)
                check_doubling(problem, i, s, a, f"sources[{i}].abilities[{j}]", effects=True)
                types = TYPES
            if not choices:
                continue
            # kinds are added even for an ability that can't be activated now
            at = made_keys.setdefault((types, snow, only), len(made_keys))
            path = f"sources[{i}].abilities[{j}]"
            readings: list[tuple[tuple[str, str, int] | None, dict | None]] = [(None, None)]
            if dropping and a._v2:
                read = facts_read(s, a) & set(dropping)
                if read:
                    readings = _readings(problem, a, read, dropping, path)
            base, base_types = choices, types
            # tapwise's times {"victim": F}: one producer per permanent it may sacrifice, making F
            # of that permanent (its others narrowed to that source); times {"taken": K}: one
            # producer per number of permanents it may take (n "X"), making that many; reflect
            # "sacrificed": one per permanent, making what it could produce. Each variant is
            # (victim source, its amount), or (-k, k) for k permanents taken.
            victims: list[tuple[int, int] | None] = [None]
            if v2 and a.times is not None and a.times.victim is not None:
                # the source itself last: its activations taking others come before it goes
                victims = sorted(victim_values(problem, i, a, path).items(),
                                 key=lambda qv: qv[0] == i)
            elif v2 and a.times is not None and a.times.taken is not None:
                victims = [(-k, k) for k in range(1, most_taken(problem, i, a, path) + 1)]
            elif sacrificed_choices is not None:
                victims = sorted(((q, 0) for q in sacrificed_choices), key=lambda qv: qv[0] == i)
            for (reads, facts), victim in ((r, v) for r in readings for v in victims):
                choices, types = base, base_types
                if sacrificed_choices is not None and victim is not None:
                    choices = sacrificed_choices[victim[0]]
                    if not choices:
                        continue
                if facts is not None and a._board_add:
                    choices = board_choices(problem, s, a, facts)
                    types = types_of(choices)
                    if not choices:
                        continue
                    at = made_keys.setdefault((types, snow, only), len(made_keys))
                uses = a.uses
                limit = untapped if tap else count * uses
                extra = None
                if v2 and (a._v2 or s.zone != "battlefield"):
                    if a.uses_any and finite is None:
                        finite = finite_mana(problem, lambda i2, j2, a2: _base_choices(problem, i2,
                                                                                       j2, a2))
                    extra = expand(problem, s, a, choices, path, finite, facts, None
                                   if victim is None else victim[1])
                    if extra is None:
                        continue
                    choices = extra.choices
                    if not tap:
                        uses = extra.per_copy
                        limit = count * uses if extra.total is None else min(count * uses,
                                                                             extra.total)
                if sacrifice and limit > count:
                    limit = count
                if limit <= 0:
                    continue
                # 9.4: effects rewrite a {T} ability's outputs
                # (solver/front/effects.py); an "on" extra
                # on one copy of several makes that copy a part of its own
                # (check_doubling refuses the rest)
                watched = problem.effects and tap and not a._double_pool
                removed = extra.removed if extra is not None else ()
                parts = (effect_parts(problem, i, s, choices, limit, path, removed) if watched
                         else (((choices, ()), removed, limit, None),))
                for (choices, before), removed, limit, cap in parts:
                    if watched:
                        at = made_keys.setdefault((made_types(choices), snow, only), len(made_keys))
                    p = Producer(i, j, choices, {}, tap, sacrifice, uses, life, damage, energy, (),
                                 limit)
                    p.cap, p.made_before = cap, before
                    p.double = a._double_pool
                    if p.double:  # 9.4 on a Cube's mana (9.7): solver/front/doubling.py
                        p.factor, p.cube, p.choices = cube_model(problem, s, a, path)
                        if p.cube:
                            lower = made_types(p.choices).lstrip(TYPES)
                            at = made_keys.setdefault((TYPES + lower, snow, only), len(made_keys))
                    if extra is not None:
                        p.removed, p.counters, p.card = removed, extra.counters, s.zone != "battlefield"
                        p.budget, p.budget_cost = extra.budget, extra.budget_cost
                        p.discard, p.exile, p.mill = a.discard, a.exile_graveyard, a.mill
                        p.drawback = a.drawback is not None
                        p.others = _others(problem, i, a, path)
                        if victim is not None and p.others is not None and victim[0] >= 0:
                            p.others = (p.others[0], p.others[1], (victim[0],), p.others[3])
                        elif victim is not None and p.others is not None:  # k = -victim[0] of them
                            p.others = (p.others[0], -victim[0], p.others[2], p.others[3])
                        p.reads = reads
                    producers.append(p)  # its kinds come with the layout, below
                    made_at.append(at)
                    if mana is not None:
                        converters.append((p, s, mana))
    # Kinds are all known now: each producer gets its kinds, and acceptance sets can be computed.
    pool = tuple(dict.fromkeys((m.type, m.snow, m.only)
                               for m in problem.pool)) if problem.pool else ()
    layout = _layout(pool, tuple(made_keys))
    c.kinds = list(layout.kinds)
    c._index = dict(layout.index)
    for m in problem.pool:
        k = layout.index[(m.type, m.snow, m.only, True)]
        c.pool_units[k] = c.pool_units.get(k, 0) + 1
    made = layout.made
    for p, at in zip(producers, made_at):
        p.kind_of_type = made[at]
    for p, s, mana in converters:
        p.cost = _ability_cost(mana, layout.spendable(ability_purpose(s))[0])
    c.plain = one_step and not converters
    if any(p.double for p in producers):  # 9.2 Doubling Cube: solver/front/doubling.py
        for p in producers:
            p.anywhere = not p.cost and not p.double and p.others is None and p.reads is None
    return layout


def _readings(problem: Problem, a: Ability, read: set[str], dropping: dict[str, int],
              path: str) -> list[tuple[tuple[str, str, int], dict]]:
    """An ability that reads a fact sacrifices may lower (9.1 ``counts``): once as read before
    any sacrifice, and once for each lower value it may read after all of level 0's."""
    if len(read) > 1:
        raise ProblemError(path, f"reads several facts that sacrifices lower "
                                 f"({', '.join(sorted(read))}): "
                           "not supported")
    f = next(iter(read))
    # CHOICE (docs/semantics.md, refused by name): when such an ability reads the fact
    # relative to its own cost's sacrifice, or beside what may lower the fact after it
    why = ("sacrifices its own copy as a cost" if a.sacrifice
           else "sacrifices other permanents as a cost" if a.sacrifice_other is not None
           else "taps other permanents as a cost" if a.tap_other is not None
           else _late_drop(problem, f) if a.mana is not None else None)
    if why is not None:
        raise ProblemError(path, f"reads {f!r}, which sacrifices lower (9.1 counts), and {why}: "
                                 "not supported")
    given = problem._fact_map[f]
    # An ability with a mana cost is activated after level 0 (it is a converter, on levels 1..L):
    # it reads the fact as level 0's sacrifices left it, the given value included (9.1: read at
    # the moment of the activation, lowered by the counted copies already sacrificed).
    out = [(("early", f, given), None)] if a.mana is None else [(("late", f, given), None)]
    for v in range(given - 1, given - dropping[f] - 1, -1):
        out.append((("late", f, v), {**problem._fact_map, f: v}))
    return out


def _late_drop(problem: Problem, f: str) -> str | None:
    """Why a reader of ``f`` with a mana cost can't be modelled, or None: beside a Doubling
    Cube (cost-free abilities may then act after one and lower ``f``)."""
    if any(a._double_pool for s in problem.sources for a in s.abilities):
        return "has a mana cost beside a Doubling Cube (double_pool)"
    return None


def _others(problem: Problem, i: int, a: Ability, path: str) -> tuple[str, int, tuple[int, ...],
                                                                      bool] | None:
    """The victims of a ``sacrifice_other`` or ``tap_other`` cost (9.2): the sources of that
    kind, the activating one only if it has another copy or the cost says ``self``."""
    if a.sacrifice_other is None and a.tap_other is None:
        return None
    if a.sacrifice_other is not None and a.tap_other is not None:
        raise ProblemError(path, "sacrifice_other and tap_other together are not supported")
    kind, others = ("sac", a.sacrifice_other) if a.sacrifice_other is not None else ("tap",
                                                                                     a.tap_other)
    victims = tuple(q for q, s in enumerate(problem.sources)
                    if s.count and others.matches(s) and (q != i or others.self or s.count > 1))
    if kind == "tap" and a.mana is not None:
        gone = [q for q in victims if _may_be_sacrificed(problem, problem.sources[q])]
        if gone:
            # CHOICE (docs/semantics.md): such a cost taps on a later step than the sacrifices
            # without a mana cost, and which comes first is not modelled for taps
            raise ProblemError(f"{path}.tap_other", "a mana cost beside tap_other is not "
                               f"supported when a mana ability may sacrifice a permanent it "
                               f"taps ({problem.sources[gone[0]].id!r})")
    return (kind, others.n, victims, others.self)


def _may_be_sacrificed(problem: Problem, s: Source) -> bool:
    """Whether a mana ability may sacrifice (a copy of) ``s``: its own, or another's
    ``sacrifice_other`` (9.3's other_costs are paid after every mana ability, 601.2h)."""
    return any(a.sacrifice for a in s.abilities) or any(
        a.sacrifice_other is not None and a.sacrifice_other.matches(s)
        for t in problem.sources for a in t.abilities)


def _base_choices(problem: Problem, i: int, j: int, a: Ability) -> tuple[tuple[str, ...], ...]:
    """An ability's outputs before section 9.2's amounts (a reflecting one's from 106.7)."""
    if a._reflect and a._reflect[0] == "sacrificed":
        got = _sacrificed_choices(problem, i, a, reflect_types(problem),
                                  f"sources[{i}].abilities[{j}]")
        return tuple(dict.fromkeys(c for cs in got.values() for c in cs))
    if a._reflect:
        return reflect_choices(a, reflect_types(problem).get((i, j), ""))
    if a._board_add:
        return board_choices(problem, problem.sources[i], a)
    return a.choices


def mana_upper_bound(c: Compiled) -> int:
    """A bound on the mana the board can make: bounds X (a bounded integer, not a loop)."""
    total = sum(c.pool_units.values())
    grow = 1
    for p in c.producers:
        total += _most_made(p.choices) * p.max_activations
        # 9.2 Doubling Cube: each activation at most doubles all there is (times 1 + 9.4's
        # factor)
        if p.double:
            grow = min(grow * (1 + p.factor) ** min(p.max_activations, 40), 2**40)
    if grow > 1:
        total = min(total * grow, 2**40)
    return total
