"""Exhaustive reference for ``plan`` with ``keep`` (spec 7 and 9.5): ``brute_plan_keep``.

A plan of plain costs (mana symbols and ``life_cost``) pays a set of costs one after another
from one board; mana made for one stays in the pool for the next (118.3a), so a set can be paid
exactly when its symbols together can be paid at once, and what the set leaves is what that one
payment leaves. So every candidate set (a prefix with ``"order": "given"``, any subset with
``"any"``) is paid as its concatenated cost by the keep reference ``brute_keep``, which tries
every payment, builds the board each leaves copy by copy and pays each kept cost there (on a
board with ``effects``, ``brute_keep_effects``).

The best plan: most costs, most mana value (202.3), then ``max_keep`` (most kept costs, then
their mana value), then the summed objectives of section 5 (the concatenated payment's). Shares
no code with ``solver/``.
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

from .brute import _pays_v2
from .keep_brute import brute_keep, mana_value

_V2_ONLY = ("min_drawbacks", "min_cards", "min_counters")
from .keep_effects_brute import brute_keep_effects


def _concat(costs: list[dict]) -> dict:
    return {"cost": "".join(c["cost"] for c in costs) or "{0}",
            "life_cost": sum(c.get("life_cost", 0) for c in costs)}


def brute_plan_keep(board: dict, costs: list[dict], keep: list[dict], order: str) -> dict[str, Any] | None:
    """The best plan's ``{"paid": n, "mana_value": v, "kept_count", "kept_mana_value",
    "objective": {...}}`` (objective: the concatenated payment's, ``max_keep`` first), or None
    when no cost can be paid."""
    n = len(costs)
    if order == "given":
        candidates = [tuple(range(k)) for k in range(n, 0, -1)]
    else:
        candidates = [s for k in range(n, 0, -1) for s in itertools.combinations(range(n), k)]
    best: tuple[tuple, dict[str, Any]] | None = None
    for subset in candidates:
        if best is not None and len(subset) < best[1]["paid"]:
            break  # fewer costs never beat more
        payer = brute_keep_effects if board.get("effects") else brute_keep  # 9.4 with 9.5
        got = payer({**copy.deepcopy(board), **_concat([costs[i] for i in subset]), "keep": copy.deepcopy(keep)})
        if got["status"] != "paid":
            continue
        value = sum(mana_value(costs[i]) for i in subset)
        if not board.get("effects") and not _pays_v2({**board, "cost": "{0}"}):
            # a plan of version 1 costs and board: section 5's sums (the plan reads not keep)
            got["objective"] = {k: v for k, v in got["objective"].items() if k not in _V2_ONLY}
        rest = tuple(-v for name, v in got["objective"].items() if name != "max_keep")
        key = (len(subset), value, got["kept_count"], got["kept_mana_value"], rest)
        if best is None or key > best[0]:
            best = (key, {"paid": len(subset), "mana_value": value, "kept_count": got["kept_count"],
                          "kept_mana_value": got["kept_mana_value"], "objective": got["objective"]})
    return None if best is None else best[1]


__all__ = ["brute_plan_keep", "brute_plan_keep_v2"]


def brute_plan_keep_v2(board: dict, costs: list[dict], keep: list[dict], order: str) -> dict[str, Any] | None:
    """As :func:`brute_plan_keep` for any board and costs (9.1-9.3's keys included): each
    candidate set is paid in each of its orders (the given order with ``"given"``, every order
    with ``"any"``: 601.2h goes cost by cost) by ``keep_keywords_brute``'s plan search."""
    from .brute import _pays_v2 as _is_v2  # the plan reads its costs and board (keep aside)
    from .keep_keywords_brute import brute_plan_keep_keywords
    from .keywords_brute import KEYWORD_KEYS

    v2 = _is_v2({**board, "cost": "{0}"}) or any(
        _is_v2({**board, **c}) or any(c.get(k) for k in KEYWORD_KEYS) for c in costs)
    n = len(costs)
    if order == "given":
        candidates = [tuple(range(k)) for k in range(n, 0, -1)]
    else:
        candidates = [p for k in range(n, 0, -1) for s in itertools.combinations(range(n), k)
                      for p in itertools.permutations(s)]
    best: tuple[tuple, dict[str, Any]] | None = None
    for subset in candidates:
        if best is not None and len(subset) < best[1]["paid"]:
            break  # fewer costs never beat more
        got = brute_plan_keep_keywords(copy.deepcopy(board), [copy.deepcopy(costs[i]) for i in subset],
                                       copy.deepcopy(keep), v2)
        if got["status"] != "paid":
            continue
        value = sum(mana_value(costs[i]) for i in subset)
        rest = tuple(-v for name, v in got["objective"].items() if name != "max_keep")
        key = (len(subset), value, got["kept_count"], got["kept_mana_value"], rest)
        if best is None or key > best[0]:
            best = (key, {"paid": len(subset), "mana_value": value, "kept_count": got["kept_count"],
                          "kept_mana_value": got["kept_mana_value"], "objective": got["objective"]})
    return None if best is None else best[1]
