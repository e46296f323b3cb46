"""The answer's ``notes`` for the board (problem.md 6, docs/format-v2.md): each sentence about
paying of a card on the board, typed by name or given by its Oracle text, that no reader read
(:func:`models.cards.payment_sentences.unread_payment_sentences`, role ``"permanent"``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tapwise.models.cards.oracle import Skipped
from tapwise.models.cards.payment_sentences import unread_payment_sentences

__all__ = ["source_notes"]


@dataclass(frozen=True)
class _Text:
    """A card given by its Oracle text: what the readers need of it."""

    name: str
    oracle: str
    skipped: tuple[Skipped, ...] = ()
    payment: tuple[str, ...] = ()
    type_line: str | None = None


@lru_cache(maxsize=4096)
def _library_notes(name: str) -> tuple[str, ...]:
    from tapwise.models.cards.catalog import card_info

    try:
        card = card_info(name)
    except KeyError:
        return ()
    return tuple(unread_payment_sentences(card, "permanent"))


def source_notes(source: Any) -> list[dict[str, str]]:
    """The notes of one loaded source (models.problem.Source): none when it gives its own
    abilities (the caller said what it does)."""
    if source.explicit_abilities or source.name is None and source.oracle is None:
        return []
    if source.oracle is not None:
        skipped = tuple(Skipped(sentence, reason) for _, sentence, reason in source.unread)
        card: Any = _Text(source.name or source.id, source.oracle, skipped)
        name = card.name
        left = unread_payment_sentences(card, "permanent")
    else:
        name = source.name.split(" [")[0]
        left = list(_library_notes(name))
    return [{"card": name, "text": s} for s in left]
