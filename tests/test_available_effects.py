"""``available`` with counter budgets and with 9.4's effects on boards whose sources share.

- 9.2's ``times: {"remove": K}`` on an ability without {T} (Calciform Pools, Dreadship Reef):
  all of one copy's activations remove at most the counters that copy has (122.1: counters
  are on each permanent), so the ordered search keeps each copy's counters left.
- 9.4's effects (106.12, 616.1) on a board whose sources share cards, permanents or facts
  (``sacrifice_other``, ``tap_other``, card costs, ``counts``): the ordered search reads each
  source under its effects at every fact.

Rule examples are worked out by hand; random boards are compared with the reference
(tests/reference/available_brute.py, which reads 9.4 with tests/reference/effects_brute.py and
shares no code with ``solver/``), and cross-checked with ``pay``: each reported pool, as a cost,
is paid, and one more mana of a type is paid exactly when some reported pool contains it.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import tapwise
from tapwise.models.problem import ProblemError
from tapwise.solver.queries.available import available

from reference.available_brute import TooBig, brute_available, contained
from test_available import COMMON, boards

TYPES = ("W", "U", "B", "R", "G", "C")


def pools(board: dict) -> list[dict[str, int]]:
    return [{k: v for k, v in p.items() if v} for p in available(copy.deepcopy(board))["pools"]]


def reference(board: dict) -> list[dict[str, int]]:
    return [{k: v for k, v in p.items() if v} for p in brute_available(copy.deepcopy(board))["pools"]]


def same(a: list[dict], b: list[dict]) -> bool:
    return sorted(map(_key, a)) == sorted(map(_key, b))


def _key(p: dict) -> str:
    return json.dumps(p, sort_keys=True)


# --------------------------------------------------------------------------------------------
# Rule examples: counter budgets (9.2, 122.1)
# --------------------------------------------------------------------------------------------

def calciform(counters: int, **more) -> dict:
    """Calciform Pools: {T}: {C}; {1}, remove X storage counters: X mana of {W} and/or {U}."""
    return {"id": "pools", "counters": {"storage": counters}, **more, "abilities": [
        {"add": "{C}"}, {"add": ["{W}", "{U}"], "mana": "{1}", "tap": False, "uses": "any",
                         "times": {"remove": "storage"}}]}


def test_9_2_a_storage_land_without_tap_removes_its_counters_once_in_all():
    # the Forest pays {1}, both counters removed: {W}{W} (or {W}{U}, {U}{U}) and the Pools' {C};
    # two activations of one counter each need {1}{1}: {W}{U} from {G}{C}, never three mana
    board = {"sources": [calciform(2), {"name": "Forest"}]}
    assert same(pools(board), [{"W": 2, "C": 1}, {"W": 1, "U": 1, "C": 1}, {"U": 2, "C": 1},
                               {"W": 2, "G": 1}, {"W": 1, "U": 1, "G": 1}, {"U": 2, "G": 1}, {"G": 1, "C": 1}])
    assert same(pools(board), reference(board))


def test_122_1_each_copy_of_a_storage_land_has_its_own_counters():
    # two tapped Pools with one counter each and {C}{C} in the pool: each copy removes its own
    # counter for one {1} ({W} or {U}); one copy removing both would keep a third mana
    board = {"sources": [calciform(1, count=2, tapped=True)], "pool": ["{C}", "{C}"]}
    assert same(pools(board), [{"W": 2}, {"W": 1, "U": 1}, {"U": 2}, {"W": 1, "C": 1}, {"U": 1, "C": 1}, {"C": 2}])
    assert same(pools(board), reference(board))
    one = {"sources": [calciform(2, tapped=True)], "pool": ["{C}", "{C}"]}  # one copy, both counters
    assert {"W": 2, "C": 1} in pools(one) and same(pools(one), reference(one))


def test_9_2_removing_no_counters_still_makes_its_plus():
    # Dreadship-like with "plus": 1 and {2}: removing none turns {2} into one {U}
    reef = {"id": "reef", "counters": {"storage": 0}, "abilities": [
        {"add": "{U}", "mana": "{2}", "tap": False, "uses": "any", "times": {"remove": "storage", "plus": 1}}]}
    board = {"sources": [reef], "pool": ["{C}", "{C}"]}
    assert same(pools(board), [{"C": 2}, {"U": 1}])
    assert same(pools(board), reference(board))
    # without "uses": "any" it may still be activated once with no counters (pay too)
    once = {"sources": [{**reef, "abilities": [{**reef["abilities"][0], "uses": 1}]}], "pool": ["{W}", "{W}"]}
    assert same(pools(once), [{"W": 2}, {"U": 1}]) and same(pools(once), reference(once))
    assert tapwise.pay({"cost": "{U}", **once})["status"] == "paid"


def test_9_2_counters_shared_with_an_ability_without_tap_are_refused_by_field_as_pay_does():
    board = {"sources": [{"id": "x", "counters": {"charge": 1}, "abilities": [
        {"add": "{G}", "tap": False, "remove_counters": {"charge": 1}},
        {"add": "{U}", "tap": False, "remove_counters": {"charge": 1}}]}]}
    with pytest.raises(ProblemError, match=r"sources\[0\]\.abilities\[1\]"):
        available(board)
    assert tapwise.pay({"cost": "{G}", **board})["status"] == "error"


# --------------------------------------------------------------------------------------------
# Rule examples: effects on boards that share (106.12, 616.1)
# --------------------------------------------------------------------------------------------

ALTAR = {"id": "altar", "types": ["artifact"], "abilities": [
    {"add": "{C}{C}", "tap": False, "uses": "any", "sacrifice_other": {"types": ["creature"]}}]}
ELVES = {"id": "elves", "count": 2, "types": ["creature"], "abilities": [{"add": "{G}"}]}


def test_106_12b_a_multiply_doubles_the_elves_mana_not_the_altars():
    # Mana Reflection on creatures: each Elf taps for {G}{G}, then the Altar eats it for {C}{C}
    board = {"sources": [ALTAR, ELVES], "effects": [{"kind": "multiply", "factor": 2, "when": {"types": ["creature"]}}]}
    assert pools(board) == [{"G": 4, "C": 4}]
    assert same(pools(board), reference(board))


def test_106_12a_wild_growth_on_one_elf_of_two_triggers_once():
    board = {"sources": [ALTAR, ELVES], "effects": [{"kind": "extra", "on": "elves", "add": "{B}"}]}
    assert pools(board) == [{"B": 1, "G": 2, "C": 4}]
    assert same(pools(board), reference(board))


def test_9_7_a_copy_tapped_by_tap_other_is_not_tapped_for_mana():
    # Springleaf Drum taps the Elf for its cost: no Mana Flare trigger; the Elf tapping for {G}
    # triggers it ({G}{G}): the Drum taps nothing else, so {Any} and {G}{G} are the two choices
    drum = {"id": "drum", "types": ["artifact"], "abilities": [{"add": {"any_color": 1},
                                                                 "tap_other": {"types": ["creature"]}}]}
    elf = {"id": "elf", "types": ["creature"], "abilities": [{"add": "{G}"}]}
    board = {"sources": [drum, elf], "effects": [{"kind": "extra", "when": {"types": ["creature"]}, "add": "same_type"}]}
    assert same(pools(board), [{"Any": 1}, {"G": 2}])
    assert same(pools(board), reference(board))


def test_9_1_gaeas_cradle_under_reflection_reads_the_creatures_left():
    # Cradle reads 2 creatures and is doubled ({G}x4) before the Altar eats both ({C}x4);
    # after, it reads 0 and makes nothing (9.7: nothing to double)
    cradle = {"id": "cradle", "abilities": [{"add": "{G}", "times": {"fact": "creature you control"}}]}
    bears = {"id": "bears", "count": 2, "types": ["creature"], "counts": ["creature you control"], "abilities": []}
    board = {"facts": {"creature you control": 2}, "sources": [cradle, ALTAR, bears],
             "effects": [{"kind": "multiply", "factor": 2, "when": {"types": ["land"]}}]}
    assert pools(board) == [{"G": 4, "C": 4}]
    assert same(pools(board), reference(board))


def test_106_12b_a_multiply_that_doesnt_apply_leaves_any_color_free():
    # Birds makes one mana: a multiply with min_amount 2 doesn't apply, so its color is still
    # free ({Any}); with a multiply that applies, the three mana are one color (106.12b)
    birds = {"id": "birds", "types": ["creature"], "abilities": [{"add": {"any_color": 1}}]}
    assert pools({"sources": [birds], "effects": [{"kind": "multiply", "factor": 3, "when": {"min_amount": 2}}]}) \
        == [{"Any": 1}]
    assert same(pools({"sources": [birds], "effects": [{"kind": "multiply", "factor": 3, "when": {}}]}),
                [{c: 3} for c in "WUBRG"])
    assert pools({"sources": [{"id": "five", "abilities": [{"add": ["{W}", "{U}", "{B}", "{R}", "{G}"]}]}]}) \
        == [{"Any": 1}]


# --------------------------------------------------------------------------------------------
# Random boards against the reference and against pay
# --------------------------------------------------------------------------------------------

def _storage(draw) -> dict:
    """A storage land whose remove-X ability has no {T} (copies, counters, cost, plus drawn)."""
    ability: dict = {"add": draw(st.sampled_from(["{C}", ["{W}", "{U}"], {"any_color": 1}, "{B}"])),
                     "tap": False, "times": {"remove": "storage"}}
    cost = draw(st.sampled_from(["{1}", "{1}", None, "{U}", "{2}"]))
    if cost is not None:
        ability["mana"] = cost
    if draw(st.integers(0, 3)) == 3:
        ability["times"]["plus"] = 1
    if cost in (None, "{1}", "{U}") and ability["times"].get("plus"):
        ability["mana"] = "{2}"  # removing none must make less than it costs (else unbounded)
    ability["uses"] = draw(st.sampled_from(["any", 1, 2]))
    src: dict = {"counters": {"storage": draw(st.integers(0, 3))},
                 "abilities": ([{"add": "{C}"}] if draw(st.booleans()) else []) + [ability]}
    if draw(st.integers(0, 2)) == 2:
        src["count"] = 2
    return src


def _sharer(draw) -> dict:
    """A source that shares permanents, cards or facts (9.1-9.2)."""
    kind = draw(st.sampled_from(["altar", "tower", "drum", "druid", "cradle", "bears", "elf", "looter", "treasure"]))
    if kind == "altar":
        return {"types": ["artifact"], "abilities": [{"add": "{C}{C}", "tap": False, "uses": "any",
                                                      "sacrifice_other": {"types": ["creature"]}}]}
    if kind == "tower":
        return {"abilities": [{"add": "{C}"}, {"add": "{B}{B}", "sacrifice_other": {"types": ["creature"]}}]}
    if kind == "drum":
        return {"types": ["artifact"], "abilities": [{"add": {"any_color": 1}, "tap_other": {"types": ["creature"]}}]}
    if kind == "druid":
        return {"types": ["creature"], "subtypes": ["elf"], "sick": draw(st.booleans()), "abilities": [
            {"add": "{G}{G}{G}", "tap": False, "uses": "any", "tap_other": {"subtypes": ["elf"], "n": 2, "self": True}}]}
    if kind == "cradle":
        return {"abilities": [{"add": "{G}", "times": {"fact": "creature you control"}}]}
    if kind == "bears":
        return {"types": ["creature"], "counts": ["creature you control"], "abilities": [],
                "count": draw(st.sampled_from([1, 2]))}
    if kind == "elf":
        return {"types": ["creature"], "subtypes": ["elf"], "counts": ["creature you control"],
                "abilities": [{"add": draw(st.sampled_from(["{G}", {"any_color": 1}]))}],
                "count": draw(st.sampled_from([1, 2]))}
    if kind == "looter":
        return {"abilities": [{"add": "{R}", "discard": 1}, {"add": "{C}"}]}
    return {"types": ["artifact"], "counts": ["artifact you control"],
            "abilities": [{"add": {"any_color": 1}, "tap": False, "sacrifice": True}]}


def _effect(draw, ids: list[str]) -> dict:
    def when() -> dict:
        return draw(st.sampled_from([{}, {"types": ["land"]}, {"types": ["creature"]}, {"types": ["artifact"]},
                                     {"subtypes": ["elf"]}, {"min_amount": 2}]))
    kind = draw(st.sampled_from(["extra", "extra", "multiply", "replace", "replace"]))
    if kind == "multiply":
        return {"kind": "multiply", "factor": 2, "when": when()}
    if kind == "replace":
        if draw(st.booleans()):
            return {"kind": "replace", "when": {**when(), "min_amount": draw(st.sampled_from([0, 2]))},
                    "into": draw(st.sampled_from(["{C}", "{B}", "{R/G}"]))}
        return {"kind": "replace", "when": when(), "into_type": draw(st.sampled_from("BCG"))}
    add = draw(st.sampled_from(["same_type", "{G}", "{B}", "{C}", {"any_color": 1}]))
    if ids and draw(st.integers(0, 2)) == 2:
        return {"kind": "extra", "on": draw(st.sampled_from(ids)), "add": add}
    return {"kind": "extra", "when": when(), "add": add}


@st.composite
def shared_boards(draw, effects: bool = True, storage: bool = True, rich: bool = True) -> dict:
    """A tiny board (tests/test_available.py's), one or two sources that share and maybe a
    storage land without {T}, and up to two effects (at least one when ``effects``)."""
    board = draw(boards(rich=rich, max_copies=3, max_entries=2, max_pool=1))
    extra = [_sharer(draw) for _ in range(draw(st.integers(1, 2)))]
    if storage and draw(st.booleans()):
        extra.append(_storage(draw))
    for k, src in enumerate(extra):
        src["id"] = f"x{k}"
    board["sources"] = board["sources"] + extra
    if any("times" in a and "fact" in a["times"] for s in extra for a in s["abilities"]):
        board["facts"] = {"creature you control": sum(s.get("count", 1) for s in board["sources"]
                                                      if "creature" in s.get("types", []))}
    if any("discard" in a for s in extra for a in s["abilities"]):
        board["hand"] = draw(st.integers(0, 2))
    if effects:
        ids = [s["id"] for s in board["sources"] if "id" in s]
        board["effects"] = [_effect(draw, ids) for _ in range(draw(st.integers(1, 2)))]
    return board


def _compare(board: dict, max_states: int = 10_000) -> None:
    try:
        expected = brute_available(copy.deepcopy(board), max_states=max_states, max_tokens=9)
    except TooBig:
        assume(False)
    got = available(copy.deepcopy(board))
    assert sorted(got["pools"], key=_key) == sorted(expected["pools"], key=_key), json.dumps(board)


@settings(max_examples=110, **COMMON)
@given(shared_boards())
def test_616_1_effects_on_boards_that_share_match_the_available_reference(board):
    _compare(board)


@st.composite
def storage_boards(draw) -> dict:
    """A tiny board and one or two storage lands without {T} (Calciform Pools, Dreadship Reef)."""
    board = draw(boards(rich=True, max_copies=2, max_entries=2, max_pool=1))
    extra = [_storage(draw) for _ in range(draw(st.integers(1, 2)))]
    for k, src in enumerate(extra):
        src["id"] = f"x{k}"
    board["sources"] = board["sources"] + extra
    return board


@settings(max_examples=50, **COMMON)
@given(storage_boards())
def test_122_1_counter_budgets_match_the_available_reference(board):
    _compare(board, max_states=5_000)


def _cost(counts: dict[str, int]) -> str:
    """A cost a pool of these counts pays exactly (``Any`` as {W}: any one color would do)."""
    return "".join("{%s}" % (t if t != "Any" else "W") * counts.get(t, 0) for t in (*TYPES, "Any"))


def _tokens(counts: dict[str, int], cost: bool = False) -> tuple:
    """The reference's tokens of a pool, or of the cost :func:`_cost` makes of it (``Any`` as W)."""
    return tuple(("W" if cost and t == "Any" else t, False, 0) for t in (*TYPES, "Any") for _ in range(counts.get(t, 0)))


def check_with_pay(board: dict) -> None:
    """Each reported pool is paid by ``pay`` as a cost; one more mana of a type is paid exactly
    when a reported pool contains it (``pay`` models the board with CP-SAT and its verifier)."""
    reported = pools(board)
    for p in reported:
        if _cost(p):
            answer = tapwise.pay({"cost": _cost(p), **copy.deepcopy(board)})
            assert answer["status"] == "paid", (p, json.dumps(board), answer)
        for t in TYPES:
            more = {**p, t: p.get(t, 0) + 1}
            expected = any(contained(_tokens(more, cost=True), _tokens(q)) for q in reported)
            status = tapwise.pay({"cost": _cost(more), **copy.deepcopy(board)})["status"]
            assert status == ("paid" if expected else "infeasible"), (more, json.dumps(board), reported)


def _payable(board: dict) -> bool:
    """Boards ``pay`` answers alike: no restriction (pay spends on a spell), one copy per
    storage land (pay asks for entries of one)."""
    shown = json.dumps(board)
    return '"only"' not in shown and not any(
        s.get("count", 1) > 1 and "storage" in json.dumps(s) for s in board["sources"])


@settings(max_examples=200, **COMMON)  # issue 44: 20 before (2 s); 200 take about 20 s
@given(shared_boards(rich=False))
def test_106_12_every_reported_pool_pays_and_one_more_mana_only_where_a_pool_has_it(board):
    assume(_payable(board))
    check_with_pay(board)


@settings(max_examples=25, **COMMON)  # issue 44: 6 before; each board pays a few hundred costs (3 s)
@given(storage_boards())
def test_122_1_every_reported_pool_with_budgets_pays_and_one_more_only_where_a_pool_has_it(board):
    assume(_payable(board))
    check_with_pay(board)


def sweep(kind: str, n: int, seed: int) -> dict[str, int]:
    """Outside the suite: ``n`` boards of ``kind`` ("shared", "storage", "shared_noeff", or
    "pay_shared", "pay_storage" for the check with ``pay``), generated without shrinking, each
    compared; counts of each outcome (and the boards that differ, printed)."""
    import time
    from hypothesis import HealthCheck, Phase
    from hypothesis import seed as with_seed

    from tapwise.solver.queries.available import TooManyPools
    strategy = {"shared": shared_boards(), "storage": storage_boards(), "shared_noeff": shared_boards(effects=False),
                "pay_shared": shared_boards(rich=False), "pay_storage": storage_boards()}[kind]
    counts = {"same": 0, "differ": 0, "too big for the reference": 0, "refused": 0, "skipped": 0}
    worst = {"reference": 0.0, "solver": 0.0}

    @with_seed(seed)
    @settings(max_examples=n, phases=[Phase.generate], deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def one(board):
        if kind.startswith("pay_"):
            if not _payable(board):
                counts["skipped"] += 1
                return
            try:
                check_with_pay(board)
                counts["same"] += 1
            except AssertionError as e:
                counts["differ"] += 1
                print("differ", e)
            return
        start = time.process_time()
        try:
            expected = brute_available(copy.deepcopy(board), max_states=20_000, max_tokens=9)
        except TooBig:
            counts["too big for the reference"] += 1
            return
        middle = time.process_time()
        try:
            got = available(copy.deepcopy(board))
        except TooManyPools:
            counts["refused"] += 1
            return
        worst["reference"] = max(worst["reference"], middle - start)
        worst["solver"] = max(worst["solver"], time.process_time() - middle)
        if sorted(got["pools"], key=_key) == sorted(expected["pools"], key=_key):
            counts["same"] += 1
        else:
            counts["differ"] += 1
            print("differ", json.dumps(board))

    one()
    return {**counts, **{f"worst {k} s": round(v, 2) for k, v in worst.items()}}


if __name__ == "__main__":  # cd tests && python test_available_effects.py storage 1000 11
    import sys
    print(sys.argv[1:], sweep(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
