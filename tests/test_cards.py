"""The card library (models.cards.catalog): every card by name, stored abilities as the reader reads
them, faces, choices, and suggestions for mistakes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tapwise.models.basics import basic_land
from tapwise.models.cards.catalog import (Card, CardChoiceError, UnknownCardError, card_info, card_names, known_name,
                                  library, lookup_card)
from tapwise.models.mana import ManaCost
from tapwise.models.cards.board_effects import read_board_effects
from tapwise.models.cards.oracle import is_version_1, parse_type_line, read_card

# The shared data sits beside the checkout (../shared from the repository; ../../shared from a worktree).
SHARED = next((p / "shared" / "data" / "mana_sources.jsonl" for p in Path(__file__).resolve().parents
               if (p / "shared" / "data" / "mana_sources.jsonl").exists()), Path("shared/data/mana_sources.jsonl"))
def test_library_knows_every_card():
    assert len(library()) >= 35_000
    assert len(card_names()) >= 35_000 + 12
    for name in ("Kitchen Finks", "Lightning Bolt", "Black Lotus", "Gaea's Cradle", "Dryad Arbor"):
        assert known_name(name) == name


def test_no_basics_are_stored_twice():
    """Basics come from models.basics (with their Snow-Covered forms), whatever the data holds."""
    assert lookup_card("Forest") == {"name": "Forest", "types": ["land"], "abilities": [{"add": "{G}"}]}
    assert card_info("Island").type_line == "Basic Land — Island"


def _sources() -> list[Card]:
    return [c for c in library().values() if c.oracle is not None]


def test_stored_abilities_are_what_the_reader_reads_today():
    """The shipped file is regenerated when the reader changes (tools/build_card_data.py)."""
    stale = []
    for card in _sources():
        reading = read_card(card.oracle, name=card.name.split(" // ")[0], type_line=card.type_line)
        board = read_board_effects(card.oracle, card.type_line)  # 9.4 replacements, 9.8 statics
        if (reading.abilities, reading.effects + board.effects, reading.skipped, board.statics) != (
                card.abilities, card.effects, card.skipped, card.statics):
            stale.append(card.name)
    assert not stale, f"rebuild models/data/cards.json.gz: {stale[:5]}"


def test_every_stored_ability_has_valid_notation():
    for card in _sources():
        for ability in card.abilities:
            adds = ability["add"] if isinstance(ability["add"], list) else [ability["add"]]
            for add in adds:
                if isinstance(add, str):
                    assert str(ManaCost.parse(add)) == add, card.name
            if "mana" in ability:
                assert str(ManaCost.parse(ability["mana"])) == ability["mana"], card.name


def test_every_version_1_entry_loads_as_a_problem_source():
    """Cards whose abilities need only version-1 keys load through today's loader; the rest use
    9.2's keys (checked in test_oracle against the spec's shapes)."""
    problem = pytest.importorskip("tapwise.models.loader")
    v1 = [c for c in _sources() if c.choice is None and c.abilities and all(map(is_version_1, c.abilities))]
    assert len(v1) >= 1500
    sources = [lookup_card(c.name.split(" // ")[0]) for c in v1]
    loaded = problem.load_sources(sources, "sources")
    assert len(loaded) == len(sources)


def test_mana_costs_and_type_lines_parse():
    bad = []
    for card in library().values():
        if card.mana_cost is not None:
            try:
                if str(ManaCost.parse(card.mana_cost)) != card.mana_cost:
                    bad.append(card.name)
            except ValueError:
                bad.append(card.name)
    assert len(bad) <= 20, bad[:20]  # un-set symbols ({HW}, {TK}...) are all that may fail


def test_choice_cards_are_marked_and_need_their_choice():
    choosers = {c.name: c.choice for c in _sources() if c.choice}
    assert choosers["Cavern of Souls"] == "creature type"
    assert choosers["Thriving Isle"] == "color"
    assert choosers["Command Tower"] == choosers["Arcane Signet"] == "colors"
    for name, choice in choosers.items():
        if choice == "colors":  # without brackets it reads the fact "commander colors"
            assert "commander colors" in json.dumps(lookup_card(name)["abilities"])
            continue
        with pytest.raises(CardChoiceError) as info:
            lookup_card(name)
        assert f"[" in str(info.value)


@pytest.mark.skipif(not SHARED.exists(), reason="shared card data not present")
def test_text_agrees_with_the_shared_data_where_the_wording_has_not_changed():
    """The shared sample is Oracle text of late 2020; the library is mid-2026 (CARDNAME became
    "this land", "enters the battlefield" became "enters"). Card types agree for every card in
    both, and the abilities read agree for most."""
    shared = {}
    for line in SHARED.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        shared[row["name"]] = row
    both = [c for c in _sources() if c.name in shared]
    assert len(both) >= 600
    same = 0
    for card in both:
        row = shared[card.name]
        assert parse_type_line(card.type_line).types == parse_type_line(row["types"]).types, card.name
        old = read_card(row["oracle"], name=row["name"], type_line=row["types"]).abilities
        same += old == card.abilities
    assert same >= 0.9 * len(both)


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
    ("Treasure token", {"name": "Treasure", "types": ["artifact"],
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
    assert {"Forest", "Snow-Covered Forest", "Wastes", "Sol Ring", "Treasure", "Barkchannel Pathway",
            "Barkchannel Pathway // Tidechannel Pathway"} <= set(names)
    for name in names[::97]:  # a sample: each name looks up a card of that name (or its front face)
        card = card_info(name)
        if card.choice is None and not card.missing:
            assert lookup_card(name)["name"] == name.split(" // ")[0]


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
    ("Cavern of Soul", "Cavern of Souls"),
    ("Kichen Finks", "Kitchen Finks"),
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


def test_cards_with_version_2_abilities_are_known():
    assert lookup_card("Gaea's Cradle")["abilities"] == [{"add": "{G}", "times": {"fact": "creature you control"}}]
    assert lookup_card("Ashnod's Altar")["abilities"] == [
        {"add": "{C}{C}", "tap": False, "uses": "any", "sacrifice_other": {"types": ["creature"]}}]
    assert lookup_card("Command Tower")["abilities"] == [
        {"add": {"any_color": 1, "of": {"fact": "commander colors"}}}]


def test_faces_of_two_faced_cards():
    """The database gives a transform card's back face as its own card, but only the front face
    of modal double-faced, split and adventure cards."""
    assert lookup_card("Barkchannel Pathway") == lookup_card("Barkchannel Pathway // Tidechannel Pathway")
    assert lookup_card("Barkchannel Pathway")["abilities"] == [{"add": "{G}"}]
    with pytest.raises(CardChoiceError) as info:
        lookup_card("Tidechannel Pathway")
    assert "only the front face" in str(info.value)
    back = card_info("Prowl, Pursuit Vehicle")
    assert back.front == "Prowl, Stoic Strategist" and back.type_line.startswith("Legendary Artifact")
    assert card_info("Fire // Ice").mana_cost == "{1}{R}"  # the front half's cost
    assert card_info("Fire").name == "Fire // Ice"
    assert card_info("Brightclimb Pathway").name == "Brightclimb Pathway // Grimclimb Pathway"


def test_cards_without_mana_abilities():
    assert lookup_card("Kitchen Finks") == {"name": "Kitchen Finks", "types": ["creature"], "abilities": []}
    finks = card_info("Kitchen Finks")
    assert (finks.mana_cost, finks.colors, finks.subtypes) == ("{1}{G/W}{G/W}", "WG", ("ouphe",))


def test_skipped_abilities_are_named_and_the_rest_kept():
    cryptex = card_info("Cryptex")  # "Collect evidence 3": the graveyard's mana values aren't known
    assert cryptex.abilities == () and cryptex.skipped[0].sentence.startswith("{T}, Collect evidence 3")
    tower = card_info("Cavern of Souls")
    assert tower.abilities[0] == {"add": "{C}"}
    pendant = card_info("Lion's Eye Diamond")
    assert pendant.skipped and pendant.abilities == ()
