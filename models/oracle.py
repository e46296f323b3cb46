"""Read a card's mana abilities from its Oracle text, into the ability dicts of problem.md
(sections 3 and 9.2).

The reader knows a fixed set of Oracle templates and reads each ability on its own: an ability
that is a mana ability (605.1a) but that no template reads, or that depends on something the
format can't say, is *skipped*, and :func:`read_card` names the sentence and why, while the
card's other abilities are still read. Nothing is guessed and nothing is dropped silently;
``strict=True`` (and :func:`read_oracle`) raise :class:`OracleError` instead. Abilities that are
not mana abilities (no "add", a target, a loyalty cost, a trigger from something other than a mana
ability) are ignored. An ability the version-1 format can say comes out in version-1 keys,
checked by the problem loader; the others use the keys of section 9.2. ``docs/oracle.md``
lists the templates read and those not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Any

from tapwise.models.basics import basic_land
from tapwise.models.mana import COLORS, Kind, ManaCost, NotationError
from tapwise.models.oracle_words import (BASIC_LAND_TYPES, NUM, Description, TypeLine, describe, fact_phrase,
                                         number, outside_quotes, parse_type_line, sentences, singular)

__all__ = ["OracleError", "ChoiceNeeded", "BadChoice", "Skipped", "Reading", "read_card", "read_oracle",
           "source_from_card", "parse_type_line", "TypeLine", "measure", "V1_ABILITY_KEYS", "is_version_1"]


class OracleError(ValueError):
    """Oracle text that reads like a mana ability the format can't express; quotes the sentence."""

    def __init__(self, sentence: str, reason: str, card: str | None = None) -> None:
        where = f"{card}: " if card else ""
        super().__init__(f'{where}can\'t read "{sentence}": {reason}')
        self.sentence = sentence
        self.reason = reason
        self.card = card


class ChoiceNeeded(OracleError):
    """The mana depends on a choice made for the permanent (a creature type, or with
    ``chosen=`` expected, a color) that the text can't know; ``read_card(..., chosen=...)``
    supplies it. ``choice`` is ``"color"``, ``"colors"`` or ``"creature type"``."""

    def __init__(self, sentence: str, choice: str, card: str | None = None) -> None:
        example = {"color": "'G'", "colors": "'WU'", "creature type": "'Elf'"}[choice]
        super().__init__(sentence, f"it depends on the chosen {choice}, which the text can't know "
                         f"(give it as chosen=, e.g. chosen={example})", card)
        self.choice = choice


class BadChoice(OracleError):
    """A ``chosen=`` that is not a choice this card can take (never skipped: it is the caller's)."""


@dataclass(frozen=True)
class Skipped:
    """A mana ability the reader did not read: the sentence, why, and the choice that would let
    it be read (``"creature type"``...), if that is all it lacks."""

    sentence: str
    reason: str
    choice: str | None = None

    def to_json(self) -> dict[str, Any]:
        out = {"sentence": self.sentence, "reason": self.reason}
        if self.choice is not None:
            out["choice"] = self.choice
        return out


@dataclass(frozen=True)
class Reading:
    """What :func:`read_card` found: the abilities read (spec dicts, printed order, basic land
    types' first), the problem ``effects`` (9.4) its triggered mana abilities make, and the mana
    abilities skipped."""

    abilities: tuple[dict, ...]
    skipped: tuple[Skipped, ...] = ()
    effects: tuple[dict, ...] = ()  # 9.4 effects of its triggered mana abilities (Mana Flare)

    @property
    def complete(self) -> bool:
        return not self.skipped


# ---------------------------------------------------------------------------------------------
# Abilities as spec dicts

V1_ABILITY_KEYS = ("add", "tap", "mana", "life", "damage", "energy", "sacrifice", "uses", "only")
_ORDER = V1_ABILITY_KEYS + ("times", "remove_counters", "put_counters", "if", "unless", "sacrifice_other",
                            "tap_other", "discard", "exile_graveyard", "mill", "drawback")
_DEFAULTS: dict[str, Any] = {"tap": True, "mana": None, "life": 0, "damage": 0, "energy": 0,
                             "sacrifice": False, "uses": 1, "only": None, "times": 1,
                             "remove_counters": {}, "put_counters": {}, "if": [], "unless": [],
                             "sacrifice_other": None, "tap_other": None, "discard": 0,
                             "exile_graveyard": 0, "mill": 0, "drawback": None}


def _is_v1_add(add: Any) -> bool:
    if isinstance(add, dict):
        return not set(add) & {"of", "double_pool"} and not any(isinstance(v, dict) for v in add.values())
    return True


def is_version_1(ability: dict[str, Any]) -> bool:
    """Whether an ability dict uses only what format version 1 can say (section 3)."""
    only = ability.get("only") or {}
    return (set(ability) <= set(V1_ABILITY_KEYS) and _is_v1_add(ability["add"]) and ability.get("uses", 1) != "any"
            and "tags" not in only and not isinstance(only.get("subtypes", []), str))


def finish(raw: dict[str, Any]) -> dict[str, Any]:
    """The canonical dict: keys in the spec's order, defaults left out. An ability the version-1
    format can say is read back by the problem loader, so it is checked like any user's; the
    version-2 keys (9.2) are written in their documented shapes."""
    out = {k: raw[k] for k in _ORDER if k in raw and (k == "add" or raw[k] != _DEFAULTS[k])}
    if is_version_1(out):
        from tapwise.models.problem import load_ability

        return load_ability(out, "ability").to_json()
    return out


# ---------------------------------------------------------------------------------------------
# What the reader knows about the card

_SYMBOLS = r"(?:\{[^{}]+\})+"
_SYMBOL = re.compile(r"\{([^{}]+)\}")
_REMINDER = re.compile(r"\([^()]*\)")
_LOYALTY = re.compile(r"^\[?[+−–-]?(\d+|X)\]?$")
_ABILITY_WORD = re.compile(r"^[A-Z][\w' ,!?-]*?\s+—\s+")
_SELF_WORDS = ("this artifact", "this creature", "this land", "this enchantment", "this permanent",
               "this card", "this token", "this vehicle", "this equipment", "this spacecraft", "cardname", "~",
               "it")


class _Card:
    """How the card names itself, its type line, and the choice given for it."""

    def __init__(self, name: str | None, type_line: str | None, chosen: str | None = None) -> None:
        self.name = name
        self.chosen = chosen.strip() if chosen is not None else None
        self.used_choice = False
        basic = basic_land(name) if name and type_line is None else None
        if basic is not None and basic[0] != "C":  # a basic's type line is known from its name
            land_type = next(t for t, m in BASIC_LAND_TYPES.items() if m == basic[0])
            type_line = f"Basic {'Snow ' if basic[1] else ''}Land — {land_type}"
        self.type_line = parse_type_line(type_line) if type_line is not None else None
        names = set(_SELF_WORDS)
        if name:
            if re.match(r"^A-[A-Z]", name):  # an Alchemy rebalanced card calls itself by the printed name
                name = name[2:]
            legendary = self.type_line is not None and "legendary" in self.type_line.supertypes
            for face in name.split(" // "):
                if legendary and " " in face and face.split(" ")[0].lower() not in ("the", "a", "an"):  # "Rasputin Dreamweaver" calls itself "Rasputin"
                    names.add(face.split(" ")[0].rstrip(",").lower())
                names.add(face.lower())
                if "," in face:  # "Ramos, Dragon Engine" calls itself "Ramos"
                    names.add(face.split(",")[0].strip().lower())
                if " of " in face and face.split(" of ")[0].count(" ") == 0:  # "Kiora" style short names
                    names.add(face.split(" of ")[0].strip().lower())
        self.self_names = names
        self.pattern = "(?:" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + ")"

    def is_self(self, words: str) -> bool:
        return words.strip().lower() in self.self_names

    def error(self, sentence: str, reason: str) -> OracleError:
        return OracleError(sentence, reason, self.name)

    def matches(self, desc: Description) -> bool | None:
        """Whether the card itself fits ``desc`` (None without a type line)."""
        if self.type_line is None:
            return None
        subtypes = {s.lower() for s in self.type_line.subtypes}
        if desc.types and not set(desc.types) & set(self.type_line.types):
            return False
        if desc.subtypes and not set(desc.subtypes) & subtypes:
            return False
        return desc.colors is None

    def chosen_colors(self, sentence: str, kind: str) -> str | None:
        """The chosen color(s) as letters in WUBRG order, or None when no choice was given."""
        if self.chosen is None:
            return None
        letters = self.chosen.upper().replace("{", "").replace("}", "").replace(" ", "")
        if not letters or any(c not in COLORS for c in letters) or len(set(letters)) != len(letters) \
                or (kind == "color" and len(letters) != 1):
            what = "one color letter (W, U, B, R or G)" if kind == "color" else "color letters like WU"
            raise BadChoice(sentence, f"the chosen {kind} must be {what}, not {self.chosen!r}", self.name)
        self.used_choice = True
        return "".join(c for c in COLORS if c in letters)

    def chosen_type(self, sentence: str) -> str:
        """The chosen creature type, lowercase like the loader's subtypes."""
        if self.chosen is None:
            raise ChoiceNeeded(sentence, "creature type", self.name)
        if not re.fullmatch(r"[A-Za-z][A-Za-z'-]*", self.chosen):
            raise BadChoice(sentence, f"the chosen creature type must be one word, not {self.chosen!r}", self.name)
        self.used_choice = True
        return self.chosen.lower()


# ---------------------------------------------------------------------------------------------
# Mana produced and how many times


def _mana_string(text: str, card: _Card, sentence: str) -> str:
    """Validate a run of symbols an ability adds (106.8–106.11); {X} and {E} can't be added."""
    try:
        cost = ManaCost.parse(text)
    except NotationError as e:
        raise card.error(sentence, f"bad mana symbol ({e})") from None
    for s in cost:
        if s.kind is Kind.X:
            raise card.error(sentence, "the amount X isn't known from the text")
        if s.kind is Kind.ENERGY:
            raise card.error(sentence, "{E} is energy, not mana")
    return str(cost)


def _letters(symbols: list[str]) -> str | None:
    """``"UR"`` for ``["{U}", "{R}"]``: one-color symbols only, in WUBRG order."""
    bodies = {s.strip("{}").upper() for s in symbols}
    if not bodies or not bodies <= set(COLORS):
        return None
    return "".join(c for c in COLORS if c in bodies)


_ALTERNATIVES = re.compile(rf"^({_SYMBOLS})((?:, {_SYMBOLS})*),? or ({_SYMBOLS})$")
_AMOUNT = r"(X|\d+|one|two|three|four|five|six|seven|eight|nine|ten|an amount of)"
_COMBINATION_OF = re.compile(rf"^{_AMOUNT} mana in any combination of ((?:\{{[WUBRG]\}}(?:, |,? and/or |,? or )?)+)$",
                             re.I)


@dataclass
class _Add:
    """The ``add`` value, how many times it is made (``times``), and any alternative ``add``
    that the same activation may make instead (split into its own ability, like Thriving lands)."""

    add: Any
    times: Any = 1
    also: list[Any] = field(default_factory=list)


def _count_of(n: str) -> int | str:
    return "X" if n.upper() == "X" or n.lower() == "an amount of" else number(n)


def _read_add(what: str, card: _Card, sentence: str) -> _Add:
    """The words after "Add", before any "for each" or "where X is" amount."""
    what = what.strip()
    if re.fullmatch(_SYMBOLS, what):
        return _Add(_mana_string(what, card, sentence))
    m = _ALTERNATIVES.match(what)
    if m:
        middle = re.findall(_SYMBOLS, m.group(2))
        return _Add(tuple(_mana_string(t, card, sentence) for t in (m.group(1), *middle, m.group(3))))
    m = re.fullmatch(rf"{NUM} (\{{[^{{}}]+\}})", what, re.I)
    if m:  # "Add six {G}" (Castle Garenbrig)
        return _Add(_mana_string(m.group(2) * number(m.group(1)), card, sentence))
    m = re.fullmatch(r"an amount of (\{[^{}]+\})", what, re.I)
    if m:  # "an amount of {G} equal to ...": the symbol, made X times
        return _Add(_mana_string(m.group(1), card, sentence), "X")
    m = re.fullmatch(r"X (\{[^{}]+\})", what)
    if m:
        return _Add(_mana_string(m.group(1), card, sentence), "X")
    m = re.fullmatch(rf"{_AMOUNT} mana of any(?: one)? color|{_AMOUNT} mana in any combination of colors", what, re.I)
    if m:
        key = "one_color" if " one color" in what.lower() else "any_color"
        n = _count_of(m.group(1) or m.group(2))
        if key == "any_color" and n == "X":
            return _Add((("any_color", 1),), "X")
        return _Add(((key, n),))
    m = _COMBINATION_OF.match(what)
    if m:  # "N mana in any combination of {R} and/or {G}"
        n = _count_of(m.group(1))
        options = re.findall(r"\{[WUBRG]\}", m.group(2))
        if n != "X" and len(options) == 2:  # the version-1 form: every combination, as a list
            return _Add(tuple("".join(c) for c in combinations_with_replacement(
                [_mana_string(o, card, sentence) for o in options], n)))
        of = _letters(options)
        if n == "X":
            return _Add((("any_color", 1), ("of", of)), "X")
        return _Add((("any_color", n), ("of", of)))
    m = re.fullmatch(rf"{_AMOUNT} mana of the chosen color", what, re.I)
    if m:
        n = _count_of(m.group(1))
        letter = card.chosen_colors(sentence, "color")
        if letter is not None:
            return _Add("{%s}" % letter if n == 1 else "{%s}" % letter * n if n != "X" else "{%s}" % letter,
                        "X" if n == "X" else 1)
        return _Add((("any_color", 1 if n == "X" else n), ("of", "chosen")), "X" if n == "X" else 1)
    m = re.fullmatch(rf"({_SYMBOLS}) or one mana of the chosen color", what, re.I)
    if m:  # the Thriving lands: one activation makes one or the other, so two abilities
        first = _mana_string(m.group(1), card, sentence)
        letter = card.chosen_colors(sentence, "color")
        if letter is not None:
            chosen = "{%s}" % letter
            return _Add(first if chosen == first else (first, chosen))
        return _Add(first, also=[(("any_color", 1), ("of", "chosen"))])
    m = re.fullmatch(rf"({_SYMBOLS}) or one mana of any color", what, re.I)
    if m:
        return _Add(_mana_string(m.group(1), card, sentence), also=[(("any_color", 1),)])
    if re.fullmatch(r"one mana of any color in your commander's color identity", what, re.I):
        letters = card.chosen_colors(sentence, "colors")  # 903.4: the commander's colors
        if letters is None:
            return _Add((("any_color", 1), ("of", (("fact", "commander colors"),))))
        if len(letters) == 5:
            return _Add((("any_color", 1),))
        return _Add("{%s}" % letters if len(letters) == 1 else tuple("{%s}" % c for c in letters))
    if re.fullmatch(r"two mana of different colors", what, re.I):  # every pair of two colors, one each
        return _Add(tuple("{%s}{%s}" % (a, b) for i, a in enumerate(COLORS) for b in COLORS[i + 1:]))
    m = re.fullmatch(r"that much (\{[^{}]+\})", what, re.I)
    if m:  # "Remove one or more dream counters ...: Add that much {C}"
        return _Add(_mana_string(m.group(1), card, sentence), "X")
    m = re.fullmatch(r"one mana of any color among (.+)", what, re.I)
    if m and not re.search(r"\b(chosen|exiled|that)\b", m.group(1)):  # Mox Amber: the engine knows the colors
        return _Add((("any_color", 1), ("of", (("fact", "colors among " + m.group(1).lower()),))))
    m = re.fullmatch(r"one mana of any of the exiled cards?'s? colors", what, re.I)
    if m:  # Chrome Mox, Pit of Offerings: the exiled cards' colors are a fact of the game
        return _Add((("any_color", 1), ("of", (("fact", "colors of the exiled cards"),))))
    m = re.fullmatch(r"X (\{[WUBRG]\}) or X (\{[WUBRG]\})", what)
    if m:  # Brigid: X mana, all of one of the two colors
        return _Add((("one_color", "X"), ("of", _letters([m.group(1), m.group(2)]))))
    m = re.fullmatch(r"one mana of any (type|color) that a land (you control|an opponent controls) could produce",
                     what, re.I)
    if m:  # 106.7
        whose = "lands_you_control" if m.group(2).lower() == "you control" else "lands_opponents_control"
        return _Add((("reflect", whose), ("what", m.group(1).lower())))
    if re.search(r"could produce", what, re.I):
        raise card.error(sentence, 'only "a land you control" and "a land an opponent controls" '
                         "could-produce templates are read")
    if re.search(r"\bchosen\b|\bthat color\b|\bthat type\b", what, re.I):
        raise card.error(sentence, "the kind of mana depends on a choice or card the text can't know")
    raise card.error(sentence, "unknown mana template")


def _add_value(add: Any) -> Any:
    """The JSON ``add`` of the reader's tuple forms."""
    if isinstance(add, tuple) and add and isinstance(add[0], tuple):
        out = {}
        for k, v in add:
            out[k] = dict(v) if isinstance(v, tuple) else v
        return out
    if isinstance(add, tuple):
        return list(add)
    return add


_COUNTER = r"([\w+/-]+?)"


def _amount(rest: str, card: _Card, sentence: str) -> Any:
    """The ``times`` (or X) of the words after the mana: "for each creature you control",
    "for each charge counter on this artifact", ", where X is the number of Elves you control",
    "equal to your devotion to green"; None when there are none."""
    rest = rest.strip().rstrip(",")
    if not rest:
        return None
    me = card.pattern
    if m := re.fullmatch(rf"for each {_COUNTER} counter on {me}", rest, re.I):
        return {"counters": m.group(1).lower()}
    if m := re.fullmatch(rf"for each {_COUNTER} counter removed this way", rest, re.I):
        return {"remove": m.group(1).lower()}
    if m := re.fullmatch(rf"equal to (?:{NUM} plus )?(?:the amount of counters removed|X)(?: plus {NUM})?", rest, re.I):
        plus = number(m.group(1) or m.group(2) or "0")
        return {"remove": "?", **({"plus": plus} if plus else {})}  # the counters of the cost
    m = (re.fullmatch(r"for each (.+)", rest, re.I) or re.fullmatch(r",? ?where X is (.+)", rest, re.I)
         or re.fullmatch(r"equal to (.+)", rest, re.I))
    if not m:
        raise card.error(sentence, "the amount of mana depends on the game state in a way no template reads")
    phrase = m.group(1).strip()
    plus = 0
    if pm := re.fullmatch(rf"{NUM} plus (.+)", phrase, re.I):
        plus, phrase = number(pm.group(1)), pm.group(2)
    elif pm := re.fullmatch(rf"(.+) plus {NUM}", phrase, re.I):
        phrase, plus = pm.group(1), number(pm.group(2))
    if re.fullmatch(rf"(?:{me}'s?|its) power", phrase, re.I):
        fact = "power"
    elif re.fullmatch(rf"(?:{me}'s?|its) toughness", phrase, re.I):
        fact = "toughness"
    elif re.fullmatch(rf"the number of {_COUNTER} counters on {me}", phrase, re.I):
        kind = re.fullmatch(rf"the number of {_COUNTER} counters on {me}", phrase, re.I).group(1)
        out: dict[str, Any] = {"counters": kind.lower()}
        return {**out, "plus": plus} if plus else out
    elif re.search(r"\b(sacrificed|exiled|discarded|revealed|that|those|this way|chosen|target)\b", phrase, re.I):
        raise card.error(sentence, "the amount depends on a card chosen as the ability is activated")
    elif re.fullmatch(r"(?:your )?devotion to (?:white|blue|black|red|green)(?: and (?:white|blue|black|red|green))?",
                      phrase, re.I):
        fact = fact_phrase(phrase)
    elif re.fullmatch(r"the (?:greatest|highest|total) [\w' ]+ among [\w' ]+ you control", phrase, re.I):
        fact = " ".join(phrase.lower().split()[1:])
    elif (re.fullmatch(r"(?:the number of )?[\w' ,/&-]+", phrase, re.I) and not re.search(r"\bX\b", phrase)
          and (m.re.pattern.startswith("for each") or phrase.lower().startswith("the number of"))):
        fact = fact_phrase(phrase)  # a count the engine knows, in the card's words
    else:
        raise card.error(sentence, "the amount of mana depends on the game state in a way no template reads")
    out = {"fact": fact}
    return {**out, "plus": plus} if plus else out


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


def _other(words: str, card: _Card, sentence: str, tapping: bool) -> dict[str, Any]:
    """``sacrifice_other`` / ``tap_other`` for "a creature", "another creature", "three untapped
    Elves you control", "an artifact or creature"."""
    text = re.sub(r"\s+you control$", "", words.strip(), flags=re.I)
    if not re.match(rf"^(?:an?|another|{NUM}|X)\s", text, re.I):  # "Sacrifice Lotus Petal": a name, not a kind
        why = "" if card.name else " (pass name= if it names the card itself)"
        raise card.error(sentence, f"the cost names {words!r}, which is not this card{why}")
    n = 1
    if m := re.match(rf"^{NUM}\s+(.+)$", text, re.I):
        n, text = number(m.group(1)), m.group(2)
    another = False
    if m := re.match(r"^(another|an other|other)\s+(.+)$", text, re.I):
        another, text = True, m.group(2)
    if tapping:
        text = re.sub(r"^(?:an? )?untapped\s+", "", text, flags=re.I)
    desc = describe(text)
    if desc is None or desc.colors is not None:
        kind = "tap" if tapping else "sacrifice"
        raise card.error(sentence, f"the permanents to {kind} ({words!r}) are not a kind the format's "
                         "types and subtypes can say")
    out: dict[str, Any] = {}
    if desc.types:
        out["types"] = list(desc.types)
    if desc.subtypes:
        out["subtypes"] = list(desc.subtypes)
    if n != 1:
        out["n"] = n
    fits = card.matches(desc)
    if not another and fits is not False:
        out["self"] = True  # "a creature" includes itself when it is one (Krark-Clan Ironworks)
    return out


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
                    raise card.error(sentence, "the untap symbol {Q} is not a cost the format knows")
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
        elif (m := re.fullmatch(r"Exile (.+) from your hand", item, re.I)) and card.is_self(m.group(1)):
            cost.sacrifice = True  # the card is used up, once, like a sacrifice (Spirit Guides)
        elif (m := re.fullmatch(r"Exile (.+)", item, re.I)) and card.is_self(m.group(1)):
            cost.sacrifice = True  # exiled from the battlefield: gone like a sacrifice (Mirrored Lotus)
        elif m := re.fullmatch(rf"Remove (?:{NUM}|an?) ([\w+/-]+?) counters? from {me}", item, re.I):
            cost.remove_counters[m.group(2).lower()] = number(m.group(1)) if m.group(1) else 1
        elif m := re.fullmatch(rf"Remove (?:any number of|X|one or more) ([\w+/-]+?) counters from {me}", item, re.I):
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
            cost.drawback = f"return {m.group(0).split(' ', 1)[1].split(' to ')[0].lower()} to its owner's hand"
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


def _read_only(text: str, card: _Card, sentence: str) -> dict[str, Any]:
    """The ``only`` object for "Spend this mana only <text>"."""
    text = re.sub(r",? and that spell can't be countered$", "", text)  # extra effect, 106.6
    cant = ("this spend restriction can't be expressed with the format's kind, types, subtypes, "
            "colors, has_x and tags")
    if re.fullmatch(r"to cast a creature spell of the chosen type", text):
        if card.chosen is None:  # the source's ``chosen`` subtype, like ``"of": "chosen"`` for a color
            return {"kind": "spell", "types": ["creature"], "subtypes": "chosen"}
        return {"kind": "spell", "types": ["creature"], "subtypes": [card.chosen_type(sentence)]}
    if re.fullmatch(r"to cast a creature spell of the chosen type or activate an ability of a creature source of "
                    r"the chosen type", text):
        return {"types": ["creature"], "subtypes": "chosen" if card.chosen is None else [card.chosen_type(sentence)]}
    if re.fullmatch(r"to cast a spell of the chosen type or activate an ability of a source of the chosen type", text):
        return {"subtypes": "chosen" if card.chosen is None else [card.chosen_type(sentence)]}
    if re.fullmatch(r"to cast spells of the chosen type", text):
        return {"kind": "spell", "subtypes": "chosen" if card.chosen is None else [card.chosen_type(sentence)]}
    for words, tag in _TAG_WORDS:
        if re.fullmatch(words, text):
            return {"kind": "spell", "tags": [tag]}
    if re.fullmatch(r"on costs that (contain|include) \{X\}", text):
        return {"has_x": True}
    if re.fullmatch(r"to cast spells", text):
        return {"kind": "spell"}
    if re.fullmatch(r"to activate (?:an ability|abilities)", text):
        return {"kind": "ability"}
    if re.fullmatch(r"to cast (?:a )?spells? with \{X\} in (?:its|their) mana costs?", text):
        return {"kind": "spell", "has_x": True}
    m = re.fullmatch(r"to cast (.+?) spells?(?:,? or (?:to )?activate (?:an ability|abilities) of (.+))?", text)
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


# ---------------------------------------------------------------------------------------------
# The rest of the effect: riders after "Add ..."

# Extra effects that can't change this payment (nothing is paid, made or spent differently).
_HARMLESS = [
    r"Draw a card",
    r"Draw a card at the beginning of the next turn's upkeep",
    rf"Each opponent gains {NUM} life",
    rf"You gain {NUM} life",
    r"(If|When) that mana is spent .+",  # 106.6: an effect on the spell it pays for
    r"If this ability has been activated four or more times this turn, sacrifice SELF at the "
    r"beginning of the next end step",
    r"You get \{E\}",
    r"Scry \d+|Scry one|Surveil one|Surveil \d+",
    r"(?:If|When) (?:this mana is spent|you spend this mana) .+",
    r"When you next cast .+ this turn, .+",
    r"(?:Creature )?spells you spend this mana to cast .+",
    rf"If you control (?:an?|another) [\w', -]+, you gain {NUM} life",
    r"When you do, [^.]*(?:each opponent|mill|draw)[^.]*",
    r"You may choose new targets for the copy",  # after "When that mana is spent ..., copy that spell"
]
_DRAWBACKS = [
    (r"SELF doesn't untap during your next untap step", "doesn't untap during your next untap step"),
    (r"During your next untap step, as you untap your permanents, return SELF to its owner's hand",
     "returns to its owner's hand during your next untap step"),
    (r"If there are no ([\w-]+) counters on SELF, sacrifice (?:it|SELF)", "sacrificed when its last counter is removed"),
    (r"Return a land you control to its owner's hand", "return a land you control to its owner's hand"),
    (r"Sacrifice SELF at the beginning of the next end step", "sacrificed at the beginning of the next end step"),
    (r"You get (?:a|one|two|three) poison counters?", "you get poison counters"),
    (r"An opponent gains control of SELF at the beginning of the next end step",
     "an opponent gains control of it at the beginning of the next end step"),
    (r"At the beginning of the next end step, sacrifice SELF", "sacrificed at the beginning of the next end step"),
]


@dataclass
class _Riders:
    damage: int = 0
    uses: int | None = None
    only: dict[str, Any] | None = None
    conditions: list[dict[str, Any]] = field(default_factory=list)
    unless: list[dict[str, Any]] = field(default_factory=list)
    put_counters: dict[str, int] = field(default_factory=dict)
    drawbacks: list[str] = field(default_factory=list)
    instead: tuple[str, list[dict[str, Any]]] | None = None  # (the other add words, its `if`)


_CONTROL = re.compile(rf"you control (?:{NUM} or more|an?|at least {NUM}) (.+)", re.I)


_NOUN = r"[A-Za-z][\w'/-]*(?: [A-Za-z][\w'/-]*)*?"


def _conditions(text: str, card: _Card, sentence: str) -> list[dict[str, Any]]:
    """The ``if`` list for "you control a Swamp", "you control an Urza's Mine and an Urza's
    Tower", "you control three or more artifacts", "there are seven or more cards in your
    graveyard", "creatures you control have total power 8 or greater"."""
    text = text.strip()
    me = card.pattern
    if m := re.fullmatch(rf"(?:{me}) has (?:{NUM} or more|an?) ([\w+/-]+) counters? on it", text, re.I):
        # a number about this permanent: the source's own ``facts`` (9.1)
        return [{"fact": f"{m.group(2).lower()} counter on it", "min": number(m.group(1)) if m.group(1) else 1}]
    if re.fullmatch(rf"(?:{me}) entered (?:the battlefield )?this turn", text, re.I):
        return [{"fact": "entered this turn", "min": 1}]  # a number about this permanent (0 or 1)
    if re.fullmatch(r"you played a land this turn", text, re.I):
        return [{"fact": "land you played this turn", "min": 1}]
    if re.search(r"\b(this|it|its|entered|turn|counters?|opponent|poison|monarch|initiative|"
                 r"dungeon|played|exiled|named)\b", text, re.I) or card.is_self(text.split(" ")[0]):
        raise card.error(sentence, "a condition on activating it that the reader can't name as a fact "
                         "(it is about this permanent, the turn or another player)")
    if m := re.fullmatch(rf"you control (?:{NUM} or more|{NUM} or greater) ({_NOUN})", text, re.I):
        return [{"fact": fact_phrase(m.group(3) + " you control"), "min": number(m.group(1) or m.group(2))}]
    if m := re.fullmatch(rf"you control an? ({_NOUN}) with ({_NOUN}) {NUM} or greater", text, re.I):
        return [{"fact": f"{fact_phrase(m.group(1))} you control with {m.group(2).lower()} {number(m.group(3))} "
                         "or greater", "min": 1}]
    if m := re.fullmatch(r"you control (.+)", text, re.I):
        out = []
        for part in re.split(r",? and |, ", m.group(1)):
            pm = re.fullmatch(rf"(?:an?|another) ({_NOUN})", part.strip(), re.I)
            if not pm or re.search(r"\bor\b|\bwith\b", pm.group(1)):
                raise card.error(sentence, "a condition on permanents the reader can't name as a fact")
            out.append({"fact": fact_phrase(pm.group(1) + " you control"), "min": 1})
        return out
    if m := re.fullmatch(rf"there are {NUM} or more cards in your (graveyard|hand)", text, re.I):
        return [{"fact": f"card in your {m.group(2).lower()}", "min": number(m.group(1))}]
    if m := re.fullmatch(rf"there is an? ({_NOUN}) card in your (graveyard|hand)", text, re.I):
        return [{"fact": f"{m.group(1).lower()} card in your {m.group(2).lower()}", "min": 1}]
    if m := re.fullmatch(rf"you have {NUM} or more cards in hand", text, re.I):
        return [{"fact": "card in your hand", "min": number(m.group(1))}]
    if m := re.fullmatch(rf"you have {NUM} or (?:fewer|less) cards in hand", text, re.I):
        return [{"fact": "card in your hand", "max": number(m.group(1))}]
    if m := re.fullmatch(rf"creatures you control have total power {NUM} or greater", text, re.I):
        return [{"fact": "total power of creatures you control", "min": number(m.group(1))}]
    raise card.error(sentence, "a condition on activating it that the reader can't name as a fact")


def _negate(condition: dict[str, Any]) -> dict[str, Any]:
    if "min" in condition:
        return {"fact": condition["fact"], "max": condition["min"] - 1}
    return {"fact": condition["fact"], "min": condition["max"] + 1}


def _read_riders(rest: list[str], card: _Card) -> _Riders:
    riders = _Riders()
    me = card.pattern
    harmless = [re.compile("^" + h.replace("SELF", me) + "$", re.I) for h in _HARMLESS]
    drawbacks = [(re.compile("^" + p.replace("SELF", me) + "$", re.I), text) for p, text in _DRAWBACKS]
    for s in rest:
        if m := re.fullmatch(rf"{me} deals {NUM} damage to you", s, re.I):
            riders.damage += number(m.group(1))
        elif m := re.fullmatch(rf"(?:you|each player) loses? {NUM} life", s, re.I):
            riders.damage += number(m.group(1))  # life lost, like the painlands' damage
        elif m := re.fullmatch(r"Spend this mana only (.+)", s):
            riders.only = _read_only(m.group(1), card, s + ".")
        elif re.fullmatch(r"Activate (?:this ability )?only once each turn", s):
            riders.uses = 1
        elif m := re.fullmatch(rf"Activate (?:this ability )?no more than ({NUM}|once|twice)(?: times)? "
                               r"each turn", s):
            word = m.group(1).lower()
            riders.uses = {"once": 1, "twice": 2}[word] if word in ("once", "twice") else number(word)
        elif m := re.fullmatch(r"Activate (?:this ability )?only if you control an? ([A-Z][\w'-]*) or an? ([A-Z][\w'-]*)", s):
            # "A or B" is "not (no A and no B)": an unless list (the Verges)
            riders.unless = [{"fact": fact_phrase(f"{w} you control"), "max": 0} for w in m.groups()]
        elif m := re.fullmatch(r"Activate (?:this ability )?only if (.+?),? or if (.+)", s):
            # "A or B" is "not (not A and not B)": each side one condition, negated in an unless list
            sides = [_conditions(side, card, s + ".") for side in m.groups()]
            if any(len(side) != 1 for side in sides):
                raise card.error(s + ".", "an \"or\" of conditions that are not one fact each")
            riders.unless = [_negate(side[0]) for side in sides]
        elif m := re.fullmatch(r"Activate (?:this ability )?only if (.+?)(?: and only once each turn)?", s):
            riders.conditions += _conditions(m.group(1), card, s + ".")
            if s.endswith("only once each turn"):
                riders.uses = 1
        elif re.fullmatch(r"Activate (?:this ability )?only (?:as a sorcery|any time you could cast a sorcery)", s):
            riders.conditions.append({"fact": "you could cast a sorcery", "min": 1})  # 307.1, a fact of the turn
        elif re.fullmatch(r"Activate (?:this ability )?only during your turn", s):
            riders.conditions.append({"fact": "your turn", "min": 1})
        elif re.match(r"Activate (?:this ability )?only\b", s):
            raise card.error(s + ".", "a timing restriction on activating it (a sorcery's timing, a "
                             "phase, a turn) can't be expressed")
        elif m := (re.fullmatch(r"If (.+?), add (.+) instead", s) or re.fullmatch(r"If (.+?), instead add (.+)", s)):
            riders.instead = (m.group(2), _conditions(m.group(1), card, s + "."))
        elif m := re.fullmatch(rf"Put (?:{NUM}|an?) ([\w+/-]+?) counters? on {me}", s, re.I):
            riders.put_counters[m.group(2).lower()] = number(m.group(1)) if m.group(1) else 1
        elif any(h.fullmatch(s) for h in harmless):
            continue
        elif found := next((text for p, text in drawbacks if p.fullmatch(s)), None):
            riders.drawbacks.append(found)
        elif re.fullmatch(rf"{me} doesn't untap during your untap step if it has an? [\w-]+ counter on it", s, re.I):
            continue  # a static rider of the depletion lands: later turns only
        else:
            hint = "" if card.name else " (if it names the card itself, pass name=)"
            raise card.error(s + ".", f"an effect the format's ability keys can't express{hint}")
    return riders


# ---------------------------------------------------------------------------------------------
# Abilities


def _implied(card: _Card) -> list[dict]:
    """305.6: a land with basic land types has "{T}: Add" each type's mana."""
    if card.type_line is None:
        return []
    mana = ["{%s}" % BASIC_LAND_TYPES[t] for t in card.type_line.basic_land_types]
    if not mana:
        return []
    return [finish({"add": mana[0] if len(mana) == 1 else mana})]


def _reminder_ability(paragraph: str, card: _Card) -> list[dict] | None:
    """A paragraph that is only reminder text like "({T}: Add {B} or {R}.)" states the abilities
    of basic land types (305.6). With a type line they come from the types instead, and must
    agree; None when the paragraph is not such a reminder."""
    m = re.fullmatch(r"\((\{T\}: Add [^()]*)\)", paragraph.strip())
    if not m:
        return None
    ability = _read_activated(m.group(1), card)
    if card.type_line is None:
        return ability
    if ability != _implied(card):
        raise card.error(m.group(1), "the reminder text disagrees with the type line's basic land types")
    return []


def _split_amount(first: str) -> tuple[str, str]:
    """"{G} for each creature you control" -> ("{G}", "for each creature you control")."""
    m = re.match(r"^(.*?)(,? where X is .+|for each .+| equal to .+)$", first, re.I)
    if m and m.group(1).strip():
        return m.group(1).strip(), m.group(2).strip()
    return first.strip(), ""


def _read_activated(text: str, card: _Card) -> list[dict]:
    """One paragraph: its mana abilities (one, or two for "... instead" and "or one mana of the
    chosen color"), or [] when it is not a mana ability (605.1a)."""
    masked = outside_quotes(text)
    colon = masked.find(":")
    if colon < 0:
        return []  # not an activated ability (602.1)
    cost_text = _ABILITY_WORD.sub("", text[:colon].strip())
    effect = text[colon + 1:].strip()
    if _LOYALTY.match(cost_text):
        return []  # 605.1a: a loyalty ability is never a mana ability
    effect_masked = masked[colon + 1:]
    doubles = re.search(r"\bdouble\b[^.]*\bmana\b", effect_masked, re.I)
    if not (re.search(r"\badds?\b", effect_masked, re.I) or doubles):
        return []
    if re.search(r"\btarget\b", effect_masked, re.I):
        return []  # 605.5a: an ability with a target is not a mana ability
    if re.search(r"\bLevel \d+$", effect_masked.strip().rstrip(".")):
        return []  # a Class's level-up: not a mana ability
    parts = sentences(effect)
    first = parts[0] if parts else ""
    whole = f"{text[:colon].strip()}: {first}."
    m = re.fullmatch(r"Add (.+)", first)
    if doubles and re.fullmatch(r"Double the amount of each type of unspent mana you have", first):
        cost = _read_cost(cost_text, card, whole)  # Doubling Cube (9.2's double_pool)
        if _read_riders(parts[1:], card) != _Riders() or cost.remove_any or cost.sacrifice_other or cost.tap_other:
            raise card.error(whole, "a doubling ability with more than a mana and {T} cost")
        return [finish({"add": {"double_pool": True}, "tap": cost.tap, "mana": cost.mana,
                        "uses": 1 if cost.tap else "any"})]
    if re.fullmatch(r"Choose a color of a permanent you control", first) and parts[1:] == ["Add one mana of that color"]:
        cost = _read_cost(cost_text, card, whole)  # Meteor Crater: the engine knows the colors
        if cost != _Cost(tap=True):
            raise card.error(whole, "a color of a permanent with a cost beyond {T}")
        return [finish({"add": {"any_color": 1, "of": {"fact": "colors among permanents you control"}}})]
    choose = re.fullmatch(r"Choose a color", first)
    if choose and len(parts) >= 2:  # "Choose a color. Add ... mana of that color ...": one ability per color
        return _per_color(text[:colon].strip(), parts[1:], card)
    if not m:
        if doubles:
            reason = "doubling the mana in the pool is a problem's effect, not an ability the reader writes"
        else:
            reason = "the mana it adds depends on something the text can't know"
        raise card.error(whole, reason)
    battery = re.fullmatch(r"(\{[^{}]+\}),? (?:then add|plus) an additional \1 (for each .+)", m.group(1))
    if battery:  # the Mana Batteries: one, plus one for each counter removed
        add_words, amount_words = battery.group(1), battery.group(2)
    else:
        add_words, amount_words = _split_amount(m.group(1))
    made = _read_add(add_words, card, whole)
    amount = _amount(amount_words, card, whole)
    if battery and amount is not None:
        amount = {**amount, "plus": amount.get("plus", 0) + 1}
    cost = _read_cost(cost_text, card, whole)
    riders = _read_riders(parts[1:], card)
    times: Any = made.times
    x_in_add = isinstance(made.add, tuple) and bool(made.add) and isinstance(made.add[0], tuple) and \
        "X" in dict(made.add).values()
    if times == "X" or amount is not None or x_in_add:
        if cost.remove_any is not None and (amount is None or amount.get("remove") == "?"):
            amount = {**(amount or {}), "remove": cost.remove_any}  # "Remove X storage counters: Add X ..."
        if amount is None:
            raise card.error(whole, "the amount X isn't known from the text")
        if times not in (1, "X"):
            raise card.error(whole, "an amount of an amount is not a template the reader knows")
        times = amount
        if isinstance(made.add, tuple) and made.add and isinstance(made.add[0], tuple) and dict(made.add).get(
                "one_color") == "X":
            if "fact" in amount:
                made.add = tuple((k, amount if k == "one_color" else v) for k, v in made.add)  # one color, n of it
                times = 1
            else:  # n is only a fact in 9.2: all of one color is one ability per color, times the counters
                colors = dict(made.add).get("of") or COLORS
                made.add, made.also = "{%s}" % colors[0], ["{%s}" % c for c in colors[1:]]
    elif cost.remove_any is not None:
        raise card.error(whole, "counters removed in any number without an amount that says how much they make")
    if isinstance(times, dict) and "remove" in times and cost.remove_any not in (None, times["remove"]):
        raise card.error(whole, "the counters removed are not the counters counted")
    if not cost.tap and not cost.sacrifice and not cost.gone and riders.uses is None:
        uses: Any = "any"  # no {T} and no limit: as often as its costs allow
    else:
        uses = riders.uses if riders.uses is not None else 1
    if cost.tap:
        uses = 1
    drawbacks = ([cost.drawback] if cost.drawback else []) + riders.drawbacks
    base: dict[str, Any] = {
        "tap": cost.tap, "mana": cost.mana, "life": cost.life, "damage": riders.damage, "energy": cost.energy,
        "sacrifice": cost.sacrifice, "uses": uses, "only": riders.only, "times": times,
        "remove_counters": cost.remove_counters, "put_counters": {**cost.put_counters, **riders.put_counters},
        "if": riders.conditions, "unless": riders.unless, "sacrifice_other": cost.sacrifice_other, "tap_other": cost.tap_other,
        "discard": cost.discard, "exile_graveyard": cost.exile_graveyard, "mill": cost.mill,
        "drawback": "; ".join(drawbacks) if drawbacks else None}
    adds = [made.add, *made.also]
    if riders.instead is not None:
        other_words, condition = riders.instead
        if riders.conditions or riders.unless or made.also:
            raise card.error(whole, "a condition on an ability that also has an \"instead\"")
        other = _read_add(other_words, card, whole)
        if other.times != 1 or other.also:
            raise card.error(whole, "an \"instead\" whose amount the reader can't read")
        # 614.1: "instead" replaces the output when the condition holds: two abilities, one
        # for each side of the condition, never both.
        return [finish({**base, "add": _add_value(made.add), "unless": condition}),
                finish({**base, "add": _add_value(other.add), "if": condition})]
    return [finish({**base, "add": _add_value(a)}) for a in adds]


_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _per_color(cost_text: str, rest: list[str], card: _Card) -> list[dict]:
    """"{2}, {T}: Choose a color. Add an amount of mana of that color equal to your devotion to
    that color." (Nykthos): one ability per color, each all of one color; a copy activates one
    of them per activation, so together they make exactly what the card makes."""
    first = rest[0]
    m = re.fullmatch(r"Add (one|X|an amount of) mana of that color(.*)", first)
    if not m:
        raise card.error(f"{cost_text}: Choose a color. {first}.", "the mana it adds depends on something "
                         "the text can't know")
    out = []
    for letter, color in _COLOR_NAMES.items():
        words = f"{'{'}{letter}{'}'}{m.group(2)}".replace("that color", color)
        amount = "" if m.group(1) == "one" else ""
        text = f"{cost_text}: Add {words}. " + " ".join(s + "." for s in rest[1:])
        if m.group(1) == "one" and not m.group(2).strip():
            text = f"{cost_text}: Add {{{letter}}}. " + " ".join(s + "." for s in rest[1:])
        del amount
        out.extend(_read_activated(text.strip(), card))
    return out


_TRIGGER = re.compile(r"^(When|Whenever|At)\b", re.I)
# Effects of a "whenever it becomes tapped" trigger that can't change the payment.
_TAP_HARMLESS = [r"target opponent creates .+", rf"(?:it|SELF) deals {NUM} damage to each opponent",
                 rf"each opponent loses {NUM} life",
                 r"exile target card from a graveyard and put an oil counter on (?:it|SELF)"]


_EXTRA = re.compile(
    r"Whenever (?P<who>a player taps|you tap) (?:an? )?(?P<what>[\w' -]+?) for mana, "
    r"(?:that player adds|add) (?P<mana>one mana of any type that (?:land|permanent|[\w ]+) produced|"
    r"an additional (?:\{[^{}]+\})+)|"
    r"Whenever (?:an? )?(?P<what2>[\w' -]+?) is tapped for mana, its controller adds "
    r"(?P<mana2>an additional (?:\{[^{}]+\})+|one mana of any type that (?:land|permanent) produced)", re.I)


def _effect(text: str, card: _Card) -> dict[str, Any] | None:
    """The 9.4 ``extra`` effect of a triggered mana ability (106.12a, 605.1b) such as Mana Flare,
    Crypt Ghast or Vernal Bloom, or None when no template reads it."""
    m = _EXTRA.fullmatch(text.rstrip("."))
    if not m:
        return None
    what = m.group("what") or m.group("what2")
    mana = m.group("mana") or m.group("mana2")
    if what.lower().startswith("enchanted"):
        raise card.error(text, "an aura's mana trigger: give it as a problem effect with \"on\": the "
                         "enchanted permanent's id (9.4)")
    desc = describe(what)
    if desc is None or desc.colors is not None:
        return None
    when: dict[str, Any] = {}
    if desc.types:
        when["types"] = list(desc.types)
    if desc.subtypes:
        when["subtypes"] = list(desc.subtypes)
    if not (m.group("who") or "").lower().startswith("you"):
        when["controller"] = "any"
    if mana.lower().startswith("one mana of any type"):
        add: Any = "same_type"
    else:
        add = _mana_string(mana.split(" ", 2)[2], card, text)
    return {"kind": "extra", "when": when, "add": add}


def _read_trigger(text: str, card: _Card) -> tuple[int, dict[str, Any] | None]:
    """A triggered ability: the damage it deals to you each time the card is tapped (City of
    Brass), and the 9.4 effect of a triggered mana ability (605.1b: Mana Flare); (0, None) for any
    other trigger. Other triggers that add mana are not mana abilities (605.5a) and are ignored,
    like every other trigger."""
    masked = outside_quotes(text)
    condition, _, rest = masked.partition(",")
    me = card.pattern
    adds = re.search(r"\badds?\b", masked, re.I)
    on_tap = re.fullmatch(rf"Whenever (?:{me} becomes tapped|you tap {me} for mana)", condition.strip(), re.I)
    if not on_tap:
        if adds and re.search(r"tapped for mana|taps? [\w ]*for mana|mana ability|adds? mana", condition, re.I):
            effect = _effect(text, card)
            if effect is None:
                raise card.error(text, "a triggered mana ability (605.1b) no effect template of 9.4 reads")
            return 0, effect
        return 0, None
    damage = 0
    harmless = [re.compile(h.replace("SELF", me), re.I) for h in _TAP_HARMLESS]
    for sentence in sentences(text[len(condition) + 1:]):
        if m := re.fullmatch(rf"(?:it|{me}) deals {NUM} damage to you", sentence, re.I):
            damage += number(m.group(1))  # like a painland's damage, on every {T} ability
        elif any(h.fullmatch(sentence) for h in harmless):
            continue
        elif re.search(r"\badds?\b", sentence, re.I):
            raise card.error(text, "a triggered mana ability (605.1b) no effect template of 9.4 reads")
        else:
            raise card.error(text, "an effect of tapping it that the format's ability keys can't express")
    return damage, None


_LEVEL = re.compile(r"^LEVEL \d+(?:-\d+|\+)$")
_CLASS_LEVEL = re.compile(r"^(?:\{[^{}]+\})+: Level \d+$")
_GRANTED = re.compile(r"\b(?:has|have|gains?)\b[^\"“]*[\"“][^\"”]*\bAdd\b", re.I)


def _paragraphs(oracle: str) -> list[tuple[str, str | None]]:
    """Each paragraph with the condition it stands under: a level of a level-up card (711) or of
    a Class (716), or None."""
    out: list[tuple[str, str | None]] = []
    under: str | None = None
    for paragraph in oracle.replace("\r", "").split("\n"):
        paragraph = paragraph.strip()
        if not paragraph:
            continue
        if _LEVEL.match(paragraph):
            under = f"it exists only at {paragraph.lower()} (level up, 711)"
            continue
        if _CLASS_LEVEL.match(paragraph):
            under = "it exists only once the Class reaches that level (716)"
            continue
        out.append((paragraph, under))
    return out


def read_card(oracle: str, *, name: str | None = None, type_line: str | None = None,
              chosen: str | None = None, strict: bool = False) -> Reading:
    """The card's mana abilities (problem.md sections 3 and 9.2), in printed order with the
    abilities of basic land types (305.6) first, and the mana abilities skipped, each named by
    its sentence and why. ``name`` lets the reader recognize the card naming itself ("Sacrifice
    Lotus Petal"); ``type_line`` gives basic land types, snow and whether "a creature" includes
    the card itself; ``chosen`` is a choice made for the permanent: a creature type (``"Elf"``:
    Cavern of Souls), or a color (``"G"``) or colors (``"WU"``) written into the mana instead of
    the format's ``"of": "chosen"`` and commander-colors fact. ``strict`` raises the first
    skipped ability as :class:`OracleError` (:class:`ChoiceNeeded` when only a choice lacks)."""
    card = _Card(name, type_line, chosen)
    abilities = _implied(card)
    skipped: list[Skipped] = []
    effects: list[dict[str, Any]] = []
    tap_damage = 0

    def skip(e: OracleError) -> None:
        if strict or isinstance(e, BadChoice):
            raise e
        skipped.append(Skipped(e.sentence, e.reason, e.choice if isinstance(e, ChoiceNeeded) else None))

    for paragraph, under in _paragraphs(oracle):
        try:
            reminder = _reminder_ability(paragraph, card)
        except OracleError as e:
            skip(e)
            continue
        if reminder is not None:
            abilities.extend(reminder)
            continue
        text = paragraph
        while _REMINDER.search(text):  # reminder text is not rules text
            text = _REMINDER.sub("", text)
        text = re.sub(r"\s+", " ", text).strip()
        if not text:
            continue
        try:
            if _TRIGGER.match(text):
                damage, effect = _read_trigger(text, card)
                tap_damage += damage
                if effect is not None:
                    effects.append(effect)
                continue
            read = _read_activated(text, card)
            if read and under is not None:
                raise card.error(text, f"a mana ability under a condition: {under}")
            if not read and re.match(r"^As long as\b", text) and _GRANTED.search(text):
                raise card.error(text, "a mana ability the card has only under a condition")
            abilities.extend(read)
        except OracleError as e:
            skip(e)
    if tap_damage:
        abilities = [finish({**a, "damage": a.get("damage", 0) + tap_damage}) if a.get("tap", True) else a
                     for a in abilities]
    if chosen is not None and not card.used_choice:
        raise OracleError(chosen, "this card's mana abilities make no choice to give", name)
    return Reading(tuple(abilities), tuple(skipped), tuple(effects))


def read_oracle(oracle: str, *, name: str | None = None, type_line: str | None = None,
                chosen: str | None = None) -> list[dict]:
    """The card's mana abilities as spec dicts, every one read or :class:`OracleError` raised
    (``read_card(..., strict=True)``); see :func:`read_card`."""
    return list(read_card(oracle, name=name, type_line=type_line, chosen=chosen, strict=True).abilities)


def source_from_card(name: str | None, oracle: str, type_line: str | None, *,
                     chosen: str | None = None, strict: bool = True) -> dict:
    """A spec source dict for a card: ``name``, lowercase ``types``, ``snow`` when the type line
    has Snow, and the ``abilities`` read from its Oracle text (``strict`` as for
    :func:`read_card`; without it the skipped abilities are simply not in the dict, so use
    :func:`read_card` to see them)."""
    out: dict[str, Any] = {}
    if name is not None:
        out["name"] = name
    reading = read_card(oracle, name=name, type_line=type_line, chosen=chosen, strict=strict)
    if type_line is not None:
        parsed = parse_type_line(type_line)
        out["types"] = list(parsed.types)
        if parsed.snow:
            out["snow"] = True
    elif name is not None and basic_land(name) is not None:
        out["types"] = ["land"]
        if basic_land(name)[1]:
            out["snow"] = True
    out["abilities"] = list(reading.abilities)
    return out


def measure(rows: list[dict]) -> tuple[int, list[tuple[str, Skipped]]]:
    """How many of ``rows`` (``name``, ``types``, ``oracle``) read completely, and every
    skipped ability as ``(name, skipped)``: the coverage figure of docs/oracle.md."""
    failures: list[tuple[str, Skipped]] = []
    complete = 0
    for row in rows:
        reading = read_card(row["oracle"], name=row["name"], type_line=row.get("types"))
        complete += reading.complete
        failures.extend((row["name"], s) for s in reading.skipped)
    return complete, failures


def _main(argv: list[str]) -> int:
    """``python -m tapwise.models.oracle [FILE.jsonl | --library] [-v]``: the coverage figure of
    docs/oracle.md, on a JSON-lines file of cards (name, types, oracle) or on the shipped library;
    ``-v`` lists every skipped sentence, grouped by why."""
    import json
    from collections import defaultdict

    if "--library" in argv:
        from tapwise.models.cards import library

        cards = {c.name: c for c in library().values() if c.oracle is not None}
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
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(_main(sys.argv[1:]))
