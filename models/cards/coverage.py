"""``python -m tapwise.models.cards.coverage [FILE.jsonl | --library] [-v]``: how much Oracle text
the reader (models/cards/oracle.py) reads, on a file of cards or on the shipped library; with
``--library`` also the share of the library's spells whose payment text (models/cards/
spell_text.py) is read completely. A script of its own: it reads the library, which builds on
the reader."""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict

from tapwise.models.cards.board_effects import measure_board
from tapwise.models.cards.catalog import library
from tapwise.models.cards.oracle import measure


def main(argv: list[str]) -> int:
    """The coverage figure of docs/oracle.md, on a JSON-lines file of cards (name, types,
    oracle) or on the shipped library (``--library``); ``-v`` lists every skipped sentence,
    grouped by why."""
    if "--library" in argv:
        cards = {c.name: c for c in library().values() if c.mana_source}
        failed = [(c.name, s) for c in cards.values() for s in c.skipped]
        read, total = sum(1 for c in cards.values() if not c.skipped), len(cards)
    else:
        path = next((a for a in argv if not a.startswith("-")), "../shared/data/mana_sources.jsonl")
        with open(path, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
        read, failed = measure(rows)
        total = len(rows)
    if "-v" in argv:
        groups: dict[str, list[str]] = defaultdict(list)
        for card_name, s in failed:
            groups[s.reason].append(f"{card_name}: {s.sentence}")
        for reason, items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            print(f"{len(items)}  {reason}")
            for item in items:
                print(f"      {item}")
    print(f"{read}/{total} cards read completely ({read / total:.2%})")
    if "--library" in argv:
        read, total, left = spell_coverage()
        if "-v" in argv:
            groups = defaultdict(list)
            for card_name, sentence in left:
                groups[template(sentence)].append(f"{card_name}: {sentence}")
            for key, items in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
                print(f"{len(items)}  {key}")
                for item in items:
                    print(f"      {item}")
        print(f"{read}/{total} spells' payment text read completely ({read / total:.2%}; "
              f"Un-sets included: the pinned corpus does not say a card's set)")
    if "--library" in argv:  # the board side: static abilities that change mana or costs
        done, count, missed = measure_board({c.name: (c.oracle, c.type_line)
                                             for c in library().values() if c.oracle is not None})
        if "-v" in argv:
            for card_name, sentence in missed:
                print(f"      {card_name}: {sentence}")
        print(f"{done}/{count} permanents' mana and cost effects read completely "
              f"({done / count:.2%})")
    return 0


CAST_TYPES = frozenset(("artifact", "creature", "enchantment", "instant", "sorcery",
                        "planeswalker", "battle", "kindred", "tribal"))
"""The card types of a card that is cast (a land is played, 305.1; planes and schemes are not
cards of a deck)."""


def spells() -> list:
    """Every spell of the library once: a front face (or whole card) of a castable type, not
    a land (models/cards/catalog.py's Card)."""
    seen: dict[str, object] = {}
    for card in library().values():
        if card.front is None and not card.missing and card.name not in seen \
                and set(card.types) & CAST_TYPES and "land" not in card.types:
            seen[card.name] = card
    return list(seen.values())


def spell_coverage() -> tuple[int, int, list[tuple[str, str]]]:
    """How many library spells have every payment sentence of the spell role read
    (models/cards/spell_text.py), of how many, and each sentence left as (card, sentence)."""
    cards = spells()
    left = [(c.name, s) for c in cards for s in c.spell_unread]
    return sum(1 for c in cards if not c.spell_unread), len(cards), left


def template(sentence: str) -> str:
    """A sentence's template: mana symbols as {M}, numbers as N (for grouping what is left)."""
    text = re.sub(r"(?:\{[^}]+\})+", "{M}", sentence)
    return re.sub(r"\b\d+\b", "N", text)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
