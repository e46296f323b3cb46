"""A plan's paying order with ``"order": "any"`` (spec section 7: it picks order and subset).

For costs of symbols and life the order doesn't matter: mana made for one cost floats to the
next (118.3a), so the plan pays them as given. With spec 9.3's keys it can: a cost's
``other_costs`` that discards or mills feeds a later cost's delve or ``exile_graveyard``, and a
cost that sacrifices permanents leaves fewer to convoke, improvise or tap for a later one
(solver/cpsat/keywords.py, ``finish_board``). So when the costs with those keys include both
sides of such a pair, the plan tries every order of those costs (the others keep their places)
and keeps the best, up to :data:`MAX_ORDERS` orders; beyond that it tries the given order and
one that puts the feeders first and the sacrificers last, and says the plan is not proven
optimal.
"""

from __future__ import annotations

import itertools
from typing import Any

from tapwise.models.problem import Problem

MAX_ORDERS = 6
"""Every order of up to three such costs (3! = 6 solves of the joint model)."""


def _roles(p: Problem) -> set[str]:
    """What a cost's 9.3 keys do that another cost's order can matter to."""
    kw = p.payment
    if kw is None:
        return set()
    other = kw.other
    out = set()
    if other is not None and (other.discard or other.mill):
        out.add("feeds")
    if kw.delve or (other is not None and other.exile_graveyard):
        out.add("takes")
    if other is not None and other.sacrifice is not None:
        out.add("sacrifices")
    if kw.convoke or kw.improvise or (other is not None and other.tap is not None):
        out.add("taps")
    return out


def paying_orders(problems: list[Problem], candidates: list[int],
                  order: str) -> tuple[list[list[int]], bool]:
    """The orders of ``candidates`` to try, and whether they are all the orders that can differ."""
    if order != "any":
        return [candidates], True
    roles = {i: _roles(problems[i]) for i in candidates}
    movers = [i for i in candidates if roles[i]]
    seen = set().union(*roles.values()) if roles else set()
    if len(movers) < 2 or not ({"feeds", "takes"} <= seen or {"sacrifices", "taps"} <= seen):
        return [candidates], True
    slots = [k for k, i in enumerate(candidates) if roles[i]]

    def placed(perm: tuple[int, ...]) -> list[int]:
        out = list(candidates)
        for k, i in zip(slots, perm):
            out[k] = i
        return out

    if len(list(itertools.islice(itertools.permutations(movers), MAX_ORDERS + 1))) <= MAX_ORDERS:
        return [placed(perm) for perm in itertools.permutations(movers)], True
    ranked = sorted(movers, key=lambda i: ("feeds" not in roles[i], "sacrifices" in roles[i]))
    return [candidates, placed(tuple(ranked))], False


def plan_key(objective: dict[str, Any]) -> tuple[int, ...]:
    """A plan's objective values as one key, larger better: most costs, most mana value, then
    the summed objectives, each least first (their order in ``objective``)."""
    values = [v for k, v in objective.items() if k != "claimed_kept"]
    return (values[0], values[1], *(-v for v in values[2:]))
