"""The quick-mode board grammar (models.cards.board.parse_board)."""

from __future__ import annotations

import json

import pytest

from tapwise.models.cards.board import MissingFactError, read_board, spell_for, BoardError, parse_board
from tapwise.models.cards.catalog import CardChoiceError, UnknownCardError

PLAINS = {"name": "Plains", "types": ["land"], "subtypes": ["plains"], "supertypes": ["basic"],
          "abilities": [{"add": "{W}"}]}
FOREST = {"name": "Forest", "types": ["land"], "subtypes": ["forest"], "supertypes": ["basic"],
          "abilities": [{"add": "{G}"}]}


def counted(source: dict, count: int, **extra) -> dict:
    out = {k: v for k, v in source.items() if k != "abilities"}
    out["count"] = count
    out.update(extra)
    out["abilities"] = source["abilities"]
    return out


def test_the_example_from_the_brief():
    assert parse_board("4 Plains, 2 Island, Sol Ring, Hallowed Fountain") == [
        {"name": "Plains", "types": ["land"], "subtypes": ["plains"], "supertypes": ["basic"], "count": 4,
         "abilities": [{"add": "{W}"}]},
        {"name": "Island", "types": ["land"], "subtypes": ["island"], "supertypes": ["basic"], "count": 2,
         "abilities": [{"add": "{U}"}]},
        {"name": "Sol Ring", "types": ["artifact"], "count": 1, "abilities": [{"add": "{C}{C}"}]},
        {"name": "Hallowed Fountain", "types": ["land"], "subtypes": ["plains", "island"], "count": 1,
         "abilities": [{"add": ["{W}", "{U}"]}]},
    ]


@pytest.mark.parametrize("text", ["3 Forest", "3x Forest", "3X Forest", "3 x Forest", "Forest x3", "Forest x 3",
                                  "forest X3", "  3   forest  "])
def test_count_forms(text):
    assert parse_board(text) == [counted(FOREST, 3)]


def test_same_card_merges_into_one_source():
    assert parse_board("2 Forest, Plains, forest, Forest x2") == [counted(FOREST, 5), counted(PLAINS, 1)]


def test_tapped_copies():
    assert parse_board("tapped Forest") == [counted(FOREST, 1, tapped=True)]
    assert parse_board("3 tapped Forest") == [counted(FOREST, 3, tapped=True)]
    assert parse_board("2 Forest, 2 tapped Forest") == [counted(FOREST, 4, tapped=2)]
    assert parse_board("Tapped Plains x2, Plains") == [counted(PLAINS, 3, tapped=2)]


def test_separators_commas_semicolons_newlines_and_blank_entries():
    expected = [counted(FOREST, 2), counted(PLAINS, 1)]
    assert parse_board("2 Forest; Plains") == expected
    assert parse_board("2 Forest\nPlains\n") == expected
    assert parse_board("2 Forest,, Plains,") == expected
    assert parse_board("") == []
    assert parse_board("  \n ") == []


def test_names_with_commas():
    board = parse_board("Boseiju, Who Shelters All, 2 Forest")
    assert [(s["name"], s["count"]) for s in board] == [("Boseiju, Who Shelters All", 1), ("Forest", 2)]
    assert board[0]["abilities"] == [{"add": "{C}", "life": 2}]


def test_snow_basics_and_library_cards():
    board = parse_board("2 Snow-Covered Forest, Birds of Paradise, Treasure x3")
    assert board == [
        {"name": "Snow-Covered Forest", "types": ["land"], "snow": True, "subtypes": ["forest"],
         "supertypes": ["basic"], "count": 2, "abilities": [{"add": "{G}"}]},
        {"name": "Birds of Paradise", "types": ["creature"], "subtypes": ["bird"], "count": 1,
         "abilities": [{"add": {"any_color": 1}}]},
        {"name": "Treasure", "types": ["artifact"], "subtypes": ["treasure"], "count": 3,
         "abilities": [{"add": {"any_color": 1}, "sacrifice": True}]},
    ]


def test_names_starting_with_x_are_not_counts():
    assert parse_board("2 Xander's Lounge")[0]["name"] == "Xander's Lounge"
    assert parse_board("2 Xander's Lounge")[0]["count"] == 2


def test_choices():
    board = parse_board("Cavern of Souls [Elf], 2 Command Tower [WU]")
    assert board[0]["abilities"][1]["only"] == {"kind": "spell", "types": ["creature"], "subtypes": ["elf"]}
    assert board[1] == {"name": "Command Tower", "types": ["land"], "count": 2,
                        "abilities": [{"add": ["{W}", "{U}"]}]}
    # different choices stay different sources
    assert len(parse_board("Cavern of Souls [Elf], Cavern of Souls [Goblin]")) == 2


def test_missing_choice_is_an_error():
    with pytest.raises(CardChoiceError, match=r"Thriving Isle \[G\]"):
        parse_board("Forest, Thriving Isle")
    with pytest.raises(CardChoiceError, match=r"Cavern of Souls \[Elf\]"):
        parse_board("Cavern of Souls")


def test_commander_colors_are_a_fact_asked_for_by_name():
    with pytest.raises(MissingFactError) as info:
        read_board("Forest, Command Tower")
    assert "'commander colors'" in str(info.value) and '--fact "commander colors=WUG"' in str(info.value)
    board = read_board("Forest, Command Tower", ["commander colors=gw"])
    assert board.facts == {"commander colors": "WG"} and board.derived == ()


# ---------------------------------------------------------------------------------------------
# Quick mode by names: facts the typed board implies (problem.md 9.1)


def test_tainted_isle_counts_the_swamps_typed():
    board = read_board("Tainted Isle, 2 Swamp, Watery Grave, Island")
    assert board.facts == {"swamp you control": 3}
    assert board.notes == ("derived swamp you control = 3 (from the board: Swamp, Watery Grave)",)
    swamp = next(s for s in board.sources if s["name"] == "Swamp")
    assert swamp["counts"] == ["swamp you control"] and swamp["count"] == 2
    assert "counts" not in next(s for s in board.sources if s["name"] == "Island")


def test_tainted_isle_without_a_swamp_reads_zero():
    board = read_board("Tainted Isle, Island")
    assert board.facts == {"swamp you control": 0}


def test_gaeas_cradle_counts_creatures_and_dryad_arbor():
    board = read_board("Gaea's Cradle, 2 Llanowar Elves, Dryad Arbor, Forest, Sol Ring")
    assert board.facts == {"creature you control": 3}
    assert board.problem_keys()["facts"] == {"creature you control": 3}


def test_gaeas_cradle_with_no_creatures():
    assert read_board("Gaea's Cradle, Forest").facts == {"creature you control": 0}


def test_urza_lands_count_each_other():
    board = read_board("Urza's Tower, Urza's Mine, Urza's Power Plant")
    assert board.facts == {"urza's mine you control": 1, "urza's power-plant you control": 1,
                           "urza's tower you control": 1}
    assert read_board("Urza's Tower, Urza's Mine").facts["urza's power-plant you control"] == 0


def test_devotion_counts_mana_symbols_700_5():
    """700.5: each mana symbol of the permanents' mana costs; a hybrid {G/W} counts for both colors."""
    board = read_board("Nykthos, Shrine to Nyx, 2 Kitchen Finks, Llanowar Elves")
    assert board.facts["devotion to green"] == 2 * 2 + 1
    assert board.facts["devotion to white"] == 4
    assert board.facts["devotion to red"] == 0


def test_given_facts_win_and_unused_ones_are_errors():
    assert read_board("Gaea's Cradle", ["creature you control=5"]).facts == {"creature you control": 5}
    with pytest.raises(BoardError, match="no card on the board reads it"):
        read_board("Forest", ["artifact you control=3"])
    with pytest.raises(ValueError, match="whole number or color letters"):
        read_board("Gaea's Cradle", ["creature you control=many"])
    with pytest.raises(ValueError, match="write it like"):
        read_board("Gaea's Cradle", ["creature you control"])


def test_facts_the_board_cannot_tell_are_asked_for():
    with pytest.raises(MissingFactError, match="'elf on the battlefield'"):
        read_board("Priest of Titania, Forest")


def test_a_greatest_power_is_asked_for_not_counted_as_zero():
    # Avatar Kyoshi (newest sets): "the greatest power among creatures you control" is no count of a kind.
    with pytest.raises(MissingFactError, match="'greatest power among creatures you control'"):
        read_board("Avatar Kyoshi, Forest")
    board = read_board("Avatar Kyoshi, Forest", ["greatest power among creatures you control=5"])
    assert board.facts == {"greatest power among creatures you control": 5}


def test_triggered_mana_becomes_effects():
    board = read_board("Mana Flare, Forest")
    assert board.problem_keys()["effects"] == [
        {"kind": "extra", "when": {"types": ["land"], "controller": "any"}, "add": "same_type"}]


def test_skipped_abilities_are_noted():
    board = read_board("Cryptex, Forest")
    assert any(n.startswith("Cryptex: not read:") for n in board.notes)


def test_spell_for_a_card_name():
    assert spell_for("Kitchen Finks") == {"cost": "{1}{G/W}{G/W}", "for": {
        "kind": "spell", "types": ["creature"], "subtypes": ["ouphe"]}}
    assert spell_for("{2}{W}") is None and spell_for("3UU") is None
    with pytest.raises(UnknownCardError, match="did you mean 'Kitchen Finks'"):
        spell_for("Kichen Finks")
    with pytest.raises(BoardError, match="no mana cost"):
        spell_for("Forest")


@pytest.mark.parametrize("text, typo, meant", [
    ("4 Plians", "Plians", "Plains"),
    ("Forest, Hallowed Fountian, Island", "Hallowed Fountian", "Hallowed Fountain"),
    ("2 Llanowar Elfs", "Llanowar Elfs", "Llanowar Elves"),
    ("Sol Rnig x2", "Sol Rnig", "Sol Ring"),
])
def test_unknown_names_suggest(text, typo, meant):
    with pytest.raises(UnknownCardError) as info:
        parse_board(text)
    assert info.value.name == typo
    assert meant in info.value.suggestions


@pytest.mark.parametrize("text, fragment", [
    ("0 Forest", "at least 1"),
    ("3 Forest x2", "count twice"),
    ("7", "expected like"),
])
def test_grammar_errors(text, fragment):
    with pytest.raises(BoardError, match=fragment):
        parse_board(text)


def test_board_errors_are_value_errors():
    assert issubclass(BoardError, ValueError)


def test_board_loads_as_problem_sources():
    problem = pytest.importorskip("tapwise.models.loader")
    board = parse_board("4 Plains, 2 Island, Sol Ring, Hallowed Fountain, 2 tapped Forest, Forest, Treasure")
    loaded = problem.load_sources(board, "sources")
    assert [s.count for s in loaded] == [4, 2, 1, 1, 3, 1]
    assert loaded[4].tapped == 2


# ---------------------------------------------------------------------------------------------
# The CLI's quick mode by names (interfaces/cli.py)


def test_cli_casts_a_card_by_name(capsys):
    from tapwise.interfaces.cli import main

    assert main(["pay", "Kitchen Finks", "--board", "Hallowed Fountain, Forest, Birds of Paradise", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["status"] == "paid" and answer["total_cost"] == "{1}{G/W}{G/W}"
    assert answer["sources_used"] == 3


def test_cli_unknown_card_name_suggests(capsys):
    from tapwise.interfaces.cli import main

    assert main(["pay", "Kichen Finks", "--board", "Forest"]) == 2
    assert "did you mean 'Kitchen Finks'" in capsys.readouterr().err


def test_cli_asks_for_a_fact_by_name(capsys):
    from tapwise.interfaces.cli import main

    assert main(["pay", "{G}", "--board", "Command Tower, Forest"]) == 2
    assert '--fact "commander colors=WUG"' in capsys.readouterr().err


def test_cli_says_which_facts_it_derived(capsys):
    from tapwise.interfaces.cli import main

    main(["pay", "{1}{B}", "--board", "Tainted Isle, Swamp"])
    assert "derived swamp you control = 1 (from the board: Swamp)" in capsys.readouterr().err


def test_cli_plan_costs_by_name(capsys):
    from tapwise.interfaces.cli import main

    assert main(["plan", "Llanowar Elves", "Lightning Bolt", "--board", "Forest, Mountain", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["paid"] == [0, 1]


def test_205_3_typed_cards_keep_their_subtypes_and_supertypes():
    """A board typed by names keeps what the type line says beyond the card types (205.3, 205.4):
    a Gate for Gond Gate's could-produce (106.7), an Elf for Heritage Druid's tap_other (9.2)."""
    import tapwise

    gate, guildgate = parse_board("Gond Gate, Selesnya Guildgate")
    assert gate["subtypes"] == ["gate"] and guildgate["subtypes"] == ["gate"]
    assert parse_board("Forest")[0].get("supertypes") == ["basic"]
    elves = parse_board("Heritage Druid, Llanowar Elves, Elvish Mystic, Fyndhorn Elves")
    assert all("elf" in s["subtypes"] for s in elves)
    # each paid as the same cards given by name alone are (the full loader reads the type line)
    for cost, board in (("{G}{G}", "Gond Gate, Selesnya Guildgate"),
                        ("{G}{G}{G}{G}", "Heritage Druid, Llanowar Elves, Elvish Mystic, Fyndhorn Elves")):
        typed = tapwise.pay({"cost": cost, "sources": parse_board(board)})
        by_name = tapwise.pay({"cost": cost, "sources": [{"name": n.strip()} for n in board.split(",")]})
        assert typed["status"] == by_name["status"] == "paid", (typed, by_name)
        assert typed["objective"] == by_name["objective"]
