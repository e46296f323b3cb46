"""The compiled core's board, read per producer into sources before its C arrays (issue 43).

:func:`template` reads an ability's choices once, whatever its producer; :func:`instance` adds
a producer's template to its source's entry with the producer's index and kinds. The core's
board reader (``solver.fast.core._read_board``) takes a compiled problem's producers through
:func:`sources`; the plain lane keeps a template per add text and hands the core its entries
(``_Tap.core``), through which ``core.read_plain`` reads them, so a board it never met is read
without a compiled problem, a per-source list or each text's choices read again.
``core._classes`` groups a compiled problem's sources into its C arrays. A cost's demands are
read the same way, each once per board layout (:func:`demand_row`; ``core._demand_rows`` keeps
them); the plain lane's symbol groups once each (:func:`group_row`) and per set of types a
board makes (:func:`row_on`; ``core.read_plain_cost`` keeps them). Compiled with the core
(``fast/templates.pxd``).
"""

from __future__ import annotations

from typing import Any

from tapwise.models.caches import remember, table
from tapwise.models.mana import TYPES

LIFE = 6  # the bit of life among the types (core.LIFE)
OPT, GEN = 0, 1  # what a row records (core's)

TI = {t: i for i, t in enumerate(TYPES)}


class Template:
    """What the board reader takes of an ability's ``choices``, whatever its producer (made by
    :func:`template` once per add text; the plain lane keeps it per entry as ``_Tap.core``): per
    type it makes one of, the first (type, choice, unit if a choice of types, type letter)
    (``picks``); its multiset as (choice, units per type, size) or None (``multi``); and the
    same as fields the core reads a plain entry's source from with no tuple made
    (``core.read_plain``): ``mask`` (the types it makes one of), per type ``ci`` (the first
    choice making it) and ``units`` (its unit when a choice of types, else None), and
    ``multi_ci`` (the multiset's choice, or -1), ``counts`` (its units per type), ``size``."""


def template(choices: tuple) -> Template | None:
    """The :class:`Template` of an ability's ``choices``, or None outside the class."""
    tpl = Template.__new__(Template)  # (no __init__: every field is set here)
    mask = 0
    picks = []
    units: list[Any] = [None] * 6
    ci_of = [0] * 6
    multi = None
    for ci, choice in enumerate(choices):
        if len(choice) == 1:
            unit = choice[0]
            for ch in unit:
                t = TI.get(ch)
                if t is None:
                    return None
                if not mask >> t & 1:
                    picks.append((t, ci, unit if len(unit) > 1 else None, ch))
                    mask |= 1 << t
                    ci_of[t] = ci
                    if len(unit) > 1:
                        units[t] = unit
        else:
            if multi is not None:
                return None  # two multisets: the wider path chooses
            counts = [0] * 6
            for unit in choice:
                t = TI.get(unit)
                if t is None:
                    return None  # a unit of a choice of types, or not a type of 106.1b
                counts[t] += 1
            multi = (ci, tuple(counts), len(choice))
    tpl.picks = tuple(picks)
    tpl.multi = multi
    tpl.mask = mask
    tpl.ci = ci_of
    tpl.units = tuple(units)
    if multi is None:
        tpl.multi_ci = -1
        tpl.counts = _NO_UNITS
        tpl.size = 0
    else:
        tpl.multi_ci, tpl.counts, tpl.size = multi
    return tpl


_NO_UNITS = (0,) * 6


def instance(pi: int, tpl: Template, kind_of_type: dict[str, int], s: list[Any]) -> bool:
    """Producer ``pi``'s template ``tpl`` added to its source's ``s`` (copies, picks per type,
    multi, mask; earlier producers' picks stand): (activation, kind, split key or None, type)
    per type, and its multiset's activation and units by kind. False on a second multiset."""
    picks = s[1]
    for t, ci, unit, ch in tpl.picks:
        if picks[t] is None:
            picks[t] = ((pi, 0, ci), kind_of_type[ch], (pi, 0, unit) if unit is not None
                        else None, ch)
            s[3] |= 1 << t
    multi = tpl.multi
    if multi is not None:
        if s[2] is not None:
            return False  # two multisets: the wider path chooses
        ci, counts, size = multi
        units = tuple([(t, counts[t], kind_of_type[TYPES[t]]) for t in range(6) if counts[t]])
        s[2] = ((pi, 0, ci), counts, units, size)
    return True


def sources(producers: list[Any], plain: bool) -> dict[int, list[Any]] | None:
    """Per source of the compiled ``producers`` (``Compiled.plain``: a board of version 1),
    [copies, picks per type, multi, mask] (:func:`instance`), or None outside the core's
    class."""
    per_source: dict[int, list[Any]] = {}
    # (compile vouches that the section-9 fields below are unset: tests/test_fast.py)
    for pi, p in enumerate(producers):
        if not p.tap or p.sacrifice or p.life or p.damage or p.energy:
            return None
        if not plain and (p.cost or p.double or p.anywhere or p.others is not None
                          or p.reads is not None
                          or p.cap is not None or p.made_before or p.removed
                          or p.budget is not None or p.counters
                          or p.card or p.discard or p.exile or p.mill or p.drawback):
            return None
        s = per_source.get(p.source)
        if s is None:
            s = per_source[p.source] = [p.max_activations, [None] * 6, None, 0]
        elif s[0] != p.max_activations:
            return None
        choices = p.choices
        tpl = _TEMPLATES.get(choices)
        if tpl is None:
            tpl = remember(_TEMPLATES, choices, template(choices) or False, 4096)
        if not tpl or not instance(pi, tpl, p.kind_of_type, s):
            return None
    return per_source


# a producer's choices -> their Template, or False outside the class (compile gives the
# producers of a text equal choices: each board reads a text's once)
_TEMPLATES: dict[tuple, Any] = table(4096)


def by_type(accept: frozenset[int], kind_bit: tuple[int, ...]) -> int:
    """The mask of types ``accept`` takes, or -1 unless it takes every kind of them."""
    m = 0
    for k in accept:
        m |= kind_bit[k]
    n = 0
    for bit in kind_bit:
        if bit & m:
            n += 1
    return m if n == len(accept) else -1


def demand_row(d: Any, kind_bit: tuple[int, ...]) -> tuple | None:
    """A demand's row on kinds ``kind_bit``: (mask, units needed, what, generic category,
    option masks, symbols, options, the life option or -1), or None outside the class."""
    opts = []
    for o in d.options:  # (a life option's mask isn't read: 0)
        opts.append((o.units, 0 if o.life else by_type(o.accept, kind_bit), o.life, o.generic))
    return _row(d.count, opts)


def group_row(options: tuple, count: int) -> tuple | None:
    """:func:`demand_row` of ``count`` symbols paid as ``options`` say (``groups._Group``'s
    option keys: units, types, snow only, life, generic, half) on a plain lane's board making
    every type, one kind each (:func:`row_on` reads it on a board making fewer), or None
    outside the class (snow mana: no such kind on such a board)."""
    opts = []
    for units, types, snow, life, generic, _ in options:
        if snow:
            return None
        m = 0
        for t in types:
            m |= 1 << TI[t]
        opts.append((units, m, life, generic))
    return _row(count, opts)


# a row of row_on -> itself: one tuple per distinct row, however many groups and type sets give
# it (most sets of types give a group the same row: {R} has one on every board making red)
_ROWS_ON: dict[tuple, tuple] = table(4096)


def row_on(row: tuple, made: int) -> tuple:
    """:func:`group_row`'s ``row`` on a plain board making the types ``made`` (a mask), one
    kind each: a kind set of types there is the mask of those types it makes, whatever the
    kinds' order (tests/test_first_fills.py compares it with the demand's row). Equal rows are
    one tuple (:data:`_ROWS_ON`), so the rows kept per group and type set leave few objects."""
    mask, need, what, cat, masks, count, n, life_at = row
    if what == GEN:
        out_row = (mask & made, need, what, cat, masks, count, n, life_at)
    else:
        keep = made | 1 << LIFE  # (a life option's mask is life's)
        out = []
        union = 0
        for m in masks:
            m &= keep
            out.append(m)
            union |= m
        out_row = (union, need, what, cat, tuple(out), count, n, life_at)
    got = _ROWS_ON.get(out_row)
    if got is None:
        got = remember(_ROWS_ON, out_row, out_row, 4096)
    return got


def _row(count: int, opts: list[tuple]) -> tuple | None:
    """The row of ``count`` symbols of the options ``opts`` (units, mask of the types that may
    pay them on the board or -1, life, generic category), or None outside the class."""
    units, m, life, generic = opts[0]
    if len(opts) == 1 and generic is not None:
        if m < 0 or units <= 0 or life:
            return None
        return m, count * units, GEN, generic, (), count, 1, -1
    masks = []
    union = 0
    life_at = -1
    for oi in range(len(opts)):
        units, m, life, generic = opts[oi]
        if life:
            if life != 2 or units or life_at >= 0:
                return None
            life_at = oi
            m = 1 << LIFE
        elif units != 1 or generic is not None or m < 0:
            return None  # {2/W}, or what isn't a symbol of the class
        masks.append(m)
        union |= m
    return union, count, OPT, None, tuple(masks), count, len(opts), life_at
