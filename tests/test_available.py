"""The ``available`` query (spec section 7): every maximal mana pool a board can make.

- Hand examples, each answer worked out by hand, checked against both the brute-force
  reference (``tests/reference/available_brute.py``) and ``solver.available.available``.
- Bad input: an unknown key raises ``ProblemError`` naming it.
- Property tests: on random tiny boards the solver's answer equals the reference's (as sorted
  lists of pool dicts), plus a few checks of the reference on its own.

Deterministic (derandomized, no example database). The solver is imported inside the tests
(``_solver``), so a missing module fails those tests honestly instead of breaking collection;
``-k reference`` runs the reference's share alone.
"""

from __future__ import annotations

import copy
import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tapwise.models.problem import ProblemError

from reference.available_brute import REPORT_KEYS, brute_available, brute_pools, contained, sort_pools

COMMON = dict(derandomize=True, deadline=None, database=None, print_blob=False,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _solver():
    from tapwise.solver.queries.available import available  # the module under test; imported lazily on purpose

    return available


def ask(impl: str, request: dict) -> list[dict]:
    """The pools ``impl`` ("reference" or "solver") answers for ``request``, sorted, after
    checking the answer's shape: ``{"pools": [...]}``, each pool exactly the nine keys with
    whole non-negative counts, no pool twice."""
    request = copy.deepcopy(request)
    answer = brute_available(request) if impl == "reference" else _solver()(request)
    assert isinstance(answer, dict) and "pools" in answer, answer
    listed = answer["pools"]
    assert isinstance(listed, list), answer
    for p in listed:
        assert isinstance(p, dict) and set(p) == set(REPORT_KEYS), p
        assert all(type(v) is int and v >= 0 for v in p.values()), p
    shown = [json.dumps(p, sort_keys=True) for p in listed]
    assert len(set(shown)) == len(shown), f"a pool listed twice: {listed}"
    return sort_pools(listed)


def pool(**counts: int) -> dict:
    out = {k: 0 for k in REPORT_KEYS}
    out.update(counts)
    return out


def pools(*ps: dict) -> list[dict]:
    return sort_pools(list(ps))


def req(**board) -> dict:
    return {"query": "available", **board}


IMPLS = ["reference", "solver"]

PLAINS = {"name": "Plains"}
CITY = {"id": "city", "abilities": [{"add": {"any_color": 1}}]}
DUAL_WU = {"id": "dual", "abilities": [{"add": ["{W}", "{U}"]}]}
FILTER_WU = {"id": "filter", "abilities": [{"add": ["{W}{W}", "{W}{U}", "{U}{U}"], "mana": "{W/U}"}]}
PAIN_WU = {"id": "pain", "abilities": [{"add": "{C}"}, {"add": ["{W}", "{U}"], "damage": 1}]}
TREASURE = {"id": "treasure", "types": ["artifact"],
            "abilities": [{"add": {"any_color": 1}, "tap": False, "sacrifice": True}]}
SIGNET_WU = {"id": "signet", "types": ["artifact"], "abilities": [{"add": "{W}{U}", "mana": "{1}"}]}
PHYREX_B = {"id": "phy", "types": ["artifact"], "abilities": [{"add": "{B}", "mana": "{B/P}"}]}
ENERGY_R = {"id": "en", "types": ["artifact"],
            "abilities": [{"add": "{R}", "tap": False, "uses": 2, "energy": 1}]}

# (name, request, expected pools), each worked out by hand.
HAND = [
    ("plains_and_city", req(sources=[PLAINS, CITY]), pools(pool(W=1, Any=1))),
    ("dual_two_pools", req(sources=[DUAL_WU]), pools(pool(W=1), pool(U=1))),
    # The Plains' W pays the filter's {W/U}; W alone (no filter) is inside {W}{W}.
    ("filter_and_plains", req(sources=[FILTER_WU, PLAINS]), pools(pool(W=2), pool(W=1, U=1), pool(U=2))),
    # Nothing can pay the filter: nothing at all.
    ("filter_alone", req(sources=[FILTER_WU]), pools(pool())),
    # Pool mana pays the filter too.
    ("filter_from_pool", req(sources=[FILTER_WU], pool=["{U}"]), pools(pool(W=2), pool(W=1, U=1), pool(U=2))),
    # Any pays the filter (-> WW, WU, UU), or is kept: Any is not inside {W}{W} (a W can't
    # stand in for an Any), so four pools.
    ("filter_and_city", req(sources=[FILTER_WU, CITY]),
     pools(pool(W=2), pool(W=1, U=1), pool(U=2), pool(Any=1))),
    ("tapped_forest", req(sources=[{"name": "Forest", "tapped": True}]), pools(pool())),
    ("forests_one_tapped", req(sources=[{"name": "Forest", "count": 2, "tapped": 1}]), pools(pool(G=1))),
    ("no_sources", req(), pools(pool())),
    # Life 1, keep_life 1: the painland's damage would leave 0 < 1.
    ("painland_at_one_life", req(sources=[PAIN_WU], player={"life": 1, "keep_life": 1}), pools(pool(C=1))),
    ("painland_at_two_life", req(sources=[PAIN_WU], player={"life": 2, "keep_life": 1}),
     pools(pool(C=1), pool(W=1), pool(U=1))),
    ("painland_no_floor", req(sources=[PAIN_WU], player={"life": 1, "keep_life": None}),
     pools(pool(C=1), pool(W=1), pool(U=1))),
    ("treasure", req(sources=[TREASURE]), pools(pool(Any=1))),
    # A tapped Treasure can still be sacrificed (its ability has no {T}).
    ("tapped_treasure", req(sources=[dict(TREASURE, tapped=True)]), pools(pool(Any=1))),
    ("two_treasures", req(sources=[dict(TREASURE, count=2)]), pools(pool(Any=2))),
    ("any_type", req(sources=[{"id": "a", "abilities": [{"add": {"any_type": 1}}]}]), pools(pool(C=1), pool(Any=1))),
    ("one_color_two", req(sources=[{"id": "o", "abilities": [{"add": {"one_color": 2}}]}]),
     pools(*(pool(**{c: 2}) for c in "WUBRG"))),
    ("any_color_two", req(sources=[{"id": "a", "abilities": [{"add": {"any_color": 2}}]}]), pools(pool(Any=2))),
    ("sol_ring", req(sources=[{"id": "sol", "types": ["artifact"], "abilities": [{"add": "{C}{C}"}]}]),
     pools(pool(C=2))),
    ("hybrid_add", req(sources=[{"id": "h", "abilities": [{"add": "{W/U}"}]}]), pools(pool(W=1), pool(U=1))),
    ("colorless_hybrid_add", req(sources=[{"id": "h", "abilities": [{"add": "{C/G}"}]}]),
     pools(pool(C=1), pool(G=1))),
    # The Signet's {1} is paid by the Plains: {W}{U} (the Plains' W alone is inside it).
    ("signet_and_plains", req(sources=[SIGNET_WU, PLAINS]), pools(pool(W=1, U=1))),
    ("signet_alone", req(sources=[SIGNET_WU]), pools(pool())),
    # {B/P} paid with 2 life: the Swamp's B is kept as well.
    ("phyrexian_life", req(sources=[PHYREX_B, {"name": "Swamp"}]), pools(pool(B=2))),
    # Life 2, keep_life 1: paying 2 life would leave 0; the Swamp pays instead (B for B).
    ("phyrexian_floor", req(sources=[PHYREX_B, {"name": "Swamp"}], player={"life": 2}), pools(pool(B=1))),
    ("phyrexian_no_floor", req(sources=[PHYREX_B, {"name": "Swamp"}], player={"life": 2, "keep_life": None}),
     pools(pool(B=2))),
    # Life 1: 2 life is more than the player has, floor or not.
    ("phyrexian_too_little_life",
     req(sources=[PHYREX_B, {"name": "Swamp"}], player={"life": 1, "keep_life": None}), pools(pool(B=1))),
    ("energy_none", req(sources=[ENERGY_R]), pools(pool())),
    ("energy_one", req(sources=[ENERGY_R], player={"energy": 1}), pools(pool(R=1))),
    ("energy_two", req(sources=[ENERGY_R], player={"energy": 2}), pools(pool(R=2))),
    # A tapped copy may still use an ability without {T}.
    ("energy_tapped", req(sources=[dict(ENERGY_R, tapped=True)], player={"energy": 5}), pools(pool(R=2))),
    ("pay_life", req(sources=[{"id": "p", "abilities": [{"add": {"any_color": 1}, "life": 1}]}],
                     player={"life": 1}), pools(pool())),
    ("pay_life_no_floor", req(sources=[{"id": "p", "abilities": [{"add": {"any_color": 1}, "life": 1}]}],
                              player={"life": 1, "keep_life": None}), pools(pool(Any=1))),
    ("restricted", req(sources=[PLAINS, {"id": "r", "abilities": [{"add": {"any_color": 1},
                                                                    "only": {"types": ["creature"]}}]}]),
     pools(pool(W=1, Any=1, restricted=1))),
    # Two maximal pools (Any for creatures, Any for artifacts) report the same dict: once.
    ("two_restrictions_one_dict",
     req(sources=[{"id": "r", "abilities": [{"add": {"any_color": 1}, "only": {"types": ["creature"]}},
                                            {"add": {"any_color": 1}, "only": {"types": ["artifact"]}}]}]),
     pools(pool(Any=1, restricted=1))),
    # Unrestricted W dominates restricted W: one pool.
    ("restricted_dominated",
     req(sources=[{"id": "r", "abilities": [{"add": "{W}", "only": {"types": ["creature"]}}, {"add": "{W}"}]}]),
     pools(pool(W=1))),
    # Restricted pool mana can't pay a mana ability's cost unless the restriction allows it
    # (kind "ability", the source's types).
    ("restricted_pool_spell_only", req(sources=[FILTER_WU], pool=[{"mana": "{W}", "only": {"kind": "spell"}}]),
     pools(pool(W=1, restricted=1))),
    ("restricted_pool_ability", req(sources=[FILTER_WU], pool=[{"mana": "{W}", "only": {"kind": "ability"}}]),
     pools(pool(W=2), pool(W=1, U=1), pool(U=2))),
    ("restricted_pool_lands", req(sources=[FILTER_WU], pool=[{"mana": "{W}", "only": {"types": ["land"]}}]),
     pools(pool(W=2), pool(W=1, U=1), pool(U=2))),
    ("restricted_pool_creatures", req(sources=[FILTER_WU], pool=[{"mana": "{W}", "only": {"types": ["creature"]}}]),
     pools(pool(W=1, restricted=1))),
    ("snow_source", req(sources=[{"id": "s", "snow": True, "abilities": [{"add": "{G}"}]}]), pools(pool(G=1, snow=1))),
    ("snow_covered_basic", req(sources=[{"name": "Snow-Covered Island"}]), pools(pool(U=1, snow=1))),
    ("pool_entries", req(pool=["{R}", {"mana": "{G}", "snow": True}, "{2}"]), pools(pool(R=1, G=1, C=2, snow=1))),
    # {S} needs snow mana: the snow Forest's G pays it (-> {C}{C}), or is kept.
    ("snow_cost", req(sources=[{"id": "snowforest", "snow": True, "abilities": [{"add": "{G}"}]},
                               {"id": "conv", "abilities": [{"add": "{C}{C}", "mana": "{S}"}]}]),
     pools(pool(C=2), pool(G=1, snow=1))),
    ("snow_cost_not_snow",
     req(sources=[{"name": "Forest"}, {"id": "conv", "abilities": [{"add": "{C}{C}", "mana": "{S}"}]}]),
     pools(pool(G=1))),
    # {2/W}: the Plains' W, or two mana; with a Plains and a Wastes: W pays -> {C}{G}{G}{G};
    # or both pay -> {G}{G}{G}; or nothing -> {W}{C}.
    ("twobrid_cost", req(sources=[PLAINS, {"name": "Wastes"},
                                  {"id": "t", "abilities": [{"add": "{G}{G}{G}", "mana": "{2/W}"}]}]),
     pools(pool(C=1, G=3), pool(W=1, C=1))),
    # {C/W} paid by the Wastes' C -> {W}{W}; or the C is kept (a W can't stand in for a C).
    ("colorless_hybrid_cost",
     req(sources=[{"name": "Wastes"}, {"id": "t", "abilities": [{"add": "{W}{W}", "mana": "{C/W}"}]}]),
     pools(pool(W=2), pool(C=1))),
    # {C} can't be paid with colored mana.
    ("colorless_cost", req(sources=[PLAINS, {"id": "t", "abilities": [{"add": "{G}{G}", "mana": "{C}"}]}]),
     pools(pool(W=1))),
    # Copies: two Treasures and a Signet: one Treasure pays the Signet -> W U Any.
    ("treasures_and_signet", req(sources=[dict(TREASURE, count=2), SIGNET_WU]),
     pools(pool(Any=2), pool(W=1, U=1, Any=1))),
]


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("name,request_,expected", HAND, ids=[h[0] for h in HAND])
def test_hand_examples(impl, name, request_, expected):
    assert ask(impl, request_) == expected


@pytest.mark.parametrize("impl", IMPLS)
def test_query_key_optional(impl):
    """The bare board (no ``query``) is the same request."""
    board = {"sources": [PLAINS, CITY]}
    assert ask(impl, board) == ask(impl, req(**board)) == pools(pool(W=1, Any=1))


@pytest.mark.parametrize("impl", ["solver"])  # validation is the package's (issue 44: the
# reference reads the JSON on its own and validates nothing)
@pytest.mark.parametrize("key", ["costs", "sourcez", "pools"])
def test_unknown_key_is_an_error(impl, key):
    request = req(sources=[PLAINS])
    request[key] = []
    with pytest.raises(ProblemError) as e:
        ask(impl, request)
    assert key in str(e.value)


@pytest.mark.parametrize("impl", ["solver"])  # validation is the package's (issue 44: the
# reference reads the JSON on its own and validates nothing)
def test_unknown_source_key_is_an_error(impl):
    with pytest.raises(ProblemError) as e:
        ask(impl, req(sources=[{"id": "x", "abilitiez": [{"add": "{G}"}]}]))
    assert "abilitiez" in str(e.value)


@pytest.mark.parametrize("impl", ["solver"])  # validation is the package's (issue 44: the
# reference reads the JSON on its own and validates nothing)
def test_bad_value_is_an_error(impl):
    with pytest.raises(ProblemError) as e:
        ask(impl, req(sources=[{"id": "x", "count": -1, "abilities": [{"add": "{G}"}]}]))
    assert "count" in str(e.value)


# --------------------------------------------------------------------------------------------
# Random tiny boards
# --------------------------------------------------------------------------------------------

BOARD_COLORS = "WUB"  # few colors, so that sources overlap and containment is tested hard
RESTRICTIONS = [{"types": ["creature"]}, {"types": ["land"]}, {"kind": "spell"}, {"kind": "ability"}]


def _color(draw) -> str:
    return draw(st.sampled_from(BOARD_COLORS))


def _pair(draw) -> tuple[str, str]:
    a = _color(draw)
    b = draw(st.sampled_from([c for c in BOARD_COLORS if c != a]))
    return a, b


def _abilities(draw, rich: bool) -> list[dict]:
    """One of the brief's templates (``rich`` adds the ones with costs, life, energy and
    restrictions)."""
    simple = ["fixed", "dual", "any_color", "any_type", "sol", "bounce", "one_color", "hybrid"]
    costly = ["painland", "pay_life", "treasure", "filter", "signet", "phyrexian", "energy", "restricted",
              "converter"]
    kind = draw(st.sampled_from(simple + costly if rich else simple))
    c = _color(draw)
    a, b = _pair(draw)
    if kind == "fixed":
        return [{"add": "{%s}" % draw(st.sampled_from(BOARD_COLORS + "C"))}]
    if kind == "dual":
        return [{"add": ["{%s}" % a, "{%s}" % b]}]
    if kind == "any_color":
        return [{"add": {"any_color": 1}}]
    if kind == "any_type":
        return [{"add": {"any_type": 1}}]
    if kind == "sol":
        return [{"add": "{C}{C}"}]
    if kind == "bounce":
        return [{"add": "{%s}{%s}" % (a, b)}]
    if kind == "one_color":
        return [{"add": {"one_color": 2}}]
    if kind == "hybrid":
        return [{"add": draw(st.sampled_from(["{%s/%s}" % (a, b), "{C/%s}" % c]))}]
    if kind == "painland":
        return [{"add": "{C}"}, {"add": ["{%s}" % a, "{%s}" % b], "damage": 1}]
    if kind == "pay_life":
        return [{"add": {"any_color": 1}, "life": 1}]
    if kind == "treasure":
        return [{"add": {"any_color": 1}, "tap": False, "sacrifice": True}]
    if kind == "filter":
        return [{"add": ["{%s}{%s}" % (a, a), "{%s}{%s}" % (a, b), "{%s}{%s}" % (b, b)], "mana": "{%s/%s}" % (a, b)}]
    if kind == "signet":
        return [{"add": "{%s}{%s}" % (a, b), "mana": "{1}"}]
    if kind == "phyrexian":
        return [{"add": "{%s}" % c, "mana": "{%s/P}" % c}]
    if kind == "energy":
        return [{"add": "{%s}" % c, "tap": False, "uses": 2, "energy": 1}]
    if kind == "restricted":
        return [{"add": {"any_color": 1}, "only": draw(st.sampled_from(RESTRICTIONS))}]
    # converter: one of the other cost symbols a mana ability's cost may have
    cost = draw(st.sampled_from(["{C}", "{C/%s}" % c, "{2/%s}" % c, "{%s/%s/P}" % (a, b), "{S}",
                                 "{%s}" % c, "{2}"]))
    return [{"add": draw(st.sampled_from(["{%s}{%s}" % (a, b), "{C}{C}", "{%s}" % c, {"any_color": 1}])),
             "mana": cost}]


@st.composite
def boards(draw, rich: bool = True, max_copies: int = 5, max_entries: int = 4, max_pool: int = 2):
    """A random tiny board: 1..max_entries sources of at most max_copies copies in all (count 1
    or 2, some tapped), up to max_pool pool mana; ``rich`` adds costs, life, energy, snow,
    restrictions and player settings."""
    board: dict = {}
    sources = []
    budget = max_copies
    for i in range(draw(st.integers(1, max_entries))):
        if budget <= 0:
            break
        if draw(st.integers(0, 9)) == 9:
            src = {"name": draw(st.sampled_from(["Plains", "Island", "Wastes", "Snow-Covered Swamp"]))}
        else:
            src = {"id": f"s{i}", "abilities": _abilities(draw, rich)}
            if rich and draw(st.integers(0, 4)) == 4:
                src["types"] = [draw(st.sampled_from(["creature", "artifact"]))]
            if rich and draw(st.integers(0, 4)) == 4:
                src["snow"] = True
        count = min(budget, draw(st.sampled_from([1, 1, 1, 2])))
        budget -= count
        if count != 1:
            src["count"] = count
        tapped = draw(st.sampled_from([0, 0, 0, 1, count]))
        if tapped:
            src["tapped"] = tapped if draw(st.booleans()) or tapped != count else True
        sources.append(src)
    board["sources"] = sources
    pool = []
    for _ in range(draw(st.sampled_from([0, 0, 0] + list(range(1, max_pool + 1))))):
        mana = "{%s}" % draw(st.sampled_from(BOARD_COLORS + "C"))
        entry: dict | str = mana
        if rich and draw(st.integers(0, 2)) == 2:
            entry = {"mana": mana, "snow": True}
        if rich and draw(st.integers(0, 3)) == 3:
            entry = {"mana": mana, "only": draw(st.sampled_from(RESTRICTIONS))}
        pool.append(entry)
    if pool:
        board["pool"] = pool
    if rich:
        player: dict = {}
        if draw(st.booleans()):
            player["life"] = draw(st.sampled_from([1, 2, 3, 4, 20]))
        keep = draw(st.sampled_from(["absent", None, 1]))
        if keep != "absent":
            player["keep_life"] = keep
        energy = draw(st.sampled_from([None, 0, 1, 2]))
        if energy is not None:
            player["energy"] = energy
        if player:
            board["player"] = player
    return board


def check_against_reference(board: dict) -> None:
    request = req(**board)
    expected = ask("reference", request)
    got = ask("solver", request)
    assert got == expected, (f"\nboard: {json.dumps(board)}\nsolver:    {got}\nreference: {expected}")


@settings(max_examples=250, **COMMON)
@given(boards(rich=False))
def test_simple_boards_match_reference(board):
    check_against_reference(board)


@settings(max_examples=500, **COMMON)
@given(boards(rich=True))
def test_rich_boards_match_reference(board):
    check_against_reference(board)


@settings(max_examples=150, **COMMON)
@given(boards(rich=True, max_copies=6, max_pool=3))
def test_larger_boards_match_reference(board):
    check_against_reference(board)


# --------------------------------------------------------------------------------------------
# The reference on its own
# --------------------------------------------------------------------------------------------

TOKENS = st.tuples(st.sampled_from(["W", "U", "C", "Any"]), st.booleans(), st.sampled_from([0, 0, 1, 2]))


def _covers(q, p) -> bool:
    """The containment order on one token, written out again as a table check."""
    type_ok = q[0] == p[0] or (q[0] == "Any" and p[0] != "C")
    return type_ok and (q[1] or not p[1]) and (q[2] == 0 or q[2] == p[2])


@settings(max_examples=300, **COMMON)
@given(st.lists(TOKENS, max_size=4), st.lists(TOKENS, max_size=4))
def test_reference_containment_by_permutations(p, q):
    """``contained`` agrees with trying every ordered choice of distinct tokens of q."""
    want = any(all(_covers(q[j], p[i]) for i, j in enumerate(js))
               for js in itertools.permutations(range(len(q)), len(p)))
    assert contained(tuple(p), tuple(q)) == want


@settings(max_examples=60, **COMMON)
@given(boards(rich=True, max_copies=4), st.data())
def test_reference_more_sources_never_less(board, data):
    """An added source only adds options: every maximal pool of the smaller board is contained
    in some maximal pool of the larger one (tokens, restrictions and snow included)."""
    extra = {"id": "extra", "abilities": _abilities(data.draw, True)}
    small = brute_pools(board)
    big = brute_pools(dict(board, sources=board["sources"] + [extra]))
    for p in small:
        assert any(contained(p, q) for q in big), (p, big)


@settings(max_examples=60, **COMMON)
@given(boards(rich=True))
def test_reference_copies_are_entries(board):
    """An entry with count 2 answers as two entries of count 1 (tapped ones first)."""
    split = []
    for i, src in enumerate(board["sources"]):
        n = src.get("count", 1)
        tapped = src.get("tapped", 0)
        tapped = n if tapped is True else tapped
        for k in range(n):
            one = {key: v for key, v in src.items() if key not in ("count", "tapped", "id")}
            one["id"] = f"e{i}_{k}"
            if k < tapped:
                one["tapped"] = True
            split.append(one)
    assert brute_available(board) == brute_available(dict(board, sources=split))


def test_reflect_sees_the_opponents_lands():
    """106.7: Exotic Orchard makes a color the opponents' lands could produce, and nothing when
    they have none (the reference leaves reflect out, so these are the solver's alone)."""
    orchard = {"name": "Exotic Orchard"}
    facing = [{"name": "Island"}, {"name": "Mountain"}]
    assert ask("solver", req(sources=[orchard], opponent_sources=facing)) == pools(pool(U=1), pool(R=1))
    assert ask("solver", req(sources=[orchard, {"name": "Forest"}])) == pools(pool(G=1))


def test_a_board_past_the_limits_is_refused_with_a_message():
    """Forty dual lands of ten kinds make tens of thousands of pools: status error, not a wait."""
    from tapwise.solver.queries.request import answer_request

    pairs = ["WU", "UB", "BR", "RG", "GW", "WB", "UR", "BG", "RW", "GU"]
    duals = [{"id": f"d{i}", "count": 4, "abilities": [{"add": [f"{{{a}}}", f"{{{b}}}"]}]}
             for i, (a, b) in enumerate(pairs)]
    answer = answer_request({"query": "available", "id": 7, "sources": duals})
    assert answer["status"] == "error" and answer["id"] == 7
    assert "too many different pools" in answer["error"] and "ask pay or castable" in answer["error"]
