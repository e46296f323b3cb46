"""Mana and cost notation: Scryfall brace symbols that print as their notation and parse back.

This is the core language of tapwise, in the spirit of python-chess's SAN/FEN: every value
here prints as the notation a player reads on a card, and ``parse`` turns that text back
into the same value (rule 107.4 for the symbols).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from tapwise.models.caches import memo, remember, table
from typing import Iterable, Iterator

from tapwise.models.values import assemble, cached

COLORS = "WUBRG"
"""The five colors, in the order of rule 105.1 / 107.4a."""
TYPES = "WUBRGC"
"""The six types of mana (106.1b)."""

COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}

# The ten two-color pairs in printed order: allied pairs, then enemy pairs (as on cards).
HYBRID_PAIRS: tuple[str, ...] = ("WU", "UB", "BR", "RG", "GW", "WB", "UR", "BG", "RW", "GU")
_PAIR_BY_SET = {frozenset(p): p for p in HYBRID_PAIRS}


class NotationError(ValueError):
    """Malformed mana notation; names the bad symbol and its character position."""

    def __init__(self, message: str, symbol: str = "", position: int | None = None) -> None:
        super().__init__(message)
        self.symbol = symbol
        self.position = position


class Kind(str, Enum):
    """What sort of cost symbol a :class:`Symbol` is (107.3, 107.4)."""

    COLORED = "colored"  # {W}
    COLORLESS = "colorless"  # {C}
    GENERIC = "generic"  # {3}
    X = "x"  # {X}
    HYBRID = "hybrid"  # {W/U}
    TWOBRID = "twobrid"  # {2/W}
    COLORLESS_HYBRID = "colorless_hybrid"  # {C/W}
    PHYREXIAN = "phyrexian"  # {W/P}
    HYBRID_PHYREXIAN = "hybrid_phyrexian"  # {W/U/P}
    SNOW = "snow"  # {S}
    ENERGY = "energy"  # {E}


# Kind's members as module constants, for the code that reads every symbol's kind on every call
# (here, and the verifier): in Python 3.11 each ``Kind.X`` is a slow attribute lookup (EnumType
# has a __getattr__), about a thousand instructions.
KIND_COLORED, KIND_COLORLESS, KIND_GENERIC, KIND_X, KIND_SNOW, KIND_ENERGY = (
    Kind.COLORED, Kind.COLORLESS, Kind.GENERIC, Kind.X, Kind.SNOW, Kind.ENERGY)
KIND_HYBRID, KIND_TWOBRID, KIND_COLORLESS_HYBRID, KIND_PHYREXIAN, KIND_HYBRID_PHYREXIAN = (
    Kind.HYBRID, Kind.TWOBRID, Kind.COLORLESS_HYBRID, Kind.PHYREXIAN, Kind.HYBRID_PHYREXIAN)
_NO_COLOR = (KIND_GENERIC, KIND_X)
"""Kinds whose symbols never give a cost a color (202.2)."""


@dataclass(frozen=True, slots=True)
class Symbol:
    """One cost symbol. ``colors`` holds its color letters in printed order; ``amount`` is
    the number of a generic symbol (1 for the others)."""

    kind: Kind
    colors: str = ""
    amount: int = 1

    def __str__(self) -> str:
        return (SYMBOL_FACTS.get(id(self)) or symbol_facts(self))[1]

    def _text(self) -> str:
        k, c = self.kind, self.colors
        if k is KIND_GENERIC:
            return "{%d}" % self.amount
        if k is KIND_X:
            return "{X}"
        if k is KIND_COLORLESS:
            return "{C}"
        if k is KIND_SNOW:
            return "{S}"
        if k is KIND_ENERGY:
            return "{E}"
        if k is KIND_COLORED:
            return "{%s}" % c
        if k is KIND_HYBRID:
            return "{%s/%s}" % (c[0], c[1])
        if k is KIND_TWOBRID:
            return "{2/%s}" % c
        if k is KIND_COLORLESS_HYBRID:
            return "{C/%s}" % c
        if k is KIND_PHYREXIAN:
            return "{%s/P}" % c
        return "{%s/%s/P}" % (c[0], c[1])

    def __repr__(self) -> str:
        return f"Symbol({self})"

    @classmethod
    def parse(cls, text: str) -> "Symbol":
        """Parse one symbol, with or without braces (``"{w/u}"``, ``"U/W"``, ``"3"``)."""
        if not isinstance(text, str):
            raise NotationError(f"a mana symbol must be a string, not {type(text).__name__}")
        body = text[1:-1] if text.startswith("{") and text.endswith("}") else text
        symbol = _parse_body(body)
        if symbol is None:
            raise NotationError(f"unknown mana symbol {text!r}", text, 0)
        return symbol

    @property
    def is_mana(self) -> bool:
        """False only for {E}: energy is a cost symbol but not mana (107.14)."""
        return self.kind is not KIND_ENERGY

    @property
    def mana_value(self) -> int:
        """Contribution to mana value (202.3): X is 0, {2/W} is 2, {E} is 0."""
        if self.kind is KIND_GENERIC:
            return self.amount
        if self.kind in (KIND_X, KIND_ENERGY):
            return 0
        if self.kind is KIND_TWOBRID:
            return 2
        return 1

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Canonical order for printing a total cost: X, generic, snow, {C}, colored symbols,
        hybrids, Phyrexian, then {2/W} and {C/W}, each in color order."""
        rank = _KIND_RANK[self.kind]
        if not self.colors:
            return (rank, 0, 0)
        c = self.colors
        return (rank, COLORS.index(c[0]), HYBRID_PAIRS.index(c) if len(c) == 2 else 0)


_KIND_RANK = {Kind.X: 0, Kind.GENERIC: 1, Kind.SNOW: 2, Kind.COLORLESS: 3, Kind.ENERGY: 9,
              Kind.COLORED: 4, Kind.HYBRID: 5, Kind.HYBRID_PHYREXIAN: 6, Kind.PHYREXIAN: 7,
              Kind.TWOBRID: 8, Kind.COLORLESS_HYBRID: 9}
_NUMBER = re.compile(r"\d+")

SymbolFacts = tuple[Symbol, str, "tuple[int, int, int] | None", Kind, str]
"""What is read of a symbol on every new cost: (the symbol, its text, its sort key (None when it has
none), its kind, the colors it gives a cost (202.2))."""

SYMBOL_FACTS: dict[int, SymbolFacts] = table()
""":func:`symbol_facts`'s memo, by the symbol's id: hot loops look a symbol up here first
(``SYMBOL_FACTS.get(id(s)) or symbol_facts(s)``), a dict lookup rather than a call."""


def symbol_facts(symbol: Symbol) -> SymbolFacts:
    """The :data:`SymbolFacts` of ``symbol``, worked out once per symbol: parsed symbols are
    shared (``_parse_body`` remembers them), so the same few come back in every cost. Found by
    identity (a symbol's hash is two Python-level calls); the entry holds the symbol, so its id
    isn't reused while the entry stands."""
    got = SYMBOL_FACTS.get(id(symbol))
    if got is None:
        k = symbol.kind
        try:
            key: tuple[int, int, int] | None = symbol.sort_key
        except (KeyError, ValueError):  # not a symbol of section 1: sorting it raises, as it did
            key = None
        colors = "" if k in _NO_COLOR else symbol.colors
        got = remember(SYMBOL_FACTS, id(symbol), (symbol, symbol._text(), key, k, colors))
    return got


def symbol_sort_key(symbol: Symbol) -> tuple[int, int, int]:
    """``symbol.sort_key``, worked out once per symbol."""
    key = (SYMBOL_FACTS.get(id(symbol)) or symbol_facts(symbol))[2]
    return symbol.sort_key if key is None else key


@memo(256)
def generic_symbol(amount: int) -> Symbol:
    """``{amount}``, shared."""
    return Symbol(KIND_GENERIC, "", amount)


def _color_pair(a: str, b: str) -> str | None:
    return _PAIR_BY_SET.get(frozenset((a, b))) if a != b else None


@memo(4096)
def _parse_body(body: str) -> Symbol | None:
    """The symbol between braces, or None when it is not one of section 1's symbols
    (remembered: the same few bodies make up every cost)."""
    b = body.upper()
    if _NUMBER.fullmatch(b):
        return Symbol(Kind.GENERIC, "", int(b))
    if len(b) == 1:
        if b in COLORS:
            return Symbol(Kind.COLORED, b)
        simple = {"C": Kind.COLORLESS, "X": Kind.X, "S": Kind.SNOW, "E": Kind.ENERGY}
        return Symbol(simple[b]) if b in simple else None
    parts = b.split("/")
    if any(p == "" for p in parts):
        return None
    if len(parts) == 2:
        p, q = parts
        if "P" in parts:
            other = q if p == "P" else p
            return Symbol(Kind.PHYREXIAN, other) if other in COLORS else None
        if p in COLORS and q in COLORS:
            pair = _color_pair(p, q)
            return Symbol(Kind.HYBRID, pair) if pair else None
        for half, kind in (("2", Kind.TWOBRID), ("C", Kind.COLORLESS_HYBRID)):
            if half in parts:
                other = q if p == half else p
                return Symbol(kind, other) if other in COLORS else None
        return None
    if len(parts) == 3 and parts.count("P") == 1:
        a, c = [p for p in parts if p != "P"]
        pair = _color_pair(a, c) if a in COLORS and c in COLORS else None
        return Symbol(Kind.HYBRID_PHYREXIAN, pair) if pair else None
    return None


_TOKEN = re.compile(r"\{([^{}]*)\}|(\s+)|(\d+|.)", re.S)


def _iter_symbols(text: str) -> Iterator[Symbol]:
    """Tokens of ``text``: braced symbols and spaces, or the short form ``3UU``."""
    braced = "{" in text or "}" in text
    pos = 0
    for m in _TOKEN.finditer(text):
        pos = m.start()
        if m.group(2):
            continue
        raw = m.group(0)
        if m.group(1) is not None:
            symbol = _parse_body(m.group(1).strip()) if m.group(1).strip() == m.group(1) else None
        elif braced:
            raise NotationError(
                f"unexpected {raw!r} at position {pos} in {text!r}: symbols go in braces, like "
                f"{{2}}{{W}}",
                raw, pos)
        else:
            symbol = _parse_body(raw) if raw.upper() != "P" else None
        if symbol is None:
            raise NotationError(f"unknown mana symbol {raw!r} at position {pos} in {text!r}", raw,
                                pos)
        yield symbol


@dataclass(frozen=True)
class ManaCost:
    """A sequence of cost symbols, printed in the order given (card costs round-trip).

    Parsed costs are shared (``parse`` remembers them), so what every call asks of a cost (its
    hash as a cache key, its colors, whether it has {X}) is worked out once per cost."""

    symbols: tuple[Symbol, ...] = ()

    @classmethod
    def parse(cls, text: str) -> "ManaCost":
        """Parse ``"{2}{W}{U/P}"``, ``"{w} {u/w}"`` or the short form ``"3UU"``."""
        if not isinstance(text, str):
            raise NotationError(f"a mana cost must be a string, not {type(text).__name__}")
        return _parse_cost(cls, text)

    @classmethod
    def of(cls, symbols: Iterable[Symbol]) -> "ManaCost":
        """The cost of these symbols, in the order given."""
        return cls(tuple(symbols))

    def __str__(self) -> str:
        facts = SYMBOL_FACTS
        return "".join([(facts.get(id(s)) or symbol_facts(s))[1] for s in self.symbols])

    def __repr__(self) -> str:
        return f"ManaCost({self})"

    def __iter__(self) -> Iterator[Symbol]:
        return iter(self.symbols)

    def __len__(self) -> int:
        return len(self.symbols)

    def __add__(self, other: "ManaCost") -> "ManaCost":
        return ManaCost(self.symbols + other.symbols)

    def canonical(self) -> "ManaCost":
        """Same cost in canonical order with generic symbols merged (``{1}{W}{2}`` -> ``{3}{W}``)."""
        generic = 0
        has_generic = False
        rest = []
        for s in self.symbols:
            if s.kind is KIND_GENERIC:
                generic += s.amount
                has_generic = True
            else:
                rest.append(s)
        rest.sort(key=symbol_sort_key)  # stable, as sorted() was
        head = [s for s in rest if s.kind is KIND_X]
        tail = [s for s in rest if s.kind is not KIND_X]
        zero_only = has_generic and not rest
        mid = [generic_symbol(generic)] if generic or zero_only else []
        return assemble(ManaCost, {"symbols": tuple(head + mid + tail)})

    @property
    def mana_value(self) -> int:
        """The cost's mana value (202.3): the sum of its symbols'."""
        return sum(s.mana_value for s in self.symbols)

    def __hash__(self) -> int:
        return self._hash

    @cached
    def _hash(self) -> int:
        return hash(self.symbols)

    @cached
    def colors(self) -> str:
        """The cost's colors (202.2), in WUBRG order."""
        present = "".join([symbol_facts(s)[4] for s in self.symbols])
        return "".join([c for c in COLORS if c in present]) if present else ""

    @cached
    def has_x(self) -> bool:
        for s in self.symbols:
            if s.kind is KIND_X:
                return True
        return False


@memo(4096)
def _parse_cost(cls: type, text: str) -> ManaCost:
    """Costs are immutable values, and the same few strings come back on every board. A cost
    met for the first time is most often braced symbols one after the other (``{2}{W}{W/U}``):
    split on ``}{``, each body is found in ``_parse_body``'s memo (the same few bodies make up
    every cost), with no regex match or generator per symbol. Anything else (spaces, the short
    form, an unknown symbol) goes through the tokenizer, which also words the errors."""
    symbols = _braced(text)
    if symbols is None:
        return assemble(cls, {"symbols": tuple(_iter_symbols(text))})
    # Every body is a symbol of section 1, so a color letter in the text is a color of the cost
    # (202.2: only generic and {X} have none, and their texts hold no color letter) and an X
    # is an {X}: the two cached properties every problem reads, without a pass over the symbols.
    upper = text.upper()
    return assemble(cls, {"symbols": symbols, "colors": "".join([c for c in COLORS if c in upper]),
                          "has_x": "X" in upper})


def _braced(text: str) -> tuple[Symbol, ...] | None:
    """The symbols of ``text`` when it is only braced symbols without spaces, else None."""
    if text[:1] != "{" or text[-1:] != "}":
        return None
    inner = text[1:-1]
    joints = inner.count("}{")
    if inner.count("{") != joints or inner.count("}") != joints or inner.split() != [inner]:
        return None  # a brace or a space out of place: the tokenizer says which
    out = []
    for body in inner.split("}{"):
        symbol = _parse_body(body)
        if symbol is None:
            return None
        out.append(symbol)
    return tuple(out)


def parse_cost(text: str) -> ManaCost:
    """Shorthand for :meth:`ManaCost.parse`."""
    return ManaCost.parse(text)


@memo(256)
def type_mask(types: str) -> int:
    """The set of mana types in ``types`` as bits, ``TYPES[i]`` being bit ``i`` (at most 64 sets)."""
    m = 0
    for t in types:
        m |= 1 << TYPES.index(t)
    return m


def format_types(types: Iterable[str]) -> str:
    """Mana types as brace notation: ``"WWC"`` -> ``"{W}{W}{C}"``."""
    return "".join("{%s}" % t for t in types)
