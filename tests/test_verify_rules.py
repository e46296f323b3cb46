"""Each rule the verifier checks fails a test when its check is removed (issue 44).

Per rule (tests/verify_rule_cases.py, the table in docs/verifier.md): a legal answer, written out
by hand, passes both the full replay (``verify.replay``) and ``verify`` (the quick plain checker
first, solver/verify/plain.py); the answer spoiled so that exactly that rule is broken gets
errors from the full replay, every one of them the rule's own message (or a message the spoiling
can't help causing with it, ``Case.also``), with the rule's among them; and ``verify`` gives the
same errors, so the quick checker didn't accept it. On a plain board the quick checker is asked
directly too: it accepts the legal answer and refuses the spoiled one.
"""

from __future__ import annotations

import copy

import pytest

from tapwise.models.loader import load_problem
from tapwise.solver.verify import plain as verify_plain
from tapwise.solver.verify.replay import replay, verify

try:
    from verify_rule_cases import CASES, PROBLEM_CASES, Case
except ImportError:  # tests/ imported as a package
    from tests.verify_rule_cases import CASES, PROBLEM_CASES, Case


def _broken(errors: list[str], case: Case) -> None:
    # the rule's message from its first word (the error's start, or after where it was found)
    m = case.message
    assert any(e.startswith(m) or f" {m}" in e or f".{m}" in e for e in errors), (
        case.rule, errors)
    others = [e for e in errors if case.message not in e and not any(x in e for x in case.also)]
    assert not others, (case.rule, others)


def test_each_rule_is_named_once_and_has_a_row_in_the_docs():
    rules = [c.rule for c in CASES] + [c[0] for c in PROBLEM_CASES]
    assert len(rules) == len(set(rules))
    from pathlib import Path

    table = (Path(__file__).parents[1] / "docs" / "verifier.md").read_text()
    missing = [r for r in rules if f"| {r} |" not in table]
    assert not missing


@pytest.mark.parametrize("case", CASES, ids=[c.rule for c in CASES])
def test_the_rule_is_checked(case: Case):
    p = load_problem(case.problem)
    if case.patch is not None:
        p = case.patch(p)
    assert replay(p, copy.deepcopy(case.answer)) == []
    assert verify(p, copy.deepcopy(case.answer)) == []
    assert verify_plain.accepts(p, copy.deepcopy(case.answer), {}) is case.plain
    bad = copy.deepcopy(case.answer)
    case.spoil(bad)
    errors = replay(p, copy.deepcopy(bad))
    _broken(errors, case)
    assert verify(p, copy.deepcopy(bad)) == errors
    if case.patch is None:  # a fresh problem: no plan kept
        assert verify(load_problem(case.problem), copy.deepcopy(bad)) == errors
    if case.plain:
        assert verify_plain.accepts(p, copy.deepcopy(bad), {}) is False


@pytest.mark.parametrize("case", PROBLEM_CASES, ids=[c[0] for c in PROBLEM_CASES])
def test_the_rule_of_the_problem_is_checked(case):
    rule, good, changed, answer, message, also = case
    assert verify(load_problem(good), copy.deepcopy(answer)) == []
    errors = verify(load_problem(changed), copy.deepcopy(answer))
    _broken(errors, Case(rule, changed, answer, lambda a: None, message, also=also))


# Sol Rings pay {C}: three {C} are left (118.3a: mana abilities are optional, excess is legal).
RINGS = {
    "cost": "{C}",
    "sources": [{"id": "sol", "count": 2, "types": ["artifact"], "abilities": [{"add": "{C}{C}"}]}],
}
THREE_LEFT = {
    "status": "paid",
    "x": 0,
    "activations": [{"source": "sol", "ability": 0, "adds": "{C}{C}", "times": 2}],
    "payments": [{"symbol": "{C}", "mana": [{"type": "C", "source": "sol"}]}],
    "life_paid": 0,
    "damage": 0,
    "energy_paid": 0,
    "sacrificed": 0,
    "colors_spent": [],
    "left_over": ["{C}", "{C}", "{C}"],
    "left_over_counts": {"C": 3},
    "objective": {"min_sources": 2, "min_waste": 3},
}


@pytest.mark.parametrize("drop", [(), ("left_over",), ("left_over_counts",)])
def test_the_quick_checker_accepts_a_legal_answer_saying_the_pool_either_way(drop):
    """Section 6: left_over, left_over_counts, or both; the quick checker reads each as the full
    replay does (a plain answer it refuses would only be slower, so its verdict is asserted)."""
    answer = {k: v for k, v in copy.deepcopy(THREE_LEFT).items() if k not in drop}
    p = load_problem(RINGS)
    measured: dict = {}
    assert replay(p, copy.deepcopy(answer)) == []
    assert verify_plain.accepts(p, answer, measured) is True
    assert (measured["min_sources"], measured["min_waste"]) == (2, 3)


def test_the_quick_checker_keeps_a_prepared_problems_plan():
    """``again``: the plan kept for the same problem object gives the same verdicts."""
    p = load_problem(RINGS)
    for _ in range(3):
        measured: dict = {}
        assert verify_plain.accepts(p, copy.deepcopy(THREE_LEFT), measured, True) is True
        assert measured["min_waste"] == 3
        spoiled = {**copy.deepcopy(THREE_LEFT), "left_over_counts": {"C": 2}}
        assert verify_plain.accepts(p, spoiled, {}, True) is False
        assert verify(p, spoiled, None, True) == [
            "left_over_counts says {'C': 2} but the pool holds 3 {C}"
        ]


# {X}{X}{B}{B}{W/P}{W/P}, X=1: each symbol its own payment, the Phyrexian ones with life first, or
# grouped with counts (solver/answer/size.py): the same legal payment, written three ways.
TWICE = {
    "cost": "{X}{X}{B}{B}{W/P}{W/P}",
    "x": 1,
    "player": {"life": 10},
    "sources": [{"id": "swamp", "count": 4, "abilities": [{"add": "{B}"}]}],
}
_B = {"type": "B", "source": "swamp"}
_LIFE = {"symbol": "{W/P}", "life": 2}
_REST = {
    "status": "paid",
    "x": 1,
    "activations": [{"source": "swamp", "ability": 0, "adds": "{B}", "times": 4}],
    "life_paid": 4,
    "damage": 0,
    "energy_paid": 0,
    "sacrificed": 0,
    "colors_spent": ["B"],
    "left_over": [],
    "left_over_counts": {},
    "objective": {"min_life": 4, "min_sources": 4, "min_waste": 0},
}
WRITTEN = {
    "one payment each": [
        _LIFE,
        _LIFE,
        {"symbol": "{X}", "mana": [_B]},
        {"symbol": "{X}", "mana": [_B]},
        {"symbol": "{B}", "mana": [_B]},
        {"symbol": "{B}", "mana": [_B]},
    ],
    "life last": [
        {"symbol": "{X}", "mana": [_B]},
        {"symbol": "{X}", "mana": [_B]},
        {"symbol": "{B}", "mana": [_B]},
        {"symbol": "{B}", "mana": [_B]},
        _LIFE,
        _LIFE,
    ],
    "grouped": [
        {"symbol": "{W/P}", "count": 2, "life": 2},
        {"symbol": "{X}", "count": 2, "mana": [{**_B, "count": 2}]},
        {"symbol": "{B}", "count": 2, "mana": [{**_B, "count": 2}]},
    ],
}


@pytest.mark.parametrize("written", sorted(WRITTEN))
def test_the_quick_checker_accepts_each_way_of_writing_a_legal_payment(written):
    answer = {**copy.deepcopy(_REST), "payments": copy.deepcopy(WRITTEN[written])}
    p = load_problem(TWICE)
    assert replay(p, copy.deepcopy(answer)) == []
    measured: dict = {}
    assert verify_plain.accepts(p, answer, measured) is True
    assert (measured["min_life"], measured["max_x"], measured["min_sources"]) == (4, 1, 4)


# -- the quick checker's survivors of the third session's mutation runs (docs/verifier.md) ------

from test_verify_survivors import act, answer, paid  # noqa: E402


def _both(problem: dict, a: dict) -> tuple[list[str], bool]:
    """The full replay's errors (``verify`` must give the same) and the quick verdict."""
    p = load_problem(problem)
    errors = replay(p, copy.deepcopy(a))
    assert verify(p, copy.deepcopy(a)) == errors
    return errors, verify_plain.accepts(p, copy.deepcopy(a), {})


FORESTS = {"cost": "{G}{G}", "sources": [
    {"id": "Forest", "count": 2, "tapped": 1, "abilities": [{"add": "{G}"}]}]}


def test_the_quick_checker_counts_only_untapped_copies():
    """118.3 / 302.6: of two Forests one is tapped: one {G}, never two."""
    one = answer("{G}", [act("Forest", "{G}")], [paid("{G}", ("G", "Forest"))], ["G"], sources=1)
    assert _both({**FORESTS, "cost": "{G}"}, one) == ([], True)
    two = answer("{G}{G}", [act("Forest", "{G}", times=2)],
                 [paid("{G}", ("G", "Forest")), paid("{G}", ("G", "Forest"))], ["G"], sources=2)
    assert _both(FORESTS, two) == (
        ["activations[0]: Forest is tapped more often than it has untapped copies"], False)


def test_the_quick_checker_follows_a_permanent_sacrificed_for_mana():
    """Lotus Petal (sacrifice: true, no {T}): ``sacrificed`` and min_sacrifices count it, and
    the quick checker accepts the legal answer itself."""
    petal = {"cost": "{W}", "sources": [
        {"id": "Petal", "abilities": [{"add": "{W}", "tap": False, "sacrifice": True}]}]}
    a = answer("{W}", [act("Petal", "{W}")], [paid("{W}", ("W", "Petal"))], ["W"], sources=1)
    a["sacrificed"] = a["objective"]["min_sacrifices"] = 1
    assert _both(petal, a) == ([], True)
    a["sacrificed"] = a["objective"]["min_sacrifices"] = 0
    assert _both(petal, a) == (["sacrificed says 0 but the payment gives 1",
                                "objective min_sacrifices says 0 but the payment gives 1"], False)


PLAINS = {"cost": "{W}", "sources": [{"id": "Plains", "abilities": [{"add": "{W}"}]}]}
ONE_W = answer("{W}", [act("Plains", "{W}")], [paid("{W}", ("W", "Plains"))], ["W"], sources=1)


def test_the_quick_checker_leaves_twobrid_and_unknown_symbols_to_the_full_replay():
    """{2/W} (107.4e: two generic or one {W}) is not followed by the quick checker; a symbol
    that is none (``{Q}``) is refused by the full replay, never read by the quick one."""
    twobrid = {**ONE_W, "total_cost": "{2/W}", "payments": [paid("{2/W}", ("W", "Plains"))]}
    assert _both({**PLAINS, "cost": "{2/W}"}, twobrid) == ([], False)
    unknown = {**ONE_W, "payments": [paid("{Q}", ("W", "Plains"))]}
    assert _both(PLAINS, unknown) == ([
        "payments cover {'{Q}': 1} but the total cost has {'{W}': 1}",
        "colors_spent says ['W'] but the payment gives []",
        "objective min_waste says 0 but the payment gives 1",
        "left_over doesn't match the mana left in the pool (1 {W})",
        "left_over_counts says {} but the pool holds 1 {W}"], False)


def test_the_quick_checker_reads_left_over_as_symbols():
    """Section 6: each ``left_over`` entry is a symbol "{T}"; "{W)" is none (one {W} is left)."""
    two = {"cost": "{W}", "sources": [{"id": "Plains", "abilities": [{"add": "{W}{W}"}]}]}
    a = answer("{W}", [act("Plains", "{W}{W}")], [paid("{W}", ("W", "Plains"))], ["W"],
               sources=1, waste=1, left={"W": 1})
    assert _both(two, a) == ([], True)
    assert _both(two, {**a, "left_over": ["{W)"]}) == (
        ["left_over doesn't match the mana left in the pool (1 {W})"], False)


def test_the_quick_checker_leaves_malformed_entries_to_the_full_replay():
    """An answer from elsewhere may hold anything: a mana entry that is a string, an activation
    whose ``adds`` is null. The full replay names each (never a traceback); the quick checker
    declines them."""
    spoiled = {**ONE_W, "payments": [{"symbol": "{W}", "mana": ["W"]}]}
    assert _both(PLAINS, spoiled) == ([
        "payments[0]: a mana entry needs type and source",
        "colors_spent says ['W'] but the payment gives []",
        "objective min_waste says 0 but the payment gives 1",
        "left_over doesn't match the mana left in the pool (1 {W})",
        "left_over_counts says {} but the pool holds 1 {W}"], False)
    spoiled = {**ONE_W, "activations": [{**act("Plains", "{W}"), "adds": None}]}
    assert _both(PLAINS, spoiled) == ([
        "activations[0]: Plains ability 0 can't add None",
        "payments[0]: no {W} from Plains that may be spent here is in the pool at that moment",
        "colors_spent says ['W'] but the payment gives []",
        "objective min_sources says 1 but the payment gives 0"], False)


@pytest.mark.parametrize("claimed", ["nope", [], 3])
def test_an_objective_that_is_not_an_object_is_named_not_a_traceback(claimed):
    """Section 6: ``objective`` maps each objective to the value reached; anything else given
    there is named by the full replay (it raised AttributeError) and refused by the quick one."""
    p = load_problem(RINGS)
    spoiled = {**copy.deepcopy(THREE_LEFT), "objective": claimed}
    assert verify(p, copy.deepcopy(spoiled)) == [
        f"objective must be an object of values per objective, not {claimed!r}"
    ]
    assert verify_plain.accepts(p, spoiled, {}) is False


# -- the quick checker's survivors of the fourth session's full run (docs/verifier.md) ----------


def test_the_quick_checker_accepts_what_an_answer_may_leave_out():
    """Section 6: ``activations``, ``payments`` and ``x`` default to none, none and 0 (a cost of
    {0} paid with nothing), an activation's ``times`` to 1; a key neither checker reads (an
    ability without a mana cost ``paid`` with nothing) changes nothing."""
    zero = answer("{0}", [], [], [], sources=0)
    for key in ("activations", "payments", "x"):
        del zero[key]
    assert _both({"cost": "{0}", "sources": []}, zero) == ([], True)
    once = copy.deepcopy(ONE_W)
    del once["activations"][0]["times"]
    once["activations"][0]["paid"] = []
    assert _both(PLAINS, once) == ([], True)


NOT_MADE = ["payments[0]: no {W} from Plains that may be spent here is in the pool at that moment",
            "colors_spent says ['W'] but the payment gives []",
            "objective min_sources says 1 but the payment gives 0"]


@pytest.mark.parametrize("key, value, error", [
    ("times", None, "activations[0]: times must be a whole number of at least 1, not None"),
    ("made", "{W}{W}",  # 9.4: with no effect, an ability makes what it adds
     "activations[0]: under the effects, Plains making '{W}{W}' can't end as '{W}' with extra ''"),
    ("ability", "0", "activations[0]: Plains has no ability '0'"),
    ("ability", 1, "activations[0]: Plains has no ability 1"),
])
def test_an_activation_the_quick_checker_cannot_follow_is_named_by_the_replay(key, value, error):
    """An activation's ``times`` null, a ``made`` on a board without effects (its ``times``
    left out), an ability that is a string or one past the last: the full replay names each
    (never a traceback), the quick checker declines."""
    spoiled = copy.deepcopy(ONE_W)
    if key == "made":
        del spoiled["activations"][0]["times"]
    spoiled["activations"][0][key] = value
    assert _both(PLAINS, spoiled) == ([error] + NOT_MADE, False)


def test_the_quick_checker_declines_a_payment_whose_mana_is_null():
    """A payment with ``"mana": null`` (and a count) names no mana: the quick checker doesn't
    read it as none. (The full replay raises TypeError on it: docs/verifier.md.)"""
    p = load_problem({"cost": "{X}", "sources": []})
    null = answer("{X}", [], [{"symbol": "{X}", "mana": None, "count": 1}], [], sources=0)
    assert verify_plain.accepts(p, null, {}) is False


def _cell(count: int, uses: int) -> dict:
    return {"cost": "{R}{R}", "sources": [{"id": "Cell", "types": ["artifact"], "count": count,
                                           "abilities": [{"add": "{R}", "tap": False, "uses": uses}]}]}


def test_the_quick_checker_adds_up_uses_per_copy_over_entries():
    """An ability without {T} used at most ``uses`` times per copy (605.1a's "activate only
    once each turn" kind): twice on two copies of once each, twice over two entries on one
    copy of twice each are legal; twice over two entries on one copy of once each is not."""
    two = [paid("{R}", ("R", "Cell")), paid("{R}", ("R", "Cell"))]
    a = answer("{R}{R}", [act("Cell", "{R}", times=2)], two, ["R"], sources=2)
    assert _both(_cell(2, 1), a) == ([], True)
    b = answer("{R}{R}", [act("Cell", "{R}"), act("Cell", "{R}")], two, ["R"], sources=1)
    assert _both(_cell(1, 2), b) == ([], True)
    assert _both(_cell(1, 1), b) == (  # (one copy claimed: the quick checker adds up the uses)
        ["activations[1]: Cell ability 0 used more than 1 times per copy",
         "objective min_sources says 1 but the payment gives 2"], False)
    b["objective"]["min_sources"] = 2  # (claimed right: the uses alone are wrong)
    assert _both(_cell(1, 1), b) == (
        ["activations[1]: Cell ability 0 used more than 1 times per copy"], False)
    three = answer("{R}{R}{R}", [act("Cell", "{R}", times=3)], two + two[:1], ["R"], sources=2)
    assert _both({**_cell(2, 2), "cost": "{R}{R}{R}"}, three) == ([], True)  # 3 uses: 2 copies
    poor = {**_cell(1, 1), "player": {"energy": 0}}
    poor["sources"][0]["abilities"][0]["energy"] = 1
    spent = answer("{R}{R}", [act("Cell", "{R}")], two[:1], ["R"], sources=1, energy=1)
    assert _both({**poor, "cost": "{R}"}, spent) == (
        ["spends 1 energy but the player has 0"], False)


def _petal(count: int, uses: int) -> dict:
    return {"cost": "{W}{W}", "sources": [{"id": "Petal", "types": ["artifact"], "count": count,
                                           "abilities": [{"add": "{W}", "tap": False,
                                                          "sacrifice": True, "uses": uses}]}]}


def test_the_quick_checker_adds_up_sacrifices_over_entries():
    """A copy is sacrificed once (701.21a): two entries sacrificing a Petal need two Petals
    (``sacrificed`` and min_sacrifices count both), even when its ability may be used twice."""
    a = answer("{W}{W}", [act("Petal", "{W}"), act("Petal", "{W}")],
               [paid("{W}", ("W", "Petal"))] * 2, ["W"], sources=2)
    a["sacrificed"] = a["objective"]["min_sacrifices"] = 2
    assert _both(_petal(2, 1), a) == ([], True)
    assert _both(_petal(2, 2), a) == ([], True)  # (used twice by one copy, but two sacrificed)
    a["objective"]["min_sources"] = 1  # (as if each entry sacrificed the one Petal again)
    assert _both(_petal(1, 2), a) == (
        ["activations[1]: more copies of Petal sacrificed than exist",
         "objective min_sources says 1 but the payment gives 2"], False)


def test_the_quick_checker_adds_up_life_damage_and_energy_over_entries_and_times():
    """Each activation pays its life, damage and energy (119.4, 120.3, 107.14): 2 then 1
    activations of an ability costing 1 of each cost 3 of each (min_life counts life and
    damage: 6)."""
    altar = {"cost": "{B}{B}{B}", "player": {"life": 10, "energy": 3}, "sources": [
        {"id": "Altar", "types": ["artifact"], "abilities": [
            {"add": "{B}", "tap": False, "uses": 3, "life": 1, "damage": 1, "energy": 1}]}]}
    a = answer("{B}{B}{B}", [act("Altar", "{B}", times=2), act("Altar", "{B}")],
               [paid("{B}", ("B", "Altar"))] * 3, ["B"], sources=1, life=3, energy=3)
    a["damage"] = 3
    a["objective"]["min_life"] = 6
    assert _both(altar, a) == ([], True)


FIXED_X = {"cost": "{X}{R}", "x": 2, "sources": [
    {"id": "Mountain", "count": 3, "abilities": [{"add": "{R}"}]}]}


def test_the_quick_checker_holds_x_to_the_problem():
    """``x`` fixed at 2: an answer paying X = 1 is refused; with ``"x": "max"`` the same answer
    is legal (and max_x is 1). Cast free (107.3b) with an additional {X}, X is 0."""
    a = answer("{X}{R}", [act("Mountain", "{R}", times=2)],
               [paid("{X}", ("R", "Mountain")), paid("{R}", ("R", "Mountain"))], ["R"],
               sources=2, x=1)
    unpaid = ["colors_spent says ['R'] but the payment gives []",
              "objective min_waste says 0 but the payment gives 2",
              "left_over doesn't match the mana left in the pool (2 {R})",
              "left_over_counts says {} but the pool holds 2 {R}"]
    assert _both(FIXED_X, a) == (["X is 1 but the problem fixes it at 2"] + unpaid, False)
    a["objective"]["max_x"] = 1
    assert _both({**FIXED_X, "x": "max"}, a) == ([], True)
    free = {"cost": "{R}", "free": True, "additional": ["{X}"], "x": "max",
            "sources": [{"id": "Mountain", "abilities": [{"add": "{R}"}]}]}
    zero = answer("{X}", [], [{"symbol": "{X}", "mana": []}], [], sources=0)
    assert _both(free, zero) == ([], True)
    one = answer("{X}", [act("Mountain", "{R}")], [paid("{X}", ("R", "Mountain"))], ["R"],
                 sources=1, x=1)
    one["objective"]["max_x"] = 1
    assert _both(free, one) == (["X must be 0 here (107.3b, or no {X} is paid)",
                                 "colors_spent says ['R'] but the payment gives []",
                                 "objective min_waste says 0 but the payment gives 1",
                                 "left_over doesn't match the mana left in the pool (1 {R})",
                                 "left_over_counts says {} but the pool holds 1 {R}"], False)


def test_the_cost_s_life_is_paid_from_what_the_abilities_left():
    """119.4: with 4 life, an ability paying 1 leaves 3, so two {R/P} paid with 2 life each
    can't be (keep_life null: the rules alone decide)."""
    altar = {"cost": "{R/P}{R/P}", "player": {"life": 4, "keep_life": None}, "sources": [
        {"id": "Altar", "types": ["artifact"],
         "abilities": [{"add": "{B}", "tap": False, "uses": 1, "life": 1}]}]}
    a = answer("{R/P}{R/P}", [act("Altar", "{B}")], [{"symbol": "{R/P}", "life": 2}] * 2, [],
               sources=1, life=5, waste=1, left={"B": 1})
    a["announce"]["phyrexian_life"] = 2
    assert _both(altar, a) == (["the cost's 4 life is more than the 3 life left"], False)


def test_the_quick_checker_adds_up_generic_of_the_cost_and_an_increase():
    """601.2f: {1}{G} increased by {1} is {2}{G}, two generic paid with two mana."""
    inc = {"cost": "{1}{G}", "increase": ["{1}"], "sources": [
        {"id": "Forest", "count": 3, "abilities": [{"add": "{G}"}]}]}
    a = answer("{2}{G}", [act("Forest", "{G}", times=3)],
               [paid("{1}", ("G", "Forest")), paid("{G}", ("G", "Forest")),
                paid("{1}", ("G", "Forest"))], ["G"], sources=3)
    assert _both(inc, a) == ([], True)


def test_the_quick_checker_reads_an_output_of_several_choices():
    """{"any_color": 2} makes two mana each of any color: {W}{U} is one output (a matching of
    its units), not one of its choices as listed."""
    gem = {"cost": "{W}{U}", "sources": [
        {"id": "Gem", "types": ["artifact"], "abilities": [{"add": {"any_color": 2}}]}]}
    a = answer("{W}{U}", [act("Gem", "{W}{U}")],
               [paid("{W}", ("W", "Gem")), paid("{U}", ("U", "Gem"))], ["W", "U"], sources=1)
    assert _both(gem, a) == ([], True)


def test_the_quick_checker_reads_each_payment_and_mana_entry_as_the_replay_does():
    """A payment that is a string names no symbol; {R/P} is paid with exactly 2 life (107.4f),
    not 3; a mana type is one letter ("WW" and a character past ASCII are none); an {X} paid
    with no ``mana`` at all (X = 0) and an entry with ``extra`` false and ``count`` 1 are plain
    and legal."""
    assert _both(PLAINS, {**ONE_W, "payments": ["{W}"]}) == (["payments[0]: bad symbol '{W}'"],
                                                              False)
    three = answer("{R/P}", [], [{"symbol": "{R/P}", "life": 3}], [], sources=0, life=2)
    three["announce"]["phyrexian_life"] = 1
    assert _both({"cost": "{R/P}", "player": {"life": 10}, "sources": []}, three) == (
        ["payments[0]: {R/P} can't be paid with 3 life", "life_paid says 2 but the payment gives 3",
         "objective min_life says 2 but the payment gives 3"], False)
    for t in ("WW", "\x80"):
        spoiled = copy.deepcopy(ONE_W)
        spoiled["payments"][0]["mana"][0]["type"] = t
        assert _both(PLAINS, spoiled) == (
            [f"payments[0]: no {{{t}}} from Plains that may be spent here is in the pool at that "
             "moment"] + UNPAID_W, False)
    x0 = answer("{X}", [], [{"symbol": "{X}"}], [], sources=0)
    assert _both({"cost": "{X}", "sources": []}, x0) == ([], True)
    for more in ({"count": 1}, {"extra": False}):
        counted = copy.deepcopy(ONE_W)
        counted["payments"][0]["mana"][0].update(more)
        assert _both(PLAINS, counted) == ([], True)


UNPAID_W = ["colors_spent says ['W'] but the payment gives []",
            "objective min_waste says 0 but the payment gives 1",
            "left_over doesn't match the mana left in the pool (1 {W})",
            "left_over_counts says {} but the pool holds 1 {W}"]


def test_the_quick_checker_holds_x_to_its_color_and_generic_to_the_reduction():
    """x_color W ("spend only white mana on X", the first of the pool's columns): a Forest's
    {G} can't pay it. {2}{G} reduced by {1} (118.7a) is paid with one generic mana."""
    xc = {"cost": "{X}", "x": 1, "x_color": "W",
          "sources": [{"id": "Forest", "abilities": [{"add": "{G}"}]}]}
    a = answer("{X}", [act("Forest", "{G}")], [paid("{X}", ("G", "Forest"))], ["G"], sources=1,
               x=1)
    a["objective"]["max_x"] = 1
    assert _both(xc, a) == (["payments[0]: {G} can't pay {X} here"], False)
    reduced = {"cost": "{2}{G}", "reduce": ["{1}"],
               "sources": [{"id": "Forest", "count": 2, "abilities": [{"add": "{G}"}]}]}
    b = answer("{1}{G}", [act("Forest", "{G}", times=2)],
               [paid("{1}", ("G", "Forest")), paid("{G}", ("G", "Forest"))], ["G"], sources=2)
    assert _both(reduced, b) == ([], True)


def test_the_quick_checker_reads_a_problem_s_parts_once(monkeypatch):
    """Issue 22 (a prepared board's answer checked in microseconds): what no answer changes is
    read once and kept by identity, a loaded ability's record and its outputs, a source's
    record, a restriction's verdict for the cost, a symbol, and a prepared problem's plan."""
    p = load_problem({"cost": "{W}", "sources": [
        {"id": "Plains", "abilities": [{"add": "{W}"}]},
        {"id": "Temple", "abilities": [{"add": "{W}", "only": {"types": ["creature"]}}]}]})
    plains, temple = p.sources
    ab = plains.abilities[0]
    record = verify_plain._ability_record(ab)
    assert verify_plain._ability_record(ab) is record
    assert record.columns("{W}") == (0,) and record.made["{W}"] == (0,)
    # the loader keeps an equal ability once, so other tests may have asked it other texts:
    # a Plains makes none of them
    assert all(made is False for text, made in record.made.items() if text != "{W}")
    board = verify_plain._SourcesById(p.sources)
    assert verify_plain._SourcesById(p.sources).records[0] is board.records[0]
    calls: list[str] = []
    real = verify_plain._symbol_read
    monkeypatch.setattr(verify_plain, "_symbol_read", lambda text: calls.append(text) or real(text))
    plan = verify_plain._plan(p, True)
    asked: list[object] = []

    class Only:  # temple's restriction, its answers counted
        def allows(self, purpose):
            asked.append(purpose)
            return temple.abilities[0].only.allows(purpose)

    only = Only()
    assert (plan.allows(only), plan.allows(only)) == (False, False) and len(asked) == 1
    verify_plain._SYMBOLS.pop("{W}", None)
    assert plan.read("{W}") == plan.read("{W}") == (verify_plain.MANA, 1, 0) and calls == ["{W}"]
    plans: list[object] = []
    real_plan = verify_plain._plan
    monkeypatch.setattr(verify_plain, "_plan", lambda *a: plans.append(a) or real_plan(*a))
    for _ in range(2):
        assert verify_plain.accepts(p, copy.deepcopy(ONE_W), {}, again=True) is True
    assert len(plans) == 1


def test_the_quick_checker_leaves_a_version_2_board_to_the_replay():
    """9.1: a land card in the graveyard can't tap for mana; its ability is plain, its board is
    not (a zone), so the quick checker declines and the replay names both errors."""
    from test_verify_survivors import v2

    buried = {"cost": "{W}", "sources": [{"id": "buried", "types": ["land"], "zone": "graveyard",
                                          "abilities": [{"add": "{W}"}]}]}
    a = v2(answer("{W}", [act("buried", "{W}")], [paid("{W}", ("W", "buried"))], ["W"],
                  sources=1), 0)
    assert _both(buried, a) == (
        ["activations[0]: buried is a card in the graveyard and can't tap",
         "activations[0]: buried is in the graveyard, where its ability 0 doesn't work"], False)
