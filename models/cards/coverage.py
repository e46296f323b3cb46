"""``python -m tapwise.models.cards.coverage [FILE.jsonl | --library] [-v]`` (``--help``): how much Oracle text
the reader (models/cards/oracle.py) reads, on a file of cards or on the shipped library; with
``--library`` also the share of the library's spells whose payment text (models/cards/
spell_text.py) is read completely. A script of its own: it reads the library, which builds on
the reader."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict

from tapwise.models.cards.board_effects import measure_board
from tapwise.models.cards.catalog import library
from tapwise.models.cards.oracle import measure


DEFAULT_FILE = "../shared/data/mana_sources.jsonl"


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m tapwise.models.cards.coverage",
        description="How much Oracle text the readers read: mana abilities on a JSON-lines file "
                    "of cards (name, types, oracle) or on the shipped library; with --library "
                    "also the spells' payment text and the permanents' mana and cost effects.")
    parser.add_argument("file", nargs="?", default=DEFAULT_FILE,
                        help=f"a JSON-lines file of cards (default: {DEFAULT_FILE})")
    parser.add_argument("--library", action="store_true",
                        help="measure the shipped card library instead of a file")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="list every sentence not read, grouped by why")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    """The coverage figures of docs/oracle.md; 2 (with a one-line error) for a file that can't
    be read."""
    args = _arguments(argv)
    if args.library:
        cards = {c.name: c for c in library().values() if c.mana_source}
        failed = [(c.name, s) for c in cards.values() for s in c.skipped]
        read, total = sum(1 for c in cards.values() if not c.skipped), len(cards)
    else:
        try:
            with open(args.file, encoding="utf-8") as f:
                rows = [json.loads(line) for line in f if line.strip()]
        except OSError as e:
            print(f"coverage: can't read {args.file}: {e.strerror or e}", file=sys.stderr)
            return 2
        except ValueError as e:
            print(f"coverage: {args.file} is not JSON lines: {e}", file=sys.stderr)
            return 2
        read, failed = measure(rows)
        total = len(rows)
    if args.verbose:
        groups: dict[str, list[str]] = defaultdict(list)
        for card_name, s in failed:
            groups[s.reason].append(f"{card_name}: {s.sentence}")
        for reason, items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            print(f"{len(items)}  {reason}")
            for item in items:
                print(f"      {item}")
    print(f"{read}/{total} cards read completely ({read / max(total, 1):.2%})")
    if args.library:
        _library_figures(args.verbose)
    return 0


def _library_figures(verbose: bool) -> None:
    """The spells' payment text and the board side (permanents' mana and cost effects)."""
    read, total, left = spell_coverage()
    if verbose:
        groups: dict[str, list[str]] = defaultdict(list)
        for card_name, sentence in left:
            groups[template(sentence)].append(f"{card_name}: {sentence}")
        for key, items in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            print(f"{len(items)}  {key}")
            for item in items:
                print(f"      {item}")
    print(f"{read}/{total} spells' payment text read completely ({read / total:.2%}; "
          f"Un-sets included: the pinned corpus does not say a card's set)")
    done, count, missed, aside = measure_board({c.name: (c.oracle, c.type_line)
                                                for c in library().values()
                                                if c.oracle is not None})
    if verbose:
        for card_name, sentence in missed:
            print(f"      {card_name}: {sentence}")
        for card_name, why in aside:
            print(f"      set aside: {card_name} ({why})")
    print(f"{done}/{count} permanents' mana and cost effects read completely "
          f"({done / count:.2%}); {len(aside)} set aside: Un-set, playtest and Alchemy cards "
          f"whose sentence no engine state can say (models/cards/set_aside.py)")


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
