"""The search-loop benchmark (benchmarks/search_loop.py): its boards are the issue's, and a short
run reports every measurement (no timing is asserted: timings belong in the benchmark)."""

from __future__ import annotations

from tapwise.benchmarks import search_loop
from tapwise.models.mana import ManaCost


def test_boards_are_basics_duals_tri_lands_and_sol_ring_with_costs_of_2_to_10_symbols():
    for i in range(200):
        board, cost = search_loop.board_and_cost(0, i)
        lands = sum(s["count"] for s in board["sources"] if s.get("types") == ["land"])
        assert 5 <= lands <= 25
        for s in board["sources"]:
            assert s["abilities"], s  # explicit, as the baselines need
            assert s["id"].split("-")[0] in ("plains", "island", "swamp", "mountain", "forest", "dual",
                                            "tri", "sol_ring"), s
        symbols = sum(s.amount if s.kind.name == "GENERIC" else 1 for s in ManaCost.parse(cost["cost"]))
        assert 2 <= symbols <= 10, cost
    assert search_loop.board_and_cost(0, 7) == search_loop.board_and_cost(0, 7)  # seeded


def test_large_board_has_the_lands_asked_and_a_100_symbol_cost():
    problem = search_loop.large_problem(1000)
    assert sum(s["count"] for s in problem["sources"]) == 1000
    cost = ManaCost.parse(problem["cost"])
    assert sum(s.amount if s.kind.name == "GENERIC" else 1 for s in cost) == 100


def test_a_short_run_reports_every_measurement_beside_greedy():
    rows = search_loop.run(n=5, rounds=1, large=(200,))
    names = [r["name"] for r in rows]
    assert names[:6] == ["pay() cold", "prepared pay, first ask", "prepared pay", "prepared feasible",
                         "prepared pay, objective []", "greedy"]
    assert names[6].startswith("large 200 lands")
    assert names[-4:] == ["engine: pay(), boards never met", "engine: prepared pay",
                          "engine: push + can_pay + pop, first push",
                          "engine: push + can_pay + pop, again"]
    assert all(r["calls"] and r["median_us"] > 0 for r in rows)
    table = search_loop.table(rows)
    assert table.count("\n") == len(rows) + 1 and "greedy" in table


def test_engine_shaped_boards_are_the_named_boards_as_an_engine_gives_them():
    """Issue 43: abilities only, one entry per kind of land named by what it makes; the same
    mana, so every cost pays (or not) as on the named board, with the same objective values."""
    import tapwise

    for i in range(40):
        board, cost = search_loop.board_and_cost(3, i)
        engine, same = search_loop.engine_board_and_cost(3, i)
        assert same == cost
        assert [s["count"] for s in engine["sources"]] == [s.get("count", 1) for s in board["sources"]]
        for s in engine["sources"]:
            assert set(s) == {"id", "count", "abilities"}
            add = s["abilities"][0]["add"]
            assert s["id"] == ("|".join(a[1] for a in add) if isinstance(add, list) else add[1::3])
        named, shaped = tapwise.pay({**cost, **board}), tapwise.pay({**cost, **engine})
        assert named["status"] == shaped["status"]
        assert named.get("objective") == shaped.get("objective")
