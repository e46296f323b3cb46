"""Exhaustive reference payer: ``brute_pay(problem) -> {"status", "objective"}``.

Written from ``shared/spec/problem.md`` and ``docs/semantics.md`` alone; it shares no code with
``solver/`` (only ``models.mana`` for reading brace notation). It is meant to be obviously
correct, not fast, and only handles small problems (a handful of source copies, a handful of
cost symbols, small pools).

How it works, in the order a player does it (601.2b-h):

1. **Total cost variants** (601.2b, 601.2f). For every base cost the player may use (``cost``,
   or ``alternative``, or ``free`` = ``{0}``), every value of X, every half of every hybrid
   symbol, mana-or-life for every Phyrexian symbol, every half of every hybrid reduction and
   every way to split the generic reduction between the kinds of generic mana, it builds the
   resulting demand: a list of *slots*, each one mana with a requirement (a color, colorless,
   any, snow, ...), plus the life and energy the cost itself takes. Duplicates are merged.
2. **Mana abilities** (601.2g, 605). A depth-first search over game states simulates every
   sequence of mana-ability activations: each state is what every source copy has done so
   far (tapped, uses left, sacrificed, used), the mana in the pool (type, snow, restriction,
   made-by-an-activation), and the life / damage / energy / sacrifices so far. An activation
   pays its own mana cost from the mana in the pool at that moment (never from its own
   output), then adds one of its output choices. States are memoized, so orderings that reach
   the same state are explored once.
3. **Paying** (601.2h). In every reachable state, every demand variant is tried against the
   pool: every assignment of pool mana to slots (memoized on the remaining pool), giving the
   set of (colors spent, mana made by activations that got spent) outcomes.
4. **Objectives**: every outcome is scored and the lexicographic best kept.

Choices the spec leaves open are marked ``# CHOICE`` with the rule or doc line they follow.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from typing import Any, Iterable

from tapwise.models.mana import Kind, ManaCost, Symbol

from .traits_brute import traits_fit
from .board_rules import Unsupported, _as_list, _restriction_matches  # noqa: F401

COLORS = "WUBRG"
TYPES = "WUBRGC"
BIT = {c: 1 << i for i, c in enumerate(COLORS)}

# Basic land names and the mana they imply (305.6). Kept here on purpose (not imported from
# models/) so that the reference shares nothing but notation parsing with the solver.
BASIC_LAND_MANA = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G", "wastes": "C"}

DEFAULT_TAIL = ["min_life", "min_sacrifices", "min_sources", "min_waste"]
# Spec 9.6: the default order once version 2's keys are in play.
DEFAULT_TAIL_V2 = ["min_life", "min_sacrifices", "min_drawbacks", "min_cards", "min_counters", "min_sources",
                   "min_waste"]
MAXIMIZED = {"max_x", "max_colors"}
ALL_OBJECTIVES = {"max_x", "max_colors", "min_colors", "min_life", "min_energy", "min_sacrifices",
                  "min_sources", "min_waste", "min_drawbacks", "min_cards", "min_counters"}
UNLIMITED = 10**6  # uses "any": no limit per copy but what the costs allow

# Every class of mana for paying the total cost: (type, snow, made by an activation, barred from
# generic mana by tapwise's only.not_generic).
CLASSES = tuple((t, s, m, ng) for t in TYPES for s in (False, True) for m in (False, True) for ng in (False, True))
CLASS_INDEX = {c: i for i, c in enumerate(CLASSES)}

# Slot kinds: what one mana of a demand must be.
#   ("col", c)   mana of color c           "C"      colorless mana
#   "any"        any mana: generic         ("genX", c) X mana under x_color c
#   "anyc"       any mana: a colored requirement lifted by spend_as (not generic)
#   "genC"       Achroma's colorless-only generic
#   "snow"       snow mana of any type     "snowC"  colorless snow mana (Achroma's {S})
_RANK = {"col": 0, "C": 1, "genC": 2, "genX": 3, "snowC": 4, "snow": 5, "anyc": 6, "any": 6}
_GENERIC_SLOTS = ("any", "genC", "genX", "snow", "snowC")  # generic mana: {N}, X, {S} (107.4h), a {2/W} half


class TooBig(RuntimeError):
    """The exhaustive search would be too large; make the problem smaller."""


def _kind_rank(kind) -> tuple:
    if isinstance(kind, tuple):
        return (_RANK[kind[0]], kind[1])
    return (_RANK[kind], "")


def _fits(kind, mana_type: str, snow: bool, not_generic: bool = False) -> bool:
    """Whether one mana of ``mana_type`` (snow or not; ``not_generic``: under only.not_generic)
    can fill a slot of ``kind``."""
    if not_generic and (kind in _GENERIC_SLOTS or (isinstance(kind, tuple) and kind[0] == "genX")):
        return False
    if kind in ("any", "anyc"):
        return True
    if kind == "snow":
        return snow
    if kind == "snowC":
        return snow and mana_type == "C"
    if kind in ("C", "genC"):
        return mana_type == "C"
    return mana_type == kind[1]  # ("col", c) or ("genX", c)


def _symbols(text: str) -> tuple[Symbol, ...]:
    return ManaCost.parse(text).symbols


# --------------------------------------------------------------------------------------------
# What an ability adds (106.8-106.11) and what a permanent "could produce" (106.7)
# --------------------------------------------------------------------------------------------

def _string_outputs(text: str) -> set[tuple[str, ...]]:
    """Every multiset of mana a mana string can add (the player picks hybrid halves)."""
    per_symbol: list[list[tuple[str, ...]]] = []
    for s in _symbols(text):
        k = s.kind
        if k in (Kind.COLORED, Kind.PHYREXIAN):  # 106.9: a Phyrexian symbol adds its color
            per_symbol.append([(s.colors,)])
        elif k in (Kind.COLORLESS, Kind.SNOW):  # 106.11: {S} adds one colorless
            per_symbol.append([("C",)])
        elif k is Kind.GENERIC:  # 106.10
            per_symbol.append([("C",) * s.amount])
        elif k in (Kind.HYBRID, Kind.HYBRID_PHYREXIAN):  # 106.8: choose a half
            per_symbol.append([(s.colors[0],), (s.colors[1],)])
        elif k is Kind.TWOBRID:
            per_symbol.append([(s.colors,), ("C", "C")])
        elif k is Kind.COLORLESS_HYBRID:
            per_symbol.append([("C",), (s.colors,)])
        else:
            raise Unsupported(f"can't add {s} ({text!r})")
    return {tuple(sorted(sum(combo, ()))) for combo in itertools.product(*per_symbol)}


def _static_could_produce(add) -> set[str] | None:
    """Types an ``add`` could produce, or None for a reflect ability (resolved by fixpoint)."""
    if isinstance(add, str):
        return {t for out in _string_outputs(add) for t in out}
    if isinstance(add, list):
        return {t for text in add for out in _string_outputs(text) for t in out}
    if isinstance(add, dict):
        if "reflect" in add:
            return None
        if "any_color" in add:
            return set(add.get("of", COLORS)) if add["any_color"] > 0 else set()
        if "one_color" in add:
            return set(add.get("of", COLORS)) if add["one_color"] > 0 else set()
        if "any_type" in add:
            return set(TYPES) if add["any_type"] > 0 else set()
        if "each_color" in add:
            return set(add.get("of", COLORS))
    raise Unsupported(f"unknown add {add!r}")


def _outputs(add, reflected: set[str] | None) -> list[tuple[str, ...]]:
    """Every output choice of an ability, each a sorted tuple of mana types."""
    if isinstance(add, str):
        outs = _string_outputs(add)
    elif isinstance(add, list):
        outs = set().union(*(_string_outputs(t) for t in add)) if add else set()
    elif "any_color" in add:  # 9.2: "of" narrows the colors
        outs = {tuple(sorted(c)) for c in itertools.combinations_with_replacement(add.get("of", COLORS),
                                                                                  add["any_color"])}
    elif "one_color" in add:
        outs = {(c,) * add["one_color"] for c in add.get("of", COLORS)}
    elif "each_color" in add:  # tapwise extension: n mana of each color in "of", one output
        outs = {tuple(sorted(c for c in set(add.get("of", COLORS)) for _ in range(add["each_color"])))}
    elif "any_type" in add:
        # CHOICE: {"any_type": n} = n mana, each of any type (as any_color is "each of any color").
        outs = {tuple(sorted(c)) for c in itertools.combinations_with_replacement(TYPES, add["any_type"])}
    elif "reflect" in add:
        # 106.7: one mana of a type those lands could produce; none if they could produce none
        # (106.5: then the ability produces no mana).
        # tapwise extension: "n" mana all of the one type (Incubation Druid's "three mana of that type").
        outs = {(t,) * add.get("n", 1) for t in (reflected or set())} or {()}
    else:
        raise Unsupported(f"unknown add {add!r}")
    return sorted(outs)


def _lands_fit(want: dict, land: "_Source") -> bool:
    """Is ``land`` one of the lands a reflect's ``lands`` names (one of its subtypes, and the
    filter traits)?"""
    subtypes = {t.lower() for t in want.get("subtypes", [])}
    if subtypes and not subtypes & land.subtypes:
        return False
    return traits_fit(want, land.entry or {})


def _reflect_sets(sides: dict[str, list["_Source"]]) -> dict[tuple[str, int, int], set[str]]:
    """Least fixed point of "could produce" (106.7) for every reflect ability on both sides.

    ``lands_you_control`` is read from the controller of the reflecting source (so an
    opponent's Exotic Orchard looks at *my* lands), as in 106.7's Exotic Orchard example.
    CHOICE: "could produce" is evaluated once, on the board as given (tapped or not, costs
    ignored, 106.7), not re-evaluated after sacrifices during the payment.
    """
    other = {"me": "opp", "opp": "me"}
    produce: dict[tuple[str, int], set[str]] = {(side, i): set() for side, lst in sides.items()
                                                for i in range(len(lst))}
    reflect: dict[tuple[str, int, int], set[str]] = {}

    def ability_types(side: str, src: "_Source", ai: int) -> set[str]:
        ab = src.abilities[ai]
        static = _static_could_produce(ab.add)
        if static is not None:
            return static
        spec = ab.add
        if spec["reflect"] == "sacrificed":
            return set()  # tapwise extension: read per activation from the land sacrificed (_activate)
        if spec["reflect"] == "lands_you_control":
            target = side
        elif spec["reflect"] == "lands_opponents_control":
            target = other[side]
        else:
            raise Unsupported(f"unknown reflect {spec['reflect']!r}")
        got: set[str] = set()
        lands = spec.get("lands") or {}  # tapwise extension: "a Gate you control", "a basic land"
        for j, land in enumerate(sides[target]):
            if "land" in land.types and land.count > 0 and not land.hand and _lands_fit(lands, land):
                got |= produce[(target, j)]
        what = spec.get("what", "color")
        if what == "color":
            got &= set(COLORS)
        elif what != "type":
            raise Unsupported(f"unknown reflect what {what!r}")
        return got

    changed = True
    while changed:
        changed = False
        for (side, i) in list(produce):
            src = sides[side][i]
            new: set[str] = set()
            for ai in range(len(src.abilities)):
                t = ability_types(side, src, ai)
                if src.abilities[ai].add.__class__ is dict and "reflect" in src.abilities[ai].add:
                    reflect[(side, i, ai)] = t
                new |= t
            if new != produce[(side, i)]:
                produce[(side, i)] = new
                changed = True
    reflect.update({("source", side, i): types for (side, i), types in produce.items()})  # whole permanents
    return reflect


# --------------------------------------------------------------------------------------------
# The board
# --------------------------------------------------------------------------------------------

@dataclass
class _Ability:
    add: Any
    tap: bool
    cost: tuple[Symbol, ...]
    life: int
    damage: int
    energy: int
    sacrifice: bool
    uses: int
    only: int  # index into the restriction table, -1 = unrestricted
    outputs: list[tuple[str, ...]]
    max_out: int = 0
    times: Any = None  # version 2 (9.2): None, an int, or {"fact"|"counters"|"remove": ..., "plus": n}
    remove: tuple = ()  # ((kind, n), ...) counters removed as a cost
    put: tuple = ()  # ((kind, n), ...) counters put as a cost
    allowed: bool = True  # its if / unless conditions, on the facts as given
    works: bool = True  # tapwise's ability zone: a graveyard card's ability works there only, the others not there
    cards: tuple = (0, 0, 0)  # cards discarded, exiled from the graveyard, milled per activation (9.2)
    drawback: bool = False
    others: tuple | None = None  # ("sac" | "tap", n, types, subtypes, self, raw) for sacrifice_other / tap_other
    conditions: dict | None = None  # the raw "if" / "unless", read as each activation happens
    uncounted: bool = False  # a filter whose activations need no count: the seen states end it


@dataclass
class _Source:
    count: int
    tapped: int
    types: frozenset[str]
    snow: bool
    abilities: list[_Ability]
    sick: bool = False
    hand: bool = False
    counters: tuple = ()  # ((kind, n), ...) on each copy at the start
    facts: dict | None = None
    subtypes: frozenset = frozenset()
    counts: dict | None = None  # 9.1: the board facts each copy counts toward, and by how much
    entry: dict | None = None  # the entry as given, for the filters' supertypes, token and colors


_SOURCE_KEYS = {"id", "name", "count", "types", "snow", "tapped", "abilities", "oracle",
                "subtypes", "colors", "sick", "counters", "chosen", "zone", "facts", "counts", "supertypes",
                "token"}
_ABILITY_KEYS = {"add", "tap", "mana", "life", "damage", "energy", "sacrifice", "uses", "only",
                 "times", "remove_counters", "put_counters", "if", "unless", "discard", "exile_graveyard", "mill",
                 "drawback", "sacrifice_other", "tap_other", "zone"}


def _tags_in(only) -> bool:
    """Does a spend restriction use 9.2's tags, itself or in an alternative it lists?"""
    if not isinstance(only, dict):
        return False
    return "tags" in only or any(_tags_in(o) for key in ("any_of", "all_of") for o in only.get(key) or [])


def _is_v2(problem: dict) -> bool:
    """Does the problem use any key of section 9? Then 9.6's default objectives apply (9.7), even
    for keys that only describe (keep, subtypes, colors, chosen, only.tags)."""
    if problem.get("keep") or any(_tags_in(m.get("only")) for m in problem.get("pool", []) or []
                                  if isinstance(m, dict)):
        return True
    for src in problem.get("sources", []) or []:
        if "subtypes" in src or "colors" in src or src.get("chosen") is not None or any(
                _tags_in(ab.get("only")) for ab in src.get("abilities", []) or []):
            return True
    return _pays_v2(problem)


def _pays_v2(problem: dict) -> bool:
    """Does the problem use section 9's keys in a way that changes paying? (A plan's answers
    carry 9.6's objectives then: the plan question reads its costs and board, not keep.)"""
    if problem.get("facts") or problem.get("hand") or problem.get("graveyard") or problem.get("library") is not None:
        return True
    if (problem.get("for") or {}).get("tags") or (problem.get("for") or {}).get("mana_value") is not None:
        return True
    for src in problem.get("sources", []) or []:
        if src.get("sick") or src.get("counters") or src.get("zone", "battlefield") != "battlefield" or src.get("facts") \
                or src.get("counts"):
            return True
        for ab in src.get("abilities", []) or []:
            if "times" in ab or ab.get("remove_counters") or ab.get("put_counters") or ab.get("uses") == "any" \
                    or ab.get("if") or ab.get("unless") or ab.get("discard") or ab.get("exile_graveyard") \
                    or ab.get("mill") or ab.get("drawback") is not None or ab.get("sacrifice_other") or ab.get("zone") \
                    or ab.get("tap_other") \
                    or (isinstance(ab.get("add"), dict) and ("of" in ab["add"] or "n" in ab["add"] or any(
                        isinstance(v, dict) for v in ab["add"].values()))):
                return True
    return False


def _fact(name: str, own: dict, board: dict) -> int:
    """9.2: a source's own facts are read before the problem's."""
    name = " ".join(name.lower().split())
    if name in own:
        return own[name]
    if name in board:
        return board[name]
    raise Unsupported(f"fact {name!r} not given")


def _conditions_hold(ab_raw: dict, own: dict, board: dict) -> bool:
    """9.2 ``if`` (all hold) and ``unless`` (not all hold); an empty list is no condition."""
    def holds(c: dict) -> bool:
        v = _fact(c["fact"], own, board)
        return ("min" not in c or v >= c["min"]) and ("max" not in c or v <= c["max"])
    if ab_raw.get("if") and not all(holds(c) for c in ab_raw["if"]):
        return False
    if ab_raw.get("unless") and all(holds(c) for c in ab_raw["unless"]):
        return False
    return True


def _counts(value) -> dict:
    if not value:
        return {}
    if isinstance(value, list):
        return {" ".join(f.lower().split()): 1 for f in value}
    return {" ".join(f.lower().split()): int(n) for f, n in value.items()}


def _others(raw: dict) -> tuple | None:
    for key, kind in (("sacrifice_other", "sac"), ("tap_other", "tap")):
        o = raw.get(key)
        if o:
            # tapwise extension: n "X", any number (one or more) per activation
            return (kind, "X" if o.get("n") == "X" else int(o.get("n", 1)), frozenset(t.lower() for t in o.get("types", [])),
                    frozenset(t.lower() for t in o.get("subtypes", [])), bool(o.get("self", False)), o)
    return None


def _resolve_add(add, entry: dict, own: dict, board: dict):
    """9.2's add forms that read the board, made plain: n from a fact, ``of`` from a fact or
    the source's ``chosen`` color (an uppercase color letter; anything else chooses no color)."""
    if not isinstance(add, dict) or "reflect" in add or "double_pool" in add:
        if isinstance(add, dict) and "double_pool" in add:
            raise Unsupported("double_pool")
        return add
    out = dict(add)
    for key in ("any_color", "one_color", "any_type"):  # each_color's n is a number
        if isinstance(out.get(key), dict):
            out[key] = _fact(out[key]["fact"], own, board)
    of = out.get("of")
    if of == "chosen":
        chosen = str(entry.get("chosen", "")).upper()
        out["of"] = chosen if len(chosen) == 1 and chosen in COLORS else ""
    elif isinstance(of, dict):
        out["of"] = "".join(c for c in COLORS if c in str(_fact(of["fact"], own, board)).upper())
    elif of is not None:
        out["of"] = "".join(c for c in COLORS if c in of.upper())
    n = next(out[k] for k in ("any_color", "one_color", "any_type", "each_color") if k in out)
    if n <= 0 or out.get("of") == "":
        return []  # makes nothing
    return out


def _load_source(entry: dict, restriction_index, board_facts: dict | None = None) -> _Source:
    unknown = set(entry) - _SOURCE_KEYS
    if unknown:
        raise Unsupported(f"unknown source keys {sorted(unknown)}")
    name = entry.get("name")
    basic = None
    if isinstance(name, str):
        key = name.strip().lower()
        snowy = key.startswith("snow-covered ")
        if snowy:
            key = key[len("snow-covered "):]
        if key in BASIC_LAND_MANA:
            basic = (BASIC_LAND_MANA[key], snowy)
    if "abilities" in entry:
        raw_abilities = entry["abilities"]
    elif basic is not None:
        raw_abilities = [{"add": "{%s}" % basic[0]}]
    elif "oracle" in entry:
        raise Unsupported("oracle text is not read by the reference")
    else:
        raw_abilities = []
    count = int(entry.get("count", 1))
    tapped = entry.get("tapped", False)
    if tapped is True:
        tapped_n = count
    elif tapped is False or tapped is None:
        tapped_n = 0
    else:
        tapped_n = max(0, min(int(tapped), count))
    basic_subtype = {"W": "plains", "U": "island", "B": "swamp", "R": "mountain", "G": "forest"}.get(
        basic[0]) if basic else None  # 305.6: a basic land has its land type
    own_facts = {" ".join(k.lower().split()): v for k, v in (entry.get("facts") or {}).items()}
    board_facts = board_facts or {}
    abilities = []
    for raw in raw_abilities:
        unknown = set(raw) - _ABILITY_KEYS
        if unknown:
            raise Unsupported(f"unknown ability keys {sorted(unknown)}")
        uses = raw.get("uses", 1)
        cost = _symbols(raw["mana"]) if raw.get("mana") else ()
        for s in cost:
            if s.kind in (Kind.X, Kind.ENERGY):
                raise Unsupported(f"{s} in a mana ability's mana cost")
        abilities.append(_Ability(
            add=_resolve_add(raw["add"], entry, own_facts, board_facts), tap=bool(raw.get("tap", True)), cost=cost,
            life=int(raw.get("life", 0)), damage=int(raw.get("damage", 0)),
            energy=int(raw.get("energy", 0)), sacrifice=bool(raw.get("sacrifice", False)),
            uses=UNLIMITED if uses == "any" else int(uses), only=restriction_index(raw.get("only")), outputs=[],
            times=raw.get("times"),
            remove=tuple(sorted((k.lower(), int(n)) for k, n in (raw.get("remove_counters") or {}).items())),
            put=tuple(sorted((k.lower(), int(n)) for k, n in (raw.get("put_counters") or {}).items())),
            allowed=True, conditions={k: raw[k] for k in ("if", "unless") if raw.get(k)},
            cards=(int(raw.get("discard", 0)), int(raw.get("exile_graveyard", 0)), int(raw.get("mill", 0))),
            drawback=raw.get("drawback") is not None, others=_others(raw),
            works=(raw.get("zone") == entry.get("zone", "battlefield")) if (
                raw.get("zone") or entry.get("zone") == "graveyard") else True))
    return _Source(count=count, tapped=tapped_n,
                   types=frozenset(t.lower() for t in entry.get("types", ["land"])),
                   snow=bool(entry.get("snow", basic[1] if basic else False)), abilities=abilities,
                   sick=bool(entry.get("sick", False)), hand=entry.get("zone", "battlefield") != "battlefield",
                   counters=tuple(sorted((k.lower(), int(n)) for k, n in (entry.get("counters") or {}).items())),
                   facts=own_facts,
                   subtypes=frozenset(t.lower() for t in entry.get("subtypes", [basic_subtype] if basic_subtype else [])),
                   counts=_counts(entry.get("counts")), entry=entry)


# --------------------------------------------------------------------------------------------
# The total cost (601.2b, 601.2f, 118.7, section 4 of the spec)
# --------------------------------------------------------------------------------------------

# A cost vector, after the player's choices and before reductions:
_COL = 0  # 0..4: colored mana W U B R G
_CL = 5  # {C}
_GEN_OWN = 6  # generic of the object's own cost (mana/alternative/additional cost, {2/W}'s 2)
_GEN_INC = 7  # generic added by `increase` (any mana even under Achroma, 702.86e)
_GEN_X = 8  # the mana paid for X
_SNOW_OWN = 9  # {S} of the object's own cost
_SNOW_INC = 10  # {S} from an increase
_LIFE = 11  # life: 2 per Phyrexian symbol paid with life, plus life_cost
_ENERGY = 12  # {E}
_WIDTH = 13


def _unit(index: int, amount: int = 1) -> tuple[int, ...]:
    v = [0] * _WIDTH
    v[index] = amount
    return tuple(v)


def _symbol_choices(s: Symbol, own: bool, x: int) -> list[tuple[int, ...]]:
    """601.2b: the ways the player may announce one symbol of the cost."""
    gen = _GEN_OWN if own else _GEN_INC
    k = s.kind
    col = lambda c: _unit(_COL + COLORS.index(c))  # noqa: E731
    if k is Kind.COLORED:
        return [col(s.colors)]
    if k is Kind.COLORLESS:
        return [_unit(_CL)]
    if k is Kind.GENERIC:
        return [_unit(gen, s.amount)]
    if k is Kind.X:
        if not own:
            raise Unsupported("{X} in an increase")
        return [_unit(_GEN_X, x)]
    if k is Kind.HYBRID:
        return [col(s.colors[0]), col(s.colors[1])]
    if k is Kind.TWOBRID:
        return [col(s.colors), _unit(gen, 2)]
    if k is Kind.COLORLESS_HYBRID:
        return [_unit(_CL), col(s.colors)]
    if k is Kind.PHYREXIAN:
        return [col(s.colors), _unit(_LIFE, 2)]
    if k is Kind.HYBRID_PHYREXIAN:
        return [col(s.colors[0]), col(s.colors[1]), _unit(_LIFE, 2)]
    if k is Kind.SNOW:
        return [_unit(_SNOW_OWN if own else _SNOW_INC)]
    if k is Kind.ENERGY:
        return [_unit(_ENERGY)]
    raise Unsupported(f"symbol {s}")


def contains_c(problem: dict, more_reductions: Iterable[str] = ()) -> bool:
    """tapwise's ``only.has_c`` context, worked out on its own: the smallest number of {C}
    symbols left in any total cost the player may choose (601.2f: each base the player may pay,
    plus additional costs and increases, minus the most {C} the reductions can take, 118.7d-e)
    is above 0. Only the {C} symbol counts (107.4c), not a {C/W}'s half."""
    def count_c(texts) -> int:
        return sum(1 for text in texts for s in _symbols(text) if s.kind is Kind.COLORLESS)

    bases = []
    if problem.get("free"):
        bases.append([])  # {0}
    if problem.get("alternative") is not None:
        bases.append([problem["alternative"]])
    if not bases and problem.get("cost") is not None:
        bases.append([problem["cost"]])
    if not bases:
        return False
    always = count_c(list(problem.get("additional") or []) + list(problem.get("increase") or []))
    cut = sum(1 for text in [*(problem.get("reduce") or []), *more_reductions] for s in _symbols(text)
              if any(kind == "C" for kind, _ in _reduction_choices(s)))
    return min(count_c(base) for base in bases) + always - cut > 0


def _reduction_choices(s: Symbol) -> list[tuple[str, Any]]:
    """118.7a-g: what one reduction symbol removes: ("col", c), ("C", 1) or ("gen", n)."""
    k = s.kind
    if k is Kind.GENERIC:
        return [("gen", s.amount)]
    if k is Kind.COLORED:
        return [("col", s.colors)]
    if k is Kind.COLORLESS:
        return [("C", 1)]
    if k is Kind.HYBRID:  # 118.7e: the player chooses a half
        return [("col", s.colors[0]), ("col", s.colors[1])]
    if k is Kind.TWOBRID:  # 118.7e: a generic half reduces that much generic
        return [("col", s.colors), ("gen", 2)]
    if k is Kind.COLORLESS_HYBRID:
        return [("C", 1), ("col", s.colors)]
    if k is Kind.PHYREXIAN:  # 118.7f
        return [("col", s.colors)]
    if k is Kind.HYBRID_PHYREXIAN:  # spec 8: "let the player pick a color, like 118.7e"
        return [("col", s.colors[0]), ("col", s.colors[1])]
    if k is Kind.SNOW:  # 118.7g: reduces generic
        return [("gen", 1)]
    raise Unsupported(f"reduction by {s}")


def _reduction_max_generic(s: Symbol) -> int:
    """An upper bound on the generic one reduction symbol can remove (for bounding X)."""
    return {Kind.GENERIC: s.amount, Kind.TWOBRID: 2}.get(s.kind, 1)


def _apply_reductions(v: tuple[int, ...], reds: list[tuple[str, Any]]) -> Iterable[tuple[int, ...]]:
    """Apply a chosen set of reductions to a cost vector, in every way the player may.

    118.7a: generic reductions only touch the generic component; 118.7b-d: colored or
    colorless reductions beyond what the cost has reduce generic by the difference; 107.4h:
    {S} is never reduced. The final amounts don't depend on the order (colored reductions only
    compete with colored reductions of the same type, and the rest all lands on generic), so
    the player's only choice is which generic to remove (702.86f, spec section 8: under Achroma
    the colorless-only generic, under x_color the X mana, are fair targets).
    """
    v = list(v)
    generic = 0
    for what, arg in reds:
        if what == "gen":
            generic += arg
        elif what == "col":
            i = _COL + COLORS.index(arg)
            if v[i] > 0:
                v[i] -= 1
            else:
                generic += 1
        else:  # "C"
            if v[_CL] > 0:
                v[_CL] -= 1
            else:
                generic += 1
    own, inc, xx = v[_GEN_OWN], v[_GEN_INC], v[_GEN_X]
    remove = min(generic, own + inc + xx)
    for a in range(min(own, remove) + 1):
        for b in range(min(inc, remove - a) + 1):
            c = remove - a - b
            if c <= xx:
                w = list(v)
                w[_GEN_OWN] -= a
                w[_GEN_INC] -= b
                w[_GEN_X] -= c
                yield tuple(w)


# --------------------------------------------------------------------------------------------
# The search
# --------------------------------------------------------------------------------------------

_PROBLEM_KEYS = {"cost", "alternative", "free", "additional", "life_cost", "increase", "reduce", "x",
                 "x_color", "keywords", "for", "spend_as", "player", "pool", "sources",
                 "opponent_sources", "objective", "time_limit", "id", "query",
                 "facts", "hand", "graveyard", "library"}


def objective_list(problem: dict) -> list[str]:
    """The objective list actually used (spec section 5 and 8, docs/semantics.md)."""
    x_max = problem.get("x", 0) == "max"
    given = problem.get("objective")
    if given is not None:
        names = list(given)
        if x_max and "max_x" not in names:  # spec 8: "puts max_x first when ... leaves it out"
            names.insert(0, "max_x")
    else:
        names: list[str] = []
        for kw in problem.get("keywords", []) or []:
            kw = kw.lower()
            name = {"eclipse": "min_colors", "sunburst": "max_colors", "converge": "max_colors"}.get(kw)
            if name and name not in names:
                names.append(name)
        if x_max:
            names.append("max_x")
        names += DEFAULT_TAIL_V2 if _is_v2(problem) else DEFAULT_TAIL
    for n in names:
        if n not in ALL_OBJECTIVES:
            raise Unsupported(f"unknown objective {n!r}")
    return names


class _Search:
    def __init__(self, problem: dict, max_states: int) -> None:
        unknown = set(problem) - _PROBLEM_KEYS
        if unknown:
            raise Unsupported(f"unknown problem keys {sorted(unknown)}")
        if problem.get("query", "pay") != "pay":
            raise Unsupported("only pay questions")
        self.max_states = max_states
        self.objectives = objective_list(problem)
        keywords = {k.lower() for k in problem.get("keywords", []) or []}
        self.achroma = "achroma" in keywords
        self.x_color = problem.get("x_color")
        if self.x_color is not None:
            self.x_color = self.x_color.upper()
        self.spend_as = problem.get("spend_as")
        if self.spend_as not in (None, "any_type", "any_color"):
            raise Unsupported(f"spend_as {self.spend_as!r}")
        player = problem.get("player") or {}
        self.life = int(player.get("life", 20))
        self.energy = int(player.get("energy", 0))
        self.keep = player.get("keep_life", 1)
        # 9.1: cards to discard, to exile from the graveyard, to mill (None: the library is unbounded)
        self.zones = (int(problem.get("hand", 0)), int(problem.get("graveyard", 0)), problem.get("library"))

        # Restrictions: a table of distinct `only` objects, checked once per context.
        self.restrictions: list[dict] = []
        keys: dict[str, int] = {}

        def restriction_index(only) -> int:
            if only is None:
                return -1
            k = json.dumps(only, sort_keys=True)
            if k not in keys:
                keys[k] = len(self.restrictions)
                self.restrictions.append(only)
            return keys[k]

        self.board_facts = {" ".join(k.lower().split()): v for k, v in (problem.get("facts") or {}).items()}
        self.sources = [_load_source(e, restriction_index, self.board_facts) for e in problem.get("sources", []) or []]
        self.counting = any(src.counts for src in self.sources)
        # Adds whose amount or colors come from a fact that sacrifices lower are read again at
        # each activation (the entry is kept for "chosen").
        self.dynamic_adds: dict[tuple[int, int], tuple[Any, dict]] = {}
        if self.counting:
            for si, e in enumerate(problem.get("sources", []) or []):
                for ai, ab in enumerate(e.get("abilities", []) or []):
                    add = ab.get("add")
                    if isinstance(add, dict) and any(isinstance(v, dict) for v in add.values()):
                        self.dynamic_adds[(si, ai)] = (add, e)
        opponents = [_load_source(e, restriction_index) for e in problem.get("opponent_sources", []) or []]
        reflected = _reflect_sets({"me": self.sources, "opp": opponents})
        self.could_produce = {i: reflected[("source", "me", i)] for i in range(len(self.sources))}
        for i, src in enumerate(self.sources):
            for ai, ab in enumerate(src.abilities):
                ab.outputs = _outputs(ab.add, reflected.get(("me", i, ai)))
                ab.max_out = max((len(o) for o in ab.outputs), default=0) * self._most_reps(src, ab)
                if isinstance(ab.add, dict) and ab.add.get("reflect") == "sacrificed":
                    ab.max_out = 1
                if ab.uses == UNLIMITED:
                    ab.uses = UNLIMITED  # kept per copy; _x_bound bounds it by its costs

        # The pool as given: units (type, snow, restriction, made=False).
        self.start_pool: dict[tuple, int] = {}
        for entry in problem.get("pool", []) or []:
            if isinstance(entry, str):
                text, snow, only = entry, False, None
            else:
                text, snow, only = entry["mana"], bool(entry.get("snow", False)), entry.get("only")
            outs = _string_outputs(text)
            if len(outs) != 1:
                raise Unsupported(f"pool mana {text!r} is not one definite mana")
            for t in next(iter(outs)):
                u = (t, snow, restriction_index(only), False)
                self.start_pool[u] = self.start_pool.get(u, 0) + 1
        self._bound_filters()

        # Restriction contexts (spec section 8).
        cost = problem.get("cost")
        alternative = problem.get("alternative")
        additional = list(problem.get("additional", []) or [])
        for_ = problem.get("for") or {}
        cost_colors = set()
        if cost is not None:
            for s in _symbols(cost):
                if s.kind not in (Kind.GENERIC, Kind.X):
                    cost_colors |= set(s.colors)
        has_x = any(s.kind is Kind.X for text in [cost, alternative, *additional] if text is not None
                    for s in _symbols(text))
        total_ctx = {"kind": for_.get("kind", "spell"),
                     "types": {t.lower() for t in for_.get("types", [])},
                     "subtypes": {t.lower() for t in for_.get("subtypes", [])},
                     "colors": "".join(c for c in COLORS if c in cost_colors), "has_x": has_x,
                     "tags": {t.lower() for t in for_.get("tags", [])}, "mana_value": for_.get("mana_value"),
                     "has_c": contains_c(problem)}
        self.usable_total = {-1: True}
        self.not_generic = {-1: False}  # tapwise extension: the mana pays no generic symbol
        for i, only in enumerate(self.restrictions):
            self.usable_total[i] = _restriction_matches(only, total_ctx)
            self.not_generic[i] = only.get("not_generic") is True
        self.usable_ability: dict[tuple[int, int], bool] = {}
        for si, src in enumerate(self.sources):
            ctx = {"kind": "ability", "types": set(src.types), "subtypes": set(), "colors": "",
                   "has_x": False, "has_c": False}
            self.usable_ability[(-1, si)] = True
            for i, only in enumerate(self.restrictions):
                self.usable_ability[(i, si)] = _restriction_matches(only, ctx)

        self.unpayable = False
        self.demands = self._build_demands(problem, cost, alternative, additional)
        self._pay_cache: dict = {}
        self.best: tuple | None = None
        self.states = 0

    # ---- total cost variants --------------------------------------------------------------

    def _facts_now(self, copies) -> dict:
        """The board's facts as an activation now reads them: less what the copies sacrificed
        so far counted toward them (9.1 counts)."""
        if not self.counting:
            return self.board_facts
        now = dict(self.board_facts)
        for e, entry in enumerate(copies):
            for f, n in (self.sources[e].counts or {}).items():
                if f in now:
                    now[f] -= n * sum(1 for cs in entry if cs[1])
        return now

    def _most_reps(self, src: _Source, ab: _Ability) -> int:
        """The most times one activation can make its add (9.2 ``times``)."""
        t = ab.times
        if t is None:
            return 1
        if isinstance(t, int):
            return t
        ctr = dict(src.counters)
        if "fact" in t:
            n = _fact(t["fact"], src.facts or {}, self.board_facts)
        elif "taken" in t:  # tapwise extension: at most every permanent
            n = sum(s.count for s in self.sources)
        elif "victim" in t:  # tapwise extension: the largest of the permanents' own facts
            n = max((_fact(t["victim"], s.facts or {}, {}) for s in self.sources if t["victim"] in (s.facts or {})),
                    default=0)
        else:
            n = ctr.get((t.get("counters") or t.get("remove")).lower(), 0) + sum(n for _, n in ab.put)
        return max(0, n + int(t.get("plus", 0)))

    @staticmethod
    def _is_filter(ab: _Ability) -> bool:
        """A ``uses: "any"`` ability without {T} that spends at least the mana it makes (Bog
        Initiate's {1}: Add {B}) and has no other cost that runs out."""
        if any(s.kind in (Kind.PHYREXIAN, Kind.HYBRID_PHYREXIAN) for s in ab.cost):
            return False  # life may pay it instead
        units = sum(s.amount if s.kind is Kind.GENERIC else 1 for s in ab.cost)
        return (not ab.tap and ab.uses == UNLIMITED and units > 0 and units >= ab.max_out and not ab.life
                and not ab.energy and not any(ab.cards) and not ab.remove and ab.others is None)

    def _bound_filters(self) -> None:
        """Each activation of a filter turns mana into no more mana: the mana it spends comes from
        the pool and the other abilities (through other filters perhaps; a chain that comes back
        to a filter could as well start at its later activation). So, per copy, no more
        activations than all that mana are worth trying."""
        filters = [(src, ab) for src in self.sources for ab in src.abilities if self._is_filter(ab)]
        if not filters:
            return
        rest = sum(self.start_pool.values())
        for src in self.sources:
            for ab in src.abilities:
                if self._is_filter(ab):
                    continue
                uses = 1 if ab.tap else self._any_uses(src, ab) if ab.uses == UNLIMITED else ab.uses
                rest += src.count * uses * ab.max_out
        for _, ab in filters:
            ab.uses = rest
            # One that changes nothing but the pool, its copy's flags and the pool's mana, which
            # it never grows: its states are finitely many without counting its activations,
            # and a cycle of them (G to B to G) comes back to a state already seen, which the
            # search doesn't enter twice. Counted, each count of uses left was another state
            # (hundreds of thousands on two converters and a few mana).
            ab.uncounted = (not ab.damage and not ab.put and not ab.drawback and ab.times is None
                            and not isinstance(ab.add, dict))

    def _any_uses(self, src: _Source, ab: _Ability) -> int:
        """A bound on a ``uses: "any"`` ability's activations per copy, from its costs."""
        bounds = []
        if ab.life:
            bounds.append(max(0, self.life) // ab.life)
        if ab.energy:
            bounds.append(self.energy // ab.energy)
        for n, limit in zip(ab.cards, self.zones):
            if n and limit is not None:
                bounds.append(limit // n)
        ctr = dict(src.counters)
        bounds += [ctr.get(k, 0) // n for k, n in ab.remove]
        if ab.others is not None:  # each activation takes n of the board's permanents
            bounds.append(sum(s.count for s in self.sources) // (1 if ab.others[1] == "X" else ab.others[1]))
        t = ab.times
        if not bounds and isinstance(t, dict) and "remove" in t and sum(s.amount for s in ab.cost) > t.get("plus", 0):
            # A storage land without {T}: at most this many activations remove counters; one that
            # removes none spends more mana than it makes, so for X's bound this many suffice.
            bounds.append(ctr.get(t["remove"].lower(), 0))
        if not bounds:
            raise Unsupported("uses any bounded only by mana")
        return min(bounds)

    def _x_bound(self, problem: dict) -> int:
        """No payable X exceeds all the mana the board could ever make plus all reductions."""
        mana = sum(self.start_pool.values())
        for src in self.sources:
            per_copy = max((ab.max_out for ab in src.abilities if ab.tap), default=0)
            per_copy += sum((self._any_uses(src, ab) if ab.uses == UNLIMITED else ab.uses) * ab.max_out
                            for ab in src.abilities if not ab.tap)
            mana += src.count * per_copy
        reductions = sum(_reduction_max_generic(s) for text in problem.get("reduce", []) or []
                         for s in _symbols(text))
        return mana + reductions

    def _build_demands(self, problem, cost, alternative, additional) -> list[tuple]:
        free = bool(problem.get("free", False))
        x = problem.get("x", 0)
        if x != "max" and (not isinstance(x, int) or x < 0):
            raise Unsupported(f"x {x!r}")
        bases: list[tuple[str, tuple[Symbol, ...]]] = []
        # Spec section 8: `alternative` replaces `cost`; with `free` as well the player may use
        # either. `free` alone is the alternative cost {0} (it replaces the mana cost).
        if free:
            bases.append(("free", ()))
        if alternative is not None:
            bases.append(("alternative", _symbols(alternative)))
        if not free and alternative is None:
            if cost is None:  # 118.6: no mana cost is an unpayable cost
                self.unpayable = True
                return []
            bases.append(("cost", _symbols(cost)))
        extra = [s for text in additional for s in _symbols(text)]
        increase = [s for text in problem.get("increase", []) or [] for s in _symbols(text)]
        reductions = [_reduction_choices(s) for text in problem.get("reduce", []) or []
                      for s in _symbols(text)]
        life_cost = int(problem.get("life_cost", 0))
        bound = self._x_bound(problem)

        vectors: set[tuple[int, tuple[int, ...]]] = set()
        for kind, base in bases:
            own = list(base) + extra
            kx = sum(1 for s in own if s.kind is Kind.X)
            if kind == "free":
                # 107.3b: without paying its mana cost, the only legal X is 0. Spec section 8:
                # "with free and a fixed x above 0 the problem is infeasible".
                if x != "max" and x > 0:
                    continue
                xs: Iterable[int] = [0]
            elif kx == 0:
                xs = [0]  # spec section 8: with no {X} in what is paid, X is 0
            elif x == "max":
                xs = range(bound // kx + 1)
            else:
                xs = [x]
            if self.achroma and self.x_color is not None and kx:
                xs = [v for v in xs if v == 0]  # 702.86c / spec section 4
            for xv in xs:
                partial = {_unit(_LIFE, life_cost)}
                for s, is_own in [(s, True) for s in own] + [(s, False) for s in increase]:
                    choices = _symbol_choices(s, is_own, xv)
                    partial = {tuple(a + b for a, b in zip(v, c)) for v in partial for c in choices}
                for v in partial:
                    for reds in itertools.product(*reductions):
                        for w in _apply_reductions(v, list(reds)):
                            vectors.add((xv, w))
        return list({self._demand(xv, w) for xv, w in vectors})

    def _demand(self, xv: int, w: tuple[int, ...]) -> tuple:
        """(X, life, energy, slots): the slots are one kind per mana, most restrictive first."""
        slots: list = []
        for i, c in enumerate(COLORS):
            slots += [("col", c)] * w[_COL + i]
        slots += ["C"] * w[_CL]
        slots += ["genC" if self.achroma else "any"] * w[_GEN_OWN]
        slots += ["any"] * w[_GEN_INC]
        if self.x_color is not None:
            slots += [("genX", self.x_color)] * w[_GEN_X]
        else:
            slots += ["genC" if self.achroma else "any"] * w[_GEN_X]
        slots += ["snowC" if self.achroma else "snow"] * w[_SNOW_OWN]
        # CHOICE: Achroma's colorless-snow rule (702.86d) is about {S} in the object's own
        # mana/activation cost; {S} added by an increase is paid like increased generic
        # (702.86e): any snow mana.
        slots += ["snow"] * w[_SNOW_INC]
        if self.spend_as == "any_type":
            # 118.14 / spec 8: every type requirement is lifted; snow is still needed for {S}.
            slots = ["snow" if k in ("snow", "snowC") else "anyc" if isinstance(k, tuple) and k[0] == "col"
                     or k == "C" else "any" for k in slots]
        elif self.spend_as == "any_color":
            # 609.4b / spec 8: any mana may pay a colored requirement, not {C} nor Achroma's
            # colorless-only generic. CHOICE: "spend only black mana on X" (x_color) is a color
            # requirement too, so mana spent as though it were any color satisfies it (609.4b).
            slots = ["anyc" if isinstance(k, tuple) and k[0] == "col" else "any" if isinstance(k, tuple) else k
                     for k in slots]
        slots.sort(key=_kind_rank)
        return (xv, w[_LIFE], w[_ENERGY], tuple(slots))

    # ---- paying the total cost from a pool ------------------------------------------------

    def _pay(self, slots: tuple, supply: tuple[int, ...]) -> dict[int, int]:
        """{colors-spent mask: most made mana spent} over every way to fill ``slots``."""
        key = (slots, supply)
        got = self._pay_cache.get(key)
        if got is not None:
            return got
        result: dict[int, int] = {}
        if not slots:
            result[0] = 0
        elif sum(supply) >= len(slots):
            kind, rest = slots[0], slots[1:]
            for ci, n in enumerate(supply):
                if n == 0:
                    continue
                t, snow, made, ng = CLASSES[ci]
                if not _fits(kind, t, snow, ng):
                    continue
                sub = self._pay(rest, supply[:ci] + (n - 1,) + supply[ci + 1:])
                bit = BIT.get(t, 0)
                for mask, spent in sub.items():
                    m2, s2 = mask | bit, spent + made
                    if result.get(m2, -1) < s2:
                        result[m2] = s2
        self._pay_cache[key] = result
        return result

    def _pool_supply(self, pool) -> tuple[tuple[int, ...], int]:
        """The pool's mana the total cost may use, per class, and how much of the pool was made."""
        supply = [0] * len(CLASSES)
        made_in_pool = 0
        for (t, snow, only, made), n in pool:
            if made:
                made_in_pool += n
            if self.usable_total[only]:
                supply[CLASS_INDEX[(t, snow, made, self.not_generic[only])]] += n
        return tuple(supply), made_in_pool

    def _affordable(self, energy: int, a_life: int, damage: int, life: int) -> bool:
        """Can the total cost's ``life`` and the ``energy`` in all be paid after the abilities'
        life ``a_life`` and ``damage``? Spec section 8 / docs: abilities' life costs first
        (checked when activated), then their damage, then the cost's life, which needs that much
        life then (118.3); keep_life holds after it."""
        if energy > self.energy:
            return False
        left = self.life - a_life - damage
        if life > 0 and life > left:
            return False
        return not (self.keep is not None and a_life + damage + life > 0 and left - life < self.keep)

    def _evaluate(self, state) -> None:
        copies, pool, a_life, damage, energy, sacrifices, cards, moved, zones, drawbacks = state
        supply_t, made_in_pool = self._pool_supply(pool)
        used = sum(1 for entry in copies for cs in entry if cs[2])
        x_first = self.objectives[:1] == ["max_x"]
        for xv, life, cost_energy, slots in self.demands:
            if x_first and self.best is not None and xv < -self.best[0]:
                continue  # max_x comes first: a smaller X loses to the best whatever else it scores
            if not self._affordable(energy + cost_energy, a_life, damage, life):
                continue
            left = self.life - a_life - damage
            for mask, spent in self._pay(slots, supply_t).items():
                colors = bin(mask).count("1")
                values = {"max_x": xv, "max_colors": colors, "min_colors": colors,
                          "min_life": a_life + damage + life, "min_energy": energy + cost_energy,
                          "min_sacrifices": sacrifices, "min_sources": used,
                          "min_waste": made_in_pool - spent, "min_drawbacks": drawbacks, "min_cards": cards,
                          "min_counters": moved}
                self._consider(values, copies, left - life, self.energy - energy - cost_energy)

    def _consider(self, values: dict, copies, life_left: int, energy_left: int) -> None:
        """Keep the best payment so far by the objectives; a search that scores more (keep's
        reference) overrides this, with the board the payment leaves."""
        key = tuple(-values[o] if o in MAXIMIZED else values[o] for o in self.objectives)
        if self.best is None or key < self.best:
            self.best = key

    # ---- mana abilities -------------------------------------------------------------------

    def _ability_cost_payments(self, pool: dict, ab: _Ability, si: int) -> set[tuple[tuple, int]]:
        """Every (pool after, life paid) for paying an ability's own mana cost from ``pool``.

        The context is kind ability, the source's types, colorless, no X (spec section 8);
        spend_as and Achroma don't apply. Phyrexian symbols may be paid with 2 life.
        """
        options: list[list[tuple[list, int]]] = []
        for s in ab.cost:
            k = s.kind
            if k is Kind.COLORED:
                options.append([([("col", s.colors)], 0)])
            elif k is Kind.COLORLESS:
                options.append([(["C"], 0)])
            elif k is Kind.GENERIC:
                options.append([(["any"] * s.amount, 0)])
            elif k is Kind.HYBRID:
                options.append([([("col", s.colors[0])], 0), ([("col", s.colors[1])], 0)])
            elif k is Kind.TWOBRID:
                options.append([([("col", s.colors)], 0), (["any", "any"], 0)])
            elif k is Kind.COLORLESS_HYBRID:
                options.append([(["C"], 0), ([("col", s.colors)], 0)])
            elif k is Kind.PHYREXIAN:
                options.append([([("col", s.colors)], 0), ([], 2)])
            elif k is Kind.HYBRID_PHYREXIAN:
                options.append([([("col", s.colors[0])], 0), ([("col", s.colors[1])], 0), ([], 2)])
            elif k is Kind.SNOW:
                options.append([(["snow"], 0)])
            else:
                raise Unsupported(f"{s} in a mana ability's cost")
        results: set[tuple[tuple, int]] = set()

        def take(kinds: list, counts: dict, then) -> None:
            if not kinds:
                then(counts)
                return
            kind = kinds[0]
            for u, n in counts.items():
                if n and self.usable_ability[(u[2], si)] and _fits(kind, u[0], u[1], self.not_generic[u[2]]):
                    c2 = dict(counts)
                    c2[u] -= 1
                    take(kinds[1:], c2, then)

        def rec(i: int, counts: dict, life: int) -> None:
            if i == len(options):
                results.add((tuple(sorted((u, n) for u, n in counts.items() if n)), life))
                return
            for kinds, l in options[i]:
                take(kinds, counts, lambda c, l=l: rec(i + 1, c, life + l))

        rec(0, dict(pool), 0)
        return results

    def _effects(self, src: _Source, ab: _Ability, ctrs: tuple, facts: dict | None = None):
        """Every (counters after, counters moved, repetitions of add) of one activation on a copy
        with ``ctrs`` (9.2): cost counters removed and put first, then the amount read."""
        ctr = dict(ctrs)
        moved = 0
        for k, n in ab.remove:
            if ctr.get(k, 0) < n:  # a copy can't remove more than it has
                return
            ctr[k] -= n
            moved += n
        for k, n in ab.put:
            ctr[k] = ctr.get(k, 0) + n
            moved += n
        t = ab.times
        if t is None or isinstance(t, int):
            yield tuple(sorted(ctr.items())), moved, 1 if t is None else t
            return
        plus = int(t.get("plus", 0))
        if "fact" in t and t.get("up_to"):  # tapwise extension: any number up to the fact, the player picks
            for r in range(max(0, _fact(t["fact"], src.facts or {}, facts or self.board_facts)) + 1):
                yield tuple(sorted(ctr.items())), moved, r + plus
        elif "fact" in t:
            yield tuple(sorted(ctr.items())), moved, _fact(t["fact"], src.facts or {}, facts or self.board_facts) + plus
        elif "victim" in t or "taken" in t:  # known once the victims are picked (_activate)
            yield tuple(sorted(ctr.items())), moved, None
        elif "counters" in t:
            yield tuple(sorted(ctr.items())), moved, ctr.get(t["counters"].lower(), 0) + plus
        else:
            k = t["remove"].lower()
            for r in range(ctr.get(k, 0) + 1):
                after = dict(ctr)
                after[k] = ctr.get(k, 0) - r
                yield tuple(sorted(after.items())), moved + r, r + plus

    @staticmethod
    def _repeated(outputs: list[tuple[str, ...]], n: int) -> set[tuple[str, ...]]:
        """Every output of n repetitions of an add, each its own choice (9.2)."""
        if n <= 0:
            return {()}
        return {tuple(sorted(sum(combo, ()))) for combo in itertools.combinations_with_replacement(outputs, n)}

    def _moves(self, state):
        copies, pool, a_life, damage, energy, sacrifices, cards, moved, zones, drawbacks = state
        pool_d = dict(pool)
        for ei, entry in enumerate(copies):
            src = self.sources[ei]
            for cs in sorted(set(entry)):
                tapped, sacrificed, _used, left, ctrs = cs
                if sacrificed:  # a sacrificed copy does nothing afterwards
                    continue
                rest = list(entry)
                rest.remove(cs)
                facts = self._facts_now(copies)
                for ai, ab in enumerate(src.abilities):
                    if not ab.works:
                        continue
                    if ab.conditions and not _conditions_hold(ab.conditions, src.facts or {}, facts):
                        continue  # its condition fails as it would be activated now (9.2)
                    if ab.tap and (tapped or src.hand or (src.sick and "creature" in src.types)):
                        continue  # a copy taps once; 302.6: a sick creature can't {T}; a card in hand can't
                    if not ab.tap and left[ai] <= 0:
                        continue
                    if energy + ab.energy > self.energy:
                        continue
                    new_left = left if ab.tap or ab.uncounted else left[:ai] + (left[ai] - 1,) + left[ai + 1:]
                    outputs = ab.outputs
                    if (ei, ai) in self.dynamic_adds:
                        add, raw = self.dynamic_adds[(ei, ai)]
                        outputs = _outputs(_resolve_add(add, raw, src.facts or {}, facts), None)
                    for ctrs_after, moved_here, reps in self._effects(src, ab, ctrs, facts):
                        yield from self._activate(state, pool_d, ei, ai, src, ab, rest, tapped, new_left,
                                                  ctrs_after, moved_here, reps, outputs)

    def _activate(self, state, pool_d, ei, ai, src, ab, rest, tapped, new_left, ctrs_after, moved_here, reps,
                  outputs):
        """The states after one activation of ability ``ai`` of a copy of source ``ei``."""
        copies, pool, a_life, damage, energy, sacrifices, cards, moved, zones, drawbacks = state
        new_zones = tuple(z + c for z, c in zip(zones, ab.cards))
        if any(limit is not None and used > limit for used, limit in zip(new_zones, self.zones)):
            return  # not enough cards in hand, graveyard or library
        new_cs = (tapped or ab.tap, ab.sacrifice, True, new_left, ctrs_after)
        for new_copies, taken, picked in self._victims(copies, ei, rest, new_cs, ab):
            if reps is None and "taken" in ab.times:  # tapwise's times {"taken": K}: how many were taken
                n = len(picked) + int(ab.times.get("plus", 0))
            elif reps is None:  # tapwise's times {"victim": F}: F of the one permanent sacrificed, plus
                (e,) = picked
                facts = self.sources[e].facts or {}
                if ab.times["victim"] not in facts:
                    raise Unsupported(f"victim fact {ab.times['victim']!r} not given")
                n = _fact(ab.times["victim"], facts, {}) + int(ab.times.get("plus", 0))
            else:
                n = reps
            made = outputs
            if isinstance(ab.add, dict) and ab.add.get("reflect") == "sacrificed":  # what that land could produce
                (e,) = picked
                types = self.could_produce[e] & (set(COLORS) if ab.add.get("what", "color") == "color" else set(TYPES))
                made = sorted({(t,) for t in types}) or [()]
            yield from self._after_costs(state, pool_d, ei, src, ab, new_copies, new_zones, moved_here, n,
                                         taken, made)

    def _victims(self, copies, ei, rest, new_cs, ab):
        """Every board after the activating copy's new state ``new_cs`` and the permanents its
        sacrifice_other / tap_other takes (9.2): untapped ones to tap (sick or not, 302.6), ones
        not yet sacrificed to sacrifice; the activating copy itself only with "self". Yields
        (copies, permanents sacrificed, the entries of the permanents taken)."""
        if ab.others is None:
            yield copies[:ei] + (tuple(sorted(rest + [new_cs])),) + copies[ei + 1:], 0, ()
            return
        kind, n, types, subtypes, self_ok, want = ab.others
        entries = [list(e) for e in copies]
        entries[ei] = list(rest)
        candidates = []  # (entry, index in entries[entry]) or (ei, None) for the activating copy
        for e, lst in enumerate(entries):
            src = self.sources[e]
            if src.hand or (types and not types & src.types) or (subtypes and not subtypes & src.subtypes) \
                    or not traits_fit(want, src.entry):
                continue
            for k, cs in enumerate(lst):
                if cs[1] or (kind == "tap" and cs[0]):
                    continue
                candidates.append((e, k))
        if self_ok and not new_cs[1] and not (kind == "tap" and new_cs[0]):
            src = self.sources[ei]
            if (not types or types & src.types) and (not subtypes or subtypes & src.subtypes) \
                    and traits_fit(want, src.entry):
                candidates.append((ei, None))
        seen = set()
        sizes = range(1, len(candidates) + 1) if n == "X" else (n,)
        for pick in (p for size in sizes for p in itertools.combinations(candidates, size)):
            es = [list(e) for e in entries]
            me = new_cs
            for e, k in pick:
                cs = me if k is None else es[e][k]
                tapped, sacd, used, left, ctrs = cs
                # a copy tapped by another's cost counts in min_sources; one sacrificed doesn't (9.7)
                cs = (tapped, True, used, left, ctrs) if kind == "sac" else (True, sacd, True, left, ctrs)
                if k is None:
                    me = cs
                else:
                    es[e][k] = cs
            es[ei] = es[ei] + [me]
            board = tuple(tuple(sorted(e)) for e in es)
            picked = tuple(sorted(e for e, _ in pick))
            if (board, picked) not in seen:
                seen.add((board, picked))
                yield board, len(pick) if kind == "sac" else 0, picked

    def _paid_costs(self, pool_d, ab, ei, a_life, damage):
        """Each way to pay the activation's mana and life costs from ``pool_d``: the pool after
        it, the life paid and the damage taken so far."""
        for after, phy_life in self._ability_cost_payments(pool_d, ab, si=ei):
            # 118.3: each life payment needs that much life at that moment; the
            # abilities' life costs come before any damage (spec section 8).
            a2 = a_life + ab.life + phy_life
            if a2 > self.life:
                continue
            d2 = damage + ab.damage
            if self.keep is not None and a2 + d2 > 0 and self.life - a2 - d2 < self.keep:
                continue  # life only goes down from here: keep_life can't hold
            yield after, a2, d2

    def _after_costs(self, state, pool_d, ei, src, ab, new_copies, new_zones, moved_here, reps, sacrifices_extra,
                     base):
        """The states after the activation's costs in mana and life are paid and its mana made
        (``base``: what one repetition of its add may make)."""
        copies, pool, a_life, damage, energy, sacrifices, cards, moved, zones, drawbacks = state
        outputs = base if reps == 1 else sorted(self._repeated(base, reps))
        for after, a2, d2 in self._paid_costs(pool_d, ab, ei, a_life, damage):
            after_d = dict(after)
            for out in outputs:
                p = dict(after_d)
                for t in out:
                    u = (t, src.snow, ab.only, True)
                    p[u] = p.get(u, 0) + 1
                # 9.1: a card exiled from the hand counts in min_cards, not min_sacrifices
                sac = 1 if ab.sacrifice and not src.hand else 0
                card = (1 if ab.sacrifice and src.hand else 0) + sum(ab.cards)
                yield (new_copies, tuple(sorted(p.items())), a2, d2,
                       energy + ab.energy, sacrifices + sac + sacrifices_extra, cards + card, moved + moved_here,
                       new_zones, drawbacks + (1 if ab.drawback else 0))

    def run(self) -> tuple | None:
        copies = []
        for src in self.sources:
            left = tuple(0 if ab.tap else ab.uses for ab in src.abilities)
            ctrs = tuple(sorted(src.counters))
            entry = [(True, False, False, left, ctrs)] * src.tapped
            entry += [(False, False, False, left, ctrs)] * (src.count - src.tapped)
            copies.append(tuple(sorted(entry)))
        start = (tuple(copies), tuple(sorted(self.start_pool.items())), 0, 0, 0, 0, 0, 0, (0, 0, 0), 0)
        seen = {start}
        stack = [start]
        while stack:
            state = stack.pop()
            self.states += 1
            if self.states > self.max_states:
                raise TooBig(f"more than {self.max_states} states")
            self._evaluate(state)
            for nxt in self._moves(state):
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        return self.best


def brute_pay(problem: dict, *, max_states: int = 200_000) -> dict:
    """Pay ``problem`` (a spec problem dict) by exhaustive search.

    Returns ``{"status": "paid" | "infeasible" | "unpayable", "objective": {name: value}}``
    with the lexicographically optimal value of each objective of the problem's list (empty
    unless paid). Raises :class:`Unsupported` for input it does not model and
    :class:`TooBig` when the search would exceed ``max_states`` game states.
    """
    return search_outcome(_Search(problem, max_states))


def search_outcome(search: "_Search") -> dict:
    """The status and the optimal value of each objective of a search (the references that
    extend :class:`_Search` answer through it too)."""
    if search.unpayable:
        return {"status": "unpayable", "objective": {}}
    if not search.demands:
        return {"status": "infeasible", "objective": {}}
    best = search.run()
    if best is None:
        return {"status": "infeasible", "objective": {}}
    values = {o: (-v if o in MAXIMIZED else v) for o, v in zip(search.objectives, best)}
    return {"status": "paid", "objective": values}
