"""An ability's costs (602.1: "[Cost]: [Effect.]") and its spend restriction (106.6)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from tapwise.models.cards.card import _SYMBOL, _SYMBOLS, _Card
from tapwise.models.cards.mana import _mana_string
from tapwise.models.cards.words import NUM, Description, describe, number

# ---------------------------------------------------------------------------------------------
# Costs (602.1: "[Cost]: [Effect.]")


@dataclass
class _Cost:
    tap: bool = False
    mana: str | None = None
    life: int = 0
    energy: int = 0
    sacrifice: bool = False
    remove_counters: dict[str, Any] = field(default_factory=dict)
    remove_any: str | None = None  # "Remove any number of / X storage counters": times remove
    put_counters: dict[str, int] = field(default_factory=dict)
    sacrifice_other: dict[str, Any] | None = None
    tap_other: dict[str, Any] | None = None
    discard: int = 0
    exile_graveyard: int = 0
    mill: int = 0
    drawback: str | None = None
    gone: bool = False  # the cost takes the card away (returned to hand): one use
    zone: str | None = None  # "graveyard": the ability works only from there (tapwise extension)


def _other(words: str, card: _Card, sentence: str, tapping: bool) -> dict[str, Any]:
    """``sacrifice_other`` / ``tap_other`` for "a creature", "another creature", "three untapped
    Elves you control", "an artifact or creature"."""
    text = re.sub(r"\s+you control$", "", words.strip(), flags=re.I)
    # "Sacrifice Lotus Petal": a name, not a kind
    if not re.match(rf"^(?:an?|another|{NUM}|X)\s", text, re.I):
        why = "" if card.name else " (pass name= if it names the card itself)"
        raise card.error(sentence, f"the cost names {words!r}, which is not this card{why}")
    n: Any = 1
    if m := re.match(rf"^{NUM}\s+(.+)$", text, re.I):
        n, text = number(m.group(1)), m.group(2)
    elif m := re.match(r"^X\s+(.+)$", text):
        # "Sacrifice X Goats": any number (tapwise extension, n "X")
        n, text = "X", m.group(1)
    another = False
    if m := re.match(r"^(another|an other|other)\s+(.+)$", text, re.I):
        another, text = True, m.group(2)
    if tapping:
        text = re.sub(r"^(?:an? )?untapped\s+", "", text, flags=re.I)
    text, traits = _traits(text)
    # "an untapped permanent", "two untapped tokens": any permanent, an empty filter (9.2)
    plain = not text or re.fullmatch(r"(?:an? )?permanents?", text, re.I)
    desc = Description((), (), None) if plain else describe(text)
    if desc is None or desc.colors is not None:
        kind = "tap" if tapping else "sacrifice"
        raise card.error(sentence, f"the permanents to {kind} ({words!r}) are not a kind the "
                                   f"format's "
                         "types, subtypes, supertypes, not_types and token can say")
    out = filter_json(desc, traits)
    if n != 1:
        out["n"] = n
    fits = card.matches(desc)
    if fits is not False and traits:
        fits = card.has_traits(traits)
    if not another and fits is not False:
        out["self"] = True  # "a creature" includes itself when it is one (Krark-Clan Ironworks)
    return out


_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _traits(text: str) -> tuple[str, dict[str, Any]]:
    """The words of a kind of permanent that the tapwise extension's filter keys say, taken off
    (205.4: "legendary", "basic", "snow"; 111.1: "nontoken", "token(s)"; 205.4b: "nonland";
    105.2: one color word; 201.2: "named <name>"), and those keys; the rest is a kind for
    :func:`describe` (empty: any permanent)."""
    out: dict[str, Any] = {}
    if m := re.fullmatch(r"(.+?)\s+named\s+(.+)", text, re.I):  # 201.2: "a token named Wood"
        out["names"] = [m.group(2).strip()]
        text = m.group(1)
    # 105.2: "a blue creature"
    if m := re.match(r"^(?:an? )?(white|blue|black|red|green)\s+(.+)$", text, re.I):
        out["colors"] = _COLOR_LETTERS[m.group(1).lower()]
        text = m.group(2)
    if m := re.fullmatch(r"(?:an? )?(artifact|enchantment|land)\s+(creatures?|artifacts?|lands?)",
                         text, re.I):
        out["all_types"] = [m.group(1).lower()]  # "an artifact creature": both types (205.2)
        text = m.group(2)
    while m := re.match(r"^(legendary|basic|snow|nontoken|non(artifact|creature|land|enchantment))\s+(.*)$",
                        text, re.I):
        word = m.group(1).lower()
        if word == "nontoken":
            out["token"] = False
        elif m.group(2):
            out.setdefault("not_types", []).append(m.group(2).lower())
        else:
            out.setdefault("supertypes", []).append(word)
        text = m.group(3)
    if m := re.fullmatch(r"(?:(.+)\s+)?tokens?", text, re.I):
        out["token"] = True
        # "a token": any permanent that is one
        text = re.sub(r"^an?$", "", m.group(1) or "", flags=re.I)
    return text, out


def _read_cost(text: str, card: _Card, sentence: str) -> _Cost:
    cost = _Cost()
    mana: list[str] = []
    for self_name in card.self_names:  # "Sacrifice Boseiju, Who Shelters All" is one item
        if "," in self_name:
            text = re.sub(re.escape(self_name), "CARDNAME", text, flags=re.I)
    me = card.pattern
    items = [p.strip() for p in re.split(r",\s*(?![^{}]*\})", text)]
    for item in items:
        if item == "{T}":
            cost.tap = True
        elif re.fullmatch(_SYMBOLS, item):
            for body in _SYMBOL.findall(item):
                up = body.upper()
                if up == "T":
                    cost.tap = True
                elif up == "E":
                    cost.energy += 1
                elif up == "Q":
                    raise card.error(sentence, "the untap symbol {Q} is not a cost the format "
                                               "knows")
                elif up == "X":
                    raise card.error(sentence, "the value of X in the cost isn't known")
                else:
                    mana.append("{%s}" % body)
        elif m := re.fullmatch(rf"Pay {NUM} life", item, re.I):
            cost.life += number(m.group(1))
        elif m := re.fullmatch(rf"Pay ({_SYMBOLS})", item, re.I):
            bodies = [b.upper() for b in _SYMBOL.findall(m.group(1))]
            if set(bodies) != {"E"}:
                raise card.error(sentence, f"unknown cost {item!r}")
            cost.energy += len(bodies)
        elif m := re.fullmatch(r"Sacrifice (.+)", item, re.I):
            if card.is_self(m.group(1)):
                cost.sacrifice = True
            else:
                cost.sacrifice_other = _other(m.group(1), card, sentence, tapping=False)
        elif m := re.fullmatch(r"Tap (.+?) you control", item, re.I):
            cost.tap_other = _other(m.group(1), card, sentence, tapping=True)
            if cost.tap_other.get("self") and "{T}" in text:
                del cost.tap_other["self"]  # it taps for {T} already: the others are other
        elif (m := re.fullmatch(r"Exert (.+)", item, re.I)) and card.is_self(m.group(1)):
            cost.drawback = "doesn't untap during your next untap step"  # exert, 701.43
        elif (m := re.fullmatch(r"Exile (.+) from your graveyard", item,
                                re.I)) and card.is_self(m.group(1)):
            # Jack-o'-Lantern: the card used up from there
            cost.sacrifice, cost.zone = True, "graveyard"
        elif (m := re.fullmatch(r"Exile (.+) from your hand", item,
                                re.I)) and card.is_self(m.group(1)):
            cost.sacrifice = True  # the card is used up, once, like a sacrifice (Spirit Guides)
        elif (m := re.fullmatch(r"Exile (.+)", item, re.I)) and card.is_self(m.group(1)):
            # exiled from the battlefield: gone like a sacrifice (Mirrored Lotus)
            cost.sacrifice = True
        elif m := re.fullmatch(r"Exile ((?:an?|another) .+ you control)", item, re.I):
            # Food Chain: gone the same way
            cost.sacrifice_other = _other(m.group(1), card, sentence, tapping=False)
        elif m := re.fullmatch(rf"Remove (?:{NUM}|an?) ([\w+/-]+?) counters? from {me}", item,
                               re.I):
            cost.remove_counters[m.group(2).lower()] = number(m.group(1)) if m.group(1) else 1
        elif m := re.fullmatch(rf"Remove (?:any number of|X|one or more) ([\w+/-]+?) counters from "
                               rf"{me}", item, re.I):
            cost.remove_any = m.group(1).lower()
        elif m := re.fullmatch(rf"Put (?:{NUM}|an?) ([\w+/-]+?) counters? on {me}", item, re.I):
            cost.put_counters[m.group(2).lower()] = number(m.group(1)) if m.group(1) else 1
        elif m := re.fullmatch(rf"Discard (?:{NUM}|an?) cards?", item, re.I):
            cost.discard += number(m.group(1)) if m.group(1) else 1
        elif re.fullmatch(r"Put the top card of your library into your graveyard", item, re.I):
            cost.mill += 1  # the older wording of "Mill a card" (701.13)
        elif m := re.fullmatch(rf"Mill (?:{NUM}|an?) cards?", item, re.I):
            cost.mill += number(m.group(1)) if m.group(1) else 1
        elif m := re.fullmatch(rf"Exile (?:{NUM}|an?) cards? from your graveyard", item, re.I):
            cost.exile_graveyard += number(m.group(1)) if m.group(1) else 1
        elif m := re.fullmatch(rf"Return {me} to its owner's hand", item, re.I):
            cost.drawback = "return it to its owner's hand"
            cost.gone = True
        else:
            raise card.error(sentence, f"the cost {item!r} is not one the format can say")
    if mana:
        cost.mana = _mana_string("".join(mana), card, sentence)
    return cost


# ---------------------------------------------------------------------------------------------
# Spend restrictions (106.6)

# Restrictions on a quality of the spell that only the engine knows: ``only.tags`` (9.2), one
# word each, which the caller puts in ``for.tags`` when the spell has it.
_TAG_WORDS = [
    (r"to cast (?:a )?legendary spells?", "legendary"),
    (r"to cast (?:a )?spells? with devoid", "devoid"),
    (r"to cast (?:a )?spells? from your graveyard", "from graveyard"),
    (r"to cast spells from exile", "from exile"),
    (r"to cast your commander", "commander"),
    (r"to cast (?:a )?face-down (?:creature )?spells?.*|to turn permanents face up", "morph"),
    (r"to pay cumulative upkeep costs", "cumulative upkeep"),
    (r"to cast spells with flashback from a graveyard", "flashback"),
    (r"to cast kicked spells", "kicked"),
    (r"to cast (?:a )?spells? with watermarks", "watermark"),
    (r"to cast a spell that shares a watermark with this land", "shares a watermark with this "
                                                                "land"),
    (r"to cast your second spell in a turn", "second spell this turn"),
    (r"to cast spells that aren't from your starting deck", "not from your starting deck"),
    (r"to cast a card that wasn't in your starting deck", "not from your starting deck"),
    (r"to cast (?:a )?spells? from anywhere other than your hand", "not from your hand"),
    (r"to cast spells you don't own", "not owned by you"),
]
# The same, on a restriction that also names a kind or card type, or none: (words, only).
_TAG_ONLY: list[tuple[str, dict[str, Any]]] = [
    (r"to cast creature spells with no abilities", {"kind": "spell", "types": ["creature"],
                                                    "tags": ["no abilities"]}),
    (r"on spells and abilities that put tokens onto the battlefield", {"tags": ["puts tokens onto "
                                                                                "the "
                                                                                "battlefield"]}),
    (r"to pay Un-costs", {"tags": ["un-cost"]}),
]


def _restriction_of(desc: Description, kind: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if kind is not None:
        out["kind"] = kind
    if desc.types:
        out["types"] = list(desc.types)
    if desc.subtypes:
        out["subtypes"] = list(desc.subtypes)
    if desc.colors is not None:
        out["colors"] = desc.colors
    return out


_ARTIFACT_OR_ABILITY = [{"kind": "spell", "types": ["artifact"]}, {"kind": "ability"}]
_INSTANT_SORCERY = {"kind": "spell", "types": ["instant", "sorcery"]}
# Restrictions that are an "or" of several: each alternative one ``only`` object. The reader
# writes one ability per alternative (the payer picks one as the single mana is made), which is
# exact when each activation makes one mana (see ``oracle._alternatives``).
_EITHER: list[tuple[str, list[dict[str, Any]]]] = [
    (r"to (?:cast an artifact spell or (?:to )?activate an ability|activate an ability or cast an "
     r"artifact spell)",
     _ARTIFACT_OR_ABILITY),
    (r"to cast a colorless spell or (?:to )?activate an ability",
     [{"kind": "spell", "colors": "colorless"}, {"kind": "ability"}]),
    (r"to cast instant, sorcery, Demon, and Spirit spells",
     [_INSTANT_SORCERY, {"kind": "spell", "subtypes": ["demon", "spirit"]}]),
    (r"to cast an instant or sorcery spell or a kicked spell",
     [_INSTANT_SORCERY, {"kind": "spell", "tags": ["kicked"]}]),
    (r"to pay a disturb cost or cast an instant or sorcery spell", [{"tags": ["disturb"]},
                                                                    _INSTANT_SORCERY]),
    (r"to foretell a card from your hand or cast an instant or sorcery spell",
     [{"tags": ["foretell"]}, _INSTANT_SORCERY]),
    (r"to cast (?:an Equipment spell|Equipment spells) or activate (?:an equip ability|equip "
     r"abilities)",
     [{"kind": "spell", "subtypes": ["equipment"]}, {"kind": "ability", "tags": ["equip"]}]),
    (r"to cast a Time Lord or Alien spell or activate an ability of a Time Lord or Alien",
     [{"subtypes": ["time lord", "alien"]}]),
    (r"to cast an Elemental spell or a Chandra planeswalker spell",
     [{"kind": "spell", "subtypes": ["elemental"]}, {"kind": "spell", "types": ["planeswalker"],
                                                     "subtypes": ["chandra"]}]),
    (r"to cast an Assassin spell or a spell that has freerunning, or to activate an ability of an "
     r"Assassin source",
     [{"subtypes": ["assassin"]}, {"kind": "spell", "tags": ["freerunning"]}]),
    (r"to cast an enchantment spell, unlock a door, or turn a permanent face up",
     [{"kind": "spell", "types": ["enchantment"]}, {"tags": ["unlock"]}, {"tags": ["morph"]}]),
    (r"to cast a spell that's one or more colors without \{X\} in its mana cost",
     [{"kind": "spell", "colors": list("WUBRG"), "has_x": False}]),
    (r"to activate power-up abilities", [{"kind": "ability", "tags": ["power-up"]}]),
    # Cultivator Drone. "an ability of a colorless permanent" is left out: an ability's ``for``
    # gives no colors of its source (``for.colors`` defaults to the cost's), so no key can say
    # it without matching a colored permanent's ability too (106.6); what is left is narrower
    # than the card, never wider. "a cost that contains {C}" is tapwise's ``has_c``.
    (r"to cast a colorless spell, activate an ability of a colorless permanent, or pay a cost that "
     r"contains \{C\}",
     [{"kind": "spell", "colors": "colorless"}, {"has_c": True}]),
]
# "This mana can't be spent to ...": what it can still be spent on, as alternatives.
_CANT = [(r"to cast (?:a )?nonartifact spells?", _ARTIFACT_OR_ABILITY)]


def read_cant_spend(text: str) -> list[dict[str, Any]] | None:
    """The alternatives for "This mana can't be spent <text>", or None when no template reads it."""
    return next((list(alts) for words, alts in _CANT if re.fullmatch(words, text)), None)


def _read_only(text: str, card: _Card, sentence: str) -> dict[str, Any] | list[dict[str, Any]]:
    """The ``only`` object for "Spend this mana only <text>", or a list of alternatives for an
    "or" that no one object says."""
    text = re.sub(r",? and that spell can't be countered$", "", text)  # extra effect, 106.6
    for words, alternatives in _EITHER:
        if re.fullmatch(words, text):
            return alternatives[0] if len(alternatives) == 1 else list(alternatives)
    cant = ("this spend restriction can't be expressed with the format's kind, types, subtypes, "
            "colors, has_x and tags")
    if re.fullmatch(r"to cast a creature spell of the chosen type", text):
        # the source's ``chosen`` subtype, like ``"of": "chosen"`` for a color
        if card.chosen is None:
            return {"kind": "spell", "types": ["creature"], "subtypes": "chosen"}
        return {"kind": "spell", "types": ["creature"], "subtypes": [card.chosen_type(sentence)]}
    if re.fullmatch(r"to cast a creature spell of the chosen type or activate an ability of a "
                    r"creature source of "
                    r"the chosen type", text):
        return {"types": ["creature"], "subtypes": "chosen" if card.chosen is None
                else [card.chosen_type(sentence)]}
    if re.fullmatch(r"to cast a spell of the chosen type or activate an ability of a source of the "
                    r"chosen type", text):
        return {"subtypes": "chosen" if card.chosen is None else [card.chosen_type(sentence)]}
    if re.fullmatch(r"to cast spells of the chosen type", text):
        return {"kind": "spell", "subtypes": "chosen" if card.chosen is None
                else [card.chosen_type(sentence)]}
    for words, tag in _TAG_WORDS:
        if re.fullmatch(words, text):
            return {"kind": "spell", "tags": [tag]}
    for words, only in _TAG_ONLY:
        if re.fullmatch(words, text):
            return {key: list(value) if isinstance(value, list) else value for key,
                    value in only.items()}
    if re.fullmatch(r"on costs that (contain|include) \{X\}", text):
        return {"has_x": True}
    if re.fullmatch(r"to cast spells", text):
        return {"kind": "spell"}
    if re.fullmatch(r"to cast (?:a )?noncreature spells?", text):
        return {"kind": "spell", "not_types": ["creature"]}  # tapwise's extension of only
    if re.fullmatch(r"to activate (?:an ability|abilities)", text):
        return {"kind": "ability"}
    if re.fullmatch(r"to cast (?:a )?spells? with \{X\} in (?:its|their) mana costs?", text):
        return {"kind": "spell", "has_x": True}
    m = re.fullmatch(r"to cast (.+?) spells?(?:,? or (?:to )?activate (?:an ability|abilities) of "
                     r"(.+))?", text)
    if m:
        spell = describe(m.group(1))
        if spell is None:
            raise card.error(sentence, cant)
        if m.group(2) is None:
            return _restriction_of(spell, "spell")
        other = describe(m.group(2))
        if other != spell:
            raise card.error(sentence, "spells of one kind or abilities of another can't be "
                             "expressed as one spend restriction")
        return _restriction_of(spell, None)
    m = re.fullmatch(r"to activate (?:an ability|abilities) of (.+)", text)
    if m:
        obj = describe(m.group(1))
        if obj is not None:
            return _restriction_of(obj, "ability")
    raise card.error(sentence, cant)




def filter_json(desc: Description, traits: dict[str, Any]) -> dict[str, Any]:
    """A kind of permanent as the format's FILTER (9.2 costs, 9.4 ``when``): its types,
    subtypes and the traits read beside them."""
    out: dict[str, Any] = {}
    if desc.types:
        out["types"] = list(desc.types)
    if desc.subtypes:
        out["subtypes"] = list(desc.subtypes)
    out.update(traits)
    return out
