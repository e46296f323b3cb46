"""9.7: effects apply to every {T} ability, a Doubling Cube's included (issue 38): extras,
replacements and multiplies with ``min_amount`` watching the Cube, each answer worked out by
hand and checked by the verifier; each refused on the main before (``...add.double_pool``)."""

from __future__ import annotations

import copy

import tapwise
from tapwise.models.loader import load_problem
from tapwise.solver.verify.replay import verify
from reference.effects_brute import brute_pay_effects

CUBE = {"id": "cube", "types": ["artifact"], "abilities": [{"add": {"double_pool": True}, "mana": "{3}"}]}
ART = {"types": ["artifact"]}


def _pay(problem: dict) -> dict:
    answer = tapwise.pay(copy.deepcopy(problem))
    assert answer["status"] in ("paid", "infeasible"), answer
    assert answer["status"] == brute_pay_effects(copy.deepcopy(problem))["status"]
    if answer["status"] == "paid":
        assert verify(load_problem(copy.deepcopy(problem)), answer) == []
    return answer


def _cube(answer: dict) -> dict:
    return next(a for a in answer["activations"] if a["source"] == "cube")


def test_9_7_an_extra_triggers_once_per_cube_activation_that_made_mana() -> None:
    """7 Forests, a Cube ({3}) under a Mana-Flare-like extra (same type) watching artifacts:
    3 Forests pay the Cube, which reads {G}x4 and adds {G}x4, the extra {G}: 4 + 4 + 1 = 9 {G}
    (10 is one too many)."""
    board = {"sources": [{"name": "Forest", "count": 7}, CUBE],
             "effects": [{"kind": "extra", "when": ART, "add": "same_type"}]}
    cube = _cube(_pay({**board, "cost": "{G}" * 9}))
    assert (cube["adds"], cube["extra"]) == ("{G}{G}{G}{G}", "{G}")
    assert _pay({**board, "cost": "{G}" * 10})["status"] == "infeasible"


def test_9_7_an_extra_does_not_trigger_when_the_cube_read_nothing() -> None:
    """9.7: an ability that made no mana triggers nothing. 3 Forests pay the Cube's {3}, it
    reads an empty pool and adds nothing, so the extra's {B} never comes: {B} is infeasible (the
    Forests make no {B}). With 4 it reads {G}: adds {G}, and the extra {B}."""
    problem = {"cost": "{B}", "sources": [{"name": "Forest", "count": 3}, CUBE],
               "effects": [{"kind": "extra", "when": ART, "add": "{B}"}]}
    assert _pay(problem)["status"] == "infeasible"
    four = {**problem, "sources": [{"name": "Forest", "count": 4}, CUBE]}
    cube = _cube(_pay(four))
    assert (cube["adds"], cube["extra"]) == ("{G}", "{B}")


def test_9_4_min_amount_multiply_applies_when_the_cube_reads_enough() -> None:
    """A multiply by 2 watching artifacts, min_amount 5: 7 Forests, the Cube reads 4 (< 5) and
    adds 4: 8 {G} at most, so {G}x10 is infeasible; 8 Forests, it reads 5 and adds 10: 15 {G},
    its activation's made {G}x5."""
    effects = [{"kind": "multiply", "factor": 2, "when": {**ART, "min_amount": 5}}]
    seven = {"sources": [{"name": "Forest", "count": 7}, CUBE], "effects": effects}
    assert _pay({**seven, "cost": "{G}" * 10})["status"] == "infeasible"
    assert _pay({**seven, "cost": "{G}" * 8})["status"] == "paid"
    eight = {**seven, "sources": [{"name": "Forest", "count": 8}, CUBE], "cost": "{G}" * 15}
    cube = _cube(_pay(eight))
    assert (cube["adds"], cube["made"]) == ("{G}" * 10, "{G}" * 5)


def test_106_12b_a_replace_rewrites_what_the_cube_adds() -> None:
    """A Damping-Sphere-like replace (min_amount 2, into {C}) watching artifacts: 6 Forests, 3 pay
    the Cube, it reads {G}x3 and adds {C} instead (made {G}{G}{G}): {C}{G}{G}{G} is paid;
    {C}{C} is not (the Forests make no {C}, the Cube one)."""
    board = {"sources": [{"name": "Forest", "count": 7}, CUBE],
             "effects": [{"kind": "replace", "when": {**ART, "min_amount": 2}, "into": "{C}"}]}
    cube = _cube(_pay({**board, "cost": "{C}{G}{G}{G}"}))
    assert (cube["adds"], cube["made"]) == ("{C}", "{G}{G}{G}")
    assert _pay({**board, "cost": "{C}{C}"})["status"] == "infeasible"


def test_616_1f_replacement_order_on_the_cube_is_the_players() -> None:
    """Sphere (min_amount 2, into {C}) and a multiply by 2 both watch a Cube costing {1}. Two
    Forests: one pays the Cube, which reads {G}. Sphere can't apply to 1 mana; the multiply
    makes {G}{G}, and then Sphere applies (616.1f): {C}. The pool is {G} (read, not spent) and
    {C}: {C}{G} is paid, {G}{G}{G} is not (it would be if the doubled {G}{G} stayed). Three
    Forests: the Cube reads {G}{G}; Sphere first gives {C}, then the multiply {C}{C}; the
    multiply first gives {G}x4, then Sphere {C}. The player picks (616.1e): {C}{C}{G}{G} is paid
    (Sphere first), {G}x4 is not."""
    cube = {**CUBE, "abilities": [{"add": {"double_pool": True}, "mana": "{1}"}]}
    effects = [{"kind": "replace", "when": {**ART, "min_amount": 2}, "into": "{C}"},
               {"kind": "multiply", "factor": 2, "when": ART}]
    two = {"sources": [{"name": "Forest", "count": 2}, cube], "effects": effects}
    done = _cube(_pay({**two, "cost": "{C}{G}"}))
    assert (done["adds"], done["made"]) == ("{C}", "{G}")
    assert _pay({**two, "cost": "{G}{G}{G}"})["status"] == "infeasible"
    three = {**two, "sources": [{"name": "Forest", "count": 3}, cube]}
    done = _cube(_pay({**three, "cost": "{C}{C}{G}{G}"}))
    assert (done["adds"], done["made"]) == ("{C}{C}", "{G}{G}")
    assert _pay({**three, "cost": "{G}" * 4})["status"] == "infeasible"


def test_9_4_into_type_and_any_color_extra_on_the_cube() -> None:
    """A replace into {B} and an extra of one mana of any color, both watching artifacts, 8
    Forests and a Cube costing {3}: n Forests tapped before it (3 pay it) leave {G} x (n - 3),
    which it reads: it adds {B} x (n - 3) and the extra one mana; the other 8 - n Forests {G}.
    At most 5 {G}, 5 {B} and one more: {B}x6{G}x5 is paid (n = 8: the Cube adds {B}x5, made
    {G}x5, the extra {B}), {B}x6{G}x6 (12 mana) is not."""
    board = {"sources": [{"name": "Forest", "count": 8}, CUBE],
             "effects": [{"kind": "replace", "when": ART, "into_type": "B"},
                         {"kind": "extra", "when": ART, "add": {"any_color": 1}}]}
    cube = _cube(_pay({**board, "cost": "{B}" * 6 + "{G}" * 5}))
    assert (cube["adds"], cube["extra"], cube["made"]) == ("{B}" * 5, "{B}", "{G}" * 5)
    assert _pay({**board, "cost": "{B}" * 6 + "{G}" * 6})["status"] == "infeasible"


def test_9_4_an_on_extra_naming_several_cubes_is_refused_by_name() -> None:
    """The copy an 'on' extra enchants is not split off a Cube entry of several copies: refused,
    naming the field and what to do."""
    problem = {"cost": "{G}", "sources": [{"name": "Forest"}, {**CUBE, "count": 2}],
               "effects": [{"kind": "extra", "on": "cube", "add": "{G}"}]}
    answer = tapwise.pay(problem)
    assert answer["status"] == "error" and "double_pool" in answer["error"]
    assert "entry of its own" in answer["error"]
