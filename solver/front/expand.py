"""Section 9.2's abilities on one board, as the producers of ``compile`` see them: what one
activation may make and how often each copy may activate it.

Facts stand as given while the payment starts (9.1), so a condition, a ``times`` read from a
fact or from the counters on a copy are numbers on this board: an ability whose condition fails
is left out, and ``times: n`` makes its ``add`` n times, each repetition with its own choice
(9.2). ``times: {"remove": K}`` lets the player pick how many counters to remove: each number
of counters is one choice of the producer, and the answer says which (``removed``).

Counters are on each copy. A copy's abilities compete for its counters only when one of them
doesn't tap (two {T} abilities of one copy can't both be activated), so the counters each copy
has bound each ability alone exactly; a source whose abilities share a kind of counter with one
that doesn't tap is refused (an error naming it) rather than bounded loosely.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement

from tapwise.models.facts import conditions_allow
from tapwise.models.mana import COLORS, KIND_GENERIC, KIND_HYBRID_PHYREXIAN, KIND_PHYREXIAN, TYPES
from tapwise.models.problem import Ability, Problem, ProblemError, Source, add_choices

MAX_CHOICES = 512
"""Most outputs one ability may have once repeated: a list of k options made n times has
C(n+k-1, n) of them, each a choice of the model."""


@dataclass(frozen=True)
class Expanded:
    """One ability of one source on this board: its output choices, the counters each choice
    removes by ``times: {"remove": K}`` (empty when it has no such amount), the counters each
    activation removes or puts as a cost, and how often one copy may activate it (None: as
    version 1 says, once per copy for {T}, else ``uses``), with a bound for all copies
    together (None: none beyond the copies')."""

    choices: tuple[tuple[str, ...], ...]
    removed: tuple[int, ...]
    counters: int
    per_copy: int | None
    total: int | None
    # without {T}: the counters all of a copy's activations may remove together
    budget: int | None = None
    # without {T}: the counters of that kind each activation's cost removes too (out of the budget)
    budget_cost: int = 0


def _unit_key(unit: str) -> tuple[int, str]:
    return (len(unit), "".join(sorted(unit, key=TYPES.index)))


def repeat(choices: tuple[tuple[str, ...], ...], n: int, path: str) -> tuple[tuple[str, ...], ...]:
    """The outputs of making an ``add`` with ``choices`` n times, each time its own choice."""
    if n <= 0 or not choices:
        return ()
    if len(choices) == 1:
        return (tuple(sorted(choices[0] * n, key=_unit_key)),)
    out: dict[tuple[str, ...], None] = {}
    for combo in combinations_with_replacement(choices, n):
        out.setdefault(tuple(sorted((u for choice in combo for u in choice), key=_unit_key)))
        if len(out) > MAX_CHOICES:
            raise ProblemError(path, f"makes its add {n} times with {len(choices)} options each: "
                                     f"more than "
                               f"{MAX_CHOICES} outputs, too many to model")
    return tuple(out)


def board_choices(problem: Problem, s: Source, a: Ability,
                  facts: dict | None = None) -> tuple[tuple[str, ...], ...]:
    """The outputs of an add that reads the board (9.2): its amount or colors from a fact (the
    source's own first), or its colors the source's ``chosen`` one. ``facts``: the board's
    facts as the activation reads them (default: as given)."""
    add = a.add
    key = next(k for k in ("any_color", "one_color", "any_type", "each_color") if k in add)
    own, board = s._fact_map, problem._fact_map if facts is None else facts

    def fact(name: str):
        return own[name] if name in own else board[name]

    n = add[key]
    n = fact(n["fact"]) if isinstance(n, dict) else n
    of = add.get("of", COLORS)
    if of == "chosen":
        of = s.chosen if s.chosen in COLORS else ""
    elif isinstance(of, dict):
        of = fact(of["fact"])
    return add_choices(add, n, of)


def victim_values(problem: Problem, i: int, a: Ability, path: str) -> dict[int, int]:
    """For a ``times: {"victim": F}`` amount (tapwise extension): per source its
    ``sacrifice_other`` may take (source ``i``, the one acting, only with "self" or another
    copy), F as that permanent's own ``facts`` give it (an error naming the source's facts
    when they don't)."""
    assert a.times is not None and a.times.victim is not None and a.sacrifice_other is not None
    name = a.times.victim
    out = {}
    for q, victim in enumerate(problem.sources):
        if not victim.count or not a.sacrifice_other.matches(victim) or (
                q == i and not a.sacrifice_other.self and victim.count < 2):
            continue
        value = victim._fact_map.get(name)
        if not isinstance(value, int):
            raise ProblemError(f"sources[{q}].facts", f"needs the fact {name!r} (a whole number): "
                                                      f"{path} makes mana "
                               f"equal to the {name} of the permanent it sacrifices, and this one "
                               f"may be it")
        out[q] = value
    return out


MAX_TAKEN = 64
"""Most permanents one activation of an n "X" cost is modelled taking (one producer each)."""


def most_taken(problem: Problem, i: int, a: Ability, path: str) -> int:
    """The most permanents an n "X" ``sacrifice_other`` / ``tap_other`` (tapwise extension) of
    ability ``a`` of source ``i`` may take in one activation: all of that kind (untapped ones to
    tap), the acting copy only with "self"."""
    assert a.times is not None and a.times.taken is not None
    key = a.times.taken
    others = getattr(a, key)
    total = 0
    for q, s in enumerate(problem.sources):
        if not s.count or not others.matches(s):
            continue
        n = s.count - s.tapped if key == "tap_other" else s.count
        if q == i and not others.self:
            n = min(n, s.count - 1)
        total += max(0, n)
    if total > MAX_TAKEN:
        raise ProblemError(f"{path}.{key}.n", f"\"X\" may take up to {total} permanents here; at "
                                              f"most {MAX_TAKEN} "
                           "are modelled")
    return total


def types_of(choices: tuple[tuple[str, ...], ...]) -> str:
    made = {t for choice in choices for unit in choice for t in unit}
    return "".join(t for t in TYPES if t in made)


def check_counter_use(s: Source, path: str) -> None:
    """Refuse what the counters model can't answer exactly (docs/format-v2.md says what to do):
    a source whose abilities share a kind of counter with one that doesn't tap; an ability that
    puts and removes one kind as costs; one without {T} whose amount reads the kind its costs
    put or remove (each activation would read another number); several copies of a source
    whose ability removes any number of counters without {T}."""
    users: dict[str, list[int]] = {}
    for j, a in enumerate(s.abilities):
        kinds = {k for k, _ in a.remove_counters} | {k for k, _ in a.put_counters}
        amount = {a.times.counters or a.times.remove} - {None} if a.times else set()
        for k in kinds | amount:
            users.setdefault(k, []).append(j)
        put, removed = {k for k, _ in a.put_counters}, {k for k, _ in a.remove_counters}
        if put & removed:
            raise ProblemError(f"{path}.abilities[{j}]", "puts and removes the same kind of "
                               "counter as costs: the order they are paid in is the player's "
                               "(601.2h), not modelled")
        if not a.tap and amount & (put | removed) and not (a.times and a.times.remove):
            raise ProblemError(f"{path}.abilities[{j}]", "without {T}, its amount counts the "
                               "counters its costs put or remove, so each activation reads "
                               "another number: not supported")
        if not a.tap and a.times is not None and a.times.remove and put & amount:
            raise ProblemError(f"{path}.abilities[{j}]", "without {T}, puts the counters its "
                               "amount removes: not supported")
        if not a.tap and a.times is not None and a.times.remove and s.count > 1:
            # each copy has its own counters: which copy removed what is not modelled
            raise ProblemError(f"{path}.count", f"{s.count} copies of a source whose ability "
                                                f"{j} removes any "
                               "number of counters without {T}: give each copy as a source of "
                               "its own "
                               "(count 1), so that each has its own counters")
    for k, js in users.items():
        if len(js) > 1 and not all(s.abilities[j].tap for j in js):
            raise ProblemError(f"{path}.abilities[{js[1]}]", f"shares {k} counters with another "
                                                             f"ability of "
                               "the source, one of them without {T}: not supported")


def finite_mana(problem: Problem, outputs) -> int:
    """A bound on all the mana a payment can make, leaving out ``uses: "any"`` abilities whose
    mana cost is at least what they make: those give back no more than they spend, so all of
    their activations together spend at most this much of the rest (section 9.2's ``"any"``
    is bounded by it). ``outputs(i, j, ability)`` gives each ability's base choices."""
    total = len(problem.pool)
    for i, s in enumerate(problem.sources):
        for j, a in enumerate(s.abilities):
            choices = outputs(i, j, a)
            if not choices:
                continue
            e = expand(problem, s, a, choices, "", None)
            if e is None:
                continue
            most = max(map(len, e.choices))
            if a.tap:
                total += most * (s.count - s.tapped)
            elif e.per_copy is not None or e.total is not None:
                per = e.per_copy if e.per_copy is not None else e.total
                n = s.count * per if e.total is None else min(s.count * per, e.total)
                total += most * n
    return total


def facts_read(s: Source, a: Ability) -> set[str]:
    """The board facts an ability reads (its source's own facts aside)."""
    names = {c.fact for c in a.if_ + a.unless}
    if a.times is not None and a.times.fact:
        names.add(a.times.fact)
    if isinstance(a.add, dict):
        names |= {v["fact"] for v in a.add.values() if isinstance(v, dict) and "fact" in v}
    return names - set(s._fact_map)


def dropping_facts(problem: Problem) -> dict[str, int]:
    """Facts that sacrifices may lower during the payment (9.1 ``counts``), and by how much at
    most: copies that count toward them and can be sacrificed (by themselves or by another's
    sacrifice_other)."""
    sacrificers = [a.sacrifice_other for s in problem.sources for a in s.abilities
                   if a.sacrifice_other]
    out: dict[str, int] = {}
    for s in problem.sources:
        if not s.counts or not s.count:
            continue
        if any(a.sacrifice for a in s.abilities) or any(o.matches(s) for o in sacrificers):
            for f, n in s.counts:
                out[f] = out.get(f, 0) + n * s.count
    return out


def expand(problem: Problem, s: Source, a: Ability, choices: tuple[tuple[str, ...], ...], path: str,
           finite_mana: int | None, facts: dict | None = None,
           victim: int | None = None) -> Expanded | None:
    """``a`` (an ability of ``s`` whose base outputs are ``choices``) on this board, or None if it
    can't be activated here. ``finite_mana`` bounds the mana the rest of the board can make
    (for ``uses: "any"`` abilities with a mana cost; None while that bound is worked out);
    ``facts``: the board's facts as it reads them (default: as given); ``victim``: for a
    ``times: {"victim": F}`` amount, F of the permanent this activation sacrifices."""
    own, board = s._fact_map, problem._fact_map if facts is None else facts
    if not conditions_allow(a.if_, a.unless, lambda f: own[f] if f in own else board[f]):
        return None
    counters = s._counter_map
    cost_removed = dict(a.remove_counters)
    if any(counters.get(k, 0) < n for k, n in cost_removed.items()):
        return None  # a copy can't remove more than it has (9.2)
    fixed = sum(cost_removed.values()) + sum(n for _, n in a.put_counters)
    t = a.times
    # the amount is read as the ability resolves, its costs paid (602.2b, 608.2h): counters the
    # costs removed are gone, those they put are there
    after = dict(counters)
    for k, n in cost_removed.items():
        after[k] = after.get(k, 0) - n
    for k, n in a.put_counters:
        after[k] = after.get(k, 0) + n

    def made(n: int) -> tuple[tuple[str, ...], ...]:
        # Made no times, an ability with a mana cost still takes mana: spent on a cost, that
        # mana is not waste (spec 8), so it is a choice the objectives may want.
        return repeat(choices, n, f"{path}.times") if n > 0 else (((),) if a.mana is not None
                                                                  else ())

    removed: tuple[int, ...] = ()
    if t is None:
        out = choices
    elif t.remove is not None:
        most = after.get(t.remove, 0)
        outs: list[tuple[str, ...]] = []
        kept: list[int] = []
        for r in range(most + 1):
            for choice in made(r + t.plus):
                outs.append(choice)
                kept.append(r)
        out, removed = tuple(outs), tuple(kept)
    else:
        if t.number is not None:
            n = t.number
        elif t.fact is not None:
            n = own[t.fact] if t.fact in own else board[t.fact]
        elif t.victim is not None:
            if victim is None:  # a bound over every victim (finite_mana): the largest
                victim = max(victim_values(problem, problem.sources.index(s), a, path).values(),
                             default=0)
            n = victim
        elif t.taken is not None:  # as many as the cost took (``victim``); a bound: all it may take
            n = victim if victim is not None else most_taken(problem, problem.sources.index(s), a,
                                                             path)
        else:
            n = after.get(t.counters, 0)
        out = made(n + t.plus) if not t.up_to else _up_to(made, n, t.plus)
    if not out:
        # makes no mana and costs none (Gaea's Cradle with no creatures): never worth it
        return None
    per_copy = total = budget = None
    budget_cost = 0
    if not a.tap:
        bounds = [counters.get(k, 0) // n for k, n in cost_removed.items()]
        if t is not None and t.remove is not None:  # storage lands without {T}: a counter budget
            budget = counters.get(t.remove, 0)
            budget_cost = cost_removed.get(t.remove, 0)
            # else ``uses`` bounds it (an activation may remove none: its plus), or its cost's
            # counters do
            if a.uses_any and not bounds:
                bounds.append(_remove_activations(a, removed, budget, finite_mana, path))
        per_copy = min(bounds) if bounds else None
        if a.uses_any:
            total = _any_bound(problem, a, out, path, finite_mana, per_copy)
        else:
            per_copy = a.uses if per_copy is None else min(per_copy, a.uses)
        if per_copy is None:
            per_copy = total
    return Expanded(out, removed, fixed, per_copy, total, budget, budget_cost)


def _up_to(made, n: int, plus: int) -> tuple[tuple[str, ...], ...]:
    """The outputs of a ``times`` with ``up_to``: made any number of times from ``plus`` to
    ``n + plus`` (the player reveals as many cards as they like), each distinct output once."""
    return tuple(dict.fromkeys(choice for r in range(max(0, n) + 1) for choice in made(r + plus)))


def _remove_activations(a: Ability, removed: tuple[int, ...], budget: int, finite_mana: int | None,
                        path: str) -> int:
    """How often one copy may activate a ``{"remove": K}`` ability without {T} (Calciform
    Pools' "{1}, Remove X storage counters: Add X mana ..."): at most ``budget`` activations
    remove a counter; one that removes none makes only its ``plus`` and spends its mana cost,
    so, when that cost is larger, it spends mana of the rest of the board (``finite_mana``)."""
    if 0 not in removed:
        return budget
    units = sum(s.amount if s.kind is KIND_GENERIC else 1
                for s in a.mana.symbols) if a.mana is not None else 0
    assert a.times is not None
    if units <= a.times.plus:
        raise ProblemError(f"{path}.times", "removing no counters it still makes mana for no more "
                                            "than it "
                           "costs: nothing limits how often it can be activated")
    return budget + (finite_mana or 0)


def _any_bound(problem: Problem, a: Ability, out: tuple[tuple[str, ...], ...], path: str,
               finite_mana: int | None, per_copy: int | None) -> int | None:
    """How often a ``uses: "any"`` ability can be activated in all, from its costs: life and
    energy run out, and a mana cost larger than what it makes spends at least one mana of the
    rest of the board per activation (what it makes back is less than what it took)."""
    player = problem.player
    bounds = []
    if a.life:
        bounds.append(max(0, player.life) // a.life)
    if a.energy:
        bounds.append(player.energy // a.energy)
    if a.discard:
        bounds.append(problem.hand // a.discard)
    if a.exile_graveyard:
        bounds.append(problem.graveyard // a.exile_graveyard)
    if a.mill and problem.library is not None:
        bounds.append(problem.library // a.mill)
    if a.sacrifice_other is not None:  # each activation takes n permanents of that kind
        o = a.sacrifice_other
        bounds.append(sum(s.count for s in problem.sources if o.matches(s)) // o.n)
    if a.tap_other is not None:
        o = a.tap_other
        bounds.append(sum(s.count - s.tapped for s in problem.sources if o.matches(s)) // o.n)
    if a.mana is not None:
        units = sum(s.amount if s.kind is KIND_GENERIC else 1 for s in a.mana.symbols
                    if s.kind not in (KIND_PHYREXIAN, KIND_HYBRID_PHYREXIAN))
        phyrexian = sum(1 for s in a.mana.symbols if s.kind in (KIND_PHYREXIAN,
                                                                KIND_HYBRID_PHYREXIAN))
        if units and units >= max(map(len, out)):
            # It spends at least what it makes (Bog Initiate's {1}: Add {B}): the mana it takes
            # comes, through any chain of such abilities, from the rest of the board, and a
            # chain that comes back to it could start at its second activation (the same cost
            # paid by the same mana): the rest's mana bounds its activations.
            if finite_mana is None:
                return None  # left out of finite_mana: it makes no more than it spends
            bounds.append(finite_mana + (max(0, player.life) // 2 if phyrexian else 0))
        elif phyrexian:
            bounds.append(max(0, player.life) // 2)
    if bounds:
        return min(bounds)
    if per_copy is not None or finite_mana is None:
        return None  # its counters bound it, copy by copy (or the error comes in the real pass)
    raise ProblemError(f"{path}.uses", "\"any\" needs a cost that limits how often the ability can "
                                       "be "
                       "activated (life, energy, counters, cards, permanents to sacrifice or tap, "
                       "or a mana cost "
                       "larger than what it makes)")
