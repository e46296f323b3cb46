"""Doubling Cube (9.2 ``{"double_pool": true}``) in the CP-SAT model: each activation alone on
its level, adding per type what the pool holds then (solver/front/doubling.py says why, and
refuses what the model doesn't take).
"""

from __future__ import annotations

from tapwise.models.mana import TYPES
from tapwise.solver.contract import Compiled
from tapwise.solver.front.doubling import MAX_BOUND, UNIT
from tapwise.solver.sat import INT_MIN, _neg


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


def add_doubling(m, c: Compiled, prod: list, cons: list) -> None:
    """The Cubes' outputs on every level, in the model ``m`` (a ``cpsat.Model`` being built):
    each activation alone on its level, adding per type what the pool holds then."""
    cubes = [pi for pi, p in enumerate(c.producers) if p.double]
    if not cubes:
        return
    by_type = {t: [k for k, kind in enumerate(c.kinds) if kind.type == t] for t in TYPES}
    pool = {t: sum(c.pool_units.get(k, 0) for k in ks) for t, ks in by_type.items()}
    bound = min(MAX_BOUND, max(m._most) if m._most else 0)
    # An ability without a mana cost may as well come first in the stretch between two Cubes (it
    # only adds mana; what the next Cube doubles is the same): on level 0, or on the level right
    # after a Cube's. Other orders are the same payments, so the model leaves them out.
    anywhere = [pi for pi, p in enumerate(c.producers) if p.anywhere]
    most = sum(c.producers[pi].max_activations for pi in anywhere)
    for lv in range(1, m.L + 1):
        later = [t for pi in anywhere for ci in range(len(c.producers[pi].choices))
                 for t in m.acts.get((pi, lv, ci), [])]
        after_cube = [(m.acts[(pi, lv - 1, 0)][0][0], -most) for pi in cubes if (pi, lv - 1,
                                                                                 0) in m.acts]
        if later:
            m._linear(later + after_cube, INT_MIN, 0)
    for lv in range(1, m.L + 1):
        for pi in cubes:
            p = c.producers[pi]
            acted = m.acts[(pi, lv, 0)]
            (a, _), = acted  # one variable of bound 1: the activation on this level
            others = [t for (qi, lq, _ci), terms in m.acts.items() if lq == lv and qi != pi
                      for t in terms]
            if others:
                m._linear(others, INT_MIN, 0, (a,))  # nothing else happens on its level
            for t in TYPES:
                before: list[tuple[int, int]] = []
                for k in by_type[t]:
                    for lower in range(lv):
                        before += prod[lower][k]
                    for upto in range(1, lv + 1):
                        before += _neg(cons[upto][k])
                out = m._int(bound)
                m.splits[(pi, lv, UNIT, t)] = out
                f = p.factor  # 9.4's multiplies on what it adds
                scaled = [(v, coef * f) for v, coef in _neg(before)]
                m._linear([(out, 1)] + scaled, pool[t] * f, pool[t] * f, (a,))
                # never more: a tighter relaxation
                m._linear([(out, 1)] + scaled, INT_MIN, pool[t] * f)
                m._linear([(out, 1)], INT_MIN, 0, (-a - 1,))  # none when it doesn't happen
                prod[lv][p.kind_of_type[t]].append((out, 1))
