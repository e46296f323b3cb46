"""How many copies of one source entry a sequence of its activations needs (problem.md section 3,
"Copies": a copy taps once, uses each ability without {T} at most ``uses`` times, and is
sacrificed at most once, as its last act; 9.6 ``min_sources`` counts the copies that acted).

The copies needed are the most, over each point in the order (the start, and just after each
sacrifice), of the copies sacrificed by then plus the copies the activations after it need.
That is exact, by Hall's theorem: a copy sacrificed at a point can carry any of the activations
before it, so the copies alive after a point are all that the later ones may use, and a later
point's demands are part of an earlier one's. Two Elves that filter ``{1}: Add {B}`` and may be
sacrificed for ``{G}{G}`` need both for ``{B}{B}`` when the {G}{G} is what gets filtered: the
Elf that made it is gone before it is filtered.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

_TAP, _SACRIFICE, _USE = 0, 1, 2


class CopyLog:
    """What one source entry's copies did, in the order they did it."""

    __slots__ = ("_steps", "_per_copy")

    def __init__(self) -> None:
        self._steps: list[tuple[int, Hashable, int]] = []
        self._per_copy: dict[Hashable, int | None] = {}  # uses per copy of each ability used

    def tap(self, n: int) -> None:
        """``n`` copies tapped (by its own {T} abilities or by another's cost)."""
        self._steps.append((_TAP, None, n))

    def use(self, ability: Hashable, n: int, per_copy: int | None) -> None:
        """``n`` activations of ``ability``, one without {T} that a copy may activate
        ``per_copy`` times (None: no limit, one copy does them all; 0 counts as 1)."""
        self._steps.append((_USE, ability, n))
        self._per_copy[ability] = per_copy

    def sacrifice(self, n: int) -> None:
        """``n`` copies sacrificed by their own abilities (each its own copy's last act)."""
        self._steps.append((_SACRIFICE, None, n))

    def activated(self, ability: Hashable, n: int, tap: bool, sacrifice: bool,
                  per_copy: int | None) -> None:
        """``n`` activations of ``ability``: a tap each, or a use (``per_copy`` as in
        :meth:`use`), then a sacrifice of its copy each when it sacrifices."""
        if tap:
            self.tap(n)
        else:
            self.use(ability, n, per_copy)
        if sacrifice:
            self.sacrifice(n)

    def needed(self) -> tuple[int, int]:
        """(the copies this order needs, the copies it would need were every sacrifice last)."""
        taps = sacs = 0
        uses: dict[Hashable, int] = {}
        best = 0
        per_copy = self._per_copy
        sacrificed = sum(n for kind, _, n in self._steps if kind == _SACRIFICE)
        for kind, ability, n in reversed(self._steps):  # the counts after each point
            if kind == _SACRIFICE:
                best = max(best, sacrificed - sacs + _alive(taps, sacs, uses, per_copy))
                sacs += n
            elif kind == _TAP:
                taps += n
            else:
                uses[ability] = uses.get(ability, 0) + n
        start = _alive(taps, sacs, uses, per_copy)
        return max(best, start), start


def _alive(taps: int, sacs: int, uses: dict[Hashable, int],
           per_copy: Mapping[Hashable, int | None]) -> int:
    """The copies that taps, sacrifices and uses of abilities need, in any order."""
    need = max(taps, sacs)
    for ability, n in uses.items():
        limit = per_copy.get(ability)
        need = max(need, 1 if limit is None else -(-n // max(1, limit)))
    return need


def log_of(logs: dict[str, CopyLog], sid: str) -> CopyLog:
    """Source ``sid``'s log in ``logs``, started on its first act (the verifier, ``plan`` and the
    answer each keep one per entry)."""
    log = logs.get(sid)
    if log is None:
        log = logs[sid] = CopyLog()
    return log
