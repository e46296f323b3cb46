"""What the fast path (:mod:`solver.fast.solve`) reads once per shape: a source's abilities as life
per type made and multi choices, acceptance by type, a multi choice's units and how often an
optimum can use it, the vectors of activation counts to try, and the bound on sources with
mana-cost abilities (conservation of mana). Each is a pure function of values boards share, so
most are remembered."""

from __future__ import annotations

from tapwise.models.caches import memo
from itertools import product
from typing import Any

from tapwise.models.mana import TYPES, type_mask
from tapwise.solver.contract import Compiled

BIT = {t: 1 << i for i, t in enumerate(TYPES)}
TI = {t: i for i, t in enumerate(TYPES)}


class _Out(Exception):
    """The problem is outside the fast class."""


def _carvings(rows: list[tuple[int, int, int, int, Any]], colors: list[int]):
    """Every way to take one unit for each of ``colors`` (type indices) from a row accepting
    it, as (rows, no {2/W} demands): the unit becomes a row of its own accepting that color
    alone, for the same symbol (a row's payments are added up when the answer is built)."""
    options = [[ri for ri, r in enumerate(rows) if r[1] and r[0] >> ti & 1] for ti in colors]
    for pick in product(*options):
        taken = [0] * len(rows)
        for ri in pick:
            taken[ri] += 1
        if any(t > r[1] for t, r in zip(taken, rows)):
            continue
        out = [(r[0], r[1] - t, *r[2:]) for r, t in zip(rows, taken)]
        out += [(1 << ti, 1, *rows[ri][2:]) for ti, ri in zip(colors, pick)]
        yield out, []


def _least_mana(demands) -> int:
    """The least mana ``demands`` (a mana ability's own cost) can take: 0 for a symbol that
    life may pay (a Phyrexian one), else its cheapest option's units."""
    total = 0
    for d in demands:
        total += d.count * min(0 if o.life else o.units for o in d.options)
    return total


def _fewest_copies(c: Compiled, need: int) -> int | None:
    """The fewest source copies that could add ``need`` mana net of their activations' least
    mana costs (see :meth:`_Fast._converters_idle`), or None if all of them can't."""
    # per source entry: [best tapping net, the others' nets x uses]
    per_copy: dict[int, list[int]] = {}
    for p in c.producers:
        net = p.most_made - _least_mana(p.cost)
        if net <= 0:
            continue
        most = per_copy.setdefault(p.source, [0, 0])
        if p.tap:
            most[0] = max(most[0], net)
        else:
            most[1] += net * p.uses
    sources_of = c.problem.sources
    items = sorted(((tap + other, sources_of[si].count) for si, (tap, other) in per_copy.items()),
                   reverse=True)
    least = 0
    for net, n in items:  # the copies making the most first: the fewest that cover the need
        take = min(n, -(-need // net))
        least += take
        need -= take * net
        if need <= 0:
            return least
    return None


@memo(4096)
def _accepted_types(accept: frozenset[int], kind_bit: tuple[int, ...]) -> int | None:
    """The mask of the types whose kinds ``accept`` takes, or None unless it takes every
    spendable kind of those types (acceptance by type); once per shape."""
    m = 0
    for k in accept:
        m |= kind_bit[k]
    if len(accept) != sum(1 for b in kind_bit if b & m):
        return None
    return m


@memo(4096)
def _source_info(abilities: tuple[tuple[tuple[tuple[str, ...], ...], int, int], ...]):
    """A source's :func:`_source_table`, with its :func:`_profile_mask` both ways (index 0:
    every type it makes, 1: the types that cost no life): one cached call per source."""
    table = _source_table(abilities)
    return table, (_profile_mask(table[0], False), _profile_mask(table[0], True))


def _profile_mask(profile: tuple[int | None, ...], free: bool) -> tuple[tuple[int | None, ...],
                                                                        int]:
    """A class's life per type made (None: it can't make the type), with the types that cost
    life left out when ``free``, and the mask of the types it still makes (:func:`_source_info`
    remembers it)."""
    if free:
        profile = tuple(None if p else p for p in profile)
    m = 0
    for ti, p in enumerate(profile):
        if p is not None:
            m |= 1 << ti
    return profile, m


def _source_table(abilities: tuple[tuple[tuple[tuple[str, ...], ...], int, int], ...]):
    """A source's abilities, (choices, life, mask of the types whose mana may be spent here),
    read once per shape (:func:`_source_info` remembers it): per type index, the least life a
    one-unit choice making it costs (None: none can) and the first such (ability, choice index,
    unit); its multi choices as (choice, life) and their (ability, choice index). A multi choice
    none of whose mana can be spent here is left out (no optimum activates it); one making some
    that can and some that can't is out of class."""
    pays: list[int | None] = [None] * 6
    picks: list[tuple[int, int, str] | None] = [None] * 6
    shape, refs = [], []
    for ai, (choices, pay, allowed) in enumerate(abilities):
        singles, multis = _choice_table(choices)
        for ti, _, ci, unit in singles:
            if not allowed >> ti & 1:
                continue
            old = pays[ti]
            if old is None or pay < old:
                pays[ti] = pay
                picks[ti] = (ai, ci, unit)
        for ci, choice, types in multis:
            made = type_mask(types)
            if not made & allowed:
                continue  # none of its mana can be spent here (Eldrazi Temple's {C}{C}): never used
            if made & ~allowed:
                raise _Out  # an activation that makes some mana this cost can't use
            shape.append((choice, pay))
            refs.append((ai, ci))
    return tuple(pays), tuple(picks), tuple(shape), tuple(refs)


@memo(4096)
def _choice_table(choices: tuple[tuple[str, ...], ...]):
    """A mana ability's choices read once per shape: for each type, the first one-unit choice
    making it, (type index, type, choice index, unit); and the choices making several units,
    (choice index, choice, every type they may make)."""
    singles: dict[int, tuple[int, str, int, str]] = {}
    multis = []
    for ci, choice in enumerate(choices):
        if len(choice) == 1:
            unit = choice[0]
            for t in unit:
                if TI[t] not in singles:
                    singles[TI[t]] = (TI[t], t, ci, unit)
        else:
            multis.append((ci, choice, "".join(sorted(set("".join(choice))))))
    return tuple(singles.values()), tuple(multis)


@memo(1024)
def _multi_units(choice: tuple[str, ...]) -> tuple[int, tuple[tuple[str, int, int], ...]]:
    """A multi choice's type mask, and its distinct units in order with how many of each it
    makes and the types each may be: once per shape."""
    units = {}
    for unit in choice:
        units[unit] = units.get(unit, 0) + 1
    mask = 0
    for unit in units:
        mask |= type_mask(unit)
    return mask, tuple((unit, k, type_mask(unit)) for unit, k in units.items())


def _most_activations(choice: tuple[str, ...], reach: list[tuple[int, int]]) -> int:
    """The most activations of one multi choice an optimum can use: for each of its distinct
    units (made ``k`` times per activation), the demand units it could serve, ``k`` to an
    activation. Activations of one choice are alike, so mana spent from two partly spent ones
    can move to one of them and the other be dropped (fewer sources, no more life or waste):
    an optimum spends each unit's mana from as few activations as hold it."""
    most = 0
    for _, k, um in _multi_units(choice)[1]:
        n = 0
        for dm, units in reach:
            if dm & um:
                n += units
        n = -(-n // k)
        if n > most:
            most = n
    return most


@memo(1024)
def _vectors(bounds: tuple[int, ...], cap: int, limit: int) -> tuple[tuple[int, ...], ...]:
    """Every vector ``0 <= v[j] <= bounds[j]`` with ``sum(v) <= cap``; out of class past ``limit``.
    Once per shape: boards repeat the same few bounds."""
    out: list[tuple[int, ...]] = []

    def walk(j: int, left: int, prefix: tuple[int, ...]) -> None:
        if j == len(bounds):
            out.append(prefix)
            if len(out) > limit:
                raise _Out
            return
        for n in range(min(bounds[j], left) + 1):
            walk(j + 1, left - n, prefix + (n,))

    walk(0, cap, ())
    return tuple(out)
