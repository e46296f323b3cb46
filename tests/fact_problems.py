"""Random small boards where the order of sacrifices decides what a fact reads (9.1 ``counts``)
and where a sacrifice comes between abilities with a mana cost (9.2), for ``tests/v2_sweep.py
facts`` (issue 38): counted creatures with filters ({1}: Add {R} or {W}, Bog Initiate's {1}: Add
{B}; one whose "{1}, Sacrifice this" makes {G}{G}), a counted creature that sacrifices itself
for mana, a Tower, an Altar and a Transmogrant Altar (with a mana cost) that sacrifice them, a
"{1}, tap a land" ability, one that sacrifices itself and takes a creature, a Cradle-like
reader without a mana cost, a Nykthos-like reader with one, a Treasure, a Signet, a painland,
sometimes a Doubling Cube. The
check is ``test_against_reference.check_against_reference`` (status, the verifier, every
objective when the answer says optimal), against tests/reference/effects_brute.py when a Cube is
on the board (brute.py doesn't take one) and tests/reference/brute.py otherwise.
"""

from __future__ import annotations

import copy
import json
import random

FACT = "creatures"


def fact_problem(r: random.Random) -> dict:
    sources: list[dict] = []
    if r.random() < 0.7:
        own = [{"add": "{G}"}] if r.random() < 0.4 else []
        sources.append({"id": "elf", "types": ["creature"], "counts": [FACT],
                        "count": r.choice([1, 1, 2]),
                        "abilities": own + [{"add": r.choice([["{R}", "{W}"], "{B}"]), "tap": False,
                                             "mana": "{1}", "uses": "any"}]})
        if r.random() < 0.3:  # a counted copy its own mana-cost ability sacrifices
            sources[-1]["abilities"].append({"add": "{G}{G}", "mana": "{1}", "tap": False,
                                             "sacrifice": True})
    if r.random() < 0.4:
        sources.append({"id": "dork", "types": ["creature"], "counts": [FACT],
                        "abilities": [{"add": "{G}"}]})
    if r.random() < 0.3:  # a counted copy that sacrifices itself without a mana cost
        sources.append({"id": "pet", "types": ["creature"], "counts": [FACT],
                        "abilities": [{"add": r.choice(["{G}", "{B}"]), "tap": False,
                                       "sacrifice": True}]})
    if r.random() < 0.5:
        sources.append({"id": "tower", "types": ["land"],
                        "abilities": [{"add": "{C}", "sacrifice_other": {"types": ["creature"]}}]})
    if r.random() < 0.3:
        sources.append({"id": "altar", "types": ["artifact"], "abilities": [
            {"add": "{C}{C}", "tap": False, "uses": "any", "sacrifice_other": {"types": ["creature"]}}]})
    if r.random() < 0.25:  # Transmogrant Altar: a mana cost beside sacrifice_other (9.2)
        sources.append({"id": "transmogrant", "types": ["artifact"], "abilities": [
            {"add": "{C}{C}{C}", "mana": r.choice(["{B}", "{1}"]),
             "sacrifice_other": {"types": ["creature"]}}]})
    if r.random() < 0.2:  # a tap_other beside a mana cost, tapping lands (none is sacrificed:
        # beside a sacrifice of what it taps it is refused)
        sources.append({"id": "drum", "types": ["artifact"], "abilities": [
            {"add": {"any_color": 1}, "mana": "{1}", "tap": False, "uses": 2,
             "tap_other": {"types": ["land"]}}]})
    if r.random() < 0.15:  # sacrifices itself beside sacrifice_other or tap_other (9.2)
        key = r.choice(["sacrifice_other", "tap_other"])
        sources.append({"id": "pit", "types": ["artifact"], "count": r.choice([1, 2]),
                        "abilities": [{"add": "{B}{B}", "tap": False, "sacrifice": True,
                                       key: {"types": ["creature"]}}]})
    if r.random() < 0.5:
        sources.append({"id": "cradle", "types": ["land"],
                        "abilities": [{"add": "{G}", "times": {"fact": FACT}}]})
    cube = r.random() < 0.15
    if r.random() < 0.3 and not cube:  # a mana-cost reader beside a Cube is refused
        sources.append({"id": "nykthos", "types": ["land"],
                        "abilities": [{"add": "{G}", "mana": "{2}", "times": {"fact": FACT}}]})
    if cube:
        sources.append({"id": "cube", "types": ["artifact"],
                        "abilities": [{"add": {"double_pool": True}, "mana": "{1}"}]})
    if r.random() < 0.2:
        sources.append({"id": "treasure", "types": ["artifact"],
                        "abilities": [{"add": {"any_color": 1}, "sacrifice": True}]})
    if r.random() < 0.4:
        sources.append({"id": "forest", "abilities": [{"add": "{G}"}]})
    if r.random() < 0.25:
        sources.append({"id": "pain", "abilities": [{"add": r.choice(["{R}", "{B}"]), "life": 1}]})
    if r.random() < 0.2:
        sources.append({"id": "signet", "types": ["artifact"],
                        "abilities": [{"add": "{W}{B}", "mana": "{1}"}]})
    counted = sum(s.get("count", 1) for s in sources if FACT in s.get("counts", []))
    cost = "".join(r.choice(["{G}", "{G}", "{R}", "{B}", "{W}", "{C}", "{C}", "{1}"])
                   for _ in range(r.randint(1, 5)))
    return {"cost": cost, "facts": {FACT: counted + r.choice([0, 0, 1])}, "sources": sources}


def check_fact_problem(problem: dict) -> None:
    """The same status as the reference that takes the board, a payment the verifier accepts,
    and every objective the reference's when the answer says optimal; an answer that doesn't
    (a fact read between two sacrifices could waste less: docs/semantics.md) must be no better
    than the reference's optimum. A refusal (an error naming what is not modelled) is counted
    apart, as a problem the reference can't take."""
    import tapwise
    from reference import Unsupported
    from reference.brute import brute_pay
    from reference.effects_brute import brute_pay_effects
    from tapwise.models.loader import load_problem
    from tapwise.solver.verify.replay import verify

    answer = tapwise.pay(copy.deepcopy(problem))
    if answer["status"] == "error":
        raise Unsupported("refused by tapwise: " + answer["error"])
    cube = any(s["id"] == "cube" for s in problem["sources"])
    expected = (brute_pay_effects if cube else brute_pay)(copy.deepcopy(problem))
    shown = json.dumps(problem)
    assert answer["status"] == expected["status"], (
        f"status {answer['status']!r}, reference {expected['status']!r}\nproblem: {shown}")
    if answer["status"] != "paid":
        return
    assert verify(load_problem(copy.deepcopy(problem)), answer) == [], shown
    got = [answer["objective"][k] for k in expected["objective"]]
    want = list(expected["objective"].values())
    if answer["optimal"]:
        assert got == want, f"solver {answer['objective']}, reference {expected['objective']}\n{shown}"
    else:
        assert got >= want, f"better than the optimum? {answer['objective']}\n{shown}"
