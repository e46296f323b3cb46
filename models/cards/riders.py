"""What follows the "Add ..." of an ability: damage, limits, conditions, drawbacks, "instead"."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from tapwise.models.cards.card import _Card
from tapwise.models.cards.costs import _read_only, read_cant_spend
from tapwise.models.cards.only import read_cant_spend_more, read_only_more
from tapwise.models.cards.words import NUM, fact_phrase, number

# ---------------------------------------------------------------------------------------------
# The rest of the effect: riders after "Add ..."

# Extra effects that can't change this payment (nothing is paid, made or spent differently).
_HARMLESS = [
    r"Draw a card",
    r"Draw a card at the beginning of the next turn's upkeep",
    rf"Each opponent gains {NUM} life",
    rf"You gain (?:{NUM}|X) life",  # X: as many as the cost took (Springjack Pasture)
    r"(If|When) that mana is spent,? .+",  # 106.6: an effect on the spell it pays for
    r"If this ability has been activated four or more times this turn, sacrifice SELF at the "
    r"beginning of the next end step",
    r"You get \{E\}",
    r"Scry \d+|Scry one|Surveil one|Surveil \d+",
    r"(?:If|When) (?:this mana is spent|you spend this mana) .+",
    r"When you next cast .+ this turn, .+",
    r"(?:Creature )?spells you spend this mana to cast .+",
    rf"If you control (?:an?|another) [\w', -]+, you gain {NUM} life",
    r"When you do, [^.]*(?:each opponent|mill|draw)[^.]*",
    # after "When that mana is spent ..., copy that spell"
    r"You may choose new targets for the copy",
    r"SELF becomes that color until end of turn",
    r"When you cast your next spell this turn, .+",  # Codie: an effect on a later spell
    r"Until end of turn, you may cast that card without paying its mana cost",
    r"Put the rest on the bottom of your library in a random order",
    r"Then choose a random color",  # Gem Bazaar: the next activation's color
    r"Put each other card exiled this way on the bottom of your library in a random order",
    r"Use toys to represent the tokens",  # Mishra's Toy Workshop: how to play it, not an effect
]
_DRAWBACKS = [
    (r"SELF doesn't untap during your next untap step", "doesn't untap during your next untap "
                                                        "step"),
    (r"During your next untap step, as you untap your permanents, return SELF to its owner's hand",
     "returns to its owner's hand during your next untap step"),
    (r"If there are no ([\w-]+) counters on SELF, sacrifice (?:it|SELF)", "sacrificed when its "
                                                                          "last counter is "
                                                                          "removed"),
    (r"Return a land you control to its owner's hand", "return a land you control to its owner's "
                                                       "hand"),
    (r"Sacrifice SELF at the beginning of the next end step", "sacrificed at the beginning of the "
                                                              "next end step"),
    (r"You get (?:a|one|two|three) poison counters?", "you get poison counters"),
    (r"An opponent gains control of SELF at the beginning of the next end step",
     "an opponent gains control of it at the beginning of the next end step"),
    (r"At the beginning of the next end step, sacrifice SELF", "sacrificed at the beginning of the "
                                                               "next end step"),
]


@dataclass
class _Riders:
    damage: int = 0
    uses: int | None = None
    # a list: alternatives, one ability each
    only: dict[str, Any] | list[dict[str, Any]] | None = None
    conditions: list[dict[str, Any]] = field(default_factory=list)
    unless: list[dict[str, Any]] = field(default_factory=list)
    put_counters: dict[str, int] = field(default_factory=dict)
    drawbacks: list[str] = field(default_factory=list)
    instead: tuple[str, list[dict[str, Any]]] | None = None  # (the other add words, its `if`)
    # damage unless the conditions hold
    damage_unless: tuple[int, list[dict[str, Any]]] | None = None


_CONTROL = re.compile(rf"you control (?:{NUM} or more|an?|at least {NUM}) (.+)", re.I)


_NOUN = r"[A-Za-z][\w'/-]*(?: [A-Za-z][\w'/-]*)*?"


def _conditions(text: str, card: _Card, sentence: str) -> list[dict[str, Any]]:
    """The ``if`` list for "you control a Swamp", "you control an Urza's Mine and an Urza's
    Tower", "you control three or more artifacts", "there are seven or more cards in your
    graveyard", "creatures you control have total power 8 or greater"."""
    text = text.strip()
    me = card.pattern
    if m := re.fullmatch(rf"(?:{me}) has (?:{NUM} or more|an?) ([\w+/-]+) counters? on it", text,
                         re.I):
        # a number about this permanent: the source's own ``facts`` (9.1)
        return [{"fact": f"{m.group(2).lower()} counter on it", "min": number(m.group(1))
                 if m.group(1) else 1}]
    if re.fullmatch(rf"(?:{me}) entered (?:the battlefield )?this turn", text, re.I):
        return [{"fact": "entered this turn", "min": 1}]  # a number about this permanent (0 or 1)
    if re.fullmatch(r"you played a land this turn", text, re.I):
        return [{"fact": "land you played this turn", "min": 1}]
    if m := re.fullmatch(rf"there are {NUM} or more ([\w+/-]+) counters on (?:{me})", text, re.I):
        return [{"fact": f"{m.group(2).lower()} counter on it", "min": number(m.group(1))}]
    if re.search(r"\b(this|it|its|entered|turn|counters?|opponent|poison|monarch|initiative|"
                 r"dungeon|played|exiled|named)\b", text, re.I) or card.is_self(text.split(" ")[0]):
        return [clause_fact(text, card)]
    if m := re.fullmatch(rf"you control (?:{NUM} or more|{NUM} or greater) ({_NOUN})", text, re.I):
        # "creature you control with power 4 or greater"
        noun, _, quality = m.group(3).partition(" with ")
        fact = fact_phrase(noun + " you control") + (f" with {quality.lower()}" if quality else "")
        return [{"fact": fact, "min": number(m.group(1) or m.group(2))}]
    if m := re.fullmatch(rf"you control an? ({_NOUN}) with ({_NOUN}) {NUM} or greater", text, re.I):
        return [{"fact": f"{fact_phrase(m.group(1))} you control with {m.group(2).lower()} "
                         f"{number(m.group(3))} "
                         "or greater", "min": 1}]
    if m := re.fullmatch(r"you control (.+)", text, re.I):
        out = []
        for part in re.split(r",? and |, ", m.group(1)):
            pm = re.fullmatch(rf"(?:an?|another) ({_NOUN})", part.strip(), re.I)
            if not pm or re.search(r"\bor\b|\bwith\b", pm.group(1)):
                return [clause_fact(text, card)]
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
    return [clause_fact(text, card)]


def clause_fact(text: str, card: _Card) -> dict[str, Any]:
    """A condition no template counts, as a fact that is 1 when it holds and 0 when not (like
    "you could cast a sorcery"), named by the clause in the card's own words, lowercase, the
    card's references to itself as "it": "you have the initiative", "it is a creature"."""
    words = re.sub(rf"\b(?:{card.pattern})\b", "it", text.strip().rstrip("."), flags=re.I)
    return {"fact": " ".join(words.lower().split()), "min": 1}


def _negate(condition: dict[str, Any]) -> dict[str, Any]:
    if "min" in condition:
        return {"fact": condition["fact"], "max": condition["min"] - 1}
    return {"fact": condition["fact"], "min": condition["max"] + 1}


def _read_riders(rest: list[str], card: _Card) -> _Riders:
    riders = _Riders()
    me = card.pattern
    harmless = [re.compile("^" + h.replace("SELF", me) + "$", re.I) for h in _HARMLESS]
    drawbacks = [(re.compile("^" + p.replace("SELF", me) + "$", re.I), text) for p,
                 text in _DRAWBACKS]
    for s in rest:
        if m := re.fullmatch(rf"{me} deals {NUM} damage to you", s, re.I):
            riders.damage += number(m.group(1))
        elif m := re.fullmatch(rf"{me} deals {NUM} damage to you if you don't (control .+)", s,
                               re.I):
            riders.damage_unless = (number(m.group(1)), _conditions("you " + m.group(2), card,
                                                                    s + "."))
        elif m := re.fullmatch(rf"If you don't (.+?), (?:you lose {NUM} life|{me} deals {NUM} "
                               rf"damage to you)", s, re.I):
            riders.damage_unless = (number(m.group(2) or m.group(3)), _conditions("you "
                                                                                  "" + m.group(1),
                                                                                  card, s + "."))
        elif m := re.fullmatch(r"You can't activate this ability until (.+)", s):
            riders.conditions.append(clause_fact(m.group(1), card))
        elif m := re.fullmatch(rf"(?:you|each player) loses? {NUM} life", s, re.I):
            riders.damage += number(m.group(1))  # life lost, like the painlands' damage
        elif m := re.fullmatch(r"Spend this mana only (.+)", s):
            riders.only = read_only_more(m.group(1), card, s + ".") or _read_only(m.group(1), card,
                                                                                  s + ".")
        elif (m := re.fullmatch(r"This mana can't be spent (.+)", s)) and (
                cant := read_cant_spend(m.group(1)) or read_cant_spend_more(m.group(1))) is not None:
            riders.only = cant
        elif re.fullmatch(r"Activate (?:this ability )?only once each turn", s):
            riders.uses = 1
        elif m := re.fullmatch(rf"Activate (?:this ability )?no more than ({NUM}|once|twice)(?: "
                               rf"times)? "
                               r"each turn", s):
            word = m.group(1).lower()
            riders.uses = {"once": 1, "twice": 2}[word] if word in ("once",
                                                                    "twice") else number(word)
        elif m := re.fullmatch(r"Activate (?:this ability )?only if you control an? ([A-Z][\w'-]*) "
                               r"or an? ([A-Z][\w'-]*)", s):
            # "A or B" is "not (no A and no B)": an unless list (the Verges)
            riders.unless = [{"fact": fact_phrase(f"{w} you control"), "max": 0}
                             for w in m.groups()]
        elif m := re.fullmatch(r"Activate (?:this ability )?only if (.+?),? or if (.+)", s):
            # "A or B" is "not (not A and not B)": each side one condition, negated in
            # an unless list
            sides = [_conditions(side, card, s + ".") for side in m.groups()]
            if any(len(side) != 1 for side in sides):
                raise card.error(s + ".", "an \"or\" of conditions that are not one fact each")
            riders.unless = [_negate(side[0]) for side in sides]
        elif m := re.fullmatch(r"Activate (?:this ability )?only if (.+?)(?: and only once each "
                               r"turn)?", s):
            riders.conditions += _conditions(m.group(1), card, s + ".")
            if s.endswith("only once each turn"):
                riders.uses = 1
        elif re.fullmatch(r"Activate (?:this ability )?only (?:as a sorcery|any time you could "
                          r"cast a sorcery)", s):
            # 307.1, a fact of the turn
            riders.conditions.append({"fact": "you could cast a sorcery", "min": 1})
        elif m := re.fullmatch(r"Activate (?:this ability )?only (?:during your turn and only once "
                               r"each turn|"
                               r"once each turn and only during your turn|during your turn)", s):
            riders.conditions.append({"fact": "your turn", "min": 1})
            if "once" in s:
                riders.uses = 1
        elif re.fullmatch(r"Activate (?:this ability )?only during an opponent's turn", s):
            # any turn but yours is an opponent's
            riders.conditions.append({"fact": "your turn", "max": 0})
        elif re.match(r"Activate (?:this ability )?only\b", s):
            raise card.error(s + ".", "a timing restriction on activating it (a sorcery's timing, "
                                      "a "
                             "phase, a turn) can't be expressed")
        elif m := (re.fullmatch(r"If (.+?), add (.+) instead", s) or re.fullmatch(r"If (.+?), "
                                                                                  r"instead add "
                                                                                  r"(.+)", s)):
            riders.instead = (m.group(2), _conditions(m.group(1), card, s + "."))
        elif m := re.fullmatch(rf"Put (?:{NUM}|an?) ([\w+/-]+?) counters? on {me}", s, re.I):
            riders.put_counters[m.group(2).lower()] = number(m.group(1)) if m.group(1) else 1
        elif any(h.fullmatch(s) for h in harmless):
            continue
        elif found := next((text for p, text in drawbacks if p.fullmatch(s)), None):
            riders.drawbacks.append(found)
        elif re.fullmatch(rf"{me} doesn't untap during your untap step if it has an? [\w-]+ "
                          rf"counter on it", s, re.I):
            continue  # a static rider of the depletion lands: later turns only
        else:
            hint = "" if card.name else " (if it names the card itself, pass name=)"
            raise card.error(s + ".", f"an effect the format's ability keys can't express{hint}")
    return riders


