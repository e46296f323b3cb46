"""Why a cost with spec 9.3's keys can't be paid (DESIGN principle 5).

The mana count of ``explain`` knows nothing of the creatures, artifacts and cards that pay in
601.2h, so it would understate what the board can pay: for these problems the plain shortages
of ``other_costs`` are named first (too few permanents of the kind, cards in a zone), and the
rest is the model's own infeasible core.
"""

from __future__ import annotations

from typing import Any

from tapwise.solver.contract import Compiled


def explain_keywords(c: Compiled) -> dict[str, Any]:
    """``why`` and ``conflict`` for an infeasible problem with 9.3's keys."""
    from tapwise.solver.answer.explain import _from_core

    prob = c.problem
    other = prob.payment.other
    if other is not None:
        for key, others, untapped in (("sacrifice_other", other.sacrifice, False), ("tap_other", other.tap, True)):
            if others is None:
                continue
            have = sum(s.count - (s.tapped if untapped else 0) for s in prob.sources if others.matches(s))
            if have < others.n:
                return {"why": f"other_costs.{key} needs {others.n} {'untapped ' if untapped else ''}"
                        f"permanent{'s' if others.n != 1 else ''} of that kind but the board has {have}", "conflict": []}
        makes = {"discard": any(p.discard for p in c.producers), "mill": any(p.mill for p in c.producers)}
        if other.discard > prob.hand:
            return {"why": f"other_costs.discard needs {other.discard} cards but the hand has {prob.hand}",
                    "conflict": []}
        if prob.library is not None and other.mill > prob.library:
            return {"why": f"other_costs.mill needs {other.mill} cards but the library has {prob.library}",
                    "conflict": []}
        if other.exile_graveyard > prob.graveyard + other.discard + other.mill and not (makes["discard"] or makes["mill"]):
            return {"why": f"other_costs.exile_graveyard needs {other.exile_graveyard} cards but the graveyard has "
                    f"{prob.graveyard}", "conflict": []}
    found = _from_core(c)
    if not found["conflict"] and other is not None:
        found["why"] = "the object's other costs (other_costs) can't be paid together with the rest of the cost"
    elif found["conflict"]:
        if any((prob.payment.convoke, prob.payment.improvise, prob.payment.delve)):
            found["why"] += " (with what convoke, improvise and delve can pay)"
        if other is not None:
            found["why"] += " once other_costs has taken its permanents and cards"
    return found
