"""tapwise's solver: turns a payment problem into a verified answer."""

from solver.pay import pay

__all__ = ["pay"]
