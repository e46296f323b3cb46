"""The answer's ``notes`` for the board (problem.md 6, docs/format-v2.md): each sentence about
paying of a card on the board, typed by name or given by its Oracle text, that no reader read
(:func:`models.cards.payment_sentences.unread_payment_sentences`, role ``"permanent"``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tapwise.models.basics import basic_land
from tapwise.models.caches import memo
from tapwise.models.cards.board_effects import board_effect_sentences
from tapwise.models.cards.oracle import Skipped
from tapwise.models.cards.payment_sentences import (payment_sentences, register_reader,
                                                    unread_payment_sentences)
from tapwise.models.cards.words import outside_quotes

__all__ = ["source_notes", "named_notes"]

# the board side's reader (9.4 replacements, 9.8 statics): what it reads is not a note
register_reader("permanent", board_effect_sentences)


@dataclass(frozen=True)
class _Text:
    """A card given by its Oracle text: what the readers need of it."""

    name: str
    oracle: str
    skipped: tuple[Skipped, ...] = ()
    payment: tuple[str, ...] = ()
    type_line: str | None = None


@memo(4096)
def _library_notes(name: str, explicit: bool) -> tuple[str, ...]:
    from tapwise.models.cards.catalog import card_info, known_name

    if basic_land(name) is not None or known_name(name) is None:
        return ()
    try:
        card = card_info(name)
    except KeyError:
        return ()
    read = [s for s in payment_sentences(card, "permanent") if _OWN_MANA.search(
        outside_quotes(s))] if explicit else []
    return tuple(unread_payment_sentences(card, "permanent", read))


_OWN_MANA = re.compile(r"^[^\"]*?: .*\badds?\b|\bfor mana\b.*\badds?\b", re.I)
"""The card's own mana abilities, which a source that gives its ``abilities`` has said."""


def source_notes(source: Any) -> list[dict[str, str]]:
    """The notes of one loaded source (models.problem.Source). A source that gives its
    ``abilities`` has said what its mana abilities do, not what else its card says (a Mana
    Reflection typed on a board still doubles mana)."""
    if source.name is None and source.oracle is None:
        return []
    if source.oracle is not None and not source._explicit_abilities:
        skipped = tuple(Skipped(sentence, reason) for _, sentence, reason in source.unread)
        card: Any = _Text(source.name or source.id, source.oracle, skipped)
        name = card.name
        left = unread_payment_sentences(card, "permanent")
    else:
        name = source.name.split(" [")[0]
        left = list(_library_notes(name, source._explicit_abilities))
    return [{"card": name, "text": s} for s in left]


@memo(4096)
def named_notes(name: str, explicit: bool) -> tuple[tuple[str, str], ...]:
    """The notes of a source typed by ``name`` (no Oracle text), as (card, sentence) pairs: read
    once per card, since a board names the same cards again and again (the loader's hot path)."""
    card = name.split(" [")[0]
    return tuple((card, text) for text in _library_notes(card, explicit))
