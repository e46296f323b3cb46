"""Upper bounds of the CP-SAT model's quantities (all are >= 0): they make the weighted sums
of lexicographic objectives exact (``Strategy.solve``).
"""

from __future__ import annotations

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



class Bounds:
    """The bounds half of :class:`tapwise.solver.cpsat.model.Model`."""

    def _bounds(self) -> dict[str, int]:
        """Upper bounds of the quantities (all are >= 0): they make weighted sums exact."""
        c, prob = self.c, self.c.problem
        made = mana_upper_bound(c)  # (with what Doubling Cubes may add)
        ability_life = sum((p.life + p.damage) * p.max_activations
                           + sum(2 * d.count * p.max_activations for d in p.cost if any(o.life for o in d.options))
                           for p in c.producers)
        cost_life = _cost_life_bound(c)
        copies = sum(s.count for s in prob.sources)
        bounds = {"max_x": c.x_upper, "max_colors": 5, "min_colors": 5,
                  "min_life": ability_life + cost_life,
                  "min_energy": prob.player.energy, "min_sacrifices": copies, "min_sources": copies,
                  "min_waste": made, "min_drawbacks": sum(p.max_activations for p in c.producers
                                                          if p.drawback),
                  "min_cards": copies + prob.hand + prob.graveyard + sum(
                      p.mill * p.max_activations for p in c.producers),
                  "min_counters": sum((p.counters + max(p.removed, default=0)) * p.max_activations
                                      for p in c.producers)}
        for part in self.kw_parts.values():
            bounds["min_cards"] += part.bound_cards()
        if self.plan is not None:
            plan = self.plan
            bounds["min_life"] = ability_life + sum(_cost_life_bound(cost) for cost in self.costs)
            bounds["plan_paid"] = len(self.costs)
            bounds["plan_mana_value"] = sum(plan.mana_values) + sum(
                n * cost.x_upper for n, cost in zip(plan.x_in_value, self.costs))
            bounds["plan_most_colors"] = bounds["plan_fewest_colors"] = 5 * len(self.costs)
        return bounds
