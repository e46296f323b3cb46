"""The built-in library of common mana sources, looked up by card name.

``models/data/cards.json`` stores each card's name, type line and Oracle text, never its
abilities: they are read by :mod:`models.oracle` on load, so the library is also a test of the
reader. Basic lands (and their Snow-Covered forms) come from :mod:`models.basics`.

A few cards make mana that depends on a choice made for the permanent (Cavern of Souls' creature
type, Command Tower's commander colors, a Thriving land's color). Give it in brackets after the
name: ``"Cavern of Souls [Elf]"``, ``"Command Tower [WUG]"``, ``"Thriving Isle [B]"``.
"""

from __future__ import annotations

import copy
import difflib
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from tapwise.models.basics import BASIC_LANDS, basic_land
from tapwise.models.oracle import ChoiceNeeded, source_from_card

__all__ = ["UnknownCardError", "CardChoiceError", "LibraryCard", "lookup_card", "card_names", "known_name",
           "library"]


class UnknownCardError(KeyError):
    """A name the library doesn't know; the message suggests the closest names."""

    def __init__(self, name: str, suggestions: list[str] | tuple[str, ...] = (), message: str | None = None) -> None:
        self.name = name
        self.suggestions = list(suggestions)
        if message is None:
            message = f"unknown card {name!r}"
            if self.suggestions:
                message += "; did you mean " + " or ".join(repr(s) for s in self.suggestions) + "?"
        self.message = message
        super().__init__(message)

    def __str__(self) -> str:  # KeyError would print the repr of the message
        return self.message


class CardChoiceError(UnknownCardError):
    """A library card whose mana depends on a choice that wasn't given (or was given badly)."""


@dataclass(frozen=True)
class LibraryCard:
    """One stored card. ``choice`` is ``"color"``, ``"colors"`` or ``"creature type"`` when its mana
    depends on a choice made for the permanent."""

    name: str
    type_line: str
    oracle: str
    choice: str | None = None


@lru_cache(maxsize=1)
def library() -> dict[str, LibraryCard]:
    """Every stored card by lowercase name (loaded once from the package data)."""
    text = resources.files("tapwise.models").joinpath("data/cards.json").read_text(encoding="utf-8")
    out: dict[str, LibraryCard] = {}
    for row in json.loads(text)["cards"]:
        card = LibraryCard(row["name"], row["type_line"], row["oracle"], row.get("choice"))
        out[card.name.lower()] = card
    return out


def _basic_names() -> list[str]:
    plain = [n.capitalize() for n in BASIC_LANDS]
    return plain + ["Snow-Covered " + n for n in plain]


@lru_cache(maxsize=1)
def _names_by_lower() -> dict[str, str]:
    names = {n.lower(): n for n in _basic_names()}
    names.update({key: card.name for key, card in library().items()})
    return names


def card_names() -> list[str]:
    """Every name :func:`lookup_card` knows (basics included), sorted."""
    return sorted(_names_by_lower().values(), key=str.lower)


_CHOICE = re.compile(r"^(?P<name>.*?)\s*\[(?P<choice>[^\[\]]*)\]\s*$")


def _suggest(name: str) -> list[str]:
    names = _names_by_lower()
    key = name.strip().lower()
    close = difflib.get_close_matches(key, list(names), n=3, cutoff=0.6)
    if not close:  # a fragment of a long name: "Cavern" -> "Cavern of Souls"
        close = [k for k in names if key and key in k][:3]
    return [names[k] for k in close]


@lru_cache(maxsize=None)
def _read(key: str, chosen: str | None) -> dict[str, Any]:
    card = library()[key]
    return source_from_card(card.name, card.oracle, card.type_line, chosen=chosen)


def _split(name: str) -> tuple[str, str | None]:
    """``("Cavern of Souls", "Elf")`` for ``"Cavern of Souls [Elf]"``; the choice is None without brackets."""
    m = _CHOICE.match(name)
    return (m.group("name"), m.group("choice").strip()) if m else (name, None)


def known_name(name: str) -> str | None:
    """The library's spelling of ``name`` (a choice in brackets is ignored), or None; cheap, no
    suggestions computed."""
    return _names_by_lower().get(" ".join(_split(name)[0].split()).lower())


def lookup_card(name: str) -> dict:
    """The spec source dict (``name``, ``types``, ``snow`` when true, ``abilities``) for a card
    name, any case; ``"Name [choice]"`` for cards whose mana depends on a choice.

    Raises :class:`UnknownCardError` (suggesting the closest names) for an unknown name, and
    :class:`CardChoiceError` when a needed choice is missing or wrong."""
    base, chosen = _split(name)
    key = " ".join(base.split()).lower()
    basic = basic_land(key)
    if basic is not None:
        if chosen is not None:
            raise CardChoiceError(name, message=f"{base.strip()!r} makes no choice; drop [{chosen}]")
        mana, snow = basic
        plain = next(n for n in BASIC_LANDS if BASIC_LANDS[n] == mana).capitalize()
        out: dict[str, Any] = {"name": ("Snow-Covered " if snow else "") + plain, "types": ["land"]}
        if snow:
            out["snow"] = True
        out["abilities"] = [{"add": "{%s}" % mana}]
        return out
    card = library().get(key)
    if card is None:
        raise UnknownCardError(name, _suggest(base))
    if card.choice is not None and not chosen:
        example = {"color": "G", "colors": "WU", "creature type": "Elf"}[card.choice]
        what = {"color": "the chosen color", "colors": "your commander's colors",
                "creature type": "the chosen creature type"}[card.choice]
        raise CardChoiceError(name, message=f"{card.name} makes mana that depends on {what}: "
                              f"write it like '{card.name} [{example}]'")
    if card.choice is None and chosen is not None:
        raise CardChoiceError(name, message=f"{card.name} makes no choice; drop [{chosen}]")
    try:
        return copy.deepcopy(_read(key, chosen))
    except ChoiceNeeded as e:  # only if the stored data were inconsistent
        raise CardChoiceError(name, message=str(e)) from None
    except ValueError as e:  # a badly written choice: OracleError names it
        raise CardChoiceError(name, message=str(e)) from None

