"""The plain lane's answer writer (issue 43): the core's solution straight to the answer dict.

``solver.answer.build.build_answer`` answers every problem (keywords, section 9, X, levels,
reductions, converters); a solution of the plain class needs a small part of it, and this writes
that part directly, from what the lane read once per add text (each choice's output as answered,
``plain_lane._add``) and once per symbol (each option's row, ``lane_cost``): the same activations
in the same order, the same payments, the same mana traced to the same sources, so the answer is
``build_answer``'s (then ``group_answer``'s), byte for byte (tests/test_plain_lane.py compares
them on thousands of problems). The pool, its queues and the grouping are ``build``'s own.
"""

from __future__ import annotations

from typing import Any

from tapwise.solver.answer.build import (ManaPool, _add_runs, _replay_plain, colors_of,
                                         group_answer, pay_demands)
from tapwise.solver.answer.size import left_over_fields
from tapwise.solver.contract import Compiled, Solution

_ALL = 2**62  # take every unit the flows name (build._ALL)
_NONE: dict[int, int] = {}


def write(c: Compiled, sol: Solution, taps: list[Any], rows: tuple, total: str) -> dict[str, Any]:
    """The answer of the paid solution ``sol`` of the lane's compiled problem ``c`` (its
    producers ``taps``; ``rows`` per demand and option, ``lane_cost``'s; ``total`` the total
    cost as printed)."""
    pool = ManaPool(c)
    activations = _replay(taps, sol, pool)
    if activations is None:  # a flexible unit ({W/U} as one unit): build's replay splits it
        pool = ManaPool(c)
        activations = _replay_plain(c, sol, pool)[0]
    payments: list[dict[str, Any]] = []
    halves: list[str] = []
    spent: set[str] = set()
    # in demand order, each demand's options in order (build's own loop; no {2/W} here)
    phyrexian = pay_demands(rows, sol.cost_pay, pool, payments, halves, spent, [])
    generic_pay = sol.generic_pay
    if generic_pay:
        numbered = pool.take(generic_pay.get("any", _NONE), _ALL, spent)
        if numbered:
            units = 0
            for m in numbered:
                units += m.get("count", 1)
            payments.insert(0, {"symbol": "{%d}" % units, "mana": numbered})
    colors = colors_of(spent)
    answer: dict[str, Any] = {
        "status": "paid",
        "optimal": sol.optimal,
        "x": sol.x,
        "total_cost": total,
        "announce": {"hybrid": halves, "phyrexian_life": phyrexian},
        "activations": activations,
        "payments": payments,
        "life_paid": 2 * phyrexian,
        "damage": 0,
        "energy_paid": 0,
        "sources_used": sol.objective["min_sources"],
        "sacrificed": 0,
        "colors_spent": colors,
        "counters": None,
        **left_over_fields(pool.left_counts(), pool.left),
        "objective": dict(sol.objective),
    }
    return group_answer(answer)


def _replay(taps: list[Any], sol: Solution, pool: ManaPool) -> list[dict[str, Any]] | None:
    """``build._replay_plain`` for activations of choices making fixed mana, each output once per
    producer: one entry per key in the keys' order (producer, level 0, choice), the mana each
    made put in the pool's queues. None otherwise (a flexible unit split, two choices making
    the same), and build's replay answers."""
    if sol.splits:
        return None
    acts = sol.acts
    queues = pool.queues
    activations: list[dict[str, Any]] = []
    last = -1
    made: set[str] = set()  # what the last producer's entries add
    for key in sorted(acts):
        times = acts[key]
        if not times:
            continue
        pi = key[0]
        p = taps[pi]
        shown = p.shown[key[2]]
        if shown is None:  # a flexible unit: build's replay says what it made
            return None
        adds, units = shown
        if pi != last:
            last = pi
            made = set()
        elif adds in made:  # two choices making the same: build's replay merges them
            return None
        made.add(adds)
        activations.append({"source": p.id, "ability": 0, "adds": adds, "times": times})
        _add_runs(queues, units, p.kind_of_type, p.id, times)
    return activations
