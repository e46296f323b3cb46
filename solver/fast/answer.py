"""The fast path's answer (:mod:`solver.fast.solve`): the best choice and its flow made into a
:class:`Solution` (which activations of which sources, what each symbol was paid with)."""

from __future__ import annotations

from typing import Any

from tapwise.models.mana import TYPES
from tapwise.solver.contract import Solution
from tapwise.solver.fast.flow import BITS_OF, LIFE, TB_COLOR
from tapwise.solver.fast.tables import TI, _multi_units, _Out

GEN, OPT = 1, 0  # as solver.fast.solve defines them


def _add(d: dict, k, n: int) -> None:
    d[k] = d.get(k, 0) + n


def _gain(store: dict[int, list[int]], kind: int, n: int) -> None:
    """``n`` more units of ``kind`` in a store of [kind, units] by kind."""
    entry = store.get(kind)
    if entry is None:
        store[kind] = [kind, n]
    else:
        entry[1] += n


def _draw(store: list[list[int]], want: int, got: dict[int, int]) -> int:
    """Take up to ``want`` units from ``store`` ([kind, units left], in order) into ``got``;
    returns how many are still wanted."""
    for kn in store:
        if not want:
            break
        take = want if want < kn[1] else kn[1]
        if take:
            kn[1] -= take
            want -= take
            got[kn[0]] = got.get(kn[0], 0) + take
    return want


def solution(d: Any, s: Any, best: tuple) -> Solution:
    """The :class:`Solution` of the best choice ``best`` of the search of the cost ``d`` (a
    ``solver.fast.demand.Demand``) from the supply ``s`` (a ``solver.fast.supply.Supply``):
    activations given to the sources of each class in order, each row's mana drawn from what
    the activations made first, then from the pool; its objective values must be the ones
    the search counted."""
    _, dims, y, rows, left, flow, values = best
    c = d.c
    producers = c.producers
    classes = s.classes
    sol = Solution.paid(d.x)  # variant 0, no levels: no mana-cost abilities
    acts = sol.acts
    splits = sol.splits
    cost_pay = sol.cost_pay
    produced: dict[int, dict[int, list[int]]] = {}  # per type made: kind -> [kind, units spent]
    made = 0
    # Activations of a class go to its sources in order, as their budgets allow.
    budget_left: dict[int, int] = {}  # source -> activations left, once it has some
    chunks: dict[tuple[int, int, str], list[list[int]]] = {}  # multi node -> [[producer, units]]
    for j, n in enumerate(y):
        if not n:
            continue
        ki, jl, choice, _ = dims[j]
        made += n * len(choice)
        units = _multi_units(choice)[1]
        for si, budget, pis, _, refs in classes[ki][3]:
            room = budget_left.get(si, budget)
            take = n if n < room else room
            if not take:
                continue
            budget_left[si] = room - take
            n -= take
            ai, ci = refs[jl]
            pi = pis[ai]
            _add(acts, (pi, 0, ci), take)
            for unit, k, _ in units:
                chunks.setdefault((ki, jl, unit), []).append([pi, take * k])
            if not n:
                break
    row_types: list[dict[int, int]] = [{} for _ in rows]  # per row: type index -> units
    for l, spent_here in zip(left, flow):
        tag = l[4]
        if not spent_here and tag[0] != "multi":
            continue
        by_type: dict[int, int] = {}
        for (ri, ti), n in spent_here.items():
            by_type[ti] = by_type.get(ti, 0) + n
            rt = row_types[ri]
            rt[ti] = rt.get(ti, 0) + n
        if tag[0] == "multi":
            _, ki, jl, unit = tag
            spare = l[0] - sum(by_type.values())
            parts = [(ti, by_type[ti], True) for ti in sorted(by_type)]
            if spare:  # made and not spent: any type it may be
                parts.append((TI[unit[0]], spare, False))
            queue = chunks[(ki, jl, unit)]
            at = 0
            for ti, n, spent in parts:
                tt = TYPES[ti]
                while n:
                    chunk = queue[at]
                    if not chunk[1]:
                        at += 1
                        continue
                    take = n if n < chunk[1] else chunk[1]
                    chunk[1] -= take
                    n -= take
                    pi = chunk[0]
                    if len(unit) > 1:
                        _add(splits.setdefault((pi, 0, unit), {}), tt, take)
                    if spent:
                        _gain(produced.setdefault(ti, {}), producers[pi].kind_of_type[tt], take)
        elif tag[0] == "single":
            members = tag[1]  # exhausted sources (multi activations took them) are skipped
            at = 0
            for ti in sorted(by_type):
                n = by_type[ti]
                tt = TYPES[ti]
                made_here = produced.setdefault(ti, {})
                while n:
                    si, budget, pis, picks, _ = members[at]
                    room = budget_left.get(si, budget)
                    if not room:
                        at += 1
                        continue
                    take = n if n < room else room
                    budget_left[si] = room - take
                    n -= take
                    ai, ci, unit = picks[ti]
                    pi = pis[ai]
                    _add(acts, (pi, 0, ci), take)
                    if len(unit) > 1:
                        _add(splits.setdefault((pi, 0, unit), {}), tt, take)
                    _gain(made_here, producers[pi].kind_of_type[tt], take)
                    made += take
    # Spend: for each row and type, mana made by activations first, then pool mana.
    spent_made = 0
    cost_life = 0
    pool_left = {ti: [kn[:] for kn in kns] for ti, kns in s.pool_kinds.items()}
    demands = c.variants[0].demands
    spent_types = 0  # the types spent, for a color objective
    counting_colors = bool(d.colors)
    for (_m, n, what, di, cat), rt in zip(rows, row_types):
        got: dict[int, int] = {}
        for ti in sorted(rt):
            if ti == LIFE:
                continue
            want = rt[ti]
            store = produced.get(ti)
            if store:
                rest = _draw(sorted(store.values()), want, got)  # by kind
                spent_made += want - rest
                want = rest
            if want:
                _draw(pool_left[ti], want, got)  # the rest is in the pool
        if counting_colors:
            for k in got:
                spent_types |= d.kind_bit[k]
        if what == GEN:
            g = sol.generic_pay.get(cat)
            if g is None:
                sol.generic_pay[cat] = got  # the category's first row
            else:
                for k, u in got.items():
                    _add(g, k, u)
            if di >= 0:
                cost_pay[(di, 0)] = (demands[di].count, {})
        elif what == OPT:
            masks = d.option_masks[di]
            paid_life = rt.get(LIFE)
            if paid_life:
                cost_life += 2 * paid_life
                li = masks.index(1 << LIFE)
                cost_pay[(di, li)] = (cost_pay.get((di, li), (0,))[0] + paid_life, {})
            for k, u in sorted(got.items()):
                b = d.kind_bit[k]
                for oi, om in enumerate(masks):  # noqa: B007 (the first match is read after the loop)
                    if om & b:
                        break
                cnt, fl = cost_pay.get((di, oi), (0, {}))
                fl[k] = fl.get(k, 0) + u  # a symbol's rows add up (colors carve some out)
                cost_pay[(di, oi)] = (cnt + u, fl)
        elif what == TB_COLOR:
            cost_pay[(di, 0)] = (n, got)
        else:
            cost_pay[(di, 1)] = (n // 2, {})
            g = sol.generic_pay.setdefault(demands[di].options[1].generic, {})
            for k, u in got.items():
                _add(g, k, u)
    life = damage = 0
    for (pi, _, _), n in acts.items():
        p = producers[pi]
        life += p.life * n
        damage += p.damage * n
    sources = sum(acts.values())
    waste = made - spent_made
    lost = life + damage + cost_life
    if (lost, sources, waste) != values:
        raise AssertionError(f"fast path bookkeeping: {values} but built {sources}, {waste}, "
                             f"{lost}")
    player = c.problem.player
    if (life > max(0, player.life) or (cost_life and cost_life > player.life - life - damage)
            or (lost > 0 and player.keep_life is not None
                and player.life - lost < player.keep_life)):
        raise _Out  # the optimum breaks a life limit: CP-SAT weighs the alternatives
    got_values = {"min_life": lost, "min_sacrifices": 0, "min_energy": 0, "min_sources": sources,
                  "min_waste": waste, "max_x": d.x}
    if counting_colors:
        got_values[d.colors] = len(BITS_OF[spent_types & 31])
    sol.objective = dict(zip(d.objectives, map(got_values.__getitem__, d.objectives)))
    return sol
