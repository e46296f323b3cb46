"""Fuzzing in the suite (a reduced run of ``benchmarks/fuzz.py``): notation, mutated problems and
queries, and Oracle text never raise, never give an internal error, and always answer within the
shipped schema. The long run is ``python -m tapwise.benchmarks.fuzz``."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings

import tapwise
from tapwise.benchmarks import fuzz
from tapwise.solver.queries.request import answer_request
from tapwise.models.mana import ManaCost, NotationError

NOTATION, REQUESTS, ORACLE = fuzz.strategies()
VALIDATORS = fuzz._validators()
FEW = settings(max_examples=150, deadline=None, database=None, derandomize=True,
               suppress_health_check=list(HealthCheck))


def assert_answered(request, call=answer_request):
    status, broke = fuzz.check(request, call, VALIDATORS)
    assert broke is None, (request, broke)
    return status


@FEW
@given(NOTATION)
def test_notation_parses_round_trips_or_names_the_symbol(text):
    try:
        cost = ManaCost.parse(text)
    except NotationError as e:
        assert str(e)  # a message, not an empty error
    else:
        assert ManaCost.parse(str(cost)) == cost
    assert_answered({"cost": text, "sources": fuzz.BOARDS[0]}, tapwise.pay)


@FEW
@given(REQUESTS)
def test_mutated_problems_and_queries_are_answered(request):
    assert_answered(request)


@FEW
@given(ORACLE)
def test_oracle_text_is_read_or_refused_by_field(text):
    status = assert_answered({"cost": "{G}", "sources": [{"name": "Fuzzed Land", "oracle": text}]}, tapwise.pay)
    if status == "error":
        answer = tapwise.pay({"cost": "{G}", "sources": [{"name": "Fuzzed Land", "oracle": text}]})
        assert answer["error"].startswith("sources[0]"), answer


def test_seeded_mutations_through_the_api():
    statuses = {}
    for request in fuzz.mutations(400, seed=7):
        status = assert_answered(request)
        statuses[status] = statuses.get(status, 0) + 1
    assert statuses.get("error", 0) > 0 and statuses.get("paid", 0) > 0  # both kinds were reached


def test_seeded_mutations_through_the_cli():
    requests = list(fuzz.mutations(150, seed=8))
    answered, broke = fuzz.cli_run(requests)
    assert answered == len(requests) and broke == []


def test_a_mutation_changes_the_request():
    rng = random.Random(3)
    base = {"cost": "{1}{G}", "sources": [{"name": "Forest", "count": 2}]}
    assert any(fuzz.mutate(base, rng) != base for _ in range(5))
    assert base == {"cost": "{1}{G}", "sources": [{"name": "Forest", "count": 2}]}  # not edited in place


def test_the_fuzz_reports_what_broke():
    def explode(request):
        raise OverflowError("boom")

    assert fuzz.check({}, explode, None) == ("raised", "OverflowError: boom")
    assert fuzz.check({}, lambda r: {"status": "error", "error": "internal error while solving: x"}, None)[1]
    assert fuzz.check({}, lambda r: {"status": "paid"}, VALIDATORS)[1].startswith("answer breaks the schema")
    assert fuzz.check({}, lambda r: {"status": "error", "error": "cost: bad"}, VALIDATORS) == ("error", None)
    mine = {"status": "error", "error": "cost: unknown mana symbol 'i' at position 0 in 'internal error'"}
    assert fuzz.check({}, lambda r: mine, VALIDATORS) == ("error", None)  # the user's text, not ours
    assert fuzz.check({}, lambda r: {"status": "error", "error": "costs[1].internal error while x"}, None)[1]
