"""tapwise's solver: turns a payment problem into a verified answer."""

from tapwise.solver.queries.pay import pay

__all__ = ["pay"]
