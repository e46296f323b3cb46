"""Spend restrictions (106.6) that need tapwise's extensions of ``only``: a mana value threshold
(``min_mana_value``, read against ``for.mana_value``) and alternatives (``any_of``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tapwise.models.cards.card import _Card

_HAS_X = r"with \{X\} in (?:its|their) mana costs?"

# "Spend this mana only <words>": alternatives (a list) or one restriction.
_ONLY: list[tuple[str, Any]] = [
    (rf"to cast creature spells with mana value (\d+) or greater or creature spells {_HAS_X}",
     lambda n: [{"kind": "spell", "types": ["creature"], "min_mana_value": n},
                {"kind": "spell", "types": ["creature"], "has_x": True}]),
    (rf"to cast spells with mana value (\d+) or greater or spells {_HAS_X}",
     lambda n: [{"kind": "spell", "min_mana_value": n}, {"kind": "spell", "has_x": True}]),
    (r"to cast (?:a )?spells? with mana value (\d+) or greater",
     lambda n: {"kind": "spell", "min_mana_value": n}),
    (r"to cast (?:a )?creature spells? with mana value (\d+) or greater",
     lambda n: {"kind": "spell", "types": ["creature"], "min_mana_value": n}),
]

# "This mana can't be spent <words>": what it can still pay for, as alternatives. A spell cast
# from anywhere but the hand is one the caller tags "not from your hand" (``for.tags``), so an
# untagged spell, the usual one from the hand, is never paid with it.
_CANT: list[tuple[str, list[dict[str, Any]]]] = [
    (r"to cast spells from your hand", [{"kind": "ability"}, {"kind": "spell", "tags": ["not from "
                                                                                        "your "
                                                                                        "hand"]}]),
]


def read_only_more(text: str, card: _Card, sentence: str) -> dict[str, Any] | list[dict[str, Any]] | None:
    """The restriction for "Spend this mana only <text>" when it needs a mana value, or an "and"
    of colors (Throne of Eldraine), or None."""
    if re.fullmatch(r"to cast monocolored spells of that color", text):
        # monocolored and of the chosen color (its `chosen`): both, so tapwise's all_of; without
        # the choice the placeholder "chosen", which a source must replace (models/cards/source.py)
        color = card.chosen_colors(sentence, "color") or "chosen"
        return {"kind": "spell", "all_of": [{"colors": "monocolored"}, {"colors": color}]}
    for words, make in _ONLY:
        if m := re.fullmatch(words, text):
            return make(int(m.group(1)))
    return None


def read_cant_spend_more(text: str) -> dict[str, Any] | list[dict[str, Any]] | None:
    """The alternatives for "This mana can't be spent <text>" beyond oracle_costs' templates;
    "to pay generic mana costs" (Jegantha) is tapwise's ``only.not_generic``: which symbols the
    mana pays, not what for."""
    if re.fullmatch(r"to pay generic mana costs", text):
        return {"not_generic": True}
    return next(([dict(a) for a in alts] for words, alts in _CANT if re.fullmatch(words, text)),
                None)
