"""Instructions per call of ``pay()`` and of each of its phases, counted by valgrind.

    python -m tapwise.benchmarks.instructions                    # every phase, 100 typical problems
    python -m tapwise.benchmarks.instructions --phases pay fast  # some of them
    python -m tapwise.benchmarks.instructions --scenario rich
    python -m tapwise.benchmarks.instructions --scenario search_loop --phases pay prepared feasible can_pay
    python -m tapwise.benchmarks.instructions --scenario engine --phases pay_unseen prepared push_pop
    python -m tapwise.benchmarks.instructions --scenario engine --phases pay_unseen pay_unseen_full lane lane_unseen
    python -m tapwise.benchmarks.instructions --scenario engine --phases push_first
    python -m tapwise.benchmarks.instructions --scenario engine --phases push_cost push_cost_first

``pay_full`` and ``pay_unseen_full`` are ``pay`` and ``pay_unseen`` with the plain lane turned
off (solver/queries/plain_lane.py: the usual path, in the same build); ``lane`` is the lane
alone, ``lane_unseen`` the lane alone on ``pay_unseen``'s boards (their cost texts mostly never
met either).

Wall time on a shared machine drifts by a third within minutes; an instruction count
(``valgrind --tool=cachegrind --cache-sim=no``) is the same whatever else the machine does, so
it tells whether a change to the hot path helped. Each phase runs over the same problems once
(warm-up), and then ``--rounds`` times more in a child process forked after it: the child's
count less its parent's, divided by the problems run, is the instructions per problem
(start-up, imports and preparation are the same run, so they cancel exactly; until 2026-12-07
two runs were subtracted, whose set-ups differed by 1-12 million instructions, tens of
thousands per call of a push phase). Two things would still make the count wander by tens of
thousands per call, and are kept out: full garbage collections over every live object (the
prepared objects are frozen out of the collector, ``gc.freeze``) and the BLAS threads numpy
starts (one thread). It is a mean over the problems, so a slow tail (an infeasible problem
explained, a CP-SAT fallback) weighs in; the benchmark's medians don't see that tail.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import subprocess
import sys
from typing import Any, Callable

PHASES = ("pay", "pay_unseen", "pay_full", "pay_unseen_full", "lane", "lane_unseen",
          "prepared", "feasible", "can_pay", "push_pop", "push_first", "push_cost",
          "push_cost_first", "load", "merge",
          "compile", "fast", "answer", "split", "verify")


UNSEEN_ROUNDS = 8
"""Most rounds the ``pay_unseen`` and ``push_first`` phases have boards for (search_loop and
engine scenarios)."""


def _prepared(scenario: str, seed: int, n: int) -> dict[str, Callable[[], int]]:
    """One function per phase running it over every problem, its inputs made beforehand; each
    returns the calls it made (the push phases push only the paid answers)."""
    from tapwise.models.problem import BOARD_KEYS, COST_KEYS
    from tapwise.models.loader import load_problem
    from tapwise.solver.fast import solve as fast
    from tapwise.solver.queries.pay import pay
    import tapwise.solver.queries.pay as pay_module
    from tapwise.solver.queries import plain_lane
    from tapwise.solver.answer.build import build_answer
    from tapwise.solver.front.compile import compile_problem
    from tapwise.solver.front.merge import Merge
    from tapwise.solver.queries.pay import solve_compiled
    from tapwise.solver.queries.prepared import prepare
    from tapwise.solver.verify.replay import verify

    from .generators import generate
    from .search_loop import board_and_cost, engine_board_and_cost

    if scenario == "search_loop":  # the issue-22 boards: basics, duals, tri-lands, Sol Ring
        problems = [{**cost, **board} for board, cost in (board_and_cost(seed, i) for i in range(n))]
    elif scenario == "engine":  # the same boards as an engine gives them (issue 43)
        problems = [{**cost, **board} for board, cost in (engine_board_and_cost(seed, i)
                                                          for i in range(n))]
    else:
        problems = list(generate(scenario, seed, n))
    boards = [prepare({k: p[k] for k in BOARD_KEYS if k in p}) for p in problems]
    costs = [{k: v for k, v in p.items() if k in COST_KEYS} for p in problems]
    feasible = [{**c, "objective": []} for c in costs]
    loaded = [load_problem(p) for p in problems]
    merges = [Merge(p) for p in loaded]
    compiled = [compile_problem(m.problem) for m in merges]
    solutions = [fast.solve_fast(c, c.problem.objective) for c in compiled]
    paid = [(c, s) for c, s in zip(compiled, solutions) if s is not None and s.status == "paid"]
    raw = [solve_compiled(c) for c in compiled]
    answers = [pay(p) for p in problems]
    # pay_unseen: every call a board pay() never met (solver/front/boards.py keeps the ones it
    # met): one batch per round, of other seeds, made beforehand for up to UNSEEN_ROUNDS rounds
    unseen = [[{**cost, **board} for board, cost in (
        (engine_board_and_cost if scenario == "engine" else board_and_cost)(seed + 1000 + k, i)
        for i in range(n))] for k in range(1 + UNSEEN_ROUNDS)]
    batch = iter(unseen)

    def pay_unseen() -> int:
        problems = next(batch)
        for p in problems:
            pay(p)
        return len(problems)

    lane_batch = iter(unseen)

    def lane_unseen() -> int:
        problems = next(lane_batch)
        for p in problems:
            plain_lane.answer(p)
        return len(problems)

    def without_lane(run: Callable[[], int]) -> Callable[[], int]:
        """``run`` with pay()'s plain lane turned off (issue 43): the usual path, same build."""
        def off() -> int:
            lane = pay_module.plain_answer
            pay_module.plain_answer = lambda request: None
            try:
                return run()
            finally:
                pay_module.plain_answer = lane
        return off

    given = [(b, b.pay(c)) for b, c in zip(boards, costs)]  # each board's own answer, to push
    pushable = [(b, a, c) for (b, a), c in zip(given, costs) if a["status"] == "paid"]

    def push_pop(b: Any, a: dict[str, Any], c: dict[str, Any]) -> None:
        b.push(a)
        b.can_pay(c)
        b.pop()

    def push_cost_pop(b: Any, a: dict[str, Any], c: dict[str, Any]) -> None:
        """push_pop's calls with push_cost(c) for push(a): the same payment, pushed in one call."""
        b.push_cost(c)
        b.can_pay(c)
        b.pop()

    # push_first: push + can_pay + pop where every push is an answer's first (the board it
    # leaves never worked out): one batch of prepared boards per round, of other seeds, each
    # asked its cost beforehand (push_cost_first: the same with push_cost). The batches are made
    # before the count starts and frozen with the rest (``before``, which _inner calls): made in
    # the warm-up call, their thousands of objects were collected in the counted rounds of one
    # run and not the other's, and the phase read anything from 19k to 171k per call.
    def first_pushes(push_pop: Callable[..., None]) -> Callable[[], int]:
        batches: list[Any] = []
        pushed: list[Any] = []

        def before() -> None:
            for k in range(1 + UNSEEN_ROUNDS):
                batch = []
                for p in unseen[k]:
                    b = prepare({key: p[key] for key in BOARD_KEYS if key in p})
                    c = {key: v for key, v in p.items() if key in COST_KEYS}
                    a = b.pay(c)
                    if a["status"] == "paid":
                        batch.append((b, a, c))
                batches.append(batch)
            batches.reverse()

        def run() -> int:
            pushes = batches.pop()
            pushed.append(pushes)  # kept: a batch freed at the round's end was ~60k per call
            for item in pushes:
                push_pop(*item)
            return len(pushes)

        run.before = before  # type: ignore[attr-defined]
        return run

    def each(f: Callable[..., Any], items: list[Any]) -> Callable[[], int]:
        def run() -> int:
            for item in items:
                f(*item) if isinstance(item, tuple) else f(item)
            return len(items)
        return run

    return {
        "pay": each(pay, problems),
        "pay_unseen": pay_unseen,
        "pay_full": without_lane(each(pay, problems)),
        "pay_unseen_full": without_lane(pay_unseen),
        "lane": each(plain_lane.answer, problems),  # the lane alone (it keeps no board)
        "lane_unseen": lane_unseen,
        "prepared": each(lambda b, c: b.pay(c), list(zip(boards, costs))),
        "feasible": each(lambda b, c: b.pay(c), list(zip(boards, feasible))),
        "can_pay": each(lambda b, c: b.can_pay(c), list(zip(boards, costs))),
        "push_pop": each(push_pop, pushable),
        "push_first": first_pushes(push_pop),
        "push_cost": each(push_cost_pop, pushable),
        "push_cost_first": first_pushes(push_cost_pop),
        "load": each(load_problem, problems),
        "merge": each(Merge, loaded),
        "compile": each(lambda m: compile_problem(m.problem), merges),
        "fast": each(lambda c: fast.solve_fast(c, c.problem.objective), compiled),
        "answer": each(build_answer, paid),
        "split": each(lambda m, a: m.split(dict(a)), list(zip(merges, raw))),
        "verify": each(verify, list(zip(loaded, answers))),
    }


def ready(run: Callable[[], int]) -> Callable[[], int]:
    """``run``, a phase of :func:`_prepared`, with what it needs made first (its ``before``: the
    push phases' boards), so that making it is neither counted nor left for the collector to
    sweep in a counted round."""
    getattr(run, "before", lambda: None)()
    return run


def _inner(phase: str, rounds: int, scenario: str, seed: int, n: int, fork: bool = False) -> None:
    """What runs under valgrind: the phase once (warm-up) and then ``rounds`` more times. With
    ``fork``, the rounds run in a child forked after the warm-up, and the parent exits as soon as
    the child has: valgrind reports each process's count, the child's including all the parent did
    before the fork, so the child's less the parent's is the rounds' count exactly (two separate
    runs differ by millions of instructions in their set-up alone)."""
    run = ready(_prepared(scenario, seed, n)[phase])
    gc.collect()
    gc.freeze()
    calls = run()
    if fork:
        sys.stderr.flush()
        child = os.fork()
        if child:
            os.waitpid(child, 0)
            os._exit(0)
        calls = 0
        for _ in range(rounds):
            calls += run()
        print(f"tapwise-forked {os.getpid()} {os.getppid()} {calls}", file=sys.stderr, flush=True)
        os._exit(0)
    for _ in range(rounds):
        calls += run()
    print(f"tapwise-calls {calls}", file=sys.stderr)


def _count(phase: str, rounds: int, args: argparse.Namespace) -> tuple[int, int]:
    """Instructions and calls of the phase's ``rounds`` after its warm-up, under valgrind (one
    run: :func:`_inner` with ``fork``)."""
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
           sys.executable, "-m", "tapwise.benchmarks.instructions", "--inner", phase, str(rounds),
           "--fork", "--scenario", args.scenario, "--seed", str(args.seed), "--n", str(args.n)]
    env = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True).stderr
    refs = {int(pid): int(count.replace(",", ""))
            for pid, count in re.findall(r"==(\d+)== I\s+refs:\s+([\d,]+)", out)}
    forked = re.search(r"tapwise-forked (\d+) (\d+) (\d+)", out)
    if not forked or int(forked.group(1)) not in refs or int(forked.group(2)) not in refs:
        raise SystemExit(f"no instruction counts in valgrind's output:\n{out[-2000:]}")
    child, parent, calls = (int(g) for g in forked.groups())
    return refs[child] - refs[parent], calls


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m tapwise.benchmarks.instructions", description=__doc__.split("\n\n")[0])
    ap.add_argument("--phases", nargs="+", choices=PHASES, default=list(PHASES))
    ap.add_argument("--scenario", default="typical", help="a generator's scenario, or search_loop")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--n", type=int, default=100, help="problems")
    ap.add_argument("--rounds", type=int, default=3, help="timed rounds beyond the first")
    ap.add_argument("--inner", nargs=2, metavar=("PHASE", "ROUNDS"), help=argparse.SUPPRESS)
    ap.add_argument("--fork", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.inner:
        _inner(args.inner[0], int(args.inner[1]), args.scenario, args.seed, args.n, args.fork)
        return
    if args.rounds < 1:
        raise SystemExit("--rounds must be at least 1 (the rounds counted after the warm-up)")
    if {"pay_unseen", "push_first", "push_cost_first"} & set(args.phases) and args.rounds > UNSEEN_ROUNDS:
        raise SystemExit(f"pay_unseen and push_first have boards for at most {UNSEEN_ROUNDS} "
                         "rounds")
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    print(f"scenario {args.scenario}, seed {args.seed}, {args.n} problems: "
          "thousand instructions per call (mean; the push phases push the paid answers only)\n")
    print("| phase | k instructions |\n|---|---:|")
    for phase in args.phases:
        counted, calls = _count(phase, args.rounds, args)
        per_call = counted / calls
        print(f"| {phase} | {per_call / 1000:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
