"""The games benchmark's record of lost casts (issue 42): a tapwise seat's cast the AI then
loses says why tapwise had no payment, and the errors are counted by cause. The first test
needs the phase extra; the second reads made-up error lines (their causes worked by hand)."""

from __future__ import annotations

from importlib.util import find_spec

import pytest

from tapwise.benchmarks.phase_games import Game, Seat, lost_causes


@pytest.mark.skipif(find_spec("phase") is None or find_spec("mtg") is None,
                    reason="the phase extra is not installed (pip install '.[phase]')")
def test_a_cast_tapwise_cannot_pay_says_so():
    """Grizzly Bears {1}{G} from one Forest: no payment (two mana needed, one there), so
    ``_tapwise_cast`` leaves the cast to the AI's own flow and says why: tapwise found none,
    not the engine refusing tapwise's payment; nothing is counted on the seat."""
    from tapwise.benchmarks.phase_cards import engine as build
    from tapwise.benchmarks.phase_games import _tapwise_cast
    from tapwise.benchmarks.phase_positions import position
    from tapwise.interfaces import phase as adapter

    game = position(build(("Forest", "Grizzly Bears", "Plains")), ["Forest"], ["Grizzly Bears"])
    [bears] = adapter.read_hand(game, 0)
    tally, errors = Seat(), []
    why = _tapwise_cast(game, 0, bears.object_id, [], False, tally, 1, errors)
    assert why is not None and why.startswith("tapwise found no payment (infeasible")
    assert (tally.casts, tally.lost, tally.mismatches, errors) == (0, 0, 0, [])


def test_errors_counted_by_cause():
    """Five error lines in the games' formats: a phase seat's cancellation, two tapwise
    seat's (one where tapwise found no payment, one where its cost was unread), a refused AI
    action on the tapwise seat with no cause, and an adapter mismatch."""
    errors = [
        "turn 3: seat 1 (phase) cancelled Stoke the Flames at ManaPayment",
        "turn 4: seat 0 (tapwise) cancelled Bone Splinters at ManaPayment (tapwise found no "
        "payment (infeasible))",
        "turn 5: seat 0 (tapwise) cancelled Deadly Dispute at ManaPayment (tapwise not asked "
        "(the spell's cost is unread: x))",
        "turn 6: seat 0 (tapwise) PassPriority at ManaPayment refused: Action not allowed",
        "turn 7 Bone Splinters: engine tapped [1] (intended [2])",
    ]
    game = Game("Rakdos sacrifice (BR)", 1, 0, 0, None, 7, [Seat(), Seat()], errors)
    assert lost_causes([game]) == {
        "phase seat: the AI cancelled its cast": 1,
        "tapwise seat: the AI cancelled its cast, tapwise found no payment": 1,
        "tapwise seat: the AI cancelled its cast, tapwise not asked (cost unread)": 1,
        "tapwise seat: the engine refused the AI's action, no tapwise payment asked": 1,
        "other (an adapter error or a mismatch)": 1,
    }
