"""The payment problem of ``problem.md`` as typed, validated, immutable values, and the rules
they carry (what an ability adds, which mana a restriction accepts, the keys of each part).

Loading them from JSON is models/loader.py's job (strict: a wrong key or value is an error
naming its field); ``dump_problem`` writes the same JSON back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from tapwise.models.caches import memo, remember, table
from itertools import count, product
from typing import Any, Mapping

from tapwise.models.effects import Effect
from tapwise.models.facts import Amount, Condition  # re-exported
from tapwise.models.fields import ProblemError  # noqa: F401 (also the loader's error, imported from here)
from tapwise.models.mana import COLORS, TYPES, Kind, ManaCost, NotationError
from tapwise.models.others import Others, _others  # re-exported
from tapwise.models.values import assemble, cached



OBJECTIVES = ("max_x", "max_colors", "min_colors", "min_life", "min_energy",
              "min_sacrifices", "min_drawbacks", "min_cards", "min_counters", "min_sources",
              "min_waste", "max_keep")
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

BOARD_KEYS = ("sources", "opponent_sources", "pool", "player", "facts", "hand", "graveyard",
              "library", "effects", "strict", "statics")
COST_KEYS = ("cost", "alternative", "free", "additional", "life_cost", "increase", "reduce", "x",
             "x_color", "keywords", "for", "spend_as", "objective", "time_limit",
             # 9.3, models/payment_keywords.py
             "convoke", "improvise", "delve", "other_costs",
             # a card by name and its choices, models/cards/spell_card.py
             "card", "kicked", "with", "cast")
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
                               "is a version 2 key this solver does not support yet (spec 9: never "
                               "ignored)")


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
    has_c: bool = False  # tapwise extension: the cost paid contains {C} (107.4c)


@dataclass(frozen=True)
class Restriction:
    """A spend restriction ``only``: every key given must match the purpose."""

    kind: str | None = None
    types: tuple[str, ...] | None = None
    subtypes: tuple[str, ...] | None = None
    colors: tuple[str, ...] | None = None
    has_x: bool | None = None
    tags: tuple[str, ...] | None = None  # 9.2: any of them in for.tags
    # tapwise extension: none of them ("noncreature spells")
    not_types: tuple[str, ...] | None = None
    # tapwise extension: a spell of at least this mana value (202.3)
    min_mana_value: int | None = None
    # tapwise extension: alternatives, any one of which matches
    any_of: tuple[Restriction, ...] | None = None
    # tapwise extension: it pays no generic mana (symbols, not purposes)
    not_generic: bool | None = None
    all_of: tuple[Restriction, ...] | None = None  # tapwise extension: every one of them matches
    # tapwise extension: the cost paid contains {C} or not (Cultivator Drone's "a cost that
    # contains {C}"), as ``has_x`` says of {X}
    has_c: bool | None = None

    def allows(self, purpose: Purpose) -> bool:
        if self.min_mana_value is not None and (purpose.kind != "spell"
                                                or purpose.mana_value is None
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
        if self.colors is not None and not any(_color_class_matches(c, purpose.colors)
                                               for c in self.colors):
            return False
        if self.has_x is not None and self.has_x != purpose.has_x:
            return False
        if self.has_c is not None and self.has_c != purpose.has_c:
            return False
        if self.tags is not None and not set(self.tags) & set(purpose.tags):
            return False
        if self.not_types is not None and set(self.not_types) & set(purpose.types):
            return False
        return True

    def to_json(self) -> dict[str, Any]:
        """The spec's JSON of this restriction (``only``)."""
        out: dict[str, Any] = {}
        for key in ("kind", "types", "subtypes", "colors", "has_x", "tags", "not_types",
                    "min_mana_value",
                    "not_generic", "has_c"):
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
    alternatives, each a tuple of units, each unit the string of types that unit may be. The
    fields are the spec's keys (sections 2 and 9.2); ``if_`` is ``if``, and ``uses_any`` is
    ``"uses": "any"``."""

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

    def _works_in(self, zone: str) -> bool:
        """Does the ability work while its source is in ``zone``? One with ``zone`` only there;
        the others on the battlefield or, without {T}, from the hand (Spirit Guides, 9.1)."""
        return zone == self.zone if self.zone is not None or zone == "graveyard" else True

    @cached
    def _v2(self) -> bool:
        """Does the ability use a key of section 9.2?"""
        return bool(self.times is not None or self.remove_counters or self.put_counters
                    or self.uses_any
                    or (isinstance(self.add, dict) and "of" in self.add) or self._board_add
                    or self.if_ or self.unless or self.discard or self.exile_graveyard or self.mill
                    or self.drawback is not None or self.sacrifice_other is not None
                    or self.tap_other is not None
                    or self._double_pool or self._reflect_lands is not None or self._reflect_n != 1
                    or self.zone is not None)

    @cached
    def _double_pool(self) -> bool:
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
        if "reflect" in add or self._board_add:
            return ()  # known on a board only
        if "double_pool" in add:
            # what it adds is read from the pool as it is activated
            # (solver/front/doubling.py)
            return ((),)
        n = next(v for k, v in add.items() if k in _ADD_COUNTS)
        return add_choices(add, n, add.get("of", COLORS))

    @cached
    def _board_add(self) -> bool:
        """Does what it adds depend on the board (an amount or colors from a fact, ``chosen``)?"""
        add = self.add
        if not isinstance(add, dict) or "reflect" in add or "double_pool" in add:
            return False
        n = next(v for k, v in add.items() if k in _ADD_COUNTS)
        return isinstance(n, dict) or isinstance(add.get("of"), dict) or add.get("of") == "chosen"

    @cached
    def _reflect(self) -> tuple[str, str] | None:
        """``(whose lands, "color" or "type")`` for 106.7 abilities."""
        if isinstance(self.add, dict) and "reflect" in self.add:
            return (self.add["reflect"], self.add.get("what", "color"))
        return None

    @cached
    def _reflect_lands(self) -> Others | None:
        """The lands a reflecting ability looks at beyond "a land" (``lands``), or None: any."""
        if isinstance(self.add, dict) and "lands" in self.add:
            return _others(self.add["lands"], "add.lands")
        return None

    @cached
    def _reflect_n(self) -> int:
        """How much mana of the one type a reflecting ability makes (``n``, default 1)."""
        return self.add.get("n", 1) if isinstance(self.add, dict) and "reflect" in self.add else 1

    @cached
    def _types_made(self) -> str:
        """Every type of mana some activation may make, in WUBRGC order ("" for ``reflect``)."""
        made = {t for choice in self.choices for unit in choice for t in unit}
        return "".join(t for t in TYPES if t in made)

    @cached
    def _payment_key(self) -> tuple:
        """All that matters about the ability when paying: two abilities with equal keys are
        interchangeable (``add`` may be spelled differently and make the same choices). Loaded
        abilities are shared between boards, so this is worked out once per kind of ability."""
        return (self.choices, self._reflect, self._reflect_lands, self._reflect_n, self.mana, self.tap,
                self.sacrifice, self.life, self.damage,
                self.energy, self.uses, self.only, self.times, self.remove_counters,
                self.put_counters,
                self.uses_any, self.if_, self.unless, self.discard, self.exile_graveyard, self.mill,
                self.drawback is not None, self.sacrifice_other, self.tap_other, self._double_pool,
                self.zone)

    @cached
    def _payment_kind(self) -> int:
        """A number naming :attr:`_payment_key`: equal for interchangeable abilities, so grouping
        a board's entries hashes small ints rather than nested tuples of costs and choices."""
        return _payment_kind(self._payment_key)

    def to_json(self) -> dict[str, Any]:
        """The spec's JSON of this ability (section 2; section 9.2's keys where given)."""
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
    """A permanent (or card) with mana abilities; ``count`` identical copies, ``tapped`` of them
    tapped. The fields are the spec's keys (sections 2 and 9.1); ``unread`` names the mana
    abilities of its card that the Oracle reader skipped (the answer's ``unread``)."""

    id: str
    abilities: tuple[Ability, ...]
    name: str | None = None
    count: int = 1
    types: tuple[str, ...] = ("land",)
    snow: bool = False
    tapped: int = 0
    oracle: str | None = None
    _explicit_abilities: bool = field(default=True, compare=False)
    subtypes: tuple[str, ...] = ()
    colors: str = ""  # in WUBRG order
    sick: bool = False  # summoning sick (302.6): its {T} abilities can't be activated
    counters: tuple[tuple[str, int], ...] = ()  # on each copy, by kind
    chosen: str | None = None  # a color letter or a subtype chosen for it
    zone: str = "battlefield"  # or "hand": a card used from the hand, not a permanent
    facts: tuple[tuple[str, Any], ...] = ()  # numbers about this permanent, read first (9.2)
    # the board facts each copy counts toward, and by how much
    counts: tuple[tuple[str, int], ...] = ()
    # tapwise extension: "basic", "legendary", "world" (snow is ``snow``)
    supertypes: tuple[str, ...] = ()
    # tapwise extension: a token (111.1), for filters that say "token" or "nontoken"
    token: bool = False
    # Mana abilities of its card the Oracle reader skipped: (source key, sentence, why); the
    # answer's ``unread`` names them, a ``strict`` problem refuses them (models/cards/source.py).
    unread: tuple[tuple[str, str, str], ...] = field(default=(), compare=False)
    # 9.4 effects of its card's triggered mana abilities (Mana Flare), for a problem without
    # ``effects`` of its own: see _card_effects.
    _card_effects: tuple[dict, ...] = field(default=(), compare=False)
    # 9.8 statics of its card (Urborg, Thalia), for a problem without ``statics``: _card_statics
    _card_statics: tuple[dict, ...] = field(default=(), compare=False)
    # 9.1's describing keys (subtypes, colors, chosen) given: the problem is one of version 2
    # (its answer reports 9.6's objectives), though they do not change how the source pays
    _described: bool = field(default=False, compare=False)

    @cached
    def _v2(self) -> bool:
        """Does the source use a key of section 9.1 or 9.2 that changes how it pays? (``subtypes``,
        ``colors`` and ``chosen`` only describe it: basic lands imply their subtype.)"""
        return bool(self.sick or self.counters or self.zone != "battlefield" or self.facts
                    or self.counts
                    or any(a._v2 for a in self.abilities))

    @cached
    def _counter_map(self) -> dict[str, int]:
        return dict(self.counters)

    @cached
    def _fact_map(self) -> dict[str, Any]:
        return dict(self.facts)

    @cached
    def _can_tap(self) -> bool:
        """May its copies use {T} abilities? A sick creature can't (302.6); a card in hand can't."""
        return not (self.sick and "creature" in self.types) and self.zone == "battlefield"

    def to_json(self) -> dict[str, Any]:
        """The spec's JSON of this source (its abilities given only when they were)."""
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
        if self._explicit_abilities or self.oracle is None:
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
    """The paying player (spec section 2's ``player``): life, energy, and the life to keep."""

    life: int = 20
    energy: int = 0
    keep_life: int | None = 1


@dataclass(frozen=True)
class Problem:
    """One payment question (spec section 2), validated. The fields are the spec's keys;
    ``payment`` holds section 9.3's (convoke, improvise, delve, other_costs), and ``objective``
    is the objective list in force (the given one or the default)."""

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
    _purpose_kind: str = "spell"
    _purpose_types: tuple[str, ...] = ()
    _purpose_subtypes: tuple[str, ...] = ()
    _purpose_tags: tuple[str, ...] = ()  # 9.2 for.tags
    _purpose_mana_value: int | None = None  # 9.2 for.mana_value (only.min_mana_value reads it)
    _purpose_colors: str | None = None  # 9.8 for.colors: the object's colors, if not its cost's
    spend_as: str | None = None
    player: Player = field(default_factory=Player)
    pool: tuple[PoolMana, ...] = ()
    sources: tuple[Source, ...] = ()
    opponent_sources: tuple[Source, ...] = ()
    _objective_list: tuple[str, ...] | None = None
    time_limit: float = 10.0
    id: Any = None
    query: str = "pay"
    keep: tuple[Problem, ...] = ()  # spec 9.5: costs to keep payable, each loaded with this board
    facts: tuple[tuple[str, Any], ...] = ()  # the board's facts (9.1), in the order given
    hand: int = 0  # cards in hand to discard (9.1)
    graveyard: int = 0  # cards in the graveyard to exile
    library: int | None = None  # cards in the library to mill; None: unbounded
    # 9.3: convoke, improvise, delve, other_costs (models.payment_keywords), or None
    payment: Any = None
    effects: tuple[Effect, ...] = ()  # 9.4: triggered and replacement mana (models/effects.py)
    # a card's mana ability the reader skipped is an error, not an ``unread`` note
    strict: bool = False
    # the answer's ``notes``: (card, sentence) its cards say about paying that nothing read
    notes: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    # 9.8: the statics in force (models/statics.py): the layer ones are already applied to
    # ``sources`` when loaded; models/total_cost.py adds the cost ones that match ``for``
    statics: tuple[Any, ...] = ()

    @cached
    def _v2(self) -> bool:
        """Does the problem use a key of section 9? Its default objectives then include 9.6's;
        a version-1 problem keeps section 5's list, so its answer is exactly what it was."""
        if (self.facts or self.hand or self.graveyard or self.library is not None
            or self._purpose_tags
                or self._purpose_mana_value is not None or self.payment is not None or self.effects):
            return True
        for s in self.sources:  # (a loop, not a generator: every problem loaded asks)
            if s._v2:
                return True
        return False

    @cached
    def _v2_described(self) -> bool:
        """Does the problem use a key of section 9 that changes nothing in how it pays (``keep``,
        a source's ``subtypes``, ``colors`` or ``chosen``, ``only.tags``)? It is a version-2
        problem all the same: 9.6's default objectives are in force and its answer reports them
        (9.7; section 6: the value reached for each objective)."""
        if self.keep or self.statics:  # 9.8: a board with statics is one of version 2
            return True
        for s in self.sources:
            if s._described or any(_tagged(a.only) for a in s.abilities):
                return True
        return any(_tagged(m.only) for m in self.pool)

    @cached
    def _fact_map(self) -> dict[str, Any]:
        return dict(self.facts)

    @cached
    def objective(self) -> tuple[str, ...]:
        """The objective list in force: the given one, or the default of spec sections 5 and 9.6."""
        if self._objective_list is not None:
            given = self._objective_list
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
        if self._v2 or self._v2_described:
            return tuple(out) + ("min_life", "min_sacrifices", "min_drawbacks", "min_cards",
                                 "min_counters",
                                 "min_sources", "min_waste")
        return tuple(out) + ("min_life", "min_sacrifices", "min_sources", "min_waste")

    @cached
    def _purpose(self) -> Purpose:
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
            "kind": self._purpose_kind, "types": self._purpose_types,
                                  "subtypes": self._purpose_subtypes,
            "tags": self._purpose_tags, "mana_value": self._purpose_mana_value,
            "colors": (self._purpose_colors if self._purpose_colors is not None
                       else cost.colors if cost is not None else ""), "has_x": bool(has_x),
            "has_c": self._contains_c()})

    def _contains_c(self) -> bool:
        """``only.has_c``'s context: does every total cost the player may lock in (601.2f)
        contain {C}? Never wider than 106.6 allows, so: the base is ``alternative`` when given,
        else ``cost``, and counts only without ``free`` (which lets the player pay {0} instead);
        additional costs and increases are always paid; and each {C} or {C/W} a reduction may
        take away (118.7d-e: given, or any cost static's, whether or not it applies) is taken
        away. Only the symbol {C} counts (107.4c), not a hybrid's C half."""
        parts = self.additional + self.increase
        base = self.alternative if self.alternative is not None else self.cost
        if base is not None and not self.free:
            parts += (base,)
        contained = sum([1 for c in parts for s in c.symbols if s.kind is Kind.COLORLESS])
        if not contained:
            return False  # (the usual case: no reduction is looked at)
        cuts = self.reduce + tuple(st.cost for st in self.statics
                                   if st.kind != "increase" and st.cost is not None)
        removable = sum([1 for c in cuts for s in c.symbols
                         if s.kind in (Kind.COLORLESS, Kind.COLORLESS_HYBRID)])
        return contained > removable

    def to_json(self) -> dict[str, Any]:
        """The spec's JSON of this problem: ``load_problem`` reads it back equal."""
        return dump_problem(self)


_ADD_COUNTS = ("any_color", "one_color", "any_type", "each_color")
MAX_EACH_COLOR = 10


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
    if (p._purpose_kind, p._purpose_types, p._purpose_subtypes) != ("spell", (),
                                                                 ()) or p._purpose_tags \
            or p._purpose_mana_value is not None:
        out["for"] = {"kind": p._purpose_kind, "types": list(p._purpose_types),
                      "subtypes": list(p._purpose_subtypes)}
        if p._purpose_tags:
            out["for"]["tags"] = list(p._purpose_tags)
        if p._purpose_mana_value is not None:
            out["for"]["mana_value"] = p._purpose_mana_value
    if p._purpose_colors is not None:
        out.setdefault("for", {"kind": p._purpose_kind})["colors"] = p._purpose_colors
    if p.spend_as:
        out["spend_as"] = p.spend_as
    if p.player != Player():
        out["player"] = {"life": p.player.life, "energy": p.player.energy,
                         "keep_life": p.player.keep_life}
    if p.pool:
        entries: dict[int, list[PoolMana]] = {}
        for m in p.pool:
            entries.setdefault(m.entry, []).append(m)
        out["pool"] = [ms[0].to_json("".join("{%s}" % m.type for m in ms))
                       for ms in entries.values()]
    if p.sources:
        out["sources"] = [s.to_json() for s in p.sources]
    if p.opponent_sources:
        out["opponent_sources"] = [s.to_json() for s in p.opponent_sources]
    if p._objective_list is not None:
        out["objective"] = list(p._objective_list)
    if p.time_limit != 10.0:
        out["time_limit"] = p.time_limit
    if p.id is not None:
        out["id"] = p.id
    if p.query != "pay":
        out["query"] = p.query
    if p.keep:
        out["keep"] = [{k: v for k, v in dump_problem(k_).items() if k not in BOARD_KEYS}
                       for k_ in p.keep]
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
    if p.statics:  # the cost statics: the layer statics are in the sources already
        out["statics"] = [s.to_json() for s in p.statics if not s.layer]
    return out
