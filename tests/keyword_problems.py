"""Random small problems with spec 9.3's keys (convoke, improvise, delve, other_costs), seeded,
for the comparison with the brute-force reference (tests/test_v2_keywords_reference.py)."""

from __future__ import annotations

import random
from typing import Any

LANDS = [{"name": "Forest"}, {"name": "Plains"}, {"name": "Island"}, {"name": "Swamp"}, {"name": "Wastes"},
         {"id": "savannah", "types": ["land"], "abilities": [{"add": ["{G}", "{W}"]}]}]
CREATURE_COLORS = ["", "G", "W", "GW", "U", "B", "G"]
CREATURE_ABILITIES = [[], [], [{"add": "{G}"}], [{"add": {"any_color": 1}}], [{"add": "{W}"}]]
ARTIFACTS = [
    {"id": "treasure", "types": ["artifact"], "abilities": [{"add": {"any_color": 1}, "sacrifice": True}]},
    {"id": "signet", "types": ["artifact"], "abilities": [{"add": "{U}{B}", "mana": "{1}"}]},
    {"id": "mind stone", "types": ["artifact"], "abilities": [{"add": "{C}"}]},
    {"id": "ornithopter", "types": ["artifact", "creature"], "abilities": []},
    {"id": "looter", "types": ["artifact"], "abilities": [{"add": "{U}", "discard": 1}]},
    {"id": "mill rock", "types": ["artifact"], "abilities": [{"add": "{B}", "mill": 1}]},
    {"id": "blood pet", "types": ["creature"], "colors": "B", "abilities": [{"add": "{B}", "tap": False, "sacrifice": True}]},
    {"id": "springleaf drum", "types": ["artifact"],
     "abilities": [{"add": {"any_color": 1}, "tap_other": {"types": ["creature"]}}]},
    {"id": "altar", "types": ["artifact"],
     "abilities": [{"add": "{C}{C}", "tap": False, "uses": 2, "sacrifice_other": {"types": ["creature"]}}]},
]
SYMBOLS = ["{1}", "{2}", "{G}", "{W}", "{U}", "{B}", "{G/W}", "{2/G}", "{C}", "{G/P}", "{W/U}"]
OTHER_COSTS = [
    {"sacrifice_other": {"types": ["artifact", "creature"]}},
    {"sacrifice_other": {"types": ["creature"], "n": 2}},
    {"tap_other": {"types": ["creature"]}},
    {"tap_other": {"types": ["artifact", "creature"], "n": 2}},
    {"discard": 1}, {"discard": 2}, {"exile_graveyard": 1}, {"exile_graveyard": 2}, {"mill": 1},
    {"sacrifice_other": {"types": ["artifact"]}, "discard": 1},
]


def keyword_problem(rng: random.Random) -> dict[str, Any]:
    """One random problem: a few lands, creatures and artifacts (at most about five copies that
    may act in 601.2h), a short cost, and some of 9.3's keys."""
    sources: list[dict[str, Any]] = []
    for land in rng.sample(LANDS, rng.randint(1, 2)):
        sources.append({**land, "count": rng.randint(1, 2)})
    for i in range(rng.randint(0, 2)):
        src: dict[str, Any] = {"id": f"creature{i}", "types": ["creature"], "colors": rng.choice(CREATURE_COLORS),
                               "count": rng.randint(1, 2), "abilities": rng.choice(CREATURE_ABILITIES)}
        if rng.random() < 0.3:
            src["sick"] = True
        if rng.random() < 0.2:
            src["tapped"] = 1
        sources.append(src)
    for art in rng.sample(ARTIFACTS, rng.randint(0, 2)):
        sources.append({**art, "count": rng.randint(1, 2) if art["id"] != "signet" else 1})
    cost = "".join(rng.choice(SYMBOLS) for _ in range(rng.choice((1, 2, 2, 3))))
    problem: dict[str, Any] = {"cost": cost, "sources": sources}
    r = rng.random()
    if r < 0.15 and sum(s["count"] for s in sources) <= 5:  # X's bound grows with the board
        problem["cost"] = "{X}" + cost
        problem["x"] = "max"
    elif r < 0.25:
        problem["cost"] = "{X}" + cost
        problem["x"] = 1
        if rng.random() < 0.5:
            problem["x_color"] = rng.choice("GB")
    for key in ("convoke", "improvise", "delve"):
        if rng.random() < 0.5:
            problem[key] = True
    if rng.random() < 0.35:
        problem["other_costs"] = rng.choice(OTHER_COSTS)
    for key, top in (("hand", 2), ("graveyard", 3)):
        if rng.random() < 0.6:
            problem[key] = rng.randint(0, top)
    if problem.get("delve") and rng.random() < 0.7:
        problem["graveyard"] = rng.randint(1, 3)
        problem["cost"] += rng.choice(("{1}", "{2}", ""))
    if rng.random() < 0.2:
        problem["library"] = rng.randint(0, 2)
    r = rng.random()
    if r < 0.08:
        problem["keywords"] = ["achroma"]
    elif r < 0.14:
        problem["keywords"] = [rng.choice(["sunburst", "eclipse"])]
    if rng.random() < 0.1:
        problem["increase"] = [rng.choice(["{1}", "{2/G}"])]
    if rng.random() < 0.1:
        problem["reduce"] = [rng.choice(["{1}", "{G}"])]
    if rng.random() < 0.05:
        problem["spend_as"] = rng.choice(["any_type", "any_color"])
    if rng.random() < 0.15:
        names = ["min_sources", "min_cards", "min_waste", "min_sacrifices", "min_life", "max_colors"]
        problem["objective"] = rng.sample(names, rng.randint(1, 3))
    if not any(k in problem for k in ("convoke", "improvise", "delve", "other_costs")):
        problem["convoke"] = True
    return problem


BOARD_KEYS = ("sources", "hand", "graveyard", "library")


def keyword_plan(rng: random.Random) -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    """One random plan: a board as above and two or three costs, some with 9.3's keys (no X, no
    color keywords, no objective: a plan has its own), and an order."""
    board_problem = keyword_problem(rng)
    board = {k: board_problem[k] for k in BOARD_KEYS if k in board_problem}
    costs = []
    for _ in range(rng.randint(2, 3)):
        p = keyword_problem(rng)
        cost = {k: v for k, v in p.items() if k not in BOARD_KEYS and k not in ("x", "x_color", "objective")}
        cost["cost"] = cost["cost"].replace("{X}", "")
        if cost.get("keywords") != ["achroma"]:
            cost.pop("keywords", None)
        if rng.random() < 0.3:  # a plain cost beside them
            cost = {"cost": cost["cost"]}
        costs.append(cost)
    return board, costs, rng.choice(("given", "any"))
