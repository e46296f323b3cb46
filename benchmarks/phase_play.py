"""One position played by both payers in a live phase game: phase's own payment, then
tapwise's through the adapter, and the row that records both (for ``phase_diff`` and
``phase_wide``, which draw the positions)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Sequence

from tapwise.benchmarks.phase_positions import position
from tapwise.interfaces import phase as adapter

NO_TARGETS = "No legal targets"
"""The engine's refusal of a cast whose spell (or Aura) has no legal target (601.2c)."""
FEW_TARGETS = "Not enough legal targets available"
"""The engine's refusal of X targets where fewer can be chosen (601.2c)."""
PREVENTED = "A static ability prevents you from casting this spell"
"""The engine's refusal of a cast another permanent forbids (Codie's "You can't cast
permanent spells", 101.2): no payment makes it castable."""
BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


@dataclass(frozen=True)
class Row:
    """One position's outcome."""

    board: tuple[str, ...]
    spell: str
    cost: str | None
    offered: bool
    phase_paid: bool
    tapwise: str
    tapwise_accepted: bool | None
    error: str | None = None


def _spell(game: Any) -> adapter.Spell:
    return adapter.read_hand(game, 0)[0]


def phase_pays(game: Any, spell: adapter.Spell) -> tuple[bool, bool]:
    """Whether phase offers the cast, and whether its own (automatic) payment succeeds."""
    offered = [a for a in game.actions() if a.kind == "CastSpell" and a.data["object_id"] == spell.object_id]
    if not offered:
        return False, False
    try:
        game.apply(0, offered[0])
        for _ in range(10):
            waiting = game.waiting_for()["type"]
            if waiting == "ManaPayment":
                game.apply(0, {"type": "PassPriority"})  # the engine's payer taps what it chooses
            elif waiting in adapter.PAYMENT_PROMPTS or waiting not in ("Priority",):
                game.apply(0, game.choose_action(0))  # phase's own choice (Phyrexian, colors)
            else:
                break
    except ValueError:
        return True, False
    in_hand = any(int(o["id"]) == spell.object_id for o in game.hand(0))
    return True, not in_hand and game.waiting_for()["type"] not in adapter.PAYMENT_PROMPTS


FORBIDDEN = "forbidden"
"""tapwise's status for a spell phase paid against a rule its engine does not enforce: a
spending restriction it left unparsed (106.6, read from the card library) or an additional
cost's permanent that isn't there (601.2h)."""


def forbidden(game: Any, spell: adapter.Spell, answer: dict[str, Any]) -> str | None:
    """Why phase's payment of a spell tapwise calls unpayable breaks a rule the engine does
    not enforce, or None: the adapter's own reason (an additional cost's permanent missing), or
    a payment found once the card library's restrictions are left out (the engine's reading)."""
    if answer.get("rule"):  # the adapter's own: the cost's permanent isn't there
        return str(answer["why"])
    board = adapter.read_board(game, 0)
    if any(a.library for s in board.sources for a in s.abilities):
        if adapter.pay(board, spell, engine_reading=True).get("status") == "paid":
            return "payable only by spending mana against its card's restriction (106.6)"
    return None


def run_position(engine: Any, board: Sequence[Any], spell_name: str, seed: int,
                 graveyard: int = 0) -> Row:
    game = position(engine, board, [spell_name], seed=seed, graveyard=graveyard)
    saved = game.state()
    spell = _spell(game)
    offered, phase_paid = phase_pays(engine.load_game(saved), spell)
    game = engine.load_game(saved)
    accepted, error = None, None
    try:
        spell, answer = adapter.pay_within_engine(game, 0, adapter.read_board(game, 0), spell)
    except adapter.AdapterError as exc:  # a spell whose cost the adapter can't state
        answer = {"status": "unread", "error": str(exc)}
    if answer["status"] == "paid":
        report = adapter.play(game, 0, adapter.payment(adapter.read_board(game, 0), spell, answer))
        if not report.cast and FEW_TARGETS in (report.error or "") and answer.get("x"):
            # X targets (Return to the Ranks): X is bounded by the targets there are, which no
            # payer sees (601.2c before 601.2f); played again at X = 0, as the engine's AI would
            spell = dataclasses.replace(spell, x=0)
            game = engine.load_game(saved)
            answer = adapter.pay(adapter.read_board(game, 0), spell)
            report = adapter.play(game, 0, adapter.payment(adapter.read_board(game, 0), spell,
                                                           answer))
        accepted, error = report.ok, report.error
        if not report.cast and NO_TARGETS in (report.error or "") and not offered:
            # 601.2c: a spell without legal targets can't be cast, whoever pays: not a payment
            answer = {"status": "no targets"}
            accepted = None
        elif not report.cast and PREVENTED in (report.error or "") and not offered:
            answer = {"status": "prevented"}  # 101.2: forbidden whoever pays
            accepted = None
    elif answer["status"] == "infeasible" and phase_paid:
        error = forbidden(game, spell, answer)
        if error:
            answer = {"status": FORBIDDEN}
    elif answer["status"] != "infeasible":
        error = answer.get("error") or answer.get("why")
    names = tuple(getattr(p, "name", p) for p in board)
    return Row(names, spell_name, spell.cost, offered, phase_paid, answer["status"], accepted,
               error)
