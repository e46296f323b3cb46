"""Read a card's mana abilities from its Oracle text, into the ability dicts of problem.md section 3.

The reader is deliberately strict: it knows a fixed set of Oracle templates, and anything that looks
like a mana ability (rule 605.1a) but that the spec's ability format can't express for certain raises
:class:`OracleError` quoting the sentence, rather than being guessed at or dropped. Abilities that
are not mana abilities (no "add", a target, a loyalty cost, a trigger from something other than a
mana ability) are ignored. ``docs/oracle.md`` lists the templates read and those not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement
from typing import Any

from tapwise.models.basics import basic_land
from tapwise.models.mana import COLORS, Kind, ManaCost, NotationError

__all__ = ["OracleError", "ChoiceNeeded", "ManaAbility", "SpendRestriction", "read_oracle", "source_from_card",
           "parse_type_line", "TypeLine", "measure"]


class OracleError(ValueError):
    """Oracle text that reads like a mana ability the spec can't express; quotes the sentence."""

    def __init__(self, sentence: str, reason: str, card: str | None = None) -> None:
        where = f"{card}: " if card else ""
        super().__init__(f'{where}can\'t read "{sentence}": {reason}')
        self.sentence = sentence
        self.reason = reason
        self.card = card


class ChoiceNeeded(OracleError):
    """The mana depends on a choice made for the permanent (a color, a creature type, the
    commander's colors) that the text can't know; ``read_oracle(..., chosen=...)`` supplies it.
    ``choice`` is ``"color"``, ``"colors"`` or ``"creature type"``."""

    def __init__(self, sentence: str, choice: str, card: str | None = None) -> None:
        example = {"color": "'G'", "colors": "'WU'", "creature type": "'Elf'"}[choice]
        super().__init__(sentence, f"it depends on the chosen {choice}, which the text can't know "
                         f"(give it as chosen=, e.g. chosen={example})", card)
        self.choice = choice


# ---------------------------------------------------------------------------------------------
# Values


@dataclass(frozen=True)
class SpendRestriction:
    """A spend restriction (106.6) as the spec's ``only`` object: every key given must match."""

    kind: str | None = None
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: str | None = None
    has_x: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.kind is not None:
            out["kind"] = self.kind
        if self.types:
            out["types"] = list(self.types)
        if self.subtypes:
            out["subtypes"] = list(self.subtypes)
        if self.colors is not None:
            out["colors"] = self.colors
        if self.has_x is not None:
            out["has_x"] = self.has_x
        return out


@dataclass(frozen=True)
class ManaAbility:
    """One mana ability in the spec's terms. ``add`` is a mana string, a tuple of alternatives, or a
    tuple of ``(key, value)`` pairs standing for the spec's object forms."""

    add: str | tuple[str, ...] | tuple[tuple[str, Any], ...]
    tap: bool = True
    mana: str | None = None
    life: int = 0
    damage: int = 0
    energy: int = 0
    sacrifice: bool = False
    uses: int = 1
    only: SpendRestriction | None = None

    def to_dict(self) -> dict[str, Any]:
        """The spec dict, with every key at its default left out: read back by the problem
        loader, so what the reader makes is checked like any user's ability."""
        from tapwise.models.problem import load_ability

        add: Any = self.add
        if isinstance(add, tuple):
            add = dict(add) if add and isinstance(add[0], tuple) else list(add)
        raw = {"add": add, "tap": self.tap, "mana": self.mana, "life": self.life, "damage": self.damage,
               "energy": self.energy, "sacrifice": self.sacrifice, "uses": self.uses,
               "only": self.only.to_dict() if self.only is not None else None}
        return load_ability(raw, self.mana or "ability").to_json()


# ---------------------------------------------------------------------------------------------
# Type lines

CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "kindred", "land",
              "planeswalker", "sorcery", "tribal")
SUPERTYPES = ("basic", "legendary", "ongoing", "snow", "world")
# 305.6: each basic land type gives its land "{T}: Add [mana]".
BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


@dataclass(frozen=True)
class TypeLine:
    """A type line split into supertypes, card types (lowercase) and subtypes (as printed)."""

    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()

    @property
    def snow(self) -> bool:
        return "snow" in self.supertypes

    @property
    def basic_land_types(self) -> tuple[str, ...]:
        """Basic land subtypes in printed order (only lands have them)."""
        if "land" not in self.types:
            return ()
        return tuple(s for s in self.subtypes if s in BASIC_LAND_TYPES)


def parse_type_line(text: str) -> TypeLine:
    """Split ``"Snow Land — Swamp Mountain"`` into its parts. The dash may be missing, as in the
    shared data (``"Land Swamp Mountain"``): then subtypes start after the last card type."""
    words = text.replace("—", " — ").split()
    words = [w for w in words if w.lower() != "token"]  # "Token Artifact — Treasure"
    if "—" in words or "-" in words:
        cut = words.index("—") if "—" in words else words.index("-")
        head, subs = words[:cut], [w for w in words[cut + 1:] if w not in ("—", "-")]
    else:
        last = max((i for i, w in enumerate(words) if w.lower() in CARD_TYPES), default=-1)
        head, subs = words[:last + 1], words[last + 1:]
    sup = tuple(w.lower() for w in head if w.lower() in SUPERTYPES)
    types = tuple(w.lower() for w in head if w.lower() in CARD_TYPES)
    return TypeLine(sup, types, tuple(subs))


# ---------------------------------------------------------------------------------------------
# Words and patterns

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_NUM = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
_TIMES = {"once": 1, "twice": 2}
_SYMBOLS = r"(?:\{[^{}]+\})+"
_SYMBOL = re.compile(r"\{([^{}]+)\}")
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
_REMINDER = re.compile(r"\([^()]*\)")
_LOYALTY = re.compile(r"^\[?[+−–-]?(\d+|X)\]?$")
_ABILITY_WORD = re.compile(r"^[A-Z][\w' ,-]*?\s+—\s+")
_SELF_WORDS = ("this artifact", "this creature", "this land", "this enchantment", "this permanent",
               "this card", "this token", "this vehicle", "cardname", "~")


def _number(word: str) -> int:
    word = word.lower()
    return int(word) if word.isdigit() else _NUMBERS[word]


def _outside_quotes(text: str) -> str:
    """``text`` with quoted text blanked out (same length), so granted abilities don't count."""
    return _QUOTED.sub(lambda m: " " * len(m.group(0)), text)


def _sentences(effect: str) -> list[str]:
    """Split an effect into sentences (not inside quotes), without their final periods."""
    masked = _outside_quotes(effect)
    out, start = [], 0
    for m in re.finditer(r"\.(\s+|$)", masked):
        out.append(effect[start:m.start()].strip())
        start = m.end()
    tail = effect[start:].strip()
    if tail:
        out.append(tail.rstrip("."))
    return [s for s in out if s]


class _Card:
    """What the reader knows about the card: how it names itself, and its type line."""

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
            names.add(name.lower())
            if "," in name:  # "Ramos, Dragon Engine" calls itself "Ramos"
                names.add(name.split(",")[0].strip().lower())
        self.self_names = names

    def is_self(self, words: str) -> bool:
        return words.strip().lower() in self.self_names

    def error(self, sentence: str, reason: str) -> OracleError:
        return OracleError(sentence, reason, self.name)

    def chosen_colors(self, sentence: str, kind: str) -> str:
        """The chosen color(s) as letters in WUBRG order: one for "color", 1-5 for "colors"."""
        if self.chosen is None:
            raise ChoiceNeeded(sentence, kind, self.name)
        letters = self.chosen.upper().replace("{", "").replace("}", "").replace(" ", "")
        if not letters or any(c not in COLORS for c in letters) or len(set(letters)) != len(letters) \
                or (kind == "color" and len(letters) != 1):
            what = "one color letter (W, U, B, R or G)" if kind == "color" else "color letters like WU"
            raise self.error(sentence, f"the chosen {kind} must be {what}, not {self.chosen!r}")
        self.used_choice = True
        return "".join(c for c in COLORS if c in letters)

    def chosen_type(self, sentence: str) -> str:
        """The chosen creature type, lowercase like the loader's subtypes."""
        if self.chosen is None:
            raise ChoiceNeeded(sentence, "creature type", self.name)
        if not re.fullmatch(r"[A-Za-z][A-Za-z'-]*", self.chosen):
            raise self.error(sentence, f"the chosen creature type must be one word, not {self.chosen!r}")
        self.used_choice = True
        return self.chosen.lower()


# ---------------------------------------------------------------------------------------------
# Mana produced


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


_ANY_COLOR = re.compile(rf"^{_NUM} mana of any color$", re.I)
_COMBINATION = re.compile(rf"^{_NUM} mana in any combination of colors$", re.I)
_ONE_COLOR = re.compile(rf"^{_NUM} mana of any one color$", re.I)
_COMBINATION_OF = re.compile(rf"^{_NUM} mana in any combination of ({_SYMBOLS})(?:,? and/or ({_SYMBOLS}))$", re.I)
_REFLECT = re.compile(r"^one mana of any (type|color) that a land (you control|an opponent controls) "
                      r"could produce$", re.I)
_ALTERNATIVES = re.compile(rf"^({_SYMBOLS})((?:, {_SYMBOLS})*),? or ({_SYMBOLS})$")
# Wording that makes the amount or kind of mana depend on the game: not expressible.
_DEPENDS = [
    (re.compile(r"\bfor each\b|\bequal to\b|\bX\b|\bamount\b", re.I),
     "the amount of mana depends on the game state"),
    (re.compile(r"\bchosen\b|\bthat color\b|\bthat type\b|\bcommander", re.I),
     "the kind of mana depends on a choice or card the text can't know"),
    (re.compile(r"could produce", re.I),
     "only \"a land you control\" and \"a land an opponent controls\" could-produce templates are read"),
]


def _read_add(what: str, card: _Card, sentence: str) -> Any:
    """The spec ``add`` value for the words after "Add"."""
    what = what.strip()
    if re.fullmatch(_SYMBOLS, what):
        return _mana_string(what, card, sentence)
    m = _ALTERNATIVES.match(what)
    if m:
        middle = re.findall(_SYMBOLS, m.group(2))
        return tuple(_mana_string(t, card, sentence) for t in (m.group(1), *middle, m.group(3)))
    m = re.fullmatch(rf"{_NUM} (\{{[^{{}}]+\}})", what, re.I)
    if m:  # "Add six {G}" (Castle Garenbrig)
        return _mana_string(m.group(2) * _number(m.group(1)), card, sentence)
    m = _ANY_COLOR.match(what) or _COMBINATION.match(what)
    if m:
        return (("any_color", _number(m.group(1))),)
    m = _ONE_COLOR.match(what)
    if m:
        return (("one_color", _number(m.group(1))),)
    m = _COMBINATION_OF.match(what)
    if m:  # "three mana in any combination of {R} and/or {G}": list every combination exactly
        n = _number(m.group(1))
        options = [_mana_string(t, card, sentence) for t in (m.group(2), m.group(3))]
        if any(len(ManaCost.parse(o)) != 1 for o in options):
            raise card.error(sentence, "unknown mana template")
        return tuple("".join(c) for c in combinations_with_replacement(options, n))
    if re.fullmatch(r"one mana of the chosen color", what, re.I):
        return "{%s}" % card.chosen_colors(sentence, "color")
    m = re.fullmatch(rf"({_SYMBOLS}) or one mana of the chosen color", what, re.I)
    if m:  # the Thriving lands
        first = _mana_string(m.group(1), card, sentence)
        chosen = "{%s}" % card.chosen_colors(sentence, "color")
        return first if chosen == first else (first, chosen)
    if re.fullmatch(r"one mana of any color in your commander's color identity", what, re.I):
        letters = card.chosen_colors(sentence, "colors")  # 903.4: the commander's colors
        if len(letters) == 5:
            return (("any_color", 1),)
        return "{%s}" % letters if len(letters) == 1 else tuple("{%s}" % c for c in letters)
    m = _REFLECT.match(what)
    if m:  # 106.7
        whose = "lands_you_control" if m.group(2).lower() == "you control" else "lands_opponents_control"
        return (("reflect", whose), ("what", m.group(1).lower()))
    for pattern, reason in _DEPENDS:
        if pattern.search(what):
            raise card.error(sentence, reason)
    raise card.error(sentence, "unknown mana template")


# ---------------------------------------------------------------------------------------------
# Costs (602.1: "[Cost]: [Effect.]")


@dataclass
class _Cost:
    tap: bool = False
    mana: str | None = None
    life: int = 0
    energy: int = 0
    sacrifice: bool = False


def _read_cost(text: str, card: _Card, sentence: str) -> _Cost:
    cost = _Cost()
    mana: list[str] = []
    for self_name in card.self_names:  # "Sacrifice Boseiju, Who Shelters All" is one item
        if "," in self_name:
            text = re.sub(re.escape(self_name), "CARDNAME", text, flags=re.I)
    for item in (p.strip() for p in text.split(",")):
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
                    raise card.error(sentence, "the untap symbol {Q} is not a cost the spec knows")
                elif up == "X":
                    raise card.error(sentence, "the value of X in the cost isn't known")
                else:
                    mana.append("{%s}" % body)
        elif m := re.fullmatch(rf"Pay {_NUM} life", item, re.I):
            cost.life += _number(m.group(1))
        elif m := re.fullmatch(rf"Pay ({_SYMBOLS})", item, re.I):
            bodies = [b.upper() for b in _SYMBOL.findall(m.group(1))]
            if set(bodies) != {"E"}:
                raise card.error(sentence, f"unknown cost {item!r}")
            cost.energy += len(bodies)
        elif m := re.fullmatch(r"Sacrifice (.+)", item, re.I):
            if not card.is_self(m.group(1)):
                why = "" if card.name else " (pass name= if it names the card itself)"
                raise card.error(sentence, f"the cost {item!r} depends on other permanents{why}")
            cost.sacrifice = True
        elif (m := re.fullmatch(r"Exert (.+)", item, re.I)) and card.is_self(m.group(1)):
            pass  # exerting only stops it untapping next turn: nothing this payment sees
        elif (m := re.fullmatch(r"Exile (.+) from your hand", item, re.I)) and card.is_self(m.group(1)):
            cost.sacrifice = True  # the card is used up, once, like a sacrifice (Spirit Guides)
        else:
            raise card.error(sentence, f"the cost {item!r} depends on the game state "
                             "(counters, other cards or permanents) or is not in the spec")
    if mana:
        cost.mana = _mana_string("".join(mana), card, sentence)
    return cost


# ---------------------------------------------------------------------------------------------
# Spend restrictions (106.6)

_SPELL_WORDS_TYPES = {"artifact", "creature", "enchantment", "instant", "sorcery", "planeswalker",
                      "battle", "kindred", "tribal"}
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G",
                "multicolored": "multicolored", "monocolored": "monocolored", "colorless": "colorless"}
_IRREGULAR = {"elves": "elf", "dwarves": "dwarf", "wolves": "wolf", "werewolves": "werewolf",
              "homunculi": "homunculus", "fungi": "fungus", "mice": "mouse"}


def _singular(word: str) -> str:
    low = word.lower()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if low.endswith("ies") and low not in {"sorceries"}:
        return low[:-3] + "y"
    if low == "sorceries":
        return "sorcery"
    if low.endswith("s") and not low.endswith("ss"):
        return low[:-1]
    return low


def _describe(words: str) -> tuple[tuple[str, ...], tuple[str, ...], str | None] | None:
    """``(types, subtypes, colors)`` for "an Elf creature", "instant and sorcery", "multicolored"
    and the like; None when a word is not a type, a subtype or a color."""
    types: list[str] = []
    subtypes: list[str] = []
    colors: str | None = None
    tokens = words.split()
    if tokens and tokens[0].lower() in ("a", "an"):
        tokens = tokens[1:]
    joiners = [i for i, t in enumerate(tokens) if t in ("or", "and")]
    for i, tok in enumerate(tokens):
        if tok in ("or", "and"):
            continue
        low = _singular(tok)
        if low in _SPELL_WORDS_TYPES:
            types.append(low)
        elif tok.lower() in _COLOR_WORDS and colors is None and not joiners:
            colors = _COLOR_WORDS[tok.lower()]
        elif tok[:1].isupper() and tok.isalpha() and not joiners:
            subtypes.append(low)
        else:
            return None
    if joiners and (subtypes or colors or len(types) != len(tokens) - len(joiners)):
        return None  # "or" only between card types: "instant or sorcery"
    if not (types or subtypes or colors):
        return None
    return tuple(types), tuple(subtypes), colors


def _read_only(text: str, card: _Card, sentence: str) -> SpendRestriction:
    """The ``only`` object for "Spend this mana only <text>"."""
    text = re.sub(r",? and that spell can't be countered$", "", text)  # extra effect, 106.6
    if re.fullmatch(r"to cast a creature spell of the chosen type", text):
        return SpendRestriction("spell", ("creature",), (card.chosen_type(sentence),))
    if re.fullmatch(r"on costs that (contain|include) \{X\}", text):
        return SpendRestriction(has_x=True)
    if re.fullmatch(r"to cast spells", text):
        return SpendRestriction("spell")
    m = re.fullmatch(r"to cast (.+?) spells?(?: or activate (?:an ability|abilities) of (.+))?", text)
    if m:
        spell = _describe(m.group(1))
        if spell is None:
            raise card.error(sentence, "this spend restriction can't be expressed with the spec's "
                             "kind, types, subtypes, colors and has_x")
        if m.group(2) is None:
            return SpendRestriction("spell", spell[0], spell[1], spell[2])
        other = _describe(m.group(2))
        if other != spell:
            raise card.error(sentence, "spells of one kind or abilities of another can't be "
                             "expressed as one spend restriction")
        return SpendRestriction(None, spell[0], spell[1], spell[2])
    m = re.fullmatch(r"to activate (?:an ability|abilities) of (.+)", text)
    if m:
        obj = _describe(m.group(1))
        if obj is not None:
            return SpendRestriction("ability", obj[0], obj[1], obj[2])
    raise card.error(sentence, "this spend restriction can't be expressed with the spec's "
                     "kind, types, subtypes, colors and has_x")


# ---------------------------------------------------------------------------------------------
# The rest of the effect: riders after "Add ..."

# Extra effects that can't change this payment (nothing is paid, made or spent differently).
_HARMLESS = [
    r"SELF doesn't untap during your next untap step",
    r"Put a depletion counter on SELF",
    r"Draw a card",
    r"Draw a card at the beginning of the next turn's upkeep",
    rf"Each opponent gains {_NUM} life",
    rf"You gain {_NUM} life",
    r"(If|When) that mana is spent .+",  # 106.6: an effect on the spell it pays for
    r"During your next untap step, as you untap your permanents, return SELF to its owner's hand",
    r"If this ability has been activated four or more times this turn, sacrifice SELF at the "
    r"beginning of the next end step",
]


def _self_pattern(card: _Card) -> str:
    names = sorted(card.self_names, key=len, reverse=True)
    return "(?:" + "|".join(re.escape(n) for n in names) + ")"


@dataclass
class _Riders:
    damage: int = 0
    uses: int | None = None
    only: SpendRestriction | None = None


def _read_riders(sentences: list[str], card: _Card) -> _Riders:
    riders = _Riders()
    me = _self_pattern(card)
    harmless = [re.compile("^" + h.replace("SELF", me) + "$", re.I) for h in _HARMLESS]
    for s in sentences:
        if m := re.fullmatch(rf"{me} deals {_NUM} damage to you", s, re.I):
            riders.damage += _number(m.group(1))
        elif m := re.fullmatch(rf"(?:you|each player) loses? {_NUM} life", s, re.I):
            riders.damage += _number(m.group(1))  # life lost, like the painlands' damage
        elif m := re.fullmatch(r"Spend this mana only (.+)", s):
            riders.only = _read_only(m.group(1), card, s + ".")
        elif re.fullmatch(r"Activate (?:this ability )?only once each turn", s):
            riders.uses = 1
        elif m := re.fullmatch(rf"Activate (?:this ability )?no more than ({_NUM}|once|twice)(?: times)? "
                               r"each turn", s):
            word = m.group(1).lower()
            riders.uses = _TIMES[word] if word in _TIMES else _number(word)
        elif re.match(r"Activate (?:this ability )?only\b", s):
            raise card.error(s + ".", "a timing or condition on activating it can't be expressed")
        elif any(h.fullmatch(s) for h in harmless):
            continue
        else:
            hint = "" if card.name else " (if it names the card itself, pass name=)"
            raise card.error(s + ".", f"an effect the spec's ability format can't express{hint}")
    return riders


# ---------------------------------------------------------------------------------------------
# Abilities


def _implied(card: _Card) -> list[ManaAbility]:
    """305.6: a land with basic land types has "{T}: Add" each type's mana."""
    if card.type_line is None:
        return []
    mana = ["{%s}" % BASIC_LAND_TYPES[t] for t in card.type_line.basic_land_types]
    if not mana:
        return []
    return [ManaAbility(mana[0] if len(mana) == 1 else tuple(mana))]


def _reminder_ability(paragraph: str, card: _Card) -> list[ManaAbility]:
    """A paragraph that is only reminder text like "({T}: Add {B} or {R}.)" states the abilities of
    basic land types (305.6). With a type line they come from the types instead, and must agree."""
    m = re.fullmatch(r"\((\{T\}: Add [^()]*)\)", paragraph.strip())
    if not m:
        return []
    ability = _read_activated(m.group(1), card)
    if card.type_line is None:
        return ability
    if [a.to_dict() for a in ability] != [a.to_dict() for a in _implied(card)]:
        raise card.error(m.group(1), "the reminder text disagrees with the type line's basic land types")
    return []


def _read_activated(text: str, card: _Card) -> list[ManaAbility]:
    """One paragraph: its mana ability, or [] when it is not one (605.1a)."""
    masked = _outside_quotes(text)
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
    sentences = _sentences(effect)
    first = sentences[0] if sentences else ""
    whole = f"{text[:colon].strip()}: {first}."
    m = re.fullmatch(r"Add (.+)", first)
    if not m:
        reason = ("doubling mana can't be expressed" if doubles
                  else "the mana it adds depends on something the text can't know")
        raise card.error(whole, reason)
    add = _read_add(m.group(1), card, whole)
    cost = _read_cost(cost_text, card, whole)
    riders = _read_riders(sentences[1:], card)
    uses = riders.uses if riders.uses is not None else 1
    if not cost.tap and not cost.sacrifice and riders.uses is None:
        raise card.error(whole, "it can be activated any number of times a turn, and the spec's "
                         "\"uses\" needs a number")
    return [ManaAbility(add=add, tap=cost.tap, mana=cost.mana, life=cost.life, damage=riders.damage,
                        energy=cost.energy, sacrifice=cost.sacrifice,
                        uses=uses if not cost.tap else 1, only=riders.only)]


_TRIGGER = re.compile(r"^(When|Whenever|At)\b", re.I)
# Effects of a "whenever it becomes tapped" trigger that can't change the payment.
_TAP_HARMLESS = [r"target opponent creates .+", rf"(?:it|SELF) deals {_NUM} damage to each opponent",
                 rf"each opponent loses {_NUM} life"]


def _read_trigger(text: str, card: _Card) -> int:
    """A triggered ability: the damage it deals to you each time the card is tapped (City of Brass),
    or 0. 605.1b: a trigger from a mana ability or from mana being added is a (triggered) mana
    ability, which the spec can't express; other triggers that add mana are not mana abilities
    (605.5a) and are ignored, like every other trigger."""
    masked = _outside_quotes(text)
    condition, _, rest = masked.partition(",")
    me = _self_pattern(card)
    adds = re.search(r"\badds?\b", masked, re.I)
    on_tap = re.fullmatch(rf"Whenever (?:{me} becomes tapped|you tap {me} for mana)", condition.strip(), re.I)
    if not on_tap:
        if adds and re.search(r"tapped for mana|taps? [\w ]*for mana|mana ability|adds? mana", condition, re.I):
            raise card.error(text, "a triggered mana ability (605.1b) can't be expressed")
        return 0
    damage = 0
    harmless = [re.compile(h.replace("SELF", me), re.I) for h in _TAP_HARMLESS]
    for sentence in _sentences(text[len(condition) + 1:]):
        if m := re.fullmatch(rf"(?:it|{me}) deals {_NUM} damage to you", sentence, re.I):
            damage += _number(m.group(1))  # like a painland's damage, on every {T} ability
        elif any(h.fullmatch(sentence) for h in harmless):
            continue
        elif re.search(r"\badds?\b", sentence, re.I):
            raise card.error(text, "a triggered mana ability (605.1b) can't be expressed")
        else:
            raise card.error(text, "an effect of tapping it that the spec's ability format can't express")
    return damage


def read_oracle(oracle: str, *, name: str | None = None, type_line: str | None = None,
                chosen: str | None = None) -> list[dict]:
    """The card's mana abilities as spec ability dicts (problem.md section 3), in printed order,
    with the abilities of basic land types (305.6) first. ``name`` lets the reader recognize the
    card naming itself ("Sacrifice Lotus Petal"); ``type_line`` gives basic land types; ``chosen``
    is the choice made for the permanent where its mana depends on one (a color ``"G"``, a
    creature type ``"Elf"``, the commander's colors ``"WU"``).

    Raises :class:`OracleError` for a mana ability it can't express for certain, and
    :class:`ChoiceNeeded` (a kind of OracleError) when only ``chosen`` is missing."""
    card = _Card(name, type_line, chosen)
    abilities = _implied(card)
    tap_damage = 0
    for paragraph in oracle.replace("\r", "").split("\n"):
        paragraph = paragraph.strip()
        if not paragraph:
            continue
        reminder = _reminder_ability(paragraph, card)
        if reminder:
            abilities.extend(reminder)
            continue
        text = paragraph
        while _REMINDER.search(text):  # reminder text is not rules text
            text = _REMINDER.sub("", text)
        text = re.sub(r"\s+", " ", text).strip()
        if not text:
            continue
        if _TRIGGER.match(text):
            tap_damage += _read_trigger(text, card)
        else:
            abilities.extend(_read_activated(text, card))
    if tap_damage:
        abilities = [replace(a, damage=a.damage + tap_damage) if a.tap else a for a in abilities]
    if chosen is not None and not card.used_choice:
        raise OracleError(chosen, "this card's mana abilities make no choice to give", name)
    return [a.to_dict() for a in abilities]


def source_from_card(name: str | None, oracle: str, type_line: str | None, *,
                     chosen: str | None = None) -> dict:
    """A spec source dict for a card: ``name``, lowercase ``types``, ``snow`` when the type line has
    Snow, and the ``abilities`` read from its Oracle text (raises :class:`OracleError`; ``chosen``
    as for :func:`read_oracle`)."""
    out: dict[str, Any] = {}
    if name is not None:
        out["name"] = name
    abilities = read_oracle(oracle, name=name, type_line=type_line, chosen=chosen)
    if type_line is not None:
        parsed = parse_type_line(type_line)
        out["types"] = list(parsed.types)
        if parsed.snow:
            out["snow"] = True
    elif name is not None and basic_land(name) is not None:
        out["types"] = ["land"]
        if basic_land(name)[1]:
            out["snow"] = True
    out["abilities"] = abilities
    return out


def measure(rows: list[dict]) -> tuple[int, list[tuple[str, str]]]:
    """How many of ``rows`` (``name``, ``types``, ``oracle``) read completely, and the failures
    as ``(name, message)``: the coverage figure of docs/oracle.md."""
    failures = []
    for row in rows:
        try:
            read_oracle(row["oracle"], name=row["name"], type_line=row.get("types"))
        except OracleError as e:
            failures.append((row["name"], str(e)))
    return len(rows) - len(failures), failures


if __name__ == "__main__":  # python -m models.oracle ../shared/data/mana_sources.jsonl [-v]
    import json
    import sys

    path = next((a for a in sys.argv[1:] if not a.startswith("-")), "../shared/data/mana_sources.jsonl")
    with open(path, encoding="utf-8") as f:
        cards = [json.loads(line) for line in f if line.strip()]
    read, failed = measure(cards)
    if "-v" in sys.argv:
        for _, message in failed:
            print(message)
    print(f"{read}/{len(cards)} cards read completely ({read / len(cards):.2%})")
