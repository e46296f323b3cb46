"""A Doubling Cube's activation in the answer (9.2; 9.4 on its mana, 9.7): what it added per
type is a split of the solution (solver/front/doubling.py says which)."""

from __future__ import annotations

from typing import Any

from tapwise.solver.contract import Producer
from tapwise.solver.front.doubling import READ, UNIT as DOUBLED

TYPE_ORDER = "WUBRGCwubrgc".index  # as answers list mana: an extra's (lower case, 9.4) last


def _ordered(made: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(made, key=TYPE_ORDER))


def cube_made(p: Producer, key: tuple[int, int, int],
              split: dict[str, dict[str, int]]) -> Any:
    """What a Doubling Cube's activation ``key`` made (9.2): per type a split (its read, scaled
    or made one type by the effects), its outcome's fixed mana and its extras' (9.4, the
    flexible ones as split); with what it read when an effect changed that (``made``)."""
    def units(unit: str) -> tuple[str, ...]:
        return tuple(t for t, n in split.get(unit, {}).items() for _ in range(n))

    made = units(DOUBLED)
    if not p.cube:
        made = _ordered(made)
        if p.factor == 1:
            return made
        # 9.4: what it made before the multiplies (its own read of the pool)
        return made, _ordered(tuple(t for t, n in split.get(DOUBLED, {}).items()
                                    for _ in range(n // p.factor)))
    choice = p.choices[key[2]]
    made += tuple(u for u in choice if len(u) == 1)
    for unit in dict.fromkeys(u for u in choice if len(u) > 1):  # one activation: all its splits
        made += tuple(t.lower() for t in units(unit))
    return _ordered(made), _ordered(units(READ)) if p.cube[key[2]].replaced else None
