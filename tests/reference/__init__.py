"""An independent, exhaustive reference payer for tests (shares no code with ``solver``)."""

from .brute import Unsupported, TooBig, brute_pay

__all__ = ["brute_pay", "Unsupported", "TooBig"]
