"""The built-in card library (models.cards): every entry reads, names resolve, mistakes get
suggestions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tapwise.models.basics import basic_land
from tapwise.models.cards import (CardChoiceError, UnknownCardError, card_names, known_name, library,
                          lookup_card)
from tapwise.models.mana import ManaCost
from tapwise.models.oracle import parse_type_line

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "mana_sources.jsonl"
EXAMPLE_CHOICE = {"color": "G", "colors": "WU", "creature type": "Elf"}


def _lookup_name(card) -> str:
    return card.name if card.choice is None else f"{card.name} [{EXAMPLE_CHOICE[card.choice]}]"


def test_library_is_big_enough():
    assert len(library()) >= 200
    assert len(card_names()) >= 200 + 12


def test_no_basics_in_the_json():
    assert not [c.name for c in library().values() if basic_land(c.name) is not None]


def test_every_entry_loads_with_abilities_and_valid_notation():
    for card in library().values():
        source = lookup_card(_lookup_name(card))
        assert source["name"] == card.name
        assert source["abilities"], card.name
        assert source["types"] == list(parse_type_line(card.type_line).types)
        for ability in source["abilities"]:
            adds = ability["add"] if isinstance(ability["add"], list) else [ability["add"]]
            for add in adds:
                if isinstance(add, str):
                    assert str(ManaCost.parse(add)) == add, card.name
            if "mana" in ability:
                assert str(ManaCost.parse(ability["mana"])) == ability["mana"], card.name


def test_every_entry_loads_as_a_problem_source():
    problem = pytest.importorskip("tapwise.models.problem")
    sources = [lookup_card(_lookup_name(c)) for c in library().values()]
    loaded = problem.load_sources(sources, "sources")
    assert len(loaded) == len(sources)


def test_choice_cards_are_marked_and_need_their_choice():
    choosers = {c.name for c in library().values() if c.choice}
    assert {"Cavern of Souls", "Command Tower", "Arcane Signet", "Path of Ancestry"} <= choosers
    for name in choosers:
        with pytest.raises(CardChoiceError) as info:
            lookup_card(name)
        assert f"{name} [" in str(info.value)


@pytest.mark.skipif(not SHARED.exists(), reason="shared card data not present")
def test_text_agrees_with_the_shared_data():
    shared = {}
    for line in SHARED.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        shared[row["name"]] = row
    both = [c for c in library().values() if c.name in shared]
    assert len(both) >= 150
    for card in both:
        row = shared[card.name]
        assert card.oracle == row["oracle"], card.name
        assert card.type_line.replace(" —", "") == row["types"], card.name


FAMILIES = {
    "original duals": ["Badlands", "Bayou", "Plateau", "Savannah", "Scrubland", "Taiga", "Tropical Island",
                       "Tundra", "Underground Sea", "Volcanic Island"],
    "shocks": ["Blood Crypt", "Breeding Pool", "Godless Shrine", "Hallowed Fountain", "Overgrown Tomb",
               "Sacred Foundry", "Steam Vents", "Stomping Ground", "Temple Garden", "Watery Grave"],
    "pain": ["Adarkar Wastes", "Battlefield Forge", "Brushland", "Caves of Koilos", "Karplusan Forest",
             "Llanowar Wastes", "Shivan Reef", "Sulfurous Springs", "Underground River", "Yavimaya Coast"],
    "filter": ["Mystic Gate", "Sunken Ruins", "Graven Cairns", "Fire-Lit Thicket", "Wooded Bastion",
               "Fetid Heath", "Cascade Bluffs", "Twilight Mire", "Rugged Prairie", "Flooded Grove"],
    "check": ["Glacial Fortress", "Drowned Catacomb", "Dragonskull Summit", "Rootbound Crag", "Sunpetal Grove",
              "Isolated Chapel", "Sulfur Falls", "Woodland Cemetery", "Clifftop Retreat", "Hinterland Harbor"],
    "fast": ["Seachrome Coast", "Darkslick Shores", "Blackcleave Cliffs", "Copperline Gorge",
             "Razorverge Thicket", "Concealed Courtyard", "Spirebluff Canal", "Blooming Marsh",
             "Inspiring Vantage", "Botanical Sanctum"],
    "slow": ["Deserted Beach", "Shipwreck Marsh", "Haunted Ridge", "Rockfall Vale", "Overgrown Farmland",
             "Shattered Sanctum", "Stormcarved Coast", "Deathcap Glade", "Sundown Pass", "Dreamroot Cascade"],
    "bounce": ["Azorius Chancery", "Dimir Aqueduct", "Rakdos Carnarium", "Gruul Turf", "Selesnya Sanctuary",
               "Orzhov Basilica", "Izzet Boilerworks", "Golgari Rot Farm", "Boros Garrison",
               "Simic Growth Chamber", "Karoo"],
    "tri": ["Arcane Sanctum", "Crumbling Necropolis", "Jungle Shrine", "Savage Lands", "Seaside Citadel",
            "Mystic Monastery", "Nomad Outpost", "Opulent Palace", "Sandsteppe Citadel", "Frontier Bivouac"],
    "triomes": ["Savai Triome", "Ketria Triome", "Indatha Triome", "Raugrin Triome", "Zagoth Triome",
                "Spara's Headquarters", "Raffine's Tower", "Xander's Lounge", "Ziatora's Proving Ground",
                "Jetmir's Garden"],
    "signets": [f"{g} Signet" for g in ("Azorius", "Dimir", "Rakdos", "Gruul", "Selesnya", "Orzhov", "Izzet",
                                        "Golgari", "Boros", "Simic")],
    "talismans": [f"Talisman of {t}" for t in ("Progress", "Dominance", "Indulgence", "Impulse", "Unity",
                                               "Hierarchy", "Creativity", "Resilience", "Conviction",
                                               "Curiosity")],
    "rocks": ["Sol Ring", "Arcane Signet", "Mind Stone", "Fellwar Stone", "Treasure", "Gold", "Lotus Petal"],
    "creatures": ["Llanowar Elves", "Birds of Paradise", "Noble Hierarch", "Elvish Mystic", "Fyndhorn Elves",
                  "Avacyn's Pilgrim", "Sylvan Caryatid"],
    "utility": ["Cavern of Souls", "Exotic Orchard", "Reflecting Pool", "City of Brass", "Mana Confluence",
                "Command Tower"],
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_families_are_all_there(family):
    missing = [n for n in FAMILIES[family] if known_name(n) is None]
    assert not missing


# ---------------------------------------------------------------------------------------------
# Exact lookups


@pytest.mark.parametrize("name, source", [
    ("Sol Ring", {"name": "Sol Ring", "types": ["artifact"], "abilities": [{"add": "{C}{C}"}]}),
    ("Hallowed Fountain", {"name": "Hallowed Fountain", "types": ["land"], "abilities": [{"add": ["{W}", "{U}"]}]}),
    ("Underground Sea", {"name": "Underground Sea", "types": ["land"], "abilities": [{"add": ["{U}", "{B}"]}]}),
    ("Treasure", {"name": "Treasure", "types": ["artifact"],
                  "abilities": [{"add": {"any_color": 1}, "sacrifice": True}]}),
    ("Gold", {"name": "Gold", "types": ["artifact"],
              "abilities": [{"add": {"any_color": 1}, "tap": False, "sacrifice": True}]}),
    ("Lotus Petal", {"name": "Lotus Petal", "types": ["artifact"],
                     "abilities": [{"add": {"any_color": 1}, "sacrifice": True}]}),
    ("Black Lotus", {"name": "Black Lotus", "types": ["artifact"],
                     "abilities": [{"add": {"one_color": 3}, "sacrifice": True}]}),
    ("Llanowar Elves", {"name": "Llanowar Elves", "types": ["creature"], "abilities": [{"add": "{G}"}]}),
    ("Birds of Paradise", {"name": "Birds of Paradise", "types": ["creature"],
                           "abilities": [{"add": {"any_color": 1}}]}),
    ("Noble Hierarch", {"name": "Noble Hierarch", "types": ["creature"],
                        "abilities": [{"add": ["{G}", "{W}", "{U}"]}]}),
    ("Azorius Signet", {"name": "Azorius Signet", "types": ["artifact"],
                        "abilities": [{"add": "{W}{U}", "mana": "{1}"}]}),
    ("Talisman of Progress", {"name": "Talisman of Progress", "types": ["artifact"],
                              "abilities": [{"add": "{C}"}, {"add": ["{W}", "{U}"], "damage": 1}]}),
    ("Azorius Chancery", {"name": "Azorius Chancery", "types": ["land"], "abilities": [{"add": "{W}{U}"}]}),
    ("Mystic Gate", {"name": "Mystic Gate", "types": ["land"], "abilities": [
        {"add": "{C}"}, {"add": ["{W}{W}", "{W}{U}", "{U}{U}"], "mana": "{W/U}"}]}),
    ("Glacial Fortress", {"name": "Glacial Fortress", "types": ["land"], "abilities": [{"add": ["{W}", "{U}"]}]}),
    ("Savai Triome", {"name": "Savai Triome", "types": ["land"], "abilities": [{"add": ["{R}", "{W}", "{B}"]}]}),
    ("Ice Tunnel", {"name": "Ice Tunnel", "types": ["land"], "snow": True, "abilities": [{"add": ["{U}", "{B}"]}]}),
    ("City of Brass", {"name": "City of Brass", "types": ["land"],
                       "abilities": [{"add": {"any_color": 1}, "damage": 1}]}),
    ("Mana Confluence", {"name": "Mana Confluence", "types": ["land"],
                         "abilities": [{"add": {"any_color": 1}, "life": 1}]}),
    ("Exotic Orchard", {"name": "Exotic Orchard", "types": ["land"], "abilities": [
        {"add": {"reflect": "lands_opponents_control", "what": "color"}}]}),
    ("Reflecting Pool", {"name": "Reflecting Pool", "types": ["land"], "abilities": [
        {"add": {"reflect": "lands_you_control", "what": "type"}}]}),
    ("Fellwar Stone", {"name": "Fellwar Stone", "types": ["artifact"], "abilities": [
        {"add": {"reflect": "lands_opponents_control", "what": "color"}}]}),
    ("Mind Stone", {"name": "Mind Stone", "types": ["artifact"], "abilities": [{"add": "{C}"}]}),
    ("Ancient Tomb", {"name": "Ancient Tomb", "types": ["land"], "abilities": [{"add": "{C}{C}", "damage": 2}]}),
    ("Dryad Arbor", {"name": "Dryad Arbor", "types": ["land", "creature"], "abilities": [{"add": "{G}"}]}),
    ("Elvish Spirit Guide", {"name": "Elvish Spirit Guide", "types": ["creature"],
                             "abilities": [{"add": "{G}", "tap": False, "sacrifice": True}]}),
    ("Cavern of Souls [Human]", {"name": "Cavern of Souls", "types": ["land"], "abilities": [
        {"add": "{C}"},
        {"add": {"any_color": 1}, "only": {"kind": "spell", "types": ["creature"], "subtypes": ["human"]}}]}),
    ("Command Tower [WUBRG]", {"name": "Command Tower", "types": ["land"], "abilities": [{"add": {"any_color": 1}}]}),
    ("Command Tower [GW]", {"name": "Command Tower", "types": ["land"], "abilities": [{"add": ["{W}", "{G}"]}]}),
    ("Arcane Signet [R]", {"name": "Arcane Signet", "types": ["artifact"], "abilities": [{"add": "{R}"}]}),
    ("Thriving Moor [G]", {"name": "Thriving Moor", "types": ["land"], "abilities": [{"add": ["{B}", "{G}"]}]}),
    ("Castle Garenbrig", {"name": "Castle Garenbrig", "types": ["land"], "abilities": [
        {"add": "{G}"}, {"add": "{G}{G}{G}{G}{G}{G}", "mana": "{2}{G}{G}", "only": {"types": ["creature"]}}]}),
])
def test_lookup_exact(name, source):
    assert lookup_card(name) == source


@pytest.mark.parametrize("name, expected", [
    ("Forest", {"name": "Forest", "types": ["land"], "abilities": [{"add": "{G}"}]}),
    ("plains", {"name": "Plains", "types": ["land"], "abilities": [{"add": "{W}"}]}),
    ("WASTES", {"name": "Wastes", "types": ["land"], "abilities": [{"add": "{C}"}]}),
    ("Snow-Covered Island", {"name": "Snow-Covered Island", "types": ["land"], "snow": True,
                             "abilities": [{"add": "{U}"}]}),
    ("snow-covered mountain", {"name": "Snow-Covered Mountain", "types": ["land"], "snow": True,
                               "abilities": [{"add": "{R}"}]}),
])
def test_basics(name, expected):
    assert lookup_card(name) == expected


def test_case_and_spaces_do_not_matter():
    assert lookup_card("  sOL   rInG ") == lookup_card("Sol Ring")
    assert lookup_card("cavern of souls [elf]") == lookup_card("Cavern of Souls [Elf]")


def test_lookups_are_copies():
    source = lookup_card("Sol Ring")
    source["abilities"].append({"add": "{G}"})
    assert lookup_card("Sol Ring")["abilities"] == [{"add": "{C}{C}"}]


def test_card_names():
    names = card_names()
    assert names == sorted(names, key=str.lower)
    assert {"Forest", "Snow-Covered Forest", "Wastes", "Sol Ring", "Treasure"} <= set(names)
    for name in names:
        card = library().get(name.lower())
        if card is None or card.choice is None:
            assert lookup_card(name)["name"] == name


def test_known_name():
    assert known_name("sol ring") == "Sol Ring"
    assert known_name("Cavern of Souls [Elf]") == "Cavern of Souls"
    assert known_name("Sol Rng") is None


# ---------------------------------------------------------------------------------------------
# Errors


@pytest.mark.parametrize("typo, meant", [
    ("Hallowed Fountian", "Hallowed Fountain"),
    ("Llanowar Elfs", "Llanowar Elves"),
    ("Sol Rng", "Sol Ring"),
    ("Birds of Paradice", "Birds of Paradise"),
    ("Snow Covered Forest", "Snow-Covered Forest"),
    ("Forrest", "Forest"),
    ("Cavern", "Cavern of Souls"),
    ("Treasure Token", "Treasure"),
])
def test_misspellings_suggest_the_card(typo, meant):
    with pytest.raises(UnknownCardError) as info:
        lookup_card(typo)
    assert meant in info.value.suggestions
    assert f"did you mean '{meant}'" in str(info.value) or f"'{meant}'" in str(info.value)
    assert str(info.value).startswith(f"unknown card '{typo}'")


def test_unknown_card_error_is_a_key_error_with_a_plain_message():
    with pytest.raises(KeyError) as info:
        lookup_card("Qwxzzy Blorp")
    assert str(info.value) == "unknown card 'Qwxzzy Blorp'"
    assert info.value.suggestions == []


@pytest.mark.parametrize("name, fragment", [
    ("Command Tower", "Command Tower [WU]"),
    ("Cavern of Souls", "Cavern of Souls [Elf]"),
    ("Thriving Isle", "Thriving Isle [G]"),
    ("Sol Ring [W]", "makes no choice"),
    ("Forest [G]", "makes no choice"),
    ("Command Tower [XYZ]", "color letters"),
    ("Thriving Isle [GW]", "one color letter"),
    ("Cavern of Souls [Elf Wizard]", "one word"),
])
def test_choice_errors(name, fragment):
    with pytest.raises(CardChoiceError) as info:
        lookup_card(name)
    assert fragment in str(info.value)
    assert isinstance(info.value, UnknownCardError)


def test_cards_that_cannot_be_read_are_not_in_the_library():
    for name in ("Gaea's Cradle", "Cabal Coffers", "Urza's Tower", "Lion's Eye Diamond", "Ashnod's Altar"):
        assert known_name(name) is None
