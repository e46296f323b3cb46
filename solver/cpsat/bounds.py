"""Upper bounds of the CP-SAT model's quantities (all are >= 0): they make the weighted sums
of lexicographic objectives exact (``Model.solve``).
"""

from __future__ import annotations

from typing import Any

from tapwise.solver.contract import Compiled, Variant
from tapwise.solver.front.compile import mana_upper_bound


def _generic_bound(c: Compiled, v: Variant, cat: str) -> int:
    """Most generic mana a category of a variant of ``c`` can ask for."""
    if cat == "x":
        return v.x_symbols * c.x_upper
    return sum(d.count * o.units for d in v.demands for o in d.options if o.generic == cat)


def _cost_life_bound(c: Compiled) -> int:
    """Most life a total cost of ``c`` can ask for."""
    return max((v.total.life + sum(2 * d.count for d in v.demands if any(o.life for o in d.options))
                for v in c.variants), default=0)



def bounds(board: Any) -> dict[str, int]:
    """Upper bounds of the quantities of ``board`` (a built ``BoardBuilder``; all are >= 0):
    they make weighted sums exact."""
    c, prob = board.c, board.c.problem
    made = mana_upper_bound(c)  # (with what Doubling Cubes may add)
    ability_life = sum((p.life + p.damage) * p.max_activations
                       + sum(2 * d.count * p.max_activations for d in p.cost
                             if any(o.life for o in d.options))
                       for p in c.producers)
    cost_life = _cost_life_bound(c)
    copies = sum(s.count for s in prob.sources)
    out = {"max_x": c.x_upper, "max_colors": 5, "min_colors": 5,
           "min_life": ability_life + cost_life,
           "min_energy": prob.player.energy, "min_sacrifices": copies, "min_sources": copies,
           "min_waste": made, "min_drawbacks": sum(p.max_activations for p in c.producers
                                                   if p.drawback),
           "min_cards": copies + prob.hand + prob.graveyard + sum(
               p.mill * p.max_activations for p in c.producers),
           "min_counters": sum((p.counters + max(p.removed, default=0)) * p.max_activations
                               for p in c.producers)}
    for part in board.kw_parts.values():
        out["min_cards"] += part.bound_cards()
    if board.plan is not None:
        plan = board.plan
        out["min_life"] = ability_life + sum(_cost_life_bound(cost) for cost in board.costs)
        out["plan_paid"] = len(board.costs)
        out["plan_mana_value"] = sum(plan.mana_values) + sum(
            n * cost.x_upper for n, cost in zip(plan.x_in_value, board.costs))
        out["plan_most_colors"] = out["plan_fewest_colors"] = 5 * len(board.costs)
    return out
