"""The payment problem of ``problem.md`` as typed, validated, immutable values.

``load_problem`` is strict on purpose: an AI engine that misspells a key or sends an impossible
value gets a :class:`ProblemError` naming the field path (``sources[3].abilities[0].add``), never
a silently different problem. ``dump_problem`` writes the same JSON back.
"""

from __future__ import annotations

import json
from dataclasses import MISSING, dataclass, field, fields
from tapwise.models.caches import memo, remember, table
from itertools import count, product
from typing import TYPE_CHECKING, Any, Hashable, Iterable, Mapping

import tapwise.models.clock as clock
from tapwise.models.basics import basic_land
from tapwise.models.effects import MAX_EFFECTS, Effect, check_effect_facts, load_effects
from tapwise.models.facts import Amount, Condition, fact_name as _fact_name, load_conditions  # re-exported
from tapwise.models.fields import (MAX_COUNT, MAX_NUMBER, ProblemError, _bool, _choice, _close, _expect,  # re-exported
                                   _int, _key_set, _object, _str, _str_list, _type_name)
from tapwise.models.mana import COLORS, KIND_GENERIC, TYPES, Kind, ManaCost, NotationError
from tapwise.models.others import Others, _others  # re-exported
from tapwise.models.traits import SOURCE_SUPERTYPES, TRAIT_KEYS, load_supertypes
from tapwise.models.payment_keywords import keyword_path, load_payment_keywords
from tapwise.models.values import assemble, cached

if TYPE_CHECKING:
    from tapwise.models.cards.source import CardFacts

OBJECTIVES = ("max_x", "max_colors", "min_colors", "min_life", "min_energy",
              "min_sacrifices", "min_drawbacks", "min_cards", "min_counters", "min_sources", "min_waste", "max_keep")
V2_OBJECTIVES = ("min_drawbacks", "min_cards", "min_counters")
"""Section 9.6's objectives: in the default list of a problem that uses version 2's keys."""
KEYWORDS = ("achroma", "eclipse", "sunburst", "converge")
QUERIES = ("pay", "castable", "plan", "available")
COLOR_CLASSES = ("multicolored", "monocolored", "colorless")

# Bounds (README, "Limits"): wide enough for benchmark boards of 10^5 copies and any real game,
# narrow enough that no number in a problem can make an answer, a model or a loop huge.
# MAX_COUNT and MAX_NUMBER are in models/fields.py, whose readers use them.
MAX_CONVERTERS = 10**5
"""Copies of a source one of whose mana abilities costs mana (filter lands, Signets): each
activation's payment is built and checked, about 10 us each."""
MAX_X = 10**6
"""A fixed ``x``."""
MAX_UNITS = 1000
"""Mana one activation makes by ``any_color``, ``one_color`` or ``any_type``, and a generic
symbol's number in mana an ability adds or a pool holds."""
MAX_TWOBRID_ADDED = 8
"""``{2/W}``-style symbols in one ``add`` string: each doubles what an activation may make."""
MAX_GENERIC = 10**6
"""A generic symbol's number in a cost."""
MAX_TIME_LIMIT = 86400.0
"""Seconds: a day."""

BOARD_KEYS = ("sources", "opponent_sources", "pool", "player", "facts", "hand", "graveyard", "library", "effects", "strict")
COST_KEYS = ("cost", "alternative", "free", "additional", "life_cost", "increase", "reduce", "x",
             "x_color", "keywords", "for", "spend_as", "objective", "time_limit",
             "convoke", "improvise", "delve", "other_costs")  # the last four: 9.3, models/payment_keywords.py
PROBLEM_KEYS = COST_KEYS + BOARD_KEYS + ("keep", "id", "query")
KEEP_COST_KEYS = tuple(k for k in COST_KEYS if k not in ("objective", "time_limit"))
"""What a kept cost (spec 9.5) may say: a cost object of section 7, without the board."""
NOT_YET = {
    "problem": (),
    "source": (),
    "ability": (),
    "only": (),
    "for": (),
}
"""Version 2 keys this solver does not honour yet: each is an error naming it, never ignored
(spec 9)."""


def _refuse_not_yet(obj: Mapping[str, Any], where: str, path: str) -> None:
    """An error naming the first key of ``obj`` that this solver can't honour yet."""
    for key in NOT_YET[where]:
        if key in obj:
            raise ProblemError(f"{path}.{key}" if path else key,
                               "is a version 2 key this solver does not support yet (spec 9: never ignored)")


# ---------------------------------------------------------------------------------------------
# Values


@dataclass(frozen=True)
class Purpose:
    """What mana is being spent on, for spend restrictions (106.6): the ``for`` object plus the
    colors of the cost (202.2) and whether it has {X}."""

    kind: str = "spell"
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: str = ""
    has_x: bool = False
    tags: tuple[str, ...] = ()  # 9.2: "kicked", "flashback", ... (for.tags)
    mana_value: int | None = None  # 9.2 for.mana_value: the spell's mana value (202.3), if given


@dataclass(frozen=True)
class Restriction:
    """A spend restriction ``only``: every key given must match the purpose."""

    kind: str | None = None
    types: tuple[str, ...] | None = None
    subtypes: tuple[str, ...] | None = None
    colors: tuple[str, ...] | None = None
    has_x: bool | None = None
    tags: tuple[str, ...] | None = None  # 9.2: any of them in for.tags
    not_types: tuple[str, ...] | None = None  # tapwise extension: none of them ("noncreature spells")
    min_mana_value: int | None = None  # tapwise extension: a spell of at least this mana value (202.3)
    any_of: tuple[Restriction, ...] | None = None  # tapwise extension: alternatives, any one of which matches
    not_generic: bool | None = None  # tapwise extension: it pays no generic mana (symbols, not purposes)
    all_of: tuple[Restriction, ...] | None = None  # tapwise extension: every one of them matches

    def allows(self, purpose: Purpose) -> bool:
        if self.min_mana_value is not None and (purpose.kind != "spell" or purpose.mana_value is None
                                                or purpose.mana_value < self.min_mana_value):
            return False  # an ability has no mana value; a spell's must be given (for.mana_value)
        if self.any_of is not None and not any(r.allows(purpose) for r in self.any_of):
            return False
        if self.all_of is not None and not all(r.allows(purpose) for r in self.all_of):
            return False
        if self.kind is not None and self.kind != purpose.kind:
            return False
        if self.types is not None and not set(self.types) & set(purpose.types):
            return False
        if self.subtypes is not None and not set(self.subtypes) & set(purpose.subtypes):
            return False
        if self.colors is not None and not any(_color_class_matches(c, purpose.colors) for c in self.colors):
            return False
        if self.has_x is not None and self.has_x != purpose.has_x:
            return False
        if self.tags is not None and not set(self.tags) & set(purpose.tags):
            return False
        if self.not_types is not None and set(self.not_types) & set(purpose.types):
            return False
        return True

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in ("kind", "types", "subtypes", "colors", "has_x", "tags", "not_types", "min_mana_value",
                    "not_generic"):
            value = getattr(self, key)
            if value is not None:
                out[key] = list(value) if isinstance(value, tuple) else value
        if self.any_of is not None:
            out["any_of"] = [r.to_json() for r in self.any_of]
        if self.all_of is not None:
            out["all_of"] = [r.to_json() for r in self.all_of]
        if self.colors is not None and len(self.colors) == 1:
            out["colors"] = self.colors[0]  # the spec's short form: "colors": "multicolored"
        return out


def _color_class_matches(cls: str, colors: str) -> bool:
    if cls == "multicolored":
        return len(colors) >= 2
    if cls == "monocolored":
        return len(colors) == 1
    if cls == "colorless":
        return not colors
    return cls in colors


@dataclass(frozen=True)
class Ability:
    """One mana ability. ``add`` keeps the JSON form; ``choices`` is what one activation can make:
    alternatives, each a tuple of units, each unit the string of types that unit may be."""

    add: Any
    tap: bool = True
    mana: ManaCost | None = None
    life: int = 0
    damage: int = 0
    energy: int = 0
    sacrifice: bool = False
    uses: int = 1
    only: Restriction | None = None
    times: Amount | None = None  # 9.2: the add made this many times per activation
    remove_counters: tuple[tuple[str, int], ...] = ()  # counters removed as a cost, by kind
    put_counters: tuple[tuple[str, int], ...] = ()  # counters put on the copy as it is activated
    uses_any: bool = False  # uses "any": no limit but what its costs allow
    if_: tuple[Condition, ...] = ()  # all must hold
    unless: tuple[Condition, ...] = ()  # not all may hold
    discard: int = 0  # cards discarded from the hand as a cost (9.2)
    exile_graveyard: int = 0  # cards exiled from the graveyard as a cost
    mill: int = 0  # cards milled as a cost
    drawback: str | None = None  # a consequence the payment may prefer to avoid (min_drawbacks)
    sacrifice_other: Others | None = None  # other permanents sacrificed as a cost (9.2)
    tap_other: Others | None = None  # other untapped permanents tapped as a cost (9.2)
    zone: str | None = None  # tapwise extension: "graveyard": it works only while its card is there

    def works_in(self, zone: str) -> bool:
        """Does the ability work while its source is in ``zone``? One with ``zone`` only there;
        the others on the battlefield or, without {T}, from the hand (Spirit Guides, 9.1)."""
        return zone == self.zone if self.zone is not None or zone == "graveyard" else True

    @cached
    def v2(self) -> bool:
        """Does the ability use a key of section 9.2?"""
        return bool(self.times is not None or self.remove_counters or self.put_counters or self.uses_any
                    or (isinstance(self.add, dict) and "of" in self.add) or self.board_add
                    or self.if_ or self.unless or self.discard or self.exile_graveyard or self.mill
                    or self.drawback is not None or self.sacrifice_other is not None or self.tap_other is not None
                    or self.double_pool or self.reflect_lands is not None or self.reflect_n != 1
                    or self.zone is not None)

    @cached
    def double_pool(self) -> bool:
        """Doubling Cube's add (9.2): for each type, as much as the pool holds unspent."""
        return isinstance(self.add, dict) and "double_pool" in self.add

    @cached
    def choices(self) -> tuple[tuple[str, ...], ...]:
        """The alternatives one activation may produce (106.8–106.11); empty for ``reflect``."""
        add = self.add
        if isinstance(add, str):
            return _choices_of_mana(ManaCost.parse(add))
        if isinstance(add, list):
            seen: dict[tuple[str, ...], None] = {}
            for text in add:
                for choice in _choices_of_mana(ManaCost.parse(text)):
                    seen.setdefault(choice)
            return tuple(seen)
        if "reflect" in add or self.board_add:
            return ()  # known on a board only
        if "double_pool" in add:
            return ((),)  # what it adds is read from the pool as it is activated (solver/front/doubling.py)
        n = next(v for k, v in add.items() if k in _ADD_COUNTS)
        return add_choices(add, n, add.get("of", COLORS))

    @cached
    def board_add(self) -> bool:
        """Does what it adds depend on the board (an amount or colors from a fact, ``chosen``)?"""
        add = self.add
        if not isinstance(add, dict) or "reflect" in add or "double_pool" in add:
            return False
        n = next(v for k, v in add.items() if k in _ADD_COUNTS)
        return isinstance(n, dict) or isinstance(add.get("of"), dict) or add.get("of") == "chosen"

    @cached
    def reflect(self) -> tuple[str, str] | None:
        """``(whose lands, "color" or "type")`` for 106.7 abilities."""
        if isinstance(self.add, dict) and "reflect" in self.add:
            return (self.add["reflect"], self.add.get("what", "color"))
        return None

    @cached
    def reflect_lands(self) -> Others | None:
        """The lands a reflecting ability looks at beyond "a land" (``lands``), or None: any."""
        if isinstance(self.add, dict) and "lands" in self.add:
            return _others(self.add["lands"], "add.lands")
        return None

    @cached
    def reflect_n(self) -> int:
        """How much mana of the one type a reflecting ability makes (``n``, default 1)."""
        return self.add.get("n", 1) if isinstance(self.add, dict) and "reflect" in self.add else 1

    @cached
    def types_made(self) -> str:
        """Every type of mana some activation may make, in WUBRGC order ("" for ``reflect``)."""
        made = {t for choice in self.choices for unit in choice for t in unit}
        return "".join(t for t in TYPES if t in made)

    @cached
    def payment_key(self) -> tuple:
        """All that matters about the ability when paying: two abilities with equal keys are
        interchangeable (``add`` may be spelled differently and make the same choices). Loaded
        abilities are shared between boards, so this is worked out once per kind of ability."""
        return (self.choices, self.reflect, self.reflect_lands, self.reflect_n, self.mana, self.tap, self.sacrifice, self.life, self.damage,
                self.energy, self.uses, self.only, self.times, self.remove_counters, self.put_counters,
                self.uses_any, self.if_, self.unless, self.discard, self.exile_graveyard, self.mill,
                self.drawback is not None, self.sacrifice_other, self.tap_other, self.double_pool, self.zone)

    @cached
    def payment_kind(self) -> int:
        """A number naming :attr:`payment_key`: equal for interchangeable abilities, so grouping
        a board's entries hashes small ints rather than nested tuples of costs and choices."""
        return _payment_kind(self.payment_key)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"add": self.add}
        if not self.tap:
            out["tap"] = False
        if self.mana is not None:
            out["mana"] = str(self.mana)
        for key in ("life", "damage", "energy"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.sacrifice:
            out["sacrifice"] = True
        if self.uses_any:
            out["uses"] = "any"
        elif self.uses != 1:
            out["uses"] = self.uses
        if self.only is not None:
            out["only"] = self.only.to_json()
        if self.times is not None:
            out["times"] = self.times.to_json()
        for key in ("remove_counters", "put_counters"):
            if getattr(self, key):
                out[key] = dict(getattr(self, key))
        if self.if_:
            out["if"] = [c.to_json() for c in self.if_]
        if self.unless:
            out["unless"] = [c.to_json() for c in self.unless]
        for key in ("discard", "exile_graveyard", "mill"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.drawback is not None:
            out["drawback"] = self.drawback
        for key in ("sacrifice_other", "tap_other"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key).to_json()
        if self.zone is not None:
            out["zone"] = self.zone
        return out


_PAYMENT_KINDS = count()


_KIND_NUMBERS: dict[tuple, int] = table(65536)  # payment key -> its number


def _payment_kind(payment_key: tuple) -> int:
    """The number of the kind of ability with this payment key (the next one if it's new).
    Numbers are never reused: once the memo is emptied, a kind seen again gets a new number,
    so abilities loaded before and after are merely not merged (solver/front/merge.py), never merged
    wrongly."""
    kind = _KIND_NUMBERS.get(payment_key)
    if kind is None:
        kind = remember(_KIND_NUMBERS, payment_key, next(_PAYMENT_KINDS), 65536)
    return kind


@memo(4096)
def _choices_of_mana(cost: ManaCost) -> tuple[tuple[str, ...], ...]:
    """Mana symbols added by an effect: hybrid lets the player pick a half, Phyrexian adds its
    color, generic and {S} add colorless (106.8–106.11)."""
    options_per_symbol: list[list[tuple[str, ...]]] = []
    for s in cost.symbols:
        k = s.kind
        if k is Kind.COLORED:
            options_per_symbol.append([(s.colors,)])
        elif k is Kind.COLORLESS or k is Kind.SNOW:
            options_per_symbol.append([("C",)])
        elif k is Kind.GENERIC:
            options_per_symbol.append([("C",) * s.amount])
        elif k is Kind.PHYREXIAN:
            options_per_symbol.append([(s.colors,)])
        elif k in (Kind.HYBRID, Kind.HYBRID_PHYREXIAN):
            options_per_symbol.append([(s.colors,)])
        elif k is Kind.COLORLESS_HYBRID:
            options_per_symbol.append([("C" + s.colors,)])
        elif k is Kind.TWOBRID:
            options_per_symbol.append([(s.colors,), ("C", "C")])
        else:
            raise NotationError(f"{s} can't be added as mana", str(s))
    seen: dict[tuple[str, ...], None] = {}
    for combo in product(*options_per_symbol):
        seen.setdefault(tuple(sorted((u for part in combo for u in part), key=_unit_key)))
    return tuple(seen)


def _unit_key(unit: str) -> tuple[int, str]:
    return (len(unit), "".join(sorted(unit, key=TYPES.index)))


@dataclass(frozen=True)
class Source:
    """A permanent (or card) with mana abilities; ``count`` identical copies, ``tapped`` of them tapped."""

    id: str
    abilities: tuple[Ability, ...]
    name: str | None = None
    count: int = 1
    types: tuple[str, ...] = ("land",)
    snow: bool = False
    tapped: int = 0
    oracle: str | None = None
    explicit_abilities: bool = field(default=True, compare=False)
    subtypes: tuple[str, ...] = ()
    colors: str = ""  # in WUBRG order
    sick: bool = False  # summoning sick (302.6): its {T} abilities can't be activated
    counters: tuple[tuple[str, int], ...] = ()  # on each copy, by kind
    chosen: str | None = None  # a color letter or a subtype chosen for it
    zone: str = "battlefield"  # or "hand": a card used from the hand, not a permanent
    facts: tuple[tuple[str, Any], ...] = ()  # numbers about this permanent, read first (9.2)
    counts: tuple[tuple[str, int], ...] = ()  # the board facts each copy counts toward, and by how much
    supertypes: tuple[str, ...] = ()  # tapwise extension: "basic", "legendary", "world" (snow is ``snow``)
    token: bool = False  # tapwise extension: a token (111.1), for filters that say "token" or "nontoken"
    # Mana abilities of its card the Oracle reader skipped: (source key, sentence, why); the
    # answer's ``unread`` names them, a ``strict`` problem refuses them (models/cards/source.py).
    unread: tuple[tuple[str, str, str], ...] = field(default=(), compare=False)
    # 9.4 effects of its card's triggered mana abilities (Mana Flare), for a problem without
    # ``effects`` of its own: see _card_effects.
    card_effects: tuple[dict, ...] = field(default=(), compare=False)
    # 9.1's describing keys (subtypes, colors, chosen) given: the problem is one of version 2
    # (its answer reports 9.6's objectives), though they do not change how the source pays
    described: bool = field(default=False, compare=False)

    @cached
    def v2(self) -> bool:
        """Does the source use a key of section 9.1 or 9.2 that changes how it pays? (``subtypes``,
        ``colors`` and ``chosen`` only describe it: basic lands imply their subtype.)"""
        return bool(self.sick or self.counters or self.zone != "battlefield" or self.facts or self.counts
                    or any(a.v2 for a in self.abilities))

    @cached
    def counter_map(self) -> dict[str, int]:
        return dict(self.counters)

    @cached
    def fact_map(self) -> dict[str, Any]:
        return dict(self.facts)

    @cached
    def can_tap(self) -> bool:
        """May its copies use {T} abilities? A sick creature can't (302.6); a card in hand can't."""
        return not (self.sick and "creature" in self.types) and self.zone == "battlefield"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id}
        if self.name is not None:
            out["name"] = self.name
        if self.count != 1:
            out["count"] = self.count
        out["types"] = list(self.types)
        if self.snow:
            out["snow"] = True
        if self.tapped:
            out["tapped"] = True if self.tapped == self.count else self.tapped
        if self.oracle is not None:
            out["oracle"] = self.oracle
        if self.explicit_abilities or self.oracle is None:
            out["abilities"] = [a.to_json() for a in self.abilities]
        if self.subtypes:
            out["subtypes"] = list(self.subtypes)
        if self.colors:
            out["colors"] = self.colors
        if self.sick:
            out["sick"] = True
        if self.counters:
            out["counters"] = dict(self.counters)
        if self.chosen is not None:
            out["chosen"] = self.chosen
        if self.zone != "battlefield":
            out["zone"] = self.zone
        if self.facts:
            out["facts"] = dict(self.facts)
        if self.counts:
            out["counts"] = dict(self.counts)
        if self.supertypes:
            out["supertypes"] = list(self.supertypes)
        if self.token:
            out["token"] = True
        return out


def _tagged(only: Restriction | None) -> bool:
    """Does a spend restriction use 9.2's ``tags`` (in itself or an alternative it lists)?"""
    if only is None:
        return False
    return only.tags is not None or any(map(_tagged, (only.any_of or ()) + (only.all_of or ())))


@dataclass(frozen=True)
class PoolMana:
    """One mana already in the pool (it keeps its snow flag and restriction, 106.6)."""

    type: str
    snow: bool = False
    only: Restriction | None = None
    id: str | None = None
    entry: int = 0

    def to_json(self, mana: str | None = None) -> Any:
        """The pool entry this mana came from (``mana`` is the whole entry's mana string)."""
        text = mana or "{%s}" % self.type
        if not self.snow and self.only is None and self.id is None:
            return text
        out: dict[str, Any] = {"mana": text}
        if self.snow:
            out["snow"] = True
        if self.only is not None:
            out["only"] = self.only.to_json()
        if self.id is not None:
            out["id"] = self.id
        return out


@dataclass(frozen=True)
class Player:
    life: int = 20
    energy: int = 0
    keep_life: int | None = 1


@dataclass(frozen=True)
class Problem:
    """One payment question (spec section 2), validated."""

    cost: ManaCost | None
    alternative: ManaCost | None = None
    free: bool = False
    additional: tuple[ManaCost, ...] = ()
    life_cost: int = 0
    increase: tuple[ManaCost, ...] = ()
    reduce: tuple[ManaCost, ...] = ()
    x: int | str = 0
    x_color: str | None = None
    keywords: frozenset[str] = frozenset()
    purpose_kind: str = "spell"
    purpose_types: tuple[str, ...] = ()
    purpose_subtypes: tuple[str, ...] = ()
    purpose_tags: tuple[str, ...] = ()  # 9.2 for.tags
    purpose_mana_value: int | None = None  # 9.2 for.mana_value (only.min_mana_value reads it)
    spend_as: str | None = None
    player: Player = field(default_factory=Player)
    pool: tuple[PoolMana, ...] = ()
    sources: tuple[Source, ...] = ()
    opponent_sources: tuple[Source, ...] = ()
    objective_list: tuple[str, ...] | None = None
    time_limit: float = 10.0
    id: Any = None
    query: str = "pay"
    keep: tuple[Problem, ...] = ()  # spec 9.5: costs to keep payable, each loaded with this board
    facts: tuple[tuple[str, Any], ...] = ()  # the board's facts (9.1), in the order given
    hand: int = 0  # cards in hand to discard (9.1)
    graveyard: int = 0  # cards in the graveyard to exile
    library: int | None = None  # cards in the library to mill; None: unbounded
    payment: Any = None  # 9.3: convoke, improvise, delve, other_costs (models.payment_keywords), or None
    effects: tuple[Effect, ...] = ()  # 9.4: triggered and replacement mana (models/effects.py)
    strict: bool = False  # a card's mana ability the reader skipped is an error, not an ``unread`` note

    @cached
    def v2(self) -> bool:
        """Does the problem use a key of section 9? Its default objectives then include 9.6's;
        a version-1 problem keeps section 5's list, so its answer is exactly what it was."""
        if (self.facts or self.hand or self.graveyard or self.library is not None or self.purpose_tags
                or self.purpose_mana_value is not None or self.payment is not None or self.effects):
            return True
        for s in self.sources:  # (a loop, not a generator: every problem loaded asks)
            if s.v2:
                return True
        return False

    @cached
    def v2_described(self) -> bool:
        """Does the problem use a key of section 9 that changes nothing in how it pays (``keep``,
        a source's ``subtypes``, ``colors`` or ``chosen``, ``only.tags``)? It is a version-2
        problem all the same: 9.6's default objectives are in force and its answer reports them
        (9.7; section 6: the value reached for each objective)."""
        if self.keep:
            return True
        for s in self.sources:
            if s.described or any(_tagged(a.only) for a in s.abilities):
                return True
        return any(_tagged(m.only) for m in self.pool)

    @cached
    def fact_map(self) -> dict[str, Any]:
        return dict(self.facts)

    @cached
    def objective(self) -> tuple[str, ...]:
        """The objective list in force: the given one, or the default of spec sections 5 and 9.6."""
        if self.objective_list is not None:
            given = self.objective_list
            return ("max_x",) + given if self.x == "max" and "max_x" not in given else given
        out: list[str] = []
        keywords = self.keywords
        if keywords:  # (most problems have none: no set to build)
            if "eclipse" in keywords:
                out.append("min_colors")
            elif "sunburst" in keywords or "converge" in keywords:
                out.append("max_colors")
        if self.x == "max":
            out.append("max_x")
        if self.keep:
            out.append("max_keep")  # spec 9.5 and 9.6: right after max_x
        if self.v2 or self.v2_described:
            return tuple(out) + ("min_life", "min_sacrifices", "min_drawbacks", "min_cards", "min_counters",
                                 "min_sources", "min_waste")
        return tuple(out) + ("min_life", "min_sacrifices", "min_sources", "min_waste")

    @cached
    def purpose(self) -> Purpose:
        """Restriction context of the total cost (spec section 8). Every problem loaded works
        it out, so it is assembled without the frozen dataclass's ``__init__``."""
        cost = self.cost
        alternative = self.alternative
        has_x = (cost is not None and cost.has_x) or (alternative is not None and alternative.has_x)
        if not has_x:
            for c in self.additional:  # (a loop, not a generator: every problem loaded asks)
                if c.has_x:
                    has_x = True
                    break
        return assemble(Purpose, {
            "kind": self.purpose_kind, "types": self.purpose_types, "subtypes": self.purpose_subtypes,
            "tags": self.purpose_tags, "mana_value": self.purpose_mana_value,
            "colors": cost.colors if cost is not None else "", "has_x": bool(has_x)})

    def to_json(self) -> dict[str, Any]:
        return dump_problem(self)


# ---------------------------------------------------------------------------------------------
# Loading


def _cost(value: Any, path: str, most: int = MAX_GENERIC) -> ManaCost:
    _str(value, path)
    try:
        cost = ManaCost.parse(value)
    except NotationError as e:
        raise ProblemError(path, str(e)) from None
    for s in cost.symbols:  # (KIND_GENERIC: each ``Kind.GENERIC`` is a slow lookup in Python 3.11)
        if s.kind is KIND_GENERIC and s.amount > most:
            raise ProblemError(path, f"{{N}} may be at most {{{most}}} here" + (f", not {s}" if s.amount < 10**30 else ""))
    return cost


MAX_ALTERNATIVES = 8
"""Restrictions in one ``only.any_of``: a card names at most four."""


def _any_of(value: Any, path: str) -> tuple[Restriction, ...]:
    """tapwise's ``only.any_of`` (or ``all_of``, the last part of ``path``): 2 to 8
    restrictions, none itself with ``any_of`` or ``all_of``."""
    items = _expect(value, (list,), path, "a list of spend restrictions")
    if not 2 <= len(items) <= MAX_ALTERNATIVES:
        raise ProblemError(path, f"must list 2 to {MAX_ALTERNATIVES} restrictions, not {len(items)}")
    out = []
    for i, item in enumerate(items):
        nested = next((k for k in ("any_of", "all_of") if isinstance(item, dict) and k in item), None)
        if nested is not None:
            raise ProblemError(f"{path}[{i}].{nested}", "a list of restrictions can't hold another")
        out.append(load_restriction(item, f"{path}[{i}]"))
        if out[-1].not_generic:
            raise ProblemError(f"{path}[{i}].not_generic", "goes on the restriction itself, not on one of its "
                               "alternatives (it says which symbols the mana pays, not what for)")
    return tuple(out)


def load_restriction(value: Any, path: str) -> Restriction:
    obj = _object(value, path, ("kind", "types", "subtypes", "colors", "has_x", "tags", "not_types",
                                "min_mana_value", "any_of", "not_generic", "all_of") + NOT_YET["only"])
    _refuse_not_yet(obj, "only", path)
    colors = obj.get("colors")
    if colors is not None:
        items = [colors] if isinstance(colors, str) else colors
        _expect(items, (list,), f"{path}.colors", "a color class or a list of them")
        for i, c in enumerate(items):
            if not isinstance(c, str) or (c not in COLOR_CLASSES and c not in COLORS):
                raise ProblemError(f"{path}.colors[{i}]" if not isinstance(colors, str) else f"{path}.colors",
                                   f"unknown color class {c!r}; use "
                                   "multicolored, monocolored, colorless or a color letter")
        colors = tuple(items)
    return Restriction(
        kind=_choice(obj["kind"], f"{path}.kind", ("spell", "ability")) if "kind" in obj else None,
        types=_str_list(obj["types"], f"{path}.types") if "types" in obj else None,
        subtypes=_str_list(obj["subtypes"], f"{path}.subtypes") if "subtypes" in obj else None,
        colors=colors,
        has_x=_bool(obj["has_x"], f"{path}.has_x") if "has_x" in obj else None,
        tags=_str_list(obj["tags"], f"{path}.tags") if "tags" in obj else None,
        not_types=_str_list(obj["not_types"], f"{path}.not_types") if "not_types" in obj else None,
        min_mana_value=_int(obj["min_mana_value"], f"{path}.min_mana_value", 0, MAX_NUMBER)
        if "min_mana_value" in obj else None,
        any_of=_any_of(obj["any_of"], f"{path}.any_of") if "any_of" in obj else None,
        not_generic=_not_generic(obj, path),
        all_of=_any_of(obj["all_of"], f"{path}.all_of") if "all_of" in obj else None,
    )


def _not_generic(obj: Mapping[str, Any], path: str) -> bool | None:
    """tapwise's ``only.not_generic``: ``true`` ("This mana can't be spent to pay generic mana
    costs": no generic symbol, {X}, {S} or {2/W}'s generic half, 107.4h, 107.3); top level only,
    since it says which symbols the mana pays, not what for."""
    if "not_generic" not in obj:
        return None
    if obj["not_generic"] is not True:
        raise ProblemError(f"{path}.not_generic", "must be true (leave it out for mana that pays generic)")
    return True


_ADD_COUNTS = ("any_color", "one_color", "any_type", "each_color")
MAX_EACH_COLOR = 10
"""``each_color``'s n: mana of each color (a card says one)."""


def _add_of(value: Any, path: str) -> Any:
    """The colors an ``of`` allows (9.2): a color string, ``{"fact": F}`` or ``"chosen"``."""
    if value == "chosen":
        return "chosen"
    if isinstance(value, dict):
        _object(value, path, ("fact",))
        if "fact" not in value:
            raise ProblemError(f"{path}.fact", "is required")
        return {"fact": _fact_name(value["fact"], f"{path}.fact")}
    text = _str(value, path).upper()
    if not text or any(c not in COLORS for c in text):
        raise ProblemError(path, f"must be color letters (\"UR\"), {{\"fact\": ...}} or \"chosen\", not {value!r}")
    return "".join(c for c in COLORS if c in text)


def add_choices(add: dict[str, Any], n: int, colors: str) -> tuple[tuple[str, ...], ...]:
    """What one activation of an ``any_color`` / ``one_color`` / ``any_type`` add makes, once its
    amount and colors are known (from the board for facts and ``chosen``)."""
    if n <= 0 or not colors:
        return ()
    if "any_color" in add:
        return ((colors,) * n,)
    if "any_type" in add:
        return ((TYPES,) * n,)
    if "each_color" in add:  # tapwise extension: n mana of each of the colors, one output
        return (tuple(c for c in colors for _ in range(n)),)
    return tuple((c,) * n for c in colors)


def load_add(value: Any, path: str) -> Any:
    """Validate an ability's ``add`` and return it in canonical JSON form."""
    if isinstance(value, str):
        try:
            cost = ManaCost.parse(value)
            units = sum(s.amount if s.kind is Kind.GENERIC else 1 for s in cost.symbols)
            if units > MAX_UNITS:
                raise ProblemError(path, f"adds {units:,} mana; one activation may add at most {MAX_UNITS}"
                                   if units < 10**30 else f"adds more than {MAX_UNITS} mana")
            if sum(s.kind is Kind.TWOBRID for s in cost.symbols) > MAX_TWOBRID_ADDED:
                raise ProblemError(path, f"at most {MAX_TWOBRID_ADDED} {{2/W}}-style symbols in mana added "
                                   "(each doubles the choices)")
            _choices_of_mana(cost)
        except NotationError as e:
            raise ProblemError(path, str(e)) from None
        if not cost.symbols:
            raise ProblemError(path, "adds no mana")
        return str(cost)
    if isinstance(value, list):
        if not value:
            raise ProblemError(path, "an empty list of choices adds nothing")
        for i, v in enumerate(value):
            if not isinstance(v, str):
                raise ProblemError(f"{path}[{i}]", f"each choice is a mana string, not {_type_name(v)}")
        return [load_add(v, f"{path}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, dict):
        keys = set(value)
        if "double_pool" in keys:  # Doubling Cube (9.2): what it adds is read from the pool (solver/front/doubling.py)
            _object(value, path, ("double_pool",))
            if value["double_pool"] is not True:
                raise ProblemError(f"{path}.double_pool", "must be true (Doubling Cube: double the unspent mana)")
            return {"double_pool": True}
        if keys & set(_ADD_COUNTS):
            _object(value, path, _ADD_COUNTS + ("of",))
            counts = [k for k in _ADD_COUNTS if k in keys]
            if len(counts) != 1:
                raise ProblemError(path, "give exactly one of any_color, one_color, any_type, each_color")
            key = counts[0]
            n = value[key]
            if key == "each_color":  # tapwise extension: "for each color among ..., add one mana of that color"
                n = _int(n, f"{path}.{key}", 1, MAX_EACH_COLOR)
            elif isinstance(n, dict):  # 9.2: n may be {"fact": F}
                _object(n, f"{path}.{key}", ("fact",))
                if "fact" not in n:
                    raise ProblemError(f"{path}.{key}.fact", "is required")
                n = {"fact": _fact_name(n["fact"], f"{path}.{key}.fact")}
            else:
                n = _int(n, f"{path}.{key}", 1, MAX_UNITS)
            out: dict[str, Any] = {key: n}
            if "of" in value:
                if key == "any_type":
                    raise ProblemError(f"{path}.of", "goes with any_color, one_color or each_color")
                out["of"] = _add_of(value["of"], f"{path}.of")
            return out
        if "reflect" in keys:
            _object(value, path, ("reflect", "what", "lands", "n"))
            whose = _choice(value["reflect"], f"{path}.reflect",
                            ("lands_you_control", "lands_opponents_control", "sacrificed"))
            if whose == "sacrificed" and "lands" in value:
                raise ProblemError(f"{path}.lands", "goes with lands_you_control or lands_opponents_control")
            what = _choice(value.get("what", "color"), f"{path}.what", ("color", "type"))
            out = {"reflect": whose, "what": what}
            if "lands" in value:  # tapwise extension: "a Gate you control", "a basic land you control"
                out["lands"] = _reflect_lands(value["lands"], f"{path}.lands").to_json()
            if "n" in value:  # tapwise extension: "three mana of that type" (Incubation Druid)
                out["n"] = _int(value["n"], f"{path}.n", 1, MAX_UNITS)
            return out
        raise ProblemError(path, "must be a mana string, a list of them, or an object with "
                           "any_color, one_color, any_type, each_color or reflect")
    raise ProblemError(path, f"must be a mana string, a list or an object, not {_type_name(value)}")


def _reflect_lands(value: Any, path: str) -> Others:
    """The lands a reflecting ability looks at beyond "a land" (tapwise extension of 9.2's
    ``reflect``): ``subtypes`` and the filter traits, as in ``tap_other``."""
    obj = _object(value, path, ("subtypes",) + TRAIT_KEYS)
    if not obj:
        raise ProblemError(path, "give subtypes, supertypes, not_types or token (or leave lands out)")
    return _others(obj, path)


ABILITY_KEYS = ("add", "tap", "mana", "life", "damage", "energy", "sacrifice", "uses", "only",
                "times", "remove_counters", "put_counters", "if", "unless", "discard", "exile_graveyard", "mill",
                "drawback", "sacrifice_other", "tap_other", "zone")


_ABILITIES: dict[Hashable, Ability] = table()  # the same few ability objects come back on every board


def _ability_key(value: Any) -> Hashable | None:
    """What identifies an ability entry in ``_ABILITIES``, or None if it isn't an object: the
    mana string of the common ``{"add": "{G}"}`` (no repr to build), else the entry's repr,
    which keeps key order and tells ``1`` from ``true``."""
    if not isinstance(value, dict):
        return None
    add = value.get("add")
    if type(add) is str and len(value) == 1:
        return ("add", add)
    return repr(value)


def load_ability(value: Any, path: str) -> Ability:
    key = _ability_key(value)
    ability = _ABILITIES.get(key) if key is not None else None
    if ability is None:
        ability = _load_ability(value, path)
        if key is not None:
            remember(_ABILITIES, key, ability)
    return ability


def _load_ability(value: Any, path: str) -> Ability:
    obj = _object(value, path, ABILITY_KEYS + NOT_YET["ability"])
    _refuse_not_yet(obj, "ability", path)
    if "add" not in obj:
        raise ProblemError(f"{path}.add", "is required")
    mana = _cost(obj["mana"], f"{path}.mana") if obj.get("mana") is not None else None
    if mana is not None and any(s.kind is Kind.ENERGY for s in mana):
        raise ProblemError(f"{path}.mana", "energy is not mana: use the ability's \"energy\" key")
    if mana is not None and any(s.kind is Kind.X for s in mana):
        raise ProblemError(f"{path}.mana", "{X} in a mana ability's cost can't be read: what the ability adds "
                           "can't depend on X here; give the cost for one value of X (e.g. \"{2}\")")
    ability = Ability(
        add=load_add(obj["add"], f"{path}.add"),
        tap=_bool(obj.get("tap", True), f"{path}.tap"),
        mana=mana if mana is not None and mana.symbols else None,
        life=_int(obj.get("life", 0), f"{path}.life"),
        damage=_int(obj.get("damage", 0), f"{path}.damage"),
        energy=_int(obj.get("energy", 0), f"{path}.energy"),
        sacrifice=_bool(obj.get("sacrifice", False), f"{path}.sacrifice"),
        uses=1 if obj.get("uses") == "any" else _uses(obj.get("uses", 1), f"{path}.uses"),
        only=load_restriction(obj["only"], f"{path}.only") if obj.get("only") is not None else None,
        times=load_amount(obj["times"], f"{path}.times") if "times" in obj else None,
        remove_counters=load_counters(obj.get("remove_counters", {}), f"{path}.remove_counters", 1),
        put_counters=load_counters(obj.get("put_counters", {}), f"{path}.put_counters", 1),
        uses_any=obj.get("uses") == "any",
        if_=load_conditions(obj.get("if", []), f"{path}.if"),
        unless=load_conditions(obj.get("unless", []), f"{path}.unless"),
        discard=_int(obj.get("discard", 0), f"{path}.discard"),
        exile_graveyard=_int(obj.get("exile_graveyard", 0), f"{path}.exile_graveyard"),
        mill=_int(obj.get("mill", 0), f"{path}.mill"),
        drawback=_drawback(obj["drawback"], f"{path}.drawback") if obj.get("drawback") is not None else None,
        sacrifice_other=(_others(obj["sacrifice_other"], f"{path}.sacrifice_other", x_ok=True)
                         if obj.get("sacrifice_other") else None),
        tap_other=_others(obj["tap_other"], f"{path}.tap_other", x_ok=True) if obj.get("tap_other") else None,
        zone=_choice(obj["zone"], f"{path}.zone", ("graveyard",)) if "zone" in obj else None,
    )
    if ability.zone is not None and (ability.tap or not ability.sacrifice):
        raise ProblemError(f"{path}.zone", "an ability that works from the graveyard neither taps (\"tap\": false) "
                           "nor stays: its card is exiled (\"sacrifice\": true, Jack-o'-Lantern)")
    if ability.reflect is not None and ability.reflect[0] == "sacrificed" and (
            ability.sacrifice_other is None or ability.sacrifice_other.n != 1 or ability.sacrifice_other.any_number
            or ability.times is not None):
        raise ProblemError(f"{path}.add.reflect", "\"sacrificed\" reflects the permanent its sacrifice_other takes: "
                           "needs a sacrifice_other of one permanent (n 1), and no times")
    taken = ability.times.taken if ability.times is not None else None
    for key in ("sacrifice_other", "tap_other"):
        others = getattr(ability, key)
        if others is not None and others.any_number and taken != key:
            raise ProblemError(f"{path}.{key}.n", f"\"X\" needs times {{\"taken\": \"{key}\"}}: the amount is "
                               "how many it took")
        if taken == key and (others is None or not others.any_number):
            raise ProblemError(f"{path}.times.taken", f"needs a {key} of n \"X\"")
    if ability.times is not None and ability.times.victim is not None and (
            ability.sacrifice_other is None or ability.sacrifice_other.n != 1):
        raise ProblemError(f"{path}.times.victim", "reads the permanent sacrifice_other takes: needs a "
                           "sacrifice_other of one permanent (n 1)")
    return ability


def _uses(value: Any, path: str) -> int:
    """``uses``: a whole number (0: none left, as a plan's left board says) or ``"any"`` (9.2)."""
    if isinstance(value, str):
        raise ProblemError(path, f"must be a whole number or \"any\", not {value!r}")
    return _int(value, path, 0, MAX_COUNT)


def _drawback(value: Any, path: str) -> str:
    text = " ".join(_str(value, path).split())
    if not text:
        raise ProblemError(path, "must say what the drawback is")
    return text


def load_counters(value: Any, path: str, minimum: int = 0) -> tuple[tuple[str, int], ...]:
    """Counters by kind (``{"charge": 2}``): kinds are lowercase words, amounts whole numbers
    (at least ``minimum``); sorted by kind, so equal counters are equal values."""
    obj = _expect(value, (dict,), path, "an object of counter kinds and numbers")
    out = []
    for kind, n in obj.items():
        if not isinstance(kind, str) or not kind.strip():
            raise ProblemError(path, f"a counter kind must be a word, not {kind!r}")
        out.append((kind.strip().lower(), _int(n, f"{path}.{kind}", minimum)))
    if len({k for k, _ in out}) != len(out):
        raise ProblemError(path, "names a counter kind twice")
    return tuple(sorted(out))


def load_amount(value: Any, path: str) -> Amount:
    """``times``: a whole number, or one of ``fact``, ``counters``, ``remove``, ``victim`` (tapwise
    extension: a fact of the permanent ``sacrifice_other`` took), ``taken`` (tapwise extension: how
    many permanents the cost took) with ``plus``; ``up_to`` with ``fact`` (tapwise extension): any
    number up to the fact."""
    if not isinstance(value, dict):
        return Amount(number=_int(value, path))
    obj = _object(value, path, ("fact", "counters", "remove", "plus", "up_to", "victim", "taken"))
    given = [k for k in ("fact", "counters", "remove", "victim", "taken") if k in obj]
    if len(given) != 1:
        raise ProblemError(path, "give exactly one of fact, counters, remove, victim, taken")
    key = given[0]
    if "up_to" in obj and key != "fact":
        raise ProblemError(f"{path}.up_to", "goes with fact only (\"remove\" is already any number)")
    if key == "taken":
        taken = _choice(obj["taken"], f"{path}.taken", ("sacrifice_other", "tap_other"))
        return Amount(taken=taken, plus=_int(obj.get("plus", 0), f"{path}.plus"))
    name = (_fact_name(obj[key], f"{path}.{key}") if key in ("fact", "victim")
            else _str(obj[key], f"{path}.{key}").strip().lower())
    if not name:
        raise ProblemError(f"{path}.{key}", "names no counter kind")
    up_to = _bool(obj["up_to"], f"{path}.up_to") if "up_to" in obj else False
    return Amount(**{key: name}, plus=_int(obj.get("plus", 0), f"{path}.plus"), up_to=up_to)


def load_facts(value: Any, path: str) -> tuple[tuple[str, Any], ...]:
    """Facts: lowercase phrases with whole numbers, or color strings for phrases naming colors."""
    obj = _expect(value, (dict,), path, "an object of facts")
    out: dict[str, Any] = {}
    for key, raw in obj.items():
        name = _fact_name(key, path)
        p = f"{path}.{key}"
        if isinstance(raw, str):
            colors = raw.upper()
            bad = [c for c in colors if c not in COLORS]
            if bad:
                raise ProblemError(p, f"must be a whole number or a color string like \"WUG\", not {raw!r}")
            out[name] = "".join(c for c in COLORS if c in colors)
        else:
            out[name] = _int(raw, p, -(10**9))
        if list(out).count(name) > 1:
            raise ProblemError(p, "gives a fact twice")
    return tuple(out.items())

SOURCE_KEYS = ("id", "name", "count", "types", "snow", "tapped", "abilities", "oracle",
               "subtypes", "colors", "sick", "counters", "chosen", "zone", "facts", "counts", "supertypes",
               "token", "type_line")
SOURCE_V2_KEYS = SOURCE_KEYS[8:-1]


def _card_facts(name: str | None, oracle: str | None, type_line: str | None, chosen: str | None,
                path: str) -> CardFacts | None:
    """What the entry's card says (models/cards/source.py): its Oracle text, a basic land name
    or a known card; the sentences the reader skipped stay on the source as ``unread``."""
    from tapwise.models.cards.source import CardSourceError, card_facts  # the reader loads the loader

    try:
        return card_facts(name, oracle, type_line, chosen)
    except CardSourceError as e:
        raise ProblemError(f"{path}.{e.field}", e.problem) from None


_QUICK_SOURCE_KEYS = frozenset(("id", "name", "count", "types", "snow", "tapped", "abilities"))


_SOURCES: dict[tuple, Source] = table()  # plain entries by their exact JSON: boards repeat the same cards

_OBJECT, _ARRAY, _TRUE, _FALSE, _NOT_PLAIN, _END = (object() for _ in range(6))


def _json_key(value: Any) -> Any:
    """A hashable stand-in for a plain JSON value, equal only for equal JSON of the same types,
    or ``_NOT_PLAIN``. Objects and arrays become tuples tagged with their kind (keys in their
    order); ``true`` and ``false`` get tags of their own, so neither equals ``1`` or ``0``;
    strings, ints and null stand for themselves. Anything else (a float, a tuple, a subclass of
    str, int, list or dict) isn't plain. (Marshal's bytes cost more and had to stay at version
    2: later versions flag objects that something else refers to, so the same JSON gave another
    key once a board shared a list.) :func:`_entry_key` keys a source entry; this keys what lies
    deeper than it looks."""
    # The two loops below repeat each other on purpose: Cython compiles ``value.items()`` in a
    # ``for`` into a C dict walk, and one loop over both (``chain``) cost 7,700 instructions more
    # per entry.
    t = type(value)
    if t is dict:
        parts = [_OBJECT]
        for k, v in value.items():
            if type(k) is not str:
                return _NOT_PLAIN
            parts.append(k)
            t = type(v)
            if t is not str and t is not int and v is not None:
                v = _json_key(v)
                if v is _NOT_PLAIN:
                    return _NOT_PLAIN
            parts.append(v)
        return tuple(parts)
    if t is list:
        parts = [_ARRAY]
        for v in value:
            t = type(v)
            if t is not str and t is not int and v is not None:
                v = _json_key(v)
                if v is _NOT_PLAIN:
                    return _NOT_PLAIN
            parts.append(v)
        return tuple(parts)
    if t is str or t is int or value is None:
        return value
    if t is bool:
        return _TRUE if value else _FALSE
    return _NOT_PLAIN


def _entry_key(raw: Any) -> Any:
    """The key of a source entry (an object) in ``_SOURCES``, or ``_NOT_PLAIN``: one flat tuple
    of tokens, equal only for equal JSON of the same types, as :func:`_json_key`'s are. The
    entry's object and what the common entry holds inside it (the ``types`` and ``abilities``
    arrays, each ability's object, an ``add`` array of strings) are written inline, each opened by
    ``_OBJECT`` or ``_ARRAY`` and closed by ``_END``; any other value is one token, its
    :func:`_json_key` (a string, int or None itself, else a tag or a tuple, which no inline token
    equals). The same JSON always takes the same path, and the tokens read back one way only (the
    markers are objects of their own; inside an object, key and value alternate), so equal keys
    are equal JSON. Why flat: a remembered entry is found with one list and one tuple built,
    hashed and compared, not one per array and object inside it (nested keys cost 7,000
    instructions an entry, compiled; this about a third of it). The levels are written out,
    not walked by a call per level or a stack of iterators: each call costs about a thousand
    instructions compiled, and the iterators' walk cost more than the nested keys."""
    if type(raw) is not dict:
        return _NOT_PLAIN
    parts = [_OBJECT]
    for k, v in raw.items():
        if k not in _QUICK_SOURCE_KEYS:  # (such an entry goes to the full loader: none is remembered)
            return _NOT_PLAIN
        parts.append(k)
        t = type(v)
        if t is list:  # types, abilities
            parts.append(_ARRAY)
            for item in v:
                t = type(item)
                if t is str:  # a type
                    parts.append(item)
                elif t is dict:  # an ability
                    parts.append(_OBJECT)
                    for k2, v2 in item.items():
                        if type(k2) is not str:
                            return _NOT_PLAIN
                        parts.append(k2)
                        if type(v2) is str:
                            parts.append(v2)
                        elif type(v2) is list:  # add: ["{W}", "{U}"], inline when all strings
                            at = len(parts)
                            parts.append(_ARRAY)
                            for x in v2:
                                if type(x) is not str:
                                    del parts[at:]
                                    x = _json_key(v2)  # the whole array as one token
                                    if x is _NOT_PLAIN:
                                        return _NOT_PLAIN
                                    parts.append(x)
                                    break
                                parts.append(x)
                            else:
                                parts.append(_END)
                        elif (v2 := _json_key(v2)) is not _NOT_PLAIN:
                            parts.append(v2)
                        else:
                            return _NOT_PLAIN
                    parts.append(_END)
                elif (item := _json_key(item)) is not _NOT_PLAIN:
                    parts.append(item)
                else:
                    return _NOT_PLAIN
            parts.append(_END)
        elif t is str or t is int or v is None:
            parts.append(v)
        elif (v := _json_key(v)) is not _NOT_PLAIN:  # true, false, or deeper
            parts.append(v)
        else:
            return _NOT_PLAIN
    return tuple(parts)


def _quick_source(raw: Any, taken: set[str]) -> Source | None:
    """The common well-formed entry (an id, abilities given, plain values), remembered by its
    exact JSON or else checked inline; None hands it to the full loader, which names whatever is
    wrong. Engines send thousands of these, so this path builds no field paths and calls no
    validators. A remembered source is shared by every problem that lists the entry: sources
    are values, told apart by their side and position, never by identity."""
    key = _entry_key(raw)  # equal only for equal JSON of the same types: 1 and true differ
    source = _SOURCES.get(key) if key is not _NOT_PLAIN else None
    if source is None:
        source = _plain_source(raw)
        if source is None:
            return None
        if key is not _NOT_PLAIN:
            remember(_SOURCES, key, source)
    return source if source.id not in taken else None


def _plain_source(raw: Any) -> Source | None:
    """The source a plain entry describes, checked inline, or None if it isn't plain."""
    if type(raw) is not dict or not raw.keys() <= _QUICK_SOURCE_KEYS:
        return None
    sid, name, abilities = raw.get("id"), raw.get("name"), raw.get("abilities")
    if type(sid) is not str or sid == "pool" or type(abilities) is not list:
        return None
    if name is not None and type(name) is not str:
        return None
    count = raw.get("count", 1)
    if type(count) is not int or not 0 <= count <= MAX_COUNT:
        return None
    tapped = raw.get("tapped", False)
    if tapped is True or tapped is False:
        tapped = count if tapped else 0
    elif type(tapped) is not int or not 0 <= tapped <= count:
        return None
    snow = raw.get("snow", False)
    if snow is not True and snow is not False:
        return None
    if "types" not in raw:
        types = ("land",)
    else:
        given = raw["types"]
        if type(given) is not list:
            return None
        lowered = []
        for t in given:
            if type(t) is not str:
                return None
            lowered.append(t.lower())
        types = tuple(lowered)
    loaded = []
    for a in abilities:
        ability = _ABILITIES.get(_ability_key(a))
        if ability is None:
            return None
        loaded.append(ability)
    if count > MAX_CONVERTERS and any(a.mana is not None for a in loaded):
        return None  # the full loader says why
    return assemble(Source, {"id": sid, "abilities": tuple(loaded), "name": name, "count": count,
                             "types": types, "snow": snow, "tapped": tapped, "oracle": None,
                             "explicit_abilities": True, "subtypes": _implied_subtypes(name),
                             "supertypes": _implied_supertypes(name), **_PLAIN_BOARD_KEYS})


_PLAIN_BOARD_KEYS = {"colors": "", "sick": False, "counters": (), "chosen": None, "zone": "battlefield",
                     "facts": (), "counts": (), "token": False, "unread": (), "card_effects": (),
                     "described": False}
"""Section 9.1's keys of a plain entry, which gives none of them, and its cards' effects: none,
as an entry that gives its abilities is not read from its card (see _load_source)."""


@memo(1024)
def _implied_subtypes(name: str | None) -> tuple[str, ...]:
    """A basic land name's subtype (305.6), as the full loader gives it."""
    basic = basic_land(name) if name else None
    return (_BASIC_SUBTYPES[basic[0]],) if basic and basic[0] in _BASIC_SUBTYPES else ()


def _implied_supertypes(name: str | None) -> tuple[str, ...]:
    """A basic land name's supertype (205.4c: Forest, Snow-Covered Forest and Wastes are basic)."""
    return ("basic",) if name and basic_land(name) else ()


def load_sources(value: Any, path: str) -> tuple[Source, ...]:
    _expect(value, (list,), path, "a list of sources")
    out: list[Source] = []
    taken: set[str] = set()
    explicit: set[str] | None = None
    numbered: dict[str, int] = {}
    for i, raw in enumerate(value):
        if i & 255 == 255 and clock.passed():  # about every 5 ms of plain entries
            raise ProblemError("time_limit", f"the time limit passed while loading {path} (at entry "
                               f"{i:,} of {len(value):,}): nothing was solved")
        source = _quick_source(raw, taken)
        if source is None:
            if explicit is None:
                explicit = {v["id"] for v in value if isinstance(v, dict) and isinstance(v.get("id"), str)}
            source = _load_source(raw, f"{path}[{i}]", i, taken, explicit, numbered)
        taken.add(source.id)
        out.append(source)
    return tuple(out)


def _load_source(raw: Any, p: str, i: int, taken: set[str], explicit: set[str],
                 numbered: dict[str, int]) -> Source:
    """One entry, every field checked and any problem named by its path ``p``. An entry without
    an id takes its name (or ``source{i}``), else the first ``name#2``, ``name#3``, ... that no
    entry takes: ``numbered`` keeps, per base, the number the last search stopped at, so the
    search goes on from there (``taken`` only grows, so no lower number is free again) and
    loading stays linear in the number of entries."""
    obj = _object(raw, p, SOURCE_KEYS + NOT_YET["source"])
    _refuse_not_yet(obj, "source", p)
    name = _str(obj["name"], f"{p}.name") if obj.get("name") is not None else None
    oracle = _str(obj["oracle"], f"{p}.oracle") if obj.get("oracle") is not None else None
    type_line = _str(obj["type_line"], f"{p}.type_line") if obj.get("type_line") is not None else None
    if "id" in obj:
        sid = _str(obj["id"], f"{p}.id")
        if sid in taken:
            raise ProblemError(f"{p}.id", f"duplicate source id {sid!r}")
    else:
        base = name if name is not None else f"source{i}"
        n = numbered.get(base, 1)
        sid = base if n == 1 else f"{base}#{n}"
        while sid in taken or sid in explicit:
            n += 1
            sid = f"{base}#{n}"
        numbered[base] = n
    if sid == "pool":
        raise ProblemError(f"{p}.id", "'pool' is reserved for mana already in the pool")
    count = _int(obj.get("count", 1), f"{p}.count", 0, MAX_COUNT)
    tapped_raw = obj.get("tapped", False)
    if isinstance(tapped_raw, bool):
        tapped = count if tapped_raw else 0
    else:
        tapped = _int(tapped_raw, f"{p}.tapped", 0, MAX_COUNT)
        if tapped > count:
            raise ProblemError(f"{p}.tapped", f"{tapped} tapped copies but count is {count}")
    chosen = obj["chosen"] if isinstance(obj.get("chosen"), str) else None
    facts = None if "abilities" in obj else _card_facts(name, oracle, type_line, chosen, p)
    if "abilities" in obj:
        _expect(obj["abilities"], (list,), f"{p}.abilities", "a list of abilities")
        abilities = tuple(load_ability(a, f"{p}.abilities[{j}]") for j, a in enumerate(obj["abilities"]))
    elif facts is not None:
        abilities = tuple(load_ability(a, f"{p}.abilities[{j}]") for j, a in enumerate(facts.abilities))
    else:
        what = f"{name!r} is not a basic land or a known card" if name else "it has no name"
        if name:  # the CLI's suggestions
            from tapwise.models.cards.catalog import did_you_mean
            what += did_you_mean(name)
        raise ProblemError(f"{p}.abilities", f"no abilities given, no oracle text, and {what}")
    types = (_str_list(obj["types"], f"{p}.types") if "types" in obj
             else facts.types if facts and facts.types is not None else ("land",))
    snow = (_bool(obj["snow"], f"{p}.snow") if "snow" in obj
            else facts.snow if facts else False)
    if count > MAX_CONVERTERS and any(a.mana is not None for a in abilities):
        raise ProblemError(f"{p}.count", f"a source with a mana ability that costs mana may have at most "
                           f"{MAX_CONVERTERS:,} copies, not {count:,} (each activation's payment is worked out)")
    board = _board_keys(obj, p, name, facts)
    if board["zone"] == "hand":
        for j, a in enumerate(abilities):
            if a.tap and a.zone is None:
                raise ProblemError(f"{p}.abilities[{j}].tap", "a card in hand can't be tapped: give \"tap\": false "
                                   "(and \"sacrifice\": true to exile it, Simian Spirit Guide)")
    unread = tuple((facts.field, s.sentence, s.reason) for s in facts.unread) if facts else ()
    card_effects: tuple[dict, ...] = ()
    if facts is not None and board["zone"] == "battlefield":  # a card in hand has no effects (113.6)
        for e in facts.effects:
            if e.get("on") == "enchanted":  # the reader's stand-in: an entry can't say which permanent
                unread += ((facts.field, f"its mana on the permanent it enchants ({json.dumps(e)})",
                            "an entry can't say which permanent the aura enchants: give the problem's "
                            "effects with this effect and \"on\": that permanent's id"),)
            else:
                card_effects += (e,)
    return Source(id=sid, abilities=abilities, name=name, count=count, types=types, snow=snow,
                  tapped=tapped, oracle=oracle, explicit_abilities="abilities" in obj, unread=unread,
                  card_effects=card_effects, **board)


def _board_keys(obj: Mapping[str, Any], p: str, name: str | None, card: CardFacts | None) -> dict[str, Any]:
    """A source's section 9.1 keys, checked; basic land names imply their subtype."""
    if "subtypes" in obj:
        subtypes = _str_list(obj["subtypes"], f"{p}.subtypes")
    elif card and card.subtypes:
        subtypes = card.subtypes
    else:
        subtypes = _implied_subtypes(name)
    colors = ""
    if "colors" in obj:
        raw = _str(obj["colors"], f"{p}.colors").upper()
        if any(c not in COLORS for c in raw):
            raise ProblemError(f"{p}.colors", f"must be color letters like \"WU\", not {obj['colors']!r}")
        colors = "".join(c for c in COLORS if c in raw)
    chosen = None
    if obj.get("chosen") is not None:
        raw = _str(obj["chosen"], f"{p}.chosen").strip()
        chosen = raw.upper() if raw.upper() in COLORS and len(raw) == 1 else raw.lower()
        if not chosen:
            raise ProblemError(f"{p}.chosen", "must be a color letter or a subtype")
    return {"subtypes": subtypes, "colors": colors,
            "described": "subtypes" in obj or "colors" in obj or obj.get("chosen") is not None,
            "sick": _bool(obj.get("sick", False), f"{p}.sick"),
            "counters": load_counters(obj.get("counters", {}), f"{p}.counters"),
            "chosen": chosen,
            "zone": _choice(obj.get("zone", "battlefield"), f"{p}.zone", ("battlefield", "hand", "graveyard")),
            "facts": load_facts(obj.get("facts", {}), f"{p}.facts"),
            "counts": _load_counts(obj.get("counts", []), f"{p}.counts"),
            "supertypes": (load_supertypes(obj["supertypes"], f"{p}.supertypes", SOURCE_SUPERTYPES)
                           if "supertypes" in obj else card.supertypes if card else _implied_supertypes(name)),
            "token": _bool(obj["token"], f"{p}.token") if "token" in obj else bool(card and card.token)}


def _load_counts(value: Any, path: str) -> tuple[tuple[str, int], ...]:
    """``counts``: a list of facts (each copy counts 1 toward them) or an object by how much."""
    if isinstance(value, list):
        items = [(_fact_name(f, f"{path}[{i}]"), 1) for i, f in enumerate(value)]
    else:
        obj = _expect(value, (dict,), path, "a list of facts or an object of facts and numbers")
        items = [(_fact_name(f, path), _int(n, f"{path}.{f}", 1)) for f, n in obj.items()]
    if len({f for f, _ in items}) != len(items):
        raise ProblemError(path, "names a fact twice")
    return tuple(sorted(items))


_BASIC_SUBTYPES = {"W": "plains", "U": "island", "B": "swamp", "R": "mountain", "G": "forest"}


def load_pool(value: Any, path: str) -> tuple[PoolMana, ...]:
    _expect(value, (list,), path, "a list of mana")
    out: list[PoolMana] = []
    for i, raw in enumerate(value):
        p = f"{path}[{i}]"
        if isinstance(raw, str):
            text, snow, only, pid, mp = raw, False, None, None, p
        else:
            obj = _object(raw, p, ("mana", "snow", "only", "id"))
            if "mana" not in obj:
                raise ProblemError(f"{p}.mana", "is required")
            text, mp = _str(obj["mana"], f"{p}.mana"), f"{p}.mana"
            snow = _bool(obj.get("snow", False), f"{p}.snow")
            only = load_restriction(obj["only"], f"{p}.only") if obj.get("only") is not None else None
            pid = obj.get("id")
        cost = _cost(text, mp, MAX_UNITS)
        for s in cost.symbols:
            if s.kind is Kind.COLORED:
                units = [s.colors]
            elif s.kind is Kind.COLORLESS:
                units = ["C"]
            elif s.kind is Kind.GENERIC:
                units = ["C"] * s.amount  # 106.10: generic mana added is colorless
            else:
                raise ProblemError(mp, f"{s} is not a type of mana a pool can hold; use {{W}}..{{G}} or {{C}}")
            out.extend(PoolMana(u, snow, only, pid, i) for u in units)
    return tuple(out)


def load_player(value: Any, path: str) -> Player:
    obj = _object(value, path, ("life", "energy", "keep_life"))
    keep = obj.get("keep_life", 1)
    if keep is not None:
        keep = _int(keep, f"{path}.keep_life", minimum=-MAX_NUMBER)
    life = obj.get("life", 20)
    if isinstance(life, float) and life.is_integer():
        life = int(life)
    life = _int(life, f"{path}.life", -MAX_NUMBER)
    return Player(life=life, energy=_int(obj.get("energy", 0), f"{path}.energy"), keep_life=keep)


def _costs(value: Any, path: str) -> tuple[ManaCost, ...]:
    items = _expect(value, (list,), path, "a list of costs")
    return tuple(_cost(c, f"{path}[{i}]") for i, c in enumerate(items))


def _problem_defaults() -> dict[str, Any]:
    """Every optional field of :class:`Problem` with its default value."""
    return {f.name: f.default_factory() if f.default is MISSING else f.default
            for f in fields(Problem) if f.name != "cost"}


_PROBLEM_DEFAULTS = _problem_defaults()


def _optional(load):
    """A loader for a field whose null means its default (None)."""
    return lambda value, path: None if value is None else load(value, path)


_OPTIONAL_FIELDS = (
    ("x_color", _optional(lambda v, path: _choice(_str(v, path).upper(), path, tuple(TYPES)))),
    ("alternative", _optional(lambda v, path: _cost(v, path))),
    ("free", _bool), ("additional", _costs), ("life_cost", _int), ("increase", _costs), ("reduce", _costs),
    ("spend_as", _optional(lambda v, path: _choice(v, path, ("any_type", "any_color")))),
    ("player", load_player), ("pool", load_pool), ("sources", load_sources), ("opponent_sources", load_sources),
)
"""Problem fields loaded as given, each by its loader with the field's path."""


def load_problem(value: Any, *, allowed: Iterable[str] = PROBLEM_KEYS, path: str = "") -> Problem:
    """Validate a spec problem dict and return the :class:`Problem` it describes. Keys left out
    keep their defaults without a check (the common case: a cost and a board); the keys given
    are checked in a fixed order, so a problem with several mistakes always names the same one."""
    obj = _object(value, path, tuple(allowed) + NOT_YET["problem"])
    _refuse_not_yet(obj, "problem", path)
    pre = f"{path}." if path else ""
    if "cost" not in obj:
        raise ProblemError(f"{pre}cost", "is required (use null for a card with no mana cost)")
    state = dict(_PROBLEM_DEFAULTS)
    state["cost"] = _cost(obj["cost"], f"{pre}cost") if obj["cost"] is not None else None
    if obj.keys() <= _PLAIN_PROBLEM_KEYS:  # the common problem: a cost and a board of sources
        if "sources" in obj:
            state["sources"] = load_sources(obj["sources"], f"{pre}sources")
        state["id"] = obj.get("id")
    else:
        _load_given(obj, state, pre)
    for key in ("sources", "opponent_sources"):
        if state[key]:
            _check_facts(state[key], dict(state["facts"]), f"{pre}{key}")
    if "convoke" in obj or "improvise" in obj or "delve" in obj or "other_costs" in obj:
        state["payment"] = load_payment_keywords(obj, pre)
    if "effects" in obj:
        state["effects"] = load_effects(obj["effects"], f"{pre}effects", state["sources"], load_add)
        check_effect_facts(state["effects"], f"{pre}effects", dict(state["facts"]), state["sources"])
    else:
        state["effects"] = _card_effects(state["sources"], pre, dict(state["facts"]))
    return assemble(Problem, state)


_PLAIN_PROBLEM_KEYS = frozenset(("cost", "sources", "id"))
"""The keys of the common problem, which :func:`load_problem` loads without asking for each of
the others (about thirty ``in`` tests and branches)."""


def _load_given(obj: Mapping[str, Any], state: dict[str, Any], pre: str) -> None:
    """The problem's fields beyond its cost, as given, into ``state``: checked in a fixed order,
    so a problem with several mistakes always names the same one."""
    if "x" in obj:
        x_raw = obj["x"]
        x = "max" if x_raw == "max" else _int(x_raw, f"{pre}x", 0, MAX_X) if not isinstance(x_raw, str) else x_raw
        if isinstance(x, str) and x != "max":
            raise ProblemError(f"{pre}x", f"must be a whole number or \"max\", not {x_raw!r}")
        state["x"] = x
    if "keywords" in obj:
        keywords = _str_list(obj["keywords"], f"{pre}keywords")
        for i, k in enumerate(keywords):
            if k not in KEYWORDS:
                raise ProblemError(f"{pre}keywords[{i}]", f"unknown keyword {k!r}; known: {', '.join(KEYWORDS)}")
        state["keywords"] = frozenset(keywords)
    if "for" in obj:
        purpose = _object(obj["for"], f"{pre}for", ("kind", "types", "subtypes", "tags", "mana_value") + NOT_YET["for"])
        _refuse_not_yet(purpose, "for", f"{pre}for")
        state["purpose_kind"] = _choice(purpose.get("kind", "spell"), f"{pre}for.kind", ("spell", "ability"))
        state["purpose_types"] = _str_list(purpose.get("types", []), f"{pre}for.types")
        state["purpose_subtypes"] = _str_list(purpose.get("subtypes", []), f"{pre}for.subtypes")
        state["purpose_tags"] = _str_list(purpose.get("tags", []), f"{pre}for.tags")
        if purpose.get("mana_value") is not None:
            state["purpose_mana_value"] = _int(purpose["mana_value"], f"{pre}for.mana_value")
    if "objective" in obj:
        objective = _str_list(obj["objective"], f"{pre}objective")
        for i, o in enumerate(objective):
            if o not in OBJECTIVES:
                raise ProblemError(f"{pre}objective[{i}]", f"unknown objective {o!r}; known: {', '.join(OBJECTIVES)}")
        if len(set(objective)) != len(objective):
            raise ProblemError(f"{pre}objective", "names an objective twice")
        state["objective_list"] = objective
    if "time_limit" in obj:
        time_limit = obj["time_limit"]
        _expect(time_limit, (int, float), f"{pre}time_limit", "a number of seconds")
        if not time_limit > 0:
            raise ProblemError(f"{pre}time_limit", f"must be positive, not {time_limit}")
        if not time_limit <= MAX_TIME_LIMIT:
            raise ProblemError(f"{pre}time_limit", f"must be at most {MAX_TIME_LIMIT:g} seconds, not {time_limit}")
        state["time_limit"] = float(time_limit)
    for key, load in _OPTIONAL_FIELDS:  # in this order, so the first mistake is always the one named
        if key in obj:
            state[key] = load(obj[key], f"{pre}{key}")
    if "keep" in obj:
        state["keep"] = _load_keep(obj, pre)
    state["id"] = obj.get("id")
    if "query" in obj:
        state["query"] = _choice(obj["query"], f"{pre}query", QUERIES)
    if "facts" in obj:
        state["facts"] = load_facts(obj["facts"], f"{pre}facts")
    for key in ("hand", "graveyard"):
        if key in obj:
            state[key] = _int(obj[key], f"{pre}{key}")
    if obj.get("library") is not None:
        state["library"] = _int(obj["library"], f"{pre}library")
    if "strict" in obj:
        state["strict"] = _bool(obj["strict"], f"{pre}strict")
        if state["strict"]:
            _refuse_unread(state, pre)


def _card_effects(sources: tuple[Source, ...], pre: str, facts: dict[str, Any]) -> tuple[Effect, ...]:
    """The 9.4 effects the board's own cards make (Mana Flare, Heartbeat of Spring), when the
    problem gives no ``effects``: one per permanent, as each permanent's ability triggers or
    applies on its own (603.2, 616.1), so two Mana Flares add two mana. A problem that gives
    ``effects`` says all of them itself, so nothing is added twice."""
    out: list[Effect] = []
    for i, s in enumerate(sources):
        if s.card_effects:
            key = "oracle" if s.oracle is not None else "name"
            loaded = load_effects(list(s.card_effects) * s.count, f"{pre}sources[{i}].{key}", sources, load_add)
            check_effect_facts(loaded, f"{pre}sources[{i}].{key}", facts, sources)
            out += loaded
    if len(out) > MAX_EFFECTS:
        raise ProblemError(f"{pre}sources", f"the board's cards make {len(out)} effects (9.4), more than the "
                           f"{MAX_EFFECTS} one board may have")
    return tuple(out)


def _refuse_unread(state: Mapping[str, Any], pre: str) -> None:
    """``strict``: the first mana ability a card's reader skipped, as the error of its source key."""
    for key in ("sources", "opponent_sources"):
        for i, s in enumerate(state[key]):
            for field_name, sentence, reason in s.unread:
                raise ProblemError(f"{pre}{key}[{i}].{field_name}", f"can't read \"{sentence}\": {reason} "
                                   "(strict: give this source's abilities, or drop strict to pay without it)")


def unread_json(problem: Problem) -> list[dict[str, str]]:
    """The answer's ``unread``: each mana ability of a card the reader skipped, by source id."""
    out: list[dict[str, str]] = []
    for sources in (problem.sources, problem.opponent_sources):
        for s in sources:
            if s.unread:  # rarely: most boards' cards are read whole
                out += [{"source": s.id, "sentence": sentence, "reason": reason} for _, sentence, reason in s.unread]
    return out


def _load_keep(obj: Mapping[str, Any], pre: str) -> tuple[Problem, ...]:
    """The kept costs of spec 9.5, each a cost object loaded with the problem's board."""
    items = _expect(obj["keep"], (list,), f"{pre}keep", "a list of cost objects")
    board = {k: obj[k] for k in BOARD_KEYS if k in obj}
    out = []
    for i, cost in enumerate(items):
        where = f"{pre}keep[{i}]"
        cost = _object(cost, where, KEEP_COST_KEYS)
        out.append(load_problem({**cost, **board}, allowed=KEEP_COST_KEYS + BOARD_KEYS, path=where))
    return tuple(out)
def v2_path(problem: Problem) -> str | None:
    """The field path of the first section 9 key that changes how ``problem`` is paid (what
    :attr:`Problem.v2` looks at), or None for a version-1 problem: for errors that name it."""
    for key in ("facts", "hand", "graveyard"):
        if getattr(problem, key):
            return key
    if problem.payment is not None:
        return keyword_path(problem)
    if problem.library is not None:
        return "library"
    if problem.effects:
        return "effects"
    if problem.purpose_tags:
        return "for.tags"
    if problem.purpose_mana_value is not None:
        return "for.mana_value"
    for i, s in enumerate(problem.sources):
        for key in ("sick", "counters", "facts", "counts"):
            if getattr(s, key):
                return f"sources[{i}].{key}"
        if s.zone != "battlefield":
            return f"sources[{i}].zone"
        for j, a in enumerate(s.abilities):
            if a.v2:
                for key, value in a.to_json().items():
                    if key in ABILITY_KEYS[9:] or (key == "uses" and value == "any") or key == "add":
                        if key != "add" or a.board_add or (isinstance(a.add, dict) and "of" in a.add):
                            return f"sources[{i}].abilities[{j}].{key}"
    return None


def _check_facts(sources: tuple[Source, ...], board: dict[str, Any], path: str) -> None:
    """Every fact an ability reads is given, by the source or the board, as a number: else an
    error naming the fact and the field that needs it (9.1)."""
    for i, s in enumerate(sources):
        if not s.v2:  # (a source whose abilities use no key of 9.2 reads no fact)
            continue
        own = s.fact_map
        for j, a in enumerate(s.abilities):
            if not a.v2:
                continue
            needs = [(f"{path}[{i}].abilities[{j}].times.fact", a.times.fact)] if a.times and a.times.fact else []
            if a.board_add:
                for key, value in a.add.items():
                    if isinstance(value, dict):
                        needs.append((f"{path}[{i}].abilities[{j}].add.{key}.fact", value["fact"]))
                if a.add.get("of") == "chosen" and (s.chosen is None or s.chosen not in COLORS):
                    raise ProblemError(f"{path}[{i}].abilities[{j}].add.of", f"is \"chosen\" but {path}[{i}].chosen "
                                       "gives no color")
            needs += [(f"{path}[{i}].abilities[{j}].{key}[{n}].fact", c.fact)
                      for key, conds in (("if", a.if_), ("unless", a.unless)) for n, c in enumerate(conds)]
            for where, fact in needs:
                value = own.get(fact, board.get(fact))
                if value is None:
                    raise ProblemError(where, f"needs the fact {fact!r}, which neither the problem's facts "
                                       f"nor {path}[{i}].facts gives")
                if where.endswith(".of.fact"):
                    if not isinstance(value, str):
                        raise ProblemError(where, f"needs colors for the fact {fact!r}, but it is {value!r}")
                elif not isinstance(value, int):
                    raise ProblemError(where, f"needs a number for the fact {fact!r}, but it is {value!r}")


def dump_problem(problem: Problem) -> dict[str, Any]:
    """The spec JSON of ``problem`` (defaults omitted); ``load_problem`` reads it back equal."""
    p = problem
    out: dict[str, Any] = {"cost": str(p.cost) if p.cost is not None else None}
    if p.alternative is not None:
        out["alternative"] = str(p.alternative)
    if p.free:
        out["free"] = True
    for key in ("additional", "increase", "reduce"):
        if getattr(p, key):
            out[key] = [str(c) for c in getattr(p, key)]
    if p.life_cost:
        out["life_cost"] = p.life_cost
    if p.x != 0:
        out["x"] = p.x
    if p.x_color:
        out["x_color"] = p.x_color
    if p.keywords:
        out["keywords"] = sorted(p.keywords)
    if (p.purpose_kind, p.purpose_types, p.purpose_subtypes) != ("spell", (), ()) or p.purpose_tags \
            or p.purpose_mana_value is not None:
        out["for"] = {"kind": p.purpose_kind, "types": list(p.purpose_types), "subtypes": list(p.purpose_subtypes)}
        if p.purpose_tags:
            out["for"]["tags"] = list(p.purpose_tags)
        if p.purpose_mana_value is not None:
            out["for"]["mana_value"] = p.purpose_mana_value
    if p.spend_as:
        out["spend_as"] = p.spend_as
    if p.player != Player():
        out["player"] = {"life": p.player.life, "energy": p.player.energy, "keep_life": p.player.keep_life}
    if p.pool:
        entries: dict[int, list[PoolMana]] = {}
        for m in p.pool:
            entries.setdefault(m.entry, []).append(m)
        out["pool"] = [ms[0].to_json("".join("{%s}" % m.type for m in ms)) for ms in entries.values()]
    if p.sources:
        out["sources"] = [s.to_json() for s in p.sources]
    if p.opponent_sources:
        out["opponent_sources"] = [s.to_json() for s in p.opponent_sources]
    if p.objective_list is not None:
        out["objective"] = list(p.objective_list)
    if p.time_limit != 10.0:
        out["time_limit"] = p.time_limit
    if p.id is not None:
        out["id"] = p.id
    if p.query != "pay":
        out["query"] = p.query
    if p.keep:
        out["keep"] = [{k: v for k, v in dump_problem(k_).items() if k not in BOARD_KEYS} for k_ in p.keep]
    if p.facts:
        out["facts"] = dict(p.facts)
    for key in ("hand", "graveyard"):
        if getattr(p, key):
            out[key] = getattr(p, key)
    if p.library is not None:
        out["library"] = p.library
    if p.payment is not None:
        out.update(p.payment.to_json())
    if p.effects:
        out["effects"] = [e.to_json() for e in p.effects]
    return out
