"""What compile shares between calls (a board's mana layout, spendable kinds) stays per call
where a board may change it, and means the same as working it out afresh."""

from __future__ import annotations

from tapwise.models.loader import load_problem
from tapwise.solver.queries.pay import pay
from tapwise.solver.front.compile import compile_problem

DUAL = [{"add": ["{W}", "{U}"]}]


def _board(sources, **more):
    return load_problem({"cost": "{1}{W}", "sources": sources, **more})


def test_boards_of_one_layout_share_kinds_but_not_their_lists():
    one = compile_problem(_board([{"id": "a", "abilities": DUAL}, {"id": "i", "name": "Island"}]))
    two = compile_problem(_board([{"id": "b", "count": 3, "abilities": DUAL}, {"id": "j", "name": "Island"}]))
    assert one.kinds == two.kinds and one.kinds is not two.kinds
    assert [p.kind_of_type for p in one.producers] == [p.kind_of_type for p in two.producers]
    before = list(two.kinds)
    one.kind("G", False, None, False)  # a kind added to one board
    assert two.kinds == before and len(one.kinds) == len(before) + 1
    assert compile_problem(_board([{"id": "c", "abilities": DUAL}])).kinds == before[:2]


def test_each_type_made_maps_to_its_own_kind_pool_kinds_first():
    restricted = {"add": "{G}", "only": {"types": ["creature"]}}
    c = compile_problem(_board([
        {"id": "land", "abilities": DUAL}, {"id": "snow", "snow": True, "abilities": [{"add": "{W}"}]},
        {"id": "r", "abilities": [restricted]}, {"id": "tapped", "tapped": 1, "abilities": [{"add": "{B}"}]}],
        pool=["{U}", "{U}", {"mana": "{W}", "snow": True}]))
    assert [(k.type, k.snow, k.pool) for k in c.kinds[:2]] == [("U", False, True), ("W", True, True)]
    assert c.pool_units == {0: 2, 1: 1}
    assert [p.source for p in c.producers] == [0, 1, 2]  # the tapped one can't be activated
    for p in c.producers:
        s, a = c.problem.sources[p.source], c.problem.sources[p.source].abilities[p.ability]
        assert sorted(p.kind_of_type) == sorted(a._types_made)
        for t, k in p.kind_of_type.items():
            kind = c.kinds[k]
            assert (kind.type, kind.snow, kind.only, kind.pool) == (t, s.snow, a.only, False)
    assert "B" in {k.type for k in c.kinds}  # kinds of an ability that can't be activated are kept


def test_restricted_mana_is_spendable_only_where_its_restriction_allows():
    sources = [{"id": "r", "abilities": [{"add": "{G}", "only": {"types": ["creature"]}}]},
               {"id": "forest", "name": "Forest"}]
    creature = compile_problem(load_problem({"cost": "{1}{G}", "for": {"types": ["creature"]},
                                             "sources": sources}))
    sorcery = compile_problem(load_problem({"cost": "{1}{G}", "for": {"types": ["sorcery"]},
                                            "sources": sources}))
    assert creature.kinds == sorcery.kinds
    assert creature.spendable == {0, 1} and sorcery.spendable == {1}
    assert pay({"cost": "{1}{G}", "for": {"types": ["sorcery"]}, "sources": sources})["status"] == "infeasible"
