"""phase's whole card pool for mana (issue 42): every card the engine builds from the corpus
that has a mana ability or a payment keyword, and what the adapter can't read of them.

A card is in the pool when phase's own face builder (``phase.build_oracle_face``) gives it an
activated mana ability (``is_mana_ability``), the keyword Convoke, Improvise or Delve, or a
required additional cost. The corpus rows are picked by their Oracle text first ("Add",
the keywords, "As an additional cost"), which only saves building 35,000 faces; the engine's
face decides. Which abilities the adapter reads is decided by the adapter itself
(:func:`tapwise.interfaces.phase_read.read_abilities` on the face's abilities): the reasons it
gives for the rest, without the card's name, are the templates of the unread cards.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from tapwise.benchmarks.phase_cards import corpus, mtgjson_card
from tapwise.interfaces import phase_read, phase_spell

_TEXT = re.compile(r"\bAdd (\{|one|two|three|X|an amount|that much|mana)|Convoke|Delve|Improvise"
                   r"|As an additional cost", re.I)
_NAME = re.compile(r"^.*? ability \d+: |^.*? \(object \d+\): ")


@dataclass(frozen=True)
class Pool:
    """The wide pool: faces by name, what can go on the board and what can be cast."""

    faces: Mapping[str, Any]
    board: tuple[str, ...]
    """Permanents with an activated mana ability."""
    keyword_spells: tuple[str, ...]
    """Cards with convoke, improvise, delve or a required additional cost."""
    castable: tuple[str, ...]
    """Nonland pool cards with a mana cost (the spell of a position)."""
    unread: Mapping[str, tuple[str, ...]]
    """Card name -> the templates of its abilities or costs the adapter can't read."""


def _mana_abilities(face: Mapping[str, Any]) -> list[tuple[int, Mapping[str, Any]]]:
    return [(i, a) for i, a in enumerate(face.get("abilities") or [])
            if a.get("is_mana_ability") and a.get("kind") == "Activated"]


def unread_templates(name: str, face: Mapping[str, Any]) -> tuple[str, ...]:
    """What the adapter can't read of this card, each reason without the card's name, on a
    board like the wide positions': no commander, nothing activated this turn, no color
    chosen (the engine's debug placement makes no choice), seat 0's first main phase, no land
    played."""
    found = []
    facts = phase_read.Facts(0, [], commander="", activated={}, now={
        "active": 0, "phase": "PreCombatMain", "turns_taken": 1, "lands_played": 0,
        "entered": set()})
    for index, ability in _mana_abilities(face):
        try:
            phase_read.read_abilities(index, ability, f"{name} ability {index}", facts, name,
                                      used=0)
        except phase_read.AdapterError as exc:
            found.append(_NAME.sub("", str(exc)))
    try:
        phase_spell.read_other_costs(face.get("additional_cost"), f"{name} (object 0)")
    except phase_read.AdapterError as exc:
        found.append(_NAME.sub("", str(exc)))
    return tuple(found)


@lru_cache(maxsize=1)
def wide_pool() -> Pool:
    """Build every candidate face with the engine (about 2,600 faces; seconds)."""
    import phase

    faces: dict[str, Any] = {}
    for name, row in corpus().items():
        if row.get("layout", "normal") != "normal" or not _TEXT.search(row.get("text") or ""):
            continue
        try:
            faces[name] = phase.build_oracle_face(mtgjson_card(row), None)
        except Exception:  # noqa: BLE001 - a face phase can't build is not in its pool
            continue
    board, spells, castable, unread = [], [], [], {}
    for name, face in faces.items():
        types = set((face.get("card_type") or {}).get("core_types") or [])
        keywords = {k for k in face.get("keywords") or [] if isinstance(k, str)}
        required = (face.get("additional_cost") or {}).get("type") == "Required"
        # a battle placed by the positions' debug actions has no defense counters and goes to
        # the graveyard at once (704.5v): not a board card
        permanent = not types & {"Instant", "Sorcery", "Battle"}
        mana = bool(_mana_abilities(face)) and permanent
        if mana:
            board.append(name)
        if keywords & set(phase_read.SPELL_KEYWORDS) or required:
            spells.append(name)
        cost = face.get("mana_cost") or {}
        if "Land" not in types and cost.get("type") == "Cost" and (mana or name in spells):
            castable.append(name)
        if mana or name in spells:
            templates = unread_templates(name, face)
            if templates:
                unread[name] = templates
    pool = {n: faces[n] for n in set(board) | set(spells)}
    return Pool(pool, tuple(sorted(board)), tuple(sorted(spells)), tuple(sorted(castable)),
                unread)


def engine_for(pool: Pool, extra: Mapping[str, Any]) -> Any:
    """A ``phase.Engine`` that knows the pool's cards and ``extra`` faces."""
    import phase

    data = {name.lower(): face for name, face in {**pool.faces, **extra}.items()}
    return phase.Engine.from_json(json.dumps(data))
