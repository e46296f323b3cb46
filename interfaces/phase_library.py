"""Spending restrictions the engine did not parse, from tapwise's card library (issue 42).

phase's parser leaves some sentences of a mana ability as an ``Unimplemented`` effect, e.g.
Volshe Tideturner's "Spend this mana only to cast an instant or sorcery spell or a kicked
spell". The engine then enforces nothing, but the rules do (106.6): the card's Oracle text,
which tapwise's library reads, is the more faithful source for the restriction, so the
adapter takes the restriction from the library, by the card's name, and everything else about
the ability from the engine. A payment that keeps a restriction the engine ignores is still one
the engine accepts. Sentences that only reward the spending ("When you spend this mana to cast
a Dragon creature spell, it enters with an additional +1/+1 counter") restrict nothing.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

RESTRICTS = re.compile(r"spend this mana only|can't be spent|cannot be spent", re.I)
"""An unparsed sentence that restricts what the mana may pay for (106.6)."""
REWARDS = re.compile(r"^(when|whenever|if) (you spend this mana|this mana is spent|that mana is "
                     r"spent)|enters with an additional|^use toys", re.I)
"""An unparsed sentence that only adds a reward for spending the mana: no restriction."""
_SAME = ("mana", "life", "sacrifice", "tap", "energy")
"""Cost keys a library ability must share with the engine's to be the same ability."""


def library_only(name: str, read: Mapping[str, Any]) -> list[dict[str, Any]] | str:
    """The ``only`` restrictions (one per alternative) of the library's abilities of card
    ``name`` with the same costs as ``read`` (the ability as the adapter read it from the
    engine), or a reason why none can be taken."""
    from tapwise.models.cards.catalog import lookup_card  # the library loads on first use

    try:
        abilities = lookup_card(name).get("abilities") or []
    except Exception as exc:  # noqa: BLE001 - unknown name, a choice the card needs
        return f"the card library has no reading of {name!r} ({type(exc).__name__})"
    found: list[dict[str, Any]] = []
    for ability in abilities:
        if "only" not in ability or any(ability.get(k) != read.get(k) for k in _SAME):
            continue
        if ability["only"] not in found:
            found.append(dict(ability["only"]))
    return found or f"the card library's {name} has no restricted ability with these costs"
