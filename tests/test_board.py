"""The quick-mode board grammar (models.board.parse_board)."""

from __future__ import annotations

import pytest

from tapwise.models.board import BoardError, parse_board
from tapwise.models.cards import CardChoiceError, UnknownCardError

PLAINS = {"name": "Plains", "types": ["land"], "abilities": [{"add": "{W}"}]}
FOREST = {"name": "Forest", "types": ["land"], "abilities": [{"add": "{G}"}]}


def counted(source: dict, count: int, **extra) -> dict:
    out = {k: v for k, v in source.items() if k != "abilities"}
    out["count"] = count
    out.update(extra)
    out["abilities"] = source["abilities"]
    return out


def test_the_example_from_the_brief():
    assert parse_board("4 Plains, 2 Island, Sol Ring, Hallowed Fountain") == [
        {"name": "Plains", "types": ["land"], "count": 4, "abilities": [{"add": "{W}"}]},
        {"name": "Island", "types": ["land"], "count": 2, "abilities": [{"add": "{U}"}]},
        {"name": "Sol Ring", "types": ["artifact"], "count": 1, "abilities": [{"add": "{C}{C}"}]},
        {"name": "Hallowed Fountain", "types": ["land"], "count": 1, "abilities": [{"add": ["{W}", "{U}"]}]},
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
        {"name": "Snow-Covered Forest", "types": ["land"], "snow": True, "count": 2, "abilities": [{"add": "{G}"}]},
        {"name": "Birds of Paradise", "types": ["creature"], "count": 1, "abilities": [{"add": {"any_color": 1}}]},
        {"name": "Treasure", "types": ["artifact"], "count": 3,
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
    with pytest.raises(CardChoiceError, match=r"Command Tower \[WU\]"):
        parse_board("Forest, Command Tower")


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
    problem = pytest.importorskip("tapwise.models.problem")
    board = parse_board("4 Plains, 2 Island, Sol Ring, Hallowed Fountain, 2 tapped Forest, Forest, Treasure")
    loaded = problem.load_sources(board, "sources")
    assert [s.count for s in loaded] == [4, 2, 1, 1, 3, 1]
    assert loaded[4].tapped == 2
