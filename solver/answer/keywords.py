"""Spec 9.3 in the answer: the payers of convoke, improvise and delve as items of a payment's
``mana`` list (``{"convoke": id}``, ``{"improvise": id}``, ``{"delve": 1}``, one per unit), the
counts ``convoked``, ``improvised``, ``delved``, and what ``other_costs`` took.

The solution names each payer as a pseudo mana kind (a negative number, solver/cpsat/keywords.py)
in the flows of the total cost's payments, so :func:`answer.pay_total` places them as it places
mana; :class:`KeywordPool` hands them out.
"""

from __future__ import annotations

from typing import Any

from tapwise.solver.answer.build import ManaPool
from tapwise.solver.contract import Compiled
from tapwise.solver.contract import Solution
from tapwise.solver.queries.plan_board import Late


class KeywordPool(ManaPool):
    """The mana pool of an answer, and beside it a queue of keyword items per pseudo kind.
    With ``shared``, the mana is taken from that pool (a plan's, which every cost pays from)
    and only the keyword items, this cost's own, are held here."""

    def __init__(self, c: Compiled, sol: Solution, shared: ManaPool | None = None) -> None:
        super().__init__(c)
        self._take_mana = super().take if shared is None else shared.take
        kw = sol.keywords or {}
        sources = c.problem.sources
        self.items: dict[int, list[dict[str, Any]]] = {}
        for i, (keyword, q) in enumerate(kw.get("payer", ())):
            k = -1 - i
            item = {"delve": 1} if keyword == "delve" else {keyword: sources[q].id}
            self.items[k] = [dict(item) for _ in range(kw["units"].get(k, 0))]
        self.given: dict[int, int] = {}

    def take(self, flows: dict[int, int], n: int, spent: set[str] | None = None) -> list[dict[str, Any]]:
        """As :meth:`ManaPool.take`; the keyword items first (their kinds sort first)."""
        out: list[dict[str, Any]] = []
        left = n
        real: dict[int, int] = {}
        for k in sorted(flows):
            if k >= 0:
                real[k] = flows[k]
                continue
            units = min(flows[k], left)
            start = self.given.get(k, 0)
            out += self.items[k][start:start + units]
            self.given[k] = start + units
            left -= units
        return out + (self._take_mana(real, left, spent) if real and left > 0 else [])


def keyword_fields(c: Compiled, sol: Solution, answer: dict[str, Any]) -> dict[str, Any]:
    """The answer fields of 9.3 (and ``discarded``, ``sacrificed`` with other_costs' share)."""
    kw = sol.keywords or {}
    sources = c.problem.sources
    counts = {"convoke": 0, "improvise": 0, "delve": 0}
    for i, (keyword, _) in enumerate(kw.get("payer", ())):
        counts[keyword] += kw["units"].get(-1 - i, 0)
    out: dict[str, Any] = {"convoked": counts["convoke"], "improvised": counts["improvise"],
                           "delved": counts["delve"]}
    other = c.problem.payment.other
    if other is not None:
        report: dict[str, Any] = {}
        if other.sacrifice is not None:
            report["sacrificed"] = [sources[q].id for q, n in sorted(kw.get("sacrificed", {}).items())
                                    for _ in range(n)]
        if other.tap is not None:
            report["tapped"] = [sources[q].id for q, n in sorted(kw.get("tapped", {}).items()) for _ in range(n)]
        for key in ("discard", "exile_graveyard", "mill"):
            if getattr(other, key):
                report[{"discard": "discarded", "exile_graveyard": "exiled", "mill": "milled"}[key]] = getattr(other, key)
        out["other_costs"] = report
        out["discarded"] = answer.get("discarded", 0) + other.discard
        out["sacrificed"] = answer["sacrificed"] + len(report.get("sacrificed", ()))
    return out


def late_taken(c: Compiled, sol: Solution, payments: list[dict[str, Any]]) -> Late:
    """What the total cost took in 601.2h, named as the answer names it: the creatures and
    artifacts its payments convoked and improvised and its other costs tapped, one id per copy,
    the copies its other costs sacrificed, the cards delved and taken (a plan's next costs are
    paid on the board this leaves, solver/queries/plan_board.py)."""
    if sol.keywords is None:
        return Late()
    tapped: list[str] = []
    delved = 0
    for pay in payments:
        for item in pay.get("mana", ()):
            if "convoke" in item or "improvise" in item:
                tapped.append(item.get("convoke") or item["improvise"])
            elif "delve" in item:
                delved += 1
    sources = c.problem.sources
    kw = sol.keywords
    tapped += [sources[q].id for q, n in sorted(kw.get("tapped", {}).items()) for _ in range(n)]
    sacrificed = tuple(sources[q].id for q, n in sorted(kw.get("sacrificed", {}).items()) for _ in range(n))
    other = c.problem.payment.other
    if other is None:
        return Late(tuple(tapped), sacrificed, delved)
    return Late(tuple(tapped), sacrificed, delved, other.discard, other.exile_graveyard, other.mill)
