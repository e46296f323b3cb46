"""The count that explains an infeasible cost (solver/answer/explain.py's explain_by_count, issue
43's typed rewrite) against a count worked out here from the request alone.

For random engine-shaped boards (tap abilities adding fixed mana or one of several) and costs of
the plain class, every infeasible answer is checked against a brute force that shares no code
with the solver: the brute-force payer (tests/reference) says no payment exists, and the Hall
count written below, over the 63 sets of types in the order the explanation defines (by size,
then as ``itertools.combinations`` lists them), finds the set the ``why`` names: the symbols
that only mana of those types can pay (a Phyrexian symbol can be paid with life instead) need
more of it than the board can make, those symbols are the ``conflict`` in cost order, and no set
tried before is short. When the count finds no short set, the answer's ``why`` is not a count's.
A prepared board, which keeps the board's count for all its costs, explains each cost as
``pay()`` does.
"""

from __future__ import annotations

import random
import re
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

try:
    from reference import brute_pay
except ImportError:  # tests/ imported as a package
    from tests.reference import brute_pay

TYPES = "WUBRGC"
NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
# what an entry's one tap ability may add: basics, {C}, duals, a tri-land, any color, Sol Ring
ADDS = ["{W}", "{U}", "{B}", "{R}", "{G}", "{C}", ["{W}", "{U}"], ["{B}", "{R}"], ["{G}", "{W}"],
        ["{U}", "{B}", "{G}"], ["{W}", "{U}", "{B}", "{R}", "{G}"], "{C}{C}", "{G}{G}"]
# cost symbols of the class, each with the types that may pay it, the mana it needs and
# whether 2 life may pay it instead (107.4e-f)
SYMBOLS = {"{W}": ("W", 1, False), "{U}": ("U", 1, False), "{B}": ("B", 1, False),
           "{R}": ("R", 1, False), "{G}": ("G", 1, False), "{C}": ("C", 1, False),
           "{1}": (TYPES, 1, False), "{2}": (TYPES, 2, False), "{3}": (TYPES, 3, False),
           "{W/U}": ("WU", 1, False), "{B/G}": ("BG", 1, False), "{C/R}": ("CR", 1, False),
           "{G/P}": ("G", 1, True)}
# the sets of types in the order the explanation tries them
SETS = ["".join(c) for size in range(1, 7) for c in combinations(TYPES, size)]
WHY = re.compile(r"needs (\d+) (.+) for (.+) but the board can make at most (-?\d+)")

COMMON = dict(derandomize=True, deadline=None, database=None, print_blob=False,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def _units(add: str | list[str]) -> list[list[str]]:
    """Per choice of an ``add``, the type of each unit it makes."""
    texts = [add] if isinstance(add, str) else add
    return [re.findall(r"\{(\w)\}", t) for t in texts]


def _can_make(sources: list[dict], types: str) -> int:
    """The most mana of ``types`` the board can make: each copy tapped once for its best
    choice."""
    return sum(s["count"] * max(sum(u in types for u in ch) for ch in _units(s["abilities"][0]["add"]))
               for s in sources)


def _symbols(cost: str) -> list[str]:
    return re.findall(r"\{[^}]*\}", cost)


def _first_short_set(problem: dict) -> tuple[str, list[str], int, int] | None:
    """The first set of types whose symbols need more than the board makes: (its types, those
    symbols in cost order, the mana they need, the mana the board makes), or None."""
    for types in SETS:
        within = [s for s in _symbols(problem["cost"])
                  if not SYMBOLS[s][2] and set(SYMBOLS[s][0]) <= set(types)]
        need = sum(SYMBOLS[s][1] for s in within)
        have = _can_make(problem["sources"], types)
        if within and need > have:
            return types, within, need, have
    return None


def _described(types: str) -> str:
    return "mana" if types == TYPES else " or ".join(NAMES[t] for t in types) + " mana"


@st.composite
def plain_problems(draw) -> dict:
    adds = draw(st.lists(st.sampled_from(range(len(ADDS))), min_size=1, max_size=5, unique=True))
    sources = [{"id": f"s{i}", "count": draw(st.integers(1, 3)), "abilities": [{"add": ADDS[a]}]}
               for i, a in enumerate(adds)]
    cost = "".join(draw(st.lists(st.sampled_from(sorted(SYMBOLS)), min_size=1, max_size=7)))
    return {"cost": cost, "sources": sources}


def _check(problem: dict, answer: dict) -> bool:
    """``answer`` (infeasible) explained as the count here explains ``problem``; True when a
    count explains it."""
    assert brute_pay(problem)["status"] == "infeasible", problem
    short = _first_short_set(problem)
    found = WHY.fullmatch(answer["why"])
    if short is None:
        assert found is None, (problem, answer)
        return False
    types, within, need, have = short
    assert found is not None, (problem, answer)
    assert answer["why"] == (f"needs {need} {_described(types)} for {''.join(within)} but the "
                             f"board can make at most {have}"), (problem, answer)
    assert answer["conflict"] == within, (problem, answer)
    return True


@settings(max_examples=70, **COMMON)
@given(plain_problems())
def test_infeasible_plain_boards_name_the_first_short_set(problem):
    import tapwise

    answer = tapwise.pay(problem)
    if answer["status"] == "infeasible":
        _check(problem, answer)
    else:  # a paid cost: no set of types is short (each is a bound on what a payment needs)
        assert answer["status"] == "paid" and _first_short_set(problem) is None, (problem, answer)


def test_the_random_boards_meet_each_kind_of_explanation():
    """The boards above reach every case: short sets of one color, of several colors and of all
    mana."""
    import tapwise

    rng = random.Random(43)
    kinds = set()
    for _ in range(90):
        sources = [{"id": f"s{i}", "count": rng.randint(1, 3), "abilities": [{"add": a}]}
                   for i, a in enumerate(rng.sample(ADDS, rng.randint(1, 4)))]
        cost = "".join(rng.choice(sorted(SYMBOLS)) for _ in range(rng.randint(1, 7)))
        problem = {"cost": cost, "sources": sources}
        answer = tapwise.pay(problem)
        if answer["status"] != "infeasible":
            continue
        assert _check(problem, answer), (problem, answer)  # (plain boards: a count explains)
        types = _first_short_set(problem)[0]
        kinds.add("all" if types == TYPES else "one" if len(types) == 1 else "several")
    assert kinds == {"one", "several", "all"}


def test_a_prepared_board_explains_each_cost_as_pay_does():
    """A prepared board keeps the board's count for every set of types (explain.py's
    _board_supply); each infeasible cost asked of it is explained as ``pay()`` explains the
    board and the cost together, and as the count here does."""
    import tapwise

    board = {"sources": [{"id": "W|U", "count": 2, "abilities": [{"add": ["{W}", "{U}"]}]},
                         {"id": "CC", "count": 1, "abilities": [{"add": "{C}{C}"}]},
                         {"id": "G", "count": 1, "abilities": [{"add": "{G}"}]}],
             "pool": ["{R}"]}
    prepared = tapwise.prepare(board)
    costs = {"{U}{U}{U}": "needs 3 blue mana for {U}{U}{U} but the board can make at most 2",
             "{W}{U}{W/U}": "needs 3 white or blue mana for {W}{U}{W/U} but the board can make "
                            "at most 2",
             "{R}{R}": "needs 2 red mana for {R}{R} but the board can make at most 1",
             "{C/R}{C}{C}{R}": "needs 4 red or colorless mana for {C/R}{C}{C}{R} but the board "
                               "can make at most 3",
             "{6}{G}": "needs 7 mana for {6}{G} but the board can make at most 6"}
    for cost, why in costs.items():
        for answer in (prepared.pay({"cost": cost}), tapwise.pay({**board, "cost": cost})):
            assert answer["status"] == "infeasible" and answer["why"] == why, (cost, answer)
        assert prepared.pay({"cost": cost}) == tapwise.pay({**board, "cost": cost})


def test_a_sources_tap_abilities_count_once_even_when_its_producers_are_apart():
    """118.3: a tapped permanent can't be tapped again, so a source's tap abilities count once
    per untapped copy (the best of them for each set of types), also when the compiled
    producers list another source's between them (explain.py re-reads them in source order)."""
    from types import SimpleNamespace

    from tapwise.solver.answer.explain import _Supply

    def tap(source: int, choices: tuple) -> SimpleNamespace:
        return SimpleNamespace(source=source, cost=(), double=False, tap=True, choices=choices,
                               max_activations=0)

    sources = [SimpleNamespace(count=2, tapped=0), SimpleNamespace(count=1, tapped=0)]
    producers = [tap(0, (("W",),)), tap(1, (("WU",),)), tap(0, (("U",),))]
    c = SimpleNamespace(problem=SimpleNamespace(sources=sources), producers=producers,
                        pool_units={}, kinds=[])
    w, u, wu = 1, 2, 3  # type masks: W is bit 0, U bit 1
    supply = _Supply(c, (w, u, wu))
    # W: source 0's {W} ability on both copies, source 1's unit of W or U once; U likewise;
    # W or U: each of the 3 copies once (counting source 0's abilities apart would say 5)
    assert [supply.have[m] for m in (w, u, wu)] == [3, 3, 3]
