"""Doubling Cube (9.2 ``{"double_pool": true}``): "double the amount of each type of unspent mana".

What an activation adds is read from the pool as it resolves, after its own cost is paid (9.7:
602.2b, 608.2h): for each type, as much as the pool then holds of it, snow, restricted or not;
the new mana is the Cube's own (snow only if the Cube is, with its ability's restriction, none
of the originals', 106.6). In the model (``cpsat``) the ability is a mana-cost ability whose
every activation is alone on its level: that level spends nothing but its cost and makes nothing
but its mana, so the pool it reads is a linear expression of the levels below, and each type's
output is that expression when the activation happens (an enforced equality), else 0. Copies
of a Cube take a level each, so a second one doubles the first one's mana too.
"""

from __future__ import annotations

from tapwise.models.problem import Ability, Problem, ProblemError, Source
from tapwise.solver.front.effects import affected

UNIT = "*"
"""The unit name under which a Cube's output per type is a split of the solution
(``Solution.splits``)."""
MAX_BOUND = 2**40
"""Bound on one type's output of one activation in the model (a larger one is never reached on a
real board, and CP-SAT's bounds must stay far below 2**62)."""


def check_doubling(problem: Problem, i: int, source: Source, a: Ability, path: str) -> None:
    """Refuse what the model doesn't take beside ``double_pool``, each error naming the key."""
    if a.times is not None:
        raise ProblemError(f"{path}.times", "a double_pool ability doubles the pool once per "
                                            "activation")
    for key in ("sacrifice_other", "tap_other"):
        if getattr(a, key) is not None:
            raise ProblemError(f"{path}.{key}", "is not supported beside double_pool")
    if a.tap:
        for e in affected(problem, source):
            if e.kind != "multiply" or e.min_amount:
                what = (f"a multiply with min_amount {e.min_amount}" if e.kind == "multiply"
                        else "an extra" if e.kind == "extra" else "a replace")
                # CHOICE (docs/effects.md, "Not done"): what a Cube adds is the pool it reads,
                # not a fixed output the effects pass can rewrite; a multiply is a factor on it
                raise ProblemError(f"{path}.add.double_pool",
                                   f"{what} effect (9.4) on the mana a double_pool ability makes "
                                   "is not supported (a multiply without min_amount is)")


def cube_factor(problem: Problem, source: Source, a: Ability) -> int:
    """How many times what a Cube's activation adds is made (9.4, 9.7: effects apply to every {T}
    ability, the Cube's included): each multiply watching it, once each (616.1e; in any order, the
    product is the same). The Cube reads the pool, then its mana is replaced as any mana is."""
    factor = 1
    if a.tap and problem.effects:
        for e in affected(problem, source):
            factor *= e.factor
    return factor
