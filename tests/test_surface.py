"""The surface people meet (issue 41): text where people type it, values that read as what they
are, quick mode's words (sick, counters, cards from the hand) and plans that name their costs."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

import tapwise
from tapwise.models.cards.board import parse_board

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tapwise.interfaces.cli", *args], capture_output=True,
                          text=True, cwd=ROOT)


# Text where people type it


def test_prepare_reads_the_board_grammar():
    # Hallowed Fountain makes {W} or {U}, Sol Ring {C}{C}: {2}{U} is paid, {U}{U} is not (one blue source).
    board = tapwise.prepare("4 Plains, Sol Ring, Hallowed Fountain")
    assert board.can_pay("{2}{U}") is True
    assert board.can_pay({"cost": "{2}{U}"}) is True
    assert board.can_pay("{U}{U}") is False
    assert board.can_pay("Counterspell") is False  # Counterspell costs {U}{U}
    assert board.pay("{2}{U}")["status"] == "paid"


def test_pay_takes_a_cost_or_a_card_and_a_board_as_text():
    # A text board is the JSON the board grammar reads it as.
    as_text = tapwise.pay("{1}{G}", board="2 Forest")
    as_json = tapwise.pay({"cost": "{1}{G}", **tapwise.read_board("2 Forest")})
    assert as_text == as_json
    # The grammar describes Forest's subtypes (section 9 keys), so 9.6's objectives are reported
    # (9.7); the payment is the one the bare name gets.
    by_name = tapwise.pay({"cost": "{1}{G}", "sources": [{"name": "Forest", "count": 2}]})
    assert as_text["activations"] == by_name["activations"]
    assert as_text["objective"]["min_drawbacks"] == 0 and "min_drawbacks" not in by_name["objective"]
    # Kitchen Finks costs {1}{G/W}{G/W}: three sources pay it.
    finks = tapwise.pay("Kitchen Finks", board="Hallowed Fountain, Forest, Birds of Paradise", time_limit=5)
    assert finks["status"] == "paid" and finks["total_cost"].count("{") == 3


def test_bad_text_is_an_error_answer_where_a_dict_is():
    board = tapwise.prepare("Island")
    bad = board.pay("Forrest Gump")
    assert bad["status"] == "error" and bad["error"].startswith("cost: ")
    assert board.pay({"cost": "{Q}"})["status"] == "error"
    assert tapwise.pay("{1}{G}")["error"].startswith("board: a cost given as text needs a board")
    assert "did you mean 'Forest'" in tapwise.pay("{G}", board="Forrest")["error"]
    with pytest.raises(tapwise.ProblemError):  # can_pay answers a bool; a bad cost raises, as a bad dict does
        board.can_pay("{Q}")
    with pytest.raises(tapwise.ProblemError):
        tapwise.prepare("Forrest")


def test_json_source_names_get_the_clis_suggestions():
    answer = tapwise.pay({"cost": "{G}", "sources": [{"name": "Forrest"}]})
    assert answer["status"] == "error"
    assert answer["error"].startswith("sources[0].abilities: ")
    assert "did you mean 'Forest'" in answer["error"]


def test_time_limit_keyword_reaches_the_problem():
    # A non-number time limit is refused naming the field: proof that the keyword is read.
    assert tapwise.pay({"cost": "{G}", "sources": [{"name": "Forest"}]}, time_limit="soon")["status"] == "error"
    assert tapwise.pay({"cost": "{G}", "sources": [{"name": "Forest"}]}, time_limit=3)["status"] == "paid"


def test_castable_and_plan_take_text():
    board = tapwise.prepare("Forest, Island")
    results = board.castable(["{G}", "{U}{U}", "zz"])["results"]
    assert [r["status"] for r in results] == ["paid", "infeasible", "error"]
    assert board.plan(["{G}", "{U}"])["paid"] == [0, 1]


# Values that read as what they are


def test_version_is_the_package_metadata():
    assert tapwise.__version__ == version("tapwise")
    out = run("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"tapwise {version('tapwise')}"


def test_str_of_a_typed_answer_is_the_plan_the_cli_prints():
    problem = json.loads((EXAMPLES / "three_color.json").read_text())
    typed = tapwise.load_answer(tapwise.pay(problem))
    assert str(typed) + "\n" == run("pay", str(EXAMPLES / "three_color.json")).stdout
    assert repr(typed) == "<Answer paid {1}{B}{W/U}{U/B}{G/W}>"
    unpaid = tapwise.load_answer({"status": "infeasible", "why": "no blue"})
    assert repr(unpaid) == "<Answer infeasible 'no blue'>"


def test_loading_with_a_problem_keeps_equality_and_json():
    problem = {"cost": "{G}", "sources": [{"name": "Forest"}]}
    answer = tapwise.pay(problem)
    assert tapwise.load_answer(answer, problem) == tapwise.load_answer(answer)
    assert tapwise.load_answer(answer, problem).to_json() == answer
    assert tapwise.load_answer(answer, problem)._repr_svg_().startswith("<svg")


# Quick mode's words


def test_sick_and_counters_in_the_grammar():
    (elves,) = parse_board("sick Llanowar Elves")
    assert elves["sick"] is True and elves["count"] == 1
    (reef,) = parse_board("2 Dreadship Reef [storage=2]")
    assert reef["counters"] == {"storage": 2} and reef["count"] == 2
    (both,) = parse_board("tapped sick Llanowar Elves")
    assert both["sick"] is True and both["tapped"] is True
    # 302.6: a summoning-sick creature can't use its {T} ability.
    assert tapwise.pay("{G}", board="sick Llanowar Elves")["status"] == "infeasible"
    # Dreadship Reef: "{1}, Remove X storage counters: Add X mana in any combination of {U} and/or {B}";
    # its {T} pays the {1}, two counters give {U}{U}, the Island the third {U}.
    assert tapwise.pay("{U}{U}{U}", board="Dreadship Reef [storage=2], Island")["status"] == "paid"
    assert tapwise.pay("{U}{U}{U}", board="Dreadship Reef, Island")["status"] == "infeasible"


def test_a_spirit_guide_is_exiled_from_the_hand_not_sacrificed():
    (guide,) = parse_board("Simian Spirit Guide")
    assert guide["zone"] == "hand"  # 9.1: exiling it counts in min_cards, not min_sacrifices
    answer = tapwise.pay("{R}{R}", board="Simian Spirit Guide, Mountain")
    assert answer["status"] == "paid" and answer["sacrificed"] == 0
    assert "Sacrificed" not in run("pay", "{R}{R}", "--board", "Simian Spirit Guide, Mountain").stdout


def test_plan_names_its_costs_by_what_was_typed():
    out = run("plan", "Lightning Bolt", "{U}", "--board", "Mountain, Island")
    assert out.returncode == 0
    assert out.stdout.startswith("Pays 2 of 2 costs, in this order: Lightning Bolt, {U};")
    assert "\nLightning Bolt:\n" in out.stdout and "cost 0" not in out.stdout


def test_plan_numbers_costs_only_where_two_read_the_same():
    out = run("plan", "{R}", "{R}", "--board", "Mountain, Mountain")
    assert "in this order: {R} #1, {R} #2;" in out.stdout


def test_x_zero_is_said_plainly():
    out = run("pay", "{X}", "--board", "Mountain", "--x", "0")
    assert out.stdout.splitlines()[:5] == ["Pay {X} with X = 0", "Activate, in this order:", "  nothing",
                                           "Pay each symbol:", "  {X}      nothing: X is 0"]


# help() shows what a user reads or writes (issue 41): the spec's keys and documented members

_PROBLEM = {"cost", "alternative", "free", "additional", "life_cost", "increase", "reduce", "x", "x_color",
            "keywords", "spend_as", "player", "pool", "sources", "opponent_sources", "time_limit", "id", "query",
            "keep", "facts", "hand", "graveyard", "library", "payment", "effects", "strict", "objective",
            "statics", "notes", "to_json"}
_SOURCE = {"id", "abilities", "name", "count", "types", "snow", "tapped", "oracle", "subtypes", "colors", "sick",
           "counters", "chosen", "zone", "facts", "counts", "supertypes", "token", "unread", "to_json"}
_ABILITY = {"add", "tap", "mana", "life", "damage", "energy", "sacrifice", "uses", "only", "times",
            "remove_counters", "put_counters", "uses_any", "if_", "unless", "discard", "exile_graveyard", "mill",
            "drawback", "sacrifice_other", "tap_other", "zone", "choices", "to_json"}
_ANSWER = {"status", "optimal", "x", "total_cost", "announce_hybrid", "phyrexian_life", "activations", "payments",
           "life_paid", "damage", "energy_paid", "sources_used", "sacrificed", "colors_spent", "counters",
           "left_over", "left_over_counts", "objective", "why", "conflict", "conflict_counts", "error", "id", "kept",
           "discarded", "counters_removed", "drawbacks", "convoked", "improvised", "delved", "other_costs",
           "notes", "unread", "to_json"}
PUBLIC = {
    tapwise.Problem: _PROBLEM, tapwise.Source: _SOURCE, tapwise.Ability: _ABILITY, tapwise.Answer: _ANSWER,
    tapwise.PoolMana: {"type", "snow", "only", "id", "entry", "to_json"},
    tapwise.Player: {"life", "energy", "keep_life"},
    tapwise.ManaCost: {"symbols", "canonical", "colors", "has_x", "mana_value", "of", "parse"},
    tapwise.Symbol: {"kind", "colors", "amount", "is_mana", "mana_value", "parse", "sort_key"},
    tapwise.Board: {"board", "can_pay", "castable", "pay", "plan", "problem", "push", "push_cost", "pop",
                    "depth"},
}
# The internal names help() listed before (issue 41): derived values, caches, the loader's notes.
# (One string, not a tuple of names: tools/rename_fields.py renames some names' string literals.)
INTERNAL = ("v2 v2_described board_add payment_key payment_kind purpose_kind purpose_types purpose_subtypes "
            "purpose_tags purpose_mana_value purpose objective_list counter_map fact_map can_tap works_in "
            "double_pool reflect reflect_lands reflect_n types_made explicit_abilities card_effects "
            "described card_statics purpose_colors ").split()


def test_every_public_class_is_listed():
    import inspect

    listed = {c.__name__ for c in PUBLIC}
    classes = {n for n in tapwise.__all__ if inspect.isclass(getattr(tapwise, n))}
    assert classes - listed == {"ProblemError", "NotationError", "Kind"}  # errors and a str enum: nothing of ours


@pytest.mark.parametrize("cls", list(PUBLIC), ids=lambda c: c.__name__)
def test_help_shows_only_the_documented_members(cls):
    import dataclasses
    import inspect
    import pydoc
    import re

    fields = set()
    if dataclasses.is_dataclass(cls):  # (a field without a default is not in dir())
        fields = {f.name for f in dataclasses.fields(cls) if not f.name.startswith("_")}
    shown = {n for n in dir(cls) if not n.startswith("_")} | fields
    assert shown == PUBLIC[cls]
    for name in shown - fields:  # methods and derived values: each says what it is
        assert inspect.getdoc(getattr(cls, name)), name
    text = pydoc.render_doc(cls, renderer=pydoc.plaintext)
    for name in INTERNAL:
        assert not re.search(rf"(?<!\w){name}\b(?!\.)", text.replace("``", "")) or name in shown, name
