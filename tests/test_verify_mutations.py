"""The verifier's quick acceptance of plain answers (solver/verify/plain.py) loses no check:
on answers spoiled in many ways (tests/verify_mutations.py), ``verify`` says exactly what the
full replay says (the same errors, the same measured values, or the same exception), and it
rejects each spoiling of a search-loop answer that breaks a rule or misreports it."""

from __future__ import annotations

import copy

import pytest

from tapwise.models.loader import load_problem
from tapwise.solver.queries.pay import pay
from tapwise.solver.verify import plain as verify_plain
from tapwise.solver.verify.replay import replay, verify
from verify_mutations import outcome, problems, spoiled

PROBLEMS = problems(n_loop=60, n_typical=40, n_rich=20)
N_LOOP = 60

ALWAYS_WRONG = {
    'ability -1', 'ability 5', 'ability True', 'activation twice', 'colors_spent', 'damage=1',
    'energy_paid=1', 'entry count +1', 'entry count -1', 'entry count 0', 'entry count True', 'entry extra',
    'entry source None', 'entry source pool', 'entry type None', 'entry type list', 'extra', 'left_over None',
    'left_over extra', 'left_over not a list', 'left_over=None', 'left_over_counts None',
    'left_over_counts extra', 'left_over_counts=None', 'life payment', 'life_paid=1', 'life_paid=None',
    'mana not a list', 'min_life -1', 'min_sources +1', 'min_waste +1', 'no first activation',
    'no first payment', 'no last payment', 'no left over', 'one more tap', "payment count '1'",
    'payment count -1', 'payment count 0', 'retype', 'retype again', 'sacrificed=1', 'sacrificed=True',
    'source None', 'symbol None', "times '2'", 'times 0', 'times True', 'unknown objective', 'unknown source',
    'unused activation', "x='1'", 'x=-1', 'x=1', 'x=True',
}
"""Spoilings that break every search-loop answer (basics, duals, tri-lands and Sol Ring; no {X},
no Phyrexian symbol): a mana too many, a field wrong, a count or an id that can't be."""


def _answers(indexes: range) -> list[tuple[int, object, dict]]:
    out = []
    for k in indexes:
        a = pay(PROBLEMS[k])
        if a.get("status") == "paid":
            out.append((k, load_problem(PROBLEMS[k]), a))
    return out


@pytest.mark.parametrize("part", range(4))
def test_quick_acceptance_says_what_the_full_replay_says(part):
    compared = 0
    for k, p, a in _answers(range(part, len(PROBLEMS), 4)):
        for name, spoilt in spoiled(a, k):
            got = outcome(verify, p, copy.deepcopy(spoilt))
            if spoilt.get("status") == "paid":
                want = outcome(replay, p, copy.deepcopy(spoilt))
            else:
                want = {"errors": [], "measured": {}}  # verify reads only paid answers
            assert got == want, (k, name)
            compared += 1
    assert compared > 1000


def test_search_loop_answers_spoilt_are_rejected():
    answers = _answers(range(N_LOOP))
    assert len(answers) > N_LOOP // 2
    for k, p, a in answers:
        assert verify_plain.accepts(p, a, {}), f"problem {k}: a plain answer went to the full replay"
        measured: dict = {}
        assert verify(p, a, measured) == [] and measured["min_sources"] == a["objective"]["min_sources"]
        for name, spoilt in spoiled(a, k):
            if name in ALWAYS_WRONG:
                assert verify(p, spoilt), (k, name)


def test_a_plain_board_with_an_ability_it_does_not_follow_replays_in_full():
    """Talisman's damage is followed; Signet's {1} cost is not (the full replay checks it)."""
    problem = load_problem({"cost": "{W}{U}{1}", "sources": [
        {"id": "signet", "types": ["artifact"], "abilities": [{"mana": "{1}", "add": "{W}{U}"}]},
        {"id": "talisman", "types": ["artifact"], "abilities": [{"add": "{C}"}, {"add": ["{W}", "{U}"], "damage": 1}]},
        {"id": "wastes", "abilities": [{"add": "{C}"}], "count": 2}]})
    answer = pay(problem.to_json())
    assert answer["status"] == "paid" and verify(problem, answer) == []
    uses_signet = any(act["source"] == "signet" for act in answer["activations"])
    assert verify_plain.accepts(problem, answer, {}) is not uses_signet


@pytest.mark.parametrize("spell", ["creature", "instant"])
def test_restricted_mana_is_followed_only_where_it_may_pay(spell):
    """Eldrazi Temple's {C}{C} pays only Eldrazi spells: on an Eldrazi creature its mana is
    spent as any other; on an instant the answer spending it goes to the full replay, which
    says why. Either way verify says what the full replay says, for each spoiling."""
    eldrazi = ["eldrazi"] if spell == "creature" else []
    spec = {"cost": "{3}{G}", "for": {"kind": "spell", "types": [spell], "subtypes": eldrazi},
            "sources": [{"id": "temple", "abilities": [{"add": "{C}"},
                                                       {"add": "{C}{C}", "only": {"subtypes": ["eldrazi"]}}]},
                        {"id": "forest", "abilities": [{"add": "{G}"}], "count": 2}]}
    p = load_problem(spec)
    answer = {"status": "paid", "x": 0, "activations": [
        {"source": "temple", "ability": 1, "adds": "{C}{C}", "times": 1},
        {"source": "forest", "ability": 0, "adds": "{G}", "times": 2}],
        "payments": [{"symbol": "{3}", "mana": [{"type": "C", "source": "temple", "count": 2},
                                                {"type": "G", "source": "forest"}]},
                     {"symbol": "{G}", "mana": [{"type": "G", "source": "forest"}]}],
        "life_paid": 0, "damage": 0, "energy_paid": 0, "sacrificed": 0, "colors_spent": ["G"],
        "left_over": [], "left_over_counts": {},
        "objective": {"min_life": 0, "min_sacrifices": 0, "min_sources": 3, "min_waste": 0}}
    assert verify_plain.accepts(p, answer, {}) is (spell == "creature")
    assert (verify(p, answer) == []) is (spell == "creature")
    for name, spoilt in spoiled(answer, 1):
        if spoilt.get("status") == "paid":
            assert outcome(verify, p, copy.deepcopy(spoilt)) == outcome(replay, p, copy.deepcopy(spoilt)), name
