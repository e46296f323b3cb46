"""Spec 9.3 in the answer: the payers of convoke, improvise and delve as items of a payment's
``mana`` list (``{"convoke": id}``, ``{"improvise": id}``, ``{"delve": 1}``, one per unit), the
counts ``convoked``, ``improvised``, ``delved``, and what ``other_costs`` took.

The solution names each payer as a pseudo mana kind (a negative number, solver/cpsat/keywords.py)
in the flows of the total cost's payments, so :func:`answer.pay_total` places them as it places
mana; :class:`tapwise.solver.answer.pool.KeywordPool` hands them out. :class:`Late` is what the
total cost took (a plan's next board starts from it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tapwise.solver.contract import Compiled
from tapwise.solver.contract import Solution


@dataclass(frozen=True)
class Late:
    """What the total cost itself took in 601.2h (spec 9.3): copies tapped by convoke,
    improvise and ``other_costs``, copies ``other_costs`` sacrificed, and cards."""

    tapped: tuple[str, ...] = ()
    sacrificed: tuple[str, ...] = ()
    delved: int = 0
    discard: int = 0
    exile: int = 0
    mill: int = 0


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
            report["sacrificed"] = [sources[q].id for q, n in sorted(kw.get("sacrificed",
                                                                            {}).items())
                                    for _ in range(n)]
        if other.tap is not None:
            report["tapped"] = [sources[q].id for q, n in sorted(kw.get("tapped", {}).items())
                                for _ in range(n)]
        for key in ("discard", "exile_graveyard", "mill"):
            if getattr(other, key):
                report[{"discard": "discarded", "exile_graveyard": "exiled",
                        "mill": "milled"}[key]] = getattr(other, key)
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
    sacrificed = tuple(sources[q].id for q, n in sorted(kw.get("sacrificed", {}).items())
                       for _ in range(n))
    other = c.problem.payment.other
    if other is None:
        return Late(tuple(tapped), sacrificed, delved)
    return Late(tuple(tapped), sacrificed, delved, other.discard, other.exile_graveyard, other.mill)
