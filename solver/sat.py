"""Writing CP-SAT models and solving them, below both back ends: the CP-SAT back end
(solver/cpsat/) writes its model with it, and the fast path's choice search (solver/fast/choice.py)
its small model, without either knowing the other.

Variables are plain indices, linear expressions lists of (index, coefficient), constraints
CP-SAT's text format parsed in one call (``Writer.flush``): building a model this way costs
Python list operations rather than a call into OR-Tools per variable, term and constraint
(docs/profile.md). Nothing here knows what the variables mean.
"""

from __future__ import annotations

import threading
from typing import Any

from ortools.sat.python import cp_model


_SOLVERS = threading.local()


def thread_solver() -> cp_model.CpSolver:
    """This thread's solver with the base parameters: one worker and a fixed seed, so the same
    problem gets the same answer (principle 6). A CpSolver costs ~1.5 ms to create, so each
    thread keeps one and resets its parameters."""
    solver = getattr(_SOLVERS, "solver", None)
    if solver is None:
        solver = _SOLVERS.solver = cp_model.CpSolver()
        _SOLVERS.base = cp_model.CpSolver().parameters
        _SOLVERS.base.num_workers = 1
        _SOLVERS.base.random_seed = 0
    solver.parameters.copy_from(_SOLVERS.base)
    return solver



class _CpModel(cp_model.CpModel):
    """A CpModel without the CamelCase aliases OR-Tools adds to each new model (~1.4 ms each,
    a quarter of building a small model); this module uses the snake_case API only."""

    def _add_pre_pep8_methods(self) -> None:
        pass


def new_model() -> cp_model.CpModel:
    """An empty model, without the CamelCase aliases (see :class:`_CpModel`)."""
    return _CpModel()



Terms = list[tuple[int, int]]
"""A linear expression without constant: (variable index, coefficient) pairs."""

INT_MIN, INT_MAX = -(2**63), 2**63 - 1


def _neg(terms: Terms, k: int = 1) -> Terms:
    """``terms`` times ``-k``."""
    return [(v, -k * a) for v, a in terms]


def _not(lit: int) -> int:
    """The negation of a Boolean variable, as CP-SAT numbers literals."""
    return -lit - 1


def _ints(xs) -> str:
    return ",".join(map(str, xs))


def _flat(terms: Terms) -> tuple[list[int], list[int]]:
    """Variables (in increasing order, as OR-Tools writes them) and coefficients, repeated
    variables merged and zeros dropped."""
    coef: dict[int, int] = {}
    for v, a in terms:
        coef[v] = coef.get(v, 0) + a
    vs = sorted(v for v, a in coef.items() if a)
    return vs, [coef[v] for v in vs]


def linear_text(terms: Terms, lo: int, hi: int, enforce: tuple[int, ...] = ()) -> str:
    """lo <= terms <= hi, if every literal of ``enforce`` holds, in CP-SAT's text format
    (repeated variables merged, zero coefficients dropped)."""
    coef: dict[int, int] = {}
    get = coef.get
    for v, a in terms:
        coef[v] = get(v, 0) + a
    if 0 in coef.values():
        coef = {v: a for v, a in coef.items() if a}
    enf = f"enforcement_literal:[{_ints(enforce)}]" if enforce else ""
    return (f"constraints{{{enf}linear{{vars:[{_ints(coef)}]coeffs:[{_ints(coef.values())}]"
            f"domain:[{lo},{hi}]}}}}")


def set_objective(proto: Any, terms: Terms) -> None:
    """Minimize ``terms``: the model's objective replaced."""
    objective = proto.objective
    objective.vars.clear()
    objective.coeffs.clear()
    vs, cs = _flat(terms)
    objective.vars.extend(vs)
    objective.coeffs.extend(cs)
    objective.offset = 0
    objective.scaling_factor = 1.0


class Writer:
    """One CP-SAT model being written: ``m`` (the model), each variable's upper bound (all are
    >= 0), the constraints not yet in the proto (as text) and, in relax mode, the assumption
    literals with the cost symbols each stands for. A CP-SAT back end's model owns one and hands
    it to each part that writes constraints (solver/cpsat/)."""

    __slots__ = ("m", "relax", "assumptions", "_ubs", "_cts")

    def __init__(self, relax: bool = False) -> None:
        """``relax``: :meth:`require` puts what it adds behind an assumption literal."""
        self.m = new_model()
        self.relax = relax
        self.assumptions: list[tuple[int, list[str]]] = []
        self._ubs: list[int] = []  # upper bound of each variable (all are >= 0)
        self._cts: list[str] = []  # constraints not yet in the proto, as text

    def __len__(self) -> int:
        """How many variables the model has."""
        return len(self._ubs)

    def new_int(self, ub: int) -> int:
        self._ubs.append(max(0, ub))
        return len(self._ubs) - 1

    def ub(self, terms: Terms) -> int:
        """Largest value of ``terms`` (coefficients >= 0) the variable bounds allow."""
        ubs = self._ubs
        return sum(ubs[v] * a for v, a in terms)

    def new_bool(self) -> int:
        self._ubs.append(1)
        return len(self._ubs) - 1

    def linear(self, terms: Terms, lo: int, hi: int, enforce: tuple[int, ...] = ()) -> None:
        """lo <= terms <= hi, if every literal of ``enforce`` holds."""
        self._cts.append(linear_text(terms, lo, hi, enforce))

    def exactly_one(self, lits: list[int]) -> None:
        """Exactly one of the Boolean variables ``lits`` is true."""
        self._cts.append(f"constraints{{exactly_one{{literals:[{_ints(lits)}]}}}}")

    def flush(self) -> None:
        """Variables and constraints made since the last flush go into the proto."""
        proto = self.m.proto
        n = len(proto.variables)
        parts = [f"variables{{domain:[0,{ub}]}}" for ub in self._ubs[n:]]
        parts += self._cts
        if parts:
            proto.merge_text_format("".join(parts))
        self._cts = []

    def require(self, on, off, labels: list[str]) -> int | None:
        """Add ``on`` (and ``off`` when relaxed away), each (terms, lo, hi); in relax mode
        behind a new assumption, whose literal is returned."""
        if not self.relax:
            if on is not None:
                self.linear(*on)
            return None
        lit = self.new_bool()
        self.assumptions.append((lit, labels))
        if on is not None:
            self.linear(*on, enforce=(lit,))
            self.linear(*off, enforce=(_not(lit),))
        return lit

    def both(self, sel: int, label: str) -> int:
        """``sel``, or in relax mode ``sel`` and a new assumption that this part is required."""
        lit = self.require(None, None, [label])
        if lit is None:
            return sel
        both = self.new_bool()
        self._cts.append(f"constraints{{enforcement_literal:[{both}]"
                         f"bool_and{{literals:[{sel},{lit}]}}}}")
        self._cts.append(f"constraints{{enforcement_literal:[{_not(both)}]"
                         f"bool_or{{literals:[{_not(sel)},{_not(lit)}]}}}}")
        return both

    def min_equality(self, target: Terms, exprs: list[Terms]) -> None:
        """target == min(exprs), as CP-SAT writes it: -target == max(-exprs)."""
        def text(name: str, terms: Terms) -> str:
            vs, cs = _flat(terms)
            return f"{name}{{vars:[{_ints(vs)}]coeffs:[{_ints(-a for a in cs)}]}}"
        body = " ".join([text("target", target)] + [text("exprs", e) for e in exprs])
        self._cts.append(f"constraints{{lin_max{{{body}}}}}")
