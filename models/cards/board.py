"""A board written as one line of text, for the CLI's quick mode.

Grammar (case-insensitive names, spaces around separators don't matter)::

    board   := entry { ("," | ";" | newline) entry }
    entry   := [count] {"tapped" | "sick"} name ["[" choice "]"] ["[" kind=N {, kind=N} "]"]
    [suffix]
    count   := N | Nx          e.g. "4 Plains", "4x Plains"
    suffix  := xN              e.g. "Forest x3" (not together with a count in front)

``"sick"`` marks the entry's copies summoning sick (302.6); ``[storage=2]`` puts those counters
on each copy (9.1): ``"Dreadship Reef [storage=2]"``.

``"tapped"`` marks all copies of that entry tapped; write ``"2 Forest, 2 tapped Forest"`` for four
Forests of which two are tapped. Entries naming the same card (and choice) merge into one source
with a ``count`` (and ``tapped`` copies), as the spec wants (section 3). Names that contain a comma
("Boseiju, Who Shelters All") are recognized whole. ``[choice]`` is for cards whose mana depends on
a choice, see :mod:`models.cards.catalog`: ``"Cavern of Souls [Elf]"``.

Example: ``parse_board("4 Plains, 2 Island, Sol Ring, Hallowed Fountain")``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from dataclasses import dataclass, field

from tapwise.models.cards.board_effects import unread_board_sentences
from tapwise.models.cards.board_facts import Derived, Entry, derive_fact, facts_needed, parse_fact
from tapwise.models.cards.catalog import (Card, CardChoiceError, UnknownCardError, card_info,
                                          known_name, lookup_card)
from tapwise.models.mana import ManaCost, NotationError
from tapwise.models.cards.oracle import ENCHANTED, parse_type_line
from tapwise.models.traits import SOURCE_SUPERTYPES

__all__ = ["parse_board", "read_board", "QuickBoard", "BoardError", "MissingFactError", "spell_for"]


class BoardError(ValueError):
    """Text that doesn't follow the board grammar (a bad count, an empty entry)."""


class MissingFactError(BoardError):
    """A card on the board reads a fact (problem.md 9.1) that the typed board can't imply and
    that wasn't given; the message names the fact, the card and how to give it."""


_COUNT = re.compile(r"^(\d+)\s*x?\s+(.+)$", re.I)  # "4 Plains", "4x Plains"
_SUFFIX = re.compile(r"^(.+?)\s+x\s*(\d+)$", re.I)  # "Forest x3"
_WORD = re.compile(r"^(tapped|sick)\s+(.+)$", re.I)  # "2 tapped Forest", "sick Llanowar Elves"
_COUNTERS = re.compile(r"^(.+?)\s*\[\s*([a-z][\w -]*=\s*\d+(?:\s*,\s*[a-z][\w -]*=\s*\d+)*)\s*\]$",
                       re.I)
"""``Dreadship Reef [storage=2]``: counters on each copy, by kind (9.1); ``[Elf]`` stays a choice."""


def _parse_entry(text: str) -> tuple[int, bool, str, dict[str, Any]]:
    """``(count, tapped, name, keys)`` of one entry; ``keys`` are the source keys its words give
    (``sick``, ``counters``)."""
    rest = " ".join(text.split())
    count: int | None = None
    keys: dict[str, Any] = {}
    if m := _COUNT.match(rest):
        count, rest = int(m.group(1)), m.group(2)
    tapped = False
    while m := _WORD.match(rest):
        rest = m.group(2)
        if m.group(1).lower() == "tapped":
            tapped = True
        else:
            keys["sick"] = True
    if m := _SUFFIX.match(rest):
        if count is not None:
            raise BoardError(f"board entry {text.strip()!r} gives its count twice")
        count, rest = int(m.group(2)), m.group(1)
    if count is not None and count < 1:
        raise BoardError(f"board entry {text.strip()!r}: a count must be at least 1")
    if m := _COUNTERS.match(rest):
        rest = m.group(1)
        keys["counters"] = {k.strip().lower(): int(v) for k, v in
                            (pair.split("=") for pair in m.group(2).split(","))}
    if not rest or rest.isdigit():
        raise BoardError(f"can't read board entry {text.strip()!r}: expected like '4 Plains' or "
                         f"'Sol Ring'")
    return (1 if count is None else count), tapped, rest, keys


def _resolve(piece: str) -> tuple[int, bool, dict[str, Any]] | None:
    """A joined entry and its card, or None when it isn't one known card (choice errors are raised)."""
    try:
        count, tapped, name, keys = _parse_entry(piece)
    except BoardError:
        return None
    if known_name(name) is None:
        return None
    try:
        return count, tapped, {**_typed_card(name), **keys}
    except CardChoiceError:
        raise
    except UnknownCardError:
        return None


def _typed_card(name: str) -> dict[str, Any]:
    """The card's source dict with the subtypes and supertypes its type line gives (205.3, 205.4):
    a typed board must say what the cards given by name alone say, such as the Gates Gond Gate
    reads (106.7) and the Elves Heritage Druid taps (9.2)."""
    source = lookup_card(name)
    line = card_info(name).type_line
    if line:
        parsed = parse_type_line(line)
        if parsed.subtypes:
            source["subtypes"] = [s.lower() for s in parsed.subtypes]
        supertypes = [s for s in parsed.supertypes if s in SOURCE_SUPERTYPES]
        if supertypes:
            source["supertypes"] = supertypes
    if "from your hand:" in (card_info(name).oracle or "").lower():
        source["zone"] = "hand"  # 9.1: a Spirit Guide is exiled from the hand, not sacrificed
    return source


def _entries(line: str) -> list[tuple[int, bool, dict[str, Any]]]:
    """Comma-separated entries of one line; a name with commas in it is taken whole when known."""
    pieces = [p for p in line.split(",") if p.strip()]
    out = []
    i = 0
    while i < len(pieces):
        for j in range(min(len(pieces), i + 3), i + 1, -1):  # joined pieces first, longest first
            found = _resolve(",".join(pieces[i:j]))
            if found is not None:
                out.append(found)
                i = j
                break
        else:  # one piece: its errors are the user's
            count, tapped, name, keys = _parse_entry(pieces[i])
            # UnknownCardError, with suggestions
            out.append((count, tapped, {**_typed_card(name), **keys}))
            i += 1
    return out


def _parse(text: str) -> list[tuple[int, bool, dict[str, Any]]]:
    return [entry for line in re.split(r"[;\n]", text) for entry in _entries(line)]


def parse_board(text: str) -> list[dict]:
    """Spec source dicts (each with ``count``, and ``tapped`` when any copy is) for a board line,
    in the order the cards first appear. Blank entries are skipped.

    Raises :class:`models.cards.catalog.UnknownCardError` (with suggestions) for an unknown name and
    :class:`BoardError` for text that doesn't follow the grammar."""
    return _merge(_parse(text))


def _merge(entries: list[tuple[int, bool, dict[str, Any]]]) -> list[dict]:
    merged: dict[str, dict[str, Any]] = {}
    for count, tapped, source in entries:
        entry = merged.setdefault(repr(source), {"source": source, "count": 0, "tapped": 0})
        entry["count"] += count
        entry["tapped"] += count if tapped else 0
    out = []
    for entry in merged.values():
        source = dict(entry["source"])
        abilities = source.pop("abilities")
        source["count"] = entry["count"]
        if entry["tapped"]:
            source["tapped"] = True if entry["tapped"] == entry["count"] else entry["tapped"]
        source["abilities"] = abilities
        out.append(source)
    return out


@dataclass(frozen=True)
class QuickBoard:
    """A board typed by names, as the problem keys it implies: ``sources``, the board ``facts``
    (derived from the typed board or given), the 9.4 ``effects`` of cards like Mana Flare, and
    ``notes`` for the user: each fact derived and from what, each ability the reader skipped."""

    sources: list[dict]
    facts: dict[str, Any] = field(default_factory=dict)
    effects: list[dict] = field(default_factory=list)
    derived: tuple[Derived, ...] = ()
    notes: tuple[str, ...] = ()
    statics: list[dict] = field(default_factory=list)  # 9.8: Urborg, Blood Moon, Thalia

    def problem_keys(self) -> dict[str, Any]:
        out: dict[str, Any] = {"sources": self.sources}
        if self.facts:
            out["facts"] = dict(self.facts)
        if self.effects:
            out["effects"] = list(self.effects)
        if self.statics:
            out["statics"] = list(self.statics)
        return out


def read_board(text: str, facts: list[str] | dict[str, Any] | None = None) -> QuickBoard:
    """The board of ``text`` (the grammar above) with the facts its cards read: each one given
    in ``facts`` (``"artifact you control=4"`` strings or a dict), else counted from the typed
    board when it can be (board_facts), else :class:`MissingFactError` naming it. Sources that
    count toward a derived fact say so in ``counts`` (9.1), so that sacrificing one lowers it."""
    given: dict[str, Any] = dict(parse_fact(f) for f in facts) if isinstance(facts, list) else dict(facts or {})
    parsed = _parse(text)
    cards = [card_info(source["name"]) for _, _, source in parsed]
    entries = [Entry(count, card) for (count, _, _), card in zip(parsed, cards)]
    notes: list[str] = []
    needed: dict[str, str] = {}
    effects: list[dict] = []
    statics: list[dict] = []
    for (count, _, source), card in zip(parsed, cards):
        applied = [st for st in card.statics if st.get("on") != ENCHANTED]  # noted, not applied
        counted = ([st["each"] for st in applied if "each" in st]  # 601.2f "for each"
                   + [st["if"]["fact"] for st in applied if "if" in st])  # "As long as"
        for fact in facts_needed(source["abilities"]) + facts_needed(card.effects) + counted:
            needed.setdefault(fact, card.name)
        for e in card.effects:
            # a typed board doesn't say which permanent the aura enchants
            if e.get("on") == ENCHANTED:
                notes.append(f"{card.name}: its mana on the permanent it enchants is not applied: "
                             f"a typed board "
                             f"can't say which that is (give a JSON problem the effect "
                             f"{json.dumps(e)} with "
                             f"\"on\": that permanent's id)")
            else:  # one per permanent: each triggers or applies on its own (603.2, 616.1)
                effects += [e] * count
        for s in card.skipped:
            if s.choice is None or not source["abilities"]:
                notes.append(f"{card.name}: not read: \"{s.sentence}\" ({s.reason})")
        if source.get("zone", "battlefield") == "battlefield":
            statics += board_statics(card, source["name"], count)
            notes += [f"{card.name}: its static on the permanent it is attached to is not "
                      f"applied: a typed board can't say which that is (give a JSON problem the "
                      f"static {json.dumps(st)} with \"on\": that permanent's id)"
                      for st in card.statics if st.get("on") == ENCHANTED]
            notes += [f"{card.name}: not read: \"{t}\" ({why})"
                      for t, why in unread_board_sentences(card)]
    board_facts: dict[str, Any] = {}
    derived: list[Derived] = []
    for fact, who in needed.items():
        if fact in given:
            board_facts[fact] = given[fact]
            continue
        found = derive_fact(fact, entries)
        if found is None:
            raise MissingFactError(f"{who} reads the fact {fact!r}, which the typed board can't "
                                   f"tell: "
                                   f"give it like --fact \"{fact}={_example(fact)}\"")
        board_facts[fact] = found.value
        derived.append(found)
        notes.append(f"derived {found.explain()}")
    for fact, _value in given.items():
        if fact not in board_facts:
            raise BoardError(f"--fact {fact!r}: no card on the board reads it"
                             + (f" (they read {', '.join(repr(f) for f in needed)})" if needed
                                else ""))
    sources = _merge(parsed)
    for source in sources:
        counts = {d.fact: n for d in derived for name, n in d.per_copy if name == source["name"]}
        if counts:
            abilities = source.pop("abilities")
            source["counts"] = [f for f, n in counts.items()] if all(n == 1 for n in counts.values()) else counts
            source["abilities"] = abilities
    return QuickBoard(sources, board_facts, effects, tuple(derived), tuple(notes), statics)


def board_statics(card: Card, source_id: str, count: int) -> list[dict]:
    """The 9.8 statics of ``count`` copies of ``card`` on a typed board, each ``from`` its source
    (the first source of a name is called by it): a cost change once per copy (two Thalias add
    {2}), a layer static once (a land is a Swamp however many Urborgs say so)."""
    out: list[dict] = []
    for st in card.statics:
        if st.get("on") == ENCHANTED:
            continue  # read_board's note names it: a typed board can't say which permanent
        cost = st["kind"] in ("increase", "reduce")
        out += [{**st, "from": source_id}] * (count if cost else 1)
    return out


def _example(fact: str) -> str:
    return "WUG" if "color" in fact else "3"


def spell_for(target: str) -> dict[str, Any] | None:
    """The problem keys for casting the card named ``target`` (``cost`` from the library and
    ``for``: a spell of its types and subtypes, for spend restrictions), or None when ``target``
    is a cost in mana notation. Raises :class:`models.cards.catalog.UnknownCardError` (with
    suggestions)
    when it is neither, and :class:`BoardError` for a card without a mana cost (118.6)."""
    try:
        ManaCost.parse(target)
        return None
    except NotationError as notation:
        if known_name(target) is None:
            try:
                card_info(target)
                suggestions: list[str] = []
            except UnknownCardError as e:
                suggestions = e.suggestions
            raise UnknownCardError(target, suggestions, f"{target!r} is neither a cost "
                                                        f"({notation}) nor a card name"
                                   + ("; did you mean " + " or ".join(repr(s)
                                                                      for s in suggestions) + "?"
                                      if suggestions else "")) from None
    card: Card = card_info(target)
    if card.missing:
        raise BoardError(f"the card database has only the front face of {card.front} // "
                         f"{card.name}: "
                         f"give {card.name}'s cost in mana notation")
    if card.mana_cost is None:
        raise BoardError(f"{card.name} has no mana cost, so it can't be cast (118.6)")
    spell: dict[str, Any] = {"kind": "spell"}
    if card.types:
        spell["types"] = list(card.types)
    if card.subtypes:
        spell["subtypes"] = list(card.subtypes)
    return {"cost": card.mana_cost, "for": spell}
