"""Version 2's numbers about the board (spec 9.1-9.2): facts, conditions on them, and the
amounts an ability makes its ``add`` (``times``).

A fact is a lowercase phrase in the cards' own words ("swamp you control") with a whole number
or a color string. A source's own ``facts`` are read before the problem's (9.2). These values
carry no solver logic: compiling reads them once per board, the verifier reads them again on
its own, so a wrong reading shows up as a disagreement.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from tapwise.models.fields import ProblemError, _expect, _int, _object, _str

FactValue = "int | str"


@dataclass(frozen=True)
class Condition:
    """One test of an ``if`` / ``unless`` list: the fact is at least ``min`` or at most ``max``."""

    fact: str
    min: int | None = None
    max: int | None = None

    def holds(self, value: int) -> bool:
        if self.min is not None and value < self.min:
            return False
        if self.max is not None and value > self.max:
            return False
        return True

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"fact": self.fact}
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        return out


@dataclass(frozen=True)
class Amount:
    """How many times an activation makes its ``add`` (9.2 ``times``): a fixed ``number``, a
    ``fact``, the ``counters`` of a kind on the copy, or ``remove``: any number of counters of
    that kind removed (the player picks), or (tapwise extension) ``victim``: a number about the
    permanent the activation's ``sacrifice_other`` took, read from that permanent's own
    ``facts`` ("mana value", "power": Priest of Yawgmoth, Food Chain), or (tapwise extension)
    ``taken``: how many permanents the cost took (n "X"); ``plus`` is added to each. ``up_to``
    (tapwise extension, with ``fact`` only): any number from 0 to the fact, the player picks
    (Metalworker's "Reveal any number of artifact cards in your hand. Add {C}{C} for each card
    revealed")."""

    number: int | None = None
    fact: str | None = None
    counters: str | None = None
    remove: str | None = None
    plus: int = 0
    up_to: bool = False
    victim: str | None = None  # tapwise extension: a fact of the permanent sacrifice_other took
    # tapwise extension: how many "sacrifice_other" / "tap_other" took (n "X")
    taken: str | None = None

    def to_json(self) -> object:
        if self.number is not None and not self.plus:
            return self.number
        out: dict[str, object] = {}
        for key in ("number", "fact", "counters", "remove", "victim", "taken"):
            value = getattr(self, key)
            if value is not None:
                out["n" if key == "number" else key] = value
        if self.plus:
            out["plus"] = self.plus
        if self.up_to:
            out["up_to"] = True
        return out


def fact_value(fact: str, own: Mapping[str, object], board: Mapping[str, object]) -> object | None:
    """The value of ``fact`` for an ability of a source with facts ``own`` on a board with
    ``board`` facts: the source's first (9.2), None when neither gives it."""
    if fact in own:
        return own[fact]
    return board.get(fact)


def conditions_allow(if_: tuple[Condition, ...], unless: tuple[Condition, ...],
                     value_of) -> bool:
    """May the ability be activated? ``if``: all hold; ``unless``: not all hold; an empty list
    is no condition (9.7). ``value_of(fact)`` gives each fact's number."""
    if if_ and not all(c.holds(value_of(c.fact)) for c in if_):
        return False
    if unless and all(c.holds(value_of(c.fact)) for c in unless):
        return False
    return True


def load_conditions(value: Any, path: str) -> tuple[Condition, ...]:
    """An ``if`` / ``unless`` list: ``{"fact": F, "min": n}`` and/or ``"max": n`` each."""
    items = _expect(value, (list,), path, "a list of conditions")
    out = []
    for i, raw in enumerate(items):
        p = f"{path}[{i}]"
        obj = _object(raw, p, ("fact", "min", "max"))
        if "fact" not in obj:
            raise ProblemError(f"{p}.fact", "is required")
        if "min" not in obj and "max" not in obj:
            raise ProblemError(p, "needs \"min\" or \"max\"")
        out.append(Condition(fact_name(obj["fact"], f"{p}.fact"),
                             _int(obj["min"], f"{p}.min", -(10**9)) if "min" in obj else None,
                             _int(obj["max"], f"{p}.max", -(10**9)) if "max" in obj else None))
    return tuple(out)


def fact_name(value: Any, path: str) -> str:
    """A fact's name as the loaders keep it: lowercase, single spaces."""
    name = " ".join(_str(value, path).lower().split())
    if not name:
        raise ProblemError(path, "names no fact")
    return name
