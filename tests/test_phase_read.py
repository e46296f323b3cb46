"""Reading the engine's representation of the wider pool (issue 42), without the engine: the
ability and cost shapes below are the ones phase 0.103.0's face builder gives these cards
(copied from its output, trimmed to the keys the adapter reads)."""

from __future__ import annotations

import pytest

from tapwise.interfaces import phase_read as read
from tapwise.interfaces import phase_spell

TAP = {"type": "Tap"}


def _mana(produced, cost, **more):
    return {"kind": "Activated", "is_mana_ability": True, "condition": None,
            "effect": {"type": "Mana", "produced": produced}, "cost": cost, **more}


def test_phyrexian_altar_sacrifices_another_creature_without_tapping():
    altar = _mana({"type": "AnyOneColor", "count": {"type": "Fixed", "value": 1},
                   "color_options": ["White", "Blue", "Black", "Red", "Green"]},
                  {"type": "Sacrifice", "count": 1,
                   "target": {"type": "Typed", "type_filters": ["Creature"]}})
    [ability] = read.read_abilities(0, altar, "Phyrexian Altar")
    assert ability.spec() == {"add": ["{W}", "{U}", "{B}", "{R}", "{G}"], "tap": False,
                              "uses": "any", "sacrifice_other": {"types": ["creature"], "n": 1}}


def test_gaeas_cradle_counts_a_board_fact():
    cradle = _mana({"type": "AnyOneColor", "color_options": ["Green"], "count": {
        "type": "Ref", "qty": {"type": "ObjectCount", "filter": {
            "type": "Typed", "type_filters": ["Creature"], "controller": "You"}}}}, TAP)
    objects = [{"id": 1, "controller": 0, "card_types": {"core_types": ["Creature"]}},
               {"id": 2, "controller": 1, "card_types": {"core_types": ["Creature"]}},
               {"id": 3, "controller": 0, "card_types": {"core_types": ["Land"]}}]
    facts = read.Facts(0, objects)
    [ability] = read.read_abilities(0, cradle, "Gaea's Cradle", facts)
    assert ability.spec() == {"add": "{G}", "times": {"fact": "creature you control"}}
    assert facts.values == {"creature you control": 1} and facts.counted == {
        1: ["creature you control"]}


def test_urza_mine_is_two_abilities_on_the_tron_facts():
    sub = {"kind": "Activated", "effect": {"type": "Mana", "produced": {
        "type": "Colorless", "count": {"type": "Fixed", "value": 1}}},
        "condition": {"type": "And", "conditions": [
            {"type": "ControllerControlsMatching", "filter": {
                "type": "Typed", "type_filters": ["Land", {"Subtype": "Power-Plant"}],
                "controller": "You"}},
            {"type": "ControllerControlsMatching", "filter": {
                "type": "Typed", "type_filters": ["Land", {"Subtype": "Tower"}],
                "controller": "You"}}]}}
    mine = _mana({"type": "Colorless", "count": {"type": "Fixed", "value": 1}}, TAP,
                 sub_ability=sub)
    with_tron, without = read.read_abilities(0, mine, "Urza's Mine", read.Facts(0, []))
    needs = [{"fact": "power-plant land you control", "min": 1},
             {"fact": "tower land you control", "min": 1}]
    assert with_tron.spec() == {"add": "{C}{C}", "if": needs}
    assert without.spec() == {"add": "{C}", "unless": needs}
    assert with_tron.index == without.index == 0


def test_storage_land_removes_any_number_of_counters():
    pools = _mana({"type": "AnyCombination", "color_options": ["White", "Blue"],
                   "count": {"type": "Ref", "qty": {"type": "Variable", "name": "X"}}},
                  {"type": "Composite", "costs": [
                      {"type": "Mana", "cost": {"type": "Cost", "shards": [], "generic": 1}},
                      {"type": "RemoveCounter", "count": read.ALL_COUNTERS, "selection":
                       "SingleObject", "counter_type": {"type": "OfType", "data": "storage"}}]})
    [ability] = read.read_abilities(2, pools, "Calciform Pools")
    assert ability.spec() == {"add": ["{W}", "{U}"], "mana": "{1}", "tap": False,
                              "uses": "any", "times": {"remove": "storage"}}


@pytest.mark.parametrize("restriction, only", [
    ({"SpellType": "Creature"}, {"kind": "spell", "types": ["creature"]}),
    ({"SpellType": "Instant or Sorcery"}, {"kind": "spell", "types": ["instant", "sorcery"]}),
    ({"SpellTypeOrAbilityActivation": {"spell_type": "Artifact", "ability": "OfSpellType"}},
     {"kind": "spell", "types": ["artifact"]}),
    ({"SpellType": "Elemental"}, {"kind": "spell", "subtypes": ["elemental"]}),
    ("XCostOnly", {"has_x": True}),
    ({"SpellType": "Legendary"}, {"kind": "spell", "tags": ["legendary"]}),
])
def test_spending_restrictions_as_only(restriction, only):
    assert read.read_only([restriction], "a rock") == only


@pytest.mark.parametrize("restriction", ["ActivateOnly", "ChosenCreatureType",
                                         {"SpellType": "Multicolored"},
                                         {"SpellType": "Noncreature"}])
def test_spending_restrictions_not_read_are_named(restriction):
    with pytest.raises(read.AdapterError, match="spending restriction"):
        read.read_only([restriction], "a rock")


def test_additional_costs():
    land = {"type": "Required", "data": {"type": "Sacrifice", "count": 1, "target": {
        "type": "Typed", "type_filters": ["Land"], "controller": None, "properties": []}}}
    assert phase_spell.read_other_costs(land, "Harrow") == {
        "sacrifice_other": {"types": ["land"], "n": 1}}
    either = {"type": "Required", "data": {"type": "Sacrifice", "count": 1, "target": {
        "type": "Or", "filters": [{"type": "Typed", "type_filters": ["Artifact"]},
                                  {"type": "Typed", "type_filters": ["Creature"]}]}}}
    assert phase_spell.read_other_costs(either, "Deadly Dispute") == {
        "sacrifice_other": {"types": ["artifact", "creature"], "n": 1}}
    discard = {"type": "Required", "data": {"type": "Discard", "count": {
        "type": "Fixed", "value": 2}, "filter": None, "self_ref": False}}
    assert phase_spell.read_other_costs(discard, "Cathartic Reunion") == {"discard": 2}
    life_x = {"type": "Required", "data": {"type": "PayLife", "amount": {
        "type": "Ref", "qty": {"type": "Variable", "name": "X"}}}}
    assert phase_spell.read_other_costs(life_x, "Fire Covenant") == {}
    assert phase_spell.read_other_costs(life_x, "Bond of Agony", x=True) == {"x": 0}
    assert phase_spell.read_other_costs({"type": "Kicker", "data": {}}, "Everflowing Chalice") == {}
    with pytest.raises(read.AdapterError, match="'Waterbend'"):
        phase_spell.read_other_costs({"type": "Required", "data": {"type": "Waterbend"}}, "Water Whip")


def test_filters_with_non_types_and_properties():
    """The engine's ``{"Non": "Land"}`` is tapwise's ``not_types``; properties become filter
    traits (models/traits.py): a color, a supertype, token or not, a name. "Another" is what
    9.2's filters already say in a cost (``self`` false), but not in a count, where it is
    refused (Baldur's Gate's "the number of other Gates")."""
    typed = {"type": "Typed", "controller": "You"}
    nonland = read.read_kind({**typed, "type_filters": ["Permanent", {"Non": "Land"}]}, "Rite")
    assert nonland.filter() == {"not_types": ["land"]}
    assert nonland.matches({"card_types": {"core_types": ["Creature"]}})
    assert not nonland.matches({"card_types": {"core_types": ["Land"]}})
    blue = read.read_kind({**typed, "type_filters": ["Creature"], "properties": [
        {"type": "HasColor", "color": "Blue"}, {"type": "Another"}]}, "Grand Architect",
        another=True)
    assert blue.filter() == {"types": ["creature"], "colors": "U"}
    assert blue.matches({"card_types": {"core_types": ["Creature"]}, "color": ["Blue", "Red"]})
    assert not blue.matches({"card_types": {"core_types": ["Creature"]}, "color": ["Green"]})
    wood = read.read_kind({**typed, "type_filters": [], "properties": [
        {"type": "Token"}, {"type": "Named", "name": "Wood"}]}, "Jungle Patrol")
    assert wood.filter() == {"names": ["wood"], "token": True}
    gates = {**typed, "type_filters": [{"Subtype": "Gate"}], "properties": [{"type": "Another"}]}
    with pytest.raises(read.AdapterError, match="Another"):
        read.read_kind(gates, "Baldur's Gate")


def test_more_additional_costs():
    """Additional costs read since the first wide differential: "sacrifice any number" (none,
    107.3-like: the engine asks how many), "return a permanent you control" (as a sacrifice:
    it leaves the battlefield in 601.2h), tapping creatures, exiling creature cards from the
    graveyard, a -1/-1 counter on a creature you control (needs one), waterbend {5} on a
    cost with no other generic mana."""
    creature = {"type": "Typed", "type_filters": ["Creature"], "controller": None,
                "properties": []}
    any_number = {"type": "Required", "data": {"type": "Sacrifice", "target": creature,
                                                "count": read.ALL_COUNTERS}}
    assert phase_spell.read_other_costs(any_number, "Immoral Bargain") == {}
    back = {"type": "Required", "data": {"type": "ReturnToHand", "count": 1, "filter": {
        "type": "Typed", "type_filters": ["Permanent"], "controller": "You", "properties": []}}}
    assert phase_spell.read_other_costs(back, "Fear of Isolation") == {
        "sacrifice_other": {"n": 1}}
    tap = {"type": "Required", "data": {"type": "TapCreatures", "requirement": {
        "requirement": "count", "count": 1}, "filter": {**creature, "type_filters": [
            {"Subtype": "Vampire"}], "controller": "You"}}}
    assert phase_spell.read_other_costs(tap, "New Blood") == {
        "tap_other": {"subtypes": ["vampire"], "n": 1}}
    exile = {"type": "Required", "data": {"type": "Exile", "count": 2, "zone": "Graveyard",
                                          "filter": {**creature, "controller": "You",
                                                     "properties": [{"type": "InZone",
                                                                     "zone": "Graveyard"}]}}}
    found = phase_spell.read_other_costs(exile, "Skaab Goliath")
    assert found["exile_graveyard"] == 2 and found["exile_kind"].filter() == {
        "types": ["creature"]}
    counter = {"type": "Required", "data": {"type": "EffectCost", "effect": {
        "type": "PutCounter", "counter_type": "M1M1", "count": {"type": "Fixed", "value": 1},
        "target": {**creature, "controller": "You"}}}}
    assert phase_spell.read_other_costs(counter, "Scarscale Ritual")["needs"].phrase == (
        "creature you control")
    bend = {"type": "Required", "data": {"type": "Waterbend", "cost": {
        "type": "Cost", "shards": [], "generic": 5}}}
    assert phase_spell.read_other_costs(bend, "Water Whip") == {"waterbend": 5}
    with pytest.raises(read.AdapterError, match="Waterbend"):
        phase_spell.read_other_costs(bend, "a waterbend spell with {2}", generic=2)


def test_reflected_mana_and_what_follows_the_mana():
    """106.7's "could produce" as tapwise's ``reflect``; after the mana, a delayed trigger is
    a drawback, life gained is counted (``gains``), and a depletion land whose last counter the
    cost removes is sacrificed (with one counter, not with two)."""
    pool = _mana({"type": "AnyTypeProduceableBy", "count": {"type": "Fixed", "value": 1},
                  "land_filter": {"type": "Typed", "type_filters": ["Land"], "controller": "You",
                                  "properties": []}}, TAP)
    assert read.read_abilities(0, pool, "Reflecting Pool")[0].spec() == {
        "add": {"reflect": "lands_you_control", "what": "type"}}
    orchard = _mana({"type": "OpponentLandColors", "count": {"type": "Fixed", "value": 1}}, TAP)
    assert read.read_abilities(0, orchard, "Exotic Orchard")[0].add == {
        "reflect": "lands_opponents_control", "what": "color"}
    gain = {"kind": "Spell", "effect": {"type": "GainLife", "amount": {"type": "Fixed",
                                                                      "value": 1}}}
    talisman = _mana({"type": "Colorless", "count": {"type": "Fixed", "value": 1}}, TAP,
                     sub_ability=gain)
    [read_talisman] = read.read_abilities(0, talisman, "Pristine Talisman")
    assert read_talisman.gains == 1 and read_talisman.spec() == {"add": "{C}"}
    last = {"kind": "Spell", "effect": {"type": "Sacrifice", "target": {"type": "SelfRef"}},
            "condition": {"type": "QuantityCheck", "comparator": "EQ",
                          "lhs": {"type": "Ref", "qty": {"type": "CountersOn", "scope": {
                              "type": "Source"}, "counter_type": "depletion"}},
                          "rhs": {"type": "Fixed", "value": 0}}}
    farm = _mana({"type": "Fixed", "colors": ["White", "White"]}, {"type": "Composite", "costs": [
        TAP, {"type": "RemoveCounter", "count": 1, "selection": "SingleObject",
              "counter_type": {"type": "OfType", "data": "depletion"}}]}, sub_ability=last)
    one = read.read_abilities(0, farm, "Remote Farm", counters={"depletion": 1})[0].spec()
    two = read.read_abilities(0, farm, "Remote Farm", counters={"depletion": 2})[0].spec()
    assert one == {"add": "{W}{W}", "remove_counters": {"depletion": 1}, "sacrifice": True}
    assert two == {"add": "{W}{W}", "remove_counters": {"depletion": 1}}
