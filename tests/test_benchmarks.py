"""The benchmark suite: generators are seeded and valid, baselines are right where the answer
is known (and greedy is wrong where it should be), the runner writes JSONL and a PNG.
No timing assertions: timings belong in the benchmark output, not in tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tapwise.benchmarks import Timeout, Unsupported, enumerate_pools, greedy, naive_cpsat, runner
from tapwise.benchmarks.generators import QUICK, SCENARIOS, generate
from tapwise.benchmarks.report import load, summarize, table
from tapwise.models.mana import ManaCost

BASELINES = {
    "greedy": greedy.pay,
    "enumerate": lambda p: enumerate_pools.pay(p, budget=30),
    "naive_cpsat": lambda p: naive_cpsat.pay(p, budget=30),
}


def _mana_strings(problem: dict[str, Any]) -> list[str]:
    """Every mana string in a problem: cost, extra costs, pool, abilities' costs and outputs."""
    texts = [problem["cost"], *problem.get("additional", []), *problem.get("increase", [])]
    texts += [p["mana"] if isinstance(p, dict) else p for p in problem.get("pool", [])]
    for source in problem["sources"]:
        for ability in source["abilities"]:
            texts += [ability["mana"]] if "mana" in ability else []
            add = ability["add"]
            texts += [add] if isinstance(add, str) else add if isinstance(add, list) else []
    return texts


# --- generators ------------------------------------------------------------------------------

@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_generators_are_deterministic_for_a_seed(scenario: str) -> None:
    first = list(generate(scenario, 11, 6, **QUICK[scenario]))
    again = list(generate(scenario, 11, 6, **QUICK[scenario]))
    other = list(generate(scenario, 12, 6, **QUICK[scenario]))
    assert first == again
    assert first != other
    # problem i does not depend on how many come before it (resume, split across machines)
    assert list(generate(scenario, 11, 3, **QUICK[scenario])) == first[:3]


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_generators_make_valid_spec_problems(scenario: str) -> None:
    from tapwise.models.loader import load_problem

    for problem in generate(scenario, 5, 25, **QUICK[scenario]):
        for text in _mana_strings(problem):
            ManaCost.parse(text)
        load_problem(problem)  # strict: unknown keys or bad values raise
        ids = [s["id"] for s in problem["sources"]]
        assert len(ids) == len(set(ids))


def test_generator_sizes_follow_their_parameters() -> None:
    for problem in generate("typical", 1, 30):
        assert 5 <= sum(s["count"] for s in problem["sources"]) <= 20
        assert problem["sources"] and all("abilities" in s for s in problem["sources"])
    for problem in generate("large", 1, 5, min_copies=300, max_copies=900, min_kinds=4,
                            max_kinds=9, units=40):
        assert 300 <= sum(s["count"] for s in problem["sources"]) <= 900
        assert 4 <= len(problem["sources"]) <= 9
        cost = ManaCost.parse(problem["cost"])
        assert 30 <= sum(s.amount if s.kind.value == "generic" else 1 for s in cost) <= 45


def test_typical_x_percent_asks_for_the_largest_x_and_leaves_the_default_alone() -> None:
    plain = list(generate("typical", 3, 30))
    assert list(generate("typical", 3, 30, x_percent=0)) == plain
    with_x = list(generate("typical", 3, 30, x_percent=100))
    assert all("{X}" in p["cost"] and p["x"] == "max" for p in with_x)
    assert not any("x" in p for p in plain)


def test_rich_problems_use_the_rich_features() -> None:
    problems = list(generate("rich", 0, 60))
    text = json.dumps(problems)
    for feature in ('"mana": "{', '"sacrifice": true', '"only":', '"x": "max"', '/P}',
                    '"keywords":', '"damage": 1'):
        assert feature in text, feature


# --- baselines on known cases ----------------------------------------------------------------

FOUNTAIN = {"id": "fountain", "name": "Hallowed Fountain", "abilities": [{"add": ["{W}", "{U}"]}]}
PLAINS = {"id": "plains", "name": "Plains", "abilities": [{"add": "{W}"}]}
SOL_RING = {"id": "sol_ring", "types": ["artifact"], "abilities": [{"add": "{C}{C}"}]}
FORGE = {"id": "forge", "abilities": [{"add": "{C}"}, {"add": ["{R}", "{W}"], "damage": 1}]}
TREASURE = {"id": "treasure", "types": ["artifact"],
            "abilities": [{"add": {"any_color": 1}, "sacrifice": True}]}
BEST = {"min_life": 0, "min_sacrifices": 0}


def _basic(name: str, count: int = 1, **extra: Any) -> dict[str, Any]:
    return {"name": name, "count": count, **extra}


# (problem, payable, optimum of the default objectives or None)
KNOWN: list[tuple[str, dict[str, Any], bool, dict[str, int] | None]] = [
    ("hybrid-after-colored", {"cost": "{W/U}{W}", "sources": [FOUNTAIN, PLAINS]}, True,
     {**BEST, "min_sources": 2, "min_waste": 0}),
    ("fountain-trap", {"cost": "{W}{U}", "sources": [FOUNTAIN, PLAINS]}, True,
     {**BEST, "min_sources": 2, "min_waste": 0}),
    ("sol-ring-waste", {"cost": "{1}{G}", "sources": [SOL_RING, _basic("Forest", 2)]}, True,
     {**BEST, "min_sources": 2, "min_waste": 0}),
    ("pain-land", {"cost": "{R}", "sources": [FORGE, _basic("Mountain")]}, True,
     {**BEST, "min_sources": 1, "min_waste": 0}),
    ("treasure-last", {"cost": "{R}", "sources": [TREASURE, _basic("Mountain")]}, True,
     {**BEST, "min_sources": 1, "min_waste": 0}),
    ("phyrexian-and-2w", {"cost": "{W/P}{2/G}", "sources": [_basic("Mountain", 2)]}, True,
     {"min_life": 2, "min_sacrifices": 0, "min_sources": 2, "min_waste": 0}),
    ("colorless-and-hybrid", {"cost": "{C}{R/G}", "sources": [_basic("Forest"), _basic("Wastes")]},
     True, {**BEST, "min_sources": 2, "min_waste": 0}),
    ("pool-and-birds", {"cost": "{U}{U}", "pool": ["{U}"], "sources": [
        {"id": "birds", "types": ["creature"], "abilities": [{"add": {"any_color": 1}}]}]},
     True, {**BEST, "min_sources": 1, "min_waste": 0}),
    ("x-fixed", {"cost": "{X}{R}", "x": 2, "sources": [_basic("Mountain", 3)]}, True,
     {**BEST, "min_sources": 3, "min_waste": 0}),
    ("too-few-plains", {"cost": "{W}{W}{W}", "sources": [_basic("Plains", 2)]}, False, None),
    ("tapped-copies", {"cost": "{G}{G}", "sources": [_basic("Forest", 3, tapped=2)]}, False, None),
    ("life-too-low", {"cost": "{B/P}{B/P}", "sources": [], "player": {"life": 4}}, False, None),
    ("life-just-enough", {"cost": "{B/P}{B/P}", "sources": [], "player": {"life": 5}}, True,
     {"min_life": 4, "min_sacrifices": 0, "min_sources": 0, "min_waste": 0}),
]


@pytest.mark.parametrize("name,problem,payable,optimum", KNOWN, ids=[k[0] for k in KNOWN])
def test_exact_baselines_on_known_cases(name: str, problem: dict[str, Any], payable: bool,
                                        optimum: dict[str, int] | None) -> None:
    expected = "paid" if payable else "infeasible"
    assert enumerate_pools.pay(problem)["status"] == expected
    answer = naive_cpsat.pay(problem)
    assert answer["status"] == expected
    if payable:
        assert answer["optimal"] and answer["objective"] == optimum


@pytest.mark.parametrize("name,problem,payable,optimum", KNOWN, ids=[k[0] for k in KNOWN])
def test_greedy_never_pays_the_unpayable_nor_beats_the_optimum(
        name: str, problem: dict[str, Any], payable: bool, optimum: dict[str, int] | None) -> None:
    answer = greedy.pay(problem)
    if not payable:
        assert answer["status"] == "infeasible"
    elif answer["status"] == "paid":
        order = list(optimum)
        assert [answer["objective"][n] for n in order] >= [optimum[n] for n in order]


def test_greedy_falls_into_the_fountain_trap() -> None:
    # {W} goes first (hardest symbol) to the first source that fits: the Fountain makes {W},
    # then nothing is left for {U}, though Fountain-for-{U} and Plains-for-{W} pays it.
    board = [FOUNTAIN, PLAINS]
    assert greedy.pay({"cost": "{W}{U}", "sources": board})["status"] == "infeasible"
    # With {W/U}{W} hardest-first saves it: {W} from the Fountain, {W/U} from the Plains.
    assert greedy.pay({"cost": "{W/U}{W}", "sources": board})["status"] == "paid"
    # Listing the Plains first is enough to get it right: the order is the whole strategy.
    assert greedy.pay({"cost": "{W}{U}", "sources": [PLAINS, FOUNTAIN]})["status"] == "paid"


@pytest.mark.parametrize("problem,worse", [
    ({"cost": "{1}{G}", "sources": [SOL_RING, _basic("Forest", 2)]}, {"min_waste": 1}),
    ({"cost": "{R}", "sources": [FORGE, _basic("Mountain")]}, {"min_life": 1}),
    ({"cost": "{R}", "sources": [TREASURE, _basic("Mountain")]}, {"min_sacrifices": 1}),
])
def test_greedy_pays_suboptimally_where_the_first_source_is_the_wrong_one(
        problem: dict[str, Any], worse: dict[str, int]) -> None:
    answer = greedy.pay(problem)
    assert answer["status"] == "paid"
    assert {k: answer["objective"][k] for k in worse} == worse


@pytest.mark.parametrize("problem", [
    {"cost": "{W}", "sources": [{"id": "gate", "abilities": [
        {"mana": "{W/U}", "add": ["{W}{W}", "{W}{U}", "{U}{U}"]}]}]},
    {"cost": "{1}", "sources": [{"id": "temple", "abilities": [
        {"add": "{C}{C}", "only": {"subtypes": ["eldrazi"]}}]}]},
    {"cost": "{X}{R}", "x": "max", "sources": [_basic("Mountain", 3)]},
    {"cost": "{1}", "keywords": ["sunburst"], "sources": [_basic("Mountain")]},
    {"cost": "{S}", "sources": [_basic("Snow-Covered Forest", snow=True)]},
    {"cost": "{1}", "sources": [{"id": "r", "oracle": "{T}: Add {R}."}]},
])
@pytest.mark.parametrize("baseline", list(BASELINES))
def test_baselines_say_what_they_do_not_model(baseline: str, problem: dict[str, Any]) -> None:
    with pytest.raises(Unsupported):
        BASELINES[baseline](problem)


def test_slow_baselines_stop_at_their_budget() -> None:
    board = [{"id": "tri", "count": 40, "abilities": [{"add": ["{W}", "{U}", "{B}"]}]},
             {"id": "pain", "count": 40, "abilities": [{"add": "{C}"}, {"add": ["{R}", "{G}"], "damage": 1}]}]
    problem = {"cost": "{20}{W}{U}{B}{R}{G}", "sources": board}
    with pytest.raises(Timeout) as enumeration:
        enumerate_pools.pay(problem, max_pools=50)
    assert not enumeration.value.skipped  # it ran until the pools overflowed
    with pytest.raises(Timeout) as naive:
        naive_cpsat.pay(problem, max_booleans=1_000)
    assert naive.value.skipped  # not built at all: its time means nothing


def test_exact_baselines_agree_on_seeded_problems() -> None:
    # Feasibility only (one objective stage): proving later optima with per-copy booleans is
    # exactly what the naive model is slow at, and not what this test is about.
    params = {"min_copies": 5, "max_copies": 12, "min_kinds": 3, "max_kinds": 5, "units": 10}
    problems = list(generate("typical", 3, 8)) + list(generate("large", 3, 6, **params))
    seen = set()
    for problem in problems:
        problem = {**problem, "objective": ["min_life"]}
        exact = naive_cpsat.pay(problem, budget=30)
        assert enumerate_pools.pay(problem, budget=30)["status"] == exact["status"], problem["id"]
        if greedy.pay(problem)["status"] == "paid":
            assert exact["status"] == "paid", problem["id"]
        seen.add(exact["status"])
    assert seen == {"paid", "infeasible"}


# --- runner ----------------------------------------------------------------------------------

def test_quick_run_writes_jsonl_and_png_and_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")  # runner.main draws latency.png (the bench extra)
    args = ["--quick", "--n", "2", "--budget", "0.3", "--out", str(tmp_path), "--no-progress"]
    assert runner.main(args) == 0
    out = capsys.readouterr().out
    for scenario in SCENARIOS:
        assert f"== {scenario}:" in out
    rows = load(tmp_path / "results.jsonl")
    assert len(rows) == len(SCENARIOS) * 2 * len(runner.PAYERS)
    assert {r["payer"] for r in rows} == set(runner.PAYERS)
    allowed = {"paid", "infeasible", "timeout", "unsupported", "unknown"}
    assert all(r["status"] in allowed and r["ms"] >= 0 for r in rows), rows
    assert all(r["status"] == "unsupported" for r in rows
               if r["scenario"] == "rich" and r["payer"] != "tapwise")
    png = tmp_path / "latency.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    # --resume after a run that stopped mid-way: only the missing rows are solved again.
    lines = (tmp_path / "results.jsonl").read_text().splitlines(keepends=True)
    (tmp_path / "results.jsonl").write_text("".join(lines[:-5]) + lines[-5][:10])  # torn line
    assert runner.main(args + ["--resume"]) == 0
    again = load(tmp_path / "results.jsonl")
    assert sorted((r["problem"], r["payer"]) for r in again) == sorted((r["problem"], r["payer"]) for r in rows)


def test_ratios_to_tapwise_per_problem_count_timeouts_as_lower_bounds() -> None:
    """Five problems, worked out by hand: the baseline answers in 200, 10 and 30 ms where tapwise
    takes 1, 2 and 0.5 ms (ratios 200, 5, 60), and gives up after 1,000 ms where tapwise takes 2
    (at least 500). Ratio of medians over the three both answered: median(200, 10, 30) = 30 over
    median(1, 2, 0.5) = 1, so 30; per problem: median(5, 60, 200, 500) = 130, worst 5. The fifth,
    a model too big to build (skipped), has no time and counts in neither."""
    def row(problem: str, payer: str, status: str, ms: float, **extra: Any) -> dict[str, Any]:
        return {"problem": problem, "scenario": "large", "payer": payer, "status": status,
                "ms": ms, "objective": None, **extra}

    rows = [row("a", "tapwise", "paid", 1.0), row("a", "enumerate", "paid", 200.0),
            row("b", "tapwise", "paid", 2.0), row("b", "enumerate", "paid", 10.0),
            row("c", "tapwise", "infeasible", 0.5), row("c", "enumerate", "infeasible", 30.0),
            row("d", "tapwise", "paid", 2.0), row("d", "enumerate", "timeout", 1000.0),
            row("e", "tapwise", "paid", 4.0), row("e", "enumerate", "timeout", 0.0, skipped=True)]
    stats = {s["payer"]: s for s in summarize(rows, ["tapwise", "enumerate"])["large"]["payers"]}
    assert stats["enumerate"]["ratio"] == pytest.approx(30.0)
    assert stats["enumerate"]["ratio_per_problem"] == pytest.approx(130.0)
    assert stats["enumerate"]["ratio_worst"] == pytest.approx(5.0)
    assert stats["tapwise"]["ratio_per_problem"] is None
    line = next(l for l in table(summarize(rows, ["tapwise", "enumerate"])).splitlines()
                if l.startswith("enumerate"))
    assert line.split()[4:7] == ["30", "130", "5"]


def test_missing_solver_is_recorded_not_fatal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib")  # runner.main draws latency.png (the bench extra)
    def missing(problem: dict[str, Any], budget: float) -> dict[str, Any]:
        raise ImportError("no solver here")

    monkeypatch.setitem(runner.PAYERS, "tapwise", missing)
    args = ["--quick", "--n", "2", "--scenarios", "typical", "--payers", "tapwise,greedy",
            "--out", str(tmp_path), "--no-progress"]
    assert runner.main(args) == 0
    rows = load(tmp_path / "results.jsonl")
    assert {r["status"] for r in rows if r["payer"] == "tapwise"} == {"error"}
    assert {r["status"] for r in rows if r["payer"] == "greedy"} <= {"paid", "infeasible"}


def test_bad_options_name_the_problem() -> None:
    with pytest.raises(SystemExit, match="unknown scenario"):
        runner.main(["--scenarios", "typical,huge"])
    with pytest.raises(SystemExit, match="SCENARIO.NAME=INTEGER"):
        runner.main(["--param", "large.max_copies"])


def test_dask_local_cluster_streams_results(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")  # runner.main draws latency.png (the bench extra)
    pytest.importorskip("distributed")
    args = ["--quick", "--n", "2", "--scenarios", "typical", "--payers", "greedy,naive_cpsat",
            "--dask", "--workers", "1", "--out", str(tmp_path), "--no-progress"]
    assert runner.main(args) == 0
    rows = load(tmp_path / "results.jsonl")
    assert len(rows) == 4 and {r["status"] for r in rows} <= {"paid", "infeasible"}


def test_instruction_count_phases_run_each_phase_of_pay():
    """benchmarks.instructions runs every phase under valgrind; here each runs once, plainly,
    so a renamed phase function or a changed signature fails in CI, not in a later profile."""
    from tapwise.benchmarks import instructions

    phases = instructions._prepared("typical", 0, 4)
    assert tuple(phases) == instructions.PHASES
    for run in phases.values():
        assert instructions.ready(run)() >= 0


def test_timed_calls_run_with_the_collector_settled_and_the_run_undoes_it(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Objects alive before timing are frozen out of the collector while payers are timed (so
    collections of the benchmark's own data don't land in timed calls), and thawed after."""
    pytest.importorskip("matplotlib")  # runner.main draws latency.png (the bench extra)
    import gc

    frozen: list[int] = []

    def payer(problem, budget):
        frozen.append(gc.get_freeze_count())
        return {"status": "paid", "objective": {}}

    monkeypatch.setitem(runner.PAYERS, "probe", payer)
    monkeypatch.setattr(runner, "_warm", set())
    assert runner.main(["--scenarios", "typical", "--payers", "probe", "--n", "3", "--out", str(tmp_path),
                        "--no-progress"]) == 0
    assert len(frozen) == 4 and all(n > 0 for n in frozen[1:])  # the warm-up, then three timed calls
    assert gc.get_freeze_count() == 0
