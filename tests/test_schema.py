"""The shipped JSON Schema: every example, every generated problem and every answer validates,
and what the loader refuses for its shape or bounds, the schema refuses too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import tapwise
from tapwise.benchmarks.generators import QUICK, generate
from tapwise.solver.queries.request import answer_request

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def validator(entry: str) -> Draft202012Validator:
    return Draft202012Validator(tapwise.json_schema(entry))


REQUEST, ANSWER = validator("request"), validator("answer")


def errors(v: Draft202012Validator, value) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in v.iter_errors(value)]


def test_the_schema_is_draft_2020_12_and_loads_from_the_package():
    schema = tapwise.json_schema()
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert {"request", "problem", "castable", "plan", "available", "answer", "pay_answer"} <= set(schema["$defs"])
    with pytest.raises(ValueError, match="no schema entry"):
        tapwise.json_schema("nosuch")


def _example_requests():
    for path in sorted(EXAMPLES.glob("*.json")):
        yield path.name, json.loads(path.read_text())
    yield "boards", {**json.loads((EXAMPLES / "boards" / "filter_and_city.json").read_text()), "query": "available"}
    yield "plans", json.loads((EXAMPLES / "plans" / "two_spells.json").read_text())


@pytest.mark.parametrize("name,request_", list(_example_requests()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_example_and_its_answer_validate(name, request_):
    assert errors(REQUEST, request_) == []
    answer = answer_request(request_)
    assert answer["status"] != "error", answer
    assert errors(ANSWER, answer) == []


def test_each_jsonl_example_line_validates_or_is_answered_with_an_error():
    lines = (EXAMPLES / "requests.jsonl").read_text().splitlines()
    statuses = []
    for line in lines:
        request = json.loads(line)
        answer = answer_request(request)
        assert errors(ANSWER, answer) == [], (line, answer)
        assert answer["id"] == request["id"]
        valid = not errors(REQUEST, request)
        assert valid == (answer["status"] != "error"), (line, answer)  # the schema and the loader agree here
        statuses.append(answer["status"])
    assert "error" in statuses and "paid" in statuses  # the file has both kinds


@pytest.mark.parametrize("scenario", ["typical", "rich", "large"])
def test_generated_problems_and_their_answers_validate(scenario):
    seen = set()
    for problem in generate(scenario, seed=1, n=15 if scenario == "large" else 40, **QUICK[scenario]):
        assert errors(REQUEST, problem) == [], problem.get("id")
        answer = tapwise.pay(problem)
        assert errors(validator("pay_answer"), answer) == [], answer
        seen.add(answer["status"])
    assert "paid" in seen


def test_every_kind_of_answer_validates():
    board = {"sources": [{"name": "Forest", "count": 3}, {"name": "Sol Ring", "types": ["artifact"],
                                                          "abilities": [{"add": "{C}{C}"}]}]}
    answers = [
        tapwise.pay({"cost": "{X}{G}", "x": "max", **board, "id": None}),
        tapwise.pay({"cost": "{G}{G}{G}{G}{G}{G}", **board, "id": [1, "a"]}),
        tapwise.pay({"cost": None, **board}),
        tapwise.pay({"cost": "{Q}"}),
        tapwise.pay({"cost": "{G}{W/P}", "sources": [{"name": "Forest"}]}),
        tapwise.castable({**board, "costs": [{"cost": "{1}{G}"}, {"cost": "{W}"}]}),
        tapwise.available({**board, "id": 7}),
        tapwise.plan({**board, "costs": [{"cost": "{G}"}, {"cost": "{2}"}, {"cost": "{U}"}]}),
        tapwise.plan({"costs": []}),
        answer_request("not an object"),
        answer_request({"query": "nosuch", "id": None}),
    ]
    assert [a["status"] for a in answers] == ["paid", "infeasible", "unpayable", "error", "paid", "ok", "ok",
                                              "paid", "error", "error", "error"]
    for a in answers:
        assert errors(ANSWER, a) == [], a
    assert answers[0]["id"] is None and "id" in answers[0] and answers[1]["id"] == [1, "a"]
    # X = 4: two Forests and Sol Ring's two, each one entry with a count; the third Forest pays {G}
    assert answers[0]["x"] == 4 and sorted(answers[0]["payments"][0]["mana"], key=str) == [
        {"type": "C", "source": "Sol Ring", "count": 2}, {"type": "G", "source": "Forest", "count": 2}]


def test_the_schema_refuses_what_the_loader_refuses():
    bad = [
        {"cost": "{G}", "sorces": []},                                   # unknown key
        {"cost": "{G}", "sources": [{"name": "Forest", "count": 10**12}]},  # past the bound
        {"cost": "{G}", "sources": [{"name": "Forest", "count": -1}]},
        {"cost": "{G}", "x": "most"},
        {"cost": "{G}", "sources": [{"id": "s", "abilities": [{"add": {"any_color": 5000}}]}]},
        {"cost": "{G}", "sources": [{"id": "s", "abilities": [{"add": [["{G}"], "{U}{U}"]}]}]},
        {"cost": "{G}", "sources": [{"id": "s", "abilities": [{"add": "{G}", "only": {"colors": [1]}}]}]},
        {"cost": "{G}", "time_limit": 0},
        {"query": "castable", "costs": [{"cost": "{G}", "sources": []}]},  # board key inside a cost
    ]
    for request in bad:
        assert errors(REQUEST, request), request
        assert answer_request(request)["status"] == "error", request


def test_version_2_keys_have_a_shape():
    """Section 9's keys validate in their documented shapes (the loader decides what it supports)."""
    v2 = {"cost": "{3}{G}", "convoke": True, "delve": True, "hand": 3, "graveyard": 4, "library": 30,
          "facts": {"artifact you control": 2, "commander colors": "WUG"},
          "effects": [{"kind": "extra", "when": {"types": ["land"], "subtypes": ["forest"]}, "add": "same_type"},
                      {"kind": "multiply", "factor": 2}, {"kind": "replace", "when": {"min_amount": 2}, "into": "{C}"}],
          "other_costs": {"sacrifice_other": {"types": ["artifact", "creature"], "n": 1}},
          "keep": [{"cost": "{1}{G}", "x": "max"}], "objective": ["max_keep", "min_cards", "min_sources"],
          "for": {"kind": "spell", "tags": ["kicked"], "mana_value": 4},
          "sources": [{"name": "Llanowar Elves", "types": ["creature"], "subtypes": ["elf"], "colors": "G",
                       "sick": True, "counters": {"charge": 2}, "counts": {"devotion to green": 1},
                       "abilities": [{"add": {"any_color": {"fact": "elf on the battlefield"}, "of": "UR"},
                                      "times": {"counters": "charge", "plus": 1}, "uses": "any",
                                      "if": [{"fact": "elf on the battlefield", "min": 1}],
                                      "remove_counters": {"charge": 1}, "tap_other": {"types": ["creature"], "n": 1},
                                      "discard": 1, "drawback": "doesn't untap"}]},
                      {"name": "Simian Spirit Guide", "zone": "hand",
                       "abilities": [{"add": "{R}", "tap": False, "sacrifice": True}]}]}
    assert errors(REQUEST, v2) == []
    answer = {"status": "paid", "optimal": True, "x": 0, "total_cost": "{3}{G}",
              "announce": {"hybrid": [], "phyrexian_life": 0},
              "activations": [{"source": "Llanowar Elves", "ability": 0, "adds": "{G}", "times": 1, "removed": 1}],
              "payments": [{"symbol": "{3}", "mana": [{"convoke": "bear"}, {"delve": 1}, {"improvise": "ornithopter"}]},
                           {"symbol": "{G}", "mana": [{"type": "G", "source": "Llanowar Elves"}]}],
              "life_paid": 0, "damage": 0, "energy_paid": 0, "sources_used": 3, "sacrificed": 0,
              "colors_spent": ["G"], "counters": None, "left_over": [], "objective": {"min_cards": 1},
              "convoked": 1, "improvised": 1, "delved": 1, "discarded": 0, "counters_removed": 1,
              "drawbacks": [{"source": "Llanowar Elves", "ability": 0, "drawback": "tapped", "times": 1}], "kept": [0]}
    assert errors(ANSWER, answer) == []
    assert errors(ANSWER, {**answer, "status": "done"})  # not a status
    assert errors(ANSWER, {**answer, "payments": [{"symbol": "{G}", "mana": [{"type": "G", "source": "f",
                                                                               "count": 0}]}]})
