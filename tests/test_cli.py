"""The command line: readable plans, --json, --jsonl streams, errors without tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "tapwise.interfaces.cli", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT)


def test_every_example_pays():
    for path in sorted(EXAMPLES.glob("*.json")):
        out = run("pay", str(path))
        assert out.returncode == 0, (path, out.stderr)
        assert "Pay each symbol" in out.stdout


def test_json_output_is_the_spec_answer():
    out = run("pay", str(EXAMPLES / "three_color.json"), "--json")
    answer = json.loads(out.stdout)
    assert answer["status"] == "paid" and answer["objective"]["min_sources"] >= 5


def test_jsonl_stream_survives_bad_lines():
    lines = [json.dumps({"id": 1, "cost": "{R}", "sources": [{"name": "Mountain"}]}), "not json",
             json.dumps({"id": "b", "cost": "{R}", "sorces": []}),
             json.dumps({"id": 4, "cost": "{G}{G}", "sources": [{"name": "Forest"}]})]
    out = run("pay", "-", "--jsonl", stdin="\n".join(lines) + "\n")
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert [a.get("status") for a in answers] == ["paid", "error", "error", "infeasible"]
    assert [a.get("id") for a in answers] == [1, None, "b", 4]
    assert "sources" in answers[2]["error"]


def test_bad_input_names_the_problem_and_exits_nonzero():
    out = run("pay", "-", stdin=json.dumps({"cost": "{2}{Q}"}))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "{Q}" in out.stderr and "position 3" in out.stderr
    out = run("pay", "-", stdin="{not json")
    assert out.returncode == 2 and "not JSON" in out.stderr
    out = run("pay", "/no/such/file.json")
    assert out.returncode != 0 and "Traceback" not in out.stderr


def test_infeasible_exit_code_and_reason():
    out = run("pay", "-", stdin=json.dumps({"cost": "{U}{U}", "sources": [{"name": "Island"}]}))
    assert out.returncode == 1 and "Why:" in out.stdout


def test_serve_answers_castable():
    request = {"id": 9, "query": "castable", "sources": [{"name": "Forest", "count": 2}],
               "costs": [{"cost": "{1}{G}"}, {"cost": "{G}{G}{G}"}]}
    out = run("serve", stdin=json.dumps(request) + "\n")
    answer = json.loads(out.stdout)
    assert answer["id"] == 9 and [r["status"] for r in answer["results"]] == ["paid", "infeasible"]


def test_available_lists_the_example_boards_pools():
    # Plains, Watery Grave (U or B), Mystic Gate ({C}, or {W/U}: WW/WU/UU) and City of Brass
    # (any color): worked out by hand, the nine pools no other pool holds.
    out = run("available", str(EXAMPLES / "boards" / "filter_and_city.json"), "--json")
    assert out.returncode == 0, out.stderr
    pools = json.loads(out.stdout)["pools"]
    shown = sorted("".join(t * p[t] for t in "WUBRGC") + "+" * p["Any"] for p in pools)
    assert shown == sorted(["WWW+", "WWU+", "WWB+", "WUU+", "WUB+", "WUC+", "WBC+", "UUU+", "UUB+"])
    readable = run("available", str(EXAMPLES / "boards" / "filter_and_city.json"))
    assert readable.returncode == 0 and "{W}{U}{C} + 1 of any color" in readable.stdout


def test_available_quick_mode_and_serve():
    out = run("available", "--board", "Underground River, Swamp", "--life", "1")
    assert out.returncode == 0 and out.stdout.splitlines()[1].strip() == "{B}{C}"  # no damage at 1 life
    request = {"id": 5, "query": "available", "sources": [{"name": "Forest", "count": 2}]}
    answer = json.loads(run("serve", stdin=json.dumps(request) + "\n").stdout)
    assert answer == {"status": "ok", "id": 5, "pools": [{"W": 0, "U": 0, "B": 0, "R": 0, "G": 2, "C": 0, "Any": 0,
                                          "snow": 0, "restricted": 0}]}


def test_available_bad_input_names_the_key():
    out = run("available", "-", stdin=json.dumps({"sources": [], "costs": []}))
    assert out.returncode == 2 and "costs" in out.stderr and "Traceback" not in out.stderr
    out = run("available")
    assert out.returncode == 2 and "board file" in out.stderr


def test_plan_example_pays_three_of_four_costs_without_stranding():
    # Forest, Breeding Pool, Island, Sol Ring, Treasure; {G}, {U}{U}, {2}, {1}{R} in that order:
    # {G} from the Forest leaves the Pool for {U}{U}, Sol Ring pays {2}; {1}{R} needs two more.
    out = run("plan", str(EXAMPLES / "plans" / "two_spells.json"), "--json")
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert answer["paid"] == [0, 1, 2] and answer["unpaid"] == [3]
    assert [a["activations"][0]["source"] for a in answer["answers"]] == ["Forest", "Breeding Pool", "Sol Ring"]
    readable = run("plan", str(EXAMPLES / "plans" / "two_spells.json"))
    assert readable.returncode == 0 and readable.stdout.startswith("Pays 3 of 4 costs")
    assert "Not paid: {1}{R}: it can be paid on its own, but not after the costs before it." in readable.stdout


def test_plan_quick_mode_chooses_the_costs_with_any_order():
    out = run("plan", "{W}{U}", "{W}", "{U}", "--board", "Plains, Island", "--order", "any", "--json")
    answer = json.loads(out.stdout)
    assert out.returncode == 0 and answer["paid"] == [1, 2]
    none = run("plan", "{G}", "--board", "Plains")
    assert none.returncode == 1 and "None of the costs can be paid." in none.stdout


def test_plan_bad_input_names_the_field():
    out = run("plan", "-", stdin=json.dumps({"sources": [], "costs": [{"cost": "{G}", "objective": []}]}))
    assert out.returncode == 2 and "costs[0].objective" in out.stderr and "Traceback" not in out.stderr
    out = run("plan", "--board", "Plains")
    assert out.returncode == 2 and "give the costs" in out.stderr


def test_exit_codes_and_messages_for_what_is_not_a_problem(tmp_path):
    """Exit 2 and one line naming the problem, never a traceback (issue 21's observations)."""
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff{}")
    cases = [
        (("pay", "nosuch.json"), "can't read nosuch.json: no such file"),
        (("pay", "{1}{U}"), 'give the board too: tapwise pay "{1}{U}" --board'),
        (("pay", str(EXAMPLES)), "is a folder, not a problem file"),
        (("pay", str(binary)), "is not UTF-8 text: byte 1 is 0xff"),
        (("pay", str(EXAMPLES / "three_color.json"), "--life", "3"), "--life only applies with --board"),
        (("pay", str(EXAMPLES / "three_color.json"), "--x", "3"), "--x only applies with --board"),
        (("pay", "{X}{G}", "--board", "Forest", "--x", "abc"), 'X must be a whole number or "max", not \'abc\''),
        (("available", str(EXAMPLES / "boards" / "filter_and_city.json"), "--pool", "{G}"), "--pool only applies"),
        (("plan", str(EXAMPLES), ), "is a folder"),
        (("pay", "-", "--jsonl", "--board", "Forest"), "--board doesn't apply with --jsonl"),
    ]
    for args, message in cases:
        out = run(*args)
        assert out.returncode == 2, (args, out.stderr)
        assert message in out.stderr and "Traceback" not in out.stderr, (args, out.stderr)


def test_a_truncated_problem_names_its_line_and_column():
    out = run("pay", "-", stdin='{"cost": "{G}",\n "sources": [')
    assert out.returncode == 2 and "not JSON: Expecting value at line 2 column 14" in out.stderr


def test_quick_x_max_pays_and_the_plan_reads_grouped_mana():
    out = run("pay", "{X}{G}", "--board", "Forest x5", "--x", "max")
    assert out.returncode == 0 and "{X}      {G}x4 from Forest" in out.stdout


def test_help_shows_examples_and_the_board_grammar():
    for args in (("--help",), ("pay", "--help")):
        out = run(*args)
        assert out.returncode == 0
        assert "examples:" in out.stdout and "entry   := [count] {\"tapped\" | \"sick\"} name" in out.stdout
        assert "exit codes: 0 paid" in out.stdout


def test_serve_port_refuses_a_bad_port():
    out = run("serve", "--port", "70000")
    assert out.returncode == 2 and "--port must be 0-65535" in out.stderr
