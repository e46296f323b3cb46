"""What ``available``'s ordered search keeps besides the pool when a board shares more than mana
(spec 9.1-9.2): cards in the zones that card costs draw on, permanents that other costs
sacrifice or tap (``sacrifice_other``, ``tap_other``), and facts that sacrifices lower
(``counts``).

Such sources can't be taken copy by copy on their own (solver/queries/available.py's first phase),
so
they join the sources with mana costs in the ordered search: its states are then the copies'
states *and* the cards left in the hand, graveyard and library, and an activation that reads a
fact reads it as the copies sacrificed so far leave it (9.1: given, less what each sacrificed
copy counted toward). Every activation still uses up something (a copy's tap or use, a copy
sacrificed or tapped, a card), so the search's order from the least used up on stays exact.
"""

from __future__ import annotations

from typing import Any, Iterator

from tapwise.models.problem import Ability, Problem, Source
from tapwise.models.others import Others
from tapwise.solver.front.expand import facts_read

Copies = tuple[tuple[tuple[tuple[bool, tuple[int, ...]], int], ...], ...]
"""Per source of the ordered search, its copies' states ((tapped, uses left per ability), how many)."""
Cards = tuple[int, int, int | None]
"""Cards left in the hand, the graveyard and the library (None: unbounded)."""


def _takes_others(a: Ability) -> bool:
    return a.sacrifice_other is not None or a.tap_other is not None


def _takes_cards(a: Ability) -> bool:
    return bool(a.discard or a.exile_graveyard or a.mill)


def shares(problem: Problem) -> bool:
    """Does the board share more than mana between its sources (the module docstring)?"""
    return any(s.counts or any(_takes_others(a) or _takes_cards(a) for a in s.abilities)
               for s in problem.sources)


def ordered_sources(problem: Problem) -> set[int]:
    """The sources the ordered search must hold: those whose costs take cards or other
    permanents, those such costs may take, those whose sacrifice lowers a fact some ability
    reads, and those that read such a fact."""
    others = [o for s in problem.sources for a in s.abilities for o in (a.sacrifice_other,
                                                                        a.tap_other) if o]
    read = {f for s in problem.sources for a in s.abilities for f in facts_read(s, a)}
    dropping = {f for s in problem.sources for f, _ in s.counts if f in read}
    out = set()
    for i, s in enumerate(problem.sources):
        if any(_takes_others(a) or _takes_cards(a) for a in s.abilities) or any(o.matches(s)
                                                                                for o in others):
            out.add(i)
        elif any(f in dropping for f, _ in s.counts) or any(facts_read(s, a) & dropping
                                                            for a in s.abilities):
            out.add(i)
    return out


def facts_now(problem: Problem, sources: list[Source], copies: Copies) -> dict[str, Any]:
    """The board's facts with what the copies sacrificed so far counted toward taken off (9.1)."""
    facts = dict(problem.facts)
    for s, per in zip(sources, copies):
        gone = s.count - sum(n for _, n in per)
        for f, by in s.counts:
            if gone and isinstance(facts.get(f), int):
                facts[f] -= by * gone
    return facts


def take_cards(cards: Cards, a: Ability, ) -> Cards | None:
    """The cards left after one activation of ``a``, or None if the zones can't pay it."""
    hand, graveyard, library = cards
    hand -= a.discard
    graveyard -= a.exile_graveyard
    if library is not None:
        library -= a.mill
    if hand < 0 or graveyard < 0 or (library is not None and library < 0):
        return None
    return hand, graveyard, library


def after_others(copies: Copies, sources: list[Source], si: int, acting: tuple[bool, tuple[int, ...]] | None,
                 a: Ability) -> Iterator[Copies]:
    """Every copies' state after ``a``'s ``sacrifice_other`` and ``tap_other`` took their
    permanents (each way to choose among copies in different states once). ``acting`` is the
    activating copy's state after it acted (None: it sacrificed itself): without ``self`` it
    can't be taken."""
    yield from _take(copies, sources, si, acting, a.sacrifice_other, sacrifice=True,
                     then=lambda c: _take(c, sources, si, acting, a.tap_other, sacrifice=False,
                                          then=lambda d: iter((d,))))


def _take(copies: Copies, sources: list[Source], si: int, acting: tuple[bool, tuple[int,
                                                                                    ...]] | None,
          others: Others | None, sacrifice: bool, then) -> Iterator[Copies]:
    if others is None:
        yield from then(copies)
        return
    # (source, state, copies it may take)
    spare: list[tuple[int, tuple[bool, tuple[int, ...]], int]] = []
    for sj, (s, per) in enumerate(zip(sources, copies)):
        if not others.matches(s):
            continue
        for state, n in per:
            if not sacrifice and state[0]:
                continue  # tap_other taps untapped permanents
            if sj == si and state == acting and not others.self:
                n -= 1  # the activating copy isn't among the others
            if n > 0:
                spare.append((sj, state, n))

    def choose(k: int, need: int, now: Copies) -> Iterator[Copies]:
        if need == 0:
            yield from then(now)
            return
        if k == len(spare):
            return
        sj, state, n = spare[k]
        for m in range(min(n, need), -1, -1):
            yield from choose(k + 1, need - m, _moved(now, sj, state, m, sacrifice) if m else now)

    yield from choose(0, others.n, copies)


def _moved(copies: Copies, sj: int, state: tuple[bool, tuple[int, ...]], m: int,
           sacrifice: bool) -> Copies:
    """``m`` copies of source ``sj`` in ``state`` sacrificed (gone) or tapped."""
    mine = dict(copies[sj])
    mine[state] -= m
    if not mine[state]:
        del mine[state]
    if not sacrifice:
        tapped = (True, state[1])
        mine[tapped] = mine.get(tapped, 0) + m
    return copies[:sj] + (tuple(sorted(mine.items())),) + copies[sj + 1:]
