"""Benchmarks for issue 4: seeded problem generators, peer baselines and the runner.

The three baselines (``greedy``, ``enumerate_pools``, ``naive_cpsat``) read a spec problem
the same simple way, so that reading lives here once: a problem becomes a :class:`BaselineBoard`
of source entries (identical copies with a count), each copy offering a list of
:class:`Output` choices, plus the floating pool, the expanded cost and the life budget.
Anything outside that plain model raises :class:`Unsupported`, so a baseline never
silently answers a question it does not understand. This is deliberately independent of
``solver/`` and of ``models.problem``: a benchmark must not share the code it judges.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any

from tapwise.models.basics import basic_land
from tapwise.models.mana import COLORS, Kind, ManaCost, Symbol

TYPES = "WUBRGCA"
"""Mana types a baseline tracks: the six real types, and ``A``, one mana of any color whose
color is chosen when it is spent (equivalent for payers without restrictions or color goals)."""
IDX = {t: i for i, t in enumerate(TYPES)}
GENERIC_FITS = "CWUBRGA"
"""Generic accepts every type; colorless first, as engines keep colored mana for colored symbols."""

DEFAULT_OBJECTIVES = ("min_life", "min_sacrifices", "min_sources", "min_waste")
BASELINE_OBJECTIVES = frozenset(DEFAULT_OBJECTIVES) | {"min_energy"}

# Problem keys a baseline understands, and those it accepts only at their (falsy) default.
_READ_KEYS = {"cost", "objective", "player", "pool", "sources", "time_limit", "id", "query",
              "x", "additional", "increase", "life_cost", "for", "opponent_sources"}
_DEFAULT_ONLY = {"alternative", "free", "reduce", "x_color", "keywords", "spend_as"}
_ABILITY_KEYS = {"add", "tap", "life", "damage", "sacrifice", "uses", "energy", "mana", "only"}


class Unsupported(Exception):
    """The problem uses a feature this baseline does not model (says which)."""


class Timeout(Exception):
    """The baseline ran out of its budget (time, pools or model size) before answering;
    ``skipped`` when it gave up before starting, so its time says nothing."""

    def __init__(self, message: str, skipped: bool = False) -> None:
        super().__init__(message)
        self.skipped = skipped


@dataclass(frozen=True, slots=True)
class Output:
    """One choice a copy can make: the mana it adds (counts per ``TYPES``), the life it
    costs (life payment plus damage) and whether the copy is sacrificed."""

    mana: tuple[int, ...]
    life: int = 0
    sacrifice: bool = False

    @property
    def total(self) -> int:
        return sum(self.mana)


@dataclass(frozen=True, slots=True)
class Entry:
    """A source entry: ``count`` usable identical copies, each activating at most one output."""

    id: str
    count: int
    outputs: tuple[Output, ...]


@dataclass(frozen=True, slots=True)
class BaselineBoard:
    """What the baselines need of a problem."""

    entries: tuple[Entry, ...]
    pool: tuple[int, ...]
    cost: tuple[Symbol, ...]
    life_budget: int
    """Life that abilities, damage and Phyrexian symbols may take (after ``life_cost``)."""
    life_cost: int
    objectives: tuple[str, ...]


def accepts(symbol: Symbol) -> str:
    """Types that can pay one mana of ``symbol`` (the colored half for {2/W}), best fit first."""
    k, c = symbol.kind, symbol.colors
    if k in (Kind.GENERIC, Kind.X):
        return GENERIC_FITS
    if k is Kind.COLORLESS:
        return "C"
    if k is Kind.COLORLESS_HYBRID:
        return "C" + c + "A"
    if k in (Kind.COLORED, Kind.HYBRID, Kind.TWOBRID, Kind.PHYREXIAN, Kind.HYBRID_PHYREXIAN):
        return c + "A"
    raise Unsupported(f"cost symbol {symbol}")


def objective_names(problem: dict[str, Any]) -> list[str]:
    """The objective list a problem asks for, defaults filled in as spec section 5 says."""
    explicit = problem.get("objective")
    if explicit:
        names = list(explicit)
        if problem.get("x") == "max" and "max_x" not in names:
            names.insert(0, "max_x")
        return names
    names: list[str] = []
    keywords = problem.get("keywords") or []
    if "eclipse" in keywords:
        names.append("min_colors")
    elif "sunburst" in keywords or "converge" in keywords:
        names.append("max_colors")
    if problem.get("x") == "max":
        names.append("max_x")
    return names + list(DEFAULT_OBJECTIVES)


def lex_key(objective: dict[str, Any], names: list[str]) -> tuple[float, ...]:
    """Objective values as a tuple where smaller is better, in importance order."""
    return tuple(-objective[n] if n.startswith("max_") else objective[n]
                 for n in names if n in objective)


def result(status: str, objective: dict[str, int] | None = None, **extra: Any) -> dict[str, Any]:
    """A baseline's answer: the two keys the runner compares, plus anything worth logging."""
    return {"status": status, "objective": objective, **extra}


def size_of(problem: dict[str, Any]) -> dict[str, int]:
    """Board size for tables and plots: source copies, source entries, cost mana units."""
    sources = problem.get("sources") or []
    try:
        units = sum(s.amount if s.kind is Kind.GENERIC else 1
                    for text in [problem.get("cost") or ""] + list(problem.get("additional") or [])
                    for s in ManaCost.parse(text))
    except ValueError:
        units = 0
    return {"copies": sum(int(s.get("count", 1)) for s in sources),
            "kinds": len(sources), "units": units}


def _vector(types: str) -> tuple[int, ...]:
    v = [0] * len(TYPES)
    for t in types:
        v[IDX[t]] += 1
    return tuple(v)


def _symbol_adds(symbol: Symbol) -> list[str]:
    """What one symbol in an ``add`` string can make (106.8-106.11), as type strings."""
    k, c = symbol.kind, symbol.colors
    if k is Kind.COLORED or k is Kind.PHYREXIAN:
        return [c]
    if k is Kind.COLORLESS or k is Kind.SNOW:
        return ["C"]
    if k is Kind.GENERIC:
        return ["C" * symbol.amount]
    if k in (Kind.HYBRID, Kind.HYBRID_PHYREXIAN):
        return [c[0], c[1]]
    if k is Kind.TWOBRID:
        return [c, "CC"]
    if k is Kind.COLORLESS_HYBRID:
        return ["C", c]
    raise Unsupported(f"{symbol} in a mana ability's output")


def _adds(add: Any) -> list[str]:
    """Every type string one activation of an ability with this ``add`` can make."""
    if isinstance(add, str):
        parts = [_symbol_adds(s) for s in ManaCost.parse(add)]
        return sorted({"".join(p) for p in product(*parts)}, key=lambda s: [IDX[t] for t in s])
    if isinstance(add, list):
        seen: dict[str, None] = {}
        for choice in add:
            for made in _adds(choice):
                seen.setdefault(made)
        return list(seen)
    if isinstance(add, dict) and len(add) == 1:
        (key, n), = add.items()
        if key == "any_color":
            return ["A" * int(n)]
        if key == "one_color":
            return [c * int(n) for c in COLORS]
    raise Unsupported(f"add {add!r}")


def _outputs(source: dict[str, Any]) -> tuple[Output, ...]:
    abilities = source.get("abilities")
    if abilities is None:
        basic = basic_land(source.get("name") or "")
        if basic is None:
            raise Unsupported("a source without explicit abilities (Oracle text)")
        abilities = [{"add": "{%s}" % basic[0]}]
    untapped_only = [a for a in abilities if a.get("tap", True) is False]
    if untapped_only and not (len(abilities) == 1 and untapped_only[0].get("sacrifice")):
        raise Unsupported("an ability without {T} that is not a one-shot sacrifice")
    outputs: dict[Output, None] = {}
    for ability in abilities:
        extra = set(ability) - _ABILITY_KEYS
        if extra:
            raise Unsupported(f"ability keys {sorted(extra)}")
        if ability.get("mana"):
            raise Unsupported("a mana ability with a mana cost")
        if ability.get("only"):
            raise Unsupported("spend restrictions")
        if ability.get("energy"):
            raise Unsupported("energy")
        life = int(ability.get("life", 0)) + int(ability.get("damage", 0))
        for made in _adds(ability["add"]):
            outputs.setdefault(Output(_vector(made), life, bool(ability.get("sacrifice"))))
    return tuple(outputs)


def _usable(source: dict[str, Any]) -> int:
    count = int(source.get("count", 1))
    tapped = source.get("tapped", False)
    if tapped is True:
        return 0
    return max(0, count - int(tapped or 0))


def read_problem(problem: dict[str, Any]) -> BaselineBoard:
    """The plain board a baseline pays from; raises :class:`Unsupported` for anything more."""
    for key in _DEFAULT_ONLY:
        if problem.get(key):  # every default is falsy: None, False or []
            raise Unsupported(f"problem key {key!r}")
    extra = set(problem) - _READ_KEYS - _DEFAULT_ONLY
    if extra:
        raise Unsupported(f"problem keys {sorted(extra)}")
    if problem.get("query", "pay") != "pay":
        raise Unsupported(f"query {problem.get('query')!r}")
    if problem.get("cost") is None:
        raise Unsupported("a null cost")
    x = problem.get("x", 0)
    if not isinstance(x, int):
        raise Unsupported(f"x = {x!r}")
    names = objective_names(problem)
    if set(names) - BASELINE_OBJECTIVES:
        raise Unsupported(f"objectives {sorted(set(names) - BASELINE_OBJECTIVES)}")

    cost: list[Symbol] = []
    for text in [problem["cost"], *problem.get("additional", []), *problem.get("increase", [])]:
        for s in ManaCost.parse(text):
            if s.kind is Kind.X:
                s = Symbol(Kind.GENERIC, "", x)
            if s.kind in (Kind.SNOW, Kind.ENERGY):
                raise Unsupported(f"cost symbol {s}")
            if s.kind is not Kind.GENERIC or s.amount:
                cost.append(s)

    pool = [0] * len(TYPES)
    for item in problem.get("pool", []):
        if isinstance(item, dict):
            if set(item) - {"mana", "id"}:
                raise Unsupported(f"pool mana with {sorted(set(item) - {'mana', 'id'})}")
            item = item["mana"]
        made = _adds(item)
        if len(made) != 1:
            raise Unsupported(f"pool mana {item!r} with a choice")
        for t in made[0]:
            pool[IDX[t]] += 1

    entries = []
    for i, source in enumerate(problem.get("sources", [])):
        if source.get("snow") and any(s.kind is Kind.SNOW for s in cost):
            raise Unsupported("snow")
        count = _usable(source)
        if count:
            entries.append(Entry(str(source.get("id") or source.get("name") or f"source{i}"),
                                 count, _outputs(source)))

    player = problem.get("player") or {}
    keep = player.get("keep_life", 1)
    life_cost = int(problem.get("life_cost", 0))
    budget = int(player.get("life", 20)) - (0 if keep is None else int(keep)) - life_cost
    return BaselineBoard(tuple(entries), tuple(pool), tuple(cost), budget, life_cost, tuple(names))
