"""Why a cost can't be paid: Hall-type counts, and minimal infeasible cores from the model."""

from __future__ import annotations

from tapwise.solver.queries.pay import pay

GATE = {"id": "gate", "count": 2, "abilities": [{"mana": "{W/U}", "add": ["{W}{W}", "{W}{U}", "{U}{U}"]}]}


def test_hall_count_names_the_color_and_the_bound():
    ans = pay({"cost": "{2}{U}{U}{U}", "sources": [{"name": "Island", "count": 2}, {"name": "Swamp", "count": 5}]})
    assert ans["status"] == "infeasible"
    assert ans["why"] == "needs 3 blue mana for {U}{U}{U} but the board can make at most 2"
    assert ans["conflict"] == ["{U}", "{U}", "{U}"]


def test_hall_count_over_a_pair_of_colors():
    # {W}{U}{W/U} needs 3 white-or-blue; Plains + Island + 4 Swamps make only 2.
    ans = pay({"cost": "{W}{U}{W/U}{B}", "sources": [{"name": "Plains"}, {"name": "Island"}, {"name": "Swamp", "count": 4}]})
    assert ans["status"] == "infeasible"
    assert sorted(ans["conflict"]) == ["{U}", "{W/U}", "{W}"]
    assert "white or blue" in ans["why"] and "at most 2" in ans["why"]


def test_total_mana_count_nets_out_filter_costs():
    ans = pay({"cost": "{W}{W}{U}{U}", "sources": [{"name": "Plains"}, GATE]})
    assert ans["why"] == "needs 4 mana for {W}{W}{U}{U} but the board can make at most 3"


def test_core_when_no_count_explains_it():
    # Two filter lands alone: enough mana on paper, but no legal order to pay their costs.
    ans = pay({"cost": "{W}", "sources": [GATE]})
    assert ans["status"] == "infeasible" and ans["conflict"] == ["{W}"]
    assert "legal order" in ans["why"]


def test_core_is_minimal():
    # {G} can be paid; the two {B/P} can't (2 life at 3 life, keep_life 1, nothing makes black).
    ans = pay({"cost": "{G}{B/P}{B/P}", "player": {"life": 3}, "sources": [{"name": "Forest"}]})
    assert ans["status"] == "infeasible"
    assert sorted(ans["conflict"]) == ["{B/P}", "{B/P}"]
    assert "life" in ans["why"]


def test_energy_shortage():
    ans = pay({"cost": "{E}{E}{E}", "player": {"energy": 2}})
    assert ans["why"] == "needs 3 energy but the player has 2" and ans["conflict"] == ["{E}"] * 3



def test_counting_only_unions_explains_as_counting_every_set(monkeypatch):
    """explain_by_count tries only unions of the symbols' type sets and the set of all types
    (solver/answer/explain.py's _hall_sets says why that finds the same first short set); trying all 63
    sets of types in order, as the count is defined, must give the same answer on every
    infeasible problem: the search loop's boards (some with mana in the pool) and the rich
    scenario's (filter lands and other mana-cost abilities, restrictions, sacrifices)."""
    import random
    from itertools import combinations

    from tapwise.benchmarks.generators import generate
    from tapwise.benchmarks.search_loop import board_and_cost
    from tapwise.models.mana import TYPES, type_mask
    from tapwise.models.loader import load_problem
    from tapwise.solver.answer import explain as ex
    from tapwise.solver.front.compile import compile_problem

    every_set = tuple(type_mask("".join(c)) for size in range(1, 7) for c in combinations(TYPES, size))
    problems = [{**cost, **board, "pool": ["{W}", "{C}"][: i % 3]}
                for i, (board, cost) in enumerate(board_and_cost(2026, i) for i in range(300))]
    problems += list(generate("rich", seed=2026, n=300, min_copies=1, max_copies=4))
    rng = random.Random(2026)
    for _ in range(300):  # filter lands beside a few basics: only the count of all types nets their costs out
        a, b = rng.sample("WUBRG", 2)
        gates = {"id": "gate", "count": rng.randint(1, 3),
                 "abilities": [{"mana": "{%s/%s}" % (a, b),
                                "add": ["{%s}{%s}" % (a, a), "{%s}{%s}" % (a, b), "{%s}{%s}" % (b, b)]}]}
        basics = [{"id": t, "abilities": [{"add": "{%s}" % t}], "count": rng.randint(1, 2)} for t in rng.sample("WUBRG", rng.randint(1, 2))]
        cost = "".join("{%s}" % rng.choice(a + b + "WUBRG") for _ in range(rng.randint(2, 6)))
        problems.append({"cost": cost, "sources": basics + [gates]})
    explained = 0
    for problem in problems:
        prob = load_problem(problem)
        if prob.payment is not None or pay(problem)["status"] != "infeasible":
            continue
        got = ex.explain_by_count(compile_problem(prob))
        with monkeypatch.context() as m:
            m.setattr(ex, "_hall_sets", lambda masks: every_set if masks else ())
            want = ex.explain_by_count(compile_problem(prob))
        assert got == want, problem
        explained += got is not None
    assert explained >= 150
