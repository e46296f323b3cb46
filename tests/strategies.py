"""Hypothesis strategies for random small payment problems (spec problem dicts).

One strategy per stage of the reference payer (``tests/reference/brute.py``), plus one mixing
everything:

- :func:`stage1_problems`: fixed, one-of, ``any_color``/``one_color`` sources, basic land names,
  ``count``, ``tapped``, pool mana; colored, ``{C}``, generic and hybrid costs.
- :func:`stage2_problems`: + Phyrexian symbols, ``life_cost``, player life/``keep_life``/energy,
  painlands, pay-life and energy abilities, Treasures, ``uses``, abilities without ``{T}``, ``{E}``.
- :func:`stage3_problems`: + snow, ``{S}``, X (fixed and ``"max"``), ``x_color``, ``alternative``,
  ``free``, ``additional``, ``increase``, ``reduce``, ``null`` costs.
- :func:`stage4_problems`: + filter lands, signets, ``only`` restrictions and ``for``,
  ``spend_as``, reflect abilities, the keywords and color objectives.
- :func:`mixed_problems`: everything at once.

Problems stay small (at most 5 source copies, 5 cost symbols, 2 pool mana) and lean towards
close cases: most costs are built from mana the board can actually make, then nudged by one
symbol; hybrids are chosen so the half matters, Phyrexian symbols come with low life, and a
filter land or signet may come with little or nothing to pay its own cost.
"""

from __future__ import annotations

from hypothesis import strategies as st

COLORS = "WUBRG"
BASIC = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest", "C": "Wastes"}
PAIRS = ("WU", "UB", "BR", "RG", "GW", "WB", "UR", "BG", "RW", "GU")
MAX_COPIES = 5
MAX_SYMBOLS = 5

STAGE1 = frozenset()
STAGE2 = frozenset({"life", "energy", "sacrifice", "uses"})
STAGE3 = STAGE2 | {"snow", "x", "costs"}
STAGE4 = STAGE3 | {"filter", "only", "spend_as", "reflect", "keywords"}
ALL = STAGE4


def _one_in(draw, n: int) -> bool:
    """True with probability 1/n; False for hypothesis' favourite (zero) draws, so that the
    plain case is what simple and shrunk examples show."""
    return draw(st.integers(0, n - 1)) == n - 1


def _pair(draw, first: str | None = None) -> str:
    if first is None:
        return draw(st.sampled_from(PAIRS))
    return draw(st.sampled_from([p for p in PAIRS if first in p]))


def _other(pair: str, c: str) -> str:
    return pair[1] if pair[0] == c else pair[0]


# --------------------------------------------------------------------------------------------
# Sources: each maker returns (source dict, outputs), outputs being the letters each choice
# of the source makes (used only to build close costs, never as an answer).
# --------------------------------------------------------------------------------------------

def _basic(draw, features):
    c = draw(st.sampled_from("WUBRGC"))
    snow = "snow" in features and draw(st.booleans())
    name = ("Snow-Covered " if snow else "") + BASIC[c]
    return {"name": name}, [c], snow


def _fixed(draw, features):
    c = draw(st.sampled_from("WUBRGC"))
    return {"abilities": [{"add": "{%s}" % c}]}, [c], False


def _dual(draw, features):
    p = _pair(draw)
    return {"name": "Dual " + p, "abilities": [{"add": ["{%s}" % p[0], "{%s}" % p[1]]}]}, [p[0], p[1]], False


def _bounce(draw, features):
    a = draw(st.sampled_from("WUBRGC"))
    b = draw(st.sampled_from("WUBRGC"))
    return {"abilities": [{"add": "{%s}{%s}" % (a, b)}]}, [a + b], False


def _sol(draw, features):
    return {"name": "Sol Ring", "types": ["artifact"], "abilities": [{"add": "{C}{C}"}]}, ["CC"], False


def _any(draw, features):
    n = draw(st.sampled_from([1, 1, 1, 2]))
    outs = [c * n for c in COLORS]
    return {"abilities": [{"add": {"any_color": n}}]}, outs, False


def _one(draw, features):
    n = draw(st.sampled_from([1, 2, 2, 3]))
    return {"abilities": [{"add": {"one_color": n}}]}, [c * n for c in COLORS], False


def _two_abilities(draw, features):
    c = draw(st.sampled_from(COLORS))
    return {"abilities": [{"add": "{C}"}, {"add": "{%s}" % c}]}, ["C", c], False


def _hybrid_add(draw, features):
    p = _pair(draw)
    return {"abilities": [{"add": "{%s/%s}" % (p[0], p[1])}]}, [p[0], p[1]], False


def _painland(draw, features):
    p = _pair(draw)
    return ({"name": "Pain " + p, "abilities": [{"add": "{C}"}, {"add": ["{%s}" % p[0], "{%s}" % p[1]], "damage": 1}]},
            ["C", p[0], p[1]], False)


def _pay_life(draw, features):
    c = draw(st.sampled_from(COLORS))
    uses = draw(st.sampled_from([1, 1, 2]))
    life = draw(st.sampled_from([1, 1, 2]))
    return ({"types": ["creature"], "abilities": [{"add": "{%s}" % c, "tap": False, "life": life, "uses": uses}]},
            [c], False)


def _treasure(draw, features):
    tap = draw(st.booleans())
    return ({"name": "Treasure", "types": ["artifact"],
             "abilities": [{"add": {"any_color": 1}, "sacrifice": True, "tap": tap}]},
            list(COLORS), False)


def _ritual_creature(draw, features):
    c = draw(st.sampled_from(COLORS))
    return ({"types": ["creature"], "abilities": [{"add": "{%s}" % c},
                                                  {"add": "{C}{C}", "tap": False, "sacrifice": True}]},
            [c, "CC"], False)


def _uses(draw, features):
    c = draw(st.sampled_from("WUBRGC"))
    uses = draw(st.sampled_from([1, 2, 3]))
    return ({"types": ["artifact"], "abilities": [{"add": "{%s}" % c, "tap": False, "uses": uses}]},
            [c], False)


def _energy(draw, features):
    return ({"name": "Hub", "abilities": [{"add": "{C}"}, {"add": {"any_color": 1}, "energy": 1}]},
            ["C"] + list(COLORS), False)


def _snow_source(draw, features):
    c = draw(st.sampled_from("WUBRGC"))
    typ = draw(st.sampled_from([["land"], ["artifact"]]))
    return {"types": typ, "snow": True, "abilities": [{"add": "{%s}" % c}]}, [c], True


def _filter(draw, features):
    p = _pair(draw)
    a, b = p
    cost = draw(st.sampled_from(["{%s/%s}" % (a, b), "{%s/%s}" % (a, b), "{1}"]))
    return ({"name": "Filter " + p, "abilities": [{"mana": cost, "add": ["{%s}{%s}" % (a, a), "{%s}{%s}" % (a, b),
                                                                         "{%s}{%s}" % (b, b)]}]},
            [a, b], False)  # net of its own cost: one more mana, of either color


def _signet(draw, features):
    p = _pair(draw)
    return ({"name": "Signet " + p, "types": ["artifact"], "abilities": [{"mana": "{1}", "add": "{%s}{%s}" % (p[0], p[1])}]},
            [p[0], p[1]], False)  # net of its {1}: one more mana


def _phyrexian_ability(draw, features):
    c = draw(st.sampled_from(COLORS))
    return ({"types": ["artifact"], "abilities": [{"mana": "{%s/P}" % c, "add": "{%s}{%s}" % (c, c)}]},
            [c + c], False)


def _reflect(draw, features):
    mine = draw(st.booleans())
    what = draw(st.sampled_from(["color", "type"]))
    if mine:
        return ({"name": "Reflecting Pool", "abilities": [{"add": {"reflect": "lands_you_control", "what": what}}]},
                [], False)
    return ({"name": "Exotic Orchard", "abilities": [{"add": {"reflect": "lands_opponents_control", "what": what}}]},
            [], False)


# Version 2 (spec 9.1-9.2). The board's facts are drawn with the problem (V2_FACTS), so every
# fact a source reads is given.
V2_FACTS = ("creature you control", "swamp you control", "urza's mine you control", "urza's power-plant you control",
            "artifact you control")


def _cradle(draw, features):
    c = draw(st.sampled_from("GC"))
    return {"abilities": [{"add": "{%s}" % c, "times": {"fact": "creature you control"}}]}, [c * 2], False


def _tainted(draw, features):
    p = draw(st.sampled_from(["UB", "BR", "GB", "WB"]))
    return ({"abilities": [{"add": "{C}"}, {"add": ["{%s}" % p[0], "{%s}" % p[1]],
                                            "if": [{"fact": "swamp you control", "min": 1}]}]},
            ["C", p[0], p[1]], False)


def _urza(draw, features):
    both = [{"fact": "urza's mine you control", "min": 1}, {"fact": "urza's power-plant you control", "min": 1}]
    return ({"subtypes": ["urza's", "tower"], "abilities": [{"add": "{C}{C}{C}", "if": both}, {"add": "{C}", "unless": both}]},
            ["CCC", "C"], False)


def _storage(draw, features):
    add = draw(st.sampled_from(["{C}", "{C}", ["{W}", "{U}"], "{G}"]))
    times: dict = {"remove": "storage"}
    if _one_in(draw, 4):
        times["plus"] = 1
    ab = {"add": add, "mana": "{1}", "times": times} if draw(st.booleans()) else {"add": add, "times": times}
    variant = draw(st.sampled_from(["", "", "", "", "put", "cost"]))
    if variant == "put":  # {T}: the amount reads the counter its cost put (608.2h; issue 38)
        ab["put_counters"] = {"storage": 1}
    elif variant == "cost":  # no {T}: cost and amount share the copy's counters (issue 38)
        ab.update({"tap": False, "uses": draw(st.sampled_from([2, "any"])), "remove_counters": {"storage": 1}})
        ab.pop("mana", None)
    letters = [a[1] for a in add] if isinstance(add, list) else [add[1]]
    return ({"counters": {"storage": draw(st.integers(0, 3))}, "abilities": [{"add": "{C}"}, ab]},
            ["C"] + [c * 2 for c in letters], False)


def _chalice(draw, features):
    ab: dict = {"add": "{C}", "times": {"counters": "charge"}}
    cost = draw(st.sampled_from([None, None, "remove_counters", "put_counters"]))
    if cost:  # the amount is read after the cost (608.2h; issue 38)
        ab[cost] = {"charge": 1}
    return ({"types": ["artifact"], "counters": {"charge": draw(st.integers(0, 2))},
             "abilities": [ab]}, ["CC"], False)


def _vivid(draw, features):
    c = draw(st.sampled_from(COLORS))
    return ({"counters": {"charge": draw(st.integers(0, 2))},
             "abilities": [{"add": "{%s}" % c}, {"add": {"any_color": 1}, "remove_counters": {"charge": 1}}]},
            [c] + list(COLORS), False)


def _depletion(draw, features):
    p = _pair(draw)
    return ({"abilities": [{"add": "{%s}{%s}" % (p[0], p[1]), "put_counters": {"depletion": 1}}]}, [p], False)


def _elf(draw, features):
    c = draw(st.sampled_from("GW"))
    src: dict = {"types": ["creature"], "subtypes": ["elf"], "abilities": [{"add": "{%s}" % c}]}
    if draw(st.booleans()):
        src["sick"] = True
    if _one_in(draw, 3):
        src["facts"] = {"power": draw(st.integers(0, 2))}
        src["abilities"] = [{"add": "{%s}" % c, "times": {"fact": "power"}}]
    if draw(st.booleans()):
        src["counts"] = ["creature you control"]  # Gaea's Cradle reads it; an Altar may lower it
    return src, [c], False


def _spirit_guide(draw, features):
    c = draw(st.sampled_from("RG"))
    return ({"types": ["creature"], "zone": "hand", "abilities": [{"add": "{%s}" % c, "tap": False, "sacrifice": True}]},
            [c], False)


def _dark_ritual_any(draw, features):
    c = draw(st.sampled_from("BR"))
    ab: dict = {"add": "{%s}" % c, "tap": False, "uses": "any", "life": 1}
    if _one_in(draw, 3):
        ab = {"add": "{%s}{%s}" % (c, c), "tap": False, "uses": "any", "life": 1, "mana": "{%s}" % c}
    return {"types": ["creature"], "abilities": [ab]}, [c], False


def _charges(draw, features):
    c = draw(st.sampled_from(COLORS))
    return ({"types": ["artifact"], "counters": {"charge": draw(st.integers(0, 3))},
             "abilities": [{"add": "{%s}" % c, "tap": False, "uses": "any", "remove_counters": {"charge": 1}}]},
            [c], False)


def _twice(draw, features):
    p = _pair(draw)
    return {"abilities": [{"add": ["{%s}" % p[0], "{%s}" % p[1]], "times": draw(st.sampled_from([0, 2]))}]}, \
        [p[0] * 2, p[1] * 2], False


def _diamond(draw, features):
    """Lion's Eye Diamond-like: discard cards, sacrifice it: three mana of one color."""
    return ({"types": ["artifact"], "abilities": [{"add": {"one_color": 3}, "tap": False, "sacrifice": True,
                                                   "discard": draw(st.integers(1, 2))}]}, [c * 3 for c in COLORS], False)


def _card_costs(draw, features):
    c = draw(st.sampled_from(COLORS))
    key = draw(st.sampled_from(["discard", "exile_graveyard", "mill"]))
    return {"abilities": [{"add": "{%s}" % c, key: 1}, {"add": "{C}"}]}, [c, "C"], False


def _drawback_land(draw, features):
    c = draw(st.sampled_from(COLORS))
    return ({"abilities": [{"add": "{%s}{%s}" % (c, c), "drawback": "doesn't untap during your next untap step"},
                           {"add": "{%s}" % c}]}, [c * 2, c], False)


def _of_colors(draw, features):
    p = _pair(draw)
    kind = draw(st.sampled_from(["any_color", "one_color"]))
    n = draw(st.sampled_from([1, 2, {"fact": "creature you control"}]))
    return {"abilities": [{"add": {kind: n, "of": p}}]}, [p[0] * 2, p[1] * 2, p], False


def _commander(draw, features):
    return {"abilities": [{"add": {"any_color": 1, "of": {"fact": "commander colors"}}}]}, list(COLORS), False


def _chosen(draw, features):
    c = draw(st.sampled_from(COLORS))
    return {"chosen": c, "abilities": [{"add": {"one_color": 1, "of": "chosen"}}, {"add": "{C}"}]}, [c, "C"], False


def _tagged(draw, features):
    c = draw(st.sampled_from(COLORS))
    return ({"abilities": [{"add": "{%s}{%s}" % (c, c), "only": {"tags": ["kicked"]}}, {"add": "{C}"}]},
            [c * 2, "C"], False)


def _altar(draw, features):
    """Ashnod's Altar (sacrifice a creature: CC), Phyrexian Tower ({T}, sacrifice a creature: BB),
    Krark-Clan Ironworks (sacrifice an artifact, itself too: CC), Skirk Prospector (a creature:
    sacrifice a creature, itself too: R; beside another outlet, each may take the other's copy)."""
    kind = draw(st.sampled_from(["altar", "tower", "kci", "prospector"]))
    if kind == "prospector":
        return ({"types": ["creature"], "abilities": [{"add": "{R}", "tap": False, "uses": "any",
                                                       "sacrifice_other": {"types": ["creature"], "self": True}}]},
                ["R"], False)
    if kind == "altar":
        return ({"types": ["artifact"], "abilities": [{"add": "{C}{C}", "tap": False, "uses": "any",
                                                       "sacrifice_other": {"types": ["creature"]}}]}, ["CC"], False)
    if kind == "tower":
        return ({"abilities": [{"add": "{C}"}, {"add": "{B}{B}", "sacrifice_other": {"types": ["creature"]}}]},
                ["C", "BB"], False)
    return ({"types": ["artifact"], "abilities": [{"add": "{C}{C}", "tap": False, "uses": "any",
                                                   "sacrifice_other": {"types": ["artifact"], "self": True}}]},
            ["CC"], False)


def _druid(draw, features):
    """Heritage Druid (tap three untapped Elves, itself among them: GGG), Springleaf Drum ({T}, tap
    an untapped creature: one mana of any color)."""
    if draw(st.booleans()):
        src = {"types": ["creature"], "subtypes": ["elf"], "abilities": [
            {"add": "{G}{G}{G}", "tap": False, "uses": "any", "tap_other": {"subtypes": ["elf"], "n": 2, "self": True}}]}
        if draw(st.booleans()):
            src["sick"] = True
        return src, ["GG"], False
    return ({"types": ["artifact"], "abilities": [{"add": {"any_color": 1}, "tap_other": {"types": ["creature"]}}]},
            list(COLORS), False)


def _academy(draw, features):
    """Tolarian Academy: {U} for each artifact; Treasures that count toward it may be sacrificed first."""
    return {"abilities": [{"add": "{U}", "times": {"fact": "artifact you control"}}]}, ["UU"], False


def _counted_treasure(draw, features):
    return ({"types": ["artifact"], "counts": ["artifact you control"],
             "abilities": [{"add": {"any_color": 1}, "tap": False, "sacrifice": True}]}, list(COLORS), False)


def _nykthos(draw, features):
    """Nykthos-like: {2}, {T}: add {G} for each creature (or artifact) you control. Its mana cost
    puts it after the counted copies an Altar or a Treasure sacrifices (9.1: read then)."""
    fact = draw(st.sampled_from(["creature you control", "artifact you control"]))
    return ({"abilities": [{"add": "{C}"}, {"add": "{G}", "mana": draw(st.sampled_from(["{1}", "{2}"])),
                                           "times": {"fact": fact}}]}, ["C", "GG"], False)


def _mana_filter(draw, features):
    """Bog Initiate ({1}: Add {B}) and Skyshroud Elf ({1}: Add {R} or {W}): uses "any" bounded by
    nothing but the mana they take (issue 38: each activation spends a mana)."""
    if draw(st.booleans()):
        return ({"types": ["creature"], "abilities": [{"add": "{B}", "tap": False, "mana": "{1}", "uses": "any"}]},
                ["B"], False)
    return ({"types": ["creature"], "abilities": [
        {"add": "{G}"}, {"add": ["{R}", "{W}"], "tap": False, "mana": "{1}", "uses": "any"}]}, ["G", "R", "W"], False)


def _bears(draw, features):
    """A creature with no mana ability (9.1: "abilities": []), an Elf or not."""
    return ({"types": ["creature"], "subtypes": draw(st.sampled_from([["bear"], ["elf"]])),
             "counts": ["creature you control"], "abilities": []}, [], False)


_BASE_MAKERS = [(_basic, 6), (_fixed, 2), (_dual, 4), (_bounce, 1), (_sol, 2), (_any, 2), (_one, 1),
                (_two_abilities, 1), (_hybrid_add, 1)]
_FEATURE_MAKERS = {
    "life": [(_painland, 3), (_pay_life, 2)],
    "sacrifice": [(_treasure, 2), (_ritual_creature, 1)],
    "uses": [(_uses, 2)],
    "energy": [(_energy, 1)],
    "snow": [(_snow_source, 2)],
    "filter": [(_filter, 5), (_signet, 3), (_phyrexian_ability, 1)],
    "reflect": [(_reflect, 2)],
    "v2": [(_cradle, 2), (_tainted, 2), (_urza, 2), (_storage, 3), (_chalice, 1), (_vivid, 2), (_depletion, 1),
           (_elf, 3), (_spirit_guide, 1), (_dark_ritual_any, 1), (_charges, 1), (_twice, 1), (_diamond, 1),
           (_card_costs, 2), (_drawback_land, 2), (_of_colors, 2), (_commander, 1), (_chosen, 1), (_tagged, 1),
           (_altar, 4), (_druid, 3), (_bears, 2), (_academy, 2), (_counted_treasure, 2), (_mana_filter, 2),
           (_nykthos, 2)],
}


def _restriction(draw) -> dict:
    options = [
        {"kind": "spell"}, {"kind": "ability"}, {"types": ["creature"]}, {"types": ["artifact", "creature"]},
        {"types": ["land"]}, {"subtypes": ["dragon"]}, {"colors": "multicolored"}, {"colors": "monocolored"},
        {"colors": "colorless"}, {"colors": ["W", "U"]}, {"colors": "G"}, {"has_x": True}, {"has_x": False},
        {"kind": "spell", "types": ["instant", "sorcery"]},
    ]
    return dict(draw(st.sampled_from(options)))


def _source(draw, features, budget: int, focus=frozenset()):
    makers = list(_BASE_MAKERS)
    for f, extra in _FEATURE_MAKERS.items():
        if f in features:
            makers += [(m, w * (3 if f in focus else 1)) for m, w in extra]
    weighted = [m for m, w in makers for _ in range(w)]
    maker = draw(st.sampled_from(weighted))
    src, outs, snow = maker(draw, features)
    count = draw(st.sampled_from([1, 1, 1, 1, 2, 2, 3]))
    count = min(count, budget)
    if any(ab.get("tap") is False and "remove" in (ab.get("times") or {}) for ab in src.get("abilities", [])):
        count = 1  # each copy its own counters: one entry per copy (docs/format-v2.md)
    if count > 1:
        src["count"] = count
    tapped = draw(st.sampled_from([None] * 6 + [True, 1]))
    if tapped is True:
        src["tapped"] = True
    elif tapped == 1 and count > 1:
        src["tapped"] = 1
    if "only" in features and _one_in(draw, 5) and src.get("abilities"):
        ab = dict(src["abilities"][-1])
        ab["only"] = _restriction(draw)
        src["abilities"] = src["abilities"][:-1] + [ab]
    if "snow" in features and not snow and _one_in(draw, 6):
        src["snow"] = True
        snow = True
    return src, outs, count, snow


# --------------------------------------------------------------------------------------------
# Costs built from mana the board can make (close cases)
# --------------------------------------------------------------------------------------------

def _symbol_for(draw, letter: str, features, snow: bool) -> str:
    """A cost symbol that this one mana could pay (or, for generic, a share of)."""
    if snow and "snow" in features and _one_in(draw, 3):
        return "S"
    if letter == "C":
        return draw(st.sampled_from(["{C}", "1", "1", "1", "{C/%s}" % draw(st.sampled_from(COLORS))]))
    options = ["{%s}" % letter] * 4 + ["1"] * 2
    other = _other(_pair(draw, letter), letter)
    options += ["{%s/%s}" % (letter, other)] * 2 + ["{2/%s}" % letter, "{C/%s}" % letter]
    if "life" in features:
        options += ["{%s/P}" % letter] * 2 + ["{%s/%s/P}" % (letter, other)]
    return draw(st.sampled_from(options))


def _random_symbol(draw, features) -> str:
    c = draw(st.sampled_from(COLORS))
    options = ["{%s}" % c] * 3 + ["{C}", "1", "{%s/%s}" % tuple(_pair(draw, c)), "{2/%s}" % c, "{C/%s}" % c]
    if "life" in features:
        options += ["{%s/P}" % c] * 3 + ["{%s/%s/P}" % tuple(_pair(draw, c))]
    if "energy" in features:
        options += ["{E}"]
    if "snow" in features:
        options += ["S"]
    return draw(st.sampled_from(options))


def _assemble(symbols: list[str]) -> str:
    generic = sum(1 for s in symbols if s == "1")
    rest = ["{S}" if s == "S" else s for s in symbols if s != "1"]
    head = ["{%d}" % generic] if generic else []
    return "".join(head + rest)


def _cost(draw, board_outs, features) -> str:
    symbols: list[str] = []
    if board_outs and not _one_in(draw, 6):
        # Pick some sources, one output each, and ask for (a share of) exactly that mana.
        chosen = draw(st.lists(st.sampled_from(range(len(board_outs))), min_size=1, max_size=len(board_outs),
                               unique=True))
        for i in chosen:
            outs, snow = board_outs[i]
            if not outs:
                continue
            out = draw(st.sampled_from(outs))
            for letter in out:
                symbols.append(_symbol_for(draw, letter, features, snow))
        tweak = draw(st.sampled_from(["none", "none", "add", "drop", "swap"]))
        if tweak == "add" or not symbols:
            symbols.append(_random_symbol(draw, features))
        elif tweak == "drop" and len(symbols) > 1:
            symbols.pop(draw(st.integers(0, len(symbols) - 1)))
        elif tweak == "swap":
            symbols[draw(st.integers(0, len(symbols) - 1))] = _random_symbol(draw, features)
    else:
        symbols = [_random_symbol(draw, features) for _ in range(draw(st.integers(1, 3)))]
    # Keep it small: at most MAX_SYMBOLS symbols, generic {N} counting as one, N <= 4.
    generic = min(4, sum(1 for s in symbols if s == "1"))
    others = [s for s in symbols if s != "1"][: MAX_SYMBOLS - (1 if generic else 0)]
    return _assemble(["1"] * generic + others)


# --------------------------------------------------------------------------------------------
# Whole problems
# --------------------------------------------------------------------------------------------

def _objective(draw, features, keywords) -> list[str] | None:
    if not _one_in(draw, 3):
        return None
    names = ["min_sources", "min_waste"]
    if features & {"life", "sacrifice", "energy"}:
        names += ["min_life", "min_sacrifices", "min_energy"]
    if "keywords" in features:
        names += ["max_colors", "min_colors"]
    if "x" in features:
        names += ["max_x"]
    if "v2" in features:
        names += ["min_counters", "min_cards", "min_drawbacks"]
    return draw(st.lists(st.sampled_from(names), min_size=1, max_size=4, unique=True))


@st.composite
def problems(draw, features=ALL, focus=frozenset()):
    """A random small problem using only the given features (see the module docstring);
    features in ``focus`` show up more often."""
    features = frozenset(features)

    def often(feature: str, n: int) -> bool:
        """``feature`` is used with probability 1/n, or about 1.5/n when it is in focus."""
        return feature in features and _one_in(draw, max(2, (2 * n) // 3) if feature in focus else n)

    problem: dict = {}
    budget = MAX_COPIES
    sources, board_outs = [], []
    n_entries = draw(st.integers(1, 4))
    if "filter" in features and _one_in(draw, 10):
        n_entries = 0  # pool only
    for _ in range(n_entries):
        if budget <= 0:
            break
        src, outs, count, snow = _source(draw, features, budget, focus)
        budget -= count
        sources.append(src)
        board_outs.append((outs, snow))

    pool = []
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 1, 2]))):
        c = draw(st.sampled_from("WUBRGC"))
        entry: dict | str = "{%s}" % c
        if "snow" in features and _one_in(draw, 3):
            entry = {"mana": "{%s}" % c, "snow": True}
        if often("only", 3):
            entry = {"mana": "{%s}" % c, "only": _restriction(draw)} if isinstance(entry, str) else \
                dict(entry, only=_restriction(draw))
        pool.append(entry)
        board_outs.append(([c], isinstance(entry, dict) and entry.get("snow", False)))
    if pool:
        problem["pool"] = pool

    cost = _cost(draw, board_outs, features)
    keywords: list[str] = []
    if often("x", 3):
        # Leave room for X: drop up to two symbols of the close cost first.
        symbols = ["{" + t for t in cost.split("{") if t]
        for _ in range(draw(st.integers(0, min(2, len(symbols) - 1)))):
            symbols.pop(draw(st.integers(0, len(symbols) - 1)))
        cost = ("{X}{X}" if _one_in(draw, 4) else "{X}") + "".join(symbols)
        problem["x"] = draw(st.sampled_from(["max", "max", 0, 1, 2, 3]))
        if _one_in(draw, 3):
            problem["x_color"] = draw(st.sampled_from(COLORS))
    problem["cost"] = cost

    if "costs" in features:
        roll = draw(st.integers(0, 9 if "costs" not in focus else 5))
        if roll == 9:
            problem["cost"] = None
            if draw(st.booleans()):
                problem["alternative"] = _cost(draw, board_outs, features)
            elif draw(st.booleans()):
                problem["free"] = True
        elif roll == 8:
            problem["alternative"] = _cost(draw, board_outs, features)
        elif roll == 7:
            problem["free"] = True
            if draw(st.booleans()):
                problem["additional"] = [draw(st.sampled_from(["{1}", "{R}", "{E}", "{C}"]))]
        if _one_in(draw, 4):
            problem["additional"] = problem.get("additional", []) + [
                draw(st.sampled_from(["{1}", "{2}", "{G}", "{E}", "{W/U}", "{B/P}"]))]
        if _one_in(draw, 4):
            problem["increase"] = [draw(st.sampled_from(["{1}", "{1}", "{2}", "{W}", "{S}"]))]
        if _one_in(draw, 3):
            problem["reduce"] = draw(st.lists(st.sampled_from(
                ["{1}", "{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{W/U}", "{2/R}", "{G/P}", "{B/R/P}",
                 "{C/W}", "{S}"]), min_size=1, max_size=2))

    if "life" in features:
        if _one_in(draw, 4):
            problem["life_cost"] = draw(st.integers(1, 4))
        player: dict = {}
        if not _one_in(draw, 4):
            player["life"] = draw(st.sampled_from([4, 20, 2, 3, 5, 6, 7, 1, 9]))
        keep = draw(st.sampled_from(["absent", "absent", None, 0, 1, 3]))
        if keep != "absent":
            player["keep_life"] = keep
        if "energy" in features and draw(st.booleans()):
            player["energy"] = draw(st.integers(0, 3))
        if player:
            problem["player"] = player
    if "energy" in features and problem["cost"] is not None and "{E}" not in problem["cost"] \
            and _one_in(draw, 5):
        problem["cost"] += "{E}"

    if often("only", 3):
        for_ = {"kind": draw(st.sampled_from(["spell", "spell", "ability"]))}
        types = draw(st.lists(st.sampled_from(["creature", "instant", "artifact", "sorcery"]), max_size=2,
                              unique=True))
        if types:
            for_["types"] = types
        if _one_in(draw, 3):
            for_["subtypes"] = ["dragon"]
        problem["for"] = for_
    if often("spend_as", 6):
        problem["spend_as"] = draw(st.sampled_from(["any_type", "any_color"]))
    if often("keywords", 3):
        keywords = [draw(st.sampled_from(["achroma", "achroma", "eclipse", "sunburst", "converge"]))]
        problem["keywords"] = keywords
    if "reflect" in features and any("reflect" in str(s.get("abilities", "")) for s in sources):
        opp = draw(st.lists(st.sampled_from([{"name": BASIC[c]} for c in "WUBRGC"] + [
            {"name": "Opp Reflecting Pool", "abilities": [{"add": {"reflect": "lands_opponents_control",
                                                                    "what": "type"}}]}]), max_size=2))
        if opp:
            problem["opponent_sources"] = opp

    if "v2" in features:
        problem["facts"] = {f: draw(st.integers(0, 2)) for f in V2_FACTS}
        problem["facts"]["commander colors"] = draw(st.sampled_from(["WU", "BRG", "", "G"]))
        if _one_in(draw, 3):
            problem["for"] = dict(problem.get("for", {}), tags=draw(st.sampled_from([["kicked"], ["flashback"]])))
        for zone in ("hand", "graveyard"):
            if draw(st.booleans()):
                problem[zone] = draw(st.integers(0, 2))
        if _one_in(draw, 3):
            problem["library"] = draw(st.integers(0, 2))
    if sources:
        problem["sources"] = sources
    objective = _objective(draw, features, keywords)
    if objective is not None:
        problem["objective"] = objective
    return problem


def stage1_problems():
    """Fixed / one-of / any_color / one_color sources, basic names, count, tapped, pool; W..G,
    {C}, generic and hybrid costs; objectives min_sources and min_waste (life, sacrifices 0)."""
    return problems(STAGE1)


def stage2_problems():
    """Stage 1 + Phyrexian, life_cost, player life/keep_life/energy, painlands, pay-life and
    energy abilities, sacrifice, uses, abilities without {T}, {E}."""
    return problems(STAGE2, STAGE2 - STAGE1)


def stage3_problems():
    """Stage 2 + {S} and snow, X fixed and max, x_color, alternative, free, additional,
    increase, reduce, null cost."""
    return problems(STAGE3, STAGE3 - STAGE2)


def stage4_problems():
    """Stage 3 + filter lands, signets, restrictions and `for`, spend_as, reflect, keywords."""
    return problems(STAGE4, STAGE4 - STAGE3)


def mixed_problems():
    """Everything at once (of version 1)."""
    return problems(ALL)


V2 = STAGE2 | {"v2"}
V2_ALL = ALL | {"v2"}


def v2_problems():
    """Stage 2 with section 9.1-9.2's sources: facts read by ``times`` and conditions (Gaea's
    Cradle, Tainted lands, Urza lands), counters (storage lands, Everflowing Chalice, Vivid
    lands, depletion lands, charge counters without {T}), sick creatures, a card in hand,
    ``uses: "any"``, an add made twice (or not at all)."""
    return problems(V2, {"v2"})


def v2_mixed_problems():
    """Everything, version 2's sources among them."""
    return problems(V2_ALL, {"v2"})
