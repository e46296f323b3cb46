"""The contract between the solver's stages: what compiling produces, what a back end returns.

The front end (solver/front/) compiles a problem into :class:`Compiled`: mana grouped into
:class:`ManaKind`, identical source copies into one :class:`Producer` per ability with a count,
identical cost symbols into one :class:`Demand` with a count, one :class:`Variant` per total
cost the player may choose (DESIGN principle 2: model size depends on the distinct kinds, never
on copies). Both back ends (solver/fast/, solver/cpsat/) read it and return a :class:`Solution`,
the counts the answer (solver/answer/) turns into the spec's answer. Both back ends import this
module; neither imports the other's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tapwise.models.caches import memo
from tapwise.models.mana import Symbol
from tapwise.models.problem import Problem, Restriction
from tapwise.models.total_cost import TotalCost
from tapwise.models.values import assemble, cached

@dataclass(frozen=True, slots=True)
class ManaKind:
    """Mana that is interchangeable for every purpose in this problem."""

    type: str
    snow: bool
    only: Restriction | None
    pool: bool


@dataclass(frozen=True, slots=True)
class Option:
    """One way to pay one symbol: ``units`` mana from ``accept`` (kind indices), or ``life``.
    ``generic`` names the generic category the units belong to (reductions may remove them)."""

    units: int = 0
    accept: frozenset[int] = frozenset()
    life: int = 0
    generic: str | None = None
    half: str = ""  # the half announced (601.2b) when this option is chosen


@dataclass(frozen=True, slots=True)
class Demand:
    """``count`` identical symbols of one cost, and the ways each may be paid."""

    symbol: Symbol
    count: int
    options: tuple[Option, ...]
    text: str = field(default="", compare=False, repr=False)  # the symbol as printed in answers


@dataclass(slots=True)
class Producer:
    """One mana ability of one source entry, over all its copies."""

    source: int
    ability: int
    choices: tuple[tuple[str, ...], ...]  # alternatives; each a tuple of units (types allowed)
    kind_of_type: dict[str, int]  # kind index of each type it can make
    tap: bool
    sacrifice: bool
    uses: int
    life: int
    damage: int
    energy: int
    cost: tuple[Demand, ...]  # its own mana cost, as demands per activation
    max_activations: int
    removed: tuple[int, ...] = ()  # per choice, counters its times: {"remove": K} removes (9.2)
    # without {T}: counters all its activations may remove together (one copy)
    budget: int | None = None
    budget_cost: int = 0  # counters of the budget's kind each activation's cost removes too
    counters: int = 0  # counters each activation removes or puts as a cost (9.2)
    card: bool = False  # a card used from the hand: its "sacrifice" exiles a card (9.1, min_cards)
    discard: int = 0  # cards each activation discards, exiles from the graveyard, mills (9.2)
    exile: int = 0
    mill: int = 0
    drawback: bool = False  # each activation counts in min_drawbacks (9.6)
    # 9.2 sacrifice_other / tap_other: ("sac" or "tap", n per activation, victim sources, self)
    others: tuple[str, int, tuple[int, ...], bool] | None = None
    # 9.1 counts: a fact this activation reads that sacrifices lower; ("early", fact, given)
    # reads it
    # before any sacrifice, ("late", fact, value) after all of level 0's, when it has that value
    reads: tuple[str, str, int] | None = None
    # 9.4: (group, n): the activations of the source's producers of one group are at most n
    # (the copy an "on" extra enchants, and the others)
    cap: tuple[str, int] | None = None
    # 9.4: per choice, what the ability made before replacements changed it (None: its own mana);
    # empty when no replacement changed any choice
    made_before: tuple[tuple[str, ...] | None, ...] = ()
    # 9.2 Doubling Cube: each activation adds, per type, the mana of that type unspent (cpsat's
    # _doubling); it is modelled as a mana-cost ability alone on its level
    double: bool = False
    factor: int = 1  # a Cube's: 9.4's multiplies on what it adds (doubling.cube_factor)
    # a Cube's outcomes under 9.4's effects, one per choice (front/doubling.py's cube_outcomes);
    # empty: each activation makes ``factor`` times what it reads
    cube: tuple = ()
    # beside a Cube, an ability without a mana cost may come after it, on any level (so the Cube
    # need not double all it made: less waste)
    anywhere: bool = False

    @property
    def is_converter(self) -> bool:
        """Is it modelled on the levels of mana-cost abilities (1..L) rather than level 0?"""
        return bool(self.cost) or self.double or self.anywhere

    @property
    def most_made(self) -> int:
        """The most mana one activation makes."""
        return _most_made(self.choices)


@memo(4096)
def _most_made(choices: tuple[tuple[str, ...], ...]) -> int:
    """Remembered: boards share a few kinds of ability, and X's bound reads it for each producer."""
    return max(map(len, choices), default=0)


@dataclass(frozen=True)
class Variant:
    """One total cost the player may choose (see ``models.total_cost``), compiled."""

    total: TotalCost
    demands: tuple[Demand, ...]
    x_symbols: int
    x_accept: frozenset[int]
    x_zero: bool
    energy: int

    @cached
    def printed_total(self) -> str:
        """The total cost as answers print it when no reduction falls on numbered generic:
        variants are shared between calls, so it is printed once."""
        return self.total.printed(0)


@dataclass
class Compiled:
    """A problem aggregated for modelling: mana kinds, producers, and the total cost variants."""

    problem: Problem
    kinds: list[ManaKind] = field(default_factory=list)
    pool_units: dict[int, int] = field(default_factory=dict)  # kind -> count in the pool
    producers: list[Producer] = field(default_factory=list)
    variants: list[Variant] = field(default_factory=list)
    x_upper: int = 0
    unpayable: bool = False
    spendable: frozenset[int] = frozenset()  # kinds whose restriction lets them pay the total cost
    _v2: bool = False  # uses section 9's keys: the fast path (version 1 only) is not asked
    # every producer made in one step (_add_producers: no section 9 key, reflection, effect or
    # mana cost), so of its fields only tap, sacrifice, life, damage and energy may be set
    plain: bool = False
    _index: dict[tuple[str, bool, Restriction | None, bool], int] = field(default_factory=dict,
                                                                          repr=False)
    # what solvers remember per prepared board
    shared: dict[Any, Any] | None = field(default=None, repr=False)

    @staticmethod
    def start(problem: Problem) -> Compiled:
        """An empty one for ``problem``, made without the generated ``__init__`` and its default
        factories (every field as above; tests/test_fast.py checks they stay in step)."""
        return assemble(Compiled, {"problem": problem, "kinds": [], "pool_units": {},
                                   "producers": [],
                                   "variants": [], "x_upper": 0, "unpayable": False,
                                   "spendable": frozenset(),
                                   "_v2": problem._v2, "plain": False, "_index": {},
                                   "shared": None})

    def kind(self, type: str, snow: bool, only: Restriction | None, pool: bool) -> int:
        """The index of the mana kind with these fields, added on first sight."""
        return _kind_index(self.kinds, self._index, (type, snow, only, pool))


KindKey = tuple[str, bool, "Restriction | None", bool]
"""A mana kind's fields: (type, snow, only, pool)."""


def _kind_index(kinds: list[ManaKind], index: dict[KindKey, int], key: KindKey) -> int:
    """The index of the kind ``key`` in ``kinds`` (``index`` maps keys to them), added on first
    sight."""
    k = index.get(key)
    if k is None:
        k = index[key] = len(kinds)
        kinds.append(_mana_kind(*key))
    return k


@memo(4096)
def _mana_kind(type: str, snow: bool, only: Restriction | None, pool: bool) -> ManaKind:
    """Kinds are values, so every board shares them."""
    return ManaKind(type, snow, only, pool)


@dataclass
class Solution:
    """Counts read back from a solved model: everything the answer builder needs."""

    status: str  # "paid", "infeasible", "unknown"
    optimal: bool = False
    objective: dict[str, int] = field(default_factory=dict)
    variant: int = 0
    x: int = 0
    acts: dict[tuple[int, int, int], int] = field(default_factory=dict)  # (producer, level, choice)
    # (producer, level, unit)
    splits: dict[tuple[int, int, str], dict[str, int]] = field(default_factory=dict)
    # (producer, level, demand, option) -> (symbols paid this way, {kind: units})
    ability_pay: dict[tuple[int, int, int, int], tuple[int, dict[int, int]]] = field(default_factory=dict)
    # (demand, option) -> (symbols paid this way, {kind: units}) for the chosen variant
    cost_pay: dict[tuple[int, int], tuple[int, dict[int, int]]] = field(default_factory=dict)
    # category -> {kind: units}
    generic_pay: dict[str, dict[int, int]] = field(default_factory=dict)
    reduced: dict[str, int] = field(default_factory=dict)  # category -> generic removed
    levels: int = 0
    # (producer, source) -> copies taken (9.2)
    victims: dict[tuple[int, int], int] = field(default_factory=dict)
    # (producer, source, level) -> copies taken after abilities with a mana cost (9.2)
    late_victims: dict[tuple[int, int, int], int] = field(default_factory=dict)
    # 9.3: who paid with convoke, improvise, delve, other_costs
    keywords: dict[str, Any] | None = None

    @staticmethod
    def paid(x: int) -> Solution:
        """A paid, optimal solution of variant 0 without levels, nothing counted yet: the fast
        path makes one per call, so without the generated ``__init__`` and its default factories
        (every field as above; tests/test_fast.py checks they stay in step)."""
        return assemble(Solution, {"status": "paid", "optimal": True, "objective": {}, "variant": 0,
                                   "x": x,
                                   "acts": {}, "splits": {}, "ability_pay": {}, "cost_pay": {},
                                   "generic_pay": {},
                                   "reduced": {}, "levels": 0, "victims": {},
                                   "late_victims": {}, "keywords": None})
