"""Whether a cost can be paid at all, by Hall's condition over a board's supply (issue 22).

An AI that searches asks "can I cast this?" far more often than "how?". Answering that needs
no payment and no optimum: only a count per set of mana kinds, against a supply the board
works out once.

**The argument (one, for every board it accepts).** Read a board as *units*: each pool mana,
each mana an activation may add, and 2 life for each Phyrexian symbol the player's life allows
(a pseudo-kind, :data:`LIFE`). A unit may become any kind in its mask; a symbol needs one unit
whose kind it accepts (a generic ``{N}`` needs N such units). Paying the symbols from a fixed
set of units is then a bipartite matching of symbol units to supply units that share a kind,
and by Hall's theorem every symbol unit is matched exactly when, for every union ``T`` of the
symbols' masks, the symbol units accepting only kinds in ``T`` are no more than the supply
units meeting ``T`` (a set of symbol units has as neighbours the supply units meeting the union
of its masks; for a given union, taking every symbol inside it is the tightest).

A board is not a fixed set of units in general (a copy taps once, for one of its choices;
abilities cost life, sacrifice, or are limited by life), so two fixed sets are read from it,
and the answer follows from monotonicity alone (more units can only help a matching):

- ``sure``: a sub-board every matching of which is a legal payment: the pool, and per copy one
  activation of its tapping abilities that cost nothing (no life, damage, energy, sacrifice or
  mana), as the union of their one-unit choices when all are one-unit (one tap, one unit, any of
  those kinds: exact), else one fixed choice; life for Phyrexian symbols only as far as the
  player's ``life`` and ``keep_life`` allow with nothing else losing life. If the count holds
  on ``sure``, the cost can be paid.
- ``most``: a relaxation holding every legal payment: per copy as many units as its largest
  tapping choice, each of every kind its tapping abilities make, plus each untapping ability's
  activations times its largest choice; the same life. If the count fails on ``most``, no
  payment exists.

Between the two (a pain land's colors needed, a Treasure that must be sacrificed) it declines:
``None``, and the caller asks the exact search. It declines outright where a fixed set of units
can't bound the payments: abilities with a mana cost (filter lands, Signets: their units are
bought with other units), format version 2 boards and costs (section 9: counters, facts,
cards), and costs outside the matching: several total costs, a reduction of generic, life or
energy in the cost itself, ``{2/W}``, X other than a fixed number.

**After a push that only taps copies** (issue 43, solver/queries/prepared.py) the board left's
``sure`` and ``most`` are counted from the board's own, not from the board left (:class:`Tapped`):
on a version-1 board each entry's units are its untapped copies times its units per copy
(:attr:`Supply.per_copy`), so tapping k copies takes k times those away; the pool left is
counted in the board's kinds (a kind reads only type, snow and restriction, which is all a
symbol's acceptance reads); life paid lowers the Phyrexian units. The argument above then
applies to the board left unchanged (docs/prepared.md, "Why a counted push's count is exact").
"""

from __future__ import annotations

from typing import Any

from tapwise.solver.contract import Compiled

LIFE_BIT = 62
LIFE = 1 << LIFE_BIT
"""The pseudo-kind of "2 life" for a Phyrexian symbol (kind indices stay well below it)."""
_LIFE = LIFE  # as a C integer (feasible.pxd)
MAX_UNIONS = 4096
"""Most unions of the symbols' masks a check may have (each is a set of kinds: a handful in
practice)."""

Checks = tuple[tuple[int, int], ...]
"""Hall's condition for one cost: (union T of symbol masks, symbol units accepting only kinds in T)."""
Groups = tuple[tuple[int, int], ...]
"""Units as (kind mask, units) groups."""
PerCopy = dict[int, tuple[Groups, Groups]]
"""Per source entry: the units one of its untapped copies adds to ``sure`` and to ``most``."""


class Supply:
    """A board's units as (kind mask, units) groups: ``sure`` a sub-board all of whose payments
    are legal, ``most`` a relaxation holding every payment (None: none known, so only ``sure``
    can decide); ``life`` is how many Phyrexian symbols life may pay. ``pool`` is the pool's
    part of both, and ``per_copy`` what each untapped copy of each source entry adds (None when
    some entry's units are not its untapped copies times its units per copy, as they are on a
    version-1 board without effects): what :meth:`after` needs. A value never changed once made
    (only the units meeting each union it has counted are kept, ``_meeting``); typed beside it
    (feasible.pxd), so a counted push reads its fields as C attributes."""

    def __init__(self, sure: Groups, most: Groups | None, life: int,
                 per_copy: PerCopy | None = None, pool: Groups = ()) -> None:
        self.sure, self.most, self.life, self.per_copy, self.pool = sure, most, life, per_copy, pool
        self._meeting: dict[int, tuple[int, int]] = {}  # per T: units meeting it (sure, most)

    def decide(self, checks: Checks) -> bool | None:
        """True if the cost can be paid, False if it can't, None if the count can't tell."""
        sure = True
        for t, need in checks:
            have = self._have(t)
            if have[0] < need:
                sure = False
                if have[1] < need:
                    return False
        return True if sure else None

    def _have(self, t: int) -> tuple[int, int]:
        """The units (sure, most) meeting union ``t``, counted once and kept in ``_meeting``."""
        meeting = self._meeting
        have = meeting.get(t)
        if have is None:
            have = meeting[t] = self._count(t)
        return have

    def _count(self, t: int) -> tuple[int, int]:
        life = self.life if t & _LIFE else 0
        sure = life
        for m, n in self.sure:
            if m & t:
                sure += n
        if self.most is None:
            return sure, 1 << 62  # no relaxation: never proves infeasibility
        most = life
        for m, n in self.most:
            if m & t:
                most += n
        return sure, most

    def after(self, tapped: dict[int, int], pool: Groups, life: int) -> Tapped | None:
        """The supply of this board with ``tapped[i]`` more copies of source entry ``i`` tapped,
        ``pool`` its pool (kinds of this board's layout) and ``life`` Phyrexian symbols: each
        entry's units are its untapped copies times its units per copy, so tapping k copies
        takes k times those away (None when :attr:`per_copy` is None, when an entry tapped
        makes nothing, or when the change has more groups than :data:`MAX_DELTA`: the caller
        then derives the board left)."""
        per_copy = self.per_copy
        if per_copy is None:
            return None
        out = Tapped.__new__(Tapped)
        out._start(self, life)
        for m, n in self.pool:  # the pool given, replaced by the pool left
            if not out._add(m, -n, -n):
                return None
        for m, n in pool:
            if not out._add(m, n, n):
                return None
        for i, k in tapped.items():
            one = per_copy.get(i)
            if one is None:
                return None  # no untapped copy, or nothing it makes: never tapped by a payment
            for m, n in one[0]:
                if not out._add(m, -k * n, 0):
                    return None
            for m, n in one[1]:
                if not out._add(m, 0, -k * n):
                    return None
        return out


MAX_DELTA = 32
"""Most (kind mask, units) groups a counted push's change (:class:`Tapped`) holds, in C arrays:
a push tapping more entries than that is not counted (the board left is derived instead)."""


class Tapped:
    """What a push that only tapped copies changed in a board's supply (:class:`Supply`), flat:
    per group its kind mask and the units it adds to ``sure`` and to ``most`` (negative: ``k``
    copies of an entry tapped take ``k`` times its units per copy away; the pool given is taken
    away and the pool left added), and ``life`` the Phyrexian symbols life may pay now; as a
    move stack records a move rather than the position it leaves, and, like python-chess's
    ``Move``, it holds no board: :meth:`decide` is given the one it was counted on (``on``, its
    identity, is checked). Typed beside it (feasible.pxd): only C numbers and three C arrays, so
    the count per union is a loop over C integers, and the compiled record is not an object the
    collector tracks (one is kept per payment a search pushes: tracked, each would bring the
    next generation-0 pass nearer, and it falls in a timed push). Made by :meth:`Supply.after`."""

    def _start(self, board: Supply, life: int) -> None:
        """The change's start, empty: :meth:`Supply.after` makes a ``Tapped.__new__(Tapped)``
        and calls this (compiled, both in C: no call through Python, no arguments read)."""
        self.on = id(board)
        self.life = life
        self._bounded = board.most is not None  # (else most never proves infeasibility)
        self._n = 0
        self._mask = [0] * 32  # MAX_DELTA (a constant, as feasible.pxd sizes them)
        self._sure = [0] * 32
        self._most = [0] * 32

    def _add(self, m: int, sure: int, most: int) -> bool:
        """One group of the change; False when the arrays are full."""
        j = self._n
        if j >= MAX_DELTA:
            return False
        self._mask[j] = m
        self._sure[j] = sure
        self._most[j] = most
        self._n = j + 1
        return True

    def decide(self, board: Supply, checks: Checks) -> bool | None:
        """:meth:`Supply.decide` on the board this change left from ``board``, the supply it
        was counted on (another raises ``ValueError``), each union counted afresh rather than
        kept: the board's count per union is kept (on the board's supply) and the change is one
        pass over a few C integers, cheaper than keeping a pair per union; nothing is made, so
        nothing is left to collect."""
        if id(board) != self.on:
            raise ValueError("a push's change is decided on the supply it was counted on")
        meeting = board._meeting
        lives = self.life - board.life
        sure_all = True
        for check in checks:
            key = check[0]  # the union as the board's counts are kept (a Python int)
            t = key  # and as a C integer (feasible.pxd)
            need = check[1]
            have = meeting.get(key)
            if have is None:
                have = meeting[key] = board._count(t)
            sure = have[0]
            most = have[1]
            if t & _LIFE:
                sure += lives
                most += lives
            for j in range(self._n):
                if self._mask[j] & t:  # C integers (feasible.pxd): the test is C's
                    sure += self._sure[j]
                    most += self._most[j]
            if not self._bounded:
                most = have[1]  # no relaxation: never proves infeasibility
            if sure < need:
                sure_all = False
                if most < need:
                    return False
        return True if sure_all else None


def board_supply(c: Compiled) -> Supply | None:
    """The :class:`Supply` of a compiled board (its producers, pool and player), or None when
    the board is outside the argument (format version 2)."""
    if c._v2 or len(c.kinds) >= LIFE_BIT:
        return None
    pool: dict[int, int] = {}
    for k, n in c.pool_units.items():
        if n:
            pool[1 << k] = pool.get(1 << k, 0) + n
    sure = dict(pool)
    most: dict[int, int] | None = dict(pool)
    per_source: dict[int, list[Any]] = {}  # source -> its producers
    for p in c.producers:
        per_source.setdefault(p.source, []).append(p)
    per_copy: PerCopy | None = {}
    sources = c.problem.sources
    for i, producers in per_source.items():
        if most is not None and any(p.cost for p in producers):
            most = None  # units bought with other units: no fixed set bounds them
        one = _add_sure(sure, producers)
        if most is not None:
            one_most = _add_most(most, producers)
        if per_copy is not None:
            src = sources[i]
            copies = src.count - src.tapped
            if any(not p.tap or p.max_activations != copies for p in producers):
                per_copy = None  # not its untapped copies times its units per copy
            else:
                per_copy[i] = (one, one_most if most is not None else ())
    player = c.problem.player
    return Supply(tuple(sure.items()), None if most is None else tuple(most.items()),
                  life_units(player.life, player.keep_life), per_copy, tuple(pool.items()))


def life_units(life: int, keep_life: int | None) -> int:
    """How many Phyrexian symbols (2 life each) a player at ``life`` may pay, keeping
    ``keep_life``."""
    room = life if keep_life is None else min(life, life - keep_life)
    return max(0, room) // 2


def _unit_mask(p: Any, unit: str) -> int:
    m = 0
    for t in unit:
        m |= 1 << p.kind_of_type[t]
    return m


def _add_sure(sure: dict[int, int], producers: list[Any]) -> Groups:
    """One activation per untapped copy of the tapping abilities that cost nothing; returns the
    units of one copy."""
    free = [p for p in producers if p.tap and not (p.cost or p.sacrifice or p.life or p.damage
                                                   or p.energy)]
    if not free:
        return ()
    copies = min(p.max_activations for p in free)
    choices = [(p, ch) for p in free for ch in p.choices]
    if all(len(ch) == 1 for _, ch in choices):  # one tap, one unit of any of these kinds
        m = 0
        for p, ch in choices:
            m |= _unit_mask(p, ch[0])
        one: Groups = ((m, 1),)
    else:
        p, ch = max(choices, key=lambda pc: len(pc[1]))  # one fixed choice: a legal activation
        one = tuple((_unit_mask(p, unit), 1) for unit in ch)
    for m, n in one:
        sure[m] = sure.get(m, 0) + n * copies
    return one


def _add_most(most: dict[int, int], producers: list[Any]) -> Groups:
    """At least every payment's units: per copy its largest tapping choice, each unit of any
    kind the tapping abilities make, and every untapping activation at its largest; returns
    the tapping abilities' units of one copy."""
    tapping = [p for p in producers if p.tap]
    one: Groups = ()
    if tapping:
        m = 0
        for p in tapping:
            for ch in p.choices:
                for unit in ch:
                    m |= _unit_mask(p, unit)
        one = ((m, max(len(ch) for p in tapping for ch in p.choices)),)
        most[m] = most.get(m, 0) + max(p.max_activations for p in tapping) * one[0][1]
    for p in producers:
        if not p.tap:
            m = 0
            for ch in p.choices:
                for unit in ch:
                    m |= _unit_mask(p, unit)
            units = p.max_activations * max(len(ch) for ch in p.choices)
            most[m] = most.get(m, 0) + units
    return one


def cost_checks(c: Compiled) -> Checks | None:
    """Hall's condition for the compiled cost ``c`` (its unions and needs), or None when the
    cost is outside the matching (see the module's docstring)."""
    if c._v2 or c.unpayable or len(c.variants) != 1:
        return None
    v = c.variants[0]
    tc = v.total
    if tc.generic_reduction or tc.life or v.energy:
        return None
    rows: dict[int, int] = {}
    for d in v.demands:
        opts = d.options
        if len(opts) == 1 and opts[0].units >= 1 and not opts[0].life:  # colored, {C}, generic {N}
            m, units = _mask(opts[0].accept), d.count * opts[0].units
        else:  # one unit of one of its options (hybrid), or 2 life (Phyrexian)
            m = 0
            for o in opts:
                if o.units == 1 and not o.life:
                    m |= _mask(o.accept)
                elif o.units == 0 and o.life == 2:
                    m |= LIFE
                else:
                    return None  # {2/W}, or an option of several units among others
            units = d.count
        rows[m] = rows.get(m, 0) + units
    x = c.problem.x
    if v.x_symbols:
        if isinstance(x, bool) or not isinstance(x, int) or (x and v.x_zero):
            return None
        if x:
            m = _mask(v.x_accept)
            rows[m] = rows.get(m, 0) + x * v.x_symbols
    elif x != 0:
        return None
    return _unions(rows)


def _mask(accept: frozenset[int]) -> int:
    m = 0
    for k in accept:
        m |= 1 << k
    return m


def _unions(rows: dict[int, int]) -> Checks | None:
    """Every union of the rows' masks with the units of the rows inside it; a row accepting
    nothing (mask 0) is in every union."""
    unions = {0}
    for m in rows:
        if m:
            unions |= {u | m for u in unions}
            if len(unions) > MAX_UNIONS:
                return None
    checks = []
    for t in sorted(unions):
        need = sum(n for m, n in rows.items() if not m & ~t)
        if need:
            checks.append((t, need))
    checks.sort(key=lambda tn: -tn[1])  # the largest needs first: they fail first
    return tuple(checks)
