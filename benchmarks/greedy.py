"""The greedy payer game engines use (Forge/XMage style AI auto-payment), as a baseline.

Published behaviour, reproduced: pay the hardest symbol first (colored and {C}, then the
colored half of {2/W}, Phyrexian, hybrid, generic last); for each symbol spend floating mana
that fits, else activate the first untapped source, in the board's order, whose first
fitting output can pay it; a Phyrexian symbol costs 2 life only when no mana fits; {2/W}
falls back to two generic; never backtrack. It is fast and usually right, and wrong exactly
where an early choice blocks a later symbol, which is what the benchmark counts.
"""

from __future__ import annotations

from typing import Any

from tapwise.models.mana import Kind

from . import GENERIC_FITS, IDX, TYPES, BaselineBoard, Output, accepts, read_problem, result

# Hardest first; stable within a rank, so the cost's printed order breaks ties.
RANK = {Kind.COLORED: 0, Kind.COLORLESS: 0, Kind.TWOBRID: 1, Kind.PHYREXIAN: 2,
        Kind.HYBRID_PHYREXIAN: 2, Kind.HYBRID: 3, Kind.COLORLESS_HYBRID: 3, Kind.GENERIC: 4}


class _Payer:
    """Floating mana, untapped copies and what has been spent so far."""

    def __init__(self, board: BaselineBoard) -> None:
        self.board = board
        self.pool = list(board.pool)  # problem's pool: spent first, never waste
        self.made = [0] * len(TYPES)  # made by activations and not spent yet
        self.left = [e.count for e in board.entries]
        self.life = 0
        self.sources = 0
        self.sacrifices = 0

    def take(self, fits: str) -> bool:
        """Pay one mana of a type in ``fits``: floating first, else tap the first source."""
        for store in (self.pool, self.made):
            for t in fits:
                if store[IDX[t]]:
                    store[IDX[t]] -= 1
                    return True
        for i, entry in enumerate(self.board.entries):
            if not self.left[i]:
                continue
            for output in entry.outputs:
                fit = next((t for t in fits if output.mana[IDX[t]]), None)
                if fit and self.life + output.life <= self.board.life_budget:
                    self._activate(i, output)
                    self.made[IDX[fit]] -= 1
                    return True
        return False

    def _activate(self, i: int, output: Output) -> None:
        self.left[i] -= 1
        self.sources += 1
        self.sacrifices += output.sacrifice
        self.life += output.life
        for t, n in enumerate(output.mana):
            self.made[t] += n

    def pay_life(self, amount: int) -> bool:
        if self.life + amount > self.board.life_budget:
            return False
        self.life += amount
        return True


def run(board: BaselineBoard) -> _Payer | None:
    """The greedy payment of ``board``'s cost: the payer afterwards (``left`` says which copies
    are still unused), or None when it got stuck."""
    if board.life_budget < 0:
        return None
    payer = _Payer(board)
    generic = 0
    for symbol in sorted(board.cost, key=lambda s: RANK.get(s.kind, 5)):
        kind = symbol.kind
        if kind is Kind.GENERIC:
            generic += symbol.amount
        elif kind is Kind.TWOBRID:
            if not payer.take(accepts(symbol)):
                generic += 2
        elif kind in (Kind.PHYREXIAN, Kind.HYBRID_PHYREXIAN):
            if not payer.take(accepts(symbol)) and not payer.pay_life(2):
                return None
        elif not payer.take(accepts(symbol)):
            return None
    for _ in range(generic):
        if not payer.take(GENERIC_FITS):
            return None
    return payer


def pay(problem: dict[str, Any]) -> dict[str, Any]:
    """Greedy payment of a plain problem: ``paid`` with the objective values of the payment
    it found, or ``infeasible`` when it got stuck (which may be wrong: it never backtracks)."""
    board = read_problem(problem)
    payer = run(board)
    if payer is None:
        return result("infeasible")
    objective = {"min_life": payer.life + board.life_cost, "min_sacrifices": payer.sacrifices,
                 "min_sources": payer.sources, "min_waste": sum(payer.made), "min_energy": 0}
    return result("paid", {n: objective[n] for n in board.objectives}, optimal=False)
