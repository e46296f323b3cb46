"""``keep`` and ``max_keep`` (spec 9.5): examples, errors, the board left, and the reference.

The property tests compare ``pay`` with the exhaustive reference ``tests/reference/keep_brute.py``
on random small problems with one to three kept costs: the same status, a verified payment, the
same value of every objective (``max_keep`` included), the same mana value kept, and ``kept``
equal to the kept costs that pay on the board the answer leaves.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tapwise
from tapwise.models.problem import ProblemError
from tapwise.models.loader import load_problem
from tapwise.solver.queries import keep as keep_module
from tapwise.solver.queries.keep import board_left, without_keep
from tapwise.solver.queries.kept import check_kept
from tapwise.solver.verify.replay import verify
from tapwise.solver.queries.plan import plan

try:
    from reference.keep_brute import brute_keep, mana_value
    from reference.plan_left_brute import kept_on_board_left
    from reference import TooBig
    from strategies import ALL, COLORS, PAIRS, problems
except ImportError:  # tests/ imported as a package
    from tests.reference.keep_brute import brute_keep, mana_value
    from tests.reference.plan_left_brute import kept_on_board_left
    from tests.reference import TooBig
    from tests.strategies import ALL, COLORS, PAIRS, problems

COMMON = dict(derandomize=True, deadline=None, database=None, print_blob=False,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                     HealthCheck.data_too_large])


def _tapped(answer: dict) -> dict[str, int]:
    out: dict[str, int] = {}
    for act in answer["activations"]:
        out[act["source"]] = out.get(act["source"], 0) + act["times"]
    return out


# -- the examples of issue 24 ----------------------------------------------------------------


def test_forests_pay_so_the_swamps_stay_for_bb():
    answer = tapwise.pay({"cost": "{1}{G}", "keep": [{"cost": "{B}{B}"}],
                          "sources": [{"name": "Forest", "count": 2}, {"name": "Swamp", "count": 2}]})
    assert answer["status"] == "paid" and answer["optimal"] is True
    assert _tapped(answer) == {"Forest": 2}
    assert answer["kept"] == [0]
    assert answer["objective"]["max_keep"] == 1


def test_sol_ring_and_steam_vents_pay_so_the_islands_keep_a_counterspell_open():
    answer = tapwise.pay({"cost": "{2}{R}", "keep": [{"cost": "{U}{U}", "for": {"types": ["instant"]}}],
                          "sources": [{"name": "Sol Ring"}, {"name": "Island", "count": 2},
                                      {"name": "Steam Vents"}]})
    assert answer["status"] == "paid"
    assert _tapped(answer) == {"Sol Ring": 1, "Steam Vents": 1}
    assert answer["kept"] == [0]


def test_the_model_is_needed_when_the_usual_payment_strands_a_kept_cost():
    # min_sources alone is as happy with the dual as with the Mountain for {R}; {U} kept needs the dual.
    problem = {"cost": "{R}", "keep": [{"cost": "{U}"}], "objective": ["min_sources", "max_keep"],
               "sources": [{"id": "dual", "abilities": [{"add": ["{U}", "{R}"]}]}, {"name": "Mountain"}]}
    answer = tapwise.pay(problem)
    assert answer["kept"] == [0] and _tapped(answer) == {"Mountain": 1}
    # max_keep after min_sources: a tie on min_sources is broken by what stays castable
    assert list(answer["objective"]) == ["min_sources", "max_keep"]


def test_max_keep_counts_kept_costs_each_on_its_own():
    problem = {"cost": "{1}", "keep": [{"cost": "{U}"}, {"cost": "{1}{B}"}],
               "sources": [{"name": "Island"}, {"name": "Swamp"}, {"name": "Wastes"}]}
    answer = tapwise.pay(problem)
    assert answer["kept"] == [0, 1]  # the Wastes pays: each stays castable on its own, not both together
    problem["sources"] = [{"name": "Island"}, {"name": "Swamp"}]
    answer = tapwise.pay(problem)
    # With the Swamp, {U} stays castable; with the Island, nothing ({1}{B} needs two lands).
    assert answer["kept"] == [0] and _tapped(answer) == {"Swamp": 1}


def test_kept_mana_value_breaks_a_tie_in_count():
    problem = {"cost": "{1}", "keep": [{"cost": "{U}"}, {"cost": "{B}{B}"}],
               "sources": [{"name": "Island"}, {"name": "Swamp", "count": 2}]}
    answer = tapwise.pay(problem)
    assert answer["kept"] == [1] and _tapped(answer) == {"Island": 1}  # {B}{B} is worth 2, {U} 1


def test_pool_mana_does_not_count_for_kept_costs():
    # 106.4: the pool empties before the kept spell is cast; the {U} floating can't keep {U}.
    answer = tapwise.pay({"cost": "{1}", "pool": ["{U}"], "keep": [{"cost": "{U}{U}"}],
                          "sources": [{"name": "Island"}]})
    assert answer["kept"] == []
    answer = tapwise.pay({"cost": "{1}", "pool": ["{U}"], "keep": [{"cost": "{U}"}],
                          "sources": [{"name": "Island"}]})
    assert answer["kept"] == [0] and answer["activations"] == []  # paid from the pool


def test_a_kept_x_max_cost_is_judged_at_x_zero():
    answer = tapwise.pay({"cost": "{G}", "keep": [{"cost": "{X}{R}", "x": "max"}],
                          "sources": [{"name": "Forest"}, {"name": "Mountain"}]})
    assert answer["kept"] == [0]


def test_life_left_decides_a_kept_phyrexian_cost():
    # 3 life: paying {B/P} with life leaves 1, and {W/P} kept would need 2 more life (keep_life 1).
    problem = {"cost": "{B/P}", "keep": [{"cost": "{W/P}"}], "player": {"life": 3},
               "sources": [{"name": "Swamp"}]}
    answer = tapwise.pay(problem)
    assert answer["life_paid"] == 0 and answer["kept"] == [0]  # the Swamp pays, {W/P} keeps 2 life
    problem["objective"] = ["min_sources", "max_keep"]  # fewest sources first: pay with life
    answer = tapwise.pay(problem)
    assert answer["life_paid"] == 2 and answer["kept"] == []


def test_sacrificed_copies_are_gone_and_tapped_ones_are_sacrificed_first():
    treasure = {"id": "treasure", "count": 2, "types": ["artifact"],
                "abilities": [{"add": {"any_color": 1}, "sacrifice": True}]}
    answer = tapwise.pay({"cost": "{R}", "keep": [{"cost": "{G}"}], "sources": [treasure]})
    assert answer["kept"] == [0]
    answer = tapwise.pay({"cost": "{R}{R}", "keep": [{"cost": "{G}"}], "sources": [treasure]})
    assert answer["kept"] == []


def test_uses_left_without_tap_are_counted_per_copy():
    ritual = {"id": "r", "count": 2, "types": ["artifact"], "abilities": [{"add": "{B}", "tap": False, "uses": 2}]}
    problem = load_problem({"cost": "{B}{B}{B}", "sources": [ritual]})
    answer = tapwise.pay(problem)
    sources = board_left(problem, answer).sources
    assert sum(s.count for s in sources) == 2
    assert sum(s.count * s.abilities[0].uses for s in sources) == 1
    answer = tapwise.pay({"cost": "{B}{B}{B}", "keep": [{"cost": "{B}"}], "sources": [ritual]})
    assert answer["kept"] == [0]
    answer = tapwise.pay({"cost": "{B}{B}{B}", "keep": [{"cost": "{B}{B}"}], "sources": [ritual]})
    assert answer["kept"] == []


def test_without_max_keep_in_the_list_kept_is_still_reported():
    answer = tapwise.pay({"cost": "{1}", "keep": [{"cost": "{U}"}], "objective": ["min_waste"],
                          "sources": [{"name": "Island"}]})
    assert answer["kept"] == [] and list(answer["objective"]) == ["min_waste"]


def test_the_default_order_puts_max_keep_after_max_x():
    p = load_problem({"cost": "{X}", "x": "max", "keywords": ["sunburst"], "keep": [{"cost": "{1}"}]})
    assert p.objective[:3] == ("max_colors", "max_x", "max_keep")
    assert load_problem({"cost": "{1}"}).objective[0] == "min_life"  # no keep, no max_keep


def test_keep_round_trips():
    raw = {"cost": "{1}", "keep": [{"cost": "{U}{U}", "for": {"kind": "spell", "types": ["instant"], "subtypes": []}}],
           "sources": [{"name": "Island"}]}
    p = load_problem(raw)
    assert load_problem(p.to_json()) == p
    assert p.to_json()["keep"] == [{"cost": "{U}{U}", "for": {"kind": "spell", "types": ["instant"], "subtypes": []}}]


@pytest.mark.parametrize("keep, path", [
    ("{U}", "keep"),
    (["{U}"], "keep[0]"),
    ([{"cost": "{U}", "sources": []}], "keep[0].sources"),
    ([{"cost": "{U}", "objective": ["min_life"]}], "keep[0].objective"),
    ([{"cost": "{Q}"}], "keep[0].cost"),
])
def test_bad_keep_names_the_field(keep, path):
    with pytest.raises(ProblemError) as e:
        load_problem({"cost": "{1}", "keep": keep})
    assert e.value.path == path
    answer = tapwise.pay({"cost": "{1}", "keep": keep})
    assert answer["status"] == "error" and path in answer["error"]


def test_check_kept_catches_a_wrong_claim():
    problem = load_problem({"cost": "{1}", "keep": [{"cost": "{U}"}], "sources": [{"name": "Island"}, {"name": "Wastes"}]})
    answer = tapwise.pay(problem)
    assert check_kept(problem, answer) == []
    assert check_kept(problem, {**answer, "kept": []}) != []
    tapped_island = {**answer, "activations": [{"source": "Island", "ability": 0, "adds": "{U}", "times": 1}]}
    assert check_kept(problem, {**tapped_island, "kept": [0]}) != []


def test_infeasible_main_cost_answers_as_without_keep():
    answer = tapwise.pay({"cost": "{G}", "keep": [{"cost": "{U}"}], "sources": [{"name": "Island"}]})
    assert answer["status"] == "infeasible" and "why" in answer


# -- against the reference ---------------------------------------------------------------------


def _kept_cost(draw) -> dict:
    symbols = draw(st.lists(st.sampled_from(
        [f"{{{c}}}" for c in COLORS] + ["{1}", "{C}", "{2}"] + [f"{{{p[0]}/{p[1]}}}" for p in PAIRS[:4]]
        + ["{W/P}", "{B/P}", "{2/G}", "{E}"]), min_size=1, max_size=3))
    out: dict = {"cost": "".join(symbols)}
    if draw(st.integers(0, 5)) == 5:
        out["cost"] = "{X}" + out["cost"]
        out["x"] = "max"
    if draw(st.integers(0, 5)) == 5:
        out["for"] = {"kind": "ability"}
    return out


@st.composite
def keep_problems(draw, features):
    problem = draw(problems(features))
    problem["keep"] = [_kept_cost(draw) for _ in range(draw(st.integers(1, 3)))]
    objective = problem.get("objective")
    if objective is not None and draw(st.booleans()):
        objective.insert(draw(st.integers(0, len(objective))), "max_keep")
    return problem


def check_keep_against_reference(problem: dict) -> None:
    try:
        expected = brute_keep(copy.deepcopy(problem))
    except TooBig:
        return
    answer = tapwise.pay(copy.deepcopy(problem))
    shown = json.dumps(problem)
    assert answer.get("status") == expected["status"], f"{answer}\nreference {expected}\nproblem: {shown}"
    if answer["status"] != "paid":
        return
    loaded = load_problem(copy.deepcopy(problem))
    assert verify(without_keep(loaded), {**answer, "objective": {
        k: v for k, v in answer["objective"].items() if k != "max_keep"}}) == [], shown
    assert check_kept(loaded, answer) == [], f"{answer}\nproblem: {shown}"
    assert answer["optimal"] is True, f"{answer}\nproblem: {shown}"  # the reference knows the optimum (issue 44)
    assert answer["objective"] == expected["objective"], f"{answer}\nreference {expected}\nproblem: {shown}"
    if "max_keep" in loaded.objective:
        value = sum(mana_value(problem["keep"][i]) for i in answer["kept"])
        assert value == expected["kept_mana_value"], f"{answer}\nreference {expected}\nproblem: {shown}"


@settings(max_examples=500, **COMMON)
@given(keep_problems(frozenset()))
def test_stage1_keep_against_reference(problem):
    check_keep_against_reference(problem)


@settings(max_examples=700, **COMMON)
@given(keep_problems(frozenset({"life", "energy", "sacrifice", "uses"})))
def test_stage2_keep_against_reference(problem):
    check_keep_against_reference(problem)


@settings(max_examples=500, **COMMON)
@given(keep_problems(ALL))
def test_mixed_keep_against_reference(problem):
    check_keep_against_reference(problem)


def test_the_model_path_agrees_with_the_reference_when_forced():
    """The shortcut is skipped (``possible`` claimed unreachable) so the CP-SAT keep model decides."""
    problem = {"cost": "{1}{G}", "keep": [{"cost": "{B}{B}"}, {"cost": "{G}"}],
               "sources": [{"name": "Forest", "count": 2}, {"name": "Swamp", "count": 2},
                           {"id": "bird", "types": ["creature"], "abilities": [{"add": {"any_color": 1}}]}]}
    loaded = load_problem(problem)
    from tapwise.solver.queries.pay import pay  # the model's answer is checked by what pay pays

    answer, kept = keep_module._solve_model(loaded, without_keep(loaded), [0, 1], pay)
    expected = brute_keep(problem)
    assert len(kept) == expected["kept_count"] == 2


# -- plan with keep ----------------------------------------------------------------------------


def test_plan_keeps_the_counterspell_open():
    board = {"sources": [{"name": "Sol Ring"}, {"name": "Island", "count": 2}, {"name": "Steam Vents"},
                         {"name": "Forest"}]}
    plain = tapwise.plan({"costs": [{"cost": "{1}{R}"}, {"cost": "{G}"}], "order": "any", **board})
    kept = tapwise.plan({"costs": [{"cost": "{1}{R}"}, {"cost": "{G}"}], "order": "any",
                         "keep": [{"cost": "{U}{U}"}], **board})
    assert kept["paid"] == plain["paid"] == [0, 1]
    assert kept["kept"] == [0] and kept["objective"]["max_keep"] == 1
    used = {act["source"] for a in kept["answers"] for act in a["activations"]}
    assert "Island" not in used


def test_plan_bad_keep_names_the_field():
    with pytest.raises(ProblemError) as e:
        plan({"costs": [{"cost": "{1}"}], "keep": [{"cost": "{1}", "sources": []}]})
    assert e.value.path == "keep[0].sources"
    answer = tapwise.plan({"costs": [{"cost": "{1}"}], "keep": [{"cost": "{1}", "sources": []}]})  # total
    assert answer["status"] == "error" and answer["error"].startswith("keep[0].sources")


@st.composite
def plan_keep_requests(draw):
    base = draw(problems(frozenset({"life", "sacrifice", "uses"})))
    board = {k: base[k] for k in ("sources", "player") if k in base}
    costs = [_kept_cost(draw) for _ in range(draw(st.integers(1, 3)))]
    keep = [_kept_cost(draw) for _ in range(draw(st.integers(1, 2)))]
    return {"costs": costs, "order": draw(st.sampled_from(["any", "given"])), **board}, keep


@settings(max_examples=250, **COMMON)
@given(plan_keep_requests())
def test_plan_with_keep_pays_as_much_and_keeps_at_least_as_much(args):
    request, keep = args
    plain = tapwise.plan(copy.deepcopy(request))
    kept = tapwise.plan({**copy.deepcopy(request), "keep": keep})
    shown = json.dumps({**request, "keep": keep})
    assert kept["status"] == plain["status"], shown
    if plain["status"] != "paid":
        return
    assert (kept["objective"]["paid"], kept["objective"]["mana_value"]) == (
        plain["objective"]["paid"], plain["objective"]["mana_value"]), shown
    # Issue 44: the kept costs by the reference's own replay of the answers and its own payer
    # (tests/reference/plan_left_brute.py), never by solver.queries.keep / solver.queries.plan.
    board = {k: request[k] for k in ("sources", "player") if k in request}
    left_plain = kept_on_board_left(board, plain["answers"], keep)
    assert kept["kept"] == kept_on_board_left(board, kept["answers"], keep), shown
    if kept["optimal"]:
        value = lambda ks: (len(ks), sum(mana_value(keep[i]) for i in ks))  # noqa: E731
        assert value(kept["kept"]) >= value(left_plain), shown


# -- the goldfish benchmark's card data ------------------------------------------------------------


def test_goldfish_costs_are_the_real_cards():
    from conftest import ROOT, SHARED_DATA
    from tapwise.benchmarks.goldfish import DECKS, SPELLS, card_source
    # the shared data beside the checkout (a worktree sits one folder deeper than main)
    found = [d / "card_costs.jsonl" for d in [SHARED_DATA] + [p / "shared" / "data" for p in ROOT.parents]
             if (d / "card_costs.jsonl").exists()]
    path = found[0] if found else SHARED_DATA / "card_costs.jsonl"
    if not path.exists():
        pytest.skip(f"no card data at {path}")
    real = {}
    for line in path.read_text().splitlines():
        card = json.loads(line)
        real[card["name"]] = card
    for name, (cost, kind) in SPELLS.items():
        assert real[name]["mana_cost"] == cost, name
        assert kind in real[name]["types"], name
    for deck, cards in DECKS.items():
        assert sum(cards.values()) == 60, deck
        for name in cards:
            assert name in SPELLS or card_source(name) is not None, f"{deck}: {name} is neither a spell nor a source"


def test_goldfish_games_are_seeded_and_tapwise_never_fails_a_cast():
    from tapwise.benchmarks.goldfish import DECKS, play
    deck = DECKS["temur (URG)"]
    a, b = play(deck, "plan+keep", 3), play(deck, "plan+keep", 3)
    assert (a.cast, a.value, a.hand) == (b.cast, b.value, b.hand)
    for seed in range(3):
        for payer in ("plan", "plan+keep"):
            assert play(deck, payer, seed).failed == 0


def test_goldfish_paired_difference_worked_by_hand():
    from tapwise.benchmarks.goldfish import paired
    mean, half, differ = paired([0, 2, 0, 2])
    assert mean == 1 and differ == 2
    assert abs(half - 1.96 * (4 / 3) ** 0.5 / 2) < 1e-12  # sample stdev sqrt(4/3) over sqrt(4) games
