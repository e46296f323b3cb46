"""Section 9.4's effects on one {T} ability's outputs, as ``compile`` and ``available`` see them.

An activation's output choices (alternatives, each a tuple of units, each unit the types it may
be) are rewritten before the model sees them: the model stays one producer per class of copies,
whatever the effects (DESIGN principle 2). For each alternative the replacements (``multiply``,
``replace``) are applied one at a time in every order the player may choose, each at most once
and only while it applies to the event as modified (616.1e-f), every result being an option;
then the triggered ``extra`` effects add their mana (106.12a), reading ``min_amount`` after the
replacements, and are not multiplied.

A unit in lower case is an extra's mana: unrestricted and not snow whatever the source (9.7:
the effect's permanent makes it), so its mana kind is the plain one of its type, and the answer
lists it apart (an activation's ``extra``, a mana entry's ``"extra": true``). Restrictions and
snow stay on the ability's own mana through every replacement (106.6a).

A multiplied mana is "that mana" (106.12b): a unit that may be one of several types is made
concrete (one type per mana) before a multiply, or a ``same_type`` extra, reads it.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations_with_replacement, product

from tapwise.models.caches import memo, remember, table
from math import comb

from tapwise.models.effects import Effect
from tapwise.models.mana import TYPES
from tapwise.models.problem import Problem, ProblemError, Source
from tapwise.models.abilities import load_ability

MAX_OUTPUTS = 512
"""Most output choices one ability may have under the effects (each a choice of the model)."""
MAX_MADE = 10_000
"""Most mana one activation may make under the effects."""

Choices = tuple[tuple[str, ...], ...]
_ORDER = (TYPES + TYPES.lower()).index


def unit_key(unit: str) -> tuple[int, bool, str]:
    """Units sorted as ``expand`` sorts them, an extra's (lower case) after the ability's own."""
    return (len(unit), unit.islower(), "".join(sorted(unit, key=_ORDER)))


def made_types(choices: Choices) -> str:
    """Every type letter the choices may make: the ability's own in WUBRGC order, then the extras'."""
    made = {t for choice in choices for unit in choice for t in unit}
    return "".join(t for t in TYPES + TYPES.lower() if t in made)


def affected(problem: Problem, source: Source) -> tuple[Effect, ...]:
    """The effects watching ``source`` (``on`` ones included: see :func:`effect_parts`), each
    extra with an ``if`` only while it holds and its ``times`` fact read (tapwise extension: the
    board's facts, which the loader keeps fixed through the payment)."""
    if not any(e.if_ or isinstance(e.times, str) for e in problem.effects):
        return tuple(e for e in problem.effects if e.applies_to(source))
    facts = problem._fact_map
    out = []
    for e in problem.effects:
        if e.applies_to(source) and all(c.holds(facts[c.fact]) for c in e.if_):
            if isinstance(e.times, str):
                if facts[e.times] <= 0:
                    continue  # no mana of it at all
                e = replace(e, times=facts[e.times])
            out.append(e)
    return tuple(out)


Outputs = tuple[Choices, tuple["tuple[str, ...] | None", ...]]
"""Choices under the effects, and for each what the ability itself made before the replacements
(one concrete output that leads to it), or None when it is the choice's own mana unreplaced."""


def effect_parts(problem: Problem, i: int, source: Source, choices: Choices, limit: int,
                 path: str, kept: tuple[int, ...] = ()) -> list[tuple[Outputs, tuple[int, ...], int,
                                                                    tuple[str, int] | None]]:
    """One {T} ability of source ``i`` under the effects: ``(outputs, kept, activations allowed,
    cap)`` per part (``kept``: :func:`apply_kept`). An ``on`` extra enchants one copy (the entry's
    id names one permanent); on an entry
    of several copies that copy is an untapped one when any is, and is a part of its own: at most
    one activation of its abilities (cap ``("on", 1)``), the others' at most the rest of the
    untapped copies (cap ``("plain", n)``); a cap bounds all the source's abilities together."""
    effects = affected(problem, source)
    if not effects:
        return [((choices, ()), kept, limit, None)]
    on = tuple(e for e in effects if e.on is not None)
    when = tuple(e for e in effects if e.on is None)
    if not on or source.count == 1:
        return [(*apply_kept(effects, source, choices, kept, path), limit, None)]
    untapped = source.count - source.tapped
    parts = []
    if limit >= 1:
        parts.append((*apply_kept(effects, source, choices, kept, path), 1, ("on", 1)))
    if limit >= 2:
        parts.append((*apply_kept(when, source, choices, kept, path), limit - 1, ("plain",
                                                                                  untapped - 1)))
    return parts


def apply_kept(effects: tuple[Effect, ...], source: Source, choices: Choices, kept: tuple[int, ...],
               path: str) -> tuple[Outputs, tuple[int, ...]]:
    """:func:`apply_effects`, each choice carrying a number (``kept``, one per choice: the
    counters its 9.2 ``remove`` amount takes) to every output it leads to. Choices of different
    numbers are rewritten apart, so an output made both ways stays two outputs: the removal is
    the activation's cost, not a property of the mana it makes."""
    if not kept:
        return apply_effects(effects, source, choices, path), ()
    outs: list[tuple[str, ...]] = []
    befores: list[tuple[str, ...] | None] = []
    numbers: list[int] = []
    for number in dict.fromkeys(kept):
        group = tuple(c for c, k in zip(choices, kept) if k == number)
        made, before = apply_effects(effects, source, group, path)
        outs += made
        befores += before or (None,) * len(made)
        numbers += (number,) * len(made)
    if len(outs) > MAX_OUTPUTS:
        raise ProblemError(path, f"has more than {MAX_OUTPUTS} outputs under the effects, too many "
                                 f"to model")
    return (tuple(outs), tuple(befores) if any(b is not None for b in befores)
            else ()), tuple(numbers)


_DONE: dict[tuple, Outputs] = table(4096)
"""Outputs already worked out, by (effects, the source's chosen color, choices): boards recur
call after call with the same few kinds of sources and effects."""


def apply_effects(effects: tuple[Effect, ...], source: Source, choices: Choices,
                  path: str) -> Outputs:
    """The outputs of one activation under ``effects`` (all watching ``source``)."""
    if not effects:
        return choices, ()
    key = (effects, source.chosen, choices)
    got = _DONE.get(key)
    if got is None:
        got = remember(_DONE, key, _apply(effects, source, choices, path), 4096)
    return got


def _apply(effects: tuple[Effect, ...], source: Source, choices: Choices, path: str) -> Outputs:
    replacements = tuple(e for e in effects if e.kind != "extra")
    extras = tuple(e for e in effects if e.kind == "extra")
    concrete = any(e.kind == "multiply" for e in replacements) or any(e.add == "same_type"
                                                                      for e in extras)
    out: dict[tuple[str, ...], tuple[str, ...] | None] = {}
    for alternative in choices:
        for alt in (_concrete(alternative, path) if concrete else (alternative,)):
            pre = tuple(u[0] for u in alt)  # one concrete output the ability may make this way
            for replaced in _replaced(alt, replacements, path):
                for made in _with_extras(replaced, extras, source):
                    key = tuple(sorted(made, key=unit_key))
                    if key not in out:
                        out[key] = None if replaced == alt else pre
                    if len(out) > MAX_OUTPUTS:
                        raise ProblemError(path, f"has more than {MAX_OUTPUTS} outputs under the "
                                                 f"effects, too many "
                                           "to model")
    return tuple(out), (tuple(out.values()) if any(v is not None for v in out.values()) else ())


def _concrete(alternative: tuple[str, ...], path: str) -> list[tuple[str, ...]]:
    """The alternative with each unit one type, every way (as multisets: equal units together)."""
    if all(len(u) == 1 for u in alternative):
        return [alternative]
    groups: dict[str, int] = {}
    for u in alternative:
        groups[u] = groups.get(u, 0) + 1
    ways = 1
    for u, m in groups.items():
        ways *= comb(m + len(u) - 1, m)
    if ways > MAX_OUTPUTS:
        raise ProblemError(path, f"has more than {MAX_OUTPUTS} outputs once each mana's type is "
                                 f"chosen "
                           "(a multiplied mana is that mana, 106.12b): too many to model")
    seen: dict[tuple[str, ...], None] = {}
    for combo in product(*(combinations_with_replacement(u, m) for u, m in groups.items())):
        seen.setdefault(tuple(sorted((t for part in combo for t in part), key=_ORDER)))
    return list(seen)


def _replaced(made: tuple[str, ...], replacements: tuple[Effect, ...], path: str) -> list[tuple[str, ...]]:
    """Every result of applying the replacements that apply, one at a time, each once, in any
    order the player picks, until none applies (616.1e-f). Nothing made: nothing to replace.
    Sorted, so the model's outputs come in one order whatever the string hash seed is."""
    results: set[tuple[str, ...]] = set()
    stack = [(made, frozenset(range(len(replacements))))]
    seen = set()
    while stack:
        event, left = stack.pop()
        if (event, left) in seen:
            continue
        seen.add((event, left))
        applicable = [k for k in left if event and len(event) >= replacements[k].min_amount]
        if not applicable:
            results.add(event)
            continue
        for k in applicable:
            for nxt in _replace_once(event, replacements[k]):
                if len(nxt) > MAX_MADE:
                    raise ProblemError(path, f"would make more than {MAX_MADE:,} mana in one "
                                             f"activation under the "
                                       "effects")
                stack.append((nxt, left - {k}))
    return sorted(results)


def _replace_once(event: tuple[str, ...], e: Effect) -> list[tuple[str, ...]]:
    if e.kind == "multiply":
        return [tuple(u for u in event for _ in range(e.factor))]
    if e.into_type is not None:
        return [(e.into_type,) * len(event)]
    # concrete: a later multiply or same_type reads each mana's type (a hybrid's chosen half)
    return [c for alt in _mana_choices(e.into) for c in _concrete(tuple(alt), "effects")]


def _with_extras(made: tuple[str, ...], extras: tuple[Effect, ...],
                 source: Source) -> list[tuple[str, ...]]:
    """``made`` and the mana each extra it triggers adds (lower case), every way they may choose."""
    if not made:
        return [made]  # 9.7: an ability that made no mana triggers nothing
    options: list[list[tuple[str, ...]]] = []
    for e in extras:
        if len(made) < e.min_amount:
            continue
        if e.add == "same_type":
            options.append([("".join(t for t in TYPES if any(t in u for u in made)).lower(),)])
        elif e.add == "chosen":
            options.append([(source.chosen.lower(),)])
        elif e.any_color:  # each mana one of the five colors, chosen as it's spent
            options.append([("wubrg",) * e.any_color])
        else:  # ``times`` (tapwise extension): the string made that many times, each its own choice
            alternatives = [tuple(u.lower() for u in alt) for alt in _mana_choices(e.add)]
            options.append([sum(combo, ()) for combo in combinations_with_replacement(alternatives,
                                                                                      e.times)]
                           if e.times != 1 else alternatives)
    if not options:
        return [made]
    return [made + tuple(u for part in combo for u in part) for combo in product(*options)]


@memo(1024)
def _mana_choices(text: str) -> Choices:
    """What a mana string an effect names may be (its alternatives, as an ability's ``add``)."""
    return load_ability({"add": text}, "effects").choices
