"""tapwise's solver: turns a payment problem into a verified answer."""

from tapwise.solver.pay import pay

__all__ = ["pay"]
