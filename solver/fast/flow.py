"""Paying one choice of the fast path (:mod:`solver.fast.solve`): a b-matching between supply nodes
and demand rows, by augmenting paths stage by stage (:func:`_staged_flow`) or, with life to
weigh, as OR-Tools' min-cost flow (:func:`_cheapest_flow`).

A left (supply) node is ``(cap, type mask, stage, life per type index or None, tag)``; a row is
``(type mask, units, what, demand, category)``. Results are, per left node,
``{(row, type index): units}``."""

from __future__ import annotations

from ortools.graph.python import min_cost_flow

LIFE = 6  # Phyrexian symbols: paid with 2 life, as if with a seventh type of "mana"
BITS_OF = [tuple(i for i in range(7) if m >> i & 1) for m in range(128)]
FIRST_BIT = [(m & -m).bit_length() - 1 for m in range(128)]  # the first type of a mask
# Supply stages: multi units, pool mana, single copies.
MULTI, POOL, SINGLE = 0, 1, 2
# What a demand row of a {2/W} symbol records: its colored or its generic half.
TB_COLOR, TB_GENERIC = 2, 3

_OPTIMAL = min_cost_flow.SimpleMinCostFlow.OPTIMAL.value


def _staged_flow(left, rows):
    """Fill every row from the left nodes, stage by stage: as much from multi units as can be
    placed, then pool mana and life, then single copies, each stage by augmenting paths that
    never take back what an earlier stage placed. That is the greedy algorithm on the
    transversal matroid of matchable supply units, so the result is a min-cost flow for the
    costs of :func:`_staged_cost` (fewest singles, and among those the most multi units), found
    without building a graph. ``left`` comes in stage order (as :meth:`solver.fast.search.Search._flow` builds it).
    Same result shape as :func:`_cheapest_flow`; an edge takes the first type both ends allow,
    as it does there when all types cost the same."""
    need = [r[1] for r in rows]
    unmet = sum(need)
    if not unmet:
        return [{} for _ in left]
    row_masks = [r[0] for r in rows]
    n_rows = len(rows)
    into: list[dict[int, int]] = [{} for _ in rows]  # row -> {left node: units}
    for i, l in enumerate(left):
        room, mask = l[0], l[1]
        # The shortest augmenting paths first: rows in need this node reaches directly.
        for ri in range(n_rows):
            wanted = need[ri]
            if wanted and mask & row_masks[ri]:
                push = room if room < wanted else wanted
                into[ri][i] = push  # node i had sent nothing before its turn
                room -= push
                need[ri] = wanted - push
                unmet -= push
                if not room:
                    break
        while room and unmet:
            path = _augmenting_path(i, mask, left, row_masks, need, into, n_rows)
            if path is None:
                break  # never again: later paths can't reach what this node can't (max-flow)
            end = path[-1][1]
            push = min(room, need[end])
            for (_, before), (li, _) in zip(path, path[1:]):
                push = min(push, into[before][li])  # li gives up units it sent to before
            room -= push
            need[end] -= push
            unmet -= push
            prev = None
            for li, ri in path:
                if prev is not None:  # li hands prev (its old row) to the one before it
                    into[prev][li] -= push
                into[ri][li] = into[ri].get(li, 0) + push
                prev = ri
        if not unmet:
            break
    if unmet:
        return None
    result: list[dict[tuple[int, int], int]] = [{} for _ in left]
    for ri, got in enumerate(into):
        rm = row_masks[ri]
        for li, n in got.items():
            if n:
                result[li][(ri, FIRST_BIT[left[li][1] & rm])] = n
    return result


def _augmenting_path(start, mask, left, row_masks, need, into, n_rows):
    """A path start -> row, then (left node giving up units it sends to that row -> another
    row) ..., ending at a row still in need: [(left, row), ...], or None. Depth first; the
    caller has already filled the rows ``start`` reaches directly."""
    seen_rows = set()
    seen_left = {start}
    stack = [(start, mask, [])]
    while stack:
        li, lm, path = stack.pop()
        for ri in range(n_rows):
            if ri in seen_rows or not lm & row_masks[ri]:
                continue
            here = path + [(li, ri)]
            if need[ri]:
                return here
            seen_rows.add(ri)
            for lj, n in into[ri].items():
                if n and lj not in seen_left:
                    seen_left.add(lj)
                    stack.append((lj, left[lj][1], here))
    return None


def _staged_cost(total: int):
    """Per-unit cost that spends multi-mana activations first, then the pool and life, then
    single-mana sources: the fewest sources, then the least waste, for a fixed set of
    activations (an unspent unit of a multi-mana activation is waste; of the pool is not).
    :func:`_staged_flow` minimizes it without a graph; the tests check it against this."""
    stage_cost = (0, 1, total + 1)

    def cost_of(l, ti):
        return stage_cost[l[2]]

    return cost_of


def _weighted_cost(weights):
    """Per-unit cost: life x w0 + (single) x w1 + (not a multi unit) x w2 (see ``_weights``)."""
    wl, ws, ww = weights

    def cost_of(l, ti):
        stage = l[2]
        if stage == MULTI:
            return 0
        if stage == POOL:
            return ww + (2 * wl if l[4][0] == "life" else 0)
        p = l[3][ti]
        return None if p is None else p * wl + ws + ww

    return cost_of


def _cheapest_flow(left, rows, cost_of):
    """Fill every row from the left nodes at least cost (OR-Tools' min-cost flow). Returns per
    left node {(row, type index): units}, or None when the rows can't all be filled. An edge
    takes the cheapest type both ends allow (the first, when all cost the same)."""
    total = 0
    for r in rows:
        total += r[1]
    if not total:
        return [{} for _ in left]
    flow = min_cost_flow.SimpleMinCostFlow()
    add = flow.add_arc_with_capacity_and_unit_cost
    n_left = len(left)
    source = n_left + len(rows)
    sink = source + 1
    arcs = []
    for li, l in enumerate(left):
        cap, lm, _, pays = l[0], l[1], l[2], l[3]
        add(source, li, cap, 0)
        uniform = pays is None or len({p for p in pays if p is not None}) == 1
        for ri, r in enumerate(rows):
            m = lm & r[0]
            if not m:
                continue
            if uniform:
                ti = FIRST_BIT[m]
                cost = cost_of(l, ti)
            else:
                cost = None
                for tj in BITS_OF[m]:
                    cst = cost_of(l, tj)
                    if cst is not None and (cost is None or cst < cost):
                        cost, ti = cst, tj
            arcs.append((add(li, n_left + ri, cap, cost), li, ri, ti))
    for ri, r in enumerate(rows):
        add(n_left + ri, sink, r[1], 0)
    flow.set_node_supply(source, total)
    flow.set_node_supply(sink, -total)
    if flow.solve().value != _OPTIMAL:  # comparing the pybind11 enums costs several times more
        return None
    result: list[dict[tuple[int, int], int]] = [{} for _ in left]
    get = flow.flow
    for arc, li, ri, ti in arcs:
        n = get(arc)
        if n:
            result[li][(ri, ti)] = n
    return result
