"""The total cost as a pure function (601.2f; reductions 118.7a-g; 107.3b; 118.6)."""

from __future__ import annotations

from tapwise.models.loader import load_problem
from tapwise.models.total_cost import total_costs


def outcomes(problem):
    return sorted((sorted(str(t) for t in tc.terms), tc.generic_reduction, tc.life, tc.variant)
                  for tc in total_costs(load_problem(problem)))


def test_additional_and_increase_are_added():
    (tc,) = total_costs(load_problem({"cost": "{1}{R}", "additional": ["{B}"], "increase": ["{2}"], "life_cost": 3}))
    assert sorted(str(t) for t in tc.terms) == ["{1}", "{2}", "{B}", "{R}"]
    assert [t.origin for t in tc.terms if str(t) == "{2}"] == ["increase"]  # 702.86e needs the origin
    assert tc.life == 3


def test_118_6_null_cost_is_unpayable_unless_alternative_or_free():
    assert total_costs(load_problem({"cost": None})) == ()
    assert outcomes({"cost": None, "alternative": "{2}{U}"}) == [(["{2}", "{U}"], 0, 0, "alternative")]
    assert outcomes({"cost": None, "free": True}) == [([], 0, 0, "free")]


def test_107_3b_free_forces_x_zero_and_keeps_additional():
    (tc,) = total_costs(load_problem({"cost": "{X}{R}", "free": True, "additional": ["{1}"]}))
    assert tc.x_forced_zero and [str(t) for t in tc.terms] == ["{1}"]


def test_free_with_alternative_offers_both():
    assert {o[3] for o in outcomes({"cost": "{5}", "alternative": "{1}{U}", "free": True})} == {"alternative", "free"}


def test_118_7a_generic_reduction_is_pending_for_the_player_to_place():
    (tc,) = total_costs(load_problem({"cost": "{3}{S}", "reduce": ["{2}", "{S}"]}))
    assert tc.generic_reduction == 3  # 118.7g: a {S} reduction is generic; {S} itself stays (107.4h)
    assert "{S}" in [str(t) for t in tc.terms]


def test_118_7c_colored_reduction_overflows_to_generic():
    assert outcomes({"cost": "{2}{W}", "reduce": ["{W}", "{W}"]}) == [(["{2}"], 1, 0, "cost")]


def test_118_7b_reduction_of_absent_type_is_generic():
    assert outcomes({"cost": "{3}{G}", "reduce": ["{U}"]}) == [(["{3}", "{G}"], 1, 0, "cost")]


def test_118_7d_colorless_reduction():
    assert outcomes({"cost": "{1}{C}", "reduce": ["{C}{C}"]}) == [(["{1}"], 1, 0, "cost")]


def test_118_7e_hybrid_reduction_player_picks_half():
    got = outcomes({"cost": "{1}{W}{U}", "reduce": ["{W/U}"]})
    assert (["{1}", "{U}"], 0, 0, "cost") in got and (["{1}", "{W}"], 0, 0, "cost") in got
    # a {2/W} reduction: one white, or two generic
    got = outcomes({"cost": "{3}{W}", "reduce": ["{2/W}"]})
    assert (["{3}"], 0, 0, "cost") in got and (["{3}", "{W}"], 2, 0, "cost") in got


def test_118_7e_reduction_meets_hybrid_symbol_announced_either_way():
    got = outcomes({"cost": "{1}{W/U}", "reduce": ["{W}"]})
    # announce W: the reduction removes it; announce U: the reduction falls on generic
    assert (["{1}"], 0, 0, "cost") in got and (["{1}", "{U}"], 1, 0, "cost") in got


def test_118_7f_phyrexian_reduction_removes_its_color():
    assert outcomes({"cost": "{1}{B}", "reduce": ["{B/P}"]}) == [(["{1}"], 0, 0, "cost")]


def test_reduction_can_leave_phyrexian_payable_only_with_life():
    got = outcomes({"cost": "{2}{B/P}", "reduce": ["{B}", "{B}"]})
    assert (["{2}"], 1, 0, "cost") in got  # announce mana: {B/P} removed, one more off generic


def test_concrete_prints_reduced_cost():
    (tc,) = total_costs(load_problem({"cost": "{4}{G}", "reduce": ["{1}"]}))
    assert str(tc.concrete(1)) == "{3}{G}"
    (tc,) = total_costs(load_problem({"cost": "{1}", "reduce": ["{3}"]}))
    assert str(tc.concrete(1)) == "{0}"


def test_total_costs_hash_as_values():
    """Total costs are values: equal ones built apart are the same key, and ones differing in
    any field are not equal."""
    from dataclasses import fields, replace

    from tapwise.models.total_cost import TotalCost

    (tc,) = total_costs(load_problem({"cost": "{1}{R}", "additional": ["{B}"], "life_cost": 3}))
    twin = TotalCost(tuple(tc.terms), tc.variant, tc.generic_reduction, tc.life, tc.x_forced_zero)
    assert twin is not tc and twin == tc and hash(twin) == hash(tc)
    assert {tc: 1}[twin] == 1
    changes = {"terms": tc.terms[1:], "variant": "free", "generic_reduction": 1, "life": 0, "x_forced_zero": True}
    assert set(changes) == {f.name for f in fields(TotalCost)}
    for name, value in changes.items():
        other = replace(tc, **{name: value})
        assert other != tc and twin not in {other: 1}
