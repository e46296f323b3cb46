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
from dataclasses import dataclass, replace
from typing import Any

from tapwise.models.basics import basic_land
from tapwise.models.mana import COLORS
from tapwise.models.cards.card import (_ABILITY_WORD, _LOYALTY, _REMINDER, V1_ABILITY_KEYS,
                                       BadChoice, ChoiceNeeded,
                                        OracleError, _Card, finish, is_version_1)
from tapwise.models.cards.costs import _Cost, _read_cost, _traits
from tapwise.models.cards.mana import _add_value, _amount, _mana_string, _read_add
from tapwise.models.cards.riders import _conditions, _read_riders, _Riders, clause_fact
from tapwise.models.cards.words import (BASIC_LAND_TYPES, NUM, Description, TypeLine, describe,
                                        fact_phrase, number,
                                         outside_quotes, parse_type_line, sentences)

__all__ = ["NO_CHOICE", "OracleError", "ChoiceNeeded", "BadChoice", "Skipped", "Reading",
           "read_card", "read_oracle",
           "source_from_card", "parse_type_line", "TypeLine", "measure", "V1_ABILITY_KEYS",
           "is_version_1"]


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
        raise card.error(m.group(1), "the reminder text disagrees with the type line's basic land "
                                     "types")
    return []


def _split_amount(first: str) -> tuple[str, str]:
    """"{G} for each creature you control" -> ("{G}", "for each creature you control")."""
    m = re.match(r"^(.*?)(,? where X is .+|for each .+| equal to .+)$", first, re.I)
    if m and m.group(1).strip():
        return m.group(1).strip(), m.group(2).strip()
    return first.strip(), ""


def _each_color(words: str, cost_text: str, rest: list[str], card: _Card, whole: str) -> dict:
    """"{T}: For each color among permanents you control, add one mana of that color."
    (Bloom Tender, Tarnation Vista's "{1}, {T}: ... monocolored permanents ...") as
    ``{"each_color": 1, "of": {"fact": "colors among permanents you control"}}``: the colors are
    a color fact (9.1) the engine knows, like Meteor Crater's."""
    cost = _read_cost(cost_text, card, whole)
    if cost != _Cost(tap=cost.tap, mana=cost.mana) or not cost.tap or _read_riders(rest, card) != _Riders():
        raise card.error(whole, "one mana of each color with a cost beyond {T} and mana, or a "
                                "rider")
    return finish({"add": {"each_color": 1, "of": {"fact": "colors among "
                                                           "" + " ".join(words.lower().split())}},
                   "mana": cost.mana})


def _revealed(parts: list[str]) -> tuple[list[str], str] | None:
    """"Reveal any number of artifact cards in your hand. Add {C}{C} for each card revealed this
    way." (Metalworker): the effect as "Add {C}{C}" and the fact counting the cards that may be
    revealed ("artifact card in your hand"), whose amount is any number up to it (``up_to``)."""
    if len(parts) < 2:
        return None
    m = re.fullmatch(r"Reveal any number of (.+?) (?:in|from) your hand", parts[0])
    add = re.fullmatch(r"Add (.+?) for each card revealed this way", parts[1])
    if not m or not add or not re.fullmatch(r"(?:[\w-]+ )*cards(?: with .+)?", m.group(1)):
        return None
    return ["Add " + add.group(1), *parts[2:]], fact_phrase(m.group(1) + " in your hand")


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
    if forage := _FORAGE.search(cost_text):
        return _foraged(cost_text, forage, effect, card)
    # "a black or artifact creature": one ability per kind
    if either := _EITHER_KIND.search(cost_text):
        return [a for kind in (f"a {either.group(2)} {either.group(4)}", f"an {either.group(3)} "
                                                                         f"{either.group(4)}")
                for a in _read_activated(f"{cost_text[:either.start(1)]}{kind}{cost_text[either.end(1):]}: {effect}",
                                         card)]
    effect_masked = masked[colon + 1:]
    doubles = re.search(r"\bdouble\b[^.]*\bmana\b", effect_masked, re.I)
    if not (re.search(r"\badds?\b", effect_masked, re.I) or doubles):
        return []
    if re.search(r"\btarget\b", effect_masked, re.I):
        return []  # 605.5a: an ability with a target is not a mana ability
    if re.search(r"\bLevel \d+$", effect_masked.strip().rstrip(".")):
        return []  # a Class's level-up: not a mana ability
    parts = sentences(effect)
    # "Choose a player. That player adds ...", "A player of your choice adds ...", "Each player adds
    # ...": the one paying chooses themselves, and what the others get is no part of the payment.
    if len(parts) >= 2 and parts[0] == "Choose a player" and parts[1].startswith("That player adds "
                                                                                 ""):
        parts = ["Add " + parts[1][len("That player adds "):]] + parts[2:]
    if parts and (m := re.fullmatch(r"(?:A player of your choice|Each player) adds (.+)",
                                    parts[0])):
        parts = ["Add " + m.group(1)] + parts[1:]
    if parts:
        parts[0] = re.sub(r" (?:they|that player) chooses?$", "", parts[0])
        # the old wording (Gem Bazaar)
        parts[0] = re.sub(r"^Add to your mana pool ", "Add ", parts[0])
        # Chea: what the opponents lose is no part of the payment
        parts[0] = re.sub(r"^(Add .+?) and each opponent loses X life(, where X is .+)$", r"\1\2",
                          parts[0])
        parts[0] = re.sub(r"\bof the color last chosen$", "of the chosen color", parts[0])
    revealed = _revealed(parts)
    if revealed is not None:
        parts, revealed_fact = revealed
    first = parts[0] if parts else ""
    whole = f"{text[:colon].strip()}: {first}."
    m = re.fullmatch(r"Add (.+)", first)
    if doubles and re.fullmatch(r"Double the amount of each type of unspent mana you have", first):
        cost = _read_cost(cost_text, card, whole)  # Doubling Cube (9.2's double_pool)
        if _read_riders(parts[1:], card) != _Riders() or cost.remove_any or cost.sacrifice_other or cost.tap_other:
            raise card.error(whole, "a doubling ability with more than a mana and {T} cost")
        return [finish({"add": {"double_pool": True}, "tap": cost.tap, "mana": cost.mana,
                        "uses": 1 if cost.tap else "any"})]
    among = re.fullmatch(r"Choose a color of a (permanent you control|card in your graveyard)",
                         first)
    if among and parts[1:] == ["Add one mana of that color"]:
        cost = _read_cost(cost_text, card, whole)  # Meteor Crater: the engine knows the colors
        if cost != _Cost(tap=True):
            raise card.error(whole, "a color of a permanent with a cost beyond {T}")
        plural = {"permanent you control": "permanents you control",
                  "card in your graveyard": "cards in your graveyard"}
        return [finish({"add": {"any_color": 1, "of": {"fact": "colors among "
                                                               "" + plural[among.group(1)]}}})]
    each = re.fullmatch(r"For each color among (.+?), add one mana of that color", first)
    if each:  # Bloom Tender: one mana of each color the fact names (tapwise's each_color)
        return [_each_color(each.group(1), cost_text, parts[1:], card, whole)]
    choose = re.fullmatch(r"Choose a color", first)
    # "Choose a color. Add ... mana of that color ...": one ability per color
    if choose and len(parts) >= 2:
        return _per_color(text[:colon].strip(), parts[1:], card)
    if not m:
        if doubles:
            reason = "doubling the mana in the pool is a problem's effect, not an ability the reader writes"
        else:
            reason = "the mana it adds depends on something the text can't know"
        raise card.error(whole, reason)
    battery = re.fullmatch(r"(\{[^{}]+\}),? (?:then add|plus) an additional \1 (for each .+)",
                           m.group(1))
    if battery:  # the Mana Batteries: one, plus one for each counter removed
        add_words, amount_words = battery.group(1), battery.group(2)
    else:
        add_words, amount_words = _split_amount(m.group(1))
    made = _read_add(add_words, card, whole)
    amount = _amount(amount_words, card, whole)
    if revealed is not None and amount is None:
        amount = {"fact": revealed_fact, "up_to": True}  # reveal fewer, make less: the player picks
    if battery and amount is not None:
        amount = {**amount, "plus": amount.get("plus", 0) + 1}
    cost = _read_cost(cost_text, card, whole)
    riders = _read_riders(parts[1:], card)
    times: Any = made.times
    x_in_add = isinstance(made.add, tuple) and bool(made.add) and isinstance(made.add[0],
                                                                             tuple) and \
        "X" in dict(made.add).values()
    if times == "X" or amount is not None or x_in_add:
        if cost.remove_any is not None and (amount is None or amount.get("remove") == "?"):
            # "Remove X storage counters: Add X ..."
            amount = {**(amount or {}), "remove": cost.remove_any}
        taken = next((key for key, o in (("sacrifice_other", cost.sacrifice_other), ("tap_other", cost.tap_other))
                      if o is not None and o.get("n") == "X"), None)
        if amount is None and taken is not None and (times == "X" or x_in_add):
            amount = {"taken": taken}  # "Sacrifice X Goats: Add X mana ...": as many as it took
        if amount is None:
            raise card.error(whole, "the amount X isn't known from the text")
        if times not in (1, "X"):
            raise card.error(whole, "an amount of an amount is not a template the reader knows")
        times = amount
        if isinstance(made.add, tuple) and made.add and isinstance(made.add[0],
                                                                   tuple) and dict(made.add).get(
                "one_color") == "X":
            if "fact" in amount:
                # one color, n of it
                made.add = tuple((k, amount if k == "one_color" else v) for k, v in made.add)
                times = 1
            else:
                # n is only a fact in 9.2: all of one color is one ability per
                # color, times the counters
                colors = dict(made.add).get("of") or COLORS
                made.add, made.also = "{%s}" % colors[0], ["{%s}" % c for c in colors[1:]]
    elif cost.remove_any is not None:
        raise card.error(whole, "counters removed in any number without an amount that says how "
                                "much they make")
    if isinstance(times, dict) and "victim" in times and (cost.sacrifice_other is None or
                                                          cost.sacrifice_other.get("n", 1) != 1):
        raise card.error(whole, "the amount depends on a card chosen as the ability is activated")
    if isinstance(times, dict) and "remove" in times and cost.remove_any not in (None,
                                                                                 times["remove"]):
        raise card.error(whole, "the counters removed are not the counters counted")
    if not cost.tap and not cost.sacrifice and not cost.gone and riders.uses is None:
        uses: Any = "any"  # no {T} and no limit: as often as its costs allow
    else:
        uses = riders.uses if riders.uses is not None else 1
    if cost.tap:
        uses = 1
    drawbacks = ([cost.drawback] if cost.drawback else []) + riders.drawbacks
    base: dict[str, Any] = {
        "tap": cost.tap, "mana": cost.mana, "life": cost.life, "damage": riders.damage,
                            "energy": cost.energy,
        "sacrifice": cost.sacrifice, "uses": uses, "only": riders.only, "times": times,
        "remove_counters": cost.remove_counters, "put_counters": {**cost.put_counters,
                                                                  **riders.put_counters},
        "if": riders.conditions, "unless": riders.unless, "sacrifice_other": cost.sacrifice_other,
                            "tap_other": cost.tap_other,
        "discard": cost.discard, "exile_graveyard": cost.exile_graveyard, "mill": cost.mill,
        "drawback": "; ".join(drawbacks) if drawbacks else None, "zone": cost.zone}
    adds = [made.add, *made.also]
    if riders.damage_unless is not None:  # "deals 1 damage to you if you don't control an Ogre"
        n, condition = riders.damage_unless
        if riders.instead is not None or riders.conditions or riders.unless:
            raise card.error(whole, "a condition on damage on an ability with other conditions")
        return _alternatives([{**base, "add": _add_value(a), "damage": base["damage"] + n,
                               "unless": condition}
                              for a in adds] + [{**base, "add": _add_value(a), "if": condition}
                                                for a in adds],
                             card, whole)
    if riders.instead is not None:
        other_words, condition = riders.instead
        if riders.conditions or riders.unless or made.also:
            raise card.error(whole, "a condition on an ability that also has an \"instead\"")
        other = _reflect_instead(made, other_words) or _read_add(other_words, card, whole)
        if other.times != 1 or other.also:
            raise card.error(whole, "an \"instead\" whose amount the reader can't read")
        # 614.1: "instead" replaces the output when the condition holds: two abilities, one
        # for each side of the condition, never both.
        return _alternatives([{**base, "add": _add_value(made.add), "unless": condition},
                              {**base, "add": _add_value(other.add), "if": condition}], card, whole)
    return _alternatives([{**base, "add": _add_value(a)} for a in adds], card, whole)


_FORAGE = re.compile(r"(?:^|(?<=, ))Forage(?=,|$)", re.I)
# 701.61a: "To forage, exile three cards from your graveyard or sacrifice a Food."
_FORAGE_WAYS = ("Exile three cards from your graveyard", "Sacrifice a Food")


_EITHER_KIND = re.compile(r"Sacrifice (an? (white|blue|black|red|green) or (artifact|enchantment) "
                          r"(creature))")


def _foraged(cost_text: str, forage: re.Match, effect: str, card: _Card) -> list[dict]:
    """A cost with "Forage" (701.61a): one ability per way to forage, each with the rest of the
    cost. Exact: the player picks a way each time the ability is activated, and the abilities
    made share what limits the card's activations (a {T} ability taps the copy once)."""
    out = []
    for way in _FORAGE_WAYS:
        cost = cost_text[:forage.start()] + way + cost_text[forage.end():]
        out.extend(_read_activated(f"{cost}: {effect}", card))
    return out


def _reflect_instead(made: Any, words: str) -> Any:
    """"add three mana of that type instead" after a reflecting add (Incubation Druid): the same
    reflection, ``n`` mana all of the type chosen (tapwise extension); None for other words."""
    m = re.fullmatch(rf"{NUM} mana of that (type|color)", words, re.I)
    add = dict(made.add) if isinstance(made.add, tuple) and made.add and isinstance(made.add[0],
                                                                                    tuple) else {}
    if not m or "reflect" not in add or add.get("what") != m.group(2).lower():
        return None
    return replace(made, add=made.add + (("n", number(m.group(1))),))


def _alternatives(raw: list[dict[str, Any]], card: _Card, whole: str) -> list[dict]:
    """The finished abilities; a spend restriction that is an "or" of several ``only`` objects
    (Powerstone: an artifact spell or an ability) becomes one ability per alternative when an
    activation taps or sacrifices the copy and makes one mana (the payer picks, as that mana is
    made, what it will be spent on), else one ability whose ``only`` is ``{"any_of": [...]}``."""
    out = []
    for ability in raw:
        only = ability.get("only")
        if not isinstance(only, list):
            out.append(finish(ability))
            continue
        once = ability["tap"] or ability["sacrifice"] or ability["uses"] == "any"
        if not once or ability["times"] != 1 or _mana_made(ability["add"]) != 1:
            # more mana at a time: every mana keeps all the alternatives (tapwise's only.any_of)
            out.append(finish({**ability, "only": {"any_of": only}}))
            continue
        out.extend(finish({**ability, "only": alternative}) for alternative in only)
    return out


def _mana_made(add: Any) -> int | None:
    """How much mana one making of ``add`` is (None when it varies)."""
    if isinstance(add, str):
        return len(re.findall(r"\{[^{}]+\}", add)) if not re.search(r"\{\d+\}", add) else None
    if isinstance(add, list):
        sizes = {_mana_made(a) for a in add}
        return sizes.pop() if len(sizes) == 1 else None
    if isinstance(add, dict):
        n = next((add[k] for k in ("any_color", "one_color", "any_type") if k in add), None)
        return n if isinstance(n, int) else None
    return None


NO_CHOICE = "this card's mana abilities make no choice to give"

_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _per_color(cost_text: str, rest: list[str], card: _Card) -> list[dict]:
    """"{2}, {T}: Choose a color. Add an amount of mana of that color equal to your devotion to
    that color." (Nykthos): one ability per color, each all of one color; a copy activates one
    of them per activation, so together they make exactly what the card makes."""
    first = rest[0]
    m = re.fullmatch(r"Add (one|X|an amount of) mana of that color(.*)", first)
    if not m:
        raise card.error(f"{cost_text}: Choose a color. {first}.", "the mana it adds depends on "
                                                                   "something "
                         "the text can't know")
    out = []
    for letter, color in _COLOR_NAMES.items():
        words = ("{%s}" % letter + m.group(2)).replace("that color", color)
        text = f"{cost_text}: Add {words}. " + " ".join(s + "." for s in rest[1:])
        out.extend(_read_activated(text.strip(), card))
    return out


_TRIGGER = re.compile(r"^(When|Whenever|At)\b", re.I)
# Effects of a "whenever it becomes tapped" trigger that can't change the payment.
_TAP_HARMLESS = [r"target opponent creates .+", rf"(?:it|SELF) deals {NUM} damage to each opponent",
                 rf"each opponent loses {NUM} life",
                 r"exile target card from a graveyard and put an oil counter on (?:it|SELF)"]


_EXTRA = re.compile(
    r"Whenever (?P<who>a player taps|you tap) (?:an? )?(?P<what>[\w' -]+?) for mana, "
    r"(?:that player adds|add) (?P<mana>one mana of any type that (?:land|permanent|[\w ]+) "
    r"produced|"
    r"(?:an additional )?(?:\{[^{}]+\})+)|"
    r"Whenever (?:an? )?(?P<what2>[\w' -]+?) is tapped for mana, its controller adds "
    r"(?P<mana2>an additional (?:(?:\{[^{}]+\})+|one mana of any color|two mana in any combination "
    r"of colors|"
    r"one mana of the chosen color)|one mana of any type that (?:land|permanent) produced)", re.I)
ENCHANTED = "enchanted"
"""The ``on`` of an aura's effect in a reading (Wild Growth): the card can't name the permanent it
enchants, so the one who builds the problem puts that permanent's id there (9.4's ``on``)."""
_ANY_COLOR_EXTRA = {"one mana of any color": 1, "two mana in any combination of colors": 2}


def _effect(text: str, card: _Card) -> dict[str, Any] | None:
    """The 9.4 ``extra`` effect of a triggered mana ability (106.12a, 605.1b) such as Mana Flare,
    Crypt Ghast or Vernal Bloom, or None when no template reads it."""
    m = _EXTRA.fullmatch(text.rstrip("."))
    if not m:
        return None
    what = m.group("what") or m.group("what2")
    mana = m.group("mana") or m.group("mana2")
    extra = re.sub(r"^an additional ", "", mana)
    if extra.lower() in _ANY_COLOR_EXTRA:
        add: Any = {"any_color": _ANY_COLOR_EXTRA[extra.lower()]}  # tapwise's extension of 9.4
    elif extra.lower() == "one mana of the chosen color":
        # the aura's choice, which 9.1 puts on the enchanted permanent (Utopia Sprawl)
        add = "chosen"
    elif mana.lower().startswith("one mana of any type"):
        add = "same_type"
    else:
        add = _mana_string(extra, card, text)
    if re.fullmatch(r"enchanted (?:land|forest|island|swamp|mountain|plains)", what, re.I):
        return {"kind": "extra", "on": ENCHANTED, "add": add}  # 9.4: an aura on one permanent
    if add == "chosen":
        return None  # a chosen color of the effect's own card, not the tapped permanent's
    what, traits = _traits(what)  # "basic land", "nonland permanent", "artifact token"
    # any permanent
    desc = Description((), (), None) if what.lower() in ("permanent", "") else describe(what)
    if desc is None or desc.colors is not None:
        return None
    when: dict[str, Any] = {}
    if desc.types:
        when["types"] = list(desc.types)
    if desc.subtypes:
        when["subtypes"] = list(desc.subtypes)
    when.update(traits)
    if not (m.group("who") or "").lower().startswith("you"):
        when["controller"] = "any"
    return {"kind": "extra", "when": when, "add": add}


_WHILE = re.compile(r"Whenever you tap (?:an? )?(?P<what>[\w' -]+?) for mana while (?P<cond>[\w' "
                    r"-]+), add an "
                    r"additional (?P<mana>one mana of any color|(?:\{[^{}]+\})+)", re.I)
_FOR_EACH = re.compile(r"Whenever enchanted (?:land|forest|island|swamp|mountain|plains) is tapped "
                       r"for mana, its "
                       r"controller adds an additional (?P<mana>(?:\{[^{}]+\})+) for each "
                       r"(?P<what>[\w' -]+)", re.I)

_INTENSITY = re.compile(r"Whenever enchanted land is tapped for mana, its controller adds an "
                        r"additional amount of "
                        r"(?P<mana>\{[WUBRGC]\}) equal to this enchantment's intensity\. Then this "
                        r"enchantment "
                        r"intensifies by 1", re.I)


def _effect_with_facts(text: str, card: _Card) -> dict[str, Any] | None:
    """A 9.4 extra with tapwise's ``if`` or ``times`` on board facts: Regal Behemoth's "Whenever
    you tap a land for mana while you're the monarch, add an additional one mana of any color"
    (``if``: the clause as a 0/1 fact), Elvish Guidance's "its controller adds an additional {G}
    for each Elf on the battlefield" (``times``: the count, a fact). None when neither reads it."""
    body = text.strip().rstrip(".")
    if m := _WHILE.fullmatch(body):
        what, traits = _traits(m.group("what"))
        desc = describe(what)
        if desc is None or desc.colors is not None or desc.subtypes or traits:
            return None
        mana = m.group("mana")
        add: Any = {"any_color": 1} if mana.lower() == "one mana of any color" else _mana_string(mana, card, text)
        when = {"types": list(desc.types)} if desc.types else {}
        return {"kind": "extra", "when": when, "add": add, "if": [clause_fact(m.group("cond"),
                                                                              card)]}
    # Runaway Growth: it intensifies after, when no land of it taps again
    if m := _INTENSITY.fullmatch(body):
        return {"kind": "extra", "on": ENCHANTED, "add": _mana_string(m.group("mana"), card, text),
                "times": {"fact": f"intensity of {card.name.lower()}" if card.name else "its intensity"}}
    if m := _FOR_EACH.fullmatch(body):
        return {"kind": "extra", "on": ENCHANTED, "add": _mana_string(m.group("mana"), card, text),
                "times": {"fact": fact_phrase(m.group("what"))}}
    return None


def _read_trigger(text: str, card: _Card) -> tuple[int, dict[str, Any] | None]:
    """A triggered ability: the damage it deals to you each time the card is tapped (City of
    Brass), and the 9.4 effect of a triggered mana ability (605.1b: Mana Flare); (0, None) for any
    other trigger. Other triggers that add mana are not mana abilities (605.5a) and are ignored,
    like every other trigger."""
    masked = outside_quotes(text)
    condition, _, rest = masked.partition(",")
    me = card.pattern
    adds = re.search(r"\badds?\b", masked, re.I)
    on_tap = re.fullmatch(rf"Whenever (?:{me} becomes tapped|you tap {me} for mana)",
                          condition.strip(), re.I)
    if not on_tap:
        if adds and re.search(r"tapped for mana|taps? [\w ]*for mana|mana ability|adds? mana",
                              condition, re.I):
            effect = _effect(text, card) or _effect_with_facts(text, card)
            if effect is None:
                raise card.error(text, "a triggered mana ability (605.1b) no effect template of "
                                       "9.4 reads")
            return 0, effect
        return 0, None
    damage = 0
    harmless = [re.compile(h.replace("SELF", me), re.I) for h in _TAP_HARMLESS]
    for sentence in sentences(text[len(condition) + 1:]):
        if m := re.fullmatch(rf"(?:it|{me}) deals {NUM} damage to you(?: and [\w ,]+)?", sentence,
                             re.I):
            damage += number(m.group(1))  # like a painland's damage, on every {T} ability
        elif m := re.fullmatch(rf"you lose {NUM} life", sentence, re.I):
            damage += number(m.group(1))
        elif any(h.fullmatch(sentence) for h in harmless):
            continue
        elif re.search(r"\badds?\b", sentence, re.I):
            raise card.error(text, "a triggered mana ability (605.1b) no effect template of 9.4 "
                                   "reads")
        elif re.search(r"\b(?:to you|you lose|you pay|pay \d+ life)\b", sentence, re.I):
            raise card.error(text, "an effect of tapping it on your life that the format's keys "
                                   "can't express")
        # Anything else happens after the payment and costs it nothing (a trigger that adds no
        # mana is not a mana ability, 605.1b): it is not this reader's business.
    return damage, None


_LEVEL = re.compile(r"^LEVEL \d+(?:-\d+|\+)$")
_CLASS_LEVEL = re.compile(r"^(?:\{[^{}]+\})+: Level \d+$")
_GRANTED = re.compile(r"\b(?:has|have|gains?)\b[^\"“]*[\"“][^\"”]*\bAdd\b", re.I)


_STATION = re.compile(r"^(\d+)\+ \| ")
_SELF_GRANTED = re.compile(r"As long as (?P<cond>.+?), (?P<who>[^,\"“]+?) (?:has|gets [^\"“]*? and "
                           r"has) "
                           r"(?:[\w, ]+ and )?[\"“](?P<ability>[^\"”]+)[\"”]\.?", re.I)


def _paragraphs(oracle: str) -> list[tuple[str, list[dict[str, Any]] | None]]:
    """Each paragraph with the conditions it stands under, as ``if`` conditions on facts about
    this permanent: a level of a level-up card (711: ``level counter on it``), of a Class (716:
    ``class level``), or a station threshold (702.184: ``charge counter on it``); or None."""
    out: list[tuple[str, list[dict[str, Any]] | None]] = []
    under: list[dict[str, Any]] | None = None
    for paragraph in oracle.replace("\r", "").split("\n"):
        paragraph = paragraph.strip()
        if not paragraph:
            continue
        if m := _LEVEL.match(paragraph):
            low, high = re.fullmatch(r"LEVEL (\d+)(?:-(\d+)|\+)", paragraph).groups()
            under = [{"fact": "level counter on it", "min": int(low)}]
            if high is not None:
                under.append({"fact": "level counter on it", "max": int(high)})
            continue
        if _CLASS_LEVEL.match(paragraph):
            under = [{"fact": "class level", "min": int(paragraph.rsplit(" ", 1)[1])}]
            continue
        if m := _STATION.match(paragraph):  # this paragraph only
            out.append((paragraph[m.end():], [{"fact": "charge counter on it",
                                               "min": int(m.group(1))}]))
            continue
        out.append((paragraph, under))
    return out


def _under(abilities: list[dict], conditions: list[dict[str, Any]]) -> list[dict]:
    """The abilities, each holding only while ``conditions`` do (an ``if`` list, 9.2)."""
    return [finish({**a, "if": list(a.get("if", [])) + conditions}) for a in abilities]


def _self_granted(text: str, card: _Card) -> list[dict]:
    """"As long as <condition>, this creature has "{T}: Add ..."": the quoted ability, holding
    only while the condition does (a fact, 9.2). One granted to something else (an enchanted
    permanent, the lands you control) is not the card's own and is skipped."""
    m = _SELF_GRANTED.fullmatch(text)
    who = m.group("who").strip() if m else ""
    if not m or not (card.is_self(who) or who.lower() in ("it", "this creature", "this "
                                                                                 "permanent")) or \
            re.search(r"\b(?:enchanted|equipped)\b", m.group("cond"), re.I):
        raise card.error(text, "a mana ability the card has only under a condition")
    read = _read_activated(m.group("ability"), card)
    if not read:
        raise card.error(text, "a mana ability the card has only under a condition")
    return _under(read, _conditions(m.group("cond"), card, text))


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
        skipped.append(Skipped(e.sentence, e.reason, e.choice if isinstance(e, ChoiceNeeded)
                               else None))

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
                read = _under(read, under)  # never unconditional: it holds only at that level
            if not read and re.match(r"^As long as\b", text) and _GRANTED.search(text):
                read = _self_granted(text, card)
            abilities.extend(read)
        except OracleError as e:
            skip(e)
    if tap_damage:
        abilities = [finish({**a, "damage": a.get("damage", 0) + tap_damage}) if a.get("tap", True)
                     else a
                     for a in abilities]
    if chosen is not None and not card.used_choice:
        raise OracleError(chosen, NO_CHOICE, name)
    return Reading(tuple(abilities), tuple(skipped), tuple(effects))


def read_oracle(oracle: str, *, name: str | None = None, type_line: str | None = None,
                chosen: str | None = None) -> list[dict]:
    """The card's mana abilities as spec dicts, every one read or :class:`OracleError` raised
    (``read_card(..., strict=True)``); see :func:`read_card`."""
    return list(read_card(oracle, name=name, type_line=type_line, chosen=chosen,
                          strict=True).abilities)


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
