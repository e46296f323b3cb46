"""The "available mana options" payer (XMage's ManaOptions and its kin), as a baseline.

Published behaviour, reproduced: walk the sources copy by copy; each copy either stays
untapped or makes one of its outputs, and every pool reachable so far is extended by every
choice; after each copy, pools contained in another (no more mana, no less life lost) are
dropped. Then the cost is checked against each maximal pool. Exact for feasibility, but the
number of pools grows with the board, so it has a budget and reports a timeout past it.
It does not track which copies made a pool, so it answers feasibility only (objective None).
"""

from __future__ import annotations

import time
from itertools import product
from typing import Any

import numpy as np

from tapwise.models.mana import Kind

from . import IDX, TYPES, BaselineBoard, Timeout, accepts, read_problem, result

N = len(TYPES)
# SUBSETS[m, T] = 1 when the set of types m is inside the set T (bit masks over TYPES).
_MASKS = np.arange(1 << N)
SUBSETS = ((_MASKS[:, None] & ~_MASKS[None, :]) == 0).astype(np.int64)
# MEMBERS[t, T] = 1 when type t is in T.
MEMBERS = ((_MASKS[None, :] >> np.arange(N)[:, None]) & 1).astype(np.int64)


def _mask(types: str) -> int:
    return sum(1 << IDX[t] for t in set(types))


def _choices(board: BaselineBoard) -> tuple[np.ndarray, np.ndarray]:
    """Every way to announce the cost: how many {2/W} are paid colored and how many
    Phyrexian symbols with life. Returns (demand of each choice, summed over subsets of
    types, shape C x 2^N) and (life each choice pays, shape C)."""
    fixed = np.zeros(1 << N, dtype=np.int64)
    twobrid: dict[int, int] = {}
    phyrexian: dict[int, int] = {}
    generic_mask = _mask(TYPES)
    for s in board.cost:
        m = _mask(accepts(s))
        if s.kind is Kind.GENERIC:
            fixed[m] += s.amount
        elif s.kind is Kind.TWOBRID:
            twobrid[m] = twobrid.get(m, 0) + 1
        elif s.kind in (Kind.PHYREXIAN, Kind.HYBRID_PHYREXIAN):
            phyrexian[m] = phyrexian.get(m, 0) + 1
        else:
            fixed[m] += 1
    groups = [(m, k, "2") for m, k in twobrid.items()] + [(m, k, "P") for m, k in phyrexian.items()]
    demands, lives = [], []
    for picks in product(*(range(k + 1) for _, k, _ in groups)):
        demand, life = fixed.copy(), 0
        for (m, k, how), j in zip(groups, picks):  # j symbols paid by their mana
            demand[m] += j
            if how == "2":
                demand[generic_mask] += 2 * (k - j)
            else:
                life += 2 * (k - j)
        if life <= board.life_budget:
            demands.append(demand @ SUBSETS)
            lives.append(life)
    return np.array(demands, dtype=np.int64).reshape(-1, 1 << N), np.array(lives, dtype=np.int64)


def _prune(pools: np.ndarray) -> np.ndarray:
    """Drop every pool dominated by another (columns: mana counts, then minus life lost)."""
    pools = np.unique(pools, axis=0)
    order = np.argsort(-pools.sum(axis=1), kind="stable")
    kept = np.empty_like(pools)
    k = 0
    for row in pools[order]:  # a dominating pool has a larger sum, so it comes first
        if k and np.any(np.all(kept[:k] >= row, axis=1)):
            continue
        kept[k] = row
        k += 1
    return kept[:k]


def pools(board: BaselineBoard, *, budget: float = 5.0, max_pools: int = 20_000) -> np.ndarray:
    """Maximal producible pools as rows (W, U, B, R, G, C, Any, -life lost)."""
    deadline = time.perf_counter() + budget
    current = np.array([list(board.pool) + [0]], dtype=np.int64)
    for entry in board.entries:
        steps = np.array([list(o.mana) + [-o.life] for o in entry.outputs], dtype=np.int64)
        for _ in range(entry.count):  # copy by copy, as the published approach does
            grown = (current[:, None, :] + steps[None, :, :]).reshape(-1, N + 1)
            grown = grown[-grown[:, N] <= board.life_budget]
            current = _prune(np.vstack([current, grown]))
            if len(current) > max_pools:
                raise Timeout(f"more than {max_pools} pools")
            if time.perf_counter() > deadline:
                raise Timeout(f"enumeration past {budget:g}s")
    return current


def pay(problem: dict[str, Any], *, budget: float = 5.0, max_pools: int = 20_000) -> dict[str, Any]:
    """Feasibility by enumeration: ``paid`` when some maximal pool covers the cost."""
    board = read_problem(problem)
    if board.life_budget < 0:
        return result("infeasible")
    demands, lives = _choices(board)
    if not len(demands):
        return result("infeasible")
    found = pools(board, budget=budget, max_pools=max_pools)
    supply = found[:, :N] @ MEMBERS  # mana of each pool inside each set of types
    life_left = board.life_budget + found[:, N]
    for demand, life in zip(demands, lives):
        # Hall's condition for the transportation problem: for every set T of types, the
        # symbols that only T can pay need no more than the mana of T.
        if np.any(np.all(supply >= demand, axis=1) & (life_left >= life)):
            return result("paid", None, pools=len(found))
    return result("infeasible", None, pools=len(found))
