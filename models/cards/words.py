"""The words of Oracle text the reader (:mod:`models.cards.oracle`) needs: type lines, numbers,
sentences, descriptions of permanents and spells, and the fact phrases of problem.md 9.1."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["TypeLine", "parse_type_line", "number", "NUM", "sentences", "outside_quotes",
           "singular",
           "describe", "Description", "fact_phrase", "BASIC_LAND_TYPES", "CARD_TYPES"]

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
    shared data (``"Land Swamp Mountain"``): then subtypes start after the last card type. Of a
    two-faced type line (``"Creature — Elf // Land"``) only the first face is taken."""
    text = text.split(" // ")[0]
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


_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
NUM = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"


def number(word: str) -> int:
    word = word.lower()
    return int(word) if word.isdigit() else _NUMBERS[word]


_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")


def outside_quotes(text: str) -> str:
    """``text`` with quoted text blanked out (same length), so granted abilities don't count."""
    return _QUOTED.sub(lambda m: " " * len(m.group(0)), text)


def sentences(effect: str) -> list[str]:
    """Split an effect into sentences (not inside quotes), without their final periods."""
    masked = outside_quotes(effect)
    out, start = [], 0
    for m in re.finditer(r"\.(\s+|$)", masked):
        out.append(effect[start:m.start()].strip())
        start = m.end()
    tail = effect[start:].strip()
    if tail:
        out.append(tail.rstrip("."))
    return [s for s in out if s]


_IRREGULAR = {"elves": "elf", "dwarves": "dwarf", "wolves": "wolf", "werewolves": "werewolf",
              "homunculi": "homunculus", "fungi": "fungus", "mice": "mouse", "plains": "plains",
              "sorceries": "sorcery", "allies": "ally", "zombies": "zombie", "oxen": "ox",
              "octopi": "octopus", "cyclopes": "cyclops", "lotuses": "lotus", "forests": "forest",
              "glasses": "glass", "princesses": "princess", "walruses": "walrus"}
_KEEP = {"plains", "is", "its", "this", "less", "class", "glass", "lotus", "cyclops", "octopus",
         "powerstones"}


def singular(word: str) -> str:
    """The lowercase singular of a plural word of Oracle text ("Elves" -> "elf")."""
    low = word.lower()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if low in _KEEP or low.endswith(("ss", "us", "'s", "’s")):
        return low
    if low.endswith("ies") and len(low) > 4:
        return low[:-3] + "y"
    if re.search(r"(ches|shes|xes)$", low):
        return low[:-2]
    if low.endswith("s"):
        return low[:-1]
    return low


_SPELL_TYPES = {"artifact", "creature", "enchantment", "instant", "sorcery", "planeswalker",
                "battle", "kindred", "tribal", "land"}
_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G",
                "multicolored": "multicolored", "monocolored": "monocolored",
                "colorless": "colorless"}


@dataclass(frozen=True)
class Description:
    """"an Elf creature", "instant or sorcery", "Cleric, Rogue, or Wizard": card types and
    subtypes (each list: any of, and both must match when both are given) and a color class."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: str | None = None


def describe(words: str) -> Description | None:
    """The description of ``words``, or None when a word is not a type, a subtype or a color, or
    the words join kinds in a way the spec's any-of lists can't say."""
    text = re.sub(r",? (?:and/or|or|and) ", ", ", words.strip())
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts:
        return None
    kinds = []
    for part in parts:
        tokens = part.split()
        if tokens and tokens[0].lower() in ("a", "an"):
            tokens = tokens[1:]
        while tokens and singular(tokens[-1]) in ("source", "spell"):
            tokens = tokens[:-1]
        types, subtypes, colors = [], [], None
        for tok in tokens:
            low = singular(tok)
            if low in _SPELL_TYPES:
                types.append(low)
            elif tok.lower() in _COLOR_WORDS and colors is None:
                colors = _COLOR_WORDS[tok.lower()]
            elif tok[:1].isupper() and re.fullmatch(r"[A-Za-z'-]+", tok):
                subtypes.append(low)
            else:
                return None
        if len(types) > 1 or len(subtypes) > 1 or not (types or subtypes or colors):
            return None  # "artifact creature": all of, which any-of lists can't say
        kinds.append((tuple(types), tuple(subtypes), colors))
    if len(kinds) == 1:
        return Description(*kinds[0])
    # Several kinds joined by "or": only a list of one sort (all types, or all subtypes) is any-of.
    if all(k[0] and not k[1] and k[2] is None for k in kinds):
        return Description(tuple(dict.fromkeys(k[0][0] for k in kinds)))
    if all(k[1] and not k[2] for k in kinds) and len({k[0] for k in kinds}) == 1:
        return Description(kinds[0][0], tuple(dict.fromkeys(k[1][0] for k in kinds)))
    return None


_LOCATIVE = ("you", "on", "in", "among", "that", "with", "your", "attached", "an", "a")


def fact_phrase(words: str) -> str:
    """The fact key of 9.1 for a counted phrase, in the cards' own words, lowercase, singular:
    "Elves you control" -> "elf you control", "the number of artifacts you control" -> "artifact
    you control", "your devotion to green" -> "devotion to green"."""
    text = " ".join(words.strip().lower().split())
    text = re.sub(r"^(?:the number of |the amount of |your |the )", "", text)
    text = re.sub(r"^(?:the number of |the )", "", text)
    tokens = text.split()
    out = []
    counting = True
    for i, tok in enumerate(tokens):
        if counting and (tok in _LOCATIVE and i > 0):
            counting = False
        out.append(singular(tok) if counting and tok not in ("and", "or", "other", "untapped",
                                                             "tapped",
                                                             "basic", "nontoken", "legendary",
                                                             "snow")
                   else tok)
    return " ".join(out)
