"""Doubling Cube (9.2 ``{"double_pool": true}``) in the CP-SAT model: each activation alone on
its level, adding per type what the pool holds then (solver/front/doubling.py says why, and
refuses what the model doesn't take).
"""

from __future__ import annotations

from typing import Any

from tapwise.models.mana import TYPES
from tapwise.solver.contract import Compiled
from tapwise.solver.front.doubling import MAX_BOUND, READ, UNIT
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
    acts = made.acts
    bound = min(MAX_BOUND, max(most) if most else 0)
    # An ability without a mana cost may as well come first in the stretch between two Cubes (it
    # only adds mana; what the next Cube doubles is the same): on level 0, or on the level right
    # after a Cube's. Other orders are the same payments, so the model leaves them out.
    anywhere = [pi for pi, p in enumerate(c.producers) if p.anywhere]
    n_anywhere = sum(c.producers[pi].max_activations for pi in anywhere)
    for lv in range(1, L + 1):
        later = [t for pi in anywhere for ci in range(len(c.producers[pi].choices))
                 for t in acts.get((pi, lv, ci), [])]
        after_cube = [(acts[(pi, lv - 1, ci)][0][0], -n_anywhere) for pi in cubes
                      for ci in range(len(c.producers[pi].choices)) if (pi, lv - 1, ci) in acts]
        if later:
            w.linear(later + after_cube, INT_MIN, 0)
    for lv in range(1, L + 1):
        for pi in cubes:
            _cube_level(w, c, made, pi, lv, by_type, pool, bound)


def _cube_level(w: Writer, c: Compiled, made: Any, pi: int, lv: int, by_type: dict[str, list[int]],
                pool: dict[str, int], bound: int) -> None:
    """Cube ``pi``'s activation on level ``lv``: at most one of its outcomes (each a choice,
    solver/front/doubling.py's ``Outcome``), nothing else on the level; per type its output is
    what the outcome makes of the pool it reads (R_t: the pool's, and what the levels below
    made, less what they and its own cost spent), 0 when it doesn't act."""
    p = c.producers[pi]
    acts, prod, cons = made.acts, made.prod, made.cons
    outcomes = p.cube or ()
    lits = [acts[(pi, lv, ci)][0][0] for ci in range(len(p.choices))]
    if len(lits) == 1:
        a = lits[0]
    else:
        a = w.new_bool()  # it acts on this level: one outcome
        w.linear([(x, 1) for x in lits] + [(a, -1)], 0, 0)
    others = [t for (qi, lq, _ci), terms in acts.items() if lq == lv and qi != pi for t in terms]
    if others:
        w.linear(others, INT_MIN, 0, (a,))  # nothing else happens on its level
    read: dict[str, list[tuple[int, int]]] = {}  # per type: R_t - pool_t, as terms
    for t in TYPES:
        before: list[tuple[int, int]] = []
        for k in by_type[t]:
            for lower in range(lv):
                before += prod[lower][k]
            for upto in range(1, lv + 1):
                before += _neg(cons[upto][k])
        read[t] = before
    whole = [term for t in TYPES for term in read[t]]  # S - the pool's total
    pooled = sum(pool.values())
    top = max((o.scale for o in outcomes), default=p.factor) or 1
    for ci, o in enumerate(outcomes):
        x = lits[ci]
        if o.lo > 0 or o.hi is not None:  # the pool's size it is the outcome of
            w.linear(whole, o.lo - pooled, (MAX_BOUND if o.hi is None else o.hi) - pooled, (x,))
        for t in o.needs:  # a same_type extra's type: the Cube made some of it
            w.linear(read[t], 1 - pool[t], MAX_BOUND, (x,))
    if any(o.replaced for o in outcomes):  # what it read, for the answer's "made" (9.4)
        for t in TYPES:
            r = w.new_int(bound)
            made.splits[(pi, lv, READ, t)] = r
            w.linear([(r, 1)] + _neg(read[t]), pool[t], pool[t], (a,))
            w.linear([(r, 1)], INT_MIN, 0, (-a - 1,))
    for t in TYPES:
        out = w.new_int(bound)
        made.splits[(pi, lv, UNIT, t)] = out
        w.linear([(out, 1)], INT_MIN, 0, (-a - 1,))  # none when it doesn't happen
        if not outcomes:  # 9.4's multiplies only: what it adds is the factor times its read
            f = p.factor
            scaled = [(v, coef * f) for v, coef in _neg(read[t])]
            w.linear([(out, 1)] + scaled, pool[t] * f, pool[t] * f, (a,))
            w.linear([(out, 1)] + scaled, INT_MIN, pool[t] * f)  # never more: a tighter relaxation
        else:
            for ci, o in enumerate(outcomes):
                x = lits[ci]
                if o.scale and o.into is None:
                    k = o.scale
                    w.linear([(out, 1)] + _neg(read[t], k), pool[t] * k, pool[t] * k, (x,))
                elif o.scale and o.into == t:
                    k = o.scale
                    w.linear([(out, 1)] + _neg(whole, k), pooled * k, pooled * k, (x,))
                else:
                    w.linear([(out, 1)], 0, 0, (x,))
            # never more (a tighter relaxation): its type's read, or all of it when an
            # outcome makes it one type
            if any(o.into for o in outcomes):
                w.linear([(out, 1)] + _neg(whole, top), INT_MIN, pooled * top)
            else:
                w.linear([(out, 1)] + _neg(read[t], top), INT_MIN, pool[t] * top)
        prod[lv][p.kind_of_type[t]].append((out, 1))
