"""A board written as one line of text, for the CLI's quick mode.

Grammar (case-insensitive names, spaces around separators don't matter)::

    board   := entry { ("," | ";" | newline) entry }
    entry   := [count] ["tapped"] name ["[" choice "]"] [suffix]
    count   := N | Nx          e.g. "4 Plains", "4x Plains"
    suffix  := xN              e.g. "Forest x3" (not together with a count in front)

``"tapped"`` marks all copies of that entry tapped; write ``"2 Forest, 2 tapped Forest"`` for four
Forests of which two are tapped. Entries naming the same card (and choice) merge into one source
with a ``count`` (and ``tapped`` copies), as the spec wants (section 3). Names that contain a comma
("Boseiju, Who Shelters All") are recognized whole. ``[choice]`` is for cards whose mana depends on
a choice, see :mod:`models.cards`: ``"Cavern of Souls [Elf]"``.

Example: ``parse_board("4 Plains, 2 Island, Sol Ring, Hallowed Fountain")``.
"""

from __future__ import annotations

import re
from typing import Any

from tapwise.models.cards import CardChoiceError, UnknownCardError, known_name, lookup_card

__all__ = ["parse_board", "BoardError"]


class BoardError(ValueError):
    """Text that doesn't follow the board grammar (a bad count, an empty entry)."""


_COUNT = re.compile(r"^(\d+)\s*x?\s+(.+)$", re.I)  # "4 Plains", "4x Plains"
_SUFFIX = re.compile(r"^(.+?)\s+x\s*(\d+)$", re.I)  # "Forest x3"
_TAPPED = re.compile(r"^tapped\s+(.+)$", re.I)


def _parse_entry(text: str) -> tuple[int, bool, str]:
    """``(count, tapped, name)`` of one entry."""
    rest = " ".join(text.split())
    count: int | None = None
    if m := _COUNT.match(rest):
        count, rest = int(m.group(1)), m.group(2)
    if m := _TAPPED.match(rest):
        tapped, rest = True, m.group(1)
    else:
        tapped = False
    if m := _SUFFIX.match(rest):
        if count is not None:
            raise BoardError(f"board entry {text.strip()!r} gives its count twice")
        count, rest = int(m.group(2)), m.group(1)
    if count is not None and count < 1:
        raise BoardError(f"board entry {text.strip()!r}: a count must be at least 1")
    if not rest or rest.isdigit():
        raise BoardError(f"can't read board entry {text.strip()!r}: expected like '4 Plains' or 'Sol Ring'")
    return (1 if count is None else count), tapped, rest


def _resolve(piece: str) -> tuple[int, bool, dict[str, Any]] | None:
    """A joined entry and its card, or None when it isn't one known card (choice errors are raised)."""
    try:
        count, tapped, name = _parse_entry(piece)
    except BoardError:
        return None
    if known_name(name) is None:
        return None
    try:
        return count, tapped, lookup_card(name)
    except CardChoiceError:
        raise
    except UnknownCardError:
        return None


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
            count, tapped, name = _parse_entry(pieces[i])
            out.append((count, tapped, lookup_card(name)))  # raises UnknownCardError, with suggestions
            i += 1
    return out


def parse_board(text: str) -> list[dict]:
    """Spec source dicts (each with ``count``, and ``tapped`` when any copy is) for a board line,
    in the order the cards first appear. Blank entries are skipped.

    Raises :class:`models.cards.UnknownCardError` (with suggestions) for an unknown name and
    :class:`BoardError` for text that doesn't follow the grammar."""
    merged: dict[str, dict[str, Any]] = {}
    for line in re.split(r"[;\n]", text):
        for count, tapped, source in _entries(line):
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
