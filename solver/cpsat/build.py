"""The CP-SAT model of a board: activation counts per (ability class, output choice, level),
splits of flexible units, flows per (mana kind, demand), copy limits per source, life,
energy and the mana balance from level to level; each total cost is a block of its own
(solver/cpsat/costs.py).

:class:`BoardBuilder` writes one board (and its costs) with a model's writer (solver/sat.py),
calling one function per family of constraints, each returning what it made: the levels and
activations (cpsat/levels.py), the Doubling Cubes (cpsat/doubling.py), cards, counters and
copies (cpsat/copies.py), the order of sacrifices and the facts read after them
(cpsat/order.py), 9.3's keywords (cpsat/keywords.py) and the cost blocks (cpsat/costs.py).
"""

from __future__ import annotations

from tapwise.solver.contract import Compiled
from tapwise.solver.cpsat.copies import card_costs, copy_limits
from tapwise.solver.cpsat.costs import Plan, colors, cost_block, plan_quantities
from tapwise.solver.cpsat.doubling import add_doubling
from tapwise.solver.cpsat.keywords import KeywordPart, finish_board
from tapwise.solver.cpsat.levels import (EXACT_LEVELS, activations, late_sacrificers,
                                         late_victim_sources, level_count, most_made,
                                         producer_levels)
from tapwise.solver.cpsat.order import copy_order, late_reads, others
from tapwise.solver.sat import INT_MAX, INT_MIN, Terms, Writer, _neg, _not

__all__ = ["EXACT_LEVELS", "BoardBuilder", "late_victim_sources", "level_count"]


class BoardBuilder:
    """One board's variables and constraints in a model, written with the model's writer ``w``,
    and what they are, kept for the bounds, the read-back and a keep model's links: built in
    ``__init__``. ``kept``: a kept cost's part of a keep model (solver/queries/keep.py): its
    one block may go unpaid like a plan's cost, and it has no plan quantities."""

    def __init__(self, w: Writer, c: Compiled, plan: Plan | None = None,
                 kept: bool = False) -> None:
        """``c``'s board (and a plan's costs, each optional, spec section 7)."""
        self.w = w
        self.c = c
        self.plan = plan
        self.costs = plan.costs if plan is not None else (c,)
        self.L = L = level_count(c)
        self.most = most = most_made(c)  # most mana of each kind a payment can make
        self.xs: list[int] = [w.new_int(cost.x_upper) for cost in self.costs]  # X of each cost
        self.x = self.xs[0]
        late_sac = late_sacrificers(c)
        levels_of = producer_levels(c, L, late_sac)
        made = activations(w, c, L, levels_of, most)
        self.acts = made.acts
        self.splits = made.splits
        self.ability_y = made.ability_y
        self.ability_f = made.ability_f
        self.activations = made.activations
        add_doubling(w, c, L, most, made)  # 9.2 Doubling Cube: alone on its level
        tally = card_costs(w, c, L, made)
        self.cards = tally.cards  # cards used as costs (9.6 min_cards)
        self.sacrifices = tally.sacrifices
        self.counter_terms = tally.counters  # counters removed or put (9.6 min_counters)
        self.drawback_terms = tally.drawbacks  # activations with a drawback (9.6 min_drawbacks)
        self.used = tally.used  # copies used (9.6 min_sources)
        self.copies_used = tally.copies_used  # per source whose copies don't all tap
        by_source: dict[int, list[int]] = {}
        for pi, p in enumerate(c.producers):
            by_source.setdefault(p.source, []).append(pi)
        late_sources = late_victim_sources(c) if late_sac else set()
        taken = others(w, c, self.acts, self.activations, late_sac, late_sources,
                       tuple(range(1, L + 2)))
        self.victims = taken.victims
        # (producer, source, level) -> copies taken after abilities with a mana cost (9.2)
        self.late_victims = taken.late_victims
        self.own_copy_taps = taken.own_copy_taps
        # per source: copies gone + acting after (solver/queries/keep.py links them)
        self.order_limits, floors, self.order_slots = copy_order(w, c, self.acts, by_source,
                                                                 taken)
        # 9.3's keywords and other costs (solver/cpsat/keywords.py): a part per cost that has them
        self.kw_parts: dict[int, KeywordPart] = {}
        for bi, cost in enumerate(self.costs):
            if cost.problem.payment is not None:
                part = self.kw_parts[bi] = KeywordPart(self, cost, None if plan is None else bi)
                part.add_taps(taken.tapped_by)
        self.kw = self.kw_parts.get(0) if plan is None else None
        for si in list(taken.kills) + list(taken.tapped_by) + list(taken.late_kills):
            by_source.setdefault(si, [])  # a permanent with no mana ability may still pay a cost
        copy_limits(w, c, by_source, self.activations, taken, tally, floors)
        late_reads(w, c, self.acts, taken)
        # Each total cost: one variant chosen (in a plan, none for a cost left unpaid).
        cost_life: Terms = []
        self.blocks = [cost_block(self, bi, cost, made.cons[L + 1], cost_life, tally.energy)
                       for bi, cost in enumerate(self.costs)]
        self.waste_terms = self._balance(made.prod, made.cons)
        if self.kw_parts:
            for part in self.kw_parts.values():
                part.finish()
            finish_board(self, [self.kw_parts[bi] for bi in sorted(self.kw_parts)])
        lost_total = self._life(tally, cost_life)
        # Colors spent on the total cost (609.4b), modelled only when an objective counts them.
        self.color_spent: list[int] = []
        if plan is None and {"max_colors", "min_colors"} & set(c.problem.objective):
            self.color_spent = colors(w, self.blocks[0].spent_by_type)
        spent = [(b, 1) for b in self.color_spent]
        # Each quantity as terms; an empty list is the constant 0.
        self.quantities: dict[str, Terms] = {
            "max_x": [(self.x, 1)],
            "max_colors": spent,
            "min_colors": spent,
            "min_life": lost_total,
            "min_energy": tally.energy,
            "min_sacrifices": self.sacrifices,
            "min_drawbacks": self.drawback_terms,
            "min_cards": self.cards,
            "min_counters": self.counter_terms,
            "min_sources": self.used,
            "min_waste": self.waste_terms,
        }
        if plan is not None and not kept:
            self.quantities.update(plan_quantities(self, lost_total))

    def _balance(self, prod: list[list[Terms]], cons: list[list[Terms]]) -> Terms:
        """Mana balance: lower levels pay higher ones; everything fits in the end. Returns the
        waste (mana made and not spent, 9.6 ``min_waste``; the pool's own is not waste)."""
        c, L, lin = self.c, self.L, self.w.linear
        waste: Terms = []
        for k in range(len(c.kinds)):
            pool = c.pool_units.get(k, 0)
            made: Terms = list(prod[0][k])
            used: Terms = []
            for lv in range(1, L + 1):
                used += cons[lv][k]
                if cons[lv][k]:  # levels that spend nothing new are implied by the one before
                    lin(used + _neg(made), INT_MIN, pool)
                made += prod[lv][k]
            used += cons[L + 1][k]
            made += prod[L + 1][k]  # sacrifices made last (9.2) pay the total cost only
            if used:
                lin(used + _neg(made), INT_MIN, pool)
            if not c.kinds[k].pool and made:
                waste += made + _neg(used)
        return waste

    def _life(self, tally, cost_life: Terms) -> Terms:
        """Life (601.2g–h, 118.3) and energy: the abilities' life at most the life there is,
        the total cost's life only while the player has it, the life kept (``keep_life``).
        Returns the life lost in all (9.6 ``min_life``)."""
        lin, w = self.w.linear, self.w
        player = self.c.problem.player
        life = player.life
        life_terms, damage_terms, energy_terms = tally.life, tally.damage, tally.energy
        if life_terms:
            lin(life_terms, INT_MIN, max(0, life))
        if cost_life:
            paying = w.new_bool()
            lin(cost_life, INT_MIN, 0, (_not(paying),))
            lin(cost_life + life_terms + damage_terms, INT_MIN, life, (paying,))
        lost_total = life_terms + damage_terms + cost_life
        if player.keep_life is not None and lost_total:
            loses = w.new_bool()
            lin(lost_total, INT_MIN, 0, (_not(loses),))
            lin(_neg(lost_total), player.keep_life - life, INT_MAX, (loses,))  # life - lost >= keep
        if energy_terms:
            lin(energy_terms, INT_MIN, player.energy)
        return lost_total
