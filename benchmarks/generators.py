"""Seeded generators of spec problems (``problem.md``) for the benchmark scenarios.

Each generator yields ``n`` problem dicts; problem ``i`` depends only on (scenario, seed,
i), so a run can be resumed, split across machines or regenerated anywhere. Sources are
written with explicit ``abilities`` (the benchmark measures paying, not Oracle reading).
Costs of ``typical`` and ``rich`` come from real cards (the file ``TAPWISE_CARD_COSTS`` names,
else ``../shared/data/card_costs.jsonl`` beside a checkout, else a small built-in list, so the
installed package works without it; the output then differs, so a run records which one it
used: :func:`costs_used`).
"""

from __future__ import annotations

import json
import math
import os
import random
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator

from tapwise.models.mana import COLORS, HYBRID_PAIRS, Kind, ManaCost

Problem = dict[str, Any]

CARD_COSTS = Path(os.environ.get("TAPWISE_CARD_COSTS")
                  or Path(__file__).resolve().parents[1].parent / "shared" / "data" / "card_costs.jsonl")

# Real costs used when the data file is missing: (name, cost, type line).
BUILTIN_COSTS: tuple[tuple[str, str, str], ...] = (
    ("Lightning Bolt", "{R}", "Instant"), ("Counterspell", "{U}{U}", "Instant"),
    ("Swords to Plowshares", "{W}", "Instant"), ("Dark Ritual", "{B}", "Instant"),
    ("Giant Growth", "{G}", "Instant"), ("Llanowar Elves", "{G}", "Creature Elf Druid"),
    ("Wrath of God", "{2}{W}{W}", "Sorcery"), ("Cryptic Command", "{1}{U}{U}{U}", "Instant"),
    ("Tarmogoyf", "{1}{G}", "Creature Lhurgoyf"), ("Thoughtseize", "{B}", "Sorcery"),
    ("Baneslayer Angel", "{3}{W}{W}", "Creature Angel"), ("Sphinx's Revelation", "{X}{W}{U}{U}", "Instant"),
    ("Fireball", "{X}{R}", "Sorcery"), ("Kitchen Finks", "{1}{G/W}{G/W}", "Creature Ouphe"),
    ("Boros Reckoner", "{R/W}{R/W}{R/W}", "Creature Minotaur Wizard"),
    ("Manamorphose", "{1}{R/G}", "Instant"), ("Spectral Procession", "{2/W}{2/W}{2/W}", "Sorcery"),
    ("Gitaxian Probe", "{U/P}", "Sorcery"), ("Dismember", "{1}{B/P}{B/P}", "Instant"),
    ("Birthing Pod", "{3}{G/P}", "Artifact"), ("Mental Misstep", "{U/P}", "Instant"),
    ("Reaper King", "{2/W}{2/U}{2/B}{2/R}{2/G}", "Artifact Creature Scarecrow"),
    ("Niv-Mizzet, Parun", "{U}{U}{U}{R}{R}{R}", "Creature Dragon Wizard"),
    ("Sol Ring", "{1}", "Artifact"), ("Ulamog's Crusher", "{8}", "Creature Eldrazi"),
    ("Kozilek's Return", "{2}{R}", "Instant"), ("Thought-Knot Seer", "{3}{C}", "Creature Eldrazi"),
    ("Reality Smasher", "{4}{C}", "Creature Eldrazi"), ("Siege Rhino", "{1}{W}{B}{G}", "Creature Rhino"),
    ("Nicol Bolas, Planeswalker", "{4}{U}{B}{B}{R}", "Planeswalker Bolas"),
    ("Emrakul, the Aeons Torn", "{15}", "Creature Eldrazi"),
    ("Progenitus", "{W}{W}{U}{U}{B}{B}{R}{R}{G}{G}", "Creature Hydra Avatar"),
    ("Etherium Sculptor", "{1}{U}", "Artifact Creature Vedalken Artificer"),
    ("Engineered Explosives", "{X}", "Artifact"),
)


def _mana(types: str) -> str:
    return "".join("{%s}" % t for t in types)


def _kind(name: str, abilities: list[dict[str, Any]], types: tuple[str, ...] = ("land",),
          colors: str = "") -> dict[str, Any]:
    """A catalog entry: a source template and the colors a deck must have to play it."""
    return {"name": name, "types": list(types), "abilities": abilities, "colors": colors}


_PAIR_NAMES = {  # original dual, shock land, pain land, bounce land, talisman
    "WU": ("Tundra", "Hallowed Fountain", "Adarkar Wastes", "Azorius Chancery", "Talisman of Progress"),
    "UB": ("Underground Sea", "Watery Grave", "Underground River", "Dimir Aqueduct", "Talisman of Dominance"),
    "BR": ("Badlands", "Blood Crypt", "Sulfurous Springs", "Rakdos Carnarium", "Talisman of Indulgence"),
    "RG": ("Taiga", "Stomping Ground", "Karplusan Forest", "Gruul Turf", "Talisman of Impulse"),
    "GW": ("Savannah", "Temple Garden", "Brushland", "Selesnya Sanctuary", "Talisman of Unity"),
    "WB": ("Scrubland", "Godless Shrine", "Caves of Koilos", "Orzhov Basilica", "Talisman of Hierarchy"),
    "UR": ("Volcanic Island", "Steam Vents", "Shivan Reef", "Izzet Boilerworks", "Talisman of Creativity"),
    "BG": ("Bayou", "Overgrown Tomb", "Llanowar Wastes", "Golgari Rot Farm", "Talisman of Resilience"),
    "RW": ("Plateau", "Sacred Foundry", "Battlefield Forge", "Boros Garrison", "Talisman of Conviction"),
    "GU": ("Tropical Island", "Breeding Pool", "Yavimaya Coast", "Simic Growth Chamber", "Talisman of Curiosity"),
}


def _catalog() -> list[dict[str, Any]]:
    """The card kinds of typical boards: what the fast exact path is meant for, plus pain."""
    kinds = [_kind(name, [{"add": "{%s}" % c}], ("land",), c)
             for name, c in zip(("Plains", "Island", "Swamp", "Mountain", "Forest"), COLORS)]
    kinds.append(_kind("Wastes", [{"add": "{C}"}]))
    for pair, (dual, shock, pain, bounce, talisman) in _PAIR_NAMES.items():
        either = [_mana(pair[0]), _mana(pair[1])]
        kinds += [
            _kind(dual, [{"add": either}], ("land",), pair),
            _kind(shock, [{"add": either}], ("land",), pair),
            _kind(pain, [{"add": "{C}"}, {"add": either, "damage": 1}], ("land",), pair),
            _kind(bounce, [{"add": _mana(pair)}], ("land",), pair),
            _kind(talisman, [{"add": "{C}"}, {"add": either, "damage": 1}], ("artifact",), pair),
        ]
    kinds += [
        _kind("Sol Ring", [{"add": "{C}{C}"}], ("artifact",)),
        _kind("Mind Stone", [{"add": "{C}"}], ("artifact",)),
        _kind("Worn Powerstone", [{"add": "{C}{C}"}], ("artifact",)),
        _kind("Thran Dynamo", [{"add": "{C}{C}{C}"}], ("artifact",)),
        _kind("Arcane Signet", [{"add": {"any_color": 1}}], ("artifact",)),
        _kind("Chromatic Lantern", [{"add": {"any_color": 1}}], ("artifact",)),
        _kind("Coalition Relic", [{"add": {"any_color": 1}}], ("artifact",)),
        _kind("City of Brass", [{"add": {"any_color": 1}, "damage": 1}], ("land",)),
        _kind("Mana Confluence", [{"add": {"any_color": 1}, "life": 1}], ("land",)),
        _kind("Llanowar Elves", [{"add": "{G}"}], ("creature",), "G"),
        _kind("Elvish Mystic", [{"add": "{G}"}], ("creature",), "G"),
        _kind("Avacyn's Pilgrim", [{"add": "{W}"}], ("creature",), "GW"),
        _kind("Noble Hierarch", [{"add": ["{G}", "{W}", "{U}"]}], ("creature",), "GWU"),
        _kind("Birds of Paradise", [{"add": {"any_color": 1}}], ("creature",), "G"),
        _kind("Sylvan Caryatid", [{"add": {"any_color": 1}}], ("creature",), "G"),
    ]
    return kinds


CATALOG: tuple[dict[str, Any], ...] = tuple(_catalog())
BASICS = frozenset(("Plains", "Island", "Swamp", "Mountain", "Forest"))

# Kinds only the rich scenario uses: mana-cost abilities, restrictions, sacrifice.
RICH_KINDS: tuple[dict[str, Any], ...] = tuple(
    [_kind(name, [{"add": "{C}"}, {"mana": "{%s/%s}" % (p[0], p[1]),
                                   "add": [_mana(p[0] * 2), _mana(p), _mana(p[1] * 2)]}],
           ("land",), p)
     for name, p in (("Mystic Gate", "WU"), ("Sunken Ruins", "UB"), ("Graven Cairns", "BR"),
                     ("Fire-Lit Thicket", "RG"), ("Wooded Bastion", "GW"))]
    + [_kind(name, [{"mana": "{1}", "add": _mana(p)}], ("artifact",), p)
       for name, p in (("Azorius Signet", "WU"), ("Dimir Signet", "UB"), ("Rakdos Signet", "BR"),
                       ("Gruul Signet", "RG"), ("Selesnya Signet", "GW"))]
    + [_kind("Treasure", [{"add": {"any_color": 1}, "sacrifice": True}], ("artifact",)),
       _kind("Lotus Petal", [{"add": {"any_color": 1}, "sacrifice": True}], ("artifact",)),
       _kind("Eldrazi Temple", [{"add": "{C}"}, {"add": "{C}{C}", "only": {"subtypes": ["eldrazi"]}}]),
       _kind("Pillar of the Paruns", [{"add": {"any_color": 1}, "only": {"colors": "multicolored"}}]),
       _kind("Cavern of Souls", [{"add": "{C}"},
                                 {"add": {"any_color": 1}, "only": {"types": ["creature"]}}]),
       _kind("Lion's Eye Diamond", [{"add": {"one_color": 3}, "tap": False, "sacrifice": True}],
             ("artifact",))]
)

CARD_TYPES = {"artifact", "creature", "enchantment", "instant", "sorcery", "planeswalker",
              "land", "tribal", "kindred", "battle"}
SUPERTYPES = {"legendary", "basic", "snow", "world", "ongoing", "host"}


@lru_cache(maxsize=2)
def card_costs(path: str | None = None) -> tuple[tuple[str, str, str], ...]:
    """Real (name, cost, type line) rows: the shared data file, else :data:`BUILTIN_COSTS`."""
    file = Path(path) if path else CARD_COSTS
    if not file.is_file():
        return BUILTIN_COSTS
    rows = []
    with file.open(encoding="utf-8") as handle:
        for line in handle:
            card = json.loads(line)
            if card.get("mana_cost") is not None:
                rows.append((card["name"], card["mana_cost"], card.get("types") or ""))
    return tuple(rows)


def costs_used() -> str:
    """Where the real costs come from, for a run's record: the data file, or "built-in"."""
    return str(CARD_COSTS) if CARD_COSTS.is_file() else "built-in"


@lru_cache(maxsize=1024)
def _costs_within(colors: str, kinds: frozenset[Kind], max_units: int, needle: str = "",
                  min_units: int = 1) -> tuple[tuple[str, str, str], ...]:
    """Card costs whose colors are all in ``colors``, using only symbol ``kinds``, of
    ``min_units``-``max_units`` mana, with ``needle`` in their text."""
    return tuple(row for row, row_colors, row_kinds, units in _parsed_costs()
                 if needle in row[1] and min_units <= units <= max_units
                 and row_colors <= set(colors) and row_kinds <= kinds)


@lru_cache(maxsize=1)
def _parsed_costs() -> tuple[tuple[tuple[str, str, str], frozenset[str], frozenset[Kind], int], ...]:
    """Each real cost with its colors, symbol kinds and mana units, parsed once."""
    out = []
    for row in card_costs():
        cost = ManaCost.parse(row[1])
        units = sum(s.amount if s.kind is Kind.GENERIC else 1 for s in cost)
        out.append((row, frozenset(cost.colors), frozenset(s.kind for s in cost), units))
    return tuple(out)


def _types_of(type_line: str) -> dict[str, Any]:
    """A spec ``for`` object from a card's type line."""
    words = [w.lower() for w in type_line.replace("—", " ").split()]
    types = [w for w in words if w in CARD_TYPES]
    subtypes = [w for w in words if w not in CARD_TYPES and w not in SUPERTYPES]
    return {"kind": "spell", "types": types, "subtypes": subtypes}


def _rng(scenario: str, seed: int, i: int) -> random.Random:
    return random.Random(f"tapwise-bench:{scenario}:{seed}:{i}")


def _deck_colors(rng: random.Random, lo: int = 1, hi: int = 3) -> str:
    k = rng.randint(lo, hi)
    picked = set(rng.sample(COLORS, k))
    return "".join(c for c in COLORS if c in picked)


def _playable(kinds: tuple[dict[str, Any], ...], colors: str) -> list[dict[str, Any]]:
    return [k for k in kinds if set(k["colors"]) <= set(colors)]


def _board(rng: random.Random, kinds: list[dict[str, Any]], copies: int,
           weight: Callable[[dict[str, Any]], float]) -> list[dict[str, Any]]:
    """``copies`` cards drawn from ``kinds``, merged into source entries with counts."""
    weights = [weight(k) for k in kinds]
    drawn = rng.choices(range(len(kinds)), weights=weights, k=copies)
    sources = []
    for index in sorted(set(drawn), key=drawn.index):
        kind = kinds[index]
        source = {"id": _slug(kind["name"]), "name": kind["name"], "count": drawn.count(index),
                  "types": list(kind["types"]), "abilities": kind["abilities"]}
        sources.append(source)
    return sources


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in name.lower()).strip("_")


TYPICAL_KINDS = frozenset({Kind.COLORED, Kind.COLORLESS, Kind.GENERIC, Kind.X, Kind.HYBRID,
                           Kind.TWOBRID, Kind.PHYREXIAN})


def typical(seed: int = 0, n: int = 100, *, min_copies: int = 5, max_copies: int = 20,
            max_units: int = 10, x_percent: int = 0) -> Iterator[Problem]:
    """What an AI asks many times a turn: 5-20 lands, rocks and dorks, and a real card's cost
    of about as much mana as the board has copies (the close calls a search loop asks about).
    With ``x_percent``, that share of the problems take a real cost with X and ask for the
    largest X (``"x": "max"``); the default draws nothing more, so a seed's problems stay the same."""
    for i in range(n):
        rng = _rng("typical", seed, i)
        colors = _deck_colors(rng)
        copies = rng.randint(min_copies, max_copies)
        kinds = _playable(CATALOG, colors)
        sources = _board(rng, kinds, copies, lambda k: 6.0 if k["name"] in BASICS else 1.0)
        if rng.random() < 0.2:  # some copies already tapped
            victim = rng.choice(sources)
            victim["tapped"] = rng.randint(1, victim["count"])
        top = min(copies, max_units)
        needle = "{X}" if x_percent and rng.randrange(100) < x_percent else ""
        name, cost, _ = rng.choice(
            _costs_within(colors, TYPICAL_KINDS, min(max_units, top + 1), needle, max(1, top - 3))
            or _costs_within(colors, TYPICAL_KINDS, max_units, needle)
            or _costs_within(COLORS, TYPICAL_KINDS, max_units, needle))
        problem: Problem = {"id": f"typical-{seed}-{i}", "cost": cost, "sources": sources}
        if rng.random() < 0.1:
            problem["pool"] = [_mana(rng.choice(colors))]
        if needle:
            problem["x"] = "max"
        yield problem


def rich(seed: int = 0, n: int = 100, *, min_copies: int = 5, max_copies: int = 20,
         max_units: int = 12) -> Iterator[Problem]:
    """Where choices interact: filters, signets, Treasures, restrictions, X, Phyrexian, keywords."""
    all_kinds = tuple(CATALOG) + RICH_KINDS
    for i in range(n):
        rng = _rng("rich", seed, i)
        colors = _deck_colors(rng, 2, 4)
        copies = rng.randint(min_copies, max_copies)
        kinds = _playable(all_kinds, colors)
        sources = _board(rng, kinds, copies, lambda k: 3.0 if k in RICH_KINDS else 1.0)
        feature = rng.choice(("x", "phyrexian", "keyword", "restriction", "any"))
        needle = {"x": "{X}", "phyrexian": "/P}"}.get(feature, "")
        name, cost, type_line = rng.choice(_costs_within(colors, frozenset(Kind), max_units, needle)
                                           or _costs_within(COLORS, frozenset(Kind), max_units, needle))
        problem: Problem = {"id": f"rich-{seed}-{i}", "cost": cost, "sources": sources,
                            "for": _types_of(type_line),
                            "player": {"life": rng.choice((3, 5, 10, 20)), "energy": 0}}
        if "{X}" in cost:
            problem["x"] = "max"
        if feature == "keyword":
            problem["keywords"] = [rng.choice(("sunburst", "converge", "eclipse"))]
        if feature == "restriction" and rng.random() < 0.5:
            problem["pool"] = [{"mana": _mana(rng.choice(colors)), "only": {"kind": "spell"}}]
        if rng.random() < 0.15:
            problem["additional"] = [rng.choice(("{1}", "{B/P}", "{2}"))]
        yield problem


def _log_uniform(rng: random.Random, lo: int, hi: int) -> int:
    return int(round(math.exp(rng.uniform(math.log(lo), math.log(hi)))))


def _big_cost(rng: random.Random, colors: str, units: int) -> str:
    """About ``units`` mana of cost: colored, {C}, hybrid, {2/W}, Phyrexian, then generic."""
    pairs = [p for p in HYBRID_PAIRS if set(p) <= set(colors)]
    parts: list[str] = []
    used = 0
    for _ in range(rng.randint(units // 4, units // 2)):
        roll = rng.random()
        if roll < 0.6:
            parts.append("{%s}" % rng.choice(colors))
        elif roll < 0.7:
            parts.append("{C}")
        elif roll < 0.85 and pairs:
            parts.append("{%s/%s}" % tuple(rng.choice(pairs)))
        elif roll < 0.93:
            parts.append("{2/%s}" % rng.choice(colors))
            used += 1
        else:
            parts.append("{%s/P}" % rng.choice(colors))
        used += 1
    generic = max(0, units - used)
    return str(ManaCost.parse(("{%d}" % generic if generic else "") + "".join(parts)).canonical())


def split_board(rng: random.Random, picked: list[dict[str, Any]], copies: int) -> list[dict[str, Any]]:
    """Source entries for ``picked`` kinds sharing ``copies`` copies at random cut points."""
    cuts = sorted(rng.sample(range(1, copies), len(picked) - 1))
    counts = [b - a for a, b in zip([0] + cuts, cuts + [copies])]
    return [{"id": f"{_slug(kind['name'])}_{j}", "name": kind["name"], "count": count,
             "types": list(kind["types"]), "abilities": kind["abilities"]}
            for j, (kind, count) in enumerate(zip(picked, counts))]


def large(seed: int = 0, n: int = 20, *, min_copies: int = 1_000, max_copies: int = 100_000,
          min_kinds: int = 10, max_kinds: int = 100, units: int = 100) -> Iterator[Problem]:
    """Huge pools: 10^3-10^5 copies of 10-100 entries drawn with replacement from the catalog
    (a repeated kind comes back under a new id, which a solver should merge), and a cost of
    about ``units`` mana."""
    for i in range(n):
        rng = _rng("large", seed, i)
        colors = _deck_colors(rng, 2, 5)
        copies = _log_uniform(rng, min_copies, max_copies)
        n_kinds = min(copies, rng.randint(min_kinds, max_kinds))
        playable = _playable(CATALOG, colors)
        sources = split_board(rng, [rng.choice(playable) for _ in range(n_kinds)], copies)
        problem: Problem = {"id": f"large-{seed}-{i}", "cost": _big_cost(rng, colors, units),
                            "sources": sources}
        yield problem


SCENARIOS: dict[str, Callable[..., Iterator[Problem]]] = {
    "typical": typical, "rich": rich, "large": large,
}

QUICK: dict[str, dict[str, int]] = {
    "typical": {},
    "rich": {},
    "large": {"min_copies": 100, "max_copies": 2_000, "min_kinds": 5, "max_kinds": 20, "units": 30},
}
"""Size parameters of ``--quick``: small enough for CI, same shapes."""


def generate(scenario: str, seed: int = 0, n: int = 100, **params: Any) -> Iterator[Problem]:
    """Problems of one scenario by name."""
    try:
        gen = SCENARIOS[scenario]
    except KeyError:
        raise ValueError(f"unknown scenario {scenario!r}; choose from {', '.join(SCENARIOS)}") from None
    return gen(seed, n, **params)
