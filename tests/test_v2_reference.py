"""Version 2 (spec 9.1-9.2) against the brute-force reference: random small problems with facts,
conditions, counters, sick creatures, cards in hand and ``uses: "any"`` (tests/strategies.py's
``v2_problems``), each paid by ``tapwise.pay`` and by ``tests/reference/brute.py``, which shares
no code with the solver: same status, a payment the verifier accepts, the same optimal values.
"""

from __future__ import annotations

from hypothesis import given, reject, settings

try:
    from reference import TooBig
    from strategies import v2_mixed_problems, v2_problems
    from test_against_reference import COMMON, check_against_reference
except ImportError:  # tests/ imported as a package
    from tests.reference import TooBig
    from tests.strategies import v2_mixed_problems, v2_problems
    from tests.test_against_reference import COMMON, check_against_reference


def _judged(problem: dict) -> None:
    """The comparison, or the example not judged when the reference's exhaustive search would
    pass its bound (TooBig: the reference can't say, which is no disagreement; tests/v2_sweep.py
    counts these apart as "not taken"). Seen in CI on a board of two ``uses: "any"`` converters."""
    try:
        check_against_reference(problem)
    except TooBig:
        reject()


@settings(max_examples=800, **COMMON)
@given(v2_problems())
def test_v2_against_reference(problem):
    _judged(problem)


@settings(max_examples=500, **COMMON)
@given(v2_mixed_problems())
def test_v2_mixed_against_reference(problem):
    _judged(problem)
