"""Static abilities of the board (tapwise's section 9.8; board key ``statics``), loaded and applied.

A permanent's static ability may change the other sources or the cost being paid, not the mana
a tap makes (that is 9.4's ``effects``):

- ``add_subtypes`` (layer 4, 613.1d): Urborg, Tomb of Yawgmoth's "Each land is a Swamp in
  addition to its other land types"; a land that gains a basic land type gains its mana
  ability (305.6).
- ``set_subtypes`` (layer 4): Blood Moon's "Nonbasic lands are Mountains"; such a land loses
  every ability from its rules text and its old land types and has only those of its new basic
  land types (305.7).
- ``add_ability`` (layer 6, 613.1f): Chromatic Lantern's "Lands you control have "{T}: Add one
  mana of any color."".
- ``increase`` / ``reduce`` (601.2f): Thalia's "Noncreature spells cost {1} more to cast", a
  Medallion's "Red spells you cast cost {1} less to cast": the cost ``cost`` added to the
  problem's ``increase`` or ``reduce`` when the object paid for matches ``for`` (an ``only``
  object read against the problem's ``for`` and the colors of its cost, 202.2).

The layers are applied as 613 says, when the problem is loaded, so every query, both back ends
and the verifier see the board they make: first the dependency of 613.8 (a static whose
permanent, named by ``from``, loses its abilities to a ``set_subtypes`` doesn't exist: Blood Moon
turns Urborg into a plain Mountain whatever their timestamps), then layer 4 in the list's order
(the timestamp order, 613.7), then 305.7, then layer 6. Granted abilities come after a source's
own, in that order, so the answer's ``ability`` index counts them there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from tapwise.models.abilities import load_ability, load_restriction
from tapwise.models.effects import ManaFilter, _aimed_json, _load_filter
from tapwise.models.fields import (ProblemError, _bool, _choice, _expect, _object, _str,
                                   _str_list)
from tapwise.models.mana import Kind, ManaCost, NotationError
from tapwise.models.problem import Ability, Purpose, Restriction, Source
from tapwise.models.values import evolve

KINDS = ("add_subtypes", "set_subtypes", "add_ability", "increase", "reduce")
BASIC_MANA = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}
"""The basic land types and the mana their intrinsic ability makes (305.6)."""
MAX_STATICS = 64
"""Statics on one board: each is applied to every source, once."""

_KEYS = {"add_subtypes": ("kind", "when", "on", "subtypes", "from", "opponent", "if", "counter"),
         "set_subtypes": ("kind", "when", "on", "subtypes", "from", "opponent", "if", "counter"),
         "add_ability": ("kind", "when", "on", "ability", "from", "opponent", "if", "other",
                         "counter", "lose_others", "chosen", "its_colors"),
         "increase": ("kind", "cost", "for", "from", "opponent", "if", "controller", "each",
                      "chosen"),
         "reduce": ("kind", "cost", "for", "from", "opponent", "if", "controller", "each",
                    "chosen", "colored_only", "life")}


@dataclass(frozen=True)
class Static:
    """One static of 9.8: ``when`` picks the sources a layer static changes, ``subtypes`` or
    ``ability`` is what it gives; ``cost`` and ``spells`` (the ``for`` key) make a cost change;
    ``source`` (the ``from`` key) is the id of the permanent that has it, if known."""

    kind: str
    when: ManaFilter | None = None
    subtypes: tuple[str, ...] = ()
    ability: Ability | None = None
    ability_json: dict | None = None
    cost: ManaCost | None = None
    spells: Restriction | None = None
    source: str | None = None
    on: str | None = None  # the id of the one permanent an aura or equipment is attached to
    # an opponent's permanent has it (``opponent``: ``from`` and ``on`` name opponent_sources)
    opponent: bool = False
    # it reaches every player's permanents (``when.controller: "any"``) or spells (a cost
    # static's ``controller: "any"``), not only its controller's
    everyone: bool = False
    # "Other permanents you control have": not the ``from`` source itself, unless it has two
    # or more copies (each copy then gets it from another)
    other: bool = False
    # "This effect reduces only the amount of colored mana you pay" (Edgewalker): a colored
    # reduction the cost has no such mana for reduces nothing (not 118.7b/c's generic)
    colored_only: bool = False
    # "As an additional cost to cast blue permanent spells, you may pay 2 life. Those spells cost
    # {U} less to cast if you paid life this way" (the Defilers): the player's choice, per spell
    life: int = 0
    # a layer static's permanents "with a +1/+1 counter on it" (Jiang Yanggu; "any": "with a
    # counter on it", Rishkar): the source's ``counters`` of that kind
    counter: str | None = None
    # add_ability: "... and lose all other abilities" (Toxicrene; Lithoform Blight's "loses all
    # ... abilities and has"): in layer 6, in timestamp order, every ability it had so far goes
    lose_others: bool = False
    # add_ability without ``ability``: "{T}: Add one mana of any of this creature's colors"
    # (Katilda), each permanent's own colors (a colorless one gains nothing: it adds no mana)
    its_colors: bool = False

    @property
    def layer(self) -> bool:
        return self.kind not in ("increase", "reduce")

    def applies_to(self, source: Source, opponents: bool = False) -> bool:
        """Does it reach ``source``, one of the opponents' when ``opponents``?"""
        if source.zone != "battlefield":
            return False
        if self.counter is not None and not any(
                n > 0 and self.counter in ("any", kind) for kind, n in source.counters):
            return False
        if self.on is not None:
            return source.id == self.on and opponents == self.opponent
        if opponents != self.opponent and not self.everyone:
            return False
        if (self.other and source.id == self.source and opponents == self.opponent
                and source.count == 1):
            return False
        return self.when is None or self.when.matches(source)

    @property
    def mine(self) -> bool:
        """Does a cost static change what this player pays?"""
        return not self.opponent or self.everyone

    def to_json(self) -> dict[str, Any]:
        out = _aimed_json(self.kind, self.on, self.when)
        if self.kind in ("add_subtypes", "set_subtypes"):
            out["subtypes"] = list(self.subtypes)
        if self.ability_json is not None:
            out["ability"] = self.ability_json
        if self.cost is not None:
            out["cost"] = str(self.cost)
        if self.spells is not None:
            out["for"] = self.spells.to_json()
        if self.source is not None:
            out["from"] = self.source
        if self.opponent:
            out["opponent"] = True
        if self.other:
            out["other"] = True
        if self.colored_only:
            out["colored_only"] = True
        if self.life:
            out["life"] = self.life
        if self.counter is not None:
            out["counter"] = self.counter
        if self.lose_others:
            out["lose_others"] = True
        if self.its_colors:
            out["its_colors"] = True
        if self.everyone:
            if self.layer:
                out.setdefault("when", {})["controller"] = "any"
            else:
                out["controller"] = "any"
        return out


def load_statics(value: Any, path: str, sources: tuple[Source, ...],
                 opponents: tuple[Source, ...] = (), facts: Mapping[str, Any] | None = None
                 ) -> tuple[Static, ...]:
    """The ``statics`` list (9.8), every mistake named by its field path; a cost static counted
    ``each`` fact (``facts``, the problem's) changes the cost that many times, and not at all
    when the count is 0."""
    items = _expect(value, (list,), path, "a list of static objects")
    if len(items) > MAX_STATICS:
        raise ProblemError(path, f"at most {MAX_STATICS} statics on one board, not {len(items)}")
    ids = ({s.id for s in sources}, {s.id for s in opponents})
    chosen = ({s.id: s.chosen for s in sources}, {s.id: s.chosen for s in opponents})
    own = ({s.id: s._fact_map for s in sources}, {s.id: s._fact_map for s in opponents})
    loaded = (_load_static(_with_chosen(item, f"{path}[{k}]", chosen), f"{path}[{k}]", ids,
                           _facts_of(item, facts or {}, own))
              for k, item in enumerate(items))
    return tuple(st for st in loaded if st is not None)


def _with_chosen(item: Any, path: str, chosen: tuple[dict[str, str | None], ...]) -> Any:
    """A cost static ``"chosen": "types"`` or ``"subtypes"`` ("Spells of the chosen type") with
    its ``from`` source's ``chosen`` (9.1) put into its ``for``."""
    if not isinstance(item, dict) or "chosen" not in item:
        return item
    if item.get("kind") == "add_ability":  # Petrified Hamlet's "Lands with the chosen name"
        _choice(item["chosen"], f"{path}.chosen", ("names",))
        side = chosen[1] if item.get("opponent") is True else chosen[0]
        name = side.get(item["from"]) if isinstance(item.get("from"), str) else None
        if name is None:
            raise ProblemError(f"{path}.chosen", "depends on the chosen name of its source: give "
                                                 "the source named by from a \"chosen\" (9.1; "
                                                 "quick mode: 'Petrified Hamlet [Wastes]')")
        when = dict(item["when"]) if isinstance(item.get("when"), dict) else {}
        if "names" in when:
            raise ProblemError(f"{path}.when.names", "can't be given with chosen: it is the "
                                                     "chosen one")
        when["names"] = [" ".join(name.lower().split())]
        return {k: v for k, v in item.items() if k != "chosen"} | {"when": when}
    key = _choice(item["chosen"], f"{path}.chosen", ("types", "subtypes"))
    if item.get("kind") not in ("increase", "reduce"):
        raise ProblemError(f"{path}.chosen", "is for a cost static (increase or reduce) or an "
                                             "add_ability (\"names\")")
    side = chosen[1] if item.get("opponent") is True else chosen[0]
    value = side.get(item["from"]) if isinstance(item.get("from"), str) else None
    if value is None:
        raise ProblemError(f"{path}.chosen", f"depends on the chosen {key[:-1]} of its source: "
                                             f"give the source named by from a \"chosen\" (9.1; "
                                             f"quick mode: 'Herald\'s Horn [Elf]')")
    spell = dict(item.get("for", {"kind": "spell"})) if isinstance(item.get("for"), dict) else {}
    if key in spell:
        raise ProblemError(f"{path}.for.{key}", "can't be given with chosen: it is the chosen one")
    spell[key] = [value]
    return {k: v for k, v in item.items() if k != "chosen"} | {"for": spell}


def _facts_of(item: Any, board: Mapping[str, Any], own: tuple[dict[str, dict], ...]
              ) -> Mapping[str, Any]:
    """The facts a static reads: its ``from`` source's own first (9.2: a Class's ``class
    level``), then the board's."""
    if not isinstance(item, dict) or not isinstance(item.get("from"), str):
        return board
    mine = own[1 if item.get("opponent") is True else 0].get(item["from"])
    return {**board, **mine} if mine else board


def _holds(value: Any, path: str, facts: Mapping[str, Any]) -> bool:
    """Does a static's condition ``{"fact": F, "min": N}`` hold: the fact (9.1) is N or more?"""
    obj = _object(value, path, ("fact", "min"))
    if "fact" not in obj:
        raise ProblemError(f"{path}.fact", "is required: the fact the condition counts")
    n = obj.get("min", 1)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ProblemError(f"{path}.min", f"must be a whole number 0 or more, not {n!r}")
    return _count(obj["fact"], f"{path}.fact", facts) >= n


def _count(value: Any, path: str, facts: Mapping[str, Any]) -> int:
    """How many times a cost static counted by the fact ``value`` applies (601.2f)."""
    from tapwise.models.facts import fact_name

    name = fact_name(value, path)
    n = facts.get(name)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ProblemError(path, f"needs the fact {name!r} as a number in the problem's facts "
                                 f"(it counts it): give it, like \"facts\": {{\"{name}\": 3}} "
                                 f"(quick mode: --fact \"{name}=3\")")
    return n


def _load_static(value: Any, path: str, sides: tuple[set[str], set[str]],
                 facts: Mapping[str, Any]) -> Static | None:
    if not isinstance(value, dict) or "kind" not in value:
        _object(value, path, ("kind",))
        raise ProblemError(f"{path}.kind", f"is required: one of {', '.join(KINDS)}")
    kind = _choice(value["kind"], f"{path}.kind", KINDS)
    obj = _object(value, path, _KEYS[kind])
    if "if" in obj and not _holds(obj["if"], f"{path}.if", facts):
        return None  # "As long as you control six or more lands": not now
    opponent = _bool(obj.get("opponent", False), f"{path}.opponent")
    ids = sides[1] if opponent else sides[0]
    where = "opponent_sources" if opponent else "sources"
    source = None
    if "from" in obj:
        source = _str(obj["from"], f"{path}.from")
        if source not in ids:
            raise ProblemError(f"{path}.from", f"names none of the board's {where}: {source!r}")
    if kind in ("increase", "reduce"):
        if "cost" not in obj:
            raise ProblemError(f"{path}.cost", "is required: the mana it adds or takes off, "
                                               "like \"{1}\"")
        text = _str(obj["cost"], f"{path}.cost")
        if "each" in obj:  # "{1} less for each artifact you control": the cost, n times
            n = _count(obj["each"], f"{path}.each", facts)
            if n == 0:
                return None
            text *= n
        try:
            cost = ManaCost.parse(text)
        except NotationError as e:
            raise ProblemError(f"{path}.cost", str(e)) from None
        spells = load_restriction(obj["for"], f"{path}.for") if "for" in obj else None
        everyone = _choice(obj.get("controller", "you"), f"{path}.controller",
                           ("you", "any")) == "any"
        colored_only = _bool(obj.get("colored_only", False), f"{path}.colored_only")
        if colored_only and any(sym.kind is not Kind.COLORED for sym in cost.symbols):
            raise ProblemError(f"{path}.cost", f"with colored_only, is colored mana symbols "
                                               f"only (like \"{{W}}{{B}}\"), not {text!r}")
        life = 0
        if "life" in obj:
            life = obj["life"]
            if kind != "reduce" or isinstance(life, bool) or not isinstance(life, int) or not (
                    1 <= life <= 1000):
                raise ProblemError(f"{path}.life", f"is the life a reduction may be paid with, "
                                                   f"a whole number 1 to 1000, not {life!r}")
        return Static(kind, cost=cost, spells=spells, source=source, opponent=opponent,
                      everyone=everyone, colored_only=colored_only, life=life)
    when = _load_filter(obj["when"], f"{path}.when") if "when" in obj else None
    on = None
    if "on" in obj:
        if "when" in obj:
            raise ProblemError(f"{path}.on", "give either when or on, not both")
        on = _str(obj["on"], f"{path}.on")
        if on not in ids:
            raise ProblemError(f"{path}.on", f"names none of the board's {where}: {on!r}")
    everyone = isinstance(obj.get("when"), dict) and obj["when"].get("controller") == "any"
    counter = None
    if "counter" in obj:
        counter = _str(obj["counter"], f"{path}.counter").strip().lower()
        if not counter:
            raise ProblemError(f"{path}.counter", "names no counter kind (\"any\": any kind)")
    common = {"source": source, "on": on, "opponent": opponent, "everyone": everyone,
              "counter": counter}
    if kind == "add_ability":
        its_colors = _bool(obj.get("its_colors", False), f"{path}.its_colors")
        if its_colors == ("ability" in obj):
            raise ProblemError(f"{path}.ability", "is required: the mana ability it grants (or "
                                                  "its_colors: true, not both)")
        raw = (_expect(obj["ability"], (dict,), f"{path}.ability", "an ability object")
               if not its_colors else None)
        other = _bool(obj.get("other", False), f"{path}.other")
        if other and source is None:
            raise ProblemError(f"{path}.other", "needs from: the source that is not changed")
        return Static(kind, when, ability=load_ability(raw, f"{path}.ability") if raw else None,
                      ability_json=dict(raw) if raw else None, other=other,
                      lose_others=_bool(obj.get("lose_others", False), f"{path}.lose_others"),
                      its_colors=its_colors, **common)
    if "subtypes" not in obj:
        raise ProblemError(f"{path}.subtypes", "is required: the land types it gives")
    subtypes = _str_list(obj["subtypes"], f"{path}.subtypes")
    if not subtypes and kind == "add_subtypes":  # set_subtypes []: "loses all land types"
        raise ProblemError(f"{path}.subtypes", "names no subtype")
    return Static(kind, when, subtypes=tuple(dict.fromkeys(subtypes)), **common)


LAND_TYPES = ("cave", "cloud", "desert", "forest", "gate", "island", "lair", "locus", "mine",
              "mountain", "plains", "planet", "power-plant", "sphere", "swamp", "tower", "town",
              "urza's")
"""The land types (205.3i): a ``set_subtypes`` of land types replaces these and keeps the rest
(Dryad Arbor stays a Dryad, 305.7)."""


def _intrinsic(subtype: str) -> Ability:
    """The mana ability a basic land type gives (305.6), loaded as an ability entry is."""
    return load_ability({"add": "{%s}" % BASIC_MANA[subtype]}, "statics")


def _of_its_colors(colors: str) -> Ability | None:
    """"{T}: Add one mana of any of this creature's colors" for a permanent of ``colors`` (one of
    them, the player's choice), None for a colorless one (it would add no mana)."""
    letters = [c for c in "WUBRG" if c in colors]
    return load_ability({"add": ["{%s}" % c for c in letters]}, "statics") if letters else None


def _exists(static: Static, lands: dict[tuple[bool, str], Source],
            setters: list[Static]) -> bool:
    """Does ``static`` exist? Not when its permanent is a land another ``set_subtypes`` strips of
    its rules text's abilities (305.7; 613.8a: it depends on that one, which applies first,
    whatever the timestamps). A ``set_subtypes`` that reaches its own land still applies to it
    (613.6: an effect that began to apply goes on, though it removes its own ability)."""
    if static.source is None:
        return True
    land = lands.get((static.opponent, static.source))
    return land is None or not any(o is not static and o.applies_to(land, static.opponent)
                                   for o in setters)


def apply_statics(sources: tuple[Source, ...], statics: tuple[Static, ...],
                  opponents: tuple[Source, ...] = ()
                  ) -> tuple[tuple[Source, ...], tuple[Source, ...], tuple[Static, ...]]:
    """The sources and the opponents' sources as the layer statics leave them (613.8
    dependency, layer 4 in order, 305.7, layer 6 in order), and the statics that still exist
    (the cost ones are read later, against each cost's ``for``). Sources no static changes are
    returned as they are."""
    setters = [s for s in statics if s.kind == "set_subtypes"]
    lands = {(side, src.id): src for side, group in ((False, sources), (True, opponents))
             for src in group if "land" in src.types}
    live = tuple(s for s in statics if _exists(s, lands, setters)) if setters else statics
    layered = [s for s in live if s.layer]
    if not layered:
        return sources, opponents, live
    return (tuple(_layered(src, layered, False) for src in sources),
            tuple(_layered(src, layered, True) for src in opponents), live)


def _layered(src: Source, statics: list[Static], opponents: bool) -> Source:
    subtypes = list(src.subtypes)
    abilities = list(src.abilities)
    changed = was_set = False
    for st in statics:  # layer 4, in timestamp order (613.7)
        if st.kind == "add_ability" or not st.applies_to(src, opponents):
            continue
        changed = True
        if st.kind == "set_subtypes":
            subtypes = [t for t in subtypes if t not in LAND_TYPES] + list(st.subtypes)
            was_set = "land" in src.types
            continue
        subtypes += [t for t in st.subtypes if t not in subtypes]
    if was_set:  # 305.7: the rules text's abilities are gone; the new types' remain
        abilities = [_intrinsic(t) for t in subtypes if t in BASIC_MANA]
    elif changed and "land" in src.types:  # 305.6: a basic land type gained brings its ability
        abilities += [_intrinsic(t) for t in subtypes if t in BASIC_MANA and t not in src.subtypes]
    typed = evolve(src, subtypes=tuple(subtypes)) if changed else src
    for st in statics:  # layer 6, in timestamp order, on the permanent layer 4 left
        if st.kind == "add_ability" and st.applies_to(typed, opponents):
            granted = st.ability if not st.its_colors else _of_its_colors(src.colors)
            kept = [] if st.lose_others else abilities
            abilities = kept + [granted] if granted is not None else kept
            changed = True
    return evolve(src, subtypes=tuple(subtypes), abilities=tuple(abilities)) if changed else src


Optional = tuple[ManaCost, bool, int]
"""A reduction the player may take by paying life: (its cost, colored only, the life)."""


def cost_changes(statics: tuple[Static, ...], purpose: Purpose
                 ) -> tuple[tuple[ManaCost, ...], tuple[ManaCost, ...], tuple[ManaCost, ...],
                            tuple[Optional, ...]]:
    """The increases, reductions, colored-only reductions and reductions paid for with life
    (601.2f) the cost statics make to an object paid for as ``purpose``: those whose ``for``
    matches (``statics`` as :func:`apply_statics` left them)."""
    increase: list[ManaCost] = []
    reduce: list[ManaCost] = []
    colored: list[ManaCost] = []
    optional: list[Optional] = []
    for st in statics:
        if not st.layer and st.mine and (st.spells is None or st.spells.allows(purpose)):
            if st.life:
                optional.append((st.cost, st.colored_only, st.life))
            else:
                (increase if st.kind == "increase" else colored if st.colored_only
                 else reduce).append(st.cost)
    return tuple(increase), tuple(reduce), tuple(colored), tuple(optional)
