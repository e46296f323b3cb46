"""Read a spell's own payment text (its Oracle sentences in the ``"spell"`` role of
:mod:`models.cards.payment_sentences`) into the problem keys of problem.md 2 and 9.3.

What is read, and into what (the card data's ``spell`` object, see :func:`read_spell`):

- ``Convoke``, ``Improvise``, ``Delve``: the keys of 9.3.
- ``Affinity for artifacts`` and "This spell costs {N} less to cast for each KIND you control":
  ``reduce_each``, a reduction counted on the board when the problem is loaded (601.2f: the
  total cost is locked in before mana abilities are activated, so a Treasure counts even when
  it is then sacrificed for mana). "... costs {N} more ..." likewise as ``increase_each``.
- "This spell costs {N} less/more to cast if you control KIND" (or "N or more KINDs"):
  ``reduce_if`` / ``increase_if``, decided on the board.
- "As an additional cost to cast this spell, COST": mana into ``additional``, life into
  ``life_cost``, the rest into ``other_costs`` (sacrifice, tap, discard, exile from the graveyard).
- "Spend only COLOR mana on X": ``x_color``.
- Alternative costs, each a *variant* the caller chooses by name with the problem key ``cast``:
  "You may pay COST rather than pay this spell's mana cost" (``"alternative"``), Evoke,
  Flashback, Dash, Blitz, Overload, Bestow, Madness, Miracle, Spectacle, Surge, Prowl, Mutate,
  Foretell, Warp, Disturb, Freerunning, Cleave, Impending, Awaken, Prototype, Morph and Disguise
  (cast face down for {3}, 702.37c), Escape, Jump-start (``variants``).
- Optional additional costs the caller chooses: Kicker (``"kicked": true``), Multikicker,
  Replicate and Squad (``"kicked": n``), Buyback, Entwine, Offspring (``"with": [NAME]``).
- Keywords that don't change what the caster pays: Assist (another player may help; paying
  alone is legal, 702.132a).

Every other sentence of the role stays unread, and a problem naming the card gets a note for it.
Nothing here is guessed: a template matches whole or the sentence is left unread.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from tapwise.models.cards.card import OracleError, _Card
from tapwise.models.cards.costs import _read_cost
from tapwise.models.cards.payment_sentences import card_sentences, normal, relevant
from tapwise.models.cards.words import NUM, describe, fact_phrase, number

__all__ = ["SpellText", "read_spell", "ALTERNATIVE_KEYWORDS", "OPTIONAL_KEYWORDS"]

_MANA = r"(?:\{[^{}]+\})+"
ALTERNATIVE_KEYWORDS = ("evoke", "flashback", "dash", "blitz", "overload", "bestow", "madness",
                        "miracle", "spectacle", "surge", "prowl", "mutate", "foretell", "warp",
                        "disturb", "freerunning", "cleave", "impending", "awaken", "prototype",
                        "escape", "sneak", "mayhem", "web-slinging", "emerge", "harmonize")
"""Keywords whose cost is paid rather than the mana cost (118.9): variants for ``cast``."""
OPTIONAL_KEYWORDS = ("buyback", "entwine", "offspring")
"""Optional additional costs (118.8) chosen with ``with``; kicker's kind is ``kicked``."""
_TIMES_KEYWORDS = ("multikicker", "replicate", "squad")
_NOT_PAYMENT = ("assist",)
_N = "(?:" + NUM[1:-1] + ")"  # NUM without its group
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@dataclass(frozen=True)
class SpellText:
    """What :func:`read_spell` read: ``keys`` (the card data's ``spell`` object) and the
    relevant sentences it read and left."""

    keys: dict[str, Any] = field(default_factory=dict)
    read: tuple[str, ...] = ()
    unread: tuple[str, ...] = ()


class _Unread(Exception):
    """A sentence no template reads whole."""


def _cost_keys(text: str, card: _Card, sentence: str) -> dict[str, Any]:
    """The problem keys of a cost phrase ("{2}{R}", "Pay 3 life", "Sacrifice a creature",
    "{2}, Exile three other cards from your graveyard"): mana as ``mana``, life as
    ``life_cost``, the rest as ``other_costs``."""
    text = re.sub(r"\bother cards from your graveyard", "cards from your graveyard", text)
    back = re.search(r"(?:,? and |, |^)return (.+?) you control to (?:its|their) owner's hand",
                     text, re.I)
    returned = None
    if back:  # Daze, Gush: a permanent leaves like a sacrifice, after making its mana if it can
        returned = back.group(1)
        text = text[:back.start()] + (", " if back.start() else "") + f"Sacrifice {returned}" \
            + text[back.end():]
    hand = re.search(r"(?:,? and |, |^)exile an? (\w+ )?card from your hand", text, re.I)
    caveat = None
    if hand:  # Force of Will: a card from the hand, which the format counts (9.1 ``hand``)
        quality = (hand.group(1) or "").strip()
        if quality and quality.lower() not in _COLORS:
            raise _Unread
        text = text[:hand.start()] + (", " if hand.start() else "") + "Discard a card" \
            + text[hand.end():]
        if quality:
            caveat = (f"the card exiled from the hand must be {quality.lower()}: read as one "
                      f"card of the hand (the format counts cards in hand, not their colors)")
    text = re.sub(r"\s+and\s+(?=(?:pay|sacrifice|discard|exile|tap)\b)", ", ", text, flags=re.I)
    text = re.sub(r"\bsacrifice an? (\w+) or (\w+)\b", r"Sacrifice an \1 or \2", text, flags=re.I)
    try:
        cost = _read_cost(text.strip(), card, sentence)
    except OracleError:
        raise _Unread from None
    if (cost.tap or cost.energy or cost.sacrifice or cost.remove_counters or cost.remove_any
            or cost.put_counters or cost.drawback or cost.gone or cost.zone):
        raise _Unread
    out: dict[str, Any] = {}
    if cost.mana:
        out["mana"] = cost.mana
    if cost.life:
        out["life_cost"] = cost.life
    other: dict[str, Any] = {}
    for key in ("sacrifice_other", "tap_other"):
        value = getattr(cost, key)
        if value is not None:
            value = {k: v for k, v in value.items() if k != "self"}  # the spell is not there
            if not isinstance(value.get("n", 1), int):
                raise _Unread
            other[key] = value
    for key in ("discard", "exile_graveyard", "mill"):
        if getattr(cost, key):
            other[key] = getattr(cost, key)
    if other:
        out["other_costs"] = other
    if returned:
        caveat = ((caveat + "; ") if caveat else "") + (
            f"{returned} returned to the hand: read as sacrificed (gone once paid, "
            f"its mana made first if it can)")
    if caveat:
        out["caveat"] = caveat
    return out


def _as_problem(parts: dict[str, Any], mana_key: str) -> dict[str, Any]:
    """Cost keys as problem keys: the phrase's mana under ``mana_key`` (``additional`` is a
    list, ``alternative`` a string)."""
    out = {k: v for k, v in parts.items() if k not in ("mana", "caveat")}
    if "caveat" in parts:
        out["caveats"] = [parts["caveat"]]
    if mana_key == "alternative":
        out["alternative"] = parts.get("mana", "{0}")
    elif "mana" in parts:
        out["additional"] = [parts["mana"]]
    return out


def _kind(words: str) -> dict[str, Any]:
    """A board filter for "artifacts", "creatures you control", "Islands", "Equipment"."""
    words = re.sub(r"\s+(?:you control|on the battlefield you control)$", "", words.strip())
    desc = describe(words)
    if desc is None or desc.colors is not None or not (desc.types or desc.subtypes):
        raise _Unread
    out: dict[str, Any] = {}
    if desc.types:
        out["types"] = list(desc.types)
    if desc.subtypes:
        out["subtypes"] = list(desc.subtypes)
    return out


def _read_sentence(s: str, card: _Card, keys: dict[str, Any]) -> None:
    """Read one relevant sentence into ``keys``, or raise :class:`_Unread`."""
    low = s.lower()
    if low in ("convoke", "improvise", "delve"):
        keys[low] = True
        return
    if low in _NOT_PAYMENT:
        return
    if m := re.fullmatch(r"affinity for (\w+)", s, re.I):
        keys.setdefault("reduce_each", []).append({"by": "{1}", "each": _kind(m.group(1))})
        return
    if m := re.fullmatch(rf"(?:domain — )?this spell costs ({_MANA}) less to cast for each "
                         rf"basic land type among lands you control", s, re.I):
        # domain (Leyline Binding): counted on the board's lands' subtypes
        keys.setdefault("reduce_each", []).append({"by": m.group(1),
                                                   "each": {"basic_land_types": True}})
        return
    if m := re.fullmatch(rf"(?:\w+ — )?this spell costs ({_MANA}) (less|more) to cast for each "
                         rf"(.+?) you control", s, re.I):
        key = "reduce_each" if m.group(2).lower() == "less" else "increase_each"
        try:
            each = _kind(m.group(3))
        except _Unread:  # "for each creature in your party", "... with flying you control"
            each = {"fact": fact_phrase(m.group(3) + " you control")}
        keys.setdefault(key, []).append({"by": m.group(1), "each": each})
        return
    if m := re.fullmatch(rf"(?:\w+ — )?this spell costs ({_MANA}) (less|more) to cast for each "
                         rf"(.+?)", s, re.I):
        if re.search(r"\b(?:this way|this turn|target|attacking|blocking|among)\b", m.group(3)):
            raise _Unread
        key = "reduce_each" if m.group(2).lower() == "less" else "increase_each"
        keys.setdefault(key, []).append({"by": m.group(1),
                                         "each": {"fact": fact_phrase(m.group(3))}})
        return
    if m := re.fullmatch(rf"you may cast this spell as though it had flash if you pay "
                         rf"({_MANA}) more to cast it", s, re.I):
        _option(keys, "flash", {"increase": [m.group(1)]})
        return
    if m := re.fullmatch(rf"this spell costs (?P<by>{_MANA}) (?P<way>less|more) to cast if you "
                         rf"control (?:(?P<n>{_N}) or more |an? |another )?(?P<what>.+)", s, re.I):
        key = "reduce_if" if m["way"].lower() == "less" else "increase_if"
        keys.setdefault(key, []).append({"by": m["by"], "if": {
            **_kind(m["what"]), "min": number(m["n"]) if m["n"] else 1}})
        return
    if m := re.fullmatch(r"as an additional cost to cast this spell, (.+)", s, re.I):
        if re.match(r"you may\b|.*\bor\b(?! \w+$)|.*\bX\b", m.group(1)) and not re.fullmatch(
                r"sacrifice an? \w+ or \w+", m.group(1), re.I):
            raise _Unread
        _merge(keys, _as_problem(_cost_keys(m.group(1), card, s), "additional"))
        return
    if m := re.fullmatch(r"spend only (\w+) mana on X", s, re.I):
        if m.group(1).lower() not in _COLORS:
            raise _Unread
        keys["x_color"] = _COLORS[m.group(1).lower()]
        return
    if m := re.fullmatch(r"(?:if you control (?P<n>an?|{N}(?: or more)?) (?P<what>[\w ]+?), )?"
                         r"you may (?P<cost>.+?) rather than pay this spell's mana cost"
                         .replace("{N}", _N), s, re.I):
        phrase = re.sub(r"^pay ((?:\{[^{}]+\})+)", r"\1", m["cost"], flags=re.I)
        extra = _as_problem(_cost_keys(phrase, card, s), "alternative")
        if m["what"]:  # Snuff Out: "If you control a Swamp"
            n = m["n"].split()[0]
            extra["requires"] = {**_kind(m["what"]), "min": 1 if n in ("a", "an") else number(n)}
        _variant(keys, "alternative", extra)
        return
    if m := re.fullmatch(r"(kicker|multikicker|replicate|squad|buyback|entwine|offspring)"
                         rf"(?: ({_MANA})|—(.+))", s, re.I):
        word = m.group(1).lower()
        parts = _cost_keys(m.group(2) or m.group(3), card, s)
        extra = _as_problem(parts, "additional")
        if word == "kicker":
            keys.setdefault("kicker", []).append(extra)
        elif word in _TIMES_KEYWORDS:
            keys["kicker"] = [extra]
            keys["kicker_times"] = True
        else:
            _option(keys, word, extra)
        return
    if m := re.fullmatch(rf"kicker ({_MANA}) and/or ({_MANA})", s, re.I):
        keys["kicker"] = [{"additional": [m.group(1)]}, {"additional": [m.group(2)]}]
        return
    if m := re.fullmatch(r"(morph|megamorph|disguise)(?: (?:\{[^{}]+\})+|—.+)", s, re.I):
        _variant(keys, m.group(1).lower(), {"alternative": "{3}"})  # face down, 702.37c
        return
    if m := re.fullmatch(r"(jump-start)", s, re.I):
        _variant(keys, "jump-start", {"other_costs": {"discard": 1}})
        return
    word = re.match(r"^([\w-]+)", s)
    if word and word.group(1).lower() in ALTERNATIVE_KEYWORDS:
        name = word.group(1).lower()
        rest = s[len(name):]
        if m := re.fullmatch(rf"(?: {_N})?(?:—| )(.+?)(?: — \d+/\d+)?", rest, re.I):
            phrase = m.group(1)
            _variant(keys, name, _as_problem(_cost_keys(phrase, card, s), "alternative"))
            return
    raise _Unread


def _merge(keys: dict[str, Any], extra: dict[str, Any]) -> None:
    for k, v in extra.items():
        if k == "additional":
            keys["additional"] = keys.get("additional", []) + v
        elif k == "caveats":
            keys["caveats"] = keys.get("caveats", []) + v
        elif k == "life_cost":
            keys["life_cost"] = keys.get("life_cost", 0) + v
        elif k == "other_costs":
            if set(v) & set(keys.get("other_costs", {})):
                raise _Unread
            keys["other_costs"] = {**keys.get("other_costs", {}), **v}
        else:
            keys[k] = v


def _option(keys: dict[str, Any], name: str, extra: dict[str, Any]) -> None:
    options = keys.setdefault("options", {})
    if name in options:
        raise _Unread
    options[name] = extra


def _variant(keys: dict[str, Any], name: str, extra: dict[str, Any]) -> None:
    variants = keys.setdefault("variants", {})
    if name in variants:
        raise _Unread  # two of one name (a card with two "rather than" sentences)
    variants[name] = extra


def read_spell(oracle: str | None, name: str | None = None) -> SpellText:
    """The payment keys of a spell's Oracle text, and its relevant sentences read and unread.
    ``name`` lets the text call itself by name."""
    if not oracle:
        return SpellText()
    card = _Card(name, None)
    keys: dict[str, Any] = {}
    read: list[str] = []
    unread: list[str] = []
    for s in card_sentences(oracle):
        if not relevant(s, "spell"):
            continue
        text = normal(s)
        if card.name:
            text = re.sub(rf"\b{re.escape(card.name.split(' // ')[0])}\b", "this spell", text)
        trial = {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)
                 for k, v in keys.items()}
        try:
            _read_sentence(text, card, trial)
        except _Unread:
            unread.append(s)
            continue
        keys = trial
        read.append(s)
    return SpellText(keys, tuple(read), tuple(unread))
