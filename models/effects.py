"""Triggered and replacement mana (spec 9.4, rule 106.12): the board key ``effects``, loaded.

An effect changes what tapping a permanent for mana makes: ``extra`` (a triggered ability that
adds mana too: Mana Flare, Wild Growth), ``multiply`` (a replacement making n times as much:
Mana Reflection, Nyxbloom Ancient) and ``replace`` (a replacement changing the output: Damping
Sphere, Contamination). Loading is strict, like the rest of the problem: every mistake names
its field (``effects[1].factor``). What the effects make of an activation is worked out in
``solver/front/effects.py``; the verifier reads them on its own (``solver/verify/effects.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tapwise.models.facts import Condition, fact_name, load_conditions
from tapwise.models.fields import (MAX_NUMBER, ProblemError, _choice, _expect, _int, _object,
                                   _str_list)
from tapwise.models.mana import COLORS, TYPES
from tapwise.models.traits import TRAIT_KEYS, Permanent, Traits, load_traits


KINDS = ("extra", "multiply", "replace")
MAX_FACTOR = 1000
"""The largest ``factor`` of a multiply: real cards say 2 or 3; each factor multiplies what an
activation makes, and the model's bounds with it."""
MAX_ANY_COLOR = 10
"""The most mana one ``{"any_color": n}`` extra adds: real cards add one or two, and the verifier
enumerates the color combinations."""
MAX_EFFECTS = 32
"""Effects on one board: each replacement may be applied in any order (616.1e), so their orders
are enumerated."""


@dataclass(frozen=True)
class ManaFilter:
    """Which permanents an effect watches (9.4 FILTER): any of ``types``, any of ``subtypes``
    (empty: any), and the least mana the event must have (``min_amount``); ``traits`` the tapwise
    extension's supertypes, token, colors and excluded types (Lavaleaper's "basic land", Kinnan's
    "nonland permanent", Roxanne's "artifact token")."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    min_amount: int = 0
    traits: Traits = Traits()

    def matches(self, source: Permanent) -> bool:
        """Does a permanent like ``source`` match (``min_amount`` aside: it reads the event)?"""
        return ((not self.types or any(t in source.types for t in self.types))
                and (not self.subtypes or any(t in source.subtypes for t in self.subtypes))
                and self.traits.matches(source))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.types:
            out["types"] = list(self.types)
        if self.subtypes:
            out["subtypes"] = list(self.subtypes)
        if self.min_amount:
            out["min_amount"] = self.min_amount
        out.update(self.traits.to_json())
        return out


@dataclass(frozen=True)
class Effect:
    """One effect of 9.4. ``add`` (extra) is a canonical mana string, ``"same_type"`` or
    ``"chosen"``, or None with ``any_color`` (tapwise's extension ``{"any_color": n}``: n mana,
    each of any color, as Fertile Ground's "one mana of any color" and Market Festival's "two
    mana in any combination of colors"); ``into`` (replace) a canonical mana string;
    ``into_type`` a type letter."""

    kind: str
    when: ManaFilter | None = None  # None with ``on``
    on: str | None = None  # the id of the one permanent an aura enchants (extra only)
    add: str | None = None
    factor: int = 1
    into: str | None = None
    into_type: str | None = None
    any_color: int = 0  # extra only: n mana of any colors (each chosen on its own), instead of add
    # extra only (tapwise extension): it triggers only while these hold
    if_: tuple[Condition, ...] = ()
    # extra only (tapwise extension): its mana string this many times, or a fact's
    times: int | str = 1

    @property
    def facts(self) -> tuple[str, ...]:
        """The board facts it reads (``if``, ``times``): fixed during a payment (see
        models.problem)."""
        return tuple(c.fact for c in self.if_) + ((self.times,) if isinstance(self.times, str)
                                                  else ())

    def applies_to(self, source: Permanent) -> bool:
        """Does it watch ``source`` (``min_amount`` aside)? Only permanents are tapped for mana."""
        if source.zone != "battlefield":
            return False
        if self.on is not None:
            return source.id == self.on
        return self.when is None or self.when.matches(source)

    @property
    def min_amount(self) -> int:
        return self.when.min_amount if self.when is not None else 0

    def to_json(self) -> dict[str, Any]:
        out = _aimed_json(self.kind, self.on, self.when)
        for key in ("add", "into", "into_type"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.any_color:
            out["add"] = {"any_color": self.any_color}
        if self.kind == "multiply":
            out["factor"] = self.factor
        if self.if_:
            out["if"] = [c.to_json() for c in self.if_]
        if self.times != 1:
            out["times"] = {"fact": self.times} if isinstance(self.times, str) else self.times
        return out



def _aimed_json(kind: str, on: str | None, when: ManaFilter | None) -> dict[str, Any]:
    """The keys an effect (9.4) and a static (9.8) both start with: its kind and what it
    watches (``on`` one entry, else ``when`` a filter)."""
    out: dict[str, Any] = {"kind": kind}
    if on is not None:
        out["on"] = on
    elif when is not None:
        out["when"] = when.to_json()
    return out

_KEYS = {"extra": ("kind", "when", "on", "add", "if", "times"), "multiply": ("kind", "when",
                                                                             "factor"),
         "replace": ("kind", "when", "into", "into_type")}
_FILTER_KEYS = ("types", "subtypes", "controller", "min_amount") + TRAIT_KEYS


def load_effects(value: Any, path: str, sources: tuple[Permanent, ...],
                 load_add: Callable[[Any, str], Any]) -> tuple[Effect, ...]:
    """The ``effects`` list of a board (9.4); ``sources`` are the board's, for ``on`` and ``chosen``.
    ``load_add`` is the problem loader's reader of an ability's ``add`` (``models.problem``,
    which calls this), so an effect's mana string is checked as an ability's is."""
    items = _expect(value, (list,), path, "a list of effect objects")
    if len(items) > MAX_EFFECTS:
        raise ProblemError(path, f"at most {MAX_EFFECTS} effects on one board, not {len(items)}")
    out = tuple(_load_effect(item, f"{path}[{k}]", sources, load_add) for k,
                item in enumerate(items))
    _check_chosen(out, path, sources)
    return out


def _load_effect(value: Any, path: str, sources: tuple[Permanent, ...], load_add: Callable[[Any, str], Any]) -> Effect:
    if not isinstance(value, dict):
        _object(value, path, ("kind",))
    if "kind" not in value:
        raise ProblemError(f"{path}.kind", f"is required: one of {', '.join(KINDS)}")
    kind = _choice(value["kind"], f"{path}.kind", KINDS)
    obj = _object(value, path, _KEYS[kind])
    when = _load_filter(obj["when"], f"{path}.when") if "when" in obj else None
    if kind == "extra":
        on = None
        if "on" in obj:
            if "when" in obj:
                raise ProblemError(f"{path}.on", "give either when or on, not both")
            on = obj["on"]
            if not isinstance(on, str) or not any(s.id == on for s in sources):
                raise ProblemError(f"{path}.on", f"names no source of this board: {on!r}")
        if "add" not in obj:
            raise ProblemError(f"{path}.add", "is required: a mana string, \"same_type\", "
                                              "\"chosen\" "
                               "or {\"any_color\": n}")
        add = obj["add"]
        if "if" in obj or "times" in obj:
            return _conditional_extra(obj, path, when, on, load_add)
        if isinstance(add, dict):
            n = _object(add, f"{path}.add", ("any_color",))
            if "any_color" not in n:
                raise ProblemError(f"{path}.add.any_color", "is required: how many mana of any "
                                                            "color")
            return Effect("extra", when, on, None, any_color=_int(n["any_color"],
                                                                  f"{path}.add.any_color", 1,
                                                                  MAX_ANY_COLOR))
        if add not in ("same_type", "chosen"):
            add = _mana(add, f"{path}.add", load_add)
        return Effect("extra", when, on, add)
    if kind == "multiply":
        if "factor" not in obj:
            raise ProblemError(f"{path}.factor", "is required: how many times as much mana (Mana "
                                                 "Reflection: 2)")
        return Effect("multiply", when, factor=_int(obj["factor"], f"{path}.factor", 1, MAX_FACTOR))
    if ("into" in obj) == ("into_type" in obj):
        raise ProblemError(path, "a replace gives exactly one of into (the whole output) and "
                                 "into_type")
    if "into" in obj:
        return Effect("replace", when, into=_mana(obj["into"], f"{path}.into", load_add))
    return Effect("replace", when,
                  into_type=_choice(str(obj["into_type"]).upper() if isinstance(obj["into_type"],
                                                                                str)
                                    else obj["into_type"], f"{path}.into_type", tuple(TYPES)))


def _conditional_extra(obj: dict, path: str, when: ManaFilter | None, on: str | None,
                       load_add: Callable[[Any, str], Any]) -> Effect:
    """tapwise's extension of an extra: ``if`` (conditions on board facts, Regal Behemoth's "while
    you're the monarch") and ``times`` (a whole number or ``{"fact": F}``: its mana string that
    many times, Elvish Guidance's "an additional {G} for each Elf on the battlefield")."""
    conditions = load_conditions(obj["if"], f"{path}.if") if "if" in obj else ()
    times: int | str = 1
    if "times" in obj:
        raw = obj["times"]
        if isinstance(raw, dict):
            _object(raw, f"{path}.times", ("fact",))
            if "fact" not in raw:
                raise ProblemError(f"{path}.times.fact", "is required")
            times = fact_name(raw["fact"], f"{path}.times.fact")
        else:
            times = _int(raw, f"{path}.times", 1, MAX_TIMES)
        if not isinstance(obj["add"], str) or obj["add"] in ("same_type", "chosen"):
            raise ProblemError(f"{path}.times", "goes with an add that is a mana string (\"{G}\")")
    add = obj["add"]
    if isinstance(add, dict):
        n = _object(add, f"{path}.add", ("any_color",))
        if "any_color" not in n:
            raise ProblemError(f"{path}.add.any_color", "is required: how many mana of any color")
        return Effect("extra", when, on, None, any_color=_int(n["any_color"],
                                                              f"{path}.add.any_color", 1,
                                                              MAX_ANY_COLOR), if_=conditions)
    if add not in ("same_type", "chosen"):
        add = _mana(add, f"{path}.add", load_add)
    return Effect("extra", when, on, add, if_=conditions, times=times)


MAX_TIMES = 1000
"""The most times an extra's mana string is made (Elvish Guidance: one {G} per Elf)."""


def check_effect_facts(effects: tuple[Effect, ...], path: str, facts: dict[str, Any],
                       sources: tuple[Permanent, ...]) -> None:
    """Every fact an extra's ``if`` or ``times`` reads is a number the board gives, and no source
    counts toward it (``counts``), so it stays fixed through the payment: the model reads it once.
    Else an error naming the field."""
    for k, e in enumerate(effects):
        for j, fact in enumerate(e.facts):
            where = f"{path}[{k}].times.fact" if j >= len(e.if_) else f"{path}[{k}].if[{j}].fact"
            if not isinstance(facts.get(fact), int):
                raise ProblemError(where, f"needs the fact {fact!r} as a number in the problem's "
                                          f"facts")
            for i, s in enumerate(sources):
                if fact in dict(s.counts):
                    raise ProblemError(where, f"reads {fact!r}, which sources[{i}].counts lowers "
                                              f"as copies are "
                                       "sacrificed: an effect's facts must stay fixed through the "
                                       "payment")
            if fact == e.times and facts[fact] > MAX_TIMES:
                raise ProblemError(where, f"makes its mana {facts[fact]:,} times; at most "
                                          f"{MAX_TIMES}")


def _load_filter(value: Any, path: str) -> ManaFilter:
    obj = _object(value, path, _FILTER_KEYS)
    if "controller" in obj:
        # Every source of a problem is the paying player's; an opponent's permanents
        # aren't tapped here.
        _choice(obj["controller"], f"{path}.controller", ("you", "any"))
    return ManaFilter(_str_list(obj.get("types", []), f"{path}.types"),
                      _str_list(obj.get("subtypes", []), f"{path}.subtypes"),
                      _int(obj.get("min_amount", 0), f"{path}.min_amount", 0, MAX_NUMBER),
                      load_traits(obj, path))


def _mana(value: Any, path: str, load_add: Callable[[Any, str], Any]) -> str:
    """A mana string an effect adds (canonical), checked as an ability's ``add`` string is."""
    if not isinstance(value, str):
        raise ProblemError(path, f"must be a mana string such as \"{{G}}\", not {value!r}")
    return load_add(value, path)


def _check_chosen(effects: tuple[Effect, ...], path: str, sources: tuple[Permanent, ...]) -> None:
    """``"add": "chosen"`` needs each permanent it may trigger on to carry a chosen color."""
    for k, e in enumerate(effects):
        if e.add != "chosen":
            continue
        for i, s in enumerate(sources):
            if e.applies_to(s) and any(a.tap for a in s.abilities) and (s.chosen is None
                                                                        or s.chosen not in COLORS):
                raise ProblemError(f"{path}[{k}].add", f"is \"chosen\" but sources[{i}].chosen "
                                                       f"gives no color")

