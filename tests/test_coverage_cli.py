"""The coverage script's command line (models/cards/coverage.py): a usage line for --help, a
one-line error naming a file it can't read (never a traceback), and the set-aside count."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tapwise.models.cards.board_effects import unread_board_sentences
from tapwise.models.cards.catalog import library
from tapwise.models.cards.coverage import main
from tapwise.models.cards.set_aside import set_aside


def test_help_prints_a_usage_line(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.startswith("usage: python -m tapwise.models.cards.coverage")


def test_a_missing_file_is_one_line_naming_it(tmp_path):
    missing = tmp_path / "mana_sources.jsonl"
    run = subprocess.run([sys.executable, "-m", "tapwise.models.cards.coverage", str(missing)],
                         capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.strip().splitlines() == [
        f"coverage: can't read {missing}: No such file or directory"]


def test_a_file_that_is_not_json_lines_is_one_line(tmp_path, capsys):
    bad = tmp_path / "cards.jsonl"
    bad.write_text("not json\n")
    assert main([str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"coverage: {bad} is not JSON lines")


def test_set_aside_cards_are_named_and_still_noted():
    """Un-sets aside, said so: not counted, but typed by name each still gets its note."""
    assert set_aside("Ladies' Knight") == "Un-set: the players' clothing"
    assert set_aside("A-Sorcerer Class").startswith("Alchemy")
    assert set_aside("Sorcerer Class") is None and set_aside("Thalia, Guardian of Thraben") is None
    knight = library()["ladies' knight"]
    assert [s for s, _ in unread_board_sentences(knight)] == [
        "Spells cast by players wearing at least one item of women's clothing cost {1} less to "
        "cast"]
