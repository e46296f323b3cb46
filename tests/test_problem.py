"""Loading the problem JSON (spec section 2, 3): strict validation naming the field path."""

from __future__ import annotations

import copy

import pytest

from tapwise.models.problem import ProblemError, dump_problem
from tapwise.models.loader import load_problem

BOARD = [{"name": "Plains", "count": 2}, {"name": "Snow-Covered Island"},
         {"id": "fountain", "abilities": [{"add": ["{W}", "{U}"]}]}]


@pytest.mark.parametrize("problem, path, words", [
    ({"cost": "{1}", "sorces": []}, "sorces", "did you mean 'sources'"),
    ({"sources": []}, "cost", "required"),
    ({"cost": "{Q}"}, "cost", "{Q}"),
    ({"cost": "{1}", "sources": [{"name": "Forest", "count": -1}]}, "sources[0].count", "at least 0"),
    ({"cost": "{1}", "sources": [{"name": "Forest", "count": "two"}]}, "sources[0].count", "whole number"),
    ({"cost": "{1}", "sources": [{"name": "Forest"}, {"name": "Forest"}, {"name": "Island"}, {"abilities": [{"add": "{W"}]}]}, "sources[3].abilities[0].add", "{"),
    ({"cost": "{1}", "sources": [{"abilities": [{"add": "{W}", "tapp": True}]}]}, "sources[0].abilities[0].tapp", "did you mean 'tap'"),
    ({"cost": "{1}", "sources": [{"abilities": [{"add": {"any_colour": 1}}]}]}, "sources[0].abilities[0].add", "any_color"),
    ({"cost": "{1}", "sources": [{"abilities": [{"add": "{W}", "only": {"colors": "purple"}}]}]},
     "sources[0].abilities[0].only.colors", "purple"),
    ({"cost": "{1}", "pool": ["{W/U}"]}, "pool[0]", "type of mana"),
    ({"cost": "{1}", "x_color": "Q"}, "x_color", "one of"),
    ({"cost": "{1}", "keywords": ["achromа"]}, "keywords[0]", "unknown keyword"),
    ({"cost": "{1}", "objective": ["min_lands"]}, "objective[0]", "unknown objective"),
    ({"cost": "{1}", "player": {"life": 20, "mana": 3}}, "player.mana", "unknown key"),
    ({"cost": "{1}", "x": -1}, "x", "at least 0"),
    ({"cost": "{1}", "x": "lots"}, "x", "\"max\""),
    ({"cost": "{1}", "time_limit": 0}, "time_limit", "positive"),
    ({"cost": "{1}", "sources": [{"name": "Forest", "count": 2, "tapped": 3}]}, "sources[0].tapped", "count is 2"),
    ({"cost": "{1}", "sources": [{"name": "Not A Card Name"}]}, "sources[0].abilities", "not a basic land"),
    ({"cost": "{1}", "sources": [{"id": "a", "name": "Forest"}, {"id": "a", "name": "Forest"}]}, "sources[1].id", "duplicate"),
    ({"cost": "{1}", "for": {"kind": "creature"}}, "for.kind", "one of"),
    ({"cost": "{1}", "sources": [{"id": "s", "abilities": [{"add": "{W}", "mana": "{X}"}]}]},
     "sources[0].abilities[0].mana", "{X} in a mana ability's cost"),  # was a withheld answer, not an error
])
def test_errors_name_the_field(problem, path, words):
    with pytest.raises(ProblemError) as info:
        load_problem(problem)
    assert info.value.path == path
    assert words in str(info.value)


def test_basic_names_imply_abilities_and_snow():
    p = load_problem({"cost": "{1}", "sources": BOARD})
    plains, island, fountain = p.sources
    assert plains.abilities[0].choices == (("W",),) and plains.count == 2 and not plains.snow
    assert island.snow and island.abilities[0].choices == (("U",),)
    assert fountain.abilities[0].choices == (("W",), ("U",))


def test_ids_made_unique():
    p = load_problem({"cost": "{1}", "sources": [{"name": "Forest"}, {"name": "Forest"}, {"id": "Forest#2", "name": "Plains"},
                                                   {"abilities": [{"add": "{C}"}]}]})
    assert [s.id for s in p.sources] == ["Forest", "Forest#3", "Forest#2", "source3"]


def test_outputs_follow_106_8_to_106_11():
    p = load_problem({"cost": "{1}", "sources": [{"abilities": [
        {"add": "{W/U}{2}"}, {"add": "{S}"}, {"add": "{G/P}"}, {"add": {"one_color": 2}}, {"add": "{2/R}"}]}]})
    hybrid, snow, phyrexian, one_color, twobrid = p.sources[0].abilities
    assert hybrid.choices == (("C", "C", "WU"),)
    assert snow.choices == (("C",),)
    assert phyrexian.choices == (("G",),)
    assert len(one_color.choices) == 5 and ("B", "B") in one_color.choices
    assert set(twobrid.choices) == {("R",), ("C", "C")}


def test_defaults_and_objectives():
    p = load_problem({"cost": "{X}{R}", "x": "max", "keywords": ["sunburst"]})
    assert p.objective == ("max_colors", "max_x", "min_life", "min_sacrifices", "min_sources", "min_waste")
    assert load_problem({"cost": "{X}", "x": "max", "objective": ["min_sources"]}).objective == ("max_x", "min_sources")
    assert load_problem({"cost": "{1}", "keywords": ["eclipse"]}).objective[0] == "min_colors"
    assert load_problem({"cost": "{1}"}).player.keep_life == 1


def test_purpose_colors_and_x():
    p = load_problem({"cost": "{X}{W}{U/B}", "for": {"kind": "spell", "types": ["Creature"]}})
    assert p._purpose.colors == "WUB" and p._purpose.has_x and p._purpose.types == ("creature",)
    assert load_problem({"cost": None, "alternative": "{X}"})._purpose.has_x
    assert load_problem({"cost": None, "alternative": "{X}"})._purpose.colors == ""


def test_dump_round_trips():
    raw = {"cost": "{2}{W}{U/P}", "alternative": "{1}", "free": True, "additional": ["{E}"], "life_cost": 3,
           "increase": ["{1}"], "reduce": ["{W}"], "x": "max", "x_color": "B", "keywords": ["achroma"],
           "for": {"kind": "ability", "types": ["artifact"], "subtypes": []}, "spend_as": "any_color",
           "player": {"life": 7, "energy": 2, "keep_life": None},
           "pool": ["{R}", {"mana": "{C}{C}", "snow": True, "only": {"kind": "spell", "has_x": True}, "id": "p"}],
           "sources": BOARD + [{"id": "elf", "types": ["creature"], "tapped": True,
                                "abilities": [{"add": {"any_color": 1}, "life": 1, "damage": 1, "energy": 1,
                                               "sacrifice": True, "tap": False, "uses": 2, "mana": "{1}"}]}],
           "objective": ["min_sources"], "time_limit": 2.5, "id": "q1"}
    p = load_problem(raw)
    assert load_problem(dump_problem(p)) == p


def test_loaded_values_have_every_field_as_if_constructed():
    """The loader assembles Source and Problem without their __init__ (speed): the values must
    be exactly what the constructors make."""
    import dataclasses

    from tapwise.models.problem import Problem, Source

    raw = {"cost": "{2}{W}", "x": 1, "sources": [
        {"id": "plains", "name": "Plains", "count": 3, "types": ["Land"], "tapped": 1,
         "abilities": [{"add": "{W}"}]},
        {"id": "sol", "abilities": [{"add": "{C}{C}"}], "snow": True}]}
    load_problem(raw)  # the second load takes the quick path for the known abilities
    loaded = load_problem(raw)
    for value, cls in [(loaded, Problem)] + [(s, Source) for s in loaded.sources]:
        rebuilt = cls(**{f.name: getattr(value, f.name) for f in dataclasses.fields(cls)})
        assert rebuilt == value
        assert set(vars(value)) >= {f.name for f in dataclasses.fields(cls)}
    assert loaded.sources[0].types == ("land",) and loaded.sources[0].tapped == 1


@pytest.mark.parametrize("field, value", [("types", None), ("types", "land"), ("types", [1]), ("snow", None),
                                          ("count", None), ("count", -1), ("tapped", 3), ("id", None),
                                          ("abilities", None), ("name", 7)])
def test_well_known_entries_with_one_bad_field_are_still_refused(field, value):
    """The quick loader must hand anything unusual to the full one, which names the field."""
    good = {"id": "plains", "name": "Plains", "count": 2, "types": ["land"], "abilities": [{"add": "{W}"}]}
    load_problem({"cost": "{W}", "sources": [good]})  # the ability is known from now on
    with pytest.raises(ProblemError) as e:
        load_problem({"cost": "{W}", "sources": [{**good, field: value}]})
    assert e.value.path.startswith("sources[0]")


@pytest.mark.parametrize("ability, path", [({"add": "{W}", "tap": 1}, "sources[0].abilities[0].tap"),
                                           ({"add": ["{W}"], "uses": -1}, "sources[0].abilities[0].uses"),
                                           ({"add": "{'add': '{W}'}"}, "sources[0].abilities[0].add")])
def test_known_abilities_dont_vouch_for_lookalikes(ability, path):
    """Loaded abilities are cached by their mana string or their repr; an entry that differs
    only in a value's type, or whose mana string spells another entry's repr, is still checked."""
    for known in ({"add": "{W}"}, {"add": "{W}", "tap": True}, {"add": ["{W}"]}):
        load_problem({"cost": "{W}", "sources": [{"id": "a", "abilities": [known]}]})
    with pytest.raises(ProblemError) as e:
        load_problem({"cost": "{W}", "sources": [{"id": "a", "abilities": [ability]}]})
    assert e.value.path == path


def test_an_ability_with_no_uses_left_loads_and_makes_nothing():
    """``uses: 0`` is what a plan's left board says of an ability without {T} used up this turn."""
    from tapwise.solver.queries.pay import pay

    board = {"sources": [{"id": "altar", "types": ["artifact"], "abilities": [{"add": "{C}", "tap": False, "uses": 0}]}]}
    assert load_problem({"cost": "{1}", **board}).sources[0].abilities[0].uses == 0
    assert pay({"cost": "{1}", **board})["status"] == "infeasible"
    assert pay({"cost": "{0}", **board})["status"] == "paid"


def test_a_problem_keeps_its_defaults_and_checks_keys_in_order():
    """Keys left out take the dataclass defaults; with two mistakes the first in the fixed
    order (x before free) is the one named."""
    import dataclasses

    from tapwise.models.problem import Problem

    loaded = load_problem({"cost": "{1}"})
    for f in dataclasses.fields(Problem):
        if f.name != "cost":
            default = f.default_factory() if f.default is dataclasses.MISSING else f.default
            assert getattr(loaded, f.name) == default
    with pytest.raises(ProblemError) as e:
        load_problem({"free": 1, "cost": "{1}", "x": "lots"})
    assert e.value.path == "x"


@pytest.mark.parametrize("change, path", [({"count": True}, "sources[0].count"), ({"snow": 1}, "sources[0].snow"),
                                          ({"types": ("land",)}, "sources[0].types"),
                                          ({"abilities": [{"add": "{W}", "tap": 1}]}, "sources[0].abilities[0].tap")])
def test_remembered_entries_dont_vouch_for_lookalikes(change, path):
    """Plain entries are remembered by their exact JSON: one equal in Python but for a value's
    type (``true`` for ``1``, a tuple for a list) is checked, and its mistake named."""
    good = {"id": "plains", "count": 1, "snow": True, "types": ["land"], "abilities": [{"add": "{W}", "tap": True}]}
    for _ in range(2):
        assert load_problem({"cost": "{W}", "sources": [good]}).sources[0].count == 1
    with pytest.raises(ProblemError) as e:
        load_problem({"cost": "{W}", "sources": [{**good, **change}]})
    assert e.value.path == path


def test_remembered_entries_are_found_again_whatever_shares_their_parts():
    """An entry is remembered by its JSON alone: equal JSON finds the same source whether its
    lists are fresh, shared with other entries, or held elsewhere (a key that marshal's version
    3 or later wrote would differ)."""
    abilities = [{"add": ["{W}", "{U}"]}]
    entry = {"id": "tundra_shared", "name": "Tundra", "count": 3, "types": ["land"], "abilities": abilities}
    first = load_problem({"cost": "{W}", "sources": [copy.deepcopy(entry)]}).sources[0]
    held = [entry["id"], abilities, entry["types"]]  # more references to the entry's parts
    again = load_problem({"cost": "{W}", "sources": [entry, {**entry, "id": "other"}]}).sources[0]
    assert again is first
    del held


def test_remembered_entries_keep_their_meaning():
    """``tapped: true`` taps every copy and ``tapped: 1`` one, though ``True == 1``; an entry
    listed twice is a duplicate id even once remembered; an id that is a str subclass loads."""
    entry = {"id": "forest", "count": 2, "abilities": [{"add": "{G}"}]}
    for tapped, expected in ((1, 1), (True, 2), (1, 1), (True, 2), (1.0, 1)):
        assert load_problem({"cost": "{G}", "sources": [{**entry, "tapped": tapped}]}).sources[0].tapped == expected
    with pytest.raises(ProblemError) as e:
        load_problem({"cost": "{G}", "sources": [entry, entry]})
    assert e.value.path == "sources[1].id"

    class Name(str):
        pass

    assert load_problem({"cost": "{G}", "sources": [{**entry, "id": Name("forest")}]}).sources[0].id == "forest"
    both = load_problem({"cost": "{G}", "sources": [entry], "opponent_sources": [entry]})
    assert both.sources == both.opponent_sources


def test_derived_values_are_worked_out_once_and_dropped_by_evolve():
    """``@cached`` properties are computed on first read and kept in the value's ``__dict__``;
    ``evolve`` copies the fields but not what was derived from the old ones."""
    from tapwise.models.problem import Problem
    from tapwise.models.values import cached, evolve

    assert isinstance(Problem.__dict__["objective"], cached)
    problem = load_problem({"cost": "{X}{G}", "keywords": ["eclipse"]})
    first = problem.objective
    assert first == ("min_colors", "min_life", "min_sacrifices", "min_sources", "min_waste")
    assert problem.__dict__["objective"] is first and problem.objective is first
    changed = evolve(problem, keywords=frozenset(), x="max")
    assert "objective" not in changed.__dict__
    assert changed.objective == ("max_x", "min_life", "min_sacrifices", "min_sources", "min_waste")
    assert problem.objective is first
