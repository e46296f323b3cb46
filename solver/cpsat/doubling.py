"""Doubling Cube (9.2 ``{"double_pool": true}``) in the CP-SAT model: each activation alone on
its level, adding per type what the pool holds then (solver/front/doubling.py says why, and
refuses what the model doesn't take).
"""

from __future__ import annotations

from typing import Any

from tapwise.models.mana import TYPES
from tapwise.solver.contract import Compiled
from tapwise.solver.front.doubling import MAX_BOUND, UNIT
from tapwise.solver.sat import INT_MIN, Writer, _neg


def doubling_bound(c: Compiled, most: list[int]) -> None:
    """Raise ``most`` (the most mana of each kind a payment can make) by what Cubes can add."""
    cubes = [p for p in c.producers if p.double]
    if not cubes:
        return
    grand = sum(most)
    factor = 1
    for p in cubes:  # each activation at most multiplies all there is by 1 + its factor
        factor = min(MAX_BOUND, factor * (1 + p.factor) ** min(40, p.max_activations))
    for p in cubes:
        for k in set(p.kind_of_type.values()):
            most[k] = min(MAX_BOUND, most[k] + grand * (factor - 1))


def add_doubling(w: Writer, c: Compiled, L: int, most: list[int], made: Any) -> None:
    """The Cubes' outputs on every level, written with ``w`` into ``made`` (the board's
    ``Activations``, cpsat/levels.py, which imports this module; ``most``: the most mana of
    each kind a payment can make):
    each activation alone on its level, adding per type what the pool holds then."""
    cubes = [pi for pi, p in enumerate(c.producers) if p.double]
    if not cubes:
        return
    by_type = {t: [k for k, kind in enumerate(c.kinds) if kind.type == t] for t in TYPES}
    pool = {t: sum(c.pool_units.get(k, 0) for k in ks) for t, ks in by_type.items()}
    acts, prod, cons = made.acts, made.prod, made.cons
    bound = min(MAX_BOUND, max(most) if most else 0)
    # An ability without a mana cost may as well come first in the stretch between two Cubes (it
    # only adds mana; what the next Cube doubles is the same): on level 0, or on the level right
    # after a Cube's. Other orders are the same payments, so the model leaves them out.
    anywhere = [pi for pi, p in enumerate(c.producers) if p.anywhere]
    n_anywhere = sum(c.producers[pi].max_activations for pi in anywhere)
    for lv in range(1, L + 1):
        later = [t for pi in anywhere for ci in range(len(c.producers[pi].choices))
                 for t in acts.get((pi, lv, ci), [])]
        after_cube = [(acts[(pi, lv - 1, 0)][0][0], -n_anywhere) for pi in cubes
                      if (pi, lv - 1, 0) in acts]
        if later:
            w.linear(later + after_cube, INT_MIN, 0)
    for lv in range(1, L + 1):
        for pi in cubes:
            p = c.producers[pi]
            acted = acts[(pi, lv, 0)]
            (a, _), = acted  # one variable of bound 1: the activation on this level
            others = [t for (qi, lq, _ci), terms in acts.items() if lq == lv and qi != pi
                      for t in terms]
            if others:
                w.linear(others, INT_MIN, 0, (a,))  # nothing else happens on its level
            for t in TYPES:
                before: list[tuple[int, int]] = []
                for k in by_type[t]:
                    for lower in range(lv):
                        before += prod[lower][k]
                    for upto in range(1, lv + 1):
                        before += _neg(cons[upto][k])
                out = w.new_int(bound)
                made.splits[(pi, lv, UNIT, t)] = out
                f = p.factor  # 9.4's multiplies on what it adds
                scaled = [(v, coef * f) for v, coef in _neg(before)]
                w.linear([(out, 1)] + scaled, pool[t] * f, pool[t] * f, (a,))
                # never more: a tighter relaxation
                w.linear([(out, 1)] + scaled, INT_MIN, pool[t] * f)
                w.linear([(out, 1)], INT_MIN, 0, (-a - 1,))  # none when it doesn't happen
                prod[lv][p.kind_of_type[t]].append((out, 1))
