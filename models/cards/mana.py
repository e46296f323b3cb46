"""The mana an ability adds, and how many times (problem.md 3 and 9.2's ``add`` and ``times``)."""

from __future__ import annotations

import re
from itertools import combinations_with_replacement
from dataclasses import dataclass, field
from typing import Any

from tapwise.models.mana import COLORS, Kind, ManaCost, NotationError
from tapwise.models.cards.card import _SYMBOLS, _Card
from tapwise.models.cards.words import NUM, fact_phrase, number

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
_COMBINATION_OF = re.compile(rf"^{_AMOUNT} mana in any combination of ((?:\{{[WUBRG]\}}(?:, |,? "
                             rf"and/or |,? or )?)+)$",
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
        return _Add(tuple(_mana_string(t, card, sentence) for t in (m.group(1), *middle,
                                                                    m.group(3))))
    m = re.fullmatch(rf"{NUM} (\{{[^{{}}]+\}})", what, re.I)
    if m:  # "Add six {G}" (Castle Garenbrig)
        return _Add(_mana_string(m.group(2) * number(m.group(1)), card, sentence))
    m = re.fullmatch(r"an amount of (\{[^{}]+\})", what, re.I)
    if m:  # "an amount of {G} equal to ...": the symbol, made X times
        return _Add(_mana_string(m.group(1), card, sentence), "X")
    m = re.fullmatch(r"X (\{[^{}]+\})", what)
    if m:
        return _Add(_mana_string(m.group(1), card, sentence), "X")
    m = re.fullmatch(rf"{_AMOUNT} mana of any(?: one)? color|{_AMOUNT} mana in any combination of "
                     rf"colors", what, re.I)
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
            if n == "X":
                return _Add("{%s}" % letter, "X")
            return _Add("{%s}" % letter * n)
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
    if m := re.fullmatch(rf"{NUM} mana of any color in your commander's color identity", what,
                         re.I):
        n = number(m.group(1))
        letters = card.chosen_colors(sentence, "colors")  # 903.4: the commander's colors
        if letters is None:
            return _Add((("any_color", n), ("of", (("fact", "commander colors"),))))
        if len(letters) == 5:
            return _Add((("any_color", n),))
        options = tuple("".join("{%s}" % c for c in combo)
                        for combo in combinations_with_replacement(letters, n))
        return _Add(options[0] if len(options) == 1 else options)
    # every pair of two colors, one each
    if re.fullmatch(r"two mana of different colors", what, re.I):
        return _Add(tuple("{%s}{%s}" % (a, b) for i, a in enumerate(COLORS)
                          for b in COLORS[i + 1:]))
    m = re.fullmatch(r"that much (\{[^{}]+\})", what, re.I)
    if m:  # "Remove one or more dream counters ...: Add that much {C}"
        return _Add(_mana_string(m.group(1), card, sentence), "X")
    m = re.fullmatch(r"one mana of any color among (.+)", what, re.I)
    # Mox Amber: the engine knows the colors
    if m and not re.search(r"\b(chosen|exiled|that)\b", m.group(1)):
        return _Add((("any_color", 1), ("of", (("fact", "colors among " + m.group(1).lower()),))))
    if re.fullmatch(r"one mana of a chosen color", what, re.I):
        # Desert Cenote's "choose up to two colors": the colors chosen, a color fact of the
        # permanent (the source's own ``facts``, 9.1), as Mox Amber's colors are the board's
        return _Add((("any_color", 1), ("of", (("fact", "colors chosen for it"),))))
    m = re.fullmatch(r"one mana of any of the exiled cards?'s? colors", what, re.I)
    if m:  # Chrome Mox, Pit of Offerings: the exiled cards' colors are a fact of the game
        return _Add((("any_color", 1), ("of", (("fact", "colors of the exiled cards"),))))
    m = re.fullmatch(r"X (\{[WUBRG]\}) or X (\{[WUBRG]\})", what)
    if m:  # Brigid: X mana, all of one of the two colors
        return _Add((("one_color", "X"), ("of", _letters([m.group(1), m.group(2)]))))
    m = re.fullmatch(r"one mana of any (type|color) that a land (you control|an opponent controls) "
                     r"could produce",
                     what, re.I)
    if m:  # 106.7
        whose = "lands_you_control" if m.group(2).lower() == "you control" else "lands_opponents_control"
        return _Add((("reflect", whose), ("what", m.group(1).lower())))
    m = re.fullmatch(r"one mana of any (type|color) (?:that )?an? (Gate|basic land) you control "
                     r"could produce", what, re.I)
    if m:  # 106.7 on some of the lands (tapwise extension: reflect's lands)
        lands = (("subtypes", ["gate"]),) if m.group(2).lower() == "gate" else (("supertypes",
                                                                                 ["basic"]),)
        return _Add((("reflect", "lands_you_control"), ("what", m.group(1).lower()), ("lands",
                                                                                      lands)))
    m = re.fullmatch(r"one mana of any (type|color) (?:that )?the sacrificed land could produce",
                     what, re.I)
    if m:  # 106.7 of the land the cost took (tapwise extension: reflect "sacrificed")
        return _Add((("reflect", "sacrificed"), ("what", m.group(1).lower())))
    if re.search(r"could produce", what, re.I):
        raise card.error(sentence, 'only "a land you control" and "a land an opponent controls" '
                         "could-produce templates are read")
    if re.search(r"\bchosen\b|\bthat color\b|\bthat type\b", what, re.I):
        raise card.error(sentence, "the kind of mana depends on a choice or card the text can't "
                                   "know")
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
    if m := re.fullmatch(rf"equal to (?:{NUM} plus )?(?:the amount of counters removed|X)(?: plus "
                         rf"{NUM})?", rest, re.I):
        plus = number(m.group(1) or m.group(2) or "0")
        return {"remove": "?", **({"plus": plus} if plus else {})}  # the counters of the cost
    m = (re.fullmatch(r"for each (.+)", rest, re.I) or re.fullmatch(r",? ?where X is (.+)", rest,
                                                                    re.I)
         or re.fullmatch(r"equal to (.+)", rest, re.I))
    if not m:
        raise card.error(sentence, "the amount of mana depends on the game state in a way no "
                                   "template reads")
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
    elif re.fullmatch(r"the (?:greatest|highest) [\w' ]+ among [\w' ]+ you control that [\w' "
                      r"]+|the greatest number "
                      r"of [\w' ]+ you control that [\w' ]+", phrase, re.I):
        # White Lotus Tile, Alena: a number the engine knows
        fact = " ".join(phrase.lower().split()[1:])
    elif re.fullmatch(r"the number of [\w' ]+ you control of the chosen type", phrase, re.I):
        fact = fact_phrase(phrase)  # Three Tree City: counted for the permanent's chosen type
    elif re.fullmatch(r"the amount of life you gained this turn|your life total", phrase, re.I):
        fact = fact_phrase(phrase)
    elif vm := re.fullmatch(r"the (?:sacrificed|exiled) (?:creature|artifact|permanent)'s (mana "
                            r"value|converted mana "
                            # tapwise extension: a number about the
                            # permanent the cost took
                            r"cost|power)", phrase, re.I):
        victim = "power" if vm.group(1).lower() == "power" else "mana value"  # 202.3: the old name
        return {"victim": victim, **({"plus": plus} if plus else {})}
    elif re.search(r"\b(sacrificed|exiled|discarded|revealed|that|those|this way|chosen|target)\b",
                   phrase, re.I):
        raise card.error(sentence, "the amount depends on a card chosen as the ability is "
                                   "activated")
    elif re.fullmatch(r"(?:your )?devotion to (?:white|blue|black|red|green)(?: and "
                      r"(?:white|blue|black|red|green))?",
                      phrase, re.I):
        fact = fact_phrase(phrase)
    elif re.fullmatch(r"the (?:greatest|highest|total) [\w' ]+ among [\w' ]+ you control", phrase,
                      re.I):
        fact = " ".join(phrase.lower().split()[1:])
    elif (re.fullmatch(r"(?:the number of )?[\w' ,/&-]+", phrase, re.I) and not re.search(r"\bX\b", phrase)
          and (m.re.pattern.startswith("for each") or phrase.lower().startswith("the number of"))):
        fact = fact_phrase(phrase)  # a count the engine knows, in the card's words
    else:
        raise card.error(sentence, "the amount of mana depends on the game state in a way no "
                                   "template reads")
    out = {"fact": fact}
    return {**out, "plus": plus} if plus else out


