"""A prepared board's ``push`` and ``pop`` (issue 43, solver/queries/pushed.py).

Contract: after ``board.push(answer)`` every question is answered, byte for byte, as
``tapwise.pay`` answers it on the board the payment leaves described afresh (``board.board``),
and that board is what an independent replay of the answer says is left (tests/reference's
plan_left_brute, which shares no code with the solver, for the sources and player; the pool
counted here: the pool mana not spent and the answer's mana left over, 106.4). ``pop`` gives
back the board before, answering byte for byte as before. What can't be pushed is refused.
"""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import tapwise
from tapwise.models.mana import ManaCost
from tapwise.models.problem import BOARD_KEYS, ProblemError
from tapwise.solver.queries.pushed import PushError

try:
    from strategies import mixed_problems, v2_problems
    from test_plan import plain_plans
    from reference import TooBig, Unsupported
    from reference.brute import brute_pay
    from reference.plan_left_brute import board_left as reference_left
except ImportError:  # tests/ imported as a package
    from tests.strategies import mixed_problems, v2_problems
    from tests.test_plan import plain_plans
    from tests.reference import TooBig, Unsupported
    from tests.reference.brute import brute_pay
    from tests.reference.plan_left_brute import board_left as reference_left

COMMON = dict(derandomize=True, deadline=None, database=None, print_blob=False,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                     HealthCheck.data_too_large])


def _dump(answer: dict) -> str:
    return json.dumps(answer, sort_keys=True)


def _split(problem: dict) -> tuple[dict, dict]:
    board = {k: v for k, v in problem.items() if k in BOARD_KEYS}
    cost = {k: v for k, v in problem.items() if k not in BOARD_KEYS and k != "query"}
    return board, cost


def _asks_as_pay(board: tapwise.Board, described: dict, costs: list[dict]) -> None:
    for cost in costs:
        want = _dump(tapwise.pay({**copy.deepcopy(cost), **copy.deepcopy(described)}))
        assert _dump(board.pay(copy.deepcopy(cost))) == want, (described, cost)


@st.composite
def push_sequences(draw, problem_strategy):
    """A board, three costs asked of it (one with X, one keeping another castable), and a
    sequence of operations: 0 ask and push its answer when paid, 1 pop, 2 push_cost."""
    board, first = _split(draw(problem_strategy))
    costs = [first]
    for _ in range(2):
        _, other = _split(draw(problem_strategy))
        costs.append(other)
    x_symbols = draw(st.sampled_from(["", "{X}", "{X}{G}"]))
    costs.append({"cost": x_symbols + "{1}", "x": draw(st.integers(0, 2))})
    costs.append({"cost": "{1}", "keep": [{"cost": draw(st.sampled_from(["{G}", "{R}{R}", "{2}"]))}]})
    ops = draw(st.lists(st.tuples(st.integers(0, 2), st.integers(0, len(costs) - 1)),
                        min_size=1, max_size=5))
    return board, costs, ops


def _can_pay_status(board: tapwise.Board, cost: dict):
    """can_pay's verdict, or what it raised."""
    try:
        return board.can_pay(copy.deepcopy(cost))
    except ProblemError:
        return "error"
    except RuntimeError:
        return "undecided"


def _pay_status(described: dict, cost: dict):
    """What can_pay must say of ``cost`` on ``described``: pay()'s status with any payment."""
    status = tapwise.pay({**copy.deepcopy(cost), "objective": [],
                          **copy.deepcopy(described)})["status"]
    return {"paid": True, "infeasible": False, "unpayable": False}.get(
        status, "error" if status == "error" else "undecided")


def _run(case) -> int:
    """Runs a push/pop sequence, comparing every level with pay() on its description; the number
    of pushes made. After each push can_pay is asked first (a counted push decides it on the
    supply it counted, the board left not derived yet), then the board left is read."""
    board, costs, ops = case
    try:
        prepared = tapwise.prepare(copy.deepcopy(board))
    except ProblemError:
        assume(False)
    described = [board]  # the description of each level, the board as given at the bottom
    pushes = 0
    for op, i in ops:
        if op == 1 and prepared.depth:
            prepared.pop()
            described.pop()
            _asks_as_pay(prepared, described[-1], costs)  # pop gives back the board before
            continue
        if op == 2:  # push_cost: paid and pushed in one call, as push(pay(cost)) does
            before = copy.deepcopy(prepared.board)
            try:
                pushed = prepared.push_cost(copy.deepcopy(costs[i]))
            except PushError as e:  # as push refuses it (9.4)
                assert "9.4" in str(e) or "restrictions" in str(e), str(e)
                continue
            except (ProblemError, RuntimeError):
                assert tapwise.pay({**copy.deepcopy(costs[i]), **copy.deepcopy(before)})[
                    "status"] in ("error", "unknown")
                continue
            want = tapwise.pay({**copy.deepcopy(costs[i]), **copy.deepcopy(before)})
            assert pushed is (want["status"] == "paid"), (before, costs[i])
            if not pushed:
                continue
            twin = tapwise.prepare(before)  # push(pay(cost)) on the board before, given afresh
            twin.push(twin.pay(copy.deepcopy(costs[i])))
            assert prepared.board == twin.board
        else:
            answer = prepared.pay(copy.deepcopy(costs[i]))
            if answer["status"] != "paid":
                with pytest.raises(PushError):
                    prepared.push(answer)
                continue
            try:
                prepared.push(answer)
            except PushError as e:  # only mana an extra or replacement made is refused (9.4)
                assert "9.4" in str(e) or "restrictions" in str(e), str(e)
                continue
        pushes += 1
        said = [_can_pay_status(prepared, cost) for cost in costs]
        described.append(copy.deepcopy(prepared.board))
        assert prepared.depth == len(described) - 1
        for cost, got in zip(costs, said):
            if got != "undecided":  # (only a search past its time limit is undecided)
                assert got == _pay_status(described[-1], cost), (described[-1], cost)
        _asks_as_pay(prepared, described[-1], costs)
    while prepared.depth:
        prepared.pop()
    _asks_as_pay(prepared, board, costs)
    return pushes


@settings(max_examples=100, **COMMON)
@given(push_sequences(mixed_problems()))
def test_pushed_board_answers_as_pay_on_the_board_left(case):
    _run(case)


@settings(max_examples=80, **COMMON)
@given(push_sequences(v2_problems()))
def test_pushed_version_2_board_answers_as_pay_on_the_board_left(case):
    _run(case)


def _pool_types(board: dict) -> Counter:
    """The mana in a board's pool, per type (the pool's entries are mana strings or objects)."""
    out: Counter = Counter()
    for entry in board.get("pool", []):
        text = entry if isinstance(entry, str) else entry["mana"]
        out.update(str(s).strip("{}") for s in ManaCost.parse(text).symbols)
    return out


@settings(max_examples=150, **COMMON)
@given(plain_plans())
def test_board_left_is_what_the_reference_replay_leaves(case):
    """Costs paid one after another, each answer pushed: the next cost then pays on the pushed
    board exactly when the reference payer pays it on the sources and player the reference
    replay of the answers leaves (with the same objective values), and the pool holds the mana
    the answer says is left over (the pool's not spent and what its activations made, 106.4)."""
    board, costs, _ = case
    prepared = tapwise.prepare(copy.deepcopy(board))
    answers: list[dict] = []
    for cost in costs:
        answer = prepared.pay(copy.deepcopy(cost))
        if answer["status"] != "paid":
            continue
        try:
            prepared.push(answer)
        except PushError as e:
            assert "9.4" in str(e) or "restrictions" in str(e), str(e)
            return
        answers.append(answer)
        # the mana left: the pool's not spent and what the activations made and left over
        pool = Counter(answer["left_over_counts"])
        assert _pool_types(prepared.board) == pool
        sources, player = reference_left(board, answers)
        if pool or "opponent_sources" in board:
            continue  # the reference replay knows no pool
        for probe in costs:
            got = prepared.pay({**copy.deepcopy(probe), "objective": ["min_sources"]})
            try:
                ref = brute_pay({**copy.deepcopy(probe), "sources": sources, "player": player,
                                 "objective": ["min_sources"]})
            except (TooBig, Unsupported):
                continue
            assert got["status"] == ref["status"], (board, answers, probe)
            if got["status"] == "paid":
                assert got["objective"] == ref["objective"], (board, answers, probe)


FOREST_SOL = {"sources": [{"id": "Sol Ring", "abilities": [{"add": "{C}{C}"}]},
                          {"name": "Forest", "count": 2}], "pool": ["{R}"]}


def test_106_4_mana_left_over_stays_in_the_pool_within_the_step():
    """{1} paid from the pool's {R}; then {C}, which only the Sol Ring's {C}{C} pays: one {C}
    is left over and stays in the pool (106.4), so a second {C} is paid from the pool with no
    activation."""
    board = tapwise.prepare(copy.deepcopy(FOREST_SOL))
    a = board.pay({"cost": "{1}"})
    assert a["activations"] == [] and a["left_over_counts"] == {}
    board.push(a)
    assert "pool" not in board.board
    a = board.pay({"cost": "{C}"})
    assert a["left_over_counts"] == {"C": 1}
    board.push(a)
    assert board.depth == 2 and board.board["pool"] == ["{C}"]
    c = board.pay({"cost": "{C}"})
    assert c["status"] == "paid" and c["activations"] == []
    board.pop()
    board.pop()
    assert board.board == FOREST_SOL and board.depth == 0


FILTER_PLAINS = {"sources": [{"name": "Filter WU", "abilities": [{"mana": "{W/U}",
                                                                 "add": ["{W}{W}", "{W}{U}", "{U}{U}"]}]},
                             {"name": "Plains", "count": 2}]}


def test_mana_a_filter_land_leaves_over_is_given_back_to_it_though_its_cost_spent_other_mana():
    """{U} from a filter land: a Plains' {W} pays its {W/U} and it adds {U}{U}, one {U} left
    over (106.4). The Plains' {W} was spent on the ability's cost (the activation's ``paid``),
    so the mana left over is the filter's {U}, not an extra's (9.4): the push is counted, the
    board left holds it, and a second {U} is paid from the pool (found by the property test
    above, which then refused the board left)."""
    board = tapwise.prepare(copy.deepcopy(FILTER_PLAINS))
    a = board.pay({"cost": "{U}"})
    assert a["left_over_counts"] == {"U": 1} and any(act.get("paid") for act in a["activations"])
    board.push(a)
    assert board.can_pay({"cost": "{U}{U}"}) is False  # the filter and one Plains are tapped
    assert board.can_pay({"cost": "{U}"}) is True  # the pool's {U}
    assert board.board["pool"] == ["{U}"]
    again = board.pay({"cost": "{U}"})
    assert again["status"] == "paid" and again["activations"] == []
    assert board.pay({"cost": "{U}{U}"})["status"] == "infeasible"
    board.pop()
    assert board.board == FILTER_PLAINS


def test_tapped_copies_are_gone_for_the_next_cost():
    """Two Forests: {G}{G} pushed leaves none untapped, so {G} can't be paid until the pop."""
    board = tapwise.prepare({"sources": [{"name": "Forest", "count": 2}]})
    board.push(board.pay({"cost": "{G}{G}"}))
    assert board.board["sources"] == [{"name": "Forest", "count": 2, "tapped": 2}]
    assert board.can_pay({"cost": "{G}"}) is False
    assert board.pay({"cost": "{G}"})["status"] == "infeasible"
    board.pop()
    assert board.can_pay({"cost": "{G}"}) is True


def test_life_paid_is_gone_for_the_next_cost():
    """{W/P} paid with 2 life (no white source; 107.4f), at 3 life: a second {W/P} can't be
    paid with the 1 life left (119.4: a player can't pay more life than they have)."""
    board = tapwise.prepare({"sources": [{"name": "Forest"}], "player": {"life": 3}})
    a = board.pay({"cost": "{W/P}"})
    assert a["life_paid"] == 2
    board.push(a)
    assert board.board["player"]["life"] == 1
    assert board.pay({"cost": "{W/P}"})["status"] == "infeasible"


def test_what_cant_be_pushed_is_refused_by_name():
    board = tapwise.prepare({"sources": [{"name": "Forest"}]})
    other = tapwise.prepare({"sources": [{"name": "Forest"}]})
    with pytest.raises(PushError, match="status 'infeasible'"):
        board.push(board.pay({"cost": "{U}"}))
    with pytest.raises(PushError, match="another board"):
        board.push(other.pay({"cost": "{G}"}))
    with pytest.raises(PushError, match="another board"):
        board.push(tapwise.pay({"cost": "{G}", "sources": [{"name": "Forest"}]}))
    with pytest.raises(PushError, match="a dict"):
        board.push("paid")  # type: ignore[arg-type]
    with pytest.raises(IndexError, match="nothing was pushed"):
        board.pop()
    a = board.pay({"cost": "{G}"})
    board.push(a)
    with pytest.raises(PushError, match="another board"):  # asked of the board below
        board.push(a)
    board.pop()
    board.push(a)  # pushed again after the pop: the same board left
    assert board.board["sources"][0]["tapped"] == 1
    board.pop()
    a["activations"][0]["times"] = 2  # changed by the caller: two Forests, where there is one
    with pytest.raises(PushError, match="not a legal payment"):
        board.push(a)
    assert board.depth == 0


@settings(max_examples=200, **COMMON)
@given(mixed_problems())
def test_a_payment_that_only_taps_leaves_what_the_full_replay_leaves(problem):
    """The shortcut for answers that only tap copies ({T} abilities sacrificing nothing, on a
    version-1 board) gives the board the copy-by-copy replay (keep.board_left) gives."""
    from tapwise.models.loader import load_problem
    from tapwise.solver.queries.keep import board_left
    from tapwise.solver.queries.pushed import _only_tapped

    answer = tapwise.pay(copy.deepcopy(problem))
    assume(answer["status"] == "paid" and not problem.get("keep"))
    loaded = load_problem(copy.deepcopy(problem))
    quick = _only_tapped(loaded, answer)
    if quick is not None:
        assert quick == board_left(loaded, answer)


# The first push of a payment the board verified for a plain question, when it only taps copies
# of a version-1 board, is derived from the board's own problem (pushed.fields_after) instead of
# preparing the board left from its JSON. These cases exercise that derivation: tapped copies,
# life paid, the pool (given, spent, with restrictions, and the mana left over, 106.4), entries
# the merge joins, and pushes several deep.

ENGINE_KINDS = [
    {"id": "W", "abilities": [{"add": "{W}"}]},
    {"id": "U", "abilities": [{"add": "{U}"}]},
    {"id": "G", "abilities": [{"add": "{G}"}]},
    {"id": "W|U", "abilities": [{"add": ["{W}", "{U}"]}]},
    {"id": "B|R|G", "abilities": [{"add": ["{B}", "{R}", "{G}"]}]},
    {"id": "CC", "abilities": [{"add": "{C}{C}"}]},
    {"id": "pain-UB", "abilities": [{"add": "{C}"}, {"add": ["{U}", "{B}"], "life": 1}]},
    {"id": "snow-G", "snow": True, "abilities": [{"add": "{G}"}]},
    {"id": "G-for-creatures", "abilities": [{"add": "{G}", "only": {"types": ["creature"]}}]},
    {"id": "Forest", "name": "Forest"},  # merged with the "Forest" entries below it
    {"id": "Forest-2", "name": "Forest"},
]
ENGINE_COSTS = ["{G}", "{1}", "{C}", "{W}{U}", "{2}{G}", "{U/B}{U/B}", "{G/P}", "{S}", "{B}{R}",
                "{C}{1}", "{1}{1}{1}", "{W}{U}{G}{1}"]
ENGINE_POOLS = [[], ["{C}"], ["{G}", "{W}"], [{"mana": "{G}", "only": {"types": ["creature"]}}]]


def _engine_case(rng) -> tuple[dict, list[dict], list[tuple[int, int]]]:
    """An engine-shaped board (abilities only, a few named Forests), costs asked of it (some
    with ids, one asked for any payment), and a push/pop sequence (0: ask and push, 1: pop)."""
    sources = []
    for kind in rng.sample(ENGINE_KINDS, rng.randint(2, 6)):
        entry = dict(kind, count=rng.randint(1, 3))
        if rng.random() < 0.2:
            entry["tapped"] = rng.randint(0, entry["count"] - 1)
        sources.append(entry)
    board: dict = {"sources": sources}
    pool = rng.choice(ENGINE_POOLS)
    if pool:
        board["pool"] = pool
    if rng.random() < 0.3:
        board["player"] = {"life": rng.randint(1, 4)}
    costs: list[dict] = [{"cost": c} for c in rng.sample(ENGINE_COSTS, 4)]
    costs[1]["id"] = rng.randint(0, 9)
    costs[2]["objective"] = []
    ops = [(int(rng.random() < 0.3), rng.randrange(len(costs))) for _ in range(rng.randint(2, 7))]
    return board, costs, ops


def _can_pay_as_pay(board: tapwise.Board, described: dict, costs: list[dict]) -> None:
    """``can_pay`` asked first on this board (so a cost asked on the board before a push is
    decided from its kept checks), each True exactly when pay() pays it on the description."""
    for cost in costs:
        want = tapwise.pay({**copy.deepcopy(cost), "objective": [], **copy.deepcopy(described)})
        assert board.can_pay(copy.deepcopy(cost)) is (want["status"] == "paid"), (described, cost)


def test_engine_boards_pushed_and_popped_answer_as_pay_on_the_board_left():
    """400 seeded sequences on engine-shaped boards: after every push can_pay, asked first,
    agrees with pay() on the board left described afresh (a twin board pushed alike describes
    it, so the board under test is still as the push left it: counted, not derived); then each
    cost is answered byte for byte as pay() answers it there, and can_pay asked again agrees;
    after every pop too. Every push of a paid plain answer that taps only was counted (its
    board left derived from the board's own problem when asked for), none prepared from JSON.
    A third of the pushes are push_cost on a cost asked before (its copy changed by the caller,
    which push_cost never reads), a third push_cost on a cost not asked on this board yet."""
    import random

    from tapwise.solver.queries.pushed import Described

    pushes = counted = derived = undecided = 0
    for seed in range(400):
        case = _engine_case(random.Random(seed))
        board, costs, ops = case
        prepared = tapwise.prepare(copy.deepcopy(board))
        twin = tapwise.prepare(copy.deepcopy(board))
        described = [board]
        for op, i in ops:
            if op == 1 and prepared.depth:
                prepared.pop()
                twin.pop()
                described.pop()
                _can_pay_as_pay(prepared, described[-1], costs)
                _asks_as_pay(prepared, described[-1], costs)
                continue
            form = (seed + len(described)) % 3  # push(pay), pay then push_cost, push_cost
            if form < 2:
                answer = prepared.pay(copy.deepcopy(costs[i]))
                if answer["status"] != "paid":
                    continue
                if form == 0:
                    prepared.push(answer)
                else:
                    answer["activations"] = []  # the caller's copy: push_cost never reads it
                    assert prepared.push_cost(copy.deepcopy(costs[i])) is True
            else:
                paid = twin.pay(copy.deepcopy(costs[i]))["status"] == "paid"
                assert prepared.push_cost(copy.deepcopy(costs[i])) is paid
                if not paid:
                    continue
            twin.push(twin.pay(copy.deepcopy(costs[i])))
            pushes += 1
            counted += prepared._counted is not None
            described.append(copy.deepcopy(twin.board))
            _can_pay_as_pay(prepared, described[-1], costs)
            undecided += prepared._counted is None  # the count didn't decide: derived
            _asks_as_pay(prepared, described[-1], costs)
            derived += isinstance(prepared._board, Described)
            _can_pay_as_pay(prepared, described[-1], costs)
        while prepared.depth:
            prepared.pop()
        _asks_as_pay(prepared, board, costs)
    assert pushes > 600
    assert counted == derived == pushes
    assert undecided < pushes // 10  # pain lands' colors between sure and most, mostly


@settings(max_examples=300, **COMMON)
@given(mixed_problems())
def test_the_derived_board_left_is_the_board_its_json_loads(problem):
    """Where the derivation applies, the sources, pool (entries numbered as loaded) and player
    it gives are exactly those the loader reads from the board left's JSON (the replay's)."""
    from tapwise.models.loader import load_problem
    from tapwise.solver.queries.pushed import board_after, fields_after

    board, cost = _split(problem)
    try:
        prepared = tapwise.prepare(copy.deepcopy(board))
    except ProblemError:
        assume(False)
    answer = prepared.pay({"cost": cost.get("cost")} if isinstance(cost.get("cost"), str)
                          else cost)
    assume(answer["status"] == "paid")
    q = prepared._given[id(answer)]
    fields = fields_after(q.problem, answer)
    assume(fields is not None)
    left = load_problem({"cost": None, **board_after(board, q.problem, answer)},
                        allowed=("cost",) + BOARD_KEYS)
    assert (left.sources, left.pool, left.player) == (fields["sources"], fields["pool"],
                                                      fields["player"])


def test_a_derived_push_leaves_tapped_copies_life_and_the_mana_left_over():
    """Worked by hand: a pain land's {U} (1 life, at 3) and the Sol Ring's {C}{C} pay {U}{1}
    with one {C} left over (106.4); pushed, the board left has both tapped, life 2 and {C} in
    the pool, so {C} is paid from the pool with no activation, and {U} can't be paid."""
    board = {"sources": [{"id": "CC", "abilities": [{"add": "{C}{C}"}]},
                         {"id": "pain", "abilities": [{"add": ["{U}", "{B}"], "life": 1}]}],
             "player": {"life": 3}}
    prepared = tapwise.prepare(copy.deepcopy(board))
    a = prepared.pay({"cost": "{U}{1}"})
    assert a["life_paid"] == 1 and a["left_over_counts"] == {"C": 1}
    prepared.push(a)
    assert prepared.board == {"sources": [{"id": "CC", "abilities": [{"add": "{C}{C}"}],
                                           "tapped": 1},
                                          {"id": "pain", "abilities": [{"add": ["{U}", "{B}"],
                                                                        "life": 1}], "tapped": 1}],
                              "player": {"life": 2, "energy": 0, "keep_life": 1},
                              "pool": ["{C}"]}
    c = prepared.pay({"cost": "{C}"})
    assert c["activations"] == [] and c["payments"][0]["mana"] == [{"type": "C", "source": "pool",
                                                                    "pool": 0}]
    assert prepared.can_pay({"cost": "{U}"}) is False
    prepared.pop()
    assert prepared.board == board and prepared.can_pay({"cost": "{U}"}) is True


def test_a_repeated_answer_changed_by_the_caller_is_checked_whole_when_pushed():
    """A repeated ask is a copy of the verified payment: changing it reaches neither the kept
    payment (asked again, the same answer) nor the derivation (pushed, it is replayed by the
    verifier and refused)."""
    board = {"sources": [{"id": "G", "count": 2, "abilities": [{"add": "{G}"}]}]}
    prepared = tapwise.prepare(board)
    first = prepared.pay({"cost": "{G}"})
    again = prepared.pay({"cost": "{G}"})
    assert again == first and again is not first
    again["activations"][0]["times"] = 3
    again["payments"].append({"symbol": "{G}"})
    assert prepared.pay({"cost": "{G}"}) == first
    with pytest.raises(PushError, match="not a legal payment"):
        prepared.push(again)
    assert prepared.depth == 0


# A counted push (push43b): a verified payment that only taps copies of a version-1 board is
# pushed by counting the feasibility supply it leaves (feasible.Tapped); can_pay decides on it
# by Hall's count, and the board left is derived only when something needs more.

COUNTED = {"sources": [{"id": "G", "count": 2, "abilities": [{"add": "{G}"}]},
                       {"id": "CC", "abilities": [{"add": "{C}{C}"}]},
                       {"id": "U", "abilities": [{"add": "{U}"}]}]}


def test_a_counted_push_decides_can_pay_without_deriving_the_board_left():
    """Worked by hand: {C} is paid by the Sol Ring-like CC alone, one {C} left over in the pool
    (106.4). On what is left (two G, one U, {C} in the pool, CC tapped) {G}{G}{U}{C} can be
    paid and {C}{C} and {G}{G}{G} can't; all three decided by the count, the board left not
    derived, until it is read."""
    prepared = tapwise.prepare(copy.deepcopy(COUNTED))
    a = prepared.pay({"cost": "{C}"})
    assert a["left_over_counts"] == {"C": 1}
    prepared.push(a)
    assert prepared._counted is not None and prepared.depth == 1
    assert prepared.can_pay({"cost": "{G}{G}{U}{C}"}) is True
    assert prepared.can_pay({"cost": "{C}{C}"}) is False
    assert prepared.can_pay({"cost": "{G}{G}{G}", "id": 7}) is False
    assert prepared._counted is not None and prepared._board == COUNTED  # nothing derived
    assert prepared.board["pool"] == ["{C}"]  # read: derived now
    assert prepared._counted is None
    assert prepared.board["sources"][1]["tapped"] == 1
    assert prepared.can_pay({"cost": "{C}{C}"}) is False
    prepared.pop()
    assert prepared.depth == 0 and prepared.board == COUNTED
    assert prepared.can_pay({"cost": "{C}{C}"}) is True
    prepared.push(a)  # pushed again: counted again (its supply kept), popped before derived
    assert prepared._counted is not None and prepared.can_pay({"cost": "{C}{C}"}) is False
    prepared.pop()
    assert prepared.can_pay({"cost": "{C}{C}"}) is True and prepared.board == COUNTED


def test_counted_pushes_nest_over_derived_boards():
    """Push {G} (counted), ask pay() (derives the board left), push its {G} (counted on the
    derived board): no G is left, so {G} can't be paid; popping twice gives both G back."""
    prepared = tapwise.prepare(copy.deepcopy(COUNTED))
    prepared.push(prepared.pay({"cost": "{G}"}))
    a = prepared.pay({"cost": "{G}"})
    assert a["status"] == "paid" and prepared._counted is None
    prepared.push(a)
    assert prepared._counted is not None and prepared.depth == 2
    assert prepared.can_pay({"cost": "{G}"}) is False
    assert prepared.can_pay({"cost": "{U}{C}{C}"}) is True
    prepared.pop()
    assert prepared.can_pay({"cost": "{G}{G}"}) is False and prepared.can_pay({"cost": "{G}"})
    prepared.pop()
    assert prepared.can_pay({"cost": "{G}{G}"}) is True and prepared.depth == 0


def test_a_count_that_cant_tell_derives_the_board_left():
    """A pain land's {U} costs 1 life (its free ability makes {C}): with the G tapped, {U} lies
    between what surely pays (the free {C}) and what at most pays, so the count declines and
    the board left is derived, which pays {U} with the pain land (20 life)."""
    prepared = tapwise.prepare({"sources": [
        {"id": "pain-UB", "count": 2, "abilities": [{"add": "{C}"},
                                                    {"add": ["{U}", "{B}"], "life": 1}]},
        {"id": "G", "abilities": [{"add": "{G}"}]}]})
    prepared.push(prepared.pay({"cost": "{G}"}))
    assert prepared._counted is not None
    assert prepared.can_pay({"cost": "{C}{C}"}) is True  # decided: the free {C} of both
    assert prepared._counted is not None
    assert prepared.can_pay({"cost": "{U}"}) is True  # undecided by the count: derived
    assert prepared._counted is None
    assert prepared.can_pay({"cost": "{G}"}) is False


def test_counted_verdicts_are_pays_on_the_board_left():
    """On 150 seeded engine boards, each paid cost pushed: every verdict the counted supply
    gives for every cost's Hall checks (of the board before the push) is True exactly when
    pay() pays that cost on the board left, described afresh."""
    import random

    compared = 0
    for seed in range(150):
        board, costs, _ = _engine_case(random.Random(1000 + seed))
        prepared = tapwise.prepare(copy.deepcopy(board))
        for cost in costs:
            answer = prepared.pay(copy.deepcopy(cost))
            if answer["status"] != "paid":
                continue
            prepared.push(answer)
            tapped = prepared._counted.counted[0] if prepared._counted is not None else None
            if tapped is not None:
                checks = [prepared._question(copy.deepcopy(c)).checks for c in costs]
                verdicts = [None if ch is None else tapped.decide(prepared._supply, ch) for ch in checks]
                _ = prepared.board  # derived now
                for c, v in zip(costs, verdicts):
                    if v is not None:
                        want = tapwise.pay({**copy.deepcopy(c), "objective": [],
                                            **copy.deepcopy(prepared.board)})["status"] == "paid"
                        assert v is want, (board, answer, c)
                        compared += 1
            prepared.pop()
    assert compared > 300


# push_cost (push43c): the payment is paid and pushed in one call and never leaves the board, so
# no copy of it is compared; push(answer) still takes the caller's copy as given, checked whole
# unless equal to the verified payment.

def test_push_cost_pushes_the_verified_payment_not_the_callers_copy():
    """{1} on G and U: the board's payment taps G (the first of equal sources); the caller
    turns its copy into one tapping U. push_cost pushes the board's payment (G tapped); push of
    the changed copy, a legal payment, is replayed by the verifier and applied as written (U
    tapped): neither is the other."""
    board = {"sources": [{"id": "G", "abilities": [{"add": "{G}"}]},
                         {"id": "U", "abilities": [{"add": "{U}"}]}]}
    prepared = tapwise.prepare(copy.deepcopy(board))
    a = prepared.pay({"cost": "{1}"})
    tapped = a["activations"][0]["source"]
    other = "U" if tapped == "G" else "G"
    a["activations"][0]["source"] = other
    a["activations"][0]["adds"] = "{%s}" % other
    a["payments"][0]["mana"] = [{"type": other, "source": other}]
    a["colors_spent"] = [other]
    assert prepared.push_cost({"cost": "{1}"}) is True
    assert [s.get("tapped", 0) for s in prepared.board["sources"]] == (
        [1, 0] if tapped == "G" else [0, 1])
    prepared.pop()
    prepared.push(a)  # changed, still legal: checked whole, applied as the caller wrote it
    assert [s.get("tapped", 0) for s in prepared.board["sources"]] == (
        [0, 1] if tapped == "G" else [1, 0])
    assert prepared.depth == 1


def test_push_cost_refuses_loudly_and_pushes_nothing_unpaid():
    """An unpayable cost pushes nothing and says False; a bad cost raises ProblemError naming
    ``cost``; text costs are read as Board.pay reads them (api/board.py)."""
    prepared = tapwise.prepare(copy.deepcopy(COUNTED))
    assert prepared.push_cost({"cost": "{W}"}) is False and prepared.depth == 0
    with pytest.raises(ProblemError, match="cost"):
        prepared.push_cost({"cost": "{Q}"})
    with pytest.raises(ProblemError, match="bogus"):
        prepared.push_cost({"cost": "{G}", "bogus": 1})
    assert prepared.depth == 0
    assert prepared.push_cost("{G}{G}") is True and prepared.depth == 1
    assert prepared.can_pay({"cost": "{G}"}) is False  # both G tapped
    assert prepared.push_cost({"cost": "{G}"}) is False and prepared.depth == 1
    prepared.pop()
    assert prepared.board == COUNTED


def test_a_foreign_answer_is_refused_by_push_and_push_cost_needs_none():
    """An answer another board gave (equal in content) is refused by push; push_cost asks
    this board, whose payment it pushes."""
    prepared = tapwise.prepare(copy.deepcopy(COUNTED))
    other = tapwise.prepare(copy.deepcopy(COUNTED))
    foreign = other.pay({"cost": "{C}"})
    assert foreign == prepared.pay({"cost": "{C}"})
    with pytest.raises(PushError, match="not given by this board"):
        prepared.push(foreign)
    assert prepared.push_cost({"cost": "{C}"}) is True
    assert prepared.board["pool"] == ["{C}"]
