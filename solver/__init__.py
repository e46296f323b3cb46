"""tapwise's solver: a small compiler from a payment problem to a verified answer.

Its stages, in the order a problem goes through them (each imports only the ones before it):

- ``contract``: what compiling produces (:class:`~tapwise.solver.contract.Compiled`) and what
  a back end returns (:class:`~tapwise.solver.contract.Solution`); ``deadline`` and ``sat``
  (CP-SAT's text writer) are shared below every stage.
- ``front/``: merge identical sources, expand costs and facts, apply effects, compile.
- ``fast/``: the exact fast path, transportation problems solved without a model.
- ``cpsat/``: the CP-SAT back end, for the rest. The two back ends never import each other.
- ``answer/``: solved counts turned into the spec's answer, or the reason there is none.
- ``verify/``: the independent verifier, which knows only :mod:`tapwise.models`.
- ``queries/``: pay, a prepared board, castable, plan, available and keep, on top of them all.
"""

from __future__ import annotations

from typing import Any

__all__ = ["pay"]


def __getattr__(name: str) -> Any:
    """``tapwise.solver.queries.pay``, imported on first use, so that importing one stage (the
    compiler, say) doesn't import them all and OR-Tools with them."""
    if name == "pay":
        from tapwise.solver.queries.pay import pay

        return pay
    raise AttributeError(f"module 'tapwise.solver' has no attribute {name!r}")
