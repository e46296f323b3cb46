"""The phase adapter's vocabulary (issue 42): the engine's mana shards and costs in tapwise's
notation, the kinds of permanent its filters pick (:class:`Kind`) and the board facts counted on
the live battlefield (:class:`Facts`). Split from :mod:`tapwise.interfaces.phase_read`, which
re-exports every name."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

COLOR_LETTER = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
LETTER_TYPE = {**{v: k for k, v in COLOR_LETTER.items()}, "C": "Colorless"}
"""tapwise's mana letters as the engine's ``ManaType`` names."""
_SHARD_PART = re.compile(r"Phyrexian|Two|Colorless|White|Blue|Black|Red|Green")
CREATURE_DRAWBACK = ("taps a creature, which then can't attack or block until its controller's "
                     "next untap step")
"""The drawback sent on a creature's {T} mana ability: see ``EngineSource.spec``."""
ALL_COUNTERS = 4294967295
"""The engine's count for "remove X counters" (storage lands: ``u32::MAX``)."""
ANY_NUMBER = (ALL_COUNTERS, ALL_COUNTERS - 2)
"""The counts the engine uses for "remove X counters" and "remove any number of counters"."""
SPELL_KEYWORDS = {"Convoke": "convoke", "Improvise": "improvise", "Delve": "delve"}


class AdapterError(Exception):
    """Something the adapter can't translate (names the object and what was not understood)."""


class UnreadHere(AdapterError):
    """A spell the adapter reads, on a board where its problem can't be stated exactly (named,
    never guessed): a caller choosing among spells leaves it to the engine's own payer."""


# ---------------------------------------------------------------------------- reading costs

def shard_symbol(shard: str) -> str:
    """One engine mana shard (``"Green"``, ``"GreenWhite"``, ``"TwoWhite"``,
    ``"PhyrexianBlack"``, ``"PhyrexianGreenWhite"``, ``"Colorless"``, ``"X"``, ``"Snow"``) as a
    symbol in Scryfall notation."""
    if shard == "X":
        return "{X}"
    if shard == "Snow":
        return "{S}"
    parts = _SHARD_PART.findall(shard)
    if "".join(parts) != shard or not parts:
        raise AdapterError(f"mana shard {shard!r} is not one the adapter knows")
    phyrexian = parts[0] == "Phyrexian"
    if phyrexian:
        parts = parts[1:]
    letters = ["2" if p == "Two" else "C" if p == "Colorless" else COLOR_LETTER.get(p, "?")
               for p in parts]
    if not letters or "?" in letters or len(letters) > 2:
        raise AdapterError(f"mana shard {shard!r} is not one the adapter knows")
    return "{" + "/".join(letters + (["P"] if phyrexian else [])) + "}"


def cost_text(mana_cost: Mapping[str, Any] | None) -> str | None:
    """An engine ``mana_cost`` as a tapwise cost string; ``None`` for a card with no mana cost."""
    if not mana_cost or mana_cost.get("type") == "NoCost":
        return None
    if mana_cost.get("type") != "Cost":
        raise AdapterError(f"mana cost of type {mana_cost.get('type')!r} is not one the adapter "
                           f"knows")
    generic = int(mana_cost.get("generic", 0))
    shards = [shard_symbol(s) for s in mana_cost.get("shards", [])]
    return ("{%d}" % generic if generic or not shards else "") + "".join(shards)


# ---------------------------------------------------------------------------- board facts

@dataclass(frozen=True)
class Kind:
    """A ``Typed`` target filter the adapter understands: core types and subtypes, all of
    which a permanent must have (the engine's ``type_filters``), card types it must not have
    (``{"Non": "Land"}``), whose permanents, and the properties tapwise's filter traits state
    (``models/traits.py``: a color, a supertype, token or not, a name)."""

    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    yours: bool
    not_types: tuple[str, ...] = ()
    traits: tuple[tuple[str, Any], ...] = ()
    """Filter traits as (key, value): ``colors``, ``supertypes``, ``token``, ``names``."""

    @property
    def phrase(self) -> str:
        """The fact's name (9.1: a lowercase phrase in the cards' words, singular)."""
        words = " ".join(tuple(f"non{t}" for t in self.not_types) + self.subtypes + self.types)
        # "basic land", "creature with power 4 or greater"
        said = [" ".join(v) if k == "supertypes" and isinstance(v, (tuple, list)) else f"{k} {v}"
                for k, v in self.traits if k not in PT_TRAITS]
        words = " ".join(said) + (" " if said else "") + (words or "permanent")
        words += "".join(f" with {k} " + _PT_SAID[v[0]].format(v[1]) for k, v in self.traits
                         if k in PT_TRAITS)
        return f"{words} you control" if self.yours else f"{words} on the battlefield"

    def matches(self, obj: Mapping[str, Any]) -> bool:
        types, subtypes = object_types(obj)
        if not (set(self.types) <= set(types) and set(self.subtypes) <= set(subtypes)):
            return False
        if set(self.not_types) & set(types):
            return False
        colors = {COLOR_LETTER.get(c) for c in obj.get("color") or []}
        supertypes = {t.lower() for t in (obj.get("card_types") or {}).get("supertypes", [])}
        for key, value in self.traits:
            if key == "colors" and not set(value) & colors:
                return False
            if key == "supertypes" and not set(value) & supertypes:
                return False
            if key == "token" and bool(obj.get("is_token")) != value:
                return False
            if key == "names" and str(obj.get("name", "")).lower() not in value:
                return False
            if key in PT_TRAITS and not (isinstance(obj.get(key), int)
                                         and _PT_HOLDS[value[0]](obj[key], value[1])):
                return False
        return True

    def filter(self) -> dict[str, Any]:
        """The kind as 9.2's ``sacrifice_other`` / ``tap_other`` object (without ``n``)."""
        if any(key in PT_TRAITS for key, _ in self.traits):
            raise AdapterError(f"a cost's filter of {self.phrase}: no 9.2 filter states power "
                               f"or toughness")
        found: dict[str, Any] = {}
        if self.types:
            found["types"] = list(self.types)
        if self.subtypes:
            found["subtypes"] = list(self.subtypes)
        if self.not_types:
            found["not_types"] = list(self.not_types)
        for key, value in self.traits:
            found[key] = list(value) if isinstance(value, tuple) else value
        return found


def object_types(obj: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    card_types = obj.get("card_types") or {}
    return (tuple(t.lower() for t in card_types.get("core_types", [])),
            tuple(s.lower() for s in card_types.get("subtypes", [])))


SUPERTYPES = ("basic", "legendary", "world")
"""The supertypes a source states (snow is its own key, which the adapter does not send)."""


_PT_SAID = {"GE": "{} or greater", "LE": "{} or less", "EQ": "{}", "GT": "greater than {}",
            "LT": "less than {}"}
_PT_HOLDS = {"GE": int.__ge__, "LE": int.__le__, "EQ": int.__eq__, "GT": int.__gt__,
             "LT": int.__lt__}
PT_TRAITS = ("power", "toughness")
"""Traits read only on the live battlefield (board facts), which no 9.2 filter states."""


def _trait(prop: Mapping[str, Any], what: str, another: bool) -> tuple[str, Any] | None:
    """One engine filter property as a filter trait; None for ``Another`` where ``another``
    (a cost's filter: 9.7's ``self`` is false unless said); an :class:`AdapterError` for the
    rest (``Another`` in a count: "the number of other Gates" is not a board fact)."""
    kind = prop.get("type")
    if kind == "Another" and another:
        return None
    if kind == "HasColor" and prop.get("color") in COLOR_LETTER:
        return "colors", COLOR_LETTER[prop["color"]]
    if kind == "HasSupertype" and str(prop.get("value")).lower() in SUPERTYPES:
        return "supertypes", (str(prop["value"]).lower(),)
    if kind in ("Token", "NonToken"):
        return "token", kind == "Token"
    if kind == "Named" and isinstance(prop.get("name"), str):
        return "names", (prop["name"].lower(),)
    value = prop.get("value") or {}
    if (kind == "PtComparison" and prop.get("stat") in ("Power", "Toughness")
            and prop.get("scope") == "Current" and value.get("type") == "Fixed"
            and prop.get("comparator") in _PT_SAID):
        # "a creature with power 4 or greater" (Whisperer of the Wilds): counted on the live
        # battlefield by the engine's current power; no 9.2 filter states it (see Kind.filter)
        return str(prop["stat"]).lower(), (str(prop["comparator"]), int(value["value"]))
    raise AdapterError(f"{what}: a filter with the property {kind!r}")


def read_kind(target: Mapping[str, Any] | None, what: str, zone: str | None = None,
              another: bool = False) -> Kind:
    """A ``Typed`` filter with type, subtype and "non-" type filters and the properties
    :func:`_trait` reads; ``zone``: the zone an ``InZone`` property may name (an exile cost's
    graveyard), else none may; ``another``: the filter picks permanents for a cost, where
    "another" is what 9.2's filters say already."""
    if not target or target.get("type") != "Typed":
        raise AdapterError(f"{what}: a filter {_shape(target)}")
    types: list[str] = []
    subtypes: list[str] = []
    not_types: list[str] = []
    for part in target.get("type_filters") or []:
        if isinstance(part, str) and part != "Permanent":
            types.append(part.lower())
        elif isinstance(part, dict) and set(part) == {"Subtype"}:
            subtypes.append(str(part["Subtype"]).lower())
        elif isinstance(part, dict) and set(part) == {"Non"} and isinstance(part["Non"], str):
            not_types.append(part["Non"].lower())
        elif part != "Permanent":
            raise AdapterError(f"{what}: a type filter {part!r}")
    traits: dict[str, Any] = {}
    for prop in target.get("properties") or []:
        if prop.get("type") == "InZone" and zone is not None and prop.get("zone") == zone:
            continue
        trait = _trait(prop, what, another)
        if trait is not None:
            if trait[0] in traits:
                raise AdapterError(f"{what}: a filter with two {trait[0]} properties")
            traits[trait[0]] = trait[1]
    return Kind(tuple(types), tuple(subtypes), target.get("controller") == "You",
                tuple(not_types), tuple(sorted(traits.items())))


def read_either(target: Mapping[str, Any], what: str) -> dict[str, Any]:
    """A filter, or an ``Or`` of one-type filters ("an artifact or creature"), as 9.2's
    filter object (without ``n``)."""
    parts = target["filters"] if target.get("type") == "Or" else [target]
    kinds = [read_kind({**p, "controller": p.get("controller")}, what, another=True)
             for p in parts]
    if len(kinds) > 1 and any(k.subtypes or k.not_types or k.traits or len(k.types) != 1
                              for k in kinds):
        raise AdapterError(f"{what}: a choice of one of {[k.phrase for k in kinds]}")
    if len(kinds) > 1:
        return {"types": [k.types[0] for k in kinds]}
    return kinds[0].filter()


def _shape(value: Any) -> str:
    if isinstance(value, Mapping):
        return f"of type {value.get('type')!r}"
    return repr(value)


@dataclass
class Facts:
    """The board facts (9.1) the seat's abilities read, counted on the live battlefield, and
    which permanents count toward each (so that sacrificing one lowers it)."""

    seat: int
    objects: Sequence[Mapping[str, Any]]
    values: dict[str, int] = field(default_factory=dict)
    counted: dict[int, list[str]] = field(default_factory=dict)
    commander: str | None = None
    """The seat's commander's color identity as letters (the engine's player
    ``commander_color_identity``): "" without a commander; None when not read."""
    activated: Mapping[str, int] | None = None
    """The engine's ``activated_abilities_this_turn`` (``"<object id>_<ability index>"`` ->
    times), which "activate only once each turn" reads; None when not read."""
    now: Mapping[str, Any] | None = None
    """The turn as the engine records it (``game.state()``): ``active`` (its
    ``active_player``), ``phase``, ``turns_taken`` (the seat's, this one included),
    ``lands_played`` (the seat's ``lands_played_this_turn``) and
    ``entered`` (the ids of ``battlefield_entries_this_turn``), which "activate only during
    your turn", "until you've begun your sixth turn" and "if ~ entered this turn" read; None
    when not read (each then read as not allowed: stricter than the card, never wrong)."""

    def colors(self, kind: Kind) -> str:
        """The color fact "colors among <kind>": their colors' letters in WUBRG order."""
        phrase = "colors among " + kind.phrase.replace("permanent ", "permanents ", 1)
        found = {COLOR_LETTER.get(c) for obj in self.objects if kind.matches(obj)
                 and (not kind.yours or obj.get("controller") == self.seat)
                 for c in obj.get("color") or []}
        self.values[phrase] = "".join(c for c in "WUBRG" if c in found)  # type: ignore[assignment]
        return phrase

    def fact(self, kind: Kind | Sequence[Kind]) -> str:
        """The fact counting permanents of ``kind`` (or of any of several kinds: "an Island
        or a Swamp you control")."""
        kinds = [kind] if isinstance(kind, Kind) else list(kind)
        phrase = " or ".join(k.phrase for k in kinds)
        if phrase not in self.values:
            total = 0
            for obj in self.objects:
                if not any(k.matches(obj) and (not k.yours or obj.get("controller") == self.seat)
                           for k in kinds):
                    continue
                total += 1
                if obj.get("controller") == self.seat:
                    self.counted.setdefault(int(obj["id"]), []).append(phrase)
            self.values[phrase] = total
        return phrase

    def devotion(self, letters: str) -> str:
        """The fact "devotion to green" (700.5): the mana symbols among the mana costs of the
        seat's permanents that are of one of ``letters``' colors (a hybrid symbol once); each
        permanent counts toward it once per such symbol (9.1 ``counts`` as a number)."""
        names = {v: k.lower() for k, v in COLOR_LETTER.items()}
        phrase = "devotion to " + " and ".join(names[c] for c in letters)
        if phrase not in self.values:
            total = 0
            for obj in self.objects:
                if obj.get("controller") != self.seat:
                    continue
                cost = obj.get("mana_cost") or {}
                symbols = [shard_symbol(s) for s in cost.get("shards") or []
                           if isinstance(s, str)] if cost.get("type") == "Cost" else []
                n = sum(1 for sym in symbols if set(sym.strip("{}").split("/")) & set(letters))
                total += n
                if n:
                    self.counted.setdefault(int(obj["id"]), []).extend([phrase] * n)
            self.values[phrase] = total
        return phrase

    def domain(self) -> str:
        """The fact "basic land type among lands you control" (Domain, 305.6): how many of the
        five basic land types the seat's lands have. A land counts toward it by the types no
        other land of the seat has (sacrificing it lowers the count by those);
        ``SeatBoard.problem`` refuses a board where lands may be sacrificed, for which that
        is not exact."""
        phrase = DOMAIN
        if phrase not in self.values:
            lands = {int(o["id"]): set(object_types(o)[1]) & set(BASIC_TYPES)
                     for o in self.objects if o.get("controller") == self.seat
                     and "land" in object_types(o)[0]}
            self.values[phrase] = len(set().union(*lands.values())) if lands else 0
            for oid, types in lands.items():
                alone = types - set().union(*(t for o, t in lands.items() if o != oid))
                if alone:
                    self.counted.setdefault(oid, []).extend([phrase] * len(alone))
        return phrase


BASIC_TYPES = ("plains", "island", "swamp", "mountain", "forest")
DOMAIN = "basic land type among lands you control"
