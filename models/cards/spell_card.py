"""The problem key ``card`` (docs/format-v2.md, "Cards by name"): the object paid for, named.

``{"card": "Deadly Dispute", "sources": [...]}`` means the problem whose ``cost`` is the card's
mana cost, whose ``for`` is a spell of its types and subtypes, and whose other keys are what
its payment text says (:mod:`models.cards.spell_text`, stored in the card data as ``spell``):
convoke, delve, additional costs, reductions counted on the board... A key the problem gives
itself wins over the card's. The caller chooses the optional parts: ``"kicked"`` (true, a
number of times for multikicker, or a list of which kickers, 1-based), ``"with"`` (optional
additional costs by keyword: buyback, entwine, offspring, flash) and ``"cast"`` (an alternative
cost by name: ``"alternative"`` for "You may pay ... rather than pay this spell's mana cost",
or the keyword: ``"evoke"``, ``"flashback"``, ``"morph"``...).

What the card says about paying that nothing reads comes back as ``notes`` (and is refused
with ``strict``), like each caveat of a reading that holds only as far as the format can say.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from tapwise.models.cards.catalog import Card, UnknownCardError, card_info, known_name
from tapwise.models.cards.words import parse_type_line
from tapwise.models.fields import ProblemError

__all__ = ["CARD_KEYS", "expand_card", "Counter", "board_counter", "facts_read"]

CARD_KEYS = ("card", "kicked", "with", "cast")
"""The problem keys of this module: ``card`` and the choices among what it offers."""
_BASIC_TYPES = frozenset(("plains", "island", "swamp", "mountain", "forest"))

Counter = Callable[[Mapping[str, Any]], int]
"""How many permanents on the board fit a filter (``types``/``subtypes`` any of)."""


def _card(name: Any, path: str) -> Card:
    if not isinstance(name, str) or not name.strip():
        raise ProblemError(path, "must be a card name")
    try:
        if known_name(name) is None:
            card_info(name)  # raises with suggestions
        card = card_info(name)
    except UnknownCardError as e:
        raise ProblemError(path, str(e)) from None
    if card.missing:
        raise ProblemError(path, f"the card database has only the front face of {card.front} "
                                 f"// {card.name}: give {card.name}'s cost instead")
    return card


def _reduction(entries: list[dict[str, Any]], count: Counter, facts: Mapping[str, Any],
               path: str, name: str) -> list[str]:
    """``reduce_each``/``reduce_if`` (or the increases) as a list of cost strings."""
    out: list[str] = []
    for e in entries:
        if "each" in e:
            each = e["each"]
            if "fact" in each:
                n = facts.get(each["fact"])
                if not isinstance(n, int):
                    raise ProblemError("facts", f"{name} counts {each['fact']!r} for its cost "
                                                f"(from {path}): give it, like \"facts\": "
                                                f"{{\"{each['fact']}\": 3}} (quick mode: "
                                                f"--fact \"{each['fact']}=3\")")
            else:
                n = count(each)
            out += [e["by"]] * n
        elif count(e["if"]) >= e["if"].get("min", 1):
            out.append(e["by"])
    return out


def expand_card(obj: Mapping[str, Any], pre: str, count: Counter,
                facts: Mapping[str, Any]) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """The problem ``obj`` with its ``card`` spelt out as the format's keys (explicit keys
    win), and the notes for the card: its unread payment sentences and the caveats of what was
    read. ``count`` counts the board's permanents of a kind; ``facts`` are the problem's."""
    card = _card(obj["card"], f"{pre}card")
    name = card.name.split(" // ")[0]
    spell = dict(card.spell)
    out = {k: v for k, v in obj.items() if k not in CARD_KEYS}
    implied: dict[str, Any] = {"cost": card.mana_cost}
    purpose: dict[str, Any] = {"kind": "spell"}
    if card.type_line:
        parsed = parse_type_line(card.type_line)
        if parsed.types:
            purpose["types"] = list(parsed.types)
        if parsed.subtypes:
            purpose["subtypes"] = [s.lower() for s in parsed.subtypes]
    implied["for"] = purpose
    notes = [{"card": name, "text": s} for s in card.spell_unread]
    caveats = list(spell.get("caveats", ()))
    for key in ("convoke", "improvise", "delve", "x_color", "life_cost"):
        if key in spell:
            implied[key] = spell[key]
    if "additional" in spell:
        implied["additional"] = list(spell["additional"])
    if "other_costs" in spell:
        implied["other_costs"] = dict(spell["other_costs"])
    reduce = _reduction(spell.get("reduce_each", []) + spell.get("reduce_if", []), count, facts,
                        f"{pre}card", name)
    increase = _reduction(spell.get("increase_each", []) + spell.get("increase_if", []), count,
                          facts, f"{pre}card", name)
    extras: list[dict[str, Any]] = []
    if "kicked" in obj:
        extras += _kicked(obj["kicked"], spell, f"{pre}kicked", name)
    if "with" in obj:
        extras += _options(obj["with"], spell, f"{pre}with", name)
    if "cast" in obj:
        extras.append(_variant(obj["cast"], spell, f"{pre}cast", name, count))
    for extra in extras:
        for key, value in extra.items():
            if key == "additional":
                implied["additional"] = implied.get("additional", []) + list(value)
            elif key == "life_cost":
                implied["life_cost"] = implied.get("life_cost", 0) + value
            elif key == "increase":
                increase += list(value)
            elif key == "other_costs":
                merged = dict(implied.get("other_costs", {}))
                for k, v in value.items():
                    if k in merged and isinstance(v, int):
                        merged[k] = merged[k] + v
                    elif k in merged:
                        raise ProblemError(f"{pre}card", f"{name}: two {k} costs at once are "
                                                         f"not something the format can say")
                    else:
                        merged[k] = v
                implied["other_costs"] = merged
            elif key == "caveats":
                caveats += value
            elif key == "alternative":
                implied["alternative"] = value
            elif key != "requires":
                implied[key] = value
    if reduce:
        implied["reduce"] = reduce
    if increase:
        implied["increase"] = increase
    for key, value in implied.items():
        out.setdefault(key, value)
    notes += [{"card": name, "text": c} for c in caveats]
    return out, notes


def facts_read(name: str) -> set[str]:
    """The facts (9.1) the card's own cost reductions and increases read."""
    spell = card_info(name).spell
    return {e["each"]["fact"] for key in ("reduce_each", "increase_each")
            for e in spell.get(key, ()) if "fact" in e["each"]}


def _kicked(value: Any, spell: Mapping[str, Any], path: str, name: str) -> list[dict[str, Any]]:
    if value is False or (value == 0 and not isinstance(value, bool)):
        return []  # not kicked: nothing to check
    kickers = spell.get("kicker")
    if not kickers:
        raise ProblemError(path, f"{name} has no kicker the card library reads")
    if spell.get("kicker_times"):  # multikicker, replicate, squad: any number of times
        if value is True:
            value = 1
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ProblemError(path, f"must be true or a number of times for {name}")
        return [kickers[0]] * value
    if value is True:
        return [kickers[0]]
    if isinstance(value, list) and all(isinstance(i, int) and not isinstance(i, bool)
                                       and 1 <= i <= len(kickers) for i in value) \
            and len(set(value)) == len(value):
        return [kickers[i - 1] for i in value]
    raise ProblemError(path, f"must be true (or a list of which kickers, 1 to {len(kickers)}) "
                             f"for {name}")


def _options(value: Any, spell: Mapping[str, Any], path: str, name: str) -> list[dict[str, Any]]:
    offered = spell.get("options", {})
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ProblemError(path, "must be a list of option names, like [\"buyback\"]")
    out = []
    for i, v in enumerate(value):
        if v.lower() not in offered:
            known = ", ".join(offered) or "none"
            raise ProblemError(f"{path}[{i}]", f"{name} offers no {v!r} (it offers: {known})")
        out.append(offered[v.lower()])
    return out


def _variant(value: Any, spell: Mapping[str, Any], path: str, name: str,
             count: Counter) -> dict[str, Any]:
    offered = spell.get("variants", {})
    if not isinstance(value, str) or value.lower() not in offered:
        known = ", ".join(offered) or "none the card library reads"
        raise ProblemError(path, f"{name} can't be cast by {value!r} (its alternative costs: "
                                 f"{known})")
    chosen = dict(offered[value.lower()])
    need = chosen.get("requires")
    if need and count(need) < need.get("min", 1):
        what = " or ".join(need.get("subtypes", []) + need.get("types", []))
        raise ProblemError(path, f"{name}'s {value} cost needs {need.get('min', 1)} {what} on "
                                 f"the board (its sources)")
    return chosen


def board_counter(sources: tuple[Any, ...], facts: Mapping[str, Any]) -> Counter:
    """A :data:`Counter` over loaded sources (models.problem.Source) on the battlefield; a
    types-only filter of one type reads the fact "TYPE you control" when the problem gives it
    (the engine knows permanents the sources leave out)."""
    def count(kind: Mapping[str, Any]) -> int:
        if kind.get("basic_land_types"):  # domain: the basic land types among your lands
            return len({t for s in sources if s.zone == "battlefield" and "land" in s.types
                        for t in s.subtypes} & _BASIC_TYPES)
        types, subtypes = set(kind.get("types", ())), set(kind.get("subtypes", ()))
        if len(types) == 1 and not subtypes:
            given = facts.get(f"{next(iter(types))} you control")
            if isinstance(given, int):
                return given
        return sum(s.count for s in sources if s.zone == "battlefield"
                   and (set(s.types) & types or set(s.subtypes) & subtypes))
    return count
