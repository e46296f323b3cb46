"""What a source entry that gives no ``abilities`` says about its card: from its Oracle text
(``oracle``, with ``type_line``), from a basic land name, or from the card library by name.

The Oracle reader reads each ability on its own, so a card with one ability it can't read still
gets the readable ones; the ones it skipped are kept as the source's ``unread`` sentences. The
loader puts them in the answer (its ``unread`` field), so nothing read is ever dropped silently,
and a problem with ``"strict": true`` refuses them instead, naming the sentence. The type line
gives the card types, the subtypes (Dryad Arbor is a Forest) and snow ("Snow Land").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tapwise.models.basics import basic_land
from tapwise.models.caches import memo
from tapwise.models.cards.board_effects import read_board_effects
from tapwise.models.cards.oracle import NO_CHOICE, OracleError, Skipped, parse_type_line, read_card
from tapwise.models.traits import SOURCE_SUPERTYPES

__all__ = ["CardFacts", "card_facts", "CardSourceError", "named_colors"]


class CardSourceError(ValueError):
    """A card entry that can't be read: ``field`` is the source key at fault (``oracle``,
    ``name``, ``type_line``, ``chosen``)."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(problem)
        self.field = field
        self.problem = problem


@dataclass(frozen=True)
class CardFacts:
    """What a card says about its source: the spec ability dicts read, its types, subtypes
    (lowercase), snow, and the mana abilities the reader skipped (never silently)."""

    abilities: tuple[dict, ...]
    types: tuple[str, ...] | None = None
    subtypes: tuple[str, ...] = ()
    snow: bool = False
    unread: tuple[Skipped, ...] = ()
    field: str = "name"
    # 9.4 effects its triggered mana abilities make (Mana Flare)  # the source key the card
    # came from: where an unread sentence is refused
    effects: tuple[dict, ...] = ()
    supertypes: tuple[str, ...] = ()  # basic, legendary, world (snow is ``snow``)
    token: bool = False  # "Token Artifact — Treasure"
    colors: str = ""  # a library card's colors (202.2), WUBRG order: convoke reads them
    statics: tuple[dict, ...] = ()  # 9.8 statics of the card (Urborg, Thalia): board_effects.py


def _from_type_line(type_line: str | None) -> dict[str, Any]:
    if type_line is None:
        return {}
    parsed = parse_type_line(type_line)
    return {"types": parsed.types, "subtypes": tuple(s.lower() for s in parsed.subtypes),
            "snow": parsed.snow,
            "supertypes": tuple(s for s in parsed.supertypes if s in SOURCE_SUPERTYPES),
            "token": "token" in type_line.split(" // ")[0].lower().split()}


def _read(oracle: str, name: str | None, type_line: str | None, chosen: str | None) -> tuple:
    """The reading of ``oracle``, the source's ``chosen`` written in when the card makes a choice
    (Cavern of Souls' creature type); a permanent may also carry one for an aura's sake, so a
    card that makes none is read without it."""
    if chosen is not None:
        try:
            reading = read_card(oracle, name=name, type_line=type_line, chosen=chosen)
            return reading.abilities, reading.skipped, reading.effects
        except OracleError as e:
            if e.reason != NO_CHOICE:
                raise
    reading = read_card(oracle, name=name, type_line=type_line)
    return reading.abilities, reading.skipped, reading.effects


def card_facts(name: str | None, oracle: str | None, type_line: str | None = None,
               chosen: str | None = None) -> CardFacts | None:
    """The card of a source entry: read from ``oracle`` if given (``name`` then only lets the
    text name itself), else a basic land's, else the library's card of that ``name``; None when
    there is no text and the name is unknown (the loader then says abilities are missing).
    Raises :class:`CardSourceError` naming the key at fault."""
    if oracle is not None:
        try:
            abilities, skipped, effects = _read(oracle, name, type_line, chosen)
        except OracleError as e:  # a choice this card can't take
            raise CardSourceError("chosen" if chosen is not None else "oracle", str(e)) from None
        if any((a.get("only") or {}).get("subtypes") == "chosen" for a in abilities):
            raise CardSourceError("chosen", "is needed: the card's mana is spent only on the "
                                            "chosen creature type "
                                  "(give it, like \"chosen\": \"Elf\")")
        if any({"colors": "chosen"} in ((a.get("only") or {}).get("all_of") or ())
               for a in abilities):
            raise CardSourceError("chosen", "is needed: the card's mana is spent only on spells of "
                                            "the chosen color "
                                  "(give it, like \"chosen\": \"G\")")  # Throne of Eldraine
        facts = _from_type_line(type_line)
        if type_line is None and name is not None and basic_land(name) is not None:
            facts = {"types": ("land",), "snow": basic_land(name)[1], "supertypes": ("basic",)}
        board = read_board_effects(oracle, type_line)  # static abilities: 9.4 effects, 9.8 statics
        skipped = tuple(skipped) + tuple(Skipped(t, why) for t, why in board.unread)
        return CardFacts(tuple(abilities), unread=tuple(skipped), field="oracle",
                         effects=tuple(effects) + board.effects, statics=board.statics, **facts)
    if type_line is not None:
        raise CardSourceError("type_line", "is read only with oracle text (give oracle too, or "
                                           "drop it)")
    if name is None:
        return None
    basic = basic_land(name)
    if basic is not None:  # 305.6: a basic land name implies its ability
        mana, snow = basic
        return CardFacts(({"add": "{%s}" % mana},), types=("land",), snow=snow, supertypes=("basic",))
    return _library_card(name, chosen)


def _library_card(name: str, chosen: str | None) -> CardFacts | None:
    try:
        from tapwise.models.cards.catalog import (CardChoiceError, UnknownCardError, card_info,
                                                  known_name, lookup_card)
    except ImportError:  # the card library is optional for loading
        return None
    # unknown: the caller says so; the suggestions (a second's work) aren't needed
    if known_name(name) is None:
        return None
    try:
        card = card_info(name)
    except UnknownCardError:
        return None
    bracket = "[" in name
    try:
        if chosen is not None and not bracket and card.choice == "creature type":
            found = lookup_card(f"{name} [{chosen}]")
        elif card.choice == "color" and chosen is not None and not bracket:
            found = lookup_card(f"{name} [{chosen}]")
        else:
            found = lookup_card(name)
    except CardChoiceError as e:
        hint = "; or give the source's chosen key" if card.choice in ("color", "creature "
                                                                               "type") else ""
        raise CardSourceError("name", f"{e}{hint}") from None
    unread = tuple(s for s in card.skipped if s.choice is None or not found["abilities"])
    if card.oracle is not None:  # its static abilities no board template reads: never silent
        board = read_board_effects(card.oracle, card.type_line)
        unread += tuple(Skipped(t, why) for t, why in board.unread)
    facts = _from_type_line(card.type_line) if card.type_line else {"types": tuple(found["types"])}
    return CardFacts(tuple(found["abilities"]), unread=unread, effects=tuple(card.effects),
                     colors=card.colors, statics=tuple(card.statics), **facts)


@memo(4096)
def named_colors(name: str | None) -> str:
    """The colors a source's ``name`` gives it (9.1 ``colors``: "from name"), WUBRG order: a
    library card's, else none (a basic land, an unknown name)."""
    if not name or basic_land(name) is not None:
        return ""
    try:
        from tapwise.models.cards.catalog import card_info, known_name
    except ImportError:  # the card library is optional for loading
        return ""
    if known_name(name.split(" [")[0]) is None:
        return ""
    try:
        return card_info(name.split(" [")[0]).colors
    except KeyError:
        return ""
