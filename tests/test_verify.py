"""The independent verifier rejects answers that break the rules (DESIGN principle 4)."""

from __future__ import annotations

import copy

from tapwise.models.loader import load_problem
from tapwise.solver.queries.pay import pay
from tapwise.solver.verify.replay import verify

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
    from tapwise.solver.verify.replay import _one_of_choices

    assert _one_of_choices((("WU", "UB"),), ("U", "W"))
    assert _one_of_choices((("WU", "UB"),), ("B", "W"))
    assert not _one_of_choices((("WU", "UB"),), ("W", "W"))
    assert not _one_of_choices((("WU", "UB"),), ("U",))


def test_verifier_reports_a_non_text_symbol_instead_of_crashing():
    """An answer from elsewhere may hold anything; the verifier names the entry."""
    from tapwise.solver.verify.replay import verify

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

    from tapwise.models.abilities import load_ability
    from tapwise.solver.verify.replay import _legal_output, _one_of_choices

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


def test_min_waste_counts_only_made_mana_left_in_the_pool():
    """min_waste is mana the activations made and nothing spent; mana that was in the pool at the
    start and is left over is not waste, and pool mana spent doesn't make any."""
    problem = load_problem({"cost": "{1}{W}", "pool": ["{C}", "{G}"], "sources": [
        {"id": "plains", "abilities": [{"add": "{W}"}]}, {"id": "sol", "types": ["artifact"], "abilities": [{"add": "{C}{C}"}]}]})
    acts = [{"source": "plains", "ability": 0, "adds": "{W}", "times": 1}]
    pays = [{"symbol": "{1}", "mana": [{"type": "G", "source": "pool", "pool": 1}]},
            {"symbol": "{W}", "mana": [{"type": "W", "source": "plains"}]}]

    def answer(acts, pays, waste, left):
        left_over = ["{C}"] * left if left < 3 else ["{C}", "{C}", "{G}"]  # the pool's {G} too, when unspent
        return _forged(acts, pays, colors_spent=["W", "G"], left_over=left_over, objective={"min_waste": waste})

    assert verify(problem, answer(acts, pays, 0, 1)) == []
    assert any("min_waste" in e for e in verify(problem, answer(acts, pays, 1, 1)))
    # Sol Ring's two {C} made and one spent: one wasted, and left over with the pool's {C} and {G}.
    sol = acts + [{"source": "sol", "ability": 0, "adds": "{C}{C}", "times": 1}]
    by_sol = [{"symbol": "{1}", "mana": [{"type": "C", "source": "sol"}]}, pays[1]]
    assert verify(problem, dict(answer(sol, by_sol, 1, 3), colors_spent=["W"])) == []
    assert any("min_waste" in e for e in verify(problem, dict(answer(sol, by_sol, 0, 3), colors_spent=["W"])))
    assert any("left_over" in e for e in verify(problem, dict(answer(sol, by_sol, 1, 2), colors_spent=["W"])))


def test_misreported_numbers_are_each_named():
    a = answer()
    assert errors(a) == []
    a["colors_spent"] = list(reversed(a["colors_spent"]))
    a["sacrificed"] = 1
    found = errors(a)
    assert any(e.startswith("colors_spent says") for e in found)
    assert any(e.startswith("sacrificed says") for e in found)
    b = answer()
    del b["life_paid"]
    assert any(e.startswith("life_paid says None") for e in errors(b))


def test_objective_names_without_a_value_are_not_misreports():
    a = answer()
    a["objective"]["min_lands"] = None
    assert errors(a) == []
    a["objective"]["min_lands"] = 0
    assert any("objective min_lands" in e for e in errors(a))


def test_generic_amounts_and_twobrid_halves_are_checked():
    problem = load_problem({"cost": "{2/W}{X}", "x": 1, "sources": [
        {"id": "wastes", "count": 4, "abilities": [{"add": "{C}"}]}]})

    def answer(x_mana, half_mana, half="{2}"):
        c = {"type": "C", "source": "wastes"}
        return _forged([{"source": "wastes", "ability": 0, "adds": "{C}", "times": x_mana + half_mana}],
                       [{"symbol": "{X}", "mana": [c] * x_mana}, {"symbol": "{2/W}", "half": half, "mana": [c] * half_mana}],
                       x=1, objective={"min_sources": x_mana + half_mana})

    assert verify(problem, answer(1, 2)) == []
    assert any("generic mana paid is 2" in e for e in verify(problem, answer(1, 1)))
    assert any("generic mana paid is 2 but the total cost needs 3" in e for e in verify(problem, answer(0, 2)))
    assert any("more than two mana" in e for e in verify(problem, answer(0, 3)))
    assert any("paid with one mana" in e for e in verify(problem, answer(1, 2, half="{W}")))


def test_paid_symbols_must_make_up_the_total_cost():
    problem = load_problem({"cost": "{X}{W}", "x": 1, "sources": [{"id": "plains", "count": 3, "abilities": [{"add": "{W}"}]}]})
    w = {"type": "W", "source": "plains"}
    acts = [{"source": "plains", "ability": 0, "adds": "{W}", "times": 2}]
    good = _forged(acts, [{"symbol": "{X}", "mana": [w]}, {"symbol": "{W}", "mana": [w]}], x=1, colors_spent=["W"])
    assert verify(problem, good) == []
    two_x = dict(good, payments=[{"symbol": "{X}", "mana": [w]}, {"symbol": "{X}", "mana": [w]}])
    assert any("1 {X} in the total cost, 2 paid" in e for e in verify(problem, two_x))
    as_lower = dict(good, payments=[{"symbol": "{X}", "mana": [w]}, {"symbol": "{w}", "mana": [w]}])
    assert any("payments cover" in e for e in verify(problem, as_lower))


def test_reflecting_sees_the_right_side_when_both_sides_list_the_same_card():
    """106.7 for an opponent's reflecting land looks at our lands, and ours at theirs, even when
    both sides list an identical entry (which the loader may share)."""
    reflecting = {"id": "exotic", "types": ["artifact"], "abilities": [{"add": {"reflect": "lands_opponents_control"}}]}
    problem = load_problem({"cost": "{1}", "sources": [reflecting, {"id": "forest", "abilities": [{"add": "{G}"}]}],
                            "opponent_sources": [reflecting, {"id": "island", "abilities": [{"add": "{U}"}]}]})

    def answer(adds):
        return _forged([{"source": "exotic", "ability": 0, "adds": adds, "times": 1}],
                       [{"symbol": "{1}", "mana": [{"type": adds[1], "source": "exotic"}]}],
                       colors_spent=[adds[1]])

    assert verify(problem, answer("{U}")) == []
    assert any("can't add" in e for e in verify(problem, answer("{G}")))


def test_mana_alike_but_for_a_restriction_is_told_apart():
    """One source making {G} both restricted and not (106.6): each unit spent must be one that
    may be spent on this object, whichever order the pool holds them in."""
    spec = {"cost": "{G}{G}", "sources": [{"id": "elf", "types": ["creature"], "abilities": [
        {"add": "{G}", "tap": False, "only": {"types": ["creature"]}}, {"add": "{G}", "tap": False}]}]}
    g = {"type": "G", "source": "elf"}
    for order in ([0, 1], [1, 0]):
        answer = _forged([{"source": "elf", "ability": j, "adds": "{G}", "times": 1} for j in order],
                         [{"symbol": "{G}", "mana": [g]}, {"symbol": "{G}", "mana": [g]}], colors_spent=["G"])
        assert verify(load_problem(dict(spec, **{"for": {"types": ["creature"]}})), answer) == []
        found = verify(load_problem(dict(spec, **{"for": {"types": ["instant"]}})), answer)
        assert found[0] == "payments[1]: no {G} from elf that may be spent here is in the pool at that moment"


def test_an_abilitys_mana_cost_counts_each_symbol():
    """605.3b / 118.3: a filter whose cost is {G}{G} needs two {G} paid, both from the pool; one
    is too few (issue 44: a mutant counted each symbol once)."""
    from test_verify_survivors import act, answer as written, paid
    from tapwise.solver.verify.replay import replay

    problem = {"cost": "{U}{U}", "sources": [
        {"id": "Forest", "count": 2, "abilities": [{"add": "{G}"}]},
        {"id": "Filter", "abilities": [{"add": "{U}{U}", "mana": "{G}{G}"}]}]}
    both = [paid("{G}", ("G", "Forest")), paid("{G}", ("G", "Forest"))]
    a = written("{U}{U}", [act("Forest", "{G}", times=2), {**act("Filter", "{U}{U}"), "paid": both}],
                [paid("{U}", ("U", "Filter")), paid("{U}", ("U", "Filter"))], ["U"], sources=3)
    p = load_problem(problem)
    assert replay(p, copy.deepcopy(a)) == [] and verify(p, copy.deepcopy(a)) == []
    a["activations"][1]["paid"] = both[:1]
    assert verify(p, copy.deepcopy(a)) == replay(p, copy.deepcopy(a)) == [
        "activations[1]: its cost {G}{G} x1 is paid as {'{G}': 1}",
        "objective min_waste says 0 but the payment gives 1",
        "left_over doesn't match the mana left in the pool (1 {G})",
        "left_over_counts says {} but the pool holds 1 {G}"]


def test_a_generic_ability_cost_is_paid_with_its_amount():
    """118.7a / 605.3b: a filter costing {2} is paid with two mana for its one symbol."""
    from test_verify_survivors import act, answer as written, paid
    from tapwise.solver.verify.replay import replay

    problem = {"cost": "{U}{U}", "sources": [
        {"id": "Wastes", "count": 2, "abilities": [{"add": "{C}"}]},
        {"id": "Filter", "abilities": [{"add": "{U}{U}", "mana": "{2}"}]}]}
    two = {"symbol": "{2}", "mana": [{"type": "C", "source": "Wastes"}] * 2}
    a = written("{U}{U}", [act("Wastes", "{C}", times=2), {**act("Filter", "{U}{U}"), "paid": [two]}],
                [paid("{U}", ("U", "Filter")), paid("{U}", ("U", "Filter"))], ["U"], sources=3)
    p = load_problem(problem)
    assert replay(p, copy.deepcopy(a)) == [] and verify(p, copy.deepcopy(a)) == []


def test_an_answer_without_objective_values_is_judged_on_the_rest():
    """Section 6: ``objective`` may be left out; both checkers then compare nothing there (the
    quick one accepts the legal answer itself)."""
    from test_verify_survivors import act, answer as written, paid
    from tapwise.solver.verify import plain
    from tapwise.solver.verify.replay import replay

    p = load_problem({"cost": "{W}", "sources": [{"id": "Plains", "abilities": [{"add": "{W}"}]}]})
    a = written("{W}", [act("Plains", "{W}")], [paid("{W}", ("W", "Plains"))], ["W"], sources=1)
    del a["objective"]
    assert replay(p, copy.deepcopy(a)) == [] and verify(p, copy.deepcopy(a)) == []
    assert plain.accepts(p, copy.deepcopy(a), {}) is True


# -- 106.7: what a reflecting ability could produce (verify/replay.py _could_produce; the fourth
# session's mutation runs, docs/verifier.md) ---------------------------------------------------

def _land(sid: str, add, **more) -> dict:
    return {"id": sid, "types": ["land"], "tapped": True, **more, "abilities": [{"add": add}]}


SQUANDERED = {"cost": "{U}{R}{R}", "sources": [
    {"id": "sq", "types": ["enchantment"], "abilities": [{
        "add": {"reflect": "sacrificed", "what": "type"}, "tap": False, "uses": "any",
        "sacrifice_other": {"types": ["land"]}}]},
    _land("dual", ["{U}", "{B}"]),
    _land("vale", {"one_color": 1, "of": "chosen"}, chosen="R"),
    _land("orchard", {"reflect": "lands_you_control", "what": "type"}),
    _land("lonely", {"reflect": "lands_opponents_control", "what": "color"}),
]}


def _squandered(victims: list[str], adds: list[str]) -> dict:
    from test_verify_survivors import answer as written, paid, v2

    acts = [{"source": "sq", "ability": 0, "adds": a, "times": 1, "sacrificed": [v]}
            for v, a in zip(victims, adds)]
    a = v2(written("{U}{R}{R}", acts, [paid(a, (a[1], "sq")) for a in ("{U}", "{R}", "{R}")],
                   ["U", "R"], sources=1), 0)
    a["sacrificed"] = a["objective"]["min_sacrifices"] = 3
    return a


def test_106_7_the_sacrificed_land_could_produce_what_its_abilities_make():
    """106.7 (Squandered Resources: "one mana of any type the sacrificed land could produce";
    tapped lands still could): the dual could produce {U} or {B}; the land of a chosen color
    {R} (9.2: its add reads the board); the Orchard what the lands it reflects could, so {R}
    too. The land reflecting an opponent's lands, of which there are none, could produce
    nothing (a reflecting land that sees no land is still read)."""
    from tapwise.solver.verify.replay import replay

    p = load_problem(SQUANDERED)
    a = _squandered(["dual", "orchard", "vale"], ["{U}", "{R}", "{R}"])
    assert replay(p, copy.deepcopy(a)) == [] and verify(p, copy.deepcopy(a)) == []
    b = _squandered(["lonely", "orchard", "vale"], ["{U}", "{R}", "{R}"])
    assert verify(p, copy.deepcopy(b)) == replay(p, copy.deepcopy(b)) == [
        "activations[0]: sq ability 0 can't add '{U}'",
        "payments[0]: no {U} from sq that may be spent here is in the pool at that moment",
        "sacrificed says 3 but the payment gives 2",
        "colors_spent says ['U', 'R'] but the payment gives ['R']",
        "objective min_sacrifices says 3 but the payment gives 2"]
    c = _squandered(["dual", "orchard", "vale"], ["{U}", "{R}", "{U}"])  # vale: {R} only
    assert verify(p, copy.deepcopy(c)) == replay(p, copy.deepcopy(c)) == [
        "activations[2]: sq ability 0 can't add '{U}'",
        "payments[2]: no {R} from sq that may be spent here is in the pool at that moment",
        "sacrificed says 3 but the payment gives 2",
        "objective min_sacrifices says 3 but the payment gives 2"]


REFLECTING = {"cost": "{C}{R}", "sources": [
    {**_land("reflecting", {"reflect": "lands_you_control", "what": "type"}), "tapped": 0},
    {**_land("orchard", {"reflect": "lands_opponents_control", "what": "color"}), "tapped": 0},
    _land("vale", {"one_color": 1, "of": "chosen"}, chosen="R"),
    _land("wastes", "{C}"),
    {**_land("buried", "{W}", zone="graveyard"), "tapped": 0},
], "opponent_sources": [_land("forest", "{G}"), _land("desert", "{C}"),
                        _land("their orchard", {"reflect": "lands_opponents_control"})]}


def _reflected(first: str, second: str) -> dict:
    from test_verify_survivors import act, answer as written, paid, v2

    return v2(written("{C}{R}", [act("reflecting", first), act("orchard", second)],
                      [paid("{C}", (first[1], "reflecting")), paid("{R}", (second[1], "orchard"))],
                      ["R"], sources=2), 0)


def test_106_7_lands_could_produce_through_other_reflecting_lands_of_either_side():
    """106.7, worked out until nothing changes: the Orchard (a color an opponent's land could
    produce) sees their Orchard, which sees my lands: the chosen-color land's {R} (9.2) reaches
    my Orchard on the second pass only. My Reflecting Pool (a type) could produce the Wastes'
    {C} (tapped lands still could), not the {W} of a land card in the graveyard (no land on the
    battlefield); the Orchard, a color, never {C}."""
    from tapwise.solver.verify.replay import replay

    p = load_problem(REFLECTING)
    a = _reflected("{C}", "{R}")
    assert replay(p, copy.deepcopy(a)) == [] and verify(p, copy.deepcopy(a)) == []
    b = _reflected("{W}", "{R}")
    assert verify(p, copy.deepcopy(b)) == replay(p, copy.deepcopy(b)) == [
        "activations[0]: reflecting ability 0 can't add '{W}'",
        "payments[0]: no {W} from reflecting that may be spent here is in the pool at that moment",
        "objective min_sources says 2 but the payment gives 1"]
    c = _reflected("{C}", "{C}")
    assert verify(p, copy.deepcopy(c)) == replay(p, copy.deepcopy(c)) == [
        "activations[1]: orchard ability 0 can't add '{C}'",
        "payments[1]: no {C} from orchard that may be spent here is in the pool at that moment",
        "colors_spent says ['R'] but the payment gives []",
        "objective min_sources says 2 but the payment gives 1"]
