"""The verifier's own reading of section 9.4's effects (shares no code with ``solver/front/effects.py``).

An activation of a {T} ability of a permanent some effect watches says what the ability made
(``made``, when a replacement changed it; else its ``adds``), what it added after the
replacements (``adds``) and what the extras added (``extra``). :func:`check_effects` says
whether the replacements, applied one at a time in some order the player may choose (each once,
while it applies, 616.1e-f), turn ``made`` into ``adds``, and whether the extras it then
triggers (``min_amount`` read after the replacements, 106.12a) add exactly ``extra``.
"""

from __future__ import annotations

from collections import Counter
from tapwise.models.caches import memo
from itertools import combinations_with_replacement, product

from tapwise.models.effects import Effect
from tapwise.models.mana import COLORS, ManaCost
from tapwise.models.problem import Problem, Source
from tapwise.models.abilities import load_ability


def watching(problem: Problem, src: Source, enchanted: bool) -> list[Effect]:
    """The effects that watch a copy of ``src`` (the enchanted one when ``enchanted``)."""
    out = []
    facts = dict(problem.facts)  # an extra's if and times read the board's facts as given
    for e in problem.effects:
        if src.zone != "battlefield":
            continue
        if any(not isinstance(facts.get(c.fact), int) or (c.min is not None
                                                          and facts[c.fact] < c.min)
               or (c.max is not None and facts[c.fact] > c.max) for c in e.if_):
            continue  # its condition doesn't hold: it doesn't trigger
        if isinstance(e.times, str) and not (isinstance(facts.get(e.times), int)
                                             and facts[e.times] > 0):
            continue  # made no times: it adds nothing
        if e.on is not None:
            if e.on == src.id and enchanted:
                out.append(e)
        elif e.when is None or ((not e.when.types or set(e.when.types) & set(src.types))
                                and (not e.when.subtypes
                                     or set(e.when.subtypes) & set(src.subtypes))
                                and _has_traits(e, src)):
            out.append(e)
    return out


def _has_traits(e: Effect, src: Source) -> bool:
    """The filter's supertypes (any of; a snow source is snow), not_types (none of), token,
    colors (any of) and names (one of)."""
    wanted = e.when.traits if e.when is not None else None
    if wanted is None:
        return True
    supertypes = set(src.supertypes) | ({"snow"} if src.snow else set())
    name = (src.name or "").casefold().split()
    return ((not wanted.supertypes or bool(set(wanted.supertypes) & supertypes))
            and not set(wanted.not_types) & set(src.types)
            and (wanted.token is None or wanted.token is src.token)
            and (not wanted.colors or any(c in src.colors for c in wanted.colors))
            and (not wanted.names or any(n.casefold().split() == name for n in wanted.names))
            and all(t in src.types for t in wanted.all_types))


def check_effects(effects: list[Effect], src: Source, made: tuple[str, ...], adds: tuple[str, ...],
                  extra: tuple[str, ...], facts: dict | None = None) -> bool:
    """Can one activation that made ``made`` end as ``adds`` plus the extras' ``extra``?
    ``facts``: the board's, for an extra's ``times`` fact."""
    facts = facts or {}
    want = Counter(adds)
    replacements = [e for e in effects if e.kind != "extra"]
    finals = _finals(Counter(made), tuple(range(len(replacements))), replacements)
    if not any(f == want for f in finals):
        return False
    got = Counter(extra)
    total = sum(want.values())
    if not total:
        return not got  # nothing made triggers nothing (9.7)
    options = []
    for e in effects:
        if e.kind != "extra" or total < (e.when.min_amount if e.when is not None else 0):
            continue
        if e.add == "same_type":
            options.append([(t,) for t in sorted(want)])
        elif e.add == "chosen":
            options.append([(src.chosen,)])
        elif e.any_color:
            options.append(list(combinations_with_replacement(COLORS, e.any_color)))
        else:
            # times: a number, or a board fact (tapwise extension): that many makings
            # of the string
            n = e.times if isinstance(e.times, int) else facts.get(e.times, 0)
            if n <= 0:
                continue
            options.append([tuple(t for alt in combo for t in alt)
                            for combo in combinations_with_replacement(_alternatives(e.add), n)])
    return any(Counter(t for part in combo for t in part) == got for combo in product(*options))


def _finals(event: Counter, left: tuple[int, ...], replacements: list[Effect]) -> list[Counter]:
    """What the event may end as with the replacements ``left`` still unapplied."""
    amount = sum(event.values())
    usable = [k for k in left if amount and amount >= (replacements[k].when.min_amount
                                                       if replacements[k].when is not None else 0)]
    if not usable:
        return [event]
    out = []
    for k in usable:
        e = replacements[k]
        rest = tuple(x for x in left if x != k)
        if e.kind == "multiply":
            nexts = [Counter({t: n * e.factor for t, n in event.items()})]
        elif e.into_type is not None:
            nexts = [Counter({e.into_type: amount})]
        else:
            nexts = [Counter(alt) for alt in _alternatives(e.into)]
        for nxt in nexts:
            out += _finals(nxt, rest, replacements)
    return out


@memo(256)
def _alternatives(text: str) -> list[tuple[str, ...]]:
    """The concrete outputs a mana string an effect names may be (a hybrid's either half)."""
    out: set[tuple[str, ...]] = set()
    for choice in load_ability({"add": str(ManaCost.parse(text))}, "effects").choices:
        for combo in product(*choice):
            out.add(tuple(sorted(combo)))
    return sorted(out)
