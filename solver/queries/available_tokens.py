"""The tokens of mana ``available`` reads a board into (solver/queries/available_board.py): each
kind of mana (type, snow, restriction) numbered once, the pools an activation makes or a Cube
doubles, the ways an ability's cost is paid from a pool, and which pools contain which."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement, product
from typing import Callable

import numpy as np

from tapwise.models.mana import COLORS, Kind, Symbol
from tapwise.models.problem import Ability, ProblemError, Purpose, Restriction

ANY = "Any"


@dataclass(frozen=True)
class Token:
    """One kind of mana in a pool: its type (a color, ``C`` or ``Any``), snow, and restriction."""

    type: str
    snow: bool
    only: Restriction | None

    def covers(self, other: Token) -> bool:
        """May this mana stand for ``other`` in every use: same type (``Any`` for any color),
        snow if ``other`` is, and no restriction ``other`` doesn't have."""
        same_type = self.type == other.type or (self.type == ANY and other.type in COLORS)
        return same_type and (self.snow or not other.snow) and (self.only is None
                                                                or self.only == other.only)



State = tuple[tuple[int, ...], int, int, int]
"""A pool as counts per token index, with the life paid, damage taken and energy paid so far."""


Read = list[tuple[Ability, tuple, tuple[int, ...]]]
"""Each ability of a source with what one activation may make (its output choices) and, for an
ability that removes any number of counters without {T}, the counters each choice removes
(parallel to the choices; empty otherwise)."""


Made = list[tuple[Ability, list[tuple[int, ...]], tuple[int, ...]]]
"""Each ability of a source with its outputs as token indices, and the counters each output
removes (a counter budget, :func:`_removes_any`; empty otherwise)."""


class TokenTable:
    """The board's kinds of mana, numbered as they are met, and what activations do to pools of
    them (counts per token index)."""

    def __init__(self) -> None:
        self.tokens: list[Token] = []
        self._index: dict[Token, int] = {}

    def token(self, type_: str, snow: bool, only: Restriction | None) -> int:
        token = Token(type_, snow, only)
        got = self._index.get(token)
        if got is None:
            got = self._index[token] = len(self.tokens)
            self.tokens.append(token)
        return got

    def doubling(self, cubes: list[tuple[bool, Restriction | None]]) -> None:
        """Number every token Doubling Cubes (each a (snow, restriction) its mana has) may read
        or make: each color an ``Any`` may be by the time a Cube reads it, and the Cubes' own."""
        if cubes:
            for t in list(self.tokens):
                if t.type == ANY:
                    for c in COLORS:
                        self.token(c, t.snow, t.only)
            for snow, only in cubes:
                for c in (*COLORS, "C"):
                    self.token(c, snow, only)

    def made_by(self, read: Read, snow: bool) -> Made:
        """Each ability of ``read`` with its outputs as tokens (and, for a counter budget, the
        counters each output removes)."""
        made = []
        for a, choices, removed in read:
            outs, rs = self.outputs(choices, snow, a.only, removed)
            if () in outs and not (a._double_pool or a.sacrifice or a.sacrifice_other):
                # makes nothing and takes no permanent (whose counts a fact may read): it only
                # spends, so every pool after it is inside one before (an X of 0 on a storage land)
                keep = [k for k, out in enumerate(outs) if out]
                outs, rs = [outs[k] for k in keep], (tuple(rs[k] for k in keep) if rs else ())
            made.append((a, outs, rs))
        return made

    def outputs(self, choices: tuple[tuple[str, ...], ...], snow: bool, only: Restriction | None,
                 removed: tuple[int, ...] = ()) -> tuple[list[tuple[int, ...]], tuple[int, ...]]:
        """Each way an activation may fill the pool, as sorted token indices: a unit that may be
        any color is one ``Any``, a unit of some types one of them; with ``removed`` (the counters
        each choice removes), the counters each output removes, else ``()``."""
        outs: dict[tuple[int, tuple[int, ...]], None] = {}
        for k, choice in enumerate(choices):
            per_unit = []
            for unit in choice:
                # a lower-case unit is an extra's mana (9.4): unrestricted and not snow
                extra = unit.islower()
                upper = unit.upper()
                if all(c in upper for c in COLORS):
                    types = [ANY] + (["C"] if "C" in upper else [])
                else:
                    types = list(upper)
                per_unit.append([self.token(t, snow and not extra, None if extra else only)
                                 for t in types])
            r = removed[k] if removed else 0
            for combo in product(*per_unit):
                outs.setdefault((r, tuple(sorted(combo))))
        by_removed: dict[int, list[tuple[int, ...]]] = {}
        for r, out in outs:
            by_removed.setdefault(r, []).append(out)
        pairs = [(r, out) for r, group in by_removed.items() for out in self.with_any(group)]
        return [out for _, out in pairs], (tuple(r for r, _ in pairs) if removed else ())

    def with_any(self, outs: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
        """``outs`` with a unit that may be any color as one ``Any``: outputs that differ only in
        one mana that is each of the five colors in turn (same snow and restriction) are that
        output with ``Any`` (the answer's "one mana of a color not yet chosen"). An effect that
        reads each mana's type (106.12b) makes any-color units concrete; when the concrete
        outputs still leave a mana's color free, this gives the ``Any`` back. The outputs an
        ``Any`` output contains are dropped (it may stand for each of them)."""
        have = set(outs)
        frontier = list(outs)
        while frontier:
            grown = []
            for out in frontier:
                for pos, t in enumerate(out):
                    tok = self.tokens[t]
                    if tok.type not in COLORS:
                        continue
                    rest = out[:pos] + out[pos + 1:]
                    colored = [self._index.get(Token(c, tok.snow, tok.only)) for c in COLORS]
                    if any(c is None or tuple(sorted((*rest, c))) not in have for c in colored):
                        continue
                    merged = tuple(sorted((*rest, self.token(ANY, tok.snow, tok.only))))
                    if merged not in have:
                        have.add(merged)
                        grown.append(merged)
            frontier = grown
        if len(have) == len(outs):
            return outs

        def covered(out: tuple[int, ...]) -> bool:
            for pos, t in enumerate(out):
                tok = self.tokens[t]
                if tok.type in COLORS:
                    anyt = self._index.get(Token(ANY, tok.snow, tok.only))
                    if anyt is not None and tuple(sorted((*out[:pos], *out[pos + 1:],
                                                          anyt))) in have:
                        return True
            return False

        return sorted(out for out in have if not covered(out))

    @staticmethod
    def added(left: tuple[int, ...], outs: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
        """The pools ``left`` becomes with each of an activation's outputs added."""
        pools = []
        for out in outs:
            grown = list(left)
            for t in out:
                grown[t] += 1
            pools.append(tuple(grown))
        return pools

    def doubled(self, left: tuple[int, ...], snow: bool, only: Restriction | None,
                 factor: int = 1) -> list[tuple[int, ...]]:
        """The pools a Doubling Cube's activation leaves from ``left``, its cost paid (9.2,
        608.2h): the mana of each type doubled, the new mana the Cube's own (its snow, its
        ability's restriction: 106.6). ``Any`` is mana of some color by now (106.1a: each unit in
        a pool has its color), and its copy has the same one, so the Cube reads each way the
        ``Any`` units may be colored (a pool with them contains every such pool but not twice
        it)."""
        anys = [(t, n) for t, n in enumerate(left) if n and self.tokens[t].type == ANY]
        colored = [[self._index[Token(c, self.tokens[t].snow, self.tokens[t].only)]
                    for c in COLORS] for t, _ in anys]
        pools = []
        for spread in product(*(combinations_with_replacement(ts, n) for ts, (_, n) in zip(colored, anys))):
            vec = list(left)
            for t, _ in anys:
                vec[t] = 0
            for units in spread:
                for t in units:
                    vec[t] += 1
            grown = list(vec)
            for t, n in enumerate(vec):
                if n:
                    # 9.4 multiplies
                    grown[self._index[Token(self.tokens[t].type, snow, only)]] += n * factor
            pools.append(tuple(grown))
        return pools

    def payments(self, vec: tuple[int, ...], a: Ability, purpose: Purpose) -> set[tuple[tuple[int, ...], int]]:
        """Each distinct (pool left, life paid) after paying ``a``'s mana cost from ``vec``."""
        if a.mana is None:
            return {(vec, 0)}
        spendable = [i for i, t in enumerate(self.tokens) if t.only is None
                     or t.only.allows(purpose)]
        results: set[tuple[tuple[int, ...], int]] = set()

        def pay(symbols: tuple[Symbol, ...], left: list[int], life: int) -> None:
            if not symbols:
                results.add((tuple(left), life))
                return
            for spent, paid_life in self.ways(symbols[0], left, spendable):
                for t in spent:
                    left[t] -= 1
                pay(symbols[1:], left, life + paid_life)
                for t in spent:
                    left[t] += 1

        pay(a.mana.symbols, list(vec), 0)
        return results

    def ways(self, sym: Symbol, left: list[int], spendable: list[int]) -> list[tuple[tuple[int, ...], int]]:
        """The ways to pay one symbol of an ability's cost from ``left``: (tokens spent, life)
        (106.8-106.11's symbols; Phyrexian ones with 2 life, spec section 8)."""
        tokens = self.tokens
        have = [i for i in spendable if left[i]]

        def one(ok: Callable[[Token], bool]) -> list[tuple[tuple[int, ...], int]]:
            return [((i,), 0) for i in have if ok(tokens[i])]

        def generic(n: int) -> list[tuple[tuple[int, ...], int]]:
            # only.not_generic (tapwise extension)
            payers = [i for i in have if _pays_generic(tokens[i])]
            return [(c, 0) for c in combinations_with_replacement(payers, n)
                    if all(c.count(i) <= left[i] for i in c)]

        def colored(t: Token) -> bool:
            return t.type in sym.colors or t.type == ANY

        k = sym.kind
        if k is Kind.COLORED or k is Kind.HYBRID:
            return one(colored)
        if k is Kind.COLORLESS:
            return one(lambda t: t.type == "C")
        if k is Kind.COLORLESS_HYBRID:
            return one(lambda t: t.type == "C" or colored(t))
        if k is Kind.GENERIC:
            return generic(sym.amount)
        if k is Kind.TWOBRID:
            return one(colored) + generic(2)
        if k is Kind.PHYREXIAN or k is Kind.HYBRID_PHYREXIAN:
            return one(colored) + [((), 2)]
        if k is Kind.SNOW:  # {S} is generic mana (107.4h)
            return one(lambda t: t.snow and _pays_generic(t))
        raise ProblemError("sources", f"{sym} in a mana ability's cost can't be paid with mana")


def undominated(states: list[State], upsets: np.ndarray, principal: int) -> list[State]:
    """The states no other state dominates: a pool containing the other's, no more life,
    damage or energy spent (whatever one can do after, the other can too). A pool contains
    another when each mana of the other can be given one of its own that may stand for it
    (:meth:`Token.covers`): by Hall's theorem, when it has at least as much mana in every
    connected up-set of that order (:func:`_connected_upsets`), so containment is a
    comparison of vectors."""
    if len(states) <= 1:
        return states
    n = upsets.shape[1]  # the tokens
    rows = np.array([[*v, -life, -damage, -energy] for v, life, damage, energy in states],
                    dtype=np.int64)
    rows = np.hstack([rows[:, :n] @ upsets.T, rows[:, n:]])
    # Distinct states have distinct rows (equal rows would be pools containing each other), so a
    # row is dominated only by one at least as large everywhere and larger in sum: each group
    # of rows of one sum is compared with the undominated rows of larger sums, in blocks.
    sums = rows.sum(axis=1)
    order = np.argsort(-sums, kind="stable")
    rows, sums = rows[order], sums[order]
    # the first test reads the principal up-sets and life (a necessary condition), the
    # second every column, only for the pairs that pass the first
    exact = principal == len(upsets)  # no other up-set: the first test is all
    cheap = slice(None) if exact else np.r_[0:principal, len(upsets):rows.shape[1]]
    dominated = np.zeros(len(rows), dtype=bool)
    cuts = [0, *np.flatnonzero(np.diff(sums)) + 1, len(rows)]
    for a, b in zip(cuts, cuts[1:]):
        larger = rows[:a][~dominated[:a]]
        if not len(larger):
            continue
        for lo in range(a, b, 256):
            block = rows[lo:min(lo + 256, b)]
            maybe = np.all(larger[None, :, cheap] >= block[:, None, cheap], axis=2)
            if exact:
                dominated[lo:lo + len(block)] = maybe.any(axis=1)
                continue
            i, j = np.nonzero(maybe)
            if len(i):
                full = np.all(larger[j] >= block[i], axis=1)
                dominated[lo + np.unique(i[full])] = True
    return [states[i] for i, d in zip(order, dominated) if not d]


def _pays_generic(token: Token) -> bool:
    """May this mana pay generic mana (not under tapwise's ``only.not_generic``)?"""
    return token.only is None or not token.only.not_generic
