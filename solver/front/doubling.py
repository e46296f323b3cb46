"""Doubling Cube (9.2 ``{"double_pool": true}``): "double the amount of each type of unspent mana".

What an activation adds is read from the pool as it resolves, after its own cost is paid (9.7:
602.2b, 608.2h): for each type, as much as the pool then holds of it, snow, restricted or not;
the new mana is the Cube's own (snow only if the Cube is, with its ability's restriction, none
of the originals', 106.6). In the model (``cpsat``) the ability is a mana-cost ability whose
every activation is alone on its level: that level spends nothing but its cost and makes nothing
but its mana, so the pool it reads is a linear expression of the levels below, and each type's
output is that expression when the activation happens (an enforced equality), else 0. Copies
of a Cube take a level each, so a second one doubles the first one's mana too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations_with_replacement

from tapwise.models.effects import Effect
from tapwise.models.mana import TYPES
from tapwise.models.problem import Ability, Problem, ProblemError, Source
from tapwise.solver.front.effects import (MAX_MADE, MAX_OUTPUTS, Choices, _replace_once,
                                          _with_extras, affected, unit_key)

UNIT = "*"
"""The unit name under which a Cube's output per type is a split of the solution
(``Solution.splits``)."""
READ = "read"
"""The unit name under which what a Cube's activation read of each type is a split, when an
effect replaced what it made (the answer's ``made``, 9.4)."""
MAX_BOUND = 2**40
"""Bound on one type's output of one activation in the model (a larger one is never reached on a
real board, and CP-SAT's bounds must stay far below 2**62)."""


def check_doubling(problem: Problem, i: int, source: Source, a: Ability, path: str,
                   effects: bool = False) -> None:
    """Refuse what the model doesn't take beside ``double_pool``, each error naming the key;
    9.4's effects on the Cube's mana too unless ``effects`` (``pay``'s model takes every one of
    them, :func:`cube_outcomes`; ``available`` only multiplies without ``min_amount``)."""
    if a.times is not None:
        raise ProblemError(f"{path}.times", "a double_pool ability doubles the pool once per "
                                            "activation: it has no 'times'")
    for key in ("sacrifice_other", "tap_other"):
        if getattr(a, key) is not None:
            raise ProblemError(f"{path}.{key}", "is not supported beside double_pool")
    if a.tap and source.count > 1 and any(e.on == source.id for e in problem.effects):
        # CHOICE (docs/effects.md, "Not done"): the enchanted copy of several Cubes is not split off
        raise ProblemError(f"{path}.add.double_pool",
                           f"an 'on' effect (9.4) names {source.id!r}, an entry of "
                           f"{source.count} Doubling Cubes: give the enchanted Cube an entry "
                           "of its own (count 1)")
    if a.tap and not effects:
        for e in affected(problem, source):
            if e.kind != "multiply" or e.min_amount:
                what = (f"a multiply with min_amount {e.min_amount}" if e.kind == "multiply"
                        else "an extra" if e.kind == "extra" else "a replace")
                # CHOICE (docs/effects.md, "Not done"): available's search reads a Cube's
                # output as a factor on the pool; pay's model takes every effect
                raise ProblemError(f"{path}.add.double_pool",
                                   f"{what} effect (9.4) on the mana a double_pool ability makes "
                                   "is not supported by 'available' (a multiply without "
                                   "min_amount is; 'pay' takes every effect)")


def cube_model(problem: Problem, source: Source, a: Ability, path: str) -> tuple[
        int, tuple[Outcome, ...], Choices]:
    """A Cube producer's ``factor``, ``cube`` and ``choices``: its outcomes under the effects
    (:func:`cube_outcomes`), or none when each activation makes ``factor`` times its read (no
    effect, or multiplies without ``min_amount`` only: one linear equality per type)."""
    outcomes, choices = cube_outcomes(problem, source, a, path)
    if len(outcomes) == 1 and not choices[0] and not outcomes[0].needs and outcomes[0].into is None:
        return outcomes[0].scale, (), ((),)
    return max(max(o.scale for o in outcomes), 1), outcomes, choices


def cube_factor(problem: Problem, source: Source, a: Ability) -> int:
    """How many times what a Cube's activation adds is made (9.4, 9.7: effects apply to every {T}
    ability, the Cube's included): each multiply watching it, once each (616.1e; in any order, the
    product is the same). The Cube reads the pool, then its mana is replaced as any mana is."""
    factor = 1
    if a.tap and problem.effects:
        for e in affected(problem, source):
            factor *= e.factor
    return factor


@dataclass(frozen=True)
class Outcome:
    """One way a Cube's activation may end under the effects (9.4, 9.7), while the pool it reads
    holds ``lo`` to ``hi`` mana (None: no upper end): its own mana is, per type, ``scale`` times
    what the pool holds of that type, or all of it as type ``into`` (``scale`` times the pool's
    total), plus the producer's choice of the same index (a replacement's fixed mana in upper
    case, the extras' in lower case); ``needs`` the types the pool must hold (a ``same_type``
    extra's type); ``replaced``: its own mana is not what it read (the answer's ``made``)."""

    lo: int
    hi: int | None
    scale: int
    into: str | None
    needs: str
    replaced: bool


_Event = tuple  # ("scale", k, into) or ("const", units)


def cube_outcomes(problem: Problem, source: Source, a: Ability,
                  path: str) -> tuple[tuple[Outcome, ...], Choices]:
    """Every way one activation of a Cube's ability ends under the effects watching it, with
    the constant mana of each. What it reads is a pool of S mana; the replacements (one at a
    time, each once, in any order the player picks, while they apply: 616.1e-f; 106.12b) and the
    extras (``min_amount`` read after them, 106.12a) depend on S only through S's size against
    the ``min_amount`` values, so S = 1, ..., M - 1 and S >= M (M the largest) are each worked
    out once; S = 0 makes nothing and triggers nothing (9.7)."""
    effects = affected(problem, source) if a.tap and problem.effects else ()
    replacements = tuple(e for e in effects if e.kind != "extra")
    extras = tuple(e for e in effects if e.kind == "extra")
    top = max((e.min_amount for e in effects), default=0)
    top = max(top, 1)
    found: dict[tuple, list[int]] = {}  # template -> the pool sizes (classes) it ends with
    for s in range(1, top + 1):
        for end in _ends(("scale", 1, None), replacements, s, path):
            for template in _triggered(end, extras, s, top, source, path):
                found.setdefault(template, []).append(s)
    outcomes: list[Outcome] = []
    choices: list[tuple[str, ...]] = []
    for (scale, into, needs, units, replaced), sizes in found.items():
        runs: list[list[int]] = []
        for s in sizes:
            if runs and runs[-1][1] == s - 1:
                runs[-1][1] = s
            else:
                runs.append([s, s])
        for lo, hi in runs:
            outcomes.append(Outcome(lo, None if hi == top else hi, scale, into, needs, replaced))
            choices.append(units)
    # S = 0: an outcome that makes only its read, scaled, makes nothing then, and triggers nothing
    zero = next((k for k, o in enumerate(outcomes) if o.lo == 1 and o.scale and not choices[k]
                 and not o.needs), None)
    if zero is None:
        outcomes.append(Outcome(0, 0, 1, None, "", False))
        choices.append(())
    else:
        outcomes[zero] = replace(outcomes[zero], lo=0)
    if len(outcomes) > MAX_OUTPUTS:
        raise ProblemError(path, f"has more than {MAX_OUTPUTS} outcomes under the effects, too "
                                 "many to model")
    return tuple(outcomes), tuple(choices)


def _total(event: _Event, s: int) -> int:
    return event[1] * s if event[0] == "scale" else len(event[1])


def _ends(event: _Event, replacements: tuple[Effect, ...], s: int, path: str) -> list[_Event]:
    """Every result of the replacements on a Cube's event of ``s`` mana (as _replaced does for a
    fixed output: one at a time, each once, while one applies one must be)."""
    results: dict[_Event, None] = {}
    stack = [(event, frozenset(range(len(replacements))))]
    seen = set()
    while stack:
        ev, left = stack.pop()
        if (ev, left) in seen:
            continue
        seen.add((ev, left))
        n = _total(ev, s)
        applicable = sorted(k for k in left if n and n >= replacements[k].min_amount)
        if not applicable:
            results.setdefault(ev)
            continue
        for k in applicable:
            e = replacements[k]
            if ev[0] == "scale" and e.kind == "multiply":
                nexts: list[_Event] = [("scale", ev[1] * e.factor, ev[2])]
            elif ev[0] == "scale" and e.into_type is not None:
                nexts = [("scale", ev[1], e.into_type)]
            else:  # a fixed mana (``into``), or a fixed event replaced as any ability's is
                fixed = ev[1] if ev[0] == "const" else ()
                nexts = [("const", out) for out in _replace_once(fixed, e)]
            for nxt in nexts:
                if _total(nxt, s) > MAX_MADE and nxt[0] == "const":
                    raise ProblemError(path, f"would make more than {MAX_MADE:,} mana in one "
                                             "activation under the effects")
                stack.append((nxt, left - {k}))
    return sorted(results, key=repr)


def _triggered(end: _Event, extras: tuple[Effect, ...], s: int, top: int, source: Source,
               path: str) -> list[tuple]:
    """The templates an end event leads to once its extras trigger: (scale, into, needs, units,
    replaced), ``units`` the fixed mana (its own, then the extras')."""
    if end[0] == "const":
        own = end[1]
        outs = _with_extras(own, extras, source)
        return [(0, None, "", tuple(sorted(out, key=unit_key)), True) for out in outs]
    scale, into = end[1], end[2]
    replaced = scale != 1 or into is not None
    # a stand-in for what it made: its size against min_amount (capped at the largest: every
    # min_amount is met beyond), its types when they are one (into)
    size = min(scale * s, top)
    stand_in = (into or "C",) * size
    same = tuple(e for e in extras if e.add == "same_type" and size >= e.min_amount)
    rest = extras if into is not None else tuple(e for e in extras if e.add != "same_type")
    templates = []
    for out in _with_extras(stand_in, rest, source):
        added = out[size:]
        ways = [()] if into is not None or not same else list(
            combinations_with_replacement(TYPES, len(same)))
        for way in ways:
            units = tuple(sorted(added + tuple(t.lower() for t in way), key=unit_key))
            templates.append((scale, into, "".join(dict.fromkeys(way)), units, replaced))
    return templates
