"""The facts (problem.md 9.1) a board typed by card names implies by itself.

A board typed as names lists every permanent the player typed, so counts of "X you control"
(Tainted Isle's Swamps, Gaea's Cradle's creatures, Urza's Mine for Urza's Tower) and devotion
(700.5) can be counted from it; anything else (commander colors, cards in hand, what is on the
opponents' side of "on the battlefield") can't, and is asked for by name. The derived facts
are written down, with the cards they were counted from, never silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Iterator

from tapwise.models.cards.catalog import Card
from tapwise.models.cards.words import CARD_TYPES, parse_type_line

__all__ = ["Entry", "Derived", "facts_needed", "derive_fact", "parse_fact"]

_COLOR_NAMES = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_SUPERTYPES = {"basic", "legendary", "snow"}


@dataclass(frozen=True)
class Entry:
    """A typed board entry: how many copies of which card."""

    count: int
    card: Card


@dataclass(frozen=True)
class Derived:
    """A fact counted from the typed board: its value and, per card name, how much each copy
    counts toward it (so a source can say so in ``counts``)."""

    fact: str
    value: int
    per_copy: tuple[tuple[str, int], ...]

    def explain(self) -> str:
        parts = [f"{name} ({n} each)" if n != 1 else name for name, n in self.per_copy]
        return f"{self.fact} = {self.value} (from the board: {', '.join(parts) or 'none typed'})"


def _walk(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        if isinstance(value.get("fact"), str):
            yield value["fact"]
        for v in value.values():
            yield from _walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v)


def facts_needed(abilities: Iterable[dict]) -> list[str]:
    """Every fact named by ``abilities`` (in ``times``, ``if``/``unless``, ``of`` and ``n``),
    in first-seen order."""
    return list(dict.fromkeys(_walk(list(abilities))))


@lru_cache(maxsize=1)
def _subtypes() -> frozenset[str]:
    """Every subtype some card of the library has, lowercase (multi-word ones word by word)."""
    from tapwise.models.cards.catalog import library

    return frozenset(w for c in library().values() if c.type_line
                     for s in parse_type_line(c.type_line).subtypes for w in s.lower().split())


def _permanent(card: Card) -> bool:
    types = parse_type_line(card.type_line).types if card.type_line else ()
    return not set(types) & {"instant", "sorcery"}


def _matches(card: Card, words: list[str]) -> bool:
    """Whether ``card`` is a "<words>": each word a card type, a supertype or a subtype, all of
    which it has ("urza's mine": both subtypes; "basic land"; "artifact creature")."""
    line = parse_type_line(card.type_line) if card.type_line else None
    if line is None:
        return False
    subtypes = {s.lower() for s in line.subtypes}
    for w in words:
        if w in CARD_TYPES:
            if w not in line.types:
                return False
        elif w in _SUPERTYPES:
            if w not in line.supertypes:
                return False
        elif w not in subtypes:
            return False
    return True


def _devotion(card: Card, colors: set[str]) -> int:
    """700.5: each mana symbol of its mana cost that is one of ``colors`` (hybrid counted once)."""
    symbols = re.findall(r"\{([^}]+)\}", card.mana_cost or "")
    return sum(1 for s in symbols if set(s.upper().split("/")) & colors)


def derive_fact(fact: str, entries: Iterable[Entry]) -> Derived | None:
    """The value of ``fact`` counted from the typed board, or None when the board can't say."""
    entries = [e for e in entries if _permanent(e.card)]
    if m := re.fullmatch(r"devotion to (\w+)(?: and (\w+))?", fact):
        colors = {_COLOR_NAMES.get(c, "?") for c in m.groups() if c}
        if "?" in colors:
            return None
        per = [(e.card.name, _devotion(e.card, colors)) for e in entries]
        per = [(n, d) for n, d in per if d]
        total = sum(_devotion(e.card, colors) * e.count for e in entries)
        return Derived(fact, total, tuple(per))
    m = re.fullmatch(r"([a-z' -]+?) you control", fact)
    if not m:
        return None
    words = m.group(1).split()
    if any(w in ("untapped", "tapped", "other", "nontoken", "token") for w in words):
        return None  # state the typed board doesn't say for sure
    if not all(w in CARD_TYPES or w in _SUPERTYPES or w in _subtypes() for w in words):
        return None  # "greatest power among creatures you control": not a count of a kind
    # Multi-word subtypes written with a space stay together only as the card prints them, so
    # every word must be a type, supertype or subtype of the card.
    per: list[tuple[str, int]] = []
    total = 0
    for e in entries:
        if _matches(e.card, words):
            per.append((e.card.name, 1))
            total += e.count
    return Derived(fact, total, tuple(per))


_FACT = re.compile(r"^\s*(?P<fact>[^=]+?)\s*=\s*(?P<value>[^=]+?)\s*$")


def parse_fact(text: str) -> tuple[str, int | str]:
    """``("artifact you control", 4)`` for ``"artifact you control=4"``; a value of color
    letters (``"commander colors=WUG"``) stays a string. Raises ValueError naming the problem."""
    m = _FACT.match(text)
    if not m:
        raise ValueError(f"--fact {text!r}: write it like \"artifact you control=4\" or "
                         f"\"commander colors=WUG\"")
    fact = " ".join(m.group("fact").lower().split())
    value = m.group("value")
    if value.isdigit():
        return fact, int(value)
    letters = value.upper()
    if letters and all(c in "WUBRG" for c in letters) and len(set(letters)) == len(letters):
        return fact, "".join(c for c in "WUBRG" if c in letters)
    raise ValueError(f"--fact {text!r}: the value must be a whole number or color letters (WUBRG), "
                     f"not {value!r}")
