"""The CP-SAT back end's speed measures keep answers: solve paths, determinism, exactness.

No timings are asserted here (the machine is shared); ``benchmarks/profile.py`` measures them.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tapwise.benchmarks.generators import generate
from tapwise.models.loader import load_problem
from tapwise.solver.cpsat import model as cpsat
from tapwise.solver.answer.build import build_answer
from tapwise.solver.front.compile import compile_problem
from tapwise.solver.front.merge import Merge
from tapwise.solver.verify.replay import verify


def _compiled(problem):
    prob = load_problem(problem)
    merge = Merge(prob)
    return prob, merge, compile_problem(merge.problem)


RICH = list(generate("rich", seed=3, n=12))


def test_full_solve_in_a_fresh_thread(monkeypatch):
    """A model too big for the quick try, solved first thing in a new thread (whose CpSolver has
    never solved anything), is solved with presolve like any other."""
    monkeypatch.setattr(cpsat, "SMALL_MODEL", 0)
    prob, _, c = _compiled(RICH[0])
    out: list = []
    t = threading.Thread(target=lambda: out.append(cpsat.Model(c).solve(prob.objective, 10)))
    t.start()
    t.join()
    assert out and out[0].status in ("paid", "infeasible") and out[0].optimal
    assert out[0].objective == cpsat.Model(c).solve(prob.objective, 10).objective


@pytest.mark.parametrize("index", range(len(RICH)))
def test_quick_and_full_paths_agree(monkeypatch, index):
    """The quick try (no presolve, tuned for small models) and the full solve give the same
    objective values, and the answer from the quick one passes the verifier."""
    prob, merge, c = _compiled(RICH[index])
    quick = cpsat.Model(c).solve(prob.objective, 10)
    monkeypatch.setattr(cpsat, "SMALL_MODEL", 0)
    full = cpsat.Model(c).solve(prob.objective, 10)
    assert (quick.status, quick.optimal, quick.objective) == (full.status, full.optimal, full.objective)
    if quick.status == "paid":
        assert verify(prob, merge.split(build_answer(c, quick))) == []


def test_same_problem_same_solution():
    """One worker and a fixed seed: building and solving twice gives the same counts."""
    for problem in RICH[:4]:
        prob, _, c = _compiled(problem)
        a = cpsat.Model(c).solve(prob.objective, 10)
        b = cpsat.Model(c).solve(prob.objective, 10)
        assert a == b


def test_same_solution_in_other_processes():
    """The model is built in the same order whatever the string hash seed, so another process
    gets the same counts (principle 6)."""
    code = ("from benchmarks.generators import generate\n"
            "from models.loader import load_problem\n"
            "from solver.front.compile import compile_problem\n"
            "from solver.front.merge import Merge\n"
            "from solver.cpsat import model as cpsat\n"
            "for p in list(generate('rich', seed=3, n=12)):\n"
            "    prob = load_problem(p)\n"
            "    c = compile_problem(Merge(prob).problem)\n"
            "    print(cpsat.Model(c).solve(prob.objective, 10))\n")
    root = Path(__file__).resolve().parent.parent
    outs = {subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout
            for seed in ("1", "2")}
    assert len(outs) == 1
