"""The independent verifier rejects answers that break the rules (DESIGN principle 4)."""

from __future__ import annotations

import copy

import pytest

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


# -- the full replay's survivors of the fourth session's run: life, energy, the pool, malformed
# payments (docs/verifier.md) -----------------------------------------------------------------

def _replayed(problem: dict, a: dict, quick: bool | None = None) -> list[str]:
    """The full replay's errors; ``verify`` (the quick checker first) must give the same, and
    the quick checker alone says ``quick`` (None: not asked)."""
    from tapwise.solver.verify import plain
    from tapwise.solver.verify.replay import replay

    p = load_problem(problem)
    got = replay(p, copy.deepcopy(a))
    assert verify(p, copy.deepcopy(a)) == got
    if quick is not None:
        assert plain.accepts(p, copy.deepcopy(a), {}) is quick
    return got


def _one_red(has: int, **ability) -> tuple[dict, dict]:
    from test_verify_survivors import act, answer as written, paid

    problem = {"cost": "{R}", "player": {"life": has, "keep_life": None},
               "sources": [{"id": "Land", "abilities": [{"add": "{R}", **ability}]}]}
    return problem, written("{R}", [act("Land", "{R}")], [paid("{R}", ("R", "Land"))], ["R"],
                            sources=1, life=ability.get("life", 0))


def test_119_4_life_is_paid_down_to_zero_and_never_beyond():
    """119.4: a player can pay life up to their life total: 2 life with 2 (an ability's or a
    Phyrexian symbol's, 107.4f), not 1 with 0 (an ability's, or the cost's ``life_cost``).
    (keep_life null: the rules alone decide.)"""
    from test_verify_survivors import answer as written

    assert _replayed(*_one_red(2, life=2), quick=True) == []
    assert _replayed(*_one_red(0, life=1), quick=False) == [
        "abilities cost 1 life but the player has 0"]
    phyrexian = written("{R/P}", [], [{"symbol": "{R/P}", "life": 2}], [], sources=0, life=2)
    phyrexian["announce"]["phyrexian_life"] = 1
    assert _replayed({"cost": "{R/P}", "player": {"life": 2, "keep_life": None}, "sources": []},
                     phyrexian, quick=True) == []
    assert _replayed({"cost": "{0}", "life_cost": 1, "player": {"life": 0, "keep_life": None},
                      "sources": []}, written("{0}", [], [], [], sources=0, life=1),
                     quick=False) == [
        "the cost's 1 life is more than the 0 life left"]


def test_keep_life_holds_only_when_life_is_lost():
    """Spec, player.keep_life (default 1): a painland's 1 damage from 1 life leaves 0, below it;
    a player at 0 life paying {R} from a land loses nothing, and keep_life says nothing; with
    keep_life null, two painlands' damage from 1 life is legal."""
    problem, a = _one_red(1, damage=1)
    problem["player"] = {"life": 1}
    a["damage"] = a["objective"]["min_life"] = 1
    assert _replayed(problem, a, quick=False) == ["leaves 0 life, below keep_life 1"]
    problem["player"] = {"life": 2}  # leaves 1: keep_life 1 is kept
    assert _replayed(problem, a, quick=True) == []
    problem, a = _one_red(0)
    problem["player"] = {"life": 0}
    assert _replayed(problem, a, quick=True) == []
    problem, a = _one_red(1, damage=1)  # keep_life null: damage may take life below 0 (119.3)
    problem["sources"][0]["count"] = 2
    a["activations"][0]["times"] = a["objective"]["min_sources"] = a["sources_used"] = 2
    a["damage"] = a["objective"]["min_life"] = 2
    a["left_over"], a["left_over_counts"], a["objective"]["min_waste"] = ["{R}"], {"R": 1}, 1
    assert _replayed(problem, a, quick=True) == []


def test_107_14_energy_of_abilities_and_of_the_cost_add_up():
    """107.14: {E}{E} in the cost and an ability's {E}: 3 energy, more than 2, and min_energy
    3 when there are 3."""
    from test_verify_survivors import act, answer as written, paid

    problem = {"cost": "{E}{E}{G}", "player": {"energy": 2}, "sources": [
        {"id": "Cell", "types": ["artifact"],
         "abilities": [{"add": "{G}", "tap": False, "energy": 1, "uses": 1}]}]}
    a = written("{E}{E}{G}", [act("Cell", "{G}")],
                [{"symbol": "{E}", "energy": 1}] * 2 + [paid("{G}", ("G", "Cell"))], ["G"],
                sources=1, energy=3)
    a["objective"]["min_energy"] = 3
    assert _replayed(problem, a) == ["spends 3 energy but the player has 2"]
    assert _replayed({**problem, "player": {"energy": 3}}, a) == []


POOL_W = {"cost": "{0}", "pool": ["{W}"], "sources": []}


def test_an_answer_from_the_pool_may_leave_out_what_defaults():
    """Section 6, judged by the full replay (mana in the pool: not a plain problem): no
    ``activations``, ``payments`` or ``x`` is none, none and 0; the {W} that was in the pool is
    left (not waste). Leaving out both ``left_over`` and ``left_over_counts`` says nothing."""
    from test_verify_survivors import answer as written

    a = written("{0}", [], [], [], sources=0, left={"W": 1})
    for key in ("activations", "payments", "x"):
        del a[key]
    assert _replayed(POOL_W, copy.deepcopy(a)) == []
    del a["left_over"], a["left_over_counts"]
    assert _replayed(POOL_W, a) == [
        "the answer says nothing of the mana left in the pool (left_over or left_over_counts)"]


def test_mana_spent_from_two_pool_entries_is_not_waste():
    """Two {W} in the pool, each spent: nothing made is left (min_waste 0)."""
    from test_verify_survivors import answer as written

    a = written("{W}{W}", [], [{"symbol": "{W}", "mana": [{"type": "W", "source": "pool",
                                                           "pool": i}]} for i in (0, 1)],
                ["W"], sources=0)
    assert _replayed({"cost": "{W}{W}", "pool": ["{W}", "{W}"], "sources": []}, a) == []


LEFT_W = ["objective min_waste says 0 but the payment gives 1",
          "left_over doesn't match the mana left in the pool (1 {W})",
          "left_over_counts says {} but the pool holds 1 {W}"]


def test_a_payment_s_mana_that_is_not_a_list_of_entries_is_named():
    """A payment's ``mana`` a string, left out, or an entry of count 0 beside a good one: each
    named (the good entry still spent), never a traceback."""
    from test_verify_survivors import act, answer as written

    plains = {"cost": "{W}", "sources": [{"id": "Plains", "count": 2,
                                          "abilities": [{"add": "{W}"}]}]}

    def paying(mana, times: int = 1) -> dict:
        pay = {"symbol": "{W}"} if mana is None else {"symbol": "{W}", "mana": mana}
        return written("{W}", [act("Plains", "{W}", times=times)], [pay], ["W"], sources=times)

    unpaid = ["colors_spent says ['W'] but the payment gives []"] + LEFT_W
    assert _replayed(plains, paying("W")) == [
        "payments[0]: a mana entry needs type and source",
        "payments[0]: {W} is paid with one mana, not 0"] + unpaid
    assert _replayed(plains, paying(None)) == ["payments[0]: {W} is paid with one mana, not 0"] + unpaid
    zero = [{"type": "W", "source": "Plains", "count": 0}, {"type": "W", "source": "Plains"}]
    assert _replayed(plains, paying(zero, times=2)) == [
        "payments[0]: a mana entry's count must be a whole number of at least 1, not 0",
        "payments[0]: {W} is paid with one mana, not 2"] + LEFT_W


def test_609_4b_mana_spent_as_though_any_color_pays_a_colored_symbol():
    """spend_as any_color (609.4b): a Forest's {G} pays {R}."""
    from test_verify_survivors import act, answer as written, paid

    a = written("{R}", [act("Forest", "{G}")], [paid("{R}", ("G", "Forest"))], ["G"], sources=1)
    assert _replayed({"cost": "{R}", "spend_as": "any_color",
                      "sources": [{"id": "Forest", "abilities": [{"add": "{G}"}]}]}, a) == []


def test_doubling_cube_doubles_the_unspent_mana_of_every_source():
    """9.2 double_pool: {U} from each of two Islands unspent when the Cube's {1} is paid (with
    the Wastes' {C}): the Cube adds {U}{U}."""
    from test_verify_survivors import act, answer as written, paid, v2

    cube = {"cost": "{U}{U}{U}{U}", "sources": [
        {"id": "cube", "types": ["artifact"],
         "abilities": [{"add": {"double_pool": True}, "mana": "{1}"}]},
        {"id": "isl", "abilities": [{"add": "{U}"}]}, {"id": "isl2", "abilities": [{"add": "{U}"}]},
        {"id": "wastes", "abilities": [{"add": "{C}"}]}]}
    a = v2(written("{U}{U}{U}{U}", [act("isl", "{U}"), act("isl2", "{U}"), act("wastes", "{C}"),
                                    {**act("cube", "{U}{U}"), "paid": [paid("{1}", ("C", "wastes"))]}],
                   [paid("{U}", ("U", "isl")), paid("{U}", ("U", "isl2")),
                    paid("{U}", ("U", "cube")), paid("{U}", ("U", "cube"))], ["U"], sources=4), 0)
    assert _replayed(cube, a) == []


def test_106_7_a_reflecting_ability_after_a_sacrificed_one_is_still_worked_out():
    """A permanent with Squandered Resources' ability first and a Reflecting Pool's after it:
    the second could produce the Swamp's {B} (the first is read per activation instead)."""
    from test_verify_survivors import act, answer as written, paid, v2

    altar = {"cost": "{B}", "sources": [
        {"id": "altar", "types": ["enchantment"], "abilities": [
            {"add": {"reflect": "sacrificed", "what": "type"}, "tap": False, "uses": "any",
             "sacrifice_other": {"types": ["land"]}},
            {"add": {"reflect": "lands_you_control", "what": "type"}}]},
        _land("swamp", "{B}")]}
    a = v2(written("{B}", [act("altar", "{B}", 1)], [paid("{B}", ("B", "altar"))], ["B"],
                   sources=1), 0)
    assert _replayed(altar, a) == []


@pytest.mark.parametrize("key, value, error", [
    ("source", "Nowhere", "activations[0]: unknown source 'Nowhere'"),
    ("ability", 5, "activations[0]: Plains has no ability 5"),
    ("times", 0, "activations[0]: times must be a whole number of at least 1, not 0"),
    ("adds", ["{W}"], "activations[0]: Plains ability 0 can't add ['{W}']"),
])
def test_an_activation_named_wrong_leaves_the_next_one_read(key, value, error):
    """The first of two activations names no source, no ability, no number of times or no
    mana: it is named, and the second still makes the {W} that pays."""
    from test_verify_survivors import act, answer as written, paid

    a = written("{W}", [act("Plains", "{W}"), act("Plains", "{W}")],
                [paid("{W}", ("W", "Plains"))], ["W"], sources=1)
    a["activations"][0][key] = value
    assert _replayed({"cost": "{W}", "sources": [
        {"id": "Plains", "count": 2, "abilities": [{"add": "{W}"}]}]}, a) == [error]


def test_the_pool_s_mana_keeps_its_snow_and_its_restriction():
    """106.6 / 107.4h: a snow {G} in the pool pays {S}; a {G} restricted to creature spells pays
    the {G} of a creature spell, not of another spell."""
    from test_verify_survivors import answer as written

    pool = {"cost": "{S}{G}", "for": {"kind": "spell", "types": ["creature"]}, "pool": [
        {"mana": "{G}", "snow": True}, {"mana": "{G}", "only": {"types": ["creature"]}}],
        "sources": []}
    a = written("{S}{G}", [], [
        {"symbol": "{S}", "mana": [{"type": "G", "source": "pool", "pool": 0}]},
        {"symbol": "{G}", "mana": [{"type": "G", "source": "pool", "pool": 1}]}], ["G"], sources=0)
    assert _replayed(pool, copy.deepcopy(a)) == []
    assert _replayed({**pool, "for": {"kind": "spell"}}, a) == [
        "payments[1]: no {G} from pool that may be spent here is in the pool at that moment",
        "left_over doesn't match the mana left in the pool (1 {G})",
        "left_over_counts says {} but the pool holds 1 {G}"]
