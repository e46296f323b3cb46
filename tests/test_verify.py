"""The independent verifier rejects answers that break the rules (DESIGN principle 4)."""

from __future__ import annotations

import copy

from models.problem import load_problem
from solver import pay
from solver.verify import verify

PROBLEM = {"cost": "{1}{W}{U/P}", "pool": ["{C}"],
           "sources": [{"name": "Plains", "count": 2}, {"id": "fountain", "abilities": [{"add": ["{W}", "{U}"]}]}],
           "player": {"life": 3}}


def answer():
    a = pay(PROBLEM)
    assert a["status"] == "paid"
    return copy.deepcopy(a)


def errors(a):
    return verify(load_problem(PROBLEM), a)


def test_good_answer_passes():
    assert errors(answer()) == []


def test_mana_not_made_is_rejected():
    a = answer()
    a["activations"] = a["activations"][1:]
    assert errors(a)


def test_wrong_color_is_rejected():
    a = answer()
    for p in a["payments"]:
        if p["symbol"] == "{W}":
            p["mana"][0]["type"] = "U"
    assert errors(a)


def test_illegal_output_is_rejected():
    a = answer()
    a["activations"][0]["adds"] = "{B}"
    assert any("can't add" in e for e in errors(a))


def test_tapping_more_copies_than_exist():
    a = answer()
    a["activations"].append({"source": "Plains", "ability": 0, "adds": "{W}", "times": 5})
    assert any("tapped more often" in e for e in errors(a))


def test_missing_symbol_is_rejected():
    a = answer()
    a["payments"] = [p for p in a["payments"] if p["symbol"] != "{W}"]
    assert errors(a)


def test_life_beyond_keep_life_is_rejected():
    a = answer()
    a["payments"] = [p if p["symbol"] != "{U/P}" else {"symbol": "{U/P}", "life": 2} for p in a["payments"]]
    a["payments"] = [p for p in a["payments"]]
    problem = dict(PROBLEM, player={"life": 2})
    assert verify(load_problem(problem), a)


def test_misreported_objective_is_rejected():
    a = answer()
    a["objective"]["min_sources"] -= 1
    assert any("min_sources" in e for e in errors(a))


def test_ability_paying_for_itself_is_rejected():
    problem = {"cost": "{W}", "sources": [{"id": "gate", "abilities": [{"mana": "{W/U}", "add": ["{W}{W}"]}]}]}
    forged = {"status": "paid", "x": 0, "activations": [
        {"source": "gate", "ability": 0, "adds": "{W}{W}", "times": 1,
         "paid": [{"symbol": "{W/U}", "mana": [{"type": "W", "source": "gate"}]}]}],
        "payments": [{"symbol": "{W}", "mana": [{"type": "W", "source": "gate"}]}],
        "life_paid": 0, "damage": 0, "energy_paid": 0, "sacrificed": 0, "colors_spent": ["W"], "left_over": [],
        "objective": {}}
    assert any("in the pool at that moment" in e for e in verify(load_problem(problem), forged))


def test_restricted_mana_is_rejected():
    problem = {"cost": "{G}", "for": {"kind": "spell", "types": ["instant"]},
               "sources": [{"id": "elf", "abilities": [{"add": "{G}", "only": {"types": ["creature"]}}]}]}
    assert pay(problem)["status"] == "infeasible"
    forged = {"status": "paid", "x": 0, "activations": [{"source": "elf", "ability": 0, "adds": "{G}", "times": 1}],
              "payments": [{"symbol": "{G}", "mana": [{"type": "G", "source": "elf"}]}],
              "life_paid": 0, "damage": 0, "energy_paid": 0, "sacrificed": 0, "colors_spent": ["G"], "left_over": [],
              "objective": {}}
    assert verify(load_problem(problem), forged)


def test_verifier_matches_hybrid_units_of_an_output_exactly():
    """106.8: an ability adding {W/U}{U/B} may make U and W; a greedy unit-by-unit match (the
    first unit taking U) would wrongly call that illegal."""
    from solver.verify import _one_of_choices

    assert _one_of_choices((("WU", "UB"),), ("U", "W"))
    assert _one_of_choices((("WU", "UB"),), ("B", "W"))
    assert not _one_of_choices((("WU", "UB"),), ("W", "W"))
    assert not _one_of_choices((("WU", "UB"),), ("U",))


def test_verifier_reports_a_non_text_symbol_instead_of_crashing():
    """An answer from elsewhere may hold anything; the verifier names the entry."""
    from solver.verify import verify

    problem = {"cost": "{W}", "sources": [{"id": "plains", "abilities": [{"add": "{W}"}]}]}
    answer = {"status": "paid", "x": 0, "activations": [{"source": "plains", "ability": 0, "adds": "{W}", "times": 1}],
              "payments": [{"symbol": 7, "mana": [{"type": "W", "source": "plains"}]}]}
    errors = verify(problem, answer)
    assert any("payments[0]" in e and "bad symbol" in e for e in errors)


def _forged(activations, payments, **numbers):
    """A paid answer from elsewhere: the verifier knows nothing of how it was found."""
    answer = {"status": "paid", "x": 0, "activations": activations, "payments": payments, "life_paid": 0,
              "damage": 0, "energy_paid": 0, "sacrificed": 0, "colors_spent": [], "left_over": [], "objective": {}}
    answer.update(numbers)
    return answer


def test_exact_output_shortcut_agrees_with_the_matching():
    """``_legal_output`` accepts an output equal to one choice without the matching search; every
    output the search accepts or rejects must come out the same."""
    from itertools import product

    from models.problem import load_ability
    from solver.verify import _legal_output, _one_of_choices

    for add in ("{G}", "{C}{C}", ["{W}", "{U}"], "{W/U}{U/B}", ["{B}{B}", "{G}{G}"], {"any_color": 2},
                {"one_color": 2}, "{2/W}"):
        ab = load_ability({"add": add}, "ability")
        for size in (1, 2, 3):
            for made in product("WUBRGC", repeat=size):
                assert _legal_output(ab, made, None) == _one_of_choices(ab.choices, made), (add, made)


def test_reflecting_ability_activated_after_another_is_still_checked():
    """106.7: what a reflecting ability may add is worked out when one is first activated."""
    problem = load_problem({"cost": "{W}{1}", "sources": [
        {"id": "plains", "abilities": [{"add": "{W}"}]},
        {"id": "reflecting", "abilities": [{"add": {"reflect": "lands_you_control", "what": "type"}}]}]})

    def answer(adds):
        return _forged([{"source": "plains", "ability": 0, "adds": "{W}", "times": 1},
                        {"source": "reflecting", "ability": 0, "adds": adds, "times": 1}],
                       [{"symbol": "{W}", "mana": [{"type": "W", "source": "plains"}]},
                        {"symbol": "{1}", "mana": [{"type": adds[1], "source": "reflecting"}]}],
                       colors_spent=["W"])

    assert verify(problem, answer("{W}")) == []
    assert any("can't add" in e for e in verify(problem, answer("{U}")))


def test_min_sources_counts_copies_a_limited_ability_needs():
    """An ability without {T} used ``uses`` times per copy: three uses of a once-per-copy ability
    need three copies, the same as tapping them would."""
    problem = load_problem({"cost": "{3}", "sources": [
        {"id": "elves", "count": 3, "types": ["creature"], "abilities": [{"add": "{G}", "tap": False, "uses": 1}]}]})

    def answer(min_sources):
        return _forged([{"source": "elves", "ability": 0, "adds": "{G}", "times": 3}],
                       [{"symbol": "{3}", "mana": [{"type": "G", "source": "elves"}] * 3}],
                       colors_spent=["G"], objective={"min_sources": min_sources})

    assert verify(problem, answer(3)) == []
    assert any("min_sources" in e for e in verify(problem, answer(1)))


def test_generic_paid_with_colored_mana_is_rejected_only_under_achroma():
    """Without Achroma any mana pays generic; with it, only colorless pays the object's own (702.86a)."""
    spec = {"cost": "{1}", "sources": [{"id": "forest", "abilities": [{"add": "{G}"}]}]}
    answer = _forged([{"source": "forest", "ability": 0, "adds": "{G}", "times": 1}],
                     [{"symbol": "{1}", "mana": [{"type": "G", "source": "forest"}]}], colors_spent=["G"])
    assert verify(load_problem(spec), answer) == []
    assert any("Achroma" in e for e in verify(load_problem(dict(spec, keywords=["achroma"])), answer))
