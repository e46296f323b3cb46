"""The CP-SAT model's total costs: one block of variables per cost (which variant, how each
symbol class is paid, X, generic and its reductions), the colors spent on it, and what a plan
of several costs optimizes (spec section 7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tapwise.solver.contract import Compiled
from tapwise.solver.cpsat.bounds import _generic_bound
from tapwise.solver.sat import INT_MAX, INT_MIN, Terms, Writer, _neg, _not


class _Block:
    """The variables of one total cost in a model: one literal per variant, how each symbol
    class is paid (terms per (variant, demand, option)), flows per (variant, demand, option,
    kind), generic flows per (variant, category, kind), reductions per (variant, category), the
    mana spent per type, and in a plan the literal that says the cost is paid."""

    __slots__ = ("sel", "cost_y", "cost_f", "gen_f", "red", "spent_by_type", "paid")

    def __init__(self) -> None:
        self.sel: list[int] = []
        self.cost_y: dict[tuple[int, int, int], Terms] = {}
        self.cost_f: dict[tuple[int, int, int, int], int] = {}
        self.gen_f: dict[tuple[int, str, int], int] = {}
        self.red: dict[tuple[int, str], int] = {}
        self.spent_by_type: dict[str, Terms] = {t: [] for t in "WUBRGC"}
        self.paid = -1


@dataclass(frozen=True)
class Plan:
    """Several costs paid from one board, each compiled against it (the same mana kinds and
    producers), with the mana value each adds when paid and how many X its mana cost counts;
    ``prefix``: only a prefix of them may be paid ("order": "given")."""

    costs: tuple[Compiled, ...]
    mana_values: tuple[int, ...]
    x_in_value: tuple[int, ...]
    prefix: bool


PLAN_SUMMED = ("min_life", "min_sacrifices", "min_sources", "min_waste")
"""The spec's default objectives (section 5), each summed over a plan's payments."""
PLAN_OBJECTIVES = ("plan_paid", "plan_mana_value", "plan_most_colors",
                   "plan_fewest_colors") + PLAN_SUMMED
PLAN_SUMMED_V2 = ("min_life", "min_sacrifices", "min_drawbacks", "min_cards", "min_counters",
                  "min_sources",
                  "min_waste")
"""Section 9.6's default objectives, summed, for a plan on a version-2 board."""
PLAN_OBJECTIVES_V2 = PLAN_OBJECTIVES[:4] + PLAN_SUMMED_V2
"""A plan's order of preference (spec section 7): most costs, most mana value, the colors the
costs' keywords ask for, then the spec's default objectives summed over the payments."""


def colors(w: Writer, spent_by_type: dict[str, Terms]) -> list[int]:
    """A literal per color, true when mana of that color is spent (``spent_by_type``)."""
    out = []
    lin = w.linear
    for t in "WUBRG":
        b = w.new_bool()
        terms = spent_by_type[t]
        if terms:
            lin(terms, 1, INT_MAX, (b,))
            lin(terms, 0, 0, (_not(b),))
        else:
            lin([(b, 1)], 0, 0)
        out.append(b)
    return out


def plan_quantities(board: Any, lost_total: Terms) -> dict[str, Terms]:
    """What a plan optimizes (spec section 7) on ``board`` (a ``BoardBuilder`` whose blocks are
    built): how many costs it pays, their total mana value (202.3, X as chosen: 202.3e), then
    the colors keywords ask for, summed over the costs (sunburst and converge: most; eclipse:
    fewest). The quantities of every payment are the board's own."""
    plan = board.plan
    assert plan is not None
    w = board.w
    lin = w.linear
    paid = [b.paid for b in board.blocks]
    if plan.prefix:  # "order": "given": what is paid is a prefix of the costs
        for before, after in zip(paid, paid[1:]):
            lin([(after, 1), (before, -1)], INT_MIN, 0)
    player = board.c.problem.player
    if lost_total and (player.keep_life is None or player.keep_life < 0):
        # Life is paid at each step of the plan with what earlier steps left: this keeps
        # every such payment affordable, whatever comes after it (README: plan).
        lin(lost_total, INT_MIN, max(0, player.life))
    value: Terms = []
    most_colors: Terms = []
    fewest_colors: Terms = []
    for bi, (b, cost) in enumerate(zip(board.blocks, board.costs)):
        value.append((b.paid, plan.mana_values[bi]))
        if plan.x_in_value[bi]:
            value.append((board.xs[bi], plan.x_in_value[bi]))
        keywords = cost.problem.keywords
        if "sunburst" in keywords or "converge" in keywords:
            most_colors += [(lit, 1) for lit in colors(w, b.spent_by_type)]
        if "eclipse" in keywords:
            fewest_colors += [(lit, 1) for lit in colors(w, b.spent_by_type)]
    return {"plan_paid": [(lit, 1) for lit in paid], "plan_mana_value": value,
            "plan_most_colors": most_colors, "plan_fewest_colors": fewest_colors}


def cost_block(board: Any, bi: int, c: Compiled, cons_final: list[Terms],
               cost_life_terms: Terms, energy_terms: Terms) -> _Block:
    """The variables and constraints of one total cost ``c`` (the ``bi``-th of ``board``, a
    ``BoardBuilder`` being built): which variant, how each symbol class is paid, X, generic and
    its reductions; its mana is spent after every activation (``cons_final``), its life and
    energy go into the terms given."""
    w = board.w
    lin = w.linear
    most = board.most
    b = _Block()
    part = board.kw_parts.get(bi)  # 9.3: what convoke, improvise and delve pay of this cost
    sels = b.sel = [w.new_bool() for _ in c.variants]
    x = board.xs[bi]
    if board.plan is None:
        w.exactly_one(sels)
    else:  # a cost of a plan may be left unpaid: then no variant, and X is 0
        b.paid = w.new_bool()
        lin([(sel, 1) for sel in sels] + [(b.paid, -1)], 0, 0)
        lin([(x, 1)], 0, 0, (_not(b.paid),))
    cost_y, cost_f, gen_f, red, spent_by_type = b.cost_y, b.cost_f, b.gen_f, b.red, b.spent_by_type
    prob = c.problem
    x_fixed = prob.x if prob.x != "max" else None
    for vi, v in enumerate(c.variants):
        sel = sels[vi]
        generic: dict[str, Terms] = {}
        accept_of: dict[str, frozenset[int]] = {}
        for di, d in enumerate(v.demands):
            ys = []
            # A symbol with one way to pay (and no assumption to relax it) is paid d.count
            # times exactly when its variant is chosen: no variable needed.
            fixed = len(d.options) == 1 and not w.relax
            for oi, o in enumerate(d.options):
                y = [(sel, d.count)] if fixed else [(w.new_int(d.count), 1)]
                cost_y[(vi, di, oi)] = y
                ys += y
                if o.life:
                    cost_life_terms += _neg(y, -o.life)
                if o.generic:
                    generic.setdefault(o.generic, []).extend(_neg(y, -o.units))
                    accept_of[o.generic] = o.accept
                elif o.units:
                    fs = []
                    for k in sorted(o.accept):
                        f = w.new_int(min(d.count * o.units, most[k]))
                        cost_f[(vi, di, oi, k)] = f
                        fs.append((f, 1))
                        cons_final[k].append((f, 1))
                        spent_by_type[c.kinds[k].type].append((f, 1))
                    kw = part.option(vi, di, oi, d, o) if part is not None else []
                    lin(fs + kw + _neg(y, o.units), 0, 0)
            if not fixed:
                w.require((ys + [(sel, -d.count)], 0, 0), (ys, 0, 0),
                              [str(d.symbol)] * d.count)
        # X: a bounded integer; its mana is generic of its own category (x_color, Achroma).
        if v.x_symbols:
            xu = w.new_int(v.x_symbols * c.x_upper)
            lin([(xu, 1), (x, -v.x_symbols)], 0, 0, (sel,))
            lin([(xu, 1)], 0, 0, (_not(sel),))
            generic.setdefault("x", []).append((xu, 1))
            accept_of["x"] = v.x_accept
        if v.x_zero or not v.x_symbols:
            if c.x_upper > 0:  # else X's domain is {0} already
                lin([(x, 1)], 0, 0, (sel,))
            if v.total.variant == "free" and x_fixed:
                lin([(sel, 1)], 0, 0)  # 107.3b: without paying its mana cost, X is 0
        if x_fixed is not None and v.x_symbols and not v.x_zero:
            lit = w.require(None, None, ["{X}"] * v.x_symbols)
            lin([(x, 1)], x_fixed, x_fixed, (sel, lit) if lit is not None else (sel,))
        if v.x_symbols and v.x_zero and x_fixed:
            lin([(sel, 1)], 0, 0)
        # Generic reductions: remove min(R, generic) from the categories the player picks.
        size_ub = {cat: _generic_bound(c, v, cat) for cat in generic}
        if v.total.generic_reduction and generic:
            for cat, size in generic.items():
                r = w.new_int(size_ub[cat])
                red[(vi, cat)] = r
                lin([(r, 1)] + _neg(size), INT_MIN, 0)
            w.min_equality([(red[(vi, cat)], 1) for cat in generic],
                               [[(sel, v.total.generic_reduction)], [t for size in generic.values() for t in size]])
        for cat, size in generic.items():
            fs = []
            for k in sorted(accept_of[cat]):
                f = w.new_int(min(size_ub[cat], most[k]))
                gen_f[(vi, cat, k)] = f
                fs.append((f, 1))
                cons_final[k].append((f, 1))
                spent_by_type[c.kinds[k].type].append((f, 1))
            r = red.get((vi, cat))
            if part is not None:
                fs += part.generic(vi, cat, size_ub[cat])
            lin(fs + _neg(size) + ([(r, 1)] if r is not None else []), 0, 0)
        if v.total.life:
            cost_life_terms.append((w.both(sel, f"{v.total.life} life"), v.total.life))
        if v.energy:
            energy_terms.append((w.both(sel, "".join(["{E}"] * v.energy)), v.energy))
    return b
