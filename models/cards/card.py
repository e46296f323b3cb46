"""What the Oracle reader (:mod:`models.cards.oracle`) knows about the card being read: how it names
itself, its type line, the choice given for it; the reader's errors; and the canonical form of
an ability dict (version-1 keys through the problem loader, version-2 keys as 9.2 writes them)."""

from __future__ import annotations

import re
from typing import Any

from tapwise.models.basics import basic_land
from tapwise.models.mana import COLORS
from tapwise.models.cards.words import BASIC_LAND_TYPES, Description, parse_type_line

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




V1_ABILITY_KEYS = ("add", "tap", "mana", "life", "damage", "energy", "sacrifice", "uses", "only")
_ORDER = V1_ABILITY_KEYS + ("times", "remove_counters", "put_counters", "if", "unless",
                            "sacrifice_other",
                            "tap_other", "discard", "exile_graveyard", "mill", "drawback", "zone")
_DEFAULTS: dict[str, Any] = {"tap": True, "mana": None, "life": 0, "damage": 0, "energy": 0,
                             "sacrifice": False, "uses": 1, "only": None, "times": 1,
                             "remove_counters": {}, "put_counters": {}, "if": [], "unless": [],
                             "sacrifice_other": None, "tap_other": None, "discard": 0,
                             "exile_graveyard": 0, "mill": 0, "drawback": None, "zone": None}


def _is_v1_add(add: Any) -> bool:
    if isinstance(add, dict):
        return not set(add) & {"of", "double_pool"} and not any(isinstance(v, dict)
                                                                for v in add.values())
    return True


def is_version_1(ability: dict[str, Any]) -> bool:
    """Whether an ability dict uses only what format version 1 can say (section 3)."""
    only = ability.get("only") or {}
    return (set(ability) <= set(V1_ABILITY_KEYS) and _is_v1_add(ability["add"])
            and ability.get("uses", 1) != "any"
            and "tags" not in only and not isinstance(only.get("subtypes", []), str))


def finish(raw: dict[str, Any]) -> dict[str, Any]:
    """The canonical dict: keys in the spec's order, defaults left out. An ability the version-1
    format can say is read back by the problem loader, so it is checked like any user's; the
    version-2 keys (9.2) are written in their documented shapes."""
    out = {k: raw[k] for k in _ORDER if k in raw and (k == "add" or raw[k] != _DEFAULTS[k])}
    if is_version_1(out):
        from tapwise.models.abilities import load_ability

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
               "this card", "this token", "this vehicle", "this equipment", "this spacecraft",
               "cardname", "~",
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
        self.token = type_line is not None and "token" in type_line.split(" // ")[0].lower().split()
        names = set(_SELF_WORDS)
        if name:
            # an Alchemy rebalanced card calls itself by the printed name
            if re.match(r"^A-[A-Z]", name):
                name = name[2:]
            legendary = self.type_line is not None and "legendary" in self.type_line.supertypes
            for face in name.split(" // "):
                # "Rasputin Dreamweaver" calls itself "Rasputin"
                if legendary and " " in face and face.split(" ")[0].lower() not in ("the", "a",
                                                                                    "an"):
                    names.add(face.split(" ")[0].rstrip(",").lower())
                names.add(face.lower())
                if "," in face:  # "Ramos, Dragon Engine" calls itself "Ramos"
                    names.add(face.split(",")[0].strip().lower())
        self.self_names = names
        self.pattern = "(?:" + "|".join(re.escape(n) for n in sorted(names, key=len,
                                                                     reverse=True)) + ")"

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

    def has_traits(self, traits: dict[str, Any]) -> bool | None:
        """Whether the card itself has the filter's supertypes, not_types and token keys (None
        without a type line; a card read with one that doesn't say "Token" is no token)."""
        if self.type_line is None:
            return None
        if traits.get("supertypes") and not set(traits["supertypes"]) & set(self.type_line.supertypes):
            return False
        if set(traits.get("not_types", ())) & set(self.type_line.types):
            return False
        if "token" in traits and traits["token"] != self.token:
            return False
        if traits.get("names") and (self.name or "").lower() not in {n.lower()
                                                                     for n in traits["names"]}:
            return False
        if not set(traits.get("all_types", ())) <= set(self.type_line.types):
            return False
        return None if traits.get("colors") else True  # its colors are not in its type line

    def chosen_colors(self, sentence: str, kind: str) -> str | None:
        """The chosen color(s) as letters in WUBRG order, or None when no choice was given."""
        if self.chosen is None:
            return None
        letters = self.chosen.upper().replace("{", "").replace("}", "").replace(" ", "")
        if not letters or any(c not in COLORS
                              for c in letters) or len(set(letters)) != len(letters) \
                or (kind == "color" and len(letters) != 1):
            what = "one color letter (W, U, B, R or G)" if kind == "color" else "color letters like WU"
            raise BadChoice(sentence, f"the chosen {kind} must be {what}, not {self.chosen!r}",
                            self.name)
        self.used_choice = True
        return "".join(c for c in COLORS if c in letters)

    def chosen_type(self, sentence: str) -> str:
        """The chosen creature type, lowercase like the loader's subtypes."""
        if self.chosen is None:
            raise ChoiceNeeded(sentence, "creature type", self.name)
        if not re.fullmatch(r"[A-Za-z][A-Za-z'-]*", self.chosen):
            raise BadChoice(sentence, f"the chosen creature type must be one word, not "
                                      f"{self.chosen!r}", self.name)
        self.used_choice = True
        return self.chosen.lower()


