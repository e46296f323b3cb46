"""Read what a permanent's static abilities do to mana and costs, from its Oracle text.

Three families of templates, each into problem keys a board typed by name gets:

- 106.12b replacements, as 9.4 ``effects``: "If you tap a permanent for mana, it produces twice
  as much of that mana instead" (Mana Reflection: ``multiply``), "If a land is tapped for two or
  more mana, it produces {C} instead of any other type and amount" (Damping Sphere: ``replace``).
  (9.4's triggered extras, Mana Flare, are read by :mod:`models.cards.oracle`.)
- 601.2f cost changes, as 9.8 ``statics`` of kind ``increase``/``reduce``: "Noncreature spells
  cost {1} more to cast" (Thalia), "Red spells you cast cost {1} less to cast" (Ruby Medallion).
  A change to the spells of opponents only is read, and changes nothing the player pays.
- 305.7 and 613 type and ability changes, as 9.8 ``statics``: "Each land is a Swamp in addition
  to its other land types" (Urborg), "Nonbasic lands are Mountains" (Blood Moon), "Lands you
  control have "{T}: Add one mana of any color."" (Chromatic Lantern).

:func:`read_board_effects` reads a card; :func:`board_effect_sentences` names the sentences it
read, and :func:`unread_board_sentences` the payment-relevant ones no template reads (Trinisphere), so the
answer's notes can name them (never silent).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from tapwise.models.cards.card import _ABILITY_WORD, _REMINDER
from tapwise.models.cards.costs import _traits, filter_json
from tapwise.models.cards.words import (NUM, CARD_TYPES, Description, describe, fact_phrase,
                                        number, singular)

__all__ = ["BoardReading", "read_board_effects", "board_effect_sentences", "unread_board_sentences",
           "measure_board"]


@dataclass(frozen=True)
class BoardReading:
    """What :func:`read_board_effects` found: 9.4 ``effects`` dicts, 9.8 ``statics`` dicts, the
    sentences read (including those that change nothing for the player) and the payment-relevant sentences
    not read, each with why."""

    effects: tuple[dict, ...] = ()
    statics: tuple[dict, ...] = ()
    read: frozenset[str] = frozenset()
    unread: tuple[tuple[str, str], ...] = field(default=())


_BASIC = {"plains": "plains", "island": "island", "islands": "island", "swamp": "swamp",
          "swamps": "swamp", "mountain": "mountain", "mountains": "mountain", "forest": "forest",
          "forests": "forest"}
_ALL_BASIC = ["plains", "island", "swamp", "mountain", "forest"]
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COLOR_CLASSES = ("multicolored", "monocolored", "colorless")

_MULTIPLY = re.compile(r"If you tap an? (?P<what>[\w' -]+?) for mana, it produces "
                       r"(?P<factor>twice|three times) as much of that mana instead", re.I)
_REPLACE = re.compile(r"If an? (?P<what>[\w' -]+?) is tapped for (?P<min>two or more )?mana, it "
                      r"produces (?P<into>\{[WUBRGC]\}|colorless mana) instead of any other type"
                      r"(?P<amount> and amount)?", re.I)
_ADD_TYPE = re.compile(r"(?:Each land is an?|All lands are) (?P<t>Plains|Islands?|Swamps?|"
                       r"Mountains?|Forests?) in addition to (?:its|their) other (?:land )?types")
_YOURS_ADD = re.compile(r"Lands you control are (?P<t>every basic land type|Plains|Islands|Swamps|"
                        r"Mountains|Forests) in addition to their other types")
_SET_NONBASIC = re.compile(r"Nonbasic lands are (?P<t>Plains|Islands|Swamps|Mountains|Forests)")
_SET_ALL = re.compile(r"All (?P<f>Plains|Islands|Swamps|Mountains|Forests) are "
                      r"(?P<t>Plains|Islands|Swamps|Mountains|Forests)")
_SET_YOURS = re.compile(r"Lands you control are (?P<t>Plains|Islands|Swamps|Mountains|Forests)")
_ITS_COLORS = "{T}: Add one mana of any of this creature's colors"
_WITH_COUNTER = re.compile(r"Each (?P<who>creature|artifact|land|permanent) you control with an? "
                           r"(?P<kind>\+1/\+1 |[a-z]+ )?counter on it has [\"“](?P<ability>[^\"”]+?)"
                           r"\.?[\"”]")
_GRANT = re.compile(r"(?P<all>All |Each )?(?P<who>[\w' -]+?)(?P<yours> you control)? ha(?:ve|s) "
                    r"[\"“](?P<ability>[^\"”]+?)\.?[\"”]")

# What makes a sentence payment-relevant for this module (the rest is not its business): a
# static ability (no trigger, no activation cost, nothing for a while only) about these.
_NOT_STATIC = re.compile(r"^(?:When|Whenever|At|Until|\[|"
                         r"[IVX]+(?:, [IVX]+)* —|•)|"
                         r"\b(?:cast this turn|[Cc]reate|the next|for as long as)\b|^[^\"“]*:", re.I)
_RELEVANT = [re.compile(p, re.I) for p in (
    r"\bfor mana\b.*\binstead\b", r"\bspells?\b.*\bcosts? .*\b(?:more|less) to cast\b",
    r"\bcosts? (?:three|\w+) mana to cast\b",
    r"\blands?\b.*\b(?:is|are) (?:an? )?(?:every basic land type|Plains|Islands?|Swamps?|"
    r"Mountains?|Forests?)\b", r"\bha(?:ve|s) [\"“][^\"”]*\bAdd\b")]
_SPELL_SIDE = re.compile(r"^(?:This spell|.*\bthis spell costs\b)", re.I)  # its own cost


def _paragraphs(oracle: str) -> list[tuple[str, list[dict[str, Any]] | None]]:
    """Each paragraph without reminder text, ability word and final period, and whether it holds
    only under a level, Class level or station threshold (711, 716, 702.184: not read here)."""
    from tapwise.models.cards.oracle import _paragraphs as levels  # the mana reader's reading

    out = []
    for paragraph, under in levels(oracle):
        text = paragraph
        while _REMINDER.search(text):
            text = _REMINDER.sub("", text)
        text = re.sub(r"\s+", " ", text).strip().rstrip(".").strip()
        text = _ABILITY_WORD.sub("", text)  # "Max speed — Spells you cast ..."
        if text:
            out.append((text, under))
    return out


def _when(what: str) -> dict[str, Any] | None:
    """The 9.4 FILTER of a kind of permanent ("permanent", "land", "basic land"), or None."""
    what, traits = _traits(what)
    desc = (Description((), (), None) if what.lower() in ("permanent", "permanents", "")
            else describe(what))
    if desc is None or desc.colors is not None:
        return None
    return filter_json(desc, traits)


_PER_TYPE = re.compile(r"If tapped for mana, (?P<pairs>(?:(?:and )?(?:Plains|Islands|Swamps|Mountains|"
                       r"Forests) produce \{[WUBRG]\}(?:, )?)+) instead of any other type")


def _mana_effects(text: str) -> list[dict[str, Any]] | None:
    """The 9.4 effects of one sentence: one, or one per land type (Naked Singularity)."""
    if m := _PER_TYPE.fullmatch(text):
        return [{"kind": "replace", "when": {"subtypes": [_BASIC[t.lower()]], "controller": "any"},
                 "into_type": c}
                for t, c in re.findall(r"(Plains|Islands|Swamps|Mountains|Forests) produce "
                                       r"\{([WUBRG])\}", m.group("pairs"))]
    effect = _mana_effect(text)
    return None if effect is None else [effect]


def _mana_effect(text: str) -> dict[str, Any] | None:
    if m := _MULTIPLY.fullmatch(text):
        when = _when(m.group("what"))
        if when is None:
            return None
        factor = 2 if m.group("factor").lower() == "twice" else 3
        return {"kind": "multiply", "factor": factor, "when": when}
    if m := _REPLACE.fullmatch(text):
        what = m.group("what")
        when = _when(what.removesuffix(" you control"))
        if when is None:
            return None
        if not what.endswith(" you control"):  # "If a land is tapped": every player's lands
            when["controller"] = "any"
        if m.group("min"):
            when["min_amount"] = 2
        into = m.group("into")
        letter = "C" if into.lower() == "colorless mana" else into[1]
        if m.group("amount"):
            return {"kind": "replace", "when": when, "into": "{%s}" % letter}
        return {"kind": "replace", "when": when, "into_type": letter}
    return None


def _word_kind(word: str) -> tuple[str, str] | None:
    """A word of a spell description: ("types", t), ("not_types", t), ("colors", c) or
    ("subtypes", s); None for a word the restriction keys can't say (historic, legendary)."""
    low = word.lower()
    if low in _COLORS:
        return "colors", _COLORS[low]
    if low in _COLOR_CLASSES:
        return "colors", low
    if low in CARD_TYPES or low in ("sorcery", "planeswalker", "tribal"):
        return "types", "kindred" if low == "tribal" else low
    if low.startswith("non") and low[3:] in CARD_TYPES + ("sorcery", "planeswalker"):
        return "not_types", low[3:]
    if word[:1].isupper() and re.fullmatch(r"[A-Za-z'-]+", word) and low not in (
            "historic", "legendary", "face-down", "permanent", "secret"):
        return "subtypes", singular(word)
    return None


def _one_kind(words: str) -> dict[str, list[str]] | None:
    """A conjunctive description ("black creature", "instant and sorcery", "noncreature")."""
    out: dict[str, list[str]] = {}
    listed = re.split(r",? (?:and|or) |, ", words.strip())
    if len(listed) > 1:  # "Instant and sorcery", "Kithkin and Soldier": any of one sort
        kinds = [_word_kind(w) for w in listed]
        if (any(k is None for k in kinds) or len({k[0] for k in kinds}) != 1
                or any(" " in w for w in listed)):
            return None
        return {kinds[0][0]: [k[1] for k in kinds]}
    for word in words.split():
        if word.lower() == "permanent" and "types" not in out:  # 110.1: a permanent spell
            out["types"] = list(_PERMANENT_SPELLS)
            continue
        kind = _word_kind(word)
        if kind is None or kind[0] in out:
            return None
        out[kind[0]] = [kind[1]]
    return out


_PERMANENT_SPELLS = ("artifact", "battle", "creature", "enchantment", "planeswalker")
"""The card types of a permanent spell (110.1; a land is played, not cast)."""


def _spells(desc: str) -> dict[str, Any] | None:
    """The ``only`` object (a spell restriction) of the words before "spells", or None."""
    desc = desc.strip()
    if not desc or desc.lower() in ("each", "all"):
        return {"kind": "spell"}
    if re.search(r" spells (?:and|or) ", desc):  # "Red creature spells and green creature"
        parts = [p for p in re.split(r" spells (?:and|or) ", desc) if p]
        kinds = [_one_kind(p) for p in parts]
        if any(k is None for k in kinds):
            return None
        if len(kinds) == 1:
            return {"kind": "spell", **kinds[0]}
        if all(len(k) == 1 for k in kinds) and len({next(iter(k)) for k in kinds}) == 1:
            key = next(iter(kinds[0]))
            return {"kind": "spell", key: [v for k in kinds for v in k[key]]}
        return {"kind": "spell", "any_of": [dict(k) for k in kinds]}
    kind = _one_kind(desc)
    return None if kind is None else {"kind": "spell", **kind}


_QUALITIES = [  # what may follow "spells": (words, the restriction keys they add); others: unread
    (r" you cast", {}),
    (r" but don't own", {"tags": ["not owned by you"]}),
    (r" with (flying|flash|banding)", "keyword"),
    (r" (?:that have|with) an Adventure", {"tags": ["adventure"]}),
    (r" with power (\d+) or greater", "power"),
    (r" with toughness greater than its power", {"tags": ["toughness greater than power"]}),
    (r" with \{X\} in (?:its|their) mana costs?", "has_x"),
    (r" that targets? (an? (?:creature|player|opponent|permanent|artifact|enchantment|land|"
     r"planeswalker)|this creature|enchanted creature|enchanted player)", "target"),
    (r" that's (.+)", "that's"),
    (r" of the chosen type", "chosen"),
    (r" during each of your turns", {"tags": ["your turn"]}),  # "The first spell ... during"
    # what only the engine knows of the spell, as the caller's tag words
    (r" that share a creature type with this creature",
     {"tags": ["shares a creature type with this creature"]}),
    (r" that share a card type with the exiled card",
     {"tags": ["shares a card type with the exiled card"]}),
    (r" cast from among cards you drew this turn", {"tags": ["drawn this turn"]}),
    (r" with mana value (\d+) or greater", "min_mana_value"),
    (r" from your graveyard or from exile", {"tags": ["from graveyard", "from exile"]}),
    (r" from your graveyard", {"tags": ["from graveyard"]}),
    (r" from exile", {"tags": ["from exile"]}),
    (r" from anywhere other than your hand", {"tags": ["not from your hand"]}),
]
_TAGGED_WORDS = {"legendary": "legendary", "historic": "historic", "face-down": "morph",
                 "kicked": "kicked"}
"""Qualities of a spell only the engine knows, as ``only.tags`` words (9.2; the caller puts them
in ``for.tags``), as the mana reader's spend restrictions say them (costs.py's _TAG_WORDS)."""


_CONDITIONS = [  # words before the spells: (words, the ``only.tags`` word the caller passes)
    (r"During turns other than yours, ", "not your turn"),
    (r"During your turn, ", "your turn"),
    # on the battlefield, where the board's permanents are, it holds (Efteekay, The Ur-Dragon)
    (r"As long as [\w,' -]+ is in the command zone or on the battlefield, ", None),
]
_TAILS = {" except during its controller's turn": "not your turn", " if it has mutate": "mutate"}
_OPPONENTS_TAX = re.compile(r" and abilities your opponents activate cost \{\d+\} more to "
                            r"activate unless they're mana abilities$")


_COLORED_ONLY = ". This effect reduces only the amount of colored mana you pay"
_PAY_LIFE = re.compile(r"As an additional cost to cast (?P<kind>[\w -]+?) spells, you may pay "
                       r"(?P<life>\d+) life\. Those spells cost (?P<mana>\{[WUBRG]\}) less to cast "
                       r"if you paid life this way\. This effect reduces only the amount of "
                       r"(?P<color>\w+) mana you pay")
_SPELL_COUNTS = re.compile(r"^target\b|\b(?:it targets|they share|that spell|chosen|it is)\b")
SPELL_FACTS = {  # counts of the spell being paid for, as the fact (9.1) the caller gives
    "target": "targets",  # Hinata, Dawn-Crowned: its targets (115)
    "creature it targets": "creature it targets",  # Battlefield Thaumaturge
    "of the chosen colors it is": "chosen color it is",  # Seal of the Guildpact
    "card with the same name as that spell in your graveyard":  # Locket of Yesterdays
        "card with the same name as that spell in your graveyard",
    "card type they share with cards exiled with this creature":  # Cemetery Prowler
        "card type it shares with cards exiled with this creature",
}
"""601.2f counts only the engine knows of the spell while it is cast (its targets, its colors
among the chosen ones, its name's copies in the graveyard): the problem, which pays for that one
spell, gives them as facts like any other count."""


def _each(each: str | None, x: str | None) -> str | None:
    """The fact (9.1) a counted cost change reads: "for each artifact you control", "where X is
    Vadrik's power"; "" when it counts nothing; None when the count is the spell's own and not
    one of :data:`SPELL_FACTS`."""
    words = each or x
    if not words:
        return ""
    if (each or "") in SPELL_FACTS:
        return SPELL_FACTS[each or ""]
    words = words.replace("its controller controls", "you control")  # Hum of the Radix: yours
    if _SPELL_COUNTS.search(words):
        return None
    return fact_phrase(words)


def _cost_static(text: str, chooses: str | None = None) -> dict[str, Any] | None | bool:
    """The 9.8 cost static of a sentence, True when it reads one that changes nothing the player
    pays (an opponents' tax), None when no template reads it."""
    text = _OPPONENTS_TAX.sub("", text)  # Tithe Taker: the opponents' abilities, not the player's
    if m := _PAY_LIFE.fullmatch(text):  # the Defilers: the reduction the player buys with life
        color = m.group("color").lower()
        if color != "colored" and "{%s}" % _COLORS.get(color, "?") != m.group("mana"):
            return None
        out = _cost_static(f"{m.group('kind')[:1].upper()}{m.group('kind')[1:]} spells you cast "
                           f"cost {m.group('mana')} less to cast{_COLORED_ONLY}", chooses)
        return {**out, "life": int(m.group("life"))} if isinstance(out, dict) else None
    colored_only = text.endswith(_COLORED_ONLY)
    if colored_only:  # Edgewalker, Morophon: no generic for what the cost has no such mana of
        out = _cost_static(text[:-len(_COLORED_ONLY)], chooses)
        if not isinstance(out, dict) or out["kind"] != "reduce" or "each" in out or re.search(
                r"[^{}WUBRG]", out["cost"]):
            return None
        return {**out, "colored_only": True}
    m = re.fullmatch(r"(?P<head>.+?) costs? (?P<mana>(?:\{[0-9WUBRGCX]\})+) (?P<dir>more|less) "
                     r"to cast(?P<tail> and can't be countered| except during its controller's "
                     r"turn| if it has mutate| until your next turn)?(?: for each (?P<each>.+)|, "
                     r"where X is (?P<x>.+))?", text)
    if not m:
        return None
    head = m.group("head")
    if re.search(r"\b(?:your opponents|an opponent|each opponent|target opponent)\b", head):
        return True  # a tax or a reduction on the opponents' spells only: not the player's
    each = _each(m.group("each"), m.group("x"))
    if each is None or ("X" in m.group("mana")) != bool(m.group("x")):
        return None
    tags: list[list[str]] = []
    extra: dict[str, Any] = {}
    extra_static: dict[str, Any] = {}
    that = with_words = ""
    for words, tag in _CONDITIONS:
        if c := re.match(words, head):
            head = head[c.end():]
            if tag:
                tags.append([tag])
    head = re.sub(r"^(?:[Oo]ther|Each other) ", "", head)  # a permanent is no spell: vacuous
    if m.group("tail") and m.group("tail") != " and can't be countered":
        if m.group("tail") not in _TAILS:  # a duration: no static ability of the board
            return None
        tags.append([_TAILS[m.group("tail")]])
    # "Spells cost {1} more": every player's; "cards you drew": the player's
    everyone = not re.search(r"\byou (?:cast|drew)\b", head)
    ordinal = re.match(r"The (first|second) ", head)
    if ordinal:
        head = head[ordinal.end():].removesuffix(" each turn")
    parts = re.split(r"\b[Ss]pells?\b", head, maxsplit=1)
    if len(parts) != 2 or "spells" in parts[1] and " spells and " not in head:
        return None
    desc, quals = parts
    if " spells and " in head or " spells or " in head:  # "Red spells and green spells you cast"
        desc, _, quals = head.rpartition(" spells")
        desc += " spells"
    while quals:
        for words, keys in _QUALITIES:
            q = re.match(words, quals)
            if q:
                if keys == "min_mana_value":
                    extra["min_mana_value"] = int(q.group(1))
                elif keys == "has_x":
                    extra["has_x"] = True
                elif keys == "keyword":  # 702: a keyword only the engine knows the spell has
                    tags.append([q.group(1)])
                    with_words += f" with {q.group(1)}"
                elif keys == "power":  # 208: the creature spell's power
                    tags.append([f"power {q.group(1)} or greater"])
                elif keys == "target":  # 115: what the spell targets, chosen as it is cast
                    tags.append([f"targets {q.group(1)}"])
                elif keys == "chosen":  # 9.1: the source's chosen card or creature type
                    if chooses is None:
                        return None
                    extra_static["chosen"] = chooses
                elif keys == "that's":  # "Each spell you cast that's red or green"
                    that = re.sub(r"^an? ", "", q.group(1))
                elif keys:
                    tags.append(keys["tags"])
                quals = quals[q.end():]
                break
        else:
            return None
    raw = " ".join(desc.split()).removesuffix(" spells").strip().lower()  # for "The first ..."
    words = desc.split()
    for word in list(words):
        if word.lower() in _TAGGED_WORDS:
            tags.append([_TAGGED_WORDS[word.lower()]])
            words.remove(word)
        elif re.fullmatch(r"non-[A-Z][a-z]+", word):  # Momo's "non-Lemur": a tag word (9.2)
            tags.append([word.lower()])
            words.remove(word)
    desc = " ".join(words).removesuffix(" spells").strip()
    desc = re.sub(r"^Each (?=\S)", "", desc)  # "Each creature spell you cast"
    if that:  # "Each spell you cast that's red or green": the kind is said after "spell"
        if desc.lower() not in ("", "each", "all"):
            desc = f"{that} {desc}" if " " not in that and "," not in that else ""
            if not desc:
                return None
        else:
            desc = that
    if ordinal:  # an engine's count of this turn's spells (9.2's "second spell this turn")
        kind = f"{raw} " if raw else ""  # Momo: "first non-lemur creature spell with flying"
        tags.append([f"{ordinal.group(1)} {kind}spell{with_words} this turn"])
    spells = _spells(desc)
    if spells is None:
        return None
    spells.update(extra)
    if len(tags) == 1:
        spells["tags"] = tags[0]
    elif tags:  # every quality: all of them
        spells["all_of"] = [{"tags": t} for t in tags]
    out = {"kind": "increase" if m.group("dir") == "more" else "reduce",
           "cost": "{1}" if m.group("x") else m.group("mana"), "for": spells}
    if each:
        out["each"] = each
    out.update(extra_static)
    if everyone:
        out["controller"] = "any"
    return out


_ENCHANTED = re.compile(r"(?:Enchanted|Equipped) (?P<what>land|creature|permanent|artifact) "
                        r"(?:is (?P<set>an? (?P<t>(?:(?:Plains|Island|Swamp|Mountain|Forest)"
                        r"(?:, (?:and )?)?)+)|every basic "
                        r"land type in addition to its other types)|has [\"“](?P<ability>[^\"”]+?)"
                        r"\.?[\"”])")
ENCHANTED = "enchanted"
"""The ``on`` of an aura's or an equipment's static (Spreading Seas, Paradise Mantle): the card
can't name the permanent it is attached to, so whoever builds the problem puts that permanent's
id there (9.8's ``on``)."""


def _attached(text: str) -> dict[str, Any] | None:
    """The static of an aura or equipment on the one permanent it is attached to."""
    m = _ENCHANTED.fullmatch(text)
    if not m:
        return None
    if m.group("ability"):
        from tapwise.models.cards.oracle import read_card  # the mana ability reader

        reading = read_card(m.group("ability") + ".")
        if len(reading.abilities) != 1 or reading.skipped or reading.effects:
            return None
        return {"kind": "add_ability", "on": ENCHANTED, "ability": dict(reading.abilities[0])}
    if m.group("t"):  # "is a Mountain, Forest, and Plains" (Lush Growth): those types only
        return {"kind": "set_subtypes", "on": ENCHANTED,
                "subtypes": [_BASIC[t.lower()] for t in re.findall(r"\w+", m.group("t"))
                             if t != "and"]}
    return {"kind": "add_subtypes", "on": ENCHANTED, "subtypes": list(_ALL_BASIC)}


_LOSE_OTHERS = re.compile(r"(?P<head>.+ have [\"“][^\"”]+[\"”]) and lose all other abilities")
_LOSES_ALL = re.compile(r"Enchanted land loses all land types and abilities and has "
                        r"(?P<abilities>[\"“][^\"”]+[\"”](?: and [\"“][^\"”]+[\"”])*)")


def _losing(text: str) -> list[dict[str, Any]] | None:
    """613.1f, layer 6: "All lands have "..." and lose all other abilities" (Toxicrene), and
    "Enchanted land loses all land types and abilities and has "..." and "..."" (Lithoform
    Blight: layer 4 first, its land types set to none, 305.7)."""
    if m := _LOSE_OTHERS.fullmatch(text):
        found = _grant(m.group("head"))
        if not isinstance(found, list) or len(found) != 1:
            return None
        return [{**found[0], "lose_others": True}]
    if m := _LOSES_ALL.fullmatch(text):
        granted = []
        for ability in re.findall(r"[\"“]([^\"”]+?)\.?[\"”]", m.group("abilities")):
            found = _attached(f"Enchanted land has \"{ability}.\"")
            if not isinstance(found, dict):
                return None
            granted.append(found)
        granted[0]["lose_others"] = True
        return [{"kind": "set_subtypes", "on": ENCHANTED, "subtypes": []}] + granted
    return None


def _grant(text: str) -> dict[str, Any] | list[dict[str, Any]] | bool | None:
    if (attached := _attached(text)) is not None:
        return attached
    if (losing := _losing(text)) is not None:
        return losing
    if m := _ADD_TYPE.fullmatch(text):  # every player's lands
        return {"kind": "add_subtypes", "when": {"types": ["land"], "controller": "any"},
                "subtypes": [_BASIC[m.group("t").lower()]]}
    if m := _YOURS_ADD.fullmatch(text):
        t = m.group("t").lower()
        return {"kind": "add_subtypes", "when": {"types": ["land"]},
                "subtypes": list(_ALL_BASIC) if t.startswith("every") else [_BASIC[t]]}
    if m := _SET_NONBASIC.fullmatch(text):
        return {"kind": "set_subtypes", "when": {"types": ["land"], "not_supertypes": ["basic"],
                                                 "controller": "any"},
                "subtypes": [_BASIC[m.group("t").lower()]]}
    if m := _SET_ALL.fullmatch(text):
        return {"kind": "set_subtypes", "when": {"subtypes": [_BASIC[m.group("f").lower()]],
                                                 "controller": "any"},
                "subtypes": [_BASIC[m.group("t").lower()]]}
    if m := _SET_YOURS.fullmatch(text):
        return {"kind": "set_subtypes", "when": {"types": ["land"]},
                "subtypes": [_BASIC[m.group("t").lower()]]}
    if m := _WITH_COUNTER.fullmatch(text):  # Rishkar, Jiang Yanggu: 9.8 counter
        found = _grant(f"{m.group('who').capitalize()}s you control have "
                       f"\"{m.group('ability')}\"")
        if not isinstance(found, list):
            return None
        kind = (m.group("kind") or "any").strip().lower()
        return [{**st, "counter": kind} for st in found]
    if m := _GRANT.fullmatch(text):
        from tapwise.models.cards.oracle import read_card  # the mana ability reader

        if _cost_static(m.group("ability")) is True:  # Callaphe: a tax on the opponents only
            return True

        if re.match(r"Whenever [^,]+ deals combat damage\b.*\badd\b", m.group("ability")):
            return True  # Mark of Sakiko: mana in the combat damage step, never while paying
        who = m.group("who")
        other = re.match(r"Other ", who)
        who = who[other.end():] if other else who
        if named := re.fullmatch(r"(\w+) with the chosen name", who):  # Petrified Hamlet
            found = _grant(f"{'All ' if not m.group('yours') else ''}{named.group(1)}"
                           f"{m.group('yours') or ''} have \"{m.group('ability')}\"")
            if not isinstance(found, list):
                return None
            return [{**st, "chosen": "names"} for st in found]
        if pair := re.fullmatch(r"(land|artifact|creature) and ([A-Z][a-z]+)", who):
            # Great Divide Guide's "Each land and Ally": each land, and each Ally not a land
            # (one ability each, not two for a land Ally)
            first = _grant(f"{pair.group(1).capitalize()}s{m.group('yours') or ''} have "
                           f"\"{m.group('ability')}\"")
            second = _grant(f"{pair.group(2)}s{m.group('yours') or ''} have "
                            f"\"{m.group('ability')}\"")
            if not isinstance(first, list) or not isinstance(second, list):
                return None
            for st in second:
                st["when"]["not_types"] = [pair.group(1)]
            return first + second
        if re.search(r"\b(?:enchanted|equipped|with|named|chosen|this|it)\b", who, re.I):
            return None  # one permanent, or a kind the filters can't say
        not_basic = who.lower().startswith("nonbasic ")
        when = _when(who[len("nonbasic "):] if not_basic else who)
        if m.group("ability") == _ITS_COLORS and when is not None:  # Katilda: 9.8 its_colors
            if not m.group("yours"):
                when["controller"] = "any"
            return [{"kind": "add_ability", "when": when, "its_colors": True,
                     **({"other": True} if other else {})}]
        reading = read_card(m.group("ability") + ".")
        if when is None or not reading.abilities or reading.skipped or reading.effects:
            return None
        if not_basic:
            when["not_supertypes"] = ["basic"]
        if not m.group("yours"):  # "All lands have": every player's
            when["controller"] = "any"
        # one mana ability the reader writes as two entries (Battery Bearer's "{C} that can't be
        # spent on a nonartifact spell": artifact spells, abilities) is granted as both
        return [{"kind": "add_ability", "when": dict(when), "ability": dict(a),
                 **({"other": True} if other else {})} for a in reading.abilities]
    return None


_IF_BEFORE = re.compile(rf"As long as (?:you control {NUM} or more (?P<kind>[\w' -]+?)|"
                        rf"(?P<who>[\w,' -]+?) has an? (?P<counter>[\w+/-]+) counter on "
                        rf"(?:him|her|it)), ", re.I)
_IF_AFTER = re.compile(rf" as long as there are {NUM} or more (?P<what>[\w' -]+?) in your "
                       rf"graveyard$", re.I)


def _condition(text: str) -> tuple[str, dict[str, Any] | None]:
    """The sentence without a board condition a fact (9.1) says, and that condition as a
    static's ``if``: "As long as you control six or more lands, ..." (The World Tree), "As long
    as Zhao has a conqueror counter on him, ...", "... as long as there are three or more
    Lesson cards in your graveyard" (Gran-Gran)."""
    if m := _IF_BEFORE.match(text):
        rest = text[m.end():]
        rest = rest[:1].upper() + rest[1:]
        if m.group("kind"):
            return rest, {"fact": fact_phrase(m.group("kind") + " you control"),
                          "min": number(m.group(1))}
        return rest, {"fact": fact_phrase(f"{m.group('counter')} counter on {m.group('who')}"),
                      "min": 1}
    if m := _IF_AFTER.search(text):
        return text[:m.start()], {"fact": fact_phrase(m.group("what") + " in your graveyard"),
                                  "min": number(m.group(1))}
    if m := _IF_ANY.match(text):  # the mana reader's conditions (riders.py), as one fact
        from tapwise.models.cards.card import _Card
        from tapwise.models.cards.riders import _conditions

        cond, rest = m.group("cond"), text[m.end():]
        found = _conditions(cond, _Card(None, None), text)
        if len(found) != 1 or set(found[0]) != {"fact", "min"} or re.search(
                r"\bin your graveyard$|\bcommand zone\b", found[0]["fact"]):
            # Riftstone Portal's works from the graveyard (112.6): not read; "is in the command
            # zone or on the battlefield" holds on the board (_CONDITIONS)
            return text, None
        if re.match(r"enchanted permanent\b", cond, re.I) and rest.startswith("it has "):
            rest = "enchanted permanent has " + rest[len("it has "):]  # Nature's Embrace
        return rest[:1].upper() + rest[1:], found[0]
    return text, None


_IF_ANY = re.compile(r"As long as (?P<cond>[^,\"“]+), ")


def _chooses(oracle: str) -> str | None:
    """What "the chosen type" of the card's cost static is (9.1 ``chosen``): a card type
    (``"types"``: Cloud Key, Stenn) or a creature type (``"subtypes"``: Herald's Horn)."""
    if re.search(r"\bchoose a creature type\b", oracle):
        return "subtypes"
    if re.search(r"\bchoose (?:a card type\b|artifact, creature, enchantment, instant, or "
                 r"sorcery)", oracle):
        return "types"
    return None


_PERMANENT_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")


def read_board_effects(oracle: str | None, type_line: str | None = None) -> BoardReading:
    """The board effects and statics of a card's Oracle text (see the module's templates); a
    card whose ``type_line`` names no permanent type (an instant, a sorcery) has none."""
    if type_line is not None and not any(t in type_line.split(" // ")[0].lower()
                                         for t in _PERMANENT_TYPES):
        return BoardReading()
    effects: list[dict] = []
    statics: list[dict] = []
    read: set[str] = set()
    chooses = _chooses(oracle or "")
    unread: list[tuple[str, str]] = []
    for text, under in _paragraphs(oracle or ""):
        if under is not None and len(under) == 1 and "max" not in under[0]:
            # a Class level, a level-up or station threshold: the static exists while that fact
            # of the permanent (its own facts, 9.2) reaches the min (716, 711, 702.184)
            static = _grant(text) or (None if _SPELL_SIDE.search(text)
                                      else _cost_static(text, chooses))
            if isinstance(static, (dict, list)):
                statics += [{**st, "if": dict(under[0])}
                            for st in (static if isinstance(static, list) else [static])]
                read.add(text)
                continue
        if under is not None:
            if any(p.search(text) for p in _RELEVANT) and not _NOT_STATIC.search(text):
                unread.append((text, "a static ability changing mana or costs that holds only at "
                                     "a level (711, 716, 702.184)"))
            continue
        if text.startswith("As long as ") and _own_ability(text, type_line):
            read.add(text)  # "As long as ..., this creature has "{T}: ..."": its own (oracle.py)
            continue
        plain, condition = _condition(text)
        if condition is not None:  # a static that exists while a fact reaches its min
            static = _grant(plain) or (None if _SPELL_SIDE.search(plain)
                                       else _cost_static(plain, chooses))
            if isinstance(static, (dict, list)):
                found_statics = static if isinstance(static, list) else [static]
                statics += [{**st, "if": condition} for st in found_statics]
                read.add(text)
                continue
        found = _mana_effects(text)
        if found is not None:
            effects += found
            read.add(text)
            continue
        # the card's own cost as a spell (spell_text.py reads it), not a static of the board
        static: Any = None if _SPELL_SIDE.search(text) else _cost_static(text, chooses)
        if static is None:
            static = _grant(text)
        if static is True:
            read.add(text)
        elif static is not None:
            statics += static if isinstance(static, list) else [static]
            read.add(text)
        elif (any(p.search(text) for p in _RELEVANT) and not _SPELL_SIDE.search(text)
              and not _NOT_STATIC.search(text)):
            unread.append((text, "a static ability changing mana or costs that no board "
                                 "template reads"))
    return BoardReading(tuple(effects), tuple(statics), frozenset(read), tuple(unread))


def _own_ability(text: str, type_line: str | None) -> bool:
    """Does the mana reader read the sentence as the card's own mana ability under a condition
    (Mul Daya Channelers, Orochi Merge-Keeper: models/cards/oracle.py's ``_self_granted``)?"""
    from tapwise.models.cards.oracle import read_card

    reading = read_card(text + ".", type_line=type_line)
    return bool(reading.abilities) and not reading.skipped and not reading.effects


def board_effect_sentences(card: Any) -> set[str]:
    """The sentences (paragraphs, reminder text and the final period dropped) of ``card`` (a
    :class:`models.cards.catalog.Card` or anything with ``oracle``) that this module reads, and
    each sentence of them ("... cost {W}{B} less to cast. This effect reduces only ...")."""
    from tapwise.models.cards.payment_sentences import card_sentences

    read = _reading(card).read
    return set(read) | {s for text in read if ". " in text for s in card_sentences(text + ".")}


def unread_board_sentences(card: Any) -> list[tuple[str, str]]:
    """The payment-relevant static sentences of ``card`` no template here reads, with why."""
    return list(_reading(card).unread)


def _reading(card: Any) -> BoardReading:
    return read_board_effects(getattr(card, "oracle", None), getattr(card, "type_line", None))


def measure_board(oracles: dict[str, tuple[str, str | None]]
                  ) -> tuple[int, int, list[tuple[str, str]], list[tuple[str, str]]]:
    """The board coverage figure: of the cards (name: (Oracle text, type line)) with a static
    sentence about mana or costs, how many are read completely, how many there are, each sentence
    not read as ``(name, sentence)``, and the cards set aside (models/cards/set_aside.py: Un-set,
    playtest and Alchemy cards, not counted) as ``(name, why)``."""
    from tapwise.models.cards.set_aside import set_aside

    total = complete = 0
    failed: list[tuple[str, str]] = []
    aside: list[tuple[str, str]] = []
    for name, (oracle, type_line) in oracles.items():
        reading = read_board_effects(oracle, type_line)
        if not (reading.effects or reading.statics or reading.unread or reading.read):
            continue
        why = set_aside(name)
        if why is not None and reading.unread:
            aside.append((name, why))
            continue
        total += 1
        complete += not reading.unread
        failed += [(name, t) for t, _ in reading.unread]
    return complete, total, failed, aside
